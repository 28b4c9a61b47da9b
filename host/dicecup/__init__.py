"""dicecup: a refereeing hub for Liar's Dice played with electronic cups."""

__version__ = "0.1.0"

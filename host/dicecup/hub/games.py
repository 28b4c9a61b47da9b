"""The hub's pieces of a game kind (rules/games.py's Kind): the Round that plays each kind and its journal's
check, imported only when a table of that kind is set up, so a face-bid table never loads poker's modules."""
from dicecup.rules.games import piece


def round_for(rules):
    """The Round class of the rules' game kind."""
    return piece(rules, "round")


def journal_check(rules):
    """The function that rechecks every die of a journal of this game kind from the journal alone."""
    return piece(rules, "journal_check")

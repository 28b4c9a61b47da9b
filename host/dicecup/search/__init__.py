"""Search for the computer players: the rules as small ints (fast.py), the solved heads-up games (solved.py,
with the tables in data/), and the expert's search at larger tables."""

"""Face bids at the hub (dudo, classic, revolver, ...): every cup holds its own dice. The table (hub/table.py) drives
it through its Round (round.py), found by the rules' game kind (hub/games.py); the rest is what only face bids need:

    round.py      FaceRound: each deal, the bidding, the reveal at a call, the results; its phases are its own
    recovery.py   FaceRound's own recovery: a cup that drops and comes back, a seat retired, a game resumed
    deal.py       one deal: its nonce, who was dealt, commitments, entropy and reveals
    turnclock.py  the turn clock's last seconds: the player warned, on the screen and on their cup
    fairness.py   every die of a face-bid journal rechecked from the journal alone
"""

"""Poker dice at the hub: one cup of five dice passed round the table. The table (hub/table.py) drives it through
its Round (round.py), found by the rules' game kind (hub/games.py); the rest is what only poker dice needs:

    round.py    PokerRound: whoever holds the cup acts; the dice rolled fairly, each opened alone; the reveal
    dice.py     PokerDeal: a commitment per die, each die opened alone (the fair-dice check of one sub-deal)
    cuplink.py  TableCup: the hub's side of the table's one electronic cup (docs/protocol.md "Poker")
    codes.py    bid codes and stages as the cup's frames carry them
    onecup.py   everyone sits with the one cup; PokerRound's own recovery: a cup that drops and comes back
    resume.py   a poker game taken up again from its journal
    typed.py    moves typed at the hub for the seat holding the cup
    verify.py   every die of a poker journal rechecked from the journal alone
    players.py  `--players`: who passes the one cup round, checked before anything starts
"""

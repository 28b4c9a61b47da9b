"""The cup's states: one numbering for the Cup (cupcore/cup.py) and every game kind's mode, whose names are the
LED line's `state=` word (the virtual cup's hands wait on it).

JOINING (not seated) -> WAITING (seated, between deals) -> a mode's states -> WAITING or OUT. At a face-bid
table (cupcore/facecup.py): DEALT (a secret seed drawn and only its commitment sent) -> ROLLED (the hub's
entropy came: dice hidden under the cup) <-> TURN (my turn: a bid or call being composed) -> REVEALED (the hub
asked, the dice and seed were shown). At a poker-dice table the cup is POKER throughout (cupcore/pokercup.py).
"""
from cupcore.compat import const

JOINING = const(0)
WAITING = const(1)
ROLLED = const(2)
TURN = const(3)
REVEALED = const(4)
OUT = const(5)
DEALT = const(6)
POKER = const(7)
STATE_NAMES = ("joining", "waiting", "rolled", "turn", "revealed", "out", "dealt", "poker")

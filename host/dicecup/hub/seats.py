"""Who sits where: a cup (reached through a connection) or a bot seated on the hub."""

from cupcore import wire, wirenames

from dicecup.rules.names import name_key, seat_word
from dicecup.rules.record import KEYWORDS

from .snapshot import SeatView


class Seat:
    """One chair: its cup's connection and what the cup said of itself, or the bot the hub plays it with.
    What a seat holds in a deal (commitment, dice) is the deal's (deal.py)."""

    __slots__ = ("index", "name", "conn", "cup_id", "board", "fw", "bot", "paired")

    def __init__(self, index, name, conn=None, bot=None):
        self.index, self.name, self.conn, self.bot = index, name, conn, bot
        hello = conn.hello if conn else None
        self.cup_id = hello[3] if hello else None
        self.fw = f"{hello[1]}.{hello[2]}" if hello else None
        self.board = hello[5] if hello else None
        self.paired = getattr(conn, "pairing", "paired") == "paired" if conn else True  # a bot needs no key

    @property
    def is_cup(self) -> bool:
        return self.bot is None

    @property
    def connected(self) -> bool:
        return self.conn is not None and not self.conn.down

    def send(self, mtype, values=()):
        if self.connected:
            self.conn.send(mtype, values)

    def view(self) -> SeatView:
        return SeatView(self.index, self.name, "cup" if self.is_cup else "bot", self.cup_id, self.board,
                        self.connected, self.paired)


def seat_name(wanted: str, taken) -> str:
    """A record-safe, unique seat name from what a cup calls itself."""
    name = seat_word(wanted) or "cup"
    if name.casefold() in KEYWORDS:
        name = f"{name}-cup"
    base, n, taken = name, 2, {name_key(other) for other in taken}
    while name_key(name) in taken:
        name = f"{base}-{n}"
        n += 1
    return name


REASON_FOR_RULE = {
    "turn": wirenames.NOT_YOUR_TURN, "raise": wirenames.NOT_A_RAISE, "cap": wirenames.TOO_MANY_DICE,
    "no-bid": wirenames.NO_BID_YET, "call-off": wirenames.CALL_OFF, "ones-wild": wirenames.ONES_BARRED,
    "palifico-lock": wirenames.FACE_LOCKED, "over": wirenames.ROUND_OVER, "out": wirenames.ELIMINATED,
}


def reason_code(error) -> int:
    """The wire's refusal code for an engine refusal ("refused by the table" for the rest)."""
    return REASON_FOR_RULE.get(getattr(error, "rule", ""), wirenames.OTHER)


def intent_action(kind: int, qty: int, face: int):
    """A cup's INTENT as an engine action, or None when it isn't one (READY)."""
    from dicecup.rules import LIAR, SPOT, Bid
    if kind == wire.BID:
        return Bid.parse(f"{qty}x{face}")  # NotationError for a face outside 1..6 or a zero quantity
    return {wire.LIAR: LIAR, wire.SPOT: SPOT}.get(kind)


def seat_from_journal(index, name, resumed, bots) -> Seat:
    """A seat as a journal recorded it: a bot made again by bots(name), or a cup awaited by its id."""
    if name in resumed.bots:
        return Seat(index, name, bot=bots(name))
    seat = Seat(index, name)
    info = resumed.cups.get(name, {})
    seat.cup_id = int(info["id"]) if info.get("id", "").isdigit() else None
    seat.board, seat.fw = info.get("board"), info.get("fw")
    return seat

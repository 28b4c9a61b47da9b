"""The wire protocol's words for people: names of messages and their fields, intent kinds, refusal reasons,
error codes and cues. The hub, its logs, docs/protocol.md and the tests use this; the cup never imports it,
so these strings cost a board no RAM. The codes themselves are defined in wire.py."""
from cupcore import wire

# type -> (name, field names in body order)
MESSAGES = {
    wire.HELLO: ("hello", ("proto", "fw_major", "fw_minor", "cup_id", "name", "board")),
    wire.COMMIT: ("commit", ("deal", "digest")),
    wire.INTENT: ("intent", ("deal", "kind", "qty", "face")),
    wire.REVEAL: ("reveal", ("deal", "dice", "seed", "tag")),
    wire.PROOF: ("proof", ("cup_nonce", "tag")),
    wire.PCOMMIT: ("pcommit", ("deal", "die", "digest")),
    wire.OPEN: ("open", ("deal", "die", "face", "seed", "tag")),
    wire.PDEAL: ("pdeal", ("deal", "dice", "nonce")),
    wire.PTABLE: ("ptable", ("round", "holder", "stage", "on_table", "way", "standing")),
    wire.PCLOSE: ("pclose", ("deal",)),
    wire.WELCOME: ("welcome", ("proto", "seat", "seats")),
    wire.DEAL: ("deal", ("deal", "dice", "nonce")),
    wire.TABLE: ("table", ("deal", "turn", "bidder", "qty", "face", "clock", "in_play", "flags")),
    wire.ACCEPT: ("accept", ("deal", "kind")),
    wire.REFUSE: ("refuse", ("deal", "kind", "reason")),
    wire.REVEAL_REQ: ("reveal_req", ("deal",)),
    wire.RESULT: ("result", ("deal", "change", "dice", "bullets", "status")),
    wire.CUE: ("cue", ("cue", "arg")),
    wire.WHO: ("who", ()),
    wire.ENTROPY: ("entropy", ("deal", "entropy")),
    wire.CHALLENGE: ("challenge", ("hub_nonce",)),
    wire.ACK: ("ack", ()),
    wire.PING: ("ping", ("token",)),
    wire.PONG: ("pong", ("token",)),
    wire.ERROR: ("error", ("code", "about")),
}

INTENTS = {wire.BID: "bid", wire.LIAR: "liar", wire.SPOT: "spot", wire.READY: "ready", wire.SHAKE: "shake",
           wire.HIDE: "hide", wire.ROLL: "roll", wire.TRY: "try", wire.TAKE: "take", wire.PBID: "pbid",
           wire.PBID_LEFT: "pbid_left", wire.PBID_RIGHT: "pbid_right"}

# REFUSE reasons: why the hub turned down an intent or a reveal.
NOT_YOUR_TURN = 1
NOT_A_RAISE = 2
TOO_MANY_DICE = 3
NO_BID_YET = 4
OWN_BID = 5
CALL_OFF = 6
ONES_BARRED = 7
FACE_LOCKED = 8
ROUND_OVER = 9
BAD_REVEAL = 10
NOT_SEATED = 11
TABLE_FULL = 12
ELIMINATED = 13
TIME_UP = 14
OTHER = 15
REASONS = {
    NOT_YOUR_TURN: "not your turn",
    NOT_A_RAISE: "does not raise the standing bid",
    TOO_MANY_DICE: "names more dice than are in play",
    NO_BID_YET: "there is no bid to call yet",
    OWN_BID: "you can't call your own bid",
    CALL_OFF: "that call is switched off at this table",
    ONES_BARRED: "no bids on ones while ones are wild",
    FACE_LOCKED: "the face is locked in a palifico round",
    ROUND_OVER: "that round is over",
    BAD_REVEAL: "the reveal does not match the commitment",
    NOT_SEATED: "you are not seated",
    TABLE_FULL: "the table is full",
    ELIMINATED: "you are out of the game",
    TIME_UP: "the turn's time ran out",
    OTHER: "refused by the table",
}

ERRORS = {
    wire.ERR_VERSION: "unsupported protocol version",
    wire.ERR_UNKNOWN: "unknown message type",
    wire.ERR_BODY: "malformed message body",
    wire.ERR_STATE: "message not valid in this state",
    wire.ERR_BUSY: "send queue full",
    wire.ERR_CRASH: "the cup hit a fault in its program and carried on",
    wire.ERR_RANDOM: "the board's random source failed its check",
}

CUES = {
    wire.CUE_TURN: "your turn",
    wire.CUE_LOST: "you lost the round",
    wire.CUE_GAINED: "you gained",
    wire.CUE_CALL: "someone called",
    wire.CUE_CLICK: "the trigger clicked: you live",
    wire.CUE_BANG: "bang",
    wire.CUE_WON: "you won the game",
    wire.CUE_REFUSED: "refused",
    wire.CUE_HURRY: "hurry: your turn's time is nearly up (arg: seconds left)",
}


def name_of(mtype):
    entry = MESSAGES.get(mtype)
    return entry[0] if entry else "0x%02x" % mtype


def type_of(name):
    for mtype, entry in MESSAGES.items():
        if entry[0] == name:
            return mtype
    raise ValueError("no message named " + name)


def fields_of(mtype):
    return MESSAGES[mtype][1]


def describe(mtype, values):
    """One message as text, e.g. `intent deal=7 kind=bid qty=4 face=4`."""
    parts = [name_of(mtype)]
    names = MESSAGES[mtype][1] if mtype in MESSAGES else ()
    for name, value in zip(names, values):
        if isinstance(value, (bytes, bytearray)):
            value = "".join("%02x" % b for b in value) if name != "dice" else "".join(str(d) for d in value)
        elif name == "kind":
            value = INTENTS.get(value, value)
        parts.append("%s=%s" % (name, value))
    return " ".join(parts)

"""What a journal's dice check says (Checked), the error naming its first bad line, and reading a `#@` fact's
fields: shared by the face-bid check (fairness.py) and the poker-dice one (pokerverify.py)."""
from typing import NamedTuple


class FairnessError(ValueError):
    def __init__(self, line: int, message: str):
        self.line = line
        self.reason = message
        super().__init__(f"line {line}: {message}")


class Checked(NamedTuple):
    scheme: str        # "fair" (seeds and entropy: every die rechecked), "salted" (before fair dice), "bare"
    deals: int         # deals whose rolls were rechecked
    rolls: int         # rolls rechecked (a seat's dice in one deal)
    faces: dict        # who -> [count of 1s, 2s, ... 6s] over every rechecked die
    unrevealed: int    # commitments never revealed (a round rolled again, a seat retired): nothing to check
    who: dict          # seat name -> "cup ID" or "bot KIND", from the journal's facts


def field(words, key, number):
    for word in words:
        if word.startswith(key + "="):
            return word[len(key) + 1:]
    raise FairnessError(number, f"no {key}= on this line")


def hex_bytes(text, size, number, what):
    try:
        value = bytes.fromhex(text)
    except ValueError:
        raise FairnessError(number, f"the {what} is not hex") from None
    if len(value) != size:
        raise FairnessError(number, f"the {what} has {len(value)} bytes, not {size}")
    return value


def seat_fact(kind, words, who) -> bool:
    """`#@ cup NAME id=...` or `#@ bot NAME kind=...`: who plays the seat, into `who`; False for another fact."""
    if kind not in ("cup", "bot") or len(words) < 2:
        return False
    fields = dict(w.split("=", 1) for w in words[2:] if "=" in w)
    who[words[1]] = f"cup {fields.get('id', '?')}" if kind == "cup" else f"bot {fields.get('kind', '?')}"
    return True

"""What `dicecup verify` says about who vouches for a journal's facts.

The dice checks prove each roll is what its seed and the hub's entropy give; they can't tell a real game from one
forged from scratch with every fact recomputed. Two things can:
- the hub's signature (hub/hubkey.py) over the whole journal: good, bad or absent, by the hub's fingerprint, and
  whether it is this hub's own key (the data folder's hub.key);
- each cup's tag over its deal, made with its pairing key, would vouch for the dice themselves: cups don't send
  one yet (cup_tags is where verify will check them, with the cup's key from this hub's registry).
A finished game's journal without a signature, or with a bad one, fails verify.
"""
from pathlib import Path
from typing import NamedTuple


class Vouching(NamedTuple):
    lines: tuple        # said after the dice's summary
    failure: str = ""   # why verify fails on it, or ""


def vouching_of(path: Path, data=None) -> Vouching:
    from dicecup.hub.hubkey import ABSENT, BAD, read_signature

    text = path.read_text(encoding="utf-8")
    signed = read_signature(text)
    if signed.state == BAD:
        return Vouching((), f"has a bad hub signature: {signed.why}")
    if signed.state == ABSENT:
        if _game_over(text):
            return Vouching((), "is not signed by a hub: nothing vouches that a hub played this game (a journal "
                                "forged from scratch checks die by die too)")
        lines = ["  hub signature: absent (the game is not over: the hub signs its journal when the game ends)"]
    else:
        lines = [f"  hub signature: good, by hub {signed.fingerprint} ({_whose(signed.fingerprint, data)})"]
    tags = cup_tags(text, data)
    if tags.failure:
        return Vouching((), tags.failure)
    return Vouching(tuple(lines) + tags.lines)


def _whose(fingerprint: str, data) -> str:
    from dicecup.datadir import data_dir
    from dicecup.hub.hubkey import FILE_NAME, HubKey

    folder = data_dir(data)
    if (folder / FILE_NAME).exists() and HubKey.in_folder(folder).fingerprint == fingerprint:
        return "this hub"
    return "not this hub's key: a league trusts it only if it registered that hub"


def _game_over(text: str) -> bool:
    from dicecup.rules import RecordError
    from dicecup.rules.referee import replay

    try:
        return replay(text).state.winner is not None or "the game stopped" in text
    except RecordError:
        return False


def cup_tags(text: str, data=None) -> Vouching:
    """Each cup seat's tags over its deals: none are sent yet, so nothing is said about them."""
    return Vouching(())

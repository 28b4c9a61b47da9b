"""What `dicecup verify` says about who vouches for a journal's facts.

The dice checks prove each roll is what its seed and the hub's entropy give; they can't tell a real game from one
forged from scratch with every fact recomputed. Two things can:
- the hub's signature (hub/hubkey.py) over the whole journal: good, bad or absent, by the hub's fingerprint, and
  whether it is this hub's own key (the data folder's hub.key);
- each cup's tag over its deal (cupcore/vouch.py), made with its pairing key, vouches for the dice themselves:
  cup_tags checks each `#@ vouch` (and poker's `#@ vouch-secret`) with the cup's key from this hub's registry.
A finished game's journal without a signature, or with a bad one, fails verify; so does a tag that does not check.
"""
from pathlib import Path
from typing import NamedTuple


class Vouching(NamedTuple):
    lines: tuple        # said after the dice's summary
    failure: str = ""   # why verify fails on it, or ""


def vouching_of(path: Path, data=None) -> Vouching:
    from dicecup.hub.hubkey import ABSENT, BAD, read_signature
    from dicecup.hub.journalfacts import journal_text

    text = journal_text(path)  # read as the dice checks read it (they passed: it is a journal in canonical form)
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
    """Each seat's tags over its rolls (the table's cup's over its round secrets, at poker dice), checked with the
    cup's key where this hub's registry has it: one line per seat, or the first bad tag's line as the failure."""
    from dicecup.datadir import data_dir
    from dicecup.hub.cuptags import BAD, verdict
    from dicecup.hub.fairness import check_journal
    from dicecup.hub.keyring import Keyring

    keys = Keyring(data_dir(data))
    tally = {}  # (name, who) -> {verdict: count}
    for roll in check_journal(text).vouches:
        said = verdict(roll.tag, _key_of(roll.who, keys), roll.message)
        if said == BAD:
            return Vouching((), f"line {roll.tag_line}: bad tag: {roll.name}'s tag over its {roll.what} on line "
                                f"{roll.line} was not made with {roll.who}'s key in this hub's registry (the dice, or "
                                "the tag, were changed after the cup made it)")
        counts = tally.setdefault((roll.name, roll.who, roll.what), {})
        counts[said] = counts.get(said, 0) + 1
    return Vouching(tuple(_tag_line(*seat, counts) for seat, counts in sorted(tally.items())))


def _key_of(who: str, keys):
    """The cup's key from the registry, for a seat the journal says a cup played ("cup ID", ID in hex), else None."""
    kind, _, cup_id = who.partition(" ")
    try:
        return keys(int(cup_id, 16)) if kind == "cup" else None
    except ValueError:  # "cup ?": the journal gave no id
        return None


def _tag_line(name: str, who: str, what: str, counts: dict) -> str:
    from dicecup.hub.cuptags import NONE, UNCHECKED, VOUCHED

    said = []
    if counts.get(VOUCHED):
        said.append(f"{counts[VOUCHED]} {what}(s) vouched for by its cup (key in this hub's registry)")
    if counts.get(UNCHECKED):
        said.append(f"{counts[UNCHECKED]} {what}(s): tags present, not checked here (no key)")
    if counts.get(NONE):
        kind = "a bot's dice" if who.startswith("bot ") else \
            "a cup without a key, a phone, or a journal from before cups' tags"
        said.append(f"{counts[NONE]} {what}(s): no tag ({kind}: vouched for by the hub's signature alone)")
    return f"  {name} ({who}): " + "; ".join(said)

"""Rechecking a face-bid game's dice from its journal alone (hub/fairness.py finds it by the game kind): every
commitment against the seed revealed for it, every entropy against its check, every die against what seed and
entropy give; FairnessError names the first bad line.
"""
from cupcore import commit as commitment
from cupcore import dice as fair_dice
from cupcore import vouch

from dicecup.rules import Roll, Rolloff
from dicecup.rules.record import parse_lines, record_lines

from ..journalfacts import Checked, FairnessError, Vouch, field as _field, hex_bytes as _hex, seat_fact
from .deal import entropy_receipt


class _Deal:
    def __init__(self, line, nonce):
        self.line, self.nonce = line, nonce
        self.commits, self.entropy, self.seeds, self.tags = {}, {}, {}, {}   # name -> (bytes, line)
        self.rolled = set()


def check_face_journal(text: str, parsed=None) -> Checked:
    """Recheck every roll of a face-bid journal; `parsed`: its parse_lines, when the caller has it already."""
    (rules, seats), events = parsed or parse_lines(text)
    rolls_at = {number: event for number, event in events if isinstance(event, (Roll, Rolloff))}
    faces, who = {}, {}
    deal, deals, rolls, unrevealed, scheme, vouches = None, 0, 0, 0, "bare", []
    for number, raw in enumerate(record_lines(text), 1):
        if raw.startswith("#@ "):
            words = raw[3:].split()
            kind = words[0] if words else ""
            if seat_fact(kind, words, who):
                pass
            elif kind == "round":
                if deal is not None:
                    unrevealed += len(set(deal.commits) - deal.rolled)
                deal = _Deal(number, _hex(_field(words, "nonce", number), 8, number, "nonce"))
            elif kind in ("commit", "entropy", "seed", "salt", "vouch"):
                scheme = _fact(kind, words, number, deal, seats, scheme)
        elif number in rolls_at:
            event = rolls_at[number]
            if deal is None or event.seat not in deal.commits:
                if scheme == "fair":
                    raise FairnessError(number, f"{event.seat}'s roll has no commitment in the journal")
                continue
            if scheme != "fair":
                continue  # a journal from before fair dice: its salts prove nothing about who chose the dice
            _check_roll(number, event, deal, seats)
            vouches.append(_vouch(number, event, deal, seats, who))
            if not deal.rolled:
                deals += 1
            deal.rolled.add(event.seat)
            rolls += 1
            tally = faces.setdefault(event.seat, [0] * 6)
            for die in event.dice:
                tally[die - 1] += 1
    unfinished = len(set(deal.commits) - deal.rolled) if deal is not None else 0
    return Checked(scheme, deals, rolls, faces, unrevealed + unfinished, who, vouches=tuple(vouches),
                   unfinished=unfinished)


def _fact(kind, words, number, deal, seats, scheme):
    if len(words) < 3 or words[1] not in seats:
        raise FairnessError(number, f"a {kind} line needs a seat's name and hex bytes")
    if deal is None:
        raise FairnessError(number, f"a {kind} before any deal's nonce")
    name = words[1]
    if kind == "commit":
        if name in deal.entropy:  # before its entropy a fresh one may replace it: no dice existed yet (deal.py)
            raise FairnessError(number, f"a second commitment for {name} in one deal, after its entropy")
        deal.commits[name] = (_hex(words[2], 32, number, "commitment"), number)
        return scheme
    if kind == "salt":
        return "salted" if scheme == "bare" else scheme
    if name not in deal.commits:
        # The entropy must come after the commitment: that order is what keeps a cup from choosing its dice.
        raise FairnessError(number, f"{name}'s {kind} comes before any commitment from {name} in this deal")
    if kind == "vouch":
        if name in deal.tags:
            raise FairnessError(number, f"a second tag for {name} in one deal (the first is on line "
                                        f"{deal.tags[name][1]})")
        deal.tags[name] = (_hex(words[2], 8, number, "tag"), number)
        return scheme
    if kind == "entropy":
        entropy = _hex(words[2], 16, number, "entropy")
        check = _field(words, "check", number)
        seat = seats.index(name)
        if check != entropy_receipt(deal.nonce, seat, deal.commits[name][0], entropy):
            raise FairnessError(number, f"{name}'s entropy does not match its check (or the commitment on line "
                                        f"{deal.commits[name][1]}, or the nonce on line {deal.line})")
        deal.entropy[name] = (entropy, number)
    else:
        deal.seeds[name] = (_hex(words[2], commitment.SEED_SIZE, number, "seed"), number)
    return "fair"


def _check_roll(number, event, deal, seats):
    name, seat = event.seat, seats.index(event.seat)
    if name not in deal.seeds:
        raise FairnessError(number, f"{name}'s roll comes with no seed: it can't be rechecked")
    if name not in deal.entropy:
        raise FairnessError(number, f"{name}'s roll has no entropy from the hub in the journal")
    (seed, seed_line), (digest, commit_line) = deal.seeds[name], deal.commits[name]
    if not commitment.verify(digest, deal.nonce, seat, len(event.dice), seed):
        raise FairnessError(seed_line, f"{name}'s seed does not open the commitment on line {commit_line} "
                                       f"(for {len(event.dice)} dice at the nonce on line {deal.line})")
    expected = tuple(fair_dice.roll(seed, deal.nonce, seat, deal.entropy[name][0], len(event.dice)))
    if expected != tuple(event.dice):
        raise FairnessError(number, f"{name}'s roll {' '.join(map(str, event.dice))} is not what the seed and "
                                    f"entropy give ({' '.join(map(str, expected))})")


def _vouch(number, event, deal, seats, who) -> Vouch:
    """What the seat's cup's tag over this roll covers, and the tag, if the journal has one (cupcore/vouch.py)."""
    name = event.seat
    facts = vouch.faces_message(deal.nonce, seats.index(name), len(event.dice), deal.entropy[name][0],
                                deal.seeds[name][0])
    tag, tag_line = deal.tags.get(name, (None, None))
    return Vouch(number, name, who.get(name, "?"), facts, tag, tag_line)

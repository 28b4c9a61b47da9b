"""Rechecking a poker-dice journal's dice (`dicecup verify`): every die whose face a line tells (`ben shows 1=K`,
`ben rolls 2=A`, `ben tries 4=K`, `reveal K K K Q 9`) against the seed opened for it, the commitment it opens
and the hub's entropy of the sub-deal that last rolled it (poker/dice.py has the scheme and the `#@` facts).

A die rolled under the cup and rolled again before anyone saw it is opened after the round -- its seed journaled
once the round is over (the hub's own dice), or the table's cup's round secret (`#@ round-secret FIRST HEX
last=LAST`), which gives the seed of every die of sub-deals FIRST to LAST, each checked against its commitment --
so the faces tallied are every roll, not only the dice players chose to show. One whose seed never came (a round
cut short, a cup that lost its secret) is counted as unrevealed, and then the faces tallied for evenness are only
the dice seen as they landed (open rolls, tries): the dice players chose to show, or to keep under the cup, are no
fair sample of the rolls.
"""
from dicecup.rules.errors import DicecupError
from dicecup.rules.poker import OVER, OpenRoll, Reveal, Show, Try, apply, new_poker_game
from dicecup.rules.poker.hands import rank_char
from dicecup.rules.record import parse_lines, record_lines

from .. import cuptags
from ..journalfacts import Checked, FairnessError, Vouch, field as _field, hex_bytes as _hex, seat_fact
from .dice import die_face, die_seed, poker_receipt

from cupcore import commit as commitment
from cupcore import vouch


class _Sub:
    def __init__(self, id, line, nonce, slots, by):
        self.id, self.line, self.nonce, self.slots, self.by = id, line, nonce, slots, by
        self.commits, self.seeds, self.entropy, self.opened = {}, {}, None, set()


def check_poker_journal(text: str, parsed=None) -> Checked:
    """Recheck every die of a poker journal; `parsed`: its parse_lines, when the caller has it already."""
    (rules, seats), events = parsed or parse_lines(text)
    telling = {number: event for number, event in events if isinstance(event, (Show, OpenRoll, Try, Reveal))}
    subs, latest = {}, {}          # sub-deal id -> _Sub; die -> the sub-deal that last rolled it
    faces, who, landed = {}, {}, {}  # landed: faces of dice seen as they landed (open rolls, tries)
    vouches, cup = {}, "?"           # a round secret's first sub-deal -> its Vouch; who the table's cup is
    for number, raw in enumerate(record_lines(text), 1):
        if raw.startswith("#@ "):
            words = raw[3:].split()
            kind = words[0] if words else ""
            if seat_fact(kind, words, who):
                cup = who[words[1]] if kind == "cup" else cup
            elif kind == "dice":
                sub = _new_sub(words, number, subs)
                for slot in sub.slots:
                    latest[slot] = sub
            elif kind == "round-secret":
                vouches[int(words[1])] = _round_secret(words, number, subs)._replace(who=cup)
            elif kind == "vouch-secret":
                _vouch_secret(words, number, vouches)
            elif kind in ("die-commit", "die-seed", "die-entropy"):
                sub = _fact(kind, words, number, subs)
                slot = int(words[2]) if kind == "die-seed" else None
                if slot is not None and latest.get(slot) is not sub:  # rolled over unseen, opened after the round
                    _settle(sub, slot, faces)
        elif number in telling:
            for slot, face in _told(telling[number]):
                sub = latest.get(slot)
                if not subs:
                    break  # a bare record (written by hand, or by `dicecup referee`'s examples): nothing to check
                if sub is None:
                    raise FairnessError(number, f"die {slot} shows a face but no roll of it is in the journal")
                if slot in sub.opened:
                    continue  # opened before (shown on the table) and not rolled since: the engine checks the face
                _check_die(number, sub, slot, face)
                _opened(sub, slot, face, faces)
                if isinstance(telling[number], (OpenRoll, Try)):
                    landed.setdefault(sub.by, [0] * 6)[face - 1] += 1
    unsettled = {sub: sum(_settle(sub, slot, faces) for slot in sub.slots) for sub in subs.values()}
    unrevealed = sum(unsettled.values())
    began = _last_round_began(rules, seats, events)
    unfinished = 0 if began is None else sum(n for sub, n in unsettled.items() if sub.line > began)
    opened_subs = sum(1 for sub in subs.values() if sub.opened)
    checked_dice = sum(len(sub.opened) for sub in subs.values())
    scheme = "fair" if subs else "bare"
    # Players choose which dice to show and which to roll again unseen, so the faces opened are a fair sample of
    # the rolls only when every roll was opened (the hub's own dice); else only the dice seen as they landed are.
    return Checked(scheme, opened_subs, checked_dice, faces if not unrevealed else landed, unrevealed, who,
                   poker=True, vouches=tuple(vouches.values()), unfinished=unfinished)


def _last_round_began(rules, seats, events):
    """The line after which the journal's last round began (0: the first), or None when no round is left
    unfinished: the game was won, or its record does not replay (the referee names why; nothing is cut off)."""
    state, began = new_poker_game(rules, seats), 0
    for number, event in events:
        ended = len(state.history)
        try:
            state = apply(state, event)
        except DicecupError:
            return None
        if len(state.history) > ended:
            began = number
    return None if state.phase == OVER else began


def _opened(sub, slot, face, faces):
    sub.opened.add(slot)
    faces.setdefault(sub.by, [0] * 6)[face - 1] += 1


def _settle(sub, slot, faces) -> int:
    """A die no line showed: checked from its seed if the hub opened it after the round (so the faces tallied are
    every roll, not only the dice players chose to show), else 1 (never revealed)."""
    if slot in sub.opened:
        return 0
    if slot not in sub.seeds or sub.entropy is None:
        return 1
    (seed, seed_line), (digest, commit_line) = sub.seeds[slot], sub.commits[slot]
    if not commitment.verify(digest, sub.nonce, slot, 1, seed):
        raise FairnessError(seed_line, f"die {slot}'s seed does not open its commitment on line {commit_line}")
    _opened(sub, slot, die_face(seed, sub.nonce, slot, sub.entropy[0]), faces)
    return 0


def _told(event):
    if isinstance(event, Reveal):
        return tuple(enumerate(event.faces, 1))
    return event.dice


def _new_sub(words, number, subs):
    if len(words) < 2 or not words[1].isdigit():
        raise FairnessError(number, "a dice line needs a sub-deal id")
    id = int(words[1])
    if id in subs:
        raise FairnessError(number, f"sub-deal {id} is rolled twice")
    slots = _field(words, "dice", number)
    if not slots or any(c not in "12345" for c in slots) or len(set(slots)) != len(slots):
        raise FairnessError(number, f"dice={slots}: the dice are numbered 1 to 5")
    sub = _Sub(id, number, _hex(_field(words, "nonce", number), 8, number, "nonce"), tuple(int(c) for c in slots),
               _field(words, "by", number))
    subs[id] = sub
    return sub


def _round_secret(words, number, subs):
    """Every seed of sub-deals FIRST..LAST from the cup's round secret, each checked against its commitment (and
    against the seed the die was opened with, if it was opened alone)."""
    if len(words) < 4 or not words[1].isdigit() or int(words[1]) not in subs:
        raise FairnessError(number, "a round-secret line names a sub-deal the journal has not rolled")
    first, secret, last = int(words[1]), _hex(words[2], 16, number, "round secret"), _field(words, "last", number)
    if not last.isdigit() or int(last) < first:
        raise FairnessError(number, f"last={last}: a round secret covers sub-deals {first} to a later one")
    for sub in _covered(subs, first, last):
        for slot, (digest, commit_line) in sorted(sub.commits.items()):
            seed = die_seed(secret, sub.id, slot)
            if not commitment.verify(digest, sub.nonce, slot, 1, seed):
                raise FairnessError(number, f"the round secret does not give the seed die {slot} committed to in "
                                            f"sub-deal {sub.id} (line {commit_line})")
            opened = sub.seeds.get(slot)
            if opened is not None and opened[0] != seed:
                raise FairnessError(opened[1], f"die {slot}'s seed is not the one the round secret on line "
                                               f"{number} gives")
            sub.seeds.setdefault(slot, (seed, number))
    rolls = cuptags.poker_rolls((sub.id, sub.slots, sub.nonce, sub.entropy[0]) for sub in _covered(subs, first, last)
                                if sub.entropy is not None)
    return Vouch(number, "the table's cup", "?", vouch.poker_message(first, secret, rolls), None, None, "round secret")


def _covered(subs, first, last):
    return (subs[i] for i in range(first, int(last) + 1) if i in subs)


def _vouch_secret(words, number, vouches):
    """`#@ vouch-secret FIRST TAG`: the cup's tag over the round secret drawn at sub-deal FIRST (cupcore/vouch.py)."""
    if len(words) < 3 or not words[1].isdigit() or int(words[1]) not in vouches:
        raise FairnessError(number, "a vouch-secret line names no round secret the journal opened")
    first = int(words[1])
    if vouches[first].tag is not None:
        raise FairnessError(number, f"a second tag for the round secret of sub-deal {first}")
    vouches[first] = vouches[first]._replace(tag=_hex(words[2], 8, number, "tag"), tag_line=number)


def _fact(kind, words, number, subs):
    if len(words) < 3 or not words[1].isdigit() or int(words[1]) not in subs:
        raise FairnessError(number, f"a {kind} line names a sub-deal the journal has not rolled")
    sub = subs[int(words[1])]
    if kind == "die-entropy":
        if set(sub.commits) != set(sub.slots):
            # The entropy must come after every commitment: that order keeps the cup from choosing its dice.
            raise FairnessError(number, f"sub-deal {sub.id}'s entropy comes before the commitment of every die")
        entropy = _hex(words[2], 16, number, "entropy")
        if _field(words, "check", number) != poker_receipt(sub.nonce, {s: d for s, (d, _) in sub.commits.items()},
                                                           entropy):
            raise FairnessError(number, f"sub-deal {sub.id}'s entropy does not match its check (or a commitment, "
                                        f"or the nonce on line {sub.line})")
        sub.entropy = (entropy, number)
        return sub
    if len(words) < 4 or words[2] not in ("1", "2", "3", "4", "5") or int(words[2]) not in sub.slots:
        raise FairnessError(number, f"a {kind} line names a die sub-deal {sub.id} did not roll")
    slot = int(words[2])
    if kind == "die-commit":
        if sub.entropy is not None or slot in sub.commits:
            raise FairnessError(number, f"a second or late commitment for die {slot} in sub-deal {sub.id}")
        sub.commits[slot] = (_hex(words[3], 32, number, "commitment"), number)
    else:
        sub.seeds[slot] = (_hex(words[3], commitment.SEED_SIZE, number, "seed"), number)
    return sub


def _check_die(number, sub, slot, face):
    if slot not in sub.seeds:
        raise FairnessError(number, f"die {slot} is shown with no seed in the journal: it can't be rechecked")
    if sub.entropy is None:
        raise FairnessError(number, f"die {slot} has no entropy from the hub in sub-deal {sub.id}")
    (seed, seed_line), (digest, commit_line) = sub.seeds[slot], sub.commits[slot]
    if not commitment.verify(digest, sub.nonce, slot, 1, seed):
        raise FairnessError(seed_line, f"die {slot}'s seed does not open its commitment on line {commit_line}")
    expected = die_face(seed, sub.nonce, slot, sub.entropy[0])
    if expected != face:
        raise FairnessError(number, f"die {slot} shows {rank_char(face)} but its seed and the hub's entropy give "
                                    f"{rank_char(expected)} (sub-deal {sub.id}, line {sub.line})")

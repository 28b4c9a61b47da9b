"""Which seats had a round dealt again, how often, and by whose consent, from a journal alone: what `dicecup
verify` and `dicecup referee` report. No player's action re-deals a round (docs/playing.md): the record's `reroll
NAME` comes with `#@ reroll NAME by=host` on the line before it when the host typed `reroll NAME`, or `by=hub` when
the hub itself lost dice (its own bots', as it stopped). A roll-off's deal rolled again has the fact alone (a
roll-off has no bids to void, so no record line). A `reroll` with neither is said: a journal from before the host
was asked, or one edited."""
from collections import Counter
from typing import NamedTuple

from dicecup.rules import Reroll
from dicecup.rules.games import engine
from dicecup.rules.record import parse_lines

from .journalfacts import facts

REROLL_FACT = "reroll"
CONSENTS = {"host": "by the host's consent", "hub": "by the hub itself, as it restarted mid-round (no player's action)"}
NO_CONSENT = "with no consent in the journal (a journal from before the host was asked, or one edited)"


class Redeal(NamedTuple):
    seat: str    # whose cup came back without its dice (or, by=hub, a seat still in the game)
    round: int   # the round dealt again
    by: str      # "host", "hub", or "" when the journal names no consent


def redeals(text: str, parsed=None) -> list:
    """Every re-deal of the journal, in order; `parsed`: its parse_lines, when the caller has it already."""
    (rules, seats), events = parsed or parse_lines(text)
    consents = {fact.line: (fact.words[0], fact.fields.get("by", "?"))
                for fact in facts(text) if fact.kind == REROLL_FACT and fact.words}
    found, attached = [], set()
    for at, (number, event) in enumerate(events):
        if isinstance(event, Reroll):
            seat, by = consents.get(number - 1, (None, ""))
            if seat == event.seat:
                attached.add(number - 1)
            found.append((number, Redeal(event.seat, _round_at(rules, seats, events[:at]), by if seat == event.seat
                                         else "")))
    for line, (seat, by) in consents.items():
        if line not in attached:  # a roll-off dealt again: the fact alone
            found.append((line, Redeal(seat, _round_at(rules, seats, [e for e in events if e[0] < line]), by)))
    return [redeal for _, redeal in sorted(found)]


def _round_at(rules, seats, events) -> int:
    return engine(rules).replay_events(rules, seats, events, 0).state.round


def redeal_lines(found) -> list:
    """One line per seat and round: "ana's dice were rolled again 2 times in round 3, by the host's consent"."""
    counted = Counter(found)
    lines = []
    for redeal in sorted(counted, key=lambda r: (r.round, r.seat, r.by)):
        times = counted[redeal]
        how = CONSENTS.get(redeal.by, NO_CONSENT if not redeal.by else f"by {redeal.by}")
        lines.append(f"{redeal.seat}'s dice were rolled again {'once' if times == 1 else f'{times} times'} in round "
                     f"{redeal.round}, {how}")
    return lines


def unconsented(found) -> int:
    return sum(1 for redeal in found if not redeal.by)

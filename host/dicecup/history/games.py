"""One journal or game record -> the facts the history keeps about it.

The rounds, calls and outcomes are the referee's (`dicecup.rules.referee.replay`, the same replay that
`dicecup referee --json` prints), for face bids and poker dice alike; this module only adds what the history
needs on top: who each seat was (a bot as its kind), the finishing order, and the date the journal was started.
"""
import hashlib
import json
import re
from pathlib import Path
from typing import NamedTuple, Optional

from dicecup.hub.journal import HANDS_FACT
from dicecup.hub.journalfacts import facts
from dicecup.rules import RecordError
from dicecup.rules.record import canonical_text, record_lines
from dicecup.rules.referee import replay

from .errors import NotAGame
from .trust import game_digest

BOT_PREFIX = "bot:"   # a bot's player is its kind: bot:hard, bot:normal, bot:module:Name
RATED_FACT = "rated"  # `#@ rated`: a rated table's journal says so at its end (history/rated.py writes it)
UNFINISHED = "is a game not finished yet: only finished games go into the history"
_STARTED = re.compile(r"^#.*\bstarted (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)")   # the journal's first line


class RoundFacts(NamedTuple):
    n: int
    bidder: Optional[int]    # seat indexes
    caller: Optional[int]
    call: Optional[str]
    correct: Optional[bool]
    held: Optional[bool]
    data: str                # the referee's JSON for the round


class GameFacts(NamedTuple):
    hash: str
    path: str
    rules: str
    preset: str
    played_at: Optional[str]
    seats: tuple             # the record's seat names
    players: tuple           # the player of each seat: its name, or bot:KIND
    places: tuple            # 1 = the winner; seats out in the same round share a place
    winner: int              # seat index
    rounds: tuple            # RoundFacts
    shots: tuple             # (seat index, dead) for every trigger pull, in order
    from_rated_table: bool   # the journal carries `#@ rated`
    digest: str = None       # the game's identity: its facts, not its bytes (trust.game_digest)
    signed_by: str = None    # the registered hub that signed it, trust.UNSIGNED, or None: not asked (vouch=None)

    def kind(self, seat: int) -> str:
        return "bot" if self.players[seat].startswith(BOT_PREFIX) else "player"


def content_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_game(path, vouch=None) -> GameFacts:
    """`vouch(text)`: who vouches for the journal (trust.vouch), raising NotAGame when nobody the league trusts
    does; None reads the facts without asking."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except IsADirectoryError:
        raise NotAGame("is a folder") from None
    except OSError as error:
        raise NotAGame(f"can't be read: {error.strerror or error}") from None
    return game_from_text(data, str(path), vouch)


def game_from_text(data: bytes, path: str, vouch=None) -> GameFacts:
    """The game in a journal's bytes, read as every reader reads them (the one reading, rules/record.py)."""
    try:
        text = canonical_text(data)
        result = replay(text)
    except UnicodeDecodeError:
        raise NotAGame("is not a text file (records are UTF-8)") from None
    except RecordError as error:
        raise NotAGame(f"is not a game record: {error}") from None
    state = result.state
    if state.winner is None:
        raise NotAGame(UNFINISHED)
    signed_by = vouch(text) if vouch is not None else None
    seats = tuple(state.seats)
    index = {name: i for i, name in enumerate(seats)}
    bots, marked = _facts(text)
    players = tuple(BOT_PREFIX + bots[name] if name in bots else name for name in seats)
    rounds = tuple(_round(outcome, index) for outcome in result.rounds)
    shots = tuple((index[name], dead) for outcome in result.rounds for name, dead in getattr(outcome, "shots", ()))
    return GameFacts(content_hash(data), path, str(state.rules), state.rules.preset.name, _started(text), seats,
                     players, finishing_places(seats, state.winner, result.to_json()["rounds"]), state.winner,
                     rounds, shots, marked, game_digest(text), signed_by)


def _round(outcome, index) -> RoundFacts:
    data = outcome.to_json()
    call = data.get("call")
    correct = data.get("correct") if call != "timeout" else None
    if call in ("liar", "spot") and "count" in data:       # face bids: the bid held if the dice made it
        held = outcome.count >= outcome.bid.quantity
    elif call == "liar":                                   # poker dice: a right liar call means a bid that lied
        held = not correct
    else:                                                  # a timeout, poker's five of a kind: no bid was called
        held = None
    return RoundFacts(data["n"], index.get(data.get("bidder")), index.get(data.get("caller")), call, correct, held,
                      json.dumps(data, sort_keys=True))


def finishing_places(seats, winner: int, rounds_json) -> tuple:
    """Place 1 for the winner; the others by when they went out, later is better, and seats out in the same round
    share a place (competition ranking: 1, 2, 2, 4). A seat retired without being knocked out went out after the
    last round it played in (it bid, called, opened or lost there)."""
    out_at = {}
    last_seen = {}
    for data in rounds_json:
        n = data["n"]
        for name in data.get("eliminated", ()):
            out_at.setdefault(name, float(n))
        for name in _taking_part(data):
            last_seen[name] = n
    keys = []
    for i, name in enumerate(seats):
        if i == winner:
            keys.append(float("inf"))
        else:
            keys.append(out_at.get(name, last_seen.get(name, 0) + 0.5))
    return tuple(1 + sum(other > mine for other in keys) for mine in keys)


def _taking_part(data):
    for key in ("opener", "bidder", "caller", "loser"):
        if data.get(key):
            yield data[key]
    yield from data.get("losers", ())
    yield from (bid["seat"] for bid in data.get("bids", ()))


def _facts(text: str):
    """({seat: bot kind}, whether it was a rated table), from the journal's `#@ bot SEAT kind=KIND` facts
    (hub/journal.py writes them), its `#@ hands SEAT kind=KIND` (a bot pressed that cup: the demo) and its
    `#@ rated`."""
    kinds, rated = {}, False
    for fact in facts(text):
        if fact.kind in ("bot", HANDS_FACT) and fact.words:
            kinds[fact.words[0]] = fact.fields.get("kind", "normal")
        elif fact.kind == RATED_FACT and not fact.words:
            rated = True
    return kinds, rated


def _started(text: str) -> Optional[str]:
    for line in record_lines(text)[:5]:
        match = _STARTED.match(line)
        if match:
            return match.group(1)
    return None

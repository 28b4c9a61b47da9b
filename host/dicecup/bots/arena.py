"""Bots against bots: N games with balanced seating, on every CPU core, and each bot's win rate with a 95 %
Wilson interval. `dicecup arena` and bench/arena.py are thin layers over `run_arena`.

The seating is balanced (seating.py): over each block of games every bot sits in every seat, and directly after
every other bot, equally often, so the order the bots are listed in does not change their win rates.

Game g is played from its own seed (the arena's seed and g), with the bots made afresh for it, so the result
depends only on (bots, rules, games, seed): not on the number of processes nor on the order they finish in.
"""
import hashlib
import math
import multiprocessing
import os
import random
import re
import signal
from collections import Counter
from typing import NamedTuple

from dicecup.rules import Rules
from dicecup.rules.events import Roll, Rolloff, Shot
from dicecup.rules.games import engine

from .games import runner
from .loader import check_kinds, load
from .seating import balanced_block, seating

Z95 = 1.959963984540054
DEALT = (Roll, Rolloff, Shot)  # a seat's events the dice or the revolver decide, not its bot


def wilson(wins: int, n: int, z: float = Z95) -> tuple:
    """The Wilson score interval for a proportion: (low, high)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (0.0 if wins == 0 else max(0.0, centre - half), 1.0 if wins == n else min(1.0, centre + half))


class Score(NamedTuple):
    """One bot name's results; a name seated k times is pooled over its k seats (per-seat win rate)."""

    bot: str
    seats: int
    wins: int
    win_rate: float
    ci95: tuple
    broken: str = ""  # why every move it was asked for was replaced (the first problem), or "": it played

    def to_json(self) -> dict:
        return {"bot": self.bot, "wins": self.wins, "win_rate": self.win_rate, "ci95": list(self.ci95)}


class ArenaResult(NamedTuple):
    rules: str
    games: int
    scores: tuple
    mean_rounds: float
    problems: int   # moves a bot got wrong (raised, illegal) that the guard replaced

    def to_json(self) -> dict:
        """The `dicecup arena --json` object (contract)."""
        return {"games": self.games, "bots": [s.to_json() for s in self.scores]}


def seat_names(bots) -> list:
    """A seat name per entry, from the bot's name: hard1, baseline2, ..."""
    return [(re.sub(r"\W", "", name.rpartition(":")[2]).lower() or "bot") + str(i + 1) for i, name in enumerate(bots)]


def game_seed(seed, game: int, part: str = "") -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}:{game}:{part}".encode()).digest()[:8], "big")


def play_one(rules: Rules, bots, seed, game: int):
    """Game `game` of an arena: (index of the winning entry, rounds played, problems, and per entry seated:
    (entry, moves it got wrong, moves it was asked for, its first problem))."""
    names = seat_names(bots)
    table = {names[i]: load(bots[i], seed=game_seed(seed, game, names[i])) for i in seating(len(bots), game)}
    problems = []
    state, events = runner(rules)(rules, table, random.Random(game_seed(seed, game)), problems)
    asked = Counter(event.seat for event in events if hasattr(event, "seat") and not isinstance(event, DEALT))
    wrong = Counter(name for name, _ in problems)
    first = {}
    for name, problem in problems:
        first.setdefault(name, str(problem))
    faults = tuple((names.index(name), wrong[name], asked[name], first.get(name, "")) for name in table)
    return names.index(state.seats[state.winner]), len(state.history), len(problems), faults


def _ignore_ctrl_c():
    """Workers leave Ctrl-C to the parent, which stops them (the pool's SIGTERM: ended as by default, not unwound
    as the parent's command is): one message, not a traceback per worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
        signal.signal(signum, signal.SIG_DFL)


def _play_chunk(job):
    rules_text, bots, seed, games = job
    rules = Rules.parse(rules_text)
    return [play_one(rules, bots, seed, g) for g in games]


def check_table(rules: Rules, bots) -> None:
    """Refuse, before any game, bots that can't be found and a table the rules can't seat."""
    check_kinds(rules, bots)
    engine(rules).new_game(rules, seat_names(bots))


def run_arena(bots, rules: Rules, games: int, seed, workers: int = None, progress=None) -> ArenaResult:
    """Play `games` games; `progress(done)` is called as games finish."""
    bots = list(bots)
    check_table(rules, bots)
    workers = workers or os.cpu_count() or 1
    size = max(1, min(50, games // (workers * 4) or 1))
    jobs = [(str(rules), bots, seed, range(start, min(games, start + size))) for start in range(0, games, size)]
    outcomes = []
    if workers == 1 or len(jobs) == 1:
        for job in jobs:
            outcomes += _play_chunk(job)
            progress and progress(len(outcomes))
    else:
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None  # fork: bots loaded by path
        with multiprocessing.get_context(method).Pool(min(workers, len(jobs)), _ignore_ctrl_c) as pool:
            for chunk in pool.imap_unordered(_play_chunk, jobs):
                outcomes += chunk
                progress and progress(len(outcomes))
    return summarize(bots, str(rules), outcomes)


def block_size(bots: int) -> int:
    """Games in one balanced block of seatings for `bots` seats."""
    return len(balanced_block(bots))


def summarize(bots, rules_text: str, outcomes) -> ArenaResult:
    games = len(outcomes)
    scores = []
    for name in dict.fromkeys(bots):
        entries = [i for i, b in enumerate(bots) if b == name]
        wins = sum(1 for winner, _, _, _ in outcomes if winner in entries)
        n = games * len(entries)
        scores.append(Score(name, len(entries), wins, wins / n if n else 0.0, wilson(wins, n),
                            _broken([fault for *_, faults in outcomes for fault in faults if fault[0] in entries])))
    mean_rounds = sum(outcome[1] for outcome in outcomes) / games if games else 0.0
    return ArenaResult(rules_text, games, tuple(scores), mean_rounds, sum(outcome[2] for outcome in outcomes))


def _broken(faults) -> str:
    """A bot none of whose moves stood (each raised or was illegal, and the safest action played instead): its
    first problem; "" for a bot that played, however badly."""
    wrong, asked = sum(fault[1] for fault in faults), sum(fault[2] for fault in faults)
    return next((fault[3] for fault in faults if fault[3]), "") if asked and wrong >= asked else ""

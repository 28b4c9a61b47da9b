#!/usr/bin/env python3
"""`expert` and `hard` in one-round heads-up games against a strong opponent that is not the expert: how often
each wins a round at every dice count, even and uneven, in `classic wild=on` and `dudo`.

A game is one round from the given dice (expert's v opponent's), its loser losing; the seats open in turn, each
hand dealt afresh. A landed spot call wins the round for its caller (one round scored as OpenSpiel scores it).
The opponents:

- `cfr`: a CFR+ strategy for that very round, solved here when the bench starts (search/solved.solve_table), with
  another abstraction than the expert's tables: it remembers every bid at one die each, and the last 2 bids when
  either seat holds two or three (the expert's tables remember 3 or 4; at three dice it has none and searches).
  At uneven dice it is two strategies, one for each seat opening (one die against two, two against one). Its own
  exploitability is printed beside it where a seat has at most two dice (search/npexploit.py: what a best
  response that remembers everything wins against it; not in the quick form).
- `hard`, at every count.

Each cell prints the win rate with its 95 % Wilson interval and par: 50 % at even counts; at uneven counts the
cfr strategies' own value of the game (each seat opening half the rounds), printed where cfr was solved.

    python bench/heads_up_arena.py [--rounds N] [--rules "classic wild=on" dudo] [--counts 1v1 2v2 2v1 ...]
                                   [--bots expert hard] [--seed S]

Last line: `expert_vs_cfr_worst: P %`, the expert's lowest win rate against `cfr` over the even counts measured
(target: >= 50 % at every even count).
"""
import argparse
import multiprocessing
import os
import random
import time

from dicecup.bots.arena import wilson
from dicecup.bots.expert import Expert, round_dice, table_policy
from dicecup.bots.hard import Hard
from dicecup.bots.view import make_view
from dicecup.rules import LIAR, SPOT, Move, Rules, apply
from dicecup.search import npexploit
from dicecup.search.solved import Solved, solve_table

from exploitability import SEATS, start_state  # p0 opens
from quickform import QUICK, sized

COUNTS = ["1v1", "2v2", "2v1", "1v2", "3v3", "3v2", "2v3", "4v4", "5v5"]
CFR = {1: (64, 500), 2: (2, 1000), 3: (2, 300)}  # most dice a seat -> (bids remembered, CFR+ iterations a pass)


class TableBot:
    """Solved tables as a bot: {dice (the opener's, the responder's): table}, the one for the round played."""

    def __init__(self, tables: dict):
        self.tables = tables

    def policy(self, view) -> dict:
        return table_policy(self.tables[tuple(round_dice(view))], view)


def play_round(rules: Rules, dice: tuple, players: tuple, rng: random.Random) -> int:
    """One round, p0 opening; the seat (0 or 1) that lost it."""
    state = start_state(rules, dice)
    hands = [tuple(sorted(rng.randint(1, 6) for _ in range(n))) for n in dice]
    while True:
        seat = len(state.bids) % 2
        dist = players[seat].policy(make_view(state, SEATS[seat], hands[seat]))
        actions = list(dist)
        action = rng.choices(actions, weights=[dist[a] for a in actions])[0]
        if action in (LIAR, SPOT):
            standing = state.standing
            count = sum(hand.count(standing.face) + (hand.count(1) if state.wild and standing.face != 1 else 0)
                        for hand in hands)
            caller_right = count < standing.quantity if action == LIAR else count == standing.quantity
            return 1 - seat if caller_right else seat
        state = apply(state, Move(SEATS[seat], action))


_TABLES = {}  # in each worker: (rules text, (the opener's dice, the responder's)) -> the cfr opponent's table data


def _player(name: str, rules_text: str, mine: int, theirs: int, seed: str):
    if name == "expert":
        return Expert(seed=seed)
    if name == "hard":
        return Hard(seed=seed)
    return TableBot({dice: Solved(f"cfr {rules_text} {dice}", _TABLES[rules_text, dice])
                     for dice in {(mine, theirs), (theirs, mine)}})


def _rounds(job) -> int:
    """Rounds `first`..`last` of a cell; the wins of `bot` (seated at p0 in even rounds, p1 in odd)."""
    rules_text, mine, theirs, bot, opponent, first, last, seed = job
    rules, wins = Rules.parse(rules_text), 0
    for r in range(first, last):
        rng = random.Random(f"{seed}:{rules_text}:{mine}v{theirs}:{bot}:{opponent}:{r}")
        me, them = _player(bot, rules_text, mine, theirs, f"{seed}:{r}:a"), \
            _player(opponent, rules_text, theirs, mine, f"{seed}:{r}:b")
        if r % 2 == 0:
            wins += play_round(rules, (mine, theirs), (me, them), rng) == 1
        else:
            wins += play_round(rules, (theirs, mine), (them, me), rng) == 0
    return wins


def _init(tables):
    _TABLES.update(tables)


def cfr_opponents(rules_texts, counts) -> dict:
    """(rules text, (the opener's dice, the responder's)) -> a CFR+ table for every count measured where a seat
    has at most three dice, each seat opening (a spot call that replays an uneven round is not solved: none)."""
    out = {}
    for text in rules_texts:
        for dice in sorted({d for a, b in counts if max(a, b) in CFR for d in ((a, b), (b, a))}):
            memory, iterations = CFR[max(dice)][0], sized(CFR[max(dice)][1], 5)
            start = time.perf_counter()
            try:
                data = solve_table(text, dice[0] if dice[0] == dice[1] else dice, memory, iterations)
            except ValueError as why:
                print(f"no cfr for {text} at {dice[0]} v {dice[1]}: {why}", flush=True)
                continue
            took = time.perf_counter() - start
            exploitability = ""
            if max(dice) <= 2 and not QUICK:  # the best response takes a minute at two dice
                e = npexploit.solved_exploitability(Solved(f"cfr {text} {dice}", data))
                exploitability = f", exploitability {e:.4f} stakes a round"
            print(f"cfr for {text} at {dice[0]} v {dice[1]} (opener first): the last {memory} bids, {iterations} "
                  f"iterations, the opener's value {data['opener_value']:+.3f} ({len(data['strategy'])} nodes, "
                  f"{took:.0f} s{exploitability})", flush=True)
            out[text, dice] = data
    return out


def par(tables, text, mine, theirs) -> str:
    """The cfr strategies' own win rate for the first seat, each seat opening half the rounds ('' unknown)."""
    if mine == theirs:
        return " (par 50 %)"
    if (text, (mine, theirs)) not in tables or (text, (theirs, mine)) not in tables:
        return ""
    value = (tables[text, (mine, theirs)]["opener_value"] - tables[text, (theirs, mine)]["opener_value"]) / 2
    return f" (par {100 * (1 + value) / 2:.1f} %)"


def cell(pool, rules_text, mine, theirs, bot, opponent, rounds, seed) -> tuple:
    chunk = max(1, rounds // (4 * (os.cpu_count() or 1)))
    jobs = [(rules_text, mine, theirs, bot, opponent, first, min(rounds, first + chunk), seed)
            for first in range(0, rounds, chunk)]
    wins = sum(pool.map(_rounds, jobs))
    return wins, wilson(wins, rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=sized(600, 2), help="rounds a cell (default 600)")
    parser.add_argument("--rules", nargs="+", default=sized(["classic wild=on", "dudo"], ["classic wild=on"]))
    parser.add_argument("--counts", nargs="+", default=sized(COUNTS, ["1v1", "2v2", "2v1"]))
    parser.add_argument("--bots", nargs="+", default=["expert", "hard"], choices=["expert", "hard"])
    parser.add_argument("--seed", default="1")
    args = parser.parse_args()
    counts = [tuple(int(n) for n in text.split("v")) for text in args.counts]
    tables = cfr_opponents(args.rules, counts)
    worst = None
    with multiprocessing.Pool(initializer=_init, initargs=(tables,)) as pool:
        for text in args.rules:
            for mine, theirs in counts:
                opponents = (["cfr"] if (text, (mine, theirs)) in tables and (text, (theirs, mine)) in tables
                             else []) + ["hard"]
                for opponent in opponents:
                    for bot in args.bots:
                        if bot == opponent:
                            continue
                        start = time.perf_counter()
                        wins, (lo, hi) = cell(pool, text, mine, theirs, bot, opponent, args.rounds, args.seed)
                        rate = 100 * wins / args.rounds
                        print(f"{text:16} {mine} v {theirs}  {bot:6} v {opponent:4} {rate:5.1f} % "
                              f"(95 % CI {100 * lo:.1f} - {100 * hi:.1f}){par(tables, text, mine, theirs)}, "
                              f"{args.rounds} rounds, "
                              f"{time.perf_counter() - start:.0f} s", flush=True)
                        if bot == "expert" and opponent == "cfr" and mine == theirs:
                            worst = rate if worst is None else min(worst, rate)
    print(f"expert_vs_cfr_worst: {float('nan') if worst is None else worst:.1f} %")


if __name__ == "__main__":
    main()

"""A hub killed at random moments: SIGKILL (nothing flushed on the way out) to a real `dicecup play` process at a
random time in each game, then again to the `dicecup resume` that took over, and a last `dicecup resume` to the
end. No round may be lost: everything the killed hub journaled stands in the final journal (the final record
starts with it), every round is there once, and `dicecup referee` passes the final journal.

    .venv/bin/python bench/hub_kill.py [--games 20] [--kills 2] [--seed S] [--parallel 2]

The cups are virtual cups (the firmware on the MicroPython unix port, behind ptys) that outlive the hubs, as
boards on their cables do. Moves are typed at the hub for the seat to act, chosen from the journal by a plain
policy (open low, raise once, call). The presets go round, two dice each, three cups. Prints
`hub_kill_rounds_lost: N rounds` last.
"""
import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from dicecup.rules import BIDDING, PRESETS, Bid, DicecupError, Record, replay
from dicecup.sim.virtualcup import VirtualCups, find_micropython

from quickform import sized

GAME_TIMEOUT = sized(240, 60)  # seconds; a quick game takes about ten

CUPS = 3
KILL_WINDOW = (0.3, 5.0)  # seconds of play before each kill, drawn uniformly


class Hub:
    """A `dicecup` hub process: its output collected, moves typed at its stdin."""

    def __init__(self, args):
        self.proc = subprocess.Popen([sys.executable, "-m", "dicecup", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.lines = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def said(self, text):
        return any(text in line for line in self.lines)

    def wait_for(self, text, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.said(text):
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.02)
        raise RuntimeError(f"the hub never said {text!r}: " + " | ".join(self.lines[-8:]))

    def type(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    def kill(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)


def next_move(state, seat):
    standing = state.standing
    if standing is None:
        return f"{seat} bids 1x2"
    if standing.quantity < 2:
        return f"{seat} bids {Bid(standing.quantity + 1, standing.face)}"
    return f"{seat} calls liar"


def read_state(journal):
    """The game so far, and the seat to act (dudo's first opener is the hub's draw: its `#@ opener` line)."""
    text = journal.read_text()
    try:
        state = replay(text).state
    except (DicecupError, ValueError):
        return None, None  # a line being written as we read: look again
    openers = [line.split()[2] for line in text.splitlines() if line.startswith("#@ opener ")]
    return state, state.to_act or (openers[-1] if openers and not state.bids else None)


def play_until(hub, journal, until):
    """Type the seat to act's move whenever the journal shows a turn; stop at the winner or at `until`."""
    typed_for, typed_at = None, 0.0
    deadline = time.monotonic() + GAME_TIMEOUT
    while time.monotonic() < min(until, deadline):
        state, seat = read_state(journal)
        if state is not None and state.winner is not None:
            return state
        if hub.proc.poll() is not None:
            raise RuntimeError("the hub ended: " + " | ".join(hub.lines[-8:]))
        if state is not None and state.phase == BIDDING and seat:
            key = (state.round, len(state.bids))
            if key != typed_for or time.monotonic() - typed_at > 1.0:  # again if nothing came of it
                hub.type(next_move(state, seat))
                typed_for, typed_at = key, time.monotonic()
        time.sleep(0.05)
    if time.monotonic() >= deadline:
        raise RuntimeError("the game did not end in time")
    return None


def one_game(k, seed, kills, data_root, unpaired):
    rng = random.Random(f"{seed}-{k}")
    preset = list(PRESETS)[k % len(PRESETS)]
    data = Path(tempfile.mkdtemp(prefix=f"game{k}-", dir=data_root))
    found = {"k": k, "what": f"{preset} dice=2, {CUPS} cups", "lost": 0, "kills": 0, "problems": []}
    hub = None
    with VirtualCups(CUPS, runtime=find_micropython(), fast=True, seed=f"{seed}-{k}") as cups:
        try:
            ports = [arg for cup in cups for arg in ("--port", cup.path)]
            hub = Hub(["play", "--rules", preset, "dice=2", *ports, "--data", str(data),
                       *unpaired])
            for cup in cups:
                hub.wait_for(f"a cup called {cup.name} is here")
            for index, cup in enumerate(cups):
                cup.press("b", "long")
                hub.wait_for(f"{cup.name} takes seat {index + 1}")
            hub.wait_for("the game begins")
            journal = next((data / "games").glob("*.txt"))
            befores = []
            for attempt in range(kills + 1):
                until = time.monotonic() + rng.uniform(*KILL_WINDOW) if attempt < kills else float("inf")
                final = play_until(hub, journal, until)
                if final is not None:
                    break
                hub.kill()
                found["kills"] += 1
                befores.append(journal.read_text())
                hub = Hub(["resume", str(journal), "--data", str(data), *unpaired])
                hub.wait_for("resuming")
            hub.wait_for("wins the game", timeout=30)
            found["lost"], found["rounds"] = rounds_lost(journal.read_text(), befores, found["problems"])
        except RuntimeError as error:
            found["problems"].append(str(error).splitlines()[0][:300])
            if os.environ.get("HUB_KILL_LOG"):
                Path(os.environ["HUB_KILL_LOG"]).write_text("\n".join(hub.lines) + "\n---\n" +
                                                            journal.read_text())
        finally:
            if hub is not None:
                hub.kill()
    return found


def rounds_lost(final_text, befores, problems):
    """Rounds the killed hubs had journaled that the final journal does not hold, as they were, exactly once."""
    final = Record.parse(final_text)
    history = replay(final_text).state.history
    lost = 0
    for before_text in befores:
        before = Record.parse(before_text)
        if final.events[:len(before.events)] != before.events:
            problems.append("the final journal does not start with what a killed hub had written")
        done = replay(before_text).state.history
        for outcome in done:
            # What the round was: the dice, the bids' end, the call and who lost. (A revolver round journaled up to
            # its reveal has its trigger pulls still to come: those are not what a killed hub can lose.)
            if outcome.n > len(history) or _facts(history[outcome.n - 1]) != _facts(outcome):
                lost += 1
                now = _facts(history[outcome.n - 1]) if outcome.n <= len(history) else "nothing"
                problems.append(f"round {outcome.n} was {_facts(outcome)}, is now {now}")
    numbers = [outcome.n for outcome in history]
    if numbers != list(range(1, len(history) + 1)):
        problems.append(f"rounds out of order or twice: {numbers}")
    verdict = subprocess.run([sys.executable, "-m", "dicecup", "referee", "-"], input=final_text,
                             capture_output=True, text=True, timeout=60)
    if verdict.returncode:
        problems.append(f"dicecup referee: {verdict.stderr.strip()[:200]}")
    return lost, len(history)


def _facts(outcome):
    return outcome.n, outcome.rolls, outcome.bid, outcome.bidder, outcome.call, outcome.caller, outcome.losers


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=sized(20, 1))
    parser.add_argument("--kills", type=int, default=sized(2, 1), help="kills per game (the last hub plays to the end)")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--parallel", type=int, default=2)
    args = parser.parse_args()
    if find_micropython() is None:
        sys.exit("hub_kill: the MicroPython unix port is not installed (python3 dev.py test sets up .venv)")
    helped = subprocess.run([sys.executable, "-m", "dicecup", "play", "--help"], capture_output=True, text=True)
    unpaired = ["--allow-unpaired"] if "--allow-unpaired" in helped.stdout else []  # virtual cups hold no key
    began = time.perf_counter()
    data_root = tempfile.mkdtemp(prefix="dicecup-hubkill-")
    try:
        with ThreadPoolExecutor(args.parallel) as pool:
            results = list(pool.map(lambda k: one_game(k, args.seed, args.kills, data_root, unpaired),
                                    range(args.games)))
    finally:
        shutil.rmtree(data_root, ignore_errors=True)
    lost = sum(r["lost"] for r in results)
    problems = [(r["k"], p) for r in results for p in r["problems"]]
    print(f"{len(results)} games, {sum(r['kills'] for r in results)} hubs killed, "
          f"{sum(r.get('rounds', 0) for r in results)} rounds in the final journals, "
          f"{time.perf_counter() - began:.0f} s")
    for k, problem in problems[:8]:
        print(f"  game {k}: {problem}")
    print(f"hub_kill_games_with_problems: {len({k for k, _ in problems})} games")
    print(f"hub_kill_rounds_lost: {lost} rounds")
    return 1 if lost or problems else 0


if __name__ == "__main__":
    os.environ.pop("DICECUP_TRACE", None)
    sys.exit(main())

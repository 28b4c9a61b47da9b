"""Bot games across a faulty link: every frame between the hub and each cup is dropped, duplicated, reordered or
corrupted, each at 5 % (dicecup.sim.faulty). Every game must finish, the hub and every cup must agree at the end,
and each game must come out as the same game on a clean link does (same seed: same winner, same losers in every
round; the whole record is compared too).

    .venv/bin/python bench/faulty_link.py [--games 1000] [--mp-games 20] [--seed S] [--rate 0.05] [--workers 2]

--games: whole tables in one process on a virtual clock (dicecup.sim.tablesim: the real hub, cupcore's Cup and Link
under CPython), each played twice, clean and faulty, in `--workers` processes; the presets and the number of cups
(2 to 6) go round. --mp-games: tables of virtual cups running the firmware on the MicroPython unix port behind
real ptys, the hub opening them with pyserial through a FaultyTransport, bots pressing their buttons (as
`dicecup demo`), in real time; each is compared with the same seed's clean game from the in-process table (the
two run the same code on two runtimes: a seed plays the same game on both).

A desync: the game stalls (not over in an hour of virtual time, or 240 s of real time), or at the end the hub and
a cup disagree on the cup's seat, its dice count, whether it is out or won, or the last deal. A MicroPython game
in which a cup took a bot's button gesture for another (the virtual cup's stand-in buttons on a loaded machine:
a double press read as two presses) is left out of the clean-link comparison and counted on its own line
(FAULTY_LINK_KEEP=DIR keeps such a cup's LED log and the journal). Prints the figures,
`faulty_link_desyncs: N desyncs` last.
"""
import argparse
import multiprocessing
import os
import queue
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

from dicecup.rules import PRESETS, Rules
from dicecup.sim.tablesim import SimGame

from quickform import sized

MP_CUPS = sized(3, 2)
MP_RULES = "dice=2"  # short games: the MicroPython tables play in real time


def scratch():
    """A folder for the journals, in memory where the machine has one (the journal fsyncs every line)."""
    base = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
    return tempfile.mkdtemp(prefix="dicecup-faulty-", dir=base)


def plan(k):
    """Game k: which preset, how many cups."""
    presets = list(PRESETS)
    return presets[k % len(presets)], 2 + (k // len(presets)) % 5


def play_in_process(args):
    """One game twice, clean and faulty; returns what the report needs."""
    k, seed, rate = args
    preset, cups = plan(k)
    rules = Rules.parse(preset)
    game_seed = f"{seed}-{k}"
    data = scratch()
    try:
        runs = []
        for faults in (0.0, rate):
            game = SimGame(rules, game_seed, cups=cups, faults=faults, fault_seed=k, data=data)
            game.run()
            runs.append(game)
            game.close()
        clean, faulty = runs
        return {
            "k": k, "what": f"{preset} {cups} cups seed {game_seed}",
            "desyncs": clean.desyncs() + faulty.desyncs(),
            "same_results": clean.summary() is not None and clean.summary() == faulty.summary(),
            "same_record": clean.record() == faulty.record(),
            "record_diff": _first_difference(clean.record(), faulty.record()),
            "faults": faulty.faults(), "frames": faulty.frames(), "lost": faulty.lost(),
            "seconds": faulty.clock.now, "rounds": len(faulty.hub.state.history) if faulty.hub.state else 0,
            "paired": faulty.paired(), "forged": sum(faulty.refused_by_auth()), "drops": faulty.drops(),
        }
    finally:
        shutil.rmtree(data, ignore_errors=True)


# -- the MicroPython tables on ptys ---------------------------------------------------------------------------------
def play_on_micropython(args):
    k, seed, rate = args
    from dicecup.hub.run import Connections
    from dicecup.hub.tablesetup import TableSetup
    from dicecup.sim.faulty import FaultyLine, FaultyTransport
    from dicecup.sim.hands import led_state
    from dicecup.sim.players import BotPlayers
    from dicecup.sim.virtualcup import VirtualCups, find_micropython

    preset = list(PRESETS)[k % len(PRESETS)]
    rules = Rules.parse(f"{preset} {MP_RULES}")
    game_seed = f"{seed}-mp{k}"
    rng = random.Random(f"{game_seed}/faults")

    class FaultyConnections(Connections):
        def transport(self, kind, target):
            lines = [FaultyLine(random.Random(rng.random()), drop=rate, duplicate=rate, reorder=rate, corrupt=rate)
                     for _ in range(2)]
            self.lines = getattr(self, "lines", []) + lines
            return FaultyTransport(super().transport(kind, target), *lines)

    data = scratch()
    found = {"k": k, "what": f"MicroPython {preset} {MP_RULES} {MP_CUPS} cups seed {game_seed}", "desyncs": []}
    try:
        table = TableSetup(rules, data=data, seed=game_seed, screen=lambda item: None, result_pause=0.2)
        table.connections = FaultyConnections(table.inbox, keys=table.keys)
        with VirtualCups(MP_CUPS, runtime=find_micropython(), fast=True, seed=game_seed, keyed=True) as cups:
            table.keys.extra.update(cups.keys)  # paired cups: every frame authenticated, as in `dicecup demo`
            hub = table.make_hub(expect_cups=MP_CUPS)
            hub.bot_delay = 0.0
            conns = table.connect([cup.path for cup in cups])
            players = BotPlayers(cups, hub.watch(), table.stop, seed=game_seed).start()
            try:
                table.play(timeout=240)
                _settle(table, hub, conns)
                found["desyncs"] += _mp_desyncs(hub, cups, conns, led_state)
            finally:
                table.close()
                errors = players.join()
            found["astray"] = _astray(hub, players)
            keep = os.environ.get("FAULTY_LINK_KEEP")  # a folder: the LED logs of cups that sent a move not meant
            for seat, _ in found["astray"] if keep else ():
                cup = next(c for c in cups if c.name == seat)
                Path(keep, f"game{k}-{seat}.leds").write_text("\n".join(cup.led_lines()))
                Path(keep, f"game{k}.journal").write_text(hub.journal.path.read_text())
            if errors:
                found["desyncs"].append(f"a player failed: {errors[0]}")
        lines = table.connections.lines
        found["faults"] = {name: sum(line.counts[name] for line in lines) for name in lines[0].counts}
        found["frames"] = sum(line.frames for line in lines)
        found["lost"] = sum(conn.link.lost for conn in conns)
        found["paired"] = all(getattr(conn, "pairing", "paired") == "paired" for conn in conns)
        found["forged"] = sum(getattr(conn.link, "forged", 0) + getattr(conn.link, "replayed", 0) for conn in conns)
        found["rounds"] = len(hub.state.history) if hub.state else 0
        record = _record(hub.journal.path) if hub.journal else []
        clean = SimGame(rules, game_seed, cups=MP_CUPS, data=data).run()
        found["same_results"] = hub.finished and clean.summary() == _summary(hub)
        found["same_record"] = record == clean.record()
        found["record_diff"] = _first_difference(clean.record(), record)
        clean.close()
        return found
    finally:
        shutil.rmtree(data, ignore_errors=True)


def _settle(table, hub, conns, timeout=15.0):
    """The hub's loop ends with the game; its last RESULTs may still be on their way (or being retransmitted)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not all(conn.settled or conn.down for conn in conns):
        try:
            item = table.inbox.get(timeout=0.01)
            if item[0] == "bytes":
                hub.handle(item)
        except queue.Empty:
            pass
        for conn in conns:
            conn.tick()


def _mp_desyncs(hub, cups, conns, led_state):
    if not hub.finished:
        return [f"stalled: {hub.phase_shown}"]
    found = []
    state = hub.state
    for seat in hub.seats:
        cup = next(c for c in cups if c.cup_id == seat.cup_id)
        if not seat.conn.settled:
            found.append(f"{seat.name}: the hub's last messages never acknowledged")
        want = "out" if not state.alive[seat.index] else "waiting"  # the winner's cup waits for a next game
        try:
            cup.wait_leds(lambda line: led_state(line) == want, timeout=10)
        except Exception:  # noqa: BLE001 - a cup that never shows it is the desync being counted
            found.append(f"{seat.name}: its cup shows {cup.leds()!r}, the hub says {want}")
    return found


def _astray(hub, players):
    """Moves the hub recorded for a cup that its bot did not mean (a gesture read wrong), as (seat, move)."""
    from dicecup.rules import Move, Record
    if hub.journal is None:
        return []
    moves = [(e.seat, str(e.action)) for e in Record.parse(hub.journal.path.read_text()).events if isinstance(e, Move)]
    astray = []
    for hands in players.hands:
        meant = list(hands.intended)
        for move in (m for m in moves if meant and m[0] == meant[0][0]):
            if move in meant:
                del meant[: meant.index(move) + 1]
            else:
                astray.append(move)
    return astray


def _first_difference(clean, faulty):
    """Where two records part: (line number, the clean link's line, the faulty link's), or None."""
    for n, (a, b) in enumerate(zip(clean + [""] * len(faulty), faulty + [""] * len(clean)), 1):
        if a != b:
            return n, a, b
    return None


def _summary(hub):
    state = hub.state
    return state.seats[state.winner], tuple(tuple(o.losers) for o in state.history)


def _record(path):
    return [line for line in Path(path).read_text().splitlines() if line.strip() and not line.lstrip().startswith("#")]


# -- the report --------------------------------------------------------------------------------------------------------
def report(results, label):
    games = len(results)
    desynced = [r for r in results if r["desyncs"]]
    # A game where a virtual cup read a bot's button gesture wrong (its LED log shows, e.g., a double press of B
    # taken as two presses when the cup process was held up on a loaded machine) is another game from that move
    # on: that is the stand-in buttons, not the link. Such games are counted apart, never silently.
    misread = [r for r in results if r.get("astray")]
    differ = [r for r in results if not r.get("same_results") and not r.get("astray")]
    records = [r for r in results if not r.get("same_record") and not r.get("astray")]
    faults = {}
    for r in results:
        for name, count in r.get("faults", {}).items():
            faults[name] = faults.get(name, 0) + count
    frames = sum(r.get("frames", 0) for r in results)
    print(f"{label}: {games} games, {sum(r.get('rounds', 0) for r in results)} rounds, {frames} frames through the "
          f"faulty lines: " + ", ".join(f"{n} {c} ({100 * c / max(frames, 1):.1f} %)" for n, c in faults.items()))
    print(f"  paired (authenticated) games: {sum(1 for r in results if r.get('paired'))}; frames the links dropped "
          f"as forged or replayed: {sum(r.get('forged', 0) for r in results)}; cups dropped for silence: "
          f"{sum(r.get('drops', 0) for r in results)}")
    if misread:
        print(f"  games left out of the comparison because a cup read a bot's button gesture wrong: {len(misread)} "
              f"(games {', '.join(str(r['k']) for r in misread)}; the moves: "
              f"{[move for r in misread for move in r['astray']][:4]}; of those, results unlike the clean link's: "
              f"{sum(1 for r in misread if not r.get('same_results'))})")
    print(f"  messages a link gave up on: {sum(r.get('lost', 0) for r in results)}; results unlike the clean "
          f"link's: {len(differ)}; records unlike it: {len(records)}; games with a desync: {len(desynced)}")
    for r in (desynced + differ + records + misread)[:5]:
        print(f"  e.g. game {r['k']} ({r['what']}): {r['desyncs'][:2] or 'records part at (line, clean, faulty) '}"
              f"{'' if r['desyncs'] else r.get('record_diff')}")
    return sum(len(r["desyncs"]) for r in results), len(differ), len(misread)


def play_all(play, count, args, chunksize):
    """Games 0..count-1 with `play`, in args.workers processes; (results, seconds taken)."""
    began = time.perf_counter()
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.map(play, [(k, args.seed, args.rate) for k in range(count)], chunksize=chunksize)
    return results, time.perf_counter() - began


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=sized(1000, 6))
    parser.add_argument("--mp-games", type=int, default=sized(20, 1))
    parser.add_argument("--seed", default="1")
    parser.add_argument("--rate", type=float, default=0.05)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    in_process, took = play_all(play_in_process, args.games, args, chunksize=10)
    desyncs, differ, misread = report(in_process, f"in process (CPython cups, virtual clock, {took:.0f} s)")
    mp_results = []
    if args.mp_games:
        mp_results, took = play_all(play_on_micropython, args.mp_games, args, chunksize=1)
        mp_desyncs, mp_differ, mp_misread = report(mp_results, f"MicroPython cups on ptys (real time, {took:.0f} s)")
        desyncs += mp_desyncs
        differ += mp_differ
        misread += mp_misread
    total = len(in_process) + len(mp_results)
    print(f"faulty_link_games: {total} games ({len(mp_results)} with MicroPython cups on ptys)")
    if misread:
        print(f"faulty_link_gestures_misread: {misread} games (left out of the comparison, not of the desyncs)")
    print(f"faulty_link_results_differ: {differ} games")
    print(f"faulty_link_desyncs: {desyncs} desyncs")
    return 1 if desyncs or differ else 0


if __name__ == "__main__":
    sys.exit(main())

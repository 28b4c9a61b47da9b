"""Figures on the chip (issue 22 item 5): the Pico cup on the stock MicroPython 1.27.0 firmware of its board, on
emulated RP2040s (dicecup.sim.chip, rp2040js), each target printed beside its figure.

1. Flash: `dicecup flash --board pico` in this process, as a person runs it (the build included: it builds into the
   registry's data folder), onto a fresh board, then again with nothing changed; and the unchanged reflash with
   `--dist` (a build made before: the flash alone). Target: an unchanged reflash within 2 s.
2. Power-on to the cup answering, on a flashed board, several power-ons in two ways: a listener that sends nothing
   and waits for the HELLO the cup says unasked at start, and an asker that sends WHO every 0.1 s from the moment
   the port appears until the cup answers. Each timed from power_on()'s start (the emulator process starting:
   Node loading rp2040js, the firmware image and the flash), from the port appearing (the chip's USB up, as a real
   board's /dev/ttyACM0 appears), and on the chip's own clock (its time since reset when the hello was heard:
   about what a real Pico takes, as the emulator runs slower than real time; the bench prints its speed).
   Target: 1.5 s, read from the port appearing; the headline is the asker's median from the port appearing.
3. Heap and reveal latency, in one game of two emulated Picos, each seated and played through its GPIO pins by a
   bot's hands (sim/hands.py), and an in-process hub:
   - The heap: the firmware is unchanged, but the board's /main.py is replaced by a bench-only one (put on by
     `dicecup flash --dist` from a copy of the build whose main.py differs: the same Ctrl-C guard, then a probe,
     then `cupmain.main()`). At its top, after a collection, it notes gc.mem_free(): the free heap at boot, before
     any of the cup is imported. It wraps cupcore's Runner.step: after every step it notes gc.mem_free() before
     collecting (all that was allocated since the last collection, garbage too: an upper bound of what the heap
     held at any moment in between), then collects and notes it again (what stays alive). After the game the
     bench breaks in (0x00 0x0D 0x03 on the line, cupcore/breakin.py), the probe prints its figures and the board
     falls to its REPL. Reported: free heap at boot minus the lowest free heap (target 40 KB), the part that stays
     alive, beside the board's free heap at a bare REPL (gc.mem_free() on the fresh board before the flash).
     The probe's collection runs after each step, before the cup waits for input, so the cup's replies are not
     held back by it; what it costs per step is printed.
     "The lowest free heap over the game" is the lowest after the first step: the first step holds the whole
     boot (the imports, whose garbage the first collection frees); that figure is printed too.
   - Reveal latency, on the hub: from the call reaching the hub to the round revealed (both cups' reveals asked
     for, received, checked against their commitments, the ruling journaled, the RESULTs sent), p50 and p95; and
     bench/reveal_latency.py's own marks (to every RESULT acknowledged, which on the chip also waits for the next
     deal's frames queued behind the RESULT: each direction is stop-and-wait).

Last line: `chip_power_on_to_answer_p50: N s`. About 4 minutes on a 2-core machine with the defaults; every
emulator started here is stopped here. The quick form (DICECUP_BENCH_QUICK=1) is `--power-ons 1 --unchanged 0
--calls 0`: one Pico flashed once and powered on twice, no game (so no reflash, heap or reveal latency timed).

Run: .venv/bin/python bench/chip_pico.py [--power-ons 4] [--unchanged 2] [--dice 4] [--calls 4] [--keep DIR]
"""
import argparse
import contextlib
import io
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "host"))
sys.path.insert(0, str(ROOT / "tests" / "chip"))  # the chip tests' REPL helper lives with them

from rich.console import Console  # noqa: E402

from chiphelpers import Repl  # noqa: E402
from cupcore import wire  # noqa: E402
from dicecup.build import build, rehash  # noqa: E402
from dicecup.cli import main as dicecup  # noqa: E402
from dicecup.hub.screen import Screen  # noqa: E402
from dicecup.hub.tablesetup import TableSetup  # noqa: E402
from dicecup.registry import Registry  # noqa: E402
from dicecup.rules import Rules  # noqa: E402
from dicecup.sim.chip import EmulatedPico, chip_missing  # noqa: E402
from dicecup.sim.players import BotPlayers  # noqa: E402
from dicecup.hub.snapshot import CallAccepted, RoundRevealed  # noqa: E402
from quickform import sized  # noqa: E402
from reveal_latency import Stopwatch  # noqa: E402  (the same marks as the virtual cups' bench)

TARGET_ANSWER_S = 1.5
TARGET_HEAP_KB = 40
TARGET_UNCHANGED_S = 2.0
WHO_FRAME = bytes(wire.encode(wire.WHO))
BREAK_IN = b"\x00\r\x03"  # cupcore/breakin.py: after a delimiter, CR then Ctrl-C stops the cup

# The bench's /main.py: the stock main.py's guard (copied from the build, up to its `import cupmain`), then this.
PROBE = '''
# bench/chip_pico.py's heap probe, not dicecup's firmware: it wraps cupcore's Runner.step and notes the free heap.
import gc
from time import ticks_diff, ticks_us

gc.collect()
# free at boot, lowest free before a collection, lowest free after one, steps, us collecting, longest collection us,
# lowest free before a collection after the first step (the first holds the imports' garbage)
_heap = [gc.mem_free(), 0, 0, 0, 0, 0, 0]
_heap[1] = _heap[2] = _heap[6] = _heap[0]
from cupcore.runner import Runner

_step = Runner.step


def _probed(self, now):
    wait = _step(self, now)
    h = _heap
    free = gc.mem_free()
    if free < h[1]:
        h[1] = free
    if h[3] and free < h[6]:
        h[6] = free
    t = ticks_us()
    gc.collect()
    t = ticks_diff(ticks_us(), t)
    free = gc.mem_free()
    if free < h[2]:
        h[2] = free
    h[3] += 1
    h[4] += t
    if t > h[5]:
        h[5] = t
    return wait


Runner.step = _probed
import cupmain

try:
    cupmain.main()
except KeyboardInterrupt:
    print("heapprobe", *_heap)
    raise
'''


class Checked:
    """A subscriber to the hub: from a call accepted to the round revealed (every reveal in and checked against its
    commitment, the ruling journaled, the RESULTs sent). Published on the hub's thread, so timed as it comes; it
    also times a game's last call, whose RESULTs the game's end leaves unawaited."""

    def __init__(self):
        self.samples = []
        self._called = None

    def __call__(self, item):
        if isinstance(item, CallAccepted):
            self._called = item.at
        elif isinstance(item, RoundRevealed) and self._called is not None:
            self.samples.append(time.perf_counter() - self._called)
            self._called = None


def say(line):
    print(line, flush=True)


def quantile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


# -- flashing ---------------------------------------------------------------------------------------------------

def timed_flash(pico, data, dist=None):
    """`dicecup flash --board pico` in this process; (its JSON summary, seconds)."""
    args = ["flash", "--board", "pico", "--port", pico.path, "--name", pico.name, "--data", str(data), "--json"]
    if dist is not None:
        args += ["--dist", str(dist)]
    out, err = io.StringIO(), io.StringIO()
    started = time.monotonic()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = dicecup(args)
        except SystemExit as done:
            status = done.code
    seconds = time.monotonic() - started
    if status:
        said = (err.getvalue().strip() or out.getvalue().strip()).splitlines()
        raise SystemExit(f"bench/chip_pico.py: dicecup flash failed on {pico.name}: {said[-1] if said else status}")
    summary = json.loads(out.getvalue().strip().splitlines()[-1])
    pico.cup_id = summary["cup"]["cup_id"]
    return summary, seconds


def probe_dist(stock: Path, out: Path) -> Path:
    """A copy of the build whose main.py is the stock guard followed by the heap probe, its manifest rehashed."""
    shutil.copytree(stock, out)
    main = (stock / "main.py").read_text()
    guard = main[: main.index("import cupmain")]
    (out / "main.py").write_text(guard + PROBE)
    rehash(out)
    return out


def bare_free(pico) -> int:
    """gc.mem_free() after a collection at the fresh board's REPL (nothing of dicecup on it)."""
    with Repl(pico.path) as repl:
        return int(repl.run("import gc; gc.collect(); print(gc.mem_free())"))


# -- power-on to the cup answering ------------------------------------------------------------------------------

class Listener(threading.Thread):
    """Opens the port the instant it appears and reads until a HELLO frame; `ask`: WHO every 0.1 s meanwhile."""

    def __init__(self, pico, ask):
        super().__init__(name="listener", daemon=True)
        self.pico, self.ask = pico, ask
        self.port_at = self.hello_at = self.chip_ms = None
        self.start()

    def run(self):
        import serial

        path, deadline = self.pico.path, time.monotonic() + 60
        while not os.path.exists(path):
            if time.monotonic() > deadline:
                return
            time.sleep(0.001)
        self.port_at = time.monotonic()
        decoder, next_who = wire.Decoder(), 0.0
        with serial.Serial(path, timeout=0.005) as port:
            while time.monotonic() < deadline:
                if self.ask and time.monotonic() >= next_who:
                    port.write(WHO_FRAME)
                    next_who = time.monotonic() + 0.1
                for byte in port.read(port.in_waiting or 1):
                    if decoder.push(byte) and decoder.type == wire.HELLO:
                        self.hello_at = time.monotonic()
                        self.chip_ms = self.pico.now_ms()
                        return


def power_ons(pico, count):
    """{mode: [(from power_on(), from the port appearing, chip ms)]} over `count` power-ons of each mode."""
    samples = {"unasked HELLO": [], "answer to WHO": []}
    for index in range(count):
        for mode, ask in (("unasked HELLO", False), ("answer to WHO", True)):
            pico.power_off()
            started = time.monotonic()
            listener = Listener(pico, ask)
            pico.power_on()
            listener.join(60)
            if listener.hello_at is None:
                raise SystemExit(f"bench/chip_pico.py: {pico.name} never said hello after power-on ({mode})")
            samples[mode].append((listener.hello_at - started, listener.hello_at - listener.port_at,
                                  listener.chip_ms))
        say(f"  power-on {index + 1}/{count}: " + "; ".join(
            f"{mode} {s[-1][0]:.2f} s from power_on(), {s[-1][1]:.2f} s from the port, chip {s[-1][2]:.0f} ms"
            for mode, s in samples.items()))
    return samples


# -- a game: heap and reveal latency ----------------------------------------------------------------------------

def play_game(picos, data, dice, seed):
    """One game of dudo on the emulated Picos; (call to RESULTs acknowledged, call to reveals checked: seconds
    each, per call; the game's seconds)."""
    rules = Rules.parse(f"dudo dice={dice}")
    table = TableSetup(rules, data=data, seed=seed, screen=Screen(console=Console(file=io.StringIO()), brief=True),
                       result_pause=0.05)
    with Registry.open(data) as registry:
        table.keys.extra.update({p.cup_id: bytes.fromhex(registry.get(p.cup_id).key) for p in picos})
    hub = table.make_hub(expect_cups=len(picos))
    hub.bot_delay = 0.0
    stopwatch, checked = hub.subscribe(Stopwatch()), hub.subscribe(Checked())
    table.connect([pico.path for pico in picos])
    players = BotPlayers(list(picos), hub.watch(), table.stop, seed=seed).start()
    runner = threading.Thread(target=table.play, kwargs={"timeout": 600}, name="table")
    started = time.monotonic()
    runner.start()
    runner.join(610)
    table.close()
    errors = players.join()
    if errors:
        raise SystemExit(f"bench/chip_pico.py: a bot's hands failed: {errors[0]}")
    if not hub.finished:
        raise SystemExit("bench/chip_pico.py: the game on the chips did not finish")
    return stopwatch.samples, checked.samples, time.monotonic() - started


def read_probe(pico) -> list:
    """Break into the cup; the probe prints its figures as the cup stops. Returns them as ints."""
    import serial

    with serial.Serial(pico.path, timeout=0.05) as port:
        port.reset_input_buffer()
        port.write(BREAK_IN)
        seen, deadline = b"", time.monotonic() + 20
        while b">>> " not in seen or b"heapprobe" not in seen:
            if time.monotonic() > deadline:
                raise SystemExit(f"bench/chip_pico.py: {pico.name}'s heap probe did not answer: {seen[-200:]!r}")
            seen += port.read(port.in_waiting or 1)
    line = seen[seen.index(b"heapprobe"):].split(b"\r\n")[0].decode()
    return [int(word) for word in line.split()[1:]]


# -- the run ------------------------------------------------------------------------------------------------------

def run(args, work: Path):
    data = work / "registry"
    stock = work / "dist"
    build("pico", stock, force=True)
    playing = args.calls > 0  # no calls wanted (the quick form): one Pico, flashed and powered on, no game
    picos = [EmulatedPico(f"pico{i + 1}", workdir=work / f"pico{i + 1}") for i in range(2 if playing else 1)]
    figures = {}
    try:
        for pico in picos:
            pico.start()
        say("emulated Picos up: stock MicroPython 1.27.0 on rp2040js")
        free_bare = bare_free(picos[0])
        say(f"board's free heap at a bare REPL (gc.collect(); gc.mem_free()): {free_bare} bytes")

        first = []
        for pico in picos:
            summary, seconds = timed_flash(pico, data)
            first.append(seconds)
            say(f"first flash of {pico.name}: {seconds:.2f} s ({summary['bytes']} bytes, {summary['files']} files, "
                "build included)")
        same, same_dist = [], []
        for _ in range(args.unchanged):
            summary, seconds = timed_flash(picos[0], data)
            assert not summary["copied"], summary["copied"]
            same.append(seconds)
            summary, seconds = timed_flash(picos[0], data, dist=stock)
            assert not summary["copied"], summary["copied"]
            same_dist.append(seconds)
        say(f"unchanged reflash: {', '.join(f'{s:.2f}' for s in same)} s (build included); with --dist: "
            f"{', '.join(f'{s:.2f}' for s in same_dist)} s")

        say(f"power-on to the cup answering, {args.power_ons} power-ons each way, on {picos[0].name}:")
        answers = power_ons(picos[0], args.power_ons)

        probed = probe_dist(stock, work / "dist-probe") if playing else None
        changed = []
        for pico in picos if playing else ():
            summary, seconds = timed_flash(pico, data, dist=probed)
            changed.append(seconds)
            assert summary["copied"] == ["main.py"], summary["copied"]
        say(f"flash with one file changed (the probe's main.py, --dist): {', '.join(f'{s:.2f}' for s in changed)} s")

        delivered, checked, game_s, games = [], [], 0.0, 0
        heap = None
        while len(checked) < args.calls and games < 3:
            games += 1
            if games > 1:  # a fresh probe for a fresh game: power-cycle both (their flash kept)
                for pico in picos:
                    pico.power_cycle()
            samples, revealed, seconds = play_game(picos, data, args.dice, f"chip-{games}")
            delivered += samples
            checked += revealed
            game_s += seconds
            say(f"game {games}: {len(revealed)} calls in {seconds:.0f} s")
            read = [read_probe(pico) for pico in picos]
            heap = read if heap is None else [max(a, b, key=lambda h: h[0] - h[6]) for a, b in zip(heap, read)]
        speed = [pico.stats() for pico in picos]
    finally:
        for pico in picos:
            pico.stop()
    figures.update(free_bare=free_bare, first=first, same=same, same_dist=same_dist, changed=changed,
                   answers=answers, heap=heap, delivered=delivered, checked=checked, games=games, game_s=game_s,
                   speed=speed)
    return figures


def report(f):
    say("")
    say("== flash (dicecup flash --board pico, in this process) ==")
    say(f"chip_flash_first: {statistics.median(f['first']):.2f} s median of {len(f['first'])} (build included)")
    if f["changed"]:  # the probe's main.py, flashed for the game
        say(f"chip_flash_one_file: {statistics.median(f['changed']):.2f} s median of {len(f['changed'])} (--dist)")
    if f["same"]:  # --unchanged 0 (the quick form): no reflash timed
        unchanged = max(f["same"])
        mark = "within" if unchanged <= TARGET_UNCHANGED_S else "OVER"
        say(f"chip_flash_unchanged_dist: {max(f['same_dist']):.2f} s worst of {len(f['same_dist'])} (--dist: the "
            "flash alone)")
        say(f"chip_flash_unchanged: {unchanged:.2f} s worst of {len(f['same'])} (build included) "
            f"[target <= {TARGET_UNCHANGED_S:g} s: {mark}]")

    say("== power-on to the cup answering (its first HELLO) ==")
    headline = None
    for mode, samples in f["answers"].items():
        for index, what in ((0, "from power_on() (emulator start)"), (1, "from the port appearing (USB up)"),
                            (2, "on the chip's clock")):
            values = [s[index] / (1000 if index == 2 else 1) for s in samples]
            p50, worst = statistics.median(values), max(values)
            target = ""
            if index == 1:
                target = f" [target <= {TARGET_ANSWER_S:g} s: {'within' if worst <= TARGET_ANSWER_S else 'OVER'}]"
                if mode == "answer to WHO":
                    headline = p50
            say(f"  {mode}, {what}: median {p50:.2f} s, worst {worst:.2f} s{target}")

    if f["heap"] is not None:
        report_game(f)
    else:
        say("== no game played (--calls 0): the heap and reveal latency are not measured ==")
    say(f"chip_power_on_to_answer_p50: {headline:.2f} s")


def report_game(f):
    say("== the cup's heap on the real firmware (the bench's probe around Runner.step) ==")
    for index, h in enumerate(f["heap"]):
        boot, low, low_live, steps, gc_us, gc_max, low_game = h
        say(f"  pico{index + 1}: free at boot {boot / 1024:.1f} KB (bare REPL {f['free_bare'] / 1024:.1f} KB); lowest "
            f"free {low_game / 1024:.1f} KB after the first step, {low / 1024:.1f} KB counting it (the imports' "
            f"garbage); {(boot - low_live) / 1024:.1f} KB alive at most after a collection; {steps} steps, a "
            f"collection {gc_us / steps / 1000:.1f} ms on average and {gc_max / 1000:.1f} ms at most (chip time)")
    used = max(h[0] - h[6] for h in f["heap"])
    mark = "within" if used <= TARGET_HEAP_KB * 1024 else "OVER"
    say(f"chip_heap_free_bare: {f['free_bare'] / 1024:.1f} KB (gc.mem_free() at the bare REPL)")
    say(f"chip_heap_used_from_boot: {max(h[0] - h[1] for h in f['heap']) / 1024:.1f} KB (the first step's imports "
        "included)")
    say(f"chip_heap_alive: {max(h[0] - h[2] for h in f['heap']) / 1024:.1f} KB (what stays after a collection)")
    say(f"chip_heap_used: {used / 1024:.1f} KB (free at boot minus the lowest free over the game, worst board) "
        f"[target <= {TARGET_HEAP_KB} KB: {mark}]")

    say("== reveal latency (two emulated Picos) ==")
    for s in f["speed"]:
        wall, sim = float(s["wall_ms"]), float(s["sim_ms"])
        say(f"  emulator speed: the chip ran at {sim / wall:.2f}x real time over its last power-on ({sim / 1000:.0f} s "
            "of chip time)")
    checked, delivered = [s * 1000 for s in f["checked"]], [s * 1000 for s in f["delivered"]]
    say(f"  {len(checked)} calls over {f['games']} game(s), {f['game_s']:.0f} s; {len(delivered)} of them timed to "
        "their RESULTs acknowledged (a game's last call is not: the game ends)")
    say(f"chip_reveal_latency_delivered_p95: {quantile(delivered, 0.95):.0f} ms (the call to every RESULT "
        "acknowledged, bench/reveal_latency.py's marks)")
    say(f"chip_reveal_latency_delivered_p50: {statistics.median(delivered):.0f} ms")
    say(f"chip_reveal_latency_p95: {quantile(checked, 0.95):.0f} ms (the call to the reveals checked, "
        f"{len(checked)} calls)")
    say(f"chip_reveal_latency_p50: {statistics.median(checked):.0f} ms")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--power-ons", type=int, default=sized(4, 1), help="power-ons timed in each way (default 4)")
    parser.add_argument("--unchanged", type=int, default=sized(2, 0), help="unchanged reflashes timed each way "
                        "(default 2)")
    parser.add_argument("--dice", type=int, default=sized(4, 2), help="dice per player in the game (default 4)")
    parser.add_argument("--calls", type=int, default=sized(4, 0), help="play games (3 at most) until this many calls "
                        "are timed (default 4; 0: one Pico, no game)")
    parser.add_argument("--keep", help="work in this folder and leave it (boards' flash, logs, registry, journals)")
    args = parser.parse_args()
    problem = chip_missing()
    if problem:
        raise SystemExit(f"bench/chip_pico.py: {problem}")
    started = time.monotonic()
    if args.keep:
        work = Path(args.keep)
        work.mkdir(parents=True, exist_ok=True)
        figures = run(args, work)
    else:
        with tempfile.TemporaryDirectory(prefix="dicecup-chipbench-") as tmp:
            figures = run(args, Path(tmp))
    say(f"(bench took {time.monotonic() - started:.0f} s)")
    report(figures)


if __name__ == "__main__":
    main()

"""Random and mutated frames into both decoders: cupcore's Decoder under its Link, on CPython (the hub's) and on
the MicroPython unix port (the cups'). bench/fuzzcore.py makes the frames (the same ones on both, from --seed)
and counts; this runs it on both runtimes at once and prints the figures, crashes last.

    .venv/bin/python bench/fuzz_frames.py [--frames N] [--seed S] [--budget SECONDS]

Three kinds of link, N cases shared out among them on each runtime: `plain` (an unpaired cup's link: CRC-16 only),
`auth-hub` (the hub hearing a paired cup) and `auth-cup` (a paired cup hearing its hub), where every frame must
carry an HMAC tag of the session and a counter above the last; there the generator also forges frames with
another key, tampers with authentic ones (CRC made good again) and replays them.

The kinds of case: intact frames, 1-4 bit flips, truncations, extensions, noise, runs of 0, 1, MAX_FRAME-1,
MAX_FRAME and MAX_FRAME+1 bytes, bad COBS code bytes, good CRCs over garbage bodies, every message type with a
body a few bytes short or long, another protocol version, and two frames spliced where a delimiter was lost.
MicroPython's speed is measured first; if its share would not fit the budget there (default 300 s), it runs as
many as fit and says so (the probe runs alone, the full runs beside the CPython ones, so allow for twice the
probe's time on two cores).
"""
import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from quickform import sized

HERE = Path(__file__).resolve().parent
FIRMWARE = HERE.parent / "firmware"
CORE = HERE / "fuzzcore.py"


def micropython():
    beside = Path(sys.executable).with_name("micropython")
    if beside.exists():
        return str(beside)
    from shutil import which
    return which("micropython")


def command(runtime, frames, seed, target):
    return [runtime, str(CORE), "--frames", str(frames), "--seed", str(seed), "--target", target]


def environment():
    env = dict(os.environ)
    env["MICROPYPATH"] = f".frozen:{FIRMWARE}"
    env["PYTHONPATH"] = str(FIRMWARE)
    return env


def start(runtime, frames, seed, target):
    return subprocess.Popen(command(runtime, frames, seed, target), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=environment(), cwd=HERE)


def result(proc, what):
    out, err = proc.communicate()
    found = {}
    for line in out.splitlines():
        if line.startswith("RESULT "):
            found = dict(part.split("=", 1) for part in line.split()[1:])
        elif line.startswith("EXAMPLE "):
            print(f"  {what}: {line[8:]}")
    if proc.returncode or not found:
        sys.exit(f"fuzz_frames: the {what} run failed (status {proc.returncode}):\n{out}\n{err}")
    return found


def targets():
    """'plain' (an unpaired link), and 'auth-hub', 'auth-cup' (a paired link, each way) when cupcore has them."""
    probe = subprocess.run([sys.executable, str(CORE), "--list-targets"], capture_output=True, text=True,
                           env=environment(), cwd=HERE)
    return probe.stdout.split() or ["plain"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=sized(1_000_000, 300),
                        help="cases per runtime, shared out among the link kinds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=sized(300.0, 5.0), help="seconds the MicroPython runs may take")
    args = parser.parse_args()
    runtime = micropython()
    if runtime is None:
        sys.exit("fuzz_frames: the MicroPython unix port is not installed (python3 dev.py test sets up .venv)")
    kinds = targets()
    per_kind = -(-args.frames // len(kinds))
    # MicroPython is the slower: time a small batch of each link kind there first, then size its runs to the budget.
    probe_frames = sized(5000, 100)
    per_frame = 0.0
    for target in kinds:
        began = time.perf_counter()
        result(start(runtime, probe_frames, args.seed, target), f"MicroPython {target} speed probe")
        per_frame += (time.perf_counter() - began) / probe_frames
    fits = int(args.budget / (2 * per_frame)) if per_frame > 0 else per_kind  # twice: sharing the cores
    mp_frames = min(per_kind, max(probe_frames, fits))
    print(f"MicroPython takes about {per_frame * 1e6 / len(kinds):.0f} us a case here (start-up included); "
          f"{mp_frames:,} of {per_kind:,} a link kind fit the {args.budget:g} s budget")

    totals = {"crashes": 0, "accepted_bad": 0, "lost_good": 0, "unauthenticated": 0}
    cases = {"CPython": 0, "MicroPython": 0}
    for target in kinds:
        runs = [("CPython", start(sys.executable, per_kind, args.seed, target), per_kind),
                ("MicroPython", start(runtime, mp_frames, args.seed, target), mp_frames)]
        for what, proc, frames in runs:
            found = result(proc, f"{what} {target}")
            cases[what] += frames
            print(f"{what:11} {target:8}: {frames:,} cases in {float(found['seconds']):.0f} s, "
                  f"{found['crashes']} crashes, {found['accepted_bad']} corrupt accepted, "
                  f"{found['unauthenticated']} unauthenticated accepted, {found['lost_good']} good lost")
            for key in totals:
                totals[key] += int(found[key])
    if mp_frames < per_kind:
        print(f"(MicroPython ran {mp_frames:,} of {per_kind:,} cases a link kind: what fit the budget)")
    print(f"fuzz_frames_cases: {cases['CPython']} CPython + {cases['MicroPython']} MicroPython cases "
          f"({len(kinds)} link kinds: {', '.join(kinds)})")
    if "auth-hub" in kinds:
        print(f"fuzz_frames_unauthenticated_accepted: {totals['unauthenticated']} frames")
    else:
        print("fuzz_frames_unauthenticated_accepted: not measured (no authenticated link in cupcore)")
    print(f"fuzz_frames_lost_good: {totals['lost_good']} frames")
    print(f"fuzz_frames_accepted_bad: {totals['accepted_bad']} frames")
    print(f"fuzz_frames_crashes: {totals['crashes']} crashes")
    return 1 if totals["crashes"] else 0


if __name__ == "__main__":
    sys.exit(main())

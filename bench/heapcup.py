"""Virtual cups for measuring the cup's heap, beside the product's own (dicecup.sim.virtualcup): the cup's code
in a ROMFS image run in place outside the heap (romfs/), and MicroPython's 32-bit WebAssembly port under node
(wasm/). Used by bench/firmware_heap.py and tests/firmware/test_romfs_cup.py; nothing in dicecup imports this.

    build_lib(folder)       the firmware as .mpy (with the wasm port's two modules), as a board's /lib
    build_romfs(image, lib) the same (or that folder, built already) in a ROMFS image, by mpremote's `romfs build`
    HeapCup(romfs=image)    a VirtualCup that runs from that image; HeapCup(wasm=True, ...) on the wasm port
    plays(rounds, kb, code) whether such a cup gets through a bench's rounds in that heap
    bisect(low, high, fits) the smallest heap in which it does
"""
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from cupcore import wire
from dicecup.link.peer import CupPeer, PeerError
from dicecup.sim.virtualcup import VirtualCup, VirtualCupError, build_mpy, sim_main, tool

HERE = Path(__file__).resolve().parent
ROMCUP = HERE / "romfs" / "romcup.py"  # the launcher that maps the image where a board's flash would be
ROMMAIN = HERE / "romfs" / "rommain.py"  # mounts the image at /rom, then runs the sim board's main.py
WASMCUP = HERE / "wasm" / "wasmcup.mjs"  # the node harness of the WebAssembly port
WASM_MODULES = (HERE / "wasm" / "wasmcup.py", HERE / "wasm" / "wasmos.py")  # the cup's side of that harness


def build_lib(dest, march=None):
    """The firmware as .mpy in dest (a board's /lib), with the wasm port's modules; returns the total bytes."""
    return build_mpy(dest, march=march, extra=WASM_MODULES)


def build_romfs(image, lib=None):
    """build_lib into a ROMFS image at `image` with mpremote's own `romfs build` (`lib`: a folder build_lib made
    already, copied in rather than built again): the image `mpremote romfs deploy` writes to a board's ROMFS
    partition, whose .mpy code then runs in place. Returns its size in bytes."""
    mpremote = tool("mpremote")
    if mpremote is None:
        raise VirtualCupError("mpremote is not installed (pip install mpremote)")
    with tempfile.TemporaryDirectory() as tree:
        if lib is None:
            build_lib(Path(tree) / "lib")
        else:
            shutil.copytree(lib, Path(tree) / "lib")
        proc = subprocess.run([mpremote, "romfs", "--no-mpy", "-o", str(image), "build", tree],
                              capture_output=True, text=True)
    if proc.returncode:
        raise VirtualCupError(f"mpremote romfs build failed: {(proc.stderr or proc.stdout).strip()}")
    return Path(image).stat().st_size


class HeapCup(VirtualCup):
    """A virtual cup whose code comes from a ROMFS image (`romfs`), and/or that runs on the 32-bit WebAssembly
    port under node (`wasm`) instead of the unix port."""

    def __init__(self, *args, romfs=None, wasm=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.romfs = romfs
        self.wasm = wasm

    def command(self):
        if self.wasm:
            code = ["--romfs", str(self.romfs)] if self.romfs else ["--lib", str(self.mpy_dir)]
            return ["node", str(WASMCUP), "--heap", self.heapsize or "1024K"] + code + ["--"] + self.simcup_options()
        if self.romfs:
            heap = ["-X", f"heapsize={self.heapsize}"] if self.heapsize else []
            return ([sys.executable, str(ROMCUP), str(self.romfs)] + heap + [str(ROMMAIN), str(sim_main())]
                    + self.simcup_options())
        return super().command()


def plays(rounds, heap_kb, code, wasm=False, key=None):
    """(True, '') if a cup with `heap_kb` KB of heap, its code in `code` (a folder of .mpy or a ROMFS image), gets
    through `rounds(cup, peer)` (the bench's welcome and rounds, after the cup's hello), else (False, why): the
    last line the cup printed, a MemoryError as a rule. With `key` the cup is keyed and must pair first."""
    where = {"romfs": code} if Path(code).is_file() else {"mpy_dir": code}
    cup = HeapCup(name="bench", fast=True, heapsize=f"{heap_kb}K", wasm=wasm, key=key, **where)
    try:
        cup.start()
        with CupPeer(cup.path, keys={cup.cup_id: key}.get if key else None) as peer:
            peer.send(wire.WHO)
            peer.expect(wire.HELLO)
            if key and peer.pairing != "paired":
                return False, f"the cup did not pair ({peer.pairing})"
            rounds(cup, peer)
            peer.settle()
        if not cup.alive():
            return False, "the cup stopped"
        return True, ""
    except (PeerError, VirtualCupError) as exc:
        errors = cup.stderr().strip().splitlines()
        return False, errors[-1] if errors else str(exc)
    finally:
        cup.stop()


def bisect(low, high, fits, prog):
    """The smallest heap in KB above `low` (known too small) and at most `high` for which `fits(kb)` gives
    (True, ''), each try printed; SystemExit naming `prog` when even `high` does not fit."""
    ok, why = fits(high)
    print(f"heap {high} KB: {'ok' if ok else why}", flush=True)
    if not ok:
        raise SystemExit(f"{prog}: the cup fails even with {high} KB ({why})")
    while high - low > 1:
        mid = (low + high) // 2
        ok, why = fits(mid)
        print(f"heap {mid} KB: {'ok' if ok else why}", flush=True)
        if ok:
            high = mid
        else:
            if "memory" not in why.lower():
                print(f"  (not a MemoryError: {why})", flush=True)
            low = mid
    return high

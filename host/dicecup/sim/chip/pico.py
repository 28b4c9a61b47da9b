"""An emulated Raspberry Pi Pico: the board's own firmware (stock MicroPython, or CircuitPython) on rp2040js, its
USB serial on a pseudo-terminal the hub opens with pyserial as it opens /dev/ttyACM0.

    with EmulatedPico(workdir=tmp / "pico1") as pico:      # powered on; pico.path is its port
        pico.press("b", "long")                            # a thumb on GPIO 15, in the chip's own time
        pico.wait_leds(lambda line: "state=rolled" in line)
        pico.power_cycle()                                 # RAM gone, flash (littlefs in fs.img) kept

The board keeps its flash filesystem in workdir/fs.img across power cycles, resets and restarts. Buttons are
pins driven low by a hand that plays gestures with the same timing as a virtual cup's (sim/hands.py presses both
through press() and reads both through leds()); the NeoPixels are decoded from their bitstream (eyes.py); the
buzzer's PWM is seen as (chip ms, Hz, duty) in `tones`.
"""
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import tempfile
import termios
import threading
import time
from pathlib import Path

from dicecup.shipped import pins_path
from cupcore.gestures import Button
from dicecup.sim.ptyrelay import open_raw_pty
from dicecup.sim.virtualcup import wait_settled

from . import eyes
from .kit import ChipError, emulator_script, firmware_image

TAP_MS = 60        # a tap held this long is read as down by the cup's debounce (20 ms) at least twice
LONG_MS = 700      # past the cup's long press (600 ms)
QUIET_MS = 360     # after a gesture, past the double-press window (300 ms), so the next can't merge with it
SETTLE_MS = 50     # after a gesture's quiet, a pass of the cup's loop to act on it and draw the LEDs
_RESET_EXIT = 3    # the emulator's status when the firmware reset the chip (machine.reset(), a watchdog)
_CUT_EXIT = 4      # the emulator's status after a power cut


def gesture_steps(gesture: str) -> str:
    """The hand's steps for a gesture on an active-low button: '0' held down, 'float' let go (the pull-up)."""
    return {
        "press": f"0:{TAP_MS} float:{QUIET_MS}",
        "long": f"0:{LONG_MS} float:{QUIET_MS}",
        "double": f"0:{TAP_MS} float:{TAP_MS} 0:{TAP_MS} float:{QUIET_MS}",
        "down": "0:0",
        "up": "float:0",
    }[gesture]


class EmulatedPico:
    """One emulated Pico: a Node process running rp2040js, restarted behind the same pty at each power cycle."""

    boot_timeout = 30.0  # seconds for USB to come up on a loaded machine (0.2-0.4 s when idle)

    def __init__(self, name="pico1", workdir=None, firmware="micropython", board="pico", cup_id=None,
                 data_link=False, rosc_stuck=False):
        """rosc_stuck: the chip's ring oscillator gives no randomness (as rp2040js's own stub did)."""
        self.name = name
        self.cup_id = cup_id  # known once a flash has registered the cup: the bot hands look for it at the table
        self._own_dir = workdir is None
        self.workdir = Path(workdir or tempfile.mkdtemp(prefix="dicecup-chip-"))
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.firmware = firmware
        self.rosc_stuck = rosc_stuck
        self.pins = json.loads(pins_path(board).read_text())
        self.fs_image = self.workdir / "fs.img"
        self.log_path = self.workdir / "emu.log"
        self.path = str(self.workdir / f"{name}.tty")
        self.data_path = str(self.workdir / f"{name}.data.tty") if data_link else None
        self.boots = 0
        self.frames = []   # [(chip ms, picture)] from the LED strip, oldest first
        self.tones = []    # [(chip ms, Hz, duty)] from the buzzer's PWM
        self._peek_at = None
        self._settle_at = None  # the chip's time by which every gesture pressed has been taken
        self._table = eyes.letter_table(self.pins["leds"].get("max_level", 255))
        self._lock = threading.Lock()
        self._process = None
        self._ctl = None
        self._replies = []
        self._replied = threading.Condition()
        self._relays = []
        self._ports = {}  # "usb", "data" -> (master, slave), while the board is powered (its USB plugged in)
        self._io = threading.Lock()
        self._data_sock = None
        self._data_spawn = 0  # the boot the data socket was opened in: one opened as the board went off is stale
        self._powered = False
        self._stopping = False

    # -- power -------------------------------------------------------------------------------------------

    def start(self):
        self._script = emulator_script()
        self._image, self._layout = firmware_image(self.firmware)
        self._relays = [_Relay(lambda: self._master("usb"), self._device_out, self._device_in, self._io,
                              f"{self.name} usb")]
        if self.data_path:  # CircuitPython's usb_cdc.data: the emulator's second CDC, on a UNIX socket
            self._relays.append(_Relay(lambda: self._master("data"), self._data_out, self._data_in, self._io,
                                       f"{self.name} data"))
        self.power_on()
        for relay in self._relays:
            relay.start()
        return self

    def power_on(self):
        """Plug the board in: the firmware boots from its flash. Returns once its USB is up."""
        with self._lock:
            self._spawn()
            self._powered = True
        self._wait_usb()
        self._plug()
        return self

    def power_off(self):
        """Unplug it: the emulator saves its flash and ends (RAM, and whatever the firmware held there, is gone)."""
        with self._lock:
            self._powered = False
            self._end(signal.SIGTERM)
            self._unplug()

    def power_cycle(self):
        self.power_off()
        self.boots += 1
        return self.power_on()

    reset = power_cycle  # the RUN pin: the chip starts again, its flash as it was

    def power_cut(self):
        """Power lost this instant: the flash keeps what was written up to now, mid-write or not. The board stays
        off until power_on()."""
        with self._lock:
            self._powered = False
            if self._process is not None and self._process.poll() is None:
                try:
                    self._command("cut", wait=False)
                except ChipError:
                    pass
            self._end(None)
            self._unplug()

    def alive(self) -> bool:
        return self._powered and self._process is not None and self._process.poll() is None

    def stop(self):
        self._stopping = True
        self.power_off()
        for relay in self._relays:
            relay.stop()
        if self._own_dir:
            shutil.rmtree(self.workdir, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    # -- the emulator process ----------------------------------------------------------------------------

    def _spawn(self):
        ctl = self.workdir / "ctl.sock"
        if ctl.exists():
            ctl.unlink()
        cmd = ["node", str(self._script), "--firmware", str(self._image), "--layout", self._layout,
               "--fs", str(self.fs_image), "--ctl", str(ctl)]
        if self.data_path:
            cmd += ["--data-sock", str(self.workdir / "data.sock")]
        if self.rosc_stuck:
            cmd.append("--rosc-stuck")
        self._log = open(self.log_path, "ab", buffering=0)
        self._usb_mark = self.log_path.stat().st_size
        # The emulator ends when its stdin closes, so it never outlives the process that started it (a test killed,
        # a demo's terminal closed).
        self._process = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._log,
                                         bufsize=0, cwd=self._script.parent, start_new_session=True)
        self.frames = []
        self._peek_at = None
        self._settle_at = None  # the chip's time by which every gesture pressed has been taken
        self._connect_ctl(ctl)

    def _end(self, sig):
        process = self._process
        if process is None:
            return
        if process.poll() is None and sig is not None:
            process.send_signal(sig)  # the emulator saves the flash on SIGTERM
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)
        for pipe in (process.stdin, process.stdout):
            try:
                pipe.close()
            except OSError:
                pass
        for sock in (self._ctl, self._data_sock):
            if sock is not None:
                sock.close()
        self._ctl = self._data_sock = None
        self._log.close()

    def _wait_usb(self):
        deadline = time.monotonic() + self.boot_timeout
        while time.monotonic() < deadline:
            with open(self.log_path, "rb") as log:
                log.seek(self._usb_mark)
                if b"USB CDC connected" in log.read():
                    return
            if self._process.poll() is not None:
                break
            time.sleep(0.02)
        raise ChipError(f"{self.name}: the emulated Pico's USB never came up ({self._log_tail()})")

    def _log_tail(self) -> str:
        try:
            lines = self.log_path.read_text(errors="replace").strip().splitlines()
        except OSError:
            return "no log"
        return lines[-1] if lines else "no log"

    def _device_out(self):
        """The emulator's stdout (what the chip sends over USB), or None while it is off."""
        process = self._process
        if process is None or process.poll() is not None:
            self._restart_if_reset()
            return None
        return process.stdout

    def _device_in(self, data: bytes):
        process = self._process
        if process is None or process.poll() is not None:
            return  # bytes sent to a board that is off or rebooting are lost, as on a real USB port
        try:
            process.stdin.write(data)
        except OSError:
            pass

    def _data_out(self):
        """The data channel's socket, connected once the emulator has opened it, or None."""
        if self._data_sock is not None and self._data_spawn != self.boots:
            self._data_sock.close()  # the emulator restarted: its socket is a new one
            self._data_sock = None
        if self._data_sock is None and self.alive():
            sock = socket.socket(socket.AF_UNIX)
            try:
                sock.connect(str(self.workdir / "data.sock"))
            except OSError:
                sock.close()
                return None
            self._data_sock, self._data_spawn = sock, self.boots
        return self._data_sock

    def _data_in(self, data: bytes):
        sock = self._data_sock
        if sock is not None:
            try:
                sock.sendall(data)
            except OSError:
                pass

    def _restart_if_reset(self):
        """The firmware reset the chip itself: power it up again on the same pty, as a Pico re-enumerates."""
        with self._lock:
            process = self._process
            if not self._powered or self._stopping or process is None or process.returncode != _RESET_EXIT:
                return
            self._end(None)
            self._unplug()
            self.boots += 1
            self._spawn()
        self._wait_usb()
        self._plug()

    # -- the USB cable: the host's ports ------------------------------------------------------------------

    def _plug(self):
        """The chip's USB is up: its ports appear, fresh pseudo-terminals behind the same paths (as a board comes
        back as /dev/ttyACM0 and /dev/serial/by-id/... after a power cycle)."""
        for key, path in (("usb", self.path), ("data", self.data_path)):
            if path and key not in self._ports:
                self._ports[key] = _port(path)

    def _unplug(self):
        """The chip is off: its ports vanish; a host holding one reads an error, as when a cable is pulled."""
        with self._io:  # not while a relay is between its select and its read
            ports, self._ports = self._ports, {}
        for key, (master, slave) in ports.items():
            path = self.path if key == "usb" else self.data_path
            if os.path.islink(path):
                os.unlink(path)
            os.close(slave)
            os.close(master)

    def _master(self, key):
        port = self._ports.get(key)
        return port[0] if port else None

    # -- the control socket ------------------------------------------------------------------------------

    def _connect_ctl(self, path):
        deadline = time.monotonic() + self.boot_timeout
        while True:
            try:
                sock = socket.socket(socket.AF_UNIX)
                sock.connect(str(path))
                break
            except OSError:
                sock.close()
                if time.monotonic() > deadline or self._process.poll() is not None:
                    raise ChipError(f"{self.name}: the emulator never opened its control socket "
                                    f"({self._log_tail()})") from None
                time.sleep(0.02)
        self._ctl = sock
        threading.Thread(target=self._read_ctl, args=(sock,), name=f"{self.name} ctl", daemon=True).start()
        self._command(f"ws2812 {self.pins['leds']['gpio']}")
        if "buzzer" in self.pins:
            self._command(f"pwm {self.pins['buzzer']['gpio']}")

    def _read_ctl(self, sock):
        pending = b""
        while True:
            try:
                data = sock.recv(65536)
            except OSError:
                return
            if not data:
                return
            pending += data
            *lines, pending = pending.split(b"\n")
            for line in lines:
                self._on_ctl_line(line.decode(errors="replace"))

    def _on_ctl_line(self, line):
        fields = dict(word.split("=", 1) for word in line.split() if "=" in word)
        if line.startswith("evt ws2812 "):
            raw = bytes.fromhex(fields.get("grb", ""))
            rgb = [(raw[i + 1], raw[i], raw[i + 2]) for i in range(0, len(raw) - 2, 3)]  # the strip takes G R B
            self.frames.append((float(fields["t_us"]) / 1000, eyes.letters(rgb, self._table)))
            del self.frames[:-200]
        elif line.startswith("evt pwm "):
            on = fields.get("on") == "1" and float(fields["duty"]) > 0
            self.tones.append((float(fields["t_us"]) / 1000, float(fields["freq_hz"]) if on else 0.0,
                               float(fields["duty"])))
        elif not line.startswith("evt "):
            with self._replied:
                self._replies.append(line)
                self._replied.notify_all()

    def _command(self, line, wait=True) -> str:
        sock = self._ctl
        if sock is None:
            raise ChipError(f"{self.name} is switched off")
        with self._replied:
            self._replies.clear()
            try:
                sock.sendall(line.encode() + b"\n")
            except OSError:
                raise ChipError(f"{self.name}: the emulator stopped answering") from None
            if not wait:
                return ""
            if not self._replied.wait_for(lambda: self._replies, timeout=10):
                raise ChipError(f"{self.name}: the emulator did not answer {line.split()[0]!r}")
            return self._replies.pop(0)

    def now_ms(self) -> float:
        """The chip's own clock (it runs behind the wall clock when the machine is busy)."""
        return int(self._command("now").split("t_us=")[1]) / 1000

    def stats(self) -> dict:
        return dict(word.split("=", 1) for word in self._command("stats").split()[1:])

    # -- the hand and the eyes ---------------------------------------------------------------------------

    def gpio(self, button: str) -> int:
        return self.pins["buttons"][button]["gpio"]

    def press(self, button, gesture="press"):
        """A gesture ('press', 'long', 'double', or 'down'/'up') on button 'a', 'b' or 'c', queued after the
        hand's previous ones, played in the chip's time."""
        if not self.alive():
            raise ChipError(f"{self.name} is switched off")
        steps = gesture_steps(gesture)
        reply = self._command(f"hand {self.gpio(button)} {steps}")
        started = int(reply.split("start_us=")[1].split()[0]) / 1000
        # Taken once played out (its quiet passes the double-press window) and the cup's next pass has drawn it, in
        # the chip's time.
        played = sum(int(step.split(":")[1]) for step in steps.split())
        self._settle_at = max(self._settle_at or 0, started + played + SETTLE_MS)
        if button == "c" or (button == "a" and gesture == "long"):
            # The peek can only be drawn once the cup has read the gesture: a long press at its long-press time,
            # a press once its double-press window has passed. A frame before that is the display it replaces.
            self._peek_at = started + (Button.long_press_ms if gesture == "long" else TAP_MS + Button.double_ms)

    def settled(self) -> bool:
        """No gesture pressed here is still on its way: what the LEDs show is what came of them (sim/hands.py
        presses again only then, as on a virtual cup)."""
        return self._settle_at is None or not self.alive() or self.now_ms() >= self._settle_at

    def wait_settled(self, timeout=30.0) -> bool:
        """Until every gesture pressed here is played out and read (True), or `timeout` seconds (False)."""
        return wait_settled(self, timeout, poll=0.02)

    def pixels(self) -> str:
        """The strip now, one letter per LED (eyes.letter_table), '' before its first frame."""
        return self.frames[-1][1] if self.frames else ""

    def leds(self) -> str:
        """The strip in a virtual cup's line format, with the state read off it: 'leds a....... state=rolled'."""
        if not self.alive():
            return ""
        frames = list(self.frames)
        state = eyes.read_state(frames, self.now_ms(), self._peek_at)
        return f"leds {frames[-1][1] if frames else ''} state={state}"

    def wait_leds(self, predicate, timeout=10.0):
        deadline = time.monotonic() + timeout
        line = ""
        while time.monotonic() < deadline:
            line = self.leds()
            if line and predicate(line):
                return line
            time.sleep(0.02)
        raise ChipError(f"{self.name}: LEDs never showed what was expected; last: {line!r}")


def _port(path):
    """(master, slave) of a raw pty for the host, reached through the symlink `path`. Both ends stay open here,
    so a host closing its port never leaves the master reading EIO, and a close doesn't hang up the line."""
    master, slave = open_raw_pty()
    attrs = termios.tcgetattr(slave)
    attrs[2] &= ~termios.HUPCL
    termios.tcsetattr(slave, termios.TCSANOW, attrs)
    if os.path.lexists(path):
        os.unlink(path)
    os.symlink(os.ttyname(slave), path)
    return master, slave


class _Relay(threading.Thread):
    """Bytes between the pty the host opens and the emulator's USB CDC (its stdin and stdout). The pty outlives
    the emulator: a power cycle is a new process behind the same port, as a board's USB comes back on the same
    device node."""

    def __init__(self, master, device_out, device_in, io_lock, name):
        """master(): the host pty's master fd now, or None while unplugged; io_lock is held while the ports
        are unplugged, so a closed fd is never read."""
        super().__init__(name=name, daemon=True)
        self.master_now, self.device_out, self.device_in, self.io_lock = master, device_out, device_in, io_lock
        self._ending = threading.Event()
        self._to_host = bytearray()

    def stop(self):
        self._ending.set()
        self.join(5)

    def run(self):
        while not self._ending.is_set():
            out = self.device_out()
            with self.io_lock:
                self._pass(out)

    def _pass(self, out):
        """One look at both ends: what is ready is read and passed on."""
        master = self.master_now()
        if master is None:
            self._to_host.clear()  # unplugged: nobody to hear it
        readers = [fd for fd in (master, out) if fd is not None]
        if not readers:
            self._ending.wait(0.02)
            return
        writers = [master] if self._to_host and master is not None else []
        try:
            ready, writable, _ = select.select(readers, writers, [], 0.05)
        except (OSError, ValueError):  # the emulator's pipe closed between the look and the select
            return
        if out is not None and out in ready:
            try:
                data = os.read(out.fileno(), 65536)
            except (OSError, ValueError):
                data = b""
            if data and master is not None:
                self._to_host += data
                del self._to_host[:-(1 << 20)]  # nobody reads the port: keep the newest 1 MiB
        if master is not None and master in ready:
            try:
                data = os.read(master, 65536)
            except OSError:
                data = b""
            if data:
                self.device_in(data)
        if self._to_host and master in writable:
            try:
                del self._to_host[: os.write(master, self._to_host)]
            except OSError:
                pass

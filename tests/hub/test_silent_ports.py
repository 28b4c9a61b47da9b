"""The silent-port watch (hub/silent_ports.py) with a cup that falls back to its prompt: it is restarted, looked at
again, and given no "who?" while it starts up. The board is a STAND-IN (a scripted REPL, in process): the real
REPL's answers are met in tests/cli/test_play_waiting_port.py and tests/flash/test_probe_booting.py, and the
emulated Pico's boot under a hub's knocks in tests/chip/test_flash_chip.py."""
import threading
import time
from types import SimpleNamespace

import pytest

from dicecup.flash.probe import HOLDS_DICECUP
from dicecup.hub import silent_ports

BANNER = b'MicroPython v1.27.0 on 2026-12-01; Raspberry Pi Pico with RP2040\r\nType "help()" for more information.\r\n'
WHO = b"<who?>"


class CupAtItsPrompt:
    """STAND-IN for a cup's serial port, the board stopped at its friendly REPL (dicecup's files on it). Its first
    `fails` soft resets end at the prompt again, as a board whose start-up was stopped does; the next one starts
    the cup, which says hello (the hub's loop would then set conn.hello). A "who?" within `quiet` of a soft reset
    lands in the board's start-up: counted in `stopped_starts`."""

    target = "/dev/ttyACM9"

    def __init__(self, conn, fails, quiet):
        self.conn, self.fails, self.quiet = conn, fails, quiet
        self.heard, self.heard_total = b"", 0
        self.resets, self.reset_at, self.stopped_starts = 0, None, 0
        self.lock = threading.Lock()

    def heard_since(self, mark):
        count = self.heard_total - mark
        return self.heard[-count:] if count > 0 else b""

    def _say(self, data):
        self.heard += data
        self.heard_total += len(data)

    def write(self, data):
        with self.lock:
            if data == WHO:
                if self.reset_at is not None and time.monotonic() - self.reset_at < self.quiet:
                    self.stopped_starts += 1
            elif data == HOLDS_DICECUP:
                self._say(b"DICECUP=yes\r\n>>> ")
            elif data.endswith(b"\x04"):
                self.resets += 1
                self.reset_at = time.monotonic()
                self._say(b"MPY: soft reboot\r\n")
                if self.resets > self.fails:  # its program starts, and says hello a moment later
                    threading.Timer(0.05, setattr, (self.conn, "hello", (1, 0, 1, 0x9F09D125, "ana", "pico"))).start()
                else:
                    self._say(BANNER + b">>> ")
            elif b"\x02" in data or b"\x03" in data:
                self._say(b"\r\n" + BANNER + b">>> ")


def hub_asking_who(conn, stop):
    """What Seating.tick does: "who?" every few milliseconds to a port without a hello, unless it is knocked on."""
    def ask():
        while not stop.wait(0.01):
            if conn.hello is None and not conn.knocking:
                conn.transport.write(WHO)

    thread = threading.Thread(target=ask, daemon=True)
    thread.start()
    return thread


@pytest.fixture
def quick(monkeypatch):
    for name, seconds in (("BOOT_WAIT", 0.1), ("LISTEN", 0.2), ("RESTARTED_WAIT", 0.4), ("QUIET", 0.3)):
        monkeypatch.setattr(silent_ports, name, seconds)


def watched(fails, wait_until):
    conn = SimpleNamespace(hello=None, down=False, knocking=False, link=SimpleNamespace())
    conn.transport = CupAtItsPrompt(conn, fails, quiet=silent_ports.QUIET)
    said, stop = [], threading.Event()
    asker = hub_asking_who(conn, stop)
    try:
        silent_ports.watch([conn], said.append, stop, patience=0.05)
        deadline = time.monotonic() + 20
        while not wait_until(conn, said) and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        stop.set()
        asker.join(5)
    return conn, said


def test_a_cup_back_at_its_prompt_after_its_restart_is_restarted_again_until_it_says_hello(quick):
    conn, said = watched(fails=2, wait_until=lambda conn, said: conn.hello is not None)
    assert conn.hello is not None, said
    assert conn.transport.resets == 3, said
    assert said == [f"{CupAtItsPrompt.target} is a dicecup cup that was stopped at its prompt: restarted it; still "
                    "waiting for its hello there"] * 3, said  # what the board said before a restart is not read again
    assert conn.transport.stopped_starts == 0, "a who? went to the board while it started up"


def test_a_cup_that_never_starts_is_named_with_what_to_do_after_a_few_restarts(quick):
    conn, said = watched(fails=99, wait_until=lambda conn, said: any("never said hello" in line for line in said))
    assert conn.transport.resets == silent_ports.RESTARTS, said
    assert said[-1] == (f"{CupAtItsPrompt.target} was restarted {silent_ports.RESTARTS} times and never said hello: "
                        f"flash it again (`dicecup flash --port {CupAtItsPrompt.target}`)"), said

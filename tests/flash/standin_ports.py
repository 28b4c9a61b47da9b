"""Ports answered by boards that are not MicroPython, for the flasher's failure tests: each a small CPython loop
on a pseudo-terminal (virtualboard.HostPort, beside this file), named STAND-IN for what it pretends to be."""
import os
import select
import threading

from virtualboard import HostPort


class _StandIn:
    """A port answered by a small CPython loop instead of MicroPython (for the flasher's failure tests)."""

    def __init__(self):
        self._host = None
        self.path = None
        self._thread = None
        self._stopping = False

    def start(self):
        self._host = HostPort()
        self.path = self._host.path
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()
        return self

    def _loop(self):
        while not self._stopping:
            try:
                readable, _, _ = select.select([self._host.master], [], [], 0.05)
                if readable:
                    self.answer(os.read(self._host.master, 4096))
            except OSError:
                return

    def answer(self, data):
        pass

    def stop(self):
        self._stopping = True
        if self._thread is not None:
            self._thread.join(2)
        if self._host is not None:
            self._host.close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


class SilentBoard(_StandIn):
    """STAND-IN: a board that runs something other than a REPL (an Arduino sketch, a bootloader): it never answers,
    or (chatter=True) prints its own lines whatever it is sent."""

    def __init__(self, chatter=False):
        super().__init__()
        self.chatter = chatter

    def answer(self, data):
        if self.chatter:
            self._host.write(b"temp=21.5C\r\n")


class FakeCircuitPython(_StandIn):
    """STAND-IN, not CircuitPython: answers Ctrl-C and Ctrl-B with CircuitPython's banner and prompt, as a
    Circuit Playground Bluefruit does. Only what the flasher needs to tell a CircuitPython board apart."""

    BANNER = (b"\r\nAdafruit CircuitPython 10.0.3 on 2025-10-17; Adafruit Circuit Playground Bluefruit with nRF52840"
              b"\r\n>>> ")

    def answer(self, data):
        if b"\x03" in data or b"\x02" in data:
            self._host.write(self.BANNER)
        elif b"\x01" in data:
            self._host.write(b"\r\nraw REPL; CTRL-B to exit\r\n>")


class BusyMicroPython(_StandIn):
    """STAND-IN, not MicroPython: a board too busy to print its banner at once. To CR then Ctrl-B MicroPython
    answers a prompt for the CR, then the banner and a prompt; here the banner follows `pause` seconds later (what a
    loaded host or a busy board makes of it), so a reader that stops at the first prompt has no banner."""

    BANNER = b"MicroPython v1.27.0 on 2025-12-09; Raspberry Pi Pico W with RP2040\r\nType \"help()\" for more information.\r\n>>> "

    def __init__(self, pause=0.3):
        super().__init__()
        self.pause = pause

    def answer(self, data):
        if b"\x02" in data:
            self._host.write(b"\r\n>>> ")
            threading.Timer(self.pause, self._host.write, (b"\r\n" + self.BANNER,)).start()

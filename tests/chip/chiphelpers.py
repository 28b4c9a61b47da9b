"""A person at an emulated board's REPL: Ctrl-C, then lines typed and their output read, over the real pty."""
import time

import serial

PROMPT = b">>> "


class Repl:
    def __init__(self, path, timeout=20.0):
        self.serial = serial.Serial(path, 115200, timeout=0.05)
        self.timeout = timeout
        self.serial.write(b"\r\x03\x03\x02")  # stop whatever runs; Ctrl-B prints the banner
        self.banner = self._until_prompt().decode(errors="replace")

    def _until_prompt(self) -> bytes:
        seen = b""
        deadline = time.monotonic() + self.timeout
        while not seen.endswith(PROMPT):
            if time.monotonic() > deadline:
                raise AssertionError(f"no REPL prompt within {self.timeout:g} s; got {seen[-200:]!r}")
            seen += self.serial.read(self.serial.in_waiting or 1)
        return seen

    def run(self, line: str) -> str:
        """Type one line; its output, without the echo and the prompt."""
        self.serial.write(line.encode() + b"\r")
        seen = self._until_prompt()
        text = seen.decode(errors="replace").replace("\r\n", "\n")
        return text.split("\n", 1)[1].rsplit(PROMPT.decode(), 1)[0].strip() if "\n" in text else ""

    def wait_for(self, line: str, want: str, timeout: float = 10.0) -> bool:
        """Type the line again until it prints `want` (what a pin reads settles in the chip's time)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.run(line) == want:
                return True
        return False

    def close(self):
        self.serial.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()



def take_a_seat(hub, pico, tries=3, wait=20.0):
    """Hold the board's B button, as its player does, until the hub seats it: held again when no seat came of it
    (on a loaded machine a board just switched on can miss a first press, and a person presses again)."""
    for _ in range(tries):
        pico.press("b", "long")
        try:
            return hub.wait_for(f"{pico.name} takes seat", timeout=wait)
        except AssertionError:
            continue
    raise AssertionError(f"{pico.name} was never seated after {tries} long presses of B:\n" + "\n".join(hub.lines[-20:]))

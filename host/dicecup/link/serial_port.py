"""USB serial (and the virtual cups' pseudo-terminals) through pyserial.

`open_port` is the one way dicecup opens a serial port: the hub's transport, `dicecup ports` and `dicecup flash`
all go through it, so a missing, busy or forbidden port is told the same way everywhere (`PortUnavailable`,
whose message says what to do).
"""
import os

import serial

from .transport import LinkDown, Transport

BAUD = 115200  # USB CDC ignores it; a UART bridge (CH340, CP210x) on an ESP32 board needs it


class PortUnavailable(LinkDown):
    """A serial port that can't be opened (missing, busy, not allowed); the message says which, for people."""


def open_port(target: str, timeout: float = 0, **options) -> serial.Serial:
    """The port, open and held exclusively (a second program can't talk over a cup or a flash).

    `options` go to pyserial (write_timeout, inter_byte_timeout, ...). Raises PortUnavailable."""
    try:
        return serial.Serial(target, BAUD, timeout=timeout, exclusive=True, **options)
    except (serial.SerialException, OSError) as error:
        raise PortUnavailable(explain(target, error)) from None


def not_a_port(target: str):
    """Why `target` can't be a serial port, told without opening it (missing, a folder, a plain file), or None:
    so a command can say it at once instead of after its slow part (flash builds first)."""
    if not target.strip() or os.path.isdir(target) or not os.path.exists(target) or not _is_device(target):
        return explain(target, "No such file" if not os.path.exists(target) else "")
    return None


def explain(target: str, error) -> str:
    """Why `target` can't be opened, in words that say what to do."""
    text = str(error)
    if not target.strip():  # `--port "$PORT"` with PORT unset
        return "a port with no name (--port is empty): name the cup's port (`dicecup ports` lists them)"
    if os.path.isdir(target):
        return f"{target} is a folder, not a serial port: name the cup's port (`dicecup ports` lists them)"
    if "Inappropriate ioctl" in text or (os.path.exists(target) and not _is_device(target)):
        return f"{target} is not a serial port: name the cup's port (`dicecup ports` lists them)"
    if "exclusively lock" in text or "resource busy" in text.lower():
        return (f"{target} is busy: another program (a serial monitor, Thonny, mpremote, a dicecup game) has it "
                "open; close it")
    if "Permission denied" in text:
        return (f"{target}: permission denied; on Linux add yourself to the dialout group "
                "(sudo usermod -aG dialout $USER, then log in again)")
    if "No such file" in text or "could not open port" in text:
        return f"{target}: no such port; is the cup plugged in? (`dicecup ports` lists what is there)"
    return f"{target}: {_plain(error)}"


def _is_device(target: str) -> bool:
    import stat

    try:
        return stat.S_ISCHR(os.stat(target).st_mode)
    except OSError:
        return False


def _plain(error) -> str:
    """An OS error's words without pyserial's wrapping ("[Errno 5] could not open port X: [Errno 5] ...")."""
    strerror = getattr(error, "strerror", None)
    return strerror if isinstance(strerror, str) and strerror else str(error)


def gone(target: str) -> str:
    """What to say when a port that was open stops working: pyserial's own words ("device reports readiness to
    read but returned no data (device disconnected or multiple access on port?)") mean this."""
    return (f"the cup on {target} went away (unplugged, reset, or another program is reading its port); "
            "plug it back in")


class SerialTransport(Transport):
    kind = "serial"
    HEARD = 4096  # the last bytes read are kept, so a port that never says hello can be told apart (hub/silent_ports)

    def __init__(self, target: str):
        super().__init__(target)
        self._port = open_port(target)  # written without waiting: see write()
        self.heard = b""       # the last HEARD bytes read, frames or not
        self.heard_total = 0   # bytes read since the port was opened
        self.unsent = 0        # bytes not written: the far end had not read what was sent before

    def heard_since(self, mark: int) -> bytes:
        """What was read after `heard_total` was `mark` (at most the last HEARD bytes)."""
        count = self.heard_total - mark
        return self.heard[-count:] if count > 0 else b""

    def fileno(self) -> int:
        """The port's descriptor, for the hub's selector (hub/inbox.py): read(0) once it is readable."""
        return self._port.fileno()

    def read(self, timeout: float) -> bytes:
        try:
            if self._port.timeout != timeout:
                self._port.timeout = timeout  # pyserial sets the terminal's attributes again at every change
            first = self._port.read(1)
            if not first:
                return b""
            waiting = self._port.in_waiting
            data = first + (self._port.read(waiting) if waiting else b"")
            self.heard = (self.heard + data)[-self.HEARD:]
            self.heard_total += len(data)
            return data
        except (serial.SerialException, OSError, TypeError) as error:
            # pyserial raises TypeError on some platforms when the device vanishes mid-read
            raise LinkDown(gone(self.target)) from None

    def write(self, data: bytes) -> None:
        """As much as the port's buffer takes, at once: a far end that does not read (a device flooding the line
        and never listening) must not block the table's thread. What does not fit is counted in `unsent`; a frame
        cut short is garbage to the cup, which drops it at the next delimiter, and the link resends what was
        reliable. (pyserial's write waits for room up to the write timeout even when select says there is some.)"""
        try:
            written = os.write(self._port.fileno(), data)  # pyserial opens the port O_NONBLOCK
        except BlockingIOError:
            written = 0
        except (serial.SerialException, OSError):
            raise LinkDown(gone(self.target)) from None
        self.unsent += len(data) - written

    def close(self) -> None:
        try:
            self._port.close()
        except (serial.SerialException, OSError):
            pass


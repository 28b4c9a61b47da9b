"""What answers on a serial port: a dicecup cup (its HELLO), a MicroPython or CircuitPython REPL, or nothing.

`choose_port` picks the one board to flash (or says why it can't), `check_free` tells a busy port apart, and
`interrupt` stops whatever the board runs and reads its REPL banner, which tells MicroPython from CircuitPython.
"""
import time

from dicecup.link.serial_port import PortUnavailable, open_port
from dicecup.link.usb import candidate_ports

from . import FlashError

# 0x00 first: a dicecup cup stops its program on CR, Ctrl-C right after a frame delimiter (cupcore/breakin.py).
INTERRUPT = b"\x00\r\x03"
RAW_PROMPT = b"raw REPL; CTRL-B to exit\r\n"


def choose_port(port=None, lister=candidate_ports):
    """The port to flash: the one given, else the only board plugged in."""
    if port:
        return port
    found = lister()
    if not found:
        raise FlashError("no board found: plug the board in with a data USB cable (some cables only charge), "
                         "check `dicecup ports`, or name the port with --port")
    if len(found) > 1:
        listed = ", ".join(f"{p.device} ({p.maker or p.description})" for p in found)
        raise FlashError(f"several boards are plugged in ({listed}): choose one with --port")
    return found[0].device


def check_free(port):
    """Raise FlashError if the port can't be opened (missing, busy, not allowed)."""
    try:
        open_port(port).close()
    except PortUnavailable as error:
        raise FlashError(str(error)) from None


def read_for(ser, seconds, until=None):
    """Bytes read for `seconds`, or until they end with `until`."""
    data = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        waiting = ser.in_waiting
        if waiting:
            data += ser.read(waiting)
            if until is not None and until in data:
                return data
        else:
            time.sleep(0.005)
    return data


def interrupt(ser, timeout=3.0):
    """Stop what the board runs and ask for its friendly REPL's banner; return (runtime, banner line).

    runtime is "micropython", "circuitpython" or None (nothing that looks like a Python REPL answered)."""
    ser.write(INTERRUPT)
    read_for(ser, 0.1)
    ser.write(b"\r\x02")  # Ctrl-B: the friendly REPL, which prints the banner
    seen = read_for(ser, timeout, until=b">>> ")
    if b">>> " not in seen:
        ser.write(b"\r\x03\x03\x02")  # once more, for a program that needed a second Ctrl-C
        seen += read_for(ser, timeout, until=b">>> ")
    return classify(seen)


def classify(seen: bytes):
    text = seen.decode("utf-8", "replace")
    for line in reversed(text.replace("\r", "\n").split("\n")):
        if "CircuitPython" in line:
            return "circuitpython", line.strip()
        if line.startswith("MicroPython"):
            return "micropython", line.strip()
    return None, ""


def enter_raw(ser, timeout=3.0):
    """From the friendly REPL into the raw REPL. Read a byte at a time: the board's '>' prompt after the banner
    is left for mpremote to read."""
    ser.write(b"\r\x01")
    seen = b""
    deadline = time.monotonic() + timeout
    while not seen.endswith(RAW_PROMPT):
        if time.monotonic() > deadline:
            raise FlashError(f"{ser.port}: the board's REPL did not enter raw mode; press its reset button and "
                             "try again")
        if ser.in_waiting:
            seen += ser.read(1)
        else:
            time.sleep(0.002)


def identify(port, probe_repl=True, timeout=0.6):
    """For `dicecup ports`: {"runtime", "banner", "cup": {...} or None, "error"} for one port."""
    from cupcore import wire
    from dicecup.link.peer import CupPeer, PeerError

    out = {"runtime": None, "banner": "", "cup": None, "error": ""}
    try:
        check_free(port)
        with CupPeer(port) as peer:
            peer.send(wire.WHO)
            try:
                proto, major, minor, cup_id, name, board = peer.expect(wire.HELLO, timeout=timeout)
            except PeerError:
                pass
            else:
                out["cup"] = {"cup_id": cup_id, "id": f"{cup_id:08x}", "name": name, "board": board,
                              "firmware": f"{major}.{minor}", "protocol": proto}
                out["runtime"] = "circuitpython" if board == "cpb" else "micropython"
                return out
        if probe_repl:
            with open_port(port) as ser:
                try:
                    out["runtime"], out["banner"] = interrupt(ser, timeout=1.0)
                finally:  # even on Ctrl-C: a board we stopped is never left stopped
                    ser.write(b"\x04")  # soft reset: let the board go back to its program
    except (FlashError, PeerError, OSError) as error:  # PortUnavailable and pyserial's errors are OSErrors
        out["error"] = str(error)
    return out

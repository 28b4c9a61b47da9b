"""What answers on a serial port: a dicecup cup (its HELLO), a MicroPython or CircuitPython REPL, or nothing.

`choose_port` picks the one board to flash (or says why it can't), `check_free` tells a busy port apart, and
`interrupt` stops whatever the board runs and reads its REPL banner, which tells MicroPython from CircuitPython.

A board that is still booting must not be taken for a bare one. A bare MicroPython REPL answers bytes at once
(it echoes, prints `>>> `); a booting cup is silent until it says HELLO (it says it unasked once started, within
about 1.5 s of power-on). So `hear_hello` waits out a silent port up to a boot deadline, and only REPL output (or
a board that stays silent past it) is knocked on; a knocked board holding dicecup's files is a cup that was
knocked at a bad moment, and is restarted rather than called bare (`identify`).
"""
import time
from dataclasses import dataclass

from dicecup.link.serial_port import PortUnavailable, open_port
from dicecup.link.usb import candidate_ports

from . import FlashError

# 0x00 first: a dicecup cup stops its program on CR, Ctrl-C right after a frame delimiter (cupcore/breakin.py).
INTERRUPT = b"\x00\r\x03"
RAW_PROMPT = b"raw REPL; CTRL-B to exit\r\n"
BOOT_WAIT = 5.0   # seconds a silent board gets to finish booting before it is knocked on (a cup needs ~1.5 s)
QUIET = 1.5       # after a reset the host caused: seconds of listening before the first WHO (see hear_hello)
RESTARTED_WAIT = 15.0  # seconds a cup the host restarted gets to say hello (a busy board, BLE starting up)
WHO_EVERY = 1.0   # seconds between WHOs to a port that has not said hello, as the hub asks
# What only a Python REPL prints: its prompts, the raw REPL's greeting, a traceback, the banner.
REPL_SIGNS = (b">>> ", b"raw REPL", b"Traceback (most recent call last)", b"MicroPython v", b"CircuitPython")
# One line for the friendly REPL: is this a board dicecup flashed? (the echo can't contain the answer)
HOLDS_DICECUP = (b"exec(\"try:\\n import os;os.stat('/.dicecup/installed');print('DICECUP'+'=yes')\\n"
                 b"except OSError:\\n print('DICECUP'+'=no')\")\r")


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
    """Bytes read for `seconds`, or until they hold `until` (bytes, or a tuple of them: any one; or a test
    of the bytes read so far)."""
    if until is None or callable(until):
        done = until
    else:
        endings = (until,) if isinstance(until, bytes) else until
        done = lambda data: any(end in data for end in endings)  # noqa: E731
    data = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        waiting = ser.in_waiting
        if waiting:
            data += ser.read(waiting)
            if done and done(data):
                return data
        else:
            time.sleep(0.005)
    return data


def interrupt(ser, timeout=3.0):
    """Stop what the board runs and ask for its friendly REPL's banner; return (runtime, banner line).

    runtime is "micropython", "circuitpython" or None (nothing that looks like a Python REPL answered)."""
    seen = b""
    # The second knock: for a program that needed a second Ctrl-C, and for a cup that was still booting at the
    # first (its boot.py or main.py took that Ctrl-C, so only a break-in after a delimiter stops it now).
    for after in (b"\r\x02", b"\r\x03\x03\x02"):  # Ctrl-B: the friendly REPL, which prints the banner
        ser.write(INTERRUPT)
        read_for(ser, 0.1)
        ser.write(after)
        # Until the banner and the prompt after it: the CR before Ctrl-B gets a prompt of its own first, and a
        # busy board's banner can come a moment after that prompt.
        seen += read_for(ser, timeout, until=banner_then_prompt)
        if banner_then_prompt(seen):
            break
    return classify(seen)


def banner_then_prompt(heard: bytes) -> bool:
    """True once a REPL's banner line and a prompt after it have been heard."""
    before, prompt, _ = heard.rpartition(b">>> ")
    return bool(prompt) and classify(before)[0] is not None


def looks_like_repl(heard: bytes) -> bool:
    """True if these bytes can only come from a Python REPL (a booting cup says nothing, a cup speaks frames)."""
    return any(sign in heard for sign in REPL_SIGNS)


def holds_dicecup(write, wait):
    """At a MicroPython board's friendly REPL: True if dicecup's files are on it (/.dicecup/installed), False if
    not, None if it never said (a board too busy to answer in time: it may be a cup, so it is not called bare).
    wait(endings, seconds) returns what the board says until it ends with one of `endings`. Asked twice: a
    hub's WHO landing in the typed line (its 0x03 cancels the line) must not make a cup look bare."""
    for _ in range(2):
        write(HOLDS_DICECUP)
        said = wait((b"DICECUP=yes", b"DICECUP=no"), 3.0)
        if b"DICECUP=" in said:
            return b"DICECUP=yes" in said
    return None


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


@dataclass
class Heard:
    """What a port said while hear_hello listened."""
    hello: tuple = None   # the cup's HELLO values, if it said hello
    pairing: str = ""     # how it paired (with keys: see link/peer.py)
    heard: bytes = b""    # the last bytes read, frames or not
    frames: bool = False  # some of them were dicecup frames
    error: str = ""       # why the port could not be opened, if it never could

    @property
    def repl(self) -> bool:
        return looks_like_repl(self.heard)


def hear_hello(port, seconds, answer=None, ask_after=0.0, keys=None) -> Heard:
    """Listen on `port` for a cup's HELLO for up to `seconds`, asking WHO every WHO_EVERY seconds from
    `ask_after` on (a WHO's 0x03 byte, sent right after a reset, would land while the board's own start-up
    still takes Ctrl-C). Ends early at REPL output, and, given `answer`, `answer` seconds after the first WHO
    at bytes that are not frames; a silent port is waited out, as a booting cup is silent. A port that can't
    be opened (yet: a board re-enumerating after its reset) is tried again."""
    from dicecup.link.peer import CupPeer, PeerError

    start = time.monotonic()
    deadline = start + seconds
    error = ""
    while time.monotonic() < deadline:
        try:
            with CupPeer(port, keys=keys) as peer:
                return _listen(peer, start + ask_after, deadline, answer)
        except PeerError as failed:
            error = str(failed)
            time.sleep(0.2)
    return Heard(error=error)


def _listen(peer, first_who, deadline, answer):
    from cupcore import wire

    next_who = first_who
    while True:
        now = time.monotonic()
        if now >= next_who:
            peer.send(wire.WHO)
            next_who = now + WHO_EVERY
        peer.pump(0.05)
        link, transport = peer.link, peer.transport
        frames = any(getattr(link, count) for count in ("accepted", "refused", "forged", "replayed"))
        heard = Heard(None, peer.pairing, transport.heard, frames)
        hellos = [values for mtype, values in peer.inbox if mtype == wire.HELLO]
        if hellos:
            heard.hello = hellos[-1]
            return heard
        noise = (answer is not None and transport.heard_total and not frames
                 and now - first_who >= answer)
        if heard.repl or noise or now >= deadline:
            return heard


def identify(port, probe_repl=True, timeout=0.6, boot_wait=BOOT_WAIT):
    """For `dicecup ports`: {"runtime", "banner", "cup": {...} or None, "error"} for one port.

    A silent port is given `boot_wait` seconds to say hello (a cup powering on); a port that answers like a
    REPL is knocked on at once. A board knocked into its REPL that holds dicecup's files is a cup: it is
    restarted and its hello awaited, never reported as a bare board."""
    from dicecup.link.peer import PeerError

    out = {"runtime": None, "banner": "", "cup": None, "error": ""}
    try:
        check_free(port)
        heard = hear_hello(port, boot_wait, answer=timeout)
        if heard.hello is None and probe_repl and _knock(port, out):
            # a cup restarted here: it says hello once booted, so it is given longer than a silent stranger is
            heard = hear_hello(port, RESTARTED_WAIT * boot_wait / BOOT_WAIT, ask_after=QUIET)
        if heard.hello is not None:
            out.update(banner="", error="")
            _as_cup(out, heard.hello)
        elif heard.error and not out["runtime"]:
            out["error"] = heard.error
    except (FlashError, PeerError, OSError) as error:  # PortUnavailable and pyserial's errors are OSErrors
        out["error"] = str(error)
    return out


def _knock(port, out) -> bool:
    """Stop the board, read its banner into `out`, soft-reset it; True if it holds dicecup or did not say (a cup,
    restarted: its hello is then listened for)."""
    with open_port(port) as ser:
        try:
            out["runtime"], out["banner"] = interrupt(ser, timeout=1.0)
            return out["runtime"] == "micropython" and \
                holds_dicecup(ser.write, lambda ends, s: read_for(ser, s, ends)) is not False
        finally:  # even on Ctrl-C: a board we stopped is never left stopped
            restart(ser.write, lambda ends, seconds: read_for(ser, seconds, ends))


def restart(write, wait, listen=2.0):
    """Soft-reset a board at its REPL so its own program runs again (write and wait as holds_dicecup takes them;
    hub/silent_ports.py restarts a port the hub holds with the same). Only the friendly REPL runs main.py after
    a soft reset, and a WHO's 0x01 (Ctrl-A) may have put it in the raw REPL: Ctrl-B and its prompt first."""
    write(b"\x02")
    wait((b">>> ",), listen)
    write(b"\x04")


def _as_cup(out, hello):
    from dicecup.build import CIRCUITPYTHON

    proto, major, minor, cup_id, name, board = hello
    out["cup"] = {"cup_id": cup_id, "id": f"{cup_id:08x}", "name": name, "board": board,
                  "firmware": f"{major}.{minor}", "protocol": proto}
    out["runtime"] = "circuitpython" if board in CIRCUITPYTHON else "micropython"

"""A port named with `--port` that has not said hello after a few seconds: what it seems to be, in the words
`dicecup ports` uses: nothing answering, something that is not a cup, or a board at a plain
MicroPython or CircuitPython prompt that needs `dicecup flash`.

The hub holds the port, so the port is not opened a second time: its transport keeps the last bytes it read
(`SerialTransport.heard`), and the REPL is asked for its banner through the same transport, as `dicecup ports`
asks it (Ctrl-C, Ctrl-B; then a soft reset lets the board's own program run again).

A port that has said nothing at all is not knocked on at once: a REPL would have answered the hub's WHOs, so
it may be a cup still booting (it says hello unasked once started). It gets until BOOT_WAIT; and a board that
turns out to hold dicecup's files at its prompt is a cup, restarted rather than called bare (flash/probe.py).
"""
import threading
import time

from dicecup.flash.probe import BOOT_WAIT, INTERRUPT, QUIET, RESTARTED_WAIT, banner_then_prompt, classify, \
    holds_dicecup, restart

PATIENCE = 3.0   # seconds a cup has to say hello before its port is looked at (a cup answers WHO at once)
LISTEN = 2.0     # seconds to wait for a REPL's banner, each of two tries
RESTARTS = 3     # times a cup found at its prompt is restarted before the hub says to flash it again


def watch(conns, say, stop: threading.Event, patience: float = PATIENCE) -> None:
    """In a daemon thread: each serial connection still without a hello after `patience` seconds is looked at
    and `say(words)` is told what it seems to be. A cup found at its prompt is restarted, and looked at again if
    it has not said hello RESTARTED_WAIT later (a board slowed down, knocked while it booted, may be at its prompt
    again). `stop` ends the watch early (the game ended, Ctrl-C)."""
    def look():
        waiting, wait = [(conn, 0) for conn in conns], patience  # (connection, byte its look starts from)
        for restarts in range(RESTARTS + 1):
            if stop.wait(wait):
                return
            waiting = [(conn, since) for conn, since in waiting if _unanswered(conn, stop)]
            if restarts == RESTARTS:
                for conn, _ in waiting:
                    say(f"{conn.transport.target} was restarted {RESTARTS} times and never said hello: flash it "
                        f"again (`dicecup flash --port {conn.transport.target}`)")
                return
            restarted = []
            for conn, since in waiting:
                words, mark = _look_at(conn, stop, since)
                if words:
                    say(words)
                if mark is not None:
                    restarted.append((conn, mark))
            waiting, wait = restarted, RESTARTED_WAIT

    threading.Thread(target=look, name="silent ports", daemon=True).start()


def _unanswered(conn, stop) -> bool:
    """A serial connection with no hello that is not known to speak dicecup: one to look at."""
    return conn.hello is None and not conn.down and not stop.is_set() and hasattr(conn.transport, "heard") \
        and not speaks_dicecup(conn)


def _look_at(conn, stop, since):
    """(words, mark): what the port seems to be, from what it said after byte `since`; mark is where its
    restart began (None: not restarted). No "who?" goes to it meanwhile, nor for QUIET after a restart: a
    "who?" frame's 0x01 would put the REPL in raw mode mid-question, and its 0x03 would stop the board's own
    start-up (mounting its filesystem), before main.py switches Ctrl-C off."""
    conn.knocking = True
    try:
        words, mark = describe(conn.transport, lambda: conn.hello is not None or stop.is_set(), since)
        if mark is not None:
            stop.wait(QUIET)
        return words, mark
    finally:
        conn.knocking = False


def speaks_dicecup(conn) -> bool:
    """Frames came from it (a cup the hub did not seat: unpaired, another version): the hub says why itself, and
    the board is a cup, not one to knock on with Ctrl-C."""
    link = conn.link
    return any(getattr(link, count, 0) for count in ("accepted", "refused", "forged", "replayed"))


def describe(transport, answered, since=0):
    """(words, mark): what is on `transport`'s port, in a sentence, judged by what it said after byte `since`
    (None if it said hello meanwhile, `answered()`); mark is where the port's restart began, or None."""
    port = transport.target
    runtime, banner = classify(transport.heard_since(since))
    if transport.heard_total == since:  # silent: maybe a cup still booting
        _wait(transport, since, lambda said: said, BOOT_WAIT, answered)
    if runtime in (None, "micropython") and not answered():  # at a prompt it may still be a cup: asked
        asked = _ask_repl(transport, answered)
        if asked[0] is not None:
            runtime, banner = asked
    mark = transport.heard_total  # after the restart's Ctrl-D, if there was one
    if answered():
        return None, None
    if runtime == "restarted":
        return (f"{port} is a dicecup cup that was stopped at its prompt: restarted it; still waiting for its "
                "hello there"), mark
    if runtime == "unsure":
        return (f"{port} was stopped at a MicroPython prompt ({banner}) and did not say in time whether it holds "
                f"dicecup: restarted it; still waiting for its hello there (none coming: `dicecup flash` it)"), mark
    return _not_a_cup(transport, since, runtime, banner), None


def _not_a_cup(transport, since, runtime, banner) -> str:
    port = transport.target
    if runtime == "micropython":
        board = "atom" if "ESP32" in banner else "pico" if "RP2040" in banner else None
        command = f"`dicecup flash --board {board or 'pico'} --port {port}`" + \
            ("" if board else " (--board atom for an ESP32 board)")
        return (f"{port} answers like a MicroPython board without the dicecup firmware ({banner}): flash it with "
                f"{command}; still waiting for a cup there")
    if runtime == "circuitpython":
        board = "picocp" if "RP2040" in banner.upper() else "cpb"  # "...; Raspberry Pi Pico with rp2040"
        return (f"{port} answers like a CircuitPython board without the dicecup firmware ({banner}): flash it with "
                f"`dicecup flash --board {board}`; still waiting for a cup there")
    said = transport.heard_total - since
    if said:
        return (f"{port} sends data that is not a dicecup cup's ({said} bytes, no Python prompt): "
                f"is it the cup's port? (`dicecup ports` says what each port is); still waiting for a cup there")
    return (f"nothing answers on {port}: is the cup plugged in, switched on and flashed with dicecup? "
            f"(`dicecup ports` says what each port is); still waiting for a cup there")


def _ask_repl(transport, answered):
    """Interrupt whatever runs there and ask for the friendly REPL's banner, as flash.probe.interrupt does;
    ("restarted", banner) for a board that holds dicecup (a cup stopped at its prompt), soft-reset; ("unsure",
    banner) for one too busy to say whether it does, soft-reset too."""
    mark = transport.heard_total
    try:
        # once more for a program needing a second Ctrl-C, or a cup whose boot took the first (flash/probe.py)
        for knock in (INTERRUPT + b"\r\x02", INTERRUPT + b"\r\x03\x03\x02"):
            transport.write(knock)
            _wait(transport, mark, banner_then_prompt, LISTEN, answered)
            runtime, banner = classify(transport.heard_since(mark))
            if runtime is not None:
                cup = runtime == "micropython" and holds_dicecup(transport.write, _waiter(transport, answered))
                _restart(transport, answered)
                return {True: "restarted", None: "unsure"}.get(cup, runtime), banner
            if answered():
                break
    except (OSError, ConnectionError):  # the port went away meanwhile: the hub says so itself
        pass
    return None, ""


def _restart(transport, answered):
    """Soft-reset the board so its own program runs again (probe.restart: Ctrl-B to the friendly prompt first)."""
    restart(transport.write, _waiter(transport, answered), LISTEN)


def _wait(transport, mark, enough, seconds, answered) -> bytes:
    """What the port said after `mark`, once enough(said), after `seconds`, or once it said hello."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not answered() and not enough(transport.heard_since(mark)):
        time.sleep(0.05)
    return transport.heard_since(mark)


def _waiter(transport, answered):
    """wait(endings, seconds) for probe.holds_dicecup, on bytes the hub's loop reads from the port."""
    mark = transport.heard_total
    return lambda ends, seconds: _wait(transport, mark, lambda said: any(e in said for e in ends), seconds,
                                       answered)

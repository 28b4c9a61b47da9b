"""`dicecup cups rekey NAME`: a new key for a cup, over the cable (issue 13).

The key (DICECUP_KEY) pairs a cup with this hub: a cup whose key may have leaked (a board lent out, a
settings.toml copied) gets a fresh one. Through mpremote, as `dicecup flash` writes settings.toml: the board's
current settings are read and checked to be this cup's, the new file is written beside the old one and renamed
over it, read back, and only then does the registry take the new key (a board that never got it keeps pairing
with the old). Then the board restarts and must pair with the new key.

MicroPython boards only: a CircuitPython board's settings.toml is on its CIRCUITPY drive (`dicecup flash --board
cpb` writes it there).
"""
import secrets
import time
from dataclasses import replace

from . import FlashError
from .micropython import BoardError, MicroPythonBoard, settings_of

_READ = "try:\n print(open('/settings.toml').read())\nexcept OSError:\n pass\n"
# Renamed over the old file: a board that loses power halfway has the old settings or the new, never half.
# Relative names, from /, as flash renames (the unix port's VfsPosix renames only relative paths right).
_SWAP = ("import os\nos.chdir('/')\ntry:\n os.rename('settings.new', 'settings.toml')\nexcept OSError:\n"
         " os.remove('settings.toml')\n os.rename('settings.new', 'settings.toml')\n")


def with_key(text: str, key: str) -> str:
    """settings.toml's text with DICECUP_KEY set to key (the other lines as they were)."""
    lines = [line for line in text.splitlines() if line.partition("=")[0].strip() != "DICECUP_KEY"]
    lines.append(f'DICECUP_KEY = "{key}"')
    return "\n".join(lines) + "\n"


def rekey(registry, which: str, port=None, progress=print, confirm_timeout=20.0):
    """Give the cup `which` (its id or name) a new key on its board and in the registry; the cup as recorded."""
    cup = registry.find(which)
    if cup.board == "cpb":
        raise FlashError(f"{cup.name!r} is a Circuit Playground (CircuitPython): rekey works over mpremote on "
                         "MicroPython boards; edit DICECUP_KEY on its CIRCUITPY drive, or flash it again")
    port = port or cup.port
    if not port:
        raise FlashError(f"no port is known for {cup.name!r}: name it with --port (`dicecup ports` lists them)")
    key = secrets.token_hex(32)
    board = MicroPythonBoard(port)
    try:
        board.open_repl()
        now = board.run(_READ).decode(errors="replace")
        found = settings_of(now).get("DICECUP_ID")
        if found != cup.cup_id:
            what = f"cup {found:08x}" if isinstance(found, int) else "a board without a dicecup id"
            raise FlashError(f"{port} holds {what}, not {cup.name!r} ({cup.cup_id:08x}): nothing was changed; "
                             "`dicecup ports` says which port is which cup")
        board.write("/settings.new", with_key(now, key).encode())
        board.run(_SWAP)
        if settings_of(board.run(_READ).decode(errors="replace")).get("DICECUP_KEY") != key:
            raise FlashError(f"{port}: the new key did not read back from the board; its old key still pairs it")
        progress(f"cup {cup.cup_id:08x} {cup.name!r}: the board holds its new key")
    except BoardError as error:
        raise FlashError(f"{port}: the board failed while its settings were written ({error}); "
                         "run `dicecup cups rekey` again") from None
    finally:
        board.restart_quietly()
        board.close()
    cup = registry.record(replace(cup, key=key, port=port))
    confirm_paired(port, cup, confirm_timeout)
    progress(f"cup {cup.cup_id:08x} {cup.name!r}: paired with this hub under its new key")
    return cup


def confirm_paired(port, cup, timeout):
    """WHO until the restarted cup says hello and proves it holds the registry's key."""
    from cupcore import wire
    from dicecup.link.peer import CupPeer, PeerError

    key = bytes.fromhex(cup.key)
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        try:
            with CupPeer(port, keys={cup.cup_id: key}.get) as peer:
                while time.monotonic() < deadline:
                    peer.send(wire.WHO)
                    try:
                        peer.expect(wire.HELLO, timeout=1.5)
                    except PeerError as error:
                        last = error
                        continue
                    if peer.pairing == "paired":
                        return
                    last = f"it answered but did not prove the new key ({peer.pairing})"
        except PeerError as error:  # the port is not back yet (a board re-enumerating after its restart)
            last = error
            time.sleep(0.2)
    raise FlashError(f"{port}: the new key is on the board and in the registry, but the cup did not pair with it "
                     f"within {timeout:g} s ({last}); press its reset button and try `dicecup play`")

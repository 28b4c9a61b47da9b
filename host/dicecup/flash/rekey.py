"""`dicecup cups rekey NAME`: a new key for a cup, over the cable.

The key (DICECUP_KEY) pairs a cup with this hub: a cup whose key may have leaked (a board lent out, a
settings.toml copied) gets a fresh one. Through mpremote, as `dicecup flash` writes settings.toml: the board's
current settings are read and checked to be this cup's, the new file is written beside the old one and renamed
over it, read back, and only then does the registry take the new key (a board that never got it keeps pairing
with the old). Then the board restarts and must pair with the new key.

A CircuitPython board (cpb, picocp) keeps settings.toml on its CIRCUITPY drive, where `dicecup flash --board cpb` wrote
it: `rekey_drive` writes the new key there the same way (beside, then renamed over), reads it back, and only then
records it; the board takes it at its next restart.
"""
import os
import secrets
import time
from dataclasses import replace

from dicecup.build import CIRCUITPYTHON

from dicecup.paths import write_new

from . import FlashError, stays_inside
from .micropython import BoardError, MicroPythonBoard, settings_of
from .probe import QUIET, hear_hello

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
    cup = registry.update(cup, key=key, port=port)  # a rename meanwhile stays
    confirm_paired(port, cup, confirm_timeout)
    progress(f"cup {cup.cup_id:08x} {cup.name!r}: paired with this hub under its new key")
    return cup


def rekey_drive(registry, which: str, drive=None, progress=print):
    """The same for a CircuitPython cup, through its CIRCUITPY drive (found by name, or the folder `drive`)."""
    from .circuitpython import find_drive

    cup = registry.find(which)
    if cup.board not in CIRCUITPYTHON:
        raise FlashError(f"{cup.name!r} is a {cup.board} cup (MicroPython): its key is rekeyed over the cable with "
                         "--port, not on a drive")
    folder = find_drive(drive)
    settings = stays_inside(folder, "settings.toml", "the drive")  # never a link to a file elsewhere
    fresh = folder / "settings.new"  # written by write_new: a link left under this name is removed, not followed
    try:
        now = settings.read_text(errors="replace") if settings.exists() else ""
        found = settings_of(now).get("DICECUP_ID")
        if found != cup.cup_id:
            what = f"cup {found:08x}" if isinstance(found, int) else "no dicecup cup"
            raise FlashError(f"{folder} holds {what}, not {cup.name!r} ({cup.cup_id:08x}): nothing was changed")
        key = secrets.token_hex(32)
        write_new(fresh, with_key(now, key).encode(), mode=0o600)  # a new file: never through a link left there
        os.replace(fresh, settings)  # the drive has the old settings or the new, never half of them
        if settings_of(settings.read_text(errors="replace")).get("DICECUP_KEY") != key:
            raise FlashError(f"{folder}: the new key did not read back from the drive; its old key still pairs it")
    except OSError as error:
        fresh.unlink(missing_ok=True)
        raise FlashError(f"{folder}: the cup's settings could not be written ({error.strerror}); its old key "
                         "still pairs it") from None
    cup = registry.update(cup, key=key)
    progress(f"cup {cup.cup_id:08x} {cup.name!r}: its drive and this hub hold its new key; it pairs with it once "
             "it restarts (press its reset button)")
    return cup


def confirm_paired(port, cup, timeout):
    """The restarted cup's hello (said unasked; WHO only after a quiet spell, see probe.hear_hello), paired
    under the registry's key."""
    key = bytes.fromhex(cup.key)
    deadline = time.monotonic() + timeout
    ask_after, last = QUIET, "it said nothing"
    while time.monotonic() < deadline:
        heard = hear_hello(port, deadline - time.monotonic(), ask_after=ask_after, keys={cup.cup_id: key}.get)
        if heard.hello is not None and heard.pairing == "paired":
            return
        if heard.hello is not None:
            last = f"it answered but did not prove the new key ({heard.pairing})"
        elif heard.repl:
            last = "it stopped at its prompt"
            break
        else:
            last = heard.error or last
        ask_after = 0.0  # it is up by now: ask at once
    raise FlashError(f"{port}: the new key is on the board and in the registry, but the cup did not pair with it "
                     f"within {timeout:g} s ({last}); press its reset button and try `dicecup play`")

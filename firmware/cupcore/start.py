"""A cup's start-up, the same on every board: settings.toml read once, the cup's name, id and key, and cupcore's
Runner over the board. The boards' own start (boards/pico/cupmain.py, boards/atom/atomcup.py and, for every
CircuitPython board, cupcore/cpboard.run) call runner() and then run the loop their way.

What can't be here: a MicroPython cup's Ctrl-C guard, `micropython.kbd_intr(-1)` then a branch inside a try.
A hub's frames carry 0x03 (Ctrl-C to MicroPython) and may come while the cup boots; until kbd_intr(-1) has run,
a Ctrl-C stops whatever is running. Importing this module is code that runs (a file found in /lib and loaded),
so a Ctrl-C in it would stop the cup before the guard: the guard must be the first statements of main.py and
of dicecup's /boot.py themselves (host/dicecup/flash/micropython.py's GUARD; tests/flash/test_probe_booting.py
keeps every copy the same). docs/build.md, "Ctrl-C at boot".
"""
from cupcore.runner import Runner, id_from_uid
from cupcore.session import parse_key


def runner(make_board, settings, default_name, unique_id, pip_mode=None):
    """The cup's Runner. settings.get(key, default) reads settings.toml (a number where the default is one):
    DICECUP_NAME   the owner's name (default_name without one)
    DICECUP_BLE    0: USB only (make_board(ble_name) is given None for the radio's name)
    DICECUP_PIPS   1: the pip-count display (unless the board decides: pip_mode True or False)
    DICECUP_ID     the cup id `dicecup flash` wrote, the one the hub's registry knows; else one from the chip's
                   unique_id() (called only then)
    DICECUP_KEY    the key `dicecup flash` wrote: it pairs the cup with that hub (none: an unpaired cup)
    """
    name = settings.get("DICECUP_NAME", default_name)
    board = make_board(name if settings.get("DICECUP_BLE", 1) else None)
    cup_id = settings.get("DICECUP_ID", 0) or id_from_uid(unique_id())
    if pip_mode is None:
        pip_mode = bool(settings.get("DICECUP_PIPS", 0))
    key = parse_key(settings.get("DICECUP_KEY", None))
    return Runner(board, cup_id, name, pip_mode=pip_mode, key=key)

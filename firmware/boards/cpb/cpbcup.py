"""The Circuit Playground Bluefruit cup's main loop (code.py starts it). settings.toml is read once, by CircuitPython:
DICECUP_NAME (the owner's name), DICECUP_BLE (0: USB only), DICECUP_PIPS (1: pip-count display),
DICECUP_ID (the cup id `dicecup flash` gave it), DICECUP_KEY (its key: pairs it with the hub that flashed it). Needs CircuitPython 10.1 or newer (hashlib)."""
import os

from cupcore.compat import ticks_ms
from cupcore.runner import Runner, id_from_uid
from cupcore.session import parse_key
from cpbboard import CpbBoard
from pinmap import PINS


def setting(key, default):
    value = os.getenv(key)
    return default if value is None else value


def main():
    import microcontroller

    name = str(setting("DICECUP_NAME", "cpb"))
    board = CpbBoard(PINS, ticks_ms, ble_name=name if setting("DICECUP_BLE", 1) else None)
    # dicecup flash writes the cup's id (the one the hub's registry knows) to settings.toml
    cup_id = setting("DICECUP_ID", 0) or id_from_uid(microcontroller.cpu.uid)
    key = parse_key(setting("DICECUP_KEY", None))  # the key dicecup flash wrote pairs the cup with that hub
    Runner(board, cup_id, name, pip_mode=bool(setting("DICECUP_PIPS", 0)), key=key).run()

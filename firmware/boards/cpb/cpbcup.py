"""The Circuit Playground Bluefruit cup's main loop (code.py starts it). settings.toml is read once, by CircuitPython:
DICECUP_NAME (the owner's name), DICECUP_BLE (0: USB only), DICECUP_PIPS (1: pip-count display)."""
import os
import time

from cupcore.compat import ticks_ms
from cupcore.runner import Runner, id_from_uid
from cpbboard import Board
from pinmap import PINS


def setting(key, default):
    value = os.getenv(key)
    return default if value is None else value


def main():
    import microcontroller

    name = str(setting("DICECUP_NAME", "cpb"))
    board = Board(PINS, ticks_ms, ble_name=name if setting("DICECUP_BLE", 1) else None)
    runner = Runner(board, id_from_uid(microcontroller.cpu.uid), name, pip_mode=bool(setting("DICECUP_PIPS", 0)))
    pause = PINS["loop_ms"] / 1000
    while True:
        runner.step(ticks_ms())
        time.sleep(pause)

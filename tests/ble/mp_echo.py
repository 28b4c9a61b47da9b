"""Runs ON the MicroPython unix port built with `bluetooth` (micropython-ble), against a controller on the virtual
air ($MICROPYBTUART): the cups' own NUS peripheral (cupcore/nus.py) echoing every whole frame it receives, so the
hub's end can check frames of every length both ways through both real stacks.

    MICROPYBTUART=PTY micropython-ble mp_echo.py FIRMWARE_DIR NAME
"""
import sys
import time

sys.path.insert(0, sys.argv[1])
from cupcore import nus  # noqa: E402

import bluetooth  # noqa: E402

peripheral = nus.Peripheral(bluetooth, sys.argv[2])
frames = []


def feed(buf, n):
    frames.append(bytes(buf[:n]))
    peripheral.taken = True  # the echo's hub sends no authenticated frames: keep it all the same


while True:
    peripheral.poll(feed)
    while frames:
        peripheral.write(frames.pop(0))
    time.sleep_ms(1)

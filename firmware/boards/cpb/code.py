"""Boots the Circuit Playground Bluefruit cup (CircuitPython runs code.py): the shared CircuitPython loop over this
board's hook."""
from cpbboard import CpbBoard
from cupcore.cpboard import run
from pinmap import PINS

run(CpbBoard, PINS)

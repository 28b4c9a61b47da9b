"""Boots the cup on a Pico running CircuitPython (CircuitPython runs code.py): the shared CircuitPython loop over
this board's hook."""
from cupcore.cpboard import run
from picocpboard import PicoCpBoard
from pinmap import PINS

run(PicoCpBoard, PINS)

"""Emulated boards: a cup's own board firmware on an emulated chip (the Raspberry Pi Pico on rp2040js), for the
tests, the benches and `dicecup demo --board pico`. Needs Node.js; rp2040js comes from npm (kit.py)."""
from .kit import ChipError, chip_missing
from .pico import EmulatedPico

__all__ = ["ChipError", "EmulatedPico", "chip_missing"]

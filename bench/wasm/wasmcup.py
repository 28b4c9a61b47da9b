"""The virtual cup on MicroPython's WebAssembly port, a 32-bit MicroPython, for bench/firmware_heap.py: the
unix port here is a 64-bit build, and the heap a 32-bit board needs is what the bench is after.

bench/wasm/wasmcup.mjs loads the port, then calls start(argv) once and feed/command/step as bytes, button
commands and time arrive, exactly what simcup.run does with select on the unix port. Bytes cross to and from
JavaScript as hex text.
"""
import js  # the WebAssembly port's bridge to JavaScript
import wasmos  # noqa: F401  (first: cupcore needs the os.urandom this port lacks)

import simcup
from cupcore.compat import ticks_ms

_cup = None


def _write(frame):
    js.serialWrite(frame.hex())


def start(argv):
    global _cup
    _cup = simcup.SimCup(simcup.parse_args(["wasmcup"] + list(argv)), _write)


def feed(hex_bytes):
    data = bytes.fromhex(hex_bytes)
    _cup.feed(data, len(data))


def command(line):
    return _cup.command(line)


def step():
    _cup.step(ticks_ms())

"""STAND-IN for CircuitPython's built-in `__future__` (tests/boards only): MicroPython's unix port has none, and
the real adafruit_ble the CPB tests run begins with `from __future__ import annotations`. Annotations are never
evaluated by either runtime."""
annotations = True

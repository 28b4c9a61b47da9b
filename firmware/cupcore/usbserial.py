"""The USB serial port of a MicroPython board (the Pico, the ATOM): stdin/stdout with Ctrl-C switched off (a
frame may hold a 0x03 byte), read without blocking. wait(ms) returns as soon as a byte arrives, so a frame is
answered at once. (CircuitPython boards have usb_cdc instead: see boards/cpb.)"""
import sys

import micropython
import select

from cupcore.breakin import BreakIn


class UsbSerial:
    def __init__(self):
        micropython.kbd_intr(-1)
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer
        self._buf = bytearray(64)
        self._break = BreakIn()

    def poll(self, feed):
        n = 0
        buf = self._buf
        while n < len(buf) and self._poll.poll(0):
            got = self._in.read(1)
            if not got:
                break
            if self._break.see(got[0]):
                raise KeyboardInterrupt  # mpremote or dicecup flash asks for the REPL (cupcore/breakin.py)
            buf[n] = got[0]
            n += 1
        if n:
            feed(buf, n)

    def wait(self, ms):
        """Wait until a byte arrives or ms have passed; True if one did."""
        return bool(self._poll.poll(ms))

    def write(self, frame):
        self._out.write(frame)

"""Ctrl-C for a cup whose serial line carries frames.

A cup switches Ctrl-C off (micropython.kbd_intr(-1)) because a frame may hold a 0x03 byte. Then nothing could
stop the cup's program to put new firmware on it. mpremote and `dicecup flash` begin with CR then Ctrl-C
(0x0D 0x03); sent right after a frame delimiter (0x00), or first thing on the line, those two bytes can never
begin a frame: a frame's first COBS byte is always followed by the version byte (1). So the cup watches for
0x00 (or nothing yet), 0x0D, 0x03 and, seeing it, stops its program as Ctrl-C would.
"""


class BreakIn:
    def __init__(self):
        self._state = 1  # 1: after a delimiter (or at start); 2: after a delimiter and CR; 0: inside a frame

    def see(self, byte):
        """True when `byte` completes the break-in."""
        state = self._state
        if byte == 0:
            self._state = 1
        elif state == 1 and byte == 0x0D:
            self._state = 2
        elif state == 2 and byte == 0x03:
            self._state = 1
            return True
        else:
            self._state = 0
        return False

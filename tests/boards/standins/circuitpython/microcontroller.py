"""STAND-IN for CircuitPython's microcontroller: `nvm` as a bytearray (nvm.ByteArray reads and assigns slices
the same way; each assignment is one erase-and-write there), and the chip's uid."""


class _Cpu:
    uid = b"\x01\x02\x03\x04\x05\x06\x07\x08"


cpu = _Cpu()
nvm = bytearray(256)

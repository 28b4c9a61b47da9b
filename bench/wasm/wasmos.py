"""What MicroPython's WebAssembly port lacks of `os`, given to it: importing this adds `urandom` and `getenv` to the
port's own os module (whose files, mkdir, rename and remove cupcore's FileStore uses), so cupcore's
`from os import urandom` and the sim board's `getenv` work there. The bytes come from the JavaScript host's
crypto.getRandomValues (the harness defines `randomHex`), where a board would use its hardware random source.

The port's os is completed, never replaced: a stand-in holding only these two once hid the port's file functions,
and the firmware's portable tests failed there as soon as the cup kept its deal in a file (cupcore/keep.py)."""
import os

import js  # the WebAssembly port's bridge to JavaScript


def urandom(n):
    return bytes.fromhex(js.randomHex(n))


def getenv(name, default=None):
    # The sim board reads its settings (DICECUP_KEY) this way; the harness passes the environment through.
    value = js.getEnv(name)
    return value if value else default


for _name, _function in (("urandom", urandom), ("getenv", getenv)):
    if not hasattr(os, _name):
        setattr(os, _name, _function)

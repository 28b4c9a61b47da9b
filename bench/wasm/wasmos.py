"""Stand-in for `os` on MicroPython's WebAssembly port, which has none: importing this installs it, so cupcore's
`from os import urandom` (and the sim board's `getenv`) works there. The bytes come from the JavaScript host's crypto.getRandomValues (the
harness defines `randomHex`), where a board would use its hardware random source."""
import sys

import js  # the WebAssembly port's bridge to JavaScript


class _Os:
    @staticmethod
    def urandom(n):
        return bytes.fromhex(js.randomHex(n))

    @staticmethod
    def getenv(name, default=None):
        # The sim board reads its settings (DICECUP_KEY) this way; the harness passes the environment through.
        value = js.getEnv(name)
        return value if value else default


sys.modules["os"] = _Os

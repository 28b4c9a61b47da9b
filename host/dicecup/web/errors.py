"""The web side's one error a user sees: kept apart so that server.py and the modules it uses (tls.py) share it."""


class WebError(Exception):
    """The server can't start (the port is taken, the address is not this machine's, the certificate is
    unusable); the text says what to do."""


class PortTaken(WebError):
    """The port is taken: another may be picked, unless pages are to come back to this one (a resumed game)."""

"""STAND-IN for CircuitPython's `hashlib` (tests/firmware only): as in its shared-bindings, the module has only
`new(name, data)`, no `sha256` constructor. (CircuitPython 10.0 on the nRF52840 has no hashlib at all.)
The hashing itself is MicroPython's built-in, reached by its other name."""
import uhashlib

_ALGORITHMS = {"sha256": uhashlib.sha256, "sha1": getattr(uhashlib, "sha1", None)}


def new(name, data=b""):
    make = _ALGORITHMS.get(name)
    if make is None:
        raise ValueError("unsupported hash type")
    return make(data)

"""The keys a hub pairs cups with (docs/protocol.md, "Authentication"): the registry's, for every cup
`dicecup flash` provisioned (read at each HELLO, so a `dicecup cups rekey` counts at the next), and the keys of
the virtual cups this process started itself (the demo's, play --sim's), which live only in memory.

    keys = Keyring(data_dir, {cup_id: key})
    keys(cup_id) -> the 32-byte key, or None: the hub can't pair that cup (it sits only if unpaired cups may)
    keys.name_of(cup_id) -> the name the cup was paired under (the registry's; a phone seat's), or None

A paired cup plays under the name it was paired under, never under the one it gives itself (seating.py).
"""
from pathlib import Path

from dicecup.registry import FILENAME, Registry, RegistryError


class Keyring:
    def __init__(self, data_dir, extra=None):
        self.registry = Path(data_dir) / FILENAME
        self.extra = dict(extra or {})
        self.names = {}         # cup id -> the name an extra key was given for (a phone seat's), when it has one
        self.unreadable = None  # the RegistryError of the last lookup that failed, for the table to say

    def __call__(self, cup_id):
        if cup_id in self.extra:
            return self.extra[cup_id]
        cup = self._registered(cup_id)
        if cup is None:
            return None
        try:
            key = bytes.fromhex(cup.key)
        except ValueError:
            return None
        return key if len(key) == 32 else None

    def name_of(self, cup_id):
        if cup_id in self.extra:
            return self.names.get(cup_id)
        cup = self._registered(cup_id)
        return cup.name if cup is not None else None

    def _registered(self, cup_id):
        if not self.registry.exists():  # no cup was ever flashed here: nothing to open (or create)
            return None
        try:
            with Registry(self.registry) as registry:
                return registry.get(cup_id)
        except RegistryError as error:
            self.unreadable = error
            return None

"""The hub's few random draws: round nonces, dudo's first opener, the revolver's trigger pulls, and the dice of
hub-seated bots.

By default they come from `secrets` (the operating system's cryptographic source). With a seed (tests, demos,
`--seed`) they come from HMAC-SHA256 in counter mode keyed by the seed: still unpredictable to anyone who does
not know the seed, and the same seed gives the same game.
"""
import hashlib
import hmac
import secrets


class Chance:
    def __init__(self, seed=None):
        self._key = None if seed is None else hashlib.sha256(str(seed).encode()).digest()
        self._counter = 0

    @property
    def seeded(self) -> bool:
        return self._key is not None

    def bytes(self, n: int) -> bytes:
        if self._key is None:
            return secrets.token_bytes(n)
        out = b""
        while len(out) < n:
            self._counter += 1
            out += hmac.new(self._key, self._counter.to_bytes(8, "big"), hashlib.sha256).digest()
        return out[:n]

    def below(self, n: int) -> int:
        """Uniform in 0..n-1, by rejection sampling (no modulo bias)."""
        if self._key is None:
            return secrets.randbelow(n)
        limit = 256 ** 4 - (256 ** 4 % n)
        while True:
            value = int.from_bytes(self.bytes(4), "big")
            if value < limit:
                return value % n

    def choice(self, items):
        return items[self.below(len(items))]

    def dice(self, count: int) -> tuple:
        return tuple(self.below(6) + 1 for _ in range(count))

    def trigger(self, bullets: int) -> bool:
        """One pull of a six-chamber revolver holding `bullets`: True is death."""
        return self.below(6) < bullets

    def fork(self, label: str) -> "Chance":
        """An independent stream (for a bot's own decisions), reproducible when this one is seeded."""
        if self._key is None:
            return Chance()
        return Chance(hmac.new(self._key, label.encode(), hashlib.sha256).hexdigest())

"""The hub's few random draws: round nonces, dudo's first opener, the revolver's trigger pulls, and the dice of
hub-seated bots.

At a table (`play`, `resume`) they always come from `secrets` (the operating system's cryptographic source):
a seed there would let a cup that knows it grind its own seed before committing, and predict the bots' dice.
With a seed (`demo --seed`, tests) they come from HMAC-SHA256 in counter mode keyed by the seed, so the same seed
replays the same game; then the hub writes `#@ seeded` in the journal (Table.start), and `dicecup verify` says
the game was not dealt fairly. The hub writes that fact itself whenever it is seeded: a line claiming the
opposite could not be checked, so its absence is what a fair journal shows.
"""
import hashlib
import hmac
import secrets

from .journalfacts import facts

SEEDED_FACT = "seeded"  # `#@ seeded`: the hub's draws in this journal came from a seed (demo --seed)


def seeded_at(text: str):
    """The line of a journal's `#@ seeded` fact (its hub's draws were predictable from a seed), or None."""
    return next((fact.line for fact in facts(text) if fact.kind == SEEDED_FACT), None)


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

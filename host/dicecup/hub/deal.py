"""One deal: the hub's nonce for one roll of the dice, who was dealt, what each cup committed to, and what each
revealed. The deal owns the commit/reveal check: a reveal counts only if it hashes (with cupcore's own
function) to the commitment that cup sent at the roll."""
import hmac

from cupcore import commit as commitment


class Deal:
    """Deal `id` with `nonce`, dealt to `counts` (seat index -> how many dice). Bots seated on the hub have
    their dice from the hub at once (`bot_dice`); cups commit first and reveal after a call."""

    def __init__(self, id: int, nonce: bytes, counts: dict, *, rolloff: bool = False, deadline=None):
        self.id = id
        self.nonce = nonce
        self.counts = dict(counts)
        self.rolloff = rolloff
        self.deadline = deadline   # when a cup that has not answered counts as dropped (None: no clock)
        self.commits = {}          # seat index -> 32-byte commitment
        self.reveals = {}          # seat index -> dice, checked (cups) or the hub's own draw (bots)
        self.salts = {}            # seat index -> the salt that came with a checked reveal
        self.bot_dice = {}         # seat index -> dice of a bot seated on the hub (hidden until the reveal)
        self.cups = set()          # seat indices dealt to a cup (the rest are bots)
        self.doubted = set()       # cups that came back mid-deal: their commitment must be sent again

    @property
    def dealt(self) -> list:
        return sorted(self.counts)

    # -- commitments ------------------------------------------------------------------------------------
    def commit(self, index: int, digest: bytes) -> str:
        """Take a cup's commitment: "new", "same" (sent again: the cup kept its dice) or "different" (the cup
        rolled afresh, so it lost the dice it committed to), or "not dealt"."""
        if index not in self.counts:
            return "not dealt"
        known = self.commits.get(index)
        if known is None:
            self.commits[index] = bytes(digest)
            return "new"
        if not hmac.compare_digest(known, bytes(digest)):
            return "different"
        self.doubted.discard(index)
        return "same"

    def ask_again(self, index: int) -> None:
        """Wait for this cup's commitment again (it came back while the deal was being committed to)."""
        self.doubted.add(index)

    def missing_commits(self) -> set:
        return {i for i in self.cups if i not in self.commits} | self.doubted

    # -- reveals ----------------------------------------------------------------------------------------
    def check_reveal(self, index: int, dice, salt) -> bool:
        """True (and the dice kept) when `dice` and `salt` are what cup `index` committed to for this deal."""
        known = self.commits.get(index)
        if known is None or len(dice) != self.counts.get(index, -1) or any(not 1 <= d <= 6 for d in dice):
            return False
        try:
            expected = commitment.digest(self.nonce, index, bytes(dice), bytes(salt))
        except ValueError:  # a salt of the wrong size: not a reveal of this commitment
            return False
        if not hmac.compare_digest(expected, known):
            return False
        self.reveals[index] = tuple(dice)
        self.salts[index] = bytes(salt)
        return True

    def reveal_bots(self) -> None:
        self.reveals.update(self.bot_dice)

    def missing_reveals(self) -> set:
        return {i for i in self.counts if i not in self.reveals}

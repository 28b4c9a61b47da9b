"""One deal: the hub's nonce for one roll of the dice, who was dealt, what each seat committed to, the entropy the
hub gave each after its commitment, and what each revealed. The deal owns the fair-dice check (docs/protocol.md,
"Fair dice"): a reveal counts only if its seed hashes, with cupcore's own function, to the commitment that cup
sent, AND every die is what that seed and the hub's entropy give, recomputed here with cupcore's own dice."""
import hashlib
import hmac

from cupcore import commit as commitment
from cupcore import dice as fair_dice
from cupcore import vouch

from .. import cuptags

RECEIPT_TAG = b"dicecup-entropy-2"


def entropy_receipt(nonce: bytes, seat: int, digest: bytes, entropy: bytes) -> str:
    """The 8 hex digits the journal writes beside a seat's entropy: SHA-256(tag | nonce | seat | commitment |
    entropy)[:4]. It binds the entropy to the commitment it answered, so a changed entropy byte in a journal is
    caught even when the dice it gives happen to be the same (one die in six for a one-die seat)."""
    return hashlib.sha256(RECEIPT_TAG + nonce + bytes((seat,)) + digest + entropy).digest()[:4].hex()


class Deal:
    """Deal `id` with `nonce`, dealt to `counts` (seat index -> how many dice). Bots seated on the hub get a seed
    and entropy drawn by the hub at once (`deal_bot`); cups commit first, get entropy, and reveal after a call."""

    def __init__(self, id: int, nonce: bytes, counts: dict, *, rolloff: bool = False, deadline=None):
        self.id = id
        self.nonce = nonce
        self.counts = dict(counts)
        self.rolloff = rolloff
        self.deadline = deadline   # when a cup that has not answered counts as dropped (None: no clock)
        self.hurried = False       # the deadline is the last reveal's short one (Table.late_reveal_wait)
        self.commits = {}          # seat index -> 32-byte commitment to a secret seed
        self.entropy = {}          # seat index -> the 16 bytes the hub sent after holding that commitment
        self.reveals = {}          # seat index -> dice, checked (cups) or the hub's own draw (bots)
        self.seeds = {}            # seat index -> the seed that came with a checked reveal (or a bot's, revealed)
        self.tags = {}             # seat index -> the cup's tag over its checked reveal, for the journal (cuptags.py)
        self.bot_dice = {}         # seat index -> dice of a bot seated on the hub (hidden until the reveal)
        self.bot_seeds = {}        # seat index -> that bot's seed (hidden until the reveal)
        self.cups = set()          # seat indices dealt to a cup (the rest are bots)
        self.doubted = set()       # cups that came back mid-deal: their commitment must be sent again
        self.dealt_again = set()   # cups sent this deal again (back from a drop or a reset): may commit afresh
        self.second_commits = set()  # cups that sent a different commitment unasked (refused, said once)
        self.without_dice = set()  # cups back without the dice they were shown: the table waits for the host's
                                   # `reroll NAME` or `retire NAME` (recovery.py), never re-deals on the cup's word
        self.rechecking = {}       # seat index -> deadline: a cup back from a drop, asked again for its commitment;
                                   # the table stays paused until it answers (the same: go on; another: roll again)

    @property
    def dealt(self) -> list:
        return sorted(self.counts)

    # -- commitments and entropy ----------------------------------------------------------------------------------
    def commit(self, index: int, digest: bytes) -> str:
        """Take a cup's commitment: "new", "same" (sent again: the cup kept its seed), "replaced" (a fresh one
        before the hub sent this seat's entropy: no dice existed yet, so nothing is lost), "different" (after the
        entropy, from a cup this deal was sent again: it lost the dice it was shown), or "not dealt". A different
        one after the entropy from a cup this deal was not sent again is "unasked" (the first time, then
        "ignored"): a cup that never left still holds its seed. Neither "different" nor "unasked" ever replaces
        the commitment: taking a fresh one would let a player see a new roll whenever they liked."""
        if index not in self.counts:
            return "not dealt"
        known = self.commits.get(index)
        if known is None:
            self.commits[index] = bytes(digest)
            return "new"
        if not hmac.compare_digest(known, bytes(digest)):
            if index not in self.entropy:
                self.commits[index] = bytes(digest)
                self._answered(index)
                return "replaced"
            if index in self.dealt_again:
                self.rechecking.pop(index, None)
                self.dealt_again.discard(index)  # answered: a later fresh one on the same link is "unasked"
                return "different"
            first = index not in self.second_commits
            self.second_commits.add(index)
            return "unasked" if first else "ignored"
        self._answered(index)
        self.without_dice.discard(index)  # it found the dice it was shown after all: the round goes on
        return "same"

    def _answered(self, index):
        self.doubted.discard(index)
        self.rechecking.pop(index, None)
        self.dealt_again.discard(index)

    def give_entropy(self, index: int, entropy: bytes) -> bytes:
        """The entropy for a seat whose commitment the hub holds: the one it was given already, or `entropy`
        (fresh, drawn by the caller just now). Never before the commitment: that is what keeps a cup from
        choosing its dice."""
        if index not in self.commits:
            raise ValueError("no entropy before the commitment")
        return self.entropy.setdefault(index, bytes(entropy))

    def receipt(self, index: int) -> str:
        return entropy_receipt(self.nonce, index, self.commits[index], self.entropy[index])

    def deal_bot(self, index: int, seed: bytes, entropy: bytes) -> tuple:
        """A bot on the hub: the hub draws its seed and entropy and uses the cups' own function, so its dice can
        be rechecked from the journal like any cup's (its fairness rests on the hub, which knows both)."""
        self.commits[index] = commitment.digest(self.nonce, index, self.counts[index], seed)
        self.entropy[index] = bytes(entropy)
        self.bot_seeds[index] = bytes(seed)
        self.bot_dice[index] = self.dice_for(index, seed)
        return self.bot_dice[index]

    def dice_for(self, index: int, seed: bytes) -> tuple:
        return tuple(fair_dice.roll(bytes(seed), self.nonce, index, self.entropy[index], self.counts[index]))

    def ask_again(self, index: int) -> None:
        """Wait for this cup's commitment again (it came back while the deal was being committed to)."""
        self.doubted.add(index)

    def missing_commits(self) -> set:
        return {i for i in self.cups if i not in self.commits} | self.doubted

    # -- reveals ----------------------------------------------------------------------------------------
    def check_reveal(self, index: int, dice, seed) -> bool:
        """True (and the dice kept) when `seed` is what cup `index` committed to for this deal and `dice` are
        exactly what that seed and the entropy the hub gave it make."""
        known = self.commits.get(index)
        count = self.counts.get(index, -1)
        if known is None or index not in self.entropy or len(dice) != count:
            return False
        try:
            expected = commitment.digest(self.nonce, index, count, bytes(seed))
        except ValueError:  # a seed of the wrong size: not a reveal of this commitment
            return False
        if not hmac.compare_digest(expected, known):
            return False
        if self.dice_for(index, seed) != tuple(dice):  # the right seed, other dice: a lie all the same
            return False
        self.reveals[index] = tuple(dice)
        self.seeds[index] = bytes(seed)
        return True

    def take_tag(self, index: int, tag, key) -> str:
        """The tag cup `index` sent with its checked reveal, checked with the key its line was paired with
        (cuptags.verdict); kept for the journal unless it is NONE or BAD."""
        facts = vouch.faces_message(self.nonce, index, self.counts[index], self.entropy[index], self.seeds[index])
        verdict = cuptags.verdict(tag, key, facts)
        if verdict in (cuptags.VOUCHED, cuptags.UNCHECKED):
            self.tags[index] = bytes(tag)
        return verdict

    def reveal_bots(self) -> None:
        self.reveals.update(self.bot_dice)
        self.seeds.update(self.bot_seeds)

    def missing_reveals(self) -> set:
        return {i for i in self.counts if i not in self.reveals}

"""Fair dice for poker dice (docs/protocol.md, "Poker: one cup, dice opened one by one").

One cup of five dice travels round the table, and a die may be opened on the table while the others stay hidden,
so the cup commits to EACH DIE separately. Every roll (the opener's shake, a re-roll under the cup, an open roll,
a try at five of a kind) is a sub-deal with its own id and nonce, for the dice rolled in it:

    commitment of die s = cupcore.commit.digest(nonce, s, 1, seed_s)        (s = 1..5 stands where a seat stood)
    face of die s       = cupcore.dice.roll(seed_s, nonce, s, entropy, 1)[0]

with one fresh 16-byte seed per die, drawn by the cup, and one entropy per sub-deal, sent by the hub only once it
holds every commitment of it. A die is opened alone (its seed) when it goes to the table, when it is rolled in
the open, and at the reveal; the rest stay hidden. The journal writes these facts (check_poker_journal rechecks):

    #@ dice 7 nonce=HEX dice=145 by=ben      sub-deal 7 rolls dice 1, 4 and 5 for ben
    #@ die-commit 7 1 HEX                    die 1's commitment in sub-deal 7
    #@ die-entropy 7 HEX check=8HEX          the hub's entropy, after every commitment of the sub-deal
    #@ die-seed 7 1 HEX                      die 1's seed, written just before the line that shows its face
    #@ round-secret 5 HEX last=9             the table's cup's round secret, drawn at sub-deal 5: it gives the
                                             seed of every die of sub-deals 5 to 9 (die_seed), opened once the
                                             round is over (the bots' dice on the hub: die-seed lines instead)
"""
import hashlib
import hmac

from cupcore import commit as commitment
from cupcore import dice as fair_dice
from cupcore.pokercup import die_seed  # noqa: F401 - the round secret's seeds, for the hub and verify

RECEIPT_TAG = b"dicecup-poker-entropy-1"


def die_commitment(nonce: bytes, slot: int, seed: bytes) -> bytes:
    return commitment.digest(nonce, slot, 1, seed)


def die_face(seed: bytes, nonce: bytes, slot: int, entropy: bytes) -> int:
    return fair_dice.roll(bytes(seed), nonce, slot, entropy, 1)[0]


def mask_of(slots) -> int:
    """Dice 1..5 as bits 0..4 (the wire's PDEAL mask)."""
    return sum(1 << (slot - 1) for slot in slots)


def slots_of(mask: int) -> tuple:
    return tuple(slot for slot in range(1, 6) if mask >> (slot - 1) & 1)


def poker_receipt(nonce: bytes, commits: dict, entropy: bytes) -> str:
    """8 hex digits binding the entropy to the sub-deal's nonce and every commitment it answered:
    SHA-256(tag | nonce | mask | commitments in die order | entropy)[:4]."""
    slots = sorted(commits)
    data = RECEIPT_TAG + nonce + bytes((mask_of(slots),)) + b"".join(commits[s] for s in slots) + entropy
    return hashlib.sha256(data).digest()[:4].hex()


class PokerDeal:
    """One roll of some of the cup's dice: commitments per die, then the hub's entropy, then each die opened
    alone. The hub checks every opening with cupcore's own functions."""

    def __init__(self, id: int, nonce: bytes, slots, by: str):
        self.id, self.nonce, self.slots, self.by = id, nonce, tuple(sorted(slots)), by
        self.commits = {}   # slot -> 32-byte commitment
        self.entropy = None
        self.faces = {}     # slot -> face, once known to the party holding the seeds (the hub's own, or opened)
        self.seeds = {}     # slot -> seed: the hub's own draws, or the seeds opened by the cup
        self.opened = set()  # slots whose seed was shown (journaled) with their face

    def commit(self, slot: int, digest: bytes) -> str:
        if slot not in self.slots:
            return "not dealt"
        known = self.commits.get(slot)
        if known is None:
            self.commits[slot] = bytes(digest)
            return "new"
        return "same" if hmac.compare_digest(known, bytes(digest)) else "different"

    @property
    def committed(self) -> bool:
        return set(self.commits) == set(self.slots)

    def give_entropy(self, entropy: bytes) -> bytes:
        if not self.committed:
            raise ValueError("no entropy before every commitment of the sub-deal")
        if self.entropy is None:
            self.entropy = bytes(entropy)
        return self.entropy

    def receipt(self) -> str:
        return poker_receipt(self.nonce, self.commits, self.entropy)

    def deal_hub(self, seeds: dict, entropy: bytes) -> dict:
        """The hub holds the dice (bots on the hub, a typed game): it draws the seeds and the entropy, and uses the
        cup's own functions, so the journal rechecks its dice as it would a cup's."""
        for slot in self.slots:
            self.commits[slot] = die_commitment(self.nonce, slot, seeds[slot])
            self.seeds[slot] = bytes(seeds[slot])
        self.give_entropy(entropy)
        for slot in self.slots:
            self.faces[slot] = die_face(self.seeds[slot], self.nonce, slot, self.entropy)
        return dict(self.faces)

    def check_open(self, slot: int, face: int, seed: bytes) -> bool:
        """True (and kept) when `seed` opens die `slot`'s commitment and gives `face` with the hub's entropy."""
        known = self.commits.get(slot)
        if known is None or self.entropy is None:
            return False
        try:
            if not commitment.verify(known, self.nonce, slot, 1, bytes(seed)):
                return False
        except ValueError:
            return False
        if die_face(seed, self.nonce, slot, self.entropy) != face:
            return False
        self.faces[slot], self.seeds[slot] = face, bytes(seed)
        return True

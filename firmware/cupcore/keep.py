"""The deal in progress, kept across a reset and a power cut: a cup that comes back brings the SAME dice.

A face-bid deal keeps its seed with what it was drawn for (deal id, nonce, seat, count), so the DEAL the hub
sends again to a cup back from a reset gets the same seed, hence the same commitment; the hub sends the same
entropy again, so the dice are the same. A poker round keeps its round secret R, the sub-deal D0 it was drawn at
and the round's number (cupcore/pokercup.py): every seed of the round comes from R again.

One record, written ONCE per deal (or poker round), before the commitment leaves the cup, and never changed for
that deal afterwards: flash wears out, so never per message; and a record changed after the entropy came could
pick dice. It is forgotten when it stops mattering: the deal's result, the poker round's end or its secret
opened, a welcome to another seat, the owner asking for a seat (a new game). A stale record can't give a later
deal old dice anyway: it is used only for the very deal id, nonce, seat and count it was drawn for.

    faces   "F" | seat | deal (2, big-endian) | count | nonce (8) | seed (16)
    poker   "P" | seat | round (2) | D0 (2) | R (16)
    then the first 4 bytes of SHA-256 of the above: a record torn by a power cut is no record

Where it is kept is the board's (BoardBase.store): a file written aside and renamed over the old one
(FileStore: the MicroPython boards' flash, the virtual cup's state folder), CircuitPython's microcontroller.nvm
(cupcore/cpboard.py). A board without one (store None) keeps today's behaviour: a reset loses the deal.
"""
import os

from cupcore.compat import const, sha256

BOARD_FILE = "/.dicecup/deal"  # on a MicroPython board's flash, beside what `dicecup flash` keeps in /.dicecup
_FACES = const(0x46)  # "F"
_POKER = const(0x50)  # "P"
_CHECK = const(4)


def _two(value):
    return bytes((value >> 8 & 0xFF, value & 0xFF))


class Keep:
    def __init__(self, store=None):
        self._store = store
        self._body = self._read()  # what the board holds now (read once, at start-up), or None

    def deal_seed(self, seat, deal, count, nonce):
        """The seed kept for exactly this deal, or None (another deal: a fresh seed, as always)."""
        body = self._body
        if body and body[0] == _FACES and body[1:5] == bytes((seat,)) + _two(deal) + bytes((count,)) and \
                body[5:13] == bytes(nonce):
            return body[13:29]
        return None

    def keep_deal(self, seat, deal, count, nonce, seed):
        self._write(bytes((_FACES, seat)) + _two(deal) + bytes((count,)) + bytes(nonce) + bytes(seed))

    def round(self):
        """(round, D0, R) of the poker round kept, or None."""
        body = self._body
        if body and body[0] == _POKER:
            return body[2] << 8 | body[3], body[4] << 8 | body[5], body[6:22]
        return None

    def keep_round(self, seat, rnd, first, secret):
        self._write(bytes((_POKER, seat)) + _two(rnd) + _two(first) + bytes(secret))

    def forget(self):
        """Nothing kept any more (erased once: a cup with nothing kept writes nothing)."""
        if self._body is None:
            return
        self._body = None
        try:
            self._store.erase()
        except Exception:  # a store that fails: the record is still checked against the very deal it was for
            pass

    def forget_unless(self, seat):
        """A welcome to `seat`: a record for another seat is of another game."""
        if self._body is not None and self._body[1] != seat:
            self.forget()

    def _write(self, body):
        self._body = body
        if self._store is None:
            return
        try:
            self._store.write(body + sha256(body)[:_CHECK])
        except Exception:  # a full or failing flash: the cup plays on; only a reset would lose the deal
            pass

    def _read(self):
        if self._store is None:
            return None
        try:
            data = self._store.read()
        except Exception:
            return None
        if not data or len(data) <= _CHECK or sha256(data[:-_CHECK])[:_CHECK] != data[-_CHECK:]:
            return None
        return bytes(data[:-_CHECK])


class FileStore:
    """A record in a file: written whole to PATH.new, then renamed over PATH (littlefs and POSIX rename atomically),
    so a power cut mid-write leaves the old record or the new one, never a torn one."""

    def __init__(self, path):
        self.path = path

    def read(self):
        try:
            with open(self.path, "rb") as f:
                return f.read()
        except OSError:
            return None

    def write(self, data):
        folder = self.path.rsplit("/", 1)[0]
        if folder and folder != self.path:
            try:
                os.mkdir(folder)
            except OSError:
                pass  # there already (or the open below says why not)
        aside = self.path + ".new"
        with open(aside, "wb") as f:
            f.write(data)
        os.rename(aside, self.path)

    def erase(self):
        try:
            os.remove(self.path)
        except OSError:
            pass

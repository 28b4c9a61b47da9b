"""A cup keeps its deal's secret across a reset (cupcore/keep.py): a cup started again on the same store answers
the same DEAL with the same commitment, so the hub's same entropy gives it the same dice; another deal draws a
fresh seed; the record is written once per deal, before the commitment leaves the cup, and is gone once the deal
is settled. The same for a poker round's secret. Runs on CPython and on the MicroPython unix port (the process
killed outright on real storage is tests/firmware/test_keep_deal.py)."""
from cuptest_helpers import Clock, Counter, Sent
from cupcore import commit, dice, wire
from cupcore import pokercup as pc
from cupcore.cup import BUTTON_B, Cup
from cupcore.gestures import LONG
from cupcore.keep import FileStore

NONCE = b"\x11\x22\x33\x44\x55\x66\x77\x88"
NONCE2 = b"\x99\x22\x33\x44\x55\x66\x77\x88"
ENTROPY = bytes(range(100, 116))
SEAT = 2


class MemoryStore:
    """A board's flash, in RAM: survives the Cup made again on it, as flash survives a reset. `log` is shared
    with the cup's Sent, so a test sees what was written before what was sent."""

    def __init__(self, log=None):
        self.data = None
        self.writes = 0
        self.erases = 0
        self.log = log if log is not None else []

    def read(self):
        return self.data

    def write(self, data):
        self.data = bytes(data)
        self.writes += 1
        self.log.append("write")

    def erase(self):
        self.data = None
        self.erases += 1
        self.log.append("erase")


class LoggedSent(Sent):
    def __init__(self, log):
        Sent.__init__(self)
        self.log = log

    def __call__(self, mtype, values=()):
        self.log.append(mtype)
        return Sent.__call__(self, mtype, values)


def booted(store, seed, seat=SEAT):
    """A cup powered on over `store` (its random source another each boot, as a board's is) and seated."""
    sent = LoggedSent(store.log)
    cup = Cup(sent, 7, "bo", "sim", source=Counter(seed), clock=Clock(), store=store)
    cup.receive(wire.WELCOME, (1, seat, 3))
    return cup, sent


def commitment(cup, sent, deal=4, count=5, nonce=NONCE):
    sent.clear()
    cup.receive(wire.DEAL, (deal, count, nonce))
    [(deal_id, digest)] = sent.of(wire.COMMIT)
    return digest


def test_a_cup_back_from_a_reset_commits_to_the_same_seed_and_gets_the_same_dice():
    store = MemoryStore()
    cup, sent = booted(store, b"first boot")
    digest = commitment(cup, sent)
    cup.receive(wire.ENTROPY, (4, ENTROPY))
    dice_before = cup.mode.held()
    again, sent2 = booted(store, b"second boot")  # RAM gone, another random stream: only the store is left
    assert commitment(again, sent2) == digest
    again.receive(wire.ENTROPY, (4, ENTROPY))
    assert again.mode.held() == dice_before
    assert store.writes == 1  # the second boot found it: nothing written again


def test_without_a_store_a_reset_loses_the_deal_as_before():
    cup = Cup(Sent(), 7, "bo", "sim", source=Counter(b"first boot"), clock=Clock())
    cup.receive(wire.WELCOME, (1, SEAT, 3))
    digest = commitment(cup, cup.send)
    again = Cup(Sent(), 7, "bo", "sim", source=Counter(b"second boot"), clock=Clock())
    again.receive(wire.WELCOME, (1, SEAT, 3))
    assert commitment(again, again.send) != digest


def test_another_nonce_deal_or_count_draws_a_fresh_seed():
    for deal, count, nonce in ((4, 5, NONCE2), (5, 5, NONCE), (4, 4, NONCE)):
        store = MemoryStore()
        cup, sent = booted(store, b"first boot")
        commitment(cup, sent)
        again, sent2 = booted(store, b"second boot")
        fresh = commitment(again, sent2, deal, count, nonce)
        assert again.mode._seed != cup.mode._seed and store.writes == 2
        third, sent3 = booted(store, b"third boot")
        assert commitment(third, sent3, deal, count, nonce) == fresh  # the fresh one is what is kept now


def test_a_record_for_another_seat_is_another_games_and_forgotten_at_the_welcome():
    store = MemoryStore()
    cup, sent = booted(store, b"first boot")
    commitment(cup, sent)
    again, sent2 = booted(store, b"second boot", seat=SEAT + 1)
    assert store.data is None and store.erases == 1
    commitment(again, sent2)
    assert again.mode._seed != cup.mode._seed


def test_the_seed_is_written_once_before_the_commitment_leaves_and_gone_after_the_result():
    store = MemoryStore()
    cup, sent = booted(store, b"first boot")
    store.log[:] = []
    commitment(cup, sent)
    assert store.log[:2] == ["write", wire.COMMIT]  # kept before anyone can see the commitment
    cup.receive(wire.DEAL, (4, 5, NONCE))  # sent again (a retransmit, a hub that came back): nothing rewritten
    cup.receive(wire.DEAL, (4, 5, NONCE2))  # refused on a live deal: nothing rewritten either
    cup.receive(wire.ENTROPY, (4, ENTROPY))
    cup.receive(wire.TABLE, (4, SEAT, wire.NOBODY, 0, 0, 0, 10, 0))
    cup.receive(wire.REVEAL_REQ, (4,))
    assert store.writes == 1 and store.erases == 0
    cup.receive(wire.RESULT, (4, 0, 0, 5, wire.PLAYING))
    assert store.data is None and store.erases == 1
    cup.receive(wire.RESULT, (4, 0, 0, 5, wire.PLAYING))  # again: refused, nothing erased twice
    assert store.erases == 1


def test_a_torn_record_is_no_record():
    store = MemoryStore()
    cup, sent = booted(store, b"first boot")
    digest = commitment(cup, sent)
    store.data = store.data[:-1] + bytes((store.data[-1] ^ 1,))  # a power cut mid-write (nvm has no rename)
    again, sent2 = booted(store, b"second boot")
    assert commitment(again, sent2) != digest


def test_the_kept_seed_is_the_one_committed_to():
    store = MemoryStore()
    cup, sent = booted(store, b"first boot")
    digest = commitment(cup, sent)
    again, sent2 = booted(store, b"second boot")
    commitment(again, sent2)
    again.receive(wire.ENTROPY, (4, ENTROPY))
    again.receive(wire.TABLE, (4, SEAT, wire.NOBODY, 0, 0, 0, 10, 0))
    again.receive(wire.REVEAL_REQ, (4,))
    [(deal, shown, seed, _)] = sent2.of(wire.REVEAL)
    assert commit.verify(digest, NONCE, SEAT, 5, seed)
    assert bytes(dice.roll(seed, NONCE, SEAT, ENTROPY, 5)) == bytes(shown)


def test_asking_for_a_seat_starts_a_new_game_with_nothing_kept():
    store = MemoryStore()
    cup, sent = booted(store, b"first boot")
    commitment(cup, sent)
    fresh = Cup(Sent(), 7, "bo", "sim", source=Counter(b"second boot"), clock=Clock(), store=store)
    fresh.gesture(BUTTON_B, LONG)  # not seated: "seat me"
    assert fresh.send.of(wire.INTENT) and store.data is None


# -- poker: the round secret ------------------------------------------------------------------------------


def poker_booted(store, seed):
    sent = LoggedSent(store.log)
    cup = Cup(sent, 7, "table", "sim", source=Counter(seed), clock=Clock(), store=store)
    cup.receive(wire.WELCOME, (1, 0, 4))
    return cup, sent


def test_a_poker_cup_back_from_a_reset_opens_the_round_secret_it_drew_and_commits_the_same():
    store = MemoryStore()
    cup, sent = poker_booted(store, b"first boot")
    cup.receive(wire.PTABLE, (3, 0, pc.OPENING, 0, 0, pc.NO_BID))
    cup.receive(wire.PDEAL, (9, 0x1F, NONCE))
    commits = sent.of(wire.PCOMMIT)
    assert len(commits) == 5 and store.writes == 1
    assert store.log.index("write") < store.log.index(wire.PCOMMIT)
    cup.receive(wire.ENTROPY, (9, ENTROPY))
    faces = bytes(cup.mode.faces)

    again, sent2 = poker_booted(store, b"second boot")  # a face-bid cup at power-on
    again.receive(wire.PDEAL, (9, 0x1F, NONCE))  # the same sub-deal again: the same commitments
    assert sent2.of(wire.PCOMMIT) == commits
    again.receive(wire.ENTROPY, (9, ENTROPY))
    assert bytes(again.mode.faces) == faces
    again.receive(wire.PCLOSE, (9,))
    [(deal, die, face, secret, _)] = sent2.of(wire.OPEN)
    assert (deal, die, face) == (9, 0, 0)
    assert [commit.digest(NONCE, d, 1, pc.die_seed(secret, 9, d)) for d in range(1, 6)] == [c[2] for c in commits]
    assert store.data is None  # opened: nothing more is rolled from it
    assert store.writes == 1


def test_a_poker_cup_back_from_a_reset_answers_pclose_first_thing():
    store = MemoryStore()
    cup, sent = poker_booted(store, b"first boot")
    cup.receive(wire.PTABLE, (3, 0, pc.OPENING, 0, 0, pc.NO_BID))
    cup.receive(wire.PDEAL, (9, 0x1F, NONCE))
    again, sent2 = poker_booted(store, b"second boot")
    again.receive(wire.PCLOSE, (9,))  # what a hub asks a cup back from a drop before anything else
    [(deal, die, face, secret, _)] = sent2.of(wire.OPEN)
    assert deal == 9 and secret == bytes(cup.mode._secret)


def test_a_new_poker_round_forgets_the_kept_secret():
    store = MemoryStore()
    cup, sent = poker_booted(store, b"first boot")
    cup.receive(wire.PTABLE, (3, 0, pc.OPENING, 0, 0, pc.NO_BID))
    cup.receive(wire.PDEAL, (9, 0x1F, NONCE))
    cup.receive(wire.PTABLE, (4, 0, pc.OPENING, 0, 0, pc.NO_BID))
    assert store.data is None
    again, sent2 = poker_booted(store, b"second boot")
    again.receive(wire.PCLOSE, (9,))
    assert sent2.of(wire.OPEN) == [] and sent2.of(wire.ERROR) == [(wire.ERR_STATE, wire.PCLOSE)]


def test_the_file_store_writes_aside_then_renames():
    path = "/tmp/dicecup-keep-test-%d" % Counter(b"path")(2)[0]
    store = FileStore(path)
    store.erase()
    assert store.read() is None
    store.write(b"old record")
    store.write(b"new record")
    assert store.read() == b"new record"
    assert FileStore(path + ".new").read() is None  # renamed over: nothing left aside
    store.erase()
    assert store.read() is None

"""A deal owns its commitments, entropy and reveals, checked with cupcore's own digest and dice and a
constant-time compare; and dudo's first opener is drawn once, when the deal that needs it starts, journaled, and read back on resume:
asking whose turn it is never draws anything."""
import hmac

import pytest

from cupcore import commit, dice
from dicecup.hub.faces import deal as dealmod
from dicecup.hub.faces.deal import Deal
from dicecup.hub.journal import read_journal
from dicecup.hub.phases import RoundPhase
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules, replay

NONCE = bytes.fromhex("8f3a1c5e0b7d2946")
SEED = bytes(range(16))
ENTROPY = bytes(range(100, 116))


def committed_deal(count=3):
    """Seat 2 committed to SEED for `count` dice and was given ENTROPY; returns the deal and the true dice."""
    deal = Deal(4, NONCE, {2: count})
    deal.cups.add(2)
    assert deal.commit(2, commit.digest(NONCE, 2, count, SEED)) == "new"
    assert deal.give_entropy(2, ENTROPY) == ENTROPY
    return deal, tuple(dice.roll(SEED, NONCE, 2, ENTROPY, count))


def test_a_reveal_counts_only_if_its_seed_is_the_one_committed_to_and_its_dice_are_that_seeds():
    deal, true = committed_deal()
    other = tuple(d % 6 + 1 for d in true)
    assert deal.missing_commits() == set() and deal.missing_reveals() == {2}
    assert not deal.check_reveal(2, other, SEED)              # the right seed, other dice
    assert not deal.check_reveal(2, true, SEED[::-1])         # another seed
    assert not deal.check_reveal(2, true, SEED[:8])           # a seed of the wrong size
    assert not deal.check_reveal(2, true[:2], SEED)           # a die held back
    assert not deal.check_reveal(3, true, SEED)               # a seat that was not dealt
    assert deal.missing_reveals() == {2}
    assert deal.check_reveal(2, true, SEED)
    assert deal.reveals == {2: true} and deal.seeds == {2: SEED}


def test_entropy_only_after_the_commitment_and_only_once():
    deal = Deal(4, NONCE, {2: 3})
    with pytest.raises(ValueError):
        deal.give_entropy(2, ENTROPY)
    deal.commit(2, commit.digest(NONCE, 2, 3, SEED))
    assert deal.give_entropy(2, ENTROPY) == ENTROPY
    assert deal.give_entropy(2, bytes(16)) == ENTROPY  # drawn once: the same bytes if asked again


def test_a_bot_on_the_hub_gets_dice_by_the_same_function():
    deal = Deal(4, NONCE, {0: 5})
    rolled = deal.deal_bot(0, SEED, ENTROPY)
    assert rolled == tuple(dice.roll(SEED, NONCE, 0, ENTROPY, 5))
    assert deal.commits[0] == commit.digest(NONCE, 0, 5, SEED) and deal.missing_reveals() == {0}
    deal.reveal_bots()
    assert deal.reveals == {0: rolled} and deal.seeds == {0: SEED}


def test_commitments_are_compared_in_constant_time(monkeypatch):
    compared = []
    real = hmac.compare_digest

    def spy(a, b):
        compared.append((bytes(a), bytes(b)))
        return real(a, b)

    monkeypatch.setattr(dealmod.hmac, "compare_digest", spy)
    deal, true = committed_deal()
    assert deal.check_reveal(2, true, SEED) and compared
    assert deal.commit(2, deal.commits[2]) == "same" and deal.commit(2, b"\0" * 32) == "unasked"  # never re-dealt
    deal.dealt_again.add(2)  # sent the deal again (back from a drop): a fresh commitment means it lost its dice
    assert deal.commit(2, b"\0" * 32) == "different"
    assert len(compared) == 4


def test_a_fresh_commitment_before_the_entropy_replaces_the_first_and_after_it_never_does():
    deal = Deal(1, bytes(8), {0: 2, 1: 2})
    deal.cups.update((0, 1))
    assert deal.commit(0, b"\1" * 32) == "new"
    assert deal.commit(0, b"\2" * 32) == "replaced" and deal.commits[0] == b"\2" * 32  # no dice existed yet
    deal.give_entropy(0, bytes(16))
    deal.dealt_again.add(0)
    assert deal.commit(0, b"\3" * 32) == "different" and deal.commits[0] == b"\2" * 32  # the dice shown stand
    assert deal.commit(0, b"\4" * 32) == "unasked"  # answered: a next one on the same link is refused


def bots_only_hub(tmp_path, seed="opener"):
    table = TableSetup(Rules.parse("dudo dice=2"), data=tmp_path, seed=seed, bot_names=["normal"] * 3,
                       result_pause=0.0)
    hub = table.make_hub(expect_cups=0)
    hub.bot_delay = 60.0  # nobody moves: the test looks at the first turn
    return table, hub


def test_dudos_first_opener_is_drawn_once_journaled_and_asking_draws_nothing(tmp_path):
    table, hub = bots_only_hub(tmp_path)
    watch = hub.watch()
    hub.tick()  # everyone seated: the game begins, the first deal goes out, the bots have their dice
    snapshot = watch.get()
    assert snapshot.phase == RoundPhase.BIDDING and snapshot.state.turn is None  # the engine leaves it open
    opener = snapshot.state.seats[snapshot.to_act]
    text = snapshot.journal.read_text()
    assert f"#@ opener {opener} deal=1" in text and text.count("#@ opener") == 1
    draws = hub.chance._counter
    for _ in range(50):
        assert hub.round.to_act() == snapshot.to_act and hub.snapshot().to_act == snapshot.to_act
        hub.tick()
    assert hub.chance._counter == draws  # a query, not a draw
    assert replay(text).state.round == 1  # the referee's reader takes the fact as a comment
    table.close()

    # A hub that died here and resumes keeps that opener (a different seed would draw differently).
    resumed = read_journal(snapshot.journal)
    assert resumed.opener == opener
    again, hub2 = bots_only_hub(tmp_path, seed="another seed")
    watch2 = hub2.watch()
    hub2.resume(resumed, replay(snapshot.journal.read_text()).state, bots=lambda name: table.bots[0][1])
    hub2.tick()  # no cup to wait for: the round is dealt again
    assert watch2.get().phase == RoundPhase.BIDDING
    assert watch2.get().state.seats[watch2.get().to_act] == opener
    assert snapshot.journal.read_text().count("#@ opener") == 1
    again.close()


@pytest.mark.parametrize("preset", ["classic", "fourdice"])
def test_presets_whose_engine_names_the_opener_journal_no_draw(tmp_path, preset):
    table = TableSetup(Rules.parse(preset), data=tmp_path, seed="o", bot_names=["normal"] * 2)
    hub = table.make_hub(expect_cups=0)
    hub.tick()
    assert "#@ opener" not in hub.snapshot().journal.read_text()
    table.close()

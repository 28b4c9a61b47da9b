"""Every built-in bot answers every view with one of view.legal, in every preset and switch setting: random
mid-game states (hypothesis), and the corners by hand: palifico, a dudo round opened on ones, ones forbidden
while wild, a full 30-dice table, ten seats, the highest bid."""
import random

from hypothesis import given, settings, strategies as st

from dicecup.bots.guard import ask
from dicecup.bots.loader import load
from dicecup.bots.view import make_view
from dicecup.rules import BIDDING, LIAR, SPOT, Bid, Move, Rules, apply, legal_actions, new_game, replay
from dicecup.rules.randomplay import random_events

BOTS = ("easy", "normal", "hard", "baseline", "simple")
TABLES = ("dudo", "dudo palifico=off", "dudo wild=off spot=off", "dudo lose=difference", "revolver",
          "revolver wild=off load=3", "classic", "classic exact=on", "classic wild=on spot=on", "buildup",
          "buildup spot=on limit=4", "fourdice", "fourdice exact=on dice=3")


def random_view(rules, seats, seed, stop):
    """The view of the seat to act at a bidding state some way into a random legal game."""
    rng = random.Random(seed)
    state, seen = new_game(rules, seats), 0
    for _, after in random_events(rules, seats, rng, timeout_rate=0, reroll_rate=0):
        if after.phase == BIDDING and legal_actions(after):
            state, seen = after, seen + 1
            if seen > stop:
                break
    if state.phase != BIDDING:
        return None
    turn = state.turn if state.turn is not None else next(i for i, a in enumerate(state.alive) if a)
    dice = tuple(rng.randint(1, 6) for _ in range(state.dice[turn]))
    return make_view(state, state.seats[turn], dice)


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(TABLES), st.integers(2, 6), st.integers(0, 2**32), st.integers(0, 60))
def test_every_bot_answers_a_random_view_legally(table, players, seed, stop):
    rules = Rules.parse(table)
    view = random_view(rules, [f"p{i}" for i in range(players)], seed, stop)
    if view is None:
        return
    for name in BOTS:
        action = ask(load(name, seed=seed), view)
        assert action in view.legal, (name, table, view.bids, action)


def state_of(record: str):
    return replay(record).state


def test_a_palifico_round_keeps_the_face_and_bots_keep_it_too():
    # ben drops to one die: the next round is his palifico round; ana must stay on his face
    record = "rules dudo dice=2\nseats ana ben cy\nroll ana 2 2\nroll ben 3 4\nroll cy 5 5\nben bids 3x2\ncy calls liar\n"
    state = state_of(record)
    assert state.palifico == 1 and not state.wild
    opening = make_view(state, "ben", (1,))
    state = apply(state, Move("ben", Bid(1, 4)))
    view = make_view(state, "cy", (1, 6))
    assert {a.face for a in view.legal if isinstance(a, Bid)} == {4}
    for name in BOTS:
        assert ask(load(name, seed=1), opening) in opening.legal
        assert ask(load(name, seed=1), view) in view.legal


def test_ones_rules_every_preset_its_way():
    opened_on_ones = apply(new_game(Rules.parse("dudo"), ["ana", "ben"])._replace(turn=0), Move("ana", Bid(2, 1)))
    assert not opened_on_ones.wild
    wild_ones = apply(new_game(Rules.parse("dudo"), ["ana", "ben"])._replace(turn=0), Move("ana", Bid(4, 3)))
    revolver = apply(new_game(Rules.parse("revolver"), ["ana", "ben"]), Move("ana", Bid(3, 5)))
    for state in (opened_on_ones, wild_ones, revolver):
        view = make_view(state, "ben", (1, 1, 1, 6, 6))
        for name in BOTS:
            assert ask(load(name, seed=2), view) in view.legal
    assert not any(isinstance(a, Bid) and a.face == 1 for a in make_view(revolver, "ben", (1,) * 5).legal)


def test_full_tables_and_the_highest_bid():
    thirty = new_game(Rules.parse("dudo"), [f"p{i}" for i in range(6)])._replace(turn=0)
    ten = new_game(Rules.parse("fourdice"), [f"p{i}" for i in range(10)])
    top = apply(new_game(Rules.parse("classic exact=on"), ["ana", "ben"])._replace(phase=BIDDING, turn=0),
                Move("ana", Bid(10, 6)))
    for state, seat in ((thirty, "p0"), (ten, "p0"), (top, "ben")):
        view = make_view(state, seat, (6, 6, 1, 2)[:state.dice[state.seats.index(seat)]])
        for name in BOTS:
            assert ask(load(name, seed=3), view) in view.legal
    assert set(make_view(top, "ben", (6,)).legal) == {LIAR, SPOT}

"""Endgames of uneven dice, heads-up (one die against two, either seat opening): the round's graph knows whose turn
it is, the solver and the best response give each seat its own hands, and the expert plays the shipped tables."""
import pytest

from dicecup.bots.expert import Expert, round_dice
from dicecup.bots.view import make_view
from dicecup.rules import Bid, Rules
from dicecup.search import cfr, fast, npexploit, solved
from test_twodice import opened  # ana and ben's round after `bids`, ana opening

np = pytest.importorskip("numpy")  # the solver and the best response are offline tools: numpy is in the test extras

CLASSIC = fast.FastRules.of(Rules.parse("classic"))  # ones not wild, no spot call: a bid counts its face only


def test_the_seat_to_act_is_in_the_node_and_each_seat_has_its_own_hands():
    game = cfr.RoundGame(CLASSIC, (1, 2), replay_spot=False, memory=2)
    assert game.uneven and game.root == ((), False, 0) and game.cap == 3
    assert len(game.hands_of(0)) == 6 and len(game.hands_of(1)) == 21
    for node in game.order:
        for kid in game.children[node]:
            assert kid is None or game.role(kid) == 1 - game.role(node)
    called = next(node for node in game.order if node[0] and game.role(node) == 1)
    pay = game.call_payoff(called, fast.LIAR, 0.0)
    assert len(pay) == 21 and {len(row) for row in pay} == {6}  # the caller's hands (two dice) by the bidder's
    with pytest.raises(ValueError, match="replays"):
        cfr.RoundGame(CLASSIC, (1, 2), replay_spot=True)


def _counted(face, *hands) -> int:
    return sum(hand.count(face) for hand in hands)


def test_the_best_response_at_uneven_dice_is_what_a_hand_count_says():
    """A strategy simple enough to best-respond to by hand: the opener bids the lowest bid, and whoever acts
    after a bid calls liar. The best response, as opener, bids what is likeliest true for its hand; as responder,
    calls liar on the lowest bid or raises to what is likeliest true. Each seat's hands are its own dice."""
    game = cfr.RoundGame(CLASSIC, (2, 1), replay_spot=False, memory=1)

    def node_dist(node):
        acts = game.actions[node]
        row = [1.0 if (a == fast.LIAR if node[0] else a == min(b for b in acts if b >= 0)) else 0.0 for a in acts]
        return [row] * len(game.hands_of(game.role(node)))

    bids = [a for a in game.actions[game.root] if a >= 0]

    def true(bid, mine, theirs):  # the chance that a bid is true, for the hand `mine` against the other seat's
        quantity, face = bid // 6 + 1, bid % 6 + 1
        return sum(p for theirs_hand, p, _ in theirs if _counted(face, mine, theirs_hand) >= quantity)

    def seat(role):
        return game.hands_of(role), game.hands_of(1 - role)

    mine, theirs = seat(0)  # the best response opens with two dice: any bid, then the strategy calls liar
    as_opener = sum(p * max(2 * true(b, hand, theirs) - 1 for b in bids) for hand, p, _ in mine)
    mine, theirs = seat(1)  # it answers the strategy's lowest bid with its one die: liar, or a raise called liar
    lowest = min(bids)
    as_responder = sum(p * max(1 - 2 * true(lowest, hand, theirs),
                               max(2 * true(b, hand, theirs) - 1 for b in bids if b > lowest)) for hand, p, _ in mine)
    opener, responder = npexploit.NumpyBestResponse(game, node_dist=node_dist).solve()
    assert (opener, responder) == pytest.approx((as_opener, as_responder), abs=1e-12)


def test_the_solved_endgame_is_near_its_equilibrium_and_its_best_responses_never_lose_to_it():
    from dicecup.search.npcfr import NumpySolver
    solver = cfr.solve(CLASSIC, (1, 2), iterations=200, memory=2, solver_class=NumpySolver)
    game, averages = solver.game, solver.averages()
    assert all(len(averages[node]) == len(game.hands_of(game.role(node))) for node in game.order)
    value = solver.opener_value()  # the opener, one die against two, is behind
    opener, responder = npexploit.NumpyBestResponse(game, node_dist=averages.__getitem__).solve()
    assert -0.5 < value < 0 and opener >= value - 1e-9 and responder >= -value - 1e-9
    assert (opener + responder) / 2 < 0.05


@pytest.mark.parametrize("name", [name for name, game in solved.GAMES.items() if isinstance(game.dice, tuple)])
def test_the_shipped_endgame_tables_are_near_the_equilibrium(name):
    assert solved.exploitability(name) < 0.03


@pytest.mark.parametrize("opener_dice, bids, name", [((1, 2), ["1x3"], "wild-1v2"), ((2, 1), ["1x3"], "wild-2v1"),
                                                     ((1, 2), [], "wild-1v2"), ((2, 1), ["1x3", "2x3"], "wild-2v1")])
def test_the_expert_plays_the_endgame_table_of_who_opened(opener_dice, bids, name):
    rules = Rules.parse("classic wild=on")
    state = opened(rules, bids)
    state = state._replace(dice=opener_dice)  # ana opened with the first count, ben holds the other
    seat = ("ana", "ben")[len(bids) % 2]
    hand = (3,) * state.dice[state.seats.index(seat)]
    view = make_view(state, seat, hand)
    assert round_dice(view) == list(opener_dice) and solved.find(rules, round_dice(view)) == name
    policy = Expert(seed=2).policy(view)
    table = solved.Solved(name).dist(hand, tuple(fast.to_id(Bid.parse(b)) for b in bids))
    assert {fast.to_id(a): round(p, 9) for a, p in policy.items()} == {a: round(p, 9) for a, p in table.items()}

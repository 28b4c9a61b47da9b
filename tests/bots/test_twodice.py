"""Heads-up with two dice each: the shipped tables the expert plays from, and npexploit, the numpy best response
that measures them (checked against exploit.py, the reference, on games small enough for it)."""
import pytest

from dicecup.bots.expert import Expert
from dicecup.bots.view import make_view
from dicecup.rules import Bid, Move, Rolloff, Rules, apply, new_game
from dicecup.search import cfr, exploit, fast, npexploit
from dicecup.search.solved import Solved, find

TWO_DICE = ("dudo dice=2", "classic dice=2")


def opened(rules, bids):
    state = new_game(rules, ["ana", "ben"])
    if state.phase == "rolloff":  # classic: ana opens
        state = apply(apply(state, Rolloff("ana", (6, 6))), Rolloff("ben", (1, 1)))
    for i, bid in enumerate(bids):
        state = apply(state, Move(("ana", "ben")[i % 2], Bid.parse(bid)))
    return state


@pytest.mark.parametrize("text", TWO_DICE)
def test_the_two_dice_table_is_found_heads_up_at_two_dice_each_only(text):
    rules = Rules.parse(text)
    name = find(rules, [2, 2])
    assert name is not None and Solved(name).dice == 2 and Solved(name).rules.preset is rules.preset
    assert find(rules, [2, 2, 2]) is None
    assert name not in (find(rules, [1, 1]), find(rules, [1, 2]), find(rules, [2, 1]))  # each count its own game


@pytest.mark.parametrize("text,bids,hand", [("dudo dice=2", ["1x4", "2x4"], (4, 1)),
                                            ("classic dice=2", ["1x3"], (3, 5))])
def test_the_expert_plays_the_two_dice_table_at_the_table(text, bids, hand):
    rules = Rules.parse(text)
    state = opened(rules, bids)
    seat = ("ana", "ben")[len(bids) % 2]
    view = make_view(state, seat, hand)
    policy = Expert(seed=2).policy(view)
    solved = Solved(find(rules, [2, 2])).dist(hand, tuple(fast.to_id(Bid.parse(b)) for b in bids))
    assert set(policy) <= set(view.legal) and abs(sum(policy.values()) - 1) < 1e-9
    assert {str(a): round(p, 9) for a, p in policy.items()} == \
        {str(fast.to_action(a)): round(p, 9) for a, p in solved.items()}


def one_die_game(name):
    solved = Solved(name)
    return solved, solved.round_game()


def test_npexploit_agrees_with_exploit_on_the_one_die_game():
    """classic's one-die game (4 s); dudo's (its exact call and its palifico rounds) is met by the small two-dice
    case below, as exploit.py walks dudo-1 for 40 s."""
    solved, game = one_die_game("classic-1")
    dist = lambda hand, history, node: [solved.dist(hand, history).get(a, 0.0) for a in game.actions[node]]  # noqa
    uniform = lambda hand, history, node: [1 / len(game.actions[node])] * len(game.actions[node])  # noqa
    for strategy in (dist, uniform):
        assert npexploit.exploitability(game, strategy) == pytest.approx(exploit.exploitability(game, strategy),
                                                                         abs=1e-12)
    assert npexploit.solved_exploitability(solved) == pytest.approx(exploit.exploitability(game, dist), abs=1e-12)


def shallow(game, by_history: bool):
    """A strategy exploit.py walks quickly at two dice: raise at most once past quantity one, then call."""
    def dist(hand, history, node):
        acts = game.actions[node]
        out = [0.0] * len(acts)
        if node[0] and node[0][-1] >= 6:  # a bid of two or more stands
            out[-1] = 1.0
            return out
        p = (sum(hand) * 7 + (len(history) if by_history else 0)) % 10 / 10
        out[0], out[-1] = p, 1 - p
        return out
    return dist


@pytest.mark.parametrize("text", TWO_DICE)
def test_npexploit_agrees_with_exploit_on_a_small_two_dice_case(text):
    fr = fast.FastRules.of(Rules.parse(text))
    game = cfr.RoundGame(fr, 2, fr.start <= 2 and not fr.exact_table)
    dist = shallow(game, by_history=True)
    expected = exploit.BestResponse(game, dist).solve()
    assert npexploit.NumpyBestResponse(game, dist).solve() == pytest.approx(expected, abs=1e-9)
    by_node = shallow(game, by_history=False)
    node_dist = lambda node: [by_node(hand, (), node) for hand, _, _ in game.hands]  # noqa
    assert npexploit.exploitability(game, node_dist=node_dist) == \
        pytest.approx(exploit.exploitability(game, by_node), abs=1e-9)


def test_pruning_leaves_out_reach_and_says_how_much():
    solved, game = one_die_game("classic-1")  # no replayed rounds: what is left out bounds the error
    node_dist = lambda node: [[solved.at(h, node).get(a, 0.0) for a in game.actions[node]]  # noqa
                              for h, _, _ in game.hands]
    exact = npexploit.exploitability(game, node_dist=node_dist)
    br = npexploit.NumpyBestResponse(game, node_dist=node_dist, prune=0.02)
    opener, responder = br.solve()
    assert br.dropped > 0 and abs((opener + responder) / 2 - exact) <= br.dropped

"""The shipped solved tables (dicecup/search/solved.py): every heads-up one-die rules set finds the table of its
game, rules sets share a table only when their rounds are the same game (as the engine plays it), every table is a
legal distribution everywhere, and a cheap one is near the equilibrium."""
import pytest

from dicecup.bots.expert import Expert
from dicecup.bots.view import make_view
from dicecup.rules import SPOT, Bid, Move, Roll, Rolloff, Rules, apply, new_game
from dicecup.search import cfr, exploit, fast, solved

ONE_DIE = solved.one_die_rules()
SEATS = ("ana", "ben")


def _key(rules):
    return solved.round_key(fast.FastRules.of(rules), 1)


def _with_other_switches(rules):
    """The same rules with every switch that is not a round's set away from its default, where offered."""
    others = {"palifico": not rules.palifico, "clock": 30, "load": 3, "limit": 5}
    extra = {k: v for k, v in others.items() if rules.preset.offers(k)}
    return Rules(rules.preset, {**extra, **rules.overrides})


@pytest.mark.parametrize("rules", ONE_DIE, ids=str)
def test_every_one_die_rules_set_finds_the_table_of_its_game(rules):
    name = solved.find(rules, [1, 1])
    assert name is not None and solved.game_key(name) == _key(rules)
    assert solved.find(_with_other_switches(rules), [1, 1]) == name
    assert solved.find(rules, [1, 1, 1]) is None
    endgame = solved.find(rules, [1, 2])  # one die against two: the endgame's own table, or none (never [1, 1]'s)
    assert endgame is None or (solved.GAMES[endgame].dice == (1, 2) and
                               solved.game_key(endgame) == solved.round_key(fast.FastRules.of(rules), (1, 2)))


@pytest.mark.parametrize("rules", ONE_DIE, ids=str)
def test_every_rules_set_finds_a_two_dice_table_of_its_game(rules):
    name = solved.find(rules, [2, 2])
    assert name is not None and solved.game_key(name) == solved.round_key(fast.FastRules.of(rules), 2)
    assert solved.GAMES[name].dice == 2 and solved.find(_with_other_switches(rules), [2, 2]) == name


def _fingerprint(rules):
    """The round's graph and every call's payoffs (a landed spot that replays shows as 0.5)."""
    game = solved.heads_up_round(rules, 1)
    return tuple((node, game.actions[node], tuple(tuple(map(tuple, game.call_payoff(node, a, 0.5)))
                                                  for a in game.actions[node] if a < 0))
                 for node in sorted(game.order))


def test_rules_sets_share_a_key_exactly_when_they_play_the_same_round():
    by_key = {}
    for rules in ONE_DIE:
        by_key.setdefault(_key(rules), set()).add(_fingerprint(rules))
    assert all(len(prints) == 1 for prints in by_key.values()), by_key.keys()
    assert len({next(iter(p)) for p in by_key.values()}) == len(by_key)  # different keys, different games
    assert set(by_key) == {solved.game_key(name) for name in solved.GAMES if solved.GAMES[name].dice == 1}


def _spot_landed(rules):
    """The engine's outcome of ben's landed spot call on ana's 1x5, both holding one die (ana 5, ben 2)."""
    state = new_game(rules, SEATS)
    if state.phase == "rolloff":
        state = apply(apply(state, Rolloff("ana", (6, 6))), Rolloff("ben", (1, 1)))
    state = state._replace(dice=(1, 1), palifico_used=(True, True))
    state = apply(apply(state, Move("ana", Bid(1, 5))), Move("ben", SPOT))
    state = apply(apply(state, Roll("ana", (5,))), Roll("ben", (2,)))
    return state.history[-1]


@pytest.mark.parametrize("rules", [r for r in ONE_DIE if r.exact_call], ids=str)
def test_the_engine_rules_a_landed_spot_as_the_key_says(rules):
    outcome = _spot_landed(rules)
    assert outcome.correct
    if _key(rules).endswith("spot=replay"):  # nobody's dice change: the same round again, the caller opening
        assert not outcome.losers and not outcome.dice_change and outcome.next_opener == "ben"
    else:  # the other seat loses the round, or the caller wins a die back
        assert outcome.losers == ("ana",) or outcome.dice_change == {"ben": 1}


@pytest.mark.parametrize("name", list(solved.GAMES))
def test_every_table_is_a_legal_distribution_at_every_node(name):
    game, table = solved.GAMES[name], solved.Solved(name)
    graph = cfr.RoundGame(table.fr, game.dice, cfr.replays_spot(table.fr, game.dice), game.memory)
    stored = [node for node in graph.order if solved.node_key(*node) in table.strategy]
    assert stored and len(stored) == len(table.strategy)  # every stored history is one of the game's
    mixed = 0
    for node in stored:
        rows, legal = table.strategy[solved.node_key(*node)], set(graph.actions[node])
        assert len(rows) == len(graph.hands_of(graph.role(node)))  # a row per hand of the seat to act
        for row in rows:
            assert all(a in legal and p > 0 for a, p in row), (node, row)
            # three decimals each (+-0.0005), those under 0.001 left out: at most 0.001 off per action
            assert abs(sum(p for _, p in row) - 1) <= 0.001 * len(legal)
            mixed += len(row) > 1
    assert mixed, name  # an equilibrium mixes somewhere: not one pure action everywhere


@pytest.mark.parametrize("name", list(solved.GAMES))
def test_the_table_holds_every_history_its_own_play_meets(name):
    """Rounds where one seat plays from the table and the other at random: the table has every one of its turns."""
    import random
    rnd, table = random.Random(name), solved.Solved(name)
    graph = solved.heads_up_round(table.rules, solved.GAMES[name].dice)
    for game in range(300):
        dice = graph.seat_dice[game % 2]  # the table's seat: the opener's dice in even games, the responder's in odd
        node, history, hand = graph.root, (), tuple(sorted(rnd.randint(1, 6) for _ in range(dice)))
        while True:
            if len(history) % 2 == game % 2:  # the table's seat, opening in every other round
                assert table.holds(history), history
                dist = table.dist(hand, history)
                action = rnd.choices(list(dist), weights=list(dist.values()))[0]
            else:
                action = rnd.choice(graph.actions[node])
            if action < 0:
                break
            node, history = graph.children[node][graph.actions[node].index(action)], history + (action,)


def test_the_expert_plays_the_table_its_rules_find():
    rules = Rules.parse("classic wild=on spot=on dice=1 lose=difference")
    state = apply(apply(new_game(rules, SEATS), Rolloff("ana", (6, 6))), Rolloff("ben", (1, 1)))
    state = apply(state, Move("ana", Bid(1, 3)))
    policy = Expert(seed=2).policy(make_view(state, "ben", (3,)))
    table = solved.Solved("wild-spot-1").dist((3,), (fast.to_id(Bid(1, 3)),))
    assert {fast.to_id(a): round(p, 9) for a, p in policy.items()} == {a: round(p, 9) for a, p in table.items()}


def test_a_solved_table_is_near_the_equilibrium_and_a_uniform_one_is_not():
    assert solved.exploitability("revolver-1") < 0.02
    graph = solved.heads_up_round(Rules.parse(solved.GAMES["revolver-1"].rules), 1)
    uniform = lambda hand, history, node: [1 / len(graph.actions[node])] * len(graph.actions[node])  # noqa
    assert exploit.exploitability(graph, uniform) > 0.2


def test_the_batched_numpy_solver_iterates_as_the_plain_one():
    pytest.importorskip("numpy")
    from dicecup.search.npcfr import NumpySolver
    game = cfr.RoundGame(fast.FastRules.of(Rules.parse("dudo dice=1")), 1, True, memory=2)
    plain, batched = cfr.Solver(game, 0.3), NumpySolver(game, 0.3)
    plain.iterate(4)
    batched.iterate(4)
    for node in game.order:
        for a, b in zip(plain.average(node), batched.average(node)):
            assert a == pytest.approx(b, abs=1e-12)
    assert plain.opener_value() == pytest.approx(batched.opener_value(), abs=1e-12)

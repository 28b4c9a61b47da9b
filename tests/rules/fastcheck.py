"""Playing random games through the reference engine and, at every step, through the fast path beside it: the
legal actions of every bidding turn and the ruling of every call must be the same. Shared by
tests/rules/test_fast_engine.py (small tables) and bench/fast_engine_check.py (the presets' own tables)."""
import random

from dicecup.rules import BIDDING, Move, Roll, Rules, legal_actions, new_game
from dicecup.rules.randomplay import random_events
from dicecup.search import fast

SEATS = ("ana", "ben", "cy", "dee", "eve", "fay")


def small_rules(preset: str, rng: random.Random) -> Rules:
    """A random small table of `preset`: 1-3 dice (build-up: a limit of at most 4), the switches that change
    the bidding or the ruling."""
    rules = Rules.parse(preset)
    dice = rng.randint(1, 3)
    words = [f"dice={dice}"]
    if preset == "buildup":  # a short climb: a build-up game at the default limit of 6 is the slowest to check
        words.append(f"limit={rng.randint(dice + 1, 4)}")
    offers = rules.preset.offers
    if offers("wild"):
        words.append(f"wild={rng.choice(['on', 'off'])}")
    call = rng.choice(["none", "spot", "exact"])
    if call == "spot" or (call == "exact" and not offers("exact")):
        words.append(f"spot={'on' if offers('spot') else 'off'}")
    elif call == "exact":
        words.append("exact=on")
    if offers("palifico"):
        words.append(f"palifico={rng.choice(['on', 'off'])}")
    if preset != "revolver" and rng.random() < 0.3:
        words.append("lose=difference")
    return Rules.parse(" ".join([preset] + words))


def check_game(rules: Rules, seats, rng: random.Random) -> int:
    """Play one random game, checking the fast path at every step; returns the number of checks made."""
    fr = fast.FastRules.of(rules)
    checks = 0
    wild = fr.wild
    prev = new_game(rules, seats)
    for event, state in random_events(rules, seats, rng):
        if prev.phase == BIDDING and isinstance(event, Move):
            if not prev.bids:
                wild = fr.wild and prev.palifico is None
            seat = prev.seats.index(event.seat)
            standing = fast.to_id(prev.standing) if prev.bids else -1
            locked = prev.palifico is not None and seat != prev.palifico
            t = fast.round_tables(fr, prev.dice_in_play, wild)
            got = [fast.to_action(a) for a in fast.legal(t, standing, locked)]
            assert got == legal_actions(prev), (str(rules), [str(b) for _, b in prev.bids])
            checks += 1
            action = fast.to_id(event.action)
            if action >= 0 and standing < 0 and fast.opens_unwild(fr, wild, action):
                wild = False
        if len(state.history) > len(prev.history) and state.history[-1].call != "timeout":
            checks += _check_ruling(fr, prev, event, state.history[-1], wild)
        prev = state
    return checks


def _check_ruling(fr, prev, event, outcome, wild) -> int:
    rolls = list(prev.rolls)
    if isinstance(event, Roll):
        rolls[prev.seats.index(event.seat)] = event.dice
    call, caller = (fast.to_id(event.action), prev.seats.index(event.seat)) if isinstance(event, Move) else \
        (fast.to_id(prev.call[0]), prev.call[1])
    bidder, standing = prev.bids[-1]
    counts = fast.face_counts(r for r, a in zip(rolls, prev.alive) if a)
    n, correct, change = fast.resolve(fr, call, caller, bidder, fast.to_id(standing), counts, wild, prev.alive,
                                      prev.dice)
    expected = {prev.seats[i]: d for i, d in enumerate(change) if d}
    assert (n, correct, expected) == (outcome.count, outcome.correct, outcome.dice_change), str(prev.rules)
    return 1


def check_many(preset: str, games: int, seed, small: bool = True) -> int:
    rng = random.Random(f"{preset}:{seed}")
    checks = 0
    for _ in range(games):
        rules = small_rules(preset, rng) if small else Rules.parse(preset)
        low, high = rules.players
        seats = SEATS[:rng.randint(low, min(4 if small else 6, high))]
        checks += check_game(rules, seats, rng)
    return checks

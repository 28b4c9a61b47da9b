"""The cup's side of fair dice: a seed committed at the deal, dice only once the hub's entropy comes, one entropy
per deal, the seed shown only in the reveal, and a revealed cup that looks revealed to the whole table."""
from cuptest_helpers import Clock, Counter, Sent
from cupcore import commit, dice, leds, wire
from cupcore import cup as cupmod
from cupcore.cup import BUTTON_A, Cup
from cupcore.gestures import LONG

NONCE = b"\x11\x22\x33\x44\x55\x66\x77\x88"
ENTROPY = bytes(range(100, 116))


def dealt(count=5, seat=1):
    sent = Sent()
    clock = Clock()
    cup = Cup(sent, 7, "bo", "sim", source=Counter(b"fair"), clock=clock)
    cup.receive(wire.WELCOME, (1, seat, 3))
    cup.receive(wire.DEAL, (4, count, NONCE))
    return cup, sent, clock


def colours(buf):
    return [tuple(buf[i : i + 3]) for i in range(0, len(buf), 3)]


def test_the_deal_gives_a_commitment_to_a_seed_and_no_dice_yet():
    cup, sent, clock = dealt()
    [(deal_id, digest)] = sent.of(wire.COMMIT)
    assert deal_id == 4 and cup.state == cupmod.DEALT
    assert cup.mode._dice == bytearray(wire.MAX_DICE)  # nothing rolled: the dice need the hub's entropy
    cup.gesture(BUTTON_A, LONG)
    assert not cup.peeking  # nothing to peek at
    cup.receive(wire.REVEAL_REQ, (4,))
    cup.receive(wire.TABLE, (4, 1, wire.NOBODY, 0, 0, 0, 10, 0))
    assert sent.of(wire.REVEAL) == [] and sent.of(wire.ERROR) == [(wire.ERR_STATE, wire.REVEAL_REQ),
                                                                 (wire.ERR_STATE, wire.TABLE)]


def test_the_entropy_makes_the_dice_and_the_reveal_opens_the_commitment():
    cup, sent, clock = dealt()
    [(_, digest)] = sent.of(wire.COMMIT)
    cup.receive(wire.ENTROPY, (4, ENTROPY))
    assert cup.state == cupmod.ROLLED
    cup.receive(wire.REVEAL_REQ, (4,))
    [(deal_id, shown, seed, _)] = sent.of(wire.REVEAL)
    assert commit.verify(digest, NONCE, 1, 5, seed)
    assert shown == bytes(dice.roll(seed, NONCE, 1, ENTROPY, 5)) == bytes(cup.mode._dice[:5])


def test_one_entropy_per_deal_the_same_again_is_harmless_another_is_refused():
    cup, sent, clock = dealt()
    cup.receive(wire.ENTROPY, (4, ENTROPY))
    first = bytes(cup.mode._dice[:5])
    cup.receive(wire.ENTROPY, (4, ENTROPY))
    assert sent.of(wire.ERROR) == [] and bytes(cup.mode._dice[:5]) == first
    cup.receive(wire.ENTROPY, (4, bytes(16)))
    assert sent.of(wire.ERROR) == [(wire.ERR_STATE, wire.ENTROPY)]
    assert bytes(cup.mode._dice[:5]) == first and cup.state == cupmod.ROLLED


def test_entropy_for_another_deal_or_before_any_deal_is_refused():
    cup, sent, clock = dealt()
    cup.receive(wire.ENTROPY, (5, ENTROPY))
    assert cup.state == cupmod.DEALT and sent.of(wire.ERROR) == [(wire.ERR_STATE, wire.ENTROPY)]
    fresh = Cup(Sent(), 8, "cy", "sim", source=Counter(b"x"))
    fresh.receive(wire.WELCOME, (1, 0, 3))
    fresh.receive(wire.ENTROPY, (0, ENTROPY))
    assert fresh.state == cupmod.WAITING and fresh.send.of(wire.ERROR) == [(wire.ERR_STATE, wire.ENTROPY)]


def test_a_new_deal_draws_a_new_seed():
    cup, sent, clock = dealt()
    cup.receive(wire.ENTROPY, (4, ENTROPY))
    cup.receive(wire.RESULT, (4, 0, 5, 0, wire.PLAYING))
    cup.receive(wire.DEAL, (5, 5, NONCE))
    first, second = sent.of(wire.COMMIT)
    assert first[1] != second[1] and cup.state == cupmod.DEALT


def test_a_revealed_cup_flashes_white_every_second_unlike_a_cup_holding_or_peeking_at_its_dice():
    cup, sent, clock = dealt(count=3)
    cup.receive(wire.ENTROPY, (4, ENTROPY))
    buf = bytearray(18)
    holding = []
    cup.gesture(BUTTON_A, LONG)
    for _ in range(8):  # a peek (three seconds), then the quiet marker
        holding.append(colours(cup.render(buf)))
        clock.advance(500)
    assert [leds.WHITE] * 6 not in holding  # holding or peeking, the whole strip is never lit white
    assert holding[-1] == [leds.DIM_AMBER] + [leds.OFF] * 5
    cup.receive(wire.REVEAL_REQ, (4,))
    faces = [leds.FACE_COLOURS[d] for d in cup.mode._dice[:3]] + [leds.OFF] * 3
    looks = []
    for _ in range(8):
        looks.append(colours(cup.render(buf)))
        clock.advance(250)
    assert looks[0] == [leds.WHITE] * 6 and looks[4] == [leds.WHITE] * 6  # a flash each second
    assert looks[1] == looks[2] == looks[3] == faces  # the dice between flashes: they are public now
    assert 0 < cup.due_in(clock()) <= 1000  # the display changes by itself: the runner must come back


def test_the_dice_and_seed_leave_only_in_the_reveal():
    cup, sent, clock = dealt()
    cup.receive(wire.ENTROPY, (4, ENTROPY))
    cup.receive(wire.TABLE, (4, 1, wire.NOBODY, 0, 0, 0, 10, 0))
    seed = cup.mode._seed
    for mtype, values in sent.messages:
        for value in values:
            assert not (isinstance(value, (bytes, bytearray)) and (seed in value or value == seed)), mtype

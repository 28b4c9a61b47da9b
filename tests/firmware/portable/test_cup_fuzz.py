"""A seeded fuzz batch that runs the same on every runtime (the hypothesis fuzzing is CPython-only):
random noise and mutated frames between good ones. Nothing crashes, no corrupt frame becomes a message,
and every intact frame after the damage is delivered."""
from cuptest_helpers import Clock, Counter, Wire, XorShift
from cupcore import wire
from cupcore.cup import Cup
from cupcore.link import Link

CASES = 150
MESSAGES = [
    (wire.PING, (7,)),
    (wire.CUE, (wire.CUE_TURN, 0)),
    (wire.TABLE, (3, 1, 0, 2, 5, 30, 12, 1)),
    (wire.DEAL, (3, 5, b"12345678")),
    (wire.REVEAL_REQ, (3,)),
    (wire.HELLO, (1, 0, 1, 99, "fuzz", "sim")),
]


def mutate(rng, frame):
    """Damage a frame's inside (its closing delimiter stays, as the next frame's opening one would)."""
    body = bytearray(frame[1:-1])
    for _ in range(1 + rng.below(3)):
        op = rng.below(4)
        at = rng.below(len(body))
        if op == 0:
            body[at] ^= 1 << rng.below(8)
        elif op == 1:
            body[at] = rng.below(256)
        elif op == 2 and len(body) > 1:
            body = body[:at] + body[at + 1 :]  # (MicroPython's bytearray has no item deletion)
        else:
            body = body[:at] + rng.bytes(1 + rng.below(4)) + body[at:]
    return b"\x00" + bytes(body) + b"\x00"


def one_case(seed):
    rng = XorShift(seed)
    got = []
    link = Link(Wire().write, lambda t, v: got.append((t, v)), Clock())
    expected = []
    for _ in range(1 + rng.below(6)):
        mtype, values = MESSAGES[rng.below(len(MESSAGES))]
        frame = wire.encode(mtype, values)  # unsequenced, so every intact copy must be delivered
        kind = rng.below(3)
        if kind == 0:
            link.feed(rng.bytes(rng.below(100)))  # noise, with or without zeros
            link.feed(frame)
            expected.append((mtype, values))
        elif kind == 1:
            link.feed(mutate(rng, frame))
        else:
            link.feed(frame)
            expected.append((mtype, values))
    # A damaged frame may by chance decode into one of the known messages; never into anything else.
    for message in got:
        assert message in MESSAGES, (seed, message)
    for message in expected:
        assert message in got, (seed, message)
    return len(got)


def test_seeded_noise_and_mutations():
    delivered = 0
    for seed in range(1, CASES + 1):
        delivered += one_case(seed)
    assert delivered > CASES  # the batch did exercise the good path


def test_a_cup_fed_noise_stays_quiet_about_its_dice():
    rng = XorShift(2024)
    out = Wire()
    cup = Cup(lambda t, v: link.send(t, v), 1, "fuzz", "sim", source=Counter(b"fuzz"))
    link = Link(out.write, cup.receive, Clock())
    link.feed(wire.encode(wire.WELCOME, (1, 0, 2), 1, 0))
    link.feed(wire.encode(wire.DEAL, (3, 5, b"12345678"), 2, 0))
    link.feed(wire.encode(wire.ACK, (), 0, 1))  # the hub acknowledges the commitment
    link.feed(wire.encode(wire.ENTROPY, (3, bytes(range(16))), 3, 0))  # then sends its entropy: the dice exist
    for _ in range(200):
        link.feed(rng.bytes(rng.below(64)))
        if rng.below(4) == 0:
            link.feed(mutate(rng, wire.encode(wire.REVEAL_REQ, (3,), 4, 0)))
    assert wire.REVEAL not in out.types()
    link.feed(wire.encode(wire.REVEAL_REQ, (3,), 9, 0))
    assert out.types().count(wire.REVEAL) == 1

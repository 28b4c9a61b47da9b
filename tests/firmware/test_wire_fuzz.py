"""Hypothesis fuzzing of the decoder and link (CPython; a seeded batch runs on MicroPython in
portable/test_cup_fuzz.py). No crash, no corrupt frame accepted as a message, the next good frame decoded."""
import binascii

from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from cupcore import wire
from cupcore.link import Link

MESSAGES = {
    wire.PING: st.tuples(st.integers(0, 0xFFFF)),
    wire.CUE: st.tuples(st.integers(0, 255), st.integers(0, 255)),
    wire.INTENT: st.tuples(st.integers(0, 0xFFFF), st.integers(1, 4), st.integers(0, 30), st.integers(0, 6)),
    wire.TABLE: st.tuples(*[st.integers(0, 255)] * 5, st.integers(0, 0xFFFF), st.integers(0, 255), st.integers(0, 3)),
    wire.REVEAL: st.tuples(
        st.integers(0, 0xFFFF), st.lists(st.integers(1, 6), min_size=1, max_size=15).map(bytes), st.binary(min_size=16, max_size=16),
        st.binary(min_size=8, max_size=8),
    ),
    wire.HELLO: st.tuples(
        st.just(1), st.integers(0, 255), st.integers(0, 255), st.integers(0, 2**32 - 1),
        st.text(max_size=4), st.text(alphabet="abc-123", max_size=16),  # 4 chars: at most MAX_TEXT bytes of UTF-8
    ),
}
messages = st.sampled_from(sorted(MESSAGES)).flatmap(lambda t: st.tuples(st.just(t), MESSAGES[t]))


class Mutation:
    @staticmethod
    def strategy():
        return st.lists(
            st.tuples(st.sampled_from(["flip", "set", "drop", "insert"]), st.integers(0, 10_000), st.binary(min_size=1, max_size=4)),
            min_size=1,
            max_size=4,
        )


def mutate(frame, ops):
    body = bytearray(frame[1:-1])
    for op, where, data in ops:
        at = where % len(body)
        if op == "flip":
            body[at] ^= 1 << (where % 8)
        elif op == "set":
            body[at] = data[0]
        elif op == "drop" and len(body) > 1:
            del body[at]
        elif op == "insert":
            body[at:at] = data
    return b"\x00" + bytes(body) + b"\x00"


def new_link():
    got = []
    out = []
    link = Link(out.append, lambda t, v: got.append((t, v)), clock=lambda: 0)
    return link, got, out


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600))
def test_random_bytes_never_crash_and_never_become_messages(noise):
    link, got, out = new_link()
    link.feed(noise)
    assert got == []
    good = wire.encode(wire.PING, (1234,))
    link.feed(good)
    assert got == [(wire.PING, (1234,))]


@settings(max_examples=300, deadline=None)
@given(messages, Mutation.strategy(), messages)
@pytest.mark.slow
def test_a_mutated_frame_is_rejected_or_decodes_to_something_sent_and_the_next_frame_gets_through(first, ops, second):
    link, got, out = new_link()
    damaged = mutate(wire.encode(first[0], first[1]), ops)
    link.feed(damaged)
    link.feed(wire.encode(second[0], second[1]))
    assert got[-1] == second
    # A mutation may leave the frame intact (e.g. insert-then-drop); anything else must not be delivered.
    assert got[:-1] in ([], [first]), binascii.hexlify(damaged)


@settings(max_examples=200, deadline=None)
@given(st.lists(messages, min_size=1, max_size=8), st.lists(st.binary(max_size=40), min_size=8, max_size=8))
def test_noise_between_frames_costs_no_good_frame(sent, noises):
    link, got, out = new_link()
    for (mtype, values), noise in zip(sent, noises):
        link.feed(noise)
        link.feed(wire.encode(mtype, values))
    assert got == [tuple(m) for m in sent]


@settings(max_examples=200, deadline=None)
@given(st.binary(min_size=1, max_size=200))
def test_crc_matches_the_standard_library_ccitt(data):
    assert wire.crc16(data, len(data)) == binascii.crc_hqx(data, 0xFFFF)


@given(messages, st.integers(0, 255), st.integers(0, 255))
def test_every_frame_round_trips(message, seq, ack):
    decoder = wire.Decoder()
    frame = wire.encode(message[0], message[1], seq, ack)
    assert [decoder.push(b) for b in frame].count(True) == 1
    assert (decoder.type, decoder.seq, decoder.ack) == (message[0], seq, ack)
    assert wire.unpack_body(decoder.type, decoder.body) == message[1]

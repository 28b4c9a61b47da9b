"""Authentication (cupcore/session.py and the Link): the pairing and authenticated-frame golden vectors, and the
frames a Link must drop and count: forged, of another key (cross-cup), of another session, replayed, reordered,
duplicated, and plain where only authenticated ones are taken. Runs on CPython and on MicroPython."""
import json

from cuptest_helpers import Clock, Wire, here, tohex, unhex
from cupcore import session as sessions
from cupcore import wire, wirenames
from cupcore.link import Link

VECTORS = here(__file__) + "/../../vectors/wire.json"
KEY = bytes(range(32))
OTHER_KEY = bytes(range(1, 33))


def load():
    with open(VECTORS) as f:
        return json.load(f)


def test_the_pairing_vector():
    v = load()["pairing"]
    key, hub_nonce, cup_nonce = unhex(v["key"]), unhex(v["hub_nonce"]), unhex(v["cup_nonce"])
    assert tohex(sessions.proof(key, hub_nonce, cup_nonce, v["cup_id"])) == v["proof"]
    assert tohex(sessions.session_key(key, hub_nonce, cup_nonce)) == v["session_key"]


def test_the_authenticated_vectors_encode_and_verify():
    data = load()
    skey = unhex(data["pairing"]["session_key"])
    for entry in data["authenticated"]:
        mtype = wirenames.type_of(entry["type"])
        values = tuple(entry["fields"][name] for name in wirenames.fields_of(mtype))
        sender = sessions.Session(skey, entry["direction"])
        sender.sent = entry["counter"] - 1
        assert tohex(wire.encode(mtype, values, entry["seq"], entry["ack"], session=sender)) == entry["hex"], entry["about"]
        receiver = sessions.Session(skey, wire.TO_HUB if entry["direction"] == wire.TO_CUP else wire.TO_CUP)
        decoder = wire.Decoder()
        got = [decoder.push(b) for b in unhex(entry["hex"])]
        assert got[-1] and decoder.version == wire.AUTH_VERSION and decoder.counter == entry["counter"]
        assert wire.unpack_body(decoder.type, decoder.body) == values, entry["about"]
        assert receiver.check(decoder) == sessions.OK, entry["about"]
        assert receiver.check(decoder) == sessions.REPLAYED, entry["about"]  # the same counter again


def test_parse_key_takes_64_hex_digits_only():
    assert sessions.parse_key(tohex(KEY)) == KEY
    assert sessions.parse_key(tohex(KEY).upper()) == KEY
    for bad in (None, "", "00" * 31, "00" * 33, "zz" * 32, 1234):
        assert sessions.parse_key(bad) is None, bad


class Paired:
    """A cup's link and a hub's link sharing one session, frames carried by hand so a test can tamper."""

    def __init__(self, cup_key=KEY, hub_key=KEY):
        self.clock = Clock()
        self.cup_got, self.hub_got = [], []
        self.to_hub, self.to_cup = Wire(), Wire()
        self.cup = Link(self.to_hub.write, lambda t, v: self.cup_got.append((t, v)), self.clock)
        self.hub = Link(self.to_cup.write, lambda t, v: self.hub_got.append((t, v)), self.clock)
        hub_nonce, cup_nonce = bytes(16), bytes(range(16))
        self.cup.secure(sessions.Session(sessions.session_key(cup_key, hub_nonce, cup_nonce), wire.TO_HUB))
        self.hub.secure(sessions.Session(sessions.session_key(hub_key, hub_nonce, cup_nonce), wire.TO_CUP))
        self.cup.require_auth = self.hub.require_auth = True
        self.cup.plain_before = (wire.WHO, wire.CHALLENGE, wire.PING)
        self.cup.plain_after = (wire.WHO, wire.CHALLENGE)

    def hub_sends(self, mtype, values=()):
        self.hub.send(mtype, values)
        return self.to_cup.take()


def test_authenticated_frames_are_delivered_both_ways():
    p = Paired()
    p.cup.feed(p.hub_sends(wire.REVEAL_REQ, (7,)))
    assert p.cup_got == [(wire.REVEAL_REQ, (7,))]
    p.hub.feed(p.to_hub.take())  # the cup's ack, itself authenticated
    assert p.hub.idle and p.hub.forged == 0 and p.cup.forged == 0


def test_a_forged_frame_is_dropped_counted_and_not_answered():
    p = Paired()
    frame = bytearray(p.hub_sends(wire.DEAL, (1, 5, bytes(8))))
    tampered = wire.Decoder()
    for b in frame:
        tampered.push(b)
    # Change one body byte and fix the CRC, as a forger who knows the format but not the key would.
    payload = bytearray(tampered.signed) + bytearray(tampered.tag)
    payload[10] ^= 0x01  # the dice count (after the header 4, the counter 4 and the deal 2)
    crc = wire.crc16(payload, len(payload))
    payload += bytes((crc >> 8, crc & 0xFF))
    out = bytearray(len(payload) + 3)
    end = wire._stuff(payload, len(payload), out, 1)
    p.cup.feed(bytes(out[:end]) + b"\x00")
    assert p.cup_got == [] and p.cup.forged == 1 and p.to_hub.take() == b""


def test_a_frame_under_another_cups_key_is_forged():
    p = Paired(cup_key=KEY, hub_key=OTHER_KEY)
    p.cup.feed(p.hub_sends(wire.TABLE, (1, 0, 0, 0, 0, 30, 10, 0)))
    assert p.cup_got == [] and p.cup.forged == 1 and p.to_hub.take() == b""


def test_a_frame_of_another_session_is_forged():
    p, earlier = Paired(), Paired()
    # The same key, a session with other nonces (an earlier game's):
    earlier.hub.session = sessions.Session(sessions.session_key(KEY, bytes(16), bytes(16)), wire.TO_CUP)
    p.cup.feed(earlier.hub_sends(wire.REVEAL_REQ, (1,)))
    assert p.cup_got == [] and p.cup.forged == 1


def test_replayed_duplicated_and_reordered_frames_are_dropped_and_counted():
    p = Paired()
    first = p.hub_sends(wire.CUE, (wire.CUE_TURN, 0))
    second = p.hub_sends(wire.CUE, (wire.CUE_CALL, 0))
    p.cup.feed(second)
    p.cup.feed(first)  # overtaken: its counter is below the last accepted
    p.cup.feed(second)  # duplicated
    assert p.cup_got == [(wire.CUE, (wire.CUE_CALL, 0))]
    assert p.cup.replayed == 2 and p.cup.forged == 0


def test_a_retransmission_carries_a_fresh_counter_and_is_still_delivered_once():
    p = Paired()
    p.hub.send(wire.REVEAL_REQ, (3,))
    p.clock.advance(p.hub.retry_ms)
    p.hub.tick()
    frames = p.to_cup.take()
    counters = []
    decoder = wire.Decoder()
    for b in frames:
        if decoder.push(b):
            counters.append(decoder.counter)
    assert counters == [1, 2]
    p.cup.feed(frames)
    assert p.cup_got == [(wire.REVEAL_REQ, (3,))] and p.cup.replayed == 0


def test_plain_frames_are_refused_where_authentication_is_required():
    p = Paired()
    p.cup.feed(wire.encode(wire.DEAL, (1, 5, bytes(8)), 1, 0))
    p.cup.feed(wire.encode(wire.REVEAL_REQ, (1,), 2, 0))
    p.cup.feed(wire.encode(wire.PING, (5,)))  # once paired, even a ping must be authenticated
    assert p.cup_got == [] and p.cup.forged == 3 and p.to_hub.take() == b""
    p.cup.feed(wire.encode(wire.WHO))  # who and challenge stay plain: a restarted hub must be able to ask
    assert p.cup_got == [(wire.WHO, ())]


def test_a_strangers_challenge_does_not_unpair_the_cup():
    p = Paired()
    stranger = sessions.Session(sessions.session_key(OTHER_KEY, bytes(16), bytes(16)), wire.TO_HUB)
    p.cup.secure(stranger)  # the cup answered a stranger's challenge: a candidate only
    p.cup.feed(p.hub_sends(wire.REVEAL_REQ, (4,)))
    assert p.cup_got == [(wire.REVEAL_REQ, (4,))] and p.cup.candidate is stranger
    p.cup.send(wire.REVEAL, (4, bytes([1, 2]), bytes(16), bytes(8)))
    p.hub.feed(p.to_hub.take())  # still under the first session, so its hub takes it
    assert p.hub_got == [(wire.REVEAL, (4, bytes([1, 2]), bytes(16), bytes(8)))] and p.hub.forged == 0


def test_a_new_hubs_session_takes_over_at_its_first_frame():
    p = Paired()
    fresh = sessions.session_key(KEY, bytes(range(16)), bytes(16))
    p.cup.secure(sessions.Session(fresh, wire.TO_HUB))
    new_hub = Link(p.to_cup.write, lambda t, v: None, p.clock)
    new_hub.secure(sessions.Session(fresh, wire.TO_CUP))
    new_hub.send(wire.CUE, (wire.CUE_TURN, 0))
    p.cup.feed(p.to_cup.take())
    assert p.cup_got == [(wire.CUE, (wire.CUE_TURN, 0))] and p.cup.candidate is None
    assert p.cup.session.sends == wire.TO_HUB and p.cup.session.heard == 1


def test_a_challenge_answers_every_hello_so_the_proof_is_not_held_behind_one():
    # A cup asked WHO while its first HELLO was in flight has a second HELLO queued; the hub's CHALLENGE acks the
    # first, and once the cup has answered with its PROOF it takes no plain ACK for the second (it is paired). The
    # CHALLENGE is the hub's answer to the cup's hellos: the proof must go at once, not after 8 resends of a HELLO.
    from cupcore.cup import Cup
    from cupcore.runner import pair

    clock = Clock()
    out = Wire()
    got = []
    link = Link(out.write, lambda t, v: got.append((t, v)), clock)
    cup = Cup(link.send, 7, "ana", "sim", clock=clock)
    pair(cup, link, KEY)
    cup.hello()
    cup.hello()
    link.feed(wire.encode(wire.CHALLENGE, (bytes(16),), 1, 1))  # acks the first HELLO (seq 1)
    for mtype, values in got:
        cup.receive(mtype, values)
    assert wire.PROOF in out.types()  # at once: the clock has not moved
    assert link.idle or link._pending[1] != wire.HELLO


def test_a_strangers_plain_frame_acknowledges_nothing_the_session_has_in_flight():
    # A plain WHO (taken: a restarted hub must be able to ask) whose ack field names the cup's bid in flight: were
    # it taken as the ack, the bid would never be resent, and a bid lost once would never reach the hub.
    p = Paired()
    p.cup.send(wire.INTENT, (1, 1, 4, 5))
    bid = p.to_hub.take()  # lost on the way
    p.cup.feed(wire.encode(wire.WHO, (), 0, 1))  # ack 1: the bid's seq
    assert p.cup_got == [(wire.WHO, ())] and not p.cup.idle
    p.clock.advance(Link.retry_ms)
    p.cup.tick()
    p.hub.feed(p.to_hub.take())
    assert p.hub_got == [(wire.INTENT, (1, 1, 4, 5))] and bid


def test_a_strangers_plain_frame_does_not_make_the_hubs_next_frame_a_repeat():
    # A plain CHALLENGE (taken: a restarted hub pairs again with it) carrying the seq the hub will use next: in one
    # sequence with the session's frames, the hub's next frame would look like a repeat, be acked and not delivered.
    p = Paired()
    p.cup.feed(p.hub_sends(wire.CUE, (wire.CUE_TURN, 0)))
    p.cup.feed(wire.encode(wire.CHALLENGE, (bytes(16),), 1, 0))  # the hub's next reliable seq is 1
    p.cup.feed(p.hub_sends(wire.REVEAL_REQ, (4,)))  # seq 1
    assert (wire.REVEAL_REQ, (4,)) in p.cup_got

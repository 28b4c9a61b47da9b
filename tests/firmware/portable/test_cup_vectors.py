"""The golden vectors in tests/vectors/wire.json: the bytes the protocol is pinned to."""
import json

from cuptest_helpers import Wire, here, tohex, unhex
from cupcore import wire, wirenames
from cupcore.link import Link

VECTORS = here(__file__) + "/../../vectors/wire.json"


def load():
    with open(VECTORS) as f:
        return json.load(f)


def values_of(entry):
    mtype = wirenames.type_of(entry["type"])
    codes, names = wire.LAYOUTS[mtype], wirenames.fields_of(mtype)
    values = []
    for code, name in zip(codes, names):
        value = entry["fields"][name]
        if code in "nak":
            value = unhex(value)
        elif code == "d":
            value = bytes(value)
        values.append(value)
    return mtype, tuple(values)


def test_every_message_type_has_a_vector():
    assert sorted(set(wirenames.type_of(e["type"]) for e in load()["frames"])) == sorted(wire.LAYOUTS)


def test_encoding_gives_the_golden_bytes():
    for entry in load()["frames"]:
        mtype, values = values_of(entry)
        assert tohex(wire.encode(mtype, values, entry["seq"], entry["ack"])) == entry["hex"], entry["about"]


def test_decoding_the_golden_bytes_gives_their_meaning():
    for entry in load()["frames"]:
        decoder = wire.Decoder()
        got = [decoder.push(b) for b in unhex(entry["hex"])]
        assert got.count(True) == 1 and got[-1], entry["about"]
        mtype, values = values_of(entry)
        assert (decoder.version, decoder.type, decoder.seq, decoder.ack) == (wire.VERSION, mtype, entry["seq"], entry["ack"])
        assert wire.unpack_body(decoder.type, decoder.body) == values, entry["about"]


def test_bad_vectors_are_dropped_or_answered_with_the_named_error():
    for entry in load()["bad"]:
        out = Wire()
        delivered = []
        link = Link(out.write, lambda t, v: delivered.append((t, v)))
        good = wire.encode(wire.PING, (1,))
        link.feed(unhex(entry["hex"]) + good)
        assert delivered == [(wire.PING, (1,))], entry["about"]  # the next good frame always gets through
        errors = out.messages(wire.ERROR)
        if entry["verdict"] == "dropped":
            assert link.decoder.dropped >= 1 and not errors, entry["about"]
        elif entry["verdict"] == "forged":
            assert link.forged == 1 and not errors and not link.decoder.dropped, entry["about"]
        else:
            assert [e[0] for e in errors] == [entry["error"]], entry["about"]

"""The frame format: CRC, COBS, message bodies, the decoder's resynchronisation."""
from cuptest_helpers import raises, unhex
from cupcore import wire, wirenames

SAMPLES = {
    wire.HELLO: (1, 0, 1, 0xDEADBEEF, "ana", "qtpy-rp2040"),
    wire.COMMIT: (65535, bytes(range(32))),
    wire.INTENT: (3, wire.BID, 30, 6),
    wire.REVEAL: (3, bytes([1, 2, 3, 4, 5, 6, 6, 6, 1, 1, 2, 2, 3, 3, 4]), bytes(16), bytes(range(8))),
    wire.WELCOME: (1, 0, 10),
    wire.DEAL: (0, 15, b"\x00" * 8),
    wire.TABLE: (3, 1, wire.NOBODY, 0, 0, 65535, 30, 3),
    wire.ACCEPT: (3, wire.SPOT),
    wire.REFUSE: (3, wire.BID, 1),
    wire.REVEAL_REQ: (3,),
    wire.RESULT: (3, -128, 0, 6, wire.OUT),
    wire.CUE: (wire.CUE_BANG, 255),
    wire.WHO: (),
    wire.CHALLENGE: (bytes(range(16)),),
    wire.PROOF: (bytes(range(16)), bytes(range(16, 32))),
    wire.ENTROPY: (65535, bytes(range(16))),
    wire.PCOMMIT: (65535, 5, bytes(range(32))),
    wire.OPEN: (12, 3, 6, bytes(range(16)), bytes(8)),
    wire.PDEAL: (12, 0x1F, bytes(range(8))),
    wire.PTABLE: (4, 2, 3, 0x03, 1, 16806),
    wire.PCLOSE: (12,),
    wire.ACK: (),
    wire.PING: (0,),
    wire.PONG: (65535,),
    wire.ERROR: (wire.ERR_STATE, wire.REVEAL_REQ),
}


def decode_all(data):
    decoder = wire.Decoder()
    frames = []
    for byte in data:
        if decoder.push(byte):
            frames.append((decoder.type, decoder.seq, decoder.ack, wire.unpack_body(decoder.type, decoder.body)))
    return frames, decoder


def test_crc16_ccitt_false_check_value():
    assert wire.crc16(b"123456789", 9) == 0x29B1
    assert wire.crc16(b"", 0) == 0xFFFF


def test_cobs_known_encodings():
    for raw, encoded in (
        ("00", "0101"),
        ("0000", "010101"),
        ("11220033", "0311220233"),
        ("11223344", "0511223344"),
        ("11000000", "0211010101"),
    ):
        out = bytearray(16)
        end = wire._stuff(unhex(raw), len(unhex(raw)), out, 0)
        assert bytes(out[:end]) == unhex(encoded), raw
        back = bytearray(16)
        n = wire._unstuff(out, end, back)
        assert bytes(back[:n]) == unhex(raw), raw


def test_cobs_long_run_round_trips():
    raw = bytes((i % 255) + 1 for i in range(300))
    out = bytearray(310)
    end = wire._stuff(raw, len(raw), out, 0)
    assert all(out[:end])
    back = bytearray(310)
    assert bytes(back[: wire._unstuff(out, end, back)]) == raw


def test_every_message_round_trips():
    assert sorted(SAMPLES) == sorted(wire.LAYOUTS)
    for mtype, values in SAMPLES.items():
        frame = wire.encode(mtype, values, 9, 4)
        assert frame[0] == 0 and frame[-1] == 0 and all(frame[1:-1])
        assert len(frame) <= wire.MAX_FRAME
        frames, _ = decode_all(frame)
        assert frames == [(mtype, 9, 4, values)], wirenames.name_of(mtype)


def test_most_frames_fit_one_ble_notification():
    small = [t for t in SAMPLES if t not in (wire.HELLO, wire.COMMIT, wire.REVEAL, wire.ENTROPY, wire.CHALLENGE,
                                             wire.PROOF, wire.PCOMMIT, wire.OPEN)]
    for mtype in small:
        assert len(wire.encode(mtype, SAMPLES[mtype], 255, 255)) <= 20, wirenames.name_of(mtype)


def test_bad_values_are_refused_when_packing():
    raises(ValueError, wire.encode, wire.INTENT, (3, 1, 256, 6))
    raises(ValueError, wire.encode, wire.INTENT, (3, 1, 2))
    raises(ValueError, wire.encode, wire.RESULT, (3, 128, 0, 0, 0))
    raises(ValueError, wire.encode, wire.HELLO, (1, 0, 1, 5, "a name far too long to send", "sim"))
    raises(ValueError, wire.encode, wire.REVEAL, (3, bytes([1, 7]), bytes(16), bytes(8)))
    raises(ValueError, wire.encode, wire.REVEAL, (3, bytes([1] * 16), bytes(16), bytes(8)))
    raises(ValueError, wire.encode, wire.DEAL, (3, 5, b"short"))
    raises(ValueError, wire.encode, 0x7F, ())


def test_bodies_of_the_wrong_length_are_refused_when_unpacking():
    raises(ValueError, wire.unpack_body, wire.INTENT, b"\x00\x03\x01\x02")
    raises(ValueError, wire.unpack_body, wire.INTENT, b"\x00\x03\x01\x02\x03\x04")
    raises(ValueError, wire.unpack_body, wire.HELLO, b"\x01\x00\x01\x00\x00\x00\x05\x09ana")
    raises(ValueError, wire.unpack_body, wire.REVEAL, b"\x00\x03\x02\x01\x00" + bytes(24))
    raises(ValueError, wire.unpack_body, 0x7F, b"")


def test_decoder_resynchronises_after_garbage_and_overlong_runs():
    good = wire.encode(wire.PING, (77,))
    stream = b"boot banner\r\n>>> " + good + b"\x55" * 200 + good + b"\x00\x00\x00" + good
    frames, decoder = decode_all(stream)
    assert [f[3] for f in frames] == [(77,)] * 3
    assert decoder.dropped == 2


def test_frames_back_to_back_share_nothing_and_all_decode():
    stream = b"".join(wire.encode(wire.PING, (i,)) for i in range(20))
    frames, decoder = decode_all(stream)
    assert [f[3][0] for f in frames] == list(range(20))
    assert decoder.dropped == 0


def test_garbage_glued_to_the_front_of_a_frame_costs_nothing():
    frames, _ = decode_all(b"\x13\x37\x99" + wire.encode(wire.PING, (5,)))
    assert [f[3] for f in frames] == [(5,)]


def test_the_names_table_agrees_with_the_layouts():
    assert sorted(wirenames.MESSAGES) == sorted(wire.LAYOUTS)
    for mtype, (name, fields) in wirenames.MESSAGES.items():
        assert len(fields) == len(wire.LAYOUTS[mtype]), name
    assert len(set(name for name, fields in wirenames.MESSAGES.values())) == len(wire.LAYOUTS)


def test_describe_reads_like_the_docs():
    assert wirenames.describe(wire.INTENT, (7, wire.BID, 4, 4)) == "intent deal=7 kind=bid qty=4 face=4"
    assert wirenames.describe(wire.REVEAL, (7, bytes([2, 5]), bytes(16), bytes(8))).startswith("reveal deal=7 dice=25 seed=0000")


def test_names_and_types():
    assert wirenames.name_of(wire.REVEAL_REQ) == "reveal_req"
    assert wirenames.type_of("reveal_req") == wire.REVEAL_REQ
    assert wirenames.name_of(0x7F) == "0x7f"
    raises(ValueError, wirenames.type_of, "nonsense")
    assert wire.is_reliable(wire.REVEAL) and not wire.is_reliable(wire.PING) and not wire.is_reliable(0x7F)


def framed(payload, crc=True):
    """`00 COBS(payload [+ its CRC]) 00`, built by hand so a test can make what encode() never would."""
    payload = bytes(payload)
    if crc:
        check = wire.crc16(payload, len(payload))
        payload += bytes((check >> 8, check & 0xFF))
    out = bytearray(len(payload) + 3)
    end = wire._stuff(payload, len(payload), out, 1)
    return bytes(out[:end]) + b"\x00"


def test_runs_of_54_to_57_bytes_between_delimiters_are_dropped_and_the_next_frame_still_decodes():
    # `00 38 07x55 00` is a 56-byte run that decodes to 55 bytes: one more than the largest payload (54).
    for run in (54, 55, 56, 57):
        noise = b"\x00" + bytes((run,)) + b"\x07" * (run - 1) + b"\x00"
        frames, decoder = decode_all(noise + wire.encode(wire.PING, (run,)))
        assert [f[3] for f in frames] == [(run,)], run
        assert decoder.dropped == 1, run


def test_the_largest_payload_decodes_and_one_byte_more_is_dropped():
    header = bytes((wire.VERSION, wire.PING, 0, 0))
    largest = framed(header + b"\x05" * wire.MAX_BODY)  # 54-byte payload: 55 stuffed bytes
    assert len(largest) == wire.MAX_FRAME - wire.AUTH_OVERHEAD  # a plain frame; an authenticated one is longer
    decoder = wire.Decoder()
    assert [decoder.push(b) for b in largest][-1] is True
    assert len(decoder.body) == wire.MAX_BODY
    too_long = framed(header + b"\x05" * (wire.MAX_BODY + 1))  # a good CRC, but 55 bytes of payload
    frames, decoder = decode_all(too_long + wire.encode(wire.PING, (1,)))
    assert [f[3] for f in frames] == [(1,)] and decoder.dropped == 1

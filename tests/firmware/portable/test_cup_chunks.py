"""BLE packets: frames cut into numbered packets and put back together, through loss and reordering."""
from cupcore import wire
from cupcore.chunks import Chunker, Reassembler


def frames(count):
    out = []
    for i in range(count):
        if i % 3 == 0:
            out.append(wire.encode(wire.COMMIT, (i, bytes([(i * 7 + j) & 0xFF for j in range(32)])), i % 255 + 1, 0))
        elif i % 3 == 1:
            out.append(wire.encode(wire.INTENT, (i, wire.BID, 3, 4), i % 255 + 1, 2))
        else:
            out.append(wire.encode(wire.ACK, (), 0, i % 255 + 1))
    return out


def packets_of(data_frames, size=20):
    packets = []
    chunker = Chunker(lambda p: packets.append(bytes(p)), size)
    for frame in data_frames:
        chunker.write(frame)
    return packets


def received(packets):
    """The frames a Link decoder gets from these packets."""
    got = []
    decoder = wire.Decoder()
    reasm = Reassembler()

    def deliver(buf, n):
        for i in range(n):
            if decoder.push(buf[i]):
                got.append(wire.encode(decoder.type, wire.unpack_body(decoder.type, decoder.body) if decoder.type != wire.ACK else (), decoder.seq, decoder.ack))

    for p in packets:
        reasm.feed(p, deliver)
    return got, reasm


class Lcg:
    def __init__(self, seed):
        self.state = seed

    def below(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.state >> 8) % n


def test_packets_fit_twenty_bytes_and_start_with_their_number():
    packets = packets_of(frames(30))
    assert all(1 < len(p) <= 20 for p in packets)
    assert [p[0] for p in packets] == [i & 0xFF for i in range(len(packets))]
    assert max(len(f) for f in frames(30)) > 20  # some frames really are cut


def test_a_negotiated_mtu_makes_packets_longer_but_never_more_than_a_frame():
    chunker = Chunker(lambda p: None)
    chunker.set_mtu(247)
    assert chunker.size == 1 + wire.MAX_FRAME
    chunker.set_mtu(23)
    assert chunker.size == 20
    assert all(len(p) <= 1 + wire.MAX_FRAME for p in packets_of(frames(9), chunker.size))


def test_in_order_every_frame_arrives():
    sent = frames(40)
    got, reasm = received(packets_of(sent))
    assert got == sent
    assert reasm.gaps == 0


def test_numbers_wrap_around_after_255():
    sent = frames(200)
    packets = packets_of(sent)
    assert len(packets) > 256
    assert received(packets)[0] == sent


def test_lost_packets_cost_frames_but_never_make_a_wrong_one():
    sent = frames(300)
    rng = Lcg(1)
    packets = [p for p in packets_of(sent) if rng.below(6)]  # about one packet in six lost
    got, reasm = received(packets)
    assert reasm.gaps > 20
    assert got and all(f in sent for f in got)
    assert len(got) > len(sent) // 3


def test_reordered_packets_cost_frames_but_never_make_a_wrong_one():
    sent = frames(300)
    packets = packets_of(sent)
    rng = Lcg(2)
    for _ in range(60):
        i = rng.below(len(packets) - 1)
        packets[i], packets[i + 1] = packets[i + 1], packets[i]
    got, reasm = received(packets)
    assert reasm.late > 0 and reasm.gaps > 0
    assert all(f in sent for f in got)
    assert len(got) > len(sent) // 2


def test_a_lost_packet_between_two_frames_never_splices_them():
    # frame A's first packet and frame B's last packet, with the middle lost: bytes that look like one frame
    a, b = frames(2)[0], frames(2)[0]
    packets = packets_of([a, b])
    spliced = [packets[0], packets[-1]]
    assert received(spliced)[0] == []


def test_a_new_connection_starts_numbering_again():
    sent = frames(5)
    packets = packets_of(sent)
    reasm = Reassembler()
    out = []
    for p in packets[:3]:
        reasm.feed(p, lambda buf, n: out.append(bytes(buf[:n])))
    reasm.reset()
    for p in packets_of(sent):
        reasm.feed(p, lambda buf, n: out.append(bytes(buf[:n])))
    assert out[-5:] == sent

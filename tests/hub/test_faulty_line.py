"""The fault injector (dicecup.sim.faulty) that bench/faulty_link.py puts between the hub and its cups: each
fault does what it says at the rate it says, the same seed meets the same faults, and cupcore's Link carries
every message across it exactly once."""
import random

import pytest

from cupcore import wire
from cupcore.link import Link

from dicecup.sim.faulty import FaultyLine, FrameSplitter

FRAMES = [wire.encode(wire.PING, (i,)) for i in range(40)]


def through(line, frames):
    out = []
    for frame in frames:
        out += line.send(frame)
    return out + line.flush()


def test_a_clean_line_passes_every_frame_in_order():
    assert through(FaultyLine(random.Random(1)), FRAMES) == FRAMES


def test_each_fault_alone_at_certainty():
    assert through(FaultyLine(random.Random(1), drop=1.0), FRAMES) == []
    assert through(FaultyLine(random.Random(1), duplicate=1.0), FRAMES) == [f for f in FRAMES for _ in (1, 2)]
    swapped = [FRAMES[i + d] for i in range(0, len(FRAMES), 2) for d in (1, 0)]
    assert through(FaultyLine(random.Random(1), reorder=1.0), FRAMES) == swapped
    corrupted = through(FaultyLine(random.Random(1), corrupt=1.0), FRAMES)
    assert len(corrupted) == len(FRAMES)
    for sent, got in zip(FRAMES, corrupted):
        flipped = sum(bin(a ^ b).count("1") for a, b in zip(sent, got))
        assert len(got) == len(sent) and 1 <= flipped <= 3 and got[0] == got[-1] == 0


def test_rates_are_kept_and_a_seed_replays_the_same_faults():
    frames = [wire.encode(wire.PING, (i % 65536,)) for i in range(20000)]
    line = FaultyLine(random.Random(5), drop=0.05, duplicate=0.05, reorder=0.05, corrupt=0.05)
    first = through(line, frames)
    for name, count in line.counts.items():
        assert 800 <= count <= 1200, (name, count)  # 5 % of 20000 is 1000; 6 sigma is about 180
    again = through(FaultyLine(random.Random(5), drop=0.05, duplicate=0.05, reorder=0.05, corrupt=0.05), frames)
    assert again == first
    other = through(FaultyLine(random.Random(6), drop=0.05, duplicate=0.05, reorder=0.05, corrupt=0.05), frames)
    assert other != first


def test_a_rate_outside_0_to_1_is_refused():
    with pytest.raises(ValueError, match="drop rate"):
        FaultyLine(drop=1.5)


def test_splitter_cuts_a_stream_into_frames_across_reads():
    stream = b"".join(FRAMES[:3])
    splitter = FrameSplitter()
    got = []
    for i in range(0, len(stream), 5):
        got += splitter.feed(stream[i:i + 5])
    assert got == FRAMES[:3]


def test_cupcore_links_carry_every_message_once_in_order_across_faulty_lines():
    """Two cupcore Links (as the hub and a cup run them) on a virtual clock, 5 % of every fault both ways."""
    now = [0]
    rng = random.Random(11)
    lines = [FaultyLine(rng, drop=0.05, duplicate=0.05, reorder=0.05, corrupt=0.05) for _ in range(2)]
    wires = [[], []]  # frames in flight towards end 0 and end 1
    got = [[], []]
    ends = []
    for me in (0, 1):
        other = 1 - me
        ends.append(Link(lambda frame, o=other: wires[o].extend(lines[o].send(frame)),
                         lambda mtype, values, m=me: got[m].append(values[0]), clock=lambda: now[0]))
    sent = 0
    while now[0] < 600_000 and (sent < 300 or not (ends[0].idle and ends[1].idle)):
        if sent < 300 and ends[0].idle and ends[1].idle:
            ends[0].send(wire.COMMIT, (sent, bytes(32)))
            ends[1].send(wire.COMMIT, (sent, bytes(32)))
            sent += 1
        for me in (0, 1):
            frames, wires[me][:] = list(wires[me]), []
            for frame in frames:
                ends[me].feed(frame)
        now[0] += 10
        for me in (0, 1):
            ends[me].tick()
            if now[0] % 50 == 0:
                wires[me].extend(lines[me].flush())
    assert got[0] == got[1] == list(range(300))
    assert ends[0].lost == ends[1].lost == 0
    assert all(line.counts["drop"] and line.counts["reorder"] for line in lines)

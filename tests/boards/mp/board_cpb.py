"""The Circuit Playground Bluefruit layer on the MicroPython unix port, with board, digitalio, neopixel, pwmio,
busio, adafruit_lis3dh and `_bleio` replaced by stand-ins; its BLE (cpbble) runs on the real adafruit_ble over
`_bleio`'s stand-in, which keeps the real one's packet sizes, MTU and PacketBuffer behaviour. The test plays the
hub as dicecup.link.ble does: the MTU BlueZ asks for (517) first, then subscribed, frames cut by cupcore.chunks."""
import _bleio
import adafruit_lis3dh
import cpbble
import digitalio
import microcontroller
import neopixel
import pwmio

from cpbboard import CpbBoard
from cupcore import leds, wire
from cupcore.chunks import Chunker, Reassembler
from cupcore.runner import Runner
from hubside import (Clock, Hub, UsbStandIn, capped_colour, deal, dice_colours, messages, nvm_keeps_the_deal, run_for,
                     seat)
from pinmap import PINS

G = 9.80665


def lit(colour):
    return capped_colour(colour, PINS["leds"]["max_level"])


def make(fresh=True, ble_name=None):
    if fresh:
        microcontroller.nvm[:] = bytes(len(microcontroller.nvm))  # a board never used: nothing kept
    _bleio.adapter.reset()
    digitalio.PINS.clear()
    del neopixel.STRIPS[:]
    del pwmio.OUTS[:]
    del adafruit_lis3dh.SAMPLES[:]
    clock = Clock()
    usb = UsbStandIn()
    board = CpbBoard(PINS, clock, usb=usb, ble_name=ble_name)
    runner = Runner(board, 3, "cy", clock=clock)
    return runner, usb, Hub(), clock, neopixel.STRIPS[0]


def hold(runner, clock, name, ms):
    digitalio.PINS[name].value = True  # the CPB's buttons read True when pressed
    run_for(runner, clock, ms)
    digitalio.PINS[name].value = False
    run_for(runner, clock, 450)


def test_the_buttons_are_pulled_down_and_the_accelerometer_set_to_8g_100hz():
    runner, usb, hub, clock, strip = make()
    assert digitalio.PINS["BUTTON_A"].pull == digitalio.Pull.DOWN
    assert digitalio.PINS["BUTTON_B"].pull == digitalio.Pull.DOWN
    chip = adafruit_lis3dh.CHIPS[-1]
    assert chip.address == 0x19 and chip.range == adafruit_lis3dh.RANGE_8_G
    assert chip.data_rate == adafruit_lis3dh.DATARATE_100_HZ
    assert strip.n == 10 and strip.pin == "NEOPIXEL"


def test_hello_says_cpb_and_b_long_is_ready():
    runner, usb, hub, clock, strip = make()
    hello = [v for t, v in seat(runner, usb, hub, clock) if t == wire.HELLO]
    assert hello[0][5] == "cpb"
    assert strip.shown[0] == lit(leds.DIM_BLUE) and strip.shown[0] != (0, 0, 0)
    hold(runner, clock, "BUTTON_B", 800)
    assert (wire.INTENT, (0, wire.READY, 0, 0)) in hub.read(usb)


def test_a_long_peeks_the_dice_on_the_ring():
    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock)
    deal(runner, usb, hub, clock)
    assert strip.shown[0] == lit(leds.DIM_AMBER)
    hold(runner, clock, "BUTTON_A", 800)
    assert strip.shown[:5] == dice_colours(runner, PINS["leds"]["max_level"])
    assert max(max(c) for c in strip.shown) <= PINS["leds"]["max_level"]


def test_a_shake_is_ready_and_a_pick_up_is_not():
    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock)
    adafruit_lis3dh.SAMPLES.extend([(0.0, 0.0, G)] * 30 + [(0.0, 0.0, 1.5 * G)] * 10 + [(0.0, 0.0, 0.6 * G)] * 10)
    run_for(runner, clock, 600)
    assert hub.read(usb) == []
    for i in range(80):
        adafruit_lis3dh.SAMPLES.append((2 * G if (i // 5) % 2 else -2 * G, 0.0, G))
    run_for(runner, clock, 1000)
    assert (wire.INTENT, (0, wire.READY, 0, 0)) in hub.read(usb)


def test_the_speaker_sounds_a_cue_only_with_the_switch_on():
    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock)
    speaker = pwmio.OUTS[-1]
    digitalio.PINS["SLIDE_SWITCH"].value = False
    usb.incoming += hub.frame(wire.CUE, (wire.CUE_TURN, 0))
    run_for(runner, clock, 20)
    assert speaker.duty_cycle == 0 and not digitalio.PINS["SPEAKER_ENABLE"].value
    run_for(runner, clock, 1500)
    digitalio.PINS["SLIDE_SWITCH"].value = True
    usb.incoming += hub.frame(wire.CUE, (wire.CUE_TURN, 0))
    run_for(runner, clock, 20)
    assert speaker.duty_cycle > 0 and speaker.frequency == 1320 and digitalio.PINS["SPEAKER_ENABLE"].value
    run_for(runner, clock, 200)
    assert speaker.duty_cycle == 0 and not digitalio.PINS["SPEAKER_ENABLE"].value


def test_cue_turn_and_cue_call_blink_white_and_sound_their_tones():
    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock)
    speaker = pwmio.OUTS[-1]
    digitalio.PINS["SLIDE_SWITCH"].value = True
    for cue, hz in ((wire.CUE_TURN, 1320), (wire.CUE_CALL, 660)):
        usb.incoming += hub.frame(wire.CUE, (cue, 0))
        run_for(runner, clock, 10)
        assert strip.shown == [lit(leds.WHITE)] * strip.n, cue
        assert speaker.frequency == hz and speaker.duty_cycle > 0 and digitalio.PINS["SPEAKER_ENABLE"].value
        run_for(runner, clock, 1500)
        assert speaker.duty_cycle == 0 and strip.shown[0] == lit(leds.DIM_BLUE)


def test_a_reset_brings_back_the_same_commitment_from_nvm():
    nvm_keeps_the_deal(make)


# -- BLE ----------------------------------------------------------------------------------------------------

TX = "6E400003-B5A3-F393-E0A9-E50E24DCCA9E"
RX = "6E400002-B5A3-F393-E0A9-E50E24DCCA9E"


class HubOverBle:
    """The hub's end of a connection to the board: dicecup.link.ble's steps on `_bleio`'s stand-in Central."""

    def __init__(self, mtu, between):
        """mtu: what the hub asks for (0: no exchange); between(): the cup's loop running between hub steps."""
        self.central = _bleio.Central()
        between()
        size = self.central.exchange_mtu(mtu) - 3 if mtu else 20
        between()
        self.central.subscribe(self.central.find(TX))
        between()
        self.rx = self.central.find(RX)
        self.chunker = Chunker(self._send, max(20, size))  # as BleTransport cuts: the whole MTU - 3
        self.reasm = Reassembler()
        self.frames = []
        self.notifications = 0

    def _send(self, packet):
        self.central.write(self.rx, bytes(packet))

    def _collect(self, buf, n):
        self.frames.append(bytes(buf[:n]))

    def write(self, frame):
        self.chunker.write(frame)

    def read(self):
        """The whole frames (`00 ... 00`) the cup's notifications carried since the last read."""
        self.central.settle()
        for packet in self.central.take():
            self.notifications += 1
            self.reasm.feed(packet, self._collect)
        frames, self.frames = self.frames, []
        return frames


def frame_of(length):
    """A frame stream of `length` bytes: `00`, nonzero bytes, `00` (what a link writes)."""
    return b"\x00" + bytes(1 + i % 255 for i in range(length - 2)) + b"\x00"


def radio_on_air(mtu):
    """A fresh cpbble.CupRadio advertising, and the hub connected to it at `mtu`."""
    _bleio.adapter.reset()
    radio = cpbble.CupRadio("ana")
    radio.tick()
    assert _bleio.adapter.advertising
    return radio, HubOverBle(mtu, radio.tick)


def received(radio):
    frames = []
    radio.poll(lambda buf, n: frames.append(bytes(buf[:n])))
    return frames


def frames_of_every_length_cross_both_ways(mtu):
    radio, hub = radio_on_air(mtu)
    for length in range(3, wire.MAX_FRAME + 1):
        frame = frame_of(length)
        hub.write(frame)
        assert received(radio) == [frame], "a %d-byte frame to the cup at MTU %d (%d writes the board ignored)" % (
            length, mtu, hub.central.ignored)
        radio.write(frame)
        assert hub.read() == [frame], "a %d-byte frame from the cup at MTU %d" % (length, mtu)
    assert hub.central.ignored == 0 and hub.reasm.gaps == 0


def test_ble_frames_of_every_length_cross_both_ways_at_the_mtu_bluez_asks_for():
    frames_of_every_length_cross_both_ways(517)


def test_ble_frames_of_every_length_cross_both_ways_with_no_mtu_exchange():
    frames_of_every_length_cross_both_ways(0)


def test_ble_frames_of_every_length_cross_both_ways_at_mtu_23_and_247():
    frames_of_every_length_cross_both_ways(23)
    frames_of_every_length_cross_both_ways(247)


def test_ble_the_cups_packets_grow_to_the_longest_frame_and_no_further():
    radio, hub = radio_on_air(517)
    radio.write(frame_of(wire.MAX_FRAME))
    hub.central.settle()
    assert [len(p) for p in hub.central.take()] == [1 + wire.MAX_FRAME]  # one packet: sequence byte and frame


def test_ble_the_cup_holds_eight_of_the_longest_packets_between_two_reads_and_a_ninth_costs_the_oldest():
    radio, hub = radio_on_air(517)
    burst = [frame_of(wire.MAX_FRAME - i) for i in range(8)]
    for frame in burst:
        hub.write(frame)
    assert received(radio) == burst
    burst = [frame_of(wire.MAX_FRAME)] * 9
    for frame in burst:
        hub.write(frame)
    assert received(radio) == burst[1:] and radio._reasm.gaps == 1  # the ring dropped its oldest packet


def test_ble_frames_written_while_a_notification_is_in_flight_arrive_whole_and_in_order():
    """PacketBuffer.write appends to the notification still waiting for the radio when it fits: several frames
    written in one pass of the cup's loop can reach the hub as one notification."""
    for mtu in (0, 517):
        radio, hub = radio_on_air(mtu)
        frames = [frame_of(n) for n in (5, 9, 12, 30, 7, 69, 3, 3, 3)]
        for frame in frames:
            radio.write(frame)
        assert hub.read() == frames, "at MTU %d" % mtu
        assert hub.reasm.gaps == 0 and hub.reasm.late == 0, "at MTU %d" % mtu
        step = (20 if mtu == 0 else cpbble.PACKET) - 1
        assert hub.notifications < sum((len(f) + step - 1) // step for f in frames)  # some packets left together


def test_ble_seats_the_cup_over_the_air_without_a_fault():
    runner, usb, hub, clock, strip = make(ble_name="ana")
    assert _bleio.adapter.name == "dicecup-ana"
    air = HubOverBle(517, lambda: run_for(runner, clock, 50))
    air.write(hub.frame(wire.WHO))
    run_for(runner, clock, 20)
    hello = [v for t, v in messages(b"".join(air.read())) if t == wire.HELLO]
    assert hello and hello[0][5] == "cpb"
    assert runner.crashes == 0  # the loop ran all along the connection, before the hub had subscribed too

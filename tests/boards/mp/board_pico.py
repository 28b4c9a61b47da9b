"""The Pico layer on the MicroPython unix port, with machine, neopixel and bluetooth replaced by stand-ins."""
import bluetooth
import machine
import neopixel

from cupcore import cup as cupmod
from cupcore import leds, wire
from cupcore.chunks import Chunker, Reassembler
from cupcore.runner import Runner
from hubside import (Clock, Hub, StoreStandIn, UsbStandIn, capped_colour, commitment, hold, messages, run_for,
                     seat)
from picoboard import PicoBoard
from pinmap import PINS


def lit(colour):
    return capped_colour(colour, PINS["leds"]["max_level"])


def make(ble_name=None, store=None):
    machine.PINS.clear()
    del neopixel.STRIPS[:]
    del machine.LOG[:]
    clock = Clock()
    usb = UsbStandIn()
    board = PicoBoard(PINS, clock, usb=usb, ble_name=ble_name, store=store or StoreStandIn())
    runner = Runner(board, 7, "ana", clock=clock)
    return runner, usb, Hub(), clock, neopixel.STRIPS[0]


def test_buttons_are_the_pins_in_the_pin_map_pulled_up():
    runner, usb, hub, clock, strip = make()
    for key in ("a", "b", "c"):
        pin = machine.PINS[PINS["buttons"][key]["gpio"]]
        assert pin.mode == machine.Pin.IN and pin.pull == machine.Pin.PULL_UP, key
    assert strip.pin.number == PINS["leds"]["gpio"] and strip.n == PINS["leds"]["count"]


def test_hello_names_the_board_and_the_seat_shows_dim_blue_on_pixel_0():
    runner, usb, hub, clock, strip = make()
    hello = [v for t, v in seat(runner, usb, hub, clock) if t == wire.HELLO]
    assert hello and hello[0][4] == "ana" and hello[0][5] == "pico"
    assert runner.cup.state == cupmod.WAITING
    assert strip.shown[0] == lit(leds.DIM_BLUE) and strip.shown[0] != (0, 0, 0) and strip.shown[1:] == [(0, 0, 0)] * (strip.n - 1)


def test_b_held_long_on_its_gpio_sends_ready():
    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock)
    hold(runner, clock, machine.PINS[PINS["buttons"]["b"]["gpio"]], 800)
    assert (wire.INTENT, (0, wire.READY, 0, 0)) in hub.read(usb)


def test_a_press_on_its_gpio_changes_the_face_shown_on_pixel_0():
    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock, seat=1)
    usb.incoming += hub.frame(wire.DEAL, (3, 5, b"12345678")) + hub.frame(wire.ENTROPY, (3, bytes(16)))
    run_for(runner, clock, 20)
    usb.incoming += hub.frame(wire.TABLE, (3, 1, 0xFF, 0, 0, 0, 20, 0))
    run_for(runner, clock, 20)
    assert runner.cup.state == cupmod.TURN and strip.shown[0] == lit(leds.FACE_COLOURS[2])
    hold(runner, clock, machine.PINS[PINS["buttons"]["a"]["gpio"]], 60)
    assert runner.cup.mode.face == 3 and strip.shown[0] == lit(leds.FACE_COLOURS[3])


def test_c_is_a_peek_button_and_the_dice_show_in_the_legend():
    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock)
    usb.incoming += hub.frame(wire.DEAL, (3, 5, b"12345678")) + hub.frame(wire.ENTROPY, (3, bytes(16)))
    run_for(runner, clock, 20)
    assert strip.shown[0] == lit(leds.DIM_AMBER) and strip.shown[1] == (0, 0, 0)
    hold(runner, clock, machine.PINS[PINS["buttons"]["c"]["gpio"]], 60)
    dice = runner.cup.mode._dice
    assert strip.shown[:5] == [lit(leds.FACE_COLOURS[dice[i]]) for i in range(5)]
    assert strip.shown[5:] == [(0, 0, 0)] * (strip.n - 5)


def test_a_cue_beeps_on_the_buzzer_and_stops():
    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock)
    del machine.LOG[:]
    usb.incoming += hub.frame(wire.CUE, (wire.CUE_TURN, 0))
    run_for(runner, clock, 10)
    assert ("freq", 1320) in machine.LOG and machine.LOG[-1][0] == "duty" and machine.LOG[-1][1] > 0
    run_for(runner, clock, 200)
    assert machine.LOG[-1] == ("duty", 0)


def test_ble_on_the_pico_w_advertises_the_service_and_carries_frames_in_packets():
    runner, usb, hub, clock, strip = make(ble_name="ana")
    radio = bluetooth.RADIOS[-1]
    interval, adv, resp = radio.adverts[-1]
    assert len(adv) <= 31 and len(resp) <= 31
    assert bytes(reversed(bytes([0x6E, 0x40, 0x00, 0x01]))) in adv  # the UUID's first bytes, little-endian, at its end
    assert b"dicecup-ana" in resp
    service_uuid, (tx, rx) = radio.services[0]
    tx_handle, rx_handle = 10, 11
    radio.handler(1, (5, 0, b"\x00" * 6))  # a hub connects
    sent = []
    chunker = Chunker(lambda p: sent.append(bytes(p)))
    chunker.write(hub.frame(wire.WHO))
    for p in sent:
        radio.hub_writes(5, rx_handle, p)
    run_for(runner, clock, 20)
    packets = [d for c, h, d in radio.notified if h == tx_handle]
    assert packets and all(len(p) <= 20 for p in packets)
    got = []
    reasm = Reassembler()
    for p in packets:
        reasm.feed(p, lambda buf, n: got.extend(messages(buf[:n])))
    hello = [v for t, v in got if t == wire.HELLO]
    assert hello and hello[0][5] == "pico"
    assert usb.sent == b""  # answered on the link it was asked on
    radio.handler(2, (5, 0, b"\x00" * 6))
    assert len(radio.adverts) == 2  # advertising again after the hub left


def test_brightness_never_exceeds_the_cap():
    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock)
    usb.incoming += hub.frame(wire.CUE, (wire.CUE_WON, 0))
    run_for(runner, clock, 50)
    assert max(max(c) for c in strip.shown) <= PINS["leds"]["max_level"]
    assert max(max(c) for c in strip.shown) > 0


def test_cue_turn_and_cue_call_blink_white_and_beep_their_tones():
    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock)
    for cue, hz in ((wire.CUE_TURN, 1320), (wire.CUE_CALL, 660)):
        del machine.LOG[:]
        usb.incoming += hub.frame(wire.CUE, (cue, 0))
        run_for(runner, clock, 10)
        assert strip.shown == [lit(leds.WHITE)] * strip.n, cue
        assert machine.LOG[:2] == [("freq", hz), ("duty", 16384)], (cue, machine.LOG)
        run_for(runner, clock, 1500)
        assert machine.LOG[-1] == ("duty", 0) and strip.shown[0] == lit(leds.DIM_BLUE)


def test_a_led_write_that_fails_once_is_reported_and_the_deal_goes_on():
    from cupcore import commit

    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock, seat=1)
    usb.incoming += hub.frame(wire.DEAL, (3, 5, b"12345678")) + hub.frame(wire.ENTROPY, (3, bytes(16)))
    run_for(runner, clock, 20)
    [(deal, digest)] = [v for t, v in hub.read(usb) if t == wire.COMMIT]
    write = strip.write
    failures = [OSError("the LED data line is stuck")]

    def write_failing_once():
        if failures:
            raise failures.pop()
        write()

    strip.write = write_failing_once
    usb.incoming += hub.frame(wire.CUE, (wire.CUE_TURN, 0))  # a new display: the write fails
    run_for(runner, clock, 20)
    assert (wire.ERROR, (wire.ERR_CRASH, 0)) in hub.read(usb)
    assert strip.shown[0] != (0, 0, 0)  # the next step showed the display after all
    usb.incoming += hub.frame(wire.REVEAL_REQ, (3,))
    run_for(runner, clock, 20)
    [(deal, dice, seed, _)] = [v for t, v in hub.read(usb) if t == wire.REVEAL]
    assert commit.verify(digest, b"12345678", 1, len(dice), seed)


def test_the_wait_ends_when_a_ble_packet_arrives_or_usb_bytes_do():
    runner, usb, hub, clock, strip = make(ble_name="ana")
    board, radio = runner.board, bluetooth.RADIOS[-1]
    board.wait(300)  # no hub on BLE: one wait on USB for the whole time
    assert usb.waited == 300
    radio.handler(1, (5, 0, b"\x00" * 6))  # a hub connects over BLE
    usb.waited = 0
    board.wait(300)  # nothing comes: looked every millisecond, for the whole time
    assert usb.waited == 300
    usb.waited = 0
    radio.hub_writes(5, 11, b"\x00\x00\x03")  # a packet in: the wait ends at once
    board.wait(300)
    assert usb.waited == 0
    runner.step(clock.now)  # the packet taken
    usb.incoming += hub.frame(wire.WHO)
    usb.waited = 0
    board.wait(300)  # bytes on USB while BLE is connected: the first look sees them
    assert usb.waited == 1


def test_a_reset_brings_back_the_same_commitment_from_the_boards_store():
    store = StoreStandIn()
    runner, usb, hub, clock, strip = make(store=store)
    seat(runner, usb, hub, clock)
    first = commitment(runner, usb, hub, clock)
    runner, usb, hub, clock, strip = make(store=store)  # RAM gone; os.urandom draws afresh
    seat(runner, usb, hub, clock)
    assert commitment(runner, usb, hub, clock) == first and store.writes == 1
    assert commitment(runner, usb, hub, clock, 4, b"87654321") != first  # another deal: a fresh seed

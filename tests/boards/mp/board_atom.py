"""The ATOM Matrix layer on the MicroPython unix port, with machine and neopixel replaced by stand-ins. Its BLE is
cupcore/nus.py, the Pico W's: tests/boards/mp/board_pico.py and, on the real stack, tests/ble/test_air.py."""
import struct

import machine
import neopixel

from atomboard import FACES, AtomBoard
from cupcore import leds, wire
from cupcore.runner import Runner
from hubside import (Clock, Hub, StoreStandIn, UsbStandIn, capped_colour, commitment, hold, messages, run_for,
                     seat)
from pinmap import PINS

LSB_PER_G = 4096


def raw(x, y, z):
    return struct.pack(">hhh", x * LSB_PER_G // 1000, y * LSB_PER_G // 1000, z * LSB_PER_G // 1000)


def make(radio=None, store=None):
    machine.PINS.clear()
    del neopixel.STRIPS[:]
    del machine.I2C.reads[:]
    del machine.I2C.writes[:]
    clock = Clock()
    usb = UsbStandIn()
    board = AtomBoard(PINS, clock, usb=usb, ble=radio, store=store or StoreStandIn())
    machine.PINS[PINS["buttons"]["a"]["gpio"]].level = 1  # the ATOM's own pull-up resistor on GPIO39
    runner = Runner(board, 9, "bo", clock=clock, pip_mode=True)
    return runner, usb, Hub(), clock, neopixel.STRIPS[0]


def feed_accel(samples):
    machine.I2C.reads.extend(raw(*s) for s in samples)


def test_the_imu_is_woken_at_8g_and_the_matrix_is_25_pixels_on_its_gpio():
    runner, usb, hub, clock, strip = make()
    assert (PINS["accel"]["address"], 0x6B, b"\x00") in machine.I2C.writes
    assert (PINS["accel"]["address"], 0x1C, b"\x10") in machine.I2C.writes
    assert strip.n == 25 and strip.pin.number == PINS["leds"]["gpio"]


def test_the_screen_button_is_a_and_a_long_press_peeks_as_a_die_face():
    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock)
    usb.incoming += hub.frame(wire.DEAL, (4, 3, b"abcdefgh")) + hub.frame(wire.ENTROPY, (4, bytes(16)))
    run_for(runner, clock, 20)
    hold(runner, clock, machine.PINS[PINS["buttons"]["a"]["gpio"]], 800)
    first = runner.cup.mode._dice[0]
    lit = [i for i in range(25) if strip.shown[i] != (0, 0, 0)]
    assert lit == sorted(FACES[first]), (first, lit)


def test_tilting_right_and_holding_is_b_long_ready():
    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock)
    feed_accel([(900, 0, 400)] * 100)  # tilted right, about 65 degrees, for a second
    run_for(runner, clock, 1000)
    feed_accel([(0, 0, 1000)] * 60)
    run_for(runner, clock, 600)
    assert (wire.INTENT, (0, wire.READY, 0, 0)) in hub.read(usb)


def test_a_shake_between_rounds_is_ready_and_a_pick_up_is_not():
    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock)
    lift = [(0, 0, 1000)] * 30 + [(0, 0, 1500)] * 10 + [(0, 0, 600)] * 10 + [(0, 0, 1000)] * 50
    feed_accel(lift)
    run_for(runner, clock, 1000)
    assert hub.read(usb) == []
    shake = []
    for i in range(80):
        swing = 2000 if (i // 5) % 2 else -2000  # 10 Hz square swings of 2 g along y: no tilt to the right
        shake.append((0, swing, 1000))
    feed_accel(shake + [(0, 0, 1000)] * 40)
    run_for(runner, clock, 1200)
    assert (wire.INTENT, (0, wire.READY, 0, 0)) in hub.read(usb)


def test_the_matrix_stays_at_or_under_brightness_20():
    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock)
    usb.incoming += hub.frame(wire.CUE, (wire.CUE_WON, 0))
    run_for(runner, clock, 50)
    top = max(max(c) for c in strip.shown)
    assert 0 < top <= PINS["leds"]["max_level"] == 20


def test_cue_turn_and_cue_call_blink_the_whole_matrix_white():
    """The ATOM Matrix has no buzzer: a cue is seen, not heard."""
    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock)
    white = capped_colour(leds.WHITE, PINS["leds"]["max_level"])
    for cue in (wire.CUE_TURN, wire.CUE_CALL):
        usb.incoming += hub.frame(wire.CUE, (cue, 0))
        run_for(runner, clock, 10)
        assert strip.shown == [white] * 25, cue
        run_for(runner, clock, 250)
        assert strip.shown == [(0, 0, 0)] * 25  # the blink's dark half
        run_for(runner, clock, 1500)
        assert strip.shown[0] != (0, 0, 0) and strip.shown[1:] == [(0, 0, 0)] * 24  # the seat's dim marker


def test_a_reset_brings_back_the_same_commitment_from_the_boards_store():
    store = StoreStandIn()
    runner, usb, hub, clock, strip = make(store=store)
    seat(runner, usb, hub, clock)
    first = commitment(runner, usb, hub, clock)
    runner, usb, hub, clock, strip = make(store=store)
    seat(runner, usb, hub, clock)
    assert commitment(runner, usb, hub, clock) == first and store.writes == 1

"""The Pico-on-CircuitPython layer (picocpboard over cupcore.cpboard) on the MicroPython unix port, with board,
digitalio, neopixel and pwmio replaced by stand-ins. tests/chip runs it on the real CircuitPython too."""
import digitalio
import microcontroller
import neopixel
import pwmio

from cupcore import leds, wire
from cupcore.runner import Runner
from hubside import Clock, Hub, UsbStandIn, capped_colour, deal, dice_colours, nvm_keeps_the_deal, run_for, seat
from picocpboard import PicoCpBoard
from pinmap import PINS


def lit(colour):
    return capped_colour(colour, PINS["leds"]["max_level"])


def make(fresh=True):
    if fresh:
        microcontroller.nvm[:] = bytes(len(microcontroller.nvm))  # a board never used: nothing kept
    digitalio.PINS.clear()
    del neopixel.STRIPS[:]
    del pwmio.OUTS[:]
    clock = Clock()
    usb = UsbStandIn()
    board = PicoCpBoard(PINS, clock, usb=usb)
    for name in ("GP13", "GP14", "GP15"):
        digitalio.PINS[name].value = True  # let go: the pull-up holds the line high
    runner = Runner(board, 9, "ana", clock=clock)
    return runner, usb, Hub(), clock, neopixel.STRIPS[0]


def hold(runner, clock, name, ms):
    digitalio.PINS[name].value = False  # wired to ground: pressed reads 0
    run_for(runner, clock, ms)
    digitalio.PINS[name].value = True
    run_for(runner, clock, 450)


def test_the_buttons_are_the_picos_gpios_pulled_up_and_the_stick_on_gp16():
    runner, usb, hub, clock, strip = make()
    for key in ("a", "b", "c"):
        pin = digitalio.PINS[PINS["buttons"][key]["pin"]]
        assert pin.pull == digitalio.Pull.UP and pin.direction == digitalio.Direction.INPUT, key
    assert strip.pin == "GP16" and strip.n == 8 and not strip.auto_write


def test_hello_says_picocp_and_b_long_on_gp15_is_ready():
    runner, usb, hub, clock, strip = make()
    hello = [v for t, v in seat(runner, usb, hub, clock) if t == wire.HELLO]
    assert hello[0][4] == "ana" and hello[0][5] == "picocp"
    assert strip.shown[0] == lit(leds.DIM_BLUE) and strip.shown[1:] == [(0, 0, 0)] * 7
    hold(runner, clock, "GP15", 800)
    assert (wire.INTENT, (0, wire.READY, 0, 0)) in hub.read(usb)


def test_c_on_gp13_peeks_the_dice():
    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock)
    deal(runner, usb, hub, clock)
    assert strip.shown[0] == lit(leds.DIM_AMBER)
    hold(runner, clock, "GP13", 60)
    assert strip.shown == dice_colours(runner, PINS["leds"]["max_level"]) + [(0, 0, 0)] * 3


def test_the_buzzer_on_gp18_sounds_a_cue_and_stops():
    runner, usb, hub, clock, strip = make()
    seat(runner, usb, hub, clock)
    buzzer = pwmio.OUTS[-1]
    assert buzzer.pin == "GP18" and buzzer.duty_cycle == 0
    usb.incoming += hub.frame(wire.CUE, (wire.CUE_TURN, 0))
    run_for(runner, clock, 20)
    assert buzzer.frequency == 1320 and buzzer.duty_cycle > 0
    run_for(runner, clock, 200)
    assert buzzer.duty_cycle == 0


def test_a_reset_brings_back_the_same_commitment_from_nvm():
    nvm_keeps_the_deal(make)

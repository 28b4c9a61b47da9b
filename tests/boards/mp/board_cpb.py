"""The Circuit Playground Bluefruit layer on the MicroPython unix port, with board, digitalio, neopixel, pwmio,
busio and adafruit_lis3dh replaced by stand-ins."""
import adafruit_lis3dh
import digitalio
import microcontroller
import neopixel
import pwmio

from cpbboard import CpbBoard
from cupcore import leds, wire
from cupcore.runner import Runner
from hubside import Clock, Hub, UsbStandIn, capped_colour, deal, dice_colours, nvm_keeps_the_deal, run_for, seat
from pinmap import PINS

G = 9.80665


def lit(colour):
    return capped_colour(colour, PINS["leds"]["max_level"])


def make(fresh=True):
    if fresh:
        microcontroller.nvm[:] = bytes(len(microcontroller.nvm))  # a board never used: nothing kept
    digitalio.PINS.clear()
    del neopixel.STRIPS[:]
    del pwmio.OUTS[:]
    del adafruit_lis3dh.SAMPLES[:]
    clock = Clock()
    usb = UsbStandIn()
    board = CpbBoard(PINS, clock, usb=usb)
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

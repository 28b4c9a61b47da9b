"""The emulated Pico itself, on the stock MicroPython firmware: its port answers a REPL, a button is a pin the
hand pulls low, the NeoPixels and the buzzer are seen as written, the flash keeps a file across a power cycle,
and the port vanishes while the board is off, as a real board's does when its cable is pulled."""
import time

import pytest
import serial

from chiphelpers import Repl
from dicecup.sim.chip import EmulatedPico
from dicecup.sim.chip.eyes import letter_table, letters, read_state


@pytest.fixture
def pico(tmp_path):
    with EmulatedPico(workdir=tmp_path / "pico") as board:
        yield board


def test_the_port_answers_the_stock_micropython_repl_and_the_flash_keeps_a_file_across_a_power_cycle(pico):
    with Repl(pico.path) as repl:
        assert "Raspberry Pi Pico with RP2040" in repl.banner
        assert repl.run("import sys; print(sys.implementation._machine)").startswith("Raspberry Pi Pico")
        repl.run("f = open('kept.txt', 'w'); f.write('ana'); f.close()")
    pico.power_cycle()
    with Repl(pico.path) as repl:
        assert repl.run("print(open('kept.txt').read())") == "ana"


def test_a_button_reads_pressed_while_the_hand_holds_it_and_the_pull_up_when_let_go(pico):
    with Repl(pico.path) as repl:
        repl.run("from machine import Pin; b = Pin(15, Pin.IN, Pin.PULL_UP)")
        assert repl.run("print(b.value())") == "1"
        pico.press("b", "down")
        assert repl.wait_for("print(b.value())", "0")
        pico.press("b", "up")
        assert repl.wait_for("print(b.value())", "1")


def test_the_strip_and_the_buzzer_are_seen_as_the_firmware_wrote_them(pico):
    with Repl(pico.path) as repl:
        repl.run("from machine import Pin, PWM; from neopixel import NeoPixel; n = NeoPixel(Pin(16), 8)")
        repl.run("n[0] = (64, 0, 0); n[1] = (0, 0, 6); n[7] = (48, 48, 48); n.write()")
        deadline = time.monotonic() + 10
        while pico.pixels() != "Rb.....W" and time.monotonic() < deadline:
            time.sleep(0.02)
        assert pico.pixels() == "Rb.....W"  # the cup's red, dim blue and white at the Pico's cap (64)
        repl.run("w = PWM(Pin(18)); w.freq(1320); w.duty_u16(16384)")
        deadline = time.monotonic() + 10
        while not any(abs(hz - 1320) < 2 for _, hz, _ in pico.tones) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert any(abs(hz - 1320) < 2 and abs(duty - 0.25) < 0.01 for _, hz, duty in pico.tones), pico.tones


def test_the_port_vanishes_while_the_board_is_off_and_comes_back_at_the_same_path(pico):
    port = serial.Serial(pico.path, timeout=0.2)
    pico.power_off()
    with pytest.raises(serial.SerialException):
        for _ in range(20):  # a host reading a pulled port gets an error, not silence
            port.read(1)
    port.close()
    with pytest.raises(serial.SerialException):
        serial.Serial(pico.path)
    pico.power_on()
    with Repl(pico.path) as repl:
        assert "MicroPython" in repl.banner


# -- the eyes, without a chip: pictures and their timing to the states the bot hands act on ---------------

def test_the_cups_colours_at_the_picos_cap_read_as_the_virtual_cups_letters():
    table = letter_table(64)
    assert letters([(48, 48, 48), (64, 0, 0), (56, 40, 0), (0, 64, 0), (0, 0, 64), (56, 0, 56), (0, 0, 6),
                    (6, 3, 0), (0, 0, 0)], table) == "WRYGBMba."


@pytest.mark.parametrize("frames, now, peek, state", [
    ([(0, "a.......")], 5000, None, "rolled"),
    ([(0, "b.......")], 5000, None, "waiting"),
    ([(0, "RWW.....")], 5000, None, "turn"),          # composing 3x2
    ([(0, "RRRRRRRR")], 5000, None, "turn"),          # liar armed, held still
    ([(0, "a......."), (1000, "WWWWWWWW")], 1100, None, "cue"),   # a blink's first lit half
    ([(0, "WWWWWWWW"), (200, "........")], 300, None, "cue"),     # and its dark half
    ([(0, "a......."), (1000, "RWYG....")], 1500, 900, "peek"),   # the dice, shown after the peek press
    ([(0, "a......."), (1000, "RWYG....")], 4500, 900, "rolled"), # the peek is over: back to the marker
    ([(0, "WWWWWWWW"), (250, "RWW.....")], 900, None, "revealed"),  # the white flash over the dice
])
def test_the_eyes_read_the_state_off_the_pictures_and_their_timing(frames, now, peek, state):
    if state == "rolled" and peek:  # after a peek the cup draws its marker again
        frames = frames + [(4000, "a.......")]
    assert read_state(frames, now, peek) == state

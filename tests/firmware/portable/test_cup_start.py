"""cupcore.start: the start-up every board shares (the Pico's and the ATOM's cupmain/atomcup, every CircuitPython
board's cpboard.run), from settings.toml's keys to the Runner. Runs on CPython and on the MicroPython unix port."""
from cupcore import start, wire
from cupcore.board import BoardBase
from cupcore.runner import id_from_uid

KEY_HEX = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
UID = b"\x01\x02\x03\x04\x05\x06\x07\x08"


class Stream:
    def __init__(self):
        self.frames = []

    def poll(self, feed):
        pass

    def write(self, frame):
        self.frames.append(bytes(frame))


class Pixels:
    def __setitem__(self, i, colour):
        pass

    def write(self):
        pass


class Made:
    """The board factory a board's start passes: remembers the radio name it was given."""

    def __init__(self):
        self.ble_names = []

    def __call__(self, ble_name):
        self.ble_names.append(ble_name)
        board = BoardBase(lambda: 0, Pixels(), 3)
        board.name = "test"
        board.pins = [lambda: False, lambda: False]
        board.streams = [Stream()]
        return board


def no_uid():
    raise AssertionError("the chip's unique id was read though settings.toml has the cup's id")


def test_the_id_name_key_and_display_come_from_settings_and_the_radio_is_named_for_the_owner():
    made = Made()
    runner = start.runner(made, {"DICECUP_NAME": "ana", "DICECUP_ID": 77, "DICECUP_KEY": KEY_HEX,
                                 "DICECUP_PIPS": 1}, "pico", no_uid)
    cup = runner.cup
    assert (cup.cup_id, cup.name, cup.board, cup.pip_mode) == (77, "ana", "test", True)
    assert made.ble_names == ["ana"] and cup.key is not None and runner.link.require_auth
    cup.hello()
    assert runner.board.streams[0].frames  # the runner's link writes on the board's stream


def test_without_settings_the_board_names_the_cup_its_chip_gives_the_id_and_the_cup_is_unpaired():
    made = Made()
    runner = start.runner(made, {"DICECUP_BLE": 0}, "atom", lambda: UID, pip_mode=True)
    cup = runner.cup
    assert (cup.cup_id, cup.name, cup.pip_mode, cup.key) == (id_from_uid(UID), "atom", True, None)
    assert made.ble_names == [None] and not runner.link.require_auth  # DICECUP_BLE = 0: USB only
    assert cup.seat == wire.NOBODY



def test_a_name_longer_than_the_hello_carries_is_cut_between_characters_and_the_hello_goes_out():
    made = Made()
    runner = start.runner(made, {"DICECUP_NAME": "Zoë Ann-Zoë Anë", "DICECUP_ID": 5}, "pico", no_uid)
    cup = runner.cup
    assert cup.name == "Zoë Ann-Zoë An"  # 15 bytes: the 16th is half of an ë
    assert wire.fit_text("zoë") == "zoë" and wire.fit_text("ëëëëëëëëë") == "ëëëëëëëë"
    cup.hello()
    assert runner.board.streams[0].frames

"""The Pico cup's main loop (main.py starts it): cupcore's Runner over the Pico layer."""
from cupcore import session, settings
from cupcore.compat import ticks_ms
from cupcore.runner import Runner, id_from_uid
from picoboard import PicoBoard
from pinmap import PINS


def main():
    from machine import unique_id

    opts = settings.read()
    name = opts.get("DICECUP_NAME", "pico")
    board = PicoBoard(PINS, ticks_ms, ble_name=name if opts.get("DICECUP_BLE", 1) else None)
    # dicecup flash writes the cup's id (the one the hub's registry knows) to settings.toml
    cup_id = opts.get("DICECUP_ID") or id_from_uid(unique_id())
    key = session.parse_key(opts.get("DICECUP_KEY"))  # the key dicecup flash wrote pairs the cup with that hub
    runner = Runner(board, cup_id, name, pip_mode=bool(opts.get("DICECUP_PIPS", 0)), key=key)
    # Said unasked at power-on (and resent until a hub acks it): a hub that waits on a booting cup hears it is a
    # cup without sending a frame, whose 0x03 bytes a board still starting would take for Ctrl-C.
    runner.cup.hello()
    runner.run()

"""The Pico cup's main loop (main.py starts it): cupcore's Runner over the Pico layer, made by cupcore.start."""
from cupcore import settings, start
from cupcore.compat import ticks_ms
from picoboard import PicoBoard
from pinmap import PINS


def main():
    from machine import unique_id

    runner = start.runner(lambda ble_name: PicoBoard(PINS, ticks_ms, ble_name=ble_name), settings.read(), "pico",
                          unique_id)
    # Said unasked at power-on (and resent until a hub acks it): a hub that waits on a booting cup hears it is a
    # cup without sending a frame, whose 0x03 bytes a board still starting would take for Ctrl-C.
    runner.cup.hello()
    runner.run()

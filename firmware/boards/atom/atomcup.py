"""The ATOM Matrix cup's main loop (main.py starts it): cupcore's Runner over the ATOM layer, made by cupcore.start.
settings.toml: DICECUP_NAME, DICECUP_BLE (0: USB only), DICECUP_ID, DICECUP_KEY (the key `dicecup flash` wrote: it
pairs the cup with that hub). BLE is cupcore/nus.py on MicroPython's own `bluetooth` module: nothing to install."""
from atomboard import AtomBoard
from cupcore import settings, start
from cupcore.compat import ticks_ms
from cupcore.nus import radio
from pinmap import PINS


def main():
    from machine import unique_id

    # Dice as die faces on the matrix (pip mode), whatever settings.toml says.
    runner = start.runner(lambda ble_name: AtomBoard(PINS, ticks_ms, ble=radio(ble_name)), settings.read(), "atom",
                          unique_id, pip_mode=True)
    runner.cup.hello()  # said unasked at power-on, as the Pico cup does (boards/pico/cupmain.py)
    runner.run()

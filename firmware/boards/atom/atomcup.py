"""The ATOM Matrix cup's main loop (main.py starts it): cupcore's Runner over the ATOM layer, with the BLE
server as a second asyncio task. settings.toml: DICECUP_NAME, DICECUP_BLE (0: USB only), DICECUP_ID,
DICECUP_KEY (the key `dicecup flash` wrote: it pairs the cup with that hub)."""
import asyncio

from atomboard import AtomBoard
from cupcore import settings, start
from cupcore.compat import ticks_ms
from pinmap import PINS


async def loop(runner, board, radio):
    """Runner.run as an asyncio task beside the BLE server: a step, a wait for USB input or the next deadline
    (short while BLE is on), then a turn for the other tasks."""
    if radio is not None:
        asyncio.create_task(radio.serve())
    while True:
        board.wait(runner.step(ticks_ms()))
        await asyncio.sleep_ms(0)


def radio(name):
    """The BLE server named for the owner, or None for a cup on USB only (DICECUP_BLE = 0)."""
    if name is None:
        return None
    from atomble import CupRadio

    return CupRadio(name)


def main():
    from machine import unique_id

    # Dice as die faces on the matrix (pip mode), whatever settings.toml says.
    runner = start.runner(lambda ble_name: AtomBoard(PINS, ticks_ms, ble=radio(ble_name)), settings.read(), "atom",
                          unique_id, pip_mode=True)
    runner.cup.hello()  # said unasked at power-on, as the Pico cup does (boards/pico/cupmain.py)
    asyncio.run(loop(runner, runner.board, runner.board.ble))

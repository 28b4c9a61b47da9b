"""The ATOM Matrix cup's main loop (main.py starts it): cupcore's Runner over the ATOM layer, with the BLE
server as a second asyncio task. settings.toml: DICECUP_NAME, DICECUP_BLE (0: USB only), DICECUP_ID,
DICECUP_KEY (the key `dicecup flash` wrote: it pairs the cup with that hub)."""
import asyncio

from atomboard import AtomBoard
from cupcore import session, settings
from cupcore.compat import ticks_ms
from cupcore.runner import Runner, id_from_uid
from pinmap import PINS


async def loop(runner, board, radio):
    """Runner.run as an asyncio task beside the BLE server: a step, a wait for USB input or the next deadline
    (short while BLE is on), then a turn for the other tasks."""
    if radio is not None:
        asyncio.create_task(radio.serve())
    while True:
        board.wait(runner.step(ticks_ms()))
        await asyncio.sleep_ms(0)


def main():
    from machine import unique_id

    opts = settings.read()
    name = opts.get("DICECUP_NAME", "atom")
    radio = None
    if opts.get("DICECUP_BLE", 1):
        from atomble import CupRadio

        radio = CupRadio(name)
    board = AtomBoard(PINS, ticks_ms, ble=radio)
    # dicecup flash writes the cup's id (the one the hub's registry knows) to settings.toml
    cup_id = opts.get("DICECUP_ID") or id_from_uid(unique_id())
    # dice as die faces on the matrix; the key pairs the cup with its hub (None: an unpaired cup)
    runner = Runner(board, cup_id, name, pip_mode=True, key=session.parse_key(opts.get("DICECUP_KEY")))
    runner.cup.hello()  # said unasked at power-on, as the Pico cup does (boards/pico/cupmain.py)
    asyncio.run(loop(runner, board, radio))

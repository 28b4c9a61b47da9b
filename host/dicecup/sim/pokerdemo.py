"""`dicecup demo --rules poker`: ONE virtual cup (the real firmware) passed round a table of bots, each pressing
its buttons when it holds it (pokerhands.py); the hub referees and journals as at any poker table."""
import threading

from dicecup.bots.loader import load

from .players import seat_in_order
from .pokerhands import PokerHands, Seen

NAMES = ("ana", "ben", "cy", "dee", "eve", "fox", "gus", "hal", "ivy", "jo")
BOT = "poker-hard"


def play_poker_demo(table, cup, players: int, seed, timeout=None, web_address=None):
    """Play a whole game; returns (hub, errors). `web_address`: also serve the table screen there (--web). Bots the
    table seats on the hub (TableSetup's bots) sit after the players and play through the same cup."""
    names = NAMES[:players]
    table.players = names
    table.hands = {name: BOT for name in names}  # bots hold the cup: a person named ana gains no nerve from them
    hub = table.make_hub(expect_cups=1)
    hub.bot_delay = 0.0
    if web_address:
        from dicecup.web.launch import open_table_screen
        web = open_table_screen(web_address, hub)
        try:
            return _play(table, cup, hub, names, timeout)
        finally:
            web.close()
    return _play(table, cup, hub, names, timeout)


def _play(table, cup, hub, names, timeout):
    seen = hub.subscribe(Seen())
    watch = hub.watch()
    bots = {name: load(BOT, seed=table.chance.fork(f"player {name}").below(2 ** 31)) for name in names}
    hands = PokerHands(cup, seen, bots, table.stop)
    errors = []

    def seat_then_play():
        try:
            seat_in_order([cup], watch, table.stop)
        except Exception as error:  # noqa: BLE001 - reported, never lost
            errors.append(error)
            table.stop.set()
            return
        hands.start()

    seater = threading.Thread(target=seat_then_play, name="seating", daemon=True)
    table.connect([cup.path])
    seater.start()
    try:
        table.play(timeout=timeout)
    finally:
        table.stop.set()
        seater.join(5)
        if hands.is_alive():
            hands.join(5)
        if hands.error is not None:
            errors.append(hands.error)
    return hub, errors

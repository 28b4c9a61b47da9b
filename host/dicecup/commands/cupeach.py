"""Face bids' pieces of the commands (rules/games.py's Kind names them): every player has a cup of their own,
holding their dice. onecup.py supplies the same three for poker dice, whose one cup is passed round.

    CUPS     how cups sit: `dicecup play`'s check of --players, its hint when no cup is found, its table screen
    DEMO     `dicecup demo`'s set-up: its words for the cups, the game on virtual cups, the transports it refuses
    RESUME   `dicecup resume`'s rule: --sim, the journal, cups gone; and which unfinished games never finish
"""
from dicecup.rules import DicecupError


class CupEach:
    no_cups_hint = "--sim 3"

    def check_players(self, rules, players: tuple, **cups):
        """Raises DicecupError for --players, which names who pass poker dice's one cup round."""
        if players:
            raise DicecupError(f"--players names who pass one cup round, at poker dice (--rules poker); at "
                               f"{rules.preset.name} every player has a cup of their own")

    def open_table_screen(self, address, hub, table, phones):
        """The table screen, and `phone NAME` typed at the hub while seats are taken: a phone seat added then."""
        from dicecup.web.launch import open_table_screen, phone_adder

        web = open_table_screen(address, hub, phones=phones, more_phones=True)
        phone_adder(web, hub, table)
        return web


class CupEachDemo:
    def words(self, cups: int) -> str:
        return f"{cups} virtual cups"

    def refusal(self, transport: str):
        """Why the demo can't run on this transport ("ble", "board"), or None: face bids run on every one."""
        return None

    def play(self, table, args, runtime, seed) -> int:
        """The demo on virtual cups: a cup for each seat, each pressed by a bot."""
        from dicecup.commands.demo import play_with_bots
        from dicecup.sim.virtualcup import VirtualCups

        with VirtualCups(args.cups, runtime=runtime, fast=True, seed=seed, keyed=True) as cups:
            table.keys.extra.update(cups.keys)  # fresh keys: the demo runs fully authenticated
            return play_with_bots(table, cups, seed, args.web)


class CupEachResume:
    def takes_sim(self, sim: int, resumed) -> bool:
        """Whether `resume --sim N` may start new virtual cups: never, a cup's hidden dice are its own."""
        return not sim

    def journal_refusal(self, text: str):
        return None

    def gone_refusal(self, path, gone: list) -> str:
        return (f"the virtual cups of {', '.join(gone)} are gone (they end with the `play --sim` or `demo` that "
                f"started them), so this game can't go on; their hidden dice went with them")

    def stopped_for_good(self, resumed) -> bool:
        """An unfinished game whose virtual cups are gone, and with them their hidden dice: no resume finishes it."""
        from dicecup.sim.virtualcup import virtual_cup_gone

        return any(map(virtual_cup_gone, resumed.cups.values()))


CUPS, DEMO, RESUME = CupEach(), CupEachDemo(), CupEachResume()

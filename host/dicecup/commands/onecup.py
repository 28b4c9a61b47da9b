"""Poker dice's pieces of the commands (rules/games.py's Kind names them; cupeach.py has face bids' and says
what each is): one cup of five dice is passed round the table, so a table has one cup (a board, a virtual cup
or a phone) and the names of the people who share it (--players)."""


class OneCup:
    no_cups_hint = "--sim 1 --players ana,ben (poker dice passes one cup round)"

    def check_players(self, rules, players: tuple, **cups):
        """Raises DicecupError when the table can't be played: with cups, it needs --players and one cup."""
        from dicecup.hub.poker.players import check_poker_players

        check_poker_players(players, **cups)

    def open_table_screen(self, address, hub, table, phones):
        """The table screen: its one phone, if any, is the table's cup, and no phone seat is added later."""
        from dicecup.web.launch import open_table_screen

        return open_table_screen(address, hub, phones=phones)


class OneCupDemo:
    def words(self, cups: int) -> str:
        return f"one virtual cup passed among {cups} seats"

    def refusal(self, transport: str):
        """Why the demo can't run on this transport ("ble", "board"), or None."""
        if transport == "ble":
            # Known gap: the demo's poker hands, which wait on the cup's LED word, lose step with the one cup over
            # the air and press moves the table refuses; the cup and the hub are the same as on USB.
            return ("--ble plays the face-bid presets; poker dice's demo runs on virtual cups over USB "
                    "(`dicecup demo --rules poker`)")
        # an emulated Pico holds one player's dice
        return "--board pico plays the face-bid presets; poker dice runs on virtual cups (`dicecup demo --rules poker`)"

    def play(self, table, args, runtime, seed) -> int:
        """The demo on one virtual cup passed among args.cups seats, each a bot pressing its buttons in turn."""
        from dicecup.commands.demo import say_failed
        from dicecup.sim.pokerdemo import play_poker_demo
        from dicecup.sim.virtualcup import VirtualCups

        with VirtualCups(1, runtime=runtime, fast=True, seed=seed, keyed=True) as cups:
            table.keys.extra.update(cups.keys)  # fresh keys: the demo runs fully authenticated
            try:
                hub, errors = play_poker_demo(table, cups[0], args.cups, seed, web_address=args.web)
            finally:
                table.close()
            if errors:
                return say_failed(errors)
            return 0 if hub.finished and not hub.stopped else 1


class OneCupResume:
    def takes_sim(self, sim: int, resumed) -> bool:
        """Whether `resume --sim N` may start new virtual cups: one, as the table's one cup."""
        return not sim or sim == 1 and bool(resumed.cups)

    def journal_refusal(self, text: str):
        from dicecup.hub.poker.resume import why_not_poker

        return why_not_poker(text)

    def gone_refusal(self, path, gone: list) -> str:
        return (f"the virtual cup that played it is gone (it ended with the `play --sim 1` that started it): go "
                f"on with a new one, `dicecup resume {path} --sim 1`, or a cup of yours with --port")

    def stopped_for_good(self, resumed) -> bool:
        """Never: the one virtual cup can be replaced (`resume --sim 1`)."""
        return False


CUPS, DEMO, RESUME = OneCup(), OneCupDemo(), OneCupResume()

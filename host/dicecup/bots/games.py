"""The bots' one registry of game kinds (Preset.game): the bot a seat gets when nobody names one, what plays a
game of bots to its end, and which bots may sit. Modules are named, imported only when a game of that kind is
played, so face bids never load poker's bots."""
import importlib
from typing import NamedTuple

from dicecup.rules.presets import FACES, POKER_DICE


class BotGame(NamedTuple):
    default_bot: str   # what `--bots N` seats
    runner: str        # "module:function" run(rules, {seat: bot}, rng, problems) -> (final state, events)
    wrong_bot: str     # why a bot of the other kind can't sit here ({name}, {rules})


GAMES = {
    FACES: BotGame("normal", "dicecup.bots.selfplay:run_game",
                   "{name} plays poker dice only: at {rules} seat face-bid bots"),
    POKER_DICE: BotGame("poker-hard", "dicecup.bots.poker_game:run_poker_game",
                        "{name} plays face bids: at poker dice seat poker-baseline, poker-hard or a bot with "
                        "poker = True"),
}


def default_bot(rules) -> str:
    return GAMES[rules.game].default_bot


def runner(rules):
    """The function that plays one whole game of bots at these rules."""
    module, _, name = GAMES[rules.game].runner.partition(":")
    return getattr(importlib.import_module(module), name)


def game_played_by(bot) -> str:
    """The game kind a bot (class or function) plays: poker dice's bots say so with `poker = True` (the bot
    interface), every other bot bids faces."""
    return POKER_DICE if getattr(bot, "poker", False) else FACES


def wrong_bot(rules, name: str) -> str:
    """Why the bot `name`, of the other kind, can't sit at these rules' table."""
    return GAMES[rules.game].wrong_bot.format(name=name, rules=rules)

"""The bots' pieces of a game kind (rules/games.py's Kind): the bot a seat gets when nobody names one, what plays a
game of bots to its end, and which bots may sit. Modules are named there, imported only when a game of that kind
is played, so face bids never load poker's bots."""
from dicecup.rules.games import kind, piece
from dicecup.rules.presets import FACES, POKER_DICE


def default_bot(rules) -> str:
    return kind(rules).default_bot


def runner(rules):
    """The function that plays one whole game of bots at these rules."""
    return piece(rules, "bot_game")


def game_played_by(bot) -> str:
    """The game kind a bot (class or function) plays: poker dice's bots say so with `poker = True` (the bot
    interface), every other bot bids faces."""
    return POKER_DICE if getattr(bot, "poker", False) else FACES


def wrong_bot(rules, name: str) -> str:
    """Why the bot `name`, of the other kind, can't sit at these rules' table."""
    return kind(rules).wrong_bot.format(name=name, rules=rules)

"""`dicecup play --rules poker` with the table's one cup (issue 14 item 3): `--players ana,ben,cy` names the people
who pass it round. Checked before anything starts, each refusal one line in a player's words.

Either the hub holds the dice for bots (`--bots N`, no cup, no --players) or one cup is passed among named people
(one --port, one --sim, or the one cup found on USB): the two are not mixed, since a bot on the hub has no hands to
hold a cup with (the demo's bots press a virtual cup's buttons: `dicecup demo --rules poker`)."""
import re

from dicecup.rules import DicecupError

_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,15}$")


def players_option(text: str) -> tuple:
    """`ana,ben,cy` -> ("ana", "ben", "cy"); raises DicecupError for names that can't be told apart at the hub."""
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    for name in names:
        if not _NAME.match(name) or name.casefold() in ("retire", "reroll", "help", "yes", "no"):
            raise DicecupError(f"--players: {name!r} is not a name to type at the hub (a letter, then up to 15 "
                               "letters, digits, - or _)")
    folded = [name.casefold() for name in names]
    twice = sorted({name for name in folded if folded.count(name) > 1})
    if twice:
        raise DicecupError(f"--players names {', '.join(twice)} twice: each player needs a name of their own")
    return names


def check_poker_players(rules, players: tuple, *, ports: int, sims: int, bots: int, phones: int, ble: bool):
    """Raises DicecupError when this table can't be played: poker dice with cups needs --players and one cup;
    --players is for poker dice only."""
    poker = rules.preset.name == "poker"
    if players and not poker:
        raise DicecupError(f"--players names who pass one cup round, at poker dice (--rules poker); at "
                           f"{rules.preset.name} every player has a cup of their own")
    if not poker:
        return
    cups = ports + sims
    if not players:
        if cups or ble or phones:
            raise DicecupError("poker dice passes one cup round the table: name who shares it, like "
                               "`dicecup play --rules poker --sim 1 --players ana,ben,cy` (bots alone: --bots 4)")
        return
    if bots or phones:
        raise DicecupError("at a poker table of --players the one cup is passed from hand to hand, so bots and "
                           "phones can't sit with them (bots alone: `dicecup play --rules poker --bots 4`)")
    if cups > 1:
        raise DicecupError(f"poker dice is played with one cup passed round, not {cups}: name one --port or --sim 1")

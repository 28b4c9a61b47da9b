"""Names people type at the hub for themselves: `--players ana,ben,cy` (poker dice) and `--phones ana,ben`."""
import re

from dicecup.rules import DicecupError
from dicecup.rules.record import KEYWORDS

_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,15}$")


def players_option(text: str, option: str = "--players") -> tuple:
    """`ana,ben,cy` -> ("ana", "ben", "cy"); raises DicecupError for names that can't be told apart at the hub."""
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    for name in names:
        if not _NAME.match(name):
            raise DicecupError(f"{option}: {name!r} is not a name to type at the hub (a letter, then up to 15 "
                               "letters, digits, - or _)")
        if name.casefold() in ("help", "yes", "no", *KEYWORDS):  # KEYWORDS: words the journal's lines begin with
            raise DicecupError(f"{option}: {name!r} is not a name to type at the hub: it is one of its words")
    folded = [name.casefold() for name in names]
    twice = sorted({name for name in folded if folded.count(name) > 1})
    if twice:
        raise DicecupError(f"{option} names {', '.join(twice)} twice: each player needs a name of their own")
    return names

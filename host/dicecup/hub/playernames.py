"""Names people type at the hub for themselves: `--players ana,ben,cy` (poker dice) and `--phones ana,ben`."""
from dicecup.rules import DicecupError
from dicecup.rules.names import MAX_BYTES, is_letter, is_name, name_key, normal
from dicecup.rules.record import KEYWORDS


def players_option(text: str, option: str = "--players") -> tuple:
    """`ana,ben,cy` -> ("ana", "ben", "cy"); raises DicecupError for names that can't be told apart at the hub."""
    names = tuple(normal(name.strip()) for name in text.split(",") if name.strip())
    for name in names:
        if not (is_name(name) and is_letter(name[0]) and len(name.encode()) <= MAX_BYTES):
            raise DicecupError(f"{option}: {name!r} is not a name to type at the hub (a letter, then letters, "
                               f"digits, - or _, {MAX_BYTES} bytes of UTF-8 at most)")
        if name.casefold() in ("help", "yes", "no", *KEYWORDS):  # KEYWORDS: words the journal's lines begin with
            raise DicecupError(f"{option}: {name!r} is not a name to type at the hub: it is one of its words")
    folded = [name_key(name) for name in names]
    twice = sorted({name for name in folded if folded.count(name) > 1})
    if twice:
        raise DicecupError(f"{option} names {', '.join(twice)} twice: each player needs a name of their own")
    return names

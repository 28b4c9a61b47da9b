"""Players' names, one rule everywhere (the cup registry, a cup's hello, seats, typed lines, `--players`, bots,
stats): letters of any script, digits, - and _. A name is kept NFC-normalised and compared casefolded, so `Zoë`
typed with a combining diaeresis, or as `ZOË`, is the cup's `zoë`."""
import unicodedata

MAX_BYTES = 16  # a cup's hello carries its name in 16 bytes of UTF-8 (cupcore.wire.MAX_TEXT)
_MARKS = ("Mn", "Mc", "Me")  # accents a terminal may send apart from their letter


def normal(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def name_key(name: str) -> str:
    """What two names are compared by: `Zoë` and `ZOË` (or `zoe` + U+0308) have the same key."""
    return normal(normal(name).casefold())


def is_letter(char: str) -> bool:
    return unicodedata.category(char).startswith("L")


def name_char(char: str) -> bool:
    return is_letter(char) or unicodedata.category(char) in _MARKS or char in "0123456789-_"


def is_name(text: str) -> bool:
    """Letters, digits, - and _ only, not starting with an accent on nothing."""
    return bool(text) and all(name_char(c) for c in text) and unicodedata.category(text[0]) not in _MARKS


def utf8_cut(text: str, limit: int = MAX_BYTES) -> str:
    """The longest start of `text` within `limit` bytes of UTF-8: cut between characters, never inside one."""
    return text.encode()[:limit].decode("utf-8", "ignore")


def seat_word(wanted: str) -> str:
    """What a cup or a bot calls itself, as one word for a seat: `Zoë Ann` -> `Zoë-Ann`; "" when nothing is left."""
    word = "".join(c for c in normal(wanted).strip().replace(" ", "-") if name_char(c))
    while word and unicodedata.category(word[0]) in _MARKS:
        word = word[1:]
    return utf8_cut(word)

"""The words a person types for a move, the same at every game: the record's own (`ana bids 4x5`, `ben calls
liar`) and the ones said at a table (`ana bid 4x5`, `ben liar`, `ben calls`, `ben dudo`); and the one way a
typed move's refusal is said."""
import re

# Verbs as people type them, taken as the record writes them.
_VERBS = {"bid": "bids", "call": "calls", "accept": "accepts", "take": "accepts", "takes": "accepts",
          "shake": "shakes", "show": "shows", "hide": "hides", "roll": "rolls", "try": "tries"}
_LIAR = ("liar", "dudo")  # "dudo" is the call's name at a dudo table, and understood at every table
_SPOT = ("spot", "exact", "calza")


def record_words(words: list) -> list:
    """`ben liar` -> `ben calls liar`, `ana bid 4x5` -> `ana bids 4x5`, `ben calls` -> `ben calls liar`: the
    words after the seat's name as the record has them (anything else left as typed, for its reader to refuse)."""
    if len(words) < 2:
        return words
    name, verb, rest = words[0], words[1].lower(), words[2:]
    if verb in _LIAR or verb in _SPOT:
        return [name, "calls", "liar" if verb in _LIAR else verb, *rest]
    verb = _VERBS.get(verb, verb)
    if verb == "calls":
        call = rest[0].lower() if rest else "liar"
        return [name, "calls", "liar" if call in _LIAR else call, *rest[1:]]
    return [name, verb, *rest]


def refusal(reason, who: str = None) -> str:
    """One line for a refused move, "can't do that: ...", saying whose move it was unless the reason names them."""
    text = str(reason)
    named = not who or re.search(rf"(?<![\w-]){re.escape(who)}(?![\w-])", text)
    return f"can't do that{'' if named else f' ({who})'}: {text}"

"""The engine's errors: a small tree of ValueError subclasses, each message written for a player."""


def short(text, limit: int = 40) -> str:
    """Someone's input, as an error shows it: cut to a short prefix and "…", so a bad 50 MB line is not copied."""
    text = str(text)
    return text if len(text) <= limit else text[:limit] + "…"


def quoted(text, limit: int = 40) -> str:
    """Someone's input in quotes, cut short (see `short`): '9999…'."""
    return repr(short(text, limit))


class DicecupError(ValueError):
    """Base of every error the engine raises on bad input."""


class NotationError(DicecupError):
    """Text that is not a bid, an action, a rules line or a record line."""


class RulesError(DicecupError):
    """An unknown preset or switch, a switch the preset does not offer, or a value out of range."""


class IllegalAction(DicecupError):
    """An action or event the rules refuse in this state. The message names the rule in a player's words;
    `rule` names it for programs (the hub turns it into a refusal code on the wire)."""

    rule = "refused"

    def __init__(self, message: str, rule: str = None):
        super().__init__(message)
        if rule is not None:
            self.rule = rule


class IllegalBid(IllegalAction):
    """A bid that does not raise the standing bid, or is not a bid at this table."""

    rule = "raise"


class NotYourTurn(IllegalAction):
    """Somebody acted out of turn."""

    rule = "turn"


class GameOver(IllegalAction):
    """Anything after the game has a winner."""

    rule = "over"


class RecordError(DicecupError):
    """A game record line that does not parse or does not replay. `line` is 1-based."""

    def __init__(self, line: int, message: str):
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.reason = message

"""Every message a page sends is checked as a cup's frame is: its size, its form, its kind, and whether this page
may send it at all. A bad one is refused with a reason in a player's words and the page stays connected; nothing
a page sends can raise inside the server. A table screen (spectator) only watches: it may ask for the table again
(after waking from sleep, say) and nothing else."""
import json

MAX_MESSAGE = 1024          # bytes; the largest thing a page ever needs to say is a short bid
MAX_REFUSALS = 20           # a page that keeps sending rubbish is closed after this many refusals

SPECTATOR_KINDS = {"sync"}  # resend the whole table
PHONE_KINDS = {"sync", "cup"}  # a phone seat also speaks as its cup (checked again by phones.to_wire)


class Refused(ValueError):
    """A page's message that is not taken; the text is the reason the page is told."""


class TryAgain(Refused):
    """A good message the hub can't take just now (a seat's link not open yet, its send queue full): the player taps
    again, as people do, so these never count towards closing a page for sending rubbish (MAX_REFUSALS)."""


def check(raw, role: str = "spectator") -> dict:
    """The message as a dict if this page may send it; else Refused saying why."""
    if isinstance(raw, bytes):
        raise Refused("messages are text (JSON), not binary")
    if not isinstance(raw, str):
        raise Refused("an empty message")
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        raise Refused(f"a message is at most {MAX_MESSAGE} bytes")
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):  # "[[[[..." a thousand deep fits in MAX_MESSAGE and overflows the parser
        raise Refused("not a message: expected JSON like {\"type\": \"sync\"}") from None
    if not isinstance(message, dict):
        raise Refused("not a message: expected a JSON object with a \"type\"")
    kind = message.get("type")
    if not isinstance(kind, str) or not kind:
        raise Refused("a message needs a \"type\"")
    if role == "spectator":
        if kind not in SPECTATOR_KINDS:
            raise Refused(f"this is the table screen: it watches and can't {_what(kind)}")
        return message
    if role == "phone" and kind in PHONE_KINDS:
        return message
    raise Refused(f"a phone's page sends \"cup\" or \"sync\" messages, not {kind[:20]!r}")


def _what(kind: str) -> str:
    shown = kind if len(kind) <= 20 and kind.isprintable() else kind[:20].encode("unicode_escape").decode() + "..."
    return {"bid": "bid", "call": "call", "liar": "call liar", "spot": "call spot", "pull": "pull the trigger",
            "peek": "peek at dice"}.get(kind, f"do \"{shown}\"")

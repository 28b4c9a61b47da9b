"""Phone seats kept for a resumed hub. A phone's page holds its half of the seat (the link, the link's key, its
device secret, its dice) and, when the hub goes away, keeps reconnecting to the address it was given. The hub's
half (the table's address and link, each seat's token, cup id and key, and which phone holds it) would die with
the hub's process, so it is kept as the bots' dice are: in a private file beside the journal (0600,
journal.secrets_path(..., "phones")), never in the journal itself, which is shared, imported and published. It is
written once the game begins, again whenever it changes (a phone sits, `release NAME`), and removed with the
bots' file when the game ends. `dicecup resume` serves the same address with the same links and keys, and the
phones' pages, still open, come back by themselves."""
import json

from dicecup.hub.journal import keep_private, secrets_path
from dicecup.hub.phases import TablePhase
from dicecup.hub.snapshot import TableSnapshot

from .phones import PhoneSeat


class KeptPhonesError(Exception):
    """The phones' half of a game can't be taken up again: says why, in one line."""


class PhoneKeeper:
    """A hub subscriber (on the hub's thread): the phone seats' secrets beside the journal, whenever they change."""

    def __init__(self, web, say):
        self.web = web
        self.say = say
        self._kept = None
        self._failed = False

    def __call__(self, item):
        if not isinstance(item, TableSnapshot) or item.journal is None or item.phase == TablePhase.OVER:
            return
        path, kept = secrets_path(item.journal, "phones"), kept_phones(self.web)
        if (path, kept) == self._kept:
            return
        try:
            keep_private(path, json.dumps(kept).encode())
        except OSError as error:  # a full disk: said once; tried again at the next change of the table
            if not self._failed:
                self.say(f"can't keep the phones' links beside the journal ({error.strerror or error}): the game "
                         f"goes on, but if this hub stops it can't be resumed; free space in {path.parent}")
            self._failed = True
            return
        self._kept, self._failed = (path, kept), False


def kept_phones(web) -> dict:
    """What a resumed hub needs to serve these phone seats again, as JSON-ready values."""
    return {"web": {"host": web.host, "port": web.port, "token": web.token,
                    "cert": list(web.cert) if web.cert else None},
            "phones": [{"name": seat.name, "cup_id": seat.cup_id, "token": seat.token, "key": seat.key.hex(),
                        "link_key": seat.link_key.hex(), "device": seat.device.hex() if seat.device else None}
                       for seat in web.phones]}


def read_kept_phones(journal_path, names) -> dict:
    """The phones kept beside this journal, checked to hold every phone seat in `names`; KeptPhonesError if not."""
    path = secrets_path(journal_path, "phones")
    played = f"{', '.join(names)} played on a phone"
    try:
        kept = json.loads(path.read_text(encoding="utf-8"))
        web, phones = kept["web"], {phone["name"]: phone for phone in kept["phones"]}
        for phone in phones.values():
            _phone_seat_args(phone)
        int(web["port"]), str(web["host"]), str(web["token"])
    except FileNotFoundError:
        raise KeptPhonesError(f"{played}, and the phones' links and keys are not beside the journal ({path} is "
                              "gone), so this game can't go on with them") from None
    except OSError as error:
        raise KeptPhonesError(f"{played}; can't read their links and keys in {path}: "
                              f"{error.strerror or error}") from None
    except (ValueError, KeyError, TypeError, AttributeError):
        raise KeptPhonesError(f"{played}, and {path}, which keeps their links and keys, is damaged, so this "
                              "game can't go on with them") from None
    missing = [name for name in names if name not in phones]
    if missing:
        raise KeptPhonesError(f"{', '.join(missing)} played on a phone that {path} does not keep, so this game "
                              "can't go on with it")
    return kept


def kept_phone_seats(kept: dict, keys) -> list:
    """The phone seats again, as they were; each one's key back in the hub's keyring, so it pairs."""
    seats = [PhoneSeat(**_phone_seat_args(phone)) for phone in kept["phones"]]
    for seat in seats:
        keys.extra[seat.cup_id] = seat.key
    return seats


def _phone_seat_args(phone: dict) -> dict:
    device = phone.get("device")
    return {"name": str(phone["name"]), "cup_id": int(phone["cup_id"]), "token": str(phone["token"]),
            "key": bytes.fromhex(phone["key"]), "link_key": bytes.fromhex(phone["link_key"]),
            "device": bytes.fromhex(device) if device else None}

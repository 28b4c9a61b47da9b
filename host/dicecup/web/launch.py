"""`--web [HOST:]PORT` for `dicecup play` and `demo`: where the table screen listens (this machine only unless the
host asks for the LAN, e.g. 0.0.0.0:8080), and what the terminal prints: the page's address and its QR code, so a
tablet or a TV's browser can open it. Nothing is opened by itself."""
import ipaddress
import sys

from dicecup.hub.playernames import players_option
from dicecup.hub.table import TypedCommand
from dicecup.rules import DicecupError
from dicecup.rules.games import piece

from .phonekeep import PhoneKeeper, kept_phone_seats
from .phonepage import seat_url, serve_phones
from .phones import PhoneSeat
from .errors import PortTaken, WebError
from .server import WebTable

DEFAULT_HOST = "127.0.0.1"


def web_address(text: str):
    """(host, port) from "8080", "0.0.0.0:8080", "[::1]:8080" or "localhost:8080"; ValueError saying why not."""
    text = text.strip()
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = DEFAULT_HOST, text
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not (port.isascii() and port.isdigit()) or not 0 <= int(port) <= 65535:  # "٣" is a digit to Python
        raise ValueError(f"{text!r}: give a port (8080) or HOST:PORT (0.0.0.0:8080 for the whole LAN)")
    if sep and not host:
        raise ValueError(f"{text!r}: put an address before the colon (0.0.0.0:{port} for the whole LAN), or give "
                         f"the port alone ({port}: this machine only)")
    if host != "localhost":
        try:
            ipaddress.ip_address(host)
        except ValueError:
            raise ValueError(f"{text!r}: {host!r} is not an IP address (127.0.0.1 for this machine, "
                             f"0.0.0.0 for the whole LAN)") from None
    return host, int(port)


def parse_web_option(text: str):
    """argparse's type= for --web: a plain error line on bad input."""
    import argparse
    try:
        return web_address(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


class WebAddress(tuple):
    """(host, port) for --web, with the --web-cert pair (certificate file, key file) when it was given."""
    cert = None


def add_web_cert_option(parser):
    parser.add_argument("--web-cert", nargs=2, metavar=("CERT", "KEY"),  # https on the LAN
                        help="serve the table screen and the phones over https with this certificate and its key "
                             "(PEM files; docs/table.md, \"The secrets on the wire\", shows how to make them)")


def fold_web_cert(args):
    """args.web with --web-cert folded in (open_table_screen then serves https); a plain line if it came alone."""
    if args.web_cert and not args.web:
        return "--web-cert serves the table screen over https: add --web too, like --web 0.0.0.0:8443"
    if args.web_cert:
        args.web = WebAddress(args.web)
        args.web.cert = tuple(args.web_cert)
    return None


def open_table_screen(address, hub, out=None, phones=(), more_phones=False, token=None) -> WebTable:
    """Start the table screen for this hub and print where it is (address and QR code), and each phone seat's
    own secret link and QR code. more_phones: phone seats may be added later (phone_adder). WebError if it can't.
    An address with a cert (WebAddress, from --web-cert) serves https. token: the table's link (a resumed game's,
    as it was). Phone seats are kept beside the journal for a resumed hub (phonekeep.py)."""
    out = out or sys.stdout
    bots = bot_names(hub)
    for seat in phones:
        if seat.name.casefold() in bots:
            raise WebError(f"--phones {seat.name}: {seat.name.casefold()} is a bot's seat at this table: give the "
                           "phone another name")
    host, port = address
    web = WebTable(host, port, token=token, cert=getattr(address, "cert", None))
    web.kind_present = piece(hub.rules, "web_present")  # what a phone's link is: a seat, or the table's one cup
    if phones or more_phones:
        serve_phones(web, phones)
    web.start()
    hub.subscribe(web)
    if phones or more_phones:
        hub.subscribe(PhoneKeeper(web, hub.say))
    here_only = host in ("127.0.0.1", "localhost", "::1")
    lan = "" if here_only else " (on your LAN: anyone with the link can watch)"
    print(f"table screen: {web.url}{lan}", file=out, flush=True)
    print(_qr(web.url), file=out, flush=True)
    for seat in phones:
        show_phone_link(web, seat, out)
    if phones and here_only:  # `--web 8080` serves this machine only: a phone scanning these codes finds nothing
        print(f"these links work on this machine only ({host}): a phone on your Wi-Fi can't open them; "
              f"for phones, start with --web 0.0.0.0:{web.port}", file=out, flush=True)
    return web


def reopen_table_screen(kept: dict, hub, table, out=None) -> WebTable:
    """The table screen of a resumed game played on phones (kept: phonekeep.read_kept_phones): the same address,
    links and keys, so the phones' pages, still open, come back by themselves; the links are printed again for a
    phone whose page was closed. WebError if it can't (the address is taken now)."""
    address = WebAddress((kept["web"]["host"], int(kept["web"]["port"])))
    port = address[1]
    address.cert = tuple(kept["web"]["cert"]) if kept["web"]["cert"] else None
    seats = kept_phone_seats(kept, table.keys)
    try:
        web = open_table_screen(address, hub, out, phones=seats, token=kept["web"]["token"])
    except WebError as error:
        for seat in seats:
            seat.forget()
        if not isinstance(error, PortTaken):
            raise
        # another port would do for a new game, not for pages that keep calling this one
        raise WebError(f"the phones' pages come back to port {port} at this machine, which something else holds "
                       "now (another program, or another dicecup): stop it, then run the same `dicecup resume` "
                       "again") from None
    phone_releaser(web, hub, table)
    return web


def show_phone_link(web, seat, out=None):
    """A phone seat's secret link and its QR code: a seat's link acts for that seat, so show each to its player
    (the game kind's words say what the link is: one player's seat, or the table's one cup passed round)."""
    out = out or sys.stdout
    print(f"{web.kind_present.PHONE_LINK.format(name=seat.name)}: {seat_url(web, seat)}", file=out, flush=True)
    print(_qr(seat_url(web, seat)), file=out, flush=True)


def phone_adder(web, hub, table, out=None):
    """The host's words for phone seats. `phone NAME` typed at the hub: the friend who turns up while seats are
    taken gets a phone seat then and there (its link and QR code printed here, and its name on the table screen until
    it sits),
    and the game waits for it. `release NAME`, at any time: see phone_releaser."""
    def add(words):
        if len(words) != 1:
            return hub.say("type `phone NAME` to add a phone seat, like `phone zoe`")
        try:
            name, = players_option(words[0], option="phone")
        except DicecupError as error:
            return hub.say(f"can't add that phone: {error}")
        taken = {seat.name.casefold() for seat in [*web.phones, *hub.seats]} | bot_names(hub)
        if name.casefold() in taken:
            return hub.say(f"there is a seat called {name} already: give the phone another name")
        most = hub.rules.players[1]
        if hub.seating.expect_cups + len(hub.seating.bot_factories) >= most:
            return hub.say(f"the table is full: {hub.rules.preset.name} seats at most {most} players")
        seat, = phone_seats((name,), table.keys)
        serve_phones(web, [seat])
        show_phone_link(web, seat, out)
        hub.seating.expect_cups += 1
        table.connect([("phone", name)], wait_for_missing=True)  # it sits once its page is open
        hub.say(f"{name}'s phone seat is added: its link and code are printed above (show them to {name} alone)")
    hub.typed_commands["phone"] = TypedCommand(
        "phone NAME (adds a phone seat)", add,
        late="a phone seat is added while seats are taken (`phone NAME`), not once the game is under way")
    phone_releaser(web, hub, table)


def phone_releaser(web, hub, table):
    """`release NAME` typed at the hub, at any time: a phone seat sticks to the phone that took it (phones.PhoneSeat)
    and this forgets that phone, so the next one to open the seat's link takes it (a player whose phone died moves
    to another). The server says at the hub, through the table's inbox (its own thread), when a held seat's link is
    opened on another phone."""
    web.tell_hub = lambda line: table.inbox.put(("say", line))

    def release(words):
        if len(words) != 1:
            return hub.say("type `release NAME` to let a phone seat move to another phone, like `release ana`")
        seat = next((seat for seat in web.phones if seat.name.casefold() == words[0].casefold()), None)
        if seat is None:
            phones = ", ".join(seat.name for seat in web.phones) or "none"
            return hub.say(f"{words[0]} is not a phone seat: only a phone seat is released (the phone seats: "
                           f"{phones})")
        if not seat.release():
            return hub.say(f"no phone holds {seat.name}'s seat yet: the phone that opens its link and sits holds it")
        hub.say(f"{seat.name}'s seat is released: the next phone to open its link takes it")
    hub.typed_commands["release"] = TypedCommand("release NAME (lets a phone seat move to another phone)", release)


def bot_names(hub) -> set:
    """The bots' seat names (casefolded): bots sit only as the game begins, so they are not in hub.seats yet."""
    return {name.casefold() for name, _ in hub.seating.bot_factories}


def phones_option(text: str) -> tuple:
    """`--phones 3` -> ("phone1", "phone2", "phone3"); `--phones ana,ben` -> ("ana", "ben"): each phone seat's name,
    shown on its page and at the table. Raises DicecupError, in one line, for a count below 0 or names that can't be
    told apart at the hub."""
    text = text.strip()
    if text.lstrip("-").isdigit():
        count = int(text)
        if count < 0:
            raise DicecupError(f"--phones {count}: a count is 0 or more")
        return tuple(f"phone{i}" for i in range(1, count + 1))
    return players_option(text, option="--phones")


def phone_seats(phones, keys) -> list:
    """A phone seat for each name in `phones` (or `phones` of them, phone1, phone2, ...); each one's key goes into
    the hub's keyring, so it pairs."""
    names = phones_option(str(phones)) if isinstance(phones, int) else phones
    seats = [PhoneSeat(name) for name in names]
    for seat in seats:
        keys.extra[seat.cup_id] = seat.key
        keys.names[seat.cup_id] = seat.name
    return seats


def _qr(url: str) -> str:
    """The address as a QR code in text (half blocks), to scan from a tablet or a phone."""
    import io

    import segno

    text = io.StringIO()
    segno.make(url, error="m").terminal(out=text, compact=True, border=2)
    return text.getvalue().rstrip("\n")


__all__ = ["WebError", "WebTable", "open_table_screen", "parse_web_option", "web_address"]

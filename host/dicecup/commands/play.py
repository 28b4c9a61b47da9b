"""`dicecup play`: a game at the table with cups on USB serial ports (found by their USB ids and confirmed by the
handshake, or named with --port), virtual cups (--sim N) and bots (--bots N built-in
`normal` bots; --bot NAME, repeatable, for any bot: `hard`, `module:Name`).

While it runs, type an action for the seat whose turn it is (`ana bids 4x5`, `ben calls liar`), or
`retire NAME` to take out a seat whose cup is not coming back.
"""
import sys

from dicecup.bots.loader import BotError, check_kinds
from dicecup.history.options import HistoryError, add_rated_arguments, rated_table
from dicecup.hub import silent_ports
from dicecup.hub.screen import Screen
from dicecup.hub.stopsignals import how_stopped, say_stopped
from dicecup.hub.tablesetup import (SEED_AT_A_TABLE, SEED_HELP, JournalStopped, TableError, TableSetup,
                                    check_seat_count, stopped_by_ctrl_c)
from dicecup.link.usb import candidate_ports
from dicecup.rules import DicecupError, Rules
from dicecup.rules.games import piece
from dicecup.usage import stray_word
from dicecup.hub.playernames import players_option
from dicecup.sim.typedhands import TypedHands
from dicecup.web.launch import (WebError, add_web_cert_option, fold_web_cert, parse_web_option, phone_seats,
                                phones_option)


def add_arguments(parser):
    parser.add_argument("--rules", default="dudo", help="the preset (default dudo)")
    parser.add_argument("switches", nargs="*", help="switches, like palifico=off clock=30")
    parser.add_argument("--port", action="append", default=[], metavar="PATH", help="a cup's serial port (repeat)")
    parser.add_argument("--sim", type=int, default=0, metavar="N", help="also seat N virtual cups")
    parser.add_argument("--bots", type=int, default=0, metavar="N", help="fill N seats with bots on the hub")
    # any bot by name (built-in easy/normal/hard/baseline/simple, or module:Name), one seat each
    parser.add_argument("--bot", action="append", default=[], metavar="NAME",
                        help="seat a bot: easy, normal, hard, expert, baseline or module:Name (repeat)")
    parser.add_argument("--ble", action="store_true", help="also find cups over Bluetooth LE")
    parser.add_argument("--ble-hci", metavar="TRANSPORT", help=ble_hci_help())
    parser.add_argument("--seed", help=SEED_HELP)  # kept to say why, not "unrecognized arguments"
    parser.add_argument("--data", help="where journals go (default ~/.local/share/dicecup)")
    parser.add_argument("--allow-unpaired", action="store_true",  # cups sit only if paired, unless this
                        help="also seat cups this hub holds no key for (`dicecup sim`'s, boards flashed by hand)")
    parser.add_argument("--web", type=parse_web_option, metavar="[HOST:]PORT",  # the table on a screen
                        help="also show the table as a web page on PORT (this machine only; 0.0.0.0:PORT for the LAN)")
    add_web_cert_option(parser)  # --web-cert CERT KEY, https
    parser.add_argument("--phones", default="0", metavar="N|NAMES",  # phones as cups, through --web
                        help="also seat phones, each with its own secret link (needs --web, e.g. 0.0.0.0:8080): "
                             "a count (phone1, phone2, ...) or the players' names, e.g. ana,ben")
    parser.add_argument("--players", default="", metavar="NAMES",  # poker dice, one cup passed round
                        help="poker dice: who passes the one cup round, in seat order, e.g. ana,ben,cy")
    add_rated_arguments(parser)  # --rated, --db


def run(args) -> int:
    args.port = list(dict.fromkeys(port.strip() for port in args.port))  # pasted with spaces, or named twice: once
    stray = stray_word(args.switches, ("--sim", "--bots"))  # `dicecup play 3`, `dicecup play classic`
    if stray:
        print(f"dicecup play: {stray}", file=sys.stderr)
        return 2
    if args.seed is not None:
        print(f"dicecup play: {SEED_AT_A_TABLE}", file=sys.stderr)
        return 2
    try:
        rules = Rules.parse(" ".join([args.rules, *args.switches]))  # --rules "dudo palifico=off" too, as arena
        players = players_option(args.players)  # poker dice with the one cup passed among them
        args.phones = phones_option(args.phones)  # a count or names: the phone seats' names
        piece(rules, "cups").check_players(rules, players, ports=len(args.port), sims=args.sim,
                                           bots=args.bots + len(args.bot), phones=len(args.phones), ble=args.ble)
    except DicecupError as error:
        print(f"dicecup play: {error}", file=sys.stderr)
        return 2
    cert_alone = fold_web_cert(args)  # --web-cert CERT KEY: the table screen over https (web/tls.py)
    if cert_alone:
        print(f"dicecup play: {cert_alone}", file=sys.stderr)
        return 2
    if args.phones and not args.web:
        print("dicecup play: phones join through the table screen: add --web 0.0.0.0:8080 (the LAN)", file=sys.stderr)
        return 2
    args.ble = args.ble or bool(args.ble_hci)
    ports = list(args.port)
    found = []
    if not ports and not args.sim and not args.phones:
        found = [p.device for p in candidate_ports()]
        if args.ble:  # BLE cups join the USB ones, as ("ble", address)
            by_ble = _ble_cups(args.ble_hci)
            if by_ble is None:
                return 2
            found += by_ble
        ports = list(found)
        if not ports and (players or not (args.bots or args.bot)):  # poker's named players need their one cup
            print("dicecup play: no cups found. Plug a cup in (`dicecup ports` lists serial ports), name one with "
                  "--port, or play with virtual cups: " + piece(rules, "cups").no_cups_hint, file=sys.stderr)
            return 2
    try:
        rated = rated_table(args, "dicecup play")  # opened now, so a league out of reach is said at once
    except HistoryError as error:
        print(f"dicecup play: {error}", file=sys.stderr)
        return 2
    try:
        check_kinds(rules, args.bot)  # a face-bid bot at poker dice (or the other way): every move a stand-in
        table = TableSetup(rules, data=args.data, screen=Screen(drama=1.5), bots=args.bots,
                      bot_names=args.bot, allow_unpaired=args.allow_unpaired, rated=rated)
    except BotError as error:  # a --bot that is not a bot
        print(f"dicecup play: {error}", file=sys.stderr)
        return 2
    table.players = players  # poker dice: everyone sits with the one cup (poker/onecup.py)
    try:  # before any cup starts; a found cup may not run dicecup, so few is not yet known
        counts = {"--players": len(players), "--bots": args.bots, "--bot": len(args.bot)} if players else {
            "--port": len(args.port), "cups found": len(found), "--sim": args.sim, "--bots": args.bots,
            "--bot": len(args.bot), "--phones": len(args.phones)}
        check_seat_count(rules, counts, more_may_come=bool(found) and not players)
    except TableError as error:
        print(f"dicecup play: {error}", file=sys.stderr)
        return 2
    try:
        return _play(table, ports, args)
    except JournalStopped as error:  # a full disk: `play --sim`'s cups end with this process, resume can't seat them
        resumable = not args.sim or bool(players)
        print(f"dicecup play: {error if resumable else error.unresumable}", file=sys.stderr)
        return 1
    except (TableError, WebError) as error:
        print(f"dicecup play: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt as stop:  # say what was kept and what to run next; virtual cups end with this process
        how, status = how_stopped(stop)
        said = stopped_by_ctrl_c(table.hub, resumable=not args.sim or bool(players), how=how)
        if players and args.sim:  # poker's one virtual cup ends with this process: resume seats a new one
            said = said.replace("`dicecup resume ", "`dicecup resume --sim 1 ")
        say_stopped(f"dicecup play: {said}")
        return status
    finally:
        table.close()


def ble_hci_help():
    from dicecup.link.ble import BLE_HCI_HELP  # the module only: bleak and bumble load when used

    return BLE_HCI_HELP


def _ble_cups(hci=None):
    """[("ble", address)] of the cups advertising dicecup's service in range; None (said why) without Bluetooth."""
    from dicecup.link.ble import scan, use_hci
    from dicecup.link.transport import LinkDown

    try:
        use_hci(hci)
        found = scan()
    except LinkDown as error:
        print(f"dicecup play: {error}", file=sys.stderr)
        return None
    for address, name in found:
        print(f"found {name} over Bluetooth ({address})", file=sys.stderr)
    return [("ble", address) for address, _ in found]


def _play(table, ports, args) -> int:
    virtual = web = None
    try:  # from the first virtual cup on: a SIGTERM anywhere after it still stops them all (finally)
        if args.sim:
            from dicecup.sim.virtualcup import VirtualCupError, VirtualCups, find_micropython
            try:
                virtual = VirtualCups(args.sim, runtime=find_micropython(), fast=True, keyed=True)
                virtual.start()
            except VirtualCupError as error:
                raise TableError(str(error)) from None
            table.keys.extra.update(virtual.keys)  # this hub's own virtual cups are paired with it
            ports += [cup.path for cup in virtual]
        table.watch_stops()  # a signal from here on stops the loop at its first pass (nothing below blocks)
        # Named ports and virtual cups are awaited; discovered ones (USB ids, BLE) only once they say hello, so
        # a board that matches an id but does not run dicecup never holds the game up.
        hub = table.make_hub(expect_cups=len(args.port) + args.sim + len(args.phones))
        phones = phone_seats(args.phones, table.keys)
        if args.web:  # face bids: `phone NAME` typed while seats are taken; poker dice: its one cup only
            web = piece(table.rules, "cups").open_table_screen(args.web, hub, table, phones)
        table.connect([("phone", seat.name) for seat in phones], wait_for_missing=True)  # each as its page opens
        if web is not None and table.rated is not None:  # nerve on the screen, the leaderboard
            table.rated.show_on(web)
        conns = table.connect(ports)
        for port in args.port:  # a port that never says hello is named, not waited on in silence
            print(f"dicecup play: waiting for a cup on {port}", file=sys.stderr, flush=True)
        silent_ports.watch(conns[:len(args.port)], stop=table.stop,  # ... and after a few seconds, what it is
                           say=lambda words: print(f"dicecup play: {words}", file=sys.stderr, flush=True))
        if virtual is not None:
            _seat_virtual_cups(virtual, hub.watch(), table)
            if table.players:  # poker's one virtual cup: the moves typed for it that only its buttons make
                hub.round.hands = TypedHands(list(virtual)[0])
            _offer_dice(hub, list(virtual), table)
        table.play(typed_commands=True)
        return 0 if hub.finished else 1
    finally:
        if virtual is not None:
            virtual.stop()
        if web is not None:
            web.close()


def _offer_dice(hub, cups, table):
    """`dice NAME` for a virtual cup's player, said as the table opens: a virtual cup has no lights to look at. At
    poker dice, `dice CUP` for the one cup's holder, and where its buttons are pressed."""
    from dicecup.sim.peeking import buttons_hint, dice_hint, offer_dice_command, offer_passed_cup_dice

    tell = lambda text: table.inbox.put(("say", text, True))  # noqa: E731 - from the peek's thread
    if table.players:
        offer_passed_cup_dice(hub, cups[0], tell)
        hub.say(f"to see the dice under the cup, its holder types `dice {cups[0].name}` (at this terminal only); "
                + buttons_hint(cups[0]))
        return
    offer_dice_command(hub, cups, tell)
    hub.say(dice_hint(cups))


def _seat_virtual_cups(cups, watch, table):
    """Virtual cups have no hands: the hub holds each one's B button, in order, so they sit clockwise."""
    import threading

    from dicecup.sim.players import seat_in_order

    threading.Thread(target=seat_in_order, args=(list(cups), watch, table.stop), daemon=True).start()

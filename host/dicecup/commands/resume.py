"""`dicecup resume [JOURNAL]`: go on with a game whose hub process died, from its journal, with no round lost.

Without a journal it takes the newest unfinished one in the data folder. The cups are reopened on the ports the
journal names, serial or Bluetooth (or --port), and phones at the address they played at (their links and keys
kept beside the journal: web/phonekeep.py); each must say hello again and show that it still holds the dice it
committed to. A port that can't be opened yet (a cup not plugged back in, not switched on) is tried again
until it opens, while the game stays paused, as for a cup that dropped.
"""
import sys

from dicecup.bots.loader import BotError, load
from dicecup.datadir import data_dir
from dicecup.hub import silent_ports
from dicecup.history.options import HistoryError, add_rated_arguments, rated_table
from dicecup.hub.journal import (JournalError, cut_torn_line, in_play, in_play_words, read_journal, torn_line,
                                 unfinished_journals)
from dicecup.hub.journalfacts import journal_text
from dicecup.sim.typedhands import TypedHands
from dicecup.sim.virtualcup import virtual_cup_gone
from dicecup.hub.screen import Screen
from dicecup.hub.stopsignals import how_stopped, say_stopped
from dicecup.hub.tablesetup import SEED_AT_A_TABLE, SEED_HELP, TableError, TableSetup, stopped_by_ctrl_c
from dicecup.rules import RecordError, replay
from dicecup.rules.games import piece
from dicecup.web.launch import WebError, reopen_table_screen
from dicecup.web.phonekeep import KeptPhonesError, read_kept_phones


def add_arguments(parser):
    parser.add_argument("journal", nargs="?", help="the journal (default: the newest unfinished game)")
    parser.add_argument("--port", action="append", default=[], metavar="PATH",
                        help="a cup's serial port, if it moved (repeat)")
    parser.add_argument("--sim", type=int, default=0, metavar="1",  # the table's one cup, new
                        help="poker dice: a new virtual cup as the table's cup (the old one ended with its hub)")
    parser.add_argument("--seed", help=SEED_HELP)  # kept to say why, not "unrecognized arguments"
    parser.add_argument("--data", help="where journals are (default ~/.local/share/dicecup)")
    parser.add_argument("--allow-unpaired", action="store_true",
                        help="also seat cups this hub holds no key for, as `play --allow-unpaired` does")
    parser.add_argument("--ble-hci", metavar="TRANSPORT",
                        help="the Bluetooth controller the game's BLE cups are reached through, as `play --ble-hci`")
    add_rated_arguments(parser)  # a rated game's journal says so: it is rated again without these


def run(args) -> int:
    args.port = list(dict.fromkeys(port.strip() for port in args.port))  # pasted with spaces, or named twice: once
    if args.seed is not None:
        print(f"dicecup resume: {SEED_AT_A_TABLE}", file=sys.stderr)
        return 2
    path = args.journal
    if path is not None and not path.strip():  # `dicecup resume "$GAME"` with GAME unset
        print("dicecup resume: the journal's name is empty: name a journal, or leave it out for the newest "
              "unfinished game", file=sys.stderr)
        return 2
    if path is None:
        path, why_none = _newest_to_resume(data_dir(args.data))
        if path is None:
            print(f"dicecup resume: {why_none}", file=sys.stderr)
            return 2
    if in_play(path):  # before a byte is read or cut: its hub is writing it, and holds its cups
        print(f"dicecup resume: {in_play_words(path)}", file=sys.stderr)
        return 2
    try:
        text, torn, resumed, state = read_to_resume(path)
    except CantResume as why:
        print(f"dicecup resume: {why}", file=sys.stderr)
        return 2
    if state.winner is not None:
        print(f"dicecup resume: that game is over: {state.seats[state.winner]} won", file=sys.stderr)
        return 2
    why_not = why_not_resumable(path, resumed, state, moved=bool(args.port or args.sim), text=text, sim=args.sim)
    if why_not:  # checked before the hub writes a line to the file
        print(f"dicecup resume: {why_not}", file=sys.stderr)
        return 2
    try:
        rated = rated_table(_rated_as_begun(args, resumed.rated_table), "dicecup resume")
    except HistoryError as error:
        print(f"dicecup resume: {error}", file=sys.stderr)
        return 2
    if torn:
        cut_torn_line(path, torn)
        print(f"dicecup resume: the journal's last line was cut off mid-write ({torn[:40]!r}: the hub stopped while "
              "writing it); the game goes on from the line before", file=sys.stderr, flush=True)
    ports = [("serial", port) for port in args.port] or ([] if args.sim else journal_ports(resumed))
    if args.ble_hci:  # the journal's ble: ports through that controller, not this computer's Bluetooth
        from dicecup.link.ble import use_hci
        from dicecup.link.transport import LinkDown

        try:
            use_hci(args.ble_hci)
        except LinkDown as error:
            print(f"dicecup resume: {error}", file=sys.stderr)
            return 2
    allow_unpaired = args.allow_unpaired or resumed.unpaired_allowed  # as the table was set up when it began
    table = TableSetup(state.rules, data=args.data, screen=Screen(drama=1.5), allow_unpaired=allow_unpaired,
                       rated=rated)
    table.bot_kinds = dict(resumed.bots)  # a rated table rates a bot as its kind (bot:hard), as when it began
    virtual = web = None
    try:
        if args.sim:  # started before the journal is taken up: a runtime missing is said with nothing written
            virtual = _virtual_cup(table)
            ports = [("serial", virtual[0].path)]
        table.watch_stops()  # a signal from here on stops the loop at its first pass (nothing below blocks)
        hub = table.make_hub(expect_cups=len(ports))
        hub.seating.unpaired_advice = f"`dicecup resume --allow-unpaired {path}`"

        def bots(name):
            return _bot(resumed.bots.get(name), name, hub)

        hub.resume(resumed, state, bots=bots)  # the game kind's Round takes it up (a poker round cut is replayed)
        phones = phones_kept(path, resumed)
        if phones is not None:  # the same address, links and keys: the phones' pages come back by themselves
            web = reopen_table_screen(phones, hub, table)
        if virtual is not None:  # as at `play --sim 1`: a typed opening shake is pressed on it
            hub.round.hands = TypedHands(virtual[0])
        conns = table.connect(ports, wait_for_missing=True)
        silent_ports.watch(conns, stop=table.stop,  # a port that never says hello: what it seems to be
                           say=lambda words: print(f"dicecup resume: {words}", file=sys.stderr, flush=True))
        table.play(typed_commands=True)
        return 0 if hub.finished else 1
    except (TableError, JournalError, WebError, KeptPhonesError) as error:  # JournalError: taking the journal up
        print(f"dicecup resume: {error}", file=sys.stderr)                   # again failed (a full disk)
        return 1
    except KeyboardInterrupt as stop:  # the journal holds the game still: say how to go on
        how, status = how_stopped(stop)
        said = stopped_by_ctrl_c(table.hub, resumable=True, how=how)
        if args.sim:  # the new virtual cup ends with this process too
            said = said.replace("`dicecup resume ", "`dicecup resume --sim 1 ")
        if args.allow_unpaired and not resumed.unpaired_allowed:  # a journal from before it said so itself
            said = said.replace("`dicecup resume ", "`dicecup resume --allow-unpaired ")
        say_stopped(f"dicecup resume: {said}")
        return status
    finally:
        table.close()
        if web is not None:
            web.close()
        if virtual is not None:
            virtual.stop()


class CantResume(Exception):
    """The journal can't be read to go on with: why, in one line."""


def read_to_resume(path):
    """What resume reads of a journal, as every reader reads it (the one reading): (its text without a torn last
    line, that line, journal.Resumed, the replayed state); CantResume saying why not."""
    try:
        text = journal_text(path)
        torn = torn_line(text)  # the hub died inside its last write: that line never was
        text = text[:len(text) - len(torn)]
        return text, torn, read_journal(path, text), replay(text).state
    except OSError as error:  # its words, not "[Errno 2] No such file or directory: '...'"
        raise CantResume(f"can't read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise CantResume(f"{path} is not a journal: it is not text (journals are UTF-8)") from None
    except RecordError as error:
        newer = "can't read" in str(error) or "unknown" in str(error)  # a line or switch this version doesn't know
        hint = " (a journal from a newer dicecup? resume it with that version)" if newer else ""
        raise CantResume(f"{path} does not replay: {error}{hint}") from None


def _newest_to_resume(data):
    """The newest unfinished journal no hub is playing now, or None and why there is none."""
    found = unfinished_journals(data)
    free = [path for path in found if not in_play(path)]
    if free:
        return free[0], None
    if found:  # the game in play is the one a second terminal's `resume` would take over
        return None, (f"the data folder's unfinished game{'s are' if len(found) > 1 else ' is'} being played now by "
                      f"another dicecup on this machine ({', '.join(map(str, found))}): go on at that hub")
    return None, "no unfinished game in the data folder"


def _rated_as_begun(args, begun):
    """args with --rated (and the league's --db) as the game began, when its journal says it was a rated table
    (`begun`: Resumed.rated_table): after a crash nobody remembers the options, and a rated game must not drop out
    of the history."""
    args.rated, args.db = getattr(args, "rated", False), getattr(args, "db", None)
    if begun is not None and not args.rated:
        args.rated = True
        args.db = args.db or begun.get("db")
    return args


def why_not_resumable(path, resumed, state, moved: bool, text: str = "", sim: int = 0):
    """Why the hub can't bring this game back (None if it can): a living seat with neither a cup nor a bot in
    the journal (a hand-written record), or virtual cups that ended with the `play --sim`/`demo` that ran them."""
    rule = piece(state.rules, "resume")  # poker dice: its one cup may be a new one
    if not rule.takes_sim(sim, resumed):
        return ("--sim 1 is for a poker table of --players, whose one cup may be a new one; every other game's "
                "cups hold dice of their own, so they come back on their ports (or --port)")
    why = rule.journal_refusal(text)
    if why:
        return f"{path}: {why}"
    living = [seat for seat, alive in zip(state.seats, state.alive) if alive]
    cupless = [seat for seat in living if seat not in resumed.cups and seat not in resumed.bots]
    if cupless:
        return (f"{path} names no cup for {', '.join(cupless)} (no '#@ cup' line): only a journal the hub wrote "
                f"can be resumed; `dicecup referee {path}` checks a hand-written record")
    try:
        phones_kept(path, resumed)
    except KeptPhonesError as error:
        return f"{error}; `dicecup referee {path}` rules it as far as it went"
    gone = [seat for seat in living if seat in resumed.cups and virtual_cup_gone(resumed.cups[seat])]
    if gone and not moved:
        return rule.gone_refusal(path, gone)
    return None


def phones_kept(path, resumed):
    """The phone seats kept beside the journal (web/phonekeep.py), or None if no seat played on a phone;
    KeptPhonesError if they are not all there."""
    phones = [target for kind, target in journal_ports(resumed) if kind == "phone"]
    return read_kept_phones(path, phones) if phones else None


def journal_ports(resumed) -> list:
    """(kind, target) of every cup's port as the journal names it: `serial:/dev/ttyACM0`, `ble:AA:BB:...`."""
    ports = []
    for info in resumed.cups.values():
        kind, _, target = info.get("port", "").partition(":")
        if target and (kind, target) not in ports:  # a poker table's seats all name its one cup
            ports.append((kind, target))
    return ports


def _virtual_cup(table):
    """A new virtual cup for a poker table whose old one ended with its hub, paired with this hub."""
    from dicecup.sim.virtualcup import VirtualCupError, VirtualCups, find_micropython
    try:
        virtual = VirtualCups(1, runtime=find_micropython(), fast=True, keyed=True).start()
    except VirtualCupError as error:
        raise TableError(str(error)) from None
    table.keys.extra.update(virtual.keys)
    return virtual


def _bot(kind, seat, hub):
    """The bot the journal says sat in `seat`; the default bot if that one can't be loaded any more. Its choices
    draw from the hub's Chance, as at `play` (a bot seeded by its seat's name would bid predictably)."""
    from dicecup.hub.tablesetup import DEFAULT_BOT
    seed = hub.chance.fork(f"bot {seat}").below(2 ** 31)
    try:
        return load(kind or DEFAULT_BOT, seed=seed)
    except BotError as error:
        hub.say(f"{seat}: {error}; {DEFAULT_BOT} plays the seat instead")
        return load(DEFAULT_BOT, seed=seed)

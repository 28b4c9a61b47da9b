"""Every subcommand with no standard input, given a table of bad inputs as people type them. Each row must end
with a non-zero status and exactly one plain line on stderr (no traceback, no two-line "usage:" answer, no
library's own words), within its time, and change no file outside dicecup's own data folder. How a row runs, in a
sandbox of its own, is tests/cli/sandbox.py.

Most rows run through dicecup.cli.main in this process, as `python -m dicecup` runs it, in milliseconds. The
rows where the process itself is what is tested, and the ones that mostly wait (a port that never answers), run
as real processes (Row.process says why), four at a time in a thread pool started the first time any row is
asked for, so their waits overlap with each other and with the rows run here. Each row is its own named test
case (`-k 'demo --cups 0'`)."""
import concurrent.futures
import os
import re

import pytest

from dicecup.cli import COMMANDS
from sandbox import Row, prepare_row, run_row

TOO_MANY_WORKERS = str(4 * (os.cpu_count() or 1) + 1)  # a process each: more than a few per core swamps a machine

# why a row needs a real process (Row.process)
ENTRY = "the interpreter's own start and exit status through `python -m dicecup`"
STDIN = "standard input that is /dev/null"
PIPE = "the interpreter's last flush at exit into a pipe whose reader has gone"
NOT_UTF8 = "words the OS decoded from bytes that are not UTF-8"
WAITS = "it mostly waits (a port, a server, a big file): as a process it waits alongside the other rows"
WAITED = "it waited for good on the busy cups before: as a process, its deadline ends it"
SCREEN = "the table's screen thread it starts waits for the process's end (it has no other)"

ROWS = [
    # -- the command line itself --------------------------------------------------------------------------------
    Row(("frob",), "no command|frob", starts="dicecup: ", process=ENTRY),
    Row(("--frob",), "frob", starts="dicecup: "),
    Row(("Demo",), "demo", starts="dicecup: "),
    Row((), "command", starts="dicecup: ", process=ENTRY),
    # -- demo ---------------------------------------------------------------------------------------------------
    Row(("demo", "--cups", "0"), r"players: 0 \(--cups\) is too few"),  # said "not 0: none"
    *(Row(("demo", "--cups", n), "player|0 or more|whole number", process=ENTRY if n == "x" else "") for n in
      ("1", "-3", "7", "100", "99999999999999999999999", "x", "", "2.5", "three")),
    Row(("demo", "--cups"), "--cups"),
    Row(("demo", "--rules", ""), "preset"),
    Row(("demo", "--rules", "nope"), "nope"),
    Row(("demo", "palifico=maybe"), "palifico"),
    Row(("demo", "dice=-5"), "dice is a whole number from 1 to"),  # was "dice is a whole number": -5 is one
    Row(("odds", "--dice", "5", "--rules", "dudo", "clock=-1"), "clock is a whole number from 0 to"),
    Row(("demo", "--data", "{work}/notes.txt"), "is a file"),
    Row(("demo", "--data", "{work}/notes.txt/dicecup"), "is a file"),
    Row(("demo", "--frob"), "--frob"),
    Row(("demo", "--c", "3"), "--cups or --cpython"),
    Row(("demo", "--rules", "poker", "--ble"), "--ble plays the face-bid presets"),  # poker's demo set-up says
    Row(("demo", "--rules", "poker", "--board", "pico"), "--board pico plays the face-bid presets"),
    Row(("odds", "--dice", "10", "--bid", "-3x4"), "--bid=-3x4"),  # said "--bid needs a value after it"
    # -- play ---------------------------------------------------------------------------------------------------
    Row(("play", "--sim", "-1"), "0 or more"),
    Row(("play", "--phones", "ana,,Ana", "--web", "127.0.0.1:0"), "--phones names ana twice"),
    Row(("play", "--phones", "-", "--web", "127.0.0.1:0"), "'-' is not a name"),
    Row(("play", "--phones", "ana,ben"), "phones join through the table screen"),
    Row(("play", "--sim", "7"), "player"),
    Row(("play", "--bots", "7"), "player"),
    Row(("play", "--bots", "-1"), "0 or more"),
    Row(("play", "--bots", "1"), "player"),
    Row(("play", "--bots", "x"), "--bots"),
    Row(("play", "--sim", ""), "--sim"),
    Row(("play", "--bot", "nope", "--bots", "1"), "nope"),
    Row(("play", "--bot", "", "--bots", "1"), "bot"),
    Row(("play", "--bot", "{work}/bot_broken.py:Bot", "--bots", "1"), "bot_broken"),
    Row(("play", "--bot", "{work}/bot_raises.py:Bot", "--bots", "1"), "bot_raises"),
    Row(("play", "--bots", "2", "--rules", ""), "preset"),
    Row(("play", "--bots", "2", "--rules", "dudo palifico=maybe"), "palifico"),
    Row(("play", "--bots", "2", "clock=-5"), "clock"),
    Row(("play", "--bots", "2", "--data", "{work}/notes.txt"), "is a file"),
    Row(("play", "--bots", "1", "--port", "{work}/no-such-port"), "no such port", process=SCREEN),
    Row(("play", "--bots", "1", "--port", "{work}/notes.txt"), "not a serial port", process=SCREEN),
    Row(("play", "--bots", "1", "--port", "{work}/photos"), "folder", process=SCREEN),
    Row(("play", "--bots", "1", "--port", ""), "--port", process=SCREEN),
    Row(("play",), "no cups found"),
    Row(("play", "--bots"), "--bots"),
    # -- resume -------------------------------------------------------------------------------------------------
    Row(("resume",), "no unfinished game"),
    Row(("resume", "{work}/no-such-game.txt"), "no-such-game"),
    Row(("resume", "{work}/photos"), "photos"),
    Row(("resume", "{work}/notes.txt"), "notes.txt"),
    Row(("resume", "{work}/latin1.txt"), "latin1.txt"),
    Row(("resume", "{work}/record.txt"), "no cup"),
    Row(("resume", "--data", "{work}/notes.txt"), "is a file"),
    Row(("resume", "--data", "{data}", "{data}/games/20260101-000000-dudo.txt"), "over", setup="finished_game"),
    Row(("resume", "a", "b"), "'b'|b"),
    Row(("resume", "--sim", "2", "{work}/record.txt"), "--sim 1 is for a poker table|no cup"),
    Row(("resume", "--db", "sqlite:///{work}/league.sqlite", "{work}/record.txt"), "--db goes with --rated|no cup"),
    # -- referee ------------------------------------------------------------------------------------------------
    # no standard input is an empty record: `line N: ...` on stderr is the referee's contract (README)
    Row(("referee",), "rules", starts="line 1: ", process=STDIN),
    Row(("referee", "-"), "rules", starts="line 1: ", process=STDIN),
    Row(("referee", "{work}/no-such-game.txt"), "no-such-game"),
    Row(("referee", "{work}/photos"), "photos"),
    Row(("referee", "{work}/latin1.txt"), "latin1.txt"),
    Row(("referee", "{work}/notes.txt"), r"^line 1: ", starts="line 1: "),
    Row(("referee", "{work}/bom-bad.txt"), "9x9", starts="line 3: "),
    Row(("referee", "{work}/big.txt"), "", setup="big_bad_line", starts="line 3: ", within=40, process=WAITS),
    Row(("referee", "a", "b"), "'b'|b"),
    Row(("referee", "--frob"), "--frob"),
    # -- odds ---------------------------------------------------------------------------------------------------
    Row(("odds",), "--dice"),
    *(Row(("odds", "--dice", n), "dice") for n in ("-5", "0", "x", "", "2.5", "99999", "9" * 5000, "２")),
    Row(("odds", "--dice", "10", "--mine", "7"), "die"),
    Row(("odds", "--dice", "10", "--mine", "x"), "die"),
    Row(("odds", "--dice", "2", "--mine", "1", "2", "3"), "dice|mine"),
    Row(("odds", "--dice", "10", "--bid", "0x3"), "0x3|bid"),
    Row(("odds", "--dice", "10", "--bid", "3x7"), "3x7|face"),
    Row(("odds", "--dice", "10", "--bid", ""), "bid"),
    Row(("odds", "--dice", "10", "--threshold", "2"), "threshold"),
    Row(("odds", "--dice", "10", "--threshold", "nan"), "threshold"),
    Row(("odds", "--dice", "10", "--threshold", "1e-99999999"), "threshold"),
    Row(("odds", "--dice", "10", "--json"), "--bid"),
    Row(("odds", "--dice", "10", "--rules", ""), "preset"),
    Row(("odds", "--markdown", "{work}/notes.txt/odds.md"), "notes.txt", within=60),
    Row(("odds", "--markdown", "{work}/photos"), "photos", within=60),
    # -- rules --------------------------------------------------------------------------------------------------
    Row(("rules", "nope"), "nope"),
    Row(("rules", ""), "preset"),
    Row(("rules", "dudo", "revolver"), "revolver"),
    Row(("rules", "dudo"), pipe=True, status=141, process=PIPE),
    Row(("rules",), pipe=True, status=141),
    # -- arena --------------------------------------------------------------------------------------------------
    Row(("arena",), "bot"),
    Row(("arena", "easy"), "two bots"),
    Row(("arena", "easy", "nope"), "nope"),
    *(Row(("arena", "easy", "normal", "--games", n), "--games") for n in
      ("0", "-5", "x", "", "1e3", "99999999999999999999")),
    Row(("arena", "easy", "normal", "--workers", "0"), "--workers"),
    Row(("arena", "easy", "normal", "--rules", ""), "preset"),
    Row(("arena", "easy", "normal", "--rules", "nope"), "nope"),
    Row(("arena", *["easy"] * 7), "7|player|seat"),
    Row(("arena", "easy", "{work}/no-such-bot.py:Bot"), "no-such-bot"),
    Row(("arena", "easy", "{work}/notes.txt:Bot"), "notes"),
    Row(("arena", "easy", "{work}/bot_broken.py:Bot"), "bot_broken"),
    Row(("arena", "easy", "{work}/bot_raises.py:Bot"), "bot_raises"),
    # -- build --------------------------------------------------------------------------------------------------
    Row(("build",), "--board"),
    Row(("build", "--board", "nope"), "nope"),
    Row(("build", "--board", ""), "board"),
    Row(("build", "--board", "pico", "--out", "{work}/notes.txt"), "notes.txt", within=60),
    Row(("build", "--board", "pico", "--out", "{work}/photos"), "photos", within=60),
    Row(("build", "--board", "pico", "--out", "{work}"), "work", within=60),
    # -- ports --------------------------------------------------------------------------------------------------
    Row(("ports", "--port", ""), "--port"),
    Row(("ports", "--frob"), "--frob"),
    # -- flash --------------------------------------------------------------------------------------------------
    Row(("flash",), "--board"),
    Row(("flash", "--board", "nope"), "nope"),
    Row(("flash", "--board", "pico", "--port", ""), "--port"),
    Row(("flash", "--board", "pico", "--port", "{work}/no-such-port"), "no such port", within=60),
    Row(("flash", "--board", "pico", "--port", "{work}/notes.txt"), "not a serial port", within=60),
    Row(("flash", "--board", "pico", "--port", "{work}/photos"), "folder", within=60),
    Row(("flash", "--board", "pico", "--name", ""), "empty"),
    Row(("flash", "--board", "pico", "--data", "{work}/notes.txt"), "is a file"),
    Row(("flash", "--board", "pico", "--port", "{pty}"), "cups.sqlite", setup="corrupt_registry", within=60,
        process=WAITS),
    Row(("flash", "--board", "pico", "--dist", "{work}/no-such-build"), "no-such-build"),
    Row(("flash", "--board", "pico", "--dist", "{work}/notes.txt"), "notes.txt"),
    Row(("flash", "--board", "pico", "--dist", "{work}/photos"), "photos"),
    Row(("flash", "--board", "pico", "--dist", "{work}/atom-build"), "for 'atom', not 'pico'", setup="atom_build"),
    Row(("flash", "--board", "atom", "--dist", "{work}/atom-build"), "unfinished", setup="cut_off_build"),
    Row(("flash", "--board", "cpb", "--drive", "{work}/no-such-drive"), "no-such-drive", within=60),
    Row(("flash", "--board", "cpb", "--drive", "{work}/notes.txt"), "is a file", within=60),
    Row(("flash", "--board", "pico", "--drive", "{work}/photos"), "CircuitPython", within=60, process=WAITS),
    # -- cups ---------------------------------------------------------------------------------------------------
    Row(("cups", "frob"), "frob"),
    Row(("cups", "rename"), "name the cup"),
    Row(("cups", "rename", "nope", "newname"), "nope"),
    Row(("cups", "forget", "nope"), "nope"),
    Row(("cups", "list", "extra"), "extra"),
    Row(("cups",), "cups.sqlite", setup="corrupt_registry"),
    Row(("cups", "--data", "{work}/notes.txt"), "is a file"),
    Row(("cups", "rename", "ana", ""), "new name", setup="three_cups"),
    Row(("cups", "rename", "ana", "a" * 17), "too long", setup="three_cups"),
    Row(("cups", "rename", "ana", "ben", "cy"), "cy", setup="three_cups"),
    Row(("cups", "forget", "ben"), "several cups", setup="three_cups"),
    Row(("cups", "rename", "ben", "cy"), "several cups", setup="three_cups"),
    # -- verify -------------------------------------------------------------------------------------------------
    Row(("verify",), "name a journal"),
    Row(("verify", ""), "journal"),
    Row(("verify", "{work}/no-such-game.txt"), "no-such-game"),
    Row(("verify", "{work}/photos"), "photos"),
    Row(("verify", "{work}/latin1.txt"), "latin1.txt"),
    Row(("verify", "{work}/notes.txt"), "notes.txt|line 1"),
    Row(("verify", "{work}/record.txt"), "record.txt|commit|journal"),
    Row(("verify", "--all"), "journal|game"),
    Row(("verify", "--all", "--data", "{work}/notes.txt"), "is a file"),
    Row(("verify", "--frob"), "--frob"),
    # -- history, stats, ratings --------------------------------------------------------------------------------
    Row(("history", "nobody"), "nobody"),
    Row(("history", "import"), "import"),
    Row(("history", "import", "{work}/no-such-game.txt"), "no-such-game"),
    Row(("history", "import", "{work}/notes.txt"), "notes.txt"),
    Row(("history", "import", "{work}/cat.png"), "cat.png"),
    Row(("history", "import", "{work}/latin1.txt"), "latin1.txt"),
    Row(("history", "import", ""), "empty|name|journal"),
    Row(("history", "--db", "nonsense://x"), "nonsense|--db"),
    Row(("history", "--db", "{work}/notes.txt"), "notes.txt"),
    Row(("history", "--data", "{work}/notes.txt"), "is a file"),
    Row(("history", "ana", "ben"), "ben"),
    Row(("history", "ana", "--rated-tables"), "import"),
    Row(("history", "ana", "--unsigned"), "import"),
    Row(("history", "hubs", "add", "club"), "hubs add NAME PUBKEY"),
    Row(("history", "hubs", "add", "club", "nothex"), "64 hex digits"),
    Row(("history", "hubs", "add", "", "00" * 32), "name is empty"),
    Row(("hub-key", "--data", "{work}/notes.txt"), "is a file"),
    Row(("hub-key", "extra"), "extra"),
    Row(("stats",), r"missing name \(the player\);"),  # said "missing name (the player (a bot);"
    Row(("stats", "nobody"), "nobody"),
    Row(("stats", ""), "name|player|empty"),
    Row(("stats", "ana", "--plot", "{work}/photos"), "is a folder"),
    Row(("stats", "ana", "--plot", "{work}/nerve.txt"), "ana|png|plot"),
    Row(("stats", "ana", "--db", "nonsense://x"), "nonsense|--db"),
    Row(("stats", "--data", "{work}/notes.txt", "ana"), "is a file"),
    Row(("ratings", "--db", "nonsense://x"), "nonsense|--db"),
    Row(("ratings", "--db", "{work}/photos"), "photos"),
    Row(("ratings", "--data", "{work}/notes.txt"), "is a file"),
    Row(("ratings", "extra"), "extra"),
    Row(("play", "--bots", "2", "--rated", "--db", "nonsense://x"), "nonsense|--db"),
    Row(("play", "--bots", "2", "--rated", "--db", "postgresql://league@127.0.0.1:1/dicecup"), "can't open",
        process=WAITS),
    Row(("demo", "--db", "{work}/photos"), "--rated"),
    Row(("demo", "--rated", "--data", "{work}/notes.txt"), "is a file"),
    # -- the ones nobody listed: empty paths ("$VAR" unset), too many workers, text that is not UTF-8 --------------
    Row(("build", "--board", "pico", "--out", ""), "--out"),
    Row(("flash", "--board", "pico", "--dist", ""), "--dist"),
    Row(("flash", "--board", "cpb", "--drive", ""), "--drive"),
    Row(("flash", "--board", "cpb", "--bundle", ""), "--bundle"),
    Row(("resume", ""), "empty|name"),
    Row(("referee", ""), "empty|name"),
    Row(("arena", "easy", "normal", "--games", TOO_MANY_WORKERS, "--workers", TOO_MANY_WORKERS), "--workers"),
    Row(("demo", "--rules", "x" * 100_000), "preset"),
    Row(("odds", "--dice", "10", "--bid", "9" * 100_000 + "x3"), "bid"),
    Row(("rules", "\udce9"), "preset", process=NOT_UTF8),
    Row(("arena", "easy", "\udce9"), "bot"),
    Row(("referee", "{work}/\udce9.txt"), "can't read", process=NOT_UTF8),
    Row(("play", "--bots", "1", "--port", "/dev/null"), "not a serial port", process=SCREEN),
    Row(("flash", "--board", "pico", "--port", "/dev/null"), "not a serial port", within=60, process=WAITS),
    Row(("play", "--bots", "2", "--data", "{data}"), "journal", setup="games_is_a_file", within=30, process=SCREEN),
    Row(("demo", "--data", "{data}"), "journal", setup="games_is_a_file", within=60, process=SCREEN),
    Row(("cups",), "cups.sqlite is a folder", setup="registry_is_a_folder"),
    Row(("flash", "--board", "pico", "--port", "{pty}"), "cups.sqlite is a folder", setup="registry_is_a_folder", within=60,
        process=WAITS),
    Row(("referee", "{work}/cat.png"), "cat.png"),
    Row(("resume", "{work}/cat.png"), "cat.png"),
    Row(("verify", "{work}/cat.png"), "cat.png"),
    Row(("arena", "easy", "{work}/photos:Bot"), "photos"),
    Row(("arena", "easy", "os:path"), "os:path"),
    Row(("arena", "easy", "no.such.module:Bot"), "no.such.module"),
    Row(("odds", "--dice", "30", "--mine", "1", "2", "3", "4", "5", "6"), "dice|hand"),
    Row(("play", "--ble", "--bots", "1"), "Bluetooth|player|cup", within=60,  # scans where there is Bluetooth
        process="Bluetooth: the system's own bus and adapter, or their absence"),
    Row(("arena", "easy", "normal", "--rules", "poker"), "poker"),
    Row(("arena", "poker-hard", "poker-baseline", "--rules", "dudo"), "poker"),
    Row(("play", "--rules", "poker", "--sim", "2"), "poker"),  # poker dice has one cup: demo --rules poker plays
    Row(("odds", "--rules", "poker", "--dice", "10", "--bid", "3x3"), "poker"),
    Row(("flash", "--board", "cpb", "--drive", "{work}/photos"), "CIRCUITPY|photos", within=60),
    Row(("flash", "--board", "cpb", "--drive", "{work}/photos", "--bundle", "{work}/no-such-bundle"),
        "no-such-bundle|CIRCUITPY|photos", within=60),
    Row(("cups", "rekey"), "cup"),
    Row(("cups", "rekey", "nope"), "nope", setup="three_cups"),
    Row(("cups", "rekey", "ana", "--port", "{work}/no-such-port"), "no such port", setup="three_cups", within=30),
    Row(("cups", "rekey", "ana", "--port", ""), "--port is empty", setup="three_cups"),  # said "no port is known"
    Row(("cups", "rekey", "ana", "--drive", "{work}/no-such-drive"), "--port", setup="three_cups"),
    Row(("resume", "{work}/record.txt", "--port", ""), "--port|empty|no cup"),
    Row(("odds", "--rules", "classic", "--palifico", "--dice", "5"), "palifico"),
    # a reader that went away (`| head -c 0`): a quiet end with 141, as any Unix tool killed by SIGPIPE
    Row(("odds", "--dice", "20"), pipe=True, status=141, process=PIPE),
    Row(("odds", "--dice", "20", "--bid", "7x3", "--json"), pipe=True, status=141),
    Row(("cups",), pipe=True, status=141),
    Row(("cups", "--json"), pipe=True, status=141, setup="three_cups"),
    Row(("ports", "--json", "--no-probe"), pipe=True, status=141),
    Row(("referee", "--json", "{work}/record.txt"), pipe=True, status=141),
    Row(("resume",), "virtual cups", setup="gone_virtual_cups"),
    # issue 25 item 2: a stale folder's links (their process killed with -9) are not trusted as virtual cups
    Row(("resume", "--data", "{data}"), "virtual cups .* are gone", setup="stale_virtual_cups"),
    Row(("odds", "--rules", "revolver", "load=off", "--dice", "5"), "load"),  # docs/rules.md showed it (item 11)
    # a path that goes through a file
    Row(("build", "--board", "pico", "--out", "{work}/notes.txt/build"), "notes.txt"),
    Row(("flash", "--board", "cpb", "--drive", "{work}/notes.txt/CIRCUITPY"), "notes.txt"),
    Row(("flash", "--board", "pico", "--dist", "{work}/notes.txt/build"), "notes.txt"),
    Row(("odds", "--markdown", "{work}/photos/"), "photos"),
    Row(("referee", "{work}/notes.txt/game.txt"), "notes.txt"),
    Row(("resume", "{work}/notes.txt/game.txt"), "notes.txt"),
    Row(("arena", "easy", "{work}/notes.txt/bot.py:Bot"), "notes.txt"),
    # a port with nothing behind it (a board that runs something else, or is switched off)
    Row(("flash", "--board", "pico", "--port", "{pty}"), "no MicroPython REPL answered", within=60, process=WAITS),
    Row(("flash", "--board", "atom", "--port", "{pty}", "--name", "ana"), "no MicroPython REPL answered", within=60,
        process=WAITS),
    Row(("cups", "rekey", "ana", "--port", "{pty}"), "ana|answer|cup", setup="three_cups", within=60, process=WAITS),
    # a word in the wrong place: a count or a preset typed bare
    Row(("demo", "3"), "--cups 3"),
    Row(("demo", "revolver"), "--rules revolver"),
    Row(("play", "--bots", "2", "classic"), "--rules classic"),
    Row(("play", "3"), "--sim 3|--bots 3"),
    Row(("arena", "easy", "normal", "100"), "--games 100"),
    Row(("odds", "20"), "--dice 20"),
    # the table on a web page
    Row(("demo", "--web", "x"), "--web"),
    Row(("demo", "--web", "99999"), "--web"),
    Row(("demo", "--web", "0.0.0.0:abc"), "--web"),
    Row(("play", "--bots", "2", "--web", ""), "--web"),
    Row(("demo", "--web"), "--web"),
    # text that is not UTF-8 (a terminal in Latin-1 sends "é" as one byte): said, not a UnicodeEncodeError
    Row(("demo", "--seed", "\udce9", "--cups", "2"), "UTF-8"),
    Row(("play", "--bots", "2", "--seed", "\udce9"), "UTF-8"),
    Row(("arena", "easy", "normal", "--games", "2", "--seed", "\udce9"), "UTF-8"),
    Row(("stats", "\udce9"), "UTF-8"),
    Row(("history", "\udce9"), "UTF-8"),
    # -- a newcomer's small things (issue 25 items 13): no advice to do what was just done, help as a command, one
    #    line for all the unfinished games in a folder
    Row(("ports", "--all"), r"^(?!.*--all).*no USB serial port"),  # said "--all lists every USB serial port"
    Row(("help", "nope"), "no command 'nope'", starts="dicecup: "),
    Row(("history", "import", "{work}/unfinished"), "passed over 3 games not finished yet", setup="unfinished_games"),
    # -- sim ----------------------------------------------------------------------------------------------------
    Row(("sim",), "count|how many"),
    *(Row(("sim", n), "between 1 and") for n in ("0", "-1", "11", "x", "", "99999999999999999999")),
    *(Row(("sim", "2", "--seconds", s), "--seconds") for s in ("0", "-1", "x", "nan", "inf", "")),
    # -- issue 25 items 5 and 12 (accented names; verify of a game cut off): names are letters of any script, kept
    # NFC, compared casefolded; the cut-off journal's own words are in tests/cli/test_verify.py (it succeeds)
    Row(("play", "--rules", "poker", "--players", "zoë,ZOË"), "zoë twice"),
    Row(("play", "--rules", "poker", "--players", "zoë,bën!"), "bën!.*letters"),
    Row(("cups", "rename", "ana", "ë" * 9), "too long", setup="three_cups"),  # 18 bytes: the hello carries 16
    # -- terminals, locales, signals (issue 25's second half): a reader gone while rich draws a table ended with
    # rich's own SystemExit(1), not the quiet 141 (`dicecup arena ... | head -1`); the rest are in test_terminals.py
    Row(("arena", "easy", "normal", "--games", "2", "--workers", "1"), pipe=True, status=141),
    # -- interrupted steps, orders, two at once (issue 25, newcomer-orders): a second terminal's resume of the game
    #    a hub is playing now (it waited on the busy cups, advising to close "a dicecup game", and would have taken
    #    the game up from lines its stale read had, once that hub stopped); tests/cli/test_two_at_once.py
    *(Row(words, "being played now by another dicecup.*20260101-000000-dudo.txt", within=10, setup="game_in_play",
          process=WAITED) for words in (("resume",), ("resume", "{data}/games/20260101-000000-dudo.txt"))),
    #    options typed between the words they go with, as `--help` shows them after: each word is taken for what it
    #    is (said "'...' is more than dicecup history takes" before)
    Row(("history", "import", "--unsigned", "{work}/no-such-game.txt"), "no such file.*no-such-game"),
    Row(("demo", "palifico=off", "--cups", "2", "dice=-5"), "dice is a whole number from 1 to"),
    Row(("play", "palifico=off", "--bots", "2", "clock=-5"), "clock is a whole number from 0 to"),
    Row(("arena", "easy", "--games", "2", "nope"), "nope. is not a bot"),
]

# what Python and its libraries say, which means nothing to a player (issue 12 item 13)
RAW_WORDS = re.compile(r"\[Errno \d+\]|codec can't|invalid int value|expected one argument|unrecognized arguments")


def _row_ids():
    ids = [row.name for row in ROWS]
    duplicated = {name for name in ids if ids.count(name) > 1}
    return [f"{name} [{row.setup}]" if name in duplicated and row.setup else name for name, row in zip(ids, ROWS)]


IDS = _row_ids()
BY_ID = dict(zip(IDS, ROWS))


@pytest.fixture(scope="module")
def processes(request, tmp_path_factory):
    """The selected rows that are real processes, started four at a time (this machine's cores are shared), the
    ones given the longest first: row id -> future Outcome."""
    wanted = [item.callspec.params["row_id"] for item in request.session.items
              if item.module is request.module and hasattr(item, "callspec") and "row_id" in item.callspec.params]
    root = tmp_path_factory.mktemp("bad-inputs")
    slow_first = sorted((row_id for row_id in dict.fromkeys(wanted) if BY_ID[row_id].process),
                        key=lambda row_id: -BY_ID[row_id].within)  # they mostly wait
    prepared = {row_id: prepare_row(BY_ID[row_id], root / f"row{IDS.index(row_id)}") for row_id in slow_first}
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        yield {row_id: pool.submit(row.run) for row_id, row in prepared.items()}


@pytest.fixture
def outcome(row_id, processes, tmp_path):
    row = BY_ID[row_id]
    return processes[row_id].result() if row.process else run_row(row, tmp_path)


def _marked(row_id):
    return pytest.param(row_id, marks=pytest.mark.slow) if BY_ID[row_id].process == WAITS else row_id


@pytest.mark.parametrize("row_id", [_marked(row_id) for row_id in IDS])
def test_a_bad_input_gets_one_plain_line(row_id, outcome):
    row, out = BY_ID[row_id], outcome
    shown = f"status {out.status} after {out.seconds:.1f} s; stderr:\n{out.stderr[-3000:]}"
    assert not out.timed_out, f"no answer in {row.within * 3:g} s; {shown}"
    assert "Traceback" not in out.stderr, shown
    assert out.status != 0, shown
    if row.status:
        assert out.status == row.status, shown
    if row.pipe:  # as any Unix tool whose reader went away: quiet
        assert out.stderr == "", shown
    else:
        lines = out.stderr.splitlines()
        assert len(lines) == 1, shown
        line = lines[0]
        command = row.args[0] if row.args and row.args[0] in COMMANDS else None
        starts = row.starts or (f"dicecup {command}: " if command else "dicecup: ")
        assert line.startswith(starts), shown
        assert not line.lower().startswith("usage:") and " error: " not in line, shown
        assert len(line) <= 400, f"a {len(line)}-character line: {line[:200]}..."
        assert not RAW_WORDS.search(line), f"a library's words, not a person's: {line}"
        if row.says:
            assert re.search(row.says, line, re.IGNORECASE), f"expected /{row.says}/ in: {line}"
    assert out.seconds <= row.within, f"took {out.seconds:.1f} s, more than {row.within:g} s; {shown}"
    assert not out.changed, f"files outside the data folder changed: {out.changed}"


def test_every_command_has_rows():
    """A new subcommand needs its bad inputs in this table too."""
    covered = {row.args[0] for row in ROWS if row.args}
    assert set(COMMANDS) <= covered, sorted(set(COMMANDS) - covered)


def test_every_row_has_its_own_name():
    """Two rows of one name would run as one (and `-k` could not pick either)."""
    assert len(BY_ID) == len(ROWS), sorted(name for name in IDS if IDS.count(name) > 1)

"""A league member who forges journals (dicecup.sim.forger): each attack of the trial, replayed on a real signed
journal (tests/cli/journals/demo-dudo-seed3.txt, a demo's four virtual cups on the MicroPython unix port) in a
history of its own (SQLite), with verify, referee, import, resume and the digest asked about every copy."""
import pytest

from inprocess import dicecup_here as dicecup
from pathlib import Path

from dicecup.history.ratings import leaderboard
from dicecup.history.samples import journal_text
from dicecup.history.stats import player_stats
from dicecup.history.stats import game_list
from dicecup.history.trust import UNSIGNED
from dicecup.hub.hubkey import HubKey
from dicecup.hub.tablesetup import TableError, TableSetup
from dicecup.rules import Rules, replay
from dicecup.sim.forger import (SPLITTERS, League, hidden_lines, hide, renamed, unsigned_copy, with_bom,
                                with_crlf)

DEMO = Path(__file__).parents[1] / "cli" / "journals" / "demo-dudo-seed3.txt"
HONEST = DEMO.read_bytes()
LINES = HONEST.decode().splitlines()
SIGNATURE_LINE = len(LINES)   # the last line, counted from 1
PUBLIC = dict(w.split("=", 1) for w in LINES[-1].split()[2:])["key"]
WINNER = replay(HONEST.decode()).state.seats[replay(HONEST.decode()).state.winner]


@pytest.fixture
def league(tmp_path):
    league = League(tmp_path, PUBLIC)
    yield league
    league.engine.dispose()


def the_honest_game_alone_counts(league, unsigned=0):
    """One game in the history (and `unsigned` games marked so), rated, signed by the demo's hub; the winner's stats
    one game won; no bot rated."""
    games = game_list(league.engine)
    [game] = [game for game in games if game["signed_by"] != UNSIGNED]
    assert len(games) == 1 + unsigned and not any(other["rated"] for other in games if other is not game)
    assert game["rated"] and game["signed_by"] not in (None, UNSIGNED)
    assert (player_stats(league.engine, WINNER)["games"], player_stats(league.engine, WINNER)["wins"]) == (1, 1)
    assert not any(entry["name"].startswith("bot:") for entry in leaderboard(league.engine))
    assert not any(league.violations.values()), league.violations


@pytest.mark.parametrize("splitter", SPLITTERS, ids=[f"U+{ord(c):04X}" for c in SPLITTERS])
@pytest.mark.parametrize("what", range(3), ids=["the-win-moved-onto-a-bot", "a-rated-table", "a-move-after-the-end"])
def test_a_line_hidden_on_the_signatures_line_is_refused_by_every_reader_naming_that_line(league, splitter, what):
    """Before: `#@ bot WINNER kind=easy` behind a U+2028 on the signature's line was a fact to every reader and the
    signature stayed good (a result moved onto a bot, a friendly game through --rated-tables, verify 0 on a move
    after the end). Now each reader refuses the file, at that line."""
    league.take(HONEST)
    copy = hide(HONEST, hidden_lines(HONEST)[what], splitter)
    verdicts = league.verdicts(league.file(copy, "hidden"))
    assert verdicts == dict.fromkeys(("verify", "referee", "import", "resume", "digest"), SIGNATURE_LINE)
    league.check()
    the_honest_game_alone_counts(league)


def test_eight_copies_each_with_a_hidden_fact_add_no_game_and_no_rating(league):
    """The trial's 9-0: eight copies of one game, each with a fact line of its own hidden behind a splitter."""
    league.take(HONEST)
    copies = [league.file(hide(HONEST, f"#@ note copy {k}", SPLITTERS[k]), f"copy{k}") for k in range(8)]
    report = league.import_files(copies)
    assert not report.added and len(report.refused) == 8
    assert all(f"line {SIGNATURE_LINE}: U+" in why for _, why in report.refused), report.refused
    league.check()
    the_honest_game_alone_counts(league)


def test_unsigned_squatting_does_not_keep_the_signed_game_out_of_the_ratings(league):
    """Before: the signature taken off, imported with --unsigned first, and the real journal was "already in the
    history", never rated. Now the signed copy upgrades the game: signed, rated, still one game."""
    squat = league.import_files([league.file(unsigned_copy(HONEST), "squat")], unsigned=True)
    assert len(squat.added) == 1 and leaderboard(league.engine) == []
    signed = league.take(HONEST)
    assert not signed.added and [game for _, game in signed.upgraded] == [game for _, game in squat.added]
    league.check()
    the_honest_game_alone_counts(league)


def test_the_cli_says_the_squatted_game_is_now_signed_and_rated(tmp_path):
    db = f"sqlite:///{tmp_path / 'league.sqlite'}"
    assert dicecup("history", "hubs", "add", "demo", PUBLIC, "--db", db).returncode == 0
    (tmp_path / "squat.txt").write_bytes(unsigned_copy(HONEST))
    assert dicecup("history", "import", tmp_path / "squat.txt", "--unsigned", "--db", db).returncode == 0
    done = dicecup("history", "import", DEMO, "--db", db)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.strip() == ("imported 0 games; 0 already in the history; 1 game in the history unsigned now "
                                   "signed by a registered hub and rated")


@pytest.mark.parametrize("edited", [with_bom, with_crlf], ids=["a-byte-order-mark", "crlf-as-notepad-saves"])
def test_a_copy_an_editor_saved_is_the_same_game_with_its_signature_good(league, edited):
    """Before: a copy with a byte-order mark imported as a second rated game; a CRLF copy passed verify, but import
    called the honest journal forged. Now both are the same game to every reader."""
    league.take(HONEST)
    path = league.file(edited(HONEST), "edited")
    assert league.verdicts(path) == {"verify": "passes", "referee": "passes", "import": "takes", "resume": "reads",
                                     "digest": "same game"}
    done = dicecup("verify", path)
    assert done.returncode == 0 and "hub signature: good" in done.stdout, done.stderr
    league.check()
    the_honest_game_alone_counts(league)


def seeded_and_signed(tmp_path) -> tuple:
    """The demo's journal as a seeded hub writes it (`#@ seeded` at its opening), signed by that hub, registered."""
    key = HubKey.in_folder(tmp_path / "seeded-hub")
    lines = [line for line in LINES if not line.startswith("#@ signed ")]
    lines.insert(3, "#@ seeded")
    body = "".join(line + "\n" for line in lines).encode()
    return body + key.signature_line(body).encode() + b"\n", key


def test_a_seeded_demos_journal_that_verify_rejects_is_never_rated(tmp_path):
    """Before: `history import` rated a seeded demo's journal that verify rejects. Now it is refused; with
    --unsigned it goes in marked unsigned, unrated, and out of `stats`."""
    (tmp_path / "seeded-hub").mkdir()
    journal, key = seeded_and_signed(tmp_path)
    league = League(tmp_path, key.public_hex)
    path = league.file(journal, "seeded")
    assert dicecup("verify", path).returncode == 1
    refused = league.import_files([path])
    [(_, why)] = refused.refused
    assert "was dealt from a seed (`#@ seeded`, line 4" in why and "`--unsigned` imports it unrated" in why
    league.import_files([path], unsigned=True)
    [game] = game_list(league.engine)
    assert not game["rated"] and game["signed_by"] == UNSIGNED and leaderboard(league.engine) == []
    assert player_stats(league.engine, WINNER)["games"] == 0
    league.engine.dispose()


def test_a_rated_demo_with_a_seed_is_refused_in_one_line(tmp_path):
    done = dicecup("demo", "--rated", "--seed", "3", "--data", tmp_path, "--cpython")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("dicecup demo: --seed replays a game") and done.stderr.count("\n") == 1


def test_no_table_is_both_seeded_and_rated(tmp_path):
    """Whoever sets a table up (demo, a test, a script): a seeded hub's game is never rated."""
    with pytest.raises(TableError, match="never rated"):
        TableSetup(Rules.parse("dudo"), data=tmp_path, seed="7", rated=object())


def test_unsigned_games_stay_out_of_stats_unless_asked_for(league, tmp_path):
    """Before: five `--unsigned` games of the forger's (one record, a loser renamed in each) gave the winner 5 games,
    5 won in `stats`."""
    league.take(HONEST)
    loser = hidden_lines(HONEST)[-1].split()[0]
    forged = [league.file(renamed(HONEST, loser, f"{loser}x{k}"), f"flood{k}") for k in range(5)]
    assert len(league.import_files(forged, unsigned=True).added) == 5
    league.check()
    the_honest_game_alone_counts(league, unsigned=5)
    assert player_stats(league.engine, WINNER, unsigned=True)["games"] == 6
    db = f"sqlite:///{league.folder / 'league.sqlite'}"
    shown = dicecup("stats", WINNER, "--db", db)
    assert shown.stdout.startswith(f"{WINNER}: 1 game, 1 won") and "left out: 5 games imported unsigned" in shown.stdout
    assert dicecup("stats", WINNER, "--db", db, "--unsigned").stdout.startswith(f"{WINNER}: 6 games, 6 won")


def test_verify_referees_the_record_a_signed_journal_with_a_move_after_the_end_fails(tmp_path):
    """Before: verify exited 0 on a move after the game's end. Now it referees the record as `referee` does."""
    key = HubKey.in_folder(tmp_path)
    lines = [line for line in LINES if not line.startswith("#@ signed ")] + [f"{hidden_lines(HONEST)[-1]}"]
    body = "".join(line + "\n" for line in lines).encode()
    path = tmp_path / "after-the-end.txt"
    path.write_bytes(body + key.signature_line(body).encode() + b"\n")
    done = dicecup("verify", path, "--data", tmp_path)
    assert done.returncode == 1
    assert done.stderr == f"dicecup verify: {path} line {len(lines)}: the game is over: {WINNER} won\n"
    assert dicecup("referee", path).stderr == f"line {len(lines)}: the game is over: {WINNER} won\n"


def test_a_squatters_copy_with_a_fact_no_reader_reads_is_another_game(tmp_path):
    """The digest is taken from what the readers read: `#@<tab>bot` is a comment to every reader of facts, so a
    squatter's unsigned copy that writes the honest `#@ bot bot1 kind=hard` so (bot1 then a person of that name)
    is not the honest game, and the signed one goes in as itself, its bot a bot."""
    key = HubKey.in_folder(tmp_path)
    honest = journal_text(3, "2026-12-01 20:00:00", "dudo", ("ana", "ben", "bot1"), bots={"bot1": "hard"},
                          hub=key).encode()
    league = League(tmp_path, key.public_hex)
    squat = unsigned_copy(honest).replace(b"#@ bot bot1", b"#@\tbot bot1")
    league.import_files([league.file(squat, "squat")], unsigned=True)
    report = league.take(honest)
    assert len(report.added) == 1 and not report.upgraded
    assert [entry["name"] for entry in leaderboard(league.engine) if entry["name"].startswith("bot")] == ["bot:hard"]
    league.engine.dispose()

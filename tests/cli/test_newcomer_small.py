"""A newcomer's small things (issue 25's smaller list): reading a data folder one may not write, `dicecup help`,
a player's name typed in another case, counts written as people write them, the JSON's types, a five of a kind
already under the cup, and a big import that shows how far it has got."""
import os
import subprocess
import sys
from pathlib import Path

from inprocess import dicecup_here
from ptyscreen import with_terminal_stderr

from dicecup.registry import Registry

NOBODY = 65534  # a user who owns nothing here: root writes any folder, whatever its permissions say


def _as_a_reader_only(folder: Path):
    """Run as the owner of `folder` who may read it but not write it (a read-only mount, a folder made 555): as
    root, the folder is handed to nobody first, since a data folder that is another user's is refused outright."""
    for path in [folder, *folder.rglob("*")]:
        path.chmod(0o555 if path.is_dir() else 0o444)
        if os.getuid() == 0:
            os.chown(path, NOBODY, NOBODY)
    if os.getuid() != 0:
        return None
    for parent in folder.parents:  # nobody must reach the folder through its parents
        if parent.stat().st_mode & 0o005 != 0o005:
            parent.chmod(parent.stat().st_mode | 0o005)

    def become_nobody():
        os.setgid(NOBODY)
        os.setuid(NOBODY)
    return become_nobody


def _dicecup_process(*args, preexec=None, env=None):
    return subprocess.run([sys.executable, "-m", "dicecup", *map(str, args)], capture_output=True, text=True,
                          timeout=60, preexec_fn=preexec, env=env or dict(os.environ, HOME="/nonexistent"))


def test_cups_lists_a_data_folder_it_may_only_read(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    with Registry.open(data) as registry:
        registry.record(registry.new_cup("ana", "pico"))
    done = _dicecup_process("cups", "--data", data, preexec=_as_a_reader_only(data))
    assert done.returncode == 0 and done.stderr == "", done.stderr  # said "can't open ... for writing"
    assert "ana" in done.stdout and "pico" in done.stdout


def test_cups_in_a_read_only_folder_with_no_registry_says_there_are_none(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    done = _dicecup_process("cups", "--data", data, preexec=_as_a_reader_only(data))
    assert done.returncode == 0 and done.stdout.startswith("no cups yet"), done.stderr
    assert list(data.iterdir()) == []


def test_help_is_a_command_as_in_git_and_pip():
    done = dicecup_here("help")
    assert done.returncode == 0 and done.stdout.startswith("usage: dicecup ") and "COMMAND" in done.stdout
    play = dicecup_here("help", "stats")
    assert play.returncode == 0 and play.stdout.startswith("usage: dicecup stats ")


def _one_finished_game(tmp_path) -> Path:
    from dicecup.history.samples import journal_text

    game = tmp_path / "game.txt"
    game.write_text(journal_text(3, "2026-11-01 20:00:00", "dudo dice=2", ("ana", "ben")))
    done = dicecup_here("history", "import", game, "--unsigned", "--data", tmp_path / "d")
    assert done.returncode == 0 and "imported 1 game;" in done.stdout, done.stderr  # said "1 game(s)"
    return tmp_path / "d"


def test_stats_finds_a_player_typed_in_another_case(tmp_path):
    data = _one_finished_game(tmp_path)
    done = dicecup_here("stats", "ANA", "--data", data, "--unsigned")  # the game went in unsigned: counted if asked
    assert done.returncode == 0, done.stderr  # said "no games for 'ANA'", though the table takes ANA for ana
    assert done.stdout.startswith("ana: 1 game, ")  # the history's spelling, and "1 game", not "1 game(s)"


def test_an_arena_of_one_game_says_one_game():
    done = dicecup_here("arena", "easy", "normal", "--games", "1", "--workers", "1", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("1 game of dudo;")  # said "1 games"
    assert "the last 1 game begins a block" in done.stdout


FIVE_ALREADY = "rules poker lives=1\nseats ana ben\nana shakes\nana bids AAAAA left\nben accepts\nreveal A A A A A\n"


def test_a_five_of_a_kind_already_under_the_cup_says_no_try_and_nobody_loses(tmp_path):
    from dicecup.rules.referee import replay

    [outcome] = replay(FIVE_ALREADY).state.history
    assert outcome.words() == ("ben accepted AAAAA by ana: the dice already showed five of a kind, no try needed; "
                               "nobody loses a life")  # said "made it in 0 tries"
    record = tmp_path / "five.txt"
    record.write_text(FIVE_ALREADY)
    done = dicecup_here("referee", record)
    assert "  dice: A A A A A: the dice already showed five of a kind, no try needed\n  nobody loses a life\n" \
        in done.stdout, done.stdout


def test_a_big_import_shows_its_progress_on_a_terminal(tmp_path):
    """On a terminal, a bar counts the files in; piped, the same import prints no bar at all."""
    from dicecup.history.samples import league_night

    folder = tmp_path / "games"
    folder.mkdir()
    for name, text in league_night(250):
        (folder / name).write_text(text)
    done, shown = with_terminal_stderr(["history", "import", folder, "--unsigned", "--data", tmp_path / "d"])
    assert done.returncode == 0 and b"imported 250 games" in done.stdout
    assert b"importing" in shown and b"250/250" in shown, shown[-400:]  # nothing was shown before


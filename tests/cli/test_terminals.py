"""Terminals, locales, shells' habits and signals a newcomer's machine has that the test machine's doesn't: a
terminal in ASCII or Latin-1 (`LC_ALL=C` with UTF-8 mode off, `PYTHONIOENCODING=ascii`), `dicecup CMD help`, names
and paths as shells hand them over. Real processes: the interpreter's own streams are what is tested."""
import os
import subprocess
import sys

import pytest

from inprocess import dicecup_here

from dicecup.plaintext import nearest

JOURNALS = os.path.join(os.path.dirname(__file__), "journals")
# how a terminal that can't show UTF-8 reaches Python: each one failed with a UnicodeEncodeError before
NOT_UTF8 = {"ascii": {"PYTHONIOENCODING": "ascii"}, "c-locale": {"LC_ALL": "C", "PYTHONUTF8": "0"},
            "latin-1": {"PYTHONIOENCODING": "latin-1"}}


def _dicecup(*words, env=(), stdin=b"", tmp_path=None, timeout=120):
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "PYTHONIO", "DICECUP_"))}
    environment.update(env)
    if tmp_path is not None:
        environment.update(HOME=str(tmp_path / "home"), TMPDIR=str(tmp_path))
    return subprocess.run([sys.executable, "-m", "dicecup", *map(str, words)], input=stdin, capture_output=True,
                          env=environment, timeout=timeout)


@pytest.mark.parametrize("terminal", NOT_UTF8)
def test_the_rule_page_shows_on_a_terminal_that_is_not_utf8(terminal):
    ran = _dicecup("rules", "dudo", env=NOT_UTF8[terminal])
    assert ran.returncode == 0 and ran.stderr == b"", ran.stderr.decode(errors="replace")
    assert ran.stdout.startswith(b"## `dudo` - Dudo / Perudo"), ran.stdout[:200]


def test_a_game_on_an_ascii_terminal_shows_every_line(tmp_path):
    """The screen's thread died at the first `·` and the game went on unseen: only its first line was shown."""
    ran = _dicecup("play", "--bots", "2", "dice=1", env=NOT_UTF8["ascii"], tmp_path=tmp_path)
    shown = ran.stdout.decode("ascii")
    assert ran.returncode == 0 and "Traceback" not in ran.stderr.decode(errors="replace"), ran.stderr
    assert "round 1 . bot" in shown and "wins the game." in shown and "journal: " in shown, shown


def test_a_piped_record_is_utf8_whatever_the_terminal():
    """`seats ana zoë` piped in was read as ASCII: a traceback before, then 'not a seat name'."""
    ran = _dicecup("referee", stdin="rules dudo dice=1\nseats ana zoë\n".encode(), env=NOT_UTF8["ascii"])
    assert ran.returncode == 0, ran.stderr
    assert b"seats ana zoe" in ran.stdout, ran.stdout  # the nearest the terminal shows


def test_a_typed_accented_word_on_a_strict_ascii_input_is_answered(tmp_path):
    """The thread reading typed lines died on the first byte that was not ASCII: nothing typed was read after."""
    ran = _dicecup("sim", "1", env=NOT_UTF8["ascii"], stdin="zoë\nquit\n".encode(), tmp_path=tmp_path, timeout=60)
    said = ran.stdout.decode("ascii") + ran.stderr.decode(errors="replace")
    assert ran.returncode == 0 and "Traceback" not in said, said
    assert "don't know 'zo" in said, said


def test_what_stands_in_for_a_character_the_terminal_lacks():
    assert [nearest(ch) for ch in "—·ë×Ω"] == ["-", ".", "e", "x", "?"]


@pytest.mark.parametrize("name", ["demo", "rules", "referee", "stats", "cups", "sim", "odds"])
def test_help_after_a_command_is_its_help(name, tmp_path):
    """`dicecup rules help` was 'unknown preset', `demo help` 'not a switch', `referee help` 'can't read help'."""
    done = dicecup_here(name, "help", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith(f"usage: dicecup {name}"), done.stderr


def test_a_file_called_help_is_still_a_file(tmp_path):
    (tmp_path / "help").write_text("rules dudo dice=1\nseats ana ben\n")
    done = dicecup_here("referee", "help", cwd=tmp_path)
    assert done.returncode == 0 and "game not finished" in done.stdout, done.stderr


@pytest.mark.parametrize("typed", ["cup1 ", " cup1", "cup1\t", "CUP1 "])
def test_a_name_with_the_shells_spaces_around_it_is_the_player(typed, tmp_path):
    """`dicecup stats "cup1 "` (pasted, or quoted with its space) said there were no games for 'cup1 '."""
    data = ["--data", tmp_path / "data"]
    imported = dicecup_here("history", "import", "--unsigned", os.path.join(JOURNALS, "demo-dudo-seed3.txt"), *data)
    assert imported.returncode == 0, imported.stderr
    for command in ("stats", "history"):
        done = dicecup_here(command, typed, *data)
        assert done.returncode == 0 and "cup1" in done.stdout, done.stderr


def test_options_between_the_words_as_a_shell_user_writes_them(tmp_path):
    """Words after an option were refused: `'dice=1' is more than dicecup play takes`, `'normal' is more than
    dicecup arena takes`, and `history import --unsigned FILE` (in the test above) likewise."""
    game = _dicecup("play", "--bots", "2", "palifico=off", "--data", tmp_path / "data", "dice=1", tmp_path=tmp_path)
    assert game.returncode == 0 and b"rules dudo dice=1 palifico=off" in _only_journal(tmp_path / "data"), game.stderr
    arena = dicecup_here("arena", "easy", "--games", "2", "normal", "--workers", "1")
    assert arena.returncode == 0 and "normal" in arena.stdout, arena.stderr


def _only_journal(data):
    (journal,) = (data / "games").glob("*.txt")
    return journal.read_bytes()


@pytest.mark.parametrize("typed", ["~/my game.txt", "{home}/my game.txt ", " {home}/my game.txt"])
def test_a_path_as_the_shell_left_it(typed, tmp_path):
    """`dicecup referee "~/my game.txt"` (the shell expands no ~ inside quotes) and a pasted path with a space
    after it said `can't read ~/my game.txt: No such file or directory`."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "my game.txt").write_text("rules dudo dice=1\nseats ana ben\n")
    env = dict(os.environ, HOME=str(home))
    done = dicecup_here("referee", typed.format(home=home), env=env, cwd=tmp_path)
    assert done.returncode == 0 and "game not finished" in done.stdout, done.stderr


def test_a_journal_saved_by_a_windows_editor_keeps_its_signature(tmp_path):
    """Notepad saves a byte-order mark and CRLF: with the mark, verify said the hub's signature did not match ('a
    line was changed'), and history import passed the game over; CRLF alone was taken."""
    original = os.path.join(JOURNALS, "demo-dudo-seed3.txt")
    saved = tmp_path / "game.txt"
    with open(original, encoding="utf-8") as handle:
        saved.write_bytes(b"\xef\xbb\xbf" + handle.read().replace("\n", "\r\n").encode())
    as_written, as_saved = dicecup_here("verify", original), dicecup_here("verify", saved)
    assert "hub signature: good" in as_written.stdout and "hub signature: good" in as_saved.stdout, as_saved.stderr
    assert as_saved.returncode == as_written.returncode and as_saved.stderr == as_written.stderr, as_saved.stderr


@pytest.mark.parametrize("size", [{"COLUMNS": "0"}, {"COLUMNS": "0", "LINES": "0"}], ids=str)
def test_a_size_of_zero_is_no_size(size, tmp_path):
    """COLUMNS=0 made the table a screen 0 wide: a whole game shown as nothing at all, status 0."""
    ran = _dicecup("play", "--bots", "2", "dice=1", env=size, tmp_path=tmp_path)
    assert ran.returncode == 0 and b"wins the game." in ran.stdout, ran.stdout + ran.stderr


def test_a_game_of_one_round_is_one_round(tmp_path):
    """The history listed a game of one round as '(1 rounds)'."""
    data = ["--data", tmp_path / "data"]
    (tmp_path / "short.txt").write_text("rules dudo dice=1\nseats ana ben\nroll ana 3\nroll ben 5\n"
                                        "ana bids 1x5\nben calls liar\n")
    assert dicecup_here("history", "import", "--unsigned", tmp_path / "short.txt", *data).returncode == 0
    listed = dicecup_here("history", *data)
    assert "(1 round)" in listed.stdout, listed.stdout + listed.stderr

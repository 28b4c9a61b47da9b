"""`dicecup referee` and `dicecup rules` as a user runs them: exit codes, stdout and stderr, through the command's
main in this process (tests/inprocess.py), and real processes where a terminal is their stdin or stdout."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
from inprocess import dicecup_here

from dicecup.rules.page import full_page

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "host" / "dicecup" / "examples" / "dudo.txt"


def test_referee_reports_every_round_and_the_winner():
    done = dicecup_here("referee", str(EXAMPLE))
    assert done.returncode == 0, done.stderr
    assert "round 6: ana opens (ones not wild, palifico)" in done.stdout
    assert "count: 2 threes + 1 wild one = 3 against 3 bid" in done.stdout
    assert done.stdout.rstrip().endswith("winner: ben")


def test_referee_json_is_the_contract():
    done = dicecup_here("referee", str(EXAMPLE), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert set(data) == {"rules", "switches", "seats", "rounds", "next_opener", "winner"}
    assert (data["rules"], data["seats"], data["winner"], data["next_opener"]) == ("dudo", ["ana", "ben", "cy"],
                                                                                  "ben", None)
    assert data["switches"] == {"dice": 2, "wild": True, "spot": True, "palifico": True, "lose": "die",
                                "clock": 0, "players": [2, 6]}  # JSON's own types: they were all strings
    assert data["rounds"][0] == {
        "n": 1, "opener": "ana", "bid": "3x3", "bidder": "ben", "call": "liar", "caller": "cy", "wild": True,
        "count": 3, "correct": False, "losers": ["cy"], "dice_after": {"ana": 2, "ben": 2, "cy": 1},
        "eliminated": [], "palifico": False}
    assert [r["palifico"] for r in data["rounds"]] == [False, True, True, False, False, True]


def test_referee_json_for_the_revolver_has_bullets():
    record = ("rules revolver\nseats ana ben\nroll ana 2 2 2 2 2\nroll ben 3 3 3 3 3\nana bids 6x2\n"
              "ben calls liar\nshot ana dead\n")
    data = json.loads(dicecup_here("referee", "-", "--json", stdin=record).stdout)
    assert data["rounds"][0]["bullets_after"] == {"ana": 1, "ben": 0}
    assert data["rounds"][0]["eliminated"] == ["ana"] and data["winner"] == "ben"


def test_referee_stops_at_the_first_illegal_line_with_status_2():
    record = "rules dudo\nseats ana ben cy\nana bids 6x4\nben bids 2x1\ncy bids 3x1\n"
    done = dicecup_here("referee", "-", stdin=record)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "line 4: 2x1 is too low to switch to ones from 6x4: needs at least 3x1\n"


@pytest.mark.parametrize("stdin, starts", [
    ("rules dudo\nseats ana ben\nana bids 2x2\nben calls liar\nroll ana 9 9 9 9 9\n", "line 5: 9 is not a die"),
    ("\x00\x01\x02 garbage \xff", "line 1: U+0000 (a control character) in the line"),
    ("", "line 1: a record starts with a `rules` line and a `seats` line"),
])
def test_bad_input_is_a_clear_error_never_a_traceback(stdin, starts):
    done = dicecup_here("referee", "-", stdin=stdin)
    assert done.returncode == 2 and done.stderr.startswith(starts) and "Traceback" not in done.stderr


def test_unreadable_files_are_clear_errors(tmp_path):
    missing = dicecup_here("referee", str(tmp_path / "nope.txt"))
    assert missing.returncode == 2 and "can't read" in missing.stderr and "Traceback" not in missing.stderr
    binary = tmp_path / "game.bin"
    binary.write_bytes(b"\xff\xfe\x00\x80" * 10)
    done = dicecup_here("referee", str(binary))
    assert done.returncode == 2 and "is not a text file" in done.stderr


def test_rules_prints_a_preset_page_and_refuses_unknown_presets():
    done = dicecup_here("rules", "revolver")
    assert done.returncode == 0 and done.stdout.startswith("## `revolver` — The revolver house")
    assert "| `load` | 1..6 bullets | `1` |" in done.stdout
    bad = dicecup_here("rules", "yahtzee")
    assert bad.returncode == 2 and "unknown preset 'yahtzee'" in bad.stderr


def test_docs_rules_md_is_generated_from_the_engine_and_not_stale():
    on_disk = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert on_disk == full_page(), "docs/rules.md is stale: run `dicecup rules > docs/rules.md`"
    assert dicecup_here("rules").stdout == on_disk


def on_a_terminal(*args, typed: bytes = b""):
    """Run `dicecup ARGS` with a terminal as its standard input (as a person at a shell), type `typed` into it."""
    import os
    import pty

    leader, follower = pty.openpty()
    try:
        process = subprocess.Popen([sys.executable, "-m", "dicecup", *args], stdin=follower, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE)
        os.close(follower)
        if typed:
            os.write(leader, typed)
        try:
            out, err = process.communicate(timeout=60)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
        return process.returncode, out.decode(), err.decode()
    finally:
        os.close(leader)


def test_referee_with_no_file_on_a_terminal_says_what_it_wants_instead_of_waiting():
    code, out, err = on_a_terminal("referee")
    assert code == 2 and out == ""
    assert err == ("dicecup referee: name a game record (dicecup referee game.txt), pipe one in "
                   "(cat game.txt | dicecup referee), or type one after dicecup referee -\n")


def test_referee_dash_on_a_terminal_reads_what_is_typed_after_a_prompt():
    typed = b"rules dudo dice=2\nseats ana ben\nroll ana 2 2\nroll ben 3 3\n" \
            b"ana bids 2x2\nben calls liar\n\x04"  # Ctrl-D on an empty line ends it
    code, out, err = on_a_terminal("referee", "-", typed=typed)
    assert err.startswith("dicecup referee: type or paste a game record, then Ctrl-D on a line of its own")
    assert code == 0 and "round 1" in out, (out, err)


def test_referee_reads_a_record_that_starts_with_a_byte_order_mark(tmp_path):
    game = tmp_path / "game.txt"
    game.write_bytes(b"\xef\xbb\xbf" + EXAMPLE.read_bytes())
    done = dicecup_here("referee", str(game))
    assert done.returncode == 0 and done.stdout.rstrip().endswith("winner: ben"), done.stderr


def to_a_terminal(*args, columns=100):
    """Run `dicecup ARGS` with a terminal as its standard output; everything it printed there, as text."""
    import fcntl
    import os
    import pty
    import struct
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
    try:
        process = subprocess.Popen([sys.executable, "-m", "dicecup", *args], stdin=subprocess.DEVNULL,
                                   stdout=follower, stderr=subprocess.PIPE)
        os.close(follower)
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # EIO: the command closed its end
                break
            if not chunk:
                break
            shown += chunk
        process.wait(timeout=60)
        return process.returncode, shown.decode(), process.stderr.read().decode()
    finally:
        os.close(leader)


def test_rules_on_a_terminal_is_rendered_not_raw_markdown():
    code, shown, err = to_a_terminal("rules", "dudo")
    assert code == 0 and err == ""
    assert "Dudo / Perudo" in shown and "Switches" in shown
    assert "## " not in shown and "**" not in shown and "| --- |" not in shown  # headings, bold, tables drawn


def test_rules_piped_is_the_markdown_page():
    done = dicecup_here("rules")
    assert done.returncode == 0 and done.stdout == full_page()


@pytest.mark.parametrize("typed", ["DUDO", " dudo", "Dudo"])
def test_rules_takes_a_preset_name_in_any_case(typed):
    done = dicecup_here("rules", typed)
    assert done.returncode == 0 and done.stdout.startswith("## `dudo` — Dudo / Perudo")


def test_rules_quotes_an_unknown_preset_short():
    done = dicecup_here("rules", "x" * 5000)
    assert done.returncode == 2 and len(done.stderr) < 200 and "…" in done.stderr

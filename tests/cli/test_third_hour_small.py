"""A newcomer's third hour, the small things (issue 35's "words and small things"): what help says matches what
the command does, counts and words are answered in a player's words, and each command says the right thing first.
Run here through each command's main (tests/inprocess.py) unless the process itself matters."""
import json
import re
from pathlib import Path

import pytest
from inprocess import dicecup_here

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_sim_help_says_a_restarted_cup_brings_back_its_dice_as_the_restart_does():
    """The help said `restart` forgets the dice; the docs and the restart itself ("it brings back the deal it
    kept") keep them."""
    from dicecup.commands.sim import HELP

    helped = dicecup_here("sim", "--help").stdout
    for words in (helped, HELP):
        assert "forgets" not in words and "brings back the dice it kept" in " ".join(words.split()), words


def test_web_cert_help_names_the_page_that_shows_how_to_make_a_certificate():
    """It named docs/playing.md, which says nothing of certificates."""
    helped = " ".join(dicecup_here("play", "--help").stdout.split())
    page = re.search(r"--web-cert CERT KEY .*?(docs/\w+\.md), \"([^\"]+)\"", helped)
    assert page, helped
    text = (DOCS / Path(page.group(1)).name).read_text()
    assert re.search(rf"^## {re.escape(page.group(2))}", text, re.M) and "openssl req" in text


def test_flash_with_no_board_plugged_in_says_so_before_building(tmp_path):
    """It built the firmware for 14 s first, then said no board was found."""
    for board, missing in (("pico", "no board found"), ("cpb", "no CIRCUITPY drive found")):
        done = dicecup_here("flash", "--board", board, "--data", tmp_path)
        assert done.returncode == 2 and missing in done.stderr, done
        assert "building" not in done.stdout and not (tmp_path / "build").exists(), done


def test_verify_names_a_cup_by_the_id_cups_lists_it_under(tmp_path):
    """`cups` and `flash` say a cup's id in hex, `verify` said the journal's decimal: one cup, two names."""
    from dicecup.registry import Registry

    with Registry.open(tmp_path) as registry:
        cup = registry.record(registry.new_cup("ana", "pico"))
    listed = dicecup_here("cups", "--data", tmp_path).stdout
    hex_id = f"{cup.cup_id:08x}"
    assert hex_id in listed, listed
    journal = tmp_path / "game.txt"
    demo = (Path(__file__).parent / "journals" / "demo-dudo-seed3.txt").read_text()
    journal.write_text(demo.replace("#@ cup cup1 id=1 ", f"#@ cup cup1 id={cup.cup_id} ", 1))
    verified = dicecup_here("verify", journal, "--data", tmp_path)
    assert f"  cup1 (cup {hex_id}): faces 1-6 " in verified.stdout, verified
    assert str(cup.cup_id) not in verified.stdout + verified.stderr


def test_a_rated_demo_moves_its_bots_nerve_never_a_persons_under_its_seat_names(tmp_path):
    """The demo's seats are cup1, cup2 (poker's: ana, ben), the names `play --sim`'s people get too: a rated demo
    moved their nerve. Its journal says a bot pressed each cup (`#@ hands`), so the history rates bot:simple."""
    from clirun import dicecup

    done = dicecup("demo", "--cups", "2", "dice=1", "--rated", "--brief", "--data", tmp_path,
                   timeout=300)  # a process: the demo's screen and rated feeds end with it
    assert done.returncode == 0, done
    [journal] = (tmp_path / "games").glob("*.txt")
    assert "#@ hands cup1 kind=simple\n#@ hands cup2 kind=simple\n" in journal.read_text()
    rated = dicecup_here("ratings", "--json", "--data", tmp_path)
    assert [row["name"] for row in json.loads(rated.stdout)] == ["bot:simple"], rated


def test_ctrl_c_while_dicecups_modules_are_still_importing_is_one_line_not_a_traceback(monkeypatch, capsys):
    """Ctrl-C a second after `dicecup demo` printed the traceback of the import it cut short: on a loaded machine
    `import dicecup.cli` alone took that long, before main's own Ctrl-C handling. Here the Ctrl-C comes at the
    import of dicecup's first module, every time it is tried, as it would on a machine that slow."""
    import importlib
    import sys

    class CtrlCAtImport:  # asked first for every import: the moment the interrupt lands
        def find_spec(self, name, path=None, target=None):
            if name == "dicecup.hub.stopsignals":
                raise KeyboardInterrupt
            return None

    for module in ("dicecup.cli", "dicecup.hub.stopsignals"):
        monkeypatch.delitem(sys.modules, module, raising=False)
    monkeypatch.setattr(sys, "meta_path", [CtrlCAtImport(), *sys.meta_path])
    try:
        cli = importlib.import_module("dicecup.cli")
        status = cli.main(["rules", "dudo"])
    except KeyboardInterrupt:
        pytest.fail("the Ctrl-C escaped: the interpreter would print the traceback of the import it cut short")
    assert status == 130
    said = capsys.readouterr()
    assert said.err == "dicecup rules: stopped (Ctrl-C)\n" and said.out == "", said


@pytest.mark.parametrize("words, says", [
    # was "dudo seats 2 to 6 players, not 1: 1 (--bots)": the count twice, and no word of which way it is out
    (("play", "--bots", "1"), "dicecup play: dudo seats 2 to 6 players: 1 (--bots) is too few"),
    (("play", "--sim", "4", "--bots", "3"), "dicecup play: dudo seats 2 to 6 players: 4 (--sim) + 3 (--bots) are 7, "
                                            "too many"),
    # was "a count is 0 or more", and then 0 was refused: --cups alone seats the table, so its range is said
    (("demo", "--cups", "-1"), "dicecup demo: --cups -1: dudo seats 2 to 6 players"),
    (("demo", "--cups", "0"), "dicecup demo: dudo seats 2 to 6 players: 0 (--cups) is too few"),
    (("play", "--bots", "-1"), "dicecup play: --bots -1: a count is 0 or more"),  # 0 bots is a table of cups
])
def test_a_seat_count_is_answered_with_the_range_and_which_way_it_is_out(words, says, tmp_path):
    done = dicecup_here(*words, "--data", tmp_path)
    assert done.returncode == 2 and done.stderr == says + "\n", done


def test_rules_takes_a_presets_switches_as_the_page_says_to_write_them():
    """`dicecup rules dudo palifico=off`, the README's and the page's own wording, was refused ("more than dicecup
    rules takes"). It is the preset's page, then what this table's switches set; a switch it can't take is one line."""
    for words in (("rules", "dudo", "palifico=off", "lose=difference"), ("rules", "dudo palifico=off lose=difference")):
        done = dicecup_here(*words)
        assert done.returncode == 0 and done.stdout.startswith("## `dudo` — Dudo / Perudo"), done
        assert done.stdout.endswith("At this table (`rules dudo palifico=off lose=difference`):\n\n"
                                    "- `palifico=off` (default `on`): a player brought down to one die gets one "
                                    "palifico round\n- `lose=difference` (default `die`): what a lost round costs: "
                                    "one die, the difference between count and bid, or no die\n"), done.stdout[-500:]
    refused = dicecup_here("rules", "dudo", "load=2")
    assert refused.returncode == 2 and refused.stderr == "dicecup rules: dudo does not offer load: only revolver " \
                                                         "offers it\n", refused


def test_import_says_games_stopped_for_good_apart_from_those_not_finished_yet(tmp_path):
    """Every demo stopped with Ctrl-C, every `play --sim` game left, joined "passed over N games not finished yet:
    they go in once finished", a list that only grew: their virtual cups are gone with their dice, and they never
    finish. A game whose cups can come back (here on a USB port) is still one not finished yet."""
    games = tmp_path / "games"
    games.mkdir()
    demo = (Path(__file__).parent / "journals" / "demo-dudo-seed3.txt").read_text().splitlines(keepends=True)
    cut = "".join(demo[:40])  # mid-game
    assert "port=serial:/tmp/dicecup-sim-" in cut
    for name in ("a-demo.txt", "b-demo.txt"):
        (games / name).write_text(cut)
    (games / "c-cups.txt").write_text(re.sub(r"port=serial:\S+", "port=serial:/dev/ttyACM0", cut))
    done = dicecup_here("history", "import", games, "--data", tmp_path)
    said = done.stderr.splitlines()
    assert said == [f"dicecup history: passed over {games / 'c-cups.txt'}: is a game not finished yet: only finished "
                    "games go into the history",
                    f"dicecup history: passed over 2 games stopped for good, such as {games / 'a-demo.txt'}: the "
                    "virtual cups that held their dice ended with the demo or `play --sim` that ran them, so they "
                    "never finish and never go in (`dicecup referee` rules one as far as it went; delete them to be "
                    "rid of this line)"], done

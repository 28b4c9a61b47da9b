"""The cheats fair dice must beat, played end to end: virtual cups running TAMPERED firmware (cheatcups/cheatmain.py:
the real cupcore and sim board on the MicroPython unix port behind ptys, with one handler patched) at a real hub,
pressed by bots. Each test names the cheat; docs/protocol.md, "Fair dice", says why each one fails."""
import functools
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest

import table_helpers
from dicecup.bots.simple import SimpleBot
from dicecup.hub.fairness import chi_square, p_value_df5
from dicecup.hub.table import Table
from dicecup.rules import LIAR, Record, Retire, Roll
from dicecup.sim import virtualcup
from dicecup.sim.players import BotPlayers
from processes import checked_but_seeded
from table_helpers import LiveTable

pytestmark = pytest.mark.slow  # whole games with cheating cups


CHEAT_MAIN = Path(__file__).parent / "cheatcups" / "cheatmain.py"


@pytest.fixture
def cheating(monkeypatch):
    """cheating({"cup2": "mute"}): those virtual cups start on the tampered main, the others as usual."""

    def install(cheats):
        real = virtualcup.VirtualCup.command

        def command(self):
            cmd = real(self)
            if self.name in cheats:
                at = cmd.index(str(virtualcup.sim_main()))
                cmd[at:at + 1] = [str(CHEAT_MAIN), "--cheat-as", cheats[self.name]]
            return cmd

        monkeypatch.setattr(virtualcup.VirtualCup, "command", command)

    return install


class QuickCaller(SimpleBot):
    """Opens with the lowest bid (what the cup proposes: one press) and calls any standing bid: a round a deal."""

    def act(self, view):
        return LIAR if view.standing is not None else view.legal[0]


def rolls(text, seats=None):
    return [e for e in Record.parse(text).events if isinstance(e, Roll) and (seats is None or e.seat in seats)]


def dice_count(text, seats=None):
    return sum(len(e.dice) for e in rolls(text, seats))


def verify(path):
    return subprocess.run([sys.executable, "-m", "dicecup", "verify", str(path)], capture_output=True, text=True,
                          timeout=60)


def test_a_loaded_cup_that_grinds_seeds_for_ones_still_rolls_fair_dice(tmp_path, cheating, monkeypatch):
    """Six loaded cups: at every deal each tries 200 seeds and commits to the one whose dice show the most ones
    (wild in dudo), with the deal's entropy if it has it, else its best guess. The hub sends entropy only after
    the commitment, so the guess is all it has and its dice stay uniform.

    The test, on the faces of at least 600 of their dice: the cheat loads ones, so the sharp test is one-sided on
    the ones: more than 1/6 + 3.09 standard deviations (alpha = 0.001; at 600 dice, more than 129 ones where
    100 are expected) fails it. Its power: a cup that saw the entropy would pick, of 200 seeds, the one with the
    most ones of its 10 dice: 54 % ones (324 expected), caught with certainty; even a faint load, ones 25 % of the
    time, is caught with power 0.98. Beside it, a chi-square of all six faces (df 5) at alpha = 1e-5 (critical
    value 30.9) guards against any other unevenness; at alpha 0.001 it failed a run of fair-looking dice once
    (p = 0.0002, with the ones near their share and the threes low), so it is kept for gross faults. Without the
    defence (the hub sending each cup its entropy ahead of its deal) this test fails: 323 ones of 605, chi-square
    590."""
    cheating({f"cup{i}": "loaded" for i in range(1, 7)})
    monkeypatch.setattr(table_helpers, "BotPlayers", functools.partial(BotPlayers, bot_factory=lambda i: QuickCaller()))
    with LiveTable("dudo dice=10", tmp_path, cups=6, seed="loaded") as table:
        table.wait(lambda: table.snapshot.journal and dice_count(table.journal_text()) >= 600,
                   "600 dice revealed", timeout=240)
        text = table.journal_text()
        journal = table.snapshot.journal
    faces = [0] * 6
    for roll in rolls(text):
        for die in roll.dice:
            faces[die - 1] += 1
    n = sum(faces)
    too_many_ones = n / 6 + 3.09 * math.sqrt(n * (1 / 6) * (5 / 6))
    assert faces[0] <= too_many_ones, f"faces {faces}: {faces[0]} ones of {n}, more than {too_many_ones:.0f}"
    x = chi_square(faces)
    assert p_value_df5(x) > 1e-5, f"faces {faces}: chi-square {x:.1f}"
    assert checked_but_seeded(verify(journal))


def test_a_cup_that_refuses_to_reveal_is_dropped_and_no_round_is_ruled_without_its_dice(tmp_path, cheating,
                                                                                        monkeypatch):
    """cup2 never answers a reveal request. The hub does not rule the round without its dice: after its answer
    time it counts the cup as dropped and pauses the game, until the host retires the seat; then the game goes
    on and finishes, and its journal verifies. (Without the answer deadline, the table waits forever.)"""
    cheating({"cup2": "mute"})
    monkeypatch.setattr(Table, "answer_timeout", 3)
    with LiveTable("dudo dice=2", tmp_path, cups=3, seed="mute") as table:
        table.wait(lambda: table.said("cup2's cup dropped (no answer in 3 s)"), "the mute cup dropped", timeout=120)
        text = table.journal_text()
        called = len([line for line in text.splitlines() if " calls " in line])
        assert called >= 1 and dice_count(text, {"cup2"}) == 0  # its dice never counted
        table.table.inbox.put(("command", "retire cup2"))
        table.table.inbox.put(("command", "yes"))
        final = table.finish()
        record = Record.parse(table.journal_text())
        assert Retire("cup2") in record.events and final.state.winner != 1
        assert dice_count(table.journal_text(), {"cup2"}) == 0
        assert checked_but_seeded(verify(final.journal))


@pytest.mark.parametrize("how", ["other-dice", "other-seed"])
def test_a_cup_that_reveals_other_dice_or_another_seed_is_named_and_retired(tmp_path, cheating, how):
    """cup2 reveals its true seed with all ones (other-dice), or a seed ground after it saw the entropy, with that
    seed's dice (other-seed). The hub recomputes the dice from the seed and entropy, and the seed against the
    commitment: either lie is named on the screen, never counted, and the cup's seat is retired."""
    cheating({"cup2": how})
    with LiveTable("dudo dice=2", tmp_path, cups=3, seed="liar-" + how) as table:
        table.wait(lambda: table.said("CHEATING: cup2's cup revealed"), "the lie to be named", timeout=120)
        final = table.finish()
        text = table.journal_text()
        assert Retire("cup2") in Record.parse(text).events
        assert dice_count(text, {"cup2"}) == 0  # the lies never reached the record
        assert "cup2's reveal did not match its commitment: cheating" in text
        assert checked_but_seeded(verify(final.journal))


def test_a_tampered_journal_is_rejected_by_verify_naming_the_line(tmp_path):
    """A real game's journal verifies; one die changed, or one byte of one entropy, and verify names that line."""
    with LiveTable("dudo dice=2", tmp_path, cups=2, seed="tamper") as table:
        final = table.finish()
    lines = final.journal.read_text().splitlines(keepends=True)
    assert checked_but_seeded(verify(final.journal))
    die = next(i for i, line in enumerate(lines) if line.startswith("roll "))
    words = lines[die].split()
    entropy = next(i for i, line in enumerate(lines) if line.startswith("#@ entropy "))
    at = len("#@ entropy ") + len(lines[entropy].split()[2]) + 5
    for index, changed in ((die, " ".join(words[:2] + [str(int(words[2]) % 6 + 1)] + words[3:]) + "\n"),
                           (entropy, lines[entropy][:at] + ("0" if lines[entropy][at] != "0" else "1")
                            + lines[entropy][at + 1:])):
        tampered = tmp_path / f"tampered-{index}.txt"
        tampered.write_text("".join(lines[:index] + [changed] + lines[index + 1:]))
        done = verify(tampered)
        assert done.returncode == 1 and re.search(rf" line {index + 1}: ", done.stderr), done.stderr


def test_a_keyed_cup_saying_hello_again_mid_bidding_gets_no_new_dice(tmp_path, cheating):
    """cup2 runs tampered firmware (cheatmain.py rehello), paired with its key as the hub expects: twice, once a bid
    stands, it says hello again on its live line, its dice thrown away, to have the deal sent again for a fresh
    seed. Its session still answers, so the hub takes that hello for what it is (a plain frame nobody proved),
    drops it, counts and logs it: no deal sent again, no second entropy for cup2 in any round, no reroll. (A cup
    that really lost its dice and comes back is asked about: test_transcript_faces.py, tests/hub/test_e2e_faults.py,
    tests/adversary.) Without the defences (a hello believed on a live line, a re-deal on the cup's word) cup2 gets
    new dice in the round."""
    cheating({"cup2": "rehello"})
    with LiveTable("dudo dice=2", tmp_path, cups=3, seed="rehello") as table:
        final = table.finish()
    text = final.journal.read_text()
    assert "\nreroll cup2\n" not in text
    for deal in text.split("#@ round ")[1:]:
        assert deal.count("#@ entropy cup2 ") <= 1, "cup2 was shown new dice in one round:\n" + deal[:600]
    log = (tmp_path / "hub-errors.log").read_text() if (tmp_path / "hub-errors.log").exists() else ""
    assert "cup2" in log and "unauthenticated frames" in log, log  # each hello was dropped, counted and logged
    done = verify(final.journal)
    assert checked_but_seeded(done), done.stderr

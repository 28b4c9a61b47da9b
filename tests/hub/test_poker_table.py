"""The poker-dice table on the hub (issue 14 item 3): one cup passed round, bots on the hub, the journal a record
that `dicecup referee` rules with the table's own result and whose every die `dicecup verify` rechecks."""
import io
import re
import subprocess
import sys

import pytest
from rich.console import Console

from dicecup.hub.fairness import FairnessError, check_journal
from dicecup.hub.screen import Screen
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules, replay
from processes import checked_but_seeded


def _bots_game(tmp_path, seed="poker", bots=4, switches=""):
    out = io.StringIO()
    table = TableSetup(Rules.parse(f"poker {switches}"), data=tmp_path, seed=seed, bots=bots, result_pause=0.0,
                       screen=Screen(console=Console(file=out, width=100), live=False))
    hub = table.make_hub(expect_cups=0)
    hub.bot_delay = 0.0
    table.play(timeout=60)
    table.close()
    return hub, out.getvalue()


def test_four_hub_bots_play_a_whole_game_the_journal_referees_alike_and_every_die_rechecks(tmp_path):
    hub, said = _bots_game(tmp_path)
    assert hub.finished, said[-2000:]
    text = hub.journal.path.read_text()
    result = replay(text)
    assert result.state.seats[result.state.winner] == hub.state.seats[hub.state.winner]
    assert [o.to_json() for o in result.state.history] == [o.to_json() for o in hub.state.history]
    checked = check_journal(text)
    rolled = sum(len(line.split("dice=")[1].split()[0]) for line in text.splitlines() if line.startswith("#@ dice "))
    assert checked.scheme == "fair" and checked.unrevealed == 0 and checked.rolls == rolled  # every die, once
    assert sum(sum(c) for c in checked.faces.values()) == checked.rolls
    assert "holds the cup" in said and re.search(r"bids \S+ \(.*\) and passes the cup (left|right) to", said)
    assert f"{hub.state.seats[hub.state.winner]} wins the game" in said


def test_a_changed_face_or_seed_in_a_poker_journal_is_caught_on_its_line(tmp_path):
    hub, _ = _bots_game(tmp_path, seed="tamper", bots=2, switches="lives=1")
    lines = hub.journal.path.read_text().splitlines()
    reveal = next(i for i, line in enumerate(lines) if line.startswith("reveal "))
    faces = lines[reveal].split()
    slot = next(k for k in range(1, 6)
                if any(l.startswith(f"#@ die-seed ") and l.split()[3] == str(k) for l in lines[reveal - 6:reveal]))
    swapped = {"9": "T", "T": "J", "J": "Q", "Q": "K", "K": "A", "A": "9"}
    faces[slot] = swapped[faces[slot]]
    bad = "\n".join(lines[:reveal] + [" ".join(faces)] + lines[reveal + 1:])
    with pytest.raises(FairnessError) as caught:
        check_journal(bad)
    assert caught.value.line == reveal + 1 or "does not" in caught.value.reason
    seed_at = next(i for i, line in enumerate(lines) if line.startswith("#@ die-seed "))
    words = lines[seed_at].split()
    words[4] = ("0" if words[4][0] != "0" else "1") + words[4][1:]
    with pytest.raises(FairnessError, match="does not open its commitment") as caught:
        check_journal("\n".join(lines[:seed_at] + [" ".join(words)] + lines[seed_at + 1:]))
    assert caught.value.line == seed_at + 1


def test_entropy_before_every_commitment_of_a_roll_is_refused(tmp_path):
    hub, _ = _bots_game(tmp_path, seed="order", bots=2, switches="lives=1")
    lines = hub.journal.path.read_text().splitlines()
    entropy = next(i for i, line in enumerate(lines) if line.startswith("#@ die-entropy "))
    moved = lines[:entropy - 1] + [lines[entropy], lines[entropy - 1]] + lines[entropy + 1:]
    with pytest.raises(FairnessError, match="before the commitment of every die"):
        check_journal("\n".join(moved))


def test_moves_typed_at_the_hub_play_the_seat_holding_the_cup(tmp_path):
    table = TableSetup(Rules.parse("poker lives=1"), data=tmp_path, seed="typed", bots=2, result_pause=0.0,
                       screen=Screen(console=Console(file=io.StringIO(), width=100), live=False))
    hub = table.make_hub(expect_cups=0)
    hub.bot_delay = 1000.0  # the bots never act: everything is typed
    said, private = [], []
    hub.subscribe(lambda item: said.append(getattr(item, "text", None)))
    hub.subscribe(lambda item: getattr(item, "private", False) and private.append(item.text))
    hub.tick()
    opener = hub.state.seats[hub.state.holder]
    other = next(n for n in hub.state.seats if n != opener)
    hub.command(f"{other} shakes")
    assert f"{opener} holds the cup, not {other}" in said[-1]
    hub.command(f"{opener} shakes")
    hub.command(f"{opener} bids junk left")
    assert hub.state.seats[hub.state.holder] == other
    hub.command(f"{other} accepts")
    assert any(s and s.startswith(f"{other} looks under the cup: 1=") for s in said)
    assert [s for s in said if s and "looks under the cup: " in s] == private  # the hub's terminal only
    hub.command(f"{other} shows 1 2")
    assert hub.state.on_table[:2] == (True, True)
    hub.command(f"{other} shows 3=K")
    assert "name the dice only" in said[-1]
    hub.command(f"{other} rolls 1")
    hub.command(f"{other} bids junk")
    assert "junk is only the opener's" in said[-1]
    hub.command(f"{other} bids 9")
    hub.command(f"{opener} calls liar")
    assert hub.finished and hub.state.winner is not None
    text = hub.journal.path.read_text()
    assert replay(text).state.winner == hub.state.winner and check_journal(text).scheme == "fair"
    table.close()


@pytest.mark.slow
def test_dicecup_play_rules_poker_with_bots_plays_and_verify_rechecks_its_journal(tmp_path):
    run = subprocess.run([sys.executable, "-m", "dicecup", "play", "--rules", "poker", "--bots", "3",
                          "--data", str(tmp_path)], capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stderr[-2000:]
    journal = re.search(r"journal: (\S+)", run.stdout).group(1)
    verified = subprocess.run([sys.executable, "-m", "dicecup", "verify", journal], capture_output=True, text=True,
                              timeout=60)
    assert verified.returncode == 0, verified.stderr
    assert "every commitment, entropy and die checks" in verified.stdout
    refereed = subprocess.run([sys.executable, "-m", "dicecup", "referee", journal], capture_output=True, text=True,
                              timeout=60)
    assert refereed.returncode == 0 and "winner: " in refereed.stdout


@pytest.mark.slow
def test_a_poker_journal_cut_inside_a_roll_resumes_to_a_winner(tmp_path):
    """Cut after the first roll's commitments, before its entropy (more in test_poker_resume.py)."""
    hub, _ = _bots_game(tmp_path, seed="resume", bots=2, switches="lives=1")
    half = tmp_path / "half.txt"
    half.write_text("\n".join(hub.journal.path.read_text().splitlines()[:12]) + "\n")
    done = subprocess.run([sys.executable, "-m", "dicecup", "resume", str(half), "--data", str(tmp_path)],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 0 and "wins the game" in done.stdout, done.stdout[-600:] + done.stderr[-600:]
    verified, refereed = (subprocess.run([sys.executable, "-m", "dicecup", command, str(half)], capture_output=True,
                                         text=True, timeout=60) for command in ("verify", "referee"))
    assert checked_but_seeded(verified), verified.stdout + verified.stderr  # a seeded table's game
    assert refereed.returncode == 0, refereed.stdout + refereed.stderr


def test_when_some_rolls_stay_unopened_only_the_dice_seen_as_they_landed_are_tallied(tmp_path):
    hub, _ = _bots_game(tmp_path, seed="tally", bots=3)
    lines, kept, after_reveal = hub.journal.path.read_text().splitlines(), [], False
    for line in lines:  # as a cup's journal: the dice rolled again unseen are never opened after the round
        after_reveal = line.startswith("reveal ") or (after_reveal and line.startswith("#@ die-seed "))
        if not (after_reveal and line.startswith("#@ die-seed ")):
            kept.append(line)
    checked = check_journal("\n".join(kept))
    landed = sum(len(line.split()) - 2 for line in kept if re.match(r"\S+ (rolls|tries) ", line))
    assert checked.unrevealed > 0 and sum(sum(c) for c in checked.faces.values()) == landed > 0
    assert checked.rolls > landed  # every opened die is still rechecked

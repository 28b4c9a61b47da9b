"""The hub's side of a cup's tag over its deal (hub/cuptags.py), frame by frame (transcript.py: cups played by
hand, each paired with its own key): the hub journals a tag that checks with the key the cup's line was paired
with, leaves out one that does not (saying so), journals none for a cup without a key, and at poker dice journals
the round secret's tag beside the secret, which `dicecup verify` then checks with the registry's key."""
import subprocess
import sys

from dicecup.hub.hubkey import HubKey
from dicecup.registry import FILENAME, RegisteredCup, Registry
from test_transcript_faces import dealt
from test_transcript_poker import bid_and_called
from transcript import Transcript


def called(t, ana, ben):
    ben.bid("2x5")
    ana.bid("3x5")
    ben.call()
    t.journal()


def test_a_tag_its_key_did_not_make_is_left_out_of_the_journal_and_the_dice_still_count(tmp_path):
    t, ana, ben = dealt(tmp_path)
    called(t, ana, ben)
    ana.reveal(tag=bytes(range(1, 9)))
    ben.reveal()
    lines = t.journal()
    assert lines[:4] == ["# ana's cup's tag over its deal did not check with its key: not journaled",
                         "#@ seed ana …", "#@ seed ben …", "#@ vouch ben …"]
    assert lines[4].startswith("roll ana ") and lines[5].startswith("roll ben ")


def test_a_cup_without_a_key_sends_no_tag_and_none_is_journaled(tmp_path):
    t = Transcript("dudo dice=2", tmp_path, paired=False)
    ana, ben = t.cup("ana"), t.cup("ben")
    t.seat(ana, ben)
    ana.commit()
    ben.commit()
    called(t, ana, ben)
    ana.reveal()
    ben.reveal()
    lines = t.journal()
    assert lines[:2] == ["#@ seed ana …", "#@ seed ben …"] and not any("vouch" in line for line in lines)


def test_a_round_secret_whose_tag_does_not_check_is_kept_and_its_tag_left_out(tmp_path):
    t, cup = bid_and_called(tmp_path)
    for die in range(1, 6):
        cup.open(die)
    t.journal()
    cup.open_secret(tag=bytes(range(1, 9)))
    lines = t.journal()
    assert lines[:2] == ["#@ round-secret 1 … last=1",
                         "# the cup's tag over the round secret of sub-deal 1 did not check: not journaled"]


def verify(path, data):
    return subprocess.run([sys.executable, "-m", "dicecup", "verify", str(path), "--data", str(data)],
                          capture_output=True, text=True, timeout=60)


def test_verify_checks_the_table_cups_tag_over_its_round_secret(tmp_path):
    t, cup = bid_and_called(tmp_path)
    for die in range(1, 6):
        cup.open(die)
    cup.open_secret()
    assert t.table.finished
    with Registry(tmp_path / FILENAME) as registry:
        registry.record(RegisteredCup(cup.cup_id, "cup", "hand", cup.key.hex()))
    path = t.table.journal.path
    done = verify(path, tmp_path)
    assert done.returncode == 1 and "not dealt fairly" in done.stderr  # the transcript's hub is seeded (replays)
    assert "  the table's cup (cup 00000001): 1 round secret(s) vouched for by its cup (key in this hub's registry)" in \
        done.stdout, done.stdout
    lines = path.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("#@ vouch-secret 1 "))
    lines[at] = lines[at][:-1] + ("0" if lines[at][-1] != "0" else "1")
    unsigned = "\n".join(line for line in lines if not line.startswith("#@ signed ")) + "\n"
    path.write_text(unsigned + HubKey.in_folder(tmp_path).signature_line(unsigned.encode()) + "\n")
    done = verify(path, tmp_path)
    assert done.returncode == 1 and f"line {at + 1}: bad tag: the table's cup's tag over its round secret" in \
        done.stderr, done.stderr

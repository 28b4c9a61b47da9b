"""Each cup vouches for its dice (issue 24 item 6; cupcore/vouch.py, docs/protocol.md "A cup vouches for its
dice"): its reveal carries its key's tag over the deal, the hub journals it, and `dicecup verify` checks it with the
cup's key from the registry. The game is a real one: two virtual cups running the firmware on the MicroPython unix
port behind ptys, paired, pressed by bots, and a bot on the hub; the hub is not seeded, so its game is a fair one."""
import re
import subprocess
import sys

import pytest

from dicecup.hub.hubkey import HubKey
from dicecup.registry import FILENAME, RegisteredCup, Registry
from table_helpers import LiveTable

pytestmark = pytest.mark.slow  # a whole game on virtual cups

VOUCHED = "vouched for by its cup (key in this hub's registry)"


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """(journal text, the hub's data folder with both cups in its registry, the cups' seat names)."""
    data = tmp_path_factory.mktemp("hub")
    with LiveTable("dudo dice=2", data, cups=2, bots=1, seed=None) as table:
        final = table.finish()
        cups = {cup.cup_id: cup.key for cup in table.cups}
        text = final.journal.read_text()
    with Registry(data / FILENAME) as registry:  # as `dicecup flash` records a cup it provisioned
        for cup_id, key in cups.items():
            registry.record(RegisteredCup(cup_id, f"cup{cup_id % 1000}", "sim", key.hex()))
    names = re.findall(r"^#@ cup (\S+) ", text, re.M)
    assert len(names) == 2
    return text, data, names


def verify(text, data, tmp_path, name="game.txt"):
    path = tmp_path / name
    path.write_text(text)
    return subprocess.run([sys.executable, "-m", "dicecup", "verify", str(path), "--data", str(data)],
                          capture_output=True, text=True, timeout=60)


def resigned(text: str, data) -> str:
    """The journal as the hub's owner could leave it after editing it: signed again with the hub's own key."""
    unsigned = "\n".join(line for line in text.splitlines() if not line.startswith("#@ signed ")) + "\n"
    return unsigned + HubKey.in_folder(data).signature_line(unsigned.encode()) + "\n"


def test_verify_says_each_cups_rolls_are_vouched_for_by_its_cup_and_the_bots_by_the_hub_alone(game, tmp_path):
    text, data, names = game
    rolls = {name: len(re.findall(rf"^roll {name} ", text, re.M)) for name in names}
    assert all(rolls.values()) and text.count("#@ vouch ") == sum(rolls.values())
    done = verify(text, data, tmp_path)
    assert done.returncode == 0, done.stderr
    for name in names:
        assert re.search(rf"^  {name} \(cup \d+\): {rolls[name]} roll\(s\) {re.escape(VOUCHED)}$", done.stdout, re.M), \
            done.stdout
    assert re.search(r"^  \S+ \(bot [\w-]+\): \d+ roll\(s\): no tag \(a bot's dice: vouched for by the hub's signature "
                     r"alone\)$", done.stdout, re.M), done.stdout
    elsewhere = verify(text, tmp_path / "a hub without these cups", tmp_path, "elsewhere.txt")
    assert elsewhere.returncode == 0 and "tags present, not checked here (no key)" in elsewhere.stdout
    assert VOUCHED not in elsewhere.stdout


def test_a_journal_with_one_tag_changed_fails_verify_naming_its_line(game, tmp_path):
    """Even signed again by the hub's owner, who holds the hub's key but not the cup's."""
    text, data, _ = game
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("#@ vouch "))
    head, tag = lines[at].rsplit(" ", 1)
    lines[at] = f"{head} {'0' if tag[0] != '0' else '1'}{tag[1:]}"
    done = verify(resigned("\n".join(lines) + "\n", data), data, tmp_path)
    assert done.returncode == 1 and f"line {at + 1}: bad tag" in done.stderr, (done.stdout, done.stderr)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_a_deal_forged_from_scratch_without_the_cups_key_has_no_tag_that_checks(game, tmp_path):
    """A cup's roll rewritten by someone without its key: a fresh seed, commitment, entropy and check that give
    the same dice (so the game replays as before), every fact checking, signed again with the hub's key. The tag
    the cup made no longer checks; one made with any other key doesn't either; left out, verify no longer says
    the cup vouches for that roll."""
    text, data, names = game
    forged, tag_line = forge_first_roll(text, names[0])
    for tag in (None, "00" * 8, "5f3c9e0a1b2c3d4e"):
        lines = forged.splitlines()
        if tag is not None:
            lines[tag_line] = f"#@ vouch {names[0]} {tag}"
        done = verify(resigned("\n".join(lines) + "\n", data), data, tmp_path)
        if tag == "00" * 8:  # no tag at all: a cup without a key
            assert done.returncode == 0, done.stderr
            assert "no tag (a cup without a key" in done.stdout, done.stdout
            continue
        assert done.returncode == 1 and f"line {tag_line + 1}: bad tag" in done.stderr, (done.stdout, done.stderr)
    stripped = "\n".join(line for i, line in enumerate(forged.splitlines()) if i != tag_line) + "\n"
    done = verify(resigned(stripped, data), data, tmp_path)
    assert done.returncode == 0, done.stderr
    said = next(line for line in done.stdout.splitlines() if line.startswith(f"  {names[0]} (cup") and "roll(s)" in line)
    assert "1 roll(s): no tag" in said, said  # the forged roll: not vouched for; the rest still are


def forge_first_roll(text: str, name: str):
    """The journal with `name`'s first roll dealt again from scratch (seed and entropy ground until the same dice
    come out), and the index of that roll's `#@ vouch` line."""
    import secrets

    from cupcore import commit, dice
    from dicecup.hub.faces.deal import entropy_receipt

    lines = text.splitlines()
    seats = next(line for line in lines if line.startswith("seats ")).split()[1:]
    seat = seats.index(name)
    nonce_at = next(i for i, line in enumerate(lines) if line.startswith("#@ round "))
    nonce = bytes.fromhex(re.search(r"nonce=([0-9a-f]+)", lines[nonce_at]).group(1))
    roll_at = next(i for i, line in enumerate(lines) if line.startswith(f"roll {name} "))
    wanted = tuple(int(d) for d in lines[roll_at].split()[2:])
    while True:
        seed, entropy = secrets.token_bytes(16), secrets.token_bytes(16)
        if tuple(dice.roll(seed, nonce, seat, entropy, len(wanted))) == wanted:
            break
    digest = commit.digest(nonce, seat, len(wanted), seed)
    facts = {"commit": digest.hex(), "entropy": f"{entropy.hex()} check={entropy_receipt(nonce, seat, digest, entropy)}",
             "seed": seed.hex()}
    tag_line = None
    for i in range(nonce_at, roll_at):
        kind, _, rest = lines[i][3:].partition(" ") if lines[i].startswith("#@ ") else ("", "", "")
        if rest.split(" ", 1)[0] == name and kind in facts:
            lines[i] = f"#@ {kind} {name} {facts[kind]}"
        elif rest.split(" ", 1)[0] == name and kind == "vouch":
            tag_line = i
    assert tag_line is not None
    return "\n".join(lines) + "\n", tag_line

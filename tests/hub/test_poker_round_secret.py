"""Every die a poker cup rolls is opened by the round's end (issue 14, fairness): the cup derives every die's seed
from one round secret and opens that secret once the round is over, so the hub rechecks the dice re-rolled under
the cup before anyone saw them, and `dicecup verify` tallies every roll (docs/protocol.md, "Poker").

One virtual cup (the real firmware on the MicroPython unix port, behind a real pty) passed between two seats whose
bots always take the cup and re-roll all five under it, and call at the third bid: a lives=1 game of one round,
three rolls of five dice, the first two re-rolled away unseen (about 17 s a game: the bots compose each bid on
the cup's buttons). A cup that cheats at its round secret (loads the dice re-rolled unseen, never opens it, says it
has none on the line it committed on) or runs firmware from before round secrets is played frame by frame in
test_transcript_poker.py."""
import io
import re
import subprocess
import sys

import pytest
from rich.console import Console

from dicecup.bots.poker_view import HANDLE, OPEN, RECEIVE, Plan
from dicecup.hub.fairness import check_journal
from dicecup.hub.screen import Screen
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules, replay
from dicecup.sim import pokerdemo
from dicecup.sim.virtualcup import VirtualCups, find_micropython
from processes import checked_but_seeded


class Rerolls:
    """Opens with the lowest bid; takes the cup and re-rolls all five under it until three bids stand, then calls."""

    poker = True

    def act(self, view):
        if view.stage == RECEIVE:
            return view.legal[-1] if len(view.bids) >= 3 else view.legal[0]  # liar, else take the cup
        if view.stage == HANDLE:
            return Plan(frozenset(), shake=True)
        return view.legal[0]  # OPEN and BID: the lowest bid


def _play(data, seed, monkeypatch, timeout=240):
    monkeypatch.setattr(pokerdemo, "load", lambda name, seed=None: Rerolls())
    out = io.StringIO()
    with VirtualCups(1, runtime=find_micropython(), fast=True, seed=seed, keyed=True) as cups:
        table = TableSetup(Rules.parse("poker lives=1"), data=data, seed=seed, result_pause=0.0, keys=cups.keys,
                           screen=Screen(console=Console(file=out, width=120), live=False))
        try:
            hub, errors = pokerdemo.play_poker_demo(table, cups[0], players=2, seed=seed, timeout=timeout)
        finally:
            table.close()
    return hub, errors, out.getvalue()


def _dice_rolled(text) -> int:
    """Dice in the journal's sub-deals that got the hub's entropy (every one of them exists)."""
    rolled = {m.group(1): len(m.group(2)) for m in re.finditer(r"^#@ dice (\d+) nonce=\S+ dice=(\d+)", text, re.M)}
    return sum(rolled[m.group(1)] for m in re.finditer(r"^#@ die-entropy (\d+) ", text, re.M))


@pytest.fixture(scope="module")
def honest_game(tmp_path_factory):
    monkeypatch = pytest.MonkeyPatch()
    try:
        yield _play(tmp_path_factory.mktemp("honest"), "every roll", monkeypatch)
    finally:
        monkeypatch.undo()


@pytest.mark.slow
def test_verify_tallies_every_roll_of_a_virtual_cup_game_the_unseen_rerolls_too(honest_game):
    hub, errors, said = honest_game
    assert not errors and hub.finished and not hub.stopped, said[-3000:]
    assert "is the table's cup, passed round: ana, ben play with it" in said
    text = hub.journal.path.read_text()
    result = replay(text)
    assert result.state.winner == hub.state.winner and len(result.state.history) == 1  # one life each: one round
    assert [o.to_json() for o in result.state.history] == [o.to_json() for o in hub.state.history]
    rolled = _dice_rolled(text)
    assert rolled == 15 * len(hub.state.history)  # three rolls of five a round
    checked = check_journal(text)
    assert checked.unrevealed == 0, checked  # before: 10 a round, the two rolls re-rolled unseen
    assert checked.rolls == rolled and sum(sum(c) for c in checked.faces.values()) == rolled
    assert text.count("#@ round-secret ") == len(hub.state.history)
    run = subprocess.run([sys.executable, "-m", "dicecup", "verify", str(hub.journal.path)], capture_output=True,
                         text=True, timeout=60)
    assert checked_but_seeded(run), run.stderr  # a seeded test table
    assert f"{rolled} roll(s)" in run.stdout and "never revealed" not in run.stdout, run.stdout


@pytest.mark.slow  # the game it tampers with is honest_game's
def test_a_tampered_round_secret_line_fails_verify_naming_the_line(honest_game, tmp_path):
    hub, _, said = honest_game
    lines = hub.journal.path.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("#@ round-secret "))
    words = lines[at].split()
    secret = words[3]
    words[3] = ("0" if secret[0] != "0" else "1") + secret[1:]
    lines[at] = " ".join(words)
    tampered = tmp_path / "tampered.txt"
    tampered.write_text("\n".join(lines) + "\n")
    run = subprocess.run([sys.executable, "-m", "dicecup", "verify", str(tampered)], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 1, (run.stdout, run.stderr)
    assert f"line {at + 1}: " in run.stderr and "round secret" in run.stderr, run.stderr

"""`dicecup resume` of a poker-dice journal (issue 14): a hub process killed mid-round (SIGKILL, nothing said on
the way out) and a new one going on from the journal's last whole round. The cut round is played again from the
opener's shake, its bids void (`reroll NAME`): nobody loses a life for half a round and no hidden die of it is used
again. Real `dicecup play` and `dicecup resume` processes; the table's one cup is a virtual cup (the real firmware on
the MicroPython unix port behind a pty). Every wait reads the journal or the hub's output, with a deadline."""
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dicecup.rules import Record, RecordError, Reroll, replay
from dicecup.rules.poker import BIDDING, OPENING, RECEIVING
from dicecup.sim.hands import led_state
from dicecup.sim.virtualcup import VirtualCups, find_micropython
from processes import HubProcess


def _journal_of(tmp_path, timeout=60.0) -> Path:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = sorted((tmp_path / "games").glob("*.txt"))
        if found:
            return found[0]
        time.sleep(0.02)
    raise AssertionError("no journal was started")


def _state_when(journal, holds, hub, timeout=60.0):
    """The journal's state once holds(state) (read again every 20 ms while the hub writes it)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = _state_now(journal)[1]
        if state is not None and holds(state):
            return state
        assert hub.proc.poll() is None, "the hub ended first:\n" + "\n".join(hub.lines[-30:])
        time.sleep(0.02)
    raise AssertionError("the journal never got there:\n" + "\n".join(hub.lines[-30:]))


def _state_now(journal):
    """(the journal's text, its state), or (text, None) while a line is half written: read again then."""
    text = journal.read_text()
    try:
        return text, replay(text).state
    except RecordError:
        return text, None


def _kill(hub, journal):
    """SIGKILL the hub; the journal as it left it: (its events, its state)."""
    hub.proc.send_signal(signal.SIGKILL)
    hub.stop()
    text = journal.read_text()
    return Record.parse(text).events, replay(text).state


def _cut_round_played_again(journal, events_at_kill, state_at_kill):
    """The first thing a resumed hub records is the cut round's `reroll`, with every life as it was."""
    events = Record.parse(journal.read_text()).events
    assert events[:len(events_at_kill)] == events_at_kill  # the resumed hub only appended
    assert isinstance(events[len(events_at_kill)], Reroll), events[len(events_at_kill):][:3]
    text = journal.read_text()
    lines = text.splitlines()
    reroll_at = next(i for i, line in enumerate(lines) if line.startswith("reroll ") and
                     "the hub restarted" in "\n".join(lines[:i]))
    after_reroll = replay("\n".join(lines[:reroll_at + 1])).state
    assert after_reroll.lives == state_at_kill.lives and after_reroll.round == state_at_kill.round
    assert after_reroll.phase == OPENING and not after_reroll.bids


def _referee_and_verify(journal):
    """(the final state, what verify says) once referee and verify both pass the journal."""
    final = replay(journal.read_text()).state
    assert final.winner is not None
    refereed = subprocess.run([sys.executable, "-m", "dicecup", "referee", str(journal)], capture_output=True,
                              text=True, timeout=60)
    assert refereed.returncode == 0 and f"winner: {final.seats[final.winner]}" in refereed.stdout, \
        refereed.stdout + refereed.stderr
    verified = subprocess.run([sys.executable, "-m", "dicecup", "verify", str(journal)], capture_output=True,
                              text=True, timeout=60)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    rounds = [outcome.n for outcome in final.history]
    assert rounds == sorted(set(rounds)), rounds  # one outcome per round: none lost, none counted twice
    return final, verified.stdout


def _mid_round(state) -> bool:
    return state.winner is None and bool(state.bids) and state.phase in (RECEIVING, BIDDING)


@pytest.mark.slow
def test_a_bots_poker_hub_killed_mid_round_twice_resumes_each_time_to_one_winner(tmp_path):
    data = ["--data", str(tmp_path)]
    hubs = [HubProcess(["play", "--rules", "poker", "lives=3", "--bots", "3", *data])]
    try:
        journal = _journal_of(tmp_path)
        _state_when(journal, lambda s: _mid_round(s) and len(s.bids) >= 2, hubs[0])  # dice moved, rolled again
        first_cut = _kill(hubs[0], journal)

        hubs.append(HubProcess(["resume", str(journal), *data]))  # killed again once it is mid-round again
        _state_when(journal, lambda s: _mid_round(s) and "reroll" in journal.read_text(), hubs[1])
        second_cut = _kill(hubs[1], journal)

        hubs.append(HubProcess(["resume", str(journal), *data]))
        hubs[2].wait_for("wins the game")  # the rest of a whole game: followed while the hub talks, not timed
        assert hubs[2].proc.wait(60) == 0, "\n".join(hubs[2].lines[-30:])
    finally:
        for hub in hubs:
            hub.stop()
    # Each kill that cut a round under way gets it shaken again; the bots may end a round between the look and the
    # kill (then nothing was cut there).
    cut_mid_round = [cut for cut in (first_cut, second_cut) if _mid_round(cut[1])]
    assert cut_mid_round, "neither kill cut a round under way"
    _cut_round_played_again(journal, *cut_mid_round[0])
    assert sum(isinstance(e, Reroll) for e in Record.parse(journal.read_text()).events) == len(cut_mid_round)
    final, verified = _referee_and_verify(journal)
    # The hub held the bots' dice: those of a cut round nobody saw are opened after it, so every roll is tallied.
    assert "never revealed" not in verified, verified
    assert not Path(str(journal) + ".bots").exists()  # the hub's own secrets go once the game is over


def _typed_turns(hub, journal, until, cup=None, stalled=60.0):
    """Type the holder's move whenever the journal shows a turn: the opener shakes and bids five aces to the left,
    the receiver calls liar. Typed again after a while if nothing came of it. With `cup` (a cup on --port, whose
    opening shake is its B held), the shake is pressed once the cup shows the opening in the holder's hands.
    Fails once neither the journal nor the hub's output has moved for `stalled` seconds: a game that goes on
    slowly (a loaded machine) is followed, not timed (up to five times `stalled` in all: refusals moving the hub's
    output are no game)."""
    deadline, last_chance = time.monotonic() + stalled, time.monotonic() + 5 * stalled
    typed, typed_at, seen, said = None, 0.0, None, []  # said: what was typed or pressed, for a stall's report
    while time.monotonic() < min(deadline, last_chance):
        text, state = _state_now(journal)
        if (len(text), len(hub.lines)) != seen:
            seen, deadline = (len(text), len(hub.lines)), time.monotonic() + stalled
        if state is None:
            time.sleep(0.02)
            continue
        if until(state):
            return state
        holder = state.holder
        if holder is None and state.phase == OPENING:
            drawn = re.findall(r"^#@ opener (\S+)", text, re.M)
            holder = state.seats.index(drawn[-1]) if drawn else None
        move = None
        if holder is not None:
            name = state.seats[holder]
            move = {OPENING: f"{name} shakes", BIDDING: f"{name} bids AAAAA left",
                    RECEIVING: f"{name} calls liar"}.get(state.phase)
        key = (state.round, state.phase, len(state.bids), holder)  # not the text: fair-dice facts come first
        if cup is not None and state.phase == OPENING and holder is not None:
            # Once per state of the journal (a second B long would be a move of its own), or again if nothing came
            # of it; _press_shake presses only while the cup shows the opening with nothing pending.
            if key != typed or time.monotonic() - typed_at > 5.0:
                _press_shake(cup, state.round, holder)
                typed, typed_at = key, time.monotonic()
                said.append(f"(B held on the cup at {key})")
        elif move and (key != typed or time.monotonic() - typed_at > 2.0):
            hub.type(move)
            typed, typed_at = key, time.monotonic()
            said.append(f"{move} (at {key})")
        assert hub.proc.poll() is None or until(replay(journal.read_text()).state), \
            "the hub ended first:\n" + "\n".join(hub.lines[-30:])
        time.sleep(0.05)
    raise AssertionError(f"the game stood still for {stalled:g} s:\n" + "\n".join(hub.lines[-30:]) +
                         "\ntyped, the last: " + "; ".join(said[-8:]) + "\nthe journal ends:\n" +
                         "\n".join(_state_now(journal)[0].splitlines()[-6:]))


def _cut_and_resumed(tmp_path, first, resume_args, cup=None):
    """Play `first` (a poker hub of one cup) to the opening bid, kill it there, and play the resumed game (`dicecup
    resume JOURNAL *resume_args`) to its winner; then the checks every resumed poker journal passes."""
    second = None
    try:
        first.wait_for("is the table's cup, passed round")
        journal = _journal_of(tmp_path)
        _typed_turns(first, journal, until=lambda s: s.phase == RECEIVING, cup=cup)  # the opener shook and bid
        cut = _kill(first, journal)
        second = HubProcess(["resume", str(journal), *resume_args])
        second.wait_for("resuming")
        final = _typed_turns(second, journal, until=lambda s: s.winner is not None, cup=cup)
        assert second.proc.wait(30) == 0, "\n".join(second.lines[-30:])
    finally:
        first.stop()
        if second is not None:
            second.stop()
    _cut_round_played_again(journal, *cut)
    return _referee_and_verify(journal)


@pytest.mark.slow
def test_a_poker_hub_of_one_virtual_cup_killed_mid_round_resumes_with_a_new_virtual_cup(tmp_path):
    data = ["--data", str(tmp_path)]
    first = HubProcess(["play", "--rules", "poker", "lives=1", "--sim", "1", "--players", "ana,ben,cy",
                        *data])
    final, _ = _cut_and_resumed(tmp_path, first, ["--sim", "1", *data])  # no --players: the journal names them
    assert final.seats == ("ana", "ben", "cy")


def _press_shake(cup, round, holder, timeout=30.0):
    """The opener holds B, once the cup's LED word says: this round, the opening stage (1), in holder's hands. If it
    says the dice are rolled already, the shake was made and only the hub's line of it is still to come: no press."""
    wanted, shaken = f"poker-{round}-1-{holder}-idle", f"poker-{round}-1-{holder}-rolled"
    deadline = time.monotonic() + timeout
    while (shown := led_state(cup.leds())) != wanted:
        if shown == shaken:
            return
        assert time.monotonic() < deadline, f"the cup never showed {wanted}: {cup.leds()!r}"
        time.sleep(0.02)
    if cup.settled():  # never a second B held while the first is on its way: that would be a move of its own
        cup.press("b", "long")


@pytest.mark.slow
def test_a_poker_hub_killed_mid_round_resumes_with_the_same_cup_which_forgets_the_cut_round(tmp_path):
    """The cup outlives the hub (a real cup on USB; here a virtual cup this test runs) and still holds the cut
    round's dice: back, it is told to forget them, and the round is shaken again with its buttons."""
    data = ["--data", str(tmp_path), "--allow-unpaired"]  # the test's own cup, like `dicecup sim`'s: no key
    with VirtualCups(1, runtime=find_micropython(), fast=True, seed="same", keyed=False) as cups:
        cup = cups[0]
        first = HubProcess(["play", "--rules", "poker", "lives=1", "--port", cup.path, "--players", "cy,dee,eve",
                            *data])
        try:
            first.wait_for("hold its B button to take the next seat")
            cup.press("b", "long")
            _, verified = _cut_and_resumed(tmp_path, first, data, cup=cup)  # on the port the journal names
        finally:
            first.stop()
    # The cup kept its round secret: the resumed hub asks for it, so the cut round's dice are rechecked too.
    assert "never revealed" not in verified, verified


GONE = "/tmp/dicecup-sim-0/cup0"  # a virtual cup's port that ended with its `play --sim`


@pytest.fixture(scope="module")
def finished_journal(tmp_path_factory) -> Path:
    """A whole bots-only poker game's journal, played by a real `dicecup play`."""
    data = tmp_path_factory.mktemp("poker")
    done = subprocess.run([sys.executable, "-m", "dicecup", "play", "--rules", "poker", "lives=1", "--bots", "2",
                           "--data", str(data)], capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    return next((data / "games").glob("*.txt"))


def _first_bid_cut(text) -> list:
    """The journal's lines up to its first bid: a game cut mid-round."""
    lines = text.splitlines()
    return lines[:next(i for i, line in enumerate(lines) if " bids " in line) + 1]


@pytest.mark.parametrize("damage, says", [
    (lambda lines: lines, "that game is over: "),
    (lambda lines: _first_bid_cut("\n".join(lines)) + ["bot2 shows 1=A"], "does not replay: line "),
    (lambda lines: [lines[0], lines[1].replace("lives=1", "lives=1 jokers=on"), *_first_bid_cut("\n".join(lines))[2:]],
     "a journal from a newer dicecup"),
    (lambda lines: _first_bid_cut("\n".join(lines)) + ["bot2 juggles 3"], "a journal from a newer dicecup"),
    (lambda lines: [re.sub(r"^(#@ die-commit 1 1 )\w\w", r"\g<1>zz", line) for line in
                    _first_bid_cut("\n".join(lines))], "its dice facts don't check: line "),
    (lambda lines: _first_bid_cut("\n".join(lines)) + ["# the cup opened die 1 as A, which is not what the seed it "
                                                        "committed to gives: cheating; the game stopped"],
     "caught cheating in this game"),
    (lambda lines: [line for line in _first_bid_cut("\n".join(lines)) if not line.startswith("#@ bot ")],
     "names no cup for bot1, bot2"),
    (lambda lines: [re.sub(r"^#@ bot (\w+) .*", rf"#@ cup \1 id=7 board=sim fw=0.1 port=serial:{GONE}", line)
                    for line in _first_bid_cut("\n".join(lines))], "the virtual cup that played it is gone"),
])
def test_a_poker_journal_that_cant_go_on_is_refused_in_one_line(finished_journal, tmp_path, damage, says):
    damaged = tmp_path / "games" / "20260101-000000-poker.txt"
    damaged.parent.mkdir()
    damaged.write_text("\n".join(damage(finished_journal.read_text().splitlines())) + "\n")
    before = damaged.read_text()
    done = subprocess.run([sys.executable, "-m", "dicecup", "resume", str(damaged), "--data", str(tmp_path)],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stdout[-1500:] + done.stderr
    assert says in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert damaged.read_text() == before  # refused before the hub wrote a line


@pytest.mark.slow
def test_ctrl_c_at_a_poker_table_of_one_virtual_cup_says_how_to_resume_it_and_the_drawn_opener_opens(tmp_path):
    play = HubProcess(["play", "--rules", "poker", "lives=1", "--sim", "1", "--players", "ana,ben",
                       "--data", str(tmp_path)])
    resumed = None
    try:
        play.wait_for("holds the cup")  # the first opener is drawn (journaled), nobody has shaken yet
        play.proc.send_signal(signal.SIGINT)
        assert play.proc.wait(30) == 130
        journal = _journal_of(tmp_path)
        play.wait_for(f"go on with `dicecup resume --sim 1 {journal}`")
        resumed = HubProcess(["resume", "--sim", "1", str(journal), "--data", str(tmp_path)])
        final = _typed_turns(resumed, journal, until=lambda s: s.winner is not None)
        assert resumed.proc.wait(60) == 0, "\n".join(resumed.lines[-30:])  # its virtual cup's folder gone with it
    finally:
        play.stop()
        if resumed is not None:
            resumed.stop()
    text = journal.read_text()
    drawn = re.findall(r"^#@ opener (\S+)", text, re.M)
    assert len(drawn) == 1 and final.history[0].opener == drawn[0]  # not drawn again by the resumed hub
    assert "reroll" not in text  # no round was cut: nothing to play again
    _referee_and_verify(journal)


def test_resume_sim_is_refused_for_a_game_of_bots_in_one_line(finished_journal, tmp_path):
    cut = tmp_path / "cut.txt"
    cut.write_text("\n".join(_first_bid_cut(finished_journal.read_text())) + "\n")
    done = subprocess.run([sys.executable, "-m", "dicecup", "resume", str(cut), "--sim", "1", "--data", str(tmp_path)],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stdout[-1500:] + done.stderr
    assert "--sim 1 is for a poker table of --players" in done.stderr

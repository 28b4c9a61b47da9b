"""A newcomer types at `dicecup play --rules poker --sim 1 --players ...` (issue 14): the table's one cup is a
virtual cup (the real firmware on the MicroPython unix port behind a pty) held by the hub's own process, and every
move is typed. Each refusal is one line that names the rule; nothing the hub can't handle reaches hub-errors.log,
and the journal referees."""
import io
import random
import re
import subprocess
import sys

import pytest
from rich.console import Console

from dicecup.hub.fairness import check_journal
from dicecup.hub.screen import Screen
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules, replay
from test_poker_play import Play


def test_typed_moves_at_a_virtual_cup_are_answered_by_the_rules_and_the_game_goes_on(tmp_path):
    play = Play("--rules", "poker", "lives=1", "--sim", "1", "--players", "ana,ben", data=tmp_path)
    try:
        play.until(r"is the table's cup, passed round: ana, ben play with it")
        # the cup is nobody's hands here: what to type is said (before: "ben holds the cup", and nothing more)
        opener = play.until(r"^(\w+) holds the cup: type `\1 shakes`, then `\1 bids` a hand and left or right$")\
            .group(1)
        other = "ben" if opener == "ana" else "ana"
        play.type("help")  # listed `ben shows 1 2`, `ben hides 2`, ... which this table's cup then refused
        play.until(r"^type at the hub.*`ana shakes` to open.*the dice are moved and rolled with the cup's buttons")
        play.type(f"{opener} bids")  # no hand at all: said how, not the journal's list of line shapes
        play.until(rf"can't do that: name the hand, like `{opener} bids KKQQ left`")
        play.type(f"{opener} shakes")
        play.until(rf"^{opener} shakes")
        play.type("dice cup1")  # was "no seat called dice": nothing showed the dice under the cup, so bids were blind
        play.until(rf"^the dice under cup1, for {opener}'s eyes \(at this terminal only, never on the table "
                   r"screen\): 1=[9TJQKA] 2=[9TJQKA] 3=[9TJQKA] 4=[9TJQKA] 5=[9TJQKA]$")
        play.type(f"{opener} shakes")  # again: the opener rolls once (before: "the cup holds the dice: ...buttons")
        play.until(rf"can't do that: {opener} opened this round: the opener rolls once and does not touch the dice")
        play.type(f"{opener} bids KK left")
        play.until(rf"^{opener} bids KK \(a pair of kings\) and passes the cup left to {other}")
        play.until(rf"^{other} holds the cup, passed left: type `{other} accepts` or `{other} calls liar`$")
        play.type(f"retire {other}")  # the cup is the table's: asked about the player (said "ben's cup ...")
        play.until(rf"^retire {other}\? {other} still plays with the table's cup — type `retire {other}` again")
        play.type("no")
        play.until(rf"^{other} stays in the game")
        play.type(f"{other.upper()} ACCEPTS")  # before the fix: KeyError in the hub ("could not handle ...")
        play.until(rf"^{other} accepts and looks under the cup")
        play.type(f"{other} hides 1")  # under the cup already: the rule says so first
        play.until(r"can't do that: die 1 is already under the cup")
        play.type(f"{other} shows 1")  # legal, but this cup's dice are its own: said plainly what can be typed
        play.until(r"can't do that: .*play --sim 1.*opening shake")
        play.type(f"{other} bids AAAAA")
        play.until(rf"^{other} bids AAAAA \(five aces\) and passes the cup to {opener}")
        play.type(f"{opener} calls liar")
        winner = play.until(r"^(\w+) wins the game\.").group(1)
        journal = play.until(r"^journal: (\S+)").group(1)
        assert play.process.wait(30) == 0
    finally:
        play.close()
    said = "".join(play.said)
    assert re.search(r"cup1's buttons: `echo \"long b\" > \S+/cup1\.buttons`", said), said[:3000]  # for its holder
    assert "could not handle" not in said and not (tmp_path / "hub-errors.log").exists(), said[-2000:]
    refereed = subprocess.run([sys.executable, "-m", "dicecup", "referee", journal], capture_output=True, text=True,
                              timeout=60)
    assert refereed.returncode == 0 and f"winner: {winner}" in refereed.stdout, refereed.stdout + refereed.stderr


def _typed_table(tmp_path, seed, rules="poker lives=1", bots=2):
    """Hub bots whose every move may be typed (the hub holds the dice), on a clock the test moves by hand."""
    table = TableSetup(Rules.parse(rules), data=tmp_path, seed=seed, bots=bots, result_pause=0.0,
                       screen=Screen(console=Console(file=io.StringIO(), width=100), live=False))
    hub = table.make_hub(expect_cups=0)
    now = [0.0]
    hub.clock = lambda: now[0]
    said = []
    hub.subscribe(lambda item: said.append(getattr(item, "text", None)))
    hub.tick()
    return table, hub, now, said


def test_dice_typed_out_before_the_shake_are_refused_by_the_rule(tmp_path):
    table, hub, _, said = _typed_table(tmp_path, "early")
    try:
        opener = hub.state.seats[hub.state.holder]
        for move in ("shows 1", "rolls 1", "hides 1", "tries 1"):  # before: KeyError (no die rolled yet)
            hub.command(f"{opener} {move}")
            assert said[-1].startswith("can't do that: ") and "shake all five dice under the cup first" in said[-1] \
                or "tries are for" in said[-1], said[-1]
        assert hub.state.phase == "opening" and hub.internal_errors == 0
    finally:
        table.close()


def test_a_bot_whose_accept_was_typed_goes_on_to_handle_the_dice_and_bid(tmp_path):
    table, hub, now, said = _typed_table(tmp_path, "took")
    try:
        opener = hub.state.seats[hub.state.holder]
        other = next(name for name in hub.state.seats if name != opener)
        hub.command(f"{opener} shakes")
        hub.command(f"{opener} bids 9 left")
        hub.command(f"{other} accepts")
        for _ in range(20):  # before: the bot never bid, the hub said "... holds the cup" at every turn for good
            now[0] += 60.0
            hub.tick()
            if len(hub.state.bids) > 1 or hub.state.history:
                break
        assert len(hub.state.bids) > 1 or hub.state.history, said[-6:]
        assert hub.state.history or hub.state.bids[1][0] == hub.state.seats.index(other)
    finally:
        table.close()


def test_moves_typed_loosely_are_taken_as_meant_and_the_rest_answered_in_typed_words(tmp_path):
    table, hub, _, said = _typed_table(tmp_path, "loose")
    try:
        opener = hub.state.seats[hub.state.holder]
        other = next(name for name in hub.state.seats if name != opener)
        hub.command(f"{opener} shake")  # before: "can't read 'bot1 shake': a poker-dice line is one of ..."
        assert hub.state.shaken, said[-1]
        hub.command(f"{opener} bid KK left")
        assert hub.state.bids and hub.state.seats[hub.state.holder] == other, said[-1]
        hub.command(f"{other} raises KK")  # the journal's line shapes (`reveal K K K Q 9`, `reroll ana`) are no help
        assert said[-1].startswith(f"can't do that: can't read '{other} raises KK': type ") and "help" in said[-1] \
            and "reveal K K K Q 9" not in said[-1] and "1=K" not in said[-1], said[-1]
        hub.command(f"{other} accept")
        assert hub.state.accepted, said[-1]
        hub.command(f"{other} bid AAAAA")
        hub.command(f"{opener} liar")
        assert hub.state.history, said[-3:]
    finally:
        table.close()


_TYPED = ["shakes", "shake", "accepts", "accept", "take", "liar", "calls liar", "calls spot", "calls", "shows 1",
          "shows 1 2", "shows 6", "shows", "shows 1=K", "hides 1", "hides 1 2", "rolls 1", "rolls 2 3",
          "rolls 1 2 3 4 5", "rolls 1=A", "tries 1", "tries 1 2 3", "tries", "bids 9", "bid KK", "bids AAAAA",
          "bids junk left", "bids KK left", "bids KK right", "bids four jacks", "bids four jacks and a",
          "bids full house aces over kings", "bids TJQKA", "bids 9TJQK left", "BIDS kk", "bids", "reveal", "x", ""]


@pytest.mark.parametrize("seed", range(30))
def test_anything_typed_by_anyone_is_one_line_and_a_finished_game_referees_and_verifies(tmp_path, seed):
    """Random lines typed for random seats, the hub's bots now and then taking their turns: the hub answers each
    (never an exception), and the journal of a game that ends replays to its winner with every die checking."""
    chance = random.Random(seed)
    table, hub, now, _ = _typed_table(tmp_path, str(seed), rules="poker lives=2", bots=3)
    try:
        for _ in range(400):
            if hub.finished:
                break
            who = chance.choice([*hub.state.seats, "retire", "help", "yes", "zed"])
            hub.command(f"{who} {chance.choice(_TYPED)}".strip())
            if chance.random() < 0.05:
                now[0] += 3600.0
                hub.tick()
        assert hub.internal_errors == 0
    finally:
        table.close()
    if hub.finished:
        text = hub.journal.path.read_text()
        assert replay(text).state.winner == hub.state.winner
        check_journal(text)


@pytest.mark.slow
def test_five_of_a_kind_taken_at_a_virtual_cup_is_tried_for_by_typing(tmp_path):
    """Before: `ana tries 1 2` was refused at `play --sim 1` ("takes only the opening shake typed") and nobody had the
    cup's buttons, so a game where five of a kind was accepted waited for good; nor were the dice said."""
    play = Play("--rules", "poker", "lives=1", "--sim", "1", "--players", "ana,ben", data=tmp_path)
    try:
        opener = play.until(r"^(\w+) holds the cup: type").group(1)
        other = "ben" if opener == "ana" else "ana"
        play.type(f"{opener} shakes")
        play.until(rf"^{opener} shakes")
        play.type(f"{opener} bids AAAAA left")
        play.until(rf"^{other} holds the cup, passed left: type")
        play.type(f"{other} accepts")
        dice = play.until(rf"^{other} holds the cup, passed left: the dice show ((?:[9TJQKA] ){{4}}[9TJQKA]): 3 tries "
                          rf"left to make five of a kind: type `{other} tries 1 2` \(the dice to roll again\)$")
        keep = max("9TJQKA", key=dice.group(1).split().count)
        again = [str(slot) for slot, face in enumerate(dice.group(1).split(), 1) if face != keep] or ["1"]
        play.type(f"{other} tries {' '.join(again)}\n{other} tries 1")  # the second before the first landed:
        play.until(r"^can't do that: the cup is rolling the try before: wait for it to land")  # its presses would
        play.until(rf"^{other} tries ")  # be lost on the busy cup, and the pointer the hub keeps would be wrong
        for _ in range(2):
            play.type(f"{other} tries {' '.join(again)}")
            said = play.until(rf"^{other} tries |^round 1: ")
            if said.group(0).startswith("round 1: "):
                break
        else:
            play.until(r"^round 1: ")
    finally:
        play.close()
    said = "".join(play.said)
    assert re.search(r"cup1's buttons: `echo \"long b\" > \S+/cup1\.buttons`", said), said[:3000]  # for its holder
    assert "could not handle" not in said and not (tmp_path / "hub-errors.log").exists(), said[-2000:]

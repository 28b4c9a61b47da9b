"""A newcomer types at `dicecup play --rules poker --sim 1 --players ...` (issue 14): the table's one cup is a
virtual cup (the real firmware on the MicroPython unix port behind a pty) held by the hub's own process, and every
move is typed. Each refusal is one line that names the rule; nothing the hub can't handle reaches hub-errors.log,
and the journal referees."""
import subprocess
import sys

from test_poker_play import Play


def test_typed_moves_at_a_virtual_cup_are_answered_by_the_rules_and_the_game_goes_on(tmp_path):
    play = Play("--rules", "poker", "lives=1", "--sim", "1", "--players", "ana,ben", "--seed", "7", data=tmp_path)
    try:
        play.until(r"is the table's cup, passed round: ana, ben play with it")
        opener = play.until(r"^(\w+) holds the cup").group(1)
        other = "ben" if opener == "ana" else "ana"
        play.type(f"{opener} bids")  # no hand at all: said how, not the journal's list of line shapes
        play.until(rf"can't do that: name the hand, like `{opener} bids KKQQ left`")
        play.type(f"{opener} shakes")
        play.until(rf"^{opener} shakes")
        play.type(f"{opener} shakes")  # again: the opener rolls once (before: "the cup holds the dice: ...buttons")
        play.until(rf"can't do that: {opener} opened this round: the opener rolls once and does not touch the dice")
        play.type(f"{opener} bids KK left")
        play.until(rf"^{opener} bids KK \(a pair of kings\) and passes the cup left to {other}")
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
    assert "could not handle" not in said and not (tmp_path / "hub-errors.log").exists(), said[-2000:]
    refereed = subprocess.run([sys.executable, "-m", "dicecup", "referee", journal], capture_output=True, text=True,
                              timeout=60)
    assert refereed.returncode == 0 and f"winner: {winner}" in refereed.stdout, refereed.stdout + refereed.stderr

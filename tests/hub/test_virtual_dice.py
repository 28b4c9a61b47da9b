"""A person playing a virtual cup sees their own dice (issue 25 item 4): `play --sim 2` says, as the table opens,
that `dice NAME` shows a virtual cup's dice at the hub's terminal, and the dice it shows are the ones the cup
reveals after the call (checked against the journal's roll lines). A real `dicecup play` with two virtual cups on
the MicroPython unix port, typed at through its standard input."""
import re
from pathlib import Path

from processes import HubProcess

SHOWN = re.compile(r"^(cup\d)'s dice, for \1's eyes \(at this terminal only, never on the table screen\): ([1-6 ]+)$")
TURN = re.compile(r"^round 1 · (cup\d) to play")


def _shown_dice(hub) -> dict:
    return {m.group(1): m.group(2).split() for m in map(SHOWN.match, hub.lines) if m}


def test_dice_name_shows_a_virtual_cups_dice_at_the_hub_and_they_are_the_cups(tmp_path):
    with HubProcess(["play", "--sim", "2", "--data", str(tmp_path), "dice=1"], trace=False) as hub:
        hub.wait_for("to see a virtual cup's dice, type `dice cup1`", timeout=60)  # said before the seats fill
        hub.wait_for("the game begins", timeout=120)
        hub.type("dice nobody")
        hub.wait_for("nobody is not a virtual cup of this hub", timeout=30)
        hub.wait_for(" to play · ", timeout=60)  # dealt: every cup has its dice (before, a cup may have none yet)
        hub.type("dice cup1")
        hub.type("dice CUP2")  # a seat's name in any case, as everywhere at the hub
        hub.wait_for("cup1's dice, for cup1's eyes", timeout=60)
        hub.wait_for("cup2's dice, for cup2's eyes", timeout=60)
        shown = _shown_dice(hub)
        opener = next(m.group(1) for m in map(TURN.match, hub.lines) if m)
        other = "cup2" if opener == "cup1" else "cup1"
        hub.type(f"{opener} bids 1x2")
        hub.wait_for(f"{other} to play", timeout=60)
        hub.type(f"{other} calls liar")
        hub.wait_for("wins the game", timeout=60)  # one die each: the call ends it, and the process ends itself
        assert hub.proc.wait(60) == 0
        journal = next(Path(tmp_path, "games").glob("*.txt")).read_text().splitlines()
    rolled = {words[1]: words[2:] for words in (line.split() for line in journal) if words[:1] == ["roll"]}
    assert shown == {"cup1": rolled["cup1"], "cup2": rolled["cup2"]} and all(len(d) == 1 for d in shown.values())


def test_the_hub_says_once_when_its_input_ends(tmp_path):
    """`play --sim 2 < /dev/null` (or Ctrl-D, or a hub run as a service): nothing can be typed any more, and the
    virtual cups' seats wait for typed moves: the hub says so once, where it sat silent."""
    with HubProcess(["play", "--sim", "2", "--data", str(tmp_path), "dice=1"], trace=False) as hub:
        hub.wait_for("the game begins", timeout=120)
        hub.proc.stdin.close()
        hub.wait_for("the hub's input has ended: nothing more can be typed here", timeout=60)
        assert sum("input has ended" in line for line in hub.lines) == 1

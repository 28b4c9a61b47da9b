"""A whole game on two emulated Picos running their stock MicroPython, each flashed by `dicecup flash` (once a run: conftest.py's shelf), with a bot
on the hub, through `dicecup play --port ... --port ...`: seated and played through their GPIO pins, the dice seen
on their NeoPixels at a peek, one switched off and on mid-round (it keeps its deal in its flash, /.dicecup/deal:
it comes back with the same dice and the round goes on), then refereed and verified."""
import re
import subprocess
import sys
import time

from chiphelpers import take_a_seat
from processes import HubProcess
from dicecup.rules import BIDDING, replay
from dicecup.sim.chip import ChipError
from dicecup.sim.chip.flashed import FlashedPicos
from dicecup.sim.hands import led_composed, led_dice, led_state

RULES = ("--rules", "dudo", "dice=2")


def test_two_picos_and_a_bot_play_a_whole_game_seen_on_their_leds_refereed_and_verified(tmp_path, shelf):
    with FlashedPicos(["ana", "ben"], tmp_path / "boards", saved=shelf) as picos:
        data = picos.registry_dir  # the hub that flashed them holds their keys
        ports = [arg for pico in picos for arg in ("--port", pico.path)]
        with HubProcess(["play", *RULES, *ports, "--bots", "1", "--data", str(data)],
                        trace=False) as hub:
            for pico in picos:
                hub.wait_for(f"a cup called {pico.name} is here")
            for pico in picos:
                take_a_seat(hub, pico)
            hub.wait_for("the game begins")
            journal = next((data / "games").glob("*.txt"))
            peeked, cycled = _play(hub, journal, {pico.name: pico for pico in picos})
            hub.wait_for("wins the game")
        text = journal.read_text()
    assert "\nreroll " not in text  # the cup switched off and on came back with its dice: the round went on
    assert peeked and cycled, f"the game ended before a peek or a cut: {peeked}, {cycled}\n{text}"
    rolled = _rolls(text, peeked[0])
    assert sorted(peeked[1]) == sorted(rolled["ana"]), (peeked, rolled)  # the LEDs showed ana her own dice
    cut_round, name, before = cycled  # the dice it showed before the power cut are the dice it revealed after it
    assert sorted(before) == sorted(_rolls(text, cut_round)[name]), (cycled, _rolls(text, cut_round))
    for command in ("referee", "verify"):
        done = subprocess.run([sys.executable, "-m", "dicecup", command, str(journal)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr


def _play(hub, journal, picos, timeout=420):
    """Press a Pico's buttons when its LEDs say it is its turn (as its player sees it): open with the bid the
    cup composes, else call liar. Whose turn it is comes from the table's own line (`round 2 · ben to play`), as
    a player reads it off the screen; a dice display read on its own could pass for a bid being composed. ana
    peeks in round 1; once a round has a bid, a Pico not to play (see _cyclable) peeks and is switched off and on:
    (that round, its name, the dice it showed), checked against what it reveals once the round is called. From
    round 1 on: a Pico that keeps calling liar can be out by round 2."""
    deadline = time.monotonic() + timeout
    peeked, cycled = None, None
    while time.monotonic() < deadline:
        state = replay(journal.read_text()).state
        if state.winner is not None:
            return peeked, cycled
        # A cup peeks while another seat plays (on its own turn its LEDs show the bid being composed); the game is
        # not seeded (a table's draws never are), so whose turn comes when differs from run to run.
        if state.phase == BIDDING and peeked is None and _to_play(hub) != "ana" and state.alive[state.seats.index("ana")]:
            dice = _peek(picos["ana"])
            if dice and replay(journal.read_text()).state.round == state.round:
                peeked = (state.round, dice)
        elif state.phase == BIDDING and state.bids and not cycled and (name := _cyclable(state, hub, picos)):
            before = _peek(picos[name])
            if not before or replay(journal.read_text()).state.round != state.round:
                continue  # the round was called while it peeked: the peek may show the next round's dice
            picos[name].power_cycle()
            hub.wait_for(f"{name}'s cup is back", timeout=120)
            # Back in the game before any move: its dice again (the hub had its commitment and sent the entropy), or,
            # if the round was called just before the cut, the reveal and what followed it.
            picos[name].wait_leds(lambda text: led_state(text) in ("rolled", "turn", "revealed", "waiting", "out"),
                                  timeout=60)
            cycled = (state.round, name, before)  # what it showed before the cut, against what it reveals after
        elif state.phase == BIDDING:
            pico = picos.get(_to_play(hub))
            if pico is not None and pico.alive() and led_state(pico.leds()) == "turn":
                _move(pico, state, journal)
        time.sleep(0.05)
    raise AssertionError("the game did not end in time:\n" + "\n".join(hub.lines[-30:]))


def _cyclable(state, hub, picos):
    """The Pico to switch off and on: ben, or ana if ben is to play (or out), as long as it is still in the game.
    While both are in, only when the other is to play: that seat moves only when this loop presses its buttons,
    so the round stands still through the cut. A bot to play may call the round meanwhile (the peek is then
    checked against that round's reveal all the same), so once one Pico is out the other is cut whoever plays."""
    to_play = _to_play(hub)
    living = [name for name in ("ben", "ana") if state.alive[state.seats.index(name)]]
    for name in living:
        if name != to_play and (to_play in picos or len(living) == 1):
            return name
    return None


def _to_play(hub):
    """The name in the table's latest `round N · NAME to play` line, or None."""
    for line in reversed(hub.lines):
        found = re.match(r"^round \d+ · (\S+) to play", line)
        if found:
            return found.group(1)
    return None


def _peek(pico):
    """The dice a peek shows, or None if the cup left its rolled picture meanwhile (the round was called, the cup
    went out): the caller tries again later."""
    try:
        return _peek_now(pico)
    except ChipError:
        return None


def _peek_now(pico):
    pico.wait_leds(lambda text: led_state(text) == "rolled", timeout=30)  # not while a cue blinks
    pico.press("c")
    # A seated, living cup holds at least one die: a peek picture without any is one caught as it is drawn.
    line = pico.wait_leds(lambda text: led_state(text) == "peek" and led_dice(text), timeout=30)
    return led_dice(line)


def _move(pico, state, journal):
    line = pico.leds()
    if led_state(line) != "turn" or led_composed(line) is None:
        return  # a passing picture (a blink, the dice shown after a call) read as a turn: look again
    if state.standing is not None and led_composed(line)[0] != "liar":
        pico.press("b", "double")  # bid -> liar
        try:
            pico.wait_leds(lambda text: led_composed(text) == ("liar",), timeout=30)
        except ChipError:
            return  # the turn moved on meanwhile: look at the table again
    pico.press("b", "long")  # send
    deadline = time.monotonic() + 15
    while replay(journal.read_text()).state is not None and time.monotonic() < deadline:
        now = replay(journal.read_text()).state
        if now.round != state.round or len(now.bids) != len(state.bids) or now.phase != state.phase:
            return
        time.sleep(0.05)
    # Not taken (sent while the table was still paused for a cup switched back on, say): the caller looks at the
    # table again and presses again, as a player would; a move that never reaches it fails _play's deadline.


def _rolls(text, round_number):
    """{seat: dice} of one round: the roll lines the hub writes right after the round's call."""
    lines = [line.split("#")[0].strip() for line in text.splitlines()]
    after = [index for index, line in enumerate(lines) if re.match(r"^\S+ calls ", line)][round_number - 1] + 1
    found = {}
    for line in lines[after:]:
        if line and not line.startswith("roll "):
            break
        if line:
            name, *dice = line.split()[1:]
            found[name] = [int(die) for die in dice]
    return found

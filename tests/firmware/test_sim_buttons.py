"""The virtual cup's buttons (firmware/boards/sim/simboard.Buttons) play gestures out on the pins so that the
cup's real gesture code sees what was meant, however seldom a busy machine lets the cup read its pins."""
import sys

import pytest

from fwpaths import FIRMWARE

sys.path.insert(0, str(FIRMWARE / "boards" / "sim"))

import simboard  # noqa: E402
from cupcore import gestures  # noqa: E402
from cupcore.gestures import DOUBLE, LONG, PRESS, Button  # noqa: E402


@pytest.fixture
def clock(monkeypatch):
    """Bot speed (simcup --fast) and a hand-driven clock for the timeline."""
    now = [1000]
    monkeypatch.setattr(simboard, "ticks_ms", lambda: now[0])
    monkeypatch.setattr(Button, "debounce_ms", 3)
    monkeypatch.setattr(Button, "long_press_ms", 50)
    monkeypatch.setattr(Button, "double_ms", 30)
    return now


def gestures_seen(clock, command, every_ms, for_ms=400):
    buttons = simboard.Buttons()
    button = Button(buttons.pins[1])
    buttons.command(command)
    seen = []
    end = clock[0] + for_ms
    while clock[0] < end:
        clock[0] += every_ms
        gesture = button.poll(clock[0])
        if gesture:
            seen.append(gestures.NAMES[gesture])
    return seen


@pytest.mark.parametrize("every_ms", [3, 5, 8, 12, 20, 40])
def test_each_gesture_is_seen_as_meant_when_the_pins_are_read_seldom(clock, every_ms):
    assert gestures_seen(clock, "long b", every_ms) == ["long"]
    assert gestures_seen(clock, "press b", every_ms) == ["press"]
    if 2 * every_ms < Button.double_ms:  # a release and the next press are two readings apart at least
        assert gestures_seen(clock, "double b", every_ms) == ["double"]


def test_the_names_are_the_gestures():
    assert gestures.NAMES == {PRESS: "press", LONG: "long", DOUBLE: "double"}


@pytest.mark.parametrize("every_ms", [3, 8, 20, 40])
@pytest.mark.parametrize("command", ["press b", "long b", "double b"])
def test_a_gesture_is_settled_only_once_the_cup_has_read_it(clock, every_ms, command):
    """`simcup --taken` counts a gesture once settled: whoever pressed it may then look at the LEDs and press again
    if nothing came of it. Settled before the gesture code saw it, a slow press would be pressed twice."""
    buttons = simboard.Buttons()
    button = Button(buttons.pins[1])
    buttons.command(command)
    assert buttons.asked == 1 and not buttons.settled(clock[0])
    seen, settled_at = [], None
    for _ in range(400 // every_ms):
        clock[0] += every_ms
        if button.poll(clock[0]):
            seen.append(clock[0])
        if settled_at is None and buttons.settled(clock[0]):
            settled_at = clock[0]
    # (read seldom, a double's two taps may come out as two presses: see the test above; both before settled)
    assert seen and settled_at is not None and seen[-1] <= settled_at, (seen, settled_at)
    buttons.command("down b")  # a person's raw pin at the keyboard: no gesture asked for, nothing to wait on
    assert buttons.asked == 1

"""Buttons to gestures, polled every few milliseconds like a board's main loop does."""
from cupcore.gestures import DOUBLE, LONG, PRESS, Button


def play(timeline, until=None, step=5):
    """timeline: list of (from_ms, to_ms) held intervals. Poll every `step` ms; return [(ms, gesture)]."""
    now = [0]

    def pin():
        return any(a <= now[0] < b for a, b in timeline)

    button = Button(pin)
    events = []
    end = until if until is not None else max(b for a, b in timeline) + 1000
    while now[0] <= end:
        g = button.poll(now[0])
        if g:
            events.append((now[0], g))
        now[0] += step
    return events


def gestures(timeline):
    return [g for t, g in play(timeline)]


def test_a_short_press_is_a_press_once_the_double_window_has_passed():
    events = play([(100, 180)])
    assert [g for t, g in events] == [PRESS]
    assert events[0][0] >= 180 + Button.double_ms - Button.debounce_ms


def test_holding_is_a_long_press_reported_while_still_held():
    events = play([(100, 1500)])
    assert [g for t, g in events] == [LONG]
    assert events[0][0] < 1500


def test_two_quick_presses_are_one_double_press():
    assert gestures([(100, 160), (220, 280)]) == [DOUBLE]


def test_two_slow_presses_are_two_presses():
    assert gestures([(100, 160), (160 + Button.double_ms + 200, 160 + Button.double_ms + 260)]) == [PRESS, PRESS]


def test_contact_bounce_is_not_extra_presses():
    bouncy = [(100, 102), (104, 106), (108, 180), (182, 184)]
    assert gestures(bouncy) == [PRESS]


def test_a_double_press_held_is_not_also_a_long_press():
    assert gestures([(100, 160), (220, 1500)]) == [DOUBLE]


def test_times_are_class_attributes_a_board_can_change():
    class Quick(Button):
        long_press_ms = 100

    now = [0]
    b = Quick(lambda: 0 <= now[0] < 300)
    seen = []
    while now[0] < 400:
        seen.append(b.poll(now[0]))
        now[0] += 5
    assert LONG in seen


def test_a_press_is_kept_when_the_next_comes_before_a_slow_loop_polls_again():
    # Polled every 40 ms: the first press is read released at 160, and the next poll after its double window
    # (480) already finds the second held. Both are presses, in order; none is lost.
    first_up = 160
    second = (first_up + Button.double_ms + 10, first_up + Button.double_ms + 60)
    assert play([(100, 150), second], step=40) == [(480, PRESS), (840, PRESS)]

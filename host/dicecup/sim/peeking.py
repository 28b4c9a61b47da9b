"""`dice NAME` typed at the hub, for a virtual cup this hub started (`play --sim N`): the cup is asked to peek (a
long press of its A button, as its player would hold it) and the dice its LEDs then show are said at the hub's own
terminal, never on a page, nor in the journal. A virtual cup has no lights anyone can see: without this its player
had to decode the colour letters of `cupN.leds` by hand.

The hub learns nothing it did not have: this process started the cups and can read their LED files anyway; what
a cup sends the hub is unchanged. Whoever sits at the keyboard sees the line, so it says so: a table of people
sharing one keyboard is better served by a phone each (`--phones`), whose page shows its player's dice alone.

At poker dice the table's one cup is passed round (`play --rules poker --sim 1 --players ...`): `dice cup1` shows
the dice under it, for whoever holds it, and the cup's button FIFO is said, for a holder who presses it."""
import threading
import time

from dicecup.hub.table import TypedCommand

from .hands import led_dice, led_state
from .virtualcup import VirtualCupError

TAKEN_WAIT = 60.0  # seconds for the cup to take the long press: a loaded machine runs the cups late
PEEK_WAIT = 2.0    # seconds, once taken, for the LEDs to show the peek: a cup with no dice shows none
USAGE = "dice NAME (a virtual cup's dice, shown at this terminal only)"


def offer_dice_command(hub, cups, tell):
    """Add `dice NAME` to what may be typed at `hub`; `tell(text)` says a private line at the hub's terminal from
    another thread (the peek waits on the cup, which must not hold the table up)."""
    by_id = {cup.cup_id: cup for cup in cups}

    def show(words):
        if len(words) != 1:
            return hub.say("type `dice NAME` to see a virtual cup's dice at this terminal, like `dice cup1`")
        if hub.state is None:
            return hub.say("no dice yet: they are dealt when the game begins")
        seat = next((s for s in hub.seats if s.name.casefold() == words[0].casefold()), None)
        cup = by_id.get(seat.cup_id) if seat is not None else None
        if cup is None:
            virtual = ", ".join(s.name for s in hub.seats if s.cup_id in by_id) or "none"
            return hub.say(f"{words[0]} is not a virtual cup of this hub: only those are shown here (they are: "
                           f"{virtual}); a real cup shows its dice with a long press of A, a phone on its page")
        threading.Thread(target=_peek, args=(cup, f"{seat.name}'s dice", seat.name, tell), name=f"dice-{seat.name}",
                         daemon=True).start()

    hub.typed_commands["dice"] = TypedCommand(USAGE, show)


def dice_hint(cups) -> str:
    """Said as the table opens, so a person playing a virtual cup knows how to look at their dice."""
    first = cups[0].name if cups else "cup1"
    return (f"to see a virtual cup's dice, type `dice {first}`: they are shown at this terminal only, so let only "
            f"that cup's player look; to play with friends, a phone each (--phones with --web) shows each player "
            "their own dice")


def offer_passed_cup_dice(hub, cup, tell):
    """`dice CUP` at poker dice: the dice under the table's one virtual cup, for its holder's eyes, said at the
    hub's terminal by `tell` (from another thread, as for a face-bid cup)."""
    from dicecup.rules.poker.hands import RANKS

    def show(words):
        if len(words) != 1 or words[0].casefold() != cup.name.casefold():
            return hub.say(f"type `dice {cup.name}` to see the dice under the table's one cup at this terminal, for "
                           "whoever holds it")
        state = hub.state
        if state is None or state.holder is None:
            return hub.say("no dice yet: the opener shakes them when the round begins")
        holder, under = state.seats[state.holder], state.under_cup
        if not under:
            return hub.say(f"no dice under {cup.name}: all five are on the table")
        threading.Thread(target=_peek, args=(cup, f"the dice under {cup.name}", holder, tell),
                         kwargs={"shown": lambda faces: " ".join(f"{slot}={RANKS[faces[slot - 1] - 1]}"
                                                                 for slot in under),
                                 "none": f"{cup.name} showed no dice (none until the opener shakes)"},
                         name=f"dice-{cup.name}", daemon=True).start()

    hub.typed_commands["dice"] = TypedCommand(f"dice {cup.name} (the dice under the cup, shown at this terminal "
                                              "only)", show)


def buttons_hint(cup) -> str:
    """Where a virtual cup's buttons are pressed and its LEDs are written, said at the table's opening."""
    return (f"{cup.name}'s buttons: `echo \"long b\" > {cup.buttons_path}` (press, long or double; a or b); its "
            f"LEDs, a line per change: {cup.leds_path}")


def _peek(cup, what, eyes, tell, shown=None, none=None):
    """Peek with the cup's A button and tell `what` its LEDs show, for `eyes`' eyes: `shown(faces)` words the
    dice (default: the faces in order), `none` is said when the cup shows none."""
    try:
        mark = len(cup.led_lines())  # the peek is looked for in every line from here: a short one is not missed
        cup.press("a", "long")
        cup.wait_settled(TAKEN_WAIT)  # slow is not "no dice": only a press the cup took and ignored is
        line = _peek_line(cup, mark)
    except VirtualCupError:
        line = None
    if line is None:
        return tell(none or f"{eyes}'s cup showed no dice (it has none while it is out, or between rounds)")
    faces = led_dice(line)
    dice = shown(faces) if shown else " ".join(str(face) for face in faces)
    tell(f"{what}, for {eyes}'s eyes (at this terminal only, never on the table screen): {dice}")


def _peek_line(cup, mark):
    """The first LED line after `mark` that shows the peek, within PEEK_WAIT seconds; None if none came."""
    deadline = time.monotonic() + PEEK_WAIT
    while True:
        line = next((text for text in cup.led_lines()[mark:] if led_state(text) == "peek"), None)
        if line is not None or time.monotonic() > deadline:
            return line
        time.sleep(0.02)

"""A bot with its hands on a virtual cup, for the demo: it takes its seat with a button, peeks at its dice on
the LEDs, reads the table as everyone at the table can (the snapshots the hub publishes: the table view),
decides with a bot, and presses the buttons to compose and send its bid or call. It never sees another cup's
dice, nor its own any other way.

The button layout is the cup's (cupcore.cup): A press face+1, A double quantity-1, B press quantity+1,
B double bid -> liar -> spot, B long send, A long peek. The hands press one gesture at a time and see it on the
LEDs before the next, and send only once the LEDs show the bot's choice, as a person checks the cup before sending.
"""
import errno
import threading
import time

from dicecup.sim.virtualcup import VirtualCupError
from dicecup.bots.view import make_view
from dicecup.hub.phases import RoundPhase
from dicecup.rules import Bid

LETTER_FACE = {"W": 1, "R": 2, "Y": 3, "G": 4, "B": 5, "M": 6}


def led_state(line: str) -> str:
    """'leds WRY... state=turn' -> 'turn' (a poker cup's word: its first part, without its aim=)."""
    word = line.rpartition("state=")[2].split() if "state=" in line else ()
    return word[0] if word else ""


def led_aim(line: str) -> str:
    """A poker cup's aim=... (where its buttons stand: cupcore/pokercup.py's word), or ""."""
    return line.rpartition(" aim=")[2].strip() if " aim=" in line else ""


def led_dice(line: str) -> tuple:
    """The dice shown while peeking: one face-coloured pixel per die."""
    pixels = line.split()[1] if line.startswith("leds ") else ""
    return tuple(LETTER_FACE[c] for c in pixels if c in LETTER_FACE)


def led_composed(line: str):
    """What the cup is composing, read off its LEDs: ("liar",), ("spot",) or ("bid", quantity, face).

    A composed bid is pixel 0 in the face's colour and the quantity in binary on the others (cupcore.leds)."""
    pixels = line.split()[1] if line.startswith("leds ") else ""
    if pixels and set(pixels) == {"R"} and len(pixels) > 1:
        return ("liar",)
    if pixels and set(pixels) == {"C"}:
        return ("spot",)
    if not pixels or pixels[0] not in LETTER_FACE:
        return None
    quantity = sum(1 << bit for bit, c in enumerate(pixels[1:]) if c == "W")
    return ("bid", quantity, LETTER_FACE[pixels[0]])


def presses_for(action, qty: int, face: int) -> list:
    """The gestures that turn the bid display (qty, face) into `action`, ending with the send."""
    if not isinstance(action, Bid):
        return [("b", "double")] * (1 if str(action) == "liar" else 2) + [("b", "long")]
    moves = [("a", "press")] * ((action.face - face) % 6)
    if action.quantity >= qty:
        moves += [("b", "press")] * (action.quantity - qty)
    else:
        moves += [("a", "double")] * (qty - action.quantity)
    return moves + [("b", "long")]


def next_press(action, composed):
    """The one gesture that brings the cup's display `composed` (led_composed) a step nearer to `action`, or None
    when it shows `action`, ready to send. Each changes the display, so whether it landed can be seen."""
    if not isinstance(action, Bid):
        return None if composed == (str(action),) else ("b", "double")  # bid -> liar -> spot -> bid
    if composed[0] != "bid":
        return ("b", "double")  # an armed call left from before: step round to the bid
    _, qty, face = composed
    if face != action.face:
        return ("a", "press")
    if qty != action.quantity:
        return ("b", "press") if qty < action.quantity else ("a", "double")
    return None


class Hands(threading.Thread):
    """Plays one virtual cup for one seat until the game is over or `stop` is set."""

    poll = 0.01

    def __init__(self, cup, watch, bot, stop: threading.Event):
        """watch: the hub's latest snapshot (hub.watch()), all the hands ever read of the table."""
        super().__init__(name=f"hands {cup.name}", daemon=True)
        self.cup, self.watch, self.bot, self.stop = cup, watch, bot, stop
        self.dice = None
        self.deal_seen = None
        self.error = None
        self.intended = []  # (seat, "4x5") for every action it composed and sent, to check the cup got it right
        self._decided = None  # ((deal, bids so far), action): the bot's choice for the turn being played

    patience = 30.0  # seconds a cup may stay out of reach (pulled, restarting) before the hands give up

    def run(self):
        troubled_since = None
        while not self.stop.is_set() and not self.watch.get().finished:
            try:
                self._step()
                troubled_since = None
            except (VirtualCupError, OSError) as error:
                if isinstance(error, OSError) and error.errno != errno.ENXIO:
                    self.error = error
                    return
                # ENXIO: the button FIFO has no reader yet, the restarted cup is still starting.
                # The cup is being unplugged or power-cycled: a person would wait and try again.
                troubled_since = troubled_since or time.monotonic()
                if time.monotonic() - troubled_since > self.patience:
                    self.error = error
                    return
                self.deal_seen = None  # look at the dice again once the cup is back
            except Exception as error:  # noqa: BLE001 - reported by the demo, never silently lost
                self.error = error
                return
            time.sleep(self.poll)

    def _step(self):
        state_word = led_state(self.cup.leds())
        if state_word not in ("rolled", "turn"):
            return
        deal = self.watch.get().deal
        if self.deal_seen != deal:
            self.dice = self._peek()
            self.deal_seen = deal
        if state_word == "turn" and self.dice is not None:
            self._play()

    def _peek(self):
        self.cup.press("a", "long")
        line = self.cup.wait_leds(lambda text: led_state(text) == "peek", timeout=10)
        return led_dice(line)

    def _play(self):
        snapshot = self.watch.get()
        seat, state = snapshot.seat_of_cup(self.cup.cup_id), snapshot.state
        if seat is None or snapshot.phase != RoundPhase.BIDDING or snapshot.to_act != seat.index:
            return
        name = seat.name
        if not self.cup.settled():
            return  # a gesture is still on its way to the cup: what the LEDs show is not what came of it yet
        line = self.cup.leds()
        composed = led_composed(line) if led_state(line) == "turn" else None
        if composed is None:
            return  # a cue is blinking, or the display is between frames: look again
        # One decision per turn: looking again at the same turn (a press that went astray) presses the same action
        # again rather than asking the bot anew, so a seeded demo replays the same game whatever the timing.
        turn = (snapshot.deal, len(state.bids))
        if self._decided is None or self._decided[0] != turn:
            self._decided = (turn, self.bot.act(make_view(state, name, self.dice)))
            self.intended.append((name, str(self._decided[1])))
        press = next_press(self._decided[1], composed)
        if press is not None:
            # A gesture at a time, each taken by the cup before the LEDs are read again: one the cup dropped (a cue
            # came, the turn moved on) is pressed again at the next look, one still on its way never is, so the cup
            # never sends what the bot did not choose, however slow the machine.
            self.cup.press(*press)
            self.cup.wait_settled(self.patience)
            return
        self.cup.press("b", "long")  # the LEDs show the bot's choice: send it
        # Wait for the hub to take it (the turn passes) or refuse it, before looking again. The turn's cue may
        # blink meanwhile (the hub sends it just after the table): that is still the turn, the send still playing.
        self._wait(lambda: self.watch.get().state is not state or
                   led_state(self.cup.leds()) not in ("turn", "cue"), 20)

    def _wait(self, done, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not self.stop.is_set() and not done():
            time.sleep(self.poll)

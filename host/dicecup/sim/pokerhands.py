"""Bots passing one virtual cup round a poker-dice table (the demo, the end-to-end test): whoever holds the cup
presses its buttons. Each bot sees what a player at the table sees -- the engine's public state (the hub's
snapshots: bids, the dice open on the table) -- and what the cup's LEDs show it when it peeks; never a hidden die
any other way. The buttons are cupcore/pokercup.py's; the hands wait for the cup's LED word
(poker-ROUND-STAGE-HOLDER-busy|rolled|idle) to match the table before each gesture, and count their presses
from where the word's aim= says the buttons stand (the tool, the cursor, the bid being composed), not from
their own tally: a press the cup dropped while busy, counted, would send every later move astray.
"""
import threading
import time

from cupcore import pokercup as pc

from dicecup.bots.poker_turn import LOOK, PokerTurn
from dicecup.hub.poker.codes import stage_of
from dicecup.hub.snapshot import TableSnapshot
from dicecup.rules.poker import (BIDDING, OPENING, OVER, Accept, CallLiar, Hide, OpenRoll, PokerBid, Shake, Show,
                                 Try)

from .hands import led_aim, led_dice, led_state


class Seen:
    """Subscribed to the hub (its thread): keeps the latest public poker state (a snapshot's) for the hands' thread."""

    def __init__(self):
        self.state = None

    def __call__(self, item):
        if isinstance(item, TableSnapshot) and item.state is not None:
            self.state = item.state


def _raise(problem):
    raise RuntimeError(problem)  # a demo's bot that breaks the rules is a bug to see, not to play round


class PokerHands(threading.Thread):
    poll = 0.01
    patience = 60.0  # seconds the cup may take to show what the table expects before the hands give up
    again = 8.0      # seconds without a change at the table, once the cup took every press, before acting again

    def __init__(self, cup, seen: Seen, bots: dict, stop: threading.Event):
        super().__init__(name="poker hands", daemon=True)
        self.cup, self.seen, self.bots, self.stop = cup, seen, bots, stop
        self.error = None
        self.done = None      # the state the hands last acted on
        self.pressed = None   # (state, the presses made on it): pressed again if nothing came of them
        self.moves = []       # what is left of a plan's dice moves, a die at a time
        self.turns = {name: PokerTurn(bot, name, problem=_raise) for name, bot in bots.items()}
        self.tool = self.cursor = self.pos = self.way = 0  # where the cup's buttons stand (_aim_from_cup)
        self.bid = [0] * 5
        self.known = [None] * 5
        self.acted = 0.0
        self.key = None       # a new holder's turn: round, stage, holder, standing

    def run(self):
        try:
            while not self.stop.is_set():
                state = self.seen.state
                if state is not None and state.phase == OVER:
                    return
                if not self.cup.settled():  # a press is still on its way: nothing is known of what came of it
                    self.acted = time.monotonic()
                    time.sleep(self.poll)
                    continue
                if state is self.done and time.monotonic() - self.acted > self.again:
                    self.done = None  # the cup dropped a press (it was busy), or the hub did: try again
                if state is None or state is self.done or state.holder is None or \
                        state.seats[state.holder] not in self.bots or not self._synced(state):  # a hub bot holds it
                    time.sleep(self.poll)
                    continue
                self.done, self.acted = state, time.monotonic()
                key = (state.round, stage_of(state), state.holder, state.standing)
                if key != self.key:  # a new turn: no plan left over, the dice not looked at yet
                    self.key, self.moves, self.known = key, [], [None] * 5
                self._aim_from_cup()
                if self.pressed is not None and self.pressed[0] is state:  # lost on a loaded machine: again
                    self.pressed[1]()
                    continue
                presses = self._next(state, state.seats[state.holder])
                self.pressed = (state, presses)
                presses()
        except Exception as error:  # noqa: BLE001 - reported by the demo, never lost
            self.error = error

    def _word(self):
        return led_state(self.cup.leds())

    def _aim_from_cup(self):
        """Where the cup's buttons stand, off its word (the cup has taken every press: run() waits for that)."""
        aim = led_aim(self.cup.leds())
        if aim:
            buttons, _, bid = aim.partition("-")
            self.tool, self.cursor, self.pos, self.way = (int(digit) for digit in buttons)
            self.bid = [int(face) for face in bid]

    def _synced(self, state) -> bool:
        word = self._word()
        if not word.startswith("poker-"):
            return False
        rnd, stage, holder, flag = word[6:].split("-")
        return (int(rnd), int(stage), int(holder)) == (state.round, stage_of(state), state.holder) and flag != "busy"

    def _next(self, state, name):
        """The holder's next step (bots/poker_turn.py) as the presses a player makes on the cup for it."""
        if state.phase == BIDDING and not state.accepted and not self._rolled():
            return lambda: self.cup.press("b", "long")  # the opening shake has not landed on the cup yet
        if self.moves:  # the rest of a plan's dice moves: one die at a time, each answered by the hub
            slot = self.moves.pop(0)
            return lambda: self._move(slot)
        turn = self.turns[name]
        step = turn.next_step(state, self.known, ())
        while step == LOOK:
            self._peek()
            step = turn.next_step(state, self.known, ())
        if isinstance(step, (Shake, OpenRoll, Try)):
            self.known = [None] * 5  # looked at again once they land
            return lambda: self._roll(state, step)
        if isinstance(step, (Hide, Show)):
            slots = list(step.slots) if isinstance(step, Hide) else [s for s, _ in step.dice]
            self.moves = slots[1:]
            return lambda: self._move(slots[0])
        if isinstance(step, (Accept, CallLiar)):
            return lambda: self._answer(step)
        if isinstance(step, PokerBid):
            return lambda: self._compose(state, step, way=step.direction)
        return lambda: None

    def _roll(self, state, step):
        if isinstance(step, Shake):
            if state.phase != OPENING:
                self._use(pc.SHAKE)
        else:
            if isinstance(step, OpenRoll):
                self._use(pc.ROLL)
            self._pick([s for s, _ in step.dice])
        self.cup.press("b", "long")

    def _answer(self, step):
        pixels = self.cup.leds().split()[1]  # all red: liar armed; all green: take the cup
        if isinstance(step, CallLiar) != pixels.startswith("R"):
            self.cup.press("b", "press")
        self.cup.press("b", "long")

    def _move(self, slot):
        self._use(pc.MOVE)
        self._point(slot)
        self.cup.press("b", "press")

    def _rolled(self) -> bool:
        return self._word().endswith("-rolled")

    def _peek(self):
        self.cup.press("a", "long")
        line = self.cup.wait_leds(lambda text: led_state(text) == "peek", timeout=self.patience)
        self.known = list(led_dice(line))[:5]
        self.cup.wait_leds(lambda text: led_state(text).startswith("poker-"), timeout=self.patience)

    # -- the buttons ------------------------------------------------------------------------------------------
    def _use(self, tool):
        for _ in range((tool - self.tool) % 4):
            self.cup.press("b", "double")
        self.tool = tool

    def _point(self, slot):
        for _ in range((slot - 1 - self.cursor) % 5):
            self.cup.press("a", "press")
        self.cursor = slot - 1

    def _pick(self, slots):
        for slot in slots:
            self._point(slot)
            self.cup.press("b", "press")

    def _compose(self, state, bid, way=None):
        """From the bid the cup shows (the standing one, or what an earlier try left), die by die to `bid`;
        the cup sends the whole bid wherever its pointer is."""
        if state.accepted:
            self._use(pc.BID)
        elif (way == "right") != (self.way == pc.RIGHT):
            self.cup.press("b", "double")
            self.way = pc.LEFT if self.way == pc.RIGHT else pc.RIGHT
        current = tuple(self.bid)
        target = bid.hand.dice()
        target = tuple(target) + (0,) * (5 - len(target))
        for i in (i for i in range(5) if target[i] != current[i]):
            for _ in range((i - self.pos) % 5):
                self.cup.press("b", "press")
            self.pos = i
            for _ in range((target[i] - current[i]) % 7):
                self.cup.press("a", "press")
        self.bid = list(target)
        self.cup.press("b", "long")

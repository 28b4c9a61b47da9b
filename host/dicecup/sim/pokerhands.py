"""Bots passing one virtual cup round a poker-dice table (the demo, the end-to-end test): whoever holds the cup
presses its buttons. Each bot sees what a player at the table sees -- the engine's public state (the hub's
snapshots: bids, the dice open on the table) -- and what the cup's LEDs show it when it peeks; never a hidden die
any other way. The buttons are cupcore/pokercup.py's; the hands wait for the cup's LED word
(poker-ROUND-STAGE-HOLDER-busy|rolled|idle) to match the table before each gesture.
"""
import threading
import time

from cupcore import pokercup as pc

from dicecup.bots.poker_game import decide
from dicecup.bots.poker_view import BID, HANDLE, OPEN, RECEIVE, make_view
from dicecup.hub.poker.codes import stage_of
from dicecup.hub.snapshot import TableSnapshot
from dicecup.rules.poker import BIDDING, OPENING, OVER, RECEIVING, TRIES, CallLiar

from .hands import led_dice, led_state


class Seen:
    """Subscribed to the hub (its thread): keeps the latest public poker state (a snapshot's) for the hands' thread."""

    def __init__(self):
        self.state = None

    def __call__(self, item):
        if isinstance(item, TableSnapshot) and item.state is not None:
            self.state = item.state


class PokerHands(threading.Thread):
    poll = 0.01
    patience = 60.0  # seconds the cup may take to show what the table expects before the hands give up
    again = 8.0      # seconds without a change at the table before the holder acts again

    def __init__(self, cup, seen: Seen, bots: dict, stop: threading.Event):
        super().__init__(name="poker hands", daemon=True)
        self.cup, self.seen, self.bots, self.stop = cup, seen, bots, stop
        self.error = None
        self.done = None      # the state the hands last acted on
        self.plan = []        # what is left of the holder's handling this turn
        self.tool = self.cursor = 0
        self.known = [None] * 5
        self.intended = []    # (bid, the cup's bid display it composed from), to check the cup sent what was meant
        self.acted = 0.0
        self.key = None       # what the cup resets its tool, cursor and bid on: round, stage, holder, standing

    def run(self):
        try:
            while not self.stop.is_set():
                state = self.seen.state
                if state is not None and state.phase == OVER:
                    return
                if state is self.done and time.monotonic() - self.acted > self.again:
                    self.done = None  # nothing came of it (a gesture lost on a loaded machine): try again
                if state is None or state is self.done or state.holder is None or \
                        state.seats[state.holder] not in self.bots or not self._synced(state):  # a hub bot holds it
                    time.sleep(self.poll)
                    continue
                self.done, self.acted = state, time.monotonic()
                key = (state.round, stage_of(state), state.holder, state.standing)
                if key != self.key:  # the cup starts afresh: the move tool, die 1, the standing bid
                    self.key, self.tool, self.cursor, self.plan = key, 0, 0, None
                self._act(state, state.seats[state.holder])
        except Exception as error:  # noqa: BLE001 - reported by the demo, never lost
            self.error = error

    def _word(self):
        return led_state(self.cup.leds())

    def _synced(self, state) -> bool:
        word = self._word()
        if not word.startswith("poker-"):
            return False
        rnd, stage, holder, flag = word[6:].split("-")
        return (int(rnd), int(stage), int(holder)) == (state.round, stage_of(state), state.holder) and flag != "busy"

    def _act(self, state, name):
        bot = self.bots[name]
        if state.phase == OPENING or (state.phase == BIDDING and not state.accepted and not self._rolled()):
            return self.cup.press("b", "long")  # shake all five
        if state.phase == BIDDING and not state.accepted:
            self._peek()
            bid = self._ask(bot, state, name, OPEN)
            return self._compose(state, bid, way=bid.direction)
        if state.phase == RECEIVING:
            action = self._ask(bot, state, name, RECEIVE)
            pixels = self.cup.leds().split()[1]  # all red: liar armed; all green: take the cup
            if isinstance(action, CallLiar) != pixels.startswith("R"):
                self.cup.press("b", "press")
            return self.cup.press("b", "long")
        if state.phase == BIDDING:
            if self.plan is None:
                self._peek()
                self.plan = self._steps(state, self._ask(bot, state, name, HANDLE))
            if self.plan:
                return self.plan.pop(0)()
            self._peek()
            return self._compose(state, self._ask(bot, state, name, BID))
        if state.phase == TRIES:
            dice = list(state.faces)
            keep = max(set(dice), key=lambda f: (dice.count(f), f))
            self._pick([s for s in range(1, 6) if dice[s - 1] != keep])
            return self.cup.press("b", "long")

    def _rolled(self) -> bool:
        return self._word().endswith("-rolled")

    def _ask(self, bot, state, name, stage):
        action, problem = decide(bot, make_view(state, name, stage, self.known, ()))
        if problem is not None:
            raise RuntimeError(f"{name}'s bot {problem}")
        return action

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

    def _steps(self, state, plan) -> list:
        """The plan as gestures, one step per change it makes at the table (each waits for the hub's answer)."""
        steps = []
        for slot in range(1, 6):
            if state.on_table[slot - 1] != (slot in plan.table):
                steps.append(lambda slot=slot: (self._use(pc.MOVE), self._point(slot), self.cup.press("b", "press")))
        if plan.shake:
            steps.append(lambda: (self._use(pc.SHAKE), self.cup.press("b", "long")))
        if plan.roll:
            steps.append(lambda: (self._use(pc.ROLL), self._pick(sorted(plan.roll)), self.cup.press("b", "long")))
        return steps

    def _compose(self, state, bid, way=None):
        if state.accepted:
            self._use(pc.BID)
        elif way == "right":
            self.cup.press("b", "double")
        current = bytearray(5)
        if state.standing is not None:
            named = state.standing.dice()
            current[:len(named)] = bytes(named)
        self.intended.append((str(bid), tuple(current)))
        target = bid.hand.dice()
        target = tuple(target) + (0,) * (5 - len(target))
        last = max((i for i in range(5) if target[i] != current[i]), default=-1)
        for i in range(last + 1):  # the cup sends the whole bid wherever its pointer is: no need to go on
            for _ in range((target[i] - current[i]) % 7):
                self.cup.press("a", "press")
            if i < last:
                self.cup.press("b", "press")
        self.cup.press("b", "long")

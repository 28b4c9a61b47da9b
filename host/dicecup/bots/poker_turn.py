"""A poker bot's turn holding the cup, one step at a time: the one driver the arena (poker_game.py), the hub's bots
(hub/poker/round.py) and the demo's hands on a virtual cup (sim/pokerhands.py) all play a poker bot through.

Each asks `turn.next_step(state, known, events)` for what the holder does next, and carries it out its own way:
the arena rolls its own dice, the hub rolls fairly or through the table's cup, the hands press the cup's buttons.

    Shake(seat)                     shake: the five at the opening, else the dice under the cup
    LOOK                            look under the cup (the executor fills in `known`, then asks again)
    Hide(seat, slots)               take these dice off the table, back under the cup
    Show(seat, ((slot, 0), ...))    put these dice on the table (their faces are the executor's to tell)
    OpenRoll / Try(seat, ((slot, 0), ...))   roll these dice in the open (a try: at five of a kind)
    PokerBid, Accept, CallLiar      the bot's decision, to record as it is

`known` is what this seat knows of dice 1..5 (None where it can't). A step whose faces are 0 names dice only.
"""
from dicecup.rules.poker import BIDDING, OPENING, RECEIVING, TRIES, Hide, OpenRoll, Shake, Show, Try

from .poker_view import BID, HANDLE, OPEN, RECEIVE, make_view

LOOK = "look"


def safest(view):
    return view.legal[-1] if view.stage == RECEIVE else view.legal[0]


def decide(bot, view):
    """(action, None), or (the safest action, what was wrong)."""
    from .guard import ask
    try:
        action = ask(bot, view)
    except SystemExit as error:
        return safest(view), f"raised SystemExit: it called sys.exit({error.code!r})"
    except Exception as error:  # noqa: BLE001 - a bot must never crash the table
        return safest(view), f"raised {type(error).__name__}: {error}"
    if type(action) not in {type(a) for a in view.legal[:1] + view.legal[-1:]} or action not in view.legal:
        return safest(view), f"returned {action!r}, which is not a legal action"
    return action, None


class PokerTurn:
    """One bot's turns holding the cup. `problem(text)` hears of a bot that raised or answered with something
    illegal (it plays the safest action instead)."""

    def __init__(self, bot, seat: str, problem=None):
        self.bot, self.seat, self.problem = bot, seat, problem
        self.plan = None   # what is left of the accepted turn's handling
        self.turn = None   # (round, bids so far): the turn the plan belongs to

    def next_step(self, state, known, events):
        seat, turn = self.seat, (state.round, len(state.bids), state.accepted)
        if turn != self.turn:  # a new turn (or a new stage of it): no plan yet
            self.turn, self.plan = turn, None
        if state.phase == OPENING:
            return Shake(seat)
        if state.phase == RECEIVING:
            return self.ask(state, known, events, RECEIVE)
        if state.phase == TRIES:
            faces = list(state.faces)
            keep = max(set(faces), key=lambda face: (faces.count(face), face))  # roll for the largest group
            return Try(seat, tuple((s, 0) for s in range(1, 6) if faces[s - 1] != keep))
        if state.phase != BIDDING:
            return None
        if any(known[s - 1] is None for s in range(1, 6)):
            return LOOK
        if not state.accepted:  # the opener shook and looked: it bids and names the way
            return self.ask(state, known, events, OPEN)
        if self.plan is None:  # dice already shaken or rolled (a move typed for the bot) are handled: it bids
            self.plan = [] if state.shaken or state.rolled else self._steps(state, self.ask(state, known, events,
                                                                                             HANDLE))
        if self.plan:
            return self.plan.pop(0)
        return self.ask(state, known, events, BID)

    def ask(self, state, known, events, stage):
        action, problem = decide(self.bot, make_view(state, self.seat, stage, known, events))
        if problem is not None and self.problem is not None:
            self.problem(f"{self.seat}'s bot {problem}; it plays {action} instead")
        return action

    def _steps(self, state, plan) -> list:
        """A Plan (poker_view.py) as steps, each one change at the table."""
        hide, show = plan.moves(state.on_table)
        seat, steps = self.seat, []
        if hide:
            steps.append(Hide(seat, hide))
        if show:
            steps.append(Show(seat, tuple((s, 0) for s in show)))
        if plan.shake:
            steps.append(Shake(seat))
        if plan.roll:
            steps.append(OpenRoll(seat, tuple((s, 0) for s in sorted(plan.roll))))
        return steps

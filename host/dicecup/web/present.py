"""What a table screen may know, as JSON-ready dicts: pure functions from the hub's published snapshots and events.

Everything here is a whitelist. A page is told the public table (seats, dice counts, bullets, bids, the clock,
pauses) and the dice of rounds already revealed, never `state.rolls` of a round in progress: at a call the engine
fills that in cup by cup, and a half-revealed round is nobody's business until the whole reveal is published."""
import re

from dicecup.rules.referee import count_words

from dicecup.hub.snapshot import GameWon, PokerRevealed, RoundRevealed, Said, TableSnapshot, TriggerPulled, TurnStarted
from dicecup.rules.games import piece
from dicecup.rules.play import raise_floors
from dicecup.rules.state import BIDDING

# The words a spectator reads for the hub's phases (the engine's state says the rest).
PHASE_WORDS = {"seating": "taking seats", "dealing": "shaking the cups", "bidding": "bidding",
               "revealing": "lifting the cups", "between": "next round coming", "over": "game over"}
JOURNAL_PATH = re.compile(r"[;,]? ?journal:? /\S+")


def table_message(snap: TableSnapshot) -> dict:
    """The whole public table now: sent at every change and to every page that connects."""
    state = snap.state
    message = {"type": "table", "phase": str(snap.phase), "phase_words": PHASE_WORDS.get(str(snap.phase), ""),
               "paused": snap.paused, "pause_reason": _pause_reason(snap), "clock_left": snap.clock_left,
               "seats": [], "waiting_cups": len(snap.waiting_cups)}
    if state is None:  # seating: only who has sat down so far
        message["seats"] = [_seat(view, None, None) for view in snap.seats]
        return message
    return piece(snap, "web_present").game_message(snap, state, message)


# Face bids' piece of the web (rules/games.py's Kind names a module for each game kind; poker's is pokerpresent.py):
# the table message once the game is under way, the words for a phone seat's link at the hub and on the screen
# while seats are taken, and the page modules that draw the table and play the cup (None: table.js and phone.js
# draw a cup each themselves).
PHONE_LINK = "{name}'s phone (this link plays {name}'s seat: show it to that player only)"
SEAT_CODES_ASK = "Playing on a phone? Ask the host to show you your seat's code, then press Take a seat"
SCREEN = PHONE = None
WIRE_WORDS = {}  # what a phone's page needs of the wire beyond every page's words (phonepage.py's WIRE_WORDS)


def game_message(snap: TableSnapshot, state, message: dict) -> dict:
    """A face-bid table under way. `message`: table_message's fields for the hub's snapshot (phase, pause, clock)."""
    to_act = state.to_act or (state.seats[snap.to_act] if snap.to_act is not None else None)
    views = {view.name: view for view in snap.seats}
    message["seats"] = [_seat(views.get(name), state, i, to_act) for i, name in enumerate(state.seats)]
    standing = state.standing
    message.update({
        "rules": str(state.rules), "preset": state.rules.preset.name, "revolver": state.rules.preset.revolver,
        "round": state.round, "wild": state.wild, "dice_in_play": state.dice_in_play,
        "palifico": state.seats[state.palifico] if state.palifico is not None else None,
        "to_act": to_act, "floors": _floors(state),
        "standing": None if standing is None else {"bid": str(standing), "words": standing.words(),
                                                   "quantity": standing.quantity, "face": standing.face,
                                                   "by": state.seats[state.bids[-1][0]]},
        "bids": [{"seat": state.seats[i], "bid": str(bid), "words": bid.words()} for i, bid in state.bids],
        "history": [outcome_message(o) for o in state.history],
        "winner": snap.winner,
    })
    return message


def _floors(state):
    """For the seat to act, the smallest quantity it may bid on each face (index 1..6; None where it can't, or only
    above the dice in play): where a phone's composer starts, and how low it may go."""
    if state.phase != BIDDING:
        return None
    return [None if low is None or low > state.dice_in_play else low for low in raise_floors(state)]


def _seat(view, state, index, to_act=None) -> dict:
    name = view.name if state is None else state.seats[index]
    seat = {"name": name, "kind": _kind(view), "note": view.note() if view else "",
            "connected": view is None or view.kind == "bot" or view.connected}  # a bot never drops
    if state is not None:
        seat.update({"dice": state.dice[index], "alive": state.alive[index], "bullets": state.bullets[index],
                     "to_act": name == to_act})
    return seat


def _kind(view) -> str:
    if view is None:
        return "seat"
    return "phone" if view.board == "phone" else view.kind


def _pause_reason(snap: TableSnapshot) -> str:
    if not snap.paused:
        return ""
    gone = [view.name for view in snap.seats if view.kind != "bot" and not view.connected]
    if gone:
        return f"{' and '.join(gone)}'s cup dropped: waiting for it (or `retire NAME` at the hub)"
    return snap.held or "waiting for the hub"


def outcome_message(o) -> dict:
    """One resolved round: every cup's dice (public once lifted), the count against the bid, who lost."""
    if o.call == "timeout":
        return {"n": o.n, "call": "timeout", "caller": o.caller, "losers": list(o.losers),
                "eliminated": list(o.eliminated), "verdict": f"{o.caller} ran out of time and loses the round"}
    bid = o.bid
    return {"n": o.n, "call": o.call, "caller": o.caller, "bid": str(bid), "bid_words": bid.words(),
            "bidder": o.bidder, "face": bid.face, "quantity": bid.quantity, "wild": o.wild, "count": o.count,
            "count_words": count_words(o), "correct": o.correct, "losers": list(o.losers),
            "gained": list(o.gained), "eliminated": list(o.eliminated),
            "rolls": {name: list(dice) for name, dice in o.rolls.items()},
            "shots": [{"seat": seat, "dead": dead} for seat, dead in o.shots],
            "verdict": _verdict(o)}


def _verdict(o) -> str:
    right = "right" if o.correct else "wrong"
    if o.losers:
        who = f"{', '.join(o.losers)} {'loses' if len(o.losers) == 1 else 'lose'} the round"
    elif o.gained:
        who = f"{', '.join(o.gained)} wins a die back"
    else:
        who = "nobody loses"
    shots = "".join(f"; {seat} pulls the trigger: {'BANG, out' if dead else 'click'}" for seat, dead in o.shots)
    return f"{o.caller} called {o.call}: the call was {right}; {who}{shots}"


def event_message(item):
    """The message for one published event, or None for what a screen does not show (stopwatch marks)."""
    if isinstance(item, Said):  # where the hub keeps its journal is the host's business, not the room's
        if item.private:  # e.g. the dice under a poker cup, told at the hub's terminal to whoever typed the move
            return None
        said = {"type": "said", "text": JOURNAL_PATH.sub("", item.text), "quiet": item.quiet}
        if item.refused is not None:  # a move refused: the player's phone shows the hub's words by its buttons
            said["refused"] = item.refused
        return said
    if isinstance(item, RoundRevealed):
        return {"type": "reveal", "round": outcome_message(item.outcome)}
    if isinstance(item, TriggerPulled):
        return {"type": "shot", "seat": item.seat, "bullets": item.bullets, "dead": item.dead}
    if isinstance(item, GameWon):
        return {"type": "won", "winner": item.winner}
    if isinstance(item, TableSnapshot):
        return table_message(item)
    if isinstance(item, TurnStarted):  # the hub may publish the turn before the snapshot that carries it
        return table_message(item.snapshot)
    return None


class Presenter:
    """event_message for one server, with a poker round's reveal in its own words."""

    def __call__(self, item):
        if isinstance(item, TurnStarted):
            item = item.snapshot
        if isinstance(item, TableSnapshot):
            return table_message(item)
        if isinstance(item, PokerRevealed):  # a poker round's words are poker's own, loaded for poker dice only
            from .pokerpresent import poker_round_message
            return {"type": "reveal", "round": poker_round_message(item.outcome)}
        return event_message(item)

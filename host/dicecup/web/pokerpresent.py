"""What a table screen may know of a poker-dice table, as JSON-ready dicts: pure functions of the
poker table's published snapshot (seats, pause, and the engine's public state).

A whitelist, as present.py is for face bids. The cup's five dice go out one by one: a die on the table with its
face, a die under the cup as `{"die": N, "open": false}` and nothing more -- even when the table saw its face
before it went back under the cup (the engine keeps that face; a hub holding a bot's dice knows them all; a real
cup's hidden dice the hub does not know at all). The five faces of a round go out once it is revealed."""
from cupcore import pokercup

from dicecup.hub.poker.codes import code_of_hand
from dicecup.rules.poker.hands import FIVE, HIGH, HIGH_STRAIGHT, JUNK, LOW_STRAIGHT, bids_above, rank_char

# What the holder of the cup is doing, by the engine's phase (rules/poker/state.py).
DOING = {"opening": "{holder} shakes the cup to open round {round}",
         "receiving": "{holder} is passed the cup: accept {bid} or call liar",
         "bidding": "{holder} holds the cup",
         "tries": "{holder} rolls for five of a kind: try {tries} of 3",
         "reveal": "the cup is lifted",
         "over": ""}
# Poker dice's piece of the web (present.py has face bids'): a phone is the table's one cup, passed round, and the
# page modules pokertable.js and pokerphone.js draw the table and play that cup.
PHONE_LINK = ("{name}'s phone (this link makes a phone the table's cup, passed round from player to player: open it "
              "on that one phone only)")
SEAT_CODES_ASK = ("The table's cup on a phone: ask the host for its code, open it on the phone you will pass round, "
                  "then press Take a seat")
SCREEN, PHONE = "PokerTable", "PokerPhone"
# The cup's PTABLE stages by name, for the page that plays the cup (pokerphone.js): pokercup.py is their one table.
WIRE_WORDS = {"stages": {name.lower(): getattr(pokercup, name)
                         for name in ("WAITING", "OPENING", "RECEIVING", "HANDLING", "TRIES", "LIFTED")}}
DROPPED = "the table's cup dropped: waiting for it to come back (this round is then played again from the shake)"


def game_message(snap, state, base: dict) -> dict:
    """The poker table now. `base`: present.table_message's fields for the hub's snapshot (phase, pause, clock)."""
    holder = state.seats[state.holder] if state.holder is not None else None
    views = {view.name: view for view in snap.seats}
    message = dict(base)
    message.update({
        "game": "poker", "screen": SCREEN, "rules": str(state.rules), "preset": state.rules.preset.name,
        "round": state.round,
        "lives_each": state.rules.lives, "stage": state.phase, "holder": holder,
        "direction": _way(state.direction), "passes_to": _receiver(state),
        "doing": _doing(state, holder), "to_act": state.to_act,
        "seats": [_seat(views.get(name), state, i) for i, name in enumerate(state.seats)],
        "dice": [{"die": slot, "open": True, "face": rank_char(face)} if on else {"die": slot, "open": False}
                 for slot, (face, on) in enumerate(zip(state.faces, state.on_table), 1)],
        "standing": None if state.standing is None else {"bid": str(state.standing), "words": state.standing.words(),
                                                         "by": state.seats[state.bids[-1][0]]},
        "raise": _smallest_raise(state.standing),
        "bids": [{"seat": state.seats[i], "bid": str(hand), "words": hand.words(),
                  "way": _way(state.direction) if n == 0 else ""} for n, (i, hand) in enumerate(state.bids)],
        "history": [poker_round_message(o) for o in state.history],
        "winner": state.seats[state.winner] if state.winner is not None else None,
    })
    if snap.paused:
        message["pause_reason"] = snap.held or DROPPED
    return message


def _smallest_raise(standing):
    """The lowest hand that beats the standing bid, where a phone's composer starts: {"above": the standing bid's
    code (as the cup's PTABLE names it), "dice": faces 1..6}; None with no bid standing, or none higher."""
    higher = bids_above(standing) if standing is not None else ()
    return {"above": code_of_hand(standing), "dice": list(higher[0].dice())} if higher else None


def _seat(view, state, index) -> dict:
    name = state.seats[index]
    # A player passes the table's one cup on, so no seat is a cup or a phone of its own: a bot, or a player.
    seat = {"name": name, "kind": "bot" if view is not None and view.kind == "bot" else "player",
            "note": view.note() if view else "", "connected": view is None or view.kind == "bot" or view.connected}
    seat.update({"lives": state.lives[index], "alive": state.lives[index] > 0, "holds": state.holder == index,
                 "to_act": name == state.to_act})
    return seat


def _way(direction):
    return None if direction is None else ("left" if direction == 1 else "right")


def _receiver(state):
    """Who gets the cup next: the seat the holder passes to once it bids (the way is the round's)."""
    if state.direction is None or state.holder is None or state.phase not in ("bidding", "receiving"):
        return None
    return state.seats[state.next_living(state.holder, state.direction)]


def _doing(state, holder) -> str:
    if holder is None and state.phase not in ("reveal", "over"):
        return "the first opener is being drawn"
    bid = f"{state.standing} ({state.standing.words()})" if state.standing is not None else ""
    words = DOING.get(state.phase, "").format(holder=holder, round=state.round, bid=bid, tries=state.tries + 1)
    if state.phase == "bidding":
        words += ": looks, moves dice, may shake again, then bids higher" if state.accepted else ": looks and bids"
    return words


def poker_round_message(o) -> dict:
    """One finished round: the five dice (public once the cup is lifted), which of them make the hand, the hand
    they make against the bid, who called, whether the call was right, who lost a life, everyone's lives."""
    made = o.made
    return {"game": "poker", "screen": SCREEN, "n": o.n, "opener": o.opener, "direction": o.direction, "call": o.call,
            "caller": o.caller, "bidder": o.bidder, "bid": str(o.bid), "bid_words": o.bid.words(),
            "dice": [rank_char(f) for f in o.dice], "lit": _lit(o.dice, made), "made": str(made),
            "made_words": made.words(), "correct": o.correct, "tries": o.tries, "loser": o.loser,
            "lives_after": dict(o.lives_after), "eliminated": list(o.eliminated), "verdict": o.words()}


def _lit(dice, made) -> list:
    """Which of the five dice make the hand (the groups of it; every die of a straight): lit up at the reveal."""
    if made.kind in (HIGH_STRAIGHT, LOW_STRAIGHT, FIVE):
        return [True] * 5
    if made.kind in (JUNK, HIGH):
        return [False] * 5
    return [face in made.groups for face in dice]

"""What a cup's ERROR frame means to the people at the table: what happened and what, if
anything, to do — never the protocol's own words ("message not valid in this state (table)"). The codes and
their protocol names are in cupcore/wire.py and wirenames.py; docs/protocol.md lists when a cup sends each."""
from cupcore import wire

# ERR_STATE: the cup got a message its state could not take, and changed nothing. By the message it ignored.
_IGNORED = {
    wire.TABLE: "ignored the table update (it held no dice for this round yet); it is sent again at the next turn",
    wire.DEAL: "ignored the deal (it is not seated in this game, is out, or already holds other dice for that "
               "deal); nothing to do",
    wire.REVEAL_REQ: "could not show its dice (it holds none for this round); the hub asks it again or deals "
                     "the round again",
    wire.ENTROPY: "refused the hub's entropy (it has other entropy for this round, or no deal): its dice stay as "
                  "they were; nothing to do",
    wire.RESULT: "ignored a round's result (it had already moved on); it gets the next one as usual",
    wire.ACCEPT: "ignored the hub's answer to a move it was no longer waiting for; nothing to do",
    wire.REFUSE: "ignored the hub's answer to a move it was no longer waiting for; nothing to do",
}


def cup_error_words(name: str, code: int, about: int) -> str:
    """One line for the screen: `name`'s cup sent ERROR(code, about)."""
    cup = f"{name}'s cup"
    if code == wire.ERR_STATE:
        return f"{cup} {_IGNORED.get(about, 'ignored a message it could not take just now; nothing to do')}"
    if code in (wire.ERR_VERSION, wire.ERR_UNKNOWN):
        return (f"{cup} runs firmware that does not speak this hub's version of the protocol: flash it again "
                f"with `dicecup flash` after this game")
    if code == wire.ERR_BODY:
        return (f"{cup} could not read a message from the hub (a damaged or unexpected one); the hub sends it "
                f"again, and if this repeats, flash the cup again with `dicecup flash`")
    if code == wire.ERR_BUSY:
        return f"{cup} is busy (too much to send at once); it catches up by itself"
    if code == wire.ERR_CRASH:
        return (f"{cup} hit a fault in its program and carried on (its dice are kept); if it happens again, "
                f"flash it again with `dicecup flash` after this game")
    if code == wire.ERR_RANDOM:
        return (f"{cup} has no working random source (its board gave the same bytes again), so it can't roll fair "
                f"dice and holds none this round; `retire` its seat and play with another board")
    return f"{cup} reported a problem the hub does not know (code {code}); the game goes on"

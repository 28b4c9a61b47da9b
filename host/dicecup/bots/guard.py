"""Asking a bot for its move without trusting it: whatever it does, the table gets a legal action in time.

`decide(bot, view, budget_s)` runs the bot in a worker thread with a deadline. A bot that raises, returns
anything but one of `view.legal`, or overruns its budget is replaced for that turn by the safest legal action,
and the problem comes back in words for the table to report. A bot still thinking about an earlier turn is not
asked again until it has finished (its late answer is dropped): one runaway bot never piles up threads.
"""
import threading

from dicecup.rules import Bid, Call

DEFAULT_BUDGET = 2.0  # seconds a bot may think when the table's clock allows it

_busy = {}  # id(bot) -> the worker thread still running its last, overrun, turn
_busy_lock = threading.Lock()


def safest(view):
    """What a failing bot plays instead: call liar when it may, else the lowest legal bid."""
    for action in view.legal:
        if str(action) == "liar":
            return action
    return view.legal[0]


def budget_for(clock_left, default: float = None) -> float:
    """A bot's budget at a table whose turn clock shows `clock_left` seconds (None: no clock): never more than
    half of what is left, so the replacement still lands in time."""
    default = DEFAULT_BUDGET if default is None else default
    if clock_left is None:
        return default
    return max(0.05, min(default, clock_left / 2))


def ask(bot, view):
    """The bot's own answer, unchecked: `bot.act(view)` or `bot(view)`."""
    return (bot.act if hasattr(bot, "act") else bot)(view)


def check(action, view):
    """None if `action` is one of view.legal, else what is wrong with it.

    Only a real Bid or Call counts: a plain tuple equal to a bid, or a look-alike of a call, would be refused or
    misread by the engine, so it is replaced here like any other wrong answer."""
    if type(action) in (Bid, Call) and action in view.legal:
        return None
    return f"returned {action!r}, which is not a legal action"


def decide_inline(bot, view):
    """The bot's action and None, or the safest action and the problem (no time budget: for self-play)."""
    try:
        action = ask(bot, view)
    except SystemExit as error:  # a bot does not get to end the program it plays in
        return safest(view), f"raised SystemExit: it called sys.exit({error.code!r})"
    except Exception as error:  # noqa: BLE001 - a bot must never crash the table
        return safest(view), f"raised {type(error).__name__}: {error}"
    problem = check(action, view)
    return (safest(view), problem) if problem else (action, None)


def decide(bot, view, budget_s: float = DEFAULT_BUDGET):
    """(action, None) when the bot answered well and in time, else (the safest action, the problem)."""
    key = id(bot)
    with _busy_lock:
        running = _busy.get(key)
        if running is not None and running.is_alive():
            return safest(view), "is still thinking about an earlier turn"
        _busy.pop(key, None)
    result = {}

    def work():
        result["answer"] = decide_inline(bot, view)

    worker = threading.Thread(target=work, name="bot turn", daemon=True)
    worker.start()
    worker.join(budget_s)
    if worker.is_alive():
        with _busy_lock:
            _busy[key] = worker
        return safest(view), f"took longer than its {budget_s:g} s"
    return result["answer"]

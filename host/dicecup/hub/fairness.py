"""Rechecking a game's dice from its journal alone (docs/protocol.md, "Fair dice"), for every game kind: the kind's
own check (hub/games.py: faces/fairness.py, poker/verify.py), and how even a tally of faces is. Used by `dicecup
verify` and `dicecup referee`. Pure: text in, a summary out, FairnessError naming the first bad line.

What a journal proves: that each roll is the fixed function of a seed the cup committed to before the hub's
entropy existed. A single changed die, seed, commitment, nonce or entropy byte is caught. Someone who rewrites a
whole deal consistently (new seeds, new commitments, new checks) is not: that is what the hub's signature over the
journal is for (hubkey.py; `dicecup verify` checks it too).
"""
import math

from dicecup.rules.record import parse_lines

from .journalfacts import Checked, FairnessError  # noqa: F401  (FairnessError: what callers catch, from here)


def check_journal(text: str) -> Checked:
    """Recheck every roll of a journal, of any game kind (games.journal_check: poker dice commits to each die
    alone); FairnessError at the first line that does not check."""
    from .games import journal_check
    parsed = parse_lines(text)
    return journal_check(parsed[0][0])(text, parsed)


# -- how even the faces are -----------------------------------------------------------------------------------------
def chi_square(counts) -> float:
    total = sum(counts)
    if not total:
        return 0.0
    expected = total / len(counts)
    return sum((c - expected) ** 2 / expected for c in counts)


def p_value_df5(x: float) -> float:
    """P(X >= x) for chi-square with 5 degrees of freedom, in closed form (odd df: erfc and one series term):
    erfc(sqrt(x/2)) + sqrt(2x/pi) * exp(-x/2) * (1 + x/3)."""
    if x <= 0:
        return 1.0
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * (1 + x / 3)

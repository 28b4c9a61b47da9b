"""The odds in words and tables, for the terminal (`dicecup odds`) and the odds page (docs/odds.md)."""
from fractions import Fraction

from dicecup.rules.notation import FACE_NAMES

from .exact import binomial, success

WORLDS = (True, False)  # ones wild, then not: the order of every side-by-side table


def pct(p) -> str:
    """A probability as a percentage a person reads; never rounds a possible event to 0 % or a doubtful one
    to 100 %."""
    value = float(p)
    if 0 < value < 0.0005:
        return "<0.1 %"
    if 0.9995 <= value < 1:
        return ">99.9 %"
    return f"{value * 100:.1f} %"


_LARGE = ((10 ** 12, "trillion"), (10 ** 9, "billion"), (10 ** 6, "million"))


def one_in(p) -> str:
    """The fair price of a call that wins with probability p, as people say it: "1 in 5.6", "1 in 3",
    "1 in 1,296", "1 in 3.5 billion", "1 in 3,656 trillion"."""
    if not p:
        return "never"
    value = float(1 / Fraction(p))
    if value < 10:
        return f"1 in {value:.1f}".removesuffix(".0")
    for size, word in _LARGE:
        if value >= size:
            scaled = value / size
            shown = f"{scaled:,.0f}" if scaled >= 100 else f"{scaled:.1f}".removesuffix(".0")
            return f"1 in {shown} {word}"
    return f"1 in {value:,.0f}"


def dice_count(n: int) -> str:
    """ "1 die", "5 dice" """
    return f"{n} {'die' if n == 1 else 'dice'}"


def world_name(wild: bool) -> str:
    return "ones wild" if wild else "ones not wild"


def world_rule(wild: bool) -> str:
    """Which bids a world's column prices, with the chance per hidden die."""
    if wild:
        return f"ones wild, a bid on 2-6: each hidden die counts with p = {success(2, True)}"
    return f"ones not wild, or any bid on ones: each hidden die counts with p = {success(2, False)}"


def dice_words(dice) -> str:
    return " ".join(map(str, dice)) if dice else "nothing"


def counts_words(mine, face: int, wild: bool) -> str:
    """What of your dice counts for `face`, in words: "2 threes + 1 wild one"."""
    real = sum(1 for d in mine if d == face)
    wilds = sum(1 for d in mine if d == 1) if wild and face != 1 else 0
    parts = [f"{real} {FACE_NAMES[face][0 if real == 1 else 1]}"]
    if wilds:
        parts.append(f"{wilds} wild {'one' if wilds == 1 else 'ones'}")
    return " + ".join(parts)


def hidden_rows(hidden: int):
    """Rows (k, wild at least, wild exactly, plain at least, plain exactly) for k = 0..hidden, as Fractions."""
    tables = [binomial(hidden, wild) for wild in WORLDS]
    for k in range(hidden + 1):
        row = [k]
        for t in tables:
            row += [Fraction(t.tail[k], t.den), Fraction(t.pmf[k], t.den)]
        yield tuple(row)


def most_likely_exact(hidden: int, wild: bool):
    """(k, P(exactly k)): the quantity (1 or more: no bid names zero dice) a spot call is most likely to hit
    among `hidden` dice; the lower one on a tie."""
    t = binomial(hidden, wild)
    k = max(range(1, hidden + 1), key=lambda i: (t.pmf[i], -i))
    return k, Fraction(t.pmf[k], t.den)


def align(rows, right_from: int = 1) -> list:
    """Rows of cells as aligned text lines: the first `right_from` columns left-aligned, the rest right."""
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    out = []
    for r in rows:
        cells = [str(c).ljust(w) if i < right_from else str(c).rjust(w) for i, (c, w) in enumerate(zip(r, widths))]
        out.append("  ".join(cells).rstrip())
    return out

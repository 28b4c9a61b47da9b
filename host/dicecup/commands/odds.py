"""`dicecup odds`: the exact odds of a bid from one seat, or the full table for a dice count.

    dicecup odds --rules dudo --dice 20 --mine 1 3 3 5 6 --bid 7x3 [--json]
    dicecup odds --dice 20 [--mine ...] [--threshold 0.5]     the table: both worlds side by side
    dicecup odds --markdown docs/odds.md                      regenerate the odds page and its plots
"""
import json
import re
import sys
from fractions import Fraction

from dicecup.rules import Bid, DicecupError, Rules
from dicecup.rules.errors import quoted, short
from dicecup.rules.games import kind, piece

PROG = "dicecup odds"


def add_arguments(parser):
    parser.add_argument("--rules", nargs="+", default=["dudo"], metavar="WORD",
                        help="preset and switches, as in a record: --rules dudo wild=off (default: dudo)")
    parser.add_argument("--dice", help="dice in play at the table, yours included")
    parser.add_argument("--mine", nargs="*", default=[], action="extend", metavar="DIE",
                        help="your own dice: --mine 1 3 3 5 6 (given twice, they add up)")
    parser.add_argument("--bid", help="the bid to price, QxF (7x3); without it, the full table")
    parser.add_argument("--palifico", action="store_true",
                        help="a palifico round (dudo): ones are not wild in it")
    parser.add_argument("--opened-on-ones", action="store_true",
                        help="the round's first bid was on ones: in dudo, ones are not wild for the round")
    parser.add_argument("--threshold", default="1/2",
                        help="the chance a best bid must reach, as 0.5 or 1/2 (default 1/2)")
    parser.add_argument("--json", action="store_true",
                        help='print {"bid", "hidden", "wild", "at_least", "exactly", "expected"} (needs --bid)')
    parser.add_argument("--markdown", metavar="PATH",
                        help="write the odds page there (and its plots in img/ beside it), then stop")


class BadArgument(Exception):
    """Bad command-line input; the message is for the person who typed it."""


def dice_in_play(text, rules) -> int:
    """--dice: a whole number of at least 1, in the digits 0-9, and no more than the table holds."""
    from dicecup.odds.sight import hand_limit, table_limit

    if text is None:
        raise BadArgument("--dice (the dice in play) is required")
    text = text.strip()  # pasted with spaces
    shown = short(text)
    if text.isdigit() and not text.isascii():
        raise BadArgument(f"--dice {shown}: the dice in play is a whole number written with the digits 0-9")
    if not text.isdigit():
        raise BadArgument(f"--dice {shown}: the dice in play is a whole number, at least 1")
    most = table_limit(rules)
    if len(text.lstrip("0")) > len(str(most)):  # too many digits for any table (and for int(), past 4,300)
        raise BadArgument(f"--dice {shown}: a `{rules}` table holds at most {most} "
                      f"({rules.players[1]} players of {hand_limit(rules)})")
    return int(text)


def parse_die(text: str) -> int:
    text = text.strip()  # pasted with spaces
    if text.isdigit() and not text.isascii():
        raise BadArgument(f"{quoted(text)} is not a die: write dice with the digits 1 to 6")
    if not text.isdigit() or len(text) > 1 or not 1 <= int(text) <= 6:
        raise BadArgument(f"{quoted(text)} is not a die: a die shows 1 to 6")
    return int(text)


# 0.5, .5, 1/2: plain digits only (Fraction would also read 1e-99999999, and take forever over it)
_THRESHOLD = re.compile(r"\d{1,9}(\.\d{1,9})?|\.\d{1,9}|\d{1,9}/\d{1,9}", re.ASCII)


def parse_threshold(text: str) -> Fraction:
    if not _THRESHOLD.fullmatch(text.strip()):
        raise BadArgument(f"threshold {quoted(text)} is not a number: write 0.5 or 1/2")
    try:
        value = Fraction(text.strip())
    except ZeroDivisionError:
        raise BadArgument(f"threshold {quoted(text)} is not a number: write 0.5 or 1/2") from None
    if not 0 < value <= 1:
        raise BadArgument(f"threshold {short(text)}: a best bid's chance must be above 0 and at most 1")
    return value


def check_page_path(text) -> None:
    """--markdown names the page's file, in a folder that is one: checked before any plot is drawn beside it."""
    from pathlib import Path

    path = Path(text)
    if not text.strip() or path.is_dir():
        raise BadArgument(f"--markdown {text!r} is a folder: name the page's file, like docs/odds.md")
    for parent in path.parents:
        if parent.exists():
            if not parent.is_dir():
                raise BadArgument(f"can't write {path}: {parent} is a file, not a folder")
            break


def _other_options(args) -> bool:
    given = (args.dice, args.mine, args.bid, args.palifico, args.opened_on_ones, args.json)
    return any(given) or args.rules != ["dudo"] or args.threshold != "1/2"


def build_sight(args):
    from dicecup.odds import Sight

    rules = Rules.parse(" ".join(args.rules))
    dice = dice_in_play(args.dice, rules)
    mine = tuple(parse_die(d) for d in args.mine)
    return Sight.make(rules, dice, mine, palifico=args.palifico, opened_on_ones=args.opened_on_ones)


def answer(args) -> str:
    if args.markdown:
        if _other_options(args):
            raise BadArgument("--markdown writes the whole odds page: it takes no --dice, --bid or other options")
        check_page_path(args.markdown)
        from dicecup.commands.progressbar import progress_bar
        from dicecup.odds.page import write_page

        with progress_bar("drawing the odds plots", "plots") as progress:
            return "\n".join(f"wrote {p}" for p in write_page(args.markdown, progress=progress))
    rules = Rules.parse(" ".join(args.rules))
    if args.json and args.bid is None:
        raise BadArgument(f"--json prints the odds of one bid: add --bid {kind(rules).bid_example}")
    return piece(rules, "odds")(args)


def face_answer(args) -> str:
    """A bid's odds, or the table's, from what one seat sees of a face-bid round."""
    from dicecup.odds.report import bid_lines, table_lines

    sight = build_sight(args)
    threshold = parse_threshold(args.threshold)
    if args.bid is None:  # `--bid ""` is a bid left empty, not the whole table
        return "\n".join(table_lines(sight, threshold))
    bid = Bid.parse(args.bid)
    if args.json:
        return json.dumps(sight.odds(bid).to_json())
    return "\n".join(bid_lines(sight, bid))


def run(args) -> int:
    try:
        text = answer(args)
    except (BadArgument, DicecupError) as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"{PROG}: can't write {error.filename}: {error.strerror}", file=sys.stderr)
        return 2
    except ImportError as error:
        print(f"{PROG}: the odds page needs {error.name}: install dicecup[test] (pip install -e '.[test]')",
              file=sys.stderr)
        return 2
    print(text)
    return 0

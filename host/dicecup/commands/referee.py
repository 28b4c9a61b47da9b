"""`dicecup referee [FILE|-] [--json]`: replay a game record and rule every round.

With no file, the record comes from a pipe (`cat game.txt | dicecup referee`). On a terminal, where nothing is
piped, it says what it wants rather than wait in silence; `dicecup referee -` there reads what is typed, after a
prompt line on stderr.
"""
import json
import sys

from dicecup.hub.journalfacts import journal_text
from dicecup.rules import RecordError
from dicecup.rules.record import canonical_text
from dicecup.rules.referee import replay, report_lines

PROG = "dicecup referee"


def add_arguments(parser):
    parser.add_argument("file", nargs="?", default=None,
                        help="a game record or journal; - reads stdin (the default when something is piped in)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the report")


class NothingToRead(Exception):
    """No file named and nothing piped in: the message says what to give."""


def read_record(path) -> str:
    """The record's text as every reader reads it (rules/record.py's one reading), from its file or stdin;
    NothingToRead, OSError, UnicodeDecodeError, or RecordError naming a line outside the canonical form."""
    if path is not None and not path.strip():  # `dicecup referee "$GAME"` with GAME unset
        raise NothingToRead(f"{PROG}: the record's name is empty: name a game record (dicecup referee game.txt)")
    if path in (None, "-") and sys.stdin is None:  # started with standard input closed
        raise NothingToRead(f"{PROG}: no standard input to read: name a game record (dicecup referee game.txt)")
    if path is None and _typing_at_a_terminal():
        raise NothingToRead(f"{PROG}: name a game record (dicecup referee game.txt), pipe one in "
                            "(cat game.txt | dicecup referee), or type one after dicecup referee -")
    if path in (None, "-"):
        if _typing_at_a_terminal():
            print(f"{PROG}: type or paste a game record, then Ctrl-D on a line of its own", file=sys.stderr)
        return _stdin_as_utf8()
    return journal_text(path)


def _stdin_as_utf8() -> str:
    """A record is UTF-8 wherever it comes from, whatever the terminal's encoding (`PYTHONIOENCODING=ascii` read
    a piped `seats ana zoë` as bytes that are no letters)."""
    raw = getattr(sys.stdin, "buffer", None)
    return canonical_text(sys.stdin.read() if raw is None else raw.read())


def _typing_at_a_terminal() -> bool:
    try:
        return sys.stdin.isatty()
    except ValueError:  # stdin closed
        return False


def run(args) -> int:
    try:
        text = read_record(args.file)
    except NothingToRead as message:
        print(message, file=sys.stderr)
        return 2
    except OSError as error:
        print(f"{PROG}: can't read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"{PROG}: {args.file or 'the input'} is not a text file (records are read as UTF-8)",
              file=sys.stderr)
        return 2
    except RecordError as error:  # a line the one reading refuses: said as a line that does not replay
        print(error, file=sys.stderr)
        return 2
    try:
        result = replay(text)
        dice = check_dice(text)
    except RecordError as error:
        print(error, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        print("\n".join([dice, ""] + list(report_lines(result))))
    return 0


def check_dice(text: str) -> str:
    """A journal that carries fair-dice commitments has every die rechecked too (RecordError naming the line
    if one does not check); a bare record is said to have had its rules checked only."""
    from dicecup.hub.fairness import FairnessError, check_journal

    try:
        checked = check_journal(text)
    except FairnessError as error:
        raise RecordError(error.line, error.reason) from None
    if checked.scheme != "fair":
        return "checked the rules only: this record carries no fair-dice commitments to check its dice against"
    from dicecup.hub.journalredeals import redeal_lines, redeals

    return "\n".join([f"checked the rules and every die: {checked.rolls} roll(s) open their commitments and are what "
                      "their seeds and the hub's entropy give"] + redeal_lines(redeals(text)))

"""`dicecup referee [FILE|-] [--json]`: replay a game record and rule every round."""
import json
import sys

from dicecup.rules import RecordError
from dicecup.rules.referee import replay, report_lines


def add_arguments(parser):
    parser.add_argument("file", nargs="?", default="-", help="a game record or journal; - (default) reads stdin")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the report")


def read_record(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def run(args) -> int:
    try:
        text = read_record(args.file)
    except OSError as error:
        print(f"dicecup referee: can't read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"dicecup referee: {args.file} is not a text file", file=sys.stderr)
        return 2
    try:
        result = replay(text)
    except RecordError as error:
        print(error, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        print("\n".join(report_lines(result)))
    return 0

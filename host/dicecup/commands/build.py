"""`dicecup build --board B`: what goes on a cup's board, in dist/B/ (see dicecup.build)."""
import sys
from pathlib import Path

from dicecup.build import BOARDS, BuildError, build


def add_arguments(parser):
    parser.add_argument("--board", required=True, help=f"one of {', '.join(BOARDS)}")
    parser.add_argument("--out", help="where to put it (default dist/BOARD)")


def run(args) -> int:
    out = Path(args.out) if args.out else Path("dist") / args.board
    try:
        manifest = build(args.board, out)
    except BuildError as error:
        print(f"dicecup build: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"dicecup build: can't write {out}: {error.strerror or error}", file=sys.stderr)
        return 2
    size = sum(f["size"] for f in manifest["files"])
    print(f"{args.board}: {len(manifest['files'])} files, {size} bytes in {out}/ (for {manifest['firmware']})")
    for item in manifest["dependencies"]:
        print(f"  also install: {item}")
    return 0

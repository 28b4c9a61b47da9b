"""`dicecup build --board B`: what goes on a cup's board, in dist/B/ (see dicecup.build)."""
import sys
from pathlib import Path

from dicecup.build import BOARDS, BuildError, build


def add_arguments(parser):
    parser.add_argument("--board", required=True, help=f"one of {', '.join(BOARDS)}")
    parser.add_argument("--out", help="where to put it (default dist/BOARD); a rebuild replaces only the files "
                                      "an earlier build wrote there")
    parser.add_argument("--force", action="store_true",
                        help="write into a folder that holds other files, or over built files you edited "
                             "(nothing else there is deleted)")


def run(args) -> int:
    board = args.board.strip().lower()
    if args.out is not None and not args.out.strip():  # `--out "$OUT"` with OUT unset: not the default folder
        print("dicecup build: --out is empty: name the folder for the build, or leave --out out for dist/BOARD",
              file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else Path("dist") / board
    try:
        manifest = build(board, out, force=args.force)
    except BuildError as error:
        print(f"dicecup build: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"dicecup build: can't write {out}: {error.strerror or error}", file=sys.stderr)
        return 2
    size = sum(f["size"] for f in manifest["files"])
    print(f"{board}: {len(manifest['files'])} files, {size} bytes in {out}/ (for {manifest['firmware']})")
    for item in manifest["dependencies"]:
        print(f"  also install: {item}")
    return 0

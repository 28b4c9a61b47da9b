"""`dicecup flash --board B [--port P] [--name NAME]`: build, copy what changed, configure, register, confirm.

MicroPython boards (pico, atom) go through mpremote on the serial port (dicecup.flash.micropython); the
CircuitPython boards (cpb, picocp) are copied to its CIRCUITPY drive (dicecup.flash.circuitpython). docs/flashing.md.
"""
import json
import sys
from pathlib import Path

from dicecup.build import BOARDS, CIRCUITPYTHON, BuildError, build, previous_manifest


def add_arguments(parser):
    parser.add_argument("--board", required=True, help=f"one of {', '.join(BOARDS)}")
    parser.add_argument("--port", help="the board's serial port (default: the only board plugged in)")
    parser.add_argument("--name", help="the cup's name on the table, 16 bytes at most (default: its current one)")
    parser.add_argument("--drive", help="cpb, picocp: the CIRCUITPY drive's folder (default: found by its volume name)")
    parser.add_argument("--bundle", help="cpb, picocp: a folder holding the Adafruit libraries (an unzipped bundle's lib/)")
    parser.add_argument("--dist", help="flash this folder from `dicecup build` instead of building now")
    parser.add_argument("--data", help="the data directory holding the cup registry")
    parser.add_argument("--force", action="store_true",
                        help="flash even a board that says it is another kind than --board")
    parser.add_argument("--json", action="store_true", help="print the result as JSON on the last line")


def run(args) -> int:
    from dicecup.datadir import DataDirError, data_dir
    from dicecup.flash import FlashError
    from dicecup.flash.micropython import FlashInterrupted
    from dicecup.registry import Registry, RegistryError, check_name

    quiet = args.json

    def progress(line):
        if not quiet:
            print(line, flush=True)

    args.board = args.board.strip().lower()  # `--board PICO` as typed
    if args.board not in BOARDS:
        return _fail(f"no board named {args.board!r}: choose one of {', '.join(BOARDS)}")
    if args.port is not None:
        args.port = args.port.strip()  # pasted with a space or a newline
    empty = [option for option in ("dist", "drive", "bundle") if getattr(args, option) is not None and
             not getattr(args, option).strip()]
    if empty:  # `--drive "$DRIVE"` with DRIVE unset: not "find it yourself"
        return _fail(f"--{empty[0]} is empty: name the folder, or leave --{empty[0]} out")
    if args.port is not None and not args.port:  # `--port "$PORT"` with PORT unset: not "any board"
        return _fail("--port is empty: name the board's port (`dicecup ports` lists them), or leave --port out "
                     "to flash the only board plugged in")
    if args.name is not None:
        try:  # before the board is stopped, not after
            args.name = check_name(args.name.strip())
        except RegistryError as error:
            return _fail(f"--name: {error}")
    if args.port and args.board not in CIRCUITPYTHON:
        from dicecup.link.serial_port import not_a_port

        problem = not_a_port(args.port)
        if problem:  # said now, not after the build
            return _fail(problem)
    if (args.drive or args.bundle) and args.board not in CIRCUITPYTHON:
        return _fail(f"--drive and --bundle are for CircuitPython boards; {args.board} runs MicroPython")
    try:
        data = data_dir(args.data)
        # The board is found before a build (seconds): no board plugged in is said at once. A --dist build is
        # checked first, at once, as it costs nothing.
        board = None if args.dist else _found(args)
        dist, manifest = _built(args, data, progress)
        board = board or _found(args)
        with Registry.open(data) as registry:
            if args.board in CIRCUITPYTHON:
                from dicecup.flash import circuitpython

                result = circuitpython.flash(args.board, dist, manifest, registry, drive=board,
                                             bundle=args.bundle, name=args.name, progress=progress,
                                             force=args.force)
            else:
                from dicecup.flash import micropython

                result = micropython.flash(board, args.board, dist, manifest, registry, name=args.name,
                                           progress=progress, force=args.force)
    except FlashInterrupted as error:
        return _stopped(str(error))
    except KeyboardInterrupt:
        return _stopped(_interrupted_elsewhere(args))
    except (FlashError, RegistryError, BuildError) as error:
        return _fail(str(error))
    except DataDirError as error:
        return _fail(error.reason)
    except OSError as error:
        return _fail(f"{error.filename or ''}: {error.strerror or error}".lstrip(": "))
    cup = result.cup
    summary = {"cup": cup.public(), "copied": result.copied, "bytes": result.bytes_copied, "files": result.files,
               "seconds": round(result.seconds, 3)}
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"flashed cup {cup.cup_id:08x} {cup.name!r} ({cup.board}, firmware {cup.firmware or '?'}): "
              f"{len(result.copied)} of {result.files} files copied, {result.bytes_copied} bytes, "
              f"{result.seconds:.1f} s")
    return 0


def _found(args):
    """Where the board is: its CIRCUITPY drive (CircuitPython boards) or its serial port; FlashError if none is."""
    if args.board in CIRCUITPYTHON:
        from dicecup.flash.circuitpython import find_drive

        return find_drive(args.drive)
    from dicecup.flash.probe import choose_port

    return choose_port(args.port)


def _built(args, data, progress):
    if args.dist:
        dist = Path(args.dist)
        manifest = previous_manifest(dist)
        if manifest is not None and manifest.get("complete") is False:
            raise BuildError(f"{dist} holds an unfinished build (it was cut off): run `dicecup build --board "
                             f"{args.board}` again")
        if manifest is None or "runtime" not in manifest or not all(
                isinstance(entry, dict) and isinstance(entry.get("path"), str) for entry in manifest["files"]):
            raise BuildError(f"{dist} holds no build (no manifest.json of one): run `dicecup build --board "
                             f"{args.board}`")
        if manifest.get("board") != args.board:
            raise BuildError(f"{dist} is a build for {manifest.get('board')!r}, not {args.board!r}")
        missing = [entry["path"] for entry in manifest["files"] if not (dist / entry["path"]).is_file()]
        if missing:
            raise BuildError(f"{dist} is missing {', '.join(missing[:3])}{' ...' if len(missing) > 3 else ''} of its "
                             f"build; nothing was changed: run `dicecup build --board {args.board}` again")
        return dist, manifest
    dist = data / "build" / args.board
    # said first: the first build compiles every module (seconds), and nothing else is said until it is done
    progress(f"building the {args.board} firmware in {dist}")
    return dist, build(args.board, dist, cache=data / "build" / "mpy-cache")


def _interrupted_elsewhere(args) -> str:
    """Ctrl-C outside a MicroPython board's copy (which says its own): while building, or on a CIRCUITPY drive."""
    again = f"`dicecup flash --board {args.board}`"
    if args.board in CIRCUITPYTHON:
        return (f"the CIRCUITPY drive may hold some new files beside the old code.py, which still runs; run {again} "
                "again to finish")
    return f"nothing on the board was changed; run {again} when you are ready"


def _stopped(message) -> int:
    """Ctrl-C: say what the board holds and what to run next; 130 as for any command stopped by Ctrl-C."""
    print(f"dicecup flash: stopped (Ctrl-C): {message}", file=sys.stderr)
    return 130


def _fail(message) -> int:
    print(f"dicecup flash: {message}", file=sys.stderr)
    return 2

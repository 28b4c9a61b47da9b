"""`dicecup cups [list | rename CUP NAME | forget CUP | rekey CUP]`: the cups this hub's registry knows (`dicecup
flash` adds them). `rekey` gives a cup a new key over the cable (dicecup/flash/rekey.py).

A cup is named by its id (as listed) or its name. Renaming changes the registry; the cup announces its new name
after the next `dicecup flash` (which takes the registry's name).
"""
import json
import sys

from dicecup.view.listing import add_row, listing, print_table


def add_arguments(parser):
    parser.add_argument("action", nargs="?", default="list", choices=("list", "rename", "forget", "rekey"))
    parser.add_argument("cup", nargs="?", help="the cup: its id or its name")
    parser.add_argument("name", nargs="?", help="rename: the new name (16 bytes at most)")
    parser.add_argument("--data", help="the data directory holding the registry")
    parser.add_argument("--json", action="store_true", help="list: one JSON list on stdout (keys are never shown)")
    parser.add_argument("--port", help="rekey: the cup's serial port (default: the one it was flashed on)")
    parser.add_argument("--drive", help="rekey a Circuit Playground: its CIRCUITPY drive's folder (default: found by "
                        "its name)")


def run(args) -> int:
    from dicecup.datadir import DataDirError, data_dir
    from dicecup.registry import Registry, RegistryError

    try:
        with Registry.open(data_dir(args.data), read_only=args.action == "list") as registry:
            if args.action == "list":
                if args.cup:
                    return _fail(f"list takes no cup: {args.cup!r} (`dicecup cups rename CUP NAME` or "
                                 "`dicecup cups forget CUP`)")
                return _list(registry.all(), args.json)
            if not args.cup:
                return _fail(f"{args.action}: name the cup (its id or name; `dicecup cups` lists them)")
            if args.action == "rekey":
                return _rekey(registry, args)
            if args.action == "rename":
                if not args.name:
                    return _fail("rename: give the new name: dicecup cups rename CUP NAME")
                cup = registry.rename(args.cup, args.name)
                print(f"cup {cup.cup_id:08x} is now {cup.name!r} here; "
                      f"`dicecup flash --board {cup.board}` puts the name on the cup")
                return 0
            if args.name:
                return _fail(f"forget takes one cup: {args.cup!r}, then {args.name!r}? (quote a name with spaces)")
            cup = registry.forget(args.cup)
            print(f"forgot cup {cup.cup_id:08x} {cup.name!r}: the hub no longer knows its key "
                  "(`dicecup flash` provisions it again)")
            return 0
    except RegistryError as error:
        return _fail(str(error))
    except DataDirError as error:
        return _fail(error.reason)


def _list(cups, as_json: bool) -> int:
    if as_json:
        print(json.dumps([cup.public() for cup in cups]))
    elif not cups:
        print("no cups yet: `dicecup flash --board BOARD --name NAME` adds one")
    else:
        print_table(cup_table(cups))
    return 0


def cup_table(cups):
    """One row per cup, never its key: id, name, board, firmware, when it was flashed (UTC) and on which port."""
    table = listing("id", "name", "board", "firmware", "flashed (UTC)", "port")
    for cup in cups:
        add_row(table, f"{cup.cup_id:08x}", cup.name, cup.board, cup.firmware or "?", cup.flashed, cup.port)
    return table


def _rekey(registry, args) -> int:
    """A new key for the cup, written to its board over the cable, then to the registry."""
    from dicecup.build import CIRCUITPYTHON
    from dicecup.flash import FlashError
    from dicecup.flash.rekey import rekey, rekey_drive

    if args.name:
        return _fail(f"rekey takes one cup: {args.cup!r}, then {args.name!r}? (--port names its port)")
    if args.port is not None and not args.port.strip():  # `--port "$PORT"` with PORT unset: not "the old one"
        return _fail("--port is empty: name the cup's port (`dicecup ports` lists them), or leave --port out for "
                     "the one it was flashed on")
    try:
        if args.drive is not None or registry.find(args.cup).board in CIRCUITPYTHON:
            rekey_drive(registry, args.cup, drive=args.drive)
        else:
            rekey(registry, args.cup, port=args.port)
    except FlashError as error:
        return _fail(str(error))
    return 0


def _fail(message) -> int:
    print(f"dicecup cups: {message}", file=sys.stderr)
    return 2

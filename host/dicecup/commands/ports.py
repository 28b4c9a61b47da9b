"""`dicecup ports`: every USB serial port, its USB ids, what runs on it, and the cup that answers there.

A port is first asked for a dicecup HELLO (a running cup answers without being disturbed); a port that doesn't
answer as a cup gets Ctrl-C and Ctrl-B, and its REPL banner says MicroPython or CircuitPython (then a soft reset
lets its program run again). --no-probe only lists.
"""
import json
import sys


def add_arguments(parser):
    parser.add_argument("--json", action="store_true", help="one JSON list on stdout")
    parser.add_argument("--all", action="store_true", help="also USB serial ports of unknown makers")
    parser.add_argument("--no-probe", action="store_true", help="don't talk to the boards: only list the ports")
    parser.add_argument("--port", action="append", default=[], help="also look at this port (a path; repeatable)")


def rows(args, lister=None):
    from dicecup.flash.probe import identify
    from dicecup.link.usb import candidate_ports

    found = [(p.device, p.ids, p.maker or p.description) for p in (lister or candidate_ports)(args.all)]
    listed = {f[0] for f in found}
    for path in dict.fromkeys(port.strip() for port in args.port):  # pasted with spaces, or given twice: once
        if path not in listed:
            found.append((path, "-", "given with --port"))
    out = []
    for device, ids, maker in found:
        row = {"port": device, "usb": ids, "maker": maker, "runtime": None, "banner": "", "cup": None, "error": ""}
        if not args.no_probe:
            row.update(identify(device))
        out.append(row)
    return out


def run(args, lister=None) -> int:
    if any(not port.strip() for port in args.port):
        print("dicecup ports: --port is empty: name a port, e.g. --port /dev/ttyACM0", file=sys.stderr)
        return 2
    found = rows(args, lister)
    if args.json:
        print(json.dumps(found))
        return 0
    if not found:
        print(f"dicecup ports: {_nothing_found(args.all)}", file=sys.stderr)
        return 1
    for row in found:
        what = row["runtime"] or ("?" if not args.no_probe else "")
        if row["cup"]:
            cup = row["cup"]
            what = f"{what}, cup {cup['id']} {cup['name']!r} ({cup['board']}, firmware {cup['firmware']})"
        elif row["error"]:
            what = f"{row['runtime']}: {row['error']}" if row["runtime"] else row["error"]
        elif not row["runtime"] and not args.no_probe:
            what = "unknown: no cup and no Python REPL answered"
        print(f"{row['port']}  {row['usb']}  {row['maker']}  {what}".rstrip())
    return 0


def _nothing_found(every_port: bool) -> str:
    cable = "plug one in with a data USB cable (some cables only charge)"
    if every_port:  # --all was already asked for: suggesting it again sends the person round in a circle
        return (f"no USB serial port at all: {cable}; a board that is plugged in may need a moment, or a press of its "
                "reset button (or name its port with --port)")
    return f"no board found: {cable}; --all lists every USB serial port"

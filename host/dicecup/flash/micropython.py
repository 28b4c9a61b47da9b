"""Flashing a MicroPython board (pico, atom) through mpremote, so that a cut-off flash never leaves a mix.

1. Stop whatever the board runs (cupcore/breakin.py lets a dicecup cup be stopped) and enter the raw REPL.
2. Finish a flash that an earlier run cut off after its commit (see below); clear half-staged files.
3. Hash every file the board should hold, on the board, in one go; copy only those that differ, to staging
   names under /.dicecup/new/, and check their hashes there.
4. Commit: write /.dicecup/commit (a journal of renames and removals, the configuration last) under a temporary
   name and rename it into place; then carry it out and remove it. The board's /boot.py (dicecup's, put first)
   carries out a journal it finds at boot, so a board cut off in the middle of the renames still boots the new
   firmware whole; a board cut off before the journal exists boots the old one whole.
5. Record the cup in the registry, soft-reset, and wait for the cup's HELLO with the right id, name and version.
"""
import ast
import hashlib
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import serial

from dicecup.link.serial_port import PortUnavailable, gone, open_port

from . import FlashError, register_flashed, stays_inside
from .probe import QUIET, enter_raw, hear_hello, interrupt, read_for

STATE = "/.dicecup"
STAGE = STATE + "/new"
JOURNAL = STATE + "/commit"
INSTALLED = ".dicecup/installed"
SKIP = ("README.txt", "manifest.json")  # in dist/BOARD for people, not for the board
CHUNK = 2048

# Carries out a commit journal; runs on the board (in /boot.py at every boot, and by the flasher). Idempotent:
# a move whose source is gone was done already.
COMMIT = '''def _dicecup_commit():
    import os
    try:
        f = open("/.dicecup/commit")
    except OSError:
        return 0
    with f:
        lines = f.read().split("\\n")
    for line in lines:
        op, _, rest = line.partition(" ")
        if op == "m":
            src, _, dst = rest.partition(" ")
            try:
                os.stat(src)
            except OSError:
                continue
            path = ""
            for part in dst.split("/")[1:-1]:
                path += "/" + part
                try:
                    os.mkdir(path)
                except OSError:
                    pass
            try:
                os.remove(dst)
            except OSError:
                pass
            os.chdir("/")
            os.rename(src[1:], dst[1:])  # relative: the unix port's VfsPosix renames only relative paths right
        elif op == "r":
            try:
                os.remove(rest)
            except OSError:
                pass
    os.remove("/.dicecup/commit")
    return 1
'''

# The first lines of boot.py and of each board's main.py: Ctrl-C off before anything else. A hub's frames carry
# 0x03 (Ctrl-C to MicroPython) and may arrive while the board boots; a Ctrl-C in boot.py would skip main.py.
# No branch comes before kbd_intr(-1), so a Ctrl-C that arrives meanwhile is only pending (MicroPython raises it
# at a branch); the branch inside the try raises it where it is caught. After kbd_intr(-1) no new one comes.
GUARD = ("import micropython\n\nmicropython.kbd_intr(-1)\ntry:\n    if micropython:\n        pass\n"
         "except KeyboardInterrupt:\n    pass\n")

# boot.py imports nothing of the firmware (not even cupcore.start, the boards' start-up): it runs before a
# cut-off commit is finished, while lib/ may hold old and new files side by side.
BOOT_PY = ("# dicecup: finishes a flash that was cut off once all its files were on the board (dicecup flash).\n"
           + GUARD + COMMIT + "\n\n_dicecup_commit()\ndel _dicecup_commit\n")

HASHES = '''import os, hashlib, binascii
def _dicecup_hash(p):
    try:
        f = open(p, "rb")
    except OSError:
        return None
    h = hashlib.sha256()
    b = bytearray(1024)
    m = memoryview(b)
    with f:
        while True:
            n = f.readinto(b)
            if not n:
                break
            h.update(m[:n])
    return binascii.hexlify(h.digest()).decode()
'''


# What each board's os.uname().machine says ("Raspberry Pi Pico W with RP2040", "M5Stack ATOM Lite with ESP32"):
# firmware built for one processor can't run on another (.mpy files are compiled for it, pins differ).
KINDS = {"pico": ("RP2040", "RP2350"), "atom": ("ESP32",)}
NOT_KINDS = {"atom": ("ESP32C", "ESP32H", "ESP32P4")}  # RISC-V ESP32s: the atom's xtensawin .mpy can't run there
TITLES = {"pico": "Raspberry Pi Pico (RP2040 or RP2350)", "atom": "ESP32 board (M5Stack ATOM)"}


def fits(board_name: str, machine: str) -> bool:
    return (any(chip in machine for chip in KINDS.get(board_name, ()))
            and not any(chip in machine for chip in NOT_KINDS.get(board_name, ())))


def check_kind(board_name: str, machine: str, port, force: bool = False):
    """Refuse (FlashError) to put board_name's firmware on a board whose machine name is another kind."""
    if force or fits(board_name, machine):
        return
    fits_here = [name for name in KINDS if fits(name, machine)]
    hint = (f"for this board use `dicecup flash --board {fits_here[0]}`" if fits_here
            else "dicecup has no build for this board")
    raise FlashError(f"{port} is a {machine}, not a {TITLES.get(board_name, board_name)}: {board_name}'s firmware "
                     f"can't run there; the board was not changed. {hint.capitalize()}, or add --force if you are "
                     "sure")


@dataclass
class Result:
    cup: object = None
    copied: list = field(default_factory=list)  # paths copied
    bytes_copied: int = 0
    files: int = 0
    seconds: float = 0.0
    hello: tuple = ()
    stage: str = "starting"  # starting, copying, committing, confirming: what a Ctrl-C leaves (see flash())


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


ANSWER_WAIT = 30.0  # seconds a board at its raw REPL may be silent before it "stopped answering" (mpremote: 10)


class MicroPythonBoard:
    """A MicroPython board's raw REPL, driven by mpremote on a port dicecup opened (link.serial_port.open_port)."""

    def __init__(self, port):
        try:
            # mpremote's own settings for a REPL: reads wait up to a second, and a byte at most a second apart.
            self.serial = open_port(port, timeout=1, inter_byte_timeout=1)
        except PortUnavailable as error:
            raise FlashError(str(error)) from None
        self.transport = _transport_on(self.serial, port)
        self.port = port

    def open_repl(self, want="micropython"):
        try:
            return self._open_repl(want)
        except (serial.SerialException, OSError):  # pyserial's "readiness to read but returned no data", EIO
            raise FlashError(f"{gone(self.port)}; nothing was changed: run dicecup flash again") from None

    def _open_repl(self, want):
        runtime, banner = interrupt(self.serial)
        if runtime is None:
            raise FlashError(f"{self.port}: no MicroPython REPL answered: the board doesn't run MicroPython (or runs "
                             "a program that ignores Ctrl-C). Install MicroPython on it first (docs/flashing.md), "
                             "or check it is the right port with `dicecup ports`")
        if runtime != want:
            raise FlashError(f"{self.port} runs CircuitPython ({banner}), not MicroPython: for the Circuit "
                             "Playground Bluefruit use `dicecup flash --board cpb` (it copies to the CIRCUITPY "
                             "drive), or install MicroPython on this board first (docs/flashing.md)")
        enter_raw(self.serial)
        self.transport.in_raw_repl = True
        # At the raw REPL a board that is busy (writing its flash, or an emulated chip on a loaded host) may take
        # seconds to say OK: mpremote's own port waits for ever there; ours waits ANSWER_WAIT, then says so.
        self.serial.timeout = ANSWER_WAIT
        self.banner = banner
        return banner

    def run(self, code: str) -> bytes:
        from mpremote.transport import TransportError, TransportExecError

        try:
            out, error_output = self.transport.exec_raw(code, timeout=ANSWER_WAIT)
            if error_output:
                raise TransportExecError(out, error_output.decode())
            return out
        except TransportExecError as error:
            raise BoardError(error.error_output) from None
        except TransportError:
            raise FlashError(f"{self.port}: the board stopped answering; unplug it, plug it back in "
                             "and run dicecup flash again") from None
        except UnicodeDecodeError:  # mpremote decodes what the board says; a board that is not MicroPython's
            raise FlashError(f"{self.port}: the board answered with bytes that are not text: it does not look like "
                             "MicroPython; check it is the right port with `dicecup ports`") from None
        except (serial.SerialException, OSError):
            raise FlashError(f"{gone(self.port)}; run dicecup flash again") from None

    def machine(self) -> str:
        """What the board says it is: os.uname().machine, else sys.implementation._machine."""
        return str(self.eval("(lambda os, sys: os.uname().machine if hasattr(os, 'uname') else "
                             "getattr(sys.implementation, '_machine', '?'))(__import__('os'), __import__('sys'))"))

    def eval(self, code: str):
        answer = self.run(f"print(repr({code}))")
        try:
            return ast.literal_eval(answer.decode().strip())
        except (UnicodeDecodeError, ValueError, SyntaxError):
            raise FlashError(f"{self.port}: the board answered with something that is not MicroPython's ("
                             f"{answer[:40]!r}); check it is the right port with `dicecup ports`") from None

    def write(self, path: str, data: bytes):
        self.run(f"f=open({path!r},'wb')\nw=f.write")
        for start in range(0, len(data), CHUNK):
            self.run(f"w({data[start:start + CHUNK]!r})")
        self.run("f.close()")

    def soft_reset(self):
        """Leave the raw REPL and soft-reset from the friendly one, so the board boots into main.py. What the
        REPL said up to the reboot is read here, so whoever listens next hears only the restarted board."""
        self.serial.write(b"\r\x02")
        time.sleep(0.05)
        self.serial.write(b"\x04")
        self.serial.flush()
        self.transport.in_raw_repl = False
        read_for(self.serial, 2.0, until=b"soft reboot\r\n")

    def restart_quietly(self):
        """Soft-reset, if the board still listens; never raises (the board may be gone)."""
        try:
            self.soft_reset()
        except (serial.SerialException, OSError):
            pass

    def close(self):
        try:
            self.transport.close()
        except OSError:
            pass


def _transport_on(ser, port):
    """mpremote's SerialTransport over a port that is already open. Its constructor would open the port its own
    way; this sets what that constructor sets (mpremote is pinned, see pyproject.toml) and keeps the rest."""
    from mpremote.transport_serial import SerialTransport

    transport = SerialTransport.__new__(SerialTransport)
    transport.in_raw_repl = False
    transport.use_raw_paste = True
    transport.device_name = port
    transport.mounted = False
    transport.serial = ser
    transport.is_pty = SerialTransport._is_pty_device(port)
    return transport


class BoardError(Exception):
    """Code run on the board raised; the text is the board's traceback."""

    @property
    def full(self):
        last = self.last
        return "ENOSPC" in last or "Errno 28" in last or last.rstrip() == "OSError: 28"

    @property
    def last(self):
        lines = str(self).strip().splitlines()
        return lines[-1] if lines else "an error"


def full_message(port, need=None, free=None):
    amounts = f" (needs {need} bytes, {free} free)" if need is not None else ""
    return (f"{port}: the board's filesystem is full{amounts}; nothing was changed: the old firmware still boots. "
            "Make room (`mpremote connect PORT fs ls` then `fs rm` files you don't need), or erase the board's "
            "filesystem by reinstalling MicroPython (docs/flashing.md), then flash again")


def plan_files(dist: Path, manifest: dict, config: bytes) -> dict:
    """{board path: bytes}: the built files, dicecup's boot.py, the configuration last, the installed list."""
    files = {"boot.py": BOOT_PY.encode()}
    for entry in manifest["files"]:
        path = entry["path"]
        if path in SKIP or path == "settings.toml":
            continue
        files[path] = stays_inside(dist, path, "the build").read_bytes()  # and so, on the board, inside its /
    files["settings.toml"] = config
    files[INSTALLED] = ("\n".join(sorted(files)) + "\n").encode()
    return files


def board_state(board: MicroPythonBoard, paths) -> dict:
    """On the board: a pending commit carried out, then hashes of `paths`, settings, installed list, free space."""
    board.run(COMMIT + "_dicecup_commit()\n")
    board.run(HASHES + f"""
for _p in ({STATE!r}, {STAGE!r}):
    try:
        os.mkdir(_p)
    except OSError:
        pass
for _n in os.listdir({STAGE!r}):
    os.remove({STAGE!r} + "/" + _n)
""")
    return board.eval(f"""{{
 "hashes": {{p: _dicecup_hash("/" + p) for p in {list(paths)!r}}},
 "settings": open("/settings.toml").read() if _dicecup_hash("/settings.toml") else "",
 "installed": open("/{INSTALLED}").read().split() if _dicecup_hash("/{INSTALLED}") else [],
 "free": (lambda s: s[0] * s[4])(os.statvfs("/")),
}}""")


def settings_of(text: str) -> dict:
    from cupcore import settings

    found = {}
    for line in text.splitlines():
        pair = settings.parse_line(line)
        if pair:
            found[pair[0]] = pair[1]
    return found


def compose_config(built: str, board_now: dict, cup) -> bytes:
    """settings.toml for the cup: the build's options (the board's own values kept), then id, name and key."""
    mine = ("DICECUP_NAME", "DICECUP_ID", "DICECUP_KEY")
    lines = [f"# Written by dicecup flash for cup {cup.cup_id:08x}: read once at start.",
             "# DICECUP_KEY is this cup's own secret, also in the hub's registry: don't share it.",
             f'DICECUP_NAME = "{cup.name}"', f"DICECUP_ID = {cup.cup_id}", f'DICECUP_KEY = "{cup.key}"']
    for key, value in settings_of(built).items():
        if key in mine:
            continue
        value = board_now.get(key, value)
        lines.append(f'{key} = "{value}"' if isinstance(value, str) else f"{key} = {value}")
    return ("\n".join(lines) + "\n").encode()


def which_cup(registry, now: dict, name, board_name, progress):
    """The cup a board's current settings name: the registry's (renamed with --name) if it knows the id, else a
    new cup with a fresh id and key. Recorded only once the board holds its configuration."""
    from dicecup.registry import check_name

    known = registry.get(now["DICECUP_ID"]) if isinstance(now.get("DICECUP_ID"), int) else None
    if known is not None:
        cup = replace(known, name=check_name(name or known.name), board=board_name)
    else:
        cup = registry.new_cup(name or now.get("DICECUP_NAME") or board_name, board_name)
    progress(f"cup {cup.cup_id:08x} {cup.name!r}: " + ("known to this hub" if known else "new to this hub"))
    return cup


def flash(port, board_name, dist: Path, manifest: dict, registry, name=None, progress=print,
          handshake_timeout=15.0, force=False) -> Result:
    from cupcore import cup as cupfw

    started = time.monotonic()
    result = Result()
    try:
        cup = _put_on_board(port, board_name, dist, manifest, registry, name, progress, force, result)
        progress("soft reset; waiting for the cup to answer")
        result.stage = "confirming"
        hello = confirm(port, cup, handshake_timeout)
    except KeyboardInterrupt:
        raise FlashInterrupted(interrupted_message(port, result.stage, board_name)) from None
    except BoardError as error:
        raise FlashError(f"{port}: the board refused: {error.last}; run dicecup flash again") from None
    expect = (cupfw.FW_MAJOR, cupfw.FW_MINOR)
    if tuple(hello[1:3]) != expect:
        raise FlashError(f"{port}: the cup answers with firmware {hello[1]}.{hello[2]}, not {expect[0]}.{expect[1]}: "
                         "the copy did not take; run dicecup flash again")
    from dicecup.registry import flashed_now
    result.cup = registry.update(cup, firmware=f"{hello[1]}.{hello[2]}", flashed=flashed_now())
    result.hello = hello
    result.seconds = time.monotonic() - started
    return result


class FlashInterrupted(FlashError):
    """Ctrl-C during a flash; the message says what the board holds now and what to run next."""


def interrupted_message(port, stage, board_name) -> str:
    again = f"`dicecup flash --board {board_name} --port {port}`"
    if stage == "committing":
        return (f"{port} was being switched to the new firmware: it boots the old firmware or the new one whole "
                f"(never a mix), and {again} finishes the job")
    if stage == "confirming":
        return (f"the new firmware is on {port} and registered; only the check that it answers was skipped: "
                "`dicecup ports` shows the cup")
    if stage == "copying":
        return (f"{port} still boots its old firmware (the files copied so far wait in /.dicecup/new); "
                f"{again} copies the rest")
    return f"nothing on {port} was changed; run {again} when you are ready"


def _put_on_board(port, board_name, dist, manifest, registry, name, progress, force, result):
    """Steps 1 to 4 of the flash (see the module's docstring) and the registry; returns the cup."""
    board = MicroPythonBoard(port)
    restarted = False
    try:
        board.open_repl("micropython")
        progress(f"{port}: {board.banner}")
        check_kind(board_name, board.machine(), port, force)
        paths = [e["path"] for e in manifest["files"] if e["path"] not in SKIP] + ["boot.py", INSTALLED]
        state = board_state(board, paths)
        now = settings_of(state["settings"])
        cup = which_cup(registry, now, name, board_name, progress)
        config = compose_config((dist / "settings.toml").read_text(), now, cup)
        files = plan_files(dist, manifest, config)
        result.files = len(files)
        changed = [p for p, data in files.items() if state["hashes"].get(p) != sha(data)]
        removed = [p for p in state["installed"] if p not in files]
        need = sum(len(files[p]) for p in changed)
        if need > state["free"]:
            raise FlashError(full_message(port, need, state["free"]))
        if not changed and not removed:
            progress("nothing to copy: the board already holds this firmware")
        else:
            _copy(board, files, changed, removed, progress, result)
        result.cup = register_flashed(registry, cup, port, renamed=name is not None)  # `cup` stays as the board has it
        board.soft_reset()
        restarted = True
    finally:
        if not restarted:  # refused, failed or Ctrl-C: the board we stopped gets its program back
            board.restart_quietly()
        board.close()
    return cup


def _copy(board, files, changed, removed, progress, result):
    staged = {}
    result.stage = "copying"
    try:
        for index, path in enumerate(changed):
            data = files[path]
            target = f"{STAGE}/{index}"
            board.write(target, data)
            staged[path] = target
            result.bytes_copied += len(data)
            result.copied.append(path)
            progress(f"  copied {path} ({len(data)} bytes) [{index + 1}/{len(changed)}]")
        got = board.eval(f"{{p: _dicecup_hash(t) for p, t in {staged!r}.items()}}")
        bad = [p for p in changed if got.get(p) != sha(files[p])]
        if bad:
            raise FlashError(f"{board.port}: {', '.join(bad)} arrived damaged; nothing was changed: the old firmware "
                             "still boots. Try another USB cable or port, then flash again")
        # boot.py first, on its own: from then on a cut-off commit is finished at boot.
        order = sorted(changed, key=lambda p: (p != "boot.py", p in ("settings.toml", INSTALLED), p == INSTALLED))
        if "boot.py" in staged:
            board.run(f"import os\ntry:\n os.remove('/boot.py')\nexcept OSError:\n pass\n"
                      f"os.chdir('/')\nos.rename({staged['boot.py'][1:]!r}, 'boot.py')")
            order.remove("boot.py")
        result.stage = "committing"  # from here the board may hold the new boot.py, then the commit journal
        journal = [f"m {staged[p]} /{p}" for p in order] + [f"r /{p}" for p in removed]
        journal.sort(key=lambda line: line.endswith((" /settings.toml", " /" + INSTALLED)))
        board.write(JOURNAL + ".tmp", ("\n".join(journal) + "\n").encode())
        board.run(f"import os\nos.chdir('/')\nos.rename({JOURNAL[1:] + '.tmp'!r}, {JOURNAL[1:]!r})")
        board.run("_dicecup_commit()")
        progress(f"committed {len(changed)} files ({result.bytes_copied} bytes)"
                 + (f", removed {len(removed)} old ones" if removed else ""))
    except BoardError as error:
        _clear_stage(board)
        if error.full:
            raise FlashError(full_message(board.port)) from None
        raise FlashError(f"{board.port}: the board refused a file: {error.last}; "
                         "nothing was changed: the old firmware still boots") from None


def _clear_stage(board):
    try:
        board.run(f"import os\nfor _n in os.listdir({STAGE!r}):\n os.remove({STAGE!r} + '/' + _n)\n")
    except (BoardError, FlashError):
        pass


def confirm(port, cup, timeout):
    """The restarted cup's HELLO (it says it unasked; WHO only after a quiet spell); check it is this cup."""
    heard = hear_hello(port, timeout, ask_after=QUIET)
    if heard.hello is None:
        raise FlashError(_silent_after_flash(port, heard, timeout))
    hello = heard.hello
    if hello[3] != cup.cup_id or hello[4] != cup.name:
        raise FlashError(f"{port}: the board answers as cup {hello[3]:08x} {hello[4]!r}, not "
                         f"{cup.cup_id:08x} {cup.name!r}: its settings.toml was not read; run dicecup flash again")
    return hello


def _silent_after_flash(port, heard, timeout) -> str:
    if heard.repl:  # the new firmware stopped at boot: the board's last words say why
        lines = [line for line in heard.heard.decode("utf-8", "replace").splitlines() if line.strip()]
        said = next((line.strip() for line in reversed(lines) if "Error" in line), lines[-1] if lines else "")
        return (f"{port}: the firmware is on the board but it stopped at start ({said}); "
                "run dicecup flash again, and if it says the same, report it")
    why = heard.error or "it said nothing"
    return (f"{port}: the firmware is on the board but the cup did not answer within {timeout:g} s ({why}); "
            "press the board's reset button, then `dicecup ports` should show the cup")

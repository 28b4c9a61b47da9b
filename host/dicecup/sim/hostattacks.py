"""Attacks that need no cup, for the adversary bench and tests/adversary: on the hub's data folder and key, on a
league URL's password, on the seat codes the table screen shows. Each takes a scratch folder of its own and answers
with what got through (a line saying so), or None when it was refused; they run the real functions the commands
run (datadir.data_dir, HubKey.in_folder, RatedTable's journal line, the history's error line, the table screen's
seat codes).

    for name, attack in HOST_ATTACKS.items():
        got_through = attack(folder)
"""
import os
import secrets
from pathlib import Path

from dicecup.datadir import DataDirError, data_dir
from dicecup.hub.hubkey import HubKey

PASSWORD = "Pl4nted-s3cret"
SOMEONE_ELSE = 65534  # nobody's uid, for a folder chowned away (only a process allowed to chown makes one)


def _planted(folder: Path) -> Path:
    """A data folder with a hub key someone else made in it (as from a world-writable folder they could fill)."""
    folder.mkdir(mode=0o700)
    (folder / "hub.key").write_text(secrets.token_bytes(32).hex() + "\n")
    (folder / "hub.key").chmod(0o600)
    return folder


def _signs_with_it(data, what) -> str:
    """None if the hub refuses this folder (or its key); else the line saying the planted key would sign."""
    try:
        HubKey.in_folder(data_dir(data))
    except DataDirError:
        return None
    return f"{what}: the hub took it, and a key planted there signs its journals"


def world_writable_folder(scratch: Path):
    data = _planted(scratch / "open")
    data.chmod(0o777)
    return _signs_with_it(data, "a world-writable data folder")


def group_writable_folder(scratch: Path):
    data = _planted(scratch / "group")
    data.chmod(0o770)
    return _signs_with_it(data, "a group-writable data folder")


def someone_elses_folder(scratch: Path):
    data = _planted(scratch / "theirs")
    try:
        os.chown(data, SOMEONE_ELSE, SOMEONE_ELSE)
        os.chown(data / "hub.key", SOMEONE_ELSE, SOMEONE_ELSE)
    except PermissionError:
        data = Path("/")   # not allowed to give a folder away: the root folder is someone else's too
    return _signs_with_it(data, "a data folder another user owns")


def linked_folder(scratch: Path):
    data = _planted(scratch / "elsewhere")
    (scratch / "link").symlink_to(data)
    return _signs_with_it(scratch / "link", "a data folder reached through a symbolic link")


def linked_key(scratch: Path):
    planted = _planted(scratch / "planted")
    data = scratch / "data"
    data.mkdir(mode=0o700)
    (data / "hub.key").symlink_to(planted / "hub.key")
    return _signs_with_it(data, "a hub.key that is a symbolic link")


def writable_key(scratch: Path):
    data = _planted(scratch / "keyopen")
    (data / "hub.key").chmod(0o666)
    return _signs_with_it(data, "a hub.key others may write")


URLS = (f"postgresql://league:{PASSWORD}@127.0.0.1:1/dicecup",
        f"postgresql://league@127.0.0.1:1/dicecup?password={PASSWORD}",
        f"postgresql://league@127.0.0.1:1/dicecup?sslmode=disable&sslpassword={PASSWORD}")


def password_in_the_journal(scratch: Path):
    """`play --rated --db URL`: the signed `#@ rated-table db=...` line travels with the journal to the league."""
    from dicecup.history.rated import RatedTable
    for url in URLS:
        line = " ".join(RatedTable(None, "dicecup play", db=url).opening_fact())
        if PASSWORD in line:
            return f"a rated table's journal line holds the league's password: {line}"
    return None


def password_in_an_error(scratch: Path):
    """The league's server is not there: the error line, on the terminal and in logs, names the URL."""
    from dicecup.history.db import open_engine
    from dicecup.history.errors import HistoryError
    for url in URLS:
        try:
            open_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
        except HistoryError as error:
            if PASSWORD in str(error):
                return f"an error line holds the league's password: {error}"
    return None


def seat_link_on_the_screen(scratch: Path):
    """Everything the table screen shows while seats are taken, read by anyone watching: no seat's link in it."""
    import json
    from types import SimpleNamespace

    from dicecup.web import present
    from dicecup.web.phonepage import seat_codes, seat_url
    from dicecup.web.phones import PhoneSeat
    seat = PhoneSeat(f"phone{secrets.randbelow(10 ** 6)}")
    try:
        web = SimpleNamespace(phones=[seat], url="http://192.0.2.1:8080/t/table", kind_present=present)
        shown = json.dumps(seat_codes(web, {"phase": "seating", "seats": []}))
        if "data:image" in shown or any(part in shown for part in (seat.token, seat.link_key.hex(),
                                                                   seat_url(web, seat))):
            return "the table screen shows an unseated phone seat's code"
    finally:
        seat.forget()
    return None


HOST_ATTACKS = {"world-writable data folder": world_writable_folder, "group-writable data folder":
                group_writable_folder, "someone else's data folder": someone_elses_folder,
                "data folder through a link": linked_folder, "hub.key through a link": linked_key,
                "hub.key others may write": writable_key, "password in the journal": password_in_the_journal,
                "password in an error": password_in_an_error, "seat link on the screen": seat_link_on_the_screen}


def run_host_attacks(scratch) -> dict:
    """Every host attack once, each in a folder of its own under `scratch`: {name: what got through, or None}."""
    found = {}
    for number, (name, attack) in enumerate(HOST_ATTACKS.items()):
        folder = Path(scratch) / f"attack{number}"
        folder.mkdir()
        found[name] = attack(folder)
    return found

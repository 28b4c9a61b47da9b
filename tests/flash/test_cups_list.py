"""`dicecup cups`: the registry as a table a person reads (ids, names, boards, firmware, when, port), never a key,
every name shown as written; --json stays the machine's list."""
import json

from dicecup.cli import main
from dicecup.registry import Registry

PORT = "/dev/serial/by-id/usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00"


def registered(data):
    with Registry.open(data) as registry:
        ana = registry.record(registry.new_cup("ana", "pico"), firmware="0.1", port=PORT)
        ben = registry.record(registry.new_cup("[bold]ben", "cpb"))
    return ana, ben


def test_the_list_is_a_table_of_every_cup_without_keys(capsys, tmp_path):
    ana, ben = registered(tmp_path)
    assert main(["cups", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split() == ["id", "name", "board", "firmware", "flashed", "(UTC)", "port"]
    rows = {line.split()[0]: line.split() for line in lines[2:]}
    assert rows[f"{ana.cup_id:08x}"] == [f"{ana.cup_id:08x}", "ana", "pico", "0.1", ana.flashed, PORT]
    assert rows[f"{ben.cup_id:08x}"] == [f"{ben.cup_id:08x}", "[bold]ben", "cpb", "?", ben.flashed]
    assert ana.key not in out and ben.key not in out


def test_an_empty_registry_says_how_to_add_a_cup(capsys, tmp_path):
    assert main(["cups", "--data", str(tmp_path)]) == 0
    assert capsys.readouterr().out == "no cups yet: `dicecup flash --board BOARD --name NAME` adds one\n"


def test_json_is_the_public_list(capsys, tmp_path):
    ana, ben = registered(tmp_path)
    assert main(["cups", "--data", str(tmp_path), "--json"]) == 0
    out = capsys.readouterr().out
    assert out == json.dumps([ben.public(), ana.public()]) + "\n"


def test_a_registry_another_dicecup_holds_is_said_in_words(tmp_path):
    # Two `dicecup flash` at once in two terminals: the second waits, then says so instead of a sqlite3 traceback.
    import sqlite3

    import pytest

    from dicecup.registry import Registry, RegistryError

    with Registry.open(tmp_path) as registry:
        cup = registry.new_cup("ana", "pico")
        other = sqlite3.connect(tmp_path / "cups.sqlite", isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            registry.set_busy_timeout(0.2)
            with pytest.raises(RegistryError, match="in use by another dicecup"):
                registry.record(cup)
            with pytest.raises(RegistryError, match="in use by another dicecup"):
                registry.all()
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert registry.record(cup).name == "ana"

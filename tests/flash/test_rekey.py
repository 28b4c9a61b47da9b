"""`dicecup cups rekey NAME` against the virtual board (real MicroPython answering the real mpremote on a pty),
after a real `dicecup flash`: the board gets a new key, the registry takes it only once the board holds it, and
the cup then pairs with the new key and no longer with the old (issue 13)."""
import time

import pytest

from conftest import needs_micropython
from cupcore import wire
from dicecup.cli import main
from dicecup.flash.micropython import settings_of
from dicecup.link.peer import CupPeer
from dicecup.registry import Registry

pytestmark = needs_micropython


def pairing_with(port, cup_id, key_hex, timeout=20.0):
    """What the cup on `port` says of a hub holding this key: "paired" or "wrong key"."""
    deadline = time.monotonic() + timeout
    with CupPeer(port, keys={cup_id: bytes.fromhex(key_hex)}.get) as peer:
        while True:
            peer.send(wire.WHO)
            try:
                peer.expect(wire.HELLO, timeout=2.0)
                return peer.pairing
            except Exception:
                if time.monotonic() > deadline:
                    raise


def registered(data):
    with Registry.open(data) as registry:
        return registry.all()[0]


@pytest.mark.slow
def test_rekey_writes_a_new_key_to_the_board_then_the_registry_and_the_cup_pairs_only_with_it(
        capsys, board, tmp_path, pico_dist):
    data = tmp_path / "data"
    assert main(["flash", "--board", "pico", "--port", board.path, "--data", str(data), "--name", "ana",
                 "--dist", str(pico_dist)]) == 0
    old = registered(data)
    assert pairing_with(board.path, old.cup_id, old.key) == "paired"  # the flash key pairs the cup
    capsys.readouterr()

    assert main(["cups", "rekey", "ana", "--data", str(data)]) == 0, capsys.readouterr().err
    new = registered(data)
    on_board = settings_of((board.folder / "settings.toml").read_text())
    assert new.key != old.key and on_board["DICECUP_KEY"] == new.key and on_board["DICECUP_ID"] == old.cup_id
    assert on_board["DICECUP_NAME"] == "ana" and on_board["DICECUP_BLE"] == 1  # the other settings stay
    assert "paired with this hub under its new key" in capsys.readouterr().out
    assert pairing_with(board.path, old.cup_id, new.key) == "paired"
    assert pairing_with(board.path, old.cup_id, old.key) == "wrong key"  # a copy of the old key is worth nothing


def test_rekey_of_a_board_that_is_another_cup_changes_nothing(capsys, board, tmp_path, pico_dist):
    data = tmp_path / "data"
    assert main(["flash", "--board", "pico", "--port", board.path, "--data", str(data), "--name", "ana",
                 "--dist", str(pico_dist)]) == 0
    ana = registered(data)
    with Registry.open(data) as registry:  # a second cup in the registry, said to be on ana's port
        ben = registry.record(registry.new_cup("ben", "pico"), port=board.path)
    before = (board.folder / "settings.toml").read_text()
    capsys.readouterr()
    assert main(["cups", "rekey", "ben", "--data", str(data)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "not 'ben'" in err and "nothing was changed" in err
    assert (board.folder / "settings.toml").read_text() == before
    with Registry.open(data) as registry:
        assert registry.get(ben.cup_id).key == ben.key and registry.get(ana.cup_id).key == ana.key

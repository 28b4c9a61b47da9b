"""`dicecup demo --ble` and `dicecup sim N --ble`, as a user runs them: virtual cups on the virtual air (the cups'
code on MicroPython's BTstack, each on a Bumble virtual controller), the hub on Bumble's host. One whole game per
board over the air, to a winner, its journal verified; `sim --ble`'s cups reached from another process through
the hub's controller port, as `play --ble-hci` reaches a USB dongle."""
import re

import pytest

from airhelpers import exchange
from cupcore import wire
from dicecup.link import ble
from dicecup.link.peer import CupConnection
from processes import HubProcess, dicecup


@pytest.mark.slow
@pytest.mark.parametrize("board", ["pico", "atom"])
def test_the_demo_plays_a_whole_game_over_the_air_and_its_journal_verifies(tmp_path, board):
    done = dicecup("demo", "--ble", "--board", board, "--cups", "3", "--data", str(tmp_path), "--brief", "dice=2", timeout=300)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert f"3 {board} cups over Bluetooth LE" in done.stdout
    assert all(f"found dicecup-{board}{i} over Bluetooth" in done.stdout for i in (1, 2, 3))
    assert re.search(r"^\S+ wins the game\.$", done.stdout, re.M), done.stdout[-2000:]
    journal = re.search(r"^journal: (.+)$", done.stdout, re.M).group(1)
    assert "port=ble:D1:CE:00:00:00:01/P" in open(journal, encoding="utf-8").read()
    verified = dicecup("verify", journal, timeout=60)
    assert verified.returncode == 0, verified.stdout + verified.stderr  # the cups' own dice: nothing seeded
    assert "Traceback" not in done.stderr


def test_the_demo_over_the_air_says_in_one_line_when_no_bluetooth_micropython_is_found(tmp_path, monkeypatch):
    monkeypatch.setenv("DICECUP_MICROPYTHON_BLE", str(tmp_path / "missing"))
    done = dicecup("demo", "--ble", "--data", str(tmp_path), timeout=60)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "no MicroPython with Bluetooth is installed" in done.stderr


def test_sims_cups_on_the_air_are_reached_through_the_hubs_controller_port(monkeypatch):
    monkeypatch.setattr(ble.BleSession, "sessions", {})
    monkeypatch.setattr(ble, "backend", None)
    with HubProcess(["sim", "2", "--ble"], trace=False) as sim:
        sim.wait_for("hub: dicecup play --ble-hci serial:", timeout=30)
        hci = [line for line in sim.lines if line.startswith("hub:")][0].split("--ble-hci ")[1]
        assert sim.said("cup1 ble D1:CE:00:00:00:01/P")
        ble.use_hci(hci)  # Bumble's host on a serial HCI controller: the dongle's path
        try:
            seen = []
            for _ in range(20):
                seen = ble.scan(0.3)
                if len(seen) == 2:
                    break
            assert [name for _, name in seen] == ["dicecup-cup1", "dicecup-cup2"]
            transport = ble.BleTransport(seen[1][0])
            try:
                hub = CupConnection(transport)
                hub.send(wire.WHO)
                got = exchange(hub, lambda got: any(m == wire.HELLO for m, _ in got), "cup2's hello")
                assert [v[4] for m, v in got if m == wire.HELLO] == ["cup2"]
            finally:
                transport.close()
        finally:
            ble.Radio.run(ble.current_backend().close(), 5)
        sim.type("quit")
        sim.proc.wait(30)
        assert sim.proc.returncode == 0


def test_the_demo_over_the_air_refuses_poker_dice_in_one_line(tmp_path):
    done = dicecup("demo", "--ble", "--rules", "poker", "--data", str(tmp_path), timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "poker dice's demo runs on virtual cups over USB" in done.stderr

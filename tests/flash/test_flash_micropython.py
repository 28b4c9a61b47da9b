"""dicecup flash against the virtual board: real MicroPython (the unix port) answering mpremote on a pty."""
import hashlib
import json
import os
import signal
import subprocess
import sys
import time


from conftest import needs_micropython
from cupcore import cup as cupfw
from cupcore import wire
from dicecup.cli import main
from dicecup.flash.micropython import settings_of
from dicecup.link.peer import CupPeer
from dicecup.sim.virtualcup import tool
from dicecup.registry import Registry

pytestmark = needs_micropython


def flash(capsys, board, data, *extra):
    code = main(["flash", "--board", "pico", "--port", board.path, "--data", str(data), "--json", *map(str, extra)])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out.strip().splitlines()[-1])


def handshake(port, timeout=10.0):
    with CupPeer(port) as peer:
        deadline = time.monotonic() + timeout
        while True:
            peer.send(wire.WHO)
            try:
                return peer.expect(wire.HELLO, timeout=0.5)
            except Exception:
                if time.monotonic() > deadline:
                    raise


def firmware_files(board):
    return {p: h for p, h in board.files().items() if not p.startswith(".dicecup/")}


def test_flash_lands_configures_registers_and_answers(capsys, board, tmp_path, pico_dist):
    data = tmp_path / "data"
    result = flash(capsys, board, data, "--name", "ana", "--dist", pico_dist)
    manifest = json.loads((pico_dist / "manifest.json").read_text())
    on_board = board.files()
    for entry in manifest["files"]:
        if entry["path"] in ("README.txt", "manifest.json", "settings.toml"):
            continue
        assert on_board[entry["path"]] == entry["sha256"], entry["path"]
    settings = settings_of((board.folder / "settings.toml").read_text())
    with Registry.open(data) as registry:
        cup = registry.get(settings["DICECUP_ID"])
    assert cup is not None and cup.name == "ana" and cup.board == "pico"
    assert settings["DICECUP_NAME"] == "ana" and settings["DICECUP_KEY"] == cup.key and len(cup.key) == 64
    assert settings["DICECUP_BLE"] == 1  # the build's own options are kept
    assert result["cup"]["cup_id"] == cup.cup_id and "key" not in result["cup"]
    assert cup.firmware == f"{cupfw.FW_MAJOR}.{cupfw.FW_MINOR}"
    # The flashed firmware, booted by the soft reset, answers the hub as the configured cup.
    proto, major, minor, cup_id, name, board_name = handshake(board.path)
    assert (proto, major, minor) == (wire.VERSION, cupfw.FW_MAJOR, cupfw.FW_MINOR)
    assert (cup_id, name, board_name) == (cup.cup_id, "ana", "pico")
    # mpremote's own command line sees the same files (it stops the running cup with CR Ctrl-C).
    mpremote = tool("mpremote")
    proc = subprocess.run([mpremote, "connect", board.path, "fs", "sha256sum", ":lib/cupcore/wire.mpy"],
                          capture_output=True, text=True, timeout=30)
    assert on_board["lib/cupcore/wire.mpy"] in proc.stdout, proc.stdout + proc.stderr
    # The registry lists it.
    assert main(["cups", "--data", str(data), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [c["name"] for c in listed] == ["ana"] and "key" not in listed[0]


def test_second_flash_with_nothing_changed_copies_nothing(capsys, board, tmp_path, pico_dist):
    data = tmp_path / "data"
    first = flash(capsys, board, data, "--name", "bo", "--dist", pico_dist)
    assert len(first["copied"]) == first["files"]
    second = flash(capsys, board, data, "--dist", pico_dist)
    assert second["copied"] == [] and second["bytes"] == 0
    assert second["cup"]["cup_id"] == first["cup"]["cup_id"] and second["cup"]["name"] == "bo"
    assert handshake(board.path)[3:5] == (first["cup"]["cup_id"], "bo")


def test_rename_goes_on_the_cup_at_the_next_flash(capsys, board, tmp_path, pico_dist):
    data = tmp_path / "data"
    first = flash(capsys, board, data, "--name", "cy", "--dist", pico_dist)
    assert main(["cups", "rename", "cy", "dee", "--data", str(data)]) == 0
    again = flash(capsys, board, data, "--dist", pico_dist)
    assert again["copied"] == ["settings.toml"]
    assert handshake(board.path)[3:5] == (first["cup"]["cup_id"], "dee")
    assert main(["cups", "forget", "dee", "--data", str(data)]) == 0
    capsys.readouterr()
    assert main(["cups", "--data", str(data), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_killed_mid_copy_the_old_firmware_still_boots(capsys, board, tmp_path, pico_dist, pico_dist_v2):
    data = tmp_path / "data"
    flash(capsys, board, data, "--name", "eve", "--dist", pico_dist)
    old = firmware_files(board)
    proc = subprocess.Popen([sys.executable, "-m", "dicecup", "flash", "--board", "pico", "--port", board.path,
                             "--data", str(data), "--dist", str(pico_dist_v2)], stdout=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        for line in proc.stdout:  # kill it once the second changed file is on the board
            if "copied" in line and "[2/" in line:
                os.killpg(proc.pid, signal.SIGKILL)
                break
    finally:
        proc.kill()
        proc.wait(10)
        proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL
    board.power_cycle()
    assert firmware_files(board) == old
    assert handshake(board.path)[4] == "eve"
    # And the next flash finishes the job.
    again = flash(capsys, board, data, "--dist", pico_dist_v2)
    assert len(again["copied"]) == 5
    assert firmware_files(board)["main.py"] == hashlib.sha256((pico_dist_v2 / "main.py").read_bytes()).hexdigest()


def test_cut_off_during_the_commit_boots_the_new_firmware_whole(capsys, board, tmp_path, pico_dist, pico_dist_v2,
                                                                 monkeypatch):
    from dicecup.flash import micropython

    data = tmp_path / "data"
    flash(capsys, board, data, "--name", "fay", "--dist", pico_dist)
    real_run = micropython.MicroPythonBoard.run

    def cut_after_journal(self, code):
        if code == "_dicecup_commit()":  # the journal is in place: the power goes before it is carried out
            raise KeyboardInterrupt
        return real_run(self, code)

    monkeypatch.setattr(micropython.MicroPythonBoard, "run", cut_after_journal)
    code = main(["flash", "--board", "pico", "--port", board.path, "--data", str(data), "--dist", str(pico_dist_v2)])
    assert code == 130  # the command's way of ending on an interrupt
    monkeypatch.undo()
    capsys.readouterr()
    assert (board.folder / ".dicecup" / "commit").exists()
    board.power_cycle()  # boot.py finishes the journal before main.py starts
    assert handshake(board.path)[4] == "fay"
    new = {e["path"]: e["sha256"] for e in json.loads((pico_dist_v2 / "manifest.json").read_text())["files"]}
    now = firmware_files(board)
    assert all(now[p] == h for p, h in new.items() if p not in ("README.txt", "manifest.json", "settings.toml"))
    assert not (board.folder / ".dicecup" / "commit").exists()

"""`dicecup build --out DIR` never deletes what dicecup did not write (issue 12 item 1)."""
import json

import pytest

from clirun import dicecup, one_plain_line


def test_a_folder_with_files_of_its_own_is_refused_and_left_alone(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.mkdir()
    (drive / "photos.txt").write_text("mine")
    proc = dicecup("build", "--board", "pico", "--out", drive)
    line = one_plain_line(proc, "build")
    assert proc.returncode == 2 and "--force" in line and str(drive) in line
    assert [p.name for p in drive.iterdir()] == ["photos.txt"]
    assert (drive / "photos.txt").read_text() == "mine"


def test_force_writes_beside_the_users_files(tmp_path):
    out = tmp_path / "here"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    proc = dicecup("build", "--board", "pico", "--out", out, "--force")
    assert proc.returncode == 0, proc.stderr
    assert (out / "notes.txt").read_text() == "mine" and (out / "manifest.json").exists()


@pytest.mark.slow
def test_a_rebuild_replaces_its_own_files_and_keeps_the_users(tmp_path):
    out = tmp_path / "dist" / "pico"
    assert dicecup("build", "--board", "pico", "--out", out).returncode == 0
    (out / "wiring-notes.txt").write_text("mine")
    (out / "lib" / "extra.py").write_text("# mine")
    stale = out / "lib" / "old_module.mpy"  # a file an older build wrote and this one does not
    stale.write_bytes(b"M")
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["files"].append({"path": "lib/old_module.mpy", "size": 1, "sha256": __import__("hashlib").sha256(b"M").hexdigest()})
    (out / "manifest.json").write_text(json.dumps(manifest))
    proc = dicecup("build", "--board", "pico", "--out", out)
    assert proc.returncode == 0, proc.stderr
    assert (out / "wiring-notes.txt").read_text() == "mine" and (out / "lib" / "extra.py").read_text() == "# mine"
    assert not stale.exists()
    listed = {f["path"] for f in json.loads((out / "manifest.json").read_text())["files"]}
    assert "wiring-notes.txt" not in listed and "lib/extra.py" not in listed and "main.py" in listed


@pytest.mark.slow
def test_a_built_file_the_user_edited_is_not_overwritten_without_force(tmp_path):
    out = tmp_path / "pico"
    assert dicecup("build", "--board", "pico", "--out", out).returncode == 0
    (out / "settings.toml").write_text('DICECUP_NAME = "ana"\n')
    proc = dicecup("build", "--board", "pico", "--out", out)
    line = one_plain_line(proc, "build")
    assert "settings.toml" in line and "--force" in line
    assert (out / "settings.toml").read_text() == 'DICECUP_NAME = "ana"\n'
    assert dicecup("build", "--board", "pico", "--out", out, "--force").returncode == 0
    assert "DICECUP_NAME" in (out / "settings.toml").read_text()


def test_out_naming_a_file(tmp_path):
    target = tmp_path / "file.txt"
    target.write_text("mine")
    line = one_plain_line(dicecup("build", "--board", "pico", "--out", target), "build")
    assert "not a folder" in line and target.read_text() == "mine"


def test_a_board_name_in_capitals_is_read(tmp_path):
    proc = dicecup("build", "--board", "PICO", "--out", tmp_path / "p")
    assert proc.returncode == 0, proc.stderr
    assert json.loads((tmp_path / "p" / "manifest.json").read_text())["board"] == "pico"


def test_a_build_cut_off_midway_is_finished_by_the_next(tmp_path, monkeypatch):
    # Ctrl-C (or a full disk) halfway: the folder holds some of dicecup's files and no finished manifest; the next
    # build must still know them as its own, not refuse them as the user's.
    from dicecup import build as building

    out = tmp_path / "pico"
    real_compile = building._compile
    calls = []

    def cut_off(*args, **kwargs):
        calls.append(args)
        if len(calls) == 3:
            raise KeyboardInterrupt
        real_compile(*args, **kwargs)

    monkeypatch.setattr(building, "_compile", cut_off)
    try:
        building.build("pico", out)
    except KeyboardInterrupt:
        pass
    assert any(out.rglob("*.mpy"))
    proc = dicecup("build", "--board", "pico", "--out", out)
    assert proc.returncode == 0, proc.stderr
    assert not any(p.name.startswith(".") for p in out.rglob("*"))


def test_flash_refuses_a_build_that_was_cut_off(tmp_path, monkeypatch):
    from dicecup import build as building

    out = tmp_path / "pico"

    def cut_off(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(building, "_compile", cut_off)
    try:
        building.build("pico", out)
    except KeyboardInterrupt:
        pass
    line = one_plain_line(dicecup("flash", "--board", "pico", "--dist", out, "--data", tmp_path / "d"), "flash")
    assert "unfinished" in line and "dicecup build --board pico" in line


# -- issue 24 item 7: a build never follows a symbolic link out of its folder nor overwrites a file it did not write
MINE = "the user's own file\n"


def _victim(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text(MINE)
    return victim


def test_a_built_file_turned_into_a_link_is_never_written_through_even_with_force(tmp_path):
    out, victim = tmp_path / "cpb", _victim(tmp_path)
    assert dicecup("build", "--board", "cpb", "--out", out).returncode == 0
    (out / "code.py").unlink()
    (out / "code.py").symlink_to(victim)
    for force in ((), ("--force",)):
        line = one_plain_line(dicecup("build", "--board", "cpb", "--out", out, *force), "build")
        assert "symbolic link" in line and "code.py" in line, line
        assert victim.read_text() == MINE


def test_a_lib_folder_linking_out_is_refused_even_with_force(tmp_path):
    out, elsewhere = tmp_path / "cpb", tmp_path / "elsewhere"
    elsewhere.mkdir()
    out.mkdir()
    (out / "lib").symlink_to(elsewhere)
    line = one_plain_line(dicecup("build", "--board", "cpb", "--out", out, "--force"), "build")
    assert "symbolic link leading out" in line, line
    assert list(elsewhere.iterdir()) == []


def test_a_file_the_last_build_did_not_write_is_not_overwritten_without_force(tmp_path):
    out = tmp_path / "cpb"
    assert dicecup("build", "--board", "cpb", "--out", out).returncode == 0
    manifest = json.loads((out / "manifest.json").read_text())  # README.txt not listed: the user's, as far as
    manifest["files"] = [f for f in manifest["files"] if f["path"] != "README.txt"]  # dicecup knows
    (out / "manifest.json").write_text(json.dumps(manifest))
    (out / "README.txt").write_text(MINE)
    line = one_plain_line(dicecup("build", "--board", "cpb", "--out", out), "build")
    assert "README.txt" in line and "--force" in line and (out / "README.txt").read_text() == MINE
    assert (out / "code.py").exists() and json.loads((out / "manifest.json").read_text()) == manifest  # untouched
    assert dicecup("build", "--board", "cpb", "--out", out, "--force").returncode == 0
    assert (out / "README.txt").read_text() != MINE

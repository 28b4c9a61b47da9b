"""Every path `dicecup flash --dist` and `cups rekey --drive` touch stays inside its folder (issue 24 item 7): a
manifest entry `../../x` or `/etc/x`, a library name that climbs out of the bundle, a file on the drive that is a
symbolic link elsewhere, a temporary name someone left as a link. Each is refused in one plain line with nothing
changed, or (a temporary name) replaced rather than written through. The drive is a temp folder, as in
test_flash_circuitpython.py; the victim is a user's file beside it."""
import json
import shutil

import pytest
from circuitpy_drive import blank_drive, cora_on_drive

from dicecup.build import build
from dicecup.cli import main
from dicecup.flash import FlashError, circuitpython, micropython
from dicecup.flash.micropython import settings_of

MINE = "the user's own file\n"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist") / "cpb"
    build("cpb", out)
    return out


@pytest.fixture
def table(tmp_path, built):
    """(dist, drive, victim, bundle): a copy of the build to tamper with, a drive, a user's file outside both."""
    dist = tmp_path / "work" / "dist" / "cpb"
    shutil.copytree(built, dist)
    drive = blank_drive(tmp_path / "CIRCUITPY")
    victim = tmp_path / "victim.txt"
    victim.write_text(MINE)
    lib = tmp_path / "bundle" / "lib"
    (lib / "adafruit_ble").mkdir(parents=True)
    for name in ("neopixel.mpy", "adafruit_lis3dh.mpy", "adafruit_ble/__init__.mpy"):
        (lib / name).write_bytes(b"C\x06stand-in")
    return dist, drive, victim, lib.parent


def flash(capsys, dist, drive, bundle, data):
    code = main(["flash", "--board", "cpb", "--dist", str(dist), "--drive", str(drive), "--bundle", str(bundle),
                 "--name", "gus", "--data", str(data)])
    return code, capsys.readouterr().err.strip().splitlines()


def listing(manifest_path, path):
    manifest = json.loads(manifest_path.read_text())
    manifest["files"].append({"path": path, "size": len(MINE), "sha256": None})
    manifest_path.write_text(json.dumps(manifest))


@pytest.mark.parametrize("entry", ["../../../victim.txt", "{victim}"])
def test_a_manifest_path_out_of_the_build_is_refused_and_nothing_is_written(capsys, tmp_path, table, entry):
    dist, drive, victim, bundle = table
    listing(dist / "manifest.json", entry.format(victim=victim))
    before = sorted(p.name for p in drive.iterdir())
    code, err = flash(capsys, dist, drive, bundle, tmp_path / "data")
    assert code != 0 and len(err) == 1 and "inside" in err[0] and "nothing was changed" in err[0], err
    assert sorted(p.name for p in drive.iterdir()) == before and victim.read_text() == MINE
    assert not (tmp_path / "victim.txt.dicecup-new").exists()


def test_a_file_on_the_drive_that_links_out_is_refused_and_the_users_file_is_kept(capsys, tmp_path, table):
    dist, drive, victim, bundle = table
    (drive / "code.py").symlink_to(victim)
    code, err = flash(capsys, dist, drive, bundle, tmp_path / "data")
    assert code != 0 and len(err) == 1 and "symbolic link" in err[0], err
    assert victim.read_text() == MINE and not list(drive.rglob("*" + circuitpython.TEMP))


def test_a_temporary_name_left_as_a_link_is_replaced_not_written_through(capsys, tmp_path, table):
    dist, drive, victim, bundle = table
    (drive / ("code.py" + circuitpython.TEMP)).symlink_to(victim)
    code, err = flash(capsys, dist, drive, bundle, tmp_path / "data")
    assert code == 0, err
    assert victim.read_text() == MINE and (drive / "code.py").read_bytes() == (dist / "code.py").read_bytes()
    assert not (drive / "code.py").is_symlink()


def test_a_library_name_that_climbs_out_of_the_bundle_is_refused(capsys, tmp_path, table):
    dist, drive, victim, bundle = table
    manifest = json.loads((dist / "manifest.json").read_text())
    manifest["dependencies"].append("x  (circup install ..)")  # the bundle's parent folder, copied to the drive
    (dist / "manifest.json").write_text(json.dumps(manifest))
    code, err = flash(capsys, dist, drive, bundle, tmp_path / "data")
    assert code != 0 and len(err) == 1 and "names a library" in err[0], err
    assert not (drive / "lib").exists()


@pytest.mark.parametrize("path", ["../x.py", "/etc/x.py", "lib/../../x.py", "C:\\x.py"])
def test_a_micropython_boards_files_come_only_from_inside_the_build(tmp_path, path):
    with pytest.raises(FlashError, match="inside"):
        micropython.plan_files(tmp_path, {"files": [{"path": path}]}, b"")


@pytest.fixture
def cup_on_drive(tmp_path):
    return cora_on_drive(tmp_path)


def test_rekey_never_writes_through_a_link_left_as_its_temporary_file(tmp_path, cup_on_drive, capsys):
    data, drive, cup, settings = cup_on_drive
    (drive / "settings.toml").write_text(settings)
    victim = tmp_path / "victim.txt"
    victim.write_text(MINE)
    (drive / "settings.new").symlink_to(victim)
    assert main(["cups", "rekey", "cora", "--drive", str(drive), "--data", str(data)]) == 0, capsys.readouterr()
    assert victim.read_text() == MINE
    assert settings_of((drive / "settings.toml").read_text())["DICECUP_KEY"] != cup.key


def test_rekey_refuses_settings_that_link_out_of_the_drive(tmp_path, cup_on_drive, capsys):
    data, drive, cup, settings = cup_on_drive
    elsewhere = tmp_path / "elsewhere.toml"
    elsewhere.write_text(settings)
    (drive / "settings.toml").symlink_to(elsewhere)
    assert main(["cups", "rekey", "cora", "--drive", str(drive), "--data", str(data)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "symbolic link" in err[0], err
    assert elsewhere.read_text() == settings

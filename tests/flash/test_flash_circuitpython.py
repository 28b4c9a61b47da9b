"""dicecup flash --board cpb: the CIRCUITPY drive (a temp folder here), settings.toml, libraries from a local bundle."""
import json

import pytest
from circuitpy_drive import BOOT_OUT, blank_drive

from dicecup.build import build
from dicecup.cli import main
from dicecup.flash import circuitpython
from dicecup.flash.micropython import settings_of
from dicecup.registry import Registry


@pytest.fixture(scope="module")
def cpb_dist(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist") / "cpb"
    build("cpb", out)
    return out


@pytest.fixture
def drive(tmp_path):
    path = blank_drive(tmp_path / "CIRCUITPY")
    (path / "code.py").write_text("print('Hello World!')\n")  # what a new board comes with
    return path


@pytest.fixture
def bundle(tmp_path):
    """A local bundle's lib/ folder: stand-in library files with the bundle's layout (a module, a package)."""
    lib = tmp_path / "bundle" / "lib"
    (lib / "adafruit_ble" / "services").mkdir(parents=True)
    (lib / "neopixel.mpy").write_bytes(b"C\x06neopixel stand-in")
    (lib / "adafruit_lis3dh.mpy").write_bytes(b"C\x06lis3dh stand-in")
    (lib / "adafruit_ble" / "__init__.mpy").write_bytes(b"C\x06ble stand-in")
    (lib / "adafruit_ble" / "services" / "nordic.mpy").write_bytes(b"C\x06nus stand-in")
    return lib.parent


def flash(capsys, *args):
    code = main(["flash", "--board", "cpb", "--json", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def test_copies_to_the_drive_with_settings_and_libraries(capsys, tmp_path, cpb_dist, drive, bundle):
    data = tmp_path / "data"
    code, out, err = flash(capsys, "--drive", drive, "--bundle", bundle, "--name", "gus", "--dist", cpb_dist,
                           "--data", data)
    assert code == 0, err
    result = json.loads(out.strip().splitlines()[-1])
    manifest = json.loads((cpb_dist / "manifest.json").read_text())
    for entry in manifest["files"]:
        if entry["path"] not in ("README.txt", "manifest.json", "settings.toml"):
            assert (drive / entry["path"]).read_bytes() == (cpb_dist / entry["path"]).read_bytes()
    assert (drive / "lib" / "neopixel.mpy").exists()
    assert (drive / "lib" / "adafruit_ble" / "services" / "nordic.mpy").exists()
    settings = settings_of((drive / "settings.toml").read_text())
    with Registry.open(data) as registry:
        cup = registry.get(settings["DICECUP_ID"])
    assert cup.name == settings["DICECUP_NAME"] == "gus" and cup.key == settings["DICECUP_KEY"] and cup.board == "cpb"
    assert result["cup"]["cup_id"] == cup.cup_id
    assert not list(drive.rglob("*" + circuitpython.TEMP))
    # Unchanged: nothing copied, and the libraries already on the drive do without --bundle.
    code, out, err = flash(capsys, "--drive", drive, "--dist", cpb_dist, "--data", data)
    assert code == 0, err
    assert json.loads(out.strip().splitlines()[-1])["copied"] == []


def test_libraries_that_cant_be_had(capsys, tmp_path, cpb_dist, drive):
    code, out, err = flash(capsys, "--drive", drive, "--dist", cpb_dist, "--data", tmp_path / "data")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "neopixel" in err and "--bundle" in err and "circup install" in err and "nothing was copied" in err
    assert (drive / "code.py").read_text() == "print('Hello World!')\n"


def test_not_a_circuitpython_drive(capsys, tmp_path, cpb_dist):
    folder = tmp_path / "usbstick"
    folder.mkdir()
    code, out, err = flash(capsys, "--drive", folder, "--dist", cpb_dist, "--data", tmp_path / "data")
    assert code == 2 and "not a CircuitPython drive" in err


def test_old_circuitpython(capsys, tmp_path, cpb_dist, drive):
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 8.2.9 on 2023-12-06; Adafruit CPB with nRF52840\n")
    code, out, err = flash(capsys, "--drive", drive, "--dist", cpb_dist, "--data", tmp_path / "data")
    assert code == 2 and "CircuitPython 8" in err and "10" in err


def test_circuitpython_10_0_is_told_to_update(capsys, tmp_path, cpb_dist, drive):
    (drive / "boot_out.txt").write_text(BOOT_OUT.replace("10.1.1", "10.0.3"))
    code, out, err = flash(capsys, "--drive", drive, "--dist", cpb_dist, "--data", tmp_path / "data")
    assert code == 2 and "runs CircuitPython 10.0" in err and "10.1 or newer" in err and "update" in err


def test_no_drive_found(capsys, tmp_path, cpb_dist, monkeypatch):
    monkeypatch.setattr(circuitpython, "mount_points", lambda: [])
    code, out, err = flash(capsys, "--dist", cpb_dist, "--data", tmp_path / "data")
    assert code == 2 and "no CIRCUITPY drive found" in err and "--drive" in err


def test_found_by_volume_name(tmp_path, monkeypatch, drive):
    monkeypatch.setattr(circuitpython, "mount_points", lambda: [drive])
    assert circuitpython.find_drive() == drive


def test_a_drive_of_another_board_is_refused_unless_forced(capsys, tmp_path, cpb_dist, drive, bundle):
    # The same check as for MicroPython boards (issue 12 item 7): the cpb's pins and libraries on a Feather would
    # leave a board that does nothing.
    (drive / "boot_out.txt").write_text("Adafruit CircuitPython 10.1.1 on 2026-02-10; Adafruit Feather RP2040 "
                                        "with rp2040\n")
    before = sorted(p.name for p in drive.iterdir())
    code = main(["flash", "--board", "cpb", "--drive", str(drive), "--bundle", str(bundle), "--data",
                 str(tmp_path / "data")])
    err = capsys.readouterr().err
    assert code == 2 and "Adafruit Feather RP2040 with rp2040" in err and "--force" in err, err
    assert "not changed" in err and len(err.strip().splitlines()) == 1
    assert sorted(p.name for p in drive.iterdir()) == before
    code = main(["flash", "--board", "cpb", "--drive", str(drive), "--bundle", str(bundle), "--data",
                 str(tmp_path / "data"), "--force"])
    assert code == 0, capsys.readouterr().err


def test_a_rename_typed_during_a_flash_stays(capsys, tmp_path, cpb_dist, drive, bundle):
    """`dicecup cups rename` in a second terminal while the files are copied: the flash writes back only the fields
    it sets (it wrote the whole cup read at its start, and the new name went back to the old one)."""
    data = tmp_path / "data"
    code, _, err = flash(capsys, "--drive", drive, "--bundle", bundle, "--name", "ana", "--dist", cpb_dist,
                         "--data", data)
    assert code == 0, err
    (drive / "code.py").write_text("print('an older release')\n")  # so the next flash has a file to copy

    def renaming(line):
        if line.startswith("  copied "):
            with Registry.open(data) as other:
                other.rename("ana", "zoe")

    manifest = json.loads((cpb_dist / "manifest.json").read_text())
    with Registry.open(data) as registry:
        result = circuitpython.flash("cpb", cpb_dist, manifest, registry, drive=drive, progress=renaming)
    with Registry.open(data) as registry:
        assert [cup.name for cup in registry.all()] == ["zoe"]
    assert result.cup.name == "zoe" and result.cup.port == str(drive) and result.cup.flashed

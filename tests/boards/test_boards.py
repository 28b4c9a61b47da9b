"""Each board's layer, checked every way that works without the board (issue 5):

- run on the MicroPython unix port with its hardware modules replaced by recording stand-ins
  (tests/boards/standins), one pytest result per test in tests/boards/mp/board_<board>.py;
- type-checked with mypy against the board's official stubs (pinned in pyproject.toml);
- compiled by mpy-cross for the board's architecture (MicroPython boards);
- built by `dicecup build` into what goes on the board, with a manifest of sha256s.
"""
import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from boardpaths import BOARDS, FIRMWARE, STANDINS, stubs, tool
from dicecup.build import build, pinmap_source, pins
from typecheck import mypy

HERE = Path(__file__).resolve().parent
RUNTIME = {"pico": "micropython", "atom": "micropython", "cpb": "circuitpython", "picocp": "circuitpython"}


def layer_tests():
    found = []
    for board in BOARDS:
        source = (HERE / "mp" / f"board_{board}.py").read_text()
        found += [(board, name) for name in re.findall(r"^def (test_\w+)\(\):", source, re.M)]
    return found


LAYER_TESTS = layer_tests()


@pytest.fixture(scope="module")
def pinmaps(tmp_path_factory):
    out = {}
    for board in BOARDS:
        folder = tmp_path_factory.mktemp(f"pinmap-{board}")
        (folder / "pinmap.py").write_text(pinmap_source(board))
        out[board] = folder
    return out


def real_libraries(board, folder):
    """The board's pure-Python libraries that run on the unix port as they are: for the CPB, the pinned
    adafruit_ble (from its stubs' folder) over `_bleio`'s stand-in, with only its advertising package, which
    needs CircuitPython's bytes(), swapped for a stand-in. None for the other boards."""
    if board != "cpb":
        return None
    package = folder / "adafruit_ble"
    shutil.copytree(stubs(board) / "adafruit_ble", package)
    shutil.rmtree(package / "advertising")
    shutil.copytree(STANDINS / "circuitpython" / "adafruit_ble_advertising", package / "advertising")
    return folder


@pytest.fixture(scope="module")
def layer_results(pinmaps, tmp_path_factory):
    results = {}
    for board in BOARDS:
        libs = real_libraries(board, tmp_path_factory.mktemp(f"libs-{board}"))
        proc = subprocess.run(
            [tool("micropython"), str(HERE / "mp_board_runner.py"), str(STANDINS / RUNTIME[board]),
             str(FIRMWARE / "boards" / board), str(pinmaps[board]), str(FIRMWARE), str(HERE / "mp"), f"board_{board}",
             *([str(libs)] if libs else [])],
            capture_output=True, text=True, timeout=120)
        lines = proc.stdout.splitlines()
        assert lines and lines[-1] == "DONE", f"{board}: the MicroPython runner died:\n{proc.stdout}\n{proc.stderr}"
        for line in lines:
            word, _, rest = line.partition(" ")
            if word in ("PASS", "FAIL", "ERROR"):
                results[(board, rest.split(" ")[1].split(":")[0] if word != "ERROR" else None)] = (line, proc.stdout)
    return results


def test_every_board_has_layer_tests():
    assert {board for board, _ in LAYER_TESTS} == set(BOARDS)
    assert len(LAYER_TESTS) >= 15


@pytest.mark.parametrize("board,test", LAYER_TESTS, ids=[f"{b}::{t}" for b, t in LAYER_TESTS])
def test_layer_on_micropython_with_stand_ins(layer_results, board, test):
    assert (board, None) not in layer_results, layer_results[(board, None)][0]
    line, output = layer_results.get((board, test), (None, ""))
    assert line is not None, f"{board} {test} did not run"
    if not line.startswith("PASS"):
        pytest.fail(output)


def test_the_stand_ins_say_what_they_are():
    for path in STANDINS.rglob("*.py"):
        assert "STAND-IN" in path.read_text(), path


@pytest.mark.parametrize("board", BOARDS)
def test_type_checks_against_the_official_stubs(board, pinmaps, tmp_path):
    proc = mypy(board, pinmaps[board], tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Success: no issues found" in proc.stdout


def test_the_type_check_catches_a_wrong_call(pinmaps, tmp_path):
    """The check has teeth: a Pin method the Pico's stubs don't have is an error."""
    fake = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, fake)
    board_file = fake / "boards" / "pico" / "picoboard.py"
    board_file.write_text(board_file.read_text().replace("lambda: not pin.value()", "lambda: not pin.level_now()"))
    import typecheck

    original = typecheck.FIRMWARE
    typecheck.FIRMWARE = fake
    try:
        proc = mypy("pico", pinmaps["pico"], tmp_path)
    finally:
        typecheck.FIRMWARE = original
    assert proc.returncode == 1 and "level_now" in proc.stdout


def test_cupcore_is_type_checked_against_circuitpythons_stubs_too(pinmaps, tmp_path):
    """hashlib.sha256, as MicroPython and CPython spell it, is not in CircuitPython's hashlib (only new())."""
    import typecheck

    fake = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, fake)
    commit = fake / "cupcore" / "commit.py"
    commit.write_text(commit.read_text() + "\n\ndef by_hand(data):\n    import hashlib\n\n    return hashlib.sha256(data).digest()\n")
    original = typecheck.FIRMWARE
    typecheck.FIRMWARE = fake
    try:
        proc = mypy("cpb", pinmaps["cpb"], tmp_path)
    finally:
        typecheck.FIRMWARE = original
    assert proc.returncode == 1 and 'Module has no attribute "sha256"' in proc.stdout, proc.stdout


MPY = [(board, src) for board in ("pico", "atom")
       for src in sorted((FIRMWARE / "boards" / board).glob("*.py")) + sorted((FIRMWARE / "cupcore").glob("*.py"))]


@pytest.mark.parametrize("board,source", MPY, ids=[f"{b}:{s.parent.name}/{s.name}" for b, s in MPY])
def test_compiles_for_the_boards_architecture(board, source, tmp_path):
    march = pins(board)["march"]
    out = tmp_path / (source.stem + ".mpy")
    proc = subprocess.run([tool("mpy-cross"), f"-march={march}", "-o", str(out), str(source)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes()[:1] == b"M"


@pytest.mark.parametrize("board", BOARDS)
def test_build_makes_what_goes_on_the_board(board, tmp_path):
    manifest = build(board, tmp_path / board)
    files = {f["path"]: f for f in manifest["files"]}
    for path, entry in files.items():
        assert hashlib.sha256((tmp_path / board / path).read_bytes()).hexdigest() == entry["sha256"]
    assert json.loads((tmp_path / board / "manifest.json").read_text())["files"] == manifest["files"]
    assert "lib/cupcore/wirenames.py" not in files and "lib/cupcore/wirenames.mpy" not in files
    if RUNTIME[board] == "micropython":
        assert "main.py" in files and "lib/cupcore/cup.mpy" in files and "lib/pinmap.mpy" in files
        assert not [p for p in files if p.startswith("lib/") and p.endswith(".py")]
    else:
        assert {"code.py", "boot.py", "settings.toml", f"lib/{board}board.py", "lib/cupcore/cpboard.py",
                "lib/pinmap.py"} <= set(files)
        assert any("adafruit-circuitpython-neopixel==" in d for d in manifest["dependencies"])
        assert any("adafruit-circuitpython-ble==" in d for d in manifest["dependencies"]) == (board == "cpb")
        assert "CircuitPython 10.1 or newer" in manifest["firmware"]  # 10.0 has no hashlib on the nRF52840
    readme = (tmp_path / board / "README.txt").read_text()
    assert all(d in readme for d in manifest["dependencies"])


@pytest.mark.slow
def test_a_build_names_board_paths_not_the_builders_checkout(tmp_path):
    build("pico", tmp_path / "one")
    code = (tmp_path / "one" / "lib" / "cupcore" / "cup.mpy").read_bytes()
    assert b"lib/cupcore/cup.py" in code  # what a traceback on the board will say
    assert str(FIRMWARE).encode() not in code
    # The same firmware built into another folder is the same bytes (the generated pin map included).
    build("pico", tmp_path / "two")
    for one in (tmp_path / "one").rglob("*.mpy"):
        assert one.read_bytes() == (tmp_path / "two" / one.relative_to(tmp_path / "one")).read_bytes(), one.name


@pytest.mark.slow
def test_the_build_command(tmp_path):
    ok = subprocess.run([tool("dicecup"), "build", "--board", "pico", "--out", str(tmp_path / "p")],
                        capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert (tmp_path / "p" / "lib" / "picoboard.mpy").exists()
    bad = subprocess.run([tool("dicecup"), "build", "--board", "uno"], capture_output=True, text=True, timeout=60,
                         cwd=tmp_path)
    assert bad.returncode == 2 and "no board named 'uno'" in bad.stderr and "Traceback" not in bad.stderr


def test_the_wiring_diagrams_are_drawn_from_the_pin_maps_as_they_are():
    from boardpaths import ROOT

    proc = subprocess.run([tool("python"), str(ROOT / "hardware" / "wiring.py"), "--check"], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout


@pytest.mark.parametrize("board", BOARDS)
def test_the_hardware_folder_has_what_a_builder_needs(board):
    import csv

    from boardpaths import ROOT

    spec = pins(board)
    folder = ROOT / "hardware" / spec.get("wired_as", board)  # picocp: the pico's parts, wiring and insert
    rows = list(csv.reader((folder / "bom.csv").open()))
    assert rows[0] == ["part", "quantity", "supplier part number", "rough price (USD)"]
    assert all(len(r) == 4 and int(r[1]) > 0 and float(r[3]) >= 0 for r in rows[1:])
    assert (folder / "insert.scad").exists() and (folder / "insert.png").read_bytes()[:4] == b"\x89PNG"
    svg = (folder / "wiring.svg").read_text()
    for button in spec["buttons"].values():  # a reader can tell which pin each button goes to
        assert str(button["gpio"]) in svg
    assert str(spec["leds"].get("gpio", spec["leds"].get("pin"))) in svg
    doc = (ROOT / "docs" / "build.md").read_text()
    assert f"../hardware/{folder.name}/wiring.svg" in doc and f"../hardware/{folder.name}/insert.png" in doc


def test_the_pico_on_circuitpython_is_wired_as_the_pico():
    """picocp reuses the pico's parts, diagram and insert: its pin map must name the very same pins."""
    def without_names(part):
        return {key: value for key, value in part.items() if key != "pin"}

    pico, picocp = pins("pico"), pins("picocp")
    assert picocp["wired_as"] == "pico"
    assert {k: without_names(v) for k, v in picocp["buttons"].items()} == pico["buttons"]
    for part in ("leds", "buzzer"):
        assert without_names(picocp[part]) == pico[part]
    for part in [*picocp["buttons"].values(), picocp["leds"], picocp["buzzer"]]:  # board.GP14 is GPIO 14
        assert part["pin"] == f"GP{part['gpio']}"


def test_the_cpb_pin_map_names_the_pins_circuitpython_gives_those_names():
    """The pin map said BUTTON_A was P1.15 (D4) and B P1.02 (D5), swapped, and put the accelerometer on P0.26/P0.27
    (the speaker's pin): a builder probing a board met other pins. Each microcontroller pin it names (`P1.02`, with
    its `(D4)` alias) is the one CircuitPython's official board stub gives that name."""
    from boardpaths import stubs

    stub = stubs("cpb") / "board_definitions" / "circuitplayground_bluefruit" / "__init__.pyi"
    board = dict(re.findall(r"^(\w+): microcontroller\.Pin\s+# (P\d_\d\d)$", stub.read_text(), re.M))
    spec = pins("cpb")
    parts = [*spec["buttons"].values(), *(spec[key] for key in ("switch", "leds", "speaker", "accel"))]
    for part in parts:
        names = [part[key] for key in ("pin", "enable", "sda", "scl") if key in part]
        named = re.findall(r"P(\d)\.(\d\d)(?: \((\w+)\))?", part["gpio"])
        assert len(named) == len(names), part
        for name, (port, number, alias) in zip(names, named):
            assert board[name] == f"P{port}_{number}", (name, part["gpio"])
            assert not alias or board[alias] == board[name], (alias, part["gpio"])


def test_the_atom_is_flashed_at_the_baud_its_usb_bridge_takes():
    """docs/flashing.md wrote MicroPython to the ATOM with `--baud 460800`, which its USB-serial bridge fails."""
    from boardpaths import ROOT

    writes = re.findall(r"esptool\.py .*write_flash.*", (ROOT / "docs" / "flashing.md").read_text())
    assert writes and all("--baud 115200" in line for line in writes), writes

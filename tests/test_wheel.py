"""dicecup as a player installs it: the wheel built from this checkout, installed into a fresh virtual environment
in a temporary folder, and run from a folder outside the checkout with a clean environment (no PYTHONPATH, not
this checkout's virtual environment). Everything it needs at run time must have come with the wheel.

pip builds the wheel in an isolated environment (setuptools from PyPI or pip's cache) and installs dicecup's
pinned dependencies the same way: CI has PyPI, and its pip cache holds what dev.py has just installed.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import dicecup.build
from dicecup.build import BOARDS, CPB_LIBRARIES, build

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "README.md", "host", "firmware", "hardware")  # what pyproject.toml builds from
NOT_SOURCES = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist", "node_modules")
MINUTES = 60


def clean_env(home: Path) -> dict:
    """The environment of a player's shell: no PYTHONPATH, no virtual environment active, a HOME of its own
    (so journals land in the temporary folder). pip's cache and index settings are kept (CI's cache)."""
    env = {key: value for key, value in os.environ.items()
           if key in ("PATH", "LANG", "LC_ALL", "TMPDIR", "PIP_CACHE_DIR", "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL",
                      "PIP_FIND_LINKS", "PIP_TRUSTED_HOST", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "SSL_CERT_FILE")}
    if "PIP_CACHE_DIR" not in env:
        env["PIP_CACHE_DIR"] = str(Path.home() / ".cache" / "pip")  # the cache dev.py's install filled
    venv_bin = str(Path(sys.executable).parent)
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if p != venv_bin)
    env["HOME"] = str(home)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def run(cmd, cwd, env, timeout=2 * MINUTES):
    done = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)
    assert done.returncode == 0, f"{' '.join(map(str, cmd))} failed ({done.returncode}):\n{done.stdout[-3000:]}" \
                                 f"\n{done.stderr[-3000:]}"
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(bin folder of a fresh venv with the wheel installed, a working folder outside the checkout, its env, the
    copy of the sources the wheel was built from)."""
    tmp = tmp_path_factory.mktemp("wheel")
    assert ROOT not in tmp.parents, "the temporary folder must be outside the checkout"
    env = clean_env(tmp / "home")
    source = tmp / "source"  # a copy, so the build leaves nothing in the checkout (build/, *.egg-info)
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=NOT_SOURCES)
        else:
            shutil.copy2(ROOT / name, source / name)
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp / "wheels", source], tmp, env,
        timeout=5 * MINUTES)
    wheel, = (tmp / "wheels").glob("dicecup-*.whl")
    run([sys.executable, "-m", "venv", tmp / "env"], tmp, env)
    bin_dir = tmp / "env" / "bin"
    run([bin_dir / "python", "-m", "pip", "install", "-q", "--no-compile", wheel], tmp, env, timeout=5 * MINUTES)
    work = tmp / "work"
    work.mkdir()
    return bin_dir, work, env, source


@pytest.mark.slow
def test_the_installed_package_is_the_wheel_not_this_checkout(installed):
    bin_dir, work, env, _ = installed
    out = run([bin_dir / "python", "-c", "import dicecup, cupcore, dicecup.boards, dicecup.hardware as h; "
               "print(dicecup.__file__, cupcore.__file__, dicecup.boards.__file__, h.__file__, sep='\\n')"],
              work, env)
    site = bin_dir.parent / "lib"
    for path in out.split():
        assert Path(path).is_relative_to(site), f"{path} is not in the fresh environment"


@pytest.mark.slow
def test_the_demo_plays_a_game_and_its_journal_is_refereed(installed):
    bin_dir, work, env, _ = installed
    # Two dice each: the installed package's parts are what is tested here (tests/hub/test_demo.py plays the
    # README's demo whole), and a shorter game leaves the suite its minutes.
    out = run([bin_dir / "dicecup", "demo", "--seed", "1", "--brief", "dice=2"], work, env, timeout=3 * MINUTES)
    assert "4 virtual cups on MicroPython" in out  # the real firmware, on the port the wheel brought along
    winner = re.search(r"^(\S+) wins the game\.$", out, re.M)
    journal = re.search(r"^journal: (.+)$", out, re.M)
    assert winner and journal, out[-2000:]
    assert Path(journal.group(1)).is_relative_to(work.parent / "home")
    verdict = json.loads(run([bin_dir / "dicecup", "referee", journal.group(1), "--json"], work, env))
    assert verdict["winner"] == winner.group(1)


@pytest.mark.slow
def test_every_board_builds_byte_for_byte_as_from_the_checkout(installed, tmp_path, monkeypatch):
    bin_dir, work, env, source = installed
    # The checkout's build of the very files the wheel was made from (the checkout may have moved on since).
    monkeypatch.setattr(dicecup.build, "board_dir", lambda board: source / "firmware" / "boards" / board)
    monkeypatch.setattr(dicecup.build, "cupcore_dir", lambda: source / "firmware" / "cupcore")
    monkeypatch.setattr(dicecup.build, "pins_path", lambda board: source / "hardware" / board / "pins.json")
    for board in BOARDS:
        out = run([bin_dir / "dicecup", "build", "--board", board], work, env)
        assert f"{board}: " in out and f"dist/{board}/" in out
        built = json.loads((work / "dist" / board / "manifest.json").read_text())
        assert any(entry["path"] == "lib/pinmap.py" or entry["path"] == "lib/pinmap.mpy" for entry in built["files"])
        for entry in built["files"]:
            assert (work / "dist" / board / entry["path"]).is_file()
        assert built == build(board, tmp_path / board), f"{board}: the wheel's build differs from the checkout's"


def test_the_rule_pages_and_the_referee(installed):
    bin_dir, work, env, _ = installed
    page = run([bin_dir / "dicecup", "rules"], work, env)
    assert page == run([sys.executable, "-m", "dicecup", "rules"], work, os.environ)
    assert page.startswith("# dicecup rules") and "dudo" in page
    record = work / "dudo.txt"
    shutil.copy(ROOT / "host" / "dicecup" / "examples" / "dudo.txt", record)
    out = run([bin_dir / "dicecup", "referee", record], work, env)
    assert re.search(r"^winner: \S+$", out, re.M) and "round 1" in out.lower()
    assert out == run([sys.executable, "-m", "dicecup", "referee", record], work, os.environ)


def test_the_cups_run_under_cpython_where_the_micropython_port_is_missing(installed):
    # PyPI has the MicroPython unix port only for x86-64 Linux; elsewhere the demo runs the same firmware under
    # this Python (--cpython). Without the port it says so, then runs with --cpython from the wheel's files.
    bin_dir, work, env, _ = installed
    elsewhere = [folder for folder in env["PATH"].split(os.pathsep) if not shutil.which("micropython", path=folder)]
    env = dict(env, PATH=os.pathsep.join(elsewhere))
    hidden = bin_dir / "micropython.hidden"
    (bin_dir / "micropython").rename(hidden)
    try:
        refused = subprocess.run([bin_dir / "dicecup", "demo", "--seed", "1"], cwd=work, env=env, capture_output=True,
                                 text=True, timeout=MINUTES)
        assert refused.returncode == 1 and "--cpython" in refused.stderr and "Traceback" not in refused.stderr
        out = run([bin_dir / "dicecup", "demo", "--seed", "1", "--brief", "--cpython", "--cups", "2", "dice=1"],
                  work, env, timeout=3 * MINUTES)  # a short game: the firmware runs, a winner is named
        assert "2 virtual cups on CPython" in out and re.search(r"^\S+ wins the game\.$", out, re.M)
    finally:
        hidden.rename(bin_dir / "micropython")


def test_the_cpb_libraries_dicecup_build_names_are_the_ones_its_code_is_type_checked_with():
    # The installed package can't read pyproject.toml, so dicecup.build carries the pins; they must agree.
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert sorted(CPB_LIBRARIES) == sorted(pin for pin in extras["stubs-cpb"] if pin.startswith("adafruit-"))


def test_the_table_screen_serves_its_page_and_its_assets_from_the_wheel(installed):
    bin_dir, work, env, _ = installed  # dicecup.web's static/ is package data: a wheel without it serves 404s
    code = ("import urllib.request as u; from dicecup.web.server import WebTable; w = WebTable().start(); "
            "base = w.url.rsplit('/t/', 1)[0]; print(*[len(u.urlopen(url, timeout=30).read()) > 100 for url in "
            "[w.url] + [base + '/static/' + name for name in ('table.js', 'dice.js', 'table.css')]]); w.close()")
    assert run([bin_dir / "python", "-c", code], work, env).split() == ["True"] * 4


def test_the_expert_plays_from_the_solved_games_the_wheel_ships(installed):
    bin_dir, work, env, _ = installed
    code = ("from dicecup.search.solved import GAMES, Solved, data_of, tables; "
            "print(sorted({n for name in GAMES for n in tables(data_of(name))}) == sorted(GAMES), "
            "round(sum(Solved('dudo-1').dist((3,), ()).values()), 6), "
            "round(sum(Solved('dudo-2').dist((2, 5), ()).values()), 6))")
    assert run([bin_dir / "python", "-c", code], work, env).strip() == "True 1.0 1.0"
    data = ROOT / "host" / "dicecup" / "search" / "data"
    assert (data / "solved.json.gz").stat().st_size < 300_000  # small enough to ship in every wheel
    two_dice = [path.stat().st_size for path in data.glob("twodice-*.json.gz")]
    assert len(two_dice) == 11 and max(two_dice) < 1_500_000  # dudo without spot, the biggest: 19k nodes of 21 hands
    assert sum(two_dice) < 6_000_000
    endgames = [path.stat().st_size for path in data.glob("endgame-*.json.gz")]  # one die against two, each way
    assert len(endgames) == 6 and sum(endgames) < 2_000_000


@pytest.mark.slow
def test_the_wheel_carries_no_btstack_and_demo_ble_says_in_one_line_what_is_missing(installed):
    """BTstack's licence is non-commercial: the BLE MicroPython of the tests (vendor/micropython-ble) never ships."""
    bin_dir, work, env, _ = installed
    site = bin_dir.parent / "lib"
    assert not [path for path in site.rglob("micropython-ble*")], "the BTstack build went into the wheel"
    done = subprocess.run([str(bin_dir / "dicecup"), "demo", "--ble"], cwd=work, env=env, capture_output=True,
                          text=True, timeout=2 * MINUTES)
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert "no MicroPython with Bluetooth is installed" in done.stderr

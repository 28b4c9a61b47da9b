"""Every portable firmware test, run again on the real MicroPython unix port, one pytest result per test.

The modules in tests/firmware/portable already ran under CPython; this catches what only breaks on
MicroPython (a missing method, a different exception, an API that isn't there)."""
import subprocess

import pytest

from fwpaths import FIRMWARE, PORTABLE, RUNNER, portable_tests, tool

TESTS = portable_tests()


@pytest.fixture(scope="module")
def micropython_results():
    modules = sorted({module for module, _ in TESTS})
    proc = subprocess.run(
        [tool("micropython"), str(RUNNER), str(FIRMWARE), str(PORTABLE), *modules],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=PORTABLE,
    )
    lines = proc.stdout.splitlines()
    assert lines and lines[-1] == "DONE", f"the MicroPython runner died:\n{proc.stdout}\n{proc.stderr}"
    results = {}
    for line in lines:
        word, _, rest = line.partition(" ")
        if word in ("PASS", "FAIL"):
            module, _, test = rest.partition(" ")
            results[(module, test.split(":")[0])] = line
        elif word == "ERROR":
            module = rest.split(":")[0]
            results[(module, None)] = line
    return results, proc.stdout + proc.stderr


def test_the_runner_found_tests():
    assert len(TESTS) > 50


@pytest.mark.parametrize("module,test", TESTS, ids=[f"{m}::{t}" for m, t in TESTS])
def test_passes_on_micropython(micropython_results, module, test):
    results, output = micropython_results
    assert (module, None) not in results, results[(module, None)]
    line = results.get((module, test))
    assert line is not None, f"{module}.{test} did not run on MicroPython:\n{output}"
    if not line.startswith("PASS"):
        detail = [chunk for chunk in output.split("\nPASS") if test in chunk]
        pytest.fail(f"{line}\n{detail[-1] if detail else ''}")

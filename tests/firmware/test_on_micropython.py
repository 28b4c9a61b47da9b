"""Every portable firmware test, run again on the real MicroPython unix port, one pytest result per test.

The modules in tests/firmware/portable already ran under CPython; this catches what only breaks on
MicroPython (a missing method, a different exception, an API that isn't there). They run a second time with
CircuitPython-shaped STAND-INS first on the path (tests/firmware/standins/circuitpython): a `hashlib` with
only new(name, data), a `time` without ticks_ms, a `supervisor` with it. That is the runtime the Circuit
Playground Bluefruit cup runs, where cupcore once called hashlib.sha256 (issue 11)."""
import subprocess
import sys

import pytest

from fwpaths import FIRMWARE, PORTABLE, RUNNER, portable_tests, tool

TESTS = portable_tests()
CIRCUITPYTHON_SHAPED = PORTABLE.parent / "standins" / "circuitpython"


def run_portable(*first):
    modules = sorted({module for module, _ in TESTS})
    proc = subprocess.run(
        [tool("micropython"), str(RUNNER), *first, str(FIRMWARE), str(PORTABLE), *modules],
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


@pytest.fixture(scope="module")
def micropython_results():
    return run_portable()


@pytest.fixture(scope="module")
def circuitpython_shaped_results():
    return run_portable("--first", str(CIRCUITPYTHON_SHAPED))


def check(outcome, module, test):
    results, output = outcome
    assert (module, None) not in results, results[(module, None)]
    line = results.get((module, test))
    assert line is not None, f"{module}.{test} did not run on MicroPython:\n{output}"
    if not line.startswith("PASS"):
        detail = [chunk for chunk in output.split("\nPASS") if test in chunk]
        pytest.fail(f"{line}\n{detail[-1] if detail else ''}")


def test_the_runner_found_tests():
    assert len(TESTS) > 50


@pytest.mark.parametrize("module,test", TESTS, ids=[f"{m}::{t}" for m, t in TESTS])
def test_passes_on_micropython(micropython_results, module, test):
    check(micropython_results, module, test)


@pytest.mark.parametrize("module,test", TESTS, ids=[f"{m}::{t}" for m, t in TESTS])
def test_passes_with_circuitpython_shaped_hashlib_time_and_supervisor(circuitpython_shaped_results, module, test):
    check(circuitpython_shaped_results, module, test)


def test_the_stand_ins_are_what_they_stand_in_for():
    proc = subprocess.run(
        [tool("micropython"), "-c", "import sys; sys.path.insert(0, %r)\nimport hashlib, time, supervisor\n"
         "print(hasattr(hashlib, 'sha256'), hasattr(time, 'ticks_ms'), supervisor.ticks_ms() < 2**29,"
         " hashlib.new('sha256', b'abc').digest()[:2].hex())" % str(CIRCUITPYTHON_SHAPED)],
        capture_output=True, text=True, timeout=60)
    assert proc.stdout.split() == ["False", "False", "True", "ba78"], proc.stdout + proc.stderr
    for path in CIRCUITPYTHON_SHAPED.glob("*.py"):
        assert "STAND-IN" in path.read_text(), path


def test_the_runner_needs_no_print_exception(tmp_path):
    """CircuitPython (like CPython, which runs it here) has no sys.print_exception: a failing test is reported."""
    (tmp_path / "test_cup_broken.py").write_text("def test_fails():\n    raise ValueError('on purpose')\n")
    proc = subprocess.run([sys.executable, str(RUNNER), str(FIRMWARE), str(tmp_path), "test_cup_broken"],
                          capture_output=True, text=True, timeout=60)
    assert proc.stdout.splitlines()[0] == "FAIL test_cup_broken test_fails: ValueError: on purpose", proc.stderr
    assert proc.stdout.splitlines()[-1] == "DONE" and "on purpose" in proc.stderr

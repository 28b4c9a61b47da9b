"""No bench rots: every bench/*.py that is a program runs here in its quick form (DICECUP_BENCH_QUICK=1,
bench/quickform.py), as a person runs it from the checkout, and ends with its figure line, `name: value unit`.
A bench is found by being there: a new one is covered without being listed anywhere.

A bench that needs what `python3 dev.py test` does not install (an optional extra of pyproject.toml, such as
open-spiel in `bench`) must stop saying so, `needs DIST (the EXTRA extra)`, with a non-zero status; that passes
only while DIST really is missing and EXTRA is one the tests do not install, so the bench's words are checked,
never a skip. Every other module of bench/ (no `__main__` block) is a helper some bench imports."""
import ast
import importlib.metadata
import os
import re
import signal
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
FIGURE = re.compile(r"[a-z][a-z0-9_]*: -?[0-9][0-9.,]* \S+")  # the contract: `name: value unit`, last
NEEDS = re.compile(r"needs (\S+) \(the (\w+) extra\)")
TIMEOUT = 300  # seconds: each quick form takes seconds; this is only so a hung bench fails rather than waits


def is_program(path: Path) -> bool:
    """Whether the module has an `if __name__ == "__main__":` block."""
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Compare) and \
                isinstance(node.test.left, ast.Name) and node.test.left.id == "__name__":
            return True
    return False


PROGRAMS = sorted(path.name for path in BENCH.glob("*.py") if is_program(path))


def run_quick(script: str):
    """(status, stdout, stderr) of the bench in its quick form; the whole process group is killed on a hang."""
    proc = subprocess.Popen([sys.executable, str(BENCH / script)], cwd=ROOT, text=True, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=dict(os.environ, DICECUP_BENCH_QUICK="1"))
    try:
        out, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # the bench's own group: its cups, hubs and emulators with it
        out, err = proc.communicate()
        pytest.fail(f"bench/{script} did not finish its quick form in {TIMEOUT} s:\n{tail(out, err)}")
    return proc.returncode, out, err


def tail(out: str, err: str, lines: int = 15) -> str:
    return "\n".join(["-- stdout:", *out.splitlines()[-lines:], "-- stderr:", *err.splitlines()[-lines:]])


def optional_extras() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]


def extras_the_tests_install(extras: dict) -> set:
    """`test` and the extras it names (dicecup[docs]): what `python3 dev.py test` installs."""
    named = {"test"}
    for requirement in extras["test"]:
        found = re.match(r"dicecup\[([\w,-]+)\]", requirement)
        named.update(found.group(1).split(",") if found else ())
    return named


def check_needs(script: str, status: int, out: str, err: str):
    """A bench that stopped: only its saying it needs a distribution the tests do not install passes."""
    said = err.strip().splitlines()[-1] if err.strip() else ""
    found = NEEDS.search(said)
    assert found, f"bench/{script} failed (status {status}):\n{tail(out, err)}"
    dist, extra = found.groups()
    extras = optional_extras()
    assert extra in extras and extra not in extras_the_tests_install(extras), \
        f"bench/{script}: {said!r} names no extra the tests leave out"
    assert any(re.match(rf"{re.escape(dist)}\b", requirement) for requirement in extras[extra]), \
        f"bench/{script}: the {extra} extra does not hold {dist}"
    try:
        importlib.metadata.distribution(dist)
    except importlib.metadata.PackageNotFoundError:
        return
    pytest.fail(f"bench/{script} says it needs {dist}, which is installed: it must measure\n{tail(out, err)}")


@pytest.mark.slow  # about three minutes for all of them on a shared 2-core machine (bench/README.md)
@pytest.mark.parametrize("script", PROGRAMS)
def test_the_bench_runs_in_its_quick_form_and_prints_its_figure_last(script):
    status, out, err = run_quick(script)
    if status:
        check_needs(script, status, out, err)
        return
    last = out.strip().splitlines()[-1] if out.strip() else ""
    assert FIGURE.fullmatch(last), f"bench/{script}'s last line is not `name: value unit`: {last!r}\n{tail(out, err)}"


def test_every_other_module_of_bench_is_a_helper_a_bench_imports():
    imported = set()
    for script in PROGRAMS:
        for node in ast.walk(ast.parse((BENCH / script).read_text())):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                imported.add(node.module.split(".")[0])
    helpers = {path.stem for path in BENCH.glob("*.py") if path.name not in PROGRAMS}
    assert helpers <= imported, f"in bench/ but neither a bench nor imported by one: {helpers - imported}"

"""The suite's workers take whole groups (tests/conftest.py puts every test in one: a file, every emulated-chip
test, every Chromium test; dev.py runs `--dist loadgroup`). A pytest and pytest-xdist that stop agreeing on how a
group is carried split the groups silently: two emulated chips at once on two cores, a file's module fixtures made
on every worker. Pinned in pyproject.toml; this runs the pair on a folder of three tests put in one group by a hook,
as conftest.py does, and finds them on one worker."""
import re
import subprocess
import sys

CONFTEST = '''import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    for item in items:
        item.add_marker(pytest.mark.xdist_group("together"))
'''


def test_tests_put_in_one_group_by_a_hook_all_run_on_one_worker(tmp_path):
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_three.py").write_text("def test_a():\n    pass\n\n\ndef test_b():\n    pass\n\n\n"
                                            "def test_c():\n    pass\n")
    run = subprocess.run([sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-vv", "-p",
                          "no:cacheprovider", "-p", "no:randomly", str(tmp_path)], capture_output=True, text=True,
                         timeout=120, cwd=tmp_path)
    workers = re.findall(r"\[(gw\d+)\].*PASSED", run.stdout)
    assert run.returncode == 0 and len(workers) == 3, run.stdout + run.stderr
    assert len(set(workers)) == 1, f"one group ran on {sorted(set(workers))}:\n{run.stdout}"

"""Runs one board's test module on the MicroPython unix port, with that runtime's hardware stand-ins first on
sys.path, and prints PASS/FAIL lines like tests/firmware/mp_runner.py.

Usage: micropython mp_board_runner.py STANDINS BOARD_DIR PINMAP_DIR FIRMWARE TESTS_DIR module [LIBS]
LIBS: a folder of the board's real pure-Python libraries (after everything else on the path).
"""
import sys


def show_traceback(exc):
    show = getattr(sys, "print_exception", None)  # MicroPython's; a runtime without it just gets the line above
    if show is not None:
        show(exc)


def main():
    standins, board_dir, pinmap_dir, firmware, tests, name = sys.argv[1:7]
    for path in (firmware, tests, pinmap_dir, board_dir, standins):
        sys.path.insert(0, path)
    if len(sys.argv) > 7:
        sys.path.append(sys.argv[7])
    try:
        module = __import__(name)
    except Exception as exc:
        print("ERROR", name + ":", type(exc).__name__, exc)
        show_traceback(exc)
        print("DONE")
        return
    for attr in sorted(dir(module)):
        if attr.startswith("test_"):
            try:
                getattr(module, attr)()
            except Exception as exc:
                print("FAIL", name, attr + ":", type(exc).__name__, exc)
                show_traceback(exc)
            else:
                print("PASS", name, attr)
    print("DONE")


main()

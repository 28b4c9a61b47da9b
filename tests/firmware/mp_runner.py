"""Runs portable firmware test modules under the MicroPython unix port and prints one line per test:

    PASS module test_name
    FAIL module test_name: ExceptionType: message
    ERROR module: ExceptionType: message          (the module did not even import)
    DONE

Usage: micropython mp_runner.py FIRMWARE_DIR TESTS_DIR module [module ...]
(tests/firmware/test_on_micropython.py runs it and turns each line into a pytest result.)
"""
import sys


def describe(exc):
    return "%s: %s" % (type(exc).__name__, exc)


def run_module(name):
    try:
        module = __import__(name)
    except Exception as exc:
        print("ERROR", name + ":", describe(exc))
        sys.print_exception(exc)
        return
    for attr in sorted(dir(module)):
        if not attr.startswith("test_"):
            continue
        test = getattr(module, attr)
        try:
            test()
        except Exception as exc:
            print("FAIL", name, attr + ":", describe(exc))
            sys.print_exception(exc)
        else:
            print("PASS", name, attr)


def main():
    firmware, tests = sys.argv[1], sys.argv[2]
    sys.path.insert(0, tests)
    sys.path.append(firmware)
    for name in sys.argv[3:]:
        run_module(name)
    print("DONE")


main()

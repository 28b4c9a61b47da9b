"""Runs portable firmware test modules under the MicroPython unix port and prints one line per test:

    PASS module test_name
    FAIL module test_name: ExceptionType: message
    ERROR module: ExceptionType: message          (the module did not even import)
    DONE

Usage: micropython mp_runner.py [--first DIR] FIRMWARE_DIR TESTS_DIR module [module ...]
(tests/firmware/test_on_micropython.py runs it and turns each line into a pytest result.) --first puts DIR at
the head of the module path, ahead of the built-in modules it names: the CircuitPython-shaped stand-ins.
It uses only what every runtime has: no sys.print_exception (CircuitPython and CPython lack it).
"""
import sys


def describe(exc):
    return "%s: %s" % (type(exc).__name__, exc)


def show_traceback(exc):
    show = getattr(sys, "print_exception", None)  # MicroPython
    if show is not None:
        show(exc)
        return
    try:
        import traceback  # CircuitPython, CPython

        traceback.print_exception(exc)
    except ImportError:
        print("(no traceback on this runtime)")


def run_module(name):
    try:
        module = __import__(name)
    except Exception as exc:
        print("ERROR", name + ":", describe(exc))
        show_traceback(exc)
        return
    for attr in sorted(dir(module)):
        if not attr.startswith("test_"):
            continue
        test = getattr(module, attr)
        try:
            test()
        except Exception as exc:
            print("FAIL", name, attr + ":", describe(exc))
            show_traceback(exc)
        else:
            print("PASS", name, attr)


def main():
    args = sys.argv[1:]
    first = None
    if args[0] == "--first":
        first, args = args[1], args[2:]
    firmware, tests = args[0], args[1]
    sys.path.insert(0, tests)
    sys.path.append(firmware)
    if first:
        sys.path.insert(0, first)
    for name in args[2:]:
        run_module(name)
    print("DONE")


main()

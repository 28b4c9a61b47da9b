"""What every tampered cup here shares: the sim board and cupcore on the import path (importing this module puts
them there), and the sim board's main loop run as a virtual cup runs it. No real cup runs this file."""
import sys

sys.path.append(sys.path[0] + "/../../../firmware/boards/sim")
sys.path.append(sys.path[0] + "/../../../firmware")


def run(main=None):
    """Run `main(argv)` (simcup's main loop by default) and exit with its status; an error is printed as
    MicroPython prints one, and is status 1."""
    try:
        if main is None:
            import simcup

            main = simcup.main
        code = main(sys.argv)
    except Exception as exc:
        sys.print_exception(exc, sys.stderr)
        code = 1
    sys.exit(code)

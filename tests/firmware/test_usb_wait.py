"""A MicroPython board's loop waits on its USB serial, not a fixed tick: cupcore.usbserial.UsbSerial.wait(ms)
returns as soon as a byte arrives (run on the real MicroPython unix port, its stdin a pipe)."""
import subprocess
import time

from fwpaths import FIRMWARE, tool

SCRIPT = """
import sys
sys.path.append(%r)
from cupcore.compat import ticks_diff, ticks_ms
from cupcore.usbserial import UsbSerial

usb = UsbSerial()
print("ready")
start = ticks_ms()
usb.wait(%d)
waited = ticks_diff(ticks_ms(), start)
got = []
usb.poll(lambda buf, n: got.append(bytes(buf[:n])))
print(waited, got[0].hex() if got else "-")
"""


def run_waiting(timeout_ms, send=None, after=0.2):
    proc = subprocess.Popen([tool("micropython"), "-c", SCRIPT % (str(FIRMWARE), timeout_ms)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stdout.readline() == b"ready\n", proc.stderr.read()
        if send is not None:
            time.sleep(after)  # the cup is waiting now: the frame comes in the middle of its wait
            proc.stdin.write(send)
            proc.stdin.flush()
        line = proc.stdout.readline()  # stdin stays open: its end would end the wait too
        proc.stdin.close()
        assert proc.wait(60) == 0, proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        for pipe in (proc.stdin, proc.stdout, proc.stderr):
            pipe.close()
    waited, got = line.decode().split()
    return int(waited), got


def test_a_frame_ends_the_wait_at_once():
    waited, got = run_waiting(20000, send=b"\x00\x41\x42\x00")
    assert got == "00414200"
    assert waited < 10000, waited  # a fixed wait would have taken all 20 s


def test_with_nothing_coming_the_wait_lasts_its_timeout():
    waited, got = run_waiting(300)
    assert got == "-" and 250 <= waited < 5000, waited

"""The flash tests' virtual board itself: what it passes on to the MicroPython process must all arrive."""
import os
import select
import threading
import time

import pytest

from dicecup.sim.ptyrelay import open_raw_pty
from virtualboard import VirtualBoard

pytestmark = pytest.mark.slow  # waits for a board that is not reading


def test_bytes_for_a_board_that_is_not_reading_wait_until_it_reads(tmp_path):
    # A board busy in its program doesn't read its serial line; the terminal's buffer fills and a write would
    # block. The relay must wait (it used to retry by recursing, so a board busy for a second or two blew the
    # stack: RecursionError in the relay thread and the rest of the bytes lost).
    board = VirtualBoard(tmp_path / "board", runtime="unused")
    board._board_fd, vm_side = open_raw_pty()
    data = bytes(range(256)) * 2048  # 512 KB: far more than a terminal buffers
    errors = []

    def send():
        try:
            board._to_board(data)
        except BaseException as exc:  # noqa: BLE001  what the relay thread would have died of
            errors.append(exc)

    sender = threading.Thread(target=send)
    sender.start()
    time.sleep(3.0)  # the board is busy: nothing reads its line for three seconds
    received = bytearray()
    deadline = time.monotonic() + 30
    while len(received) < len(data) and time.monotonic() < deadline and not errors:
        if select.select([vm_side], [], [], 0.5)[0]:
            received += os.read(vm_side, 65536)
    sender.join(10)
    os.close(vm_side)
    os.close(board._board_fd)
    board.stop()
    assert not errors, f"the relay failed: {errors[0]!r}"
    assert bytes(received) == data

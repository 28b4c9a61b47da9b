"""A face-bid cup never loads the poker mode (cupcore/pokercup.py): the Cup imports it at a poker table's first
message, not before, so a $4 board at a face-bid table never spends heap on its code and tables. Checked on the
real MicroPython unix port, in a process of its own (the portable tests load every module in one)."""
import subprocess

from fwpaths import FIRMWARE, tool

SCRIPT = """
import sys
sys.path.insert(0, %r)
from cupcore import wire
from cupcore.runner import Runner
from cupcore.board import BoardBase
from cupcore.gestures import LONG

class Pixels:
    def __setitem__(self, i, colour):
        pass
    def write(self):
        pass

class Stream:
    def poll(self, feed):
        pass
    def write(self, frame):
        pass

board = BoardBase(lambda: 0, Pixels(), 6)
board.pins = [lambda: False, lambda: False]
board.streams = [Stream()]
runner = Runner(board, 7, "ana", source=lambda n: bytes(range(1, n + 1)))
cup = runner.cup
nonce = bytes(8)
cup.receive(wire.WELCOME, (1, 0, 2))
cup.receive(wire.DEAL, (1, 5, nonce))
cup.receive(wire.ENTROPY, (1, bytes(range(16))))
cup.receive(wire.TABLE, (1, 0, 0, 0, 0, 0, 10))
cup.gesture(1, LONG)  # B long: the bid composed
cup.receive(wire.REVEAL_REQ, (1,))
cup.receive(wire.RESULT, (1, 0, 0, 0, 0))
runner.step(0)
print("faces", "cupcore.pokercup" in sys.modules)
cup.receive(wire.PTABLE, (1, 0, 1, 0, 0, 0xFFFF))
print("poker", "cupcore.pokercup" in sys.modules)
"""


def test_a_face_bid_cup_never_imports_the_poker_mode_and_a_poker_table_does(tmp_path):
    script = tmp_path / "lazy.py"
    script.write_text(SCRIPT % str(FIRMWARE))
    proc = subprocess.run([tool("micropython"), str(script)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.split("\n")[-3:-1] == ["faces False", "poker True"], proc.stdout + proc.stderr

"""Issue 12 item 6 (part): a full disk while the hub keeps its bots' dice beside the journal raised an OSError
out of the hub's loop (a traceback) and left an empty `.bots` file. Stand-in for a full disk: os.write in the
recovery module fails with ENOSPC (a data folder on a tiny tmpfs is not available here). Now: the screen says
what happened, the game goes on, the journal stays a record the referee accepts, no empty file is left."""
import errno
import io
import threading

from rich.console import Console

from dicecup.hub import recovery
from dicecup.hub.screen import Screen
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules, replay


def test_a_full_disk_for_the_bots_dice_is_said_and_leaves_no_empty_file(tmp_path, monkeypatch):
    def disk_full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(recovery.os, "write", disk_full, raising=True)
    output = io.StringIO()
    screen = Screen(console=Console(file=output, width=120), brief=True)
    table = TableSetup(Rules.parse("fourdice dice=2"), data=tmp_path, seed="full", screen=screen,
                       bot_names=["simple", "simple"], result_pause=0.0)
    hub = table.make_hub(expect_cups=0)
    hub.bot_delay = 0.0
    failures = []
    thread = threading.Thread(target=lambda: _play(table, failures), daemon=True)
    thread.start()
    thread.join(90)
    table.close()
    text = output.getvalue()
    assert not failures, failures
    assert "No space left on device" in text, text[-2000:]
    assert hub.finished, text[-2000:]
    assert not list(tmp_path.rglob("*.bots")), list(tmp_path.rglob("*"))
    replay(hub.journal.path.read_text())  # the journal is whole: it replays


def _play(table, failures):
    try:
        table.play(timeout=60)
    except Exception as error:  # what reached the user as a traceback
        failures.append(repr(error))

"""A stopping signal that comes while the table gets ready to play is only noted: the loop stops at its first pass
and the command says what was kept. Raised where it landed (cli.main's unwind_on_signals, outside a loop), one
that came while the typing thread started left that thread's lock half released: `RuntimeError: release unlocked
lock` and a traceback, where `kill` should have said the game is kept (seen in CI, `resume` killed by SIGHUP)."""
import io
import os
import signal

import pytest
from rich.console import Console

from dicecup.hub import run as hub_run
from dicecup.hub.screen import Screen
from dicecup.hub.stopsignals import STOPPING, Stopped, unwind_on_signals
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules


@pytest.fixture
def as_a_command():
    """The signal handlers a command runs under (cli.main's), put back afterwards. Run from a shell that ignores
    SIGHUP (`nohup`), the command would keep ignoring it and the kill below would never land: as a terminal's."""
    before = {signum: signal.getsignal(signum) for signum in STOPPING}
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    unwind_on_signals()
    yield
    for signum, handler in before.items():
        signal.signal(signum, handler)


def test_a_signal_while_the_typing_thread_starts_stops_the_loop_and_raises_nowhere_else(as_a_command, tmp_path,
                                                                                        monkeypatch):
    real = hub_run.read_commands
    went_on = []

    def read_commands(inbox, stream=None):  # the kill lands as the thread that reads typed lines starts
        os.kill(os.getpid(), signal.SIGHUP)
        went_on.append("the signal raised nothing here")
        real(inbox, io.StringIO(""))

    monkeypatch.setattr(hub_run, "read_commands", read_commands)
    table = TableSetup(Rules.parse("dudo"), data=tmp_path,
                       screen=Screen(console=Console(file=io.StringIO(), width=100), live=False))
    try:
        table.make_hub(expect_cups=2)
        table.watch_stops()
        with pytest.raises(Stopped) as stopped:
            table.play(typed_commands=True, timeout=60)  # a signal that never lands fails, not hangs
    finally:
        table.close()
    assert went_on and stopped.value.how == "SIGHUP" and stopped.value.status == 128 + signal.SIGHUP
    assert signal.getsignal(signal.SIGHUP) is not signal.SIG_DFL  # the command's handler holds it, or a noting one

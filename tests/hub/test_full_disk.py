"""Issue 12 item 6 (part): a full disk while the hub keeps its bots' dice beside the journal raised an OSError
out of the hub's loop (a traceback) and left an empty `.bots` file. Stand-in for a full disk: os.write under
journal.keep_private fails with ENOSPC (a data folder on a tiny tmpfs is not available here). Now: the screen says
what happened, the game goes on, the journal stays a record the referee accepts, no empty file is left."""
import errno
import io
import os
import threading

from rich.console import Console

from dicecup.hub import journal
from dicecup.hub.screen import Screen
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules, replay


def test_a_full_disk_for_the_bots_dice_is_said_and_leaves_no_empty_file(tmp_path, monkeypatch):
    real_write = os.write

    def disk_full(fd, data):  # only for the bots' dice file: the journal has its own test below
        if os.readlink(f"/proc/self/fd/{fd}").endswith(".partial"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)
    monkeypatch.setattr(journal.os, "write", disk_full, raising=True)
    table, hub, output, failures, _ = _bots_game(tmp_path)
    table.close()
    text = output.getvalue()
    assert not failures, failures
    assert "No space left on device" in text, text[-2000:]
    assert hub.finished, text[-2000:]
    assert not list(tmp_path.rglob("*.bots")), list(tmp_path.rglob("*"))
    replay(hub.journal.path.read_text())  # the journal is whole: it replays


def _bots_game(tmp_path):
    """Two bots play on the hub, the screen into a string: (table, hub, screen text, failures, thread) once the
    game ended or 90 s passed."""
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
    return table, hub, output, failures, thread


def _play(table, failures):
    try:
        table.play(timeout=60)
    except Exception as error:  # what reached the user as a traceback
        failures.append(repr(error))


# -- the journal itself on a full disk (issue 12 item 6, last part) -------------------------------------------------
class FullDisk:
    """STAND-IN for a disk that fills up: the journal module's os.write and os.fsync fail with ENOSPC once the
    journal holds `room` bytes (a data folder on a real tiny filesystem can't be mounted here). Up to then the
    bytes go to disk as they are; the last write may be cut short, as a real full disk cuts it."""

    def __init__(self, room):
        self.room = room
        self.written = 0
        self.full = False

    def fill(self, monkeypatch):
        """Put this disk under the journal module (monkeypatch.undo() gives the room back)."""
        from dicecup.hub import journal
        monkeypatch.setattr(journal, "_real_os_write", journal.os.write, raising=False)
        monkeypatch.setattr(journal, "_real_os_fsync", journal.os.fsync, raising=False)
        monkeypatch.setattr(journal.os, "write", self.write)
        monkeypatch.setattr(journal.os, "fsync", self.fsync)
        return self

    def write(self, fd, data):
        from dicecup.hub import journal
        if self.full:
            raise OSError(errno.ENOSPC, "No space left on device")
        if self.written + len(data) > self.room:
            part = self.room - self.written
            self.full = True
            if part <= 0:
                raise OSError(errno.ENOSPC, "No space left on device")
            data = data[:part]  # a short write: the rest did not fit
        self.written += len(data)
        return journal._real_os_write(fd, data)

    def fsync(self, fd):
        from dicecup.hub import journal
        if self.full or journal.os.fstat(fd).st_size > self.room:  # bytes written past the room some other way
            self.full = True
            raise OSError(errno.ENOSPC, "No space left on device")
        return journal._real_os_fsync(fd)


def test_a_full_disk_while_writing_the_journal_ends_the_game_in_one_line_and_keeps_every_whole_line(
        tmp_path, monkeypatch):
    disk = FullDisk(room=1500).fill(monkeypatch)  # the header, the seats' facts and a round or so
    table, hub, _, failures, thread = _bots_game(tmp_path)
    monkeypatch.undo()  # the disk has room again: read what it kept
    assert not thread.is_alive(), "the table went on (or hung) after the journal could not be written"
    table.close()
    assert disk.full, "the game ended before the disk filled: give it less room"
    assert not hub.finished
    assert len(failures) == 1 and failures[0].startswith(("TableError(", "JournalStopped(")), failures  # a TableError
    said = str(failures[0])
    path = hub.journal.path
    assert "No space left on device" in said and str(path) in said and f"dicecup resume {path}" in said, said
    assert "\n" not in said.replace("\\n", "")
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n"), text[-200:]  # no half line left by the short write
    replay(text)  # every whole line kept is a record the referee accepts
    assert text.count("\n") >= 5, text


def test_the_hub_writes_nothing_more_once_the_journal_failed(tmp_path, monkeypatch):
    """A line lost in the middle would make the journal lie: after one failure, every later line is refused too,
    even if the disk has room again."""
    from dicecup.hub import journal

    book = journal.Journal.create(tmp_path, Rules.parse("dudo"), ["ana", "ben"])
    FullDisk(room=0).fill(monkeypatch)
    before = book.path.read_text()
    try:
        book.line("ana bids 2x2")
    except journal.JournalError:
        pass
    else:
        raise AssertionError("a line that could not be written was taken as written")
    monkeypatch.undo()
    try:
        book.line("ben calls liar")
    except journal.JournalError as error:
        assert "ana bids 2x2" not in book.path.read_text() and str(book.path) in str(error)
    else:
        raise AssertionError("the journal went on after losing a line")
    assert book.path.read_text() == before

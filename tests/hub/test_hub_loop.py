"""The hub's one loop (hub/run.py, hub/inbox.py): serial ports are read by the table's own thread, waiting in one
selector with the inbox's bell; every other thread's put rings it. No reader thread per cup."""
import io
import os
import threading
import time

from rich.console import Console

from cupcore import wire
from cupcore.link import Link
from dicecup.hub.inbox import Inbox
from dicecup.hub.run import run
from dicecup.hub.screen import Screen
from dicecup.hub.snapshot import Said
from dicecup.hub.tablesetup import TableSetup
from dicecup.link.peer import CupConnection, writes_gathered
from dicecup.link.serial_port import SerialTransport
from dicecup.link.transport import Transport
from dicecup.rules import Rules
from dicecup.sim.ptyrelay import open_raw_pty
from pty_cups import PtyCup, cups  # noqa: F401 - the fixture
from table_helpers import LiveTable

LONG_POLL = 60.0  # a loop that only woke on its timeout would miss every deadline below


def threads_since(before: set, *prefixes) -> list:
    """The threads named with one of `prefixes` started since `before` was taken: another file's test on this
    worker may have left a daemon reader of its own still winding down."""
    return [thread.name for thread in threading.enumerate()
            if thread not in before and thread.name.startswith(prefixes)]


def reader_threads(before: set) -> list:
    return threads_since(before, "read ")


def cable_threads(before: set) -> list:
    """The virtual cups' cable relays (sim/ptyrelay.py): one switchboard for them all."""
    return threads_since(before, "relay ", "cables")


def bidding_under_way(table) -> bool:
    snapshot = table.snapshot
    return snapshot.state is not None and len(snapshot.state.bids) >= 1


def test_cups_on_serial_ports_play_with_no_reader_thread_and_a_pulled_one_is_reopened(tmp_path):
    before = set(threading.enumerate())
    with LiveTable("dudo dice=2", tmp_path, seed="one-loop") as table:
        table.wait(lambda: bidding_under_way(table), "the first bids")
        assert reader_threads(before) == []
        assert cable_threads(before) == ["cables"]
        table.cups[1].unplug()
        table.wait(lambda: table.said("cup2's cup dropped"), "the hub to report the vanished port down")
        table.cups[1].plug()
        table.wait(lambda: table.said("cup2's cup is back"), "the port reopened by Connections.retry", timeout=30)
        assert reader_threads(before) == []
        table.finish()


class LoopOnThread:
    """run() on a thread with a poll so long that only a wake-up can end its waits."""

    def __init__(self, data, ports=()):
        self.table = TableSetup(Rules.parse("dudo"), data=data, seed="loop",
                                screen=Screen(console=Console(file=io.StringIO())), allow_unpaired=True)
        self.hub = self.table.make_hub(expect_cups=3)
        self.said = []
        self.heard = threading.Event()
        self.hub.subscribe(self._on_item)
        self.watch = self.hub.watch()
        self.table.connect(list(ports))
        self.thread = threading.Thread(target=run, args=(self.hub, self.table.inbox, self.table.connections),
                                       kwargs={"until": self.table.stop.is_set, "poll": LONG_POLL}, daemon=True)
        self.thread.start()

    def _on_item(self, item):
        if isinstance(item, Said):
            self.said.append(item.text)
            self.heard.set()

    def close(self):
        self.table.stop.set()
        self.table.inbox.wake()  # the stop is seen once the loop's wait ends
        self.thread.join(10)
        assert not self.thread.is_alive(), "the loop did not stop once woken"
        self.table.close()


def test_a_put_from_another_thread_wakes_the_loop_at_once(tmp_path):
    loop = LoopOnThread(tmp_path)
    try:
        put_at = time.monotonic()
        threading.Thread(target=loop.table.inbox.put, args=(("say", "a line from the web server"),)).start()
        assert loop.heard.wait(10), "the loop slept through the put"
        assert loop.said == ["a line from the web server"]
        assert time.monotonic() - put_at < LONG_POLL / 2
    finally:
        loop.close()


def test_bytes_on_a_serial_port_wake_the_loop_which_reads_them_itself(tmp_path, cups):
    before = set(threading.enumerate())
    ana = cups("ana", 21)
    loop = LoopOnThread(tmp_path, ports=[ana.path])
    try:
        # the hub's WHO goes out at its first tick; the HELLO back can only be heard through the selector
        known = loop.watch.wait(lambda snapshot: 21 in snapshot.waiting_cups, timeout=20)
        assert known is not None, "the hub never heard the cup's hello"
        assert reader_threads(before) == []
    finally:
        loop.close()


def test_after_a_wake_is_heard_an_idle_wait_sleeps_its_full_time():
    inbox = Inbox()
    try:
        inbox.put(("say", "once"))
        assert inbox.wait(10) == []
        assert inbox.get_nowait() == ("say", "once")
        started = time.monotonic()
        assert inbox.wait(0.3) == []
        assert time.monotonic() - started >= 0.25, "the bell kept ringing: an idle loop would spin"
    finally:
        inbox.close()


def serial_on_a_new_pty():
    master, slave = open_raw_pty()
    conn = CupConnection(SerialTransport(os.ttyname(slave)))
    return master, slave, conn


def test_a_port_closed_from_another_thread_is_let_go_and_its_descriptor_number_can_serve_the_next():
    inbox = Inbox()
    old_master, old_slave, old = serial_on_a_new_pty()
    try:
        old.listen(inbox)
        os.write(old_master, b"first")
        assert inbox.wait(10) == [old]
        assert old.read_ready() == b"first"
        number = old.transport.fileno()
        threading.Thread(target=old.close).start()  # as seating.close does from the main thread
        deadline = time.monotonic() + 10
        while not old.down and time.monotonic() < deadline:
            inbox.wait(0.01)
        new_master, new_slave, new = serial_on_a_new_pty()  # most likely handed the same descriptor number
        try:
            new.listen(inbox)
            os.write(new_master, b"second")
            assert inbox.wait(10) == [new], f"descriptor {number} then {new.transport.fileno()}"
            assert new.read_ready() == b"second"
        finally:
            new.close()
            os.close(new_master)
            os.close(new_slave)
    finally:
        os.close(old_master)
        os.close(old_slave)
        inbox.close()


def test_a_port_whose_far_end_vanished_is_reported_down_once_and_closed():
    inbox = Inbox()
    master, slave, conn = serial_on_a_new_pty()
    conn.listen(inbox)
    try:
        os.close(master)
        os.close(slave)  # the cable is gone: the hub's side reads an error
        assert inbox.wait(10) == [conn]
        assert conn.read_ready() == b""
        assert conn.down
        kind, who, _why = inbox.get_nowait()
        assert (kind, who) == ("down", conn)
        assert inbox.wait(10) == []  # the ring of that put
        started = time.monotonic()
        assert inbox.wait(0.3) == []  # let go of: a dead port would poll readable for ever
        assert time.monotonic() - started >= 0.25
    finally:
        inbox.close()


class RecordedLine(Transport):
    """A link that keeps every write it is given, as separate writes."""

    kind = "recorded"

    def __init__(self):
        super().__init__("line")
        self.writes = []

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def read(self, timeout: float) -> bytes:
        return b""


def test_what_the_loop_writes_while_it_handles_one_input_leaves_in_one_write():
    conn = CupConnection(RecordedLine())
    with writes_gathered():
        conn.send(wire.CUE, (wire.CUE_CALL, 0))
        conn.send(wire.PING, (7,))
        assert conn.transport.writes == []
    assert len(conn.transport.writes) == 1
    cup_side = Link(lambda frame: None, lambda mtype, values: heard.append(mtype))
    heard = []
    cup_side.feed(conn.transport.writes[0])
    assert heard == [wire.CUE, wire.PING]


def test_another_threads_writes_are_not_held_by_the_loops_gathering():
    conn = CupConnection(RecordedLine())
    with writes_gathered():
        other = threading.Thread(target=conn.send, args=(wire.PING, (8,)))
        other.start()
        other.join(10)
        assert len(conn.transport.writes) == 1


def test_closing_the_inbox_under_a_waiting_loop_lets_its_waits_end_on_a_put():
    inbox = Inbox()
    waited = []
    waiter = threading.Thread(target=lambda: waited.append(inbox.wait(LONG_POLL)))
    waiter.start()
    inbox.close()  # as TableSetup.close may, from the main thread, while the loop is in its wait or about to be
    inbox.put(("say", "late"))  # a daemon thread's last words: they end a wait begun after the close
    waiter.join(10)
    assert waited == [[]], "the wait outlived the close"
    assert inbox.get_nowait() == ("say", "late")


def test_a_port_connected_from_another_thread_while_the_table_plays_is_added_on_the_table_s_thread(tmp_path):
    """TableSetup.connect called while play() runs elsewhere: the table and its links belong to the loop's thread,
    so the new connection is handed to it, never added (nor read, nor written) from the caller's thread, where it
    raced the loop over the connection's outbox."""
    with LiveTable("dudo dice=2", tmp_path, seed="late-port") as table:
        table.wait(lambda: bidding_under_way(table), "the first bids")
        adders = []
        add = table.table.hub.add_connection
        table.table.hub.add_connection = lambda conn: (adders.append(threading.current_thread()), add(conn))
        master, slave = open_raw_pty()
        try:
            conns = table.table.connect([os.ttyname(slave)])
            table.wait(lambda: adders, "the late port to be added")
            assert adders == [table.thread] and conns[0] in table.table.hub.seating.conns
        finally:
            os.close(master)
            os.close(slave)
        table.finish()


def test_writing_to_a_port_whose_far_end_never_reads_never_blocks_nor_drops_the_line():
    """A device on the line that floods and never listens fills the port's buffer: the table's thread must not wait
    on it (up to the port's 2 s write timeout, then the line taken for gone), so what does not fit is left unsent,
    counted, and resent by the link if it was reliable."""
    master, slave, conn = serial_on_a_new_pty()
    transport = conn.transport
    try:
        for _ in range(1024):  # 1 MB, far more than a pty's buffer
            transport.write(bytes(1024))
        assert transport.unsent > 0
    finally:
        conn.close()
        for fd in (master, slave):
            os.close(fd)


def test_a_port_whose_prompt_is_being_asked_what_it_is_gets_no_who_meanwhile(tmp_path):
    """The silent-port watch types at a board's REPL (hub/silent_ports.py); a "who?" frame landing there would put
    the REPL in raw mode (its 0x01 is Ctrl-A) and the cup's restart would then not run its program."""
    table = TableSetup(Rules.parse("dudo"), data=tmp_path, seed="knock",
                       screen=Screen(console=Console(file=io.StringIO())), allow_unpaired=True)
    hub = table.make_hub(expect_cups=1)
    conn = CupConnection(RecordedLine())
    hub.add_connection(conn)
    asked = len(conn.transport.writes)
    conn.knocking = True
    hub.seating.tick(hub.clock() + 60)
    assert len(conn.transport.writes) == asked, "a who? went out while the port was being knocked on"
    conn.knocking = False
    hub.seating.tick(hub.clock() + 60)
    assert len(conn.transport.writes) > asked, "the who? never came back once the knocking ended"

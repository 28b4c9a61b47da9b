"""The hub's inbox: what the table's one thread waits on. (Not web/inbox.py, which checks what a page sends.)

Two kinds of input reach the table. Items put from other threads (typed commands, the web server's lines, bytes
from links that have a thread of their own: BLE, phones, test links) go into a queue, as into a queue.Queue, and
every put wakes the table's thread. Serial ports are not read by threads at all: their file descriptors wait in
the same selector as the wake-up, and the table's thread reads a port once the selector says it is readable.

    inbox = Inbox()
    inbox.put(("command", "retire ana"))      # from any thread; wakes wait()
    inbox.serve(conn)                         # conn.transport has fileno(): read on the table's thread
    for conn in inbox.wait(0.01):             # readable ports; queued items meanwhile: get_nowait()
        ...

Only the table's thread calls wait(); serve() may be called from any thread (the port is taken into the
selector at the next wait), and a connection closed from any thread is let go at the next wait.
"""
import queue
import selectors
import socket
import threading


class Inbox(queue.Queue):
    def __init__(self):
        super().__init__()
        self._selector = selectors.DefaultSelector()
        self._bell, self._ringer = socket.socketpair()  # a byte on it ends a wait: something was put
        for end in (self._bell, self._ringer):
            end.setblocking(False)
        self._selector.register(self._bell, selectors.EVENT_READ)
        self._joining = []   # connections handed over by serve(), not yet in the selector
        self._lock = threading.Lock()
        self._in_use = threading.Lock()  # held by a wait, so close() never pulls the selector from under it
        self._closed = False

    def put(self, item, block=True, timeout=None):
        super().put(item, block, timeout)
        self.wake()

    def wake(self):
        """End the table thread's wait (or its next one) early."""
        try:
            self._ringer.send(b"\0")
        except BlockingIOError:
            pass  # the bell is full of rings the table has not heard yet: one more changes nothing
        except OSError:
            pass  # closed: the table is over, and a producer's late put has nobody to wake

    def serve(self, conn):
        """From now on conn's transport is read by the table's thread when its file descriptor is readable."""
        with self._lock:
            self._joining.append(conn)
        self.wake()

    def wait(self, timeout: float) -> list:
        """Wait up to `timeout` seconds for a put or a readable port; returns the connections whose ports are
        readable (items put meanwhile are in the queue). Closed connections are let go first, so a descriptor
        number the system has handed to a newly opened port is never confused with the old one."""
        with self._in_use:
            if self._closed:
                return self._wait_for_a_put(timeout)
            self._let_go_of_closed()
            self._take_in_joining()
            ready = []
            for key, _ in self._selector.select(timeout):
                if key.data is None:
                    self._hush()
                elif not key.data.down:
                    ready.append(key.data)
            return ready

    def _wait_for_a_put(self, timeout) -> list:
        """Closed while the table's loop still runs (it stops at its next look at `until`): no ports left, and
        no spinning meanwhile."""
        with self.not_empty:
            if not self._qsize():
                self.not_empty.wait(timeout)
        return []

    def _let_go_of_closed(self):
        for fd, key in list(self._selector.get_map().items()):
            if key.data is not None and key.data.down:
                self._selector.unregister(fd)  # an fd closed meanwhile is already out of epoll: no error

    def _take_in_joining(self):
        with self._lock:
            joining, self._joining = self._joining, []
        for conn in joining:
            if conn.down:
                continue
            try:
                self._selector.register(conn.transport.fileno(), selectors.EVENT_READ, conn)
            except (OSError, ValueError) as error:  # closed before it could be waited on
                conn.drop(f"{conn.name}: {error}")

    def _hush(self):
        try:
            while self._bell.recv(4096):
                pass
        except BlockingIOError:
            pass

    def close(self):
        """The table is over: the selector and the bell go. Puts still go into the queue (a daemon thread's last
        words), and a wait still under way ends first."""
        self.wake()
        with self._in_use:
            self._closed = True
            self._selector.close()
            self._bell.close()
            self._ringer.close()

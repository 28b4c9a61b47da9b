"""A virtual USB cable: bytes relayed between a virtual cup's terminal and the one the host opens, with a plug.

The cup process keeps its own pseudo-terminal for its whole life (as a board keeps its USB controller). The host
opens a second one, reached through a stable symlink (as /dev/serial/by-id/... is for a real board). Pulling
the plug closes the host's terminal, so the host sees the port vanish exactly as when a cable is pulled, while
the cup keeps running with its dice in RAM; plugging in makes a fresh terminal behind the same symlink.

One thread moves the bytes of every cable in the process (the switchboard), not one per cable: a table of six
virtual cups shares its process with the hub, and every thread more is one more waiting for the interpreter
before a frame can go on.
"""
import os
import select
import threading
import tty


def open_raw_pty():
    """(master, slave) of a new pseudo-terminal in raw mode, master non-blocking."""
    master, slave = os.openpty()
    # Raw before anything is written: a cooked terminal would echo frames back and turn \n into \r\n.
    tty.setraw(slave)
    os.set_blocking(master, False)
    return master, slave


class Switchboard:
    """The one thread relaying for every plugged-in cable; it runs while there are cables and ends after."""

    def __init__(self):
        self._changed = threading.Condition()
        self._relays = []
        self._thread = None
        self._passes = 0  # selects begun: a cable let go is out of every select once this has moved on

    def add(self, relay):
        with self._changed:
            self._relays.append(relay)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="cables", daemon=True)
                self._thread.start()

    def remove(self, relay):
        """Once this returns the switchboard no longer reads or writes relay's descriptors (so they may close)."""
        with self._changed:
            if relay in self._relays:
                self._relays.remove(relay)
            if threading.current_thread() is self._thread:
                return
            seen = self._passes
            self._changed.wait_for(lambda: self._passes != seen or self._thread is None, timeout=1.0)

    def _run(self):
        while True:
            with self._changed:
                self._passes += 1
                self._changed.notify_all()
                relays = [relay for relay in self._relays if not relay._stopping]
                if not relays:
                    self._thread = None
                    return
            self._pass(relays)

    @staticmethod
    def _pass(relays):
        ends = {}
        for relay in relays:
            host = relay._host
            ends[relay.cup_fd] = (relay, host)
            if host:
                ends[host[0]] = (relay, host)
        try:
            readable, _, _ = select.select(list(ends), [], [], 0.05)
        except (OSError, ValueError):
            return  # a descriptor closed under us by unplug(): look again
        for fd in readable:
            relay, host = ends[fd]
            relay._move(fd, host)


SWITCHBOARD = Switchboard()


class Relay:
    def __init__(self, cup_fd: int, link_path):
        self.cup_fd = cup_fd        # our end of the cup's own terminal
        self.link_path = link_path  # the symlink the host opens
        self._lock = threading.Lock()
        self._host = None           # (master, slave) of the host's terminal while plugged in
        self._stopping = False
        self.plug()

    @property
    def plugged(self) -> bool:
        return self._host is not None

    def plug(self):
        with self._lock:
            if self._host is not None:
                return
            master, slave = open_raw_pty()
            # We hold the slave too, so the terminal stays usable while no host has it open.
            self._host = (master, slave)
            temporary = f"{self.link_path}.new"
            if os.path.lexists(temporary):
                os.unlink(temporary)
            os.symlink(os.ttyname(slave), temporary)
            os.replace(temporary, self.link_path)

    def unplug(self):
        with self._lock:
            if self._host is None:
                return
            master, slave = self._host
            self._host = None
            # The port goes with the cable, as /dev/serial/by-id/... does. Left behind, the link would point at a
            # /dev/pts number the kernel hands to the next terminal opened on this machine: the host could open
            # some other program's terminal through it (seen when tests ran side by side).
            try:
                os.unlink(self.link_path)
            except FileNotFoundError:
                pass
            os.close(master)
            os.close(slave)

    def start(self):
        SWITCHBOARD.add(self)

    def _move(self, fd, host):
        try:
            data = os.read(fd, 4096)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            if fd == self.cup_fd:
                self._stopping = True  # the cup process is gone
            return
        if not data:
            return
        if fd == self.cup_fd:
            if host is not None and self._host is host:
                self._write(host[0], data)
            # unplugged: what the cup sends goes nowhere, as on a pulled cable
        else:
            self._write(self.cup_fd, data)

    @staticmethod
    def _write(fd, data):
        try:
            while data:
                sent = os.write(fd, data)
                data = data[sent:]
        except BlockingIOError:
            pass  # nobody is reading: the link's retransmission covers what matters
        except OSError:
            pass

    def stop(self):
        self._stopping = True
        SWITCHBOARD.remove(self)
        self.unplug()
        try:
            os.unlink(self.link_path)
        except FileNotFoundError:
            pass

"""A virtual USB cable: bytes relayed between a virtual cup's terminal and the one the host opens, with a plug.

The cup process keeps its own pseudo-terminal for its whole life (as a board keeps its USB controller). The host
opens a second one, reached through a stable symlink (as /dev/serial/by-id/... is for a real board). Pulling
the plug closes the host's terminal, so the host sees the port vanish exactly as when a cable is pulled, while
the cup keeps running with its dice in RAM; plugging in makes a fresh terminal behind the same symlink.
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


class Relay(threading.Thread):
    def __init__(self, cup_fd: int, link_path):
        super().__init__(name=f"relay {link_path}", daemon=True)
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

    def run(self):
        while not self._stopping:
            host = self._host
            fds = [self.cup_fd] + ([host[0]] if host else [])
            try:
                readable, _, _ = select.select(fds, [], [], 0.05)
            except (OSError, ValueError):
                continue  # a descriptor closed under us by unplug(): look again
            for fd in readable:
                self._move(fd, host)

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
        self.unplug()
        if self.is_alive() and threading.current_thread() is not self:
            self.join(1)
        try:
            os.unlink(self.link_path)
        except FileNotFoundError:
            pass

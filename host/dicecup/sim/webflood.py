"""Slowloris from many addresses, against the table screen's server (web/guard.py's door): connections that send a
request head and never end it (a byte more now and then), from every loopback address given (127.0.0.x: Linux
answers the whole 127/8), opened again as the server closes them. For tests/web and the adversary bench.

    flood = Slowloris(port, [f"127.0.0.{n}" for n in range(2, 18)], each=24).start()
    fetched(path, port)     # a whole GET answered 200 meanwhile?
    flood.stop()
"""
import selectors
import socket
import threading

PARTIAL = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "   # and never the end of the head
OPEN_WAIT = 60.0  # seconds for the flood to open all its connections on a loaded machine


class Slowloris:
    def __init__(self, port, sources, each):
        self.port, self.sources, self.each = port, list(sources), each
        self.opened = threading.Event()   # set once every connection has been opened once
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="slowloris", daemon=True)

    def start(self):
        self._thread.start()
        if not self.opened.wait(OPEN_WAIT):
            raise TimeoutError("the flood could not open its connections")
        return self

    def stop(self):
        self._stop.set()
        self._thread.join(OPEN_WAIT)

    def _run(self):
        chooser = selectors.DefaultSelector()
        for source in self.sources:
            for _ in range(self.each):
                self._open_one(chooser, source)
        self.opened.set()
        while not self._stop.is_set():
            for key, _ in chooser.select(0.5):   # closed by the server: open another, as an attacker does
                chooser.unregister(key.fileobj)
                key.fileobj.close()
                self._open_one(chooser, key.data)
            for key in list(chooser.get_map().values()):
                try:
                    key.fileobj.send(b"a")
                except OSError:
                    pass
        for key in list(chooser.get_map().values()):
            key.fileobj.close()
        chooser.close()

    def _open_one(self, chooser, source):
        try:
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=5, source_address=(source, 0))
            sock.sendall(PARTIAL)
            sock.setblocking(False)
        except OSError:
            return
        chooser.register(sock, selectors.EVENT_READ, source)


def fetched(path, port, timeout=30.0) -> bool:
    """A whole GET of `path` answered 200 on a fresh connection from 127.0.0.1 (False: refused, closed, reset)."""
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    except OSError:
        return False
    try:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
        return received.startswith(b"HTTP/1.1 200")
    except OSError:
        return False
    finally:
        sock.close()

"""Cups for hub tests that need to see every frame the hub sends: cupcore's own Cup and Link (the code the boards
run) on the far end of a real pseudo-terminal, pumped by a thread, recording every message that arrives. They
have no buttons: a test makes the gestures (`gesture("b", "long")`). Every wait has a deadline."""
import os
import select
import threading
import time

import pytest

from cupcore import cup as cupmod
from cupcore import wirenames
from cupcore.gestures import DOUBLE, LONG, PRESS
from cupcore.link import Link
from dicecup.sim.ptyrelay import open_raw_pty
from processes import wait_for

BUTTONS = {"a": cupmod.BUTTON_A, "b": cupmod.BUTTON_B}
GESTURES = {"press": PRESS, "long": LONG, "double": DOUBLE}


class PtyCup:
    """A cup on a pty. `silent` cups ignore everything until `speak()` (a cup plugged in but not yet booted)."""

    def __init__(self, name, cup_id, silent=False, key=None):
        """key: the cup's flash key, paired as a board pairs (runner.pair); None for an unpaired cup."""
        self.master, self.slave = open_raw_pty()
        self.path = os.ttyname(self.slave)
        self.cup_id = cup_id
        self.silent = silent
        self.received = []   # (mtype, values) from the hub, in order
        self._lock = threading.Lock()
        self.cup = cupmod.Cup(lambda mtype, values=(): self.link.send(mtype, values), cup_id, name, "pty")
        self.link = Link(self._write, self._receive)
        self.key = key
        if key is not None:
            from cupcore.runner import pair

            pair(self.cup, self.link, key)
        self._running = True
        self._thread = threading.Thread(target=self._pump, name=f"pty cup {name}", daemon=True)
        self._thread.start()

    def _write(self, data):
        try:
            os.write(self.master, data)
        except OSError:
            pass  # nobody reading on the hub's side: as a cup's full USB buffer

    def _receive(self, mtype, values):
        self.received.append((mtype, values))
        self.cup.receive(mtype, values)

    def _pump(self):
        while self._running:
            try:
                ready = select.select([self.master], [], [], 0.01)[0]
                data = os.read(self.master, 4096) if ready else b""
            except OSError:
                data = b""
            with self._lock:
                if data and not self.silent:
                    self.link.feed(data)
                self.link.tick()

    def inject(self, frame):
        """Bytes onto the cup's line towards the hub, as a stranger on the cable would put them."""
        os.write(self.master, frame)

    def speak(self):
        self.silent = False

    def gesture(self, button, gesture):
        with self._lock:
            self.cup.gesture(BUTTONS[button], GESTURES[gesture])

    def got(self, mtype, where=None) -> list:
        return [values for m, values in list(self.received) if m == mtype and (where is None or where(values))]

    def wait_for(self, mtype, where=None, timeout=20.0):
        return wait_for(lambda: self.got(mtype, where), lambda: f"the hub never sent {wirenames.name_of(mtype)} to "
                        f"cup {self.cup_id}; got {[wirenames.name_of(m) for m, _ in self.received]}", timeout, 0.01)[-1]

    def close(self):
        self._running = False
        self._thread.join(2)
        os.close(self.master)
        os.close(self.slave)


@pytest.fixture
def cups():
    """cups(name, cup_id, silent=False) makes a PtyCup; every one made is closed after the test. A test module
    uses it by importing it (`from pty_cups import cups`)."""
    made = []

    def make(*args, **kwargs):
        made.append(PtyCup(*args, **kwargs))
        return made[-1]

    yield make
    for cup in made:
        cup.close()


def wait_until(predicate, what, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


def seat_in_order(watch, cups, timeout=20.0):
    """Each cup's owner holds B in turn, once the hub knows the cup, so seats go in list order."""
    for cup in cups:
        wait_until(lambda: cup.cup_id in watch.get().waiting_cups, f"the hub to know cup {cup.cup_id}", timeout)
        cup.gesture("b", "long")
        wait_until(lambda: watch.get().seat_of_cup(cup.cup_id) is not None, f"cup {cup.cup_id} to sit", timeout)


def take_turn(cup, call=False, timeout=20.0):
    """When it is this cup's turn, send the bid the cup proposes, or (call=True) liar."""
    wait_until(lambda: cup.cup.state == cupmod.TURN and not cup.cup.mode.awaiting, f"cup {cup.cup_id}'s turn", timeout)
    if call:
        cup.gesture("b", "double")  # bid -> liar
    cup.gesture("b", "long")        # send it


class PtyTable:
    """A hub (TableSetup, its loop on a thread) with these pty cups on its ports."""

    def __init__(self, rules, cups, data, expect_cups=None, seed="pty", keys=None, allow_unpaired=True, width=100):
        """keys and allow_unpaired as TableSetup takes them: these pty cups have no key, so by default they may
        sit unpaired (tests/hub/test_pairing_cheats.py gives its virtual cups keys, and this flag no)."""
        import io
        import threading

        from rich.console import Console

        from dicecup.hub.screen import Screen
        from dicecup.hub.tablesetup import TableSetup
        from dicecup.rules import Rules

        self.output = io.StringIO()
        self.table = TableSetup(Rules.parse(rules), data=data, seed=seed,
                                screen=Screen(console=Console(file=self.output, width=width)), result_pause=0.05,
                                keys=keys, allow_unpaired=allow_unpaired)
        self.hub = hub = self.table.make_hub(expect_cups=len(cups) if expect_cups is None else expect_cups)
        hub.bot_delay = 0.0
        self.watch = hub.watch()
        self.table.connect([cup.path for cup in cups])
        self.thread = threading.Thread(target=self.table.play, kwargs={"timeout": 120}, daemon=True)
        self.thread.start()

    def said(self, text) -> bool:
        return text in self.output.getvalue()

    def wait(self, predicate, what, timeout=30.0):
        """wait_until, saying what the table said when it times out."""
        try:
            wait_until(predicate, what, timeout)
        except AssertionError as error:
            raise AssertionError(f"{error}; the table said:\n{self.output.getvalue()[-2000:]}") from None

    def finish(self, timeout=60.0):
        self.thread.join(timeout)
        final = self.watch.get()
        assert final.finished, self.output.getvalue()[-3000:]
        return final

    def close(self):
        self.table.stop.set()
        self.thread.join(10)
        self.table.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

"""The phone games the adversary bench and tests/web play: the REAL table with sim/roguephone.py's RoguePhone on
a seat.

PhoneTable is the real table: the hub (TableSetup, bots filling the other seats), the web server, the phone
on its seat through the hub's own path for cups, in real time; sim.watch's Watch reads its journal for the
same invariants (dice_fixed, consent, never_stops), and `unkeyed` here is judged around each keyless attempt: the
seat's page, link, binding and session as they were, and the attempt refused before it was told anything.

    table = PhoneTable(data=folder)
    table.until(lambda: table.phone.has_dice()); table.phone.reopen(forget=True); table.play(2.0)
    table.watch.violations      # {"consent": [...], ...}
"""
import random
import threading
import time
from types import SimpleNamespace

from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules
from dicecup.sim.roguephone import DEADLINE, REFUSING, UNKEYED, RoguePhone
from dicecup.sim.watch import Watch
from dicecup.web.launch import phone_seats
from dicecup.web.phonepage import TAKEN_OVER, seat_url, serve_phones
from dicecup.web.server import WebTable

GAME_LIMIT = 90.0    # seconds a phone game may take, attacks and the host's answers included: past it, it stalled
PHONE_RULES = "dudo dice=3"
BOT_DELAY = 0.05     # a bot's thinking time: a round's bidding lasts long enough to be attacked
KEYED = ("reopen_forgetting", "reopen_keeping", "second_commit", "lie", "anything")  # attacks with its device secret
FLOOD = ("flood",)   # slowloris at the web server from many addresses (sim/webflood.py), no secret needed
FLOOD_SOURCES = [f"127.0.2.{n}" for n in range(1, 13)]   # 12 addresses, 24 each: past the waiting connections' share


# -- the real table with the rogue phone on a seat -------------------------------------------------------------------
class WallClock:
    """The Watch's `clock.now` in real time: the hub's own clock (time.monotonic), which its pauses are stamped with."""

    def __init__(self):
        self.started = time.monotonic()

    @property
    def now(self):
        return time.monotonic()

    def elapsed(self):
        return time.monotonic() - self.started


class PhoneTable:
    """A real hub with `bots` bots and one phone seat, the web server serving it, RoguePhone on it, the host (who
    consents to a re-deal only when the table asks) and sim.watch's Watch. The hub runs on a thread of its own."""

    def __init__(self, data, rules=PHONE_RULES, bots=2):
        self.setup = TableSetup(Rules.parse(rules), data=data, screen=lambda item: None, bots=bots,
                                result_pause=0.0)
        self.seat, = phone_seats(1, self.setup.keys)
        self.hub = self.setup.make_hub(expect_cups=1)
        self.hub.bot_delay = BOT_DELAY
        self.web = WebTable()
        serve_phones(self.web, [self.seat])
        self.web.start()
        self.hub.subscribe(self.web)
        self.game = SimpleNamespace(clock=WallClock(), cups=())  # what the Watch reads of a game: no board cups
        self.consents = 0
        self.phone = None
        self.watch = Watch(self)
        self.setup.connect([("phone", self.seat.name)], wait_for_missing=True)
        self.runner = threading.Thread(target=self._run, daemon=True)
        self.runner.start()
        self.phone = RoguePhone(seat_url(self.web, self.seat))

    def _run(self):
        try:
            self.setup.play(timeout=GAME_LIMIT + DEADLINE)
        except Exception as error:  # noqa: BLE001 - the invariant: nothing the phone sends stops the table
            self.watch.died(error)

    @property
    def rogue(self):
        return self.phone

    def recent_attacks(self):
        return self.phone.attacks[-4:] if self.phone else []

    def deal_id(self):
        deal = getattr(self.hub.round, "deal", None)
        return deal.id if deal is not None else 0

    def playing(self) -> bool:
        return self.phone is not None and self.phone.seat is not None

    def over(self) -> bool:
        return self.hub.finished or self.watch.dead or not self.runner.is_alive()

    def play(self, seconds):
        """Let the table run for `seconds` (the phone playing on its thread), then check every invariant."""
        end = time.monotonic() + seconds
        while not self.over() and time.monotonic() < end:
            self.phone.tick()
            self.phone.won.wait(min(0.05, max(end - time.monotonic(), 0)))  # the game's end, or the next tick
        self.check()

    def until(self, done, limit=DEADLINE):
        end = time.monotonic() + limit
        while not done():
            assert time.monotonic() < end and not self.over(), "the table never got there"
            self.play(0.02)

    def check(self):
        self.watch.check()
        if not self.over() and self.game.clock.elapsed() > GAME_LIMIT:
            self.watch.dead = True
            last = "; ".join(f"{when - self.game.clock.started:.1f} s: {text}" for when, text in self.watch.said[-6:])
            self.watch.violate("never_stops", f"the game did not end within {GAME_LIMIT:.0f} s ({self.hub.phase_shown.name}, "
                                               f"{'paused' if self.hub.paused else 'not paused'}; last said: {last})")

    # -- the host -----------------------------------------------------------------------------------------------------
    def host_acts(self):
        """A paused table: the host types `reroll NAME` when the table asks about it; a seat the table can't go on
        without (its dice lost after the call) is retired, as the table asks, once the phone had time to come back."""
        name = self.watch.asked_reroll_for()
        if name is not None:
            self.consents += 1
            self.setup.inbox.put(("command", f"reroll {name}"))
        elif self.hub.paused and time.monotonic() - self.hub.paused_since > 2.0 and self._asked_to_retire():
            self.setup.inbox.put(("command", f"retire {self.seat.name}"))
            self.setup.inbox.put(("command", "yes"))
        self.play(0.1)

    def _asked_to_retire(self):
        return any(f"type `retire {self.seat.name}`" in text for when, text in self.watch.said[-5:])

    # -- no effect without the device secret --------------------------------------------------------------------------
    def unkeyed(self, how):
        """A keyless attempt (RoguePhone.unkeyed) once the seat is held: refused before it is told anything, and the
        seat's page, link, binding and session as they were."""
        if self.seat.device is None:
            return  # nobody sat yet: the link moves to whoever opens it last, and nothing is at stake (phonepage.py)
        before = self._binding()
        socket = self.phone.unkeyed(how)
        after = self._binding()
        taken = self.phone.page.close_code == TAKEN_OVER
        changed = [name for name, was, now in zip(BINDING_PARTS, before, after) if was is not now and was != now]
        if socket.close_code not in REFUSING or socket.told_anything() or taken or changed:
            self.watch.violate("unkeyed", f"{how.replace('_', ' ')}: closed with {socket.close_code}, "
                                           f"{'told the table' if socket.told_anything() else 'told nothing'}"
                                           f"{', the phone taken over' if taken else ''}"
                                           f"{', changed ' + ', '.join(changed) if changed else ''}")
        self.check()

    # -- the web door -------------------------------------------------------------------------------------------------
    def flood(self):
        """Slowloris from 12 addresses filling the waiting connections' share (in a game: 288 of 192); meanwhile
        the table page must load and the phone, reopening its link, get its seat back. Else the table is not up."""
        from dicecup.sim.webflood import Slowloris, fetched
        self.phone.attacks.append(f"slowloris from {len(FLOOD_SOURCES)} addresses, then the phone reopens its link")
        door = self.web.door
        flood = Slowloris(self.web.port, FLOOD_SOURCES, 24).start()
        try:
            path = self.web.url.split(f":{self.web.port}", 1)[1]
            if not fetched(path, self.web.port):
                self.watch.violate("never_stops", f"the table page could not be loaded under a flood ({door.most} "
                                                  f"connections at most)")
            try:
                self.phone.reopen(False)
                back = any(m.get("type") == "hello" for m in self.phone.page.messages)
            except Exception:  # noqa: BLE001 - its websocket never opened: the phone kept out
                back = False
            if not back:
                self.watch.violate("never_stops", "the phone could not get its seat back under a flood")
        finally:
            flood.stop()
        self.check()

    def _binding(self):
        hub_seat = next(seat for seat in self.hub.seats if seat.name == self.seat.name)
        conn = hub_seat.conn
        return (self.seat.page, self.seat.transport, self.seat.device, conn, conn and conn.link.session)

    def close(self):
        if self.phone is not None:
            self.phone.close()
        self.setup.close()
        self.runner.join(DEADLINE)
        self.web.close()
        self.seat.forget()


BINDING_PARTS = ("the seat's page", "the seat's link", "the phone holding the seat", "the hub's connection",
                 "its session")


# -- phone games, for the bench and the tests -------------------------------------------------------------------------
def phone_attack(table, name, rng):
    phone = table.phone
    if name in UNKEYED:
        return table.unkeyed(name)
    if name in FLOOD:
        return table.flood()
    {"reopen_forgetting": lambda: phone.reopen(True), "reopen_keeping": lambda: phone.reopen(False),
     "second_commit": phone.second_commit, "lie": phone.lie, "anything": lambda: phone.anything(rng)}[name]()
    table.check()


def play_phone_game(seed, data, steps=40):
    """One game with the rogue phone attacking at random moments (`seed` fixes which, not when: the table runs in
    real time); the Watch afterwards."""
    rng = random.Random(f"rogue phone {seed}")
    table = PhoneTable(data=data)
    try:
        for _ in range(steps):
            if table.over():
                break
            if not table.playing() or rng.random() < 0.5:
                table.play(rng.choice((0.01, 0.05, 0.2)))
            elif table.hub.paused:
                table.host_acts()
            else:
                phone_attack(table, rng.choice(KEYED + UNKEYED + FLOOD), rng)
        finish(table)
        return table.watch
    finally:
        table.close()


def finish(table):
    """The phone stops attacking; the table plays on to the end (the host answering when asked), or it stalls."""
    while not table.over():
        if table.hub.paused:
            table.host_acts()
        else:
            table.play(0.2)

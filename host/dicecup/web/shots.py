"""Screenshots of the table screen for docs/table.md, made from a real game: a real hub (its seats all bots, so the
game needs no cups and is the same for the same seed), the real server, Debian's Chromium. The hub is held still
at each moment (bidding, the reveal, game over) until the page shows it and the picture is taken.

    python -m dicecup.web.shots [OUT_DIR]      # default docs/img: table-bidding.png, -reveal, -over, -phone,
                                               # and at poker dice table-poker.png, table-poker-reveal.png

tests/web/test_shots.py runs it and checks each picture's page text, not its pixels."""
import contextlib
import sys
import tempfile
import threading
import time
from pathlib import Path

from dicecup.hub.snapshot import GameWon, PokerRevealed, RoundRevealed, TableSnapshot, TurnStarted
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules

from .launch import phone_seats
from .phonepage import seat_url, serve_phones
from .server import WebTable

SHOTS_RULES = "revolver dice=3"   # bullets on the seats, and a short game
SHOTS_SEED = "table-shots"
VIEWPORT = (1280, 900)


@contextlib.contextmanager
def bots_table(rules: str = SHOTS_RULES, seed: str = SHOTS_SEED, bots: int = 4, data=None, web=None,
               watchers=(), timeout: float = 60.0, phones: int = 0):
    """A real hub whose seats are bots (and `phones` phone seats, sitting first, each waited for until its page
    opens), run on a thread of its own, watched by a WebTable (started here unless given) and by `watchers`
    (subscribers called on the hub's thread, before the game starts). Yields (hub, web, the hub's thread, not
    started); the game runs to its end, then everything is closed."""
    with tempfile.TemporaryDirectory(prefix="dicecup-web-") as scratch:
        table = TableSetup(Rules.parse(rules), data=data or scratch, seed=seed, screen=lambda item: None,
                           bots=bots, result_pause=0.0)
        hub = table.make_hub(expect_cups=phones)
        hub.bot_delay = 0.0
        own_web = web is None
        seats = phone_seats(phones, table.keys)
        if own_web:
            web = WebTable()
            serve_phones(web, seats)
            web.start()
        hub.subscribe(web)
        for watcher in watchers:
            hub.subscribe(watcher)
        table.connect([("phone", seat.name) for seat in seats], wait_for_missing=True)
        runner = threading.Thread(target=table.play, kwargs={"timeout": timeout}, name="hub", daemon=True)
        try:
            yield hub, web, runner
        finally:
            table.stop.set()
            if runner.is_alive():
                runner.join(timeout + 5)
            table.close()
            if own_web:
                web.close()
            for seat in seats:
                seat.forget()


class Moments:
    """A subscriber that holds the hub still at each moment, in order (a turn with `bidding_after` bids standing,
    the next reveal, the winner), until `release()`. Runs on the hub's thread."""

    ORDER = ("bidding", "reveal", "over")

    def __init__(self, bidding_after=3):
        self.bidding_after = bidding_after
        self.reached = {}                 # moment name -> threading.Event (the hub is there and waiting)
        self._go = threading.Event()
        self._next = 0

    def moment_of(self, item):
        if isinstance(item, TurnStarted) and len(item.snapshot.state.bids) == self.bidding_after:
            return "bidding"
        if isinstance(item, RoundRevealed) and item.outcome.call != "timeout":
            return "reveal"
        return "over" if isinstance(item, GameWon) else None

    def __call__(self, item):
        moment = self.moment_of(item)
        if moment is None or self._next >= len(self.ORDER) or moment != self.ORDER[self._next]:
            return
        self._next += 1
        self._go.clear()
        self.event(moment).set()
        if moment != "over":
            self._go.wait(30)

    def event(self, name) -> threading.Event:
        return self.reached.setdefault(name, threading.Event())

    def release(self):
        self._go.set()


class PokerMoments(Moments):
    """At poker dice: the cup passed on with dice open on the table and under the cup (two bids or more), then the
    table just after the next reveal (its lives taken). Both are held; the game is left to finish after them."""

    ORDER = ("poker", "poker-reveal")

    def __init__(self):
        super().__init__()
        self.revealed = False
        self.seen = None  # the poker state last looked at: a snapshot of the same state is no new moment

    def moment_of(self, item):
        if isinstance(item, PokerRevealed):
            self.revealed = self._next == 1  # the table that follows is the picture (the reveal, lives after)
        if not isinstance(item, TableSnapshot) or item.state is None or item.state is self.seen:
            return None
        state = self.seen = item.state
        if self.revealed:
            return "poker-reveal"
        if state.phase == "receiving" and len(state.bids) >= 2 and any(state.on_table) and state.under_cup:
            return "poker"
        return None


# What each picture must show, in the page's text (tests/web/test_shots.py checks the same).
WAIT_FOR = {"bidding": "#standing .bid", "reveal": "#reveal:not([hidden]) .verdict", "over": ".banner.won",
            "poker": "#cupdice:not([hidden]) .pdie[data-face]", "poker-reveal": "#reveal:not([hidden]) .faces.poker"}
POKER_RULES = "poker"


def take_shots(out_dir: Path, browser=None, rules: str = SHOTS_RULES, seed: str = SHOTS_SEED) -> dict:
    """Play the game and take the three pictures; {moment: (path, the page's text then)}. `browser`: a Playwright
    browser context to use (a test's), else a fresh Chromium."""
    from .browser import chromium

    if browser is None:
        with chromium(viewport=VIEWPORT) as browser:
            return take_shots(out_dir, browser, rules, seed)
    return _shoot(out_dir, browser, rules, seed, Moments(), bots=4)


def take_poker_shots(out_dir: Path, browser=None, seed: str = SHOTS_SEED) -> dict:
    """The same at poker dice, three bots passing the cup: {"poker": ..., "poker-reveal": ...}."""
    from .browser import chromium

    if browser is None:
        with chromium(viewport=VIEWPORT) as browser:
            return take_poker_shots(out_dir, browser, seed)
    return _shoot(out_dir, browser, POKER_RULES, seed, PokerMoments(), bots=3)


def _shoot(out_dir, browser, rules, seed, moments, bots) -> dict:
    out_dir.mkdir(parents=True, exist_ok=True)

    def shoot(moment, page):
        path = out_dir / f"table-{moment}.png"
        page.screenshot(path=str(path), animations="disabled", full_page=True)
        return path, page.inner_text("body")
    return at_moments(browser, rules, seed, moments, bots, shoot)


def at_moments(browser, rules, seed, moments, bots, look, viewport=VIEWPORT) -> dict:
    """A game of `bots` bots with the table screen open at `viewport` (width, height), held still at each of
    `moments` until the page shows it, when look(moment, page) is called; {moment: what look returned}."""
    seen = {}
    with bots_table(rules, seed, bots=bots, watchers=[moments]) as (hub, web, runner):
        page = browser.new_page()
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        page.goto(web.url)
        page.wait_for_selector("#seats .seat")
        runner.start()
        for moment in moments.ORDER:
            if not moments.event(moment).wait(60):
                raise RuntimeError(f"the game never reached its {moment}")
            page.wait_for_selector(WAIT_FOR[moment], timeout=15000)
            seen[moment] = look(moment, page)
            moments.release()
    return seen


PHONE_VIEWPORT = (390, 844)  # a phone held upright


def take_phone_shot(out_dir: Path, browser, rules: str = "dudo", seed: str = SHOTS_SEED) -> tuple:
    """A phone seat at a real hub with three bots: its page takes a seat, and on its first turn with a bid standing
    its player holds "peek"; the picture then. (path, the page's text then)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    with bots_table(rules, seed, bots=3, phones=1, timeout=120) as (hub, web, runner):
        page = browser.new_page()
        page.set_viewport_size({"width": PHONE_VIEWPORT[0], "height": PHONE_VIEWPORT[1]})
        page.goto(seat_url(web, web.phones[0]))
        runner.start()
        _take_a_seat(page)
        for _ in range(50):  # its turn: open, or wait for a turn with a bid to answer
            page.wait_for_selector("#compose:not([hidden])", timeout=30000)
            if page.is_enabled("#liar"):
                break
            page.click("#bid")
            page.wait_for_selector("#compose[hidden]", timeout=30000)
        page.click("#more")  # the composer one up from the standing bid, as a player would start to raise
        box = page.locator("#peek").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.wait_for_selector("#mydice:not([hidden]) .die")
        path = out_dir / "table-phone.png"
        page.screenshot(path=str(path))  # the phone's screen (a full-page resize ends the hold)
        text = page.inner_text("body")
        page.mouse.up()
    return path, text  # the game is left unfinished: bots_table closes the table


def _take_a_seat(page, timeout=60.0):
    """Press "Take a seat" until the seat is taken, as a player would press again: a press that came before the hub
    opened the seat's link is refused with "wait a moment", and the button comes back."""
    deadline = time.monotonic() + timeout
    while "not seated yet" in page.inner_text("body"):
        if time.monotonic() > deadline:
            raise TimeoutError("the phone's seat was never taken: " + page.inner_text("body")[:300])
        if page.is_visible("#sit") and page.is_enabled("#sit"):
            page.click("#sit")
        page.wait_for_timeout(200)  # the page's own pace, as a player's thumb


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out_dir = Path(argv[0]) if argv else Path("docs/img")
    from .browser import chromium

    with chromium(viewport=VIEWPORT) as browser:
        for moment, (path, _) in {**take_shots(out_dir, browser), **take_poker_shots(out_dir, browser)}.items():
            print(f"{moment}: {path}")
        print(f"phone: {take_phone_shot(out_dir, browser)[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The phone page's cup when the hub deals again while the page is still hashing (deal_again: another cup lost its
dice, or a seat left). The page's hashing is asynchronous (Web Crypto); a deal or entropy whose hashing finishes
after a newer deal arrived must not land in the newer deal's cup.

Real parts: the real phone.html / phone.js / fairdice.js in Debian's Chromium, served by the real server. The stand-in,
named as such: the page's WebSocket is a scripted one (window.__hub), so the test can hold one hashing step until
the hub has dealt again, which no real hub can be made to do on cue. Each expectation is checked against the cups'
own Python code (cupcore.commit, cupcore.dice)."""
from importlib.resources import files

import pytest

from cupcore import commit, dice
from webpages import browser  # noqa: F401 - the fixture

from dicecup.web.server import WebTable

pytestmark = pytest.mark.slow  # Chromium


SEAT, COUNT = 1, 5
NONCE1, NONCE2 = "11" * 8, "22" * 8
ENTROPY1, ENTROPY2 = "aa" * 16, "bb" * 16

# Before any script of the page runs: the scripted hub (a WebSocket stand-in that keeps what the page sends), and
# gates on FairDice.commitment / FairDice.roll that hold a call until the test lets it go.
STAND_IN = """(() => {
  window.__sent = [];
  class ScriptedHub {
    constructor(url) {  // opens, and takes the page as proven (the real server's hello once the page's proof checks)
      this.readyState = 0; window.__hub = this;
      setTimeout(() => { this.readyState = 1; this.onopen(); this.onmessage({data: '{"type": "hello", "seat": "racer"}'}); }, 0);
    }
    send(text) { window.__sent.push(JSON.parse(text)); }
    close() { this.readyState = 3; }
  }
  ScriptedHub.OPEN = 1;
  window.WebSocket = ScriptedHub;
  window.__say = (m) => window.__hub.onmessage({data: JSON.stringify({type: "cup", ...m})});
  const gates = {commitment: false, roll: false};
  window.__held = {commitment: [], roll: []};
  window.__done = {commitment: 0, roll: 0};     // calls finished (the page's handler goes on right after)
  window.__hold = (name) => { gates[name] = true; };
  window.__release = (name) => { gates[name] = false; for (const go of window.__held[name].splice(0)) go(); };
  let real;
  Object.defineProperty(window, "FairDice", {configurable: true, get: () => real, set: (F) => {
    for (const name of ["commitment", "roll"]) {
      const work = F[name].bind(F);
      F[name] = async (...args) => {
        if (gates[name]) await new Promise((go) => window.__held[name].push(go));
        try { return await work(...args); } finally { window.__done[name] += 1; }
      };
    }
    real = F;
  }});
})();"""


def open_phone_page(browser, web):
    page = browser.new_page()
    page.add_init_script(STAND_IN)
    html = (files("dicecup.web") / "static" / "phone.html").read_text()
    page.route("**/p/racing", lambda route: route.fulfill(status=200, content_type="text/html", body=html))
    page.goto(f"http://127.0.0.1:{web.port}/p/racing")
    page.wait_for_function("window.__hub && window.__hub.readyState === 1 && window.FairDice")
    page.evaluate(f"window.__say({{m: 'welcome', proto: 1, seat: {SEAT}, seats: 3}})")
    return page


def stored(page) -> dict:
    return page.evaluate("JSON.parse(localStorage.getItem('dicecup-phone-racing'))")


def commits(page) -> list:
    return [m for m in page.evaluate("window.__sent") if m.get("m") == "commit"]


def say(page, message: str):
    page.evaluate(f"window.__say({message})")


def expected_dice(cup: dict, entropy: str) -> list:
    return list(dice.roll(bytes.fromhex(cup["seed"]), bytes.fromhex(cup["nonce"]), SEAT, bytes.fromhex(entropy),
                          COUNT))


def test_dice_rolled_for_an_old_deal_never_land_in_the_new_deals_cup(browser):
    web = WebTable().start()
    try:
        page = open_phone_page(browser, web)
        say(page, f"{{m: 'deal', deal: 1, dice: {COUNT}, nonce: '{NONCE1}'}}")
        page.wait_for_function("window.__sent.some((m) => m.m === 'commit' && m.deal === 1)")
        page.evaluate("window.__hold('roll')")
        say(page, f"{{m: 'entropy', deal: 1, entropy: '{ENTROPY1}'}}")
        page.wait_for_function("window.__held.roll.length === 1")  # deal 1's dice are being made...
        say(page, f"{{m: 'deal', deal: 2, dice: {COUNT}, nonce: '{NONCE2}'}}")  # ...when the hub deals again
        page.wait_for_function("window.__sent.some((m) => m.m === 'commit' && m.deal === 2)")
        page.evaluate("window.__release('roll')")  # deal 1's dice come out now: too late for this cup
        page.wait_for_function("window.__done.roll === 1")
        page.evaluate("new Promise((done) => setTimeout(done, 0))")  # the handler's own continuation runs first
        cup = stored(page)
        assert cup["deal"] == 2 and "dice" not in cup and "entropy" not in cup, cup
        say(page, f"{{m: 'entropy', deal: 2, entropy: '{ENTROPY2}'}}")
        page.wait_for_function("(() => { const c = JSON.parse(localStorage.getItem('dicecup-phone-racing'));"
                               " return c && c.dice; })()")
        cup = stored(page)
        assert cup["deal"] == 2 and cup["entropy"] == ENTROPY2
        assert cup["dice"] == expected_dice(cup, ENTROPY2)
        say(page, "{m: 'reveal_req', deal: 2}")
        reveal = page.wait_for_function("window.__sent.find((m) => m.m === 'reveal')").json_value()
        assert reveal["deal"] == 2 and reveal["dice"] == cup["dice"] and reveal["seed"] == cup["seed"]
    finally:
        web.close()


def test_a_commitment_finished_after_the_hub_dealt_again_is_dropped_and_the_new_deal_goes_on(browser):
    web = WebTable().start()
    try:
        page = open_phone_page(browser, web)
        page.evaluate("window.__hold('commitment')")
        say(page, f"{{m: 'deal', deal: 1, dice: {COUNT}, nonce: '{NONCE1}'}}")
        page.wait_for_function("window.__held.commitment.length === 1")  # deal 1's commitment is being hashed...
        # ...when the hub deals again; this one's hashing is let through at once
        page.evaluate(f"""(() => {{
            const held = window.__held.commitment.splice(0);
            window.__release('commitment');
            window.__say({{m: 'deal', deal: 2, dice: {COUNT}, nonce: '{NONCE2}'}});
            window.__lateDeal1 = held;
        }})()""")
        page.wait_for_function("window.__sent.some((m) => m.m === 'commit' && m.deal === 2)")
        page.evaluate("for (const go of window.__lateDeal1) go()")  # deal 1's hashing finishes last
        page.wait_for_function("window.__done.commitment === 2")
        page.evaluate("new Promise((done) => setTimeout(done, 0))")  # the handler's own continuation runs first
        cup = stored(page)
        assert cup["deal"] == 2 and cup["nonce"] == NONCE2, f"a late hashing of deal 1 took the cup back: {cup}"
        sent = commits(page)
        assert [m["deal"] for m in sent] == [2], f"the page committed to a deal the hub had replaced: {sent}"
        assert sent[0]["digest"] == commit.digest(bytes.fromhex(NONCE2), SEAT, COUNT,
                                                  bytes.fromhex(cup["seed"])).hex()
        say(page, f"{{m: 'entropy', deal: 2, entropy: '{ENTROPY2}'}}")
        page.wait_for_function("(() => { const c = JSON.parse(localStorage.getItem('dicecup-phone-racing'));"
                               " return c && c.dice; })()")
        cup = stored(page)
        assert cup["dice"] == expected_dice(cup, ENTROPY2)
    finally:
        web.close()


def test_a_deal_sent_again_while_its_commitment_is_hashed_is_committed_to_once(browser):
    """The hub sends a deal again to a cup that came back (a Wi-Fi blip: the page's socket reconnects). If that
    happens while the page is still hashing the deal's commitment, the page must not draw a second seed: two
    different commitments for one deal read to the hub as a cup that lost its dice."""
    web = WebTable().start()
    try:
        page = open_phone_page(browser, web)
        page.evaluate("window.__hold('commitment')")
        say(page, f"{{m: 'deal', deal: 1, dice: {COUNT}, nonce: '{NONCE1}'}}")
        page.wait_for_function("window.__held.commitment.length === 1")
        say(page, f"{{m: 'deal', deal: 1, dice: {COUNT}, nonce: '{NONCE1}'}}")  # the same deal, sent again
        hashings = page.evaluate("window.__held.commitment.length")  # a handler calls commitment() at once
        page.evaluate("window.__release('commitment')")
        page.wait_for_function(f"window.__done.commitment === {hashings}")
        page.evaluate("new Promise((done) => setTimeout(done, 0))")  # the handlers' own continuations run first
        cup = stored(page)
        sent = commits(page)
        assert len({m["digest"] for m in sent}) == 1, f"two seeds for one deal: {sent}"
        assert sent[0]["digest"] == commit.digest(bytes.fromhex(NONCE1), SEAT, COUNT, bytes.fromhex(cup["seed"])).hex()
    finally:
        web.close()

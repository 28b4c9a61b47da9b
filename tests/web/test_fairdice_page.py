"""The phone seat's fair dice (static/fairdice.js) in real Chromium, against the same golden vectors the cup runs on
CPython and MicroPython (tests/vectors/fair.json): the commitment digest and every die, with Web Crypto and with
the plain-JavaScript SHA-256 a phone on plain http (no crypto.subtle outside a secure context) falls back to."""
import json
from pathlib import Path

import pytest

from webpages import browser  # noqa: F401 - the fixture

from dicecup.web.server import WebTable

pytestmark = pytest.mark.slow  # Chromium


VECTORS = json.loads((Path(__file__).resolve().parents[1] / "vectors" / "fair.json").read_text())["cases"]

RUN_VECTORS = """async ([cases, which]) => {
  const F = which === "default" ? window.FairDice : window.FairDice[which];
  const out = [];
  for (const c of cases) {
    const [seed, nonce, entropy] = [c.seed, c.nonce, c.entropy].map(window.FairDice.fromHex);
    out.push({digest: window.FairDice.hex(await F.commitment(seed, nonce, c.seat, c.count)),
              dice: await F.roll(seed, nonce, c.seat, entropy, c.count)});
  }
  return {backend: F.backend, out};
}"""


def test_the_pages_fair_dice_match_the_cups_golden_vectors_with_both_back_ends(browser):
    web = WebTable().start()
    try:
        page = browser.new_page()
        page.goto(web.url)
        page.add_script_tag(url="/static/fairdice.js")
        page.wait_for_function("window.FairDice !== undefined")
        want = [{"digest": c["digest"], "dice": c["dice"]} for c in VECTORS]
        default = page.evaluate(RUN_VECTORS, [VECTORS, "default"])
        assert default["backend"] == "Web Crypto"  # the hub's own machine is a secure context
        assert default["out"] == want
        plain = page.evaluate(RUN_VECTORS, [VECTORS, "plain"])
        assert plain["backend"] == "plain JavaScript" and plain["out"] == want
        seeds = page.evaluate("() => [1, 2, 3].map(() => window.FairDice.hex(window.FairDice.newSeed()))")
        assert len(set(seeds)) == 3 and all(len(s) == 32 for s in seeds)
        refused = page.evaluate("""async () => {
            try { await window.FairDice.roll(new Uint8Array(16), new Uint8Array(7), 0, new Uint8Array(16), 5); }
            catch (e) { return e.message; } }""")
        assert refused == "dice need an 8-byte nonce, a seat 0..255 and 16 bytes of entropy"
    finally:
        web.close()

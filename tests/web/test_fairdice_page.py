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


POKER = json.loads((Path(__file__).resolve().parents[1] / "vectors" / "poker.json").read_text())

RUN_POKER = """async ([cases, which]) => {
  const F = which === "default" ? window.FairDice : window.FairDice[which], hex = window.FairDice.hex;
  const from = window.FairDice.fromHex, out = [];
  for (const c of cases) {
    const seeds = [];
    for (const d of c.dice) seeds.push(c.secret ? await F.dieSeed(from(c.secret), c.deal, d.die) : from(d.seed));
    const dice = [];
    for (const [k, d] of c.dice.entries()) {
      dice.push({die: d.die, seed: hex(seeds[k]),
                 digest: hex(await F.commitment(seeds[k], from(c.nonce), d.die, 1)),
                 face: (await F.roll(seeds[k], from(c.nonce), d.die, from(c.entropy), 1))[0]});
    }
    out.push(dice);
  }
  return {backend: F.backend, out};
}"""


def poker_cases():
    """The golden vectors' sub-deals and round secrets, and more made here by cupcore's own functions (the
    firmware's die_seed, commit.digest and dice.roll) from random secrets, sub-deals up to 65535 and dice 1..5."""
    import secrets

    from cupcore import commit, dice
    from cupcore.pokercup import die_seed

    cases = [*POKER["subdeals"], *POKER["round_secrets"]]
    for deal in (1, 255, 256, 40000, 65535):
        secret, nonce, entropy = secrets.token_bytes(16), secrets.token_bytes(8), secrets.token_bytes(16)
        made = []
        for die in range(1, 6):
            seed = die_seed(secret, deal, die)
            made.append({"die": die, "seed": seed.hex(), "digest": commit.digest(nonce, die, 1, seed).hex(),
                         "face": dice.roll(seed, nonce, die, entropy, 1)[0]})
        cases.append({"secret": secret.hex(), "deal": deal, "nonce": nonce.hex(), "entropy": entropy.hex(),
                      "dice": made})
    return cases


def test_the_phones_poker_cup_makes_each_die_as_cupcore_does_with_both_back_ends(browser):
    """static/pokerphone.js's dice (FairDice.dieSeed, then the commitment and roll with the die where the seat
    stands and a count of 1) and its bid codes, byte for byte those of cupcore/pokercup.py."""
    from cupcore.pokercup import hand_code

    cases = poker_cases()
    web = WebTable().start()
    try:
        page = browser.new_page()
        page.goto(web.url)
        for script in ("dice.js", "fairdice.js", "pokerphone.js"):
            page.add_script_tag(url=f"/static/{script}")
        page.wait_for_function("window.PokerPhone !== undefined")
        want = [[{k: d[k] for k in ("die", "seed", "digest", "face")} for d in c["dice"]] for c in cases]
        for which, backend in (("default", "Web Crypto"), ("plain", "plain JavaScript")):
            got = page.evaluate(RUN_POKER, [cases, which])
            assert got["backend"] == backend and got["out"] == want
        hands = [*POKER["hand_codes"], *({"dice": list(d), "code": hand_code(bytes(d))}
                                         for d in ([6, 6, 6, 6, 6], [1, 0, 0, 0, 0], [3, 3, 2, 0, 0]))]
        codes = page.evaluate("(hands) => hands.map((h) => [window.PokerPhone.handCode(h.dice), "
                              "window.PokerPhone.handDice(h.code)])", hands)
        assert codes == [[h["code"], h["dice"]] for h in hands]
    finally:
        web.close()

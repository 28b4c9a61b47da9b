"""The table screen on a TV across the room, in real Chromium at 1920×1080: a dudo table of six seats and a poker
table, each held still mid-game and at a reveal (shots.at_moments: real hubs of bots, the real server), must fit the
screen without scrolling, with dice big enough to read from the sofa; and at poker dice the standing bid is drawn
apart from the dice on the table, so nobody takes the one for the other."""
from webpages import browser  # noqa: F401 - the fixture

from dicecup.web.shots import Moments, PokerMoments, at_moments

TV = (1920, 1080)
BIG_DIE = 60  # px: a die's side, read from a few metres away on a 1080p screen

MEASURE = """(dice) => {
  const box = (node) => { const r = node.getBoundingClientRect();
                          return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width}; };
  const all = (selector) => [...document.querySelectorAll(selector)].filter((n) => n.offsetParent).map(box);
  const one = (selector) => { const node = document.querySelector(selector);
                              return node && node.offsetParent ? box(node) : null; };
  return {scrollHeight: document.documentElement.scrollHeight, scrollWidth: document.documentElement.scrollWidth,
          innerHeight, innerWidth, dice: all(dice), seats: all("#seats .seat"), bid: one("#standing"),
          table: one("#cupdice"), reveal: one("#reveal"), logs: ["#said", "#rounds"].map((list) => {
            const node = document.querySelector(list), r = node.getBoundingClientRect();
            return {list, top: r.top, bottom: r.top + node.clientHeight,
                    lines: [...node.children].filter((n) => n.offsetParent).map(box)}; })};
}"""


def measure(dice):
    return lambda moment, page: page.evaluate(MEASURE, dice[moment])


def overlap(a, b) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def fits_the_screen(seen, moment):
    assert seen["scrollHeight"] <= seen["innerHeight"] and seen["scrollWidth"] <= seen["innerWidth"], (moment, seen)
    shown = [*seen["seats"], *seen["dice"], *(b for b in (seen["bid"], seen["table"], seen["reveal"]) if b)]
    assert all(b["bottom"] <= seen["innerHeight"] and b["right"] <= seen["innerWidth"] for b in shown), (moment, seen)


def whole_lines(seen, moment):
    """Each line of the table's logs ("At the table", "Rounds") is shown whole or not at all: a line cut in half
    at the bottom of its box can't be read."""
    for log in seen["logs"]:
        cut = [line for line in log["lines"] if line["top"] < log["bottom"] - 1 < line["bottom"] - 1]
        assert not cut, (moment, log)


def test_a_dudo_table_of_six_fits_a_tv_with_dice_read_across_the_room(browser):
    dice = {"bidding": "#standing .die", "reveal": "#reveal .die", "over": "#reveal .die"}
    seen = at_moments(browser, "dudo", "tv-dudo", Moments(), 6, measure(dice), viewport=TV)
    for moment, measured in seen.items():
        fits_the_screen(measured, moment)
        whole_lines(measured, moment)
        assert len(measured["seats"]) == 6
        assert measured["dice"] and min(d["width"] for d in measured["dice"]) >= BIG_DIE, (moment, measured["dice"])
    assert len(seen["reveal"]["dice"]) >= 25  # every cup's dice at the reveal, each one big: 6 × 5 at round 1


def test_a_poker_table_fits_a_tv_and_its_bid_is_drawn_apart_from_the_dice_on_it(browser):
    dice = {"poker": "#cupdice .pdie", "poker-reveal": "#reveal .pdie"}
    seen = at_moments(browser, "poker", "tv-poker", PokerMoments(), 3, measure(dice), viewport=TV)
    for moment, measured in seen.items():
        fits_the_screen(measured, moment)
        whole_lines(measured, moment)
        assert len(measured["dice"]) == 5 and min(d["width"] for d in measured["dice"]) >= BIG_DIE, (moment, measured)
    table = seen["poker"]
    assert table["bid"] and table["table"] and not overlap(table["bid"], table["table"]), table

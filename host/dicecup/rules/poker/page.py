"""The rule page of poker dice (`dicecup rules poker`, and its section of docs/rules.md).

Its worked examples are data the tests check against the engine: every chain of bids in BID_ORDER is in
increasing order, and CALL_EXAMPLE referees to the verdict the page states.
"""
from ..presets import POKER
from ..switches import SWITCHES
from .hands import KIND_NAMES

BID_ORDER = (  # each line: bids from lower to higher, as the page prints them
    ("junk", "K", "KQ", "A", "99", "99A", "AA", "TT99", "AAKK", "999", "9TJQK", "TJQKA", "999TT", "AAAKK", "9999",
     "99999", "AAAAA"),
    ("JJJJ", "JJJJ9", "JJJJT", "JJJJA", "QQQQ"),
    ("KKKQQ", "KKKAA", "AAA99"),
    ("KKQQ", "KKQQA", "AA99", "AA99K"),
    ("QQ", "QQ9", "QQJ", "QQK", "QQKJ", "QQKJT", "QQA"),
)

CALL_EXAMPLE = """\
rules poker lives=2
seats ana ben cy
ana shakes                # the opener rolls all five under the cup
ana bids KKQQ left        # two pairs, kings and queens; the cup goes left, to ben, all round
ben accepts               # ben takes the cup and looks
ben shows 1=K 2=K         # puts two kings on the table, in the open
ben shakes                # re-rolls the three dice still under the cup
ben bids KKKQQ            # full house kings over queens: higher, so it stands, and passes to cy
cy calls liar             # the cup is lifted
reveal K K K Q 9          # dice 1 to 5: K K K Q 9 make three kings (KKKQ9), less than the full house
"""
CALL_VERDICT = "KKKQ9 is lower than KKKQQ: the bid was a lie, so ben loses a life and opens the next round."

RULES = (
    "**Faces** rank 9 < T (ten) < J < Q < K < A: a die's 1 to 6.",
    "**Hands**, highest first: " + ", ".join(KIND_NAMES[:0:-1]) + ". Junk is no hand at all: only the opener of "
    "a round may bid it, once.",
    "**A bid** names a hand and may name some or all of its five dice: `AAAKK` (full house aces over kings), "
    "`JJJJT` (four jacks and a ten), `JJJJ` (four jacks), `TJQKA` (high straight), `9TJQK` (low straight), "
    "`KK` (a pair of kings), `K` (one king), `junk`. Dice are written 9 T J Q K A in any order and any case "
    "(`jjjj10` is `JJJJT`); the words players say are read too: \"four jacks and a ten\", \"full house aces "
    "over kings\", \"a pair of kings\", \"two pairs kings and nines\".",
    "**Bid order.** By hand; the same hand by the ranks of its groups (a full house by its three, then its pair; "
    "two pairs by the higher pair, then the lower); then by the unmatched dice it names, from the highest down, "
    "where naming one more die raises.",
    "**The round.** The opener shakes all five dice under the cup (`ana shakes`), looks, bids and passes the cup "
    "left or right (`ana bids KKQQ left`): that fixes the direction for the whole round.",
    "**The receiver** either calls liar (`ben calls liar`: the cup is lifted) or accepts (`ben accepts`). "
    "Accepting, they may look, move dice between the cup (hidden) and the table (open to everyone: "
    "`ben shows 1=K 2=K`, `ben hides 2`), shake the dice under the cup (`ben shakes`) and roll dice on the table "
    "in the open while at least one die stays under the cup (`ben rolls 1=A`); then they must bid higher and "
    "pass the cup on. Blind bids are legal: nobody has to look.",
    "**The call.** The five dice make a hand, all five named (K K K Q 9 make `KKKQ9`). If that hand is at least "
    "as high as the bid, in bid order, the bid was true and the caller loses a life; otherwise the bidder does. "
    "So `JJJJ` is true on J J J J 9, and `JJJJT` is not.",
    "**Five of a kind.** Accepting a bid of five of a kind, of any rank, the receiver has three tries to roll "
    "any five of a kind, keeping any dice between tries (`cy tries 4=A 5=A`), or loses a life.",
    "**Lives.** Everyone starts with `lives` lives (3). The player who lost a life opens the next round; a player "
    "with no lives left is out; the last player left wins.",
)

HOUSE = (
    "Left is the next seat in the record's `seats` line (clockwise), right the one before; the opener says which "
    "even at two players **(house reading)**.",
    "The first round's opener is drawn by the hub; in a game record, whoever shakes first **(house reading)**.",
    "The opener shakes once and then only bids: the opener never touches the dice **(house reading)**.",
    "A receiver moves dice between the cup and the table first, then may shake once and roll table dice in the "
    "open once, in either order; no die moves after a shake or an open roll. A move out of this order is "
    "refused, not punished with a life **(house reading)**.",
    "A die moved back under the cup keeps its face until the cup is shaken, and the reveal must show it "
    "**(house reading)**.",
    "A high die bid may name more dice (`KQ` is one king with a queen), ranked by them like any unmatched dice "
    "**(house reading)**.",
    "Five of a kind can't be raised: its receiver calls liar or accepts and rolls. Accepting lifts the cup, the "
    "tries are rolled in the open, and dice that already show five of a kind make it without a try "
    "**(house reading)**.",
    "A five of a kind made in its tries costs nobody a life; the player who made it opens the next round "
    "**(house reading)**.",
    "When the loser of a round is out, the next living player to their left opens **(house reading)**.",
    "Showing that you passed off a lie is not refereed: the referee knows only what the record says "
    "**(house reading)**.",
)


def _switch_rows() -> list:
    rows = ["| switch | values | default | what it does |", "| --- | --- | --- | --- |"]
    for name in ("lives", "players"):
        switch = SWITCHES[name]
        values = "min-max within 2..10" if name == "players" else switch.values_text()
        rows.append(f"| `{name}` | {values} | `{switch.show(POKER.defaults[name])}` | {switch.doc} |")
    return rows


def preset_page(preset=POKER) -> str:
    """Poker dice's part of the rules page (the hook rules/games.py finds by name)."""
    lines = [f"## `{preset.name}` — {preset.title}", "", f"{preset.intro} Source: {preset.source}.", "",
             "Poker dice is not a face-bid game: the shared rules above are not its rules, these are.", ""]
    lines += [f"- {rule}" for rule in RULES]
    lines += ["", "Where the rules are silent, this table plays:", ""]
    lines += [f"- {rule}" for rule in HOUSE]
    lines += ["", "Bids in order, lowest first (each line is one chain):", ""]
    lines += ["- " + " < ".join(f"`{bid}`" for bid in chain) for chain in BID_ORDER]
    lines += ["", "A call, as the record writes it:", "", "```", CALL_EXAMPLE.rstrip("\n"), "```", "",
              CALL_VERDICT, "", "Switches (write them after the preset: `rules poker lives=5`):", ""]
    lines += _switch_rows()
    return "\n".join(lines) + "\n"

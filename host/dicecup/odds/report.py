"""`dicecup odds` as text: one bid priced in both worlds, or the full table for a dice count."""
from .exact import OddsError, held, success
from .text import (WORLDS, align, counts_words, dice_count, dice_words, hidden_rows, one_in, pct, world_name,
                   world_rule)


def round_words(sight) -> str:
    if sight.wild:
        return "ones are wild this round"
    if sight.palifico:
        return "ones are not wild this round (a palifico round)"
    if sight.opened_on_ones and sight.rules.wild:
        return "ones are not wild this round (it opened on ones)"
    return "ones are not wild at this table"


def header(sight) -> str:
    if sight.mine:
        seen = f"you see {dice_words(sight.mine)}, {sight.hidden} hidden"
    elif sight.dice == 1:
        seen = "you don't see it"
    else:
        seen = f"you see none of them, {sight.hidden} hidden"
    return f"`{sight.rules}`: {dice_count(sight.dice)} in play, {seen}; {round_words(sight)}."


def column_title(sight, wild: bool) -> str:
    return world_name(wild) + (" (this round)" if wild == sight.wild else "")


def _bid_column(sight, bid, wild: bool) -> list:
    """One world's cells for `bid`, or a note when the bid does not exist in that world."""
    try:
        o = sight.odds(bid, wild)
    except OddsError:
        return ["not a bid while ones are wild"] + [""] * 5
    p = success(bid.face, wild)
    need = f"{o.need} of {o.hidden}, p = {p} each" if o.need else "none: your dice make it"
    return [f"{o.held} ({counts_words(sight.mine, bid.face, wild)})" if sight.mine else "0", need,
            pct(o.at_least), f"{pct(o.exactly)} ({one_in(o.exactly)})", pct(o.false), f"{float(o.expected):.2f}"]


def bid_lines(sight, bid) -> list:
    """The odds of one bid, this round's world first and the other beside it."""
    sight.check(bid)  # the bid must exist in this round's world; the other world is shown for comparison
    q = bid.quantity
    labels = [f"{bid} ({bid.words()})", "you hold", "hidden dice that must count", f"true (count >= {q})",
              f"exactly {q} (a spot call wins)", "false (a liar call wins)", "expected count"]
    worlds = (sight.wild, not sight.wild)
    columns = [[column_title(sight, w)] + _bid_column(sight, bid, w) for w in worlds]
    rows = [[label, *(col[i] for col in columns)] for i, label in enumerate(labels)]
    return [header(sight), ""] + align(rows, right_from=len(rows[0]))


def _face_cells(sight, face: int, wild: bool, rungs: dict) -> list:
    if face not in sight.faces(wild):
        return ["-", "no bids on ones while wild", "", ""]
    have = str(held(sight.mine, face, wild))
    if face not in rungs:
        return [have, "none", "", ""]
    o = rungs[face]
    return [have, str(o.bid), pct(o.at_least), pct(o.exactly)]


def best_bid_lines(sight, threshold) -> list:
    """Per face, in both worlds: what you hold and the highest bid true with probability >= threshold."""
    rungs = {wild: {o.bid.face: o for o in sight.ladder(threshold, wild)} for wild in WORLDS}
    titles = ["face"]
    for wild in WORLDS:
        titles += [f"{column_title(sight, wild)}: hold", "best bid", "true", "exactly"]
    rows = [titles] + [[str(face)] + [c for wild in WORLDS for c in _face_cells(sight, face, wild, rungs[wild])]
                       for face in range(1, 7)]
    ladder = ", ".join(f"{o.bid} {pct(o.at_least)}" for o in sight.ladder(threshold))
    return [f"Your best bids: for each face the highest quantity true with probability >= {pct(threshold)}.", ""] \
        + align(rows) + ["", f"Ladder this round, highest first: {ladder or 'no bid is that likely'}."]


def hidden_table_lines(hidden: int) -> list:
    """P(at least k) and P(exactly k) among `hidden` dice, both worlds side by side."""
    rows = [["k", "wild: at least", "exactly", "not wild: at least", "exactly"]]
    rows += [[str(k), *(pct(p) for p in probs)] for k, *probs in hidden_rows(hidden)]
    return [f"Among the {hidden} hidden {'die' if hidden == 1 else 'dice'}, the chance that k of them count for a bid:",
            f"  wild     = {world_rule(True)}",
            f"  not wild = {world_rule(False)}", ""] + align(rows)


def table_lines(sight, threshold) -> list:
    lines = [header(sight), ""]
    if sight.mine:
        lines += best_bid_lines(sight, threshold) + [""]
    return lines + hidden_table_lines(sight.hidden)

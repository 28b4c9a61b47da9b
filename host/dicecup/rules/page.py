"""Rule pages, generated from the engine's own presets and switches (`dicecup rules`, docs/rules.md).

Every sentence about a preset comes from the policy objects the referee itself runs on, so the page and the
game are built from the same code.
"""
from .games import engine
from .presets import ALL_PRESETS, FIRST_TEXT, NEXT_TEXT, ONES_TEXT, get_preset
from .switches import SWITCHES

CORE = (
    "Every living player rolls all their dice at the start of every round; nobody keeps a roll.",
    "The opener must bid; the opener can't call (there is no bid to call).",
    "On a turn a player either raises the standing bid or calls. There is no passing.",
    "Only the player whose turn it is may call, and only on the standing bid; the player who made it never "
    "calls it.",
    "A raise is a higher quantity on any face, or the same quantity on a higher face. A quantity never goes "
    "down.",
    "No bid may name more dice than are in play (`30x6` is the highest bid at a 30-dice table; where bids may "
    "switch to ones, `30x1` is).",
    "Liar: count ≥ quantity → the caller loses the round; count < quantity → the bidder loses. A count exactly "
    "equal to the bid keeps the bid honest.",
    "Turns skip eliminated players. If the player who should open a round is out, the next living player "
    "clockwise opens.",
    "The last player with dice (in the revolver: alive) wins.",
    "When the table's clock is on and a turn's time runs out, the player whose turn it was loses the round "
    "(`timeout` in a game record). Dice stay hidden: nothing was called.",
    "An illegal action changes nothing: it is refused with the rule it breaks.",
)

RECORD = """\
A short game of dudo, as the hub's journal writes it and `dicecup referee` checks it:

```
rules dudo dice=2 palifico=off   # preset and switches, first line
seats ana ben                    # clockwise; names of letters, digits, - and _
roll ana 3 5                     # one per living seat per round, before the bids or right after the call
roll ben 5 1
ana bids 2x5
ben calls liar                   # or: ben calls spot (also written exact or calza; printed as spot)
roll ana 2 6
roll ben 4
ben bids 2x2
ana calls liar
```

The other lines a record may hold:

| line | what it records |
| --- | --- |
| `rolloff ana 6 2` | classic and buildup: one seat's two dice in the first-opener roll-off |
| `shot ben safe`, `shot ben dead` | revolver: one trigger pull |
| `timeout ben` | the turn clock ran out on ben |
| `reroll ana` | ana's cup lost its hidden dice: this round's bids are void, all roll again |
| `retire ana` | the host takes ana's seat out (a cup that never came back, or cheated) |

Bids and calls are read as people type them (`3X5`, `LIAR`) and printed one way (`3x5`, `liar`); numbers are
written with the digits 0-9."""


def _switch_rows(preset) -> list:
    rows = ["| switch | values | default | what it does |", "| --- | --- | --- | --- |"]
    for name, switch in SWITCHES.items():
        if not preset.offers(name):
            continue
        allowed = preset.value_limits.get(name)
        if allowed:
            values = " / ".join(allowed)
        elif name == "players":
            values = "min-max within {}..{}".format(*preset.defaults["players"])
        else:
            values = switch.values_text()
        rows.append(f"| `{name}` | {values} | `{switch.show(preset.defaults[name])}` | {switch.doc} |")
    return rows


def preset_page(name: str) -> str:
    """A preset's part of the rules page, written by its game kind (poker dice's: rules/poker/page.py)."""
    preset = get_preset(name)
    return engine(preset).preset_page(preset)


def face_page(preset) -> str:
    wild = "wild" if preset.defaults["wild"] else "not wild"
    lines = [
        f"## `{preset.name}` — {preset.title}",
        "",
        f"{preset.intro} Source: {preset.source}.",
        "",
        f"- **Ones** are {wild} by default. {ONES_TEXT[preset.ones]}",
        f"- **First opener.** {FIRST_TEXT[preset.first_opener]}",
        f"- **Later openers.** {NEXT_TEXT[preset.next_opener]}",
    ]
    lines += [f"- {note}" for note in preset.notes]
    lines += ["", "Switches (write them after the preset: "
              f"`rules {preset.name} {_example_switch(preset)}`):", ""]
    lines += _switch_rows(preset)
    return "\n".join(lines) + "\n"


def _example_switch(preset) -> str:
    """A switch set away from the preset's default, as a host would write it: `palifico=off`, `load=2`."""
    for name in ("palifico", "load", "exact", "limit", "spot"):
        if preset.offers(name):
            switch, value = SWITCHES[name], preset.defaults[name]
            if switch.kind == "onoff":
                other = not value
            else:  # a count: one more, or one less at the top of its range
                other = value + 1 if value < switch.high else value - 1
            return f"{name}={switch.show(other)}"
    return "spot=on"


def full_page() -> str:
    parts = [
        "# dicecup rules",
        "",
        "These are the rules the dicecup referee plays by, printed by `dicecup rules` from the referee's own "
        "code (`dicecup rules dudo` prints one preset): what this page says is what the table enforces.",
        "",
        "Each preset says which rules it follows. Where those rules can be read more than one way, the page says "
        "how this table plays them, marked **(house reading)**.",
        "",
        "A *bid* `QxF` (`3x5`, \"three fives\") claims that at least Q dice on the table show F, counting every 1 "
        "too when ones are wild and F is not 1. A *call* is `liar` (the standing bid is too high) or `spot` "
        "(exactly right; also exact, calza).",
        "",
        "## Shared by every preset",
        "",
    ]
    parts += [f"{i}. {rule}" for i, rule in enumerate(CORE, 1)]
    parts += [""]
    for name in ALL_PRESETS:
        parts += [preset_page(name)]
    parts += ["## The game record", "", "One event per line; `#` starts a comment.", "", RECORD, ""]
    return "\n".join(parts)

"""Presets (named rule sets) and Rules (a preset plus the host's switches).

A preset is a handful of policies plus switch defaults, python-chess style: a variant is the base plus a few
overrides, found by name. Each policy value carries the sentence the rule page prints for it, so the page and
the referee cannot drift apart.
"""
from .errors import RulesError, quoted
from .switches import SWITCHES

# How bids on ones work while ones are wild.
ONES_TRANSITION = "transition"  # dudo: switching to ones halves the quantity, back doubles it plus one
ONES_FORBIDDEN = "forbidden"    # revolver: no bid may be on ones
ONES_PLAIN = "plain"            # classic: ones are the lowest face and a bid on ones counts only real ones

ONES_TEXT = {
    ONES_TRANSITION: (
        "While ones are wild, a bid may switch to ones with at least half the quantity, rounded up "
        "(`6x4` → at least `3x1`), and back from ones with at least twice the quantity plus one "
        "(`3x1` → at least `7x2`); ones to ones needs a higher quantity. If a round opens on ones, ones are "
        "not wild for that whole round: they are the lowest face and the transitions do not apply."),
    ONES_FORBIDDEN: (
        "While ones are wild no bid may be on ones (it would count them twice). With `wild=off` ones are an "
        "ordinary face, the lowest. No transition rules."),
    ONES_PLAIN: (
        "Ones are the lowest face. With `wild=on` every 1 also counts toward other faces, and a bid on ones "
        "counts only real ones (no transition rules)."),
}

# Who opens the first round.
FIRST_ANY = "any"          # drawn by the hub; in a record, whoever bids first
FIRST_SEAT = "first_seat"  # the first seat (first to join)
FIRST_ROLLOFF = "rolloff"  # everyone rolls two dice; the highest total opens; ties among the highest roll again

FIRST_TEXT = {
    FIRST_ANY: "The first round's opener is drawn at random by the hub (in a game record, whoever bids first).",
    FIRST_SEAT: "The first round opens on the first seat.",
    FIRST_ROLLOFF: ("Everybody rolls two dice; the highest total opens the first round. Ties among the highest "
                    "roll again, as often as it takes **(house reading: only the tied players roll again)**."),
}

# Who opens later rounds.
NEXT_LOSER = "loser"
NEXT_WINNER = "winner"

NEXT_TEXT = {
    NEXT_LOSER: ("The player who lost the round opens the next one; after an exact call, the caller opens "
                 "**(house reading)**; after a timeout, the player who ran out of time."),
    NEXT_WINNER: ("The winner of the last challenge opens the next round: the bidder if a liar call was wrong, "
                  "the caller if the bid was a lie, the caller after a spot-on that landed, the bidder after a "
                  "spot-on that missed **(house reading)**. After a timeout, the player who ran out of time opens, and "
                  "since a timeout is fatal that means the next living player clockwise **(house reading)**."),
}

# What a lost round does to a player's dice.
ECONOMY_LOSE = "lose"   # the loser gives up dice; no dice is out
ECONOMY_GAIN = "gain"   # build-up: the loser gains dice; reaching `limit` is out

# What a landed exact call does.
EXACT_REGAIN = "regain"  # the caller gets a die back (dudo's spot on); a miss costs the caller one die
EXACT_TABLE = "table"    # every other living player loses the round (the revolver's spot, classic's Exact)


FACES, POKER_DICE = "faces", "poker"  # Preset.game: a bid on a face across every cup, or poker hands on one cup
GAMES = (FACES, POKER_DICE)


class Preset:
    """A named rule set: policies, the switches it offers, and their defaults."""

    __slots__ = ("name", "title", "source", "intro", "game", "ones", "first_opener", "next_opener", "economy",
                 "spot_style", "revolver", "defaults", "value_limits", "notes")

    def __init__(self, name, title, source, intro, *, game=FACES, ones, first_opener, next_opener,
                 economy=ECONOMY_LOSE, spot_style=EXACT_REGAIN, revolver=False, defaults, value_limits=None,
                 notes=()):
        self.name, self.title, self.intro = name, title, intro
        # The kind of game: every layer that differs by kind (engine, hub round, screens, bots, sim) looks this up
        # in its one registry, never the preset's name.
        self.game = game
        self.source = source  # the rules this preset follows, named as players know them
        self.ones, self.first_opener, self.next_opener = ones, first_opener, next_opener
        self.economy, self.spot_style, self.revolver = economy, spot_style, revolver
        self.defaults = defaults                # switch name -> default, for every switch the preset offers
        self.value_limits = value_limits or {}  # switch name -> values this preset allows (subset)
        self.notes = notes

    def offers(self, switch: str) -> bool:
        return switch in self.defaults

    def __repr__(self):
        return f"Preset({self.name!r})"


_COMMON = {"dice": 5, "wild": False, "spot": False, "lose": "die", "clock": 0, "players": (2, 6)}
# `lose=none` would never end a game without the revolver to end it.
_LOSE_WITHOUT_REVOLVER = {"lose": ("die", "difference")}

PRESETS = {p.name: p for p in (
    Preset(
        "dudo", "Dudo / Perudo",
        "Dudo/Perudo as it is commonly played, its usual house rules as switches",
        "2–6 players, 5 dice each, ones wild, spot on and palifico.",
        ones=ONES_TRANSITION, first_opener=FIRST_ANY, next_opener=NEXT_LOSER,
        defaults={**_COMMON, "wild": True, "spot": True, "palifico": True},
        value_limits=_LOSE_WITHOUT_REVOLVER,
        notes=(
            "Spot on: a player other than the bidder claims the count is exactly the quantity. Exactly right: "
            "the caller gains one die back, never above the starting dice. Otherwise the caller loses one die. "
            "The caller opens the next round **(house reading)**.",
            "Palifico: when a player is brought down to exactly one die, the next round is a palifico round, at "
            "most once per player per game. Ones are not wild; the first bid sets the face and later bids must "
            "keep it and raise the quantity; only the palifico player may change the face on their turn, by an "
            "ordinary raise **(house reading)**. The palifico player opens it.",
            "`lose=difference`: the loser of a liar call loses |count − quantity| dice, at least one.",
        )),
    Preset(
        "revolver", "The revolver house", "the revolver house's own rules",
        "2–6 players, 5 dice each, ones wild, a turn clock, and a revolver instead of lost dice.",
        ones=ONES_FORBIDDEN, first_opener=FIRST_SEAT, next_opener=NEXT_WINNER, spot_style=EXACT_TABLE,
        revolver=True,
        defaults={**_COMMON, "wild": True, "spot": True, "lose": "none", "load": 1, "clock": 60},
        notes=(
            "The revolver: a player's first lost round loads `load` bullets; every later lost round adds one; "
            "bullets never come out. Then one pull: death with probability bullets/6, six bullets is certain "
            "death. The pull is drawn by the hub from a cryptographically strong source and written in the game "
            "record (`shot ana safe` / `shot ana dead`). The dead leave with their dice.",
            "Running out of time is fatal: all six chambers are loaded and fired.",
            "Spot on: exactly right, every other living player loses the round and pulls the trigger, one after "
            "another, in seat order from the caller's left **(house reading)**; a miss, the caller loses the round.",
            "By default nobody loses a die (`lose=none`); `lose=die` also takes a die from every loser of a round, "
            "and a player with no dice is out without a pull **(house reading)**.",
        )),
    Preset(
        "classic", "Classic Liar's Dice",
        "classic Liar's Dice, with its Exact variant as the `exact` switch",
        "2–6 players, 5 dice each, ones not wild, a roll-off for the first opener.",
        ones=ONES_PLAIN, first_opener=FIRST_ROLLOFF, next_opener=NEXT_LOSER,
        defaults={**_COMMON, "exact": False},
        value_limits=_LOSE_WITHOUT_REVOLVER,
        notes=(
            "`exact=on` (the Exact variant of classic Liar's Dice): a player may call exact instead; right, every other player loses one "
            "die; wrong, the caller loses two dice. The caller opens the next round **(house reading)**.",
            "`spot=on` plays the exact call as in dudo instead: right, the caller gets a die back; wrong, the "
            "caller loses one. `spot` and `exact` are two versions of the same call: a table picks one.",
        )),
    Preset(
        "buildup", "Build Up", "the Build Up variant of classic Liar's Dice",
        "Classic Liar's Dice backwards: everyone starts with one die and the loser gains one.",
        ones=ONES_PLAIN, first_opener=FIRST_ROLLOFF, next_opener=NEXT_LOSER, economy=ECONOMY_GAIN,
        defaults={**_COMMON, "dice": 1, "limit": 6},
        value_limits=_LOSE_WITHOUT_REVOLVER,
        notes=(
            "The loser of a round gains a die instead of losing one (`lose=difference`: gains |count − quantity|, "
            "at least one); a player who reaches `limit` dice is eliminated; the last player left wins. The cap "
            "on bids is still the dice in play.",
            "`spot=on` mirrors dudo's spot on **(house reading)**: right, the caller puts a die away (never below one); "
            "wrong, the caller gains one.",
        )),
    Preset(
        "fourdice", "The join-order table",
        "the join-order rules of online Liar's Dice rooms",
        "2–10 players, 4 dice each, turn order is join order, no roll-off.",
        ones=ONES_PLAIN, first_opener=FIRST_SEAT, next_opener=NEXT_LOSER,
        defaults={**_COMMON, "dice": 4, "exact": False, "players": (2, 10)},
        value_limits=_LOSE_WITHOUT_REVOLVER,
        notes=(
            "Turn order is the order in which players joined the table (for cups, the order in which they pressed "
            "to take a seat); the first round opens on the first to join.",
            "Raises may increase the face, the quantity, or both, by the shared raise rule. Otherwise as classic, "
            "`exact` and `spot` included.",
        )),
)}

# Poker dice is a different game shape (one cup passed round, poker-hand bids, lives): its engine, record lines
# and page are in rules/poker/. PRESETS above are the face-bid presets, which the face-bid engine, odds, bots and
# hub iterate; ALL_PRESETS is every preset a table can choose, found by name.
POKER = Preset(
    "poker", "Poker dice (Common Hand)",
    "Common Hand, the poker-dice game of Liar's Dice: one cup passed round the table",
    "2–10 players, one cup of five dice passed round the table, poker-hand bids, 3 lives each.",
    game=POKER_DICE, ones=ONES_PLAIN, first_opener=FIRST_ANY, next_opener=NEXT_LOSER,
    defaults={"lives": 3, "players": (2, 10)})
ALL_PRESETS = {**PRESETS, POKER.name: POKER}

# Switches from RULES.md that belong to presets this version does not have yet.
FUTURE_SWITCHES: dict = {}


def get_preset(name: str) -> Preset:
    try:
        return ALL_PRESETS[name]
    except KeyError:
        raise RulesError(f"unknown preset {quoted(name)}: choose one of {', '.join(ALL_PRESETS)}") from None


def offered_by(switch: str) -> list:
    return [p.name for p in ALL_PRESETS.values() if p.offers(switch)]


class Rules:
    """A table's rules: a preset and the switches the host set. Prints and parses as `dudo palifico=off`.

    Every switch is readable as an attribute (`rules.wild`, `rules.clock`, ...); a switch the preset does not
    offer reads as its "off" value (False, 0 or None).
    """

    __slots__ = ("preset", "overrides", "values", "dice", "wild", "spot", "exact", "palifico", "lose", "load",
                 "clock", "limit", "lives", "players", "exact_call")

    def __init__(self, preset, overrides=None):
        self.preset = get_preset(preset) if isinstance(preset, str) else preset
        self.overrides = dict(overrides or {})
        for name, value in self.overrides.items():
            self._check_offered(name, value)
        self.values = {**self.preset.defaults, **self.overrides}
        for name in SWITCHES:
            setattr(self, name, self.values.get(name, _OFF.get(name)))
        self._check_combination()
        # The exact call is enabled by `spot` or by `exact`; they differ in what it pays.
        self.exact_call = bool(self.spot or self.exact)

    @property
    def game(self) -> str:
        """The kind of game these rules play (Preset.game): "faces" or "poker"."""
        return self.preset.game

    def _check_offered(self, name, value):
        if name not in SWITCHES:
            raise RulesError(f"unknown switch {quoted(name)}: switches are {', '.join(SWITCHES)}")
        if not self.preset.offers(name):
            owners = offered_by(name) or [FUTURE_SWITCHES.get(name, "no preset yet")]
            raise RulesError(f"{self.preset.name} does not offer {name}: only {', '.join(owners)} "
                             f"{'offers' if len(owners) == 1 else 'offer'} it")
        allowed = self.preset.value_limits.get(name)
        if allowed is not None and value not in allowed:
            shown = SWITCHES[name].show(value)
            raise RulesError(f"{name}={shown} is not offered by {self.preset.name}: "
                             f"choose {' or '.join(allowed)}")

    def _check_combination(self):
        low, high = self.preset.defaults["players"]
        if not (low <= self.players[0] and self.players[1] <= high):
            raise RulesError(f"players={SWITCHES['players'].show(self.players)}: {self.preset.name} seats "
                             f"{low} to {high} players")
        if self.spot and self.exact:
            raise RulesError("spot=on and exact=on are two versions of the same call: choose one")
        if self.limit is not None and self.dice >= self.limit:
            raise RulesError(f"dice={self.dice} with limit={self.limit}: players must start below the limit")

    # -- notation ------------------------------------------------------------------------------------------
    def __str__(self) -> str:
        parts = [self.preset.name]
        parts += [f"{name}={SWITCHES[name].show(self.overrides[name])}"
                  for name in SWITCHES if name in self.overrides]
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str) -> "Rules":
        words = text.split()
        if not words:
            raise RulesError("no preset named: write a preset and switches, like `dudo palifico=off`")
        return cls.from_words(words[0], words[1:])

    @classmethod
    def from_words(cls, preset: str, switch_words) -> "Rules":
        """Read in any case (`DUDO Palifico=OFF`, as typed); printed back in lower case."""
        preset = preset.lower()
        overrides = {}
        for word in switch_words:
            name, sep, value = word.lower().partition("=")
            if not sep:
                raise RulesError(f"{quoted(word)} is not a switch: write name=value, like palifico=off")
            if name not in SWITCHES:
                raise RulesError(f"unknown switch {quoted(name)}: switches are {', '.join(SWITCHES)}")
            if name in overrides:
                raise RulesError(f"{name} is set twice")
            overrides[name] = SWITCHES[name].parse(value)
        return cls(preset, overrides)

    def __eq__(self, other):
        return isinstance(other, Rules) and (self.preset.name, self.overrides) == (other.preset.name,
                                                                                   other.overrides)

    def __hash__(self):
        return hash((self.preset.name, tuple(sorted(self.overrides.items()))))

    def __repr__(self):
        return f"Rules({str(self)!r})"

    def switches(self) -> dict:
        """Every switch the preset offers with its value, printed as in a record (for JSON)."""
        return {name: SWITCHES[name].show(self.values[name]) for name in SWITCHES if name in self.values}

    def switch_values(self) -> dict:
        """The same as JSON's own types (`referee --json`): on/off true/false, counts numbers, players [2, 6]."""
        return {name: list(self.values[name]) if isinstance(self.values[name], tuple) else self.values[name]
                for name in SWITCHES if name in self.values}


# What a switch reads as when the preset does not offer it.
_OFF = {"dice": 5, "wild": False, "spot": False, "exact": False, "palifico": False, "lose": "die", "load": 0,
        "clock": 0, "limit": None, "players": (2, 6)}

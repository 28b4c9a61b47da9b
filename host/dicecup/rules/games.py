"""The one registry of game kinds (Preset.game), as python-chess's one VARIANTS list: each kind is one `Kind` record
that names every layer's piece of it by dotted name ("module" or "module:name"), imported only where that piece is
used (`piece`), so a face-bid game never loads poker's modules and the engine imports nothing above it. Nothing
else asks which game it is, by a preset's name or by a kind's property: each layer calls its piece.

The engine's piece (`engine`) is a module with the same hooks for every kind, found by name:

    new_game(rules, seats)                              the state a game starts in
    parse_event(line)                                   one event line of a record
    replay_events(rules, seats, events, seats_line)     a replay of parsed events (RecordError names the line)
    report_lines(replay)                                the referee's text report
    preset_page(preset)                                 the rules page of a preset of this kind
    random_record(rules, seats, seed)                   a random legal game, for tests and benches
"""
import importlib
from typing import NamedTuple

from .presets import FACES, POKER_DICE


class Kind(NamedTuple):
    engine: str         # rules: the module with the engine's hooks (above)
    round: str          # hub: the Round that plays a round at a table of this kind
    journal_check: str  # hub: check(rules, journal) rechecks every die of a journal from the journal alone
    default_bot: str    # bots: what `--bots N` seats
    bot_game: str       # bots: run(rules, {seat: bot}, rng, problems) -> (final state, events): a game of bots
    wrong_bot: str      # bots: why a bot of another kind can't sit here ({name}, {rules})
    view: str           # the terminal view: snapshot_view, snapshot_essentials
    web_present: str    # the web: the table screen's message of this kind, and its pages' words and modules
    odds: str           # `dicecup odds`'s answer: answer(args) -> text
    cups: str           # how cups sit at the table (a cup each, or one passed round): `dicecup play`'s checks
    demo: str           # `dicecup demo`'s set-up: its virtual cups, and the transports it runs on
    resume: str         # `dicecup resume`'s rule: which journals can go on, and with which cups
    bid_example: str    # a bid as this kind writes it, for a hint


KINDS = {
    FACES: Kind(
        engine="dicecup.rules.faces", round="dicecup.hub.faces.round:FaceRound",
        journal_check="dicecup.hub.faces.fairness:check_face_journal",
        default_bot="normal", bot_game="dicecup.bots.selfplay:run_game",
        wrong_bot="{name} plays poker dice only: at {rules} seat face-bid bots",
        view="dicecup.view.table", web_present="dicecup.web.present", odds="dicecup.commands.odds:face_answer",
        cups="dicecup.commands.cupeach:CUPS", demo="dicecup.commands.cupeach:DEMO",
        resume="dicecup.commands.cupeach:RESUME", bid_example="QxF"),
    POKER_DICE: Kind(
        engine="dicecup.rules.poker", round="dicecup.hub.poker.round:PokerRound",
        journal_check="dicecup.hub.poker.verify:check_poker_journal",
        default_bot="poker-hard", bot_game="dicecup.bots.poker_game:run_poker_game",
        wrong_bot="{name} plays face bids: at poker dice seat poker-baseline, poker-hard or a bot with poker = True",
        view="dicecup.view.pokertable", web_present="dicecup.web.pokerpresent",
        odds="dicecup.odds.poker:answer", cups="dicecup.commands.onecup:CUPS",
        demo="dicecup.commands.onecup:DEMO", resume="dicecup.commands.onecup:RESUME", bid_example="KKKQQ"),
}


def kind(of) -> Kind:
    """The kind of game `of` plays: anything with a `game` (Rules, Preset, a table's snapshot)."""
    return KINDS[of.game]


def piece(of, layer: str):
    """The piece of one layer (a Kind field: "round", "view", ...) of the kind of game `of` plays, imported now:
    a module, or the name a "module:name" points at."""
    module, _, name = getattr(kind(of), layer).partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, name) if name else loaded


def engine(of):
    """The module whose hooks play the kind of game `of` plays (Rules, Preset)."""
    return piece(of, "engine")

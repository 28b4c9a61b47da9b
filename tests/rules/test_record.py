"""The game record: round trips, and a clear `line N:` error for every kind of bad input."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicecup.rules import Record, RecordError, Rules, replay
from dicecup.rules.presets import PRESETS
from dicecup.rules.randomplay import random_record
from record_helpers import record


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(2, 5), st.integers(0, 2**32))
def test_whole_records_round_trip(preset, players, seed):
    game = random_record(Rules.parse(preset), [f"p{i}" for i in range(players)], seed)
    text = str(game)
    assert Record.parse(text) == game
    assert str(Record.parse(text)) == text
    assert replay(text).state.winner is not None


def test_comments_and_blank_lines_are_ignored():
    game = Record.parse("# a journal\n\nrules dudo   # the preset\nseats ana ben\n\nana bids 2x2  # c=ab12\n")
    assert str(game) == "rules dudo\nseats ana ben\nana bids 2x2\n"


GOOD = "rules dudo\nseats ana ben\n"


@pytest.mark.parametrize("text, error", [
    ("seats ana ben\n", "line 1: a record starts with a `rules` line, like `rules dudo palifico=off`"),
    ("rules\n", "line 1: `rules` needs a preset, like `rules dudo`"),
    ("rules chess\nseats a b\n", "line 1: unknown preset 'chess': choose one of dudo, revolver, classic, buildup, "
                                 "fourdice, poker"),
    ("rules dudo load=2\nseats a b\n", "line 1: dudo does not offer load: only revolver offers it"),
    ("rules dudo frobs=1\nseats a b\n", "line 1: unknown switch 'frobs': switches are dice, wild, spot, exact, "
                                        "palifico, lose, load, clock, limit, lives, players"),
    ("rules dudo\n", "line 1: a record starts with a `rules` line and a `seats` line"),
    ("rules dudo\nana bids 2x2\n", "line 2: the second line names the seats, clockwise: `seats ana ben cy`"),
    ("rules dudo\nseats ana ana\n", "line 2: two seats have the same name"),
    ("rules dudo\nseats ana b@n\n", "line 2: 'b@n' is not a seat name: use letters, digits, - and _"),
    ("rules dudo\nseats ana roll\n", "line 2: 'roll' can't be a seat name: it is a word of the record"),
    ("rules dudo\nseats ana\n", "line 2: dudo seats 2 to 6 players, not 1"),
    (GOOD + "roll ana 1 2 3 4 7\n", "line 3: 7 is not a die: dice show 1 to 6"),
    (GOOD + "roll ana 1 2 3 4 0\n", "line 3: 0 is not a die: dice show 1 to 6"),
    (GOOD + "roll ana 1 2 3 x 5\n", "line 3: 'x' is not a die: dice show 1 to 6"),
    (GOOD + "roll ana 1 2 3 4\n", "line 3: ana has 5 dice this round, not 4"),
    (GOOD + "roll ana 1 2 3 4 5\nroll ana 1 2 3 4 5\n", "line 4: ana already rolled this round"),
    (GOOD + "roll cy 1 2 3 4 5\n", "line 3: cy has no seat at this table (seats: ana ben)"),
    (GOOD + "ana bids 2x9\n", "line 3: 2x9 is not a bid: a face is 1 to 6"),
    (GOOD + "ana bids lots\n", "line 3: 'lots' is not a bid: write quantity x face, like 4x5"),
    (GOOD + "ana calls cheat\n", "line 3: 'cheat' is not a call: a player calls liar or spot (exact, calza)"),
    (GOOD + "ana passes\n", "line 3: can't read 'ana passes': expected a bid (`ana bids 3x5`), a call "
                            "(`ben calls liar`), or a roll, rolloff, shot, timeout, reroll or retire line"),
    (GOOD + "shot ana maybe\n", "line 3: write `shot NAME safe` or `shot NAME dead`"),
    (GOOD + "timeout\n", "line 3: write `timeout NAME`"),
    (GOOD + "roll ana\n", "line 3: write `roll NAME DICE...`, like `roll ana 6 2`"),
    (GOOD + "rules dudo\n", "line 3: `rules` comes once, at the top of the record"),
    (GOOD + "ana bids 2x2\nana bids 3x2\n", "line 4: it is ben's turn, not ana's"),
    (GOOD + "ana bids 2x2\nben calls liar\nana bids 3x3\n",
     "line 5: the call is being revealed: waiting for the dice of ana, ben"),
])
def test_bad_records_name_the_line_and_the_problem(text, error):
    with pytest.raises(RecordError) as caught:
        replay(text)
    assert str(caught.value) == error


def test_an_action_after_the_game_ended():
    text = record("""
        rules dudo dice=1
        seats ana ben
        roll ana 2
        roll ben 3
        ana bids 1x6
        ben calls liar
        roll ana 4
    """)
    with pytest.raises(RecordError, match="^line 7: the game is over: ben won$"):
        replay(text)


def test_a_record_may_end_mid_round():
    game = replay(record("""
        rules dudo
        seats ana ben
        ana bids 2x2
        ben calls liar
        roll ana 2 2 2 2 2
    """))
    assert game.to_json()["rounds"] == [] and game.to_json()["next_opener"] == "ana"


def test_events_built_in_code_are_checked_like_parsed_ones():
    from dicecup.rules import IllegalAction, NotationError, Roll, Rolloff, apply, new_game
    dudo = new_game(Rules.parse("dudo"), ["ana", "ben"])
    with pytest.raises(NotationError, match="7 is not a die"):
        apply(dudo, Roll("ana", (1, 2, 3, 4, 7)))
    classic = new_game(Rules.parse("classic"), ["ana", "ben"])
    with pytest.raises(IllegalAction, match="a roll-off is two dice, not 3"):
        apply(classic, Rolloff("ana", (1, 2, 3)))


def test_a_reroll_voids_the_rounds_bids_and_dice_and_the_round_starts_again():
    game = replay(record("""
        rules dudo
        seats ana ben cy
        roll ana 2 2 2 2 2
        cy bids 3x2
        ana bids 4x2
        reroll ben
        roll ana 3 3 3 3 3
        ana bids 3x3
        ben calls liar
        roll ben 3 4 4 4 4
        roll cy 5 5 5 5 5
    """))
    [r] = game.to_json()["rounds"]
    assert (r["opener"], r["bid"], r["count"], r["losers"]) == ("ana", "3x3", 6, ["ben"])


def test_a_reroll_keeps_the_opener_of_a_round_already_opened():
    text = record("""
        rules revolver
        seats ana ben
        ana bids 2x2
        reroll ana
        ben bids 2x2
    """)
    with pytest.raises(RecordError, match="^line 5: it is ana's turn, not ben's$"):
        replay(text)


def test_retire_takes_a_seat_out_and_restarts_the_round_without_it():
    game = replay(record("""
        rules dudo
        seats ana ben cy
        ana bids 3x3
        ben bids 4x3
        retire ana
        roll ben 3 3 3 3 3
        roll cy 2 2 2 2 2
        cy bids 5x3
        ben calls liar
    """))
    [r] = game.to_json()["rounds"]
    assert (r["opener"], r["count"], r["losers"]) == ("cy", 5, ["ben"])
    assert game.state.dice_in_play == 9 and not game.state.alive[0]


def test_retiring_down_to_one_seat_ends_the_game():
    game = replay(record("rules revolver\nseats ana ben\nana bids 2x2\nretire ben\n"))
    assert game.to_json()["winner"] == "ana"


def test_a_retired_roll_off_contender_leaves_the_roll_off():
    game = replay(record("rules classic\nseats ana ben cy\nrolloff ana 6 6\nrolloff ben 6 6\nretire cy\n"
                         "rolloff ana 1 1\nrolloff ben 2 2\n"))
    assert game.state.to_act == "ben"
    decided = replay(record("rules classic\nseats ana ben cy\nrolloff ana 6 6\nrolloff ben 2 2\nretire cy\n"))
    assert decided.state.to_act == "ana"


@pytest.mark.parametrize("line", ["roll ana ５ 3", "roll ana ² 3", "rolloff ana 6 ٣"])
def test_dice_in_other_digits_are_refused_with_the_line(line):
    with pytest.raises(RecordError) as caught:
        Record.parse(f"rules classic\nseats ana ben\n{line}\n")
    assert caught.value.line == 3 and "write dice with the digits 1 to 6" in str(caught.value)


def test_a_record_may_start_with_a_byte_order_mark():
    text = "\ufeffrules dudo\nseats ana ben\nana bids 2x2\n"
    assert Record.parse(text) == Record.parse(text[1:])


def test_a_huge_bad_line_is_quoted_short():
    with pytest.raises(RecordError) as caught:
        Record.parse("rules dudo\nseats ana ben\n" + "ana bids " + "9" * 50_000_000 + "\n")
    assert len(str(caught.value)) < 200 and "…" in str(caught.value)


def test_bids_and_calls_are_read_as_typed_at_the_hub():
    typed = Record.parse("rules dudo\nseats ana ben\nana Bids 3X5\nben CALLS Exact\n")
    assert str(typed).splitlines()[2:] == ["ana bids 3x5", "ben calls spot"]

"""Notation: bids, calls and rules lines print and parse back to the same value."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicecup.rules import LIAR, SPOT, Bid, NotationError, Rules, RulesError, parse_action
from dicecup.rules.switches import SWITCHES


@pytest.mark.parametrize("text, words", [
    ("4x5", "four fives"), ("1x6", "one six"), ("3x1", "three ones"), ("21x2", "twenty-one twos"),
    ("12x3", "twelve threes"), ("40x4", "forty fours"),
])
def test_bids_print_in_notation_and_words(text, words):
    bid = Bid.parse(text)
    assert str(bid) == text and bid.words() == words


@pytest.mark.parametrize("text", ["4x7", "0x5", "4x0", "x5", "4x", "4 x 5", "four fives", "-1x3", "4x55", "1e3x2"])
def test_malformed_bids_are_refused(text):
    with pytest.raises(NotationError):
        Bid.parse(text)


def test_calls_round_trip():
    assert parse_action("liar") is LIAR and parse_action("spot") is SPOT
    assert str(LIAR) == "liar" and str(SPOT) == "spot"


@given(st.integers(1, 999), st.integers(1, 6))
def test_bid_round_trip(quantity, face):
    bid = Bid(quantity, face)
    assert parse_action(str(bid)) == bid


def _rules_strategy():
    from dicecup.rules.presets import PRESETS

    @st.composite
    def rules(draw):
        preset = draw(st.sampled_from(sorted(PRESETS)))
        words = [preset]
        for name in [n for n in SWITCHES if n in PRESETS[preset].defaults]:
            if draw(st.booleans()):
                switch = SWITCHES[name]
                if switch.kind == "onoff":
                    words.append(f"{name}={draw(st.sampled_from(['on', 'off']))}")
                elif switch.kind == "choice":
                    words.append(f"{name}={draw(st.sampled_from(switch.choices))}")
                elif switch.kind == "int":
                    words.append(f"{name}={draw(st.integers(switch.low, switch.high))}")
        return " ".join(words)
    return rules()


@given(_rules_strategy())
def test_rules_lines_round_trip_or_say_why_not(text):
    try:
        rules = Rules.parse(text)
    except RulesError as error:
        assert str(error)  # a combination refused (spot with exact, dice above the limit...) says why
        return
    assert Rules.parse(str(rules)) == rules
    assert str(rules) == text


@pytest.mark.parametrize("text, message", [
    ("chess", "unknown preset 'chess': choose one of dudo, revolver, classic, buildup, fourdice, poker"),
    ("poker wild=on", "poker does not offer wild: only dudo, revolver, classic, buildup, fourdice offer it"),
    ("dudo colour=red", "unknown switch 'colour': switches are dice, wild, spot, exact, palifico, lose, load, "
                        "clock, limit, lives, players"),
    ("dudo wild=maybe", "wild=maybe: wild is on or off"),
    ("dudo dice=0", "dice=0: dice is from 1 to 10"),
    ("dudo dice=five", "dice=five: dice is a whole number from 1 to 10"),
    ("revolver load=7", "load=7: load is from 1 to 6"),
    ("dudo lose=all", "lose=all: lose is one of die, difference, none"),
    ("dudo palifico", "'palifico' is not a switch: write name=value, like palifico=off"),
    ("dudo wild=on wild=off", "wild is set twice"),
    ("dudo players=6-2", "players=6-2: the smaller number comes first"),
    ("", "no preset named: write a preset and switches, like `dudo palifico=off`"),
])
def test_bad_rules_lines_say_what_is_wrong(text, message):
    with pytest.raises(RulesError) as caught:
        Rules.parse(text)
    assert str(caught.value) == message


def test_switches_read_as_attributes_with_preset_defaults():
    rules = Rules.parse("revolver load=2")
    assert (rules.wild, rules.spot, rules.lose, rules.load, rules.clock, rules.dice) == (True, True, "none", 2, 60, 5)
    assert rules.switches()["load"] == "2" and "palifico" not in rules.switches()
    assert Rules.parse("fourdice").dice == 4 and Rules.parse("buildup").limit == 6


@pytest.mark.parametrize("text, expected", [("3X5", "3x5"), (" 3x5 ", "3x5"), ("\t12X2\n", "12x2")])
def test_bids_are_read_the_way_people_type_them(text, expected):
    assert str(Bid.parse(text)) == expected and str(parse_action(text)) == expected


@pytest.mark.parametrize("text, call", [("LIAR", LIAR), (" liar ", LIAR), ("Spot", SPOT)])
def test_calls_are_read_the_way_people_type_them(text, call):
    assert parse_action(text) is call


@pytest.mark.parametrize("text", ["４x５", "3x５", "²x3", "3x٣"])
def test_digits_other_than_0_to_9_are_refused_with_the_reason(text):
    with pytest.raises(NotationError) as caught:
        Bid.parse(text)
    assert str(caught.value) == f"{text!r} is not a bid: write it with the digits 0-9, like 4x5"


@pytest.mark.parametrize("text, message", [
    ("dudo dice=５", "dice=５: dice is a whole number written with the digits 0-9"),
    ("dudo dice=²", "dice=²: dice is a whole number written with the digits 0-9"),
    ("dudo players=2-６", "players=2-６: players is a whole number written with the digits 0-9"),
])
def test_switch_values_in_other_digits_are_refused(text, message):
    with pytest.raises(RulesError) as caught:
        Rules.parse(text)
    assert str(caught.value) == message


@pytest.mark.parametrize("word", ["exact", "calza", "EXACT", " Calza "])
def test_exact_and_calza_are_the_spot_call_and_print_as_spot(word):
    assert parse_action(word) is SPOT and str(parse_action(word)) == "spot"


def test_rules_are_read_in_any_case_and_print_in_lower_case():
    rules = Rules.parse("DUDO Palifico=OFF")
    assert rules == Rules.parse("dudo palifico=off") and str(rules) == "dudo palifico=off"

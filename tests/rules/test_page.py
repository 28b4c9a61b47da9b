"""The rule page speaks to players: it names its sources as players know them, says where a rule was read one
way, and leaks no internal names (seed numbers, file names)."""
import re

import pytest

from dicecup.rules.page import full_page, preset_page
from dicecup.rules.presets import PRESETS

SOURCES = {"dudo": "Dudo/Perudo", "revolver": "the revolver house", "classic": "classic Liar's Dice",
           "buildup": "Build Up", "fourdice": "join order"}


def test_the_page_has_no_internal_names():
    page = full_page()
    assert not re.search(r"\bseeds?\b", page, re.IGNORECASE), "a seed number is no source a player knows"
    assert not re.search(r"\b[\w/.-]+\.(md|txt|py|json)\b", page), "file names are for developers"


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_each_preset_names_its_source(name):
    first_lines = preset_page(name).split("\n\n")[1]
    assert "Source:" in first_lines and SOURCES[name] in first_lines


def test_a_rule_read_one_way_says_so_as_a_house_reading():
    page = full_page()
    assert "**(reading" not in page
    assert page.count("**(house reading") >= 10
    assert "house reading" in page.split("## Shared by every preset")[0], "the page says what a house reading is"

"""docs/bots.md shows the difficulty dial as the arena measures it today: regenerated, it must not change."""
from pathlib import Path

import pytest

from dicecup.bots.dial import END, START, rewrite

PAGE = Path(__file__).resolve().parents[2] / "docs" / "bots.md"


@pytest.mark.slow
def test_the_measured_tables_in_docs_bots_md_are_current():
    page = PAGE.read_text(encoding="utf-8")
    assert START in page and END in page
    assert rewrite(page) == page, "docs/bots.md is stale: run python -m dicecup.bots.dial docs/bots.md"


def test_the_page_shows_the_dial_in_order():
    page = PAGE.read_text(encoding="utf-8")
    row = {line.split("|")[1].strip(" *"): line for line in page.splitlines() if line.startswith("| **")}
    rate = lambda a, column: float(row[a].split("|")[column + 2].split("%")[0])  # noqa: E731
    easy_vs_normal, normal_vs_hard = rate("easy", 1), rate("normal", 2)
    assert easy_vs_normal < 40 and normal_vs_hard < 40

from pathlib import Path

import pytest

SAMPLES = Path(__file__).with_name("sample_bots.py")


@pytest.fixture
def sample():
    """`sample("Raises")` -> the bot name `.../sample_bots.py:Raises`."""
    return lambda name: f"{SAMPLES}:{name}"

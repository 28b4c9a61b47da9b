"""Tests written in the game's own notation: a record in, the referee's verdict out."""
import textwrap

import pytest

from dicecup.rules import RecordError, replay


def record(text: str) -> str:
    return textwrap.dedent(text).strip() + "\n"


def play(text: str):
    """Replay a record that must be legal; returns the Replay."""
    return replay(record(text))


def rounds(text: str) -> list:
    return play(text).to_json()["rounds"]


def refusal(text: str) -> str:
    """Replay a record whose LAST line must be refused; returns the reason (without `line N: `)."""
    text = record(text)
    with pytest.raises(RecordError) as caught:
        replay(text)
    last_line = len(text.splitlines())
    assert caught.value.line == last_line, f"refused at line {caught.value.line}, not the last: {caught.value}"
    return caught.value.reason

"""Rated tables at the same time (three `demo --rated` at once): each prints the change its own game made, as the
history counts it, though the nerve it read at seating went out of date when another table finished first."""
from types import SimpleNamespace

from history_helpers import league, openskill_directly

from dicecup.history.rated import RatedTable
from dicecup.history.ratings import NERVE_AT_ZERO, NERVE_PER_POINT
from dicecup.history.samples import journal_text

SEATS = ("ana", "ben")


def _nerve(mu, sigma):
    return round(NERVE_AT_ZERO + NERVE_PER_POINT * (mu - 3 * sigma))


def _finished_table(path):
    """What a RatedTable sees of a hub: its published state (the seats), and at the end its journal."""
    return SimpleNamespace(state=SimpleNamespace(seats=SEATS), finished=True, journal=SimpleNamespace(path=path))


def _seated(engine, hub_view):
    table = RatedTable(engine, "dicecup demo")
    table._seen(hub_view)  # the first snapshot: nerve at seating
    return table


def _printed_change(capsys):
    line = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("nerve after the game: ")][-1]
    return line.removeprefix("nerve after the game: ")


def _expected(before_texts, text):
    """`ana A -> B (+d), ben ...` written from OpenSkill directly: before = after the games that count first."""
    before = openskill_directly(before_texts) if before_texts else {}
    after = openskill_directly([*before_texts, text])
    parts = []
    for name in SEATS:
        was = _nerve(*before[name][:2]) if name in before else NERVE_AT_ZERO
        now = _nerve(*after[name][:2])
        parts.append(f"{name} {was} -> {now} ({now - was:+d})")
    return ", ".join(parts)


def _two_games(tmp_path, hub):
    first = journal_text(1, "2026-12-01 20:00:00", "dudo dice=2", SEATS, rated_table=True, hub=hub)
    second = journal_text(2, "2026-12-01 20:00:30", "dudo dice=2", SEATS, rated_table=True, hub=hub)
    paths = [tmp_path / "first.txt", tmp_path / "second.txt"]
    for path, text in zip(paths, (first, second)):
        path.write_text(text)
    return (first, second), paths


def test_the_table_that_finishes_second_prints_its_own_games_change(db_url, tmp_path, hub, capsys):
    engine = league(db_url, hub)
    (first, second), paths = _two_games(tmp_path, hub)
    tables = [_seated(engine, _finished_table(path)) for path in paths]  # both seated before either ends
    capsys.readouterr()
    tables[0].finish(_finished_table(paths[0]))
    assert _printed_change(capsys) == _expected([], first)
    tables[1].finish(_finished_table(paths[1]))
    assert _printed_change(capsys) == _expected([first], second)  # said "ana 1000 -> ...": both games' change


def test_a_game_that_counts_before_one_already_in_prints_its_own_change(db_url, tmp_path, hub, capsys):
    """The game that started first ends last: it counts first, and its change is from a newcomer's nerve."""
    engine = league(db_url, hub)
    (first, second), paths = _two_games(tmp_path, hub)
    tables = [_seated(engine, _finished_table(path)) for path in paths]
    capsys.readouterr()
    tables[1].finish(_finished_table(paths[1]))
    assert _printed_change(capsys) == _expected([], second)
    tables[0].finish(_finished_table(paths[0]))
    assert _printed_change(capsys) == _expected([], first)

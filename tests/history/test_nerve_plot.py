"""`dicecup stats NAME --plot FILE` as a newcomer meets it: how to get matplotlib where the install came from (not
an index dicecup is not on), and a plot worth looking at after one game or four: its time axis spans the games,
it is big enough to read, and it shows OpenSkill's uncertainty as a band."""
import datetime
import struct
import sys

import matplotlib.dates as mdates
import pytest
from inprocess import dicecup_here

from dicecup.commands.stats import nerve_figure
from dicecup.history.ratings import nerve_over_time
from dicecup.history.samples import journal_text
from dicecup.history.store import import_files
from history_helpers import league


def _league_of(db_url, hub, tmp_path, games: int):
    engine = league(db_url, hub)
    for k in range(games):
        (tmp_path / f"g{k}.txt").write_text(journal_text(k, f"2026-11-0{k + 1} 20:00:00", hub=hub))
    import_files(engine, sorted(tmp_path.glob("g*.txt")))
    return engine


def _x_span_days(figure) -> float:
    low, high = figure.axes[0].get_xlim()
    return high - low  # matplotlib's dates are days


def test_one_games_plot_spans_that_evening_not_five_years(db_url, tmp_path, hub):
    curve = nerve_over_time(_league_of(db_url, hub, tmp_path, 1), "ana")
    figure = nerve_figure(curve, "ana")
    assert len(curve) == 1 and _x_span_days(figure) < 1  # the axis ran 2025 to 2029
    played = mdates.date2num(datetime.datetime.fromisoformat(curve[0].at))
    low, high = figure.axes[0].get_xlim()
    assert low < played < high


def test_one_games_plot_draws_the_band_its_legend_names(db_url, tmp_path, hub):
    """The legend named a band of one sigma that a band over one instant never drew."""
    [point] = nerve_over_time(_league_of(db_url, hub, tmp_path, 1), "ana")
    figure = nerve_figure([point], "ana")
    legend = [text.get_text() for text in figure.axes[0].get_legend().get_texts()]
    assert sorted(legend) == ["nerve after the game", "± 1 σ: how unsure the rating still is"]
    drawn = [artist for artist in figure.axes[0].collections if artist.get_label() != "_nolegend_"] + \
        [line for container in figure.axes[0].containers for line in container.lines[2]]
    edges = [vertex[1] for artist in drawn for path in artist.get_paths() for vertex in path.vertices]
    assert edges and min(edges) <= point.nerve - point.spread + 1e-6 and point.nerve + point.spread - 1e-6 <= max(edges)
    for artist in drawn:  # something to see: a band wider than an instant, or a bar of a few points' width
        times = [vertex[0] for path in artist.get_paths() for vertex in path.vertices]
        assert max(times) > min(times) or min(artist.get_linewidth()) >= 4, artist


def test_games_played_minutes_apart_fill_the_time_axis(db_url, tmp_path, hub):
    """Four games in twenty minutes were squeezed into the middle of a two-hour axis."""
    engine = league(db_url, hub)
    for k in range(4):
        (tmp_path / f"g{k}.txt").write_text(journal_text(k, f"2026-11-01 20:{k * 6:02d}:00", hub=hub))
    import_files(engine, sorted(tmp_path.glob("g*.txt")))
    curve = nerve_over_time(engine, "ana")
    figure = nerve_figure(curve, "ana")
    low, high = figure.axes[0].get_xlim()
    played = [mdates.date2num(datetime.datetime.fromisoformat(point.at)) for point in curve]
    assert len(curve) == 4 and (played[-1] - played[0]) / (high - low) > 0.8


def test_four_games_plot_is_big_with_a_band_of_one_sigma(db_url, tmp_path, hub):
    curve = nerve_over_time(_league_of(db_url, hub, tmp_path, 4), "ana")
    figure = nerve_figure(curve, "ana")
    assert _x_span_days(figure) < 5
    [band] = figure.axes[0].collections  # fill_between: nerve - sigma .. nerve + sigma
    edges = band.get_paths()[0].vertices[:, 1]
    for point in curve:
        assert point.spread > 0
        assert min(edges) <= point.nerve - point.spread + 1e-6 and point.nerve + point.spread - 1e-6 <= max(edges)
    plot = tmp_path / "nerve.png"
    done = dicecup_here("stats", "ana", "--plot", plot, "--db", db_url)
    assert done.returncode == 0, done.stderr
    width, height = struct.unpack(">II", plot.read_bytes()[16:24])  # the PNG's IHDR
    assert width >= 1000 and height >= 500  # was 700 x 350


@pytest.mark.parametrize("prefix, says", [
    ("/home/ana/.local/share/pipx/venvs/dicecup", "pipx inject dicecup matplotlib"),
    ("/home/ana/src/dicecup/.venv", "pip install '.[docs]'"),
])
def test_no_matplotlib_says_how_to_add_it_where_the_install_came_from(monkeypatch, tmp_path, prefix, says):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if not installed: find_spec finds nothing
    monkeypatch.setattr(sys, "prefix", prefix)
    done = dicecup_here("stats", "ana", "--plot", tmp_path / "nerve.png", "--data", tmp_path / "d")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert says in done.stderr and "dicecup[docs]" not in done.stderr, done.stderr  # no such package on PyPI

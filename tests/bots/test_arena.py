"""`dicecup arena`: the text report, the --json contract, errors, and the same results from the same seed."""
import json
import subprocess
import sys

import pytest

from collections import Counter

from dicecup.bots.arena import run_arena, seat_names, wilson
from dicecup.bots.seating import balanced_block
from dicecup.cli import main
from dicecup.rules import Rules


def arena(capsys, *words):
    code = main(["arena", *words])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_json_is_the_contract_and_the_wins_add_up(capsys):
    code, out, err = arena(capsys, "hard", "easy", "--rules", "classic", "exact=on", "--games", "12", "--seed",
                           "5", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert set(data) == {"games", "bots"} and data["games"] == 12
    assert [b["bot"] for b in data["bots"]] == ["hard", "easy"]
    for entry in data["bots"]:
        assert set(entry) == {"bot", "wins", "win_rate", "ci95"}
        lo, hi = entry["ci95"]
        assert 0 <= lo <= entry["win_rate"] <= hi <= 1 and entry["win_rate"] == entry["wins"] / 12
    assert sum(b["wins"] for b in data["bots"]) == 12


def test_the_text_report_pools_a_bot_seated_twice(capsys, sample):
    code, out, _ = arena(capsys, "normal", sample("lowest"), "normal", "--rules", "fourdice", "--games", "9",
                         "--workers", "1")
    assert code == 0
    assert "9 games of fourdice; average game" in out and "rounds" in out
    assert out.splitlines()[1] == ("seating balanced in blocks of 6 games: every bot in every seat, and right after "
                                   "every other bot, equally often (the last 3 games begin a block: play a multiple "
                                   "of 6 for an exact balance)")
    assert out.splitlines()[3].split() == ["bot", "seats", "wins", "win", "rate", "95", "%", "interval"]
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.startswith(("normal", "/"))}
    assert sorted(rows) == sorted(["normal", sample("lowest")]), "one row per bot, its whole name on one line"
    assert rows["normal"][1] == "2" and rows[sample("lowest")][1] == "1"
    assert int(rows["normal"][2]) + int(rows[sample("lowest")][2]) == 9
    for row in rows.values():  # win rate per seat, then its interval around it
        wins, rate, lo, hi = int(row[2]), float(row[3]), float(row[5]), float(row[7])
        assert rate == pytest.approx(100 * wins / (9 * int(row[1])), abs=0.05) and lo <= rate <= hi
    assert "fair share: 33.3 % per seat" in out


def test_a_misbehaving_bot_is_replaced_and_counted_not_fatal(capsys, sample):
    code, out, err = arena(capsys, "normal", sample("RaisesWhenOpening"), "--games", "4", "--workers", "1")
    assert code == 0 and "were illegal or raised and replaced by the safest action" in out and err == ""


@pytest.mark.parametrize("bot", ["Raises", "Illegal", "os:system"])
def test_a_bot_none_of_whose_moves_stood_is_called_broken_not_ranked(capsys, sample, bot):
    """`arena hard os:system` ranked os.system (raised TypeError on every move) at 0 %, as if it had played: what
    played was the safest action, every move."""
    name = bot if ":" in bot else sample(bot)
    code, out, err = arena(capsys, "hard", name, "--games", "4", "--workers", "1")
    assert code == 1, (out, err)
    row = next(line for line in out.splitlines() if line.startswith(name[:8]))
    assert "broken" in row and "%" not in row, row
    assert err.startswith(f"dicecup arena: {name} is broken: not one of its moves stood") and err.count("\n") == 1
    assert "hard " in out and "100.0 %" in out  # the other bot is still ranked


@pytest.mark.parametrize("words, message", [
    (["hard"], "an arena needs at least two bots"),
    (["hard", "nope"], "'nope' is not a bot"),
    (["hard", "no_such_module_xyz:Bot"], "no module named 'no_such_module_xyz'"),
    (["hard", "easy", "--rules", "poker"], "hard plays face bids: at poker dice seat poker-baseline, poker-hard"),
    (["poker-hard", "easy"], "poker-hard plays poker dice only: at dudo seat face-bid bots"),
    (["hard", "easy", "--rules", "dudo", "load=2"], "dudo does not offer load"),
    (["hard", "easy", "--games", "0"], "--games '0' is not a positive whole number"),
    (["hard", "easy", "--games", "ten"], "--games 'ten' is not a positive whole number"),
    (["hard"] * 7, "dudo seats 2 to 6 players, not 7"),
    (["hard", "easy", "--games", "-5"], "--games '-5' is not a positive whole number"),
    (["hard", "easy", "--games", "²"], "--games '²' is a whole number written with the digits 0-9"),
    (["hard", "easy", "--games", "５"], "--games '５' is a whole number written with the digits 0-9"),
    (["hard", "easy", "--games", "9" * 5000], "--games '9999999999999999999999999999999999999999…': at most "
                                              "1,000,000,000 games"),
    (["hard", "easy", "--workers", "²"], "--workers '²' is a whole number written with the digits 0-9"),
    (["hard", "easy", "--rules", "dudo dice=２"], "dice=２: dice is a whole number written with the digits 0-9"),
])
def test_bad_input_is_a_clear_error_and_exit_2(capsys, words, message):
    code, out, err = arena(capsys, *words)
    assert code == 2 and out == ""
    assert err.startswith("dicecup arena: ") and message in err and "Traceback" not in err


def test_python_m_dicecup_arena_runs_and_errors_without_tracebacks():
    ok = subprocess.run([sys.executable, "-m", "dicecup", "arena", "easy", "baseline", "--games", "4", "--json"],
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0 and json.loads(ok.stdout)["games"] == 4
    bad = subprocess.run([sys.executable, "-m", "dicecup", "arena", "easy", "x:"], capture_output=True, text=True,
                         timeout=60)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and "'x:' is not a bot" in bad.stderr


def test_the_same_seed_gives_the_same_results_on_any_number_of_processes():
    rules = Rules.parse("dudo")
    bots = ["hard", "normal", "easy"]
    one = run_arena(bots, rules, 30, seed=11, workers=1)
    two = run_arena(bots, rules, 30, seed=11, workers=2)
    assert one == two
    assert run_arena(bots, rules, 30, seed=12, workers=2) != one


def test_seats_get_names_from_their_bots():
    assert seat_names(["hard", "baseline", "pkg.mod:Clever", "x:"]) == ["hard1", "baseline2", "clever3", "bot4"]
    result = run_arena(["simple", "simple"], Rules.parse("fourdice"), 40, seed=1, workers=1)
    # the same bot in both seats, taking turns at the first seat: neither seat is favoured by the seating alone
    assert result.scores[0].seats == 2 and result.scores[0].wins == 40


def test_wilson_interval_matches_known_values():
    lo, hi = wilson(65, 100)
    assert round(lo, 4) == 0.5525 and round(hi, 4) == 0.7364
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0 and wilson(0, 0) == (0.0, 1.0)


def test_win_rates_do_not_depend_on_the_order_the_bots_are_listed():
    # Before the seating was balanced, hard won 90 % listed as `easy normal hard` and 46 % as `hard normal easy`
    # (fourdice, 200 games): who sits after whom decided the result, not the bots.
    rules = Rules.parse("fourdice")
    one = run_arena(["easy", "normal", "hard"], rules, 60, seed=3, workers=1)
    two = run_arena(["hard", "normal", "easy"], rules, 60, seed=3, workers=1)
    first, second = ({s.bot: s for s in result.scores} for result in (one, two))
    for bot, score in first.items():
        lo, hi = score.ci95
        assert lo <= second[bot].win_rate <= hi, (bot, score, second[bot])


@pytest.mark.parametrize("bots", range(2, 11))
def test_a_block_seats_every_bot_in_every_seat_and_after_every_other_bot_equally(bots):
    block = balanced_block(bots)
    assert all(sorted(seats) == list(range(bots)) for seats in block)
    in_seat = Counter((seat, bot) for seats in block for seat, bot in enumerate(seats))
    assert len(in_seat) == bots * bots and len(set(in_seat.values())) == 1
    for start in range(0, len(block), bots):  # and every n games in a row already balance the seats
        assert all(sorted(column) == list(range(bots)) for column in zip(*block[start:start + bots]))
    after = Counter((seats[seat], seats[(seat + 1) % bots]) for seats in block for seat in range(bots))
    assert len(after) == bots * (bots - 1) and len(set(after.values())) == 1


@pytest.mark.parametrize("words", [["--rules", "dudo palifico=off"], ["--rules", "dudo", "palifico=off"]])
def test_rules_as_one_quoted_word_or_several_as_for_odds(capsys, words):
    code, out, err = arena(capsys, "easy", "baseline", *words, "--games", "2", "--workers", "1", "--json")
    assert code == 0 and err == "" and json.loads(out)["games"] == 2

"""Bot names: built-in names, module:Name and path.py:Name; classes get a seed when they take one; clear errors."""
import pytest

from dicecup.bots.baseline import baseline
from dicecup.bots.easy import Easy
from dicecup.bots.hard import Hard
from dicecup.bots.loader import BUILTIN, BotError, load
from dicecup.bots.player import Normal
from dicecup.bots.simple import SimpleBot


def test_built_in_names_make_the_built_in_bots():
    assert isinstance(load("easy", seed=1), Easy) and isinstance(load("normal"), Normal)
    assert isinstance(load("hard", seed=2), Hard) and isinstance(load("simple"), SimpleBot)
    assert load("baseline") is baseline
    assert set(BUILTIN) == {"easy", "normal", "hard", "expert", "baseline", "simple", "poker-baseline",
                            "poker-hard"}


def test_module_name_and_file_names_load_classes_and_functions(sample):
    assert isinstance(load("dicecup.bots.hard:Hard"), Hard)
    assert load(sample("Seeded"), seed=7).seed == 7
    assert load(sample("Unseeded"), seed=7).act.__name__ == "act"
    assert load(sample("lowest")).__name__ == "lowest"
    # loading the same file twice gives the same module (the arena loads once per game)
    assert type(load(sample("Seeded"))) is type(load(sample("Seeded")))


def test_seeded_built_ins_play_the_same_given_the_same_seed():
    from dicecup.bots.view import make_view
    from dicecup.rules import Rules, new_game
    state = new_game(Rules.parse("dudo"), ["ana", "ben", "cy"])._replace(turn=0)
    view = make_view(state, "ana", (1, 2, 2, 5, 6))
    for name in ("easy", "hard"):
        assert [load(name, seed=3).act(view) for _ in range(5)] == [load(name, seed=3).act(view)] * 5


@pytest.mark.parametrize("name, words", [
    ("nope", "'nope' is not a bot: use a built-in name"),
    ("no_such_module_xyz:Bot", "no module named 'no_such_module_xyz'"),
    ("dicecup.bots.easy:Nope", "dicecup.bots.easy has no 'Nope'"),
    (":Easy", "is not a bot"),
    ("dicecup.bots.easy:", "is not a bot"),
    ("/nowhere/bots.py:Bot", "no file /nowhere/bots.py"),
])
def test_bad_names_say_what_is_wrong(name, words):
    with pytest.raises(BotError, match=None) as caught:
        load(name)
    assert words in str(caught.value)


@pytest.mark.parametrize("attr, words", [
    ("NoAct", "class NoAct has no act(view) method"),
    ("NOT_A_BOT", "neither a class with act(view) nor a function"),
    ("BrokenInit", "making the bot failed: ValueError: no chair"),
])
def test_things_that_are_not_bots_are_refused(sample, attr, words):
    with pytest.raises(BotError) as caught:
        load(sample(attr))
    assert words in str(caught.value)


def test_a_module_that_fails_to_import_is_named(tmp_path, monkeypatch):
    (tmp_path / "brokenbots.py").write_text("import no_such_dependency_xyz\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(BotError, match="importing brokenbots failed"):
        load("brokenbots:Bot")


def test_a_module_that_exits_while_loading_is_refused_not_obeyed(tmp_path):
    bot = tmp_path / "quitter.py"
    bot.write_text("import sys\nsys.exit(3)\n")
    with pytest.raises(BotError, match="loading .*quitter.py failed: it called sys.exit"):
        load(f"{bot}:Bot")

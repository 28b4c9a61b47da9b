"""Finding a bot by name: a built-in name (`hard`), or `module:Name` / `path/to/file.py:Name` naming a class
(instantiated, with a seed if its constructor takes one) or a plain function `Name(view)`."""
import importlib
import importlib.util
import inspect
import os
import sys

from .games import game_played_by, wrong_bot

BUILTIN = {
    "easy": "dicecup.bots.easy:Easy",
    "normal": "dicecup.bots.player:Normal",
    "hard": "dicecup.bots.hard:Hard",
    "expert": "dicecup.bots.expert:Expert",  # solved heads-up one-die games, search elsewhere
    "baseline": "dicecup.bots.baseline:baseline",
    "simple": "dicecup.bots.simple:SimpleBot",
    "poker-baseline": "dicecup.bots.poker_bots:PokerBaseline",  # poker dice: the bot says so with poker = True
    "poker-hard": "dicecup.bots.poker_bots:PokerHard",
}


class BotError(ValueError):
    """A bot name that does not name a bot; the message says what is wrong and what would work."""


def resolve(name: str):
    """The class or function a bot name names (checked, not yet instantiated)."""
    name = name.strip()  # pasted with a space
    spec = BUILTIN.get(name.lower(), name)  # HARD, as typed in a hurry
    module_name, sep, attr = spec.rpartition(":")
    if not sep or not module_name or not attr:
        raise BotError(f"{name!r} is not a bot: use a built-in name ({', '.join(BUILTIN)}) or module:Name")
    module = _import(module_name, name)
    target = getattr(module, attr, None)
    if target is None:
        raise BotError(f"{module_name} has no {attr!r}: a bot is a class with act(view) or a function of the view")
    if inspect.isclass(target) and not callable(getattr(target, "act", None)):
        raise BotError(f"{name}: class {attr} has no act(view) method")
    if not callable(target):
        raise BotError(f"{name}: {attr} is neither a class with act(view) nor a function")
    return target


def load(name: str, seed=None):
    """A ready bot: an instance (given `seed` when its constructor takes one) or the function itself."""
    target = resolve(name)
    if not inspect.isclass(target):
        return target
    try:
        takes_seed = "seed" in inspect.signature(target).parameters
    except (TypeError, ValueError):
        takes_seed = False
    try:
        return target(seed=seed) if takes_seed else target()
    except SystemExit as error:
        raise BotError(f"{name}: making the bot failed: it called sys.exit({error.code!r})") from None
    except Exception as error:  # noqa: BLE001 - someone else's constructor: report it, don't crash
        raise BotError(f"{name}: making the bot failed: {type(error).__name__}: {error}") from None


def _import(module_name: str, name: str):
    if module_name.endswith(".py"):
        return _import_file(module_name, name)
    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.append(os.getcwd())  # `mybots:Clever` finds mybots.py where the command runs, like python -m
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name and module_name.startswith(error.name):
            raise BotError(f"{name}: no module named {module_name!r} (built-in bots: {', '.join(BUILTIN)})") \
                from None
        raise BotError(f"{name}: importing {module_name} failed: {error}") from None
    except SystemExit as error:
        raise BotError(f"{name}: importing {module_name} failed: it called sys.exit({error.code!r})") from None
    except Exception as error:  # noqa: BLE001
        raise BotError(f"{name}: importing {module_name} failed: {type(error).__name__}: {error}") from None


def _import_file(path: str, name: str):
    if not os.path.isfile(path):
        raise BotError(f"{name}: no file {path}")
    module_name = "dicecup_bot_" + os.path.splitext(os.path.basename(path))[0]
    loaded = sys.modules.get(module_name)
    if loaded is not None and getattr(loaded, "__file__", None) == os.path.abspath(path):
        return loaded
    spec = importlib.util.spec_from_file_location(module_name, os.path.abspath(path))
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except SystemExit as error:  # a bot file does not get to end the program that loads it
        raise BotError(f"{name}: loading {path} failed: it called sys.exit({error.code!r})") from None
    except Exception as error:  # noqa: BLE001
        raise BotError(f"{name}: loading {path} failed: {type(error).__name__}: {error}") from None
    sys.modules[module_name] = module
    return module


def check_kinds(rules, bots) -> None:
    """Refuse bots that can't be found or play another game than `rules` (the arena's table, `play --bot`)."""
    for name in dict.fromkeys(bots):
        if game_played_by(resolve(name)) != rules.game:  # poker dice is another game: its own bots
            raise BotError(wrong_bot(rules, name))

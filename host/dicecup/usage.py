"""argparse's usage errors in one plain line: what was wrong and what to type.

argparse answers a mistyped command line with its usage (two to five lines) and then `PROG: error: argument
--cups: invalid int value: 'x'`. A person needs the second half, in words:

    dicecup demo: --cups takes a whole number, not 'x' (try --cups 4); `dicecup demo --help` says more
"""
import argparse
import difflib
import os
import re
import sys

from dicecup.rules.errors import quoted, short


COUNT_OPTIONS = ("--dice", "--games", "--cups", "--sim", "--bots")  # what a bare number most likely meant
BID = re.compile(r"\d+[xX]\d+$")  # QxF, a face bid as the record writes it


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line on stderr, status 2 (as argparse's own)."""

    def error(self, message):
        self.exit(2, f"{self.prog}: {explain(self, message)}; `{self.prog} --help` says more\n")


def explain(parser, message: str) -> str:
    """argparse's message, said for a person (anything not recognised is kept, without 'argument ')."""
    for pattern, say in _SAYINGS:
        found = re.fullmatch(pattern, message, re.DOTALL)
        if found:
            return say(parser, *found.groups())
    return short(message.removeprefix("argument "), 200)


def _action(parser, name):
    for action in parser._actions:
        if name in action.option_strings or name in (action.dest, action.metavar):
            return action
    return None


def _example(parser, option) -> str:
    action = _action(parser, option)
    default = getattr(action, "default", None)
    return str(default) if isinstance(default, int) and not isinstance(default, bool) and default > 0 else "2"


def _not_a_number(parser, option, value):
    return f"{option} takes a whole number, not {quoted(value)} (try {option} {_example(parser, option)})"


def _no_value(parser, option):
    argv = sys.argv[1:]
    follows = [argv[i + 1] for i, word in enumerate(argv[:-1]) if word == option]
    if follows and follows[0].startswith("-") and len(follows[0]) > 1:  # --bid -3x4: argparse took it for an option
        return f"{option} {quoted(follows[0])}: a value that starts with - is written {option}={short(follows[0])}"
    action = _action(parser, option)
    if action is not None and action.type is int:
        return f"{option} needs a number after it (try {option} {_example(parser, option)})"
    shown = action.metavar or action.dest.upper() if action is not None else "VALUE"
    return f"{option} needs a value after it: {option} {shown}"


def _unknown(parser, words):
    first = words.split()[0] if words.split() else words
    options = [name for action in parser._actions for name in action.option_strings]
    if first.strip().isdigit():  # `dicecup odds 20`: a count typed without its option
        counts = [option for option in COUNT_OPTIONS if option in options]
        if counts:
            return f"{quoted(first)} is more than {parser.prog} takes: did you mean {counts[0]} {first.strip()}?"
    if BID.match(first.strip()) and "--bid" in options:  # `dicecup odds --dice 5 3x6`
        return f"{quoted(first)} is more than {parser.prog} takes: did you mean --bid {first.strip()}?"
    if first.startswith("-"):
        close = difflib.get_close_matches(first.lower(), options, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        return f"no option {quoted(first)} here{hint}"
    return f"{quoted(words)} is more than {parser.prog} takes (quote a name that has spaces)"


def _missing(parser, names):
    said = []
    for name in names.split(", "):
        action = _action(parser, name)
        help_text = (action.help or "").split(";")[0].split(":")[0] if action is not None else ""
        if help_text.count("(") != help_text.count(")"):  # cut inside brackets: "the player (a bot"
            help_text = help_text.split(" (")[0]
        said.append(f"{name} ({help_text})" if help_text else name)
    return f"missing {' and '.join(said)}"


def _choice(parser, what, value, choices):
    options = re.findall(r"'([^']*)'", choices) or choices.split(", ")  # quoted before Python 3.12.8
    close = difflib.get_close_matches(value.strip().lower(), options, n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    kind = "command" if what == "COMMAND" else what
    return f"no {kind} {quoted(value)}{hint}: choose one of {', '.join(options)}"


def _ambiguous(parser, given, matches):
    return f"{given} could be {matches.replace(', ', ' or ')}: write the option out"


_SAYINGS = [
    (r"argument (\S+?)(?:/\S+)?: invalid int value: '(.*)'", _not_a_number),
    (r"argument (\S+?)(?:/\S+)?: expected (?:one|at least one) argument", _no_value),
    (r"unrecognized arguments: (.*)", _unknown),
    (r"the following arguments are required: (.*)", _missing),
    (r"argument (\S+): invalid choice: '(.*)' \(choose from (.*)\)", _choice),
    (r"ambiguous option: (\S+) could match (.*)", _ambiguous),
]


def stray_word(words, counts):
    """Among `play`/`demo`'s switches, a word that is no switch but a preset or a count typed bare (`dicecup demo
    revolver`, `dicecup demo 3`): what to type instead, or None. `counts`: the options a bare number may mean."""
    from dicecup.rules import PRESETS

    for word in words:
        bare = word.strip().lower()
        if bare in PRESETS:
            return f"{quoted(word)} is a preset, not a switch: write --rules {bare}"
        if bare.isdigit() and bare.isascii():
            return f"{quoted(word)} is not a switch: for {bare} seats write " + \
                " or ".join(f"{option} {bare}" for option in counts)
    return None


# Arguments that name files, ports or databases: a Linux path may be any bytes, so these are not checked as text
# (nor history's words after `import`, which are paths too).
PATH_DESTS = {"port", "data", "db", "journal", "markdown", "file", "out", "drive", "bundle", "dist", "plot"}


def not_text(parser, args):
    """The first argument that should be text but holds bytes that are not UTF-8 (a terminal in Latin-1 sends
    "é" as the byte 0xE9, which Python keeps as a lone surrogate that no encoder takes): what to say, or None."""
    for action in parser._actions:
        if action.dest in PATH_DESTS or action.dest == "help":
            continue
        value = getattr(args, action.dest, None)
        values = value if isinstance(value, list) else [value]
        if action.dest == "words" and values and values[0] == "import":
            continue  # `history import FILE...`: paths
        for item in values:
            if isinstance(item, str) and not _is_utf8(item):
                shown = action.option_strings[0] if action.option_strings else (action.metavar or action.dest)
                return (f"{shown} {quoted(item)} is not UTF-8 text (is the terminal set to another encoding?): "
                        "type it again in UTF-8")
    return None


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def no_command(stream=sys.stderr) -> None:
    """A bare `dicecup`: the help is on stdout; this says what to do next, in one line."""
    print("dicecup: name a command (`dicecup demo` plays a whole game); `dicecup --help` lists them", file=stream)


def counted(count: int, word: str, plural: str = "") -> str:
    """`1 game`, `4 games`: a count with its word as a person writes it."""
    return f"{count} {word if count == 1 else plural or word + 's'}"


def as_the_shell_meant(path):
    """A path as a shell would have handed it over: `~` expanded where the shell left it (inside quotes, or after
    `--data=`, which shells don't expand), and spaces around it dropped (pasted, or quoted with them), when only
    the path so meant exists or when `~` starts it. Anything else is the path as typed."""
    if not isinstance(path, str) or not path or os.path.lexists(path):
        return path
    meant = path.strip()
    home = meant == "~" or meant.startswith("~/")
    meant = os.path.expanduser(meant) if home else meant
    return meant if home or os.path.lexists(meant) else path


def mend_paths(parser, args) -> None:
    """Every path argument (PATH_DESTS, history import's files) as the shell meant it (as_the_shell_meant)."""
    for action in parser._actions:
        if action.dest not in PATH_DESTS - {"db"}:
            continue
        value = getattr(args, action.dest, None)
        mended = [as_the_shell_meant(item) for item in value] if isinstance(value, list) else as_the_shell_meant(value)
        setattr(args, action.dest, mended)
    words = getattr(args, "words", None)
    if words and words[0] == "import":
        args.words = [words[0], *(as_the_shell_meant(word) for word in words[1:])]

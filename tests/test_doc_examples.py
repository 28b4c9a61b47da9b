"""Every example in the docs works: README.md and docs/*.md, in code blocks and in `inline code`.

- every `rules ...` line (a record's first line, or a table's rules as written in prose) parses;
- every code block that is a game record (it starts with a `rules` line and a `seats` line) referees;
- every `dicecup ...` command is one the command line takes (its subcommand's own parser reads it, and its
  --rules parse); the quick, hardware-free ones (`rules`, `odds`) run (through the command's main, here) and
  succeed. A bare
  `dicecup NAME` in prose names a command: it must exist.

Synopsis lines, with placeholders in capitals or [optional] parts, are usage, not examples, and are skipped.
"""
import argparse
import importlib
import re
import shlex
from pathlib import Path

import pytest
from inprocess import dicecup_here

from dicecup.cli import COMMANDS
from dicecup.rules import Rules, replay

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
SPAN = re.compile(r"`([^`\n]+)`")
PROMPT = re.compile(r"^(\$ )?(\.venv/bin/)?(python -m )?dicecup(?= |$)")
RUN_FOR_REAL = {"rules", "odds"}
# Known to fail in pages this part of the project does not own; strict, so the mark goes once they are fixed.
KNOWN_BAD: dict = {}  # (file, block number) -> why that block is known not to referee


def _code_blocks(page: Path) -> list:
    return FENCE.findall(page.read_text(encoding="utf-8"))


def _inline_spans(page: Path) -> list:
    prose = FENCE.sub("", page.read_text(encoding="utf-8"))
    return SPAN.findall(prose)


def _uncommented(line: str) -> str:
    return line.split("#", 1)[0].strip()


def _examples():
    """(page, kind, text) for every rules line, record block and dicecup command in the docs."""
    for page in PAGES:
        name = page.relative_to(ROOT).as_posix()
        records = 0
        for block in _code_blocks(page):
            lines = [_uncommented(line) for line in block.splitlines()]
            lines = [line for line in lines if line]
            if len(lines) >= 2 and lines[0].startswith("rules ") and lines[1].startswith("seats "):
                records += 1
                yield name, "record", block, records
            for line in block.splitlines():
                yield from _one_line(name, line.strip())
        for span in _inline_spans(page):
            yield from _one_line(name, span.strip())


def _one_line(name, line):
    if line.startswith("rules "):
        yield name, "rules", _uncommented(line), None
    elif PROMPT.match(line):
        yield name, "command", line, None


def _params(kind):
    seen = set()
    for name, found, text, number in _examples():
        if found != kind or (name, text) in seen:
            continue
        seen.add((name, text))
        marks = ()
        if (name, number) in KNOWN_BAD:
            marks = pytest.mark.xfail(strict=True, reason=KNOWN_BAD[name, number])
        yield pytest.param(text, id=f"{name}: {text.splitlines()[0][:60]}", marks=marks)


def test_the_docs_have_examples_to_check():
    kinds = [kind for _, kind, _, _ in _examples()]
    assert kinds.count("rules") >= 5 and kinds.count("record") >= 2 and kinds.count("command") >= 20


@pytest.mark.parametrize("line", list(_params("rules")))
def test_every_rules_line_parses(line):
    Rules.parse(line.removeprefix("rules "))


@pytest.mark.parametrize("block", list(_params("record")))
def test_every_game_record_referees(block):
    replay(block)


def _is_synopsis(words) -> bool:
    """Usage, not an example: placeholders in capitals (FILE, N, QxF), [optional parts], a|b, or ..."""
    return any(re.search(r"[\[\]|]|\.\.\.|<", word) or re.fullmatch(r"[A-Z][A-Za-z]*", word)
               for word in words)


def _words(command: str) -> list:
    command = re.sub(r"\s+#.*$", "", command)          # a shell comment
    command = re.split(r"\s{2,}", command)[0]           # a description after a wide gap (docs/bots.md)
    command = command.rstrip(":")
    return shlex.split(PROMPT.sub("dicecup", command))[1:]


def _commands():
    for param in _params("command"):
        words = _words(param.values[0])
        if words and not _is_synopsis(words):
            assert words[0] in COMMANDS, f"{param.id}: no command {words[0]!r}"
            yield pytest.param(words, id=param.id, marks=param.marks)


class _Refused(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise _Refused(message)


@pytest.mark.parametrize("words", list(_commands()))
def test_every_dicecup_command_is_one_the_command_line_takes(words):
    name, rest = words[0], words[1:]
    if not rest:
        return  # `dicecup flash` in prose names the command; that it exists is all it claims
    module = importlib.import_module(COMMANDS[name][0])
    parser = _Parser(prog=f"dicecup {name}")
    module.add_arguments(parser)
    try:
        args = parser.parse_args(rest)
    except _Refused as error:
        pytest.fail(f"dicecup {' '.join(words)}: {error}")
    if isinstance(getattr(args, "rules", None), list):
        Rules.parse(" ".join(args.rules))
    if name in RUN_FOR_REAL and not getattr(args, "markdown", None):
        done = dicecup_here(*words)
        assert done.returncode == 0 and done.stdout, done.stderr


TRACKER_TALK = re.compile(r"\bissue\s+\d+|\bthe issue'?s\b|\bseed\s+0\d\d\b", re.I)


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_the_docs_speak_to_users_not_to_the_tracker(page):
    said = TRACKER_TALK.findall(page.read_text(encoding="utf-8"))
    assert not said, f"{page.name} speaks of {said}: say what it means to a user"

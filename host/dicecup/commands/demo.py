"""`dicecup demo`: until the hub exists, referee the bundled example game and show the ruling round by round."""
from importlib import resources

from dicecup.rules.referee import replay, report_lines


def add_arguments(parser):
    pass


def run(args) -> int:
    text = resources.files("dicecup").joinpath("examples/dudo.txt").read_text(encoding="utf-8")
    print("dicecup demo: refereeing the bundled example game (host/dicecup/examples/dudo.txt)\n")
    print("\n".join(report_lines(replay(text))))
    return 0

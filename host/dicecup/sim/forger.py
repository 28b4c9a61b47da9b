"""A league member who forges journals, and the league that imports what he brings.

The forger holds a real signed journal (a game a registered hub played) and makes copies of it: a line hidden
on the signature's own line or anywhere else behind a character str.splitlines() breaks at and a search for
"\\n" does not (a fact moving the win onto a bot, a `#@ rated`, a move after the game's end), the game with its
signature taken off imported `--unsigned` before the signed one (squatting), a copy as an editor saves it (a
byte-order mark, "\\r\\n"), the hub's seeded journal (a demo's), and unsigned games of his own to feed `stats`.
The League is a history of its own (SQLite in a folder) that registers the honest hub, and after each move
checks its invariants:

    one_reading     verify, referee, import, resume and the digest read the copy alike: all refuse it naming the
                    same line, or all read it (and then verify passes exactly when import takes it)
    one_game        a game is in the history once, however its copies come
    rated_fairly    the rated games are the honest signed games, every one of them (a squat never keeps one out)
    stats_vouched   `stats` counts only the games the league vouches for, unless asked for the unsigned

    league = League(folder, hub_public_hex)
    league.take(honest) or league.squat(honest)  the honest journal, imported (after its squatter's copy)
    league.move(rng, honest, seeded)             one more attack, chosen by rng; -> its name
    play_forger_games(count, seed, folder)       the bench's: count honest games, each in a league of its own
    league.violations                            {invariant: [what happened]}
"""
import argparse
import contextlib
import io
import random
import tempfile
from pathlib import Path
from typing import NamedTuple

from dicecup.hub.hubkey import SIGNED_FACT
from dicecup.rules import RecordError
from dicecup.rules.record import canonical_text, lines_bytes, record_lines

# Where str.splitlines() breaks a line and a search for "\n" does not: every reader split with one and the
# signature was found with the other.
SPLITTERS = ("\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")
INVARIANTS = ("one_reading", "one_game", "rated_fairly", "stats_vouched")
MOVES = ("hide_on_signature_line", "hide_anywhere", "bom_copy", "crlf_copy", "seeded", "unsigned_flood")


# -- the copies ------------------------------------------------------------------------------------------------------
def _signature_at(lines) -> int:
    return max(i for i, line in enumerate(lines) if line.startswith(f"#@ {SIGNED_FACT} "))


def hidden_lines(data: bytes) -> list:
    """What a forger hides: the win moved onto a bot, a friendly game made a rated table's, a move after the end."""
    from dicecup.rules import replay

    state = replay(canonical_text(data)).state
    winner, loser = state.seats[state.winner], next(s for s in state.seats if s != state.seats[state.winner])
    return [f"#@ bot {winner} kind=easy", "#@ rated", f"{loser} bids 9x6"]


def hide(data: bytes, hidden: str, splitter: str, at: int = None) -> bytes:
    """`splitter` and `hidden` put into the journal at character `at` (None: at the end of the signature's line)."""
    text = data.decode("utf-8")
    if at is None:
        lines = text.split("\n")
        where = _signature_at(lines)
        lines[where] += splitter + hidden
        return "\n".join(lines).encode("utf-8")
    return (text[:at] + splitter + hidden + text[at:]).encode("utf-8")


def unsigned_copy(data: bytes) -> bytes:
    """The journal with its signature line taken off: the same game to the digest, vouched for by nobody."""
    return b"".join(line + b"\n" for line in data.split(b"\n") if line and not line.startswith(b"#@ signed "))


def with_bom(data: bytes) -> bytes:
    return b"\xef\xbb\xbf" + data


def with_crlf(data: bytes) -> bytes:
    """As Notepad saves it."""
    return data.replace(b"\n", b"\r\n")


def deseeded(data: bytes, key) -> bytes:
    """A seeded simulated game's journal (sim/tablesim.py seeds its hub) as a hub at a table writes it: without
    `#@ seeded`, signed again by `key` (the hub the league registers). Its dice check as they did."""
    body = lines_bytes(line for line in record_lines(data)
                       if line != "#@ seeded" and not line.startswith(f"#@ {SIGNED_FACT} "))
    return body + key.signature_line(body).encode("utf-8") + b"\n"


def renamed(data: bytes, old: str, new: str) -> bytes:
    """A game of the forger's own making: a seat renamed throughout, the signature off (nobody can sign it)."""
    return unsigned_copy(data).replace(old.encode(), new.encode())


# -- the league ------------------------------------------------------------------------------------------------------
class League:
    def __init__(self, folder, public_hex: str):
        """A history in `folder` (a folder of its own) trusting the hub whose public key is `public_hex`."""
        from dicecup.history.db import open_engine
        from dicecup.history.trust import add_hub

        self.folder = Path(folder)
        self.engine = open_engine(f"sqlite:///{self.folder / 'league.sqlite'}")
        add_hub(self.engine, "the club's hub", public_hex)
        self.honest = {}  # digest -> path of each honest game the league took
        self.violations = {name: [] for name in INVARIANTS}
        self._files = 0

    def file(self, data: bytes, name: str) -> Path:
        self._files += 1
        path = self.folder / f"{self._files:04d}-{name}.txt"
        path.write_bytes(data)
        return path

    def take(self, data: bytes, name="honest"):
        """An honest game the registered hub signed: it goes in, rated."""
        from dicecup.history.trust import game_digest

        path = self.file(data, name)
        report = self.import_files([path])
        self.honest[game_digest(data)] = path
        return report

    def import_files(self, paths, unsigned=False):
        from dicecup.history.store import import_files

        return import_files(self.engine, paths, unsigned=unsigned)

    # -- the moves --------------------------------------------------------------------------------------------------
    def move(self, rng, honest: bytes, seeded: bytes) -> str:
        """One attack on the league with the honest journal (taken already) and its seeded original; -> the move's
        name. The invariants are checked after it."""
        name = rng.choice(MOVES)
        if name in ("hide_on_signature_line", "hide_anywhere"):
            at = None if name == "hide_on_signature_line" else rng.randrange(len(honest.decode("utf-8")) + 1)
            copy = hide(honest, rng.choice(hidden_lines(honest)), rng.choice(SPLITTERS), at)
            self.copy(copy, name)
        elif name in ("bom_copy", "crlf_copy"):
            self.copy((with_bom if name == "bom_copy" else with_crlf)(honest), name)
        elif name == "seeded":
            self.copy(seeded, name)
            self.import_files([self.file(seeded, "seeded-unsigned")], unsigned=True)
        else:  # games of his own, each with another loser, for the winner's `stats`
            loser = hidden_lines(honest)[-1].split()[0]
            self.import_files([self.file(renamed(honest, loser, f"{loser}x{k}"), f"flood{k}") for k in range(3)],
                              unsigned=True)
        self.check()
        return name

    def squat(self, honest: bytes):
        """The honest game's signature taken off and imported `--unsigned` first; then the honest one comes."""
        self.import_files([self.file(unsigned_copy(honest), "squat")], unsigned=True)
        self.take(honest)
        self.check()

    def copy(self, data: bytes, name: str):
        """A copy of the honest game imported as it comes, each reader's verdict on it compared."""
        path = self.file(data, name)
        verdicts = self.verdicts(path)
        lines = {verdict for verdict in verdicts.values() if isinstance(verdict, int)}
        if lines and (len(lines) > 1 or any(not isinstance(v, int) for v in verdicts.values())):
            self.violations["one_reading"].append(f"{name}: the readers disagree on {path.name}: {verdicts}")
        elif not lines and (verdicts["import"] == "adds" or
                            (verdicts["verify"] == "passes") != (verdicts["import"] == "takes")):
            self.violations["one_reading"].append(f"{name}: verify and import disagree on {path.name} (a copy is the "
                                                  f"game already in, or no game): {verdicts}")

    def verdicts(self, path: Path) -> dict:
        """Each reader's verdict: the line it refuses as not canonical (an int), or what it made of the file."""
        from dicecup.commands.resume import CantResume, read_to_resume
        from dicecup.history.trust import game_digest
        from dicecup.hub.journalfacts import journal_text

        said = {}
        try:
            journal_text(path)
        except RecordError as error:
            canonical_refusal = error.line
        else:
            canonical_refusal = None
        status, err = _verify(path, self.folder)
        said["verify"] = _refused_line(err, canonical_refusal) or ("passes" if status == 0 else "fails")
        status, err = _referee(path)
        said["referee"] = _refused_line(err, canonical_refusal) or ("passes" if status == 0 else "fails")
        report = self.import_files([path])
        why = report.refused[0][1] if report.refused else ""
        said["import"] = _refused_line(why, canonical_refusal) or \
            ("refuses" if report.refused else "adds" if report.added else "takes")
        try:
            read_to_resume(path)
            said["resume"] = "reads"
        except CantResume as error:
            said["resume"] = _refused_line(str(error), canonical_refusal) or "refuses"
        try:
            said["digest"] = "same game" if game_digest(path.read_bytes()) in self.honest else "another game"
        except RecordError as error:
            said["digest"] = error.line
        return said

    # -- the invariants --------------------------------------------------------------------------------------------
    def check(self):
        import sqlalchemy as sa

        from dicecup.history.schema import games
        from dicecup.history.stats import player_stats

        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(games.c.digest, games.c.rated, games.c.signed_by)).all()
        digests = [row.digest for row in rows]
        twice = {d for d in digests if digests.count(d) > 1}
        if twice:
            self.violations["one_game"].append(f"{len(twice)} game(s) in the history twice")
        rated = {row.digest for row in rows if row.rated}
        if rated != set(self.honest):
            self.violations["rated_fairly"].append(
                f"rated {len(rated)} game(s), {len(rated - set(self.honest))} of them not honest; "
                f"{len(set(self.honest) - rated)} honest game(s) not rated")
        expected = {}  # each honest seat's games the league vouches for
        for path in self.honest.values():
            for seat in _seats(path.read_bytes()):
                expected[seat] = expected.get(seat, 0) + 1
        counted = {name: player_stats(self.engine, name)["games"] for name in expected}
        if counted != expected:
            self.violations["stats_vouched"].append(f"stats count {counted}, the games vouched for {expected}")


def _seats(data: bytes) -> tuple:
    from dicecup.rules.record import parse_lines

    return parse_lines(data.decode("utf-8"))[0][1]


def _refused_line(said: str, line):
    """The line a reader names as not canonical, if it does (`line N: U+...`), else None."""
    if line is not None and f"line {line}: U+" in said:
        return line
    return None


def _verify(path, data):
    """`dicecup verify PATH --data DATA` in this process, through the command's own run: (status, stderr)."""
    from dicecup.commands import verify

    return _quietly(verify.run, argparse.Namespace(journal=str(path), all=False, data=str(data)))


def _referee(path):
    from dicecup.commands import referee

    return _quietly(referee.run, argparse.Namespace(file=str(path), json=False))


def _quietly(run, args):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = run(args)
    return status, err.getvalue()


# -- honest journals, for the bench ------------------------------------------------------------------------------------
def honest_games(count: int, seed: int, folder):
    """`count` finished games of the simulated table (sim/tablesim.py: the real hub, cupcore's cups), each ->
    (honest journal, its seeded original): signed by the folder's hub, which the league registers."""
    from dicecup.hub.hubkey import HubKey
    from dicecup.rules import Rules
    from dicecup.sim.tablesim import SimGame

    key = HubKey.in_folder(folder)
    for k in range(count):
        with tempfile.TemporaryDirectory(dir=folder) as data:
            (Path(data) / "hub.key").write_bytes((Path(folder) / "hub.key").read_bytes())
            game = SimGame(Rules.parse("dudo dice=2"), seed=seed * 1000 + k, cups=3, data=data)
            try:
                game.run()
                seeded = game.hub.journal.path.read_bytes()
            finally:
                game.close()
        yield deseeded(seeded, key), seeded


class Forged(NamedTuple):
    moves: dict       # move -> how often it was played
    violations: dict  # invariant -> [what happened], over every league


def play_forger_games(count: int, seed: int, folder, attacks: int = 6) -> Forged:
    """`count` honest games, each in a league of its own: squatted before it comes (one in three) or taken, then
    `attacks` moves of the forger's, chosen by `seed`."""
    from dicecup.hub.hubkey import HubKey

    rng = random.Random(f"forger {seed}")
    moves, violations = {}, {name: [] for name in INVARIANTS}
    for k, (honest, seeded) in enumerate(honest_games(count, seed, folder)):
        with tempfile.TemporaryDirectory(dir=folder) as own:
            league = League(own, HubKey.in_folder(folder).public_hex)
            if rng.random() < 1 / 3:
                league.squat(honest)
                moves["squat"] = moves.get("squat", 0) + 1
            else:
                league.take(honest)
            for _ in range(attacks):
                name = league.move(rng, honest, seeded)
                moves[name] = moves.get(name, 0) + 1
            league.engine.dispose()
            for name, found in league.violations.items():
                violations[name] += [f"[game {k}] {text}" for text in found]
    return Forged(moves, violations)

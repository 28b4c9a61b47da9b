"""`dicecup verify JOURNAL [--all] [--data DIR]`: recheck every die of every deal from a journal alone.

The journal is read as every reader reads it (rules/record.py's one reading: a character outside its canonical
form fails, naming the line) and its record refereed as `dicecup referee` does (a move the rules refuse, or one
after the game's end, fails). Every commitment against the seed revealed for it, every entropy against its check,
every die against what seed and entropy give (cupcore's own functions, as the cups and the hub use them); then how
even each seat's faces were over the game: a chi-square with 5 degrees of freedom and its p-value. With --all,
every journal in the data folder, and each cup's faces over all of them. Then who vouches for those facts
(vouching.py): the hub's signature (good, bad or absent, by fingerprint) and each cup's tags over its deals.
Status 0 only when everything checks; 1 when something does not (the line is named), a finished game's journal is not signed, the hub's draws
came from a seed (`#@ seeded`: a demo's replayable game, whose dice were predictable, is not a fair game) or there
is nothing to check; 2 for a file that can't be read. With --all, a seeded game is said and counted apart, as a
replay, not among those that do not check (which are a fault or tampering).
"""
import sys
from pathlib import Path

from dicecup.rules import RecordError
from dicecup.hub.journal import in_play

from .vouching import vouching_of

PROG = "dicecup verify"
FAILED, UNREADABLE = 1, 2


def add_arguments(parser):
    parser.add_argument("journal", nargs="?", help="a game's journal (the hub prints its path)")
    parser.add_argument("--all", action="store_true", help="every journal in the data folder, and each cup's "
                        "faces over all of them")
    parser.add_argument("--data", help="where journals are (default ~/.local/share/dicecup)")


def run(args) -> int:
    from dicecup.hub.fairness import FairnessError

    if args.all:
        return _verify_all(args)
    if not args.journal:
        print(f"{PROG}: name a journal (dicecup verify JOURNAL), or --all for every game in the data folder",
              file=sys.stderr)
        return UNREADABLE
    try:
        checked, seeded = _check(Path(args.journal))
    except _Unreadable as problem:
        print(problem, file=sys.stderr)
        return UNREADABLE
    except (FairnessError, RecordError) as error:
        print(f"{PROG}: {args.journal} {error}", file=sys.stderr)
        return FAILED
    if checked.scheme != "fair":
        print(f"{PROG}: {args.journal} carries no fair-dice commitments ({_why(checked)}): its dice can't be "
              "rechecked; `dicecup referee` checks its rules", file=sys.stderr)
        return FAILED
    vouched = vouching_of(Path(args.journal), args.data)
    redealt = _redeal_lines(Path(args.journal))
    print(f"{args.journal}: {_summary(checked, redealt, playing=in_play(args.journal))}")
    for line in redealt:
        print(f"  {line}")
    for line in [*_face_lines(checked.faces, checked.who, poker=checked.poker), *vouched.lines]:
        print(line)
    # What the dice checks found is said in full first; then each reason the game is still not to be trusted.
    failures = [why for why in (vouched.failure, seeded and _not_dealt_fairly(seeded)) if why]
    for why in failures:
        print(f"{PROG}: {args.journal} {why}", file=sys.stderr)
    return FAILED if failures else 0


def _verify_all(args) -> int:
    from dicecup.datadir import data_dir
    from dicecup.hub.fairness import FairnessError
    from dicecup.hub.journal import GAMES

    folder = data_dir(args.data) / GAMES
    paths = sorted(folder.glob("*.txt"))
    if not paths:  # said in one line, not a tally of zeros with status 1
        print(f"{PROG}: no journals in {folder} yet: play a game first, or name a journal", file=sys.stderr)
        return 2
    faces, bad, skipped, good, replays = {}, 0, 0, 0, 0
    for path in paths:
        try:
            checked, seeded = _check(path)
        except _Unreadable as problem:
            print(problem, file=sys.stderr)
            bad += 1
            continue
        except (FairnessError, RecordError) as error:
            print(f"{path.name} {error}", file=sys.stderr)
            bad += 1
            continue
        if checked.scheme != "fair":
            skipped += 1
            continue
        if seeded:  # its dice check, and were predictable: a replay, neither a fair game nor a tampered one
            print(f"{path.name}: seeded (line {seeded}): a replayable demo's game; its dice check, but were "
                  "predictable to whoever knew the seed, so it is counted apart")
            replays += 1
            continue
        vouched = vouching_of(path, args.data)
        if vouched.failure:
            print(f"{path.name} {vouched.failure}", file=sys.stderr)
            bad += 1
            continue
        good += 1
        redealt = _redeal_lines(path)
        print(f"{path.name}: {_summary(checked, redealt, playing=in_play(path))}")
        for line in redealt:
            print(f"  {line}")
        for name, counts in checked.faces.items():  # a cup by its id across games; a bot by its seat's name
            key = checked.who.get(name, name)
            key = key if key.startswith("cup ") else f"{name} ({key})"
            tally = faces.setdefault(key, [0] * 6)
            for i, n in enumerate(counts):
                tally[i] += n
    print(f"{good} journal(s) check, {bad} do not, {skipped} carry no commitments (from before fair dice)"
          + (f"; {replays} seeded, counted apart (replayable demos: their dice check, but were not dealt fairly)"
             if replays else ""))
    for line in _face_lines(faces, {}):
        print(line)
    return FAILED if bad or not good else 0


class _Unreadable(Exception):
    pass


def _check(path: Path):
    """The journal read as every reader reads it (the one reading), its record refereed as `dicecup referee` does
    (a move the rules refuse, one after the game's end: RecordError), then every die rechecked."""
    from dicecup.hub.chance import seeded_at
    from dicecup.hub.fairness import check_journal
    from dicecup.hub.journalfacts import journal_text
    from dicecup.rules import replay

    try:
        text = journal_text(path)
    except OSError as error:
        raise _Unreadable(f"{PROG}: can't read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise _Unreadable(f"{PROG}: {path} is not a text file (journals are UTF-8)") from None
    replay(text)
    return check_journal(text), seeded_at(text)


def _not_dealt_fairly(line) -> str:
    return (f"line {line}: not dealt fairly: the hub's draws came from a seed (`dicecup demo --seed`), so the dice "
            "were predictable to whoever knew it; they replay, but they prove nothing")


def _redeal_lines(path: Path) -> list:
    """Each seat re-dealt, how often, by whose consent (hub/journalredeals.py); read again: the check above
    succeeded, so the file is readable text."""
    from dicecup.hub.journalfacts import journal_text
    from dicecup.hub.journalredeals import redeal_lines, redeals

    return redeal_lines(redeals(journal_text(path)))


def _why(checked) -> str:
    return "a journal from before fair dice" if checked.scheme == "salted" else "a bare game record"


def _summary(checked, redealt, playing=False) -> str:
    return (f"every commitment, entropy and die checks: {checked.rolls} roll(s) in {checked.deals} deal(s)"
            f"{_unrevealed_words(checked, redealt, playing)}")


def _unrevealed_words(checked, redealt, playing=False) -> str:
    """Why some commitments were never opened, as the journal shows it: "rolled again" only when it has a re-deal
    (a game cut off mid-round, or a round ended by the clock, rolled nothing again)."""
    parts, earlier = [], checked.unrevealed - checked.unfinished
    if earlier:
        why = "rounds rolled again" if redealt else "their rounds ended without a reveal"
        parts.append(f"{earlier} commitment(s) never revealed ({why})")
    if checked.unfinished and playing:  # a hub holds the journal: its round is still under way
        parts.append(f"the game is being played now: {checked.unfinished} commitment(s) of its round under way are "
                     "not revealed yet")
    elif checked.unfinished:
        parts.append(f"the game stopped before {checked.unfinished} commitment(s) of its last round were revealed")
    return "".join(f"; {part}" for part in parts)


def _face_lines(faces, who, poker=False):
    from dicecup.hub.fairness import chi_square, p_value_df5

    for name in sorted(faces):
        counts = faces[name]
        x = chi_square(counts)
        label = f"{name} ({who[name]})" if name in who else name
        yield (f"  {label}: faces {'9-A' if poker else '1-6'} {' '.join(str(c) for c in counts)} ({sum(counts)} dice), "
               f"chi-square {x:.2f} (df 5), p = {p_value_df5(x):.3g}")

"""Made-up finished games as the hub's journals write them (a date line, bots' facts, the record), for the
history's tests and bench/history.py. Random legal games from rules/randomplay.py (or poker's), so the referee
rules them."""
import random

from dicecup.rules import Rules
from dicecup.rules.games import engine

from .trust import game_digest

NAMES = ("ana", "ben", "cy", "dee", "eli", "fay", "gus", "hal", "ivy", "jo")


def journal_text(seed, date=None, rules="dudo", seats=("ana", "ben", "cy"), bots=None, rated_table=False,
                 hub=None) -> str:
    """A finished game's journal: `date` ("2026-12-01 20:15:00") as the hub writes it (None: a bare record),
    `bots` {seat: kind} as `#@ bot` facts, `rated_table`: ending with `#@ rated`, as a rated table's does; `hub`
    (a hub.hubkey.HubKey): signed by it, as a hub signs a finished game's journal (no dice facts: a made-up game
    carries none, so only the signature vouches for it)."""
    parsed = Rules.parse(rules)
    make = engine(parsed).random_record
    lines = [f"# dicecup journal, started {date}"] if date else []
    lines += [f"#@ bot {seat} kind={kind}" for seat, kind in (bots or {}).items()]
    text = "\n".join(lines) + ("\n" if lines else "") + str(make(parsed, tuple(seats), seed))
    text += "#@ rated\n" if rated_table else ""
    if hub is not None:
        text += hub.signature_line(text.encode("utf-8")) + "\n"
    return text


def league_night(count: int, seed=0, start_day=1, hub=None):
    """`count` journals of a club's evenings, each another game: 2 to 5 of ten regulars (now and then a hard bot),
    dudo mostly, some revolver and poker dice; dates one a minute. -> [(file name, text)]

    The history knows a game by its moves and facts, not its date comment (trust.game_digest). A hub's journal
    carries each deal's nonce, so two real games never look alike; a made-up one carries none, and two tiny games
    (revolver, heads-up: `timeout ivy`, `shot ivy dead`) can be the same game. Such a game is drawn again."""
    rng = random.Random(seed)
    games, made = [], set()
    while len(games) < count:
        k = len(games)
        seats = rng.sample(NAMES, rng.randint(2, 5))
        bots = {seats[-1]: "hard"} if rng.random() < 0.15 else {}
        rules = rng.choice(["dudo", "dudo", "dudo dice=3", "revolver", "poker"])
        minute = start_day * 24 * 60 + k
        date = f"2026-11-{minute // 1440:02d} {minute // 60 % 24:02d}:{minute % 60:02d}:00"
        text = journal_text(rng.randrange(2**31), date, rules, seats, bots, hub=hub)
        if game_digest(text) not in made:
            made.add(game_digest(text))
            games.append((f"{k:06d}-{rules.split()[0]}.txt", text))
    return games

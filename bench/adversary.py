"""Adversarial games: at an in-process table (the real hub, cupcore's own cups under their board Runner, a virtual
clock: dicecup.sim.adversary), a keyed rogue cup and a stranger without a key act at random moments while two honest
cups play; each game's attacks come from its seed. The rogue may also give another player's name (or one holding a
terminal's escapes) at seating or after a reset, and hold its reveal back 13 s. After every step the invariants are
checked (dice fixed by the round's first commitment and entropy; no re-deal without the host's consent; no effect
from an unkeyed frame; the table never stops; every seat named as its cup was paired, and no raw control character
in a line; the last reveal awaited no longer than the hub's short wait); a violation is counted under its
invariant, with the attacks before it.

Then the rogue phone (dicecup.sim.roguephone): a websocket client with a phone's device secret on a phone seat of the
REAL table (the hub on a thread, two bots, the web server), in real time, attacking with its secret (its link
reopened with its deal kept or a fresh seed, a second commitment, a lying reveal, any well-formed message) and
without it (a replayed proof, a foreign Origin, a second device, no proof, a slowloris from 12 addresses while the
table page loads and the phone takes its seat back), under the same Watch.

Last the host attacks (dicecup.sim.hostattacks), once each: a data folder or hub.key planted, open to others or
linked, a league URL's password in the journal or an error line, a seat's code on the table screen.

Then the league forger (dicecup.sim.forger): a finished game of the simulated table, signed by a hub the league
registered, and a league member's copies of it -- a line hidden behind a character str.splitlines() breaks at, on the
signature's own line or anywhere, the game squatted unsigned before the signed one comes, a byte-order mark or
"\r\n" copy, the hub's seeded journal, unsigned games for `stats` -- each imported into a history of its own, with
verify, referee, resume and the digest asked too, under the league's invariants.

    .venv/bin/python bench/adversary.py [--games 30] [--phone-games 20] [--forger-games 10] [--seed 1] [--steps 100]
                                        [--show 2]

--games N plays N games of each kind: the rogue cup alone, the stranger alone, both; --phone-games M, M games of
the rogue phone (about 2 s each); --forger-games F, F honest games for the forger, 6 attacks each. Prints a table of
violations per invariant and kind, a few examples of each, what got through of the host attacks, and
`adversary_violations: V violations` last (every kind's).
"""
import argparse
import shutil
import sys
import tempfile
import time

from dicecup.sim.adversary import play_adversarial_game
from dicecup.sim.forger import INVARIANTS as LEAGUE_INVARIANTS
from dicecup.sim.forger import play_forger_games
from dicecup.sim.hostattacks import run_host_attacks
from dicecup.sim.watch import INVARIANTS
from dicecup.sim.phonetable import play_phone_game

from quickform import sized

KINDS = {"rogue cup": ("rogue",), "stranger": ("stranger",), "both": ("rogue", "stranger")}
PHONE = "rogue phone"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=sized(30, 1), help="games of each kind of attacker")
    parser.add_argument("--phone-games", type=int, default=sized(20, 1),
                        help="games of the rogue phone, at the real web server")
    parser.add_argument("--forger-games", type=int, default=sized(10, 1), help="honest games the league forger copies")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=sized(100, 30), help="attack or play steps in each game")
    parser.add_argument("--show", type=int, default=2, help="examples printed per invariant")
    args = parser.parse_args(argv)
    folder = tempfile.mkdtemp(prefix="dicecup-adversary-bench-")
    counts = {kind: dict.fromkeys(INVARIANTS, 0) for kind in (*KINDS, PHONE)}
    examples = {name: [] for name in INVARIANTS}
    phone = {"attacks": 0, "refused": 0, "errors": []}
    started = time.monotonic()

    def count(kind, seed, watch):
        for name, found in watch.violations.items():
            counts[kind][name] += len(found)
            examples[name] += [f"[{kind}, seed {seed}] {text}" for text in found[:1]]

    try:
        for kind, attackers in KINDS.items():
            for game in range(args.games):
                seed = args.seed * 100003 + game
                count(kind, seed, play_adversarial_game(seed, steps=args.steps, data=folder, attackers=attackers))
        for game in range(args.phone_games):
            seed = args.seed * 100003 + game
            watch = play_phone_game(seed, data=folder)
            count(PHONE, seed, watch)
            rogue = watch.table.phone
            phone["attacks"] += len(rogue.attacks)
            phone["refused"] += len(rogue.refused)
            phone["errors"] += rogue.errors
        league = play_forger_games(args.forger_games, args.seed, folder)
        host = run_host_attacks(tempfile.mkdtemp(dir=folder))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    report(counts, examples, args, time.monotonic() - started, phone, league, host)


def report(counts, examples, args, seconds, phone, league, host):
    print(f"{args.games} games of each kind, seed {args.seed}, {args.steps} steps each; {args.phone_games} rogue "
          f"phone games ({phone['attacks']} attacks, {phone['refused']} of them keyless openings); {seconds:.0f} s")
    for error in phone["errors"][: args.show]:
        print(f"the rogue phone client's own fault (not the table's): {error}")
    print(f"| attacker | {' | '.join(INVARIANTS)} |")
    print(f"| --- |{' --- |' * len(INVARIANTS)}")
    for kind, row in counts.items():
        print(f"| {kind} | {' | '.join(str(row[name]) for name in INVARIANTS)} |")
    for name in INVARIANTS:
        for text in examples[name][: args.show]:
            print(f"{name}: {text}")
    print(f"league forger: {args.forger_games} honest games, {sum(league.moves.values())} attacks "
          f"({', '.join(f'{name} {n}' for name, n in sorted(league.moves.items()))})")
    print(f"| attacker | {' | '.join(LEAGUE_INVARIANTS)} |")
    print(f"| --- |{' --- |' * len(LEAGUE_INVARIANTS)}")
    print(f"| league forger | {' | '.join(str(len(league.violations[name])) for name in LEAGUE_INVARIANTS)} |")
    for name in LEAGUE_INVARIANTS:
        for text in league.violations[name][: args.show]:
            print(f"{name}: {text}")
    through = {name: what for name, what in host.items() if what}
    print(f"host attacks: {len(host) - len(through)} of {len(host)} refused")
    for name, what in through.items():
        print(f"host attack {name}: {what}")
    total = (sum(sum(row.values()) for row in counts.values()) + sum(map(len, league.violations.values()))
             + len(through))
    print(f"adversary_violations: {total} violations")
    return total


if __name__ == "__main__":
    sys.exit(main())

"""What a league takes on trust, and from whom: the hubs it registered, a game known by its
content, and the checks a journal passes before it goes in.

    add_hub(engine, name, public_hex)   `dicecup history hubs add NAME PUBKEY`
    hub_list(engine)                    `dicecup history hubs`
    game_digest(text)                   the game's identity: its moves and facts, not its comments, spacing,
                                        line ends or signature
    vouch(text, hubs, unsigned_ok)      who vouches for a journal (a registered hub's fingerprint, or UNSIGNED
                                        with --unsigned); NotAGame saying why it is refused

A journal goes in when a registered hub signed it (hub/hubkey.py), its hub's draws were not seeded, and its dice
check as `dicecup verify` checks them. A bare record, a journal nobody signed, one signed by a hub the league does
not know, or a seeded demo's goes in only with `--unsigned`, marked so (nobody vouches for it as a fair game of the
league's) and never rated; a bad signature or a die that does not check never goes in. A signed copy of a game
that went in unsigned makes it the league's game (store.py).
"""
import datetime
import hashlib

import sqlalchemy as sa

from dicecup.hub.hubkey import ABSENT, BAD, SIGNED_FACT, fingerprint_of, public_key_bytes, read_signature
from dicecup.hub.journalfacts import Fact
from dicecup.rules.record import record_lines

from .db import writing
from .errors import HistoryError, NotAGame
from .schema import hubs

UNSIGNED = "unsigned"  # games.signed_by for a game `import --unsigned` let in: nobody vouches for it as a fair game
_DIGEST_DOMAIN = b"dicecup game v1\n"


def game_digest(text) -> str:
    """SHA-256 over what the readers take from a journal, in order: its record lines as the referee reads them (the
    words before any `#`) and its `#@` facts as every reader of facts reads them (journalfacts.Fact), each with its
    spacing made single; all of it through the one reading (rules/record.py). A comment, a blank line, spacing, a
    byte-order mark, "\r\n" line ends or the hub's signature don't make another game; a move or a fact does."""
    kept = []
    for number, raw in enumerate(record_lines(text), 1):
        fact = Fact.of(number, raw)
        if fact is None:
            kept.append(" ".join(raw.split("#", 1)[0].split()))
        elif fact.kind != SIGNED_FACT:
            kept.append(" ".join(("#@", fact.kind, *fact.words)))
    return hashlib.sha256(_DIGEST_DOMAIN + "\n".join(line for line in kept if line).encode("utf-8")).hexdigest()


def vouch(text: str, registered: dict, unsigned_ok: bool = False) -> str:
    """The fingerprint of the registered hub that signed `text` (registered: fingerprint -> name), or UNSIGNED
    when `unsigned_ok` lets an unvouched game in; NotAGame naming the rule otherwise. Then the dice are rechecked."""
    signed = read_signature(text)
    if signed.state == BAD:
        raise NotAGame(f"is forged: its hub signature is bad ({signed.why})")
    unvouched = _unvouched(signed, registered) or _seeded(text)
    if unvouched and not unsigned_ok:
        raise NotAGame(f"{unvouched}; `--unsigned` imports it unrated")
    _check_dice(text)
    return UNSIGNED if unvouched else signed.fingerprint


def _unvouched(signed, registered: dict) -> str:
    """Why no hub this league trusts vouches for the journal, or "" when one does."""
    if signed.state == ABSENT:
        return "is not signed by a hub (a bare record, or one typed up): nothing vouches for it"
    if signed.fingerprint not in registered:
        return (f"is signed by hub {signed.fingerprint}, which this league has not registered (`dicecup history "
                "hubs add NAME PUBKEY` trusts it)")
    return ""


def _seeded(text: str) -> str:
    """Why a journal whose hub's draws came from a seed is no fair game (`#@ seeded`: `dicecup verify` fails it
    too), or ""."""
    from dicecup.hub.chance import seeded_at

    line = seeded_at(text)
    return (f"was dealt from a seed (`#@ seeded`, line {line}: a demo's replayable game, its dice predictable to "
            "whoever knew the seed), so it is no fair game" if line else "")


def _check_dice(text: str):
    """The dice checks `dicecup verify` makes: every commitment, entropy and die (a bare record has none)."""
    from dicecup.hub.fairness import FairnessError, check_journal
    from dicecup.rules import RecordError

    try:
        check_journal(text)
    except (FairnessError, RecordError) as error:
        raise NotAGame(f"is forged: its dice do not check ({error})") from None


# -- the league's hubs ---------------------------------------------------------------------------------------------
def registered_hubs(engine) -> dict:
    """fingerprint -> name of every hub the league registered."""
    with engine.connect() as conn:
        return dict(conn.execute(sa.select(hubs.c.fingerprint, hubs.c.name)).all())


def add_hub(engine, name: str, public_hex: str) -> str:
    """Register a hub by its public key (as `dicecup hub-key` prints it); -> its fingerprint. HistoryError if the
    key is not one, or the name or the key is registered already."""
    name = name.strip()
    if not name:
        raise HistoryError("a hub's name is empty: dicecup history hubs add NAME PUBKEY")
    try:
        public = public_key_bytes(public_hex)
    except ValueError as error:
        raise HistoryError(str(error)) from None
    fingerprint = fingerprint_of(public)
    with writing(engine) as conn:
        for column, value, what in ((hubs.c.name, name, f"a hub named {name!r}"),
                                    (hubs.c.fingerprint, fingerprint, f"hub {fingerprint}")):
            known = conn.execute(sa.select(hubs.c.name).where(column == value)).scalar()
            if known is not None:
                raise HistoryError(f"{what} is registered already (as {known!r})")
        conn.execute(hubs.insert().values(name=name, fingerprint=fingerprint, public_key=public.hex(),
                                          added_at=datetime.datetime.now().strftime("%Y-%m-%d %H:%M:%S")))
    return fingerprint


def hub_list(engine) -> list:
    with engine.connect() as conn:
        rows = conn.execute(sa.select(hubs).order_by(hubs.c.name)).all()
    return [{"name": r.name, "fingerprint": r.fingerprint, "public_key": r.public_key, "added": r.added_at}
            for r in rows]

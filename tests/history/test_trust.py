"""Records a league can trust (issue 24 item 6): the hub signs each finished journal, `verify` says who vouches for
it, and `history import` takes only what a registered hub signed and whose dice check, each game once by its facts.
Each finding of the attacker's trial is reproduced here, on SQLite and on PostgreSQL; the journals are a real hub
process's (`dicecup play` with two bots)."""
import re

import pytest
from history_helpers import dicecup, league

from dicecup.history.ratings import leaderboard
from dicecup.history.stats import game_list
from dicecup.hub.hubkey import HubKey


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A real hub's finished game: (its journal's text, the hub's key, its data folder)."""
    data = tmp_path_factory.mktemp("hub")
    done = dicecup("play", "--bots", "2", "--data", str(data), "dice=2", timeout=120)
    assert done.returncode == 0, done.stderr
    [journal] = (data / "games").glob("*.txt")
    return journal.read_text(), HubKey.in_folder(data), data


def forged(text: str, old="bot1", new="mallory") -> str:
    """The game forged from scratch, every fact still checking: a seat renamed throughout (the dice, seeds and
    checks don't depend on the seat's name) and the hub's signature left off."""
    return "\n".join(line.replace(old, new) for line in text.splitlines() if not line.startswith("#@ signed ")) + "\n"


def resigned(text: str, key: HubKey) -> str:
    unsigned = "\n".join(line for line in text.splitlines() if not line.startswith("#@ signed ")) + "\n"
    return unsigned + key.signature_line(unsigned.encode()) + "\n"


def verify(path, data):
    return dicecup("verify", str(path), "--data", str(data))


def test_the_hub_signs_its_journal_and_verify_says_so(played, tmp_path):
    text, key, data = played
    assert text.splitlines()[-1].startswith(f"#@ signed hub={key.fingerprint} key={key.public_hex} sig=")
    path = tmp_path / "game.txt"
    path.write_text(text)
    done = verify(path, data)
    assert done.returncode == 0, done.stderr
    assert f"hub signature: good, by hub {key.fingerprint} (this hub)" in done.stdout
    elsewhere = verify(path, tmp_path / "another-hub")
    assert elsewhere.returncode == 0 and "not this hub's key" in elsewhere.stdout
    assert (data / "hub.key").stat().st_mode & 0o777 == 0o600


def test_a_journal_forged_from_scratch_fails_verify(played, tmp_path):
    """Before: every fact recomputed, verify exited 0. Now its dice still check, but nothing vouches for it."""
    text, key, data = played
    bare = tmp_path / "forged.txt"
    bare.write_text(forged(text))
    done = verify(bare, data)
    assert done.returncode == 1 and "is not signed by a hub" in done.stderr, (done.stdout, done.stderr)
    assert done.stderr.count("\n") == 1
    kept = tmp_path / "forged-kept-signature.txt"   # the real game's signature copied onto the forgery
    kept.write_text(forged(text) + text.splitlines()[-1] + "\n")
    done = verify(kept, data)
    assert done.returncode == 1 and "bad hub signature" in done.stderr, done.stderr
    tail = tmp_path / "a-fact-after-the-signature.txt"
    tail.write_text(text + "#@ bot bot1 kind=easy\n")
    done = verify(tail, data)
    assert done.returncode == 1 and "after the signature is not signed" in done.stderr, done.stderr
    tail = tmp_path / "a-move-after-the-signature.txt"   # refereed first: nothing is played after the game's end
    tail.write_text(text + "bot1 bids 9x6\n")
    done = verify(tail, data)
    assert done.returncode == 1 and "the game is over" in done.stderr, done.stderr


def test_eleven_copies_that_differ_by_a_comment_import_once(db_url, played, tmp_path):
    text, key, _ = played
    league(db_url, key)
    folder = tmp_path / "copies"
    folder.mkdir()
    for k in range(11):   # a comment and blank lines after the signature: the same game's facts
        (folder / f"copy{k:02d}.txt").write_text(text + "\n" * (k % 3) + f"# copy {k}\n")
    done = dicecup("history", "import", str(folder), "--db", db_url)
    assert done.returncode == 0, done.stderr
    assert "imported 1 game; 10 already in the history" in done.stdout
    assert done.stderr.count("the same game is in the history already") == 10
    inside = tmp_path / "inside.txt"   # a comment before the signature: no longer what the hub signed
    inside.write_text(text.replace("\n#@ signed ", "\n# an aside\n#@ signed "))
    done = dicecup("history", "import", str(inside), "--db", db_url)
    assert done.returncode == 2 and "is forged: its hub signature is bad" in done.stderr, done.stderr
    assert len(game_list(league(db_url, key))) == 1


def test_unsigned_copies_imported_with_unsigned_go_in_once_too(db_url, played, tmp_path):
    text, key, _ = played
    folder = tmp_path / "copies"
    folder.mkdir()
    for k in range(11):   # a comment anywhere, spacing within lines
        (folder / f"copy{k:02d}.txt").write_text(f"# copy {k}\n" + forged(text).replace("\nroll ", "\nroll  ", k % 2))
    done = dicecup("history", "import", str(folder), "--unsigned", "--db", db_url)
    assert "imported 1 game; 10 already in the history" in done.stdout, (done.stdout, done.stderr)


def test_a_bare_record_is_refused_and_goes_in_unrated_with_unsigned(db_url, played, tmp_path):
    text, key, _ = played
    bare = tmp_path / "bare.txt"   # the record alone: no dice facts, no signature
    bare.write_text("".join(line + "\n" for line in forged(text).splitlines() if not line.startswith("#")))
    done = dicecup("history", "import", str(bare), "--db", db_url)
    assert done.returncode == 2 and done.stdout.startswith("imported 0 games")
    assert re.fullmatch(r"dicecup history: passed over \S+bare.txt: is not signed by a hub .*--unsigned` imports "
                        r"it unrated\n", done.stderr), done.stderr
    done = dicecup("history", "import", str(bare), "--unsigned", "--db", db_url)
    assert done.returncode == 0 and "imported 1 game" in done.stdout, done.stderr
    [game] = game_list(league(db_url, key))
    assert not game["rated"] and game["signed_by"] == "unsigned"
    assert leaderboard(league(db_url, key)) == []
    assert "unrated  unsigned" in dicecup("history", "--db", db_url).stdout


def test_a_forged_rated_game_never_moves_nerve(db_url, played, tmp_path):
    """Before: a forged `#@ rated` journal's player rose to nerve 1686. Unsigned or signed by a hub the league
    never registered, it is refused, and let in with --unsigned it rates nobody."""
    text, key, data = played
    stranger = HubKey.in_folder(tmp_path)       # the forger's own hub
    unsigned = tmp_path / "rated-unsigned.txt"
    unsigned.write_text(forged(text) + "#@ rated\n")
    by_stranger = tmp_path / "rated-by-a-stranger.txt"
    by_stranger.write_text(resigned(forged(text, new="eve") + "#@ rated\n", stranger))
    engine = league(db_url, key)
    done = dicecup("history", "import", str(unsigned), str(by_stranger), "--db", db_url)
    assert done.returncode == 2 and "is not signed by a hub" in done.stderr
    assert f"is signed by hub {stranger.fingerprint}, which this league has not registered" in done.stderr
    done = dicecup("history", "import", str(unsigned), str(by_stranger), "--unsigned", "--db", db_url)
    assert "imported 2 games" in done.stdout, done.stderr
    assert leaderboard(engine) == [] and not any(g["rated"] for g in game_list(engine))


def test_a_registered_hub_signing_dice_that_do_not_check_is_refused(db_url, played, tmp_path):
    text, key, _ = played
    lines = text.splitlines()
    # Two different dice of one hand swapped: the same faces, so the game's rules replay alike (a changed face could
    # change who lost, and the record would fail before its dice), but the order is not what seed and entropy give.
    at = next(i for i, line in enumerate(lines) if line.startswith("roll ") and len(set(line.split()[2:])) > 1)
    words = lines[at].split()
    first = next(j for j in range(3, len(words)) if words[j] != words[2])
    words[2], words[first] = words[first], words[2]
    lines[at] = " ".join(words)
    path = tmp_path / "loaded.txt"
    path.write_text(resigned("\n".join(lines) + "\n", key))
    league(db_url, key)
    done = dicecup("history", "import", str(path), "--unsigned", "--db", db_url)
    assert done.returncode == 2 and f"is forged: its dice do not check (line {at + 1}: " in done.stderr, done.stderr


def test_hubs_are_registered_and_listed(db_url, played):
    _, key, _ = played
    done = dicecup("history", "hubs", "add", "club", key.public_hex, "--db", db_url)
    assert done.returncode == 0 and key.fingerprint in done.stdout, done.stderr
    again = dicecup("history", "hubs", "add", "other", key.public_hex, "--db", db_url)
    assert again.returncode == 2 and "registered already (as 'club')" in again.stderr
    bad = dicecup("history", "hubs", "add", "x", "nothex", "--db", db_url)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "64 hex digits" in bad.stderr
    listed = dicecup("history", "hubs", "--db", db_url)
    assert listed.stdout.startswith(f"club  {key.fingerprint}  {key.public_hex}")
    shown = dicecup("hub-key", "--data", str(played[2]))
    assert key.public_hex in shown.stdout


def test_a_data_folder_history_takes_its_own_hubs_games_without_being_told(tmp_path):
    """Before: on a fresh data folder `history import ~/.local/share/dicecup/games` refused every journal, "hub not
    registered", though this history trusts its own hub. A league elsewhere (--db) still registers it on purpose."""
    from inprocess import dicecup_here
    from dicecup.rules import Rules
    from dicecup.sim.tablesim import SimGame

    data = tmp_path / "data"
    game = SimGame(Rules.parse("dudo dice=1"), seed=None, cups=2, data=data)
    try:
        game.run()
        assert game.hub.finished
    finally:
        game.close()
    league_elsewhere = dicecup_here("history", "import", data / "games", "--data", data,
                                    "--db", f"sqlite:///{tmp_path / 'club.sqlite'}")
    assert league_elsewhere.returncode == 2 and "which this league has not registered" in league_elsewhere.stderr
    done = dicecup_here("history", "import", data / "games", "--data", data)
    assert done.returncode == 0 and done.stdout.startswith("imported 1 game;"), done
    hubs = dicecup_here("history", "hubs", "--data", data)
    assert f"this hub {HubKey.in_folder(data).fingerprint}" in hubs.stdout

"""`dicecup verify` and `dicecup referee` name each seat whose round was dealt again, count its re-deals, and say
whose consent each had: journals written here by a real Table, frame by frame (transcript.py), where a cup came
back without the dice it was shown and the host typed `reroll NAME`. A journal whose reroll has no consent beside
it (one from before the host was asked, or one edited) still verifies, and says so."""
from inprocess import dicecup_here as dicecup
from transcript import Transcript


def verified_but_seeded(done):
    """The transcript's table is seeded (its dice replay), so verify checks every die and fails only on that."""
    assert done.returncode == 1 and "not dealt fairly" in done.stderr, done.stderr
    assert "every commitment, entropy and die checks" in done.stdout, done.stdout
    return done.stdout.splitlines()


def rerolled_journal(tmp_path, times=2):
    """ana's cup comes back without its dice `times` times in round 1, and each time the host types `reroll ana`;
    then the round is played to its call."""
    t = Transcript("dudo dice=2", tmp_path)
    ana, ben = t.cup("ana"), t.cup("ben")
    t.seat(ana, ben)
    for _ in range(times):
        ana.commit()
        ben.commit()
        ben.bid("1x5")
        t.drop(ana)
        ana.plug()
        ana.hello()
        ana.commit()  # a fresh seed: the dice it was shown are gone
        t.type("reroll ana")
    ana.commit()
    ben.commit()
    ben.bid("1x5")
    ana.call()
    ana.reveal()
    ben.reveal()
    return t.table.journal.path


def test_verify_names_the_seat_rolled_again_counts_it_and_says_the_host_consented(tmp_path):
    path = rerolled_journal(tmp_path)
    text = path.read_text()
    assert text.count("#@ reroll ana by=host\nreroll ana\n") == 2
    done = dicecup("verify", path)
    assert "  ana's dice were rolled again 2 times in round 1, by the host's consent" in verified_but_seeded(done)
    assert done.stderr.count("\n") == 1  # the seed, and nothing else
    refereed = dicecup("referee", path)
    assert refereed.returncode == 0, refereed.stderr
    assert "ana's dice were rolled again 2 times in round 1, by the host's consent" in refereed.stdout


def test_a_reroll_with_no_consent_beside_it_still_verifies_and_is_said_so(tmp_path):
    path = rerolled_journal(tmp_path, times=1)
    old = tmp_path / "old.txt"  # as an old hub wrote it, or as someone edited it: the consent line gone
    old.write_text(path.read_text().replace("#@ reroll ana by=host\n", ""))
    done = dicecup("verify", old)  # the game goes on, so the hub has not signed it yet
    assert ("  ana's dice were rolled again once in round 1, with no consent in the journal (a journal from before "
            "the host was asked, or one edited)") in verified_but_seeded(done)


def test_a_consent_line_for_another_seat_is_no_consent_for_this_one(tmp_path):
    path = rerolled_journal(tmp_path, times=1)
    forged = tmp_path / "forged.txt"
    forged.write_text(path.read_text().replace("#@ reroll ana by=host\n", "#@ reroll ben by=host\n"))
    done = dicecup("verify", forged)
    assert "ana's dice were rolled again once in round 1, with no consent" in done.stdout

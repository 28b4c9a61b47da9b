"""The face-bid table (dudo), frame by frame: what two cups send, what the hub sends back, what the journal keeps.
The cups are played by hand (transcript.py); with the seed "transcript" the hub draws ben to open."""
from cupcore import wire
from dicecup.bots.loader import load
from dicecup.hub.journal import read_journal
from dicecup.rules import Bid, replay
from transcript import Transcript


def seated(tmp_path, rules="dudo dice=2", **options):
    t = Transcript(rules, tmp_path, **options)
    ana, ben = t.cup("ana"), t.cup("ben")
    t.seat(ana, ben)
    return t, ana, ben


def dealt(tmp_path, rules="dudo dice=2"):
    """Both cups committed to deal 1: ben's turn to open. What led here is read already."""
    t, ana, ben = seated(tmp_path, rules)
    ana.commit()
    ben.commit()
    t.transcript(), t.journal(), ana.heard(), ben.heard()
    return t, ana, ben


def test_a_cup_says_hello_proves_its_key_and_sits():
    t = Transcript("dudo dice=2", data=None)
    ana = t.cup("ana")
    ana.hello()
    ana.sit()
    assert t.transcript() == [
        "hub → ana: who",
        "ana → hub: hello proto=1 fw_major=0 fw_minor=1 cup_id=1 name=ana board=hand",
        "hub → ana: challenge hub_nonce=…",
        "ana → hub: proof",
        "ana → hub: intent 0 ready qty=0 face=0",
        "hub → ana: accept 0 ready",
        "hub → ana: welcome proto=1 seat=0 seats=1",
    ]
    assert t.said[-1] == "ana takes seat 1" and t.table.state is None  # one cup of the two expected


def test_once_everyone_sits_every_cup_is_dealt_and_the_journal_opens_the_round(tmp_path):
    t, ana, ben = seated(tmp_path)
    assert t.transcript()[-2:] == ["hub → ana: deal 1 dice=2 nonce=…", "hub → ben: deal 1 dice=2 nonce=…"]
    assert t.journal()[1:] == [
        "rules dudo dice=2",
        "seats ana ben",
        "#@ cup ana id=1 board=hand fw=0.1 port=mem:ana",
        "#@ cup ben id=2 board=hand fw=0.1 port=mem:ben",
        "#@ round 1 deal=1 nonce=…",
        "#@ opener ben deal=1",
    ]
    assert ana.last[wire.DEAL] == ben.last[wire.DEAL]  # one nonce for the deal


def test_entropy_goes_to_a_cup_only_once_its_commitment_is_in(tmp_path):
    t, ana, ben = seated(tmp_path)
    t.transcript(), t.journal()
    ben.commit()
    assert t.transcript() == ["ben → hub: commit 1 digest=…", "hub → ben: entropy 1 entropy=…"]
    assert t.journal() == ["#@ commit ben …", "#@ entropy ben … check=…"]
    assert wire.ENTROPY not in ana.last  # ana has not committed: no entropy, so no dice, for ana
    ana.heard(), ben.heard()
    ana.commit()
    assert ana.heard() == ["hub → ana: entropy 1 entropy=…",
                           "hub → ana: table 1 turn=1 bidder=255 qty=0 face=0 clock=0 in_play=4 flags=1"]
    assert ben.heard() == ["hub → ben: table 1 turn=1 bidder=255 qty=0 face=0 clock=0 in_play=4 flags=1",
                           "hub → ben: cue turn"]  # ben opens: the bidding begins once every cup has its dice


def test_a_second_different_commitment_unasked_is_refused_and_the_first_stands(tmp_path):
    t, ana, ben = dealt(tmp_path)
    first = ana.seed
    ana.commit()  # a fresh seed, as if to try for better dice
    assert t.transcript() == ["ana → hub: commit 1 digest=…"]  # no entropy for it
    assert t.journal() == ["# ana sent a second commitment for deal 1: refused"]
    ana.seed = first
    ben.bid("2x5")
    ana.call()
    ana.reveal()  # the dice of the first seed: taken
    ben.reveal()
    assert f"roll ana {' '.join(map(str, ana.dice()))}" in t.journal()


def test_a_bid_is_accepted_and_every_cup_is_shown_the_table(tmp_path):
    t, ana, ben = dealt(tmp_path)
    ben.bid("2x5")
    assert ben.heard()[-2:] == ["hub → ben: accept 1 bid",
                                "hub → ben: table 1 turn=0 bidder=1 qty=2 face=5 clock=0 in_play=4 flags=1"]
    assert ana.heard()[-2:] == ["hub → ana: table 1 turn=0 bidder=1 qty=2 face=5 clock=0 in_play=4 flags=1",
                                "hub → ana: cue turn"]
    assert t.journal() == ["ben bids 2x5"]


def test_a_bid_out_of_turn_or_too_low_is_refused_and_not_journaled(tmp_path):
    t, ana, ben = dealt(tmp_path)
    ana.bid("2x5")
    assert t.transcript() == ["ana → hub: intent 1 bid qty=2 face=5", "hub → ana: refuse 1 bid not_your_turn"]
    ben.bid("2x5")
    ana.bid("2x4")
    assert t.transcript()[-1] == "hub → ana: refuse 1 bid not_a_raise"
    assert t.journal() == ["ben bids 2x5"]


def test_a_call_asks_every_cup_to_reveal_and_checked_reveals_bring_the_results(tmp_path):
    t, ana, ben = dealt(tmp_path)
    ben.bid("2x5")
    ana.bid("3x5")
    t.transcript()
    ben.call()
    assert t.transcript() == [
        "ben → hub: intent 1 liar qty=0 face=0",
        "hub → ana: cue call",
        "hub → ben: cue call",
        "hub → ana: reveal_req 1",
        "hub → ben: reveal_req 1",
        "hub → ben: accept 1 liar",
    ]
    ana.reveal()
    ben.reveal()
    fives = sum(die in (1, 5) for die in ana.dice() + ben.dice())  # dudo: ones are wild
    loser, winner = (ana, ben) if fives < 3 else (ben, ana)
    assert t.transcript()[-2:] == [
        f"hub → {c.name}: result 1 change={-1 if c is loser else 0} dice={1 if c is loser else 2} bullets=0 playing"
        for c in (ana, ben)]
    assert t.journal() == ["ben bids 2x5", "ana bids 3x5", "ben calls liar", "#@ seed ana …", "#@ seed ben …",
                           f"roll ana {' '.join(map(str, ana.dice()))}", f"roll ben {' '.join(map(str, ben.dice()))}"]
    assert t.table.state.dice == (2 - (loser is ana), 2 - (loser is ben))


def test_after_the_result_pause_the_next_round_is_dealt(tmp_path):
    t, ana, ben = dealt(tmp_path)
    ben.bid("1x6")
    ana.call()
    ana.reveal()
    ben.reveal()
    t.transcript(), t.journal()
    t.advance(t.table.result_pause - 0.1)
    assert t.transcript() == []  # the result is still being read
    t.advance(0.1)
    assert [line.split(" dice=")[0] for line in t.transcript()] == ["hub → ana: deal 2", "hub → ben: deal 2"]
    assert t.journal() == ["#@ round 2 deal=2 nonce=…"]

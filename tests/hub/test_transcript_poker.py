"""Poker dice's table, frame by frame: ana and ben pass one cup (played by hand, transcript.py), the hub rolls
each die fairly through it and checks every die it opens. With the seed "transcript" the hub draws ben to open."""
from cupcore import wire
from transcript import Transcript

from dicecup.web.present import table_message


def seated(tmp_path):
    t = Transcript("poker lives=1", tmp_path, cups=1, players=("ana", "ben"))
    cup = t.cup("cup")
    t.seat(cup)
    return t, cup


def bid(tmp_path):
    """ben shook and bid a pair of kings, passing the cup left to ana."""
    t, cup = seated(tmp_path)
    cup.shake()
    cup.pcommit()
    cup.pbid("KK", "left")
    return t, cup


def bid_and_called(tmp_path):
    """ana called ben's pair of kings: the cup is to be lifted. What led here is read."""
    t, cup = bid(tmp_path)
    cup.call()
    t.transcript(), t.journal()
    return t, cup


def test_the_one_cup_sits_for_every_player_and_the_opener_holds_it(tmp_path):
    t, cup = seated(tmp_path)
    assert t.transcript()[-3:] == [
        "hub → cup: accept 0 ready",
        "hub → cup: welcome proto=1 seat=0 seats=2",
        "hub → cup: ptable round=1 holder=1 stage=1 on_table=0 way=0 standing=-",
    ]
    assert t.journal()[1:] == ["rules poker lives=1", "seats ana ben", "#@ cup ana id=1 board=hand fw=0.1 port=mem:cup",
                               "#@ cup ben id=1 board=hand fw=0.1 port=mem:cup", "#@ opener ben"]
    assert "cup is the table's cup, passed round: ana, ben play with it" in t.said


def test_a_shake_is_a_sub_deal_the_entropy_comes_only_after_every_dies_commitment(tmp_path):
    t, cup = seated(tmp_path)
    t.transcript(), t.journal()
    cup.shake()
    assert t.transcript() == ["cup → hub: intent 0 shake qty=0 face=0", "hub → cup: accept 0 shake",
                              "hub → cup: pdeal 1 dice=31 nonce=…"]  # dice 1..5 as a mask
    cup.pcommit()
    assert t.transcript() == [f"cup → hub: pcommit 1 die={die} digest=…" for die in range(1, 6)] + [
        "hub → cup: entropy 1 entropy=…",
        "hub → cup: ptable round=1 holder=1 stage=1 on_table=0 way=0 standing=-"]
    assert t.journal() == ["#@ dice 1 nonce=… dice=12345 by=ben"] + [f"#@ die-commit 1 {die} …" for die in range(1, 6)] \
        + ["#@ die-entropy 1 … check=…", "ben shakes"]


def test_four_commitments_of_five_get_no_entropy(tmp_path):
    t, cup = seated(tmp_path)
    cup.shake()
    deal, _, nonce = cup.last[wire.PDEAL]
    cup.last[wire.PDEAL] = (deal, 0b01111, nonce)  # the cup commits to dice 1 to 4 only
    cup.pcommit()
    assert wire.ENTROPY not in cup.last and "#@ die-entropy" not in "\n".join(t.journal())


def test_a_bid_passes_the_cup_and_a_liar_call_lifts_it(tmp_path):
    t, cup = seated(tmp_path)
    cup.shake()
    cup.pcommit()
    t.transcript()
    cup.pbid("KK", "left")
    assert t.transcript() == ["cup → hub: intent 0 pbid_left KK", "hub → cup: accept 0 pbid_left",
                              "hub → cup: ptable round=1 holder=0 stage=2 on_table=0 way=1 standing=KK"]
    cup.call()
    assert t.transcript() == ["cup → hub: intent 0 liar qty=0 face=0", "hub → cup: accept 0 liar",
                              "hub → cup: ptable round=1 holder=0 stage=5 on_table=0 way=1 standing=KK",
                              "hub → cup: reveal_req 1"]
    assert t.journal()[-2:] == ["ben bids KK left", "ana calls liar"]


def test_the_lifted_dice_are_opened_one_by_one_then_the_round_secret_settles_the_round(tmp_path):
    t, cup = bid_and_called(tmp_path)
    for die in range(1, 6):
        cup.open(die)
    faces = " ".join("9TJQKA"[cup.face(die) - 1] for die in range(1, 6))
    assert t.journal() == [f"#@ die-seed 1 {die} …" for die in range(1, 6)] + [f"reveal {faces}"]
    assert t.transcript()[-1] == "hub → cup: pclose 1" and not t.table.finished  # held for the secret
    cup.open_secret()
    lines = t.journal()
    assert lines[:2] == ["#@ round-secret 1 … last=1", "#@ vouch-secret 1 …"] and lines[2] in ("# ana wins",
                                                                                               "# ben wins")
    assert t.table.finished and t.table.stopped is None


def test_a_die_opened_with_a_face_its_seed_does_not_give_stops_the_game_as_cheating(tmp_path):
    t, cup = bid_and_called(tmp_path)
    cup.open(1, face=cup.face(1) % 6 + 1)
    assert t.transcript()[-1] == "hub → cup: refuse 1 open bad_reveal"
    assert t.table.stopped and t.table.finished
    assert t.journal() == [f"# the cup opened die 1 as {'9TJQKA'[cup.face(1) % 6]}, which is not what the seed it "
                           "committed to gives: cheating; the game stopped"]


def test_a_round_secret_that_does_not_give_the_committed_seeds_stops_the_game(tmp_path):
    t, cup = bid_and_called(tmp_path)
    for die in range(1, 6):
        cup.open(die)
    t.journal()
    cup.open_secret(bytes(16))
    assert t.table.stopped and "round secret does not give the seed it committed to" in t.table.stopped
    assert t.journal()[-1].endswith("cheating; the game stopped")


def test_a_cup_that_does_not_open_its_secret_in_time_stops_the_game(tmp_path):
    t, cup = bid_and_called(tmp_path)
    for die in range(1, 6):
        cup.open(die)
    t.advance(t.table.round.cup.secret_patience - 1)
    assert not t.table.finished
    t.advance(1)
    assert t.table.stopped and "did not open its round secret" in t.table.stopped


def test_the_cup_dropped_mid_round_pauses_everyone_and_back_the_round_starts_again_once_the_host_consents(tmp_path):
    t, cup = bid(tmp_path)
    t.journal()
    t.drop(cup)
    assert t.table.snapshot().paused and t.said[-1].startswith("the table's cup dropped (cable pulled)")
    cup.plug()
    cup.hello()
    assert t.table.paused and t.table.state.bids  # a bad hand is not rolled again by pulling the cable
    assert t.journal() == ["# the table's cup dropped and came back mid-round: not played again without the host's "
                           "consent"]
    assert t.said[-1] == ("the table's cup is back, but its dice may not be the ones rolled: the game is paused; type "
                          "`reroll ana` to play this round again from the shake, its bids void, or `retire NAME`")
    screen = table_message(t.table.snapshot())  # not "waiting for the cup": it is back, the host is awaited
    assert screen["paused"] and "the host types `reroll ana`" in screen["pause_reason"]
    cup.heard()
    cup.call()  # the holder's buttons while the host is asked: refused
    assert cup.heard()[-1].endswith("round_over") and t.table.state.bids
    t.type("reroll ana")
    assert not t.table.paused
    assert t.journal()[:2] == ["#@ reroll ana by=host", "reroll ana"]
    assert "hub → cup: ptable round=1 holder=1 stage=1 on_table=0 way=0 standing=-" in cup.heard()
    assert not t.table.state.bids  # ben, the opener, shakes again


def test_the_cup_dropped_before_any_die_was_rolled_goes_on_without_asking_anyone(tmp_path):
    t, cup = seated(tmp_path)
    t.journal()
    t.drop(cup)
    cup.plug()
    cup.hello()
    assert not t.table.paused and "reroll" not in " ".join(t.journal())


def test_reroll_typed_at_a_poker_table_whose_cup_never_left_rolls_nothing(tmp_path):
    t, cup = bid(tmp_path)
    t.journal()
    t.type("reroll ana")
    assert t.said[-1].startswith("nothing to roll again") and t.journal() == [] and t.table.state.bids



def opened(tmp_path):
    """ana called ben's pair of kings and the cup opened every die: the hub asks for the round secret."""
    t, cup = bid_and_called(tmp_path)
    for die in range(1, 6):
        cup.open(die)
    t.journal()
    assert t.transcript()[-1] == "hub → cup: pclose 1"
    return t, cup


def test_a_cup_that_says_it_has_no_round_secret_on_the_line_it_committed_on_is_stopped_as_cheating(tmp_path):
    """ERR_STATE about PCLOSE is what a cup that restarted and lost its secret answers; from a cup that committed to
    the round's dice on this very connection it is a refusal to reveal."""
    t, cup = opened(tmp_path)
    cup.send(wire.ERROR, wire.ERR_STATE, wire.PCLOSE)
    assert t.table.stopped and "would not open its round secret, which it holds" in t.table.stopped
    assert t.journal()[-1].endswith("cheating; the game stopped")


def test_a_cup_whose_firmware_has_no_round_secrets_plays_on_and_the_table_says_what_it_cant_recheck(tmp_path):
    """The version rule: PCLOSE is a new message within protocol 1, so older firmware answers ERR_UNKNOWN about it;
    the hub says so once and plays on as before round secrets, the dice re-rolled unseen counted as never revealed."""
    t, cup = opened(tmp_path)
    cup.send(wire.ERROR, wire.ERR_UNKNOWN, wire.PCLOSE)
    assert not t.table.stopped and t.table.finished
    assert sum("firmware without round secrets" in line for line in t.said) == 1, t.said
    lines = t.journal()
    assert lines[0] == "# the cup opened no round secret for sub-deals 1-1: their dice not opened alone can't be rechecked"
    assert lines[-1] in ("# ana wins", "# ben wins")

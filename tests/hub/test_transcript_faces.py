"""The face-bid table (dudo), frame by frame: what two cups send, what the hub sends back, what the journal keeps.
The cups are played by hand (transcript.py); with the seed "transcript" the hub draws ben to open."""
from cupcore import wire
from cupcore.link import Link
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
    assert t.transcript() == ["ana → hub: commit 1 digest=…",  # no entropy for it: refused, noted
                              "hub → ana: error code=4 about=2"]
    assert t.journal() == ["# ana sent a second commitment for deal 1: refused"]
    ana.commit()  # and again: refused each time, said once
    assert t.transcript()[-1] == "hub → ana: error code=4 about=2" and t.journal() == []
    assert not t.table.paused
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
    assert t.journal() == ["ben bids 2x5", "ana bids 3x5", "ben calls liar", "#@ seed ana …", "#@ vouch ana …",
                           "#@ seed ben …", "#@ vouch ben …",
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


def test_a_reveal_that_its_commitment_does_not_give_is_refused_and_the_seat_taken_out(tmp_path):
    t, ana, ben = dealt(tmp_path)
    ben.bid("2x5")
    ana.call()
    lie = (5, 5) if ana.dice() != (5, 5) else (6, 6)
    ana.reveal(lie)
    assert "hub → ana: refuse 1 reveal bad_reveal" in ana.heard()
    assert any(said.startswith(f"CHEATING: ana's cup revealed {lie[0]} {lie[1]}") for said in t.said)
    assert t.journal()[-3:] == ["# ana's reveal did not match its commitment: cheating", "retire ana", "# ben wins"]
    assert t.table.finished and t.table.state.winner == 1


def test_a_replayed_frame_is_dropped_by_the_link_and_changes_nothing(tmp_path):
    t, ana, ben = dealt(tmp_path)
    ben.bid("2x5")
    bid_frame = ben.frame_of(wire.INTENT)
    ana.bid("3x5")
    t.transcript(), t.journal()
    ben.write_raw(bid_frame)  # a recording of ben's bid, played to the hub again
    assert t.transcript() == [] and t.journal() == []  # not answered, not taken
    assert ben.conn.link.replayed == 1  # its tag is good, its counter old
    assert t.table.state.bids[-1][1] == Bid(3, 5)


def test_a_plain_frame_on_a_paired_cups_line_is_counted_forged_and_not_taken(tmp_path):
    t, ana, ben = dealt(tmp_path)
    ben.write_raw(wire.encode(wire.INTENT, (1, wire.BID, 2, 5), seq=9))  # no session: no tag
    assert t.transcript() == [] and t.journal() == [] and not t.table.state.bids
    assert ben.conn.link.forged == 1


def test_a_repeated_frame_of_an_unpaired_cup_is_acknowledged_again_but_taken_once(tmp_path):
    t = Transcript("dudo dice=2", tmp_path, paired=False)
    ana, ben = t.cup("ana"), t.cup("ben")
    t.seat(ana, ben)
    ana.commit(), ben.commit()
    ben.bid("2x5")
    t.journal(), t.transcript()
    acks = ben.cable.acks
    ben.write_raw(ben.frame_of(wire.INTENT))  # its bid again, with the same sequence number
    assert t.journal() == [] and t.transcript() == []  # not a second bid, nor a refusal of one
    assert ben.cable.acks == acks + 1  # its ack may have been lost: the hub acknowledges it again


def test_a_cup_that_drops_pauses_the_table_and_moves_wait(tmp_path):
    t, ana, ben = dealt(tmp_path)
    ben.bid("2x5")
    t.drop(ana)
    assert t.table.snapshot().paused
    assert t.said[-1].startswith("ana's cup dropped (cable pulled): the game is paused")
    t.type("ana bids 3x5")
    assert t.said[-1] == "can't do that: the game is paused until every cup is back (or `retire NAME`)"
    assert t.journal() == ["ben bids 2x5"]


def back_after_ben_bid(tmp_path):
    """ben bid 2x5, then ana's cable was pulled and plugged back: ana said hello on the new line."""
    t, ana, ben = dealt(tmp_path)
    ben.bid("2x5")
    t.drop(ana)
    ana.plug()
    ana.hello()
    return t, ana, ben


def test_a_cup_back_with_the_same_commitment_carries_on_the_round(tmp_path):
    t, ana, ben = back_after_ben_bid(tmp_path)
    assert ana.heard()[-2:] == ["hub → ana: welcome proto=1 seat=0 seats=2", "hub → ana: deal 1 dice=2 nonce=…"]
    assert t.table.paused  # until it says whether it kept its dice
    entropy = ana.last[wire.ENTROPY]
    ana.commit_again()
    assert ana.heard() == ["hub → ana: entropy 1 entropy=…",
                           "hub → ana: table 1 turn=0 bidder=1 qty=2 face=5 clock=0 in_play=4 flags=1"]
    assert ana.last[wire.ENTROPY] == entropy and not t.table.snapshot().paused
    assert t.journal() == ["ben bids 2x5"]  # nothing rolled again
    ana.bid("3x5")
    assert t.journal() == ["ana bids 3x5"]


def test_a_cup_back_without_its_dice_is_not_rolled_again_until_the_host_types_reroll(tmp_path):
    t, ana, ben = back_after_ben_bid(tmp_path)
    ben.heard(), ana.heard()
    ana.commit()  # a fresh seed: it was reset and lost the one it committed to
    assert t.journal() == ["ben bids 2x5", "# ana's cup came back without the dice it was shown: not rolled again "
                           "without the host's consent"]
    assert ana.heard() == [] and ben.heard() == []  # no entropy for the fresh seed, no deal: no new dice for anyone
    assert t.table.paused and t.said[-1] == (
        "ana's cup came back without the dice it was shown (it was reset, or drew new ones): the game is paused; "
        "type `reroll ana` to roll this round again for everyone, every bid void, or `retire ana` to go on without "
        "the seat")
    t.advance(60)  # nothing happens on its own
    assert t.table.paused and t.journal() == [] and "hub → ben: deal 2 dice=2 nonce=…" not in ben.heard()
    t.type("reroll ANA")
    assert t.journal() == ["#@ reroll ana by=host", "reroll ana", "#@ round 1 deal=2 nonce=…"]
    assert ben.heard() == ["hub → ben: deal 2 dice=2 nonce=…"]
    assert not t.table.state.bids and not t.table.paused


def test_a_cup_that_says_hello_again_on_its_live_line_and_commits_afresh_gets_no_new_dice(tmp_path):
    t, ana, ben = dealt(tmp_path)
    ben.bid("2x5")
    for _ in range(3):  # a tampered cup trying for better dice: hello on the same line, a fresh seed each time
        ana.hello()
        t.advance(1)  # its old session, asked first, never answers (a HandCup does not pong): it is challenged
        ana.commit()
    assert not any(line.startswith("hub → ana: entropy") for line in ana.heard())
    assert "reroll ana" not in t.journal() and t.table.paused and len(t.table.state.bids) == 1
    t.type("retire ana")  # the host's other choice (asked first: ana's cup is connected)
    t.type("yes")
    assert "retire ana" in t.journal()


def test_a_replayed_hello_on_a_live_line_is_not_challenged_while_the_old_session_answers(tmp_path):
    t, ana, ben = dealt(tmp_path)
    ben.bid("2x5")
    t.transcript(), t.journal(), ana.heard()
    ana.write_raw(ana.frame_of(wire.HELLO))  # a stranger on ana's line plays her first hello again
    assert [line.split(" token=")[0] for line in ana.heard()] == ["hub → ana: ping"]  # in the old session
    ana.send(wire.PONG, *ana.last[wire.PING])  # ana's cup never reset: it answers in that session
    t.advance(2)
    assert ana.heard() == [] and ana.conn.link.forged == 1  # no challenge, ever: the hello counted as forged
    assert "ana's cup is back" not in t.said and not t.table.paused and t.journal() == []
    ana.bid("3x5")  # the old session still carries her moves
    assert t.journal() == ["ana bids 3x5"]


def reset(cup):
    """The cup's reset button: a new link on the same line, its session and everything in flight gone."""
    cup.link = Link(cup._write, cup._heard, clock=cup.t.clock.ms)


def test_a_cup_reset_again_before_it_proved_its_key_is_challenged_again_and_comes_back(tmp_path):
    t, ana, ben = dealt(tmp_path)
    ben.bid("2x5")
    ana.heard()
    key, ana.key = ana.key, None  # the challenge finds ana's cup rebooting: never answered
    reset(ana)
    ana.hello()
    t.advance(1)
    assert "hub → ana: challenge hub_nonce=…" in ana.heard()
    ana.key = key
    reset(ana)  # reset again: the challenge and the hello it answered are both forgotten
    ana.hello()
    assert ana.heard()[0] == "hub → ana: challenge hub_nonce=…"  # the open challenge, sent again
    assert "ana's cup is back" in t.said and ana.last[wire.DEAL][0] == 1  # the deal sent again, to see its dice


def test_reroll_typed_when_no_cup_lost_its_dice_rolls_nothing(tmp_path):
    t, ana, ben = dealt(tmp_path)
    ben.bid("2x5")
    t.journal()
    t.type("reroll ana")
    assert t.said[-1] == ("nothing to roll again: `reroll ana` is for ana's cup coming back without the dice it "
                          "was shown, and it has not")
    assert t.journal() == [] and len(t.table.state.bids) == 1


def test_a_cup_back_without_its_dice_that_finds_them_again_goes_on_without_a_reroll(tmp_path):
    t, ana, ben = back_after_ben_bid(tmp_path)
    first = ana.seed
    ana.commit()  # a fresh seed: the table waits for the host
    assert t.table.paused
    t.drop(ana)
    ana.plug()
    ana.hello()
    ana.commit(first)  # back again, with the dice it was shown (a cup that keeps its deal across a reset)
    assert not t.table.paused and "hub → ana: entropy 1 entropy=…" in ana.heard()
    ana.bid("3x5")
    assert t.journal()[-1] == "ana bids 3x5" and "reroll ana" not in t.journal()


def test_a_called_cup_back_without_its_dice_can_not_be_rerolled_only_retired(tmp_path):
    t, ana, ben = dealt(tmp_path)
    ben.bid("2x5")
    ana.call()
    t.drop(ana)
    ana.plug()
    ana.hello()
    ana.commit()
    t.type("reroll ana")
    assert t.said[-1].startswith("the call stands: this round can't be rolled again once called")
    assert "reroll ana" not in t.journal() and t.table.paused


def test_retire_typed_for_a_connected_cup_is_asked_first_then_taken(tmp_path):
    t, ana, ben = dealt(tmp_path)
    t.type("retire ana")
    assert t.said[-1].startswith("retire ana? ana's cup is still connected")
    assert t.journal() == []
    t.type("yes")
    assert t.journal()[:1] == ["retire ana"] and "hub → ana: result 1 change=0 dice=0 bullets=0 out" in ana.heard()
    assert "ana leaves the game: retired by the host" in t.said and t.table.finished


def test_retire_typed_for_a_dropped_cup_is_taken_at_once_and_the_game_goes_on(tmp_path):
    t = Transcript("dudo dice=2", tmp_path, cups=3)
    ana, ben, cy = t.cup("ana"), t.cup("ben"), t.cup("cy")
    t.seat(ana, ben, cy)
    for cup in (ana, ben, cy):
        cup.commit()
    t.journal(), ben.heard()
    t.drop(cy)
    t.type("retire cy")
    assert t.journal() == ["retire cy", "#@ round 1 deal=2 nonce=…"]
    assert ben.heard() == ["hub → ben: deal 2 dice=2 nonce=…"] and not t.table.paused


def test_the_turn_clock_runs_out_as_a_timeout_and_stops_while_paused(tmp_path):
    t, ana, ben = dealt(tmp_path, "dudo dice=2 clock=10")
    t.advance(4)
    t.drop(ana)
    t.advance(30)  # paused: the clock stands still
    assert t.journal() == []
    ana.plug()
    ana.hello()
    ana.commit_again()
    t.advance(5.9)
    assert t.journal() == [] and "hub → ben: cue hurry arg=1" in ben.heard()
    t.advance(0.2)
    assert t.journal() == ["timeout ben"]
    assert t.table.state.dice == (2, 1)


def test_a_cup_silent_past_the_answer_timeout_is_dropped_and_the_table_pauses(tmp_path):
    t, ana, ben = seated(tmp_path)
    ben.commit()
    t.advance(t.table.answer_timeout)
    assert not t.table.paused
    t.advance(0.1)
    assert ana.conn.down and t.table.snapshot().paused
    assert "ana's cup dropped (no answer in 15 s)" in t.said[-1]


def test_a_game_resumed_from_its_journal_redeals_each_cup_that_says_hello(tmp_path):
    t, ana, ben = dealt(tmp_path)
    ben.bid("2x5")
    path = t.table.journal.path
    t.table.journal.close()  # the hub dies here
    again = Transcript("dudo dice=2", tmp_path)
    again.table.resume(read_journal(path), replay(path.read_text()).state, bots=None)
    assert again.table.snapshot().paused
    ana2 = again.cup("ana")
    ana2.seed = ana.seed  # the same cup, its seed kept
    ana2.hello()
    assert ana2.heard()[-2:] == ["hub → ana: welcome proto=1 seat=0 seats=2", "hub → ana: deal 1 dice=2 nonce=…"]
    assert ana2.last[wire.DEAL] == ana.last[wire.DEAL]  # the deal in progress, as it was
    ana2.commit_again()
    assert ana2.last[wire.ENTROPY] == ana.last[wire.ENTROPY] and again.table.paused  # ben is still away
    ben2 = again.cup("ben")
    ben2.seed = ben.seed
    ben2.hello()
    ben2.commit_again()
    assert not again.table.paused and again.table.state.bids[-1][1] == Bid(2, 5)
    ana2.bid("3x5")
    assert again.journal()[-2:] == ["# the hub restarted; resuming from this journal", "ana bids 3x5"]


class Script:
    """A bot on the hub that plays the moves it was given, in order."""

    def __init__(self, *bids):
        self.moves = [Bid.parse(b) for b in bids]

    def act(self, view):
        return self.moves.pop(0)


def test_a_cup_and_a_bot_the_bots_dice_are_the_hubs_and_only_the_cup_is_asked_to_reveal(tmp_path):
    t = Transcript("dudo dice=1", tmp_path, cups=1, bots=[("cy", Script("1x3"))])
    ana = t.cup("ana")
    t.seat(ana)
    assert t.journal()[-5:-1] == ["#@ bot cy kind=normal", "#@ round 1 deal=1 nonce=…", "#@ commit cy …",
                                  "#@ entropy cy … check=…"]  # the bot's, drawn by the hub at the deal
    ana.commit()
    ana.bid("1x2")
    assert t.journal()[-2:] == ["ana bids 1x2", "cy bids 1x3"]
    ana.heard()
    ana.call()
    assert "hub → ana: reveal_req 1" in ana.heard()
    ana.reveal()
    lines = t.journal()
    assert lines[:5] == ["ana calls liar", "#@ seed ana …", "#@ vouch ana …", "#@ seed cy …",
                         f"roll ana {ana.dice()[0]}"]  # the bot's seed has no tag: the hub holds its dice
    assert lines[5].startswith("roll cy ") and t.table.finished


def test_a_game_resumed_between_rounds_deals_the_next_round_afresh(tmp_path):
    # The journal's last deal was revealed and ruled: no deal is in progress, so no cup can have lost dice it was
    # shown. Taken for one in progress, it was sent again, the cups (done with it) drew anew, and the table waited
    # for a `reroll` nobody needed.
    t, ana, ben = dealt(tmp_path)
    ben.bid("2x5")
    ana.call()
    ana.reveal()
    ben.reveal()
    assert len(t.table.state.history) == 1 and t.table.state.round == 2
    path = t.table.journal.path
    t.table.journal.close()  # the hub dies before the next deal
    again = Transcript("dudo dice=2", tmp_path)
    again.table.resume(read_journal(path), replay(path.read_text()).state, bots=None)
    ana2, ben2 = again.cup("ana"), again.cup("ben")
    ana2.hello()
    ben2.hello()
    again.advance(again.table.result_pause + 0.1)
    assert ana2.last[wire.DEAL][0] == ben2.last[wire.DEAL][0] == 2  # the next round's deal, not round 1's again
    ana2.commit()
    ben2.commit()
    assert not again.table.paused and again.table.state.round == 2
    assert not any("reroll" in line for line in again.journal())

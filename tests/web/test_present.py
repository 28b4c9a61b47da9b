"""What a table screen is told (dicecup.web.present), from real engine states: seats with their kinds, a pause and
why, a bot that never "drops", a phone seat, the reveal's count in the referee's words, and no journal path."""
from dicecup.hub.phases import RoundPhase
from dicecup.hub.snapshot import RoundRevealed, Said, SeatView, TableSnapshot
from dicecup.rules import LIAR, Bid, Move, Roll, Rules, apply, new_game
from dicecup.web.present import event_message, table_message


def seats(connected_ana=True):
    return (SeatView(0, "ana", "cup", 1, "pico", connected_ana), SeatView(1, "ben", "cup", 2, "phone", True),
            SeatView(2, "bot1", "bot", None, None, False))


def test_a_paused_table_says_whose_cup_dropped_and_a_bot_never_drops():
    state = new_game(Rules.parse("dudo"), ["ana", "ben", "bot1"])
    message = table_message(TableSnapshot(RoundPhase.BIDDING, seats=seats(connected_ana=False), state=state,
                                          paused=True, to_act=0, clock_left=12))
    assert message["paused"] and message["pause_reason"].startswith("ana's cup dropped: waiting for it")
    ana, ben, bot = message["seats"]
    assert (ana["kind"], ana["connected"], ana["note"]) == ("cup", False, "cup unplugged: waiting for it")
    assert (ben["kind"], ben["note"]) == ("phone", "phone cup")
    assert (bot["kind"], bot["connected"]) == ("bot", True)
    assert message["clock_left"] == 12 and message["to_act"] == "ana" and ana["to_act"]
    assert table_message(TableSnapshot(RoundPhase.BIDDING, seats=seats(), state=state))["pause_reason"] == ""


def test_the_reveal_is_told_with_the_referees_count_and_the_verdict():
    state = new_game(Rules.parse("dudo dice=2"), ["ana", "ben"])
    for event in (Move("ana", Bid(3, 4)), Move("ben", LIAR), Roll("ana", (4, 1)), Roll("ben", (4, 6))):
        state = apply(state, event)
    message = event_message(RoundRevealed(state.history[-1]))["round"]
    assert message["count_words"] == "2 fours + 1 wild one = 3" and message["count"] == 3
    assert message["verdict"] == "ben called liar: the call was wrong; ben loses the round"
    assert message["rolls"] == {"ana": [4, 1], "ben": [4, 6]} and message["bid_words"] == "three fours"


def test_where_the_hub_keeps_its_journal_is_not_told_to_the_room():
    said = event_message(Said("the game begins: dudo; journal /home/ana/.local/share/dicecup/games/x.txt"))
    assert said["text"] == "the game begins: dudo"


def test_the_seat_to_act_is_told_the_least_it_may_bid_on_each_face():
    """Where a phone's composer starts: after a switch to ones in dudo, going back needs twice as many plus one and
    more ones need one more; a face past the dice in play is none; nothing is told outside the bidding."""
    state = new_game(Rules.parse("dudo dice=2"), ["ana", "ben"])
    state = apply(apply(state, Move("ana", Bid(2, 4))), Move("ben", Bid(1, 1)))
    message = table_message(TableSnapshot(RoundPhase.BIDDING, seats=seats()[:2], state=state, to_act=0))
    assert message["floors"] == [None, 2, 3, 3, 3, 3, 3]
    sixes = apply(state, Move("ana", Bid(4, 6)))  # 4 dice in play: only 2 ones raise it
    assert table_message(TableSnapshot(RoundPhase.BIDDING, seats=seats()[:2], state=sixes, to_act=1))["floors"] == \
        [None, 2, None, None, None, None, None]
    called = apply(state, Move("ana", LIAR))
    assert table_message(TableSnapshot(RoundPhase.REVEALING, seats=seats()[:2], state=called))["floors"] is None


def test_a_refused_move_names_its_seat_so_that_seats_phone_shows_the_hubs_words():
    said = event_message(Said("can't do that (ben): 1x2 is too low to switch from ones at 1x1: needs at least 3x2",
                              refused="ben"))
    assert said["refused"] == "ben" and "needs at least 3x2" in said["text"]
    assert "refused" not in event_message(Said("ana's cup is back"))

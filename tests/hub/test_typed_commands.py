"""Issue 12 item 12 (part): typing at the hub. `help` lists the typed commands (it was refused as a bad move);
a seat's name is read in any case (`BOT1 bids 1x3` on bot1's turn was answered "it is bot1's turn"); a name
no seat has is answered "no seat called zed" (it was answered with whose turn it is). Lines reach the hub as
typed ones do, through its inbox, on a bots' table whose bots wait (so the typed move is the one made)."""
import io
import threading
import time

import pytest

from rich.console import Console

from dicecup.hub.screen import Screen
from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules


class TypingTable:
    def __init__(self, tmp_path):
        self.output = io.StringIO()
        screen = Screen(console=Console(file=self.output, width=120), brief=False)
        self.table = TableSetup(Rules.parse("fourdice dice=2"), data=tmp_path, seed="typing", screen=screen,
                                bot_names=["simple", "simple"], result_pause=0.0)
        self.hub = self.table.make_hub(expect_cups=0)
        self.hub.bot_delay = 1000.0  # the bots wait: the person types
        self.watch = self.hub.watch()
        self.thread = threading.Thread(target=self.table.play, kwargs={"timeout": 120}, daemon=True)
        self.thread.start()

    def type(self, line):
        self.table.inbox.put(("command", line))

    def wait(self, predicate, what, timeout=30.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if predicate():
                return
            time.sleep(0.02)
        raise AssertionError(f"timed out waiting for {what}; the screen said:\n{self.output.getvalue()[-3000:]}")

    def said(self, text):
        return text in self.output.getvalue()

    def close(self):
        self.table.close()
        self.thread.join(30)


def test_help_names_each_typed_command_and_seats_are_read_in_any_case(tmp_path):
    table = TypingTable(tmp_path)
    try:
        table.wait(lambda: table.watch.get().to_act is not None, "a seat to act")
        table.type("help")
        table.wait(lambda: table.said("retire NAME"), "help")
        for command in ("bids", "calls liar", "help"):
            assert table.said(command), table.output.getvalue()[-2000:]
        table.type("zed bids 3x3")
        table.wait(lambda: table.said("no seat called zed"), "no seat called zed")
        snapshot = table.watch.get()
        to_act = snapshot.seats[snapshot.to_act].name
        table.type(f"{to_act.upper()} bids 1x3")
        table.wait(lambda: table.hub.state.bids, f"{to_act.upper()}'s bid taken")
        assert not table.said(f"it is {to_act}'s turn"), table.output.getvalue()[-2000:]
    finally:
        table.close()


def test_retire_asks_first_for_a_seat_still_playing_and_yes_or_the_same_line_again_confirms(tmp_path):
    """Issue 12 item 14 (last part): `retire NAME` took a connected player out at once. A seat still playing (a
    connected cup, a bot) is asked about first; `no` keeps it; `yes` (or the same line again) within the window
    retires it; a `yes` after the window confirms nothing. An unplugged cup's seat goes at once
    (test_transcript_faces.py)."""
    table = TypingTable(tmp_path)
    try:
        table.wait(lambda: table.watch.get().to_act is not None, "a seat to act")
        table.type("retire bot1")
        table.wait(lambda: table.said("retire bot1?"), "the question")
        assert table.said("type `retire bot1` again (or `yes`) within 10 s"), table.output.getvalue()[-2000:]
        table.type("no")
        table.wait(lambda: table.said("bot1 stays in the game"), "no keeps the seat")
        assert all(table.watch.get().state.alive)

        table.hub.retiring.window = 0.0  # the question runs out at once: a late yes confirms nothing
        table.type("retire bot1")
        table.type("yes")
        table.wait(lambda: table.said("nothing to confirm"), "a late yes answered")
        assert all(table.watch.get().state.alive)

        table.hub.retiring.window = 60.0
        table.type("retire BOT1")
        table.type("retire bot1")  # the same line again confirms, as `yes` does
        table.wait(lambda: table.watch.get().finished, "bot1 retired and the game over")
        assert table.watch.get().winner == "bot2"
        assert "retire bot1" in table.hub.journal.path.read_text().splitlines()
    finally:
        table.close()


@pytest.mark.parametrize("call", ["liar", "calls", "dudo", "calls dudo", "call liar"])
def test_a_faces_table_takes_the_words_a_poker_table_does_and_says_refusals_one_way(tmp_path, call):
    """A dudo-kind table refused `bid 4x4`, `liar`, `calls`, `dudo`, which poker dice takes; its refusal listed
    journal lines nobody types (roll, rolloff, shot, ...) and doubled the name (`cup1: cup1 opens the round`)."""
    table = TypingTable(tmp_path)
    try:
        table.wait(lambda: table.watch.get().to_act is not None, "a seat to act")
        snapshot = table.watch.get()
        opener = snapshot.seats[snapshot.to_act].name
        table.type(f"{opener} {call}")
        table.wait(lambda: table.said("opens the round and must bid"), "the opener's call refused")
        assert table.said(f"can't do that: {opener} opens the round") and not table.said(f"{opener}: {opener}")
        table.type(f"{opener} jumps")
        table.wait(lambda: table.said("can't read"), "a line nobody can read refused")
        unread = next(line for line in table.output.getvalue().splitlines() if "can't read" in line)
        assert not {"roll", "rolloff", "shot", "timeout"} & set(unread.replace(",", " ").split()), unread
        table.type(f"{opener} bid 1x3")
        table.wait(lambda: table.hub.state.bids, f"{opener}'s bid taken")
        table.wait(lambda: table.watch.get().state.bids and table.watch.get().to_act is not None, "the next turn")
        snapshot = table.watch.get()
        table.type(f"{snapshot.seats[snapshot.to_act].name} {call}")
        table.wait(lambda: table.hub.state.call is not None or table.hub.state.history, f"`{call}` taken as liar")
    finally:
        table.close()


@pytest.mark.parametrize("rules", ["dudo", "poker lives=1"])
def test_retire_or_reroll_typed_without_a_name_asks_for_one(rules, tmp_path):
    """`retire` alone was answered "no seat called retire", as if the word were a seat's name."""
    table = TableSetup(Rules.parse(rules), data=tmp_path, seed="alone", bots=2, result_pause=0.0,
                       screen=lambda item: None)
    hub = table.make_hub(expect_cups=0)
    hub.clock = lambda: 0.0  # the bots never get their turn: only what is typed happens
    said = []
    hub.subscribe(lambda item: said.append(getattr(item, "text", None)))
    hub.tick()
    try:
        for line in ("retire", "reroll", "retire bot1 bot2"):
            said.clear()
            hub.command(line)
            word = line.split()[0]
            assert said == [f"can't do that: type `{word} NAME`, one seat's name (the seats: bot1, bot2)"], said
    finally:
        table.close()

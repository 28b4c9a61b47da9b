"""A phone in the room that cheats, at a real hub with bots, through the cup's own path (the "phone" transport,
paired, under a CupConnection). The page is a STAND-IN written in Python (test_phone_link.StandInPhone, which plays
the cup's part with cupcore's commit and dice functions), edited here to cheat one way each.

A cup commits once per deal; the hub takes a different commitment only from a cup it dealt to again (one that came
back from a drop or a reset without its dice: the round is then rolled again, unless it was called). A page that
simply sends a second, different commitment (say, once it is called and would rather not reveal) must not get the
round rolled again, nor may a called page that comes back on a fresh link without its dice. A reveal sent before
the call is not taken."""
import json
import secrets
import subprocess
import sys
import time

import pytest
from test_phone_link import GAME_DEADLINE, StandInPhone, journal_so_far, play_with


class RecommitsWhenCalled(StandInPhone):
    """At the first call, before revealing, sends a fresh commitment for the same deal (as if it had lost its
    dice), then reveals honestly."""

    recommitted = False

    def _on(self, message):
        if message.get("m") == "reveal_req" and not self.recommitted:
            self.recommitted = True
            self.say(m="commit", deal=message["deal"], digest=secrets.token_bytes(32).hex())
        super()._on(message)


def test_a_second_commitment_sent_when_called_does_not_get_the_round_rolled_again(tmp_path):
    journal, player = play_with(RecommitsWhenCalled, tmp_path, seed="cheat")
    assert player.recommitted
    text = journal.read_text()
    assert "reroll phone1" not in text, "a page's second commitment voided a called round:\n" + text
    assert "phone1 sent a second commitment" in text
    verdict = json.loads(subprocess.run([sys.executable, "-m", "dicecup", "referee", str(journal), "--json"],
                                        capture_output=True, text=True, timeout=60).stdout)
    assert verdict["winner"]


class RevealsBeforeTheCall(StandInPhone):
    """On its turn, before its move, sends a reveal: once with its true dice and seed, once with dice it never
    rolled. Neither may count: a reveal is taken only when the hub asks for it. (Only on its own turn: the table
    can't reach a call before its move does, whereas on another's turn a bot may call while the reveal is on its
    way, and then the hub rightly takes it as the phone's reveal.)"""

    early = 0

    def _on(self, message):
        if message.get("m") == "table" and message["turn"] == self.seat and self.deal and \
                self.deal[0] in self.peeked:
            number, _, count, seed = self.deal
            self.early += 1
            self.page.send(json.dumps({"type": "cup", "m": "reveal", "deal": number, "dice": self.peeked[number],
                                       "seed": seed.hex()}))
            self.page.send(json.dumps({"type": "cup", "m": "reveal", "deal": number, "dice": [6] * count,
                                       "seed": "00" * 16}))
        super()._on(message)


@pytest.mark.slow
def test_reveals_sent_before_the_call_are_not_taken_and_nothing_of_them_reaches_the_table(tmp_path):
    journal, player = play_with(RevealsBeforeTheCall, tmp_path, seed="cheat")
    assert player.early
    text = journal.read_text()
    assert "CHEAT" not in text and "retire" not in text and "reroll" not in text
    lines = text.splitlines()
    for number, line in enumerate(lines):  # every roll of the phone's is journaled after a call, never before
        if line.startswith("roll phone1 "):
            before = [l for l in lines[:number] if not l.startswith(("#", "roll "))]
            assert before and before[-1].endswith(("calls liar", "calls spot")), lines[max(0, number - 5):number + 1]
    verdict = json.loads(subprocess.run([sys.executable, "-m", "dicecup", "referee", str(journal), "--json"],
                                        capture_output=True, text=True, timeout=60).stdout)
    assert verdict["winner"]


class ComesBackWithoutItsDiceWhenCalled(StandInPhone):
    """Called, it does not reveal: its link is opened afresh on the same phone with its stored seed wiped (another
    phone or a private tab is refused outright: test_phone_bound), and the deal the hub sends it again is answered
    with a new commitment, as a phone that lost its dice would."""

    def __init__(self, url):
        self.fled = False
        super().__init__(url)

    def _on(self, message):
        if message.get("m") == "reveal_req" and not self.fled:
            self.fled = True
            return self.reopen_afresh()
        super()._on(message)


def retires_the_phone_once_the_game_waits_for_it(table, hub):
    """The host, told the called phone came back without its dice, types `retire phone1` (and confirms)."""
    deadline = time.monotonic() + GAME_DEADLINE
    while "phone1's cup came back without its dice after the call" not in journal_so_far(hub):
        assert time.monotonic() < deadline, "the hub never said the called phone came back without its dice"
        time.sleep(0.05)  # polling the journal file, within the deadline
    assert hub.paused, "the game went on without the called phone's dice"
    table.inbox.put(("command", "retire phone1"))
    table.inbox.put(("command", "yes"))


@pytest.mark.slow
def test_a_phone_that_comes_back_without_its_dice_after_a_call_does_not_void_the_call(tmp_path):
    # Rolled again, the call would be void: a called player could escape it by opening the link in a private tab.
    # The call stands instead; the game waits, as for a cup that won't reveal, until the host retires the seat.
    journal, player = play_with(ComesBackWithoutItsDiceWhenCalled, tmp_path, seed="cheat",
                                host=retires_the_phone_once_the_game_waits_for_it)
    assert player.fled
    text = journal.read_text()
    assert "reroll phone1" not in text, text
    assert "\nretire phone1\n" in text, text
    verdict = json.loads(subprocess.run([sys.executable, "-m", "dicecup", "referee", str(journal), "--json"],
                                        capture_output=True, text=True, timeout=60).stdout)
    assert verdict["winner"] in ("bot1", "bot2")

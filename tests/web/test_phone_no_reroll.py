"""A phone that tries for new dice mid-bidding (issue 24 item 1): its page's websocket reopened on the same phone
(its device secret kept), its stored seed wiped, so the deal the hub sends again gets a fresh commitment -- what
the stock page does after localStorage is cleared and reloaded, and what a rogue client does at will. A real hub
with bots and the real web server; the phone is test_phone_link's Python stand-in. The hub sends no entropy for
the fresh seed and rolls nothing until the host types `reroll phone1`."""
import time

from test_phone_link import StandInPhone, journal_so_far, play_with


class ReopensWithAFreshSeed(StandInPhone):
    """On its turn with a bid standing (so nobody can call meanwhile), its dice seen, reopens its link with a
    fresh seed (once)."""

    def __init__(self, url):
        self.reopened = False
        self.entropy_for = []  # the deals the hub sent it entropy for, in order
        super().__init__(url)

    def _on(self, message):
        if message.get("m") == "entropy":
            self.entropy_for.append(message["deal"])
        if message.get("m") == "table" and message["qty"] and message["turn"] == self.seat and not self.reopened \
                and self.deal and \
                self.deal[0] in self.peeked:
            self.reopened = True
            return self.reopen_afresh()
        super()._on(message)


def consents_once_the_host_is_asked(table, hub):
    deadline = time.monotonic() + 30
    while "phone1's cup came back without the dice it was shown" not in journal_so_far(hub):
        assert time.monotonic() < deadline, "the hub never asked the host about the phone's dice:\n" + \
            journal_so_far(hub)[-1500:]
        time.sleep(0.05)  # polling the journal file, within the deadline
    assert hub.paused and "\nreroll phone1\n" not in journal_so_far(hub), "rolled again on the phone's word"
    table.inbox.put(("command", "reroll phone1"))


def test_a_phone_reopening_its_link_with_a_fresh_seed_gets_no_new_dice_until_the_host_consents(tmp_path):
    journal, player = play_with(ReopensWithAFreshSeed, tmp_path, seed="phone",
                                host=consents_once_the_host_is_asked)
    assert player.reopened
    text = journal.read_text()
    assert text.count("#@ reroll phone1 by=host\nreroll phone1\n") == 1 and text.count("\nreroll ") == 1
    assert len(player.entropy_for) == len(set(player.entropy_for)), \
        f"entropy sent again for a deal after the fresh seed: {player.entropy_for}"  # no new dice for it


def test_the_table_screen_says_the_host_is_awaited_not_that_the_cups_are_away(tmp_path):
    """Every cup is back and the table waits for the host's `reroll phone1`: the screen's banner said "waiting for
    every cup to come back", and the room waited for nothing."""
    from dicecup.web.present import table_message

    banners = []

    def reads_the_screen_then_consents(table, hub):
        latest = hub.watch()  # the table screen's view of the hub: its snapshots, from another thread
        held = latest.wait(lambda snap: snap.paused and "reroll" in snap.held, timeout=30)
        assert held is not None, "the hub never waited for the host:\n" + journal_so_far(hub)[-1500:]
        banners.append(table_message(held)["pause_reason"])
        table.inbox.put(("command", "reroll phone1"))

    play_with(ReopensWithAFreshSeed, tmp_path, seed="phone", host=reads_the_screen_then_consents)
    assert banners == ["phone1's cup came back without the dice it was shown: the host types `reroll phone1` to "
                       "roll this round again, or `retire phone1`"]

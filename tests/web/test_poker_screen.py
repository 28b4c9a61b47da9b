"""The poker-dice table on the web screen (issue 15 item 1, issue 14): a real hub with three poker bots (what
`dicecup play --rules poker --bots 3` seats), the real server, and

- a real websocket client that reads every message a page gets and proves that no face of a die under the cup
  reaches it while the die is hidden: every face it gets is one the journal has already shown on the table
  (its `shows`/`rolls`/`tries` lines, each after the die's `die-seed`), or a round already revealed;
- Debian's Chromium following a whole game: who holds the cup, the open dice, the bids, each reveal, the winner.

The game is short (one life each: two rounds for three seats) and the bots quick."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from webpages import browser  # noqa: F401 - the fixture
from webpages import Listener, socket_url

from dicecup.hub.phases import RoundPhase
from dicecup.hub.snapshot import SeatView, TableSnapshot
from dicecup.rules import Rules
from dicecup.rules.poker import PokerBid, apply, new_poker_game, parse_event
from dicecup.rules.poker.hands import rank_char
from dicecup.hub.poker.codes import code_of_hand
from dicecup.web.present import Presenter
from dicecup.hub.snapshot import PokerRevealed, Said
from dicecup.web.shots import PokerMoments, at_moments, bots_table

RULES = "poker lives=1"
DEMO_DEADLINE = 150  # seconds: a short demo with a MicroPython cup on a loaded machine
FACES = set("9TJQKA")


def journal_states(path: Path):
    """Every state of the game its journal tells, in order, with the event that made it: [(event, state)]."""
    lines = Path(path).read_text().splitlines()
    rules = next(line.split(" ", 1)[1] for line in lines if line.startswith("rules "))
    seats = next(line.split()[1:] for line in lines if line.startswith("seats "))
    state = new_poker_game(Rules.parse(rules), seats)
    states = []
    for line in lines:
        if line and not line.startswith(("#", "rules ", "seats ")):
            event = parse_event(line)
            state = apply(state, event)
            states.append((event, state))
    return states


def open_pattern(state) -> str:
    """The cup's dice as everyone sees them: a die on the table by its face, one under the cup as `?`."""
    return "".join(rank_char(f) if on else "?" for f, on in zip(state.faces, state.on_table))


def page_pattern(message) -> str:
    return "".join(die["face"] if die["open"] else "?" for die in message["dice"])


def faces_outside(message, path=()):
    """Every die face (a lone 9 T J Q K A) in a message that is neither an open die nor a revealed round's dice."""
    found = []
    if isinstance(message, dict):
        for key, value in message.items():
            if key in ("bid", "made"):  # hand notation (a bid of `K` is "one king"), not a die
                continue
            found += faces_outside(value, path + (key,))
    elif isinstance(message, list):
        for i, value in enumerate(message):
            found += faces_outside(value, path + (i,))
    elif isinstance(message, str) and message in FACES:
        revealed = path[0] in ("history", "round") and "dice" in path
        open_die = len(path) == 3 and path[0] == "dice" and path[2] == "face"
        if not (revealed or open_die):
            found.append(path)
    return found


def test_a_die_moved_back_under_the_cup_is_sent_face_down_though_the_table_saw_it():
    state = new_poker_game(Rules.parse("poker"), ["ana", "ben", "cy"])
    for line in ("ana shakes", "ana bids KKQQ left", "ben accepts", "ben shows 1=K 2=Q", "ben hides 2"):
        state = apply(state, parse_event(line))
    assert state.faces[1] == 4 and not state.on_table[1]  # the engine still knows it: the page must not
    views = tuple(SeatView(i, name, "bot", None, None, False) for i, name in enumerate(state.seats))
    present = Presenter()
    message = present(TableSnapshot(RoundPhase.BIDDING, game="poker", seats=views, state=state, to_act=1))
    assert message["game"] == "poker" and page_pattern(message) == "K????"
    assert [sorted(die) for die in message["dice"][1:]] == [["die", "open"]] * 4
    assert faces_outside(message) == []
    assert message["holder"] == "ben" and message["direction"] == "left"
    assert [(s["name"], s["lives"], s["holds"]) for s in message["seats"]] == \
        [("ana", 3, False), ("ben", 3, True), ("cy", 3, False)]
    assert message["standing"] == {"bid": "KKQQ", "words": "two pairs kings and queens", "by": "ana"}


def test_the_lowest_hand_above_the_standing_bid_is_told_where_the_phone_composes_from():
    state = new_poker_game(Rules.parse("poker"), ["ana", "ben"])
    views = tuple(SeatView(i, name, "cup", 7, "phone", True) for i, name in enumerate(state.seats))
    present = Presenter()

    def told(state):
        return present(TableSnapshot(RoundPhase.BIDDING, game="poker", seats=views, state=state))["raise"]

    assert told(state) is None  # nothing stands: the opener bids anything, junk included
    for line in ("ana shakes", "ana bids KKQQ left", "ben accepts"):
        state = apply(state, parse_event(line))
    assert told(state) == {"above": code_of_hand(state.standing), "dice": [5, 5, 4, 4, 1]}  # KKQQ9
    assert told(apply(state, parse_event("ben bids AAAAA"))) is None  # nothing beats five aces


def test_a_dropped_table_cup_pauses_with_its_reason_and_five_of_a_kind_is_told_as_rolled_for():
    state = new_poker_game(Rules.parse("poker"), ["ana", "ben"])
    for line in ("ana shakes", "ana bids KKKKK left", "ben accepts", "reveal K K K Q 9", "ben tries 4=K"):
        state = apply(state, parse_event(line))
    assert state.phase == "tries"
    cup = tuple(SeatView(i, name, "cup", 7, "sim", False) for i, name in enumerate(state.seats))
    present = Presenter()
    message = present(TableSnapshot(RoundPhase.BIDDING, game="poker", seats=cup, state=state, to_act=1, paused=True))
    assert message["paused"] and message["pause_reason"].startswith("the table's cup dropped: waiting for it")
    assert [s["connected"] for s in message["seats"]] == [False, False]
    assert message["doing"] == "ben rolls for five of a kind: try 2 of 3" and page_pattern(message) == "KKKK9"
    state = apply(state, parse_event("ben tries 5=K"))
    revealed = present(PokerRevealed(state.history[-1]))["round"]
    assert revealed["verdict"] == ("ben accepted KKKKK by ana, rolled for five of a kind and made it in 2 tries; "
                                   "nobody loses a life")
    assert revealed["lit"] == [True] * 5 and revealed["loser"] is None
    assert present(TableSnapshot(RoundPhase.BIDDING, game="poker", seats=cup, state=state))["history"] == [revealed]


def test_what_the_holder_sees_under_the_cup_is_not_said_to_the_room():
    """A move typed at the hub for the holder (`bot2 accepts` at a table whose dice the hub holds) answers with
    the dice under the cup, for whoever typed it: the hub's terminal shows it, a table screen must not."""
    state = new_poker_game(Rules.parse("poker"), ["ana", "ben"])
    present = Presenter()
    present(TableSnapshot(RoundPhase.BIDDING, game="poker", seats=(), state=state, to_act=0))
    assert present(Said("ben looks under the cup: 1=K 2=Q 3=9 4=A 5=A", quiet=True, private=True)) is None
    assert present(Said("ben accepts and looks under the cup", quiet=True))["text"] == \
        "ben accepts and looks under the cup"


def test_a_poker_page_never_receives_a_face_of_a_die_under_the_cup(tmp_path):
    with bots_table(RULES, seed="poker-no-peeking", bots=3, data=tmp_path) as (hub, web, runner):
        page = Listener(socket_url(web.url))
        assert page.wait_for(lambda m: m["type"] == "hello")
        runner.start()
        assert page.wait_for(lambda m: m["type"] == "won") is not None, "the game did not end"
        page.close()
        journal = hub.journal.path
    states = journal_states(journal)
    assert any(" hides " in str(event) for event, _ in states), "no die went back under the cup: pick a seed"
    seen_on_table = {}  # round -> every pattern of open dice the journal had told by then
    for _, state in states:
        seen_on_table.setdefault(state.round, set()).add(open_pattern(state))
    tables = [m for m in page.messages if m["type"] == "table" and m.get("game") == "poker"]
    assert tables, "no poker table was sent"
    shown = set()
    for message in page.messages:
        assert faces_outside(message) == [], message
        if message in tables and message["dice"]:
            pattern = page_pattern(message)
            assert pattern in seen_on_table[message["round"]], (pattern, message["round"])
            assert all("face" not in die for die in message["dice"] if not die["open"])
            shown.add(pattern)
        for outcome in message.get("history", []):
            assert any(m["type"] == "reveal" and m["round"]["n"] == outcome["n"]
                       for m in page.messages[:page.messages.index(message)]), "a round's dice before its reveal"
    assert any(p != "?????" for p in shown), "the page never got an open die"
    reveals = [m["round"] for m in page.messages if m["type"] == "reveal"]
    final = [s for _, s in states][-1]
    assert [r["n"] for r in reveals] == [o.n for o in final.history]
    for told, outcome in zip(reveals, final.history):
        assert told["dice"] == [rank_char(f) for f in outcome.dice] and told["loser"] == outcome.loser
        assert told["made"] == str(outcome.made) and told["bid"] == str(outcome.bid)
    assert page.wait_for(lambda m: m["type"] == "won")["winner"] == final.seats[final.winner]


RECORDER = """
window.__seen = [];
document.addEventListener("DOMContentLoaded", () => new MutationObserver(() => {
  const q = (s) => document.querySelector(s);
  if (!q("#cupdice")) return;
  const now = {turn: q("#turn").innerText, dice: [...document.querySelectorAll("#cupdice .pdie")]
                 .sort((a, b) => a.dataset.die - b.dataset.die).map((d) => d.dataset.face || "?").join(""),
               bids: [...document.querySelectorAll("#bids li")].map((li) => li.innerText),
               standing: q("#standing").innerText, holder: [...document.querySelectorAll("#seats .seat.holds")]
                 .map((s) => s.dataset.seat).join(",")};
  const last = window.__seen[window.__seen.length - 1];
  if (!last || JSON.stringify(last) !== JSON.stringify(now)) window.__seen.push(now);
}).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true}));
"""


@pytest.mark.slow
def test_a_browser_follows_a_whole_poker_game(browser, tmp_path):
    with bots_table(RULES, seed="poker-page", bots=3, data=tmp_path) as (hub, web, runner):
        hub.bot_delay = 0.02
        page = browser.new_page()
        page.add_init_script(RECORDER)
        page.goto(web.url)
        page.wait_for_selector("#seats .seat")
        runner.start()
        page.wait_for_selector(".banner.won", timeout=60_000)
        seen = page.evaluate("window.__seen")
        rounds = {int(item.get_attribute("data-round")): item.inner_text()
                  for item in page.query_selector_all("#rounds li")}
        banner = page.inner_text(".banner.won")
        seats = page.inner_text("#seats")
        live = int(page.evaluate("document.body.dataset.liveReveals || 0"))
        journal = hub.journal.path
    states = journal_states(journal)
    final = states[-1][1]
    winner = final.seats[final.winner]
    assert banner == f"{winner} wins the game"
    assert live == len(final.history) == len(rounds)
    for outcome in final.history:
        shown = rounds[outcome.n]
        assert f"{outcome.caller} called liar on {outcome.bid} by {outcome.bidder}" in shown, shown
        assert ("the call was right" if outcome.correct else "the call was wrong") in shown
        assert f"{outcome.loser} loses a life" in shown
        assert " ".join(rank_char(f) for f in outcome.dice) in shown
    assert f"{winner}\n♥\n1 life" in seats.replace("BOT\n", "") and seats.count("\nout\n") == 2  # lives, not dice
    # every bid and who then held the cup, as the journal has them, with the dice open on the table at that moment
    for event, state in states:
        if isinstance(event, PokerBid):
            holder = state.seats[state.holder]
            bid = f"{event.seat} {event.hand}"
            assert any(s["holder"] == holder and f"{holder} holds the cup" in s["turn"] and
                       any(line.startswith(bid) for line in s["bids"]) and s["dice"] == open_pattern(state)
                       for s in seen), (bid, holder, open_pattern(state))
    assert any(set(s["dice"]) - {"?"} for s in seen), "no open die was ever drawn"


@pytest.mark.slow
def test_the_poker_demo_serves_the_table_screen_with_its_one_cup_passed_round(tmp_path):
    """`dicecup demo --rules poker --web`: one virtual cup (the real firmware on MicroPython) passed between two
    seats; a page gets the poker table, both seats on that cup, the reveal and the winner (it ignored --web). One
    round only: the hands compose each bid with the cup's buttons, about 4 s a bid."""
    demo = subprocess.Popen([sys.executable, "-m", "dicecup", "demo", "--rules", "poker", "--cups", "2", "--seed",
                             "poker-screen", "--brief", "--data", str(tmp_path), "--web", "127.0.0.1:0", "lives=1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = []
        for line in demo.stdout:
            lines.append(line)
            found = re.match(r"table screen: (http://127\.0\.0\.1:\d+/t/\S+)$", line.strip())
            if found or line.startswith("journal: "):
                break
        assert found, "".join(lines)
        page = Listener(socket_url(found.group(1)))
        won = page.wait_for(lambda m: m["type"] == "won", timeout=DEMO_DEADLINE)
        out, err = demo.communicate(timeout=DEMO_DEADLINE)
        page.close()
    finally:
        if demo.poll() is None:
            demo.kill()
            demo.communicate()
    assert demo.returncode == 0 and "Traceback" not in err, err[-2000:]
    out = "".join(lines) + out
    assert won is not None and f"{won['winner']} wins the game." in out
    tables = [m for m in page.messages if m["type"] == "table" and m.get("game") == "poker"]
    assert tables and all(faces_outside(m) == [] for m in page.messages)
    assert [(s["name"], s["kind"]) for s in tables[-1]["seats"]] == [("ana", "player"), ("ben", "player")]
    reveals = [m["round"] for m in page.messages if m["type"] == "reveal"]
    assert len(reveals) == 1 and all(f"round {r['n']}: {r['caller']} called liar" in out for r in reveals)


def test_no_poker_seat_is_called_a_cup_or_a_phone_though_every_one_holds_the_tables_cup():
    """Every seat at a poker table names the table's one cup (a board or a phone): each seat's badge read CUP (or
    PHONE), as if each player had one. A seat is a bot's, or a player's."""
    state = new_poker_game(Rules.parse("poker"), ["ana", "ben", "bot1"])
    views = (SeatView(0, "ana", "cup", 7, "phone", True), SeatView(1, "ben", "cup", 7, "pico", True),
             SeatView(2, "bot1", "bot", None, None, False))
    message = Presenter()(TableSnapshot(RoundPhase.BIDDING, game="poker", seats=views, state=state))
    assert [seat["kind"] for seat in message["seats"]] == ["player", "player", "bot"]


SEAT_CARDS = """() => {
  const main = document.querySelector('main'), pad = parseFloat(getComputedStyle(main).paddingRight);
  const right = main.getBoundingClientRect().right - pad;
  return {right, cards: [...document.querySelectorAll('#seats .seat')].map((card) => ({
    right: card.getBoundingClientRect().right,
    inside: [...card.querySelectorAll('*')].every((n) => n.getBoundingClientRect().right <= card.getBoundingClientRect().right + 0.5)}))};
}"""


def test_a_poker_table_on_a_phone_keeps_every_seat_card_whole_on_the_screen(browser):
    """At 390 px the right-hand seat cards ran past the page's margin to the screen's edge and beyond, their words
    cut: the cards' columns now share the width and their words wrap."""
    seen = at_moments(browser, "poker", "phone-poker", PokerMoments(), 3,
                      lambda moment, page: page.evaluate(SEAT_CARDS), viewport=(390, 844))
    for moment, measured in seen.items():
        assert len(measured["cards"]) == 3, measured
        for card in measured["cards"]:
            assert card["right"] <= measured["right"] + 0.5 and card["inside"], (moment, measured)


def test_a_poker_phones_link_is_told_as_the_tables_cup_not_one_players_seat(tmp_path):
    import io

    from dicecup.hub.tablesetup import TableSetup
    from dicecup.web.launch import open_table_screen, phone_seats
    from dicecup.web.phonepage import seat_codes

    table = TableSetup(Rules.parse("poker"), data=tmp_path, screen=lambda item: None, bot_names=())
    hub = table.make_hub(expect_cups=1)
    seats = phone_seats(1, table.keys)
    out = io.StringIO()
    web = open_table_screen(("127.0.0.1", 0), hub, out=out, phones=seats)
    try:
        line = next(line for line in out.getvalue().splitlines() if line.startswith("phone1's phone"))
        assert "the table's cup, passed round from player to player" in line and "phone1's seat" not in line
        ask = seat_codes(web, {"phase": "seating", "seats": []})["ask"]  # the screen's words: said so too
        assert "The table's cup on a phone" in ask and "your seat's code" not in ask
    finally:
        web.close()
        table.close()
        for seat in seats:
            seat.forget()

"""`dicecup play --rules poker --players ana,ben` (issue 14 item 3): the table's one cup -- a virtual cup, the real
firmware on the MicroPython unix port behind a real pty -- passed between named people who type at the hub, through
a real `dicecup play` process. Bad tables are refused in one line."""
import queue
import re
import subprocess
import sys
import threading
import time

import pytest

from dicecup.sim.hands import led_state
from dicecup.sim.virtualcup import VirtualCups, find_micropython


class Play:
    """A `dicecup play` process whose stdin is typed at and whose output is read line by line."""

    def __init__(self, *words, data):
        self.process = subprocess.Popen([sys.executable, "-m", "dicecup", "play", *words, "--data", str(data)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True)
        self.lines, self.said = queue.Queue(), []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            self.said.append(line)
            self.lines.put(line)

    def until(self, pattern, timeout=60.0) -> re.Match:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                continue
            found = re.search(pattern, line)
            if found:
                return found
        raise AssertionError(f"never said {pattern!r}:\n{''.join(self.said)[-3000:]}")

    def type(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(30)


def _play_one_round(play, names, shake):
    """The opener shakes and bids five aces; the other calls liar: with lives=1 that ends the game."""
    play.until(r"is the table's cup, passed round: " + ", ".join(names) + " play with it")
    opener = play.until(r"^(\w+) holds the cup").group(1)
    caller = next(name for name in names if name != opener)
    shake(opener)
    play.until(rf"^{opener} shakes")
    play.type(f"{opener} bids AAAAA left")
    play.until(rf"^{opener} bids AAAAA \(five aces\) and passes the cup left to {caller}")
    play.type(f"{caller} calls liar")
    winner = play.until(r"^(\w+) wins the game\.").group(1)
    journal = play.until(r"^journal: (\S+)").group(1)
    assert play.process.wait(30) == 0
    return winner, journal


def _checks(journal, winner):
    refereed = subprocess.run([sys.executable, "-m", "dicecup", "referee", journal], capture_output=True, text=True,
                              timeout=60)
    assert refereed.returncode == 0 and f"winner: {winner}" in refereed.stdout, refereed.stdout + refereed.stderr
    verified = subprocess.run([sys.executable, "-m", "dicecup", "verify", journal], capture_output=True, text=True,
                              timeout=60)
    assert verified.returncode == 0, verified.stdout + verified.stderr


def test_play_sim_1_players_passes_the_virtual_cup_between_people_typing_at_the_hub(tmp_path):
    play = Play("--rules", "poker", "lives=1", "--sim", "1", "--players", "ana,ben", data=tmp_path)
    try:
        winner, journal = _play_one_round(play, ("ana", "ben"), shake=lambda name: play.type(f"{name} shakes"))
    finally:
        play.close()
    _checks(journal, winner)


def test_play_port_players_passes_a_cup_whose_buttons_the_opener_presses(tmp_path):
    with VirtualCups(1, runtime=find_micropython(), fast=True, seed="port", keyed=False) as cups:
        cup = cups[0]
        play = Play("--rules", "poker", "lives=1", "--port", cup.path, "--players", "cy,dee",
                    "--allow-unpaired", data=tmp_path)
        try:
            play.until(r"hold its B button to take the next seat")
            cup.press("b", "long")  # the cup is lifted off the table: everyone sits with it
            winner, journal = _play_one_round(play, ("cy", "dee"), shake=lambda name: _shake(cup))
        finally:
            play.close()
    _checks(journal, winner)


def _shake(cup, timeout=30.0):
    """The opener's B long, once the cup shows it is in the opening (its LED word: poker-ROUND-STAGE-HOLDER-idle)."""
    deadline = time.monotonic() + timeout
    while not led_state(cup.leds()).startswith("poker-1-") or led_state(cup.leds()).endswith("busy"):
        assert time.monotonic() < deadline, f"the cup never showed the opening: {cup.leds()!r}"
        time.sleep(0.02)
    cup.press("b", "long")


@pytest.mark.parametrize("words, says", [
    (("--rules", "poker", "--sim", "1"), "poker dice passes one cup round the table: name who shares it"),
    (("--rules", "poker", "--sim", "2", "--players", "ana,ben"), "one cup passed round, not 2"),
    (("--rules", "poker", "--sim", "1", "--phones", "1", "--players", "ana,ben"), "one cup passed round, not 2"),
    (("--rules", "poker", "--phones", "2", "--players", "ana,ben", "--web", "0"), "one cup passed round, not 2"),
    (("--rules", "poker", "--sim", "1", "--players", "ana,Ana"), "--players names ana twice"),
    (("--rules", "poker", "--sim", "1", "--players", "ana,b n"), "'b n' is not a name"),
    (("--rules", "poker", "--sim", "1", "--players", "ana"), "poker seats 2 to"),
    (("--sim", "1", "--players", "ana,ben"), "--players names who pass one cup round, at poker dice"),
])
def test_a_poker_table_that_cant_be_played_is_refused_in_one_line(tmp_path, words, says):
    done = subprocess.run([sys.executable, "-m", "dicecup", "play", *words, "--data", str(tmp_path)],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr[-600:]
    assert says in done.stderr and "Traceback" not in done.stderr

"""Issue 12 item 3: `dicecup resume` on a game the hub can't bring back — a hand-written record with no cup
lines, or a game whose virtual cups ended with the `play --sim`/`demo` that started them — waited forever (or
failed) and appended a line to the user's file on every try. Now: one plain line saying why, the file
untouched, every time. Real processes, no standard input."""
import subprocess

import pytest

from clirun import dicecup, one_plain_line

HAND_WRITTEN = "rules dudo\nseats ana ben\n"
GONE = ("rules dudo\nseats ana ben\n"
        "#@ cup ana id=11 board=sim fw=0.1 port=serial:/tmp/dicecup-sim-gone-for-good/cup1\n"
        "#@ cup ben id=12 board=sim fw=0.1 port=serial:/tmp/dicecup-sim-gone-for-good/cup2\n")

# A phone seat's link and key live only in the hub that made them (`play --phones`): a resumed hub waited forever.
PHONES = ("rules dudo\nseats phone1 ben\n"
          "#@ cup phone1 id=21 board=phone fw=0.1 port=phone:phone1\n"
          "#@ cup ben id=12 board=pico fw=0.1 port=serial:/dev/ttyACM0\n")


@pytest.mark.parametrize("text, why", [(HAND_WRITTEN, "no cup"), (GONE, "virtual"), (PHONES, "phone")],
                         ids=["no-cups", "gone", "phones"])
def test_resume_refuses_a_game_it_cannot_bring_back_and_leaves_the_file_alone(text, why, tmp_path):
    record = tmp_path / "game.txt"
    record.write_text(text)
    for _ in range(2):  # every try: the same answer, nothing appended
        try:
            proc = dicecup("resume", record, "--data", tmp_path / "data", timeout=30)
        except subprocess.TimeoutExpired:
            pytest.fail("dicecup resume gave no answer in 30 s")
        line = one_plain_line(proc, "resume")
        assert why in line, line
        assert record.read_text() == text

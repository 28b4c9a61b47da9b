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

# A phone seat's link and key were only in the hub that made them (`play --phones`): a resumed hub waited forever.
PHONES = ("rules dudo\nseats phone1 ben\n"
          "#@ cup phone1 id=21 board=phone fw=0.1 port=phone:phone1\n"
          "#@ cup ben id=12 board=pico fw=0.1 port=serial:/dev/ttyACM0\n")


# Their hub keeps them beside the journal (web/phonekeep.py); a resume without that file, or with one damaged or
# holding other phones, can't bring them back.
KEPT_OTHERS = ('{"web": {"host": "127.0.0.1", "port": 8080, "token": "t", "cert": null}, "phones": [{"name": '
               '"zoe", "cup_id": 9, "token": "z", "key": "00", "link_key": "00", "device": null}]}')


@pytest.mark.parametrize("text, kept, why", [
    (HAND_WRITTEN, None, "no cup"), (GONE, None, "virtual"),
    (PHONES, None, "phone1 played on a phone, and the phones' links and keys are not beside the journal"),
    (PHONES, '{"web": ', "game.txt.phones, which keeps their links and keys, is damaged"),
    (PHONES, KEPT_OTHERS, "phone1 played on a phone that"),
], ids=["no-cups", "gone", "phones-not-kept", "phones-damaged", "phones-others"])
def test_resume_refuses_a_game_it_cannot_bring_back_and_leaves_the_file_alone(text, kept, why, tmp_path):
    record = tmp_path / "game.txt"
    record.write_text(text)
    if kept is not None:
        (tmp_path / "game.txt.phones").write_text(kept)
    for _ in range(2):  # every try: the same answer, nothing appended
        try:
            proc = dicecup("resume", record, "--data", tmp_path / "data", timeout=30)
        except subprocess.TimeoutExpired:
            pytest.fail("dicecup resume gave no answer in 30 s")
        line = one_plain_line(proc, "resume")
        assert why in line, line
        assert record.read_text() == text

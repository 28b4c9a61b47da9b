"""A Pico whose ring oscillator gives no randomness (as rp2040js's own stub did: os.urandom returned 0x2a, byte
after byte) is flashed and seated like any cup, but never commits to a secret: the hub says in words that the
board can't roll fair dice, and the journal holds no commitment of it. With cupcore/randomcheck.py taken out,
the cup commits to 2a2a...2a, which anyone who knows the board can read the dice off."""
from chiphelpers import take_a_seat
from processes import HubProcess
from dicecup.sim.chip.flashed import FlashedPicos


def test_a_pico_with_a_stuck_random_source_says_so_and_commits_to_nothing(tmp_path, shelf):
    with FlashedPicos(["ana"], tmp_path / "boards", saved=shelf, rosc_stuck=True) as picos:
        data = picos.registry_dir
        with HubProcess(["play", "--rules", "dudo", "dice=2", "--port", picos[0].path, "--bots", "1",
                         "--data", str(data)], trace=False) as hub:
            hub.wait_for("a cup called ana is here")
            take_a_seat(hub, picos[0])
            hub.wait_for("the game begins")
            hub.wait_for("ana's cup has no working random source")
        journal = next((data / "games").glob("*.txt")).read_text()
    assert "#@ commit bot1 " in journal and "#@ commit ana " not in journal

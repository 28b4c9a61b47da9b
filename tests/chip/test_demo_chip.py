"""`dicecup demo --board pico`: emulated Picos on their stock MicroPython, each flashed by `dicecup flash`, play a
whole game through their pins, and the journal verifies (a one-die game: the same path in a round or two)."""
import os
import subprocess
import sys



def test_dicecup_demo_on_emulated_picos_plays_to_a_winner_whose_journal_verifies(tmp_path):
    done = subprocess.run([sys.executable, "-m", "dicecup", "demo", "--board", "pico", "--cups", "2", "dice=1",
                           "--data", str(tmp_path), "--brief"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "flashed by `dicecup flash`" in done.stdout and "wins the game" in done.stdout
    journal = next((tmp_path / "games").glob("*.txt"))
    verified = subprocess.run([sys.executable, "-m", "dicecup", "verify", str(journal)], capture_output=True,
                              text=True)
    # The dice came from each chip's own random source and the hub's draws from the system's: dealt fairly (it
    # was "not dealt fairly: ... seeded", as a replayable demo on virtual cups is).
    assert verified.returncode == 0 and "every commitment, entropy and die checks" in verified.stdout, \
        verified.stdout + verified.stderr
    assert "#@ seeded" not in journal.read_text()


def test_without_node_the_demo_on_boards_says_in_one_line_what_to_install(tmp_path):
    env = dict(os.environ, PATH=str(tmp_path))  # a PATH with no node on it
    done = subprocess.run([sys.executable, "-m", "dicecup", "demo", "--board", "pico", "--data", str(tmp_path)],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 1
    said = done.stderr.strip().splitlines()
    assert len(said) == 1 and "Node.js" in said[0] and "apt-get install nodejs npm" in said[0], done.stderr
    assert "Traceback" not in done.stdout + done.stderr

"""`dicecup sim` read lines as people type them (issue 12, the ones nobody listed): `plug cup1` for a cup whose
cable was never pulled said "cup1 plugged in again", and `unplug` alone was "don't know 'unplug'". Through a real
`dicecup sim 2`, its commands on its standard input."""
import subprocess
import sys


def test_sim_says_what_a_typed_line_did(tmp_path):
    typed = "plug cup1\nunplug\nunplug cup2\nunplug cup2\nplug cup2\nquit\n"
    proc = subprocess.run([sys.executable, "-m", "dicecup", "sim", "2"], input=typed, capture_output=True,
                          text=True, timeout=120, cwd=tmp_path)
    said = proc.stdout
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    assert "cup1 is plugged in already" in said and "cup1 plugged in again" not in said, said
    assert "unplug which cup? the cups are cup1, cup2" in said, said
    assert said.count("cup2 unplugged") == 1 and "cup2 is unplugged already" in said, said
    assert "cup2 plugged in again" in said, said

"""Two hubs started at once in a fresh data folder (the README's demo in two terminals) each make the hub's key on
first use: before, each wrote its own into hub.key, so one hub signed its journal with a key the folder no longer
held, and a hub that read the file between the other's create and write was told it "is not a hub key". Real
processes, released together, each printing the key it got."""
import subprocess
import sys
import time


MAKERS = 6
MAKE_KEY = """
import pathlib, sys, time
from dicecup.hub.hubkey import HubKey
go = pathlib.Path(sys.argv[1]) / "go"
while not go.exists():
    time.sleep(0.001)
print(HubKey.in_folder(sys.argv[1]).fingerprint)
"""


def test_hubs_making_the_key_at_once_all_get_the_one_in_the_folder(tmp_path):
    from dicecup.hub.hubkey import HubKey

    for attempt in range(5):  # the moment each reads the file differs each time
        folder = tmp_path / f"data{attempt}"
        folder.mkdir()
        makers = [subprocess.Popen([sys.executable, "-c", MAKE_KEY, folder], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True) for _ in range(MAKERS)]
        try:
            time.sleep(0.5)  # not a wait for an event: each is importing, then polls for the start
            (folder / "go").touch()
            outcomes = [maker.communicate(timeout=60) for maker in makers]
        finally:
            for maker in makers:
                maker.kill()
                maker.wait()
        assert all(maker.returncode == 0 for maker in makers), [err for _, err in outcomes]
        got = {out.strip() for out, _ in outcomes}
        assert got == {HubKey.in_folder(folder).fingerprint}, f"{len(got)} keys for one folder"

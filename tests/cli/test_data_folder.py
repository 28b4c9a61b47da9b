"""The data folder and the cup registry, as a person meets them (issue 12 item 6): a corrupt cups.sqlite and a
--data that names a file end in one plain line, through real processes."""
import os

from clirun import dicecup, one_plain_line


def corrupt_registry(folder):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "cups.sqlite").write_bytes(b"this is not SQLite, it was half-copied from a USB stick\n" * 40)
    return folder / "cups.sqlite"


def test_cups_on_a_corrupt_registry(tmp_path):
    path = corrupt_registry(tmp_path / "data")
    line = one_plain_line(dicecup("cups", "--data", tmp_path / "data"), "cups")
    assert str(path) in line and "move it away" in line and "dicecup flash" in line


def test_flash_on_a_corrupt_registry(tmp_path):
    path = corrupt_registry(tmp_path / "data")
    master, slave = os.openpty()  # a serial port (nothing behind it): flash reaches the registry before the board
    try:
        proc = dicecup("flash", "--board", "pico", "--port", os.ttyname(slave), "--data", tmp_path / "data",
                       timeout=120)
    finally:
        os.close(master)
        os.close(slave)
    line = one_plain_line(proc, "flash")
    assert str(path) in line and "move it away" in line
    assert path.read_bytes().startswith(b"this is not SQLite")  # never "repaired" by overwriting it


def test_data_naming_a_file_for_cups(tmp_path):
    target = tmp_path / "notes.txt"
    target.write_text("mine")
    line = one_plain_line(dicecup("cups", "--data", target), "cups")
    assert str(target) in line and "is a file" in line and target.read_text() == "mine"


def test_data_naming_a_file_for_flash(tmp_path):
    target = tmp_path / "notes.txt"
    target.write_text("mine")
    line = one_plain_line(dicecup("flash", "--board", "pico", "--data", target), "flash")
    assert str(target) in line and "is a file" in line


def test_data_naming_a_file_for_play(tmp_path):
    target = tmp_path / "notes.txt"
    target.write_text("mine")
    proc = dicecup("play", "--bots", "2", "--data", target)
    assert proc.returncode != 0 and "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "is a file" in lines[0] and str(target) in lines[0], proc.stderr
    assert lines[0].startswith("dicecup play: ")
    assert target.read_text() == "mine"


def test_data_inside_a_file(tmp_path):
    target = tmp_path / "notes.txt"
    target.write_text("mine")
    line = one_plain_line(dicecup("cups", "--data", target / "dicecup"), "cups")
    assert str(target) in line and "is a file" in line


def test_the_data_folder_and_what_it_keeps_are_readable_by_their_owner_alone(tmp_path):
    """Every cup's key (the registry), the games' records and the history: another local user reads none of them."""
    import stat
    data = tmp_path / "d"
    done = dicecup("play", "--bots", "2", "dice=1", "--data", str(data), "--rated")
    assert done.returncode == 0, done.stderr
    from dicecup.registry import Registry

    Registry.open(data).close()  # the registry as flashing makes it (`dicecup cups` alone creates none)

    def mode(path):
        return stat.S_IMODE(path.stat().st_mode)

    journal = next((data / "games").glob("*.txt"))
    assert (mode(data), mode(data / "games")) == (0o700, 0o700)
    assert [mode(p) for p in (journal, data / "cups.sqlite", data / "history.sqlite")] == [0o600] * 3

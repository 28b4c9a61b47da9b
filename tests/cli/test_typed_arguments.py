"""`build`, `flash`, `ports`, `cups` with arguments as people type them (issue 12: the ones nobody listed).
Each through a real process with no stdin: a non-zero status and one plain line, nothing touched."""
import pytest

from clirun import dicecup, one_plain_line


def test_an_empty_port_is_not_the_only_board_plugged_in(tmp_path):
    # `--port "$PORT"` with PORT unset: flashing "the only board found" instead would surprise anyone.
    line = one_plain_line(dicecup("flash", "--board", "pico", "--port", "", "--data", tmp_path), "flash")
    assert "--port" in line and "empty" in line


def test_ports_with_an_empty_port(tmp_path):
    line = one_plain_line(dicecup("ports", "--port", ""), "ports")
    assert "--port" in line and "empty" in line


@pytest.mark.parametrize("name, words", [("", "empty"), ("   ", "empty"), ("a" * 17, "too long"),
                                         ("émilie-la-grande", "too long"), ('say "hi"', "quotes")])
def test_a_cup_name_that_cant_be_used_is_refused_before_the_board_is_touched(tmp_path, name, words):
    port = tmp_path / "no-such-port"  # reached only if the name were accepted first
    line = one_plain_line(dicecup("flash", "--board", "pico", "--name", name, "--port", port, "--data", tmp_path),
                          "flash")
    assert words in line and "no-such-port" not in line


@pytest.mark.parametrize("args", [["list", "extra"], ["forget", "a", "b"]])
def test_cups_with_words_it_would_ignore(tmp_path, args):
    line = one_plain_line(dicecup("cups", *args, "--data", tmp_path), "cups")
    assert repr(args[-1]) in line


def test_a_drive_that_is_a_file(tmp_path):
    drive = tmp_path / "CIRCUITPY"
    drive.write_text("not a drive")
    line = one_plain_line(dicecup("flash", "--board", "cpb", "--drive", drive, "--data", tmp_path / "d"), "flash")
    assert f"{drive} is a file, not a folder" in line


def test_ports_says_the_error_alone(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("mine")
    proc = dicecup("ports", "--port", path)
    assert proc.stdout.strip() == f"{path}  -  given with --port  {path} is not a serial port: name the cup's " \
                                  "port (`dicecup ports` lists them)", proc.stdout


@pytest.mark.parametrize("text", ["[]", '{"board": "pico"}', '{"board": "pico", "files": 3}', "{"])
def test_a_dist_whose_manifest_is_not_a_builds(tmp_path, text):
    (tmp_path / "manifest.json").write_text(text)
    line = one_plain_line(dicecup("flash", "--board", "pico", "--dist", tmp_path, "--data", tmp_path / "d"),
                          "flash")
    assert "holds no build" in line and "dicecup build --board pico" in line


def test_a_name_that_is_not_text(tmp_path):
    # A terminal in Latin-1 sends "é" as the byte 0xE9, which Python keeps as a lone surrogate.
    import os
    import subprocess
    import sys

    name = os.fsdecode(b"\xe9milie")
    proc = subprocess.run([sys.executable, "-m", "dicecup", "flash", "--board", "pico", "--name", name, "--port",
                           tmp_path / "no-port", "--data", tmp_path], stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, errors="replace", timeout=60)
    line = one_plain_line(proc, "flash")
    assert "UTF-8" in line


def test_ports_given_twice_or_pasted_with_spaces_are_one_port(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("mine")
    proc = dicecup("ports", "--port", path, "--port", f" {path} ", "--no-probe")
    assert proc.returncode == 0 and proc.stdout.count(str(path)) == 1, proc.stdout + proc.stderr


def test_flash_reads_a_port_pasted_with_spaces(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("mine")
    line = one_plain_line(dicecup("flash", "--board", "pico", "--port", f"{path}\n", "--data", tmp_path / "d",
                                  timeout=120), "flash")
    assert f"{path} is not a serial port" in line


@pytest.mark.parametrize("bid", ["3x6", "3X6"])
def test_a_bid_typed_without_its_option(bid):
    # `dicecup odds --dice 5 3x6`: a bid is what odds prices, so a bare one most likely meant --bid
    line = one_plain_line(dicecup("odds", "--dice", "5", bid), "odds")
    assert f"did you mean --bid {bid}?" in line

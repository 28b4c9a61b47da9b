"""`--web [HOST:]PORT` on `dicecup play` and `demo`, through real processes: the page's address and its QR code are
printed (this machine only by default), and a bad address or a taken port is one plain line, never a traceback."""
import io
import re
import socket
import subprocess
import sys
import threading

import pytest

from dicecup.hub.tablesetup import TableSetup
from dicecup.rules import Rules
from dicecup.web.launch import open_table_screen, phone_seats, web_address
from processes import dicecup


@pytest.mark.parametrize("given, said", [
    ("nope", "give a port (8080) or HOST:PORT"),
    ("99999", "give a port"),
    ("-1", "give a port"),
    ("", "give a port"),
    ("example.com:8080", "'example.com' is not an IP address"),
    ("1.2.3:80", "is not an IP address"),
    ("\u0663", "give a port"),                  # an Arabic-Indic three: a digit to Python, not a port to people
    ("127.0.0.1:\u0668\u0660", "give a port"),
    (":8080", "put an address before the colon"),
])
@pytest.mark.parametrize("command", ["play", "demo"])
def test_a_bad_web_address_is_one_plain_line(command, given, said):
    done = dicecup(command, "--bots", "2", f"--web={given}", timeout=120) if command == "play" else \
        dicecup(command, f"--web={given}", timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"dicecup {command}: --web: ") and said in lines[0], lines


def test_addresses_are_loopback_unless_the_host_asks_for_the_lan():
    assert web_address("8080") == ("127.0.0.1", 8080)
    assert web_address("0.0.0.0:8080") == ("0.0.0.0", 8080)
    assert web_address("[::1]:9000") == ("::1", 9000)
    assert web_address("localhost:0") == ("localhost", 0)


def test_an_ipv6_address_is_said_in_brackets_when_its_port_is_taken(tmp_path):
    taken = socket.socket(socket.AF_INET6)
    taken.bind(("::1", 0))
    taken.listen(1)
    port = taken.getsockname()[1]
    try:
        done = dicecup("play", "--bots", "2", "--data", str(tmp_path), "--web", f"[::1]:{port}", timeout=120)
    finally:
        taken.close()
    assert done.returncode == 1 and f"can't serve the table screen on [::1]:{port}: that port is taken" in done.stderr


def test_a_taken_port_is_said_in_one_line_and_nothing_is_left_running(tmp_path):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    port = taken.getsockname()[1]
    try:
        done = dicecup("play", "--bots", "2", "--data", str(tmp_path), "--web", f"127.0.0.1:{port}", timeout=120)
    finally:
        taken.close()
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        f"dicecup play: can't serve the table screen on 127.0.0.1:{port}: that port is taken (another program, or "
        f"another dicecup): pick another, like --web 8081"]


@pytest.mark.slow
def test_play_prints_the_page_address_and_its_qr_code_and_plays_on(tmp_path):
    done = dicecup("play", "--bots", "3", "--data", str(tmp_path), "--web", "127.0.0.1:0", timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
    address = re.search(r"^table screen: http://127\.0\.0\.1:(\d+)/t/([A-Za-z0-9_-]{16})$", done.stdout, re.M)
    assert address and int(address.group(1)) > 0, done.stdout[:500]
    qr = done.stdout[address.end():].splitlines()[1:12]
    assert all(set(line) <= set(" █▀▄") and len(line) > 20 for line in qr), qr
    assert re.search(r"^\S+ wins the game\.$", done.stdout, re.M)


@pytest.mark.parametrize("args, said", [
    (("--phones", "2"), "phones join through the table screen: add --web 0.0.0.0:8080"),
    (("--phones", "-1", "--web", "0"), "--phones -1: a count is 0 or more"),
    (("--phones", "7", "--web", "0"), "seats 2 to 6 players: 7 (--phones) is too many"),
    (("--phones", "ana,Ana", "--web", "0"), "--phones names ana twice: each player needs a name of their own"),
    (("--phones", "ana,2b", "--web", "0"), "--phones: '2b' is not a name to type at the hub"),
    (("--phones", "ana,retire", "--web", "0"), "--phones: 'retire' is not a name to type at the hub"),
    (("--phones", "ana,ben,cy,dee,eve,fay,gus", "--web", "0"), "seats 2 to 6 players: 7 (--phones) is too many"),
])
def test_bad_phone_counts_are_one_plain_line(args, said):
    done = dicecup("play", *args, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("dicecup play: ") and said in lines[0], lines


def test_phones_named_on_the_command_line_get_their_own_links(tmp_path):
    """`--phones ana,ben`: each phone seat is named for its player (shown on its page and at the table), not
    phone1 and phone2."""
    play = subprocess.Popen([sys.executable, "-m", "dicecup", "play", "--phones", "ana,ben", "--data", str(tmp_path),
                             "--web", "127.0.0.1:0"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    watchdog = threading.Timer(60, play.kill)  # a hub that never prints the links fails the test, not hangs it
    watchdog.start()
    try:
        seen = set()
        for line in play.stdout:
            found = re.match(r"(\w+)'s phone \(this link plays \1's seat.*\): http://127\.0\.0\.1:\d+/p/\S+$",
                             line.strip())
            if found:
                seen.add(found.group(1))
            if len(seen) == 2:
                break
    finally:
        watchdog.cancel()
        play.kill()
        play.wait(30)
    assert seen == {"ana", "ben"}, play.stderr.read()[-2000:]


def test_a_table_on_the_whole_lan_prints_an_address_a_tv_can_open(tmp_path):
    """The printed link (and its QR code) for --web 0.0.0.0 names this machine by its LAN address. Debian and
    Raspberry Pi OS map the machine's own name to 127.0.1.1 in /etc/hosts, so asking the name for an address finds
    only loopback; a bare host name ('raspberrypi') is then no use to a TV or a phone, which can't look it up."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: nothing is sent; the kernel picks the LAN interface
        lan = probe.getsockname()[0]
    except OSError:
        lan = None
    finally:
        probe.close()
    if lan is None or lan.startswith("127."):
        pytest.skip("this machine has no LAN address to print")
    play = subprocess.Popen([sys.executable, "-m", "dicecup", "play", "--bots", "2", "--data", str(tmp_path),
                             "--web", "0.0.0.0:0"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        first = play.stdout.readline()
    finally:
        play.kill()
        play.wait(30)
    shown = re.match(r"table screen: http://([^:/]+):\d+/t/", first)
    assert shown, first
    assert shown.group(1) == lan, f"printed {shown.group(1)!r}, not this machine's LAN address {lan}"


def test_phone_links_served_to_this_machine_only_say_a_phone_cannot_open_them(tmp_path):
    """`--web 8080` serves this machine only: the QR codes printed for the phones led nowhere, silently."""
    table = TableSetup(Rules.parse("dudo dice=2"), data=tmp_path, screen=lambda item: None, bots=1)
    hub = table.make_hub(expect_cups=1)
    said = {}
    for host in ("127.0.0.1", "0.0.0.0"):
        seats = phone_seats(("here-ana",), table.keys)
        out = io.StringIO()
        web = open_table_screen((host, 0), hub, out=out, phones=seats)
        web.close()
        seats[0].forget()
        said[host] = (web.port, [line for line in out.getvalue().splitlines() if line.startswith("these links")])
    table.close()
    port, lines = said["127.0.0.1"]
    assert lines == [f"these links work on this machine only (127.0.0.1): a phone on your Wi-Fi can't open them; "
                     f"for phones, start with --web 0.0.0.0:{port}"]
    assert said["0.0.0.0"][1] == []

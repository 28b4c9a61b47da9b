"""A data folder or a hub key someone else could have put there is refused, as ssh refuses its keys: a folder or
key another user owns, one others may write, or one reached through a symbolic link. A key planted in a
world-writable folder would sign this hub's journals. One plain line each, saying how to put it right; the commands
run in this process (tests/inprocess.py), on real files with real owners and modes."""
import os

import pytest

from inprocess import dicecup_here as dicecup
from dicecup.hub.hubkey import HubKey, HubKeyError

SOMEONE_ELSE = 65534  # nobody's uid: the tests run as a user who may chown (the checks compare with ours)


def refused(done, *words):
    line, = done.stderr.strip().splitlines()
    assert done.returncode != 0 and "Traceback" not in done.stderr, done.stderr
    assert line.startswith("dicecup hub-key: ") and all(word in line for word in words), line
    return line


def test_a_world_writable_data_folder_is_refused_saying_how_to_fix_it(tmp_path):
    data = tmp_path / "shared"
    data.mkdir()
    data.chmod(0o777)
    refused(dicecup("hub-key", "--data", data), str(data), "written by others", f"chmod go-w {data}")
    assert not (data / "hub.key").exists(), "a key was made in a folder anyone could have filled"


def test_a_group_writable_data_folder_is_refused(tmp_path):
    data = tmp_path / "team"
    data.mkdir()
    data.chmod(0o770)
    refused(dicecup("hub-key", "--data", data), "mode 770", "chmod go-w")


def test_a_data_folder_someone_else_owns_is_refused_with_the_key_planted_in_it(tmp_path):
    data = tmp_path / "theirs"
    data.mkdir(mode=0o700)
    HubKey.in_folder(data)  # the key they made there, for us to sign with
    os.chown(data, SOMEONE_ELSE, SOMEONE_ELSE)
    refused(dicecup("hub-key", "--data", data), "belongs to another user", f"uid {SOMEONE_ELSE}")


def test_a_data_folder_reached_through_a_symbolic_link_is_refused(tmp_path):
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    (tmp_path / "link").symlink_to(real)
    refused(dicecup("hub-key", "--data", tmp_path / "link"), "symbolic link", str(real))


def test_a_hub_key_that_is_a_link_is_never_followed(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    HubKey.in_folder(elsewhere.mkdir(mode=0o700) or elsewhere)
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    (data / "hub.key").symlink_to(elsewhere / "hub.key")
    refused(dicecup("hub-key", "--data", data), "the hub's key", "symbolic link")


@pytest.mark.parametrize("how", ["owner", "mode"])
def test_a_hub_key_planted_by_someone_else_or_writable_by_others_is_refused(tmp_path, how):
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    key = HubKey.in_folder(data)
    path = data / "hub.key"
    if how == "owner":
        os.chown(path, SOMEONE_ELSE, SOMEONE_ELSE)
    else:
        path.chmod(0o666)
    with pytest.raises(HubKeyError) as refusal:
        HubKey.in_folder(data)
    assert str(path) in refusal.value.reason and ("another user" if how == "owner" else "chmod go-w") in \
        refusal.value.reason
    assert path.read_text().strip() and key.fingerprint  # left as it is: the user decides


def test_a_key_of_ours_only_others_may_read_is_made_ours_alone_and_used(tmp_path):
    key = HubKey.in_folder(tmp_path)
    (tmp_path / "hub.key").chmod(0o644)
    assert HubKey.in_folder(tmp_path).fingerprint == key.fingerprint
    assert (tmp_path / "hub.key").stat().st_mode & 0o777 == 0o600


def test_a_fresh_data_folder_is_made_ours_alone_whatever_the_umask(tmp_path):
    old = os.umask(0o002)  # Debian's user-private groups: a plain mkdir would make it group-writable
    try:
        done = dicecup("hub-key", "--data", tmp_path / "new" / "dicecup")
    finally:
        os.umask(old)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "new" / "dicecup").stat().st_mode & 0o777 == 0o700

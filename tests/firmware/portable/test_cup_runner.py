"""cupcore's Runner: one cup on one board, the loop every real board and the virtual cup run."""
from cupcore.compat import sha256
from cupcore.runner import id_from_uid


def test_a_cup_id_is_the_first_four_bytes_of_the_sha256_of_the_boards_unique_id():
    uid = b"\x01\x02\x03\x04\x05\x06\x07\x08"
    digest = sha256(uid)
    assert id_from_uid(uid) == (digest[0] << 24) | (digest[1] << 16) | (digest[2] << 8) | digest[3]
    assert id_from_uid(bytearray(uid)) == id_from_uid(uid) == 0x66840DDA


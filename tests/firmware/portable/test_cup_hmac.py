"""hmac256: RFC 4231's HMAC-SHA256 test cases, on CPython and on MicroPython (tests/firmware/test_hmac_cpython.py
checks random keys and messages against CPython's own hmac module)."""
from cuptest_helpers import tohex, unhex
from cupcore.hmac256 import equal, hmac_sha256


def test_rfc4231_case_1_short_key():
    tag = hmac_sha256(b"\x0b" * 20, b"Hi There")
    assert tohex(tag) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"


def test_rfc4231_case_2_key_shorter_than_output():
    tag = hmac_sha256(b"Jefe", b"what do ya want for nothing?")
    assert tohex(tag) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"


def test_rfc4231_case_6_key_longer_than_a_block_is_hashed_first():
    tag = hmac_sha256(b"\xaa" * 131, b"Test Using Larger Than Block-Size Key - Hash Key First")
    assert tohex(tag) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"


def test_bytearray_and_memoryview_inputs_give_the_same_tag():
    key = unhex("000102030405060708090a0b0c0d0e0f")
    want = hmac_sha256(key, b"abc")
    assert hmac_sha256(bytearray(key), bytearray(b"abc")) == want
    assert hmac_sha256(key, memoryview(b"xabc")[1:]) == want


def test_equal_compares_whole_strings():
    assert equal(b"abcd", b"abcd")
    assert equal(bytearray(b"abcd"), b"abcd")
    assert not equal(b"abcd", b"abce")
    assert not equal(b"abcd", b"xbcd")
    assert not equal(b"abc", b"abcd")

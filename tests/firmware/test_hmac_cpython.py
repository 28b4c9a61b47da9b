"""cupcore.hmac256 equals CPython's hmac for random keys (empty, short, one block, longer) and messages."""
import hmac
import os
import random

from cupcore.hmac256 import hmac_sha256


def test_equals_cpythons_hmac_for_random_keys_and_messages():
    rng = random.Random(13)
    for key_len in (0, 1, 16, 32, 63, 64, 65, 131):
        for _ in range(20):
            key = os.urandom(key_len)
            msg = os.urandom(rng.randrange(0, 300))
            assert hmac_sha256(key, msg) == hmac.new(key, msg, "sha256").digest(), (key_len, len(msg))

"""docs/protocol.md is a contract: its tables must say what the code does, and its example must be real bytes."""
import json
import re

from cupcore import wire, wirenames
from fwpaths import ROOT

DOC = (ROOT / "docs" / "protocol.md").read_text()


def test_every_message_row_matches_the_code():
    rows = re.findall(r"^\| `([0-9A-F]{2})` \| (\w+) \| (\w+) \| (`\w*`|\(empty\)) \| ([^|]*)\| (yes|no) \|$", DOC, re.M)
    assert len(rows) == len(wire.LAYOUTS)
    for hex_type, name, _sender, layout, fields, reliable in rows:
        mtype = int(hex_type, 16)
        assert wirenames.name_of(mtype) == name
        assert layout.strip("`") == wire.LAYOUTS[mtype] or (layout == "(empty)" and wire.LAYOUTS[mtype] == "")
        if wirenames.fields_of(mtype):
            assert [f.strip() for f in fields.split(",")] == list(wirenames.fields_of(mtype)), name
        assert (reliable == "yes") == wire.is_reliable(mtype), name


def test_every_reason_and_error_code_is_documented_with_its_words():
    for code, words in wirenames.REASONS.items():
        assert f"| {code} | {words} |" in DOC
    for code, words in wirenames.ERRORS.items():
        assert f"| {code} | {words} |" in DOC


def test_the_example_round_is_made_of_golden_vectors():
    pinned = json.loads((ROOT / "tests" / "vectors" / "wire.json").read_text())
    vectors = {v["hex"] for v in pinned["frames"] + pinned["authenticated"]}
    shown = re.findall(r"^\| (?:hub|cup) → (?:hub|cup) \| `([0-9a-f…]+)` \|", DOC, re.M)
    assert len(shown) >= 10
    for frame in shown:
        if "…" in frame:
            head, tail = frame.split("…")
            assert any(v.startswith(head) and v.endswith(tail) for v in vectors), frame
        else:
            assert frame in vectors, frame


def test_timing_in_the_doc_is_the_timing_in_the_code():
    from cupcore.link import Link

    assert f"**{Link.retry_ms} ms**" in DOC and f"**{Link.max_tries} tries**" in DOC
    assert f"at most {Link.max_queue}" in DOC

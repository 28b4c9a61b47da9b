"""One reading of a journal: whatever character is put wherever in a signed journal, verify, referee, history import,
resume and the digest read the same lines -- all refuse the file naming the same line, or all read it, and then
verify passes exactly when import takes it, what import takes is the same game, and resume takes no record the
referee refuses (never a traceback). The journal is a finished game
of the simulated table (the real hub, cupcore's cups: dicecup.sim.tablesim), signed by a hub the league registers."""
import tempfile

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from dicecup.commands.resume import CantResume, read_to_resume
from dicecup.hub.hubkey import HubKey
from dicecup.hub.journal import torn_line
from dicecup.rules import RecordError, replay
from dicecup.rules.record import canonical_text, record_lines
from dicecup.sim.forger import League, honest_games

# Every Unicode line break and control character: what str.splitlines() breaks at, every other C0 and C1 control,
# the byte-order mark, and the pair an editor on Windows ends lines with.
CONTROLS = [chr(c) for c in range(0x20)] + [chr(c) for c in range(0x7F, 0xA0)]
CHARACTERS = CONTROLS + ["\u2028", "\u2029", "\ufeff", "\r\n"]
HIDDEN = ["", "#@ rated", "#@ bot cup1 kind=easy", "cup2 bids 9x6", "# a comment"]
READERS = ("verify", "referee", "import", "resume", "digest")


@pytest.fixture(scope="module")
def journal():
    """(a finished game's signed journal, the folder its hub's key is in)."""
    with tempfile.TemporaryDirectory(prefix="dicecup-one-reading-") as folder:
        [(honest, _)] = honest_games(1, seed=5, folder=folder)
        yield honest, folder


def refused_at(text: str, at: int, character: str):
    """The line the one reading must refuse `character` put in at `at` on, or None if the canonical form has it:
    the tab, the newline, "\r\n" (a "\r" put before a newline makes one) and the byte-order mark (dropped at the
    start, a character of its line elsewhere)."""
    if character in ("\t", "\n", "\r\n", "\ufeff") or (character == "\r" and text[at:at + 1] == "\n"):
        return None
    return text.count("\n", 0, at) + 1


def test_every_character_at_every_position_of_the_signatures_line_and_the_others_starts_is_read_one_way(journal):
    """The one reading itself, everywhere it matters most: each character at every position of the signature's line
    and at the start and end of every other line."""
    text = journal[0].decode()
    ends = {0, len(text)} | {i for i, c in enumerate(text) if c == "\n"} | {i + 1 for i, c in enumerate(text)
                                                                          if c == "\n"}
    signature = text.rindex("#@ signed ")
    positions = sorted(ends | set(range(signature, len(text))))
    tried = 0
    for character in CHARACTERS:
        for at in positions:
            copy = text[:at] + character + text[at:]
            line = refused_at(text, at, character)
            if line is None:  # what it takes hides no line from a reader that splits at every line break
                lines = record_lines(copy.encode())
                assert lines == canonical_text(copy).splitlines(), (repr(character), at)
                new_line = character in ("\n", "\r\n") or at == len(text)  # or after the last newline: a line
                assert len(lines) == len(text.splitlines()) + new_line, (repr(character), at)
            else:
                with pytest.raises(RecordError) as refused:
                    canonical_text(copy.encode())
                assert refused.value.line == line, (repr(character), at)
            tried += 1
    assert tried == len(CHARACTERS) * len(positions) > 10_000


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), character=st.sampled_from(CHARACTERS), hidden=st.sampled_from(HIDDEN))
@example(data=None, character="\u2028", hidden="#@ bot cup1 kind=easy")  # the trial's: on the signature's line
@example(data=None, character="\r\n", hidden="")                         # Notepad's line ends
@example(data=None, character="\ufeff", hidden="")                       # Notepad's byte-order mark
def test_verify_referee_import_resume_and_the_digest_agree_on_every_copy(journal, tmp_path_factory, data, character,
                                                                        hidden):
    honest, folder = journal
    text = honest.decode()
    if data is None:   # the examples: at the end of the signature's line (a whole copy for the line ends)
        at = len(text) - 1
        copy = text.replace("\n", "\r\n") if character == "\r\n" else \
            (character + text if character == "\ufeff" else text[:at] + character + hidden + text[at:])
    else:
        at = data.draw(st.integers(0, len(text)), label="at")
        copy = text[:at] + character + hidden + text[at:]
    league = League(tmp_path_factory.mktemp("league"), HubKey.in_folder(folder).public_hex)
    try:
        league.take(honest)
        verdicts = league.verdicts(league.file(copy.encode(), "copy"))
    finally:
        league.engine.dispose()
    refused = {verdicts[reader] for reader in READERS if isinstance(verdicts[reader], int)}
    if refused:
        assert len(refused) == 1 and len(set(verdicts.values())) == 1, verdicts
        return
    assert verdicts["import"] != "adds", verdicts                      # never a second game from a copy
    assert (verdicts["verify"] == "passes") == (verdicts["import"] == "takes"), verdicts
    if verdicts["import"] == "takes":
        assert verdicts["digest"] == "same game" and verdicts["referee"] == "passes", verdicts
    whole = canonical_text(copy)
    whole = whole[:len(whole) - len(torn_line(whole))]  # a last line with no newline was never written whole: resume
    try:                                                 # cuts it off (a hub that died mid-write), the others read it
        replay(whole)
    except RecordError:
        assert verdicts["resume"] == "refuses", verdicts
    else:
        # resume also reads the deal numbers the dice checks pass over: it may refuse a fact the hub never wrote
        assert verdicts["resume"] in ("reads", "refuses"), verdicts


def test_a_fact_whose_hex_does_not_read_is_refused_by_resume_naming_its_line_never_a_traceback(journal, tmp_path):
    """Hypothesis's find: a byte-order mark inside a deal's nonce (a character the one reading keeps) made resume's
    reading of the journal raise ValueError."""
    honest, folder = journal
    lines = honest.decode().split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("#@ round "))
    lines[at] = lines[at].replace("nonce=", "nonce=\ufeff")
    league = League(tmp_path, HubKey.in_folder(folder).public_hex)
    try:
        league.take(honest)
        verdicts = league.verdicts(league.file("\n".join(lines).encode(), "bad-nonce"))
    finally:
        league.engine.dispose()
    assert verdicts == {"verify": "fails", "referee": "fails", "import": "refuses", "resume": "refuses",
                        "digest": "another game"}
    with pytest.raises(CantResume, match=f"line {at + 1}: a `#@ round` fact whose number or hex does not read"):
        read_to_resume(league.folder / "0002-bad-nonce.txt")

"""Output a terminal in another encoding can show.

dicecup's words hold dashes, middle dots, × and accented names (`zoë`). A terminal set to ASCII or Latin-1
(`LC_ALL=C` with UTF-8 mode off, `PYTHONIOENCODING=ascii`, an old serial console) can't take them, and Python
answers the first one with a UnicodeEncodeError: a traceback instead of the rule page. Written through
`fit_streams()`, each such character is the nearest thing the terminal can show instead: an ASCII stand-in
(`—` as `-`), the letter without its accent (`ë` as `e`), or `?`; bytes the OS gave undecoded (a file name in
Latin-1, kept as lone surrogates) go out as the bytes they were, as Python's own surrogateescape does.
Standard input that is read strictly (`PYTHONIOENCODING=ascii`) keeps such bytes as surrogates too, as Python does
in the C locale, so a typed `zoë` is a name the table doesn't know, not a traceback in the thread that reads.
"""
import codecs
import sys
import unicodedata

HANDLER = "dicecup-nearest"
STAND_INS = {"—": "-", "–": "-", "−": "-", "·": ".", "•": "*", "×": "x", "…": "...", "→": "->", "←": "<-",
             "≤": "<=", "≥": ">=", "≠": "!=", "½": "1/2", "¼": "1/4", "¾": "3/4", "‘": "'", "’": "'",
             "“": '"', "”": '"', "«": '"', "»": '"', "±": "+/-", "°": " deg", "σ": "s", "µ": "u",
             "\u00a0": " ", "\u202f": " ", "\u2009": " "}


def nearest(character: str) -> str:
    """What stands in for one character outside the terminal's encoding: ASCII only, so any encoding takes it."""
    if character in STAND_INS:
        return STAND_INS[character]
    plain = unicodedata.normalize("NFKD", character).encode("ascii", "ignore").decode("ascii")
    return plain or "?"


def printable(text: str) -> str:
    """Text that came from a cup or a phone (a HELLO's name, its board), made safe for a terminal, a log, a journal
    comment or a page: every control or format character (a terminal's escape, a carriage return or a line break
    that starts a line of its own, a bidi override that reorders what follows) shown as its escape, `\\x1b`,
    so a name can neither drive the host's terminal nor pass for another line. Called where such text enters."""
    return "".join(_escaped(ch) if unicodedata.category(ch) in _UNSAFE else ch for ch in str(text))


_UNSAFE = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}  # controls, format, surrogates, private, unassigned, separators


def _escaped(character: str) -> str:
    code = ord(character)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _replace(error: UnicodeEncodeError):
    unsaid = error.object[error.start:error.end]
    if all("\udc80" <= ch <= "\udcff" for ch in unsaid):  # bytes the OS gave undecoded: give them back as they were
        return bytes(ord(ch) - 0xDC00 for ch in unsaid), error.end
    return "".join(nearest(ch) for ch in unsaid), error.end


codecs.register_error(HANDLER, _replace)


def fit_streams() -> None:
    """Standard output and error, when their encoding is not UTF-8, write what it can't hold as its nearest;
    standard input read strictly keeps the bytes it can't decode."""
    for stream in (sys.stdout, sys.stderr):
        if not _is_utf8(stream):
            _reconfigure(stream, HANDLER)
    if getattr(sys.stdin, "errors", None) == "strict":
        _reconfigure(sys.stdin, "surrogateescape")


def _is_utf8(stream) -> bool:
    encoding = getattr(stream, "encoding", None)
    return not encoding or codecs.lookup(encoding).name == "utf-8"


def _reconfigure(stream, errors: str) -> None:
    try:
        stream.reconfigure(errors=errors)
    except (AttributeError, ValueError, OSError):  # not a text file, or closed: nothing goes through it anyway
        pass

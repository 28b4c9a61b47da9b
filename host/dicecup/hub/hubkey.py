"""The hub's own key: an Ed25519 key made at the hub's first start in its data folder, with which
it signs every journal whose game ended, so a league can tell a game its hubs played from one typed up at home.

    key = HubKey.in_folder(data)        made the first time (hub.key, readable by its owner alone)
    key.fingerprint                     16 hex digits, to show and to find the hub by
    key.public_hex                      what `dicecup hub-key` prints for a league to register
    key.signature_line(journal_bytes)   `#@ signed hub=FPR key=PUBLIC sig=SIGNATURE`
    read_signature(text)                a journal's signature, checked: Signed(state, fingerprint, public_hex, why)

What is signed is the journal's lines before its `#@ signed` line, exactly as every reader reads them (the one
reading, rules/record.py: each line ended by "\n", in UTF-8 -- the bytes the hub wrote; docs/protocol.md, "Signed
journals"): a changed die, a moved line, an added comment all break it, and what an editor's save adds (a
byte-order mark, "\r\n") does not. After the signature only blank lines and plain comments may follow (they are
not part of the game); a move or a fact there is not signed, and the journal is said to be badly signed. The
message is prefixed with a domain string, so a signature made here can't be passed off as one over anything else
the key might sign.
"""
import hashlib
import os
from pathlib import Path
from typing import NamedTuple

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from dicecup.datadir import DataDirError, keep_private, private_file, unsafe
from dicecup.rules.record import canonical_bytes, lines_bytes, record_lines

FILE_NAME = "hub.key"
SIGNED_FACT = "signed"
DOMAIN = b"dicecup journal signature v1\n"
GOOD, BAD, ABSENT = "good", "bad", "absent"


def _make_key(path: Path) -> None:
    """A new key, written whole (0600) beside `path` and then linked in: it appears at once or not at all, and a
    second hub making one at the same moment keeps the first's (a link is never made over a file)."""
    aside = path.with_name(f".{path.name}.{os.getpid()}")
    private_file(aside)  # 0600 before a byte of the key is in it
    try:
        aside.write_text(Ed25519PrivateKey.generate().private_bytes_raw().hex() + "\n")
        try:
            os.link(aside, path)
        except FileExistsError:
            pass  # another hub made it first: that one is the folder's key
        except OSError:  # a drive without links (FAT): the name taken exclusively, then written
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            path.write_bytes(aside.read_bytes())
    finally:
        aside.unlink(missing_ok=True)


class HubKeyError(DataDirError):
    """The hub's key file can't be read or made: one plain line naming the file and why, as for the data folder
    it is in (a SystemExit, whichever command asked)."""


def _read_own(path: Path) -> str:
    """The key file's text, if it is a file of this user's that nobody else may write; HubKeyError otherwise.
    Opened without following a link and checked on the open file, so it can't be swapped between check and read."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError as error:
        if path.is_symlink():
            raise HubKeyError(unsafe(path, os.lstat(path), "the hub's key")) from None
        raise HubKeyError(f"can't use the hub's key {path}: {error.strerror or error}") from None
    with os.fdopen(handle) as file:
        problem = unsafe(path, os.fstat(file.fileno()), "the hub's key")
        if problem:
            raise HubKeyError(problem)
        os.fchmod(file.fileno(), 0o600)  # readable by others (an old copy, a restore): ours, so made ours alone
        return file.read()


def fingerprint_of(public: bytes) -> str:
    return hashlib.sha256(public).hexdigest()[:16]


def public_key_bytes(text: str) -> bytes:
    """A public key as `dicecup hub-key` prints it (64 hex digits) -> its 32 bytes; ValueError if it is not one."""
    try:
        public = bytes.fromhex(text.strip())
    except ValueError:
        raise ValueError("a hub's public key is 64 hex digits, as `dicecup hub-key` prints it") from None
    if len(public) != 32:
        raise ValueError(f"a hub's public key is 32 bytes (64 hex digits), not {len(public)}")
    return public


class HubKey:
    def __init__(self, private: Ed25519PrivateKey):
        self._private = private
        self.public = private.public_key().public_bytes_raw()
        self.fingerprint = fingerprint_of(self.public)
        self.public_hex = self.public.hex()

    @classmethod
    def in_folder(cls, data) -> "HubKey":
        """The data folder's key, made there (0600) the first time."""
        path = Path(data) / FILE_NAME
        try:
            if not path.exists() and not path.is_symlink():
                _make_key(path)
            raw = bytes.fromhex(_read_own(path).strip())
            return cls(Ed25519PrivateKey.from_private_bytes(raw))
        except OSError as error:
            raise HubKeyError(f"can't use the hub's key {path}: {error.strerror or error}") from None
        except ValueError:
            raise HubKeyError(f"{path} is not a hub key (64 hex digits): move it away and a new key is made "
                              "(journals signed with the old one stay checkable by its public key)") from None

    def sign(self, journal: bytes) -> bytes:
        return self._private.sign(DOMAIN + journal)

    def signature_line(self, journal: bytes) -> str:
        """The `#@ signed` line over the journal's lines (its bytes as the one reading reads them)."""
        signed = self.sign(canonical_bytes(journal))
        return f"#@ {SIGNED_FACT} hub={self.fingerprint} key={self.public_hex} sig={signed.hex()}"


class Signed(NamedTuple):
    state: str               # GOOD, BAD or ABSENT
    fingerprint: str = None  # the signing hub's, as its key gives it
    public_hex: str = None
    why: str = ""            # for BAD: what is wrong, in words


def read_signature(text) -> Signed:
    """The journal's `#@ signed` line checked against the lines before it, as the one reading reads them (text or
    bytes; RecordError for a journal that reading refuses)."""
    lines = record_lines(text)
    at = _signature_line(lines)
    if at is None:
        return Signed(ABSENT)
    fields = dict(w.split("=", 1) for w in lines[at].split()[2:] if "=" in w)
    try:
        public = public_key_bytes(fields.get("key", ""))
        signature = bytes.fromhex(fields.get("sig", ""))
    except ValueError:
        return Signed(BAD, fields.get("hub"), None, "its signature line is not one the hub writes")
    fingerprint = fingerprint_of(public)
    if fields.get("hub") != fingerprint:
        return Signed(BAD, fingerprint, public.hex(), f"hub={fields.get('hub')} is not its key's fingerprint")
    unsigned = _lines_after(lines[at + 1:])
    if unsigned:
        return Signed(BAD, fingerprint, public.hex(), f"a line after the signature is not signed: {unsigned!r}")
    try:
        Ed25519PublicKey.from_public_bytes(public).verify(signature, DOMAIN + lines_bytes(lines[:at]))
    except InvalidSignature:
        return Signed(BAD, fingerprint, public.hex(), "the signature does not match the journal's lines (a line "
                                                      "was changed, added or taken away after the hub signed)")
    return Signed(GOOD, fingerprint, public.hex())


def _signature_line(lines):
    """The index of the last `#@ signed` line, or None."""
    marker = f"#@ {SIGNED_FACT} "
    return next((at for at in range(len(lines) - 1, -1, -1) if lines[at].startswith(marker)), None)


def _lines_after(rest) -> str:
    """The first line after the signature that is a move or a fact (not blank, not a plain comment), or ""."""
    for line in rest:
        stripped = line.strip()
        if stripped and (not stripped.startswith("#") or stripped.startswith("#@")):
            return stripped
    return ""

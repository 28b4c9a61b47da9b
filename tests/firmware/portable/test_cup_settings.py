"""cupcore.settings: the lines of a settings.toml as a person edits it. Runs on CPython and on the MicroPython
unix port."""
from cupcore import settings


def test_a_file_saved_by_a_windows_editor_keeps_its_first_key():
    """Notepad saves a byte-order mark first and CRLF line ends: the first key was read as '\\ufeffDICECUP_NAME'
    and the cup lost its owner's name."""
    lines = '\ufeffDICECUP_NAME = "ana"\r\nDICECUP_ID = 77\r\n'.split("\n")
    found = [settings.parse_line(line) for line in lines]
    assert found == [("DICECUP_NAME", "ana"), ("DICECUP_ID", 77), None], found

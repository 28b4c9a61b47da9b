"""settings.toml, read once at start: the cup's owner's name and options, as CircuitPython keeps them.

CircuitPython reads the file itself (os.getenv); MicroPython has no reader, so this one takes the simple
lines a person writes, `KEY = "text"` or `KEY = 123`, and skips anything else.
"""


def parse_line(line):
    """(key, value) for one line, or None."""
    key, sep, value = line.partition("=")
    key = key.strip()
    if key.startswith("\ufeff"):  # the byte-order mark a Windows editor saves first: the first key is still one
        key = key[1:].strip()
    value = value.strip()
    if not sep or not key or key[0] == "#":
        return None
    if value[:1] == '"':
        end = value.find('"', 1)
        return (key, value[1:end]) if end > 0 else None
    try:
        return key, int(value.split("#")[0].strip())
    except ValueError:
        return None


def read(path="settings.toml"):
    found = {}
    try:
        with open(path) as f:
            for line in f:
                pair = parse_line(line)
                if pair:
                    found[pair[0]] = pair[1]
    except OSError:
        pass
    return found

"""A Circuit Playground Bluefruit's CIRCUITPY drive for the tests: a temporary folder stands in for the mounted
drive (its boot_out.txt says which board it is), and a cup `cora` in a fresh registry whose settings would sit on
it."""
from dicecup.registry import Registry

BOOT_OUT = "Adafruit CircuitPython 10.1.1 on 2026-02-10; Adafruit Circuit Playground Bluefruit with nRF52840\n"


def blank_drive(folder):
    """A drive as the board mounts it before any dicecup file is copied."""
    folder.mkdir()
    (folder / "boot_out.txt").write_text(BOOT_OUT)
    return folder


def cora_on_drive(tmp_path):
    """(data folder, drive, cora's registry record, cora's settings.toml text, not yet written to the drive)."""
    data = tmp_path / "data"
    data.mkdir()
    with Registry.open(data) as registry:
        cup = registry.record(registry.new_cup("cora", "cpb"))
    drive = blank_drive(tmp_path / "CIRCUITPY")
    settings = f'DICECUP_NAME = "cora"\nDICECUP_ID = {cup.cup_id}\nDICECUP_KEY = "{cup.key}"\n'
    return data, drive, cup, settings

"""`dicecup cups rekey NAME --drive DIR` (issue 13): a Circuit Playground's key lives in settings.toml on its
CIRCUITPY drive, so a new key is written there (a temp folder stands in for the mounted drive, as in the flash
tests), read back, and only then taken by the registry. A drive holding another cup is refused, nothing changed."""
import pytest
from circuitpy_drive import cora_on_drive

from dicecup.cli import main
from dicecup.flash.micropython import settings_of
from dicecup.registry import Registry


@pytest.fixture
def cup_on_drive(tmp_path):
    data, drive, cup, settings = cora_on_drive(tmp_path)
    (drive / "settings.toml").write_text(settings + "DICECUP_PIPS = 1\n")
    return data, drive, cup


def _key_in_registry(data, cup):
    with Registry.open(data) as registry:
        return registry.find(str(cup.cup_id)).key


def test_rekey_writes_a_new_key_to_the_circuitpy_drive_then_the_registry(cup_on_drive, capsys):
    data, drive, cup = cup_on_drive
    assert main(["cups", "rekey", "cora", "--drive", str(drive), "--data", str(data)]) == 0
    settings = settings_of((drive / "settings.toml").read_text())
    assert settings["DICECUP_KEY"] != cup.key and len(settings["DICECUP_KEY"]) == 64
    assert settings["DICECUP_KEY"] == _key_in_registry(data, cup)
    assert settings["DICECUP_ID"] == cup.cup_id and settings["DICECUP_PIPS"] == 1  # the rest kept
    assert sorted(p.name for p in drive.iterdir()) == ["boot_out.txt", "settings.toml"]  # no stray file left
    assert "new key" in capsys.readouterr().out


def test_rekey_refuses_a_drive_holding_another_cup_and_changes_nothing(cup_on_drive, capsys):
    data, drive, cup = cup_on_drive
    before = (drive / "settings.toml").read_text()
    (drive / "settings.toml").write_text(before.replace(f"DICECUP_ID = {cup.cup_id}", "DICECUP_ID = 12345"))
    assert main(["cups", "rekey", "cora", "--drive", str(drive), "--data", str(data)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not 'cora'" in err[0], err
    assert _key_in_registry(data, cup) == cup.key


def test_rekey_of_a_micropython_cup_does_not_take_a_drive(tmp_path, capsys):
    data = tmp_path / "data"
    data.mkdir()
    with Registry.open(data) as registry:
        registry.record(registry.new_cup("pia", "pico"))
    assert main(["cups", "rekey", "pia", "--drive", str(tmp_path), "--data", str(data)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--port" in err[0], err

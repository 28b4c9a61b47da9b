"""Names are letters of any script, NFC-normalised, compared casefolded, by one rule everywhere: a cup named `zoë`
sat as `zo` (and `Zoë Ann` as `Zo-Ann`), `zoë bids 8x4` was answered "no seat called zoë", and `--players zoë`
was refused as not "a letter". Two cups of cupcore's own code on ptys, the hub on a thread; and the registry."""
import pytest

from dicecup.hub.playernames import players_option
from dicecup.registry import Registry
from dicecup.rules import DicecupError
from dicecup.rules.names import name_key, seat_word
from dicecup.rules.record import check_name

from pty_cups import PtyCup, PtyTable, seat_in_order

DECOMPOSED_ZOE = "zoe\u0308"  # e and a combining diaeresis, as some keyboards and macOS file names send it


def test_cups_with_accented_names_sit_by_them_and_a_typed_move_finds_the_seat_in_any_case_and_form(tmp_path):
    zoe, ann = PtyCup("zoë", 21), PtyCup("Zoë Ann", 22)
    try:
        with PtyTable("dudo dice=2", [zoe, ann], tmp_path) as table:
            seat_in_order(table.watch, [zoe, ann])
            table.wait(lambda: table.watch.get().to_act is not None, "a seat to act")
            snapshot = table.watch.get()
            assert [seat.name for seat in snapshot.seats] == ["zoë", "Zoë-Ann"]
            to_act = snapshot.seats[snapshot.to_act].name
            typed = DECOMPOSED_ZOE.upper() if to_act == "zoë" else "ZOË-ANN"
            table.table.inbox.put(("command", f"{typed} bids 1x3"))
            table.wait(lambda: table.hub.state.bids, f"{typed}'s bid taken")
            assert not table.said("no seat called"), table.output.getvalue()[-2000:]
    finally:
        zoe.close()
        ann.close()


def test_players_registry_and_record_take_accented_names_by_the_same_rule(tmp_path):
    assert players_option(f"{DECOMPOSED_ZOE},Åsa,Łukasz") == ("zoë", "Åsa", "Łukasz")
    with pytest.raises(DicecupError, match="twice"):
        players_option("zoë,ZOË")
    with pytest.raises(DicecupError, match="not a name"):
        players_option("zoë!")
    assert check_name("zoë") == "zoë" and seat_word("Zoë Ann") == "Zoë-Ann"
    assert name_key(DECOMPOSED_ZOE.upper()) == name_key("zoë")
    registry = Registry(tmp_path / "cups.sqlite")
    cup = registry.record(registry.new_cup("ana", "pico"))
    renamed = registry.rename("ana", DECOMPOSED_ZOE)
    assert renamed.name == "zoë" and registry.find("ZOË").cup_id == cup.cup_id

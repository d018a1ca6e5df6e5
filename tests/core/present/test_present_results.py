"""Results where they happen (#14 item 3): the last roll's dice, modifiers and results in one
sentence, and the hexes the map brings into view after an action."""

from __future__ import annotations

import json
from pathlib import Path

from airhead.codec import decode_save
from airhead.game import Game
from airhead.present import focus_hexes, roll_view

FIXTURE = Path(__file__).parents[1] / "data" / "main_v1" / "asl_default.json"


def _game(upto: int) -> Game:
    save = json.loads(FIXTURE.read_text())["save"]
    data = decode_save(json.dumps(dict(save, actions=save["actions"][:upto])))
    return data.to_game()


def test_the_last_roll_is_drawn_as_dice_with_its_sentence() -> None:
    game = _game(16)  # ... #16 dice 4,2: the Landing DR
    view = roll_view(game)
    assert view is not None
    assert view["dice"] == [{"name": "colored", "value": 4, "tone": "colored"}, {"name": "white", "value": 2, "tone": "white"}]
    assert view["rule"] == "E8.22" and view["total"] == 6 and view["source"] == "typed"
    assert [m["value"] for m in view["modifiers"]] == ["-2", "+1"]
    assert view["sentence"] == (
        "Landing DR 6 (colored 4, white 2); -2 2 consecutive hexes clear of Obstacles: 1F6, 1G6; "
        "+1 Obstacle 1 level above the ILH's Base Level in 1H5 → Final colored dr 3, white dr 2: short by 2: lands in 1G6")
    assert view["lines"] == [  # the box shows it a line each (#32 item 8)
        "Landing DR 6 (colored 4, white 2)", "-2 2 consecutive hexes clear of Obstacles: 1F6, 1G6",
        "+1 Obstacle 1 level above the ILH's Base Level in 1H5", "→ Final colored dr 3, white dr 2: short by 2: lands in 1G6"]
    assert "1G6" in view["hexes"]


def test_no_roll_view_after_an_undo_or_a_choice() -> None:
    game = _game(16)
    game.apply({"type": "undo"})
    assert roll_view(game) is None
    assert focus_hexes(game) == []
    assert roll_view(_game(15)) is None  # #15 is a choice


def test_starting_a_landing_frames_its_ilh_and_avenue() -> None:
    game = _game(6)  # #6 starts the glider landing in ILH 1C9
    names = focus_hexes(game)
    assert names[:1] == ["1C9"] or "1C9" in names
    for avenue in ("1D8", "1E8", "1F7", "1G7", "1H6"):
        assert avenue in names


def test_the_plan_under_way_fills_its_form_again_after_a_reload() -> None:
    """#14 item 10: after a reload mid-landing the plan form was blank."""
    from airhead.present import procedure_menu

    game = _game(6)  # the landing of Glider 1 at 1C9 is under way
    item = next(i for i in procedure_menu(game) if i["name"] == "asl.glider_landing")
    assert item["values"]["ilh"] == "1C9" and item["under_way"]
    done = _game(0)
    fresh = next(i for i in procedure_menu(done) if i["name"] == "asl.glider_landing")
    assert fresh["values"].get("ilh") != "1C9"


def test_a_reloaded_plan_never_shows_its_secret_fields() -> None:
    from airhead.present import procedure_menu

    game = _game(5)
    game.apply({"type": "start", "procedure": "asl.glider_landing",
                "params": {"name": "Glider 2", "ilh": "1G9", "passengers": [{"name": "squad", "pp": 10}]}})
    item = next(i for i in procedure_menu(game) if i["name"] == "asl.glider_landing")
    assert item["values"]["ilh"] == "1G9" and item["values"].get("passengers") in (None, [], ())


def test_units_off_the_map_are_listed_with_their_status_in_words() -> None:
    from airhead.counters import Unit
    from airhead.present import offmap_view

    game = _game(0)
    game.apply({"type": "edit", "op": "unit", "id": "fb1", "kind": "aircraft", "side": "Allied", "label": "FB 1", "hex": None})
    assert offmap_view(game) == [{"side": "Allied", "units": ["FB 1 (aircraft, Allied)"]}]
    u = Unit("fb2", "Allied", "aircraft", label="FB 2", status=frozenset({"damaged", "mg_disabled"}))
    assert u.describe() == "FB 2 (aircraft, Allied): damaged, MG disabled"

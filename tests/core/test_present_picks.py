"""Pick instead of type (#32 item 2): every form field that names a counter, a side or a row offers
the names that fit, from the game as it stands — the aircraft on the map, a Dogfight plane's
enemy planes, the units with their hexes — each with what else of its row a pick fills."""

from __future__ import annotations

from typing import Any

from airhead.fields import Field
from airhead.present import picks_view, plan_panel, procedure_menu
from airhead.systems import builtin, new_game

PLANES = [("P-47 1", "Allied", "1K6"), ("P-47 2", "Allied", "1K6"), ("Bf 109 1", "Axis", "1L5")]


def _game() -> Any:
    g = new_game(builtin(), "picks")
    for name, side, where in PLANES:
        g.apply({"type": "edit", "op": "unit", "id": name, "side": side, "kind": "aircraft", "hex": where})
    g.apply({"type": "edit", "op": "unit", "id": "6-6-7 A", "side": "Axis", "kind": "squad", "hex": "1G9"})
    return g


def _values(picks: list[dict[str, Any]]) -> list[str]:
    return [p["value"] for p in picks]


def test_an_aircraft_field_offers_the_aircraft_on_the_map_and_fills_their_side() -> None:
    g = _game()
    picks = picks_view(g, "asl.strafing", {"aircraft": "", "units": [{"name": "", "hex": ""}]})
    assert _values(picks["aircraft"]) == ["P-47 1", "P-47 2", "Bf 109 1"]  # aircraft only, not the squad
    assert picks["aircraft"][0] == {"value": "P-47 1", "label": "P-47 1 · 1K6", "hex": "1K6", "fill": {"side": "Allied"}}
    assert _values(picks["side"]) == ["Allied", "Axis"]
    target = picks["units.0.name"]  # a target unit: a counter on the ground, and its hex is filled with it
    assert _values(target) == ["6-6-7 A"]
    assert next(p for p in target if p["value"] == "6-6-7 A")["fill"] == {"units.0.hex": "1G9"}


def test_a_dogfight_target_is_one_of_the_enemy_planes_of_the_form() -> None:
    g = _game()
    item = next(i for i in procedure_menu(g) if i["name"] == "asl.aerial_combat")
    values = item["values"]  # the form starts from the aircraft on the map
    assert [p["name"] for p in values["planes"]] == ["P-47 1", "P-47 2", "Bf 109 1"]
    picks = picks_view(g, "asl.aerial_combat", values)
    assert _values(picks["planes.0.target"]) == ["Bf 109 1"]
    assert _values(picks["planes.2.target"]) == ["P-47 1", "P-47 2"]
    assert _values(picks["planes.1.name"]) == ["P-47 1", "P-47 2", "Bf 109 1"]
    assert _values(picks["attacker"]) == ["Allied", "Axis"]


def test_the_planner_offers_its_picks_with_the_form() -> None:
    g = _game()
    v = plan_panel(g, "asl.air_jettison", {"aircraft": ""})
    assert _values(v["picks"]["aircraft"]) == ["P-47 1", "P-47 2", "Bf 109 1"]
    empty = new_game(builtin(), "none")  # nothing on the map: nothing offered, the field is typed
    assert "aircraft" not in plan_panel(empty, "asl.air_jettison", {"aircraft": ""})["picks"]


def test_rows_and_settings_are_offered_where_a_field_names_them() -> None:
    g = new_game(builtin("panzer_leader_drop"), "pl")
    values = {"platoons": [{"id": "1st"}, {"id": "2nd"}, {"id": ""}], "aa": [{"at": "", "unit": ""}]}
    picks = picks_view(g, "panzer_leader.paradrop", values)
    assert _values(picks["aa.0.at"]) == ["1st", "2nd"]


def test_every_field_naming_a_counter_offers_a_pick() -> None:
    """The fields a player fills with the name of a counter on the map, in every system."""
    named: list[str] = []
    for key in ("default", "panzer_leader_drop", "army_group_drop"):
        g = new_game(builtin(key), "all")
        for p in g.system.rules.menu_order():
            def walk(fields: tuple[Field, ...], where: str) -> None:
                for f in fields:
                    if f.kind == "record":
                        walk(f.fields, f"{where}.{f.key}")
                    elif f.item is not None and f.item.kind == "record":
                        walk(f.item.fields, f"{where}.{f.key}")
                    elif f.pick:
                        named.append(f"{where}.{f.key}")
            walk(p.params.fields, p.name)
    for path in ("asl.aerial_combat.planes.target", "asl.aerial_combat.planes.name", "asl.air_jettison.aircraft",
                 "asl.air_exit.aircraft", "asl.strafing.aircraft", "asl.strafing.units.name", "asl.strafing.aa.name",
                 "asl.heavy_aa.gun", "asl.heavy_aa.aircraft", "asl.aa_mode.weapon", "asl.observation_sighting.plane",
                 "asl.straying.unit", "panzer_leader.paradrop.enemy.id", "panzer_leader.paradrop.aa.at",
                 "army_group.landing.enemy.id"):
        assert path in named, path


def test_a_long_list_is_capped() -> None:
    from airhead.picks import MAX_PICKS

    g = new_game(builtin(), "many")
    for i in range(MAX_PICKS + 20):
        g.apply({"type": "edit", "op": "unit", "id": f"u{i}", "side": "Axis", "kind": "squad", "hex": "1G9"})
    picks = picks_view(g, "asl.aa_mode", {"weapon": ""})
    assert len(picks["weapon"]) == MAX_PICKS  # the rest are typed

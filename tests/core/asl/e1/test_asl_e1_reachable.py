"""Every E1 rule reachable from the app (issue #29 item 3): the Hex panel's "At night here" and
"Night fire" tools read the map (E1.2, 1.16, 1.22, 1.31, 1.32, 1.421, 1.54, 1.56, 1.6, 1.7,
1.71, 1.73–1.77), "Night MF cost" knows a Cloaking counter (E1.421), and the procedures "Sniper
vs Cloaking" (E1.72) and "Night Ambush" (E1.77) roll what the tools cannot."""

from __future__ import annotations

from typing import Any

import pytest
from airhead.asl.e1.night_combat_procedures import ambush_result
from airhead.asl.e1.night_tools import climbing_drm
from airhead.boards import HexMap
from airhead.errors import AirheadError
from airhead.game import Game
from airhead.present import tool_view, tools_view
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import Terrain

M = HexMap.asl([["13"]])


def night(**settings: Any) -> Scenario:
    return Scenario("night", "asl", M, Terrain(), {"night": True, "base_nvr": 2, **settings})


def unit(uid: str, side: str, where: str | None, kind: str = "squad", label: str = "", **kw: Any) -> dict[str, Any]:
    return {"type": "edit", "op": "unit", "id": uid, "side": side, "kind": kind, "hex": where, "label": label, **kw}


def marker(mid: str, kind: str, where: str) -> dict[str, Any]:
    return {"type": "edit", "op": "marker", "id": mid, "kind": kind, "hex": where}


def here(g: Game, name: str, **options: Any) -> list[str]:
    return list(tool_view(g, "night_here", [name], options)["lines"])


def fire(g: Game, a: str, b: str, **options: Any) -> list[str]:
    return list(tool_view(g, "night_fire", [a, b], options)["lines"])


def with_rule(lines: list[str], rule: str) -> list[str]:
    return [x for x in lines if x.endswith(f"({rule})") or f"({rule}," in x or f", {rule})" in x]


def test_the_night_tools_are_in_the_hex_panel_and_only_at_night() -> None:
    g = new_game(night(), "t")
    assert [t["key"] for t in tools_view(g)][-2:] == ["night_here", "night_fire"]
    day = new_game(Scenario("day", "asl", M, Terrain(), {}), "t")
    with pytest.raises(AirheadError, match="Night rules are not in effect"):
        tool_view(day, "night_here", ["13I5"])
    with pytest.raises(AirheadError, match="Night rules are not in effect"):
        tool_view(day, "night_fire", ["13I5", "13I6"])


# ---------------------------------------------------------------------- E1.6, read from the counters
def test_e1_6_each_units_class_is_read_from_its_counter() -> None:
    g = new_game(night(), "t", [
        unit("L", "Axis", "13I5", "leader", "8-1 leader"),
        unit("R", "Allied", "13I5", label="Ranger 6-6-7"),
        unit("I", "Axis", "13I5", label="Italian 3-4-7"),
        unit("B", "Axis", "13I5", label="4-6-7", status=["berserk"]),
        unit("C", "Allied", "13I5", "cloaking", "Cloaking A"),
    ])
    lines = here(g, "13I5")
    # the Italian squad is stacked with a Good Order leader of its side: Normal (E1.63)
    assert "8-1 leader (Axis): Stealthy — a Good Order SMC is Stealthy (E1.61)" in lines
    assert "Ranger 6-6-7 (Allied): Stealthy — Ranger is Stealthy (E1.61)" in lines
    assert any(x.startswith("Italian 3-4-7 (Axis): Normal") and x.endswith("(E1.63)") for x in lines)
    assert "4-6-7 (Axis): Lax — a berserk unit is always Lax (E1.533)" in lines
    assert any(x.startswith("Cloaking A (Allied): a Cloaking counter") and x.endswith("(E1.551)") for x in lines)
    alone = new_game(night(), "t", [unit("I", "Axis", "13I5", label="Italian 3-4-7")])
    assert any(x.startswith("Italian 3-4-7 (Axis): Lax") and x.endswith("(E1.62)") for x in here(alone, "13I5"))


# ---------------------------------------------------------------------- E1.2, 1.22, 1.76: the sides
def test_e1_2_hip_allowance_from_the_scenario_defenders_squads_in_the_game() -> None:
    # the Scenario Attacker is the side that moves first (Allied): the Axis defend
    g = new_game(night(), "t", [unit(f"S{i}", "Axis", "13C3") for i in range(5)] + [unit("S5", "Axis", None)]
                 + [unit("H1", "Axis", "13C4", "half-squad"), unit("H2", "Axis", "13C4", "half-squad"),
                    unit("A", "Allied", "13I5"), unit("X", "Allied", "13I6")])
    lines = with_rule(here(g, "13I5"), "E1.2")
    # 6 squads (one offboard) + 2 HS (one Deployed squad) = 7 squads: 25 %, fractions rounded up, is 2
    assert lines[0] == "Axis, the Scenario Defender, may set up HIP at most 2 of his squads: 25 % (FRU) of the 6 squads " \
                       "and 2 HS in the game (E1.2)"
    assert "your rulebook says which other units ('any SMC…') may use HIP: players decide" in lines[1]
    other = new_game(night(e1_scenario_attacker="the other side"), "t", [unit("A", "Allied", "13I5")])
    assert with_rule(here(other, "13I5"), "E1.2")[0].startswith("Allied, the Scenario Defender, may set up HIP at most 1 ")
    # E1.21 "Each onboard unit of a Scenario Defender in a night scenario may attempt to move/" (cut)
    assert with_rule(here(other, "13I5"), "E1.21") == [
        "Allied's units here: Freedom of Movement ('may attempt to move…'): see your rulebook; players "
        "decide (E1.21)"]
    assert not with_rule(here(g, "13I5"), "E1.21")  # no Scenario Defender's unit in 13I5


def test_e1_22_elr_and_e1_76_san_from_the_numbers_given_once() -> None:
    g = new_game(night(), "t")
    assert "ELR is one less than by day" in with_rule(here(g, "13I5"), "E1.22")[0]
    assert with_rule(here(g, "13I5", elr=4, elr_ob="DYO: the normal ELR"), "E1.22") == [
        "Axis's ELR is 3 (4 − 1, DYO); units with an underlined Morale Factor: 3 (E1.22)"]
    assert with_rule(here(g, "13I5", elr=5), "E1.22") == [
        "Axis's ELR is 5 (as printed); units with an underlined Morale Factor: 4 (E1.22)"]
    san = with_rule(here(g, "13I5", san_attacker=4, san_defender=6), "E1.76")
    assert san == ["Allied's SAN 4 is 6 in play (+2, at most 7); Sniper Checks lower it to 4 at least (E1.76)",
                   "Axis's SAN 6 is 7 in play (+2, at most 7); Sniper Checks lower it to 6 at least (E1.76)"]
    assert "a DYO SAN costs 2 × its BPV" in with_rule(here(g, "13I5"), "E1.76")[0]


# ---------------------------------------------------------------------- E1.31, 1.32, 1.54, 1.56, 1.77
def test_e1_31_concealment_lost_in_an_illuminated_or_enemy_occupied_location_and_e1_32() -> None:
    dark = new_game(night(), "t", [unit("D", "Axis", "13I5")])
    lines = here(dark, "13I5")
    assert 'Non-Assault Movement in 13I5: keeps Cloaking/"?" — not Illuminated (E1.31)' in lines
    assert 'a unit of Allied entering 13I5 in the MPh loses Cloaking/"?": Axis occupies it (E1.31)' in lines
    assert 'gains "?" automatically at night (no dr) (E1.32)' in lines
    lit = new_game(night(), "t", [marker("S", "Starshell", "13I7")])
    lines = here(lit, "13I5")
    assert lines[0].startswith("Night, Base NVR 2: 13I5 is Illuminated (Starshell in 13I7")
    assert 'Non-Assault Movement in 13I5: loses Cloaking/"?" — it is Illuminated (E1.31)' in lines
    assert not any("entering 13I5 in the MPh" in x for x in lines)  # nobody there


def test_e1_54_routing_and_e1_56_recovery() -> None:
    g = new_game(night(), "t", [unit("B", "Axis", "13I5", status=["broken"])])
    rout = with_rule(here(g, "13I5"), "E1.54")
    assert rout[0] == "a broken unit does not rout normally at night, nor is it eliminated for Failure to Rout (E1.54)"
    assert any("only by CC or Mopping Up" in x for x in rout) and any("players decide" in x for x in rout)
    assert "Recovery attempts (A4.44) here: +1 drm at night (E1.56)" in here(g, "13I5")
    assert len(with_rule(here(new_game(night(), "t"), "13I5"), "E1.54")) == 1  # no broken unit: the rule alone


def test_e1_77_the_ambush_margin_in_the_tool_follows_illumination() -> None:
    dark = new_game(night(), "t")
    assert "CC in 13I5: the ATTACKER gains Ambush with a dr at least 2 less than the DEFENDER's (A11.4) (E1.77)" in \
        here(dark, "13I5")
    lit = new_game(night(), "t", [marker("F", "Flame", "13I5")])
    assert "CC in 13I5: Illuminated, so Ambush as by day (A11.4, your rulebook) (E1.77)" in here(lit, "13I5")


# ---------------------------------------------------------------------- E1.16, E1.421
def test_e1_16_a_fortification_here_and_e1_421_a_cliff_hexside() -> None:
    g = new_game(night(), "t", [{"type": "edit", "op": "hex", "hex": "13I5", "set": {"trench": True}}])
    fort = with_rule(here(g, "13I5"), "E1.16")
    assert fort and fort[0].startswith("A trench in 13I5: every Fortification sets up hidden at night") \
        and "players decide" in fort[0]
    assert not with_rule(here(g, "13I6"), "E1.16")
    assert climbing_drm(True) == 1 and climbing_drm(False) == 0
    cliff = Scenario("night", "asl", M, Terrain().add_side(M.parse("13I5"), 0, "cliff"), {"night": True})
    lines = here(new_game(cliff, "t"), "13I5")
    assert "a cliff hexside here: a Climbing unit's Falling DR (B11.41) is +1 at night (E1.421)" in lines


def test_e1_421_a_cloaking_counter_pays_the_daytime_mf() -> None:
    g = new_game(Scenario("night", "asl", M, Terrain(), {"night": True}), "t",
                 [{"type": "edit", "op": "hex", "hex": "13I5", "set": {"t": "woods", "obs": 1}}])
    g.apply({"type": "start", "procedure": "asl.night_mf", "params": {"to": "13I5", "day_mf": 2}})
    assert g.state.outcomes[-1]["mf"] == 3  # Infantry: +1 into Concealment Terrain (E1.51)
    g.apply({"type": "start", "procedure": "asl.night_mf",
             "params": {"to": "13I5", "day_mf": 2, "mover": "a Cloaking counter"}})
    assert g.state.outcomes[-1]["mf"] == 2
    assert any(e.rule == "E1.421" and "daytime costs" in e.cause for e in g.entries[-1].events)


# ---------------------------------------------------------------------- E1.7x: Night fire
def test_e1_7_night_fire_lv_nvr_to_hit_target_acquisition_fire_groups() -> None:
    g = new_game(night(), "t")
    near = fire(g, "13I5", "13I6")
    assert near[1] == "13I6 is within the NVR (E1.1)"
    assert any(x.startswith("+1 night Low Visibility Hindrance") and x.endswith("(E1.7)") for x in near)
    assert "a unit entering 13I6 from beyond the NVR is treated as emerging from a Blind Hex for the firer's To Hit (E1.73)" \
        in near
    assert any(x.startswith("no Target Acquisition DRM: the target is not Illuminated") for x in with_rule(near, "E1.74"))
    assert "no Multi-Location Fire Group at night (E1.75)" in near
    assert not with_rule(near, "E1.71")  # within the NVR: no Fire Lane line
    far = fire(g, "13I5", "13I9")
    assert far[1] == "13I9 is beyond the NVR, neither Illuminated nor marked by a Gunflash: out of LOS (E1.101)"
    assert with_rule(far, "E1.71")[0].startswith("a Fire Lane's Residual FP may be placed here beyond the NVR")
    assert not with_rule(far, "E1.73")
    # E1.33: "An unconcealed unit beyond a viewing unit's NVR is never Known to that viewing unit
    # unless the target can be treated as being within NVR as per 1.101"
    assert with_rule(far, "E1.33") == ["an unconcealed unit in 13I9 is never Known to the firer (E1.33)"]
    assert not with_rule(near, "E1.33")
    g.apply(marker("gf", "Gunflash", "13I9"))
    assert not with_rule(fire(g, "13I5", "13I9"), "E1.33")  # marked by a Gunflash: 1.101


def test_e1_14_e1_52_a_vehicle_and_e1_15_snow_are_cut_the_players_decide() -> None:
    # E1.14 "A vehicle (and its PRC) that is in Motion/", E1.52 "All vehicles must pay an additional
    # MP/", E1.15 "Whenever Ground/": each cut where it starts; the tool says so where it applies
    g = new_game(night(weather="Snow"), "t", [unit("t1", "Axis", "13I5", "AFV", "PzIV")])
    lines = here(g, "13I5")
    assert with_rule(lines, "E1.14") == ["Vehicular NVR: 'A vehicle (and its PRC) that is in Motion…' — the rest is in "
                                         "your rulebook: players decide (E1.14)"]
    assert with_rule(lines, "E1.52")[0].endswith("players decide (E1.52)")
    assert with_rule(lines, "E1.15")[0].startswith("Snow: 'Whenever Ground…'")
    plain = here(new_game(night(), "t", [unit("s", "Axis", "13I5")]), "13I5")
    assert not with_rule(plain, "E1.14") and not with_rule(plain, "E1.52") and not with_rule(plain, "E1.15")


def test_e1_71_after_a_starshell_the_fire_lane_exception_is_the_players_and_e1_74_illuminated() -> None:
    g = new_game(night(), "t", [marker("S", "Starshell", "13I9")])
    far = fire(g, "13I5", "13I9")
    assert far[1] == "13I9 is beyond the NVR but Illuminated: it may be seen (E1.101, E1.81)"
    assert "players decide" in with_rule(far, "E1.71")[0]
    assert with_rule(far, "E1.74") == ["Target Acquisition DRM apply: the target is Illuminated (E1.74)"]
    flash = new_game(night(), "t", [marker("G", "Gunflash", "13I9")])
    assert fire(flash, "13I5", "13I9")[1] == "13I9 is beyond the NVR but marked by a Gunflash: it may be seen (E1.101, E1.81)"


def test_e1_76_a_captured_mg_fired_at_night() -> None:
    g = new_game(night(), "t")
    assert not with_rule(fire(g, "13I5", "13I6"), "E1.76")
    assert with_rule(fire(g, "13I5", "13I6", captured_mg=True), "E1.76") == [
        "a captured MG fired at night: 13I5 is subject to an automatic sniper attack (E1.76)"]


# ---------------------------------------------------------------------- E1.72 Sniper vs Cloaking
def _cloaked(*more: dict[str, Any]) -> Game:
    return new_game(night(), "s", [
        {"type": "start", "procedure": "asl.cloaking", "params": {"letter": "B", "hex": "13C3", "contents": [{"name": "4-5-8"}]}},
        {"type": "start", "procedure": "asl.sniper_cloaking", "params": {"letter": "B"}}, *more])


def test_e1_72_an_effective_sniper_dr_removes_the_cloaking_counter_and_places_its_contents() -> None:
    g = _cloaked({"type": "dice", "values": [2]})
    assert g.state.procedure is None and [u.label for u in g.state.counters.units] == ["4-5-8"]
    assert any(e.rule == "E1.72" and "Sniper dr 2: effective" in e.cause for e in g.events())
    assert g.state.outcomes[-1]["procedure"] == "asl.cloaking_lost"
    miss = _cloaked({"type": "dice", "values": [3]})
    assert miss.state.counters.unit("Cloaking B") is not None and miss.state.outcomes[-1]["effective"] is False
    proc = miss.system.procedure("asl.sniper_cloaking")
    table = proc.odds(miss.state, proc.read(miss.state, {"letter": "B"})).tables[0]
    assert dict(table.rows)["effective: Cloaking lost"] == pytest.approx(2 / 6)
    with pytest.raises(AirheadError, match="E1.72: no Cloaking C"):
        miss.apply({"type": "start", "procedure": "asl.sniper_cloaking", "params": {"letter": "C"}})


# ---------------------------------------------------------------------- E1.77 Ambush
def test_e1_77_night_ambush_needs_a_dr_two_less_unless_illuminated() -> None:
    g = new_game(night(), "a", [unit("A", "Allied", "13I5"), unit("D", "Axis", "13I5", "leader", "8-1 leader")])
    g.apply({"type": "start", "procedure": "asl.night_ambush", "params": {"hex": "13I5"}})
    assert any(e.rule == "E1.61" and "8-1 leader" in e.cause for e in g.entries[-1].events)  # classes logged
    g.apply({"type": "dice", "values": [2, 4]})
    assert g.state.outcomes[-1]["ambush"] == "ATTACKER"
    g.apply({"type": "start", "procedure": "asl.night_ambush", "params": {"hex": "13I5"}})
    g.apply({"type": "dice", "values": [3, 4]})
    assert g.state.outcomes[-1]["ambush"] == "none"
    # Illuminated: A11.4's margin, the players' to give
    lit = new_game(night(), "a", [marker("F", "Flame", "13I5"),
                                  {"type": "start", "procedure": "asl.night_ambush", "params": {"hex": "13I5"}},
                                  {"type": "dice", "values": [2, 4]}])
    assert lit.state.outcomes[-1]["ambush"] == "players decide"
    assert ambush_result(2, 4, None, None)[0] == "players decide"
    assert ambush_result(1, 4, 3, 3)[0] == "ATTACKER" and ambush_result(2, 4, 3, 3)[0] == "none"
    assert ambush_result(5, 2, 2, 3)[0] == "DEFENDER" and ambush_result(5, 3, 2, None)[0] == "none"
    proc = g.system.procedure("asl.night_ambush")
    rows = dict(proc.odds(g.state, proc.read(g.state, {"hex": "13I5"})).tables[0].rows)
    assert rows["the ATTACKER gains Ambush"] == pytest.approx(10 / 36)  # differences of 2..5

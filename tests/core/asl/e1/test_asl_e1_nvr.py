"""ASL E1 Night, E1.1–E1.23: the NVR, its DYO table and its changes (the 1.12 EX step by step),
the NVR tracker, the night as game-wide state (E8 reads it from here), HIP, ELR and Recon."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from airhead.asl.e1 import night
from airhead.asl.e8.gliders_procedures import GliderLanding
from airhead.asl.e1.night import (
    WHITE4,
    change_amount,
    cloud_cover,
    current_nvr,
    dyo_nvr,
    hip_squads,
    is_night,
    moon_phase,
    night_elr,
    nvr_change_odds,
    nvr_history,
    nvr_modifier,
    recon_hexes,
    recon_odds,
    within_nvr,
)
from airhead.boards import HexMap
from airhead.codec import decode_link, encode_link
from airhead.errors import RulesError
from airhead.game import Game
from airhead.scenario import Scenario
from airhead.systems import new_game
from airhead.terrain import Terrain

from playing import at

B3 = HexMap.asl([["3"]])


def scenario(**settings: Any) -> Scenario:
    return Scenario("E1 night", "asl", B3, Terrain(), {"night": True, **settings})


def play(actions: list[dict[str, Any]], **settings: Any) -> Game:
    return new_game(scenario(**settings), "e1", actions)


def change(*dice: list[int], choose: str = "", **settings: Any) -> Game:
    # the RPh after the opening Player Turn: the first NVR Change DR (E1.12)
    actions: list[dict[str, Any]] = [*at("RPh"), {"type": "start", "procedure": "asl.nvr_change", "params": {}}]
    actions += [{"type": "dice", "values": d} for d in dice]
    if choose:
        actions.append({"type": "choose", "choice": choose})
    return play(actions, **settings)


def lines(g: Game, rule: str) -> list[str]:
    return [ln.strip() for ln in g.log_lines() if ln.strip().startswith(rule + " ")]


# --------------------------------------------------------------------- the night as game-wide state
def test_is_night_and_current_nvr_read_the_settings_then_the_conditions() -> None:
    # E1.1 "Night rules are in effect only when cited by SSR. A SSR must always cite the Base NVR"
    g = play(at("RPh"), base_nvr=2)
    assert is_night(g.state) and current_nvr(g.state) == 2
    day = new_game(Scenario("day", "asl", B3, Terrain(), {}), "d")
    assert not is_night(day.state) and current_nvr(day.state) == 3  # the settings' defaults
    g.apply({"type": "start", "procedure": "asl.nvr_change", "params": {}})
    g.apply({"type": "dice", "values": [6, 1]})
    assert g.state.conditions == {"nvr": 1} and current_nvr(g.state) == 1


def test_old_saves_read_the_same_night_setting() -> None:
    # the E8.23 "night" setting is now E1.1's: same key, same default
    field = night.NIGHT_FIELD
    assert (field.key, field.default, field.kind) == ("night", False, "bool")


def test_e8_night_landing_reads_the_night_from_e1() -> None:
    # E8 must read the night from here, and its results stay identical
    plan = {"ilh": "3P5", "wind": 2}
    at_night = play([{"type": "start", "procedure": "asl.glider_landing", "params": plan}, {"type": "dice", "values": [3, 3]},
                     {"type": "dice", "values": [4]}], wind=2)
    by_param = new_game(Scenario("day", "asl", B3, Terrain(), {"wind": 2}), "e1", [
        {"type": "start", "procedure": "asl.glider_landing", "params": {**plan, "night": True}},
        {"type": "dice", "values": [3, 3]}, {"type": "dice", "values": [4]}])
    assert GliderLanding().fallbacks(at_night.state)["night"] is True
    assert at_night.log_lines()[1:] == by_param.log_lines()[1:]
    assert any("night landing" in ln for ln in at_night.log_lines())


def test_within_nvr_counts_the_least_hexes_to_the_viewed_hex() -> None:
    # E1.1 "measured in terms of the least number of hexes from the viewing unit's hex to the
    # viewed hex (inclusive only of the latter)"; 1.101 beyond NVR unless Gunflash / Illuminated
    a = B3.parse("3E5")
    assert within_nvr(a, B3.parse("3H5"), 3) and not within_nvr(a, B3.parse("3I5"), 3)
    assert within_nvr(a, B3.parse("3I5"), 3, gunflash=True) and within_nvr(a, B3.parse("3I5"), 3, illuminated=True)
    # 1.13 "When a unit's NVR is 0, all Locations except the one occupied by that unit are beyond its NVR"
    assert within_nvr(a, a, 0) and not within_nvr(a, a.neighbor(0), 0)


# --------------------------------------------------------------------- E1.11 DYO NVR table
def test_nvr_table_rows_and_matrix_as_printed() -> None:
    assert [cloud_cover(d) for d in (1, 2, 3, 4, 6, 7)] == ["None", "None", "Scattered", "Scattered", "Overcast", "Overcast"]
    assert [moon_phase(d) for d in (1, 2, 3, 4, 6)] == ["Full", "Full", "Half", "Half", "No Moon"]
    matrix = {("None", "No Moon"): 0, ("None", "Half"): 1, ("None", "Full"): 2,
              ("Scattered", "No Moon"): -1, ("Scattered", "Half"): 0, ("Scattered", "Full"): 1,
              ("Overcast", "No Moon"): -2, ("Overcast", "Half"): -1, ("Overcast", "Full"): 0}
    assert {k: nvr_modifier(*k) for k in matrix} == matrix


def test_nvr_table_five_is_a_setting_or_the_tables_own_cell(monkeypatch: pytest.MonkeyPatch) -> None:
    # the seed's rows read <= 2, 3,4, >= 6: a 5 is read as the >= 6 row by default
    assert cloud_cover(5) == "Overcast" and moon_phase(5) == "No Moon"
    assert cloud_cover(5, "as the 3-4 row") == "Scattered" and moon_phase(5, "as the 3-4 row") == "Half"
    g = play([{"type": "start", "procedure": "asl.nvr_table", "params": {}}, {"type": "dice", "values": [5, 5]}],
             e1_nvr_dr5="as the 3-4 row")
    assert g.state.conditions == {"nvr": 3, "cloud": "Scattered", "moon": "Half"}
    # a player who fills the table's dr5 cell overrules the setting
    table = dict(night.nvr_table(), dr5={"cloud": "None", "moon": "Full"})
    monkeypatch.setattr(night, "nvr_table", lambda: table)
    assert cloud_cover(5, "as the 3-4 row") == "None" and moon_phase(5) == "Full"


def test_nvr_table_example_no_ground_snow_base_three() -> None:
    # 1.11 "This NVR Modifier is added to 3 (or to 6 if Ground/[Snow])"; the EX is cut after
    # "(in a scenario with no Ground/": base 3, colored 1 (None) and white 1 (Full) -> +2 -> 5
    g = play([{"type": "start", "procedure": "asl.nvr_table", "params": {}}, {"type": "dice", "values": [1, 1]}])
    assert g.state.conditions == {"nvr": 5, "cloud": "None", "moon": "Full"}
    assert lines(g, "E1.11")[-3:] == [
        "E1.11    modifier  +2  NVR modifier: Cloud Cover None, Full Moon",
        "E1.11    result    Base NVR 3 +2 = 5 hexes",
        "E1.11    result    Game Turn 1: NVR 3 → 5",
    ]
    res, _ = dyo_nvr(6, 6, ground_snow=True)
    assert (res.cloud, res.moon, res.nvr) == ("Overcast", "No Moon", 4)  # 6 - 2
    res, _ = dyo_nvr(1, 1, ground_snow=True)
    assert res.nvr == 6  # 6 + 2, kept within the track's 0..6


def test_december_january_february_add_one_to_the_colored_dr() -> None:
    # "*colored drm is +1 in Dec, Jan, Feb"
    g = play([{"type": "start", "procedure": "asl.nvr_table", "params": {"winter": True}}, {"type": "dice", "values": [2, 6]}])
    assert g.state.conditions["cloud"] == "Scattered"  # 2 + 1 = 3
    assert "E1.11    modifier  +1  colored drm: a scenario in December, January or February" in lines(g, "E1.11")
    res, _ = dyo_nvr(2, 6)
    assert res.cloud == "None"


def test_overcast_weather_makes_the_cloud_cover_overcast() -> None:
    # 1.11 "If Weather rule are in play, Cloud Cover is automatically Overcast during Overcast/..."
    g = play([{"type": "start", "procedure": "asl.nvr_table", "params": {}}, {"type": "dice", "values": [1, 3]}], weather="Overcast")
    assert g.state.conditions == {"nvr": 2, "cloud": "Overcast", "moon": "Half"}


def test_nvr_table_odds_enumerate_the_procedure() -> None:
    proc = new_game(scenario(), "o").system.procedure("asl.nvr_table")
    g = play([])
    odds = proc.odds(g.state, {"winter": True})
    assert odds is not None
    table = dict(odds.tables[0].rows)
    count: dict[str, int] = {}
    for c in range(1, 7):
        for w in range(1, 7):
            played = play([{"type": "start", "procedure": "asl.nvr_table", "params": {"winter": True}},
                           {"type": "dice", "values": [c, w]}])
            n = played.state.conditions["nvr"]
            key = f"{n} hex{'' if n == 1 else 'es'}"
            count[key] = count.get(key, 0) + 1
    assert table == pytest.approx({k: v / 36 for k, v in count.items()})


# --------------------------------------------------------------------- E1.12 NVR change
def test_e1_12_example_wind_change_dr_11_raises_nvr_3_to_4() -> None:
    # "The base NVR is 3; there is no Cloud cover and No Moon. A Wind Change DR of 11 is made with
    # a 6 on the colored dr. This results in a one-hex increase in the NVR to four hexes."
    g = change([6, 5])
    assert g.state.conditions == {"nvr": 4}
    assert lines(g, "E1.12")[-3:] == [
        "E1.12    roll      Wind Change DR 11 (colored 6, white 5)",
        "E1.12    result    colored dr 6: the Base NVR changes; white dr 5 ≥ 5 raises it",
        "E1.12    result    Game Turn 1: NVR 3 → 4",
    ]
    assert g.system.procedure("asl.nvr_change").summary(g.state.outcomes[-1]) == "Game Turn 1: NVR 3 → 4."


@pytest.mark.parametrize("further,nvr", [(1, 4), (2, 4), (3, 4), (4, 5), (5, 5), (6, 5)])
def test_e1_12_example_scattered_half_moon_further_dr(further: int, nvr: int) -> None:
    # "Had there been Scattered Clouds and a Half Moon, another dr would have to be made ...; a dr
    # of 1-3 would result in an increase of one, a dr of 4-6 would result in an increase of two."
    g = change([6, 5], [further], cloud_cover="Scattered", moon="Half")
    assert g.state.conditions == {"nvr": nvr}
    assert f"E1.12    result    {further} ÷ 3, rounded up: a change of {nvr - 3} hex{'es' if nvr - 3 > 1 else ''}" in lines(g, "E1.12")


def test_full_moon_divides_by_two_and_other_skies_change_by_one() -> None:
    # "divided by three (FRU) for a Half Moon, or divided by two (FRU) for a Full Moon"
    assert [change_amount("Scattered", "Full", d) for d in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    assert change_amount("None", "Full") == 1 and change_amount("Overcast", "Half") == 1
    assert change_amount("Scattered", "No Moon") == 1
    with pytest.raises(RulesError, match="E1.12"):
        change_amount("Scattered", "Half")


def test_nvr_change_white_dr_and_the_limits() -> None:
    # "a white dr <= 3 lowers the Base NVR (to a minimum of 0) and a white dr >= 5 raises the Base
    # NVR (to a maximum of 6)"; any colored dr but 6: no change
    assert change([6, 3]).state.conditions == {"nvr": 2}
    assert change([5, 6]).state.conditions == {"nvr": 3}
    assert change([6, 6], base_nvr=6).state.conditions == {"nvr": 6}
    assert change([6, 1], base_nvr=0).state.conditions == {"nvr": 0}
    assert change([6, 6], [6], base_nvr=5, cloud_cover="Scattered", moon="Full").state.conditions == {"nvr": 6}


def test_white_four_is_no_change_but_its_cut_exception_is_the_players() -> None:
    # "A white dr of 4 results in No Change [EXC: before the first starshell/" (cut)
    g = change([6, 4])
    p = g.waiting_for()
    assert p is not None and p.kind == "choice" and "see your rulebook" in p.label
    g.apply({"type": "choose", "choice": "No Change"})
    assert g.state.conditions == {"nvr": 3}
    assert change([6, 4], choose="the exception applies: NVR lowered").state.conditions == {"nvr": 2}


def test_e1_12_white_four_is_no_change_once_a_starshell_has_been_fired() -> None:
    # "A white dr of 4 results in No Change [EXC: before the first starshell/": the exception names
    # only the time before the first Starshell; after it a 4 is No Change, nothing to ask
    shell = {"type": "start", "procedure": "asl.starshell",
             "params": {"firer": "leader", "aim": "3C3", "side": "Allied", "method": "placed by the players (rule text cut)"}}
    fired = [shell, {"type": "choose", "choice": "Starshells may be used now"}, {"type": "dice", "values": [1]}]
    nvr_dr = [{"type": "advance", "phase": "RPh"}, {"type": "start", "procedure": "asl.nvr_change", "params": {}}]
    for before in (fired, [{"type": "edit", "op": "marker", "id": "S", "kind": "Starshell", "hex": "3C3"}]):
        g = play(at("PFPh", 0) + before + nvr_dr + [{"type": "dice", "values": [6, 4]}])
        assert g.waiting_for() is None and g.state.conditions["nvr"] == 3
        assert "E1.12    result    colored dr 6 and white dr 4: No Change (a Starshell has been fired: the exception, " \
               "before the first Starshell, no longer applies)" in lines(g, "E1.12")
        odds = g.system.procedure("asl.nvr_change").odds(g.state, {})
        assert odds is not None and WHITE4 not in dict(odds.tables[0].rows)
        assert dict(odds.tables[0].rows)["NVR 3"] == pytest.approx(31 / 36)  # 30 without a colored 6, and the white 4
    # a Starshell whose Usage dr failed was not fired: the players are still asked
    failed = play(at("PFPh", 0) + fired[:2] + [{"type": "dice", "values": [6]}, *nvr_dr, {"type": "dice", "values": [6, 4]}])
    assert failed.waiting_for() is not None
    assert dict(nvr_change_odds(3, "None", "No Moon", True)) == {"NVR 2": Fraction(3, 36), "NVR 3": Fraction(31, 36),
                                                                "NVR 4": Fraction(2, 36)}


def test_nvr_tracker_history_and_replay() -> None:
    g = change([6, 5])
    g.apply({"type": "advance", "phase": "RPh"})  # to the other Player Turn's RPh
    g.apply({"type": "advance", "phase": "RPh"})  # Game Turn 2
    g.apply({"type": "start", "procedure": "asl.nvr_change", "params": {}})
    g.apply({"type": "dice", "values": [6, 6]})
    assert nvr_history(g.state.outcomes) == [(1, 3, 4, "E1.12"), (2, 4, 5, "E1.12")]
    assert "E1.12    result    Game Turn 2: NVR 4 → 5" in lines(g, "E1.12")
    odds = g.system.procedure("asl.nvr_change").odds(g.state, {})
    assert odds is not None
    facts = {f.key: f.value for f in odds.facts}
    assert facts["nvr"] == "5 hexes" and facts["history"] == "Game Turn 1: 3 → 4 (E1.12); Game Turn 2: 4 → 5 (E1.12)"
    again = decode_link(encode_link(g)).to_game()  # the conditions are rebuilt on replay
    assert again.state.conditions == {"nvr": 5} and nvr_history(again.state.outcomes) == nvr_history(g.state.outcomes)


@pytest.mark.parametrize("sky", [("None", "No Moon"), ("Scattered", "Half"), ("Scattered", "Full")])
def test_nvr_change_odds_enumerate_the_procedure(sky: tuple[str, str]) -> None:
    cloud, moon = sky
    rows = dict(nvr_change_odds(3, cloud, moon))
    count: dict[str, Fraction] = {}
    further = range(1, 7) if cloud == "Scattered" else [0]
    for c in range(1, 7):
        for w in range(1, 7):
            for f in further:
                dice: list[list[int]] = [[c, w]]
                if c == 6 and w != 4 and f:
                    dice.append([f])
                elif f > 1:
                    continue  # no further dr was made: count this DR once
                g = change(*dice, cloud_cover=cloud, moon=moon)
                p = Fraction(1, 36) * (Fraction(1, 6) if len(dice) == 2 else 1)
                key = WHITE4 if g.waiting_for() is not None else f"NVR {g.state.conditions['nvr']}"
                count[key] = count.get(key, Fraction(0)) + p
    assert rows == count and sum(rows.values()) == 1


# --------------------------------------------------------------------- E1.2 - E1.23
def test_hip_quarter_of_squads_fractions_rounded_up() -> None:
    # 1.2 "may use HIP to set up <= 25% (FRU) of his squads"
    assert [hip_squads(n) for n in (0, 1, 4, 5, 8, 9, 12)] == [0, 1, 1, 2, 2, 3, 3]


def test_elr_one_less_and_underlined_morale_to_four() -> None:
    # 1.22 "one less than it would be normally. Those ... with an underlined Morale Factor have
    # their ELR lowered to 4"
    assert night_elr(3) == 2 and night_elr(5) == 4 and night_elr(0) == 0
    assert night_elr(3, printed=True) == 3  # "always printed on the OB as ... one less"
    assert night_elr(5, underlined=True) == 4 and night_elr(3, underlined=True) == 2


def test_recon_dr_with_its_modifiers() -> None:
    # 1.23 "The Final dr is the number of hexes"; British ... +1, Stealthy +1, Germans/U.S. 0,
    # All other nationalities -1, Lax -1
    assert recon_hexes(3, "British, Partisans, Russians, Japanese", "Stealthy")[0] == 5
    assert recon_hexes(3, "Germans, U.S.", "Normal")[0] == 3
    assert recon_hexes(3, "All other nationalities", "Lax")[0] == 1
    assert recon_hexes(1, "All other nationalities", "Lax")[0] == 0
    g = play([{"type": "start", "procedure": "asl.recon",
               "params": {"nationality": "British, Partisans, Russians, Japanese", "night_class": "Lax"}},
              {"type": "dice", "values": [4]}])
    assert lines(g, "E1.23") == [
        "E1.23    roll      Recon dr 4",
        "E1.23    modifier  +1  British, Partisans, Russians, Japanese",
        "E1.23    modifier  -1  Lax",
        "E1.23    result    Final dr 4: the Scenario Defender reveals his units in 4 hexes the Scenario Attacker picks",
    ]
    assert g.state.outcomes[-1]["hexes"] == 4


def test_recon_odds_enumerate_the_procedure() -> None:
    rows = dict(recon_odds("All other nationalities", "Normal"))
    played: dict[int, Fraction] = {}
    for d in range(1, 7):
        g = play([{"type": "start", "procedure": "asl.recon", "params": {"nationality": "All other nationalities"}},
                  {"type": "dice", "values": [d]}])
        n = g.state.outcomes[-1]["hexes"]
        played[n] = played.get(n, Fraction(0)) + Fraction(1, 6)
    assert rows == played == {0: Fraction(1, 6), 1: Fraction(1, 6), 2: Fraction(1, 6), 3: Fraction(1, 6),
                              4: Fraction(1, 6), 5: Fraction(1, 6)}


def test_nvr_procedures_outside_a_night_scenario_say_so() -> None:
    g = new_game(Scenario("day", "asl", B3, Terrain(), {}), "d", [
        *at("RPh"), {"type": "start", "procedure": "asl.nvr_change", "params": {}}, {"type": "dice", "values": [1, 1]}])
    assert any("Night rules are not in effect" in ln for ln in g.log_lines())

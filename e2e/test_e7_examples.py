"""The ASL E7 worked examples played through the app as a player would (#11): the form filled in,
the dice typed at the table, the choices tapped; every assertion reads what the page shows (the
prompt, the last roll's sentence, the result, the log, the odds panel and the map overlay).

The default scenario's map (boards 1 and 2) stands in for the examples' boards where the terrain
does not matter: aerial combat needs no map, and the bombs example's target hex 2K7 is open ground
seen from the air. The Sighting TC example's board 19 (a building in K7, an orchard in K9) and the
4G6 example's board 4 are made in the Edit tab (New map, the terrain painted)."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import actions, hex_center, open_play
from playing import acted, add_row, choose, dice, fill, label, options, tap, waiting

pytestmark = pytest.mark.usefixtures("no_page_errors")


def next_phase(page: Any, times: int) -> None:
    for _ in range(times):
        before = actions(page)
        tap(page, "#turn-next")
        acted(page, before)


def start(page: Any) -> None:
    before = actions(page)
    tap(page, "#plan-start")
    acted(page, before)


def log_text(page: Any) -> str:
    tap(page, "#tab-log")
    text = str(page.locator("#log-list").inner_text())
    tap(page, "#tab-play")
    return text


#: What a player must never read: Python reprs, internal ids and field keys.
NOT_PLAIN = ("{'", "[{", "Traceback", "JsNull", "Hex(", "Aircraft(", "Target(", "Firer(", "Strike(", "sight_", "aerial_drm",
             "mg_fp", "bomb_at")


def plain(text: str) -> str:
    found = [b for b in NOT_PLAIN if b in text]
    assert not found, f"the page shows {found}: {text[:400]}"
    return text


def new_map(page: Any, layout: str, name: str) -> None:
    """Edit -> New map: an ASL map of these boards (the scenario settings at their defaults: a
    1944 day scenario, orchards in season), then the Play tab."""
    open_play(page)
    tap(page, "#tab-edit")
    tap(page, ".newmap summary")
    page.locator("#new-name").fill(name)
    page.locator("#new-layout").fill(layout)
    assert page.locator("#new-set-year").input_value() == "1944"
    tap(page, "#new-map")
    page.wait_for_function("n => document.getElementById('scenario-name').textContent === n", arg=name)
    tap(page, "#zoom-fit")  # the whole board in view, to tap its hexes


def paint(page: Any, terrain: str, *hexes: str) -> None:
    """The Edit tab's terrain tool: ``terrain`` at its usual obstacle height in each hex."""
    tap(page, "#tab-edit")
    page.locator("input[name='edit-mode'][value='terrain']").check()
    page.locator("#edit-terrain").select_option(terrain)
    page.locator("#edit-obstacle").fill("")
    for h in hexes:
        before = actions(page)
        page.touchscreen.tap(*hex_center(page, h))
        acted(page, before)


def strafing_form(page: Any, aircraft: str, target: str, grain: str) -> None:
    tap(page, "#tab-play")
    tap(page, "#proc-asl-strafing")
    page.wait_for_selector("#plan-form[data-proc='asl.strafing']")
    fill(page, "aircraft", aircraft)
    fill(page, "target", target)
    fill(page, "grain", grain)


def odds_fact(page: Any, key: str, value: str) -> None:
    """Wait until the odds panel's fact ``key`` reads ``value``."""
    page.wait_for_function("([k, v]) => document.getElementById('odds-' + k)?.textContent === v", arg=[key, value])


def plan_error(page: Any, start: str) -> str:
    """Wait for the planner's message starting with ``start``; return it."""
    page.wait_for_function("s => (document.getElementById('plan-error')?.textContent || '').startsWith(s)", arg=start)
    return str(page.locator("#plan-error").inner_text())


# ---- E7.22 aerial combat EX
def test_e7_22_aerial_combat_example(page: Any) -> None:
    open_play(page)
    next_phase(page, 7)  # "during the British CCPh"
    assert "Close Combat Phase" in page.locator("#turn-text").inner_text()
    tap(page, "#proc-asl-aerial-combat")
    page.wait_for_selector("#plan-form[data-proc='asl.aerial_combat']")
    fill(page, "attacker", "British")
    # "Two British FB with no bombs are placed on top of three bomb-laden Stukas ... The British
    # player designates that his planes will attack separate targets."
    for name, side, kind, bombs, target in (("FB 1", "British", "FB", "off", "Stuka A"),
                                            ("FB 2", "British", "FB", "off", "Stuka B"),
                                            ("Stuka A", "German", "Stuka", "on", "FB 1"),
                                            ("Stuka B", "German", "Stuka", "on", "FB 2"),
                                            ("Stuka C", "German", "Stuka", "on", "FB 2")):
        add_row(page, "planes", {"name": name, "side": side, "type": kind, "bombs": bombs, "target": target},
                at_once=name != "FB 1")  # the first row field by field, the odds read at each
    # the dogfight panel: every predesignated pairing's odds before anything is rolled
    page.wait_for_selector("#odds-table-attack0")
    assert "Stuka A eliminated" in page.locator("#odds-table-attack0").inner_text()
    assert page.locator("#odds-attacker").inner_text() == "British"
    assert "FB 1 (ROF 2) on Stuka A alone" in page.locator("#odds-lines").inner_text()

    start(page)
    waiting(page, "E7.221")
    assert label(page) == "Aerial Combat DR (attack): FB 1 attacks Stuka A"
    # "an Original 7 DR (with 1 on the colored dr) ... Final DR of 5 ... which Damages Stuka A"
    text = dice(page, "1 6")
    assert "Original DR 7 (colored 1, white 6)" in text and "Final DR 5: Stuka A is Damaged" in text
    # "Having retained his ROF, the FB attacks again - choosing to attack the Damaged Stuka A again"
    waiting(page, "E7.222")
    assert label(page) == "FB 1 keeps its ROF: attack again (any plane in the Dogfight)?"
    assert options(page) == ["attack Stuka A", "attack Stuka B", "attack Stuka C", "no further attack"]
    choose(page, "attack Stuka A")
    text = dice(page, "2 6")  # "an Original 8 for a Final DR of 5 which eliminates Stuka A"
    assert "Final DR 5: Stuka A was already Damaged, so it is eliminated" in text
    # "... now attacks Stuka C but rolls a 12, thereby disabling his MG and giving Stuka C a Recall Option"
    assert options(page) == ["attack Stuka B", "attack Stuka C", "no further attack"]
    choose(page, "attack Stuka C")
    text = dice(page, "6 6")
    assert "Original 12: FB 1's MG malfunction (MG Disabled counter)" in text
    assert "Stuka C may accept Recall at the end of this CCPh" in text
    # the second FB attacks its predesignated Stuka B: "Original ... 9 ... no effect and failure to retain his ROF"
    assert label(page) == "Aerial Combat DR (attack): FB 2 attacks Stuka B"
    text = dice(page, "3 6")
    assert "Final DR 7: no effect on Stuka B" in text and "FB 2 loses its ROF" in text
    # "The German may now return fire ... subject to a +2 DRM to both attacks, and his Original DR of 4 and 7 fail"
    assert label(page) == "Aerial Combat DR (return fire): Stuka B attacks FB 2"
    text = dice(page, "1 3")
    assert "Firer is Stuka" in text and "Firer has bombs" in text and "Final DR 6: no effect on FB 2" in text
    assert label(page) == "Aerial Combat DR (return fire): Stuka C attacks FB 2"
    text = dice(page, "3 4")
    assert "Final DR 9: no effect on FB 2" in text
    # "The British player, because he is not opposed by FB, may leave Melee but chooses not to."
    waiting(page, "E7.22")
    assert "does British leave Melee?" in label(page) and "Your rulebook has the rest of this rule" in label(page)
    choose(page, "stay in Melee")
    # "Instead he Recalls only the FB with the Disabled MG."
    waiting(page, "E7.223")
    assert label(page) == "End of CCPh: FB 1 may accept Recall (MG Disabled)"
    choose(page, "accept Recall")
    waiting(page, "E7.224")
    assert label(page) == "End of CCPh: Stuka C may accept Recall (attacked by a Final DR ≥ 10)"
    choose(page, "no Recall")  # "The German chooses not to Recall Stuka C"
    page.wait_for_selector("#prompt-result")
    assert page.locator("#prompt-result").inner_text() == (
        "Aerial combat (E7.22) Aerial combat: shot down: Stuka A; Recalled: FB 1; the Dogfight goes on in Aerial Melee."
        " FB 2, Stuka B, Stuka C: no counter on the map, added off the map.")
    log = log_text(page)
    for line in (
        "E7.221 modifier -1 Target is Damaged",
        "E7.221 modifier +1 Firer is Stuka",
        "E7.223 result FB 1 accepts Recall (E7.24): it leaves play at the end of this CCPh",
        "E7.224 Stuka C does not accept Recall",
        "E7.23 result British earns 2 Victory Points for aircraft shot down",
    ):
        assert line in log, f"missing from the log: {line}"


# ---- E7.421 bombs EX
EX_UNITS = (("Tiger", "AFV", "9"), ("truck", "soft vehicle", "10"), ("squad", "infantry", "8"), ("HS", "infantry", "6"))


def test_e7_421_bombs_example_point_attack(page: Any) -> None:
    open_play(page)
    tap(page, "#proc-asl-strafing")
    page.wait_for_selector("#plan-form[data-proc='asl.strafing']")
    fill(page, "out_of_phase", "on")  # played at the game's start, not in the German MPh (E7.4): agreed
    fill(page, "mg_disabled", "on")  # the EX is about the bombs alone
    fill(page, "target", "2K7")
    fill(page, "grain", "4")
    fill(page, "attack", "point attack")
    fill(page, "bomb_at", "second attack")  # "from three hexes": the Point Attack's second attack
    for name, kind, th in EX_UNITS:  # the To Hit numbers of the EX, typed
        add_row(page, "units", {"name": name, "hex": "2K7", "kind": kind, "bomb_th": th}, at_once=name != "Tiger")
    fill(page, "units.0.sight_new_hex", "on")  # the Tiger is moving
    page.wait_for_selector("#odds-entry")
    assert page.locator("#odds-entry").inner_text() == "2K3"
    odds = page.locator("#odds-lines").inner_text()
    assert "Attack from 2K4 on 2K7 (0-6 column)" in odds
    assert "bombs vs Tiger: Direct Hit 16.7%, Near Miss 66.7%" in odds and "bombs vs HS: hit 41.7%" in odds

    start(page)
    waiting(page, "E7.3")
    text = dice(page, "1 2")
    assert "Final DR 1 vs Morale Level 8: passed" in text
    # E7.4: "must always state whether it is making a Strafing or Point Attack just before
    # resolving its second attack": the EX's FB makes the Point Attack planned
    waiting(page, "E7.4")
    assert options(page) == ["Strafing Run", "Point Attack"]
    choose(page, "Point Attack")
    waiting(page, "E7.42")
    assert label(page) == "Bomb To Hit DR by FB 1 on 2K7"
    # "All four targets are hit if the Original TH DR is <= 6"
    text = dice(page, "3 3")
    for hit in ("Tiger: hit on ≤ 9: Near Miss", "truck: hit on ≤ 10: hit", "squad: hit on ≤ 8: hit", "HS: hit on ≤ 6: hit"):
        assert hit in text, hit
    # one effects DR for every unit hit
    waiting(page, "E7.421")
    text = dice(page, "2 3")
    assert text.startswith("E7.421 Bomb effects DR 5 (colored 2, white 3): the same DR for every unit hit")
    for unit in ("bombs vs Tiger: To Kill DR 5", "bombs vs truck: IFT Final DR 5", "bombs vs squad: IFT Final DR 5",
                 "bombs vs HS: IFT Final DR 5"):
        assert unit in text, unit
    assert text.split("\n")[1:3] == [  # the last roll a line each (#32 item 8)
        "→ bombs vs Tiger: To Kill DR 5 on the HE To Kill Table (C7.34), Near Miss: vs its Aerial AF with half the bombs' "
        "HE Basic TK#", "→ bombs vs truck: IFT Final DR 5 (Original 5, DRM +0) on the bombs' column: read the result on your IFT"]
    page.wait_for_selector("#prompt-result")
    res = page.locator("#prompt-result").inner_text()
    # the numbers to look up are in the result (#32 item 8)
    assert "FB 1 completed its attack on 2K7 (MG Disabled). To look up: bombs vs Tiger (Near Miss): To Kill DR 5" in res
    assert "bombs vs HS: IFT Final DR 5 on the bombs' column." in res
    log = log_text(page)
    assert "E7.42 FB 1 has dropped its bombs (once per aircraft)" in log
    assert "the players agree to do it anyway" in log  # the log records the agreement


# ---- the strafing planner
def test_strafing_planner_shows_the_run_its_odds_and_the_light_aa(page: Any) -> None:
    open_play(page)
    tap(page, "#proc-asl-strafing")
    page.wait_for_selector("#plan-form[data-proc='asl.strafing']")
    # the grain and the initial target, then a unit there and a Light AA weapon beside the path
    fill(page, "grain", "4")
    tap(page, "#zoom-fit")  # both boards in view
    tap(page, "#pick-f-target")

    page.touchscreen.tap(*hex_center(page, "2K7"))
    assert page.locator("#f-target").input_value() == "2K7"
    add_row(page, "units", {"name": "squad", "hex": "2K7", "sight_unconcealed": "on"})
    add_row(page, "aa", {"name": "20L", "hex": "2L5", "kill": "5", "rof": "2"})
    # out of its phase the planner says why, in the rule's words (E7.4), until the players agree
    assert "it is now the Rally Phase (RPh) of Game Turn 1" in plan_error(
        page, "E7.4: a strafing run or Point Attack is made in the opponent's Movement Phase or the aircraft's own "
              "Defensive Fire Phase")
    fill(page, "out_of_phase", "on")
    page.wait_for_selector("#odds-sight")
    assert page.locator("#odds-entry").inner_text() == "2K3"
    assert page.locator("#odds-path").inner_text() == "2K3, 2K4, 2K5, 2K6, 2K7"  # it ends over the last hex attacked
    assert page.locator("#odds-targets").inner_text() == "2K7"
    # the Sighting TC pass chance: ML 8 with -2 (not concealed): Original DR <= 10
    assert page.locator("#odds-sight").inner_text() == "passes on an Original DR ≤ 10 (91.7%)"
    lines = page.locator("#odds-lines li").all_inner_texts()
    aa = [x for x in lines if x.startswith("2K") and "Light AA from 20L" in x]
    assert len(aa) == 5, lines  # one line per hex flown
    assert page.locator("#odds-table-aa").count() == 1
    # the run on the map: where it is placed, the hexes it flies, its target hexes, the AA
    overlay = page.locator("#overlay-layer")
    assert overlay.locator(".mark-ilh[data-hex='2K3']").count() == 1
    assert overlay.locator(".mark-target[data-hex='2K7']").count() == 1
    assert overlay.locator(".mark-avenue").count() == 4
    assert overlay.locator(".arrow").count() == 4
    assert "AA 20L" in overlay.locator(".label").all_text_contents()
    # another grain: the path turns with it
    fill(page, "grain", "1")
    page.wait_for_function("() => document.getElementById('odds-entry')?.textContent === '2K11'")
    assert page.locator("#odds-path").inner_text() == "2K11, 2K10, 2K9, 2K8, 2K7"
    assert overlay.locator(".mark-ilh[data-hex='2K11']").count() == 1


def words(text: str) -> str:
    """Text with its runs of spaces as one (a log line as the odds panel shows it)."""
    return " ".join(text.split())


# ---- E7.3 Sighting TC EX (board 19: a building in K7, an orchard in K9)
def test_e7_3_sighting_tc_example(page: Any) -> None:
    new_map(page, "19", "E7.3 EX")
    paint(page, "building", "19K7")  # "A 4-6-7 is in the 19K7 building"
    paint(page, "orchard", "19K9")  # "the K9 orchard" (in season: the New map's default)
    tap(page, "#tab-play")
    next_phase(page, 10)  # the second side's MPh: the first side's FB attacks (E7.4)
    # "Were the truck not present ..., the FB would have to add a +3 DRM for the building and a -2
    # DRM for the squad's not being concealed, so it would have to roll <= an Original 7"
    strafing_form(page, "FB 2", "19K7", "4")  # "The FB is moved to K3 ... along the K3-K4 Hex Grain"
    add_row(page, "units", {"name": "4-6-7", "hex": "19K7", "sight_building": "on", "sight_unconcealed": "on"})
    odds_fact(page, "sight", "passes on an Original DR ≤ 7 (58.3%)")
    assert page.locator("#odds-entry").inner_text() == "19K3"
    reasons = words(page.locator("#plan-odds .reasons").inner_text())
    assert "E7.3 modifier +3 Target is in building…" in reasons and "E7.3 modifier -2 Target is not entirely concealed…" in reasons
    start(page)
    waiting(page, "E7.3")
    assert label(page) == "Sighting TC DR by FB 2 from 19K3 at 19K7"
    text = plain(dice(page, "4 4"))  # an Original 8: one too many
    assert "Sighting TC DR 8 (colored 4, white 4)" in text and "Final DR 9 vs Morale Level 8: failed" in text
    page.wait_for_selector("#prompt-result")
    assert "FB 2 failed its Sighting TC: no attack." in page.locator("#prompt-result").inner_text()

    # "However since the vehicle is in LOS and in the Open Ground portion of the building hex, the
    # -1 DRM for a vehicular target and the -2 DRM for not being concealed are applicable, so the
    # Sighting TC is passed on an Original DR of <= 11."
    fill(page, "aircraft", "FB 1")
    add_row(page, "units", {"name": "truck", "hex": "19K7", "kind": "soft vehicle", "sight_unconcealed": "on"}, at_once=True)
    odds_fact(page, "sight", "passes on an Original DR ≤ 11 (97.2%)")
    assert "Sighting TC against truck" in page.locator("#odds-lines").inner_text()
    # "K8 and K10 cannot be attacked because they are Blind Hexes": K8 behind the building, K10
    # behind the in-season orchard (a full-level obstacle in season: setting "An orchard in
    # season", its default), as the map reads them
    odds_fact(page, "blind", "19K8, 19K10")
    lines = page.locator("#odds-lines li").all_inner_texts()
    assert ("19K8: a Blind Hex (19K7: Stone Building (a full-level Obstacle), 1 level above 19K8: one Blind Hex behind it): "
            "it cannot be attacked (E7.25)") in lines
    assert ("19K10: a Blind Hex (19K9: Orchard (a full-level Obstacle), 1 level above 19K10: one Blind Hex behind it): "
            "it cannot be attacked (E7.25)") in lines
    # "but K9 can be attacked without an additional Sighting TC"
    assert "19K9: seen: it may be attacked from 19K5 without another Sighting TC (E7.3)" in lines
    overlay = page.locator("#overlay-layer")
    assert overlay.locator(".mark-los-block[data-hex='19K8']").count() == 1
    assert overlay.locator(".mark-los-block[data-hex='19K10']").count() == 1
    assert overlay.locator(".mark-los-block[data-hex='19K9']").count() == 0
    assert overlay.locator(".label").all_text_contents().count("Blind") == 2
    # a unit in a Blind Hex cannot be made a target
    add_row(page, "units", {"name": "HS", "hex": "19K8"})
    assert "19K8 is a Blind Hex" in plan_error(page, "E7.25: 19K8 is a Blind Hex")
    fill(page, "units.2.hex", "19K10")
    assert plan_error(page, "E7.25: 19K10").startswith("E7.25: 19K10 is a Blind Hex (19K9: Orchard (a full-level Obstacle)")
    fill(page, "units.2.hex", "19K9")
    odds_fact(page, "targets", "19K7, 19K9")
    assert page.locator("#plan-error").inner_text() == ""

    start(page)
    waiting(page, "E7.3")
    text = plain(dice(page, "5 6"))
    for part in ("Sighting TC DR 11 (colored 5, white 6)", "against the easiest target in 19K7: truck",
                 "Final DR 8 vs Morale Level 8: passed"):
        assert part in text, part
    waiting(page, "E7.41")
    assert label(page) == "MG attack (12 FP) by FB 1 on 19K7: IFT Effects DR"
    text = plain(dice(page, "3 3"))
    assert "MG vs 4-6-7: IFT Final DR 6" in text and "MG vs truck: IFT Final DR 6" in text
    # in K4 it states its Strafing Run (E7.4) just before its second attack
    waiting(page, "E7.4")
    choose(page, "Strafing Run")
    # on to K5, and K9 attacked from there: no second Sighting TC
    waiting(page, "E7.41")
    assert label(page) == "MG attack (12 FP) by FB 1 on 19K9: IFT Effects DR"
    text = plain(dice(page, "2 2"))
    assert "MG vs HS: IFT Final DR 4" in text
    page.wait_for_selector("#prompt-result")
    assert "FB 1 completed its attack on 19K7. To look up: MG vs 4-6-7: IFT Final DR 6 on the 12 FP column" in plain(
        page.locator("#prompt-result").inner_text())
    log = plain(log_text(page))
    assert log.count("E7.3 roll Sighting TC DR") == 2  # FB 2's, FB 1's: none for K9
    for line in ("E7.3 modifier -1 Target is vehicular, or boat in water",
                 "E7.3 result Final DR 8 vs Morale Level 8: passed",
                 "E7.401 FB 1 attacks 19K9 from 19K5 (4 hexes: Aerial Range 8, 7-12 column)"):
        assert line in log, f"missing from the log: {line}"


# ---- E7.511 4G6 FlaKPz EX (board 4, as far as its text goes)
def test_e7_511_4g6_flakpz_example(page: Any) -> None:
    new_map(page, "4", "4G6 EX")  # "a 1944 scenario"
    tap(page, "#tab-play")
    next_phase(page, 10)  # "The 4-6-7 enters 4G6": the German MPh, where the American FB attacks (E7.4)
    # "The 4-6-7 enters 4G6, so the American player places his FB in C8, makes a Sighting TC on it"
    strafing_form(page, "FB", "4G6", "2")
    add_row(page, "units", {"name": "4-6-7", "hex": "4G6", "drm": "-2", "sight_new_hex": "on", "sight_unconcealed": "on"})
    # "the stationary FlaKPz 38(t) in L4 ... conducts Light AA fire": its ★ Vehicle Kill Number
    # (three FP, Long Range) and ROF typed (read off the player's own IFT)
    add_row(page, "aa", {"name": "FlaKPz 38(t)", "hex": "4L4", "kill": "5", "rof": "2"})
    assert page.locator("#f-aerial_drm").input_value() == "3"  # "the +3 DRM for the 1944 FB"
    odds_fact(page, "sight", "passes on an Original DR ≤ 11 (97.2%)")
    assert page.locator("#odds-entry").inner_text() == "4C8"
    assert page.locator("#odds-fp").inner_text() == "12"  # "its full 12 MG FP"
    assert any(x.startswith("4C8: Light AA from FlaKPz 38(t)") for x in page.locator("#odds-lines li").all_inner_texts())

    start(page)
    waiting(page, "E7.3")
    # "rolls an Original 11 which, due to the -1 DRM for a moving target and the -2 DRM for an
    # unconcealed target, allows the aircraft to attack that unit"
    text = plain(dice(page, "5 6"))
    assert "Sighting TC DR 11 (colored 5, white 6)" in text and "Final DR 8 vs Morale Level 8: passed" in text
    # "before the aircraft can attack from C8, the stationary FlaKPz 38(t) in L4, nine hexes away
    # (Aerial Range 18 hexes) ... conducts Light AA fire at it"
    waiting(page, "E7.51")
    assert label(page) == "Light AA fire at FB in 4C8"
    assert options(page) == ["FlaKPz 38(t) fires", "no more Light AA fire here"]
    choose(page, "FlaKPz 38(t) fires")
    waiting(page, "E7.511")
    # "The German unit rolls an Original 4 (1 on the colored dr to maintain its Multiple ROF), but
    # the +3 DRM for the 1944 FB results in a Final DR of 7 and thus no effect."
    text = plain(dice(page, "1 3"))
    for part in ("Light AA by FlaKPz 38(t) (4L4, 9 hexes: Aerial Range 18): Original DR 4 (colored 1, white 3)",
                 "FB's Aerial DRM (1944)", "Final DR 7 vs ★ Vehicle Kill Number 5: no effect",
                 "FlaKPz 38(t) retains Multiple ROF (colored dr 1, ROF 2)"):
        assert part in text, part
    # "The aircraft makes its attack against G6 with its full 12 MG FP. A -2 DRM (FFMO /" (cut)
    waiting(page, "E7.41")
    assert label(page) == "MG attack (12 FP) by FB on 4G6: IFT Effects DR"
    text = plain(dice(page, "3 4"))
    assert "MG vs 4-6-7: IFT Final DR 5 (Original 7, DRM -2) on the 12 FP column" in text
    # the text ends there: the FB flies on to G6, the FlaKPz (its ROF kept) declines to fire again;
    # in D7, just before a second attack, it states its Strafing Run (E7.4)
    waiting(page, "E7.51")
    choose(page, "no more Light AA fire here")
    waiting(page, "E7.4")
    assert label(page).startswith("FB must state whether it is making a Strafing Run or a Point Attack")
    choose(page, "Strafing Run")
    for _ in range(8):
        if page.locator("#prompt-result").count():
            break
        waiting(page, "E7.51")
        choose(page, "no more Light AA fire here")
    result = plain(page.locator("#prompt-result").inner_text())
    assert "FB completed its attack on 4G6. To look up: MG vs 4-6-7: IFT Final DR 5 on the 12 FP column." in result
    assert "Damaged" not in result and "Recalled" not in result
    log = plain(log_text(page))
    for line in ("E7.3 modifier -1 Target has entered a new hex… (the rest of this line: see your rulebook)",
                 "E7.3 modifier -2 Target is not entirely concealed… (the rest of this line: see your rulebook)",
                 "E7.511 modifier +3 FB's Aerial DRM (1944)",
                 "E7.511 result Final DR 7 vs ★ Vehicle Kill Number 5: no effect",
                 "E7.51 FlaKPz 38(t) retains Multiple ROF (colored dr 1, ROF 2)",
                 "E7.41 roll MG attack, 12 FP: Effects DR 7 (colored 3, white 4)"):
        assert line in log, f"missing from the log: {line}"


# ---- E7.32 a Mistaken Attack made at once
def test_e7_32_the_strafing_run_goes_on_into_its_mistaken_attack(page: Any) -> None:
    # "A Final Sighting TC DR ≥12 results in a Mistaken Attack ... The ATTACKER may then immediately
    # move the aircraft ... and attack": the run's choice starts Mistaken Attack (E7.32) at once
    open_play(page)
    tap(page, "#proc-asl-strafing")
    page.wait_for_selector("#plan-form[data-proc='asl.strafing']")
    fill(page, "out_of_phase", "on")  # at the game's start, not in the opponent's MPh (E7.4): agreed
    fill(page, "target", "2K7")
    fill(page, "grain", "4")
    add_row(page, "units", {"name": "sq", "hex": "2K7"})
    fill(page, "units.0.sight_building", "on")
    fill(page, "units.0.sight_near_vehicle", "on")
    page.wait_for_selector("#odds-entry")
    start(page)
    waiting(page, "E7.3")
    text = dice(page, "4 4")  # 8 + 3 + 1 = Final 12
    assert "Mistaken Attack" in text
    waiting(page, "E7.32")
    assert options(page) == ["make the Mistaken Attack now (E7.32)", "no Mistaken Attack"]
    assert "resolved at the table" not in plain(label(page))
    choose(page, "make the Mistaken Attack now (E7.32)")
    page.wait_for_selector("#prompt-result")
    res = plain(page.locator("#prompt-result").inner_text())
    assert "FB 1's Sighting TC gave a Mistaken Attack: no unit of its side could be attacked." in res
    log = log_text(page)
    assert "begin Mistaken Attack (E7.32)" in log
    assert "no non-hidden onboard Allied ground unit outside a completely Blind Hex: no Mistaken Attack" in log

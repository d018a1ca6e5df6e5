"""The ASL E7 worked examples played through the app as a player would (#11): the form filled in,
the dice typed at the table, the choices tapped; every assertion reads what the page shows (the
prompt, the last roll's sentence, the result, the log, the odds panel and the map overlay).

The default scenario's map (boards 1 and 2) stands in for the examples' boards: aerial combat
needs no map, and the bombs example's target hex 2K7 is open ground seen from the air."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import actions, hex_center, open_play

pytestmark = pytest.mark.usefixtures("no_page_errors")


# ---- playing helpers (the same moves as e2e/test_play.py's)
def waiting(page: Any, rule: str) -> None:
    page.wait_for_selector(f"#prompt[data-waiting='{rule}']", state="attached")


def label(page: Any) -> str:
    return str(page.locator("#prompt-label").inner_text())


def _acted(page: Any, before: int) -> None:
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)


def dice(page: Any, text: str) -> str:
    """Type the dice rolled at the table; return the last roll's sentence the page then shows."""
    before = actions(page)
    page.locator("#prompt-dice").fill(text)
    page.locator("#prompt-enter").tap()
    _acted(page, before)
    return str(page.locator("#last-roll-text").inner_text())


def choose(page: Any, option: str) -> None:
    before = actions(page)
    page.locator(f"#prompt button[data-choice='{option}']").tap()
    _acted(page, before)


def options(page: Any) -> list[str]:
    return [str(b.get_attribute("data-choice")) for b in page.locator("#prompt button[data-choice]").all()]


def fill(page: Any, path: str, value: str) -> None:
    """Fill the plan form's input at ``path`` (a select, a checkbox 'on'/'off', or typed text)."""
    el = page.locator("#f-" + path.replace(".", "-"))
    kind = el.evaluate("e => e.tagName === 'SELECT' ? 'select' : e.type")
    if kind == "select":
        el.select_option(value)
    elif kind == "checkbox":
        el.set_checked(value == "on")
    else:
        el.fill(value)
        el.dispatch_event("change")


def add_row(page: Any, path: str, values: dict[str, str]) -> None:
    """Tap the list's Add button and fill the new row (``{field: value}``)."""
    rows = page.locator(f"fieldset[data-list='{path}'] .list-row").count()
    page.locator(f"#f-{path}-add").tap()
    page.wait_for_selector(f"#f-{path}-{rows}-name")
    for key, value in values.items():
        fill(page, f"{path}.{rows}.{key}", value)


def next_phase(page: Any, times: int) -> None:
    for _ in range(times):
        before = actions(page)
        page.locator("#turn-next").tap()
        _acted(page, before)


def start(page: Any) -> None:
    before = actions(page)
    page.locator("#plan-start").tap()
    _acted(page, before)


def log_text(page: Any) -> str:
    page.locator("#tab-log").tap()
    text = str(page.locator("#log-list").inner_text())
    page.locator("#tab-play").tap()
    return text


# ---- E7.22 aerial combat EX
def test_e7_22_aerial_combat_example(page: Any) -> None:
    open_play(page)
    next_phase(page, 7)  # "during the British CCPh"
    assert "Close Combat Phase" in page.locator("#turn-text").inner_text()
    page.locator("#proc-asl-aerial-combat").tap()
    page.wait_for_selector("#plan-form[data-proc='asl.aerial_combat']")
    fill(page, "attacker", "British")
    # "Two British FB with no bombs are placed on top of three bomb-laden Stukas ... The British
    # player designates that his planes will attack separate targets."
    for name, side, kind, bombs, target in (("FB 1", "British", "FB", "off", "Stuka A"),
                                            ("FB 2", "British", "FB", "off", "Stuka B"),
                                            ("Stuka A", "German", "Stuka", "on", "FB 1"),
                                            ("Stuka B", "German", "Stuka", "on", "FB 2"),
                                            ("Stuka C", "German", "Stuka", "on", "FB 2")):
        add_row(page, "planes", {"name": name, "side": side, "type": kind, "bombs": bombs, "target": target})
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
    assert "does British leave Melee?" in label(page) and "rule text is cut" in label(page)
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
        "Aerial combat (E7.22) Aerial combat: shot down: Stuka A; Recalled: FB 1; the Dogfight goes on in Aerial Melee.")
    log = log_text(page)
    for line in (
        "E7.221   modifier  -1  Target is Damaged",
        "E7.221   modifier  +1  Firer is Stuka",
        "E7.223   result    FB 1 accepts Recall (E7.24): it leaves play at the end of this CCPh",
        "E7.224   info      Stuka C does not accept Recall",
        "E7.23    result    British earns 2 Victory Points for aircraft shot down",
    ):
        assert line in log, f"missing from the log: {line}"


# ---- E7.421 bombs EX
EX_UNITS = (("Tiger", "AFV", "9"), ("truck", "soft vehicle", "10"), ("squad", "infantry", "8"), ("HS", "infantry", "6"))


def test_e7_421_bombs_example_point_attack(page: Any) -> None:
    open_play(page)
    page.locator("#proc-asl-strafing").tap()
    page.wait_for_selector("#plan-form[data-proc='asl.strafing']")
    fill(page, "mg_disabled", "on")  # the EX is about the bombs alone
    fill(page, "target", "2K7")
    fill(page, "grain", "4")
    fill(page, "attack", "point attack")
    fill(page, "bomb_at", "second attack")  # "from three hexes": the Point Attack's second attack
    for name, kind, th in EX_UNITS:  # the To Hit numbers of the EX, typed
        add_row(page, "units", {"name": name, "hex": "2K7", "kind": kind, "bomb_th": th})
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
    for unit in ("Tiger: To Kill DR 5", "truck: Final DR 5", "squad: Final DR 5", "HS: Final DR 5"):
        assert unit in text, unit
    page.wait_for_selector("#prompt-result")
    assert "FB 1 completed its attack on 2K7 (MG Disabled)." in page.locator("#prompt-result").inner_text()
    assert "E7.42    info      FB 1 has dropped its bombs (once per aircraft)" in log_text(page)


# ---- the strafing planner
def test_strafing_planner_shows_the_run_its_odds_and_the_light_aa(page: Any) -> None:
    open_play(page)
    page.locator("#proc-asl-strafing").tap()
    page.wait_for_selector("#plan-form[data-proc='asl.strafing']")
    # the grain and the initial target, then a unit there and a Light AA weapon beside the path
    fill(page, "grain", "4")
    page.locator("#zoom-fit").tap()  # both boards in view
    page.locator("#pick-f-target").tap()

    page.touchscreen.tap(*hex_center(page, "2K7"))
    assert page.locator("#f-target").input_value() == "2K7"
    add_row(page, "units", {"name": "squad", "hex": "2K7", "sight_unconcealed": "on"})
    add_row(page, "aa", {"name": "20L", "hex": "2L5", "kill": "5", "rof": "2"})
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

"""ASL E7.52 Heavy AA and the E7.6 Observation Plane played through the app (#11): the forms filled
in, the dice typed at the table, the players' result tapped (E7.52's resolution text is cut); every
assertion reads what the page shows (the prompt, the last roll's sentence, the result, the log)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import actions, open_play
from playing import acted, choose, dice, fill, label, options, tap, waiting

pytestmark = pytest.mark.usefixtures("no_page_errors")


def open_form(page: Any, proc: str) -> None:
    page.locator("#proc-" + proc.replace(".", "-").replace("_", "-")).tap()
    page.wait_for_selector(f"#plan-form[data-proc='{proc}']")


def start(page: Any) -> None:
    before = actions(page)
    tap(page, "#plan-start")
    acted(page, before)


def result(page: Any) -> str:
    page.wait_for_selector("#prompt-result")
    return str(page.locator("#prompt-result").inner_text())


def log_text(page: Any) -> str:
    tap(page, "#tab-log")
    text = str(page.locator("#log-list").inner_text())
    tap(page, "#tab-play")
    return text


def heavy_aa(page: Any, aircraft: str, damaged: bool, roll: str, res: str) -> tuple[str, str]:
    """Heavy AA by a typed 88L at ``aircraft``: the last roll's sentence and the result."""
    open_form(page, "asl.heavy_aa")
    fill(page, "gun", "88L")
    fill(page, "aircraft", aircraft)
    fill(page, "damaged", "on" if damaged else "off")
    start(page)
    waiting(page, "E7.52")
    assert label(page) == f"Heavy AA DR by 88L at {aircraft}"
    text = dice(page, roll)
    # the resolution is cut: the players choose from a fixed list, and the prompt says why
    assert "is in your rulebook" in label(page) and "resolve it with your rulebook and choose the result" in label(page)
    assert options(page) == ["no effect", "Damaged", "eliminated"]
    choose(page, res)
    return text, result(page)


def test_heavy_aa_and_an_observation_plane(page: Any) -> None:
    open_play(page)
    tap(page, "#turn-next")  # the Allied PFPh: the Gun's own
    page.wait_for_function("() => document.getElementById('turn-text').textContent.includes('Prep Fire Phase')")

    # E7.6: the Axis brings in its Observation Plane: off the map, inherent radio
    open_form(page, "asl.observation_plane")
    fill(page, "side", "Axis")
    fill(page, "nationality", "German")
    start(page)
    assert result(page).endswith("Axis brings in its Observation Plane (Observation Plane), kept off the map, with its "
                                 "inherent radio.")

    # an undamaged FB typed into the form: no effect, and it is added off the map (the player is told)
    text, res = heavy_aa(page, "Fw 190", False, "3 4", "no effect")
    assert "Heavy AA by 88L at Fw 190: Original DR 7 (colored 3, white 4)" in text
    assert res.endswith("Heavy AA by 88L: no effect on Fw 190. Fw 190 had no counter on the map: it was added off the map.")
    # now on the counters (undamaged): Damaged, and Recalled
    _, res = heavy_aa(page, "Fw 190", False, "2 2", "Damaged")
    assert res.endswith("Heavy AA by 88L: Fw 190 is Damaged, Recalled at the end of the phase.")
    # an aircraft already Damaged, Damaged again: eliminated (E7.226), 2 VP
    _, res = heavy_aa(page, "Bf 109", True, "5 1", "Damaged")
    assert res.endswith("Heavy AA by 88L: Bf 109 is eliminated (2 VP to Allied).")
    # the Observation Plane: Heavy AA is how ground units attack it
    _, res = heavy_aa(page, "Observation Plane", False, "6 6", "no effect")
    assert res.endswith("Heavy AA by 88L: no effect on Observation Plane.")

    # E7.61: the Observation Plane rolls its Sighting TC like any aircraft (E7.6), the Mist row and
    # the other E7.3 modifiers on the form; its phase is cut: the log says the players decide it
    open_form(page, "asl.observation_sighting")
    fill(page, "target", "1I3")
    fill(page, "sight_building", "on")
    start(page)
    waiting(page, "E7.3")
    assert label(page) == "Sighting TC DR by Observation Plane at 1I3 (Morale Level 8)"
    text = dice(page, "2 3")
    assert text.startswith("E7.3 Sighting TC")
    assert result(page).endswith("Observation Plane sights 1I3 (its Sighting TC).")

    log = log_text(page)
    for line in (
        "E7.61 the phase in which an Observation Plane sights is in the part of E7.61 cut from the rule "
        "text: the players decide it",
        "E7.3 result Final DR 8 vs Morale Level 8: passed (what the plane then does with its OBA is C1, in your "
        "rulebook)",
        "E7.6 result Axis brings in its Observation Plane, Observation Plane (one per side in a scenario; DYO cost "
        "25 points, in the OBA section of the DYO purchase Roster)",
        "E7.61 Observation Plane does not take counter form: it is kept just offboard (off the map) until "
        "Recalled (the rest of E7.61 is in your rulebook: the players rule its sighting)",
        "E7.52 Allied Prep Fire Phase: the Gun's PFPh",
        "E7.52 Fw 190 had no counter on the map: it is added off the map (Axis FB), where later procedures "
        "read its status",
        "E7.24 result Fw 190 is Damaged: Recalled, it leaves play at the end of this phase (E7.226; not counted "
        "towards Casualty Victory Conditions)",
        "E7.52 result Heavy AA by 88L Damages Bf 109, already Damaged: it is eliminated (E7.226)",
        "E7.23 result Bf 109 is shot down: removed from play, 2 Victory Points to Allied (A26.2)",
        "E7.6 Heavy AA is the only way ground units can attack an Observation Plane",
        "E7.5 88L has no counter on the map: its AA counter is not kept here (nothing changed; place it in "
        "Edit to track it)",
    ):
        assert line in log, line
    # every line of these procedures cites an E7 rule, in plain words (no reprs, ids or JSON)
    mine = [x.strip() for x in log.splitlines() if re.match(r"\s*E7\.", x)]
    assert len(mine) >= 30 and all(re.match(r"E7\.(5|52|6|61|23|24|226|3)\s", x) for x in mine), mine
    for x in mine:
        assert not re.search(r"Hex\(|None|True|False|[{}\[\]]|_[a-z]", x), x

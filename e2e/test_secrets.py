"""Secrets at the table (#14 item 5): a secret is drawn only after its own side's player taps
"I am the <side> player", and nowhere before that — not in any panel's text, not in a form's
inputs, not in the odds; "Hide again" takes it off the page; the other side's player never sees
it; the confirmation lapses when another game is opened.

Built-in scenarios with secrets: ASL E8 (a glider's Passengers, E8.1), Panzer Leader (the written
landing plan, PL I) and Army Group (which units are dummies)."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import actions, open_play
from playing import tap

pytestmark = pytest.mark.usefixtures("no_page_errors")

SNIPER = "Sniper Nine"  # a Passenger the test types in: found nowhere else in the app

#: Everything a player can read on the page: every panel's text (hidden tabs too), every form
#: control's value, and the map overlay's words (counters' titles, labels).
PAGE_TEXT = """() => {
  const side = document.getElementById('side');
  const values = [...document.querySelectorAll('input, textarea, select')]
    .filter((e) => e.type !== 'file').map((e) => e.type === 'checkbox' ? '' : e.value);
  const overlay = [...document.querySelectorAll('.overlay')].map((e) => e.textContent);
  return [side ? side.textContent : '', ...values, ...overlay].join('\\n');
}"""


def page_text(page: Any) -> str:
    return str(page.evaluate(PAGE_TEXT))


def every_tab(page: Any) -> str:
    """The page's text with each tab drawn in turn (the Play tab last, left open)."""
    text = []
    for tab in ("#tab-hex", "#tab-log", "#tab-edit", "#tab-games", "#tab-play"):
        tap(page, tab)
        text.append(page_text(page))
    return "\n".join(text)


def pick(page: Any, dom_id: str) -> None:
    tap(page, f"#{dom_id}")
    page.wait_for_selector(f"#{dom_id}[aria-pressed='true']")


def confirm(page: Any, side: str) -> None:
    tap(page, f"#secret-show-{side}")
    page.wait_for_selector(f"body[data-secrets-shown='{side}']", state="attached")


def hide(page: Any) -> None:
    tap(page, "#secret-hide")
    page.wait_for_selector("body[data-secrets-shown='']", state="attached")


def test_e8_passengers_only_for_the_gliders_side(page: Any) -> None:
    open_play(page)
    pick(page, "proc-asl-glider-landing")
    bar = page.locator("#secret-bar").inner_text()
    assert "Hidden: the Allied player's glider manifest — tap 'I am the Allied player' to see it" in bar
    assert page.locator("[data-path^='passengers']").count() == 0  # no input, not even an empty one
    assert page.locator("#f-passengers-add").count() == 0
    confirm(page, "Allied")
    tap(page, "#f-passengers-add")
    page.locator("#f-passengers-0-name").fill(SNIPER)
    page.locator("#f-passengers-0-name").dispatch_event("change")
    page.locator("#f-passengers-0-pp").fill("10")
    page.locator("#f-passengers-0-pp").dispatch_event("change")
    assert SNIPER in page_text(page)
    hide(page)
    assert SNIPER not in every_tab(page)
    assert page.locator("[data-path^='passengers']").count() == 0
    # hidden, it is kept: the Allied player finds it again
    confirm(page, "Allied")
    assert page.locator("#f-passengers-0-name").input_value() == SNIPER
    # the other side's player never sees it: a German glider's manifest is the Axis player's
    page.locator("#f-nationality").select_option("German")
    page.wait_for_selector("#secret-show-Axis")
    assert SNIPER not in page_text(page)
    assert "Hidden: the Axis player's glider manifest" in page.locator("#secret-bar").inner_text()
    page.locator("#f-nationality").select_option("U.S.")
    page.wait_for_selector("#f-passengers-0-name")
    assert page.locator("#f-passengers-0-name").input_value() == SNIPER
    hide(page)
    # started in the open (not sealed), the manifest is still nowhere on the page (E8.1)
    tap(page, "#pick-f-ilh")
    page.locator("#f-ilh").fill("1C9")
    page.locator("#f-ilh").dispatch_event("change")
    page.wait_for_selector("#odds-avenue")
    before = actions(page)
    tap(page, "#plan-start")
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)
    assert SNIPER not in every_tab(page)


def test_panzer_leader_written_plan_only_for_the_side_writing_it(page: Any) -> None:
    open_play(page, "panzer_leader_drop")
    pick(page, "proc-panzer-leader-landing-plan")
    assert "Hidden: the Allied player's landing plan — tap 'I am the Allied player' to see it" in \
        page.locator("#secret-bar").inner_text()
    assert page.locator("[data-path^='plan.']").count() == 0
    assert "A/f3" not in every_tab(page)  # the plan's first landing (the scenario's written plan)
    confirm(page, "Allied")
    assert page.locator("#f-plan-0-target").input_value() == "A/f3"
    assert "A/f3" in page_text(page)
    hide(page)
    assert "A/f3" not in every_tab(page)
    # the side writing it says whose it is: the other side's player never sees it
    page.locator("#f-side").fill("German")
    page.locator("#f-side").dispatch_event("change")
    confirm(page, "German")
    assert "A/f3" in page_text(page)
    page.locator("#f-side").fill("Allied")
    page.locator("#f-side").dispatch_event("change")
    page.wait_for_selector("#secret-show-Allied")
    assert "A/f3" not in page_text(page)
    assert page.locator("body[data-secrets-shown='German']").count() == 1
    # sealed while hidden: the plan sealed is the plan kept, and only its code enters the game
    before = actions(page)
    tap(page, "#plan-seal")
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)
    assert "A/f3" not in every_tab(page)
    stored = str(page.evaluate("localStorage.getItem('airhead-sealed-plans')"))
    assert "A/f3" in stored and "B/b5" in stored  # the whole plan, kept on this device
    # the confirmation lapses when another game is opened
    confirm(page, "Allied")
    tap(page, "#tab-games")
    tap(page, "#games-new-panzer_leader_drop")
    page.wait_for_selector("body[data-secrets-shown='']", state="attached")
    tap(page, "#tab-play")
    pick(page, "proc-panzer-leader-landing-plan")
    assert page.locator("#secret-show-Allied").count() == 1
    assert "A/f3" not in page_text(page)


def _dummy_inputs(page: Any) -> list[str]:
    return list(page.locator("[data-path$='.dummy']").evaluate_all("els => els.map(e => e.dataset.path)"))


def _a1_odds(page: Any) -> str:
    return str(page.locator("#odds-lines li", has_text="A-1 Para:").inner_text())


def test_army_group_dummies_only_for_their_own_side(page: Any) -> None:
    open_play(page, "army_group_landing")
    bar = page.locator("#secret-bar").inner_text()
    assert "Hidden: the Allied player's dummy flags" in bar and "Hidden: the Axis player's dummy flags" in bar
    assert _dummy_inputs(page) == []
    assert page.locator(".secret-hidden").count() == 9  # six landing units, three enemy units
    confirm(page, "Allied")
    assert _dummy_inputs(page) == [f"units.{i}.dummy" for i in range(6)]  # never the enemy's
    assert page.locator("#f-units-2-dummy").is_checked()  # the scenario's A-3
    page.locator("#f-units-0-dummy").check()  # A-1 Para (strength 2) made a dummy
    page.locator("#f-units-0-dummy").dispatch_event("change")
    page.wait_for_function("() => !/eliminated 0\\.0%/.test([...document.querySelectorAll('#odds-lines li')]"
                           ".find(e => e.textContent.startsWith('A-1 Para:')).textContent)")
    shown = _a1_odds(page)
    # the Axis player: the enemy's dummy flags, none of the landing side's — odds included
    confirm(page, "Axis")
    assert _dummy_inputs(page) == [f"enemy.{i}.dummy" for i in range(3)]
    page.wait_for_function("() => /eliminated 0\\.0%/.test([...document.querySelectorAll('#odds-lines li')]"
                           ".find(e => e.textContent.startsWith('A-1 Para:')).textContent)")
    assert _a1_odds(page) != shown  # odds worked out as if it were the real unit it looks like
    hide(page)
    assert _dummy_inputs(page) == []
    assert "eliminated 0.0%" in _a1_odds(page)
    # hidden, it is kept: the landing starts with both dummies, the log names neither
    confirm(page, "Allied")
    assert page.locator("#f-units-0-dummy").is_checked() and page.locator("#f-units-2-dummy").is_checked()
    hide(page)
    before = actions(page)
    tap(page, "#plan-start")
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)
    assert _dummy_inputs(page) == []
    tap(page, "#tab-log")
    log = page.locator("#log-list").inner_text().lower()
    assert "a-1 para" in log and "a-3 para" in log and "dummy" not in log

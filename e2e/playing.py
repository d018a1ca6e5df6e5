"""Moves of play through the page, shared by the e2e tests that play worked examples: wait for a
prompt, type dice, choose, fill the plan form and its lists; and what a player must never read
(:func:`unplain`)."""

from __future__ import annotations

from typing import Any

from conftest import actions


def waiting(page: Any, rule: str) -> None:
    """Wait until the prompt waits for a step of ``rule``."""
    page.wait_for_selector(f"#prompt[data-waiting='{rule}']", state="attached")


def label(page: Any) -> str:
    """The prompt's text."""
    return str(page.locator("#prompt-label").inner_text())


def acted(page: Any, before: int) -> None:
    """Wait until the game has more actions than ``before``."""
    page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)


def dice(page: Any, text: str) -> str:
    """Type the dice rolled at the table; return the last roll's sentence the page then shows."""
    before = actions(page)
    page.locator("#prompt-dice").fill(text)
    tap(page, "#prompt-enter")
    acted(page, before)
    return str(page.locator("#last-roll-text").inner_text())


def choose(page: Any, option: str) -> None:
    """Tap one of the prompt's choices."""
    before = actions(page)
    tap(page, f"#prompt button[data-choice='{option}']")
    acted(page, before)


def options(page: Any) -> list[str]:
    """The prompt's choices."""
    return [str(b.get_attribute("data-choice")) for b in page.locator("#prompt button[data-choice]").all()]


def fill(page: Any, path: str, value: str) -> None:
    """Fill the plan form's input at ``path`` (a select, a long choice's radio buttons, a checkbox
    'on'/'off', or typed text)."""
    el = page.locator("#f-" + path.replace(".", "-"))
    kind = el.evaluate("e => e.tagName === 'SELECT' ? 'select' : e.tagName === 'FIELDSET' ? 'radios' : e.type")
    if kind == "select":
        el.select_option(value)
    elif kind == "radios":  # a choice with long options (web/app/forms.py radios_html)
        at = el.evaluate("(e, v) => [...e.querySelectorAll('input[type=radio]')].findIndex((i) => i.value === v)", value)
        assert at >= 0, f"{path}: no option {value!r}"
        el.locator("input[type=radio]").nth(at).check()
    elif kind == "checkbox":
        el.set_checked(value == "on")
    else:
        el.fill(value)
        el.dispatch_event("change")


# Several inputs of the plan form set in one call ({path: value}, as fill() takes them), then one
# change event from the last (and from each record's switch, which shows or hides its fields):
# the planner reads the whole form at a change, so its odds are read once, for the form as filled.
FILL_AT_ONCE = """(fields) => {
  let last = null;
  for (const [path, value] of fields) {
    const el = document.getElementById("f-" + path.replaceAll(".", "-"));
    if (!el) return "no input " + path;
    if (el.tagName === "FIELDSET") {
      const radio = [...el.querySelectorAll("input[type=radio]")].find((i) => i.value === value);
      if (!radio) return path + ": no option " + value;
      radio.checked = true;
      last = radio;
    } else if (el.type === "checkbox") {
      el.checked = value === "on";
      last = el;
    } else {
      if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === value)) return path + ": no option " + value;
      el.value = value;
      last = el;
    }
    last.dispatchEvent(new Event("input", {bubbles: true}));
    if (last.dataset.act === "toggle") last.dispatchEvent(new Event("change", {bubbles: true}));
  }
  if (last && last.dataset.act !== "toggle") last.dispatchEvent(new Event("change", {bubbles: true}));
  return "";
}"""


def fill_at_once(page: Any, values: dict[str, str]) -> None:
    """Fill the plan form's inputs ``{path: value}`` (as :func:`fill` takes them) in one call, the
    odds read once for the form as filled (FILL_AT_ONCE): for a form already filled field by field
    once in the test."""
    error = page.evaluate(FILL_AT_ONCE, list(values.items()))
    assert not error, error


def add_row(page: Any, path: str, values: dict[str, str], at_once: bool = False) -> None:
    """Tap the list's Add button and fill the new row (``{field: value}``): field by field as
    :func:`fill` does, or ``at_once`` (FILL_AT_ONCE: the odds read once for the row; for a list's
    further rows, once a row of it was filled field by field)."""
    rows = page.locator(f"fieldset[data-list='{path}'] .list-row").count()
    tap(page, f"#f-{path}-add")
    page.wait_for_selector(f"#f-{path}-{rows}-{next(iter(values))}")
    if at_once:
        fill_at_once(page, {f"{path}.{rows}.{key}": value for key, value in values.items()})
        return
    for key, value in values.items():
        fill(page, f"{path}.{rows}.{key}", value)


# ---- the default scenario's glider landing (E8), which many tests play: started from 1G9 as
# the Play tab opens on it, its dice typed as rolled at the table (every roll of it asks the same
# steps, tests/core/asl/e8/test_asl_gliders_every_roll.py, and lands the glider safely in its
# ILH; typed, each run shows the same dice and words).

#: The landing's result from 1G9 (the prompt's last line), whatever the dice typed.
LANDED_1G9 = "Glider landed safely in 1G9."


def start_landing(page: Any, ilh: str = "1G9", odds: bool = False) -> None:
    """Start the default scenario's glider landing (the procedure chosen on the Play tab, as it
    opens) from ``ilh`` and wait for its Landing DR (E8.22). ``odds``: the hex's change sent
    first, as a player's typing does, so the odds and the map follow it before Start."""
    field = page.locator("#f-ilh")
    field.fill(ilh)
    if odds:
        field.dispatch_event("change")
    tap(page, "#plan-start")
    waiting(page, "E8.22")


def finish_landing(page: Any, landing: str = "1 6", crash: str = "6") -> list[str]:
    """Type the glider's Landing DR (colored, white) and Crash dr as rolled at the table, each
    once the prompt waits for it, then no Final Fire (E8.3); the last roll's sentence after
    each roll. The procedure has ended when it returns."""
    said = [dice(page, landing)]
    waiting(page, "E8.23")
    said.append(dice(page, crash))
    waiting(page, "E8.3")
    choose(page, "no Final Fire")
    return said


def import_boards(page: Any, paths: list[str], held: int) -> None:
    """Import board files through Edit's picker, as a player does, until the device holds ``held``
    boards (the Edit tab must be open)."""
    tap(page, "#boards-box summary")
    page.set_input_files("#boards-file", paths)
    page.wait_for_selector(f"body[data-boards='{held}']", state="attached", timeout=60_000)


def new_map(page: Any, name: str, layout: str, ssr: str | None = None) -> None:
    """Build a map with New map as a player does (the Edit tab must be open): its name, its boards
    (``layout``, New map's text), the SSR terrain options typed if given; waits for the new game."""
    tap(page, ".newmap summary")
    page.locator("#new-name").fill(name)
    page.locator("#new-layout").fill(layout)
    if ssr is not None:
        page.locator("#new-ssr").fill(ssr)
    tap(page, "#new-map")
    page.wait_for_function("(name) => document.getElementById('scenario-name').textContent === name", arg=name,
                           timeout=30_000)


#: What a player must never read (#14: a Python repr, an internal id or a developer note).
NOT_PLAIN = ("{'", "[{", "@0,", "Traceback", "JsNull", "not in the seed")

# The words on the side panels and a notice, as a player reads them.
SIDE_TEXT = ("() => document.getElementById('side').innerText + '\\n' + "
             "(document.getElementById('notice') ? document.getElementById('notice').innerText : '')")


def unplain(page: Any, where: str) -> list[str]:
    """What the side panels and a notice show that is not plain words (#14), each named with
    ``where`` and the words around it; empty if all is plain."""
    return unplain_text(str(page.evaluate(SIDE_TEXT)), where)


def unplain_text(text: str, where: str) -> list[str]:
    """:func:`unplain` of ``text`` already read (SIDE_TEXT run in the page with other checks)."""
    return [f"{where}: the page shows {bad!r}: …{text[max(0, text.find(bad) - 80):text.find(bad) + 80]}…"
            for bad in NOT_PLAIN if bad in text]


# ---- fewer round trips (#43): each page.evaluate, tap or wait costs the browser, the driver and
# pytest a few milliseconds of CPU; a test that taps hundreds of times does these in the page.

#: In the page: a promise that resolves once ``test()`` is true, looked at now and after each
#: change of the document (no polling), and fails after ``ms`` naming ``what`` it waited for.
WHEN = r"""(test, what, ms = 30000) => new Promise((resolve, reject) => {
  if (test()) { resolve(); return; }
  const done = () => { obs.disconnect(); clearTimeout(timer); };
  const obs = new MutationObserver(() => { if (test()) { done(); resolve(); } });
  const timer = setTimeout(() => {
    done();
    test() ? resolve() : reject(new Error(`waited ${ms / 1000} s for ${what}`));
  }, ms);
  obs.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
})"""

#: WHEN every ``[selector, state]`` of ``wanted`` holds (state "attached": an element matches;
#: "hidden": none does, or none is shown).
UNTIL = f"""(wanted, ms = 30000) => ({WHEN})(() => wanted.every(([sel, state]) => {{
  const el = document.querySelector(sel);
  return state === 'hidden' ? !el || !el.checkVisibility({{checkVisibilityCSS: true}}) : !!el;
}}), JSON.stringify(wanted), ms)"""


#: In the page: a promise that resolves once what has changed is painted: two frames on, after the
#: first's ResizeObserver callbacks (the map follows a panel's new size there), what a player sees.
PAINTED = "() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)))"


def until(page: Any, *wanted: tuple[str, str]) -> None:
    """Wait (one round trip) until each ``(selector, "attached" | "hidden")`` holds."""
    page.evaluate(f"(w) => ({UNTIL})(w)", [list(w) for w in wanted])


# Where a finger taps an element, as Playwright's tap finds it: once it has not moved over two
# frames (what the last tap changed has settled: the map follows a panel's new size in a
# ResizeObserver, at the next frame), scrolled into view if it is not (centred, as DevTools'
# scrollIntoViewIfNeeded does), shown and enabled, its centre, where the element is it or inside
# it or its label (nothing covers it). Else null if there is no such element, or why a finger could
# not tap it now: not shown, disabled, or under another element (the hit test at that point).
TAP_POINT = r"""async (sel) => {
  const el = document.querySelector(sel);
  if (!el) return null;
  for (let i = 0, last = ''; i < 20; i++) {
    await new Promise((frame) => requestAnimationFrame(frame));
    const r = el.getBoundingClientRect(), now = `${r.left} ${r.top} ${r.width} ${r.height}`;
    if (now === last) break;
    last = now;
  }
  el.scrollIntoViewIfNeeded(true);
  const r = el.getBoundingClientRect();
  if (!r.width || !r.height || !el.checkVisibility({visibilityProperty: true})) return "is not shown";
  if (el.disabled) return "is disabled";
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  if (hit && (hit === el || el.contains(hit) || hit.closest("label")?.control === el)) return [x, y];
  return "is under " + (hit ? hit.outerHTML.slice(0, 160) : "nothing (off the screen)");
}"""


def tap(page: Any, selector: str) -> None:
    """Tap the first element ``selector`` matches with a finger, as Locator.tap does but for a
    fifth of its CPU: one call finds where it is (settled, scrolled into view, shown, enabled, not
    under another element: the checks that find a fault), then a real touch there. One that
    cannot be tapped at once (not there yet, covered, disabled) is left to Locator.tap, which
    waits until it can be, and fails saying why."""
    at = page.evaluate(TAP_POINT, selector)
    if isinstance(at, list):
        page.touchscreen.tap(at[0], at[1])
    else:
        page.locator(selector).first.tap()

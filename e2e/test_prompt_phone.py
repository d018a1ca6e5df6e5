"""The dice prompt fits a phone's Play panel (at the table: on a phone it was taller than the whole
panel, scrolled inside itself, its dice modes and Abandon out of view): at phone size, portrait and
landscape, the prompt's controls — Roll app dice, the typed dice and Enter, the dice modes and
Abandon — are inside the visible panel and the prompt's own box without scrolling, after Start and
after a roll (with the last roll drawn in the prompt)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import start_app
from playing import dice, start_landing, waiting

pytestmark = pytest.mark.usefixtures("no_page_errors")

PHONES = {"portrait 390×844": {"width": 390, "height": 844}, "landscape 844×390": {"width": 844, "height": 390}}

#: The prompt's controls: each must be in view.
CONTROLS = ("#prompt-roll", "#prompt-dice", "#prompt-enter", "#dice-mode-both", "#dice-mode-app", "#dice-mode-table",
            "#prompt-abandon")

# Each control out of view (outside the window, the Play panel's visible box or the prompt's
# visible box) named with where it is, or the prompt scrolled inside itself: "" when all are in view.
OUT_OF_VIEW = r"""(sels) => {
  const pane = document.getElementById('play').getBoundingClientRect();
  const prompt = document.getElementById('prompt');
  const box = prompt.getBoundingClientRect();
  const top = Math.max(0, pane.top, box.top) - 1, bottom = Math.min(window.innerHeight, pane.bottom, box.bottom) + 1;
  const left = Math.max(0, pane.left, box.left) - 1, right = Math.min(window.innerWidth, pane.right, box.right) + 1;
  const out = [];
  if (prompt.scrollTop > 0) out.push(`the prompt scrolled ${prompt.scrollTop} px inside itself`);
  for (const sel of sels) {
    const el = document.querySelector(sel);
    if (!el) { out.push(`${sel} missing`); continue; }
    const r = el.getBoundingClientRect();
    if (r.height === 0 || r.top < top || r.bottom > bottom || r.left < left || r.right > right)
      out.push(`${sel} at ${Math.round(r.left)},${Math.round(r.top)}..${Math.round(r.right)},${Math.round(r.bottom)}; ` +
               `in view ${Math.round(left)},${Math.round(top)}..${Math.round(right)},${Math.round(bottom)}`);
  }
  return out.join('; ');
}"""


@pytest.mark.parametrize("size", list(PHONES))
def test_the_dice_prompt_fits_a_phone(page: Any, artifacts: Path, size: str) -> None:
    start_app(page, viewport=PHONES[size])
    page.wait_for_selector("body[data-play='1']", state="attached")
    page.locator("#tab-play").tap()
    start_landing(page, odds=True)
    tag = size.split()[0]
    page.screenshot(path=str(artifacts / f"prompt-phone-{tag}.png"))
    assert page.evaluate(OUT_OF_VIEW, list(CONTROLS)) == ""
    # the Landing DR typed with Enter (the same words every run, the longest: a DR of 12): the
    # Crash dr (E8.23) waits with this roll drawn above it
    assert dice(page, "6 6") == ("E8.22 Landing DR 12 (colored 6, white 6)\n-5 5 consecutive hexes clear of Obstacles: "
                                 "1H8, 1I8, 1J7, 1K7, 1L6\n→ Final colored dr 1, white dr 6: lands in its ILH: lands in 1G9")
    waiting(page, "E8.23")
    assert page.locator("#prompt-roll").count() == 1 and page.locator("#last-roll").count() == 1
    page.screenshot(path=str(artifacts / f"prompt-phone-{tag}-rolled.png"))
    assert page.evaluate(OUT_OF_VIEW, list(CONTROLS)) == ""

"""Nothing clipped (#14 item 9): at phone (390×844), portrait tablet (768×1024) and landscape
tablet (1024×768) size, on every built-in scenario, every tab and the panels a player opens
(every procedure's form, the odds, the heatmap key, the table numbers, the map key, the Edit
tools, Rename, Share, a notice) fit: the page never scrolls sideways, no panel scrolls
sideways, every visible button, label, heading and rule chip is inside its panel and the
window, no text overflows its box, and nothing hides under the header (board labels, the
notice); at the landscape tablet size every panel checked also speaks plain words (#14: no
Python repr, internal id or developer note). On a phone the ASL procedure menu folds into its
chapters.

One shared page per scenario, the viewports switched in place; every problem found is named
in words (the element, the tab, the size) and all of them are reported together. Each stop of
the walk is one look in the page (LOOK: the check, the words and what the walk needs next) and
each tap two round trips (playing.tap): the driver's round trips were most of the file's CPU."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import open_play, start_app
from playing import LANDED_1G9, PAINTED, SIDE_TEXT, UNTIL, finish_landing, start_landing, tap, unplain_text, until

pytestmark = pytest.mark.usefixtures("no_page_errors")

VIEWPORTS = {"phone 390×844": {"width": 390, "height": 844},
             "portrait tablet 768×1024": {"width": 768, "height": 1024},
             "landscape tablet 1024×768": {"width": 1024, "height": 768}}
SCENARIOS = ["default", "panzer_leader_drop", "army_group_landing"]
#: The size at which every panel checked is also read for words a player must never see (#14).
PLAIN_WORDS_SIZE = "landscape tablet 1024×768"

# The checker, run in the page: a list of problems, each a sentence naming the element.
CHECK = r"""() => {
  const out = [];
  const vw = document.documentElement.clientWidth;
  const bar = document.querySelector('header.bar').getBoundingClientRect();
  const mapBox = document.getElementById('map').getBoundingClientRect();
  const text = (el) => (el.innerText || el.textContent || el.getAttribute('aria-label') || el.value || '')
    .replace(/\s+/g, ' ').trim().slice(0, 48);
  const kind = (el) => {
    if (el.matches('.tab')) return 'tab';
    if (el.matches('button, .btn, summary')) return 'button';
    if (el.matches('h1, h2, h3, h4, .proc-group-title')) return 'heading';
    if (el.matches('.rule, .secret, .offline-badge')) return 'chip';
    if (el.matches('select')) return 'menu';
    if (el.matches('input, textarea')) return 'input box';
    if (el.matches('legend')) return 'box title';
    return 'label';
  };
  const name = (el) => el === document.documentElement || el === document.body ? 'the page'
    : `the ${kind(el)} "${text(el) || el.id || el.className}"`;
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return false;
    return el.checkVisibility({checkVisibilityCSS: true});
  };
  const panelName = (p) => {
    if (p.matches('.pane')) return `the ${document.querySelector(`.tabs .tab[data-tab='${p.id}']`)?.textContent || p.id} panel`;
    if (p.matches('.bar')) return 'the header';
    if (p.matches('.tabs')) return 'the tab row';
    if (p.matches('.map-key')) return 'the map key';
    if (p.matches('.map-legend')) return 'the heatmap key';
    if (p.matches('.notice')) return 'the notice';
    if (p.matches('fieldset')) return `the box "${text(p.querySelector('legend') || p)}"`;
    return `the box "${text(p).slice(0, 30)}"`;
  };
  const BOXES = '.pane, .bar, .tabs, .map-key, .map-legend, .notice, .prompt, fieldset, .last-roll, .seal-offer';
  const px = (v) => Math.round(v);
  const sw = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
  if (sw > vw + 1) out.push(`the page is ${px(sw)}px wide in a ${vw}px window: it scrolls sideways`);
  for (const el of [document.documentElement, document.body, document.querySelector('main.layout'), document.getElementById('side')]) {
    if (el.scrollTop > 0 || el.scrollLeft > 0)  // something pushed the page itself to scroll
      out.push(`the page has scrolled (${el.scrollLeft}px sideways, ${el.scrollTop}px down): the header or the tabs are off screen`);
  }
  for (const p of document.querySelectorAll('.pane, .map-key-body, .notice')) {
    if (shown(p) && p.scrollWidth > p.clientWidth + 1)
      out.push(`${panelName(p.closest(BOXES) || p)} scrolls sideways (${p.scrollWidth}px of content in ${p.clientWidth}px)`);
  }
  const items = document.querySelectorAll('button, label, h1, h2, h3, h4, summary, legend, select, input:not([type=hidden]), '
    + 'textarea, .rule, .secret, .proc-group-title, .offline-badge');
  for (const el of items) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.right > vw + 1)
      out.push(`${name(el)} sticks out of the window (${px(r.left)}..${px(r.right)}px of ${vw}px)`);
    const box = el.parentElement && el.parentElement.closest(BOXES);
    if (box) {
      const b = box.getBoundingClientRect();
      const left = b.left + box.clientLeft, right = left + box.clientWidth;
      if (r.left < left - 1 || r.right > right + 1)
        out.push(`${name(el)} sticks out of ${panelName(box)} (${px(r.left)}..${px(r.right)}px, the box ${px(left)}..${px(right)}px)`);
    }
    const cs = getComputedStyle(el);
    if (!el.matches('input, select, textarea') && cs.display !== 'inline' && el.scrollWidth > el.clientWidth + 1)
      out.push(`${name(el)}: its text overflows its box (${el.scrollWidth}px of text in ${el.clientWidth}px)`);
    // (what a panel scrolled up is clipped by the panel: only what is outside the panels can be)
    if (r.top < bar.bottom - 1 && r.bottom > bar.top && !el.closest('header.bar, .pane, .map-key-body'))
      out.push(`${name(el)} is under the header`);
  }
  // the prompt waiting at the top of the Play panel, when it fits in the panel, cuts none of its
  // controls by its own edge (its Abandon button was, on a portrait tablet; a prompt taller than
  // the panel scrolls inside itself, #32), and once stuck there nothing of the panel shows above it
  const prompt = document.querySelector('#play > .prompt:not([data-waiting=""])'), play = document.getElementById('play');
  if (prompt && shown(prompt)) {
    const b = prompt.getBoundingClientRect(), top = b.top + prompt.clientTop, bottom = top + prompt.clientHeight;
    const fits = prompt.scrollHeight + prompt.offsetHeight - prompt.clientHeight <= play.clientHeight;
    for (const el of fits ? prompt.querySelectorAll('button, input, select, label, .rule') : []) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect();
      if ((r.top < top - 1 && r.bottom > top + 1) || (r.top < bottom - 1 && r.bottom > bottom + 1))
        out.push(`${name(el)} is cut by the prompt box's edge (${px(r.top)}..${px(r.bottom)}px, the box ${px(top)}..${px(bottom)}px)`);
    }
    const pane = play.getBoundingClientRect().top + play.clientTop;
    const above = b.top > pane + 2 && document.elementFromPoint(b.left + 24, (pane + b.top) / 2);
    if (above && above.closest('#plan, #seals, #pack'))  // what lies below the prompt, scrolled up past it
      out.push(`${name(above)} shows above the prompt box, over its edge`);
  }
  // nothing cut with "…" or clipped short (#42 item 8): no text shown with an ellipsis or a line
  // clamp that does not fit, and no menu whose chosen option is wider than the menu
  // (only an element a style rule or its style attribute gives text-overflow or a line clamp can be
  // cut so: neither is inherited, and neither applies inside an SVG; when a stylesheet cannot be
  // read or a rule's selector is not one querySelectorAll takes, every element is looked at)
  const ctx = document.createElement('canvas').getContext('2d');
  let cuttable;
  try {
    const sels = ['select', '[style*="text-overflow"]', '[style*="line-clamp"]', '[style*="all:"]'];
    const scan = (rules) => {
      for (const r of rules) {
        if (r.cssRules) scan(r.cssRules);
        if (r.selectorText && /text-overflow|line-clamp|(^|;)\s*all:/.test(r.style.cssText)) sels.push(r.selectorText);
      }
    };
    for (const sheet of [...document.styleSheets, ...document.adoptedStyleSheets]) scan(sheet.cssRules);
    cuttable = [...document.querySelectorAll(sels.join(', '))].filter((el) => el !== document.body && document.body.contains(el) && !el.closest('svg'));
  } catch (e) {
    cuttable = document.querySelectorAll('body *:not(svg *)');
  }
  for (const el of cuttable) {
    const cs = getComputedStyle(el);
    const clamp = cs.webkitLineClamp && cs.webkitLineClamp !== 'none';
    if (cs.textOverflow !== 'ellipsis' && !clamp && !el.matches('select')) continue;
    if (!shown(el)) continue;
    if (el.matches('select')) {
      const opt = el.options[el.selectedIndex];
      if (!opt) continue;
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16;  // (its arrow)
      const need = ctx.measureText(opt.textContent.trim()).width;
      if (need > room + 1) out.push(`${name(el)}: its choice "${opt.textContent.trim().slice(0, 48)}" is cut (${px(need)}px of text in ${px(room)}px)`);
    } else if ((cs.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) || (clamp && el.scrollHeight > el.clientHeight + 1)) {
      out.push(`${name(el)} is cut with "…" (${el.scrollWidth}×${el.scrollHeight}px of text in ${el.clientWidth}×${el.clientHeight}px)`);
    }
  }
  // the heatmap key lies beside the map, over no hex (#32 item 11), and over no panel
  const legend = document.getElementById('map-legend');
  if (legend && shown(legend)) {
    const r = legend.getBoundingClientRect(), side = document.getElementById('side').getBoundingClientRect();
    if (r.top < mapBox.bottom - 1 && r.bottom > mapBox.top + 1 && r.left < mapBox.right - 1 && r.right > mapBox.left + 1)
      out.push(`the heatmap key covers the map (${px(r.top)}..${px(r.bottom)}px; the map ${px(mapBox.top)}..${px(mapBox.bottom)}px)`);
    if (r.top < bar.bottom - 1) out.push('the heatmap key covers the header');
    if (r.left < side.right - 1 && r.right > side.left + 1 && r.top < side.bottom - 1 && r.bottom > side.top + 1)
      out.push('the heatmap key covers the tabs and panels');
  }
  // what floats over the map stays on the map: never over the header, the tabs or the panel
  for (const el of document.querySelectorAll('#notice, #map-key')) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.top < bar.bottom - 1) out.push(`${panelName(el)} covers the header`);
    else if (r.top < mapBox.top - 1 || r.bottom > mapBox.bottom + 1 || r.left < mapBox.left - 1 || r.right > mapBox.right + 1) {
      const side = document.getElementById('side').getBoundingClientRect();
      const over = r.left < side.right && r.right > side.left && r.top < side.bottom && r.bottom > side.top;
      out.push(`${panelName(el)} ${over ? 'covers the tabs and panels' : 'runs off the map'} `
        + `(${px(r.left)},${px(r.top)}..${px(r.right)},${px(r.bottom)}; the map ${px(mapBox.left)},${px(mapBox.top)}..${px(mapBox.right)},${px(mapBox.bottom)})`);
    }
  }
  // board labels: where they are on the map, they are seen (not under the header, the map key
  // or the side panel)
  for (const t of document.querySelectorAll('#map .boardname')) {
    const r = t.getBoundingClientRect();
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    if (cx < mapBox.left || cx > mapBox.right) continue;  // panned away sideways: not clipped
    if (r.top < mapBox.top - 1 || r.bottom > mapBox.bottom + 1) {
      out.push(`the board label "${text(t)}" is cut off by the map's ${r.top < mapBox.top ? 'top (the header)' : 'bottom'}`);
      continue;
    }
    for (const [x, y] of [[r.left + 2, cy], [cx, cy], [r.right - 2, cy]]) {
      const hit = document.elementFromPoint(x, y);
      // (the map key, the heatmap key and a notice lie over the map on purpose: not the header or the panels)
      if (hit && !hit.closest('#map, .map-key, .map-legend, .notice')) {
        out.push(`the board label "${text(t)}" is covered by ${name(hit.closest(BOXES) || hit)}`);
        break;
      }
    }
  }
  return out;
}"""


# One round trip per look (#43): wait until the step's ``wanted`` ([selector, state] pairs, see
# playing.UNTIL) hold and the page is painted so (PAINTED), then CHECK, the words on the side
# panels (at PLAIN_WORDS_SIZE) and what the walk needs next (the chosen procedure's title, whether
# its form has the odds).
LOOK = f"""async ([wanted, plain]) => {{
  await ({UNTIL})(wanted);
  await ({PAINTED})();
  const title = document.querySelector('#plan-form h3');
  return {{found: ({CHECK})(), text: plain ? ({SIDE_TEXT})() : null,
          title: title ? title.innerText : '', heat: !!document.getElementById('plan-heat')}};
}}"""


class Layout:
    """The shared page at one size: checks what is on screen now and keeps what it found."""

    def __init__(self, page: Any, scenario: str) -> None:
        self.page = page
        self.scenario = scenario
        self.size = ""
        self.problems: list[str] = []

    def check(self, where: str, *wanted: tuple[str, str]) -> dict[str, Any]:
        """Once ``wanted`` holds, what is on screen checked (``where`` may name ``{title}``, the
        chosen procedure's); returns what the look saw (LOOK)."""
        seen: dict[str, Any] = self.page.evaluate(LOOK, [[list(w) for w in wanted], self.size == PLAIN_WORDS_SIZE])
        where = where.format(title=seen["title"])
        found = list(seen["found"])
        if seen["text"] is not None:  # (the same words at every size)
            found += unplain_text(seen["text"], "not in plain words")
        for p in found:
            line = f"{self.scenario}, {self.size}, {where}: {p}"
            if line not in self.problems:
                self.problems.append(line)
        return seen

    def tab(self, tab: str, where: str = "") -> None:
        """Tap a tab; once it is selected, checked as ``where`` if given."""
        tap(self.page, f"#tab-{tab}")
        selected = (f"#tab-{tab}[aria-selected='true']", "attached")
        if where:
            self.check(where, selected)
        else:
            until(self.page, selected)


# The procedure's chapter in the menu is folded (a phone): the selector of its title to tap, else ''.
FOLDED = """(id) => { const d = document.getElementById(id).closest('#proc-menu details');
  return d && !d.open ? `#proc-menu details[data-group="${CSS.escape(d.dataset.group)}"] > summary` : ''; }"""

# The odds' hex fields still empty, and the hex to fill them with on a map without board 1.
EMPTY_HEXES = """() => [[...document.querySelectorAll("#plan-form input[data-kind='hex']")].filter((i) => !i.value).map((i) => i.id),
  document.querySelectorAll('#map .hex')[40].id.slice(4)]"""

# The centre of the 41st hex of the map, where a finger taps it (as it is on screen, not scrolled to).
HEX_41 = """() => { const r = document.querySelectorAll('#map .hex')[40].getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2]; }"""


def walk(page: Any, lay: Layout) -> None:
    """Every tab and the panels a player opens, checked."""
    lay.tab("play", "Play tab")
    for proc in page.evaluate("() => [...document.querySelectorAll('#proc-menu button.proc')].map((e) => e.id)"):
        if folded := page.evaluate(FOLDED, proc):  # its chapter opened first
            tap(page, folded)
            until(page, (f"#proc-menu details[open] #{proc}", "attached"))
        tap(page, f"#{proc}")
        seen = lay.check("Play tab, the {title} form", (f"#{proc}[aria-pressed='true']", "attached"))
        if seen["heat"]:  # the odds and the heatmap key
            empty, hex_41 = page.evaluate(EMPTY_HEXES)
            for field in empty:
                page.locator(f"#{field}").fill("1G9" if lay.scenario == "default" else hex_41)
                page.locator(f"#{field}").dispatch_event("change")
            tap(page, "#plan-heat")
            lay.check(f"Play tab, the {seen['title']} form with its odds and the heatmap key",
                      ("#plan-heat[aria-pressed='true']", "attached"), ("#map-legend:not([hidden])", "attached"))
            tap(page, "#plan-heat")
            until(page, ("#plan-heat[aria-pressed='false']", "attached"))
    if page.evaluate("() => { const s = document.querySelector('#pack summary'); "
                     "return !!s && s.checkVisibility({checkVisibilityCSS: true}); }"):
        tap(page, "#pack summary")
        lay.check("Play tab, the table numbers")
        tap(page, "#pack summary")
    tap(page, "#map-key-toggle")
    lay.check("the map key")
    tap(page, "#map-key-toggle")
    tap(page, "#zoom-fit")
    lay.check("the whole map (Fit)")
    lay.tab("hex")
    x, y = page.evaluate(HEX_41)
    page.touchscreen.tap(x, y)
    lay.check("Hex tab, a hex tapped")
    lay.tab("log", "Log tab")
    lay.tab("edit")
    for mode in page.evaluate("() => [...document.querySelectorAll(\"#edit-modes input[name='edit-mode']\")].map((e) => e.value)"):
        radio = f"#edit-modes input[name='edit-mode'][value='{mode}']"
        tap(page, radio)
        lay.check(f"Edit tab, the {mode} tool", (radio + ":checked", "attached"))
    tap(page, "#edit details.newmap summary")
    lay.check("Edit tab, New map")
    tap(page, "#edit details.newmap summary")
    tap(page, "#game-settings summary")
    lay.check("Edit tab, this game's settings")
    tap(page, "#game-settings summary")
    lay.tab("games", "Games tab")
    tap(page, "#games [data-act='g-rename']")
    lay.check("Games tab, renaming the game")
    tap(page, "#games [data-act='g-rename-cancel']")
    tap(page, "#share-make")
    lay.check("Games tab, the share link", ("#share-copy", "attached"))
    page.locator("#games-import").set_input_files(
        files=[{"name": "not-a-game.json", "mimeType": "application/json", "buffer": b"not a saved game"}])
    lay.check("a notice over the map", ("#notice:not([hidden])", "attached"))
    tap(page, "#notice-close")
    until(page, ("#notice", "hidden"))


# The last roll's sentence after the walk's Landing DR (colored 1, white 6) from 1G9.
LANDING_DR_1_6 = ("E8.22 Landing DR 7 (colored 1, white 6)\n-5 5 consecutive hexes clear of Obstacles: 1H8, 1I8, 1J7, 1K7, "
                  "1L6\n→ Final colored dr -4, white dr 6: lands in its ILH: lands in 1G9")


# What the game on screen has done (<body data-actions>), and wait until it has done more.
ACTIONS = "() => Number(document.body.dataset.actions || '0')"
MORE = "(n) => Number(document.body.dataset.actions || '0') > n"


def act(page: Any, selector: str) -> None:
    """Tap ``selector`` and wait until the game has taken an action."""
    before = page.evaluate(ACTIONS)
    tap(page, selector)
    page.wait_for_function(MORE, arg=before, polling=100)


def play_a_little(page: Any, scenario: str) -> None:
    """A few actions so the log and the prompt have something to show."""
    for _ in range(2):
        act(page, "#turn-next")


@pytest.mark.parametrize("size", list(VIEWPORTS))
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_nothing_clipped(page: Any, scenario: str, size: str) -> None:
    """One scenario at one size, from a fresh start (a walk at another size first would leave
    the map zoomed to Fit and hide what a player sees at this one). The game starts on the
    landscape tablet and the device is then turned or the window resized to ``size``: the map
    has followed the action by then, so its view is kept, not fitted again (the heatmap key's
    strip once covered board 1's label in portrait that way)."""
    open_play(page, scenario)
    play_a_little(page, scenario)
    if scenario == "default":  # a glider landing under way (its dice row in the prompt)
        start_landing(page, odds=True)
    page.set_viewport_size(VIEWPORTS[size])
    lay = Layout(page, scenario)
    lay.size = size
    walk(page, lay)
    if scenario == "default":  # the result, the dice drawn, a long log
        lay.tab("play")
        # the dice typed (the same steps and words every run): a Landing DR of 7 (colored 1,
        # white 6: the colored dr's longest words, -4), a Crash dr of 6, no Final Fire
        said = finish_landing(page, "1 6", "6")
        assert said == [LANDING_DR_1_6, "E8.23 Crash dr 6\n→ Final Crash dr 6: ≤ 6: lands safely"], said
        assert page.locator("#prompt-result").inner_text().endswith(LANDED_1G9)
        assert page.locator(".overlay .counter.unit.kind-glider[data-hex='1G9']").count() == 1
        lay.tab("play", "Play tab, the landing resolved")
        lay.tab("log", "Log tab, the landing resolved")
    assert not lay.problems, f"{len(lay.problems)} layout problems:\n" + "\n".join(lay.problems)


def test_phone_menu_folds_into_chapters(page: Any) -> None:
    """On a phone the ASL menu (17+ procedures) is its chapters, folded but for the chosen
    procedure's: it fits in the panel, and a procedure of a folded chapter is two taps away."""
    start_app(page, viewport=VIEWPORTS["phone 390×844"])
    page.wait_for_selector("body[data-play='1']", state="attached")
    page.locator("#tab-play").tap()
    menu = page.locator("#proc-menu")
    assert page.locator("#proc-menu button.proc").count() >= 17
    chapters = page.locator("#proc-menu details.proc-group")
    titles = [t.strip() for t in chapters.locator("summary").all_inner_texts()]
    assert len(titles) >= 4 and titles[0].startswith("GLIDERS (E8)"), titles
    opened = page.locator("#proc-menu details.proc-group[open] summary").all_inner_texts()
    assert [t.strip() for t in opened] == [titles[0]], "only the chosen procedure's chapter is open"
    pane = page.evaluate("document.getElementById('play').clientHeight")
    height = menu.evaluate("m => m.getBoundingClientRect().height")
    assert height <= pane, f"the folded menu is {height}px tall in a {pane}px panel"

    starshell = page.locator("#proc-menu button.proc", has_text="Starshell")
    assert starshell.is_hidden()
    night = page.locator("#proc-menu details.proc-group:has(button.proc:has-text('Starshell'))")
    night.locator("summary").tap()
    assert starshell.is_visible()
    starshell.tap()
    page.wait_for_selector("#plan-form h3:has-text('Starshell')", state="attached")
    assert page.locator("#proc-menu button.proc[aria-pressed='true']").inner_text() == "Starshell (E1.92)"
    # drawn again for the new procedure: the chapters the player opened stay open
    opened = [t.strip() for t in page.locator("#proc-menu details.proc-group[open] summary").all_inner_texts()]
    assert opened[0] == titles[0] and any(t.startswith("NIGHT (E1)") for t in opened), opened
    night.locator("summary").tap()  # and folds again
    assert page.locator("#proc-menu button.proc", has_text="Starshell").is_hidden()
    assert page.locator("#plan-form h3").inner_text() == "Starshell (E1.92)"

    page.set_viewport_size(VIEWPORTS["landscape tablet 1024×768"])  # on a tablet: all open
    page.locator("#proc-menu button.proc", has_text="Glider landing").tap()
    page.wait_for_selector("#plan-form h3:has-text('Glider landing')", state="attached")
    assert page.locator("#proc-menu details.proc-group:not([open])").count() == 0
    assert page.locator("#proc-menu button.proc", has_text="Starshell").is_visible()


def test_the_map_says_where_it_goes_on(page: Any) -> None:
    """#32 item 6: the sample map's two ASL boards do not fit a tablet's first view with readable
    hexes, so it opens on board 1 and its right edge is shaded with an arrow (board 2 lies there);
    dragged to the right end, the left edge says so instead; Fit shows the whole map, no edge."""
    start_app(page, viewport=VIEWPORTS["landscape tablet 1024×768"])
    more = page.locator("#map")
    assert more.get_attribute("data-more") == "right"
    assert page.evaluate("getComputedStyle(document.getElementById('map'), '::after').content") == '"›"'
    box = more.bounding_box()
    y = box["y"] + box["height"] / 2
    for _ in range(6):  # drag the map leftwards to its right end
        page.mouse.move(box["x"] + box["width"] - 20, y)
        page.mouse.down()
        page.mouse.move(box["x"] + 20, y, steps=6)
        page.mouse.up()
        if "right" not in (more.get_attribute("data-more") or ""):
            break
    assert more.get_attribute("data-more") == "left"
    page.locator("#zoom-fit").tap()
    page.wait_for_function("document.getElementById('map').dataset.more === ''")

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
in words (the element, the tab, the size) and all of them are reported together."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import actions, open_play, start_app
from playing import unplain

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
  const ctx = document.createElement('canvas').getContext('2d');
  for (const el of document.querySelectorAll('body *')) {
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


class Layout:
    """The shared page at one size: checks what is on screen now and keeps what it found."""

    def __init__(self, page: Any, scenario: str) -> None:
        self.page = page
        self.scenario = scenario
        self.size = ""
        self.problems: list[str] = []

    def check(self, where: str) -> None:
        found = self.page.evaluate(CHECK)
        if self.size == PLAIN_WORDS_SIZE:  # (the same words at every size)
            found += unplain(self.page, "not in plain words")
        for p in found:
            line = f"{self.scenario}, {self.size}, {where}: {p}"
            if line not in self.problems:
                self.problems.append(line)

    def tab(self, tab: str) -> None:
        self.page.locator(f"#tab-{tab}").tap()
        self.page.wait_for_selector(f"#tab-{tab}[aria-selected='true']", state="attached")


def reveal_proc(page: Any, proc_id: str) -> None:
    """Make a procedure's button in the menu visible (its chapter opened if folded)."""
    group = page.locator(f"#proc-menu details:has(#{proc_id})")
    if group.count() and not group.evaluate("d => d.open"):
        group.locator("summary").tap()
        page.wait_for_function("d => d.open", arg=group.element_handle())


def walk(page: Any, lay: Layout) -> None:
    """Every tab and the panels a player opens, checked."""
    lay.tab("play")
    lay.check("Play tab")
    for proc in page.locator("#proc-menu button.proc").evaluate_all("els => els.map(e => e.id)"):
        reveal_proc(page, proc)
        page.locator(f"#{proc}").tap()
        page.wait_for_selector(f"#{proc}[aria-pressed='true']", state="attached")
        title = page.locator("#plan-form h3").inner_text()
        lay.check(f"Play tab, the {title} form")
        if page.locator("#plan-heat").count():  # the odds and the heatmap key
            hexes = page.locator("#plan-form input[data-kind='hex']")
            for i in range(hexes.count()):
                if not hexes.nth(i).input_value():
                    hexes.nth(i).fill("1G9" if lay.scenario == "default" else
                                      page.locator("#map .hex").nth(40).get_attribute("id")[4:])
                    hexes.nth(i).dispatch_event("change")
            page.locator("#plan-heat").tap()
            page.wait_for_selector("#plan-heat[aria-pressed='true']", state="attached")
            page.wait_for_selector("#map-legend:not([hidden])", state="attached")
            lay.check(f"Play tab, the {title} form with its odds and the heatmap key")
            page.locator("#plan-heat").tap()
            page.wait_for_selector("#plan-heat[aria-pressed='false']", state="attached")
    summary = page.locator("#pack summary")
    if summary.count() and summary.is_visible():
        summary.tap()
        lay.check("Play tab, the table numbers")
        summary.tap()
    page.locator("#map-key-toggle").tap()
    lay.check("the map key")
    page.locator("#map-key-toggle").tap()
    page.locator("#zoom-fit").tap()
    lay.check("the whole map (Fit)")
    lay.tab("hex")
    box = page.locator("#map .hex").nth(40).bounding_box()
    assert box
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    lay.check("Hex tab, a hex tapped")
    lay.tab("log")
    lay.check("Log tab")
    lay.tab("edit")
    modes = page.locator("#edit-modes input[name='edit-mode']")
    for i in range(modes.count()):
        modes.nth(i).check()
        lay.check(f"Edit tab, the {modes.nth(i).get_attribute('value')} tool")
    page.locator("#edit details.newmap summary").tap()
    lay.check("Edit tab, New map")
    page.locator("#edit details.newmap summary").tap()
    page.locator("#game-settings summary").tap()
    lay.check("Edit tab, this game's settings")
    page.locator("#game-settings summary").tap()
    lay.tab("games")
    lay.check("Games tab")
    page.locator("#games [data-act='g-rename']").first.tap()
    lay.check("Games tab, renaming the game")
    page.locator("#games [data-act='g-rename-cancel']").tap()
    page.locator("#share-make").tap()
    page.wait_for_selector("#share-copy", state="attached")
    lay.check("Games tab, the share link")
    page.locator("#games-import").set_input_files(
        files=[{"name": "not-a-game.json", "mimeType": "application/json", "buffer": b"not a saved game"}])
    page.wait_for_selector("#notice:not([hidden])", state="attached")
    lay.check("a notice over the map")
    page.locator("#notice-close").tap()
    page.wait_for_selector("#notice", state="hidden")


def play_a_little(page: Any, scenario: str) -> None:
    """A few actions so the log and the prompt have something to show."""
    for _ in range(2):
        before = actions(page)
        page.locator("#turn-next").tap()
        page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)


def start_landing(page: Any) -> None:
    """The default scenario: a glider landing under way (its dice row in the prompt)."""
    page.locator("#proc-menu button.proc", has_text="Glider landing").tap()
    page.locator("#f-ilh").fill("1G9")
    page.locator("#f-ilh").dispatch_event("change")
    page.locator("#plan-start").tap()
    page.wait_for_selector("#prompt:not([data-waiting=''])", state="attached")


def resolve(page: Any) -> None:
    """Roll the app's dice (or take the first choice) until nothing waits."""
    for _ in range(30):
        if page.locator("#prompt[data-waiting='']").count():
            return
        before = actions(page)
        roll = page.locator("#prompt-roll")
        (roll if roll.count() else page.locator("#prompt .choice").first).tap()
        page.wait_for_function("n => Number(document.body.dataset.actions) > n", arg=before)
    raise AssertionError("the landing did not end in 30 steps")


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
    if scenario == "default":
        start_landing(page)
    page.set_viewport_size(VIEWPORTS[size])
    lay = Layout(page, scenario)
    lay.size = size
    walk(page, lay)
    if scenario == "default":  # the result, the dice drawn, a long log
        lay.tab("play")
        resolve(page)
        lay.tab("play")
        lay.check("Play tab, the landing resolved")
        lay.tab("log")
        lay.check("Log tab, the landing resolved")
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

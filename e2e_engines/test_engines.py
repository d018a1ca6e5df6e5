"""One tablet's session in Firefox ESR and in WebKitGTK, step by step (conftest.py).

Each defect these engines showed has its check: the service worker answering from its copy
without static routes (``test_the_worker_answers_from_its_offline_copy_first`` and the offline
reload; Firefox's navigation preload, which once answered a network error offline, is no longer
used), the memory snapshot restored on the warm and the offline start in every engine
(in WebKit kept in IndexedDB: found out once, remembered, no file left, no second Pyodide on later
starts), WebKit's preloads fetched twice, WebKit's map blurred once the Play tab
opened, and a new device's first game seeded with the fixed "airhead".
"""

from __future__ import annotations

import json
import re
import subprocess
from collections import Counter
from typing import Any

from conftest import BUNDLE, Tablet, sharpness

from tools.devserver import BundleServer

from airhead.codec import LINK_PREFIX, decode_link

OPFS_FILES = """navigator.storage && navigator.storage.getDirectory ? (async () => {
  const out = [];
  const walk = async (dir, at) => { for await (const [name, h] of dir.entries()) {
    out.push(at + name); if (h.kind === 'directory') await walk(h, at + name + '/'); } };
  try { await walk(await navigator.storage.getDirectory(), ''); } catch (e) { return 'unreadable: ' + e.name; }
  return out; })() : []"""


def snapshot_made(tablet: Tablet) -> str:
    """Waits until the first visit has made its memory snapshot, or found it cannot (``error``,
    ``unsupported``); returns the page's snapshot status. Not ``off``: on a loaded machine the new
    service worker may claim the page late, and the page then makes it when it does (boot.js)."""
    try:
        tablet.b.wait("['stored', 'error', 'unsupported'].includes(document.body.dataset.snapshot)", 240,
                      "the memory snapshot made or given up")
    except AssertionError as exc:
        raise AssertionError(f"{exc}: {tablet.b.js('JSON.stringify(window.airheadSnapshot)')}") from None
    return str(tablet.b.js("JSON.stringify(window.airheadSnapshot)"))


class Session:
    engine = ""

    def test_first_visit_boots_and_fetches_each_file_once(self, tablet: Tablet) -> None:
        tablet.b.goto(tablet.url)
        tablet.ready()
        tablet.started("cold")
        assert tablet.b.js("document.body.dataset.snapshot") in ("none", "making")
        # each of the app's files once: WebKit never hands a <link rel=preload as=fetch> to fetch()
        loaded = tablet.b.js("performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)")
        twice = {p: n for p, n in Counter(loaded).items() if n > 1 and p.startswith(("/app/", "/wheels/"))}
        assert not twice, f"{tablet.b.name} downloaded these more than once: {twice}"

    def test_a_touch_tap_selects_a_hex(self, tablet: Tablet) -> None:
        tablet.tap("#hex-1C9")
        tablet.b.wait("document.getElementById('info-name')?.dataset.hex === '1C9'", 30, "1C9 selected")

    def test_the_map_stays_crisp_after_the_play_tab_opens(self, tablet: Tablet) -> None:
        box = tablet.b.js("(() => { const m = document.getElementById('map').getBoundingClientRect();"
                          " const s = document.getElementById('side').getBoundingClientRect();"
                          " return [m.x + 60, m.y + 60, Math.min(m.right, s.x) - 20, m.bottom - 20].map(Math.round); })()")
        before = sharpness(tablet.shot("map-hex-tab"), tuple(box))
        tablet.tap("#tab-play")
        tablet.b.wait("!document.getElementById('play').hidden", 30, "the Play panel is shown")
        tablet.b.wait("new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")
        after = sharpness(tablet.shot("map-play-tab"), tuple(box))
        assert after > 0.85 * before, f"{tablet.b.name}: the map blurred when the Play tab opened " \
                                      f"(edge strength {before:.1f} -> {after:.1f}; e2e/artifacts/engines/)"

    def test_an_e8_glider_landing_through_the_play_tab(self, tablet: Tablet) -> None:
        b = tablet.b
        assert b.js("document.getElementById('proc-asl-glider-landing').getAttribute('aria-pressed')") == "true"
        b.js("(() => { const f = document.getElementById('f-name'); f.value = 'Glider 1';"
             " f.dispatchEvent(new Event('change', {bubbles: true})); })()")
        tablet.click("#pick-f-ilh")
        b.wait("document.getElementById('pick-f-ilh').classList.contains('on')", 30, "picking the ILH")
        tablet.tap("#hex-1C9")  # Pick, then a touch tap on the map
        b.wait("document.getElementById('f-ilh').value === '1C9'", 30, "the ILH picked on the map")
        tablet.shot("plan")
        tablet.click("#plan-start")
        try:
            b.wait("!!document.querySelector('#prompt-roll, #prompt button[data-choice], #prompt-result')"
                   " || document.getElementById('prompt-error').textContent", 30, "the landing started")
        except AssertionError:
            raise AssertionError(b.js("document.getElementById('play').innerHTML.slice(0, 3000)")) from None
        assert not b.js("document.getElementById('prompt-error').textContent")
        # the dice typed as rolled at the table (the same steps every run, #43): a Landing DR of 7,
        # a Crash dr of 2 (lands safely), then no Final Fire
        for rule, faces in (("E8.22", "3 4"), ("E8.23", "2")):
            b.wait(f"document.getElementById('prompt').dataset.waiting === '{rule}'", 30, f"the prompt asks {rule}")
            before = tablet.actions()
            b.js(f"(() => {{ document.getElementById('prompt-dice').value = '{faces}'; return true; }})()")
            tablet.click("#prompt-enter")
            b.wait(f"Number(document.body.dataset.actions) > {before}", 30, f"the {rule} roll typed")
        b.wait("document.getElementById('prompt').dataset.waiting === 'E8.3'", 30, "the prompt asks E8.3")
        tablet.click("#prompt button[data-choice='no Final Fire']")
        b.wait("!!document.getElementById('prompt-result')", 30, "the landing's result")
        result = str(b.js("document.getElementById('prompt-result').textContent"))
        assert result.endswith("Glider 1 landed safely in 1C9."), result
        assert b.js("document.querySelectorAll(\".overlay .counter.unit.kind-glider[data-hex='1C9']\").length") == 1
        b.wait("document.body.dataset.saveState === 'saved'", 30, "the game saved")
        tablet.facts["actions"] = tablet.actions()
        tablet.facts["log"] = tablet.log_text()

    def test_a_new_devices_first_game_has_dice_of_its_own(self, tablet: Tablet) -> None:
        tablet.tap("#tab-games")
        tablet.click("#share-make")
        link = str(tablet.b.wait("document.getElementById('share-link')?.value", 30, "the share link"))
        assert link.startswith(tablet.url) and "#" + LINK_PREFIX in link
        seed = decode_link(link).seed
        assert seed != "airhead" and re.fullmatch(r"[0-9a-f]{16}", seed), seed
        tablet.facts["link"] = link

    def test_a_saved_game_survives_a_warm_reload(self, tablet: Tablet) -> None:
        b = tablet.b
        tablet.facts["snapshot"] = snapshot_made(tablet)
        tablet.server.take_log()
        b.reload()
        tablet.ready()
        state = tablet.started("warm")
        assert tablet.actions() == tablet.fact("actions") and tablet.log_text() == tablet.fact("log")
        self.check_snapshot(tablet, state)

    def check_snapshot(self, tablet: Tablet, state: str) -> None:
        """Made on the first visit, kept where this engine can (``store``), and this start (as it
        came up: ``state``) restored it: Python's start-up and the app's imports skipped."""
        made = json.loads(tablet.fact("snapshot"))
        assert made["state"] == "stored", f"{tablet.b.name}: the memory snapshot was not made: {made}"
        now = tablet.b.js("JSON.stringify(window.airheadSnapshot)")
        assert state == "restored" and tablet.b.js("document.body.dataset.snapshot") == "restored", \
            f"{tablet.b.name}: this start did not restore the memory snapshot: {now}"
        assert json.loads(now)["store"] == self.store, now

    def go_offline(self, tablet: Tablet) -> None:
        tablet.server.shutdown()
        tablet.server.server_close()  # the network is gone: nothing answers on the server's port

    def back_online(self, tablet: Tablet) -> None:
        port = tablet.server.server_address[1]
        tablet.server = BundleServer(BUNDLE, port=port).start()

    def test_an_offline_reload_starts_the_saved_game(self, tablet: Tablet) -> None:
        b = tablet.b
        b.wait("document.body.dataset.offline === '1'", 60, "the offline copy complete")
        assert b.js("!!navigator.serviceWorker.controller")
        self.go_offline(tablet)
        try:
            b.reload()
            tablet.ready()
            state = tablet.started("offline")
            assert tablet.actions() == tablet.fact("actions") and tablet.log_text() == tablet.fact("log")
            # offline too, the start restores the snapshot (the device's storage needs no network)
            assert state == "restored", b.js("JSON.stringify(window.airheadSnapshot)")
            tablet.tap("#hex-1D8")
            b.wait("document.getElementById('info-name')?.dataset.hex === '1D8'", 30, "1D8 selected offline")
        finally:
            self.back_online(tablet)

    def test_a_share_link_opens_the_same_game(self, tablet: Tablet) -> None:
        """The link entered in the tab where the app runs (the page after the offline start): the
        page opens it itself (``hashchange``), with no fourth start of Python in this engine. A
        link opening a new start is e2e's (Chromium, test_games.py); docs/web.md, "Other engines"."""
        b = tablet.b
        b.js("(() => { window.airheadSamePage = true; return true; })()")
        assert not b.js("document.body.dataset.linkResult"), "a link was opened before this step"
        b.goto(tablet.fact("link"))  # the same address but its fragment: the page stays
        b.wait("document.body.dataset.linkResult", 30, "the link opened")
        assert b.js("document.body.dataset.linkResult") == "ok"
        assert b.js("window.airheadSamePage === true"), f"{b.name}: the link started the app again"
        assert tablet.actions() == tablet.fact("actions") and tablet.log_text() == tablet.fact("log")


class TestFirefox(Session):
    engine = "firefox"
    store = "opfs"

    def back_online(self, tablet: Tablet) -> None:
        tablet.b.set_offline(False)  # type: ignore[attr-defined]
        super().back_online(tablet)

    def go_offline(self, tablet: Tablet) -> None:
        # the device has no network, as a tablet at a table without one
        tablet.b.set_offline(True)  # type: ignore[attr-defined]
        super().go_offline(tablet)


class TestWebKit(Session):
    engine = "webkit"
    # the private file system cannot store a file here (as on some iPads): IndexedDB keeps it
    store = "idb"

    def check_snapshot(self, tablet: Tablet, state: str) -> None:
        super().check_snapshot(tablet, state)
        b = tablet.b
        # remembered: this start does not make another, and the probe left no file behind
        b.wait("document.body.dataset.offline", 30, "the offline copy checked")
        asked = [path for path, _, _ in tablet.server.take_log() if "snapshot-worker" in path]
        assert not asked, "the snapshot worker was started again"
        assert b.js(OPFS_FILES) in ([], "unreadable: UnknownError"), b.js(OPFS_FILES)


class TestChromium:
    """Chromium's cold, warm and offline starts, by the same steps, for the layer's table beside the
    other engines' (the e2e layer tests everything else in Chromium)."""

    engine = "chromium"

    def test_a_cold_then_a_warm_and_an_offline_start(self, tablet: Tablet) -> None:
        b = tablet.b
        b.goto(tablet.url)
        tablet.ready()
        tablet.started("cold")
        made = snapshot_made(tablet)
        assert json.loads(made)["state"] == "stored", made
        b.reload()
        tablet.ready()
        assert tablet.started("warm") == "restored", b.js("JSON.stringify(window.airheadSnapshot)")
        b.wait("document.body.dataset.offline === '1'", 60, "the offline copy complete")
        b.set_offline(True)  # type: ignore[attr-defined]
        try:
            b.reload()
            tablet.ready()
            assert tablet.started("offline") == "restored", b.js("JSON.stringify(window.airheadSnapshot)")
        finally:
            b.set_offline(False)  # type: ignore[attr-defined]


def test_the_worker_answers_from_its_offline_copy_first() -> None:
    """sw.js in Node, for the engines without static routes (Firefox, WebKit): the page and each
    listed file come from the worker's cache, online too (no request leaves for them), a query
    in the page's address included; a listed file the cache lacks comes from the network; what
    is not listed is left alone; with no copy and no network the page's load fails as without a
    worker. Where the engine has static routes (Chromium), install declares the same: the page as
    index.html and as its folder, and every subresource, from this build's cache."""
    script = r"""
const fs = require("fs");
const src = fs.readFileSync(process.argv[1], "utf8");
const handlers = {};
const scope = "http://app.test/sub/";
const self = { registration: { scope }, addEventListener: (t, f) => { handlers[t] = f; }, navigator: { onLine: true },
  skipWaiting: async () => {} };
const stored = { [scope + "index.html"]: "the offline copy", [scope + "boot.js"]: "boot.js, stored" };
let opened;
const caches = { keys: async () => [], open: async (name) => { opened = name;
  return { match: async (k) => (k in stored ? new Response(stored[k]) : undefined) }; } };
const asked = [];
let online = true;
const fetch = async (r) => { asked.push(typeof r === "string" ? r : r.url);
  if (!online) throw new TypeError("NetworkError"); return new Response("from the network"); };
class URLPattern { constructor(init) { this.init = init; } }
new Function("self", "caches", "fetch", "URLPattern", src)(self, caches, fetch, URLPattern);
const answer = async (request) => {
  let got = null;
  handlers.fetch({ request: { method: "GET", mode: "no-cors", ...request }, respondWith: (p) => { got = p; } });
  if (!got) return "not answered";
  try { return await (await got).text(); } catch (e) { return "failed: " + e.name; }
};
(async () => {
  const out = {};
  out.folder = await answer({ mode: "navigate", url: scope });
  out.query = await answer({ mode: "navigate", url: scope + "?scenario=default" });
  out.script = await answer({ url: scope + "boot.js" });
  out.missing = await answer({ url: scope + "styles.css" });
  out.unlisted = await answer({ url: scope + "elsewhere.txt" });
  out.asked = [...asked];
  delete stored[scope + "index.html"];
  online = false;
  out.nothing = await answer({ mode: "navigate", url: scope });
  let routes = null;
  const waits = [];
  handlers.install({ addRoutes: async (r) => { routes = r; }, waitUntil: (p) => waits.push(p) });
  await Promise.all(waits);
  out.routes = routes.map((r) => ({ when: r.condition.urlPattern ? r.condition.urlPattern.init : r.condition,
    from: r.source.cacheName === opened ? "this build's cache" : r.source }));
  console.log(JSON.stringify(out));
})();
"""
    out = subprocess.run(["node", "-e", script, str(BUNDLE / "sw.js")], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    got: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["folder"] == got["query"] == "the offline copy"
    assert got["script"] == "boot.js, stored"
    assert got["missing"] == "from the network" and got["asked"] == ["http://app.test/sub/styles.css"]
    assert got["unlisted"] == "not answered"
    assert got["nothing"] == "failed: TypeError"
    assert got["routes"] == [
        {"when": {"pathname": "/sub/index.html", "search": "", "baseURL": "http://app.test"}, "from": "this build's cache"},
        {"when": {"pathname": "/sub/", "search": "", "baseURL": "http://app.test"}, "from": "this build's cache"},
        {"when": {"not": {"requestMode": "navigate"}}, "from": "this build's cache"},
    ]

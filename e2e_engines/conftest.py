"""The cross-engine layer (``build.py test``): the built app in Firefox ESR and WebKitGTK.

Chromium has the whole e2e suite (e2e/); here each other engine plays one tablet's session, in
order, on one browser of its own (a fresh profile: a new device) and one server of its own (its
own origin): first visit, a touch tap, the Play tab, an E8 landing, a share link made, a warm
reload with the saved game, an offline reload, the link opened in the running page. The two engines run side by side (pytest-xdist
``--dist loadscope``: one class per engine). Drivers: e2e_engines/drivers.py; docs/web.md, "Other
engines".
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from drivers import (  # noqa: E402
    CHROMIUM, FIREFOX, MINIBROWSER, WEBKIT_DRIVER, XVFB_RUN, Browser, Chromium, Firefox, WebKit,
)
from tools.devserver import BundleServer  # noqa: E402

BUNDLE = ROOT / "build" / "bundle"
ARTIFACTS = ROOT / "e2e" / "artifacts" / "engines"
STARTS = ROOT / "build" / "engine-starts"  # {engine}.json: ms to ready, cold/warm/offline

# WebKitGTK's private file system (the snapshot's storage) is a feature flag, off in Debian's
# build; Safari has it on. On, it is there but cannot store a file in MiniBrowser's automation
# session (an ephemeral one): the case the app must find out once and remember.
WEBKIT_FEATURES = "+FileSystem,+StorageAPI"


def missing(*paths: str) -> str:
    gone = [p for p in paths if not Path(p).exists()]
    return ", ".join(gone)


def launch(name: str) -> Browser:
    if name == "chromium":
        gone = missing(CHROMIUM)
        if gone:
            pytest.skip(f"{gone} is missing (Debian package chromium; build.py installs it)")
        return Chromium()
    if name == "firefox":
        gone = missing(FIREFOX)
        if gone:
            pytest.skip(f"{gone} is missing (Debian package firefox-esr; build.py installs it)")
        return Firefox()
    gone = missing(WEBKIT_DRIVER, MINIBROWSER, XVFB_RUN)
    if gone:
        pytest.skip(f"{gone} missing (Debian packages webkit2gtk-driver and xvfb; build.py installs them)")
    return WebKit(WEBKIT_FEATURES)


class Tablet:
    """One engine's browser and the server it talks to."""

    def __init__(self, browser: Browser, server: BundleServer) -> None:
        self.b = browser
        self.server = server
        self.url = server.url
        self.facts: dict[str, Any] = {}  # what an earlier step found, for the later ones
        # cold, warm, offline: ms to ready (body[data-boot-ms]); "snapshot": each start's state
        # (the page's snapshot status as it came up: "restored" where the memory snapshot was
        # used); "python": ms until PyScript had the interpreter (airheadSnapshot.phases.loaded)
        self.starts: dict[str, Any] = {}

    def started(self, kind: str) -> str:
        """Keeps this start's time to ready (``kind``: cold, warm, offline), its snapshot state and
        when the interpreter was ready, for the layer's table; returns the state."""
        ms, state, python = self.b.js("[Number(document.body.dataset.bootMs || 0), window.airheadSnapshot?.state || '',"
                                      " window.airheadSnapshot?.phases?.loaded || 0]")
        self.starts[kind] = int(ms)
        self.starts.setdefault("snapshot", {})[kind] = str(state)
        self.starts.setdefault("python", {})[kind] = int(python)
        return str(state)

    def fact(self, key: str) -> Any:
        if key not in self.facts:
            pytest.fail(f"{self.b.name}: an earlier step that records {key!r} did not pass")
        return self.facts[key]

    def ready(self, seconds: float = 90) -> None:
        try:
            self.b.wait("document.body?.dataset.ready === '1' || document.body?.dataset.bootError === '1'", seconds,
                        "the app is ready")
        except AssertionError as exc:
            state = self.b.js("JSON.stringify([location.href, document.title, document.getElementById('boot-status')?.textContent,"
                              " document.body?.dataset])")
            raise AssertionError(f"{exc}: {state}") from None
        error = self.b.js("document.body.dataset.bootError ? document.getElementById('boot-error-text').textContent : ''")
        assert not error, f"{self.b.name}: boot failed: {error}"
        self.b.wait("document.body.dataset.games === '1' && document.body.dataset.play === '1'", 60,
                    "the saved games and the Play panel are up")

    def center(self, selector: str) -> tuple[float, float]:
        r = self.b.js(f"(() => {{ const e = document.querySelector({selector!r}); if (!e) return null;"
                      " e.scrollIntoView({block: 'nearest'}); const r = e.getBoundingClientRect();"
                      " return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        assert r, f"{self.b.name}: nothing matches {selector}"
        return float(r[0]), float(r[1])

    def tap(self, selector: str) -> None:
        self.b.tap(*self.center(selector))

    def click(self, selector: str) -> None:
        assert self.b.js(f"(() => {{ const e = document.querySelector({selector!r}); if (e) e.click();"
                         " return !!e; })()"), f"{self.b.name}: nothing matches {selector}"

    def actions(self) -> int:
        return int(self.b.js("Number(document.body.dataset.actions || 0)"))

    def log_text(self) -> str:
        return str(self.b.js("document.getElementById('log-list').textContent"))

    def shot(self, name: str) -> bytes:
        png = self.b.screenshot()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / f"{self.b.name}-{name}.png").write_bytes(png)
        return png


def sharpness(png: bytes, box: tuple[int, int, int, int]) -> float:
    """Mean edge strength of the screenshot inside ``box``: a blurred map scores about half."""
    from PIL import Image, ImageFilter, ImageStat

    im = Image.open(io.BytesIO(png)).convert("L").crop(box)
    return float(ImageStat.Stat(im.filter(ImageFilter.FIND_EDGES)).mean[0])


@pytest.fixture(scope="class")
def tablet(request: Any) -> Iterator[Tablet]:
    if not (BUNDLE / "sw.js").is_file():
        pytest.fail("build/bundle/ is missing: run `python build.py test` (it builds the bundle)")
    server = BundleServer(BUNDLE, port=0).start()
    browser = launch(request.cls.engine)
    tablet = Tablet(browser, server)
    try:
        yield tablet
    finally:
        if tablet.starts:  # read by tools/layers.py run_engines: each engine's starts side by side
            if browser.options:
                tablet.starts["options"] = browser.options
            STARTS.mkdir(parents=True, exist_ok=True)
            (STARTS / f"{request.cls.engine}.json").write_text(json.dumps(tablet.starts))
        browser.close()
        tablet.server.shutdown()  # (the steps may have replaced it: offline, then online again)
        tablet.server.server_close()

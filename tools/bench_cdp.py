"""Chromium for the start-up bench, driven over a bare DevTools pipe with only what the bench needs.

Playwright enables the `Runtime` domain (and `Network`, `Log`) in every page and worker it drives.
With `Runtime` on, V8 captures a detailed stack trace (up to 200 frames, with line and column) at
every JavaScript `throw` and `new Error`, caught or not, so that DevTools could show it if it went
uncaught; Emscripten's file system throws its `ErrnoError` for every path it looks up that does not
exist, from inside Pyodide's 1.25 MB module function, so the first such throw makes V8 reparse that
function for its source positions (`V8.CollectSourcePositions`: ~27 ms of CPU, 60-340 ms of
wall clock on a loaded machine), and every later one walks the whole stack again. A player's browser has no DevTools session: it pays none of it
(docs/web.md, "The warm start, looked into"). So the bench's visits attach to the page over
`--remote-debugging-pipe` and send only `Page` (the ready probe, as an init script), `Emulation`
(Playwright's viewport and touch), `Runtime.evaluate` (reading the page's own figures; it needs no
`Runtime.enable`) and, for the offline visit, `Network.emulateNetworkConditions`.

Standard library only: the pipe's messages are JSON, each ended by a NUL byte.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import time
from pathlib import Path
from typing import Any


#: What Playwright adds to a headless Chromium's command line (its `chromiumSwitches` and headless
#: settings, playwright 1.5x), so that a start driven here differs from one driven by Playwright
#: only in the DevTools domains enabled: no extensions or field trials, no background throttling,
#: no paint holding, a touch pointer for CSS.
PLAYWRIGHT_SWITCHES = [
    "--disable-field-trial-config", "--disable-background-networking",
    "--disable-background-timer-throttling", "--disable-backgrounding-occluded-windows",
    "--disable-back-forward-cache", "--disable-breakpad",
    "--disable-component-extensions-with-background-pages", "--disable-component-update",
    "--no-default-browser-check", "--disable-default-apps", "--disable-dev-shm-usage",
    "--disable-extensions",
    "--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,"
    "HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,"
    "ThirdPartyStoragePartitioning,AvoidCorsURLLoaderRestartOnRedirect,OptimizationHints,"
    "NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch",
    "--allow-pre-commit-input", "--disable-hang-monitor", "--disable-ipc-flooding-protection",
    "--disable-popup-blocking", "--disable-prompt-on-repost", "--disable-renderer-backgrounding",
    "--force-color-profile=srgb", "--metrics-recording-only", "--no-first-run",
    "--password-store=basic", "--use-mock-keychain", "--no-service-autorun",
    "--disable-search-engine-choice-screen", "--disable-stack-profiler", "--disable-sync",
    "--hide-scrollbars", "--mute-audio",
    "--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4",
]


#: What a fresh browser's own interface warms up while its first page loads (Chromium 15x, headless
#: too): the omnibox popup as a WebUI page (its AI-mode "composebox" included), preloaded in a
#: renderer of its own. In a bench visit that renderer was busy 0.25-0.7 s of CPU during the
#: page's start, on two cores, for the app and the bare page alike. A player opens the app in a
#: browser already running (or on a tablet, where there is no such popup), so the bench turns them
#: off, as Playwright's own list turns off `AimEnabled` and `LensOverlay` (docs/web.md,
#: "The browser's own start, kept out").
BROWSER_UI_FEATURES = ["PreloadTopChromeWebUI", "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]


def disable_features_switch() -> str:
    """One `--disable-features` switch: Playwright's list and BROWSER_UI_FEATURES. Chromium reads
    the last such switch on its command line, so this one goes after PLAYWRIGHT_SWITCHES (and
    after Playwright's own, where Playwright launches the browser)."""
    (playwright,) = [a for a in PLAYWRIGHT_SWITCHES if a.startswith("--disable-features=")]
    return playwright + "," + ",".join(BROWSER_UI_FEATURES)


class BrowserFailed(RuntimeError):
    """The browser or its page crashed, closed, or did not answer in time."""


class RawChromium:
    """One browser on a persistent profile, its first tab attached over the pipe (flat session)."""

    def __init__(self, executable: str, args: list[str], profile: Path, width: int = 1024,
                 height: int = 768, touch: bool = True) -> None:
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()

        def fds() -> None:  # the browser reads commands on fd 3 and answers on fd 4
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self.proc = subprocess.Popen(
            [executable, *PLAYWRIGHT_SWITCHES, *args, "--remote-debugging-pipe", f"--user-data-dir={profile}",
             f"--window-size={width},{height}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=fds, pass_fds=(3, 4), start_new_session=True)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buf = b""
        self._next = 0
        self.events: list[dict[str, Any]] = []
        self.session = ""
        try:
            self.session = self._attach()
            self.send("Page.enable")  # (the init script below runs only in a page with Page on)
            self.send("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
            if touch:
                self.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        except BaseException:
            self.close()
            raise

    def _attach(self) -> str:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            targets = self.send("Target.getTargets", session=None)["targetInfos"]
            pages = [t for t in targets if t["type"] == "page"]
            if pages:
                got = self.send("Target.attachToTarget", {"targetId": pages[0]["targetId"], "flatten": True},
                                session=None)
                return str(got["sessionId"])
            time.sleep(0.05)
        raise BrowserFailed("no tab to attach to")

    def _read(self, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while b"\0" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserFailed("the browser did not answer in time")
            ready, _, _ = select.select([self._from_chrome], [], [], left)
            if ready:
                chunk = os.read(self._from_chrome, 1 << 20)
                if not chunk:
                    raise BrowserFailed("the browser closed its pipe (crashed?)")
                self._buf += chunk
        raw, self._buf = self._buf.split(b"\0", 1)
        message: dict[str, Any] = json.loads(raw)
        return message

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = "",
             timeout: float = 60) -> dict[str, Any]:
        """One command (to the page's session unless `session=None`: the browser), its result."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        sid = self.session if session == "" else session
        if sid:
            message["sessionId"] = sid
        data = json.dumps(message).encode() + b"\0"
        try:
            while data:
                data = data[os.write(self._to_chrome, data):]
        except OSError as exc:
            raise BrowserFailed(f"the browser closed its pipe ({exc})") from exc
        while True:
            got = self._read(timeout)
            if got.get("id") == self._next:
                if "error" in got:
                    raise BrowserFailed(f"{method}: {got['error'].get('message')}")
                result: dict[str, Any] = got.get("result", {})
                return result
            if got.get("method") in ("Inspector.targetCrashed", "Target.detachedFromTarget"):
                raise BrowserFailed(f"the page went away ({got['method']})")
            self.events.append(got)

    def evaluate(self, expression: str, timeout: float = 60) -> Any:
        """The value of a JavaScript expression in the page (awaited if a promise)."""
        got = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                             "awaitPromise": True}, timeout=timeout)
        if "exceptionDetails" in got:
            raise BrowserFailed(f"{expression[:60]}: {got['exceptionDetails'].get('text')}")
        return got["result"].get("value")

    def wait_for(self, expression: str, timeout: float, poll: float = 0.05) -> Any:
        """Poll until the expression is truthy; its value (BrowserFailed past the timeout)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.evaluate(expression)
            except BrowserFailed as exc:  # asked while the page navigated: ask the new one
                if not any(w in str(exc) for w in ("context", "navigated")) or time.monotonic() > deadline:
                    raise
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise BrowserFailed(f"timed out waiting for {expression[:80]}")
            time.sleep(poll)

    def close(self) -> None:
        try:
            if self.proc.poll() is None:
                try:
                    self.send("Browser.close", session=None, timeout=10)
                except (BrowserFailed, OSError, ValueError):
                    pass
                try:
                    self.proc.wait(10)
                except subprocess.TimeoutExpired:
                    os.killpg(self.proc.pid, signal.SIGKILL)
                    self.proc.wait()
        finally:
            for fd in (self._to_chrome, self._from_chrome):
                try:
                    os.close(fd)
                except OSError:
                    pass

    def __enter__(self) -> "RawChromium":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

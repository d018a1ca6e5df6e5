"""Two small browser drivers with one interface, for the cross-engine layer (docs/web.md).

- :class:`Firefox`: Debian's ``firefox-esr``, headless, driven over WebDriver BiDi (its own
  WebSocket endpoint, no geckodriver). Its Marionette port is opened too, with system access,
  for the one thing no WebDriver standard offers: the browser's own offline state
  (``Services.io.offline``), which is what Firefox sets when the device has no network.
- :class:`WebKit`: Debian's ``webkit2gtk-driver`` (WebKitWebDriver, W3C WebDriver over HTTP)
  starting WebKitGTK's MiniBrowser, under ``xvfb-run``.
- :class:`Chromium`: Debian's Chromium through Playwright, for its start-up figures beside theirs.

Both: ``goto``, ``reload``, ``js`` (an expression, awaited), ``tap`` (a touch pointer),
``screenshot`` (PNG bytes), ``close``. Standard library and ``websockets`` only (Chromium:
Playwright, as in e2e/).
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from contextlib import ExitStack
from pathlib import Path
from typing import Any

FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
XVFB_RUN = "/usr/bin/xvfb-run"
VIEWPORT = (1024, 768)


class DriverError(RuntimeError):
    """The browser or its driver refused a command or did not start."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_port(port: int, proc: subprocess.Popen[Any], seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise DriverError(f"the browser exited (code {proc.returncode}) before listening")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise DriverError(f"nothing listens on port {port} after {seconds:.0f} s")


#: The longest a wait stays in the page before it answers the driver (false, then asked again).
WAIT_CHUNK_MS = 5000
#: The page's side of Browser.wait: EXPRESSION (awaited) every 100 ms until truthy or CHUNK ms
#: have passed; its value, or null. An exception in EXPRESSION fails the wait, as a js() call does.
IN_PAGE_WAIT = """new Promise((done, fail) => {
  const until = performance.now() + CHUNK;
  const check = async () => {
    let value;
    try { value = await (EXPRESSION); } catch (e) { fail(e); return; }
    if (value) done(value); else if (performance.now() >= until) done(null); else setTimeout(check, 100);
  };
  check();
})"""


class Browser:
    name = ""
    options = ""  # how this engine was set up unlike a stock one (for the layer's table)

    def js(self, expression: str) -> Any:  # pragma: no cover - interface
        raise NotImplementedError

    def wait(self, expression: str, seconds: float = 60, what: str = "") -> Any:
        """Until ``expression`` is truthy; its value. The page checks it every 100 ms itself, for up
        to WAIT_CHUNK_MS a call: a round trip through the driver, the browser and this process every
        few seconds, not ten a second (docs/web.md, "Other engines")."""
        end = time.monotonic() + seconds
        while True:
            chunk = max(0, min(WAIT_CHUNK_MS, round((end - time.monotonic()) * 1000)))
            value = self.js(IN_PAGE_WAIT.replace("CHUNK", str(chunk)).replace("EXPRESSION", expression))
            if value:
                return value
            if time.monotonic() > end:
                raise AssertionError(f"{self.name}: still false after {seconds:.0f} s: {what or expression}")


# ----------------------------------------------------------------------------- Firefox

class Firefox(Browser):
    name = "firefox"

    def __init__(self) -> None:
        self.profile = tempfile.mkdtemp(prefix="airhead-firefox-")
        mport = free_port()
        prefs = {
            "marionette.port": mport,
            # offline means offline for 127.0.0.1 too (the test server stands for the network)
            "network.disable-localhost-when-offline": True,
            "network.manage-offline-status": False,
            "browser.shell.checkDefaultBrowser": False,
            "datareporting.policy.dataSubmissionEnabled": False,
            "toolkit.telemetry.reportingpolicy.firstRun": False,
            "browser.aboutwelcome.enabled": False,
            "app.update.disabledForTesting": True,
            "browser.safebrowsing.update.enabled": False,
            "extensions.update.enabled": False,
            "browser.region.network.url": "",
            "messaging-system.rsexperimentloader.enabled": False,
            "browser.backup.enabled": False,
            # no spare content process started ahead of need, then again after each use: the
            # layer opens one site (about 1 of Firefox's 14 CPU s here; its cold start then
            # includes starting the site's process, as a phone's first visit after a while does)
            "dom.ipc.processPrelaunch.enabled": False,
        }
        Path(self.profile, "user.js").write_text(
            "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in prefs.items()))
        env = {**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1", "MOZ_HEADLESS_WIDTH": str(VIEWPORT[0]),
               "MOZ_HEADLESS_HEIGHT": str(VIEWPORT[1])}
        self.proc = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", self.profile, "--marionette",
             "-remote-allow-system-access", "--remote-debugging-port=0", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
        self.log: list[str] = []
        threading.Thread(target=self._drain, daemon=True).start()
        wait_port(mport, self.proc)
        self._m = socket.create_connection(("127.0.0.1", mport), timeout=120)
        self._buf = b""
        self._mid = 0
        self._mread()  # the hello
        caps = self._marionette("WebDriver:NewSession", webSocketUrl=True)
        from websockets.sync.client import connect

        self._stack = ExitStack()  # websockets wants its sync connection used as a context manager
        self._ws = self._stack.enter_context(
            connect(caps["capabilities"]["webSocketUrl"], max_size=None, open_timeout=30))
        self._id = 0
        self.context = self.bidi("browsingContext.getTree")["contexts"][0]["context"]
        self.bidi("browsingContext.setViewport", context=self.context,
                  viewport={"width": VIEWPORT[0], "height": VIEWPORT[1]})

    def _drain(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.log.append(line.rstrip())
            del self.log[:-200]

    # Marionette: length-prefixed JSON over TCP ("len:[0, id, name, params]")
    def _mread(self) -> Any:
        while b":" not in self._buf:
            self._buf += self._m.recv(65536)
        size, rest = self._buf.split(b":", 1)
        while len(rest) < int(size):
            rest += self._m.recv(65536)
        self._buf = rest[int(size):]
        return json.loads(rest[:int(size)])

    def _marionette(self, name: str, **params: Any) -> Any:
        self._mid += 1
        data = json.dumps([0, self._mid, name, params]).encode()
        self._m.sendall(str(len(data)).encode() + b":" + data)
        while True:
            reply = self._mread()
            if reply[1] == self._mid:
                break
        if reply[2]:
            raise DriverError(f"firefox {name}: {reply[2].get('message', reply[2])}")
        return reply[3]

    def bidi(self, method: str, **params: Any) -> Any:
        self._id += 1
        self._ws.send(json.dumps({"id": self._id, "method": method, "params": params}))
        while True:
            msg = json.loads(self._ws.recv(timeout=180))
            if msg.get("id") == self._id:
                break
        if msg.get("type") == "error":
            raise DriverError(f"firefox {method}: {msg.get('error')}: {msg.get('message')}")
        return msg["result"]

    def goto(self, url: str) -> None:
        try:
            self.bidi("browsingContext.navigate", context=self.context, url=url, wait="complete")
        except DriverError as exc:  # an error page is a page too: the test looks at it
            if "NS_ERROR" not in str(exc) and "unknown error" not in str(exc):
                raise

    def reload(self) -> None:
        try:
            self.bidi("browsingContext.reload", context=self.context, wait="complete")
        except DriverError as exc:
            if "NS_ERROR" not in str(exc) and "unknown error" not in str(exc):
                raise

    def js(self, expression: str) -> Any:
        # as JSON text: BiDi's own serialisation of objects is typed, node by node
        result = self.bidi("script.evaluate", expression=f"(async () => JSON.stringify(await ({expression})))()",
                           target={"context": self.context}, awaitPromise=True)
        if result.get("type") == "exception":
            raise DriverError(f"firefox: {result['exceptionDetails'].get('text')}")
        value = result["result"]
        return json.loads(value["value"]) if value.get("type") == "string" else None

    def set_offline(self, offline: bool) -> None:
        """The browser's own offline state, as when the device has no network."""
        self._marionette("Marionette:SetContext", value="chrome")
        try:
            self._marionette("WebDriver:ExecuteScript", args=[offline],
                             script="Services.io.offline = arguments[0]; return Services.io.offline;")
        finally:
            self._marionette("Marionette:SetContext", value="content")

    def tap(self, x: float, y: float) -> None:
        self.bidi("input.performActions", context=self.context, actions=[{
            "type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"},
            "actions": [{"type": "pointerMove", "x": round(x), "y": round(y)},
                        {"type": "pointerDown", "button": 0}, {"type": "pause", "duration": 50},
                        {"type": "pointerUp", "button": 0}]}])

    def screenshot(self) -> bytes:
        data = self.bidi("browsingContext.captureScreenshot", context=self.context)["data"]
        return base64.b64decode(data)

    def close(self) -> None:
        try:
            self._stack.close()
            self._m.close()
        except OSError:
            pass
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


# ----------------------------------------------------------------------------- WebKitGTK

#: JavaScriptCore's options for the layer's WebKit (the environment's own JSC_* win: run with
#: ``JSC_useOMGJIT=true`` for the stock engine). OMG is the optimising tier of WebKit's wasm: it
#: recompiles CPython's hottest functions (its eval loop is huge) in the background on every start
#: and in the snapshot's worker, 10-15 of the layer's 30 CPU s in WebKit for code a start uses for
#: seconds. Without it wasm runs in WebKit's interpreter and baseline compiler, as the same
#: semantics; the figures the layer prints say so (docs/web.md, "Other engines").
WEBKIT_JSC_OPTIONS = {"JSC_useOMGJIT": "false"}


class WebKit(Browser):
    name = "webkit"

    def __init__(self, features: str = "") -> None:
        port = free_port()
        self.proc = subprocess.Popen(
            [XVFB_RUN, "-a", "-s", f"-screen 0 {VIEWPORT[0] + 256}x{VIEWPORT[1] + 256}x24",
             WEBKIT_DRIVER, f"--port={port}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
            env={**WEBKIT_JSC_OPTIONS, **os.environ})
        self.options = " ".join(f"{k}={os.environ.get(k, v)}" for k, v in WEBKIT_JSC_OPTIONS.items())
        self.base = f"http://127.0.0.1:{port}"
        self.s = ""  # /session/<id> once there is one
        wait_port(port, self.proc)
        caps = {"webkitgtk:browserOptions": {"binary": MINIBROWSER, "args": ["--automation"] + ([f"--features={features}"] if features else [])}}
        self.session = self._call("POST", "/session", {"capabilities": {"alwaysMatch": caps}})["sessionId"]
        self.s = f"/session/{self.session}"
        self._call("POST", self.s + "/timeouts", {"script": 120_000, "pageLoad": 120_000})
        self.resize(*VIEWPORT)

    def _call(self, method: str, path: str, body: Any = None) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=180) as f:
                return json.loads(f.read())["value"]
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode(errors="replace")[:500]
            raise DriverError(f"webkit {method} {path.replace(self.s, '') if self.s else path}: {detail}") from None

    def resize(self, width: int, height: int) -> None:
        """A viewport of width x height (the window's chrome added)."""
        self._call("POST", self.s + "/window/rect", {"width": width, "height": height})
        inner = self.js("[innerWidth, innerHeight]")
        self._call("POST", self.s + "/window/rect",
                   {"width": 2 * width - inner[0], "height": 2 * height - inner[1]})

    def goto(self, url: str) -> None:
        self._call("POST", self.s + "/url", {"url": url})

    def reload(self) -> None:
        self._call("POST", self.s + "/refresh", {})

    def js(self, expression: str) -> Any:
        script = ("const done = arguments[arguments.length - 1];"
                  f"(async () => ({expression}))().then((v) => done({{v: v === undefined ? null : v}}),"
                  " (e) => done({e: String(e && e.stack || e)}));")
        out = self._call("POST", self.s + "/execute/async", {"script": script, "args": []})
        if out is None:
            return None
        if "e" in out:
            raise DriverError(f"webkit: {out['e']}")
        return out["v"]

    def tap(self, x: float, y: float) -> None:
        self._call("POST", self.s + "/actions", {"actions": [{
            "type": "pointer", "id": "finger", "parameters": {"pointerType": "touch"},
            "actions": [{"type": "pointerMove", "x": round(x), "y": round(y)},
                        {"type": "pointerDown", "button": 0}, {"type": "pause", "duration": 50},
                        {"type": "pointerUp", "button": 0}]}]})
        self._call("DELETE", self.s + "/actions")

    def screenshot(self) -> bytes:
        return base64.b64decode(self._call("GET", self.s + "/screenshot"))

    def close(self) -> None:
        try:
            self._call("DELETE", self.s)
        except (DriverError, OSError):
            pass
        try:
            os.killpg(self.proc.pid, 15)
        except ProcessLookupError:
            pass
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, 9)


# ----------------------------------------------------------------------------- Chromium

CHROMIUM = "/usr/bin/chromium"


class Chromium(Browser):
    """Debian's Chromium through Playwright, headless, on a persistent profile of its own (as a
    device keeps V8's code cache): the reference the other engines' start-up figures stand beside."""

    name = "chromium"

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        self._dir = tempfile.mkdtemp(prefix="airhead-chromium-")
        self._pw = sync_playwright().start()
        self.context = self._pw.chromium.launch_persistent_context(
            self._dir, executable_path=CHROMIUM, headless=True, has_touch=True,
            viewport={"width": VIEWPORT[0], "height": VIEWPORT[1]}, args=["--no-sandbox"])
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def js(self, expression: str) -> Any:
        return self.page.evaluate(f"async () => ({expression})")

    def set_offline(self, offline: bool) -> None:
        self.context.set_offline(offline)

    def tap(self, x: float, y: float) -> None:
        self.page.touchscreen.tap(x, y)

    def screenshot(self) -> bytes:
        return bytes(self.page.screenshot())

    def close(self) -> None:
        try:
            self.context.close()
            self._pw.stop()
        finally:
            shutil.rmtree(self._dir, ignore_errors=True)

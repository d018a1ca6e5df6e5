"""Every file the benchmark's pages ask for is in the built bundle (static, no browser): the app's
page and its variants in `tools/bench.py` `PAGES` (the bare PyScript page and the micropip page
live in bench/, so a URL resolved against the wrong base is a 404 there that only the bench would
show: bench/app/first-map.svg once stopped the start-up bench after one round).

Each page's HTML is read for what it loads (scripts, module preloads, styles, the PyScript
config, the head script's files); each module script, and each module it imports, for the
relative URLs it names: `import`, `import()`, `new URL(x, import.meta.url)` and the template
URLs built on such a base (`${INDEX_URL}pyodide.asm.mjs`); the PyScript config for its
interpreter, packages and files; and Pyodide's own files beside its loader (with the lock file's
wheels where a config lists packages: micropip). URLs are resolved as
the browser does (a module's against the module, the page's against the page), and each must be
a file of the bundle."""

from __future__ import annotations

import json
import re
from typing import Any
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from tools.bench import PAGES

ORIGIN = "http://bench.test/"
# Pyodide's loader fetches these beside itself (its indexURL): the runtime, the lock file, and
# the standard library when no stdLibURL is given (the bare page).
PYODIDE_OWN = ("pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
RELATIVE = r"""["'`](\.{1,2}/[^"'`$\s]*)["'`]"""


class _Page(HTMLParser):
    """What a page loads: (url, kind) with kind "module", "script", "other" or "config"."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[tuple[str, str]] = []
        self.inline: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "script":
            self._in_script = not a.get("src") and a.get("type", "") in ("", "text/javascript")
            if a.get("src"):
                self.loads.append((a["src"], "module" if a.get("type") == "module" else "script"))
            if a.get("config"):
                self.loads.append((a["config"], "config"))
        elif tag == "link" and a.get("href") and a.get("rel") in ("modulepreload", "stylesheet"):
            self.loads.append((a["href"], "module" if a["rel"] == "modulepreload" else "other"))

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.inline.append(data)


def _path(bundle: Path, url: str) -> Path:
    return bundle / urlsplit(url).path.removeprefix(urlsplit(ORIGIN).path)


def _module_urls(text: str, url: str) -> list[tuple[str, bool]]:
    """(absolute URL, is a module to crawl) for each relative URL a module names."""
    found: list[tuple[str, bool]] = []
    for spec in re.findall(r"""(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}/[^"']+)["']""", text):
        found.append((urljoin(url, spec), True))
    for spec in re.findall(r"""new URL\(\s*["'](\.{1,2}/[^"']*)["']\s*,\s*import\.meta\.url\s*\)""", text):
        if not spec.endswith("/"):
            found.append((urljoin(url, spec), spec.endswith((".js", ".mjs"))))
    # const NAME = new URL("./dir/", import.meta.url).href; ... `${NAME}file`
    for name, base in re.findall(r"""const (\w+) = new URL\(\s*["'](\.{1,2}/[^"']*/)["']\s*,\s*import\.meta\.url\s*\)\.href""", text):
        for rest in re.findall(r"\$\{" + name + r"\}([\w.\-]+)", text):
            found.append((urljoin(urljoin(url, base), rest), rest.endswith((".js", ".mjs"))))
    return found


def page_loads(bundle: Path, page: str) -> dict[str, str]:
    """Every URL `page` (a path with its query, as in PAGES) loads, to what named it."""
    page_url = urljoin(ORIGIN, page)
    query = urlsplit(page_url).query
    parser = _Page()
    parser.feed(_path(bundle, page_url).read_text(encoding="utf-8"))
    loads: dict[str, str] = {}
    todo: list[str] = []
    packages = False

    def add(url: str, why: str, crawl: bool = False) -> None:
        if url not in loads:
            loads[url] = why
            if crawl:
                todo.append(url)

    for src, kind in parser.loads:
        url = urljoin(page_url, src)
        add(url, f"{page}: <{kind}>", crawl=kind == "module")
        if kind == "config":
            config = json.loads(_path(bundle, url).read_text(encoding="utf-8"))
            # PyScript resolves these against the page
            if config.get("interpreter"):
                add(urljoin(page_url, config["interpreter"]), f"{src}: interpreter", crawl=True)
            packages = packages or bool(config.get("packages"))
            for entry in [*config.get("packages", []), *config.get("files", {})]:
                if entry.startswith("."):
                    add(urljoin(page_url, entry), f"{src}: packages/files")
    for text in parser.inline:
        for spec in re.findall(RELATIVE, text):
            add(urljoin(page_url, spec), f"{page}: inline script")
    while todo:
        url = todo.pop()
        if not _path(bundle, url).is_file():
            continue  # reported below
        text = _path(bundle, url).read_text(encoding="utf-8")
        name = url.rsplit("/", 1)[-1]
        for target, crawl in _module_urls(text, url):
            add(target, name, crawl=crawl)
        if name == "pyodide.mjs":
            for own in PYODIDE_OWN:
                add(urljoin(url, own), "pyodide.mjs (its indexURL)")
            lock = _path(bundle, urljoin(url, "pyodide-lock.json"))
            if packages and lock.is_file():  # micropip, loaded by name from the lock file
                for entry in json.loads(lock.read_text(encoding="utf-8")).get("packages", {}).values():
                    add(urljoin(url, entry["file_name"]), "pyodide-lock.json (a config's packages)")
            if "stdLibURL" not in json.dumps([_path(bundle, u).read_text(encoding="utf-8")
                                              for u in loads if u.endswith(".mjs") and "pyodide/" not in u
                                              and _path(bundle, u).is_file()]):
                add(urljoin(url, "python_stdlib.zip"), "pyodide.mjs (no stdLibURL given)")
        # a plain string given to fetch() is resolved against the page, not the module
        for spec in re.findall(r"""\bfetch\(\s*["'](\.{1,2}/[^"']+)["']""", text):
            add(urljoin(page_url, spec), f"{name}: fetch() against the page")
        # boot.js registers the service worker against the page, unless the page says ?nosw
        if name == "boot.js" and "nosw" not in query:
            for spec in re.findall(r"""serviceWorker\.register\(\s*["'](\.{1,2}/[^"']+)["']""", text):
                add(urljoin(page_url, spec), "boot.js: service worker")
    return loads


@pytest.mark.parametrize("name", list(PAGES), ids=lambda n: n.replace(" ", "-").replace(",", ""))
def test_every_url_a_bench_page_loads_is_in_the_bundle(bundle: Path, name: str) -> None:
    loads = page_loads(bundle, PAGES[name])
    missing = [f"{urlsplit(u).path} (named by {why})" for u, why in sorted(loads.items())
               if urlsplit(u).netloc != urlsplit(ORIGIN).netloc or not _path(bundle, u).is_file()]
    assert not missing, f"{name} ({PAGES[name]}) would ask for files the bundle lacks: {missing}"
    # the checker itself sees the files each page is known to load
    paths = {urlsplit(u).path.lstrip("/") for u in loads}
    assert {"pyscript/core.js", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm"} <= paths, sorted(paths)
    if PAGES[name].startswith("index.html") or "micropip" in name:
        assert {"boot.js", "app/first-map.svg"} <= paths, sorted(paths)
        assert "app/main.py" not in paths, "the page's one line is in index.html, not a file PyScript fetches"
    if PAGES[name].startswith("index.html"):
        assert {"snapshot.mjs", "snapshot-worker.mjs", "pyodide/python_stdlib_app.zip"} <= paths, sorted(paths)


def test_a_url_against_the_wrong_base_is_found(bundle: Path, tmp_path: Path) -> None:
    """The check finds the fault it is for: boot.js fetching the first map against the page (as it
    once did), which from bench/micropip.html is bench/app/first-map.svg, not in the bundle."""
    boot = (bundle / "boot.js").read_text(encoding="utf-8")
    right = 'fetch(new URL("./app/first-map.svg", import.meta.url))'
    assert right in boot
    for f in bundle.iterdir():  # the bundle, linked in, with that one line changed
        if f.name != "boot.js":
            (tmp_path / f.name).symlink_to(f)
    (tmp_path / "boot.js").write_text(boot.replace(right, 'fetch("./app/first-map.svg")'), encoding="utf-8")
    page = PAGES["app, wheel via micropip"]
    assert urljoin(ORIGIN, "app/first-map.svg") in page_loads(bundle, page)
    faulty = page_loads(tmp_path, page)
    assert urljoin(ORIGIN, "bench/app/first-map.svg") in faulty
    assert not _path(tmp_path, urljoin(ORIGIN, "bench/app/first-map.svg")).is_file()


def test_the_bench_driver_starts_a_page_and_reads_its_figures(server: Any, tmp_path: Path) -> None:
    """tools/bench_cdp.py, the start-up bench's driver (a bare DevTools pipe, no Runtime.enable),
    still attaches, runs the ready probe, navigates, reads the page's own figures and closes: a
    Chromium whose pipe protocol changed would stop the bench here first. Nothing timed."""
    from tools.bench import ARGS, CHROMIUM, READY_PROBE
    from tools.bench_cdp import RawChromium

    with RawChromium(CHROMIUM, ARGS, tmp_path / "profile") as browser:
        browser.send("Page.addScriptToEvaluateOnNewDocument", {"source": READY_PROBE})
        browser.send("Page.navigate", {"url": server.url + PAGES["bare PyScript"]})
        browser.wait_for("window.__readyAt !== undefined", 120)
        assert browser.evaluate("typeof window.__readyAt") == "number"
        assert browser.evaluate("document.body.dataset.ready") == "1"
        assert browser.evaluate("matchMedia('(pointer: coarse)').matches")  # Playwright's touch pointer
        assert browser.evaluate("[innerWidth, innerHeight]") == [1024, 768]
        browser.send("HeapProfiler.enable")
        assert browser.send("Runtime.getHeapUsage")["usedSize"] > 0
    assert browser.proc.poll() is not None  # closed

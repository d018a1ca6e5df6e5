"""e2e fixtures: the built bundle served on 127.0.0.1 (a free port), Debian's Chromium.

`python build.py test` builds build/bundle/ before running these tests; run them alone with
`.venv/bin/pytest e2e` after a build. Screenshots go to e2e/artifacts/ (ignored by git).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.devserver import BundleServer  # noqa: E402

BUNDLE = ROOT / "build" / "bundle"
ARTIFACTS = ROOT / "e2e" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
# Without the background-networking flags Chromium floods the closed network with requests.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
BOOT_TIMEOUT = 60_000  # ms; a cold boot takes ~3-5 s on a 2-core machine
TABLET = {"width": 1024, "height": 768}


@pytest.fixture(scope="session")
def bundle() -> Path:
    if not (BUNDLE / "sw.js").is_file():
        pytest.fail("build/bundle/ is missing: run `python build.py test` (it builds the bundle)")
    return BUNDLE


@pytest.fixture(scope="session")
def precache(bundle: Path) -> dict[str, Any]:
    return json.loads((bundle / "precache.json").read_text())


@pytest.fixture(scope="session")
def server(bundle: Path) -> Iterator[BundleServer]:
    srv = BundleServer(bundle, port=0).start()
    yield srv
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="session")
def base_url(server: BundleServer) -> str:  # pytest-base-url style: page.goto("/") works
    return server.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any], base_url: str) -> dict[str, Any]:
    return {**browser_context_args, "viewport": TABLET, "has_touch": True, "base_url": base_url}


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def wait_ready(page: Any) -> None:
    page.wait_for_selector("body[data-ready='1'], body[data-boot-error='1']", state="attached",
                           timeout=BOOT_TIMEOUT)
    error = page.evaluate("document.body.dataset.bootError ? "
                          "document.getElementById('boot-error-text').textContent : ''")
    assert not error, f"boot failed: {error}"


# ---- helpers the tests share (imported from conftest like wait_ready)
def hex_center(page: Any, name: str) -> tuple[float, float]:
    """Where hex ``name`` is on screen (its bounding box's centre)."""
    box = page.locator(f"#hex-{name}").bounding_box()
    assert box, f"hex {name} is not rendered"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def actions(page: Any) -> int:
    """How many actions the game on screen has (``<body data-actions>``)."""
    return int(page.evaluate("document.body.dataset.actions || '0'"))


def open_play(page: Any, scenario: str = "") -> None:
    """Boot the app (on a built-in scenario if given) and open the Play tab."""
    page.goto(f"/?scenario={scenario}" if scenario else "/")
    wait_ready(page)
    page.wait_for_selector("body[data-play='1']", state="attached")
    page.locator("#tab-play").tap()


@pytest.fixture
def no_page_errors(page: Any) -> Iterator[list[str]]:
    """Fail the test if the page raised an uncaught error (a Python traceback over the page)."""
    items: list[str] = []
    page.on("pageerror", lambda e: items.append(str(e)[:2000]))
    yield items
    assert not items, "uncaught errors in the page:\n" + "\n".join(items)

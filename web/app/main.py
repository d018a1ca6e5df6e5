"""Airhead's page: draws the default scenario's map and shows a tapped hex's terrain.

Views only: every fact comes from the core (``airhead``); this file wires it to the page.
Its last start-up step sets ``<body data-ready="1">``, which the e2e tests wait for.
"""

from pyodide.ffi import create_proxy
from pyscript import document, window

boot = window.airheadBoot
boot.stage("Drawing the map…", 90)

from airhead.scenario import builtin  # noqa: E402 - after the progress message on purpose
from airhead.svg import render_map  # noqa: E402

from details import details_html  # noqa: E402
from mapview import MapView  # noqa: E402

scenario = builtin("default")
document.getElementById("scenario-name").textContent = scenario.name
document.title = f"Airhead: {scenario.name}"
info = document.getElementById("info")


def show_hex(name: str) -> None:
    view.select(name)
    info.innerHTML = details_html(scenario, name)
    document.body.dataset.selected = name


view = MapView(document.getElementById("map"), render_map(scenario), show_hex)

for button_id, action in (
    ("zoom-in", lambda ev: view.zoom_center(1.4)),
    ("zoom-out", lambda ev: view.zoom_center(1 / 1.4)),
    ("zoom-fit", lambda ev: view.fit()),
):
    document.getElementById(button_id).addEventListener("click", create_proxy(action))

if "selfcheck" in str(window.location.search):
    # e2e: prove the trimmed standard library still imports every core module in the browser
    import importlib
    import pkgutil

    import airhead

    for mod in pkgutil.walk_packages(airhead.__path__, "airhead."):
        importlib.import_module(mod.name)
    document.body.dataset.selfcheck = "ok"

document.body.dataset.ready = "1"
boot.ready()

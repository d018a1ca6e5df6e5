"""What the hex info panel says about a hex: plain data and HTML, computed by the core.

No browser imports: this module only asks the core (``airhead``) and formats its answers, so
it runs the same on CPython and in Pyodide.
"""

from __future__ import annotations

import html

from airhead.counters import Counters
from airhead.hexes import DIRECTION_NAMES
from airhead.scenario import Scenario
from airhead.systems import get


def _level(v: float) -> str:
    return f"{v:g}"


def hex_details(scenario: Scenario, name: str) -> dict[str, object]:
    """Name, terrain label and the terrain facts of hex ``name`` (raises ValueError if unknown)."""
    h = scenario.map.parse(name)
    t = scenario.terrain.at(h)
    types = get(scenario.system).terrain_types
    tt = types.get(t.terrain)
    rows: list[tuple[str, str]] = [
        ("Terrain", tt.label if tt else t.terrain),
        ("Level", _level(t.base_level)),
        ("Obstacle", f"+{_level(t.obstacle)} (top {_level(t.top)})" if t.obstacle else "none"),
    ]
    if t.water is not None:
        w = t.water.kind + (", fordable" if t.water.fordable else "") + (", frozen" if t.water.frozen else "")
        rows.append(("Water", w))
    if t.bridge is not None:
        axis = ("N–S", "NE–SW", "SE–NW")[t.bridge.axis]
        rows.append(("Bridge", ("foot bridge" if t.bridge.foot else "bridge") + f", {axis}"))
    if t.blaze is not None:
        rows.append(("Blaze", f"+{_level(t.blaze)}"))
    if t.minefield:
        rows.append(("Minefield", str(t.minefield)))
    for flag, label in ((t.shellholes, "Shellholes"), (t.trench, "Trench"), (t.smoke, "Smoke")):
        if flag:
            rows.append((label, "yes"))
    if t.occupants:
        rows.append(("Occupants", ", ".join(t.occupants)))
    if t.label:
        rows.append(("Label", t.label))
    reading = ""
    if getattr(scenario, "boards", None):  # a map on imported boards: the board reader comes in only then
        from airhead.vasl.library import hex_reading

        reading = hex_reading(scenario, h)
    if reading:
        rows.append(("From the board", reading))
    sides = []
    for d, dname in enumerate(DIRECTION_NAMES):
        feats = scenario.terrain.side(h, d)
        if feats:
            sides.append(f"{dname}: {', '.join(sorted(f.replace('_', ' ') for f in feats))}")
    return {"name": scenario.map.name(h), "terrain": t.terrain, "rows": rows, "sides": sides}


def counters_here(scenario: Scenario, counters: Counters | None, name: str) -> list[str]:
    """One line per unit and marker in hex ``name``: its name, kind, side and status."""
    if counters is None:
        return []
    h = scenario.map.parse(name)
    out = []
    for u in counters.units_at(h):
        out.append(u.describe())
    for mk in counters.markers_at(h):
        out.append(mk.name + (f" (until the end of the {mk.expires})" if mk.expires else ""))
    return out


def details_html(scenario: Scenario, name: str, counters: Counters | None = None) -> str:
    """The info panel's markup for hex ``name`` (with the units and markers in it)."""
    d = hex_details(scenario, name)
    e = html.escape
    here = counters_here(scenario, counters, name)
    rows = "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in d["rows"])  # type: ignore[attr-defined]
    sides = d["sides"]
    side_html = (
        "<ul class='sides'>" + "".join(f"<li>{e(s)}</li>" for s in sides) + "</ul>"  # type: ignore[attr-defined]
        if sides else "none"
    )
    return (
        f"<h2 id='info-name' data-hex='{e(str(d['name']))}'>{e(str(d['name']))}</h2>"
        f"<dl>{rows}"
        f"<dt>Hexsides</dt><dd id='info-sides'>{side_html}</dd>"
        + (f"<dt>Units and markers</dt><dd id='info-counters'><ul>{''.join(f'<li>{e(x)}</li>' for x in here)}</ul></dd>" if here else "")
        + "</dl>"
    )

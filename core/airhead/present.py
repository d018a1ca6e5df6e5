"""Plain data for the views: what a page needs to show a game, computed in the core.

The browser views only draw what these functions return (JSON-able dicts and SVG strings), so
every fact on screen comes from the rules core and is tested on CPython and in Pyodide.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any, Mapping, Sequence

from .asl.gliders import AAFirer, approach, landing_drm
from .asl.gliders_odds import OUTCOME_LABELS, glider_odds, heatmap
from .boards import HexMap, HexNameError
from .game import Game
from .hexes import Hex, Layout
from .scenario import Scenario
from .terrain import Terrain

__all__ = ["prompt_view", "log_view", "last_hexes", "glider_preview", "heatmap_view", "overlay_svg", "PresentError"]


class PresentError(ValueError):
    """Bad input from a view (a hex name, a wind direction)."""


def prompt_view(game: Game) -> dict[str, Any] | None:
    """What the game waits for: ``{"kind", "rule", "label", "text", "dice": [[name, sides]],
    "options": [...]}``, or None when no procedure is under way."""
    p = game.waiting_for()
    if p is None:
        return None
    return {
        "kind": p.kind,
        "rule": p.rule,
        "label": p.label,
        "text": p.describe(),
        "dice": p.dice.to_data() if p.dice else [],
        "options": list(p.options),
    }


def log_view(game: Game) -> list[dict[str, Any]]:
    """Every logged action with its events: ``{"n", "text", "undone", "events": [{rule, kind,
    text, hexes}]}`` (text is plain text: views must insert it as text, never as markup)."""
    from .game import describe_action

    out = []
    for en in game.entries:
        out.append({
            "n": en.index + 1,
            "text": describe_action(en.action),
            "undone": en.undone,
            "events": [{"rule": e.rule, "kind": e.kind, "text": e.render(), "hexes": list(e.hexes)} for e in en.events],
        })
    return out


def last_hexes(game: Game) -> list[str]:
    """Hexes named by the last action in effect (to highlight on the map), in order."""
    seen: list[str] = []
    for en in reversed(game.entries):
        if en.undone or en.action.get("type") in ("undo", "redo"):
            continue
        for e in en.events:
            for h in e.hexes:
                if h not in seen:
                    seen.append(h)
        break
    return seen


def _hex(m: HexMap, name: str) -> Hex:
    try:
        return m.parse(name, allow_offboard=True)
    except HexNameError as e:
        raise PresentError(str(e)) from None


def glider_preview(
    scenario: Scenario,
    terrain: Terrain,
    ilh: str,
    wind: int,
    aa: Sequence[Mapping[str, Any]] = (),
    *,
    night: bool = False,
) -> dict[str, Any]:
    """A planned glider (E8): its Avenue of Approach (real and equivalent hexes), the Landing drm
    with its reasons, and the exact odds of each outcome and landing hex."""
    if not isinstance(wind, int) or not 1 <= wind <= 6:
        raise PresentError("Wind Direction must be 1..6")
    m = scenario.map
    h = _hex(m, ilh)
    appr = approach(m, h, wind)
    drm, events = landing_drm(terrain, appr)
    firers = [AAFirer.from_data(dict(a)) for a in aa]
    gusts = scenario.settings.get("weather") == "Gusty"
    odds = glider_odds(terrain, m, h, wind, aa=firers, night=night, gusts=gusts)
    return {
        "ilh": m.name(h),
        "avenue": [m.name(x) for x in appr.avenue()],
        "avenue_terrain": [m.name(x) for x in appr.avenue_terrain()],
        "drm": drm,
        "reasons": [e.render() for e in events],
        "outcomes": [{"key": k, "label": OUTCOME_LABELS[k], "p": float(v)} for k, v in odds.outcomes.items() if v],
        "landing": {m.name(x): float(p) for x, p in sorted(odds.landing.items(), key=lambda kv: -kv[1])},
        "minefield": odds.minefield,
    }


def heatmap_view(scenario: Scenario, terrain: Terrain, wind: int, *, night: bool = False) -> dict[str, float]:
    """Per hex name: the probability a glider aimed there (no Light AA) comes down on the board."""
    gusts = scenario.settings.get("weather") == "Gusty"
    m = scenario.map
    return {m.name(h): v[0] for h, v in heatmap(terrain, m, wind, night=night, gusts=gusts).items()}


def _heat_colour(p: float) -> str:
    # red (0) -> amber (0.5) -> green (1)
    p = max(0.0, min(1.0, p))
    r = int(220 if p < 0.5 else 220 - (p - 0.5) * 2 * 170)
    g = int(60 + p * 2 * 120 if p < 0.5 else 180)
    return f"#{r:02x}{g:02x}40"


def overlay_svg(
    scenario: Scenario,
    *,
    size: float = 24.0,
    marks: Mapping[str, str] | None = None,
    path: Sequence[str] = (),
    heat: Mapping[str, float] | None = None,
) -> str:
    """An SVG ``<g>`` to lay over :func:`airhead.svg.render_map` (same coordinates).

    ``marks`` outlines hexes by role (``ilh``, ``avenue``, ``landed``, ``hit`` ...: CSS classes
    ``mark-<role>``); ``path`` draws arrows from hex to hex (evasive moves, the landing);
    ``heat`` tints hexes by probability and prints it.
    """
    m = scenario.map
    lay = Layout(size)
    g = ET.Element("g", {"class": "overlay", "pointer-events": "none"})
    if heat:
        hg = ET.SubElement(g, "g", {"class": "heat"})
        for name, p in heat.items():
            h = _hex(m, name)
            pts = " ".join(f"{c.x:.1f},{c.y:.1f}" for c in lay.corners(h))
            ET.SubElement(hg, "polygon", {"points": pts, "fill": _heat_colour(p), "opacity": "0.55", "data-p": f"{p:.3f}"})
            c = lay.center(h)
            t = ET.SubElement(hg, "text", {"x": f"{c.x:.1f}", "y": f"{c.y + size * 0.12:.1f}", "font-size": f"{size * 0.32:.1f}",
                                           "text-anchor": "middle", "fill": "#111"})
            t.text = f"{round(p * 100)}"
    for name, role in (marks or {}).items():
        h = _hex(m, name)
        pts = " ".join(f"{c.x:.1f},{c.y:.1f}" for c in lay.corners(h))
        ET.SubElement(g, "polygon", {"points": pts, "class": f"mark mark-{role}", "data-hex": name, "fill": "none"})
    if len(path) >= 2:
        pg = ET.SubElement(g, "g", {"class": "path"})
        for a, b in zip(path, path[1:]):
            pa, pb = lay.center(_hex(m, a)), lay.center(_hex(m, b))
            dx, dy = pb.x - pa.x, pb.y - pa.y
            dist = math.hypot(dx, dy) or 1.0
            ux, uy = dx / dist, dy / dist
            tip = (pb.x - ux * size * 0.35, pb.y - uy * size * 0.35)
            ET.SubElement(pg, "line", {"x1": f"{pa.x:.1f}", "y1": f"{pa.y:.1f}", "x2": f"{tip[0]:.1f}", "y2": f"{tip[1]:.1f}",
                                        "class": "arrow", "data-from": a, "data-to": b})
            left = (tip[0] - ux * size * 0.3 - uy * size * 0.18, tip[1] - uy * size * 0.3 + ux * size * 0.18)
            right = (tip[0] - ux * size * 0.3 + uy * size * 0.18, tip[1] - uy * size * 0.3 - ux * size * 0.18)
            ET.SubElement(pg, "polygon", {"points": f"{tip[0]:.1f},{tip[1]:.1f} {left[0]:.1f},{left[1]:.1f} {right[0]:.1f},{right[1]:.1f}",
                                           "class": "arrowhead"})
    return ET.tostring(g, encoding="unicode")

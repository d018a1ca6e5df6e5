"""Render a scenario's map as SVG: terrain colours and patterns, levels, hexside features, names.

Built with :mod:`xml.etree.ElementTree` into one string, so the browser view can set it with a
single ``innerHTML`` (one crossing into the DOM per redraw) and the CLI can write it to a file.
Every hex polygon carries ``id="hex-<name>"`` and ``data-hex="<name>"`` for the views.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Iterable, Mapping

from .boards import to_doubled
from .hexes import Hex, Layout, Point
from .scenario import Scenario
from .systems import get as system_of
from .terrain import Terrain

__all__ = ["render_map", "LEVEL_FILLS", "SIDE_STYLES"]

#: Fill of open ground by base level (hills get browner as they rise; depressions greyer).
LEVEL_FILLS: dict[int, str] = {-1: "#c2b280", 0: "#d9e4a6", 1: "#d2b978", 2: "#b99a5e", 3: "#a07d47", 4: "#876434"}
#: Badge fill of what stands in a hex (E8.23: vehicles, wrecks, landed gliders).
OCCUPANT_FILLS: dict[str, str] = {"glider": "#ffffff", "wreck": "#9b5d3a", "vehicle": "#c9c9c9"}
#: Stroke colour and width factor of each hexside feature.
SIDE_STYLES: dict[str, tuple[str, float, str]] = {
    "hedge": ("#2f6b22", 0.12, ""),
    "bocage": ("#1d4d16", 0.18, ""),
    "wall": ("#6b6b6b", 0.12, ""),
    "cliff": ("#222222", 0.14, "4 2"),
    "crest": ("#7a5326", 0.07, "3 2"),
    "roadblock": ("#b22222", 0.16, ""),
    "river_side": ("#3d7cc9", 0.14, ""),
    "stream_side": ("#6fa8dc", 0.10, ""),
}


def _sub(parent: ET.Element, tag: str, attrs: Mapping[str, str] | None = None, /, **kw: str) -> ET.Element:
    a = dict(attrs or {})
    a.update(kw)
    return ET.SubElement(parent, tag, a)


def _pts(points: Iterable[Point]) -> str:
    return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in points)


def _level_fill(level: float) -> str:
    k = max(-1, min(4, math.floor(level)))
    return LEVEL_FILLS[k]


def _patterns(defs: ET.Element, size: float) -> None:
    s = f"{size * 0.35:.1f}"
    dots = _sub(defs, "pattern", id="pat-dots", width=s, height=s, patternUnits="userSpaceOnUse")
    _sub(dots, "circle", cx=f"{size * 0.17:.1f}", cy=f"{size * 0.17:.1f}", r=f"{size * 0.05:.1f}", fill="#3e6b2a")
    hatch = _sub(defs, "pattern", id="pat-hatch", width=s, height=s, patternUnits="userSpaceOnUse")
    _sub(hatch, "path", d=f"M0,{s} L{s},0", stroke="#2e5e4a", **{"stroke-width": "1"})
    cross = _sub(defs, "pattern", id="pat-cross", width=s, height=s, patternUnits="userSpaceOnUse")
    c = size * 0.17
    _sub(cross, "path", d=f"M{c:.1f},{c * 0.4:.1f} V{c * 1.6:.1f} M{c * 0.6:.1f},{c * 0.8:.1f} H{c * 1.4:.1f}",
                  stroke="#555", **{"stroke-width": "1"})


def render_map(scenario: Scenario, terrain: Terrain | None = None, size: float = 24.0, names: bool = True) -> str:
    """The map of ``scenario`` (with ``terrain`` if given, e.g. after edits) as an SVG document."""
    terrain = scenario.terrain if terrain is None else terrain
    m = scenario.map
    types = system_of(scenario.system).terrain_types
    layout = Layout(size)
    h_unit = math.sqrt(3) / 2 * size  # pixel height of one doubled row

    def px(x: float, y2: float) -> Point:
        return Point(1.5 * size * x, h_unit * (y2 - 1))

    x0, x1, y0, y1 = m.bounds()
    pad = size * 1.2
    a, b = px(x0, y0), px(x1, y1)
    vb = (a.x - pad, a.y - pad, b.x - a.x + 2 * pad, b.y - a.y + 2 * pad)
    svg = ET.Element("svg", {
        "xmlns": "http://www.w3.org/2000/svg",
        "viewBox": " ".join(f"{v:.1f}" for v in vb),
        "width": f"{vb[2]:.0f}",
        "height": f"{vb[3]:.0f}",
        "class": "airhead-map",
        "font-family": "sans-serif",
    })
    _sub(svg, "title").text = scenario.name
    defs = _sub(svg, "defs")
    _patterns(defs, size)
    clip = _sub(defs, "clipPath", id="board-clip")
    board_rects: list[tuple[Point, Point]] = []
    for p in m.placements:
        bx0, bx1, by0, by1 = p.bounds()
        if m.naming == "grid":  # whole hexes: the edge is half a hex outside the outer centres
            pa, pb = px(bx0 - 0.67, by0 - 1), px(bx1 + 0.67, by1 + 1)
        else:
            pa, pb = px(bx0, by0), px(bx1, by1)
        board_rects.append((pa, pb))
        _sub(clip, "rect", x=f"{pa.x:.1f}", y=f"{pa.y:.1f}", width=f"{pb.x - pa.x:.1f}", height=f"{pb.y - pa.y:.1f}")
    _sub(svg, "rect", x=f"{vb[0]:.1f}", y=f"{vb[1]:.1f}", width=f"{vb[2]:.1f}", height=f"{vb[3]:.1f}", fill="#f4f1e8")

    board = _sub(svg, "g", {"clip-path": "url(#board-clip)", "class": "board"})
    hex_layer = _sub(board, "g", {"class": "hexes", "stroke": "#7d7d6a", "stroke-width": f"{size * 0.03:.2f}"})
    detail = _sub(board, "g", {"class": "terrain", "pointer-events": "none"})
    sides_layer = _sub(board, "g", {"class": "hexsides", "pointer-events": "none", "stroke-linecap": "round"})
    label_layer = _sub(svg, "g", {"class": "labels", "pointer-events": "none", "clip-path": "url(#board-clip)"})

    for h in m.hexes():
        name = m.name(h)
        t = terrain.at(h)
        tt = types.get(t.terrain)
        corners = layout.corners(h)
        _sub(
            hex_layer,
            "polygon",
            points=_pts(corners),
            fill=_level_fill(t.base_level),
            id=f"hex-{name}",
            **{"data-hex": name, "class": "hex"},
        )
        c = layout.center(h)
        if t.terrain != "open" and tt is not None:
            inner = [Point(c.x + (q.x - c.x) * 0.8, c.y + (q.y - c.y) * 0.8) for q in corners]
            _sub(detail, "polygon", points=_pts(inner), fill=tt.fill, stroke="none")
            if tt.pattern:
                _sub(detail, "polygon", points=_pts(inner), fill=f"url(#pat-{tt.pattern})", stroke="none")
        if t.water is not None:
            fill = "#bcd9f0" if t.water.frozen else "#6fa8dc"
            _sub(detail, "circle", cx=f"{c.x:.1f}", cy=f"{c.y:.1f}", r=f"{size * 0.55:.1f}", fill=fill, opacity="0.85")
        if t.bridge is not None:
            d = t.bridge.axis
            ang = math.radians(-90 + 60 * d)
            dx, dy = math.cos(ang) * size * 0.95, math.sin(ang) * size * 0.95
            _sub(detail, "line", x1=f"{c.x - dx:.1f}", y1=f"{c.y - dy:.1f}", x2=f"{c.x + dx:.1f}", y2=f"{c.y + dy:.1f}",
                          stroke="#5a4630", **{"stroke-width": f"{size * 0.3:.1f}", "class": "bridge"})
        if t.blaze is not None:
            _sub(detail, "circle", cx=f"{c.x:.1f}", cy=f"{c.y:.1f}", r=f"{size * 0.3:.1f}", fill="#e8542f", opacity="0.8")
        if t.occupants:
            # vehicles, wrecks and landed gliders: small badges above the centre
            for i, occ in enumerate(t.occupants[:3]):
                bx = c.x - size * 0.45 + i * size * 0.32
                badge = _sub(detail, "g", {"class": f"occupant {occ}"})
                _sub(badge, "rect", x=f"{bx:.1f}", y=f"{c.y - size * 0.22:.1f}", width=f"{size * 0.3:.1f}",
                     height=f"{size * 0.3:.1f}", rx=f"{size * 0.05:.1f}", fill=OCCUPANT_FILLS.get(occ, "#fff"), stroke="#222",
                     **{"stroke-width": f"{size * 0.03:.2f}"})
                _sub(badge, "text", x=f"{bx + size * 0.15:.1f}", y=f"{c.y + size * 0.03:.1f}", fill="#111",
                     **{"font-size": f"{size * 0.2:.1f}", "text-anchor": "middle"}).text = occ[0].upper()
        marks = []
        if t.base_level:
            marks.append(f"L{t.base_level:g}")
        if t.obstacle >= 1 and tt is not None and t.obstacle != tt.obstacle:
            marks.append(f"+{t.obstacle:g}")
        elif t.obstacle >= 2:
            marks.append(f"+{t.obstacle:g}")
        if t.minefield:
            marks.append(f"M{t.minefield}")
        if marks:
            _sub(label_layer, "text", x=f"{c.x:.1f}", y=f"{c.y + size * 0.55:.1f}", fill="#222",
                          **{"font-size": f"{size * 0.3:.1f}", "text-anchor": "middle", "class": "level"}).text = " ".join(marks)
        if names:
            # keep the name inside the visible part of an edge half hex
            lx, ly = c.x, c.y - size * 0.5
            if m.is_half_hex(h):
                hx, hy2 = to_doubled(h)
                if hy2 == y0:
                    ly = c.y + size * 0.4
                if hx == x0:
                    lx = c.x + size * 0.45
                elif hx == x1:
                    lx = c.x - size * 0.45
            _sub(label_layer, "text", x=f"{lx:.1f}", y=f"{ly:.1f}", fill="#333",
                          **{"font-size": f"{size * 0.27:.1f}", "text-anchor": "middle", "class": "hexname"}).text = name

    for side, feats in sorted(terrain.features()):
        p1, p2 = layout.hexside_segment(side)
        for f in sorted(feats):
            color, width, dash = SIDE_STYLES.get(f, ("#000", 0.1, ""))
            attrs = {"stroke-width": f"{size * width:.1f}", "class": f"side {f}"}
            if dash:
                attrs["stroke-dasharray"] = " ".join(f"{float(v) * size * 0.1:.1f}" for v in dash.split())
            _sub(sides_layer, "line", x1=f"{p1.x:.1f}", y1=f"{p1.y:.1f}", x2=f"{p2.x:.1f}", y2=f"{p2.y:.1f}",
                          stroke=color, **attrs)

    edges = _sub(svg, "g", {"class": "edges", "fill": "none", "stroke": "#333", "stroke-width": f"{size * 0.08:.1f}"})
    for (pa, pb), p in zip(board_rects, m.placements):
        _sub(edges, "rect", x=f"{pa.x:.1f}", y=f"{pa.y:.1f}", width=f"{pb.x - pa.x:.1f}", height=f"{pb.y - pa.y:.1f}")
        label = f"board {p.board_id}" + (" (rotated)" if p.rotated else "") if m.naming == "asl" else f"map {p.board_id}"
        _sub(svg, "text", x=f"{(pa.x + pb.x) / 2:.1f}", y=f"{pa.y - size * 0.35:.1f}", fill="#333",
                      **{"font-size": f"{size * 0.45:.1f}", "text-anchor": "middle", "class": "boardname"}).text = label
    return ET.tostring(svg, encoding="unicode")


def hex_center(scenario: Scenario, h: Hex, size: float = 24.0) -> Point:
    """Pixel centre of a hex in :func:`render_map`'s coordinates."""
    return Layout(size).center(h)

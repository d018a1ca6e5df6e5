"""The map overlay: what the game's procedures show (under way or last finished), its units and
markers, the hexes the last action named, and a plan's odds or heatmap, as one SVG ``<g>`` laid
over :func:`airhead.svg.render_map` (same coordinates)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any, Mapping, Sequence

from ..boards import HexMap, to_doubled
from ..counters import Counters, Marker
from ..errors import DataError
from ..game import Game
from ..hexes import Hex, Layout
from ..plug import View
from ..scenario import Scenario
from .log import last_hexes
from .marks import ARROW, HIT, ZONES, look_attrs, mark_look, zone_kind

__all__ = ["view_data", "map_view", "overlay", "drawn", "overlay_svg", "heat_fill", "COUNT_HEAT"]


def view_data(m: HexMap, view: View) -> dict[str, Any]:
    """A :class:`View` as plain data with hex names."""
    return {
        "marks": [[m.name(h), role] for h, role in view.marks],
        "paths": [[m.name(h) for h in path] for path in view.paths],
        "zones": [[label, [m.name(h) for h in hexes]] for label, hexes in view.zones],
        "heat": {m.name(h): v for h, v in view.heat},
        "heat_unit": view.heat_unit,
        "heat_label": view.heat_label,
        "labels": [[m.name(h), text] for h, text in view.labels],
    }


def _view_from_data(m: HexMap, data: Mapping[str, Any]) -> View:
    def hx(name: Any) -> Hex:
        return m.parse(str(name), allow_offboard=True)

    unit = data.get("heat_unit", "%")
    return View(
        marks=tuple((hx(n), str(r)) for n, r in data.get("marks", ())),
        paths=tuple(tuple(hx(n) for n in p) for p in data.get("paths", ())),
        zones=tuple((str(label), tuple(hx(n) for n in hexes)) for label, hexes in data.get("zones", ())),
        heat=tuple((hx(n), float(v)) for n, v in dict(data.get("heat", {})).items()),
        heat_unit=unit if unit in ("%", "units", "count") else "%",
        heat_label=str(data.get("heat_label", "")),
        labels=tuple((hx(n), str(t)) for n, t in data.get("labels", ())),
    )


def map_view(game: Game) -> View:
    """What the map shows of the game itself: the procedure under way, else the last one
    finished (:meth:`Game.view`: worked out once per state)."""
    return game.view()


def overlay(game: Game, extra: Mapping[str, Any] | None = None, *, size: float = 24.0) -> str:
    """The overlay SVG of a game: its units and markers, what its procedures show (under way or
    last finished), the hexes its last action named, and ``extra`` (a plan's odds or heatmap
    view, as :func:`view_data` gives it) on top."""
    view, hit = drawn(game, extra)
    return overlay_svg(game.scenario, view, counters=game.state.counters, hit=hit, size=size)


def drawn(game: Game, extra: Mapping[str, Any] | None = None) -> tuple[View, list[Hex]]:
    """What :func:`overlay` draws of ``game`` and ``extra``: the merged view and the hexes the
    last action named (the map key lists exactly these: :func:`.legend.overlay_key`)."""
    m = game.scenario.map
    view = map_view(game)
    if extra:
        view = view.merged(_view_from_data(m, extra))
    hit = []
    for name in last_hexes(game):
        try:
            hit.append(m.parse(name, allow_offboard=True))
        except DataError:
            continue
    return view, hit


#: A chance's colour scale, low to high: pale yellow, sea green, blue. No red: red marks danger on
#: the map (what blocks a line of sight, a Blind Hex), and a low chance is not a danger (#42 item
#: 10); light enough that a hex's name multiplied under the darkest keeps its contrast.
PCT_STOPS: tuple[tuple[float, tuple[int, int, int]], ...] = (
    (0.0, (250, 228, 130)), (0.5, (110, 196, 150)), (1.0, (56, 128, 196)))


def _heat_colour(p: float) -> str:
    p = max(0.0, min(1.0, p))
    for (a, ca), (b, cb) in zip(PCT_STOPS, PCT_STOPS[1:]):
        if p <= b:
            t = (p - a) / (b - a)
            r, g, bl = (round(x + (y - x) * t) for x, y in zip(ca, cb))
            return f"#{r:02x}{g:02x}{bl:02x}"
    r, g, bl = PCT_STOPS[-1][1]
    return f"#{r:02x}{g:02x}{bl:02x}"


#: The one hue of heat in expected units or counts: light, so that the map multiplies it onto the
#: terrain (``mix-blend-mode: multiply`` in the app) and the hex names under it stay readable.
COUNT_HEAT = "#6fa8dc"


def heat_fill(unit: str, p: float, top: float) -> tuple[str, str]:
    """Fill and opacity of a heat value, as :func:`overlay_svg` tints a hex: ``%`` pale yellow to blue;
    expected units or counts one hue, darker where there are more."""
    if unit == "%":
        return _heat_colour(p), "0.55"
    return COUNT_HEAT, f"{0.15 + 0.6 * min(1.0, p / (top or 1.0)):.2f}"


def _css(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower())


#: (layout, hex) -> its polygon's points as the overlay writes them (a redraw writes the same
#: hexes again; zones, marks and heat share them).
_POINTS: dict[tuple[Layout, Hex], str] = {}
_POINTS_MAX = 20_000


def _points(lay: Layout, h: Hex) -> str:
    got = _POINTS.get((lay, h))
    if got is None:
        got = " ".join(f"{c.x:.1f},{c.y:.1f}" for c in lay.corners(h))
        if len(_POINTS) >= _POINTS_MAX:
            _POINTS.clear()
        _POINTS[(lay, h)] = got
    return got


def overlay_svg(
    scenario: Scenario,
    view: View | None = None,
    *,
    counters: Counters | None = None,
    hit: Sequence[Hex] = (),
    size: float = 24.0,
) -> str:
    """An SVG ``<g>`` to lay over :func:`airhead.svg.render_map` (same coordinates).

    Heat tints hexes (``%``: a probability, pale yellow to blue, printed with its ``%``; ``units``:
    expected units, one hue, two decimals; ``count``: whole numbers, zeros included); marks
    outline hexes by role (CSS classes ``mark-<role>``); paths draw arrows from hex to hex;
    zones outline groups of hexes (a hex once, in the first zone that holds it); labels print
    short text; counters draw units and markers; ``hit`` outlines the hexes the last action
    named.
    """
    view = view or View()
    m = scenario.map
    lay = Layout(size)
    g = ET.Element("g", {"class": "overlay", "pointer-events": "none"})

    def poly(h: Hex) -> str:
        return _points(lay, h)

    def edge(h: Hex) -> str:  # a hex in play is clipped to the map's frame (its half hex at an edge)
        return " in-play" if m.in_play(h) else ""

    if view.heat:
        hg = ET.SubElement(g, "g", {"class": f"heat heat-{'pct' if view.heat_unit == '%' else view.heat_unit}"})
        top = max((v for _, v in view.heat), default=0.0) or 1.0
        for h, p in view.heat:
            if view.heat_unit == "units" and p < 0.005:
                continue
            fill, opacity = heat_fill(view.heat_unit, p, top)
            ET.SubElement(hg, "polygon", {"points": poly(h), "fill": fill, "opacity": opacity, "data-p": f"{p:.3f}",
                                          "data-hex": m.name(h)})
            c = lay.center(h)
            t = ET.SubElement(hg, "text", {"x": f"{c.x:.1f}", "y": f"{c.y + size * 0.12:.1f}", "font-size": f"{size * 0.32:.1f}",
                                           "text-anchor": "middle", "fill": "#111"})
            t.text = f"{round(p * 100)}%" if view.heat_unit == "%" else (f"{p:.0f}" if view.heat_unit == "count" else f"{p:.2f}")
    outlined: set[tuple[int, Hex]] = set()  # a hex in several zones of one outline is drawn once
    for i, (label, hexes) in enumerate(view.zones):  # each kind of zone its own look (present.marks.ZONES)
        kind = zone_kind(label)
        zg = ET.SubElement(g, "g", {"class": f"zone zone-{i % 3} zone-{kind}", "data-zone": label, "data-kind": kind,
                                    **look_attrs(ZONES[kind])})
        for h in hexes:
            if (i % 3, h) not in outlined:
                outlined.add((i % 3, h))
                ET.SubElement(zg, "polygon", {"points": poly(h), "class": "zone-hex" + edge(h)})
    marked: set[Hex] = set()
    for h, role in view.marks:
        marked.add(h)
        ET.SubElement(g, "polygon", {"points": poly(h), "class": f"mark mark-{_css(role)}{edge(h)}", "data-hex": m.name(h),
                                     "data-role": role, **look_attrs(mark_look(role))})
    for h in hit:
        if h not in marked:
            ET.SubElement(g, "polygon", {"points": poly(h), "class": f"mark mark-hit{edge(h)}", "data-hex": m.name(h),
                                         "data-role": "hit", **look_attrs(HIT)})
    for path in view.paths:
        steps = [h for i, h in enumerate(path) if i == 0 or path[i - 1] != h]
        if len(steps) < 2:
            continue
        pg = ET.SubElement(g, "g", {"class": "path", "stroke": ARROW.stroke, "stroke-width": f"{ARROW.width:g}",
                                    "fill": ARROW.stroke})
        for a, b in zip(steps, steps[1:]):
            pa, pb = lay.center(a), lay.center(b)
            dx, dy = pb.x - pa.x, pb.y - pa.y
            dist = math.hypot(dx, dy) or 1.0
            ux, uy = dx / dist, dy / dist
            tip = (pb.x - ux * size * 0.35, pb.y - uy * size * 0.35)
            ET.SubElement(pg, "line", {"x1": f"{pa.x:.1f}", "y1": f"{pa.y:.1f}", "x2": f"{tip[0]:.1f}", "y2": f"{tip[1]:.1f}",
                                        "class": "arrow", "data-from": m.name(a), "data-to": m.name(b)})
            left = (tip[0] - ux * size * 0.3 - uy * size * 0.18, tip[1] - uy * size * 0.3 + ux * size * 0.18)
            right = (tip[0] - ux * size * 0.3 + uy * size * 0.18, tip[1] - uy * size * 0.3 - ux * size * 0.18)
            ET.SubElement(pg, "polygon", {"points": f"{tip[0]:.1f},{tip[1]:.1f} {left[0]:.1f},{left[1]:.1f} {right[0]:.1f},{right[1]:.1f}",
                                           "class": "arrowhead", "stroke": "none"})
    for h, text in view.labels:
        # in the hex's lower half, never over its name (the top band, where players read "2GG4",
        # and where a board's own picture prints it): under the counters, at the hex's foot (#42 item 11)
        c = lay.center(h)
        below = counters is not None and bool(counters.units_at(h))
        dx, dy = _label_spot(m, h, below)
        ET.SubElement(g, "text", {"x": f"{c.x + dx * size:.1f}", "y": f"{c.y + dy * size:.1f}",
                                  "font-size": f"{size * (0.22 if below or dy != 0.5 else 0.26):.1f}",
                                  "text-anchor": "middle", "class": "label" + edge(h)}).text = text
    if counters is not None:
        _draw_counters(g, m, lay, counters, size)
    return ET.tostring(g, encoding="unicode")


def _label_spot(m: HexMap, h: Hex, below: bool) -> tuple[float, float]:
    """Where a label goes in hex ``h`` (in hex sizes from its centre): in its lower half, clear of
    the name at its top; under counters, at its foot. An edge half hex shows only part of itself,
    its name moved into that part (:func:`airhead.svg.render_map`): the label goes beside it."""
    dx, dy = 0.0, (0.74 if below else 0.5)
    if m.naming == "asl" and m.is_half_hex(h):
        x, y2 = to_doubled(h)
        x0, x1, y0, y1 = m.bounds()
        if y2 == y0:  # the top edge: only the lower half shows, the name at +0.4
            dy = 0.74
        elif y2 == y1:  # the bottom edge: only the upper half shows, the name at -0.5
            dy = -0.12
        if x == x0:
            dx = 0.45
        elif x == x1:
            dx = -0.45
    return dx, dy


def _label_lines(name: str) -> list[str]:
    """A counter's whole name on at most two lines, split at a space ("P-47 1" -> "P-47", "1"), a
    long word in two halves; never cut short (#42 item 8): a line too wide is squeezed to fit."""
    name = name.strip()
    if len(name) <= 6 or (" " not in name and len(name) <= 10):
        return [name]
    if " " not in name:
        half = (len(name) + 1) // 2
        return [name[:half], name[half:]]
    cut = min((i for i, ch in enumerate(name) if ch == " "), key=lambda i: abs(i - len(name) / 2))
    return [name[:cut], name[cut + 1:]]


def _draw_counters(g: ET.Element, m: HexMap, lay: Layout, counters: Counters, size: float) -> None:
    """Units as counters filling the hex below its name (#32 item 7: readable at the start
    view), the top one's name on up to two lines, larger than the hex's name, squeezed to the
    counter's width when long, a stack's
    others drawn behind it and counted (``+2``); markers as round badges at the hex's left (one
    per hex: the last placed, its title counting the others), each with a title a long-press or
    hover shows."""
    cg = ET.SubElement(g, "g", {"class": "counters"})
    stacks: dict[Hex, list[Any]] = {}
    for u in counters.units:
        if u.hex is not None:
            stacks.setdefault(u.hex, []).append(u)
    side = size * 1.2  # as wide as the hex allows below its name (a flat-topped hex)
    tall = size * 0.8
    font = size * 0.32
    for h, units in stacks.items():
        c = lay.center(h)
        shown = units[:3]
        x0, y0 = c.x - side / 2, c.y - size * 0.42  # below the hex's name (its baseline at -0.5 size)
        for i, u in reversed(list(enumerate(shown))):  # the first placed on top
            off = i * size * 0.07
            ug = ET.SubElement(cg, "g", {"class": f"counter unit kind-{_css(u.kind)} side-{_css(u.side)}"
                                         + "".join(f" status-{_css(s)}" for s in sorted(u.status)),
                                         "data-unit": u.id, "data-hex": m.name(h)})
            ET.SubElement(ug, "title").text = f"{u.name} ({u.kind}, {u.side})" + (f": {', '.join(sorted(u.status))}" if u.status else "")
            ET.SubElement(ug, "rect", {"x": f"{x0 + off:.1f}", "y": f"{y0 + off:.1f}", "width": f"{side:.1f}",
                                       "height": f"{tall:.1f}", "rx": f"{size * 0.06:.1f}"})
        lines = _label_lines(shown[0].name)
        mid = y0 + tall / 2 + font * 0.35
        for k, line in enumerate(lines):
            y = mid + (k - (len(lines) - 1) / 2) * font * 1.05
            attrs = {"x": f"{c.x:.1f}", "y": f"{y:.1f}", "font-size": f"{font:.1f}", "text-anchor": "middle",
                     "class": "counter-label"}
            if len(line) * font * 0.6 > side * 0.92:  # too wide for the counter: squeezed to fit
                attrs.update({"textLength": f"{side * 0.92:.1f}", "lengthAdjust": "spacingAndGlyphs"})
            ET.SubElement(cg, "text", attrs).text = line
        if len(units) > 1:
            ET.SubElement(cg, "text", {"x": f"{c.x + size * 0.6:.1f}", "y": f"{c.y + size * 0.66:.1f}",
                                       "font-size": f"{size * 0.22:.1f}", "text-anchor": "end",
                                       "class": "counter-more"}).text = f"+{len(units) - 1}"
    tops: dict[Hex, tuple[Marker, int]] = {}  # badges of one hex lie on each other: the last placed is seen
    for mk in counters.markers:
        if mk.hex is not None:
            tops[mk.hex] = (mk, tops.get(mk.hex, (mk, 0))[1] + 1)
    for mk, n in tops.values():
        assert mk.hex is not None
        c = lay.center(mk.hex)
        mg = ET.SubElement(cg, "g", {"class": f"counter marker kind-{_css(mk.kind)}", "data-marker": mk.id, "data-hex": m.name(mk.hex)})
        ET.SubElement(mg, "title").text = mk.name + (f" (until the end of the {mk.expires})" if mk.expires else "") + (
            f", on {n - 1} other marker{'s' if n > 2 else ''}" if n > 1 else "")
        ET.SubElement(mg, "circle", {"cx": f"{c.x - size * 0.68:.1f}", "cy": f"{c.y:.1f}", "r": f"{size * 0.2:.1f}"})
        ET.SubElement(mg, "text", {"x": f"{c.x - size * 0.68:.1f}", "y": f"{c.y + size * 0.08:.1f}", "font-size": f"{size * 0.22:.1f}",
                                   "text-anchor": "middle"}).text = mk.name[:1].upper()

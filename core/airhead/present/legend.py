"""The map's keys: what the drawing of a map means (built from the system's terrain table and
the way :func:`airhead.svg.render_map` draws it), the heatmap's colour scale, and the terrain
types the editor offers."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any, Mapping

from ..game import Game
from ..svg import LEVEL_FILLS, OCCUPANT_FILLS, SIDE_STYLES
from ..systems import get
from ..terrain import Terrain
from .marks import ARROW, HIT, ZONES, Look, mark_look, zone_kind
from .overlay import drawn, heat_fill

__all__ = ["terrain_options", "terrain_legend", "heat_legend", "overlay_key"]


def terrain_options(system: str) -> list[dict[str, Any]]:
    """The terrain types a map of ``system`` may use: key, label and usual obstacle height."""
    return [{"key": k, "label": t.label, "obstacle": t.obstacle} for k, t in get(system).terrain_types.items()]


#: How :func:`airhead.svg.render_map` draws each fill pattern, in words.
_PATTERN_WORDS = {"dots": "dotted", "hatch": "hatched", "cross": "small crosses"}


#: The occupant badges :func:`airhead.svg.render_map` draws (E8.23: vehicles, wrecks, gliders).
_OCCUPANT_WORDS = {"glider": "a landed glider", "wreck": "a wreck", "vehicle": "a vehicle"}


_OPEN_FILL = LEVEL_FILLS[0]  # open ground at level 0, as the map draws it


def _swatch(fill: str, pattern: str = "", *, shape: str = "hex", stroke: str = "#7d7d6a", dash: str = "",
            text: str = "") -> str:
    """A small SVG (24 x 24) drawn as the map draws the thing it explains."""
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": "0 0 24 24", "width": "24", "height": "24",
                             "class": "swatch", "aria-hidden": "true"})
    hexagon = "22,12 17,20.7 7,20.7 2,12 7,3.3 17,3.3"
    if shape == "hex":
        ET.SubElement(svg, "polygon", {"points": hexagon, "fill": fill, "stroke": stroke, "stroke-width": "1"})
        if pattern == "dots":
            for x, y in ((8, 9), (16, 9), (12, 13), (8, 17), (16, 17)):
                ET.SubElement(svg, "circle", {"cx": str(x), "cy": str(y), "r": "1.2", "fill": "#3e6b2a"})
        elif pattern == "hatch":
            for d in ("M5,16 L11,6", "M9,19 L16,6", "M13,20 L19,10"):
                ET.SubElement(svg, "path", {"d": d, "stroke": "#2e5e4a", "stroke-width": "1"})
        elif pattern == "cross":
            for x, y in ((9, 10), (15, 15)):
                ET.SubElement(svg, "path", {"d": f"M{x},{y - 3} V{y + 3} M{x - 2},{y - 1} H{x + 2}", "stroke": "#555",
                                            "stroke-width": "1"})
    elif shape == "circle":
        ET.SubElement(svg, "polygon", {"points": hexagon, "fill": _OPEN_FILL, "stroke": "#7d7d6a", "stroke-width": "1"})
        ET.SubElement(svg, "circle", {"cx": "12", "cy": "12", "r": "7", "fill": fill, "opacity": "0.85"})
    elif shape == "bar":
        ET.SubElement(svg, "polygon", {"points": hexagon, "fill": _OPEN_FILL, "stroke": "#7d7d6a", "stroke-width": "1"})
        ET.SubElement(svg, "line", {"x1": "12", "y1": "2", "x2": "12", "y2": "22", "stroke": fill, "stroke-width": "6"})
    elif shape == "side":
        attrs = {"x1": "3", "y1": "20", "x2": "21", "y2": "4", "stroke": stroke, "stroke-width": "3", "stroke-linecap": "round"}
        if dash:
            attrs["stroke-dasharray"] = dash
        ET.SubElement(svg, "line", attrs)
    elif shape == "badge":
        ET.SubElement(svg, "rect", {"x": "5", "y": "5", "width": "14", "height": "14", "rx": "2", "fill": fill, "stroke": "#222"})
        ET.SubElement(svg, "text", {"x": "12", "y": "16.5", "font-size": "10", "text-anchor": "middle", "fill": "#111",
                                    "font-family": "sans-serif"}).text = text
    elif shape == "text":
        ET.SubElement(svg, "polygon", {"points": hexagon, "fill": _OPEN_FILL, "stroke": "#7d7d6a", "stroke-width": "1"})
        ET.SubElement(svg, "text", {"x": "12", "y": "16", "font-size": "8", "text-anchor": "middle", "fill": "#222",
                                    "font-family": "sans-serif"}).text = text
    return ET.tostring(svg, encoding="unicode")


def terrain_legend(system: str, terrain: Terrain | None = None) -> dict[str, Any]:
    """What the map's drawing means, built from ``system``'s terrain table and the way
    :func:`airhead.svg.render_map` draws it: ``{"title", "sections": [{"title", "items": [{"key",
    "label", "text", "swatch"}]}]}``; ``swatch`` is a small SVG, ``text`` plain words.

    With ``terrain``, only what that map shows (its terrain types, marks, water, bridges,
    occupants and hexside features) is listed, open ground always."""
    types = get(system).terrain_types
    cells = list(terrain.hexes.values()) if terrain is not None else []
    used_types = {t.terrain for t in cells} | {"open"}
    sides_used: set[str] = set()
    if terrain is not None:
        for _, feats in terrain.features():
            sides_used |= set(feats)

    def shown(present: bool) -> bool:
        return terrain is None or present

    kinds = []
    for key, tt in types.items():
        if not shown(key in used_types):
            continue
        words = [tt.label]
        if tt.pattern:
            words.append(_PATTERN_WORDS.get(tt.pattern, tt.pattern))
        if tt.obstacle:
            words.append(f"usually a {tt.obstacle:g}-level obstacle")
        kinds.append({"key": f"terrain-{key}", "label": tt.label, "text": ", ".join(words[1:]),
                      "swatch": _swatch(tt.fill, tt.pattern)})
    marks = []
    if shown(any(t.base_level for t in cells)):
        marks.append({"key": "mark-level", "label": "L1, L2 …", "swatch": _swatch("", shape="text", text="L1"),
                      "text": "the hex's ground level (hills browner as they rise, L-1 a depression)"})
    def printed(t: Any) -> bool:  # render_map prints "+n" under exactly this condition
        tt = types.get(t.terrain)
        return bool(t.obstacle >= 1 and tt is not None and t.obstacle != tt.obstacle) or t.obstacle >= 2

    if shown(any(printed(t) for t in cells)):
        marks.append({"key": "mark-obstacle", "label": "+1, +2 …", "swatch": _swatch("", shape="text", text="+2"),
                      "text": "an obstacle that many levels tall, shown when it is 2 or more or not the terrain's usual height"})
    if shown(any(t.minefield for t in cells)):
        marks.append({"key": "mark-mines", "label": "M1, M2 …", "swatch": _swatch("", shape="text", text="M2"),
                      "text": "a minefield of that strength"})
    levels = [{"key": f"level-{k}", "label": f"Level {k}" if k >= 0 else "Below ground level",
               "text": f"ground at level {k}" if k >= 0 else "a depression",
               "swatch": _swatch(fill)} for k, fill in sorted(LEVEL_FILLS.items()) if k]
    if terrain is not None:
        present = {max(-1, min(4, math.floor(t.base_level))) for t in cells if t.base_level}
        levels = [x for x in levels if int(str(x["key"]).split("-", 1)[1]) in present]
    symbols = []
    if shown(any(t.water is not None for t in cells)):
        symbols.append({"key": "sym-water", "label": "Blue disc", "text": "water in the hex (pale blue: frozen)",
                        "swatch": _swatch("#6fa8dc", shape="circle")})
    if shown(any(t.bridge is not None for t in cells)):
        symbols.append({"key": "sym-bridge", "label": "Brown bar", "text": "a bridge, along its axis",
                        "swatch": _swatch("#5a4630", shape="bar")})
    if shown(any(t.blaze is not None for t in cells)):
        symbols.append({"key": "sym-blaze", "label": "Orange disc", "text": "a blaze",
                        "swatch": _swatch("#e8542f", shape="circle")})
    occupied = {o for t in cells for o in t.occupants}
    for occ, fill in OCCUPANT_FILLS.items():
        if shown(occ in occupied):
            symbols.append({"key": f"sym-{occ}", "label": f"{occ[0].upper()} badge", "text": _OCCUPANT_WORDS.get(occ, occ),
                            "swatch": _swatch(fill, shape="badge", text=occ[0].upper())})
    sides = []
    for feat, (colour, _, dash) in SIDE_STYLES.items():
        if shown(feat in sides_used):
            label = feat.replace("_side", "").replace("_", " ").capitalize()
            sides.append({"key": f"side-{feat}", "label": label, "text": "along a hexside" + (", dashed" if dash else ""),
                          "swatch": _swatch("", shape="side", stroke=colour, dash=dash.replace(" ", ",") if dash else "")})
    sections = [{"title": t, "items": items} for t, items in (
        ("Terrain", kinds), ("Marks printed in a hex", marks), ("Ground levels", levels), ("Symbols", symbols),
        ("Hexsides", sides)) if items]
    return {"title": "Map key", "sections": sections}


def heat_legend(view: Mapping[str, Any]) -> dict[str, Any] | None:
    """The heatmap's key for a view (as :func:`view_data` gives it): its label and a colour scale,
    ``{"label", "unit", "stops": [{"text", "fill", "opacity"}]}`` from low to high, the colours
    exactly as the map tints hexes; None if the view has no heat."""
    heat = dict(view.get("heat") or {})
    if not heat:
        return None
    unit = str(view.get("heat_unit", "%"))
    unit = unit if unit in ("%", "units", "count") else "%"
    if unit == "%":
        values = [0.0, 0.25, 0.5, 0.75, 1.0]
    else:
        top = max(float(v) for v in heat.values()) or 1.0
        values = [top * i / 4 for i in range(5)]
    top = max((float(v) for v in heat.values()), default=0.0) or 1.0
    stops = []
    for v in values:
        fill, opacity = heat_fill(unit, v, top)
        text = f"{round(v * 100)}%" if unit == "%" else (f"{v:.0f}" if unit == "count" else f"{v:.2f}")
        stops.append({"text": text, "fill": fill, "opacity": opacity})
    label = str(view.get("heat_label", "")) or ("chance per hex" if unit == "%" else "per hex")
    return {"label": label, "unit": unit, "stops": stops}


def _look_swatch(look: Look, shape: str = "hex") -> str:
    """A small SVG of a mark drawn as the overlay draws it (:mod:`.marks`), at the key's scale."""
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": "0 0 24 24", "width": "24", "height": "24",
                             "class": "swatch", "aria-hidden": "true"})
    hexagon = "22,12 17,20.7 7,20.7 2,12 7,3.3 17,3.3"
    ET.SubElement(svg, "polygon", {"points": hexagon, "fill": _OPEN_FILL, "stroke": "#7d7d6a", "stroke-width": "1"})
    if shape == "arrow":
        ET.SubElement(svg, "line", {"x1": "4", "y1": "18", "x2": "16", "y2": "8", "stroke": look.stroke,
                                    "stroke-width": f"{look.width * 0.6:g}"})
        ET.SubElement(svg, "polygon", {"points": "20,5 11,8 16,13", "fill": look.stroke})
        return ET.tostring(svg, encoding="unicode")
    attrs = {"points": "20.5,12 16.2,19.4 7.8,19.4 3.5,12 7.8,4.6 16.2,4.6", "fill": look.fill,
             "stroke": look.stroke, "stroke-width": f"{look.width * 0.5:g}"}
    if look.dash:
        attrs["stroke-dasharray"] = " ".join(f"{float(x) * 0.5:g}" for x in look.dash.split())
    if look.fill != "none":
        attrs["fill-opacity"] = f"{look.fill_opacity:g}"
    ET.SubElement(svg, "polygon", attrs)
    return ET.tostring(svg, encoding="unicode")


def _item(key: str, look: Look, shape: str = "hex") -> dict[str, Any]:
    label, _, how = look.words.partition(" (")
    return {"key": key, "label": label[:1].upper() + label[1:], "text": how.rstrip(")"), "swatch": _look_swatch(look, shape)}


def overlay_key(game: Game, extra: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """The map key's part for what the overlay draws now (:func:`.overlay.overlay` of the same
    ``game`` and ``extra``): each kind of mark, zone (the night's NVR, beyond it, Illuminated),
    arrow, label, heat, counter and marker actually on the map, drawn and worded from the same
    table as the map (:mod:`.marks`); ``{"title", "items"}``, None when nothing is drawn."""
    view, hit = drawn(game, extra)
    items: list[dict[str, Any]] = []
    for role in dict.fromkeys(role for _, role in view.marks):
        items.append(_item(f"mark-{role}", mark_look(role)))
    marked = {h for h, _ in view.marks}
    if any(h not in marked for h in hit):
        items.append(_item("mark-hit", HIT))
    for kind in dict.fromkeys(zone_kind(label) for label, hexes in view.zones if hexes):
        items.append(_item(f"zone-{kind}", ZONES[kind]))
    if any(len(p) > 1 for p in view.paths):
        items.append(_item("arrow", ARROW, "arrow"))
    if view.labels:
        said = ", ".join(dict.fromkeys(t for _, t in view.labels[:3]))
        items.append({"key": "label", "label": "Words in a hex", "text": f"what the rules say of it ({said})",
                      "swatch": _swatch("", shape="text", text="Abc")})
    if view.heat:
        items.append({"key": "heat", "label": "Tinted hexes", "text": "the heatmap: its scale is beside the map",
                      "swatch": _swatch(heat_fill(view.heat_unit, 1.0, 1.0)[0])})
    counters = game.state.counters
    if any(u.hex is not None for u in counters.units):
        items.append({"key": "counter", "label": "Counter", "text": "a unit, its name on it; +2: two more under it",
                      "swatch": _swatch("#f4efe0", shape="badge", text="7")})
    kinds = dict.fromkeys(mk.name for mk in counters.markers if mk.hex is not None)
    if kinds:
        names = ", ".join(f"{n[:1].upper()}: {n}" for n in list(kinds)[:4])
        items.append({"key": "marker", "label": "Round badge", "text": f"a marker, by its initial ({names})",
                      "swatch": _swatch("#e8a33d", shape="circle")})
    return {"title": "On the map now", "items": items} if items else None

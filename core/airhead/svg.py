"""Render a scenario's map as SVG: terrain colours and patterns, levels, hexside features, names.

Written as one string (the markup :mod:`xml.etree.ElementTree` would write, built directly
because that is several times faster on large maps), so the browser view can set it with a
single ``innerHTML`` (one crossing into the DOM per redraw) and the CLI can write it to a file.
Every hex polygon carries ``id="hex-<name>"`` and ``data-hex="<name>"`` for the views.
"""

from __future__ import annotations

import math
import re
from typing import Mapping, Sequence

from .boards import to_doubled
from .geoboards import AslBoard
from .hexes import Hex, Layout, Point
from .scenario import Scenario
from .systems import get as system_of
from .terrain import Terrain

__all__ = ["render_map", "Art", "LEVEL_FILLS", "SIDE_STYLES", "MAX_SVG_BYTES"]

#: A board's own picture under the hexes (:func:`airhead.vasl.library.board_art` places it): its
#: address, box ``x, y, width, height``, whether it is turned 180° about the box's centre, the
#: board's id, and for a cropped board the hexes it shows through (empty: the whole box). An empty
#: address is a board whose file holds no picture: its hexes keep their terrain colours, and its
#: name on the map says so.
Art = tuple[str, float, float, float, float, bool, str, tuple[Hex, ...]]
#: What a board's name on the map adds when its file holds no picture (the others' are drawn).
NO_PICTURE = "no picture in its file: terrain colours"

#: The most a map of an accepted save draws to: its size follows from the caps on what a save may
#: describe (:data:`~airhead.boards.MAX_MAP_HEXES` hexes, each with its name; terrain and hexside
#: features capped by the scenario and by the 1 MB of a save). A test draws the largest.
MAX_SVG_BYTES = 32_000_000

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
    "rowhouse_wall": ("#111111", 0.16, ""),
}


_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _clean(text: str) -> str:
    # characters XML cannot hold (control characters) become U+FFFD, so the file stays well-formed
    return _XML_BAD.sub("\ufffd", text) if _XML_BAD.search(text) else text


def _attr(text: str) -> str:
    """An attribute value escaped as ElementTree escapes it (character data's escapes, then
    quotes and whitespace)."""
    text = _text(text)
    if '"' in text:
        text = text.replace('"', "&quot;")
    if "\r" in text:
        text = text.replace("\r", "&#13;")
    if "\n" in text:
        text = text.replace("\n", "&#10;")
    if "\t" in text:
        text = text.replace("\t", "&#09;")
    return text


def _text(text: str) -> str:
    """Character data escaped as ElementTree escapes it."""
    text = _clean(text)
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def _el(tag: str, attrs: Mapping[str, str], inner: str = "") -> str:
    """One element as ElementTree writes it (attributes in order; ``inner`` is markup)."""
    a = "".join(f' {k}="{_attr(v)}"' for k, v in attrs.items())
    return f"<{tag}{a}>{inner}</{tag}>" if inner else f"<{tag}{a} />"


def _group(attrs: Mapping[str, str], parts: list[str]) -> str:
    return _el("g", attrs, "".join(parts))


def _level_fill(level: float) -> str:
    k = max(-1, min(4, math.floor(level)))
    return LEVEL_FILLS[k]


def _patterns(size: float) -> str:
    s = f"{size * 0.35:.1f}"
    c = size * 0.17
    box = {"width": s, "height": s, "patternUnits": "userSpaceOnUse"}
    dots = _el("circle", {"cx": f"{size * 0.17:.1f}", "cy": f"{size * 0.17:.1f}", "r": f"{size * 0.05:.1f}", "fill": "#3e6b2a"})
    hatch = _el("path", {"d": f"M0,{s} L{s},0", "stroke": "#2e5e4a", "stroke-width": "1"})
    cross = _el("path", {"d": f"M{c:.1f},{c * 0.4:.1f} V{c * 1.6:.1f} M{c * 0.6:.1f},{c * 0.8:.1f} H{c * 1.4:.1f}",
                         "stroke": "#555", "stroke-width": "1"})
    return (_el("pattern", {"id": "pat-dots", **box}, dots) + _el("pattern", {"id": "pat-hatch", **box}, hatch)
            + _el("pattern", {"id": "pat-cross", **box}, cross))


#: A hex name's letter width in ems (DejaVu Sans, the page's font, is 0.55–0.78 for capitals and
#: digits): where a name at an edge must fit, its width is reckoned with this.
NAME_EM = 0.62


def render_map(scenario: Scenario, terrain: Terrain | None = None, size: float = 24.0, names: bool = True,
               art: Sequence[Art] = ()) -> str:
    """The map of ``scenario`` (with ``terrain`` if given, e.g. after edits) as an SVG document;
    with ``art``, the boards' own pictures under the hex grid: a hex a picture shows is an outline
    over it (its terrain colours drawn only where this game changed it, and what stands or burns
    in it always), every other hex keeps its terrain colours.

    Written straight to text (the same markup ElementTree would write): a map of
    :data:`~airhead.boards.MAX_MAP_HEXES` hexes is drawn in well under a second."""
    terrain = scenario.terrain if terrain is None else terrain
    m = scenario.map
    types = system_of(scenario.system).terrain_types
    h_unit = math.sqrt(3) / 2 * size  # pixel height of one doubled row
    # a hex's centre and corners, computed exactly as Layout(size) computes them
    cx_step, cy_step = size * 1.5, size * math.sqrt(3)
    offsets = [(size * math.cos(math.radians(60 * i)), size * math.sin(math.radians(60 * i))) for i in range(6)]

    def px(x: float, y2: float) -> Point:
        return Point(1.5 * size * x, h_unit * (y2 - 1))

    x0, x1, y0, y1 = m.bounds()
    pad = size * 1.2
    a, b = px(x0, y0), px(x1, y1)
    board_rects: list[tuple[Point, Point]] = []
    cut_sides: list[tuple[bool, bool, bool, bool]] = []  # a cropped board's cut edges: left, right, top, bottom
    clip_rects = []
    for p in m.placements:
        bx0, bx1, by0, by1 = p.bounds()
        g = p.geometry
        cl, cr, ct, cb = (bool(c) for c in (g.crop if isinstance(g, AslBoard) else (0, 0, 0, 0)))
        cut = (cr, cl, cb, ct) if p.rotated else (cl, cr, ct, cb)
        cut_sides.append(cut)
        if m.naming == "grid":  # whole hexes: the edge is half a hex outside the outer centres
            pa, pb = px(bx0 - 0.67, by0 - 1), px(bx1 + 0.67, by1 + 1)
        else:  # a board's own edge runs through its half hexes' centres; a cropped one keeps whole hexes
            pa, pb = px(bx0 - 2 / 3 * cut[0], by0 - cut[2]), px(bx1 + 2 / 3 * cut[1], by1 + cut[3])
        board_rects.append((pa, pb))
        clip_rects.append(_el("rect", {"x": f"{pa.x:.1f}", "y": f"{pa.y:.1f}", "width": f"{pb.x - pa.x:.1f}",
                                       "height": f"{pb.y - pa.y:.1f}"}))
    # the view holds the boards' names too (drawn above each board, a grid map's above its edge)
    top = min([a.y - pad] + [pa.y - size * 0.95 for pa, _ in board_rects])
    vb = (a.x - pad, top, b.x - a.x + 2 * pad, b.y + pad - top)

    layout = Layout(size)
    pictured = {a[6] for a in art if a[0]}
    covered: set[Hex] = set()
    if pictured:  # hexes every board holding them shows in its picture, unchanged in this game
        base = scenario.base
        for h in m.hexes():
            holders = [p.board_id for p in m.placements if p.contains(h)]
            if holders and all(b in pictured for b in holders) and terrain.at(h) == base.at(h):
                covered.add(h)
    hex_parts: list[str] = []
    art_hexes: list[str] = []  # the outlines of the hexes the pictures show
    detail: list[str] = []
    labels: list[str] = []
    level_font, name_font, badge_font = f"{size * 0.3:.1f}", f"{size * 0.27:.1f}", f"{size * 0.2:.1f}"
    badge_side, badge_rx, badge_stroke = f"{size * 0.3:.1f}", f"{size * 0.05:.1f}", f"{size * 0.03:.2f}"
    half_hexes = m.naming == "asl"

    def name_label(h: Hex, name: str, cx: float, cy: float) -> str:
        # keep the name inside the visible part of an edge half hex. On a side edge it starts at the
        # frame, at the top of the hex where it fits, lower where a long name needs the room
        # ("2GG10"): never on the corner of the next column's hex, under that hex's outline or
        # counter (#42 item 11)
        lx, ly, anchor = cx, cy - size * 0.5, "middle"
        if half_hexes and m.is_half_hex(h):
            hx, hy2 = to_doubled(h)
            if hy2 == y0:
                ly = cy + size * 0.4
            elif hx in (x0, x1):  # the text's top no higher than where the half hex is as wide as it
                wide = len(name) * NAME_EM * 0.27
                ly = cy - size * min(0.5, 3 ** 0.5 * (0.96 - wide) - 0.2)
            if hx in (x0, x1):
                lx, anchor = cx + (size * 0.03 if hx == x0 else -size * 0.03), "start" if hx == x0 else "end"
        return (f'<text x="{lx:.1f}" y="{ly:.1f}" fill="#333" font-size="{name_font}" text-anchor="{anchor}" '
                f'class="hexname">{name}</text>')
    (ox0, oy0), (ox1, oy1), (ox2, oy2), (ox3, oy3), (ox4, oy4), (ox5, oy5) = offsets
    open_fill = LEVEL_FILLS[0]
    looks: dict[str, tuple[str, str]] = {}  # per terrain type, per bridge axis, per occupant: worked out once
    spans: dict[int, tuple[float, float]] = {}
    badges: dict[str, tuple[str, str, str]] = {}
    cells = dict(terrain.hexes)  # the hexes that are not open ground at level 0 (one copy, then plain lookups)
    name_dy = size * 0.5
    for h, name in m.iter_names():  # names are letters, digits and "/": nothing to escape
        cx = 0.0 + cx_step * h.q
        cy = 0.0 + cy_step * (h.r + h.q / 2)
        t = cells.get(h)
        shown = bool(covered) and h in covered
        if t is None or t.is_default():
            (art_hexes if shown else hex_parts).append(
                f'<polygon points="{cx + ox0:.1f},{cy + oy0:.1f} {cx + ox1:.1f},{cy + oy1:.1f} {cx + ox2:.1f},{cy + oy2:.1f} '
                f'{cx + ox3:.1f},{cy + oy3:.1f} {cx + ox4:.1f},{cy + oy4:.1f} {cx + ox5:.1f},{cy + oy5:.1f}" '
                f'fill="{open_fill}" id="hex-{name}" data-hex="{name}" class="hex" />')
            if names:
                if half_hexes:
                    labels.append(name_label(h, name, cx, cy))
                else:
                    labels.append(f'<text x="{cx:.1f}" y="{cy - name_dy:.1f}" fill="#333" font-size="{name_font}" '
                                  f'text-anchor="middle" class="hexname">{name}</text>')
            continue
        lvl = t.base_level
        fill = _level_fill(lvl) if lvl else open_fill
        (art_hexes if shown else hex_parts).append(
            f'<polygon points="{cx + ox0:.1f},{cy + oy0:.1f} {cx + ox1:.1f},{cy + oy1:.1f} {cx + ox2:.1f},{cy + oy2:.1f} '
            f'{cx + ox3:.1f},{cy + oy3:.1f} {cx + ox4:.1f},{cy + oy4:.1f} {cx + ox5:.1f},{cy + oy5:.1f}" '
            f'fill="{fill}" id="hex-{name}" data-hex="{name}" class="hex" />')
        tt = types.get(t.terrain)
        if t.terrain != "open" and tt is not None and not shown:
            inner = (f"{cx + (cx + ox0 - cx) * 0.8:.1f},{cy + (cy + oy0 - cy) * 0.8:.1f} "
                     f"{cx + (cx + ox1 - cx) * 0.8:.1f},{cy + (cy + oy1 - cy) * 0.8:.1f} "
                     f"{cx + (cx + ox2 - cx) * 0.8:.1f},{cy + (cy + oy2 - cy) * 0.8:.1f} "
                     f"{cx + (cx + ox3 - cx) * 0.8:.1f},{cy + (cy + oy3 - cy) * 0.8:.1f} "
                     f"{cx + (cx + ox4 - cx) * 0.8:.1f},{cy + (cy + oy4 - cy) * 0.8:.1f} "
                     f"{cx + (cx + ox5 - cx) * 0.8:.1f},{cy + (cy + oy5 - cy) * 0.8:.1f}")
            look = looks.get(t.terrain)
            if look is None:
                look = looks[t.terrain] = (_attr(tt.fill), _attr(tt.pattern) if tt.pattern else "")
            detail.append(f'<polygon points="{inner}" fill="{look[0]}" stroke="none" />')
            if look[1]:
                detail.append(f'<polygon points="{inner}" fill="url(#pat-{look[1]})" stroke="none" />')
        if t.water is not None and not shown:
            wfill = "#bcd9f0" if t.water.frozen else "#6fa8dc"
            detail.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{size * 0.55:.1f}" fill="{wfill}" opacity="0.85" />')
        if t.bridge is not None and not shown:
            axis = t.bridge.axis
            if axis not in spans:
                ang = math.radians(-90 + 60 * axis)
                spans[axis] = math.cos(ang) * size * 0.95, math.sin(ang) * size * 0.95
            dx, dy = spans[axis]
            detail.append(f'<line x1="{cx - dx:.1f}" y1="{cy - dy:.1f}" x2="{cx + dx:.1f}" y2="{cy + dy:.1f}" '
                          f'stroke="#5a4630" stroke-width="{size * 0.3:.1f}" class="bridge" />')
        if t.blaze is not None:
            detail.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{size * 0.3:.1f}" fill="#e8542f" opacity="0.8" />')
        if t.occupants:
            # vehicles, wrecks and landed gliders: small badges above the centre
            for i, occ in enumerate(t.occupants[:3]):
                bx = cx - size * 0.45 + i * size * 0.32
                badge = badges.get(occ)
                if badge is None:
                    badge = badges[occ] = (_attr(occ), _attr(OCCUPANT_FILLS.get(occ, "#fff")), _text(occ[0].upper()))
                detail.append(
                    f'<g class="occupant {badge[0]}"><rect x="{bx:.1f}" y="{cy - size * 0.22:.1f}" width="{badge_side}" '
                    f'height="{badge_side}" rx="{badge_rx}" fill="{badge[1]}" stroke="#222" '
                    f'stroke-width="{badge_stroke}" /><text x="{bx + size * 0.15:.1f}" y="{cy + size * 0.03:.1f}" fill="#111" '
                    f'font-size="{badge_font}" text-anchor="middle">{badge[2]}</text></g>')
        marks = []
        if lvl:
            marks.append(f"L{lvl:g}")
        if t.obstacle >= 1 and tt is not None and t.obstacle != tt.obstacle:
            marks.append(f"+{t.obstacle:g}")
        elif t.obstacle >= 2:
            marks.append(f"+{t.obstacle:g}")
        if t.minefield:
            marks.append(f"M{t.minefield}")
        if marks:
            labels.append(f'<text x="{cx:.1f}" y="{cy + size * 0.55:.1f}" fill="#222" font-size="{level_font}" '
                          f'text-anchor="middle" class="level">{_text(" ".join(marks))}</text>')
        if names:
            labels.append(name_label(h, name, cx, cy))

    side_parts: list[str] = []
    side_styles = {f: (color, f"{size * width:.1f}", _attr(f),
                       "".join(f' stroke-dasharray="{v}"' for v in [" ".join(f"{float(d) * size * 0.1:.1f}" for d in dash.split())] if dash))
                   for f, (color, width, dash) in SIDE_STYLES.items()}
    for side, feats in sorted(terrain.features()):
        hq, hr = side.hex.q, side.hex.r
        cx, cy = 0.0 + cx_step * hq, 0.0 + cy_step * (hr + hq / 2)
        (ax, ay), (bx_, by_) = offsets[(4 + side.direction) % 6], offsets[(5 + side.direction) % 6]
        ends = f'x1="{cx + ax:.1f}" y1="{cy + ay:.1f}" x2="{cx + bx_:.1f}" y2="{cy + by_:.1f}"'
        for f in sorted(feats):
            color, width, cls, dash = side_styles.get(f) or ("#000", f"{size * 0.1:.1f}", _attr(f), "")
            side_parts.append(f'<line {ends} stroke="{color}" stroke-width="{width}" class="side {cls}"{dash} />')

    edges: list[str] = []
    board_names: list[str] = []
    plain = {a[6] for a in art if not a[0]}
    for (pa, pb), p, cut in zip(board_rects, m.placements, cut_sides):
        if any(cut):  # a cropped edge is drawn by its whole hexes' outlines: the board's own edges only
            lines = [((pa.x, pa.y), (pa.x, pb.y)), ((pb.x, pa.y), (pb.x, pb.y)),
                     ((pa.x, pa.y), (pb.x, pa.y)), ((pa.x, pb.y), (pb.x, pb.y))]
            d = " ".join(f"M{u[0]:.1f},{u[1]:.1f} L{v[0]:.1f},{v[1]:.1f}" for (u, v), c in zip(lines, cut) if not c)
            if d:
                edges.append(_el("path", {"d": d}))
        else:
            edges.append(_el("rect", {"x": f"{pa.x:.1f}", "y": f"{pa.y:.1f}", "width": f"{pb.x - pa.x:.1f}",
                                      "height": f"{pb.y - pa.y:.1f}"}))
        label = f"board {p.board_id}" + (" (rotated)" if p.rotated else "") if m.naming == "asl" else f"map {p.board_id}"
        if p.board_id in plain:
            label += f": {NO_PICTURE}"
        board_names.append(_el("text", {"x": f"{(pa.x + pb.x) / 2:.1f}", "y": f"{pa.y - size * 0.35:.1f}", "fill": "#333",
                                        "font-size": f"{size * 0.45:.1f}", "text-anchor": "middle", "class": "boardname"},
                               _text(label)))

    pictures = []
    art_clips: list[str] = []
    for href, ax_, ay_, aw, ah, turned, bid, through in art:
        if not href:
            continue
        attrs = {"href": href, "x": f"{ax_:.2f}", "y": f"{ay_:.2f}", "width": f"{aw:.2f}", "height": f"{ah:.2f}",
                 "preserveAspectRatio": "none", "class": "board-art", "data-board": bid}
        if turned:
            attrs["transform"] = f"rotate(180 {ax_ + aw / 2:.2f} {ay_ + ah / 2:.2f})"
        image = _el("image", attrs)
        if through:  # a cropped board: the one picture shows through its hexes in play only
            cid = f"art-clip-{len(art_clips)}"
            art_clips.append(_el("clipPath", {"id": cid}, "".join(
                f'<polygon points="{" ".join(f"{c.x + dx:.1f},{c.y + dy:.1f}" for c in [layout.center(h)] for dx, dy in offsets)}" />'
                for h in through)))
            image = _group({"clip-path": f"url(#{cid})"}, [image])
        pictures.append(image)
    hexes_attrs = {"class": "hexes", "stroke": "#7d7d6a", "stroke-width": f"{size * 0.03:.2f}"}
    # the hexes a picture shows are an outline over it; the others keep their terrain colours
    shown_attrs = {**hexes_attrs, "class": "hexes shown", "fill-opacity": "0", "stroke-opacity": "0.5"}
    board = _group({"clip-path": "url(#board-clip)", "class": "board"}, [
        *([_group({"class": "art", "pointer-events": "none"}, pictures)] if pictures else []),
        _group(hexes_attrs, hex_parts),
        *([_group(shown_attrs, art_hexes)] if art_hexes else []),
        _group({"class": "terrain", "pointer-events": "none"}, detail),
        _group({"class": "hexsides", "pointer-events": "none", "stroke-linecap": "round"}, side_parts),
    ])
    root = {
        "xmlns": "http://www.w3.org/2000/svg",
        "viewBox": " ".join(f"{v:.1f}" for v in vb),
        "width": f"{vb[2]:.0f}",
        "height": f"{vb[3]:.0f}",
        "class": "airhead-map",
        "font-family": "sans-serif",
    }
    body = [
        _el("title", {}, _text(scenario.name)),
        _el("defs", {}, _patterns(size) + _el("clipPath", {"id": "board-clip"}, "".join(clip_rects))
                        + "".join(art_clips)),
        _el("rect", {"x": f"{vb[0]:.1f}", "y": f"{vb[1]:.1f}", "width": f"{vb[2]:.1f}", "height": f"{vb[3]:.1f}", "fill": "#f4f1e8"}),
        board,
        _group({"class": "labels", "pointer-events": "none", "clip-path": "url(#board-clip)"}, labels),
        _group({"class": "edges", "fill": "none", "stroke": "#333", "stroke-width": f"{size * 0.08:.1f}"}, edges),
        *board_names,
    ]
    return _el("svg", root, "".join(body))


def hex_center(scenario: Scenario, h: Hex, size: float = 24.0) -> Point:
    """Pixel centre of a hex in :func:`render_map`'s coordinates."""
    return Layout(size).center(h)

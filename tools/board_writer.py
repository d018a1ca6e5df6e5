"""Board archives in VASL's format, written from a small description (tests, demos, benches).

Test support, not part of the app: the airhead wheel does not carry it. Write one from the
command line with ``python -m tools.board_writer DESCRIPTION.json -o FILE``.

Airhead cannot ship VASL's boards or their artwork, so its tests read boards this module writes
in exactly the format :mod:`airhead.vasl.archive` reads: ``BoardMetadata.xml``, ``LOSData`` (gzip of Java
block data, :func:`.losdata.write_losdata`), a PNG picture drawn from the terrain, and VASL's
older ``data`` file. A description is JSON::

    {"name": "fx", "version": "1.0", "width": 33, "height": 10,
     "hexes": {"C3": {"code": 60, "level": 1},              # woods over the whole hex, level 1
               "E4": {"code": 60, "cover": 0.4, "shift": [0, -20]},   # a woods disc off-centre
               "W8": [{"code": 32, "level": -1}, {"code": 82, "stripe": "N"}]},  # layers: a bridge
     "levels": {"J5": 2},                                   # a hex's ground level alone
     "sides": [["E5", "N", 72]],                            # a wall along E5's north hexside
     "buildings": {"H5": "Stone Building, 2 Level"},        # the metadata's building types
     "A1CenterX": -901,                                     # optional: a "b" board, hexes from Q1
     "image": true,
     "ssrControls": [{"rule": "BSO_fx_PondToOG", "name": "Remove the Pond"}],   # the board's own options
     "overlays": {"BSO_fx_PondToOG": [{"image": "BSO_fx_PondToOG.png", "x": 470, "y": 357,
                                       "width": 69, "height": 125}]},         # where its picture goes
     "underlays": ["WallToCactus"]}                         # a pattern rule (VASL's underlaySSRule)

Codes are VASL's terrain codes (``tables/vasl_terrain.json``); a hex's ``cover`` (default 1)
paints a disc of that share of the hex around its centre, moved by ``shift`` pixels; ``stripe``
paints a band 12 pixels wide through the centre along a hex grain (``N``: north-south); with
``"shaped": true`` its ``level`` lies under that disc or band only (a gully's bed, its banks the
rest of the hex). An overlay's picture is a PNG of one colour (``color``, default red) of its
``width`` × ``height``, written unless ``"present": false``; a rule given several pictures is an
``overlaySSRuleSet``. ``ssrControls`` may also be a string: the file's text as is.
"""

from __future__ import annotations

import io
import math
import struct
import zipfile
import zlib
from typing import Any, Mapping
from xml.etree import ElementTree

from airhead.hexes import DIRECTION_NAMES
from airhead.tables import terrain_types
from airhead.vasl.archive import DEFAULT_HEX_HEIGHT, DEFAULT_HEX_WIDTH, BoardMetadata
from airhead.vasl.derive import codes
from airhead.vasl.geometry import BoardGeometry
from airhead.vasl.losdata import BoardError, Grid, hex_count, write_losdata

__all__ = ["write_board", "board_grid", "png", "solid_png", "ssr_controls_xml", "main"]

_DATE = (2020, 1, 1, 0, 0, 0)


def _meta(desc: Mapping[str, Any]) -> BoardMetadata:
    w, h = int(desc.get("width", 33)), int(desc.get("height", 10))
    return BoardMetadata(
        name=str(desc.get("name", "fx")), version=str(desc.get("version", "1.0")),
        image_name=f"bd{desc.get('name', 'fx')}.png", width=w, height=h,
        hex_width=float(desc.get("hexWidth", DEFAULT_HEX_WIDTH)), hex_height=float(desc.get("hexHeight", DEFAULT_HEX_HEIGHT)),
        building_types=dict(desc.get("buildings", {})),
        a1_center_x=None if desc.get("A1CenterX") is None else float(desc["A1CenterX"]),
        a1_center_y=None if desc.get("A1CenterY") is None else float(desc["A1CenterY"]),
        alt_hex_grain=bool(desc.get("altHexGrain", False)),
        overlay_rules={str(rule): tuple((str(p["image"]), int(p.get("x", 0)), int(p.get("y", 0))) for p in places)
                       for rule, places in dict(desc.get("overlays", {})).items()},
        underlay_rules=tuple(str(u) for u in desc.get("underlays", ())),
    )


def board_grid(desc: Mapping[str, Any]) -> tuple[BoardMetadata, Grid]:
    """The metadata and the terrain grid a description paints."""
    meta = _meta(desc)
    gw = int(desc.get("gridWidth", round(meta.hex_width * (meta.width - 1))))
    gh = int(desc.get("gridHeight", round(meta.hex_height * meta.height)))
    geo = BoardGeometry.of(meta, gw, gh)
    where = {geo.name(c, r): (c, r) for c, r in geo.hexes()}
    terrain = bytearray(gw * gh)
    elevation = bytearray(gw * gh)

    def at(name: str) -> tuple[int, int]:
        if name not in where:
            raise BoardError(f"the description names {name!r}, not a hex of the board")
        return where[name]

    def fill(arr: bytearray, col: int, row: int, value: int, cover: float = 1.0, shift: tuple[float, float] = (0, 0),
             stripe: str = "") -> None:
        cx, cy = geo.center(col, row)
        cx, cy = cx + shift[0], cy + shift[1]
        radius = math.sqrt(cover * meta.hex_width * meta.hex_height / math.pi)
        b = bytes((value & 0xFF,))
        if stripe:  # a band 12 pixels wide through the centre, along a hex grain
            a = math.radians((90, 150, 30)[DIRECTION_NAMES.index(stripe) % 3])
            ux, uy = math.cos(a), math.sin(a)  # screen axes, y down
            for x, y0, y1 in geo.spans(col, row):
                for y in range(y0, y1):
                    if abs((x - cx) * uy - (y - cy) * ux) <= 6:
                        arr[x * gh + y] = value & 0xFF
            return
        for x, y0, y1 in geo.spans(col, row):
            if cover < 1:
                dx = x - cx
                if abs(dx) > radius:
                    continue
                half = math.sqrt(radius * radius - dx * dx)
                y0, y1 = max(y0, math.ceil(cy - half)), min(y1, math.floor(cy + half) + 1)
                if y1 <= y0:
                    continue
            arr[x * gh + y0:x * gh + y1] = b * (y1 - y0)

    for name, level in desc.get("levels", {}).items():
        fill(elevation, *at(name), int(level))
    for name, specs in desc.get("hexes", {}).items():
        col, row = at(name)
        for spec in specs if isinstance(specs, list) else [specs]:
            if "level" in spec and spec.get("shaped"):  # the level under the code's disc or stripe only
                sx, sy = spec.get("shift", (0, 0))
                fill(elevation, col, row, int(spec["level"]), float(spec.get("cover", 1.0)), (float(sx), float(sy)),
                     str(spec.get("stripe", "")))
            elif "level" in spec:
                fill(elevation, col, row, int(spec["level"]))
            if "code" in spec:
                sx, sy = spec.get("shift", (0, 0))
                fill(terrain, col, row, int(spec["code"]), float(spec.get("cover", 1.0)), (float(sx), float(sy)),
                     str(spec.get("stripe", "")))
    for name, dname, code in desc.get("sides", []):
        col, row = at(name)
        (ax, ay), (bx, by) = geo.side(col, row, DIRECTION_NAMES.index(dname))
        length = math.hypot(bx - ax, by - ay)
        for x in range(max(int(min(ax, bx)) - 3, 0), min(int(max(ax, bx)) + 4, gw)):
            for y in range(max(int(min(ay, by)) - 3, 0), min(int(max(ay, by)) + 4, gh)):
                t = ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / (length * length)
                if 0.04 <= t <= 0.96 and abs((x - ax) * (by - ay) - (y - ay) * (bx - ax)) / length <= 2.0:
                    terrain[x * gh + y] = int(code)
    stairways = bytes(hex_count(meta.width, meta.height))
    return meta, Grid(meta.width, meta.height, gw, gh, bytes(elevation), bytes(terrain), stairways)


def _hex_rgb(fill: str) -> tuple[int, int, int]:
    return int(fill[1:3], 16), int(fill[3:5], 16), int(fill[5:7], 16)


def png(grid: Grid) -> bytes:
    """A palette PNG of the grid: each pixel in the colour of its terrain code's Airhead type."""
    types = terrain_types("terrain_asl")
    palette = bytearray(3 * 256)
    for c, k in codes().items():
        fill = types[k.terrain].fill if k.terrain in types else ("#5a4630" if k.side else "#808080")
        palette[3 * c:3 * c + 3] = bytes(_hex_rgb(fill))
    gw, gh, t = grid.grid_width, grid.grid_height, grid.terrain
    raw = b"".join(b"\x00" + t[y::gh] for y in range(gh))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", gw, gh, 8, 3, 0, 0, 0))
            + chunk(b"PLTE", bytes(palette)) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def solid_png(width: int, height: int, color: str = "#ff0000") -> bytes:
    """A PNG of ``width`` × ``height`` pixels of one colour (an overlay's picture, for tests)."""
    raw = (b"\x00" + bytes(_hex_rgb(color)) * width) * height

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def ssr_controls_xml(entries: Any, group: str = "Board Special overlays") -> bytes:
    """A board's ``SSRControls`` as VASL writes it: one ``Option`` of ``Checkbox`` entries
    (``entries``: ``{"rule", "name"}`` each), or ``entries`` itself when it is text."""
    if isinstance(entries, str):
        return entries.encode("utf-8")
    root = ElementTree.Element("SSRControls")
    option = ElementTree.SubElement(root, "Option", {"name": group})
    for e in entries:
        box = ElementTree.SubElement(option, "Checkbox", {"name": ""})
        ElementTree.SubElement(box, "entry", {"name": str(e.get("name", e["rule"])), "rule": str(e["rule"]),
                                              "text": str(e.get("text", e.get("name", e["rule"])))})
    return ElementTree.tostring(root)


def _metadata_xml(meta: BoardMetadata) -> bytes:
    root = ElementTree.Element("boardMetadata", {
        "name": meta.name, "version": meta.version, "versionDate": "Jan 2020", "author": "Airhead tests",
        "boardImageFileName": meta.image_name, "hasHills": "TRUE", "width": str(meta.width), "height": str(meta.height),
        "hexWidth": repr(meta.hex_width), "hexHeight": repr(meta.hex_height),
    })
    if meta.a1_center_x is not None:
        root.set("A1CenterX", repr(meta.a1_center_x))
    if meta.a1_center_y is not None:
        root.set("A1CenterY", repr(meta.a1_center_y))
    if meta.alt_hex_grain:
        root.set("altHexGrain", "TRUE")
    bts = ElementTree.SubElement(root, "buildingTypes")
    for hexname, kind in meta.building_types.items():
        ElementTree.SubElement(bts, "buildingType", {"hexName": hexname, "buildingTypeName": kind})
    rules = ElementTree.SubElement(root, "overlaySSRules")
    for name in meta.underlay_rules:
        u = ElementTree.SubElement(rules, "underlaySSRule", {"name": name, "image": "CactusPattern.gif"})
        ElementTree.SubElement(u, "color", {"name": "WallBrown"})
    for name, places in meta.overlay_rules.items():
        if len(places) == 1:
            image, x, y = places[0]
            ElementTree.SubElement(rules, "overlaySSRule", {"name": name, "image": image, "x": str(x), "y": str(y)})
        else:
            group = ElementTree.SubElement(rules, "overlaySSRuleSet", {"name": name})
            for image, x, y in places:
                ElementTree.SubElement(group, "overlaySSRuleImage", {"image": image, "x": str(x), "y": str(y)})
    return b'<?xml version="1.0"?>\n' + ElementTree.tostring(root)


def write_board(desc: Mapping[str, Any], *, members: Mapping[str, bytes] | None = None) -> bytes:
    """A board archive (zip bytes) painted from ``desc``; ``members`` adds or replaces files."""
    meta, grid = board_grid(desc)
    files: dict[str, bytes] = {"BoardMetadata.xml": _metadata_xml(meta), "LOSData": write_losdata(grid),
                               "data": b"version 6.0\n"}
    if desc.get("image", True):
        files[meta.image_name] = png(grid)
    if desc.get("ssrControls") is not None:
        files["SSRControls"] = ssr_controls_xml(desc["ssrControls"])
    for places in dict(desc.get("overlays", {})).values():
        for p in places:
            if p.get("present", True):
                files[str(p["image"])] = solid_png(int(p.get("width", 60)), int(p.get("height", 40)),
                                                   str(p.get("color", "#ff0000")))
    files.update(members or {})
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, body in files.items():
            zf.writestr(zipfile.ZipInfo(name, _DATE), body, zipfile.ZIP_DEFLATED)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    """``python -m tools.board_writer DESCRIPTION -o FILE``: write a board archive for tests."""
    import argparse
    import json
    import sys

    p = argparse.ArgumentParser(prog="python -m tools.board_writer",
                                description="Write a board archive in VASL's format from a JSON description (for tests).")
    p.add_argument("description", help="the JSON description (see this module's docstring)")
    p.add_argument("-o", "--output", required=True, help="the archive to write")
    args = p.parse_args(argv)
    try:
        with open(args.description, encoding="utf-8") as f:
            data = write_board(json.load(f))
        with open(args.output, "wb") as f:
            f.write(data)
    except (BoardError, OSError, ValueError) as e:
        print(f"board_writer: {e}", file=sys.stderr)
        return 2
    print(f"wrote {args.output} ({len(data):,} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

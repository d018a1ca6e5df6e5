"""The command line's board commands: ``board info FILE [--json]`` and ``los --board FILE --map
LAYOUT FROM TO``, and the ``--board``/``--map`` options of ``svg``.

Above the rules: the board reader (:mod:`airhead.vasl`) imports none, this module brings the
boards and the rules together (a test board is written by ``python -m tools.board_writer``, not
by the app). Every refusal is an :class:`~airhead.errors.AirheadError` or :class:`OSError`
(:mod:`airhead.__main__` prints it and exits 2)."""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any

from .hexes import DIRECTION_NAMES, opposite
from .tables import terrain_types
from .terrain import HexTerrain
from .vasl.archive import MAX_ARCHIVE_BYTES
from .vasl.derive import AROUND_DOT, ON_DOT, SPECKLED_KEY, DerivedBoard, codes
from .vasl.losdata import BoardError

if TYPE_CHECKING:
    import argparse
    from .svg import Art

__all__ = ["add_parser", "run", "read_file", "board_json", "load", "scenario_on", "art_of", "add_los_parser", "run_los"]


def add_parser(sub: Any) -> None:
    """The ``board`` command and its subcommands."""
    p = sub.add_parser("board", help="read a VASL board archive (info)")
    bsub = p.add_subparsers(dest="board_command", required=True)
    p_info = bsub.add_parser("info", help="print a board's metadata and every hex's derived terrain")
    p_info.add_argument("file", help="the board archive (e.g. bd02, as VASL's board library has it)")
    p_info.add_argument("--json", action="store_true", help="print JSON: {board: metadata, hexes: {A1: {...}}}")
    p_info.add_argument("--ssr", default="", metavar="NAMES",
                        help="VASL's SSR terrain options to apply, e.g. NoHedges,Level2ToLevel1, and the board's own "
                             "(its SSRControls: BSO_10_PondToOG, a picture only)")
    p_info.add_argument("--speckled-on-dot", action="store_true", help=SPECKLED_HELP)


#: The ``--speckled-on-dot`` flag's help (the setting "Speckled terrain (grain) read").
SPECKLED_HELP = ("read speckled terrain (grain) on the one pixel under each hex's centre dot, as VASL reads it "
                 "(by default, the most common terrain within 5 pixels of the dot)")


def read_file(path: str) -> bytes:
    """A board archive's bytes, refused before reading if it is too large."""
    size = os.path.getsize(path)
    if size > MAX_ARCHIVE_BYTES:
        raise BoardError(f"{path} is too large to be a board archive ({size:,} bytes)")
    with open(path, "rb") as f:
        return f.read()


def load(path: str) -> DerivedBoard:
    """Read a board archive file into the device's library (:data:`.library.LIBRARY`)."""
    from .vasl.library import LIBRARY

    try:
        return LIBRARY.add(read_file(path))
    except BoardError as e:
        raise BoardError(f"{path}: {e}") from None


def scenario_on(layout_text: str, boards: list[DerivedBoard], ssr_text: str = "", speckled: str = AROUND_DOT) -> Any:
    """A new ASL scenario on imported boards (``--map "2 4"``: the New map form's text), with
    VASL's SSR terrain options ``ssr_text`` (``--ssr NoHedges,Level2ToLevel1``) and the boards'
    own (``BSO_10_PondToOG`` or ``10:BSO_10_PondToOG``: pictures only); speckled terrain read as
    ``speckled`` chooses (``--speckled-on-dot``: :data:`.derive.ON_DOT`)."""
    from .systems import load_scenario
    from .vasl.library import parse_layout, scenario_data

    data = scenario_data(parse_layout(layout_text), boards, ssr_text=ssr_text)
    if speckled != AROUND_DOT:
        data["settings"] = {SPECKLED_KEY: speckled}
    return load_scenario(data)


def art_of(scenario: Any, size: float) -> list[Art]:
    """The pictures of a scenario's imported boards as ``data:`` addresses, placed for the SVG (a
    board whose file holds none: its terrain colours, and its name says so), each followed by
    the overlay pictures of the scenario's SSR options its file holds."""
    import base64

    from .vasl.archive import BoardImage
    from .vasl.library import LIBRARY, board_art

    def href(_board: DerivedBoard, img: BoardImage) -> str:
        return f"data:image/{img.format};base64," + base64.b64encode(img.data).decode("ascii")

    hrefs = {}
    for bid, ref in scenario.boards.items():
        board = LIBRARY.get(ref.sha256)
        if board is not None and board.archive.image is not None:
            hrefs[bid] = href(board, board.archive.image)
    return [a.svg() for a in board_art(scenario.map, scenario.boards, hrefs, size, ssr=scenario.ssr, overlay_href=href)]


def _with_ssr(board: DerivedBoard, names: list[str],
              speckled: str = AROUND_DOT) -> tuple[dict[str, HexTerrain], dict[str, dict[str, str]]]:
    """Each hex's terrain and hexside features (by hex name) with VASL's SSR options ``names``
    applied, as a map of the board alone has them (the board is in the device's library)."""
    from .boards import HexMap
    from .vasl.library import BoardRef, board_id, imported_terrain, scenario_data
    from .vasl.ssr import apply_ssr

    data = scenario_data([[board_id(board)]], [board])
    hmap = HexMap.from_data(data["map"])
    refs = {bid: BoardRef.from_data(r) for bid, r in data["boards"].items()}
    terrain = apply_ssr(imported_terrain(hmap, refs, speckled=speckled), names, hmap.hexes())
    prefix = next(iter(refs))
    hexes: dict[str, HexTerrain] = {}
    sides: dict[str, dict[str, str]] = {}
    for name in board.hexes:
        h = hmap.parse(prefix + name)
        hexes[name] = terrain.at(h)
        for d in range(6):
            for feature in sorted(terrain.side(h, d)):
                sides.setdefault(name, {})[DIRECTION_NAMES[d]] = feature
    return hexes, sides


def board_json(board: DerivedBoard, ssr: list[str] | None = None, speckled: str = AROUND_DOT) -> dict[str, Any]:
    """The board as ``board info --json`` prints it (with ``ssr``: VASL's SSR terrain options
    applied, each changed hex saying so; speckled terrain read as ``speckled`` chooses)."""
    sides: dict[str, dict[str, str]] = {}
    for name, d, feature, _why in board.sides:
        sides.setdefault(name, {})[DIRECTION_NAMES[d]] = feature
        hx = board.hexes[name]
        other = board.geometry.neighbour(hx.col, hx.row, d)
        if 0 <= other[0] < board.geometry.width and 0 <= other[1] < board.geometry.height + other[0] % 2:
            sides.setdefault(board.geometry.name(*other), {})[DIRECTION_NAMES[opposite(d)]] = feature
    changed: dict[str, HexTerrain] = {}
    if ssr:
        changed, sides = _with_ssr(board, ssr, speckled)
    table = codes()
    hexes: dict[str, Any] = {}
    for name, h in board.read(speckled).items():
        t = changed.get(name, h.terrain)
        entry: dict[str, Any] = {"terrain": t.terrain, "level": t.base_level, "hexsides": sides.get(name, {})}
        if t.obstacle:
            entry["obstacle"] = t.obstacle
        for key, value in t.to_data().items():
            if key in ("water", "bridge", "label", "shellholes", "trench"):
                entry[key] = value
        entry["why"] = h.why + (f"; SSR {', '.join(n for n in ssr or () if ':' not in n)} changed it"
                                if t != h.terrain else "")
        entry["pixels"] = {table[c].name: round(s, 3) for c, s in h.shares}
        hexes[name] = entry
    meta = board.archive.metadata.to_data()
    meta.update({"sha256": board.archive.sha256, "bytes": board.archive.size,
                 "grid": [board.archive.grid.grid_width, board.archive.grid.grid_height]})
    if board.archive.image is not None:
        img = board.archive.image
        meta["picture"] = {"name": img.name, "format": img.format, "width": img.width, "height": img.height}
    out: dict[str, Any] = {"board": meta, "options": _options(board), "speckled": speckled, "hexes": hexes}
    if ssr:
        out["ssr"] = list(ssr)
        out["overlays"] = _overlays(board, ssr)
    unreadable = _options_unreadable(board)
    if unreadable:
        out["options_unreadable"] = unreadable
    return out


def _options(board: DerivedBoard) -> list[dict[str, str]]:
    """The board's own SSR options (its ``SSRControls``), each with what it does here."""
    from .vasl.board_ssr import board_options, option_effect

    out = []
    for o in board_options(board.archive)[0]:
        effect = option_effect(board.archive, o.rule)
        out.append({"rule": o.rule, "name": o.name, "group": o.group, "effect": effect.kind, "words": effect.words})
    return out


def _options_unreadable(board: DerivedBoard) -> str:
    from .vasl.board_ssr import board_options

    return board_options(board.archive)[1]


def _overlays(board: DerivedBoard, ssr: list[str]) -> list[dict[str, Any]]:
    """The overlay pictures the options ``ssr`` paste over the board, where VASL places them."""
    from .vasl.board_ssr import overlays_for
    from .vasl.library import board_id

    try:
        bid = board_id(board)
    except BoardError:
        return []
    return [{"image": pic.name, "x": x, "y": y, "width": pic.width, "height": pic.height}
            for pic, x, y in overlays_for(board, bid, ssr)]


def _text(board: DerivedBoard, ssr: list[str] | None = None, speckled: str = AROUND_DOT) -> str:
    m = board.archive.metadata
    labels = {k: t.label for k, t in terrain_types("terrain_asl").items()}
    lines = [f"board {m.name}, version {m.version or '?'} ({m.width} × {m.height} hexes, "
             f"grid {board.archive.grid.grid_width} × {board.archive.grid.grid_height} pixels, "
             f"{board.archive.size:,} bytes, SHA-256 {board.archive.sha256})"]
    whole = board_json(board, ssr, speckled)
    if whole["options"]:
        lines.append("the board's own SSR options (its SSRControls):")
        for o in whole["options"]:
            lines.append(f"  {o['rule']}: {o['name']} — {o['words']}")
    elif whole.get("options_unreadable"):
        lines.append(f"the board's own SSR options cannot be listed: {whole['options_unreadable']}")
    if ssr:
        lines.append(f"(with the SSR terrain options {', '.join(ssr)})")
        for n in ssr:
            if ":" in n:
                rule = n.split(":", 1)[1]
                words = next((o["words"] for o in whole["options"] if o["rule"] == rule), "")
                lines.append(f"  {n}: board {n.split(':', 1)[0]}'s own option, {words}")
        for pic in whole.get("overlays", []):
            lines.append(f"  drawn over the picture: {pic['image']} at {pic['x']}, {pic['y']} "
                         f"({pic['width']} × {pic['height']} pixels)")
    data = whole["hexes"]
    for name in board.hexes:
        e = data[name]
        what = e.get("label") or labels.get(e["terrain"], e["terrain"])
        extra = [f"{k} {v}" for k, v in e["hexsides"].items()]
        lines.append(f"{name:>5}  {what}, level {e['level']:g}" + (f"  [{', '.join(extra)}]" if extra else "") + f"  — {e['why']}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Run a ``board`` subcommand (a refusal raises: :mod:`airhead.__main__` says it)."""
    from .vasl import read_board
    from .vasl.library import LIBRARY, board_id, parse_ssr

    try:
        data = read_file(args.file)
        board = LIBRARY.add(data) if args.ssr.strip() else read_board(data)
    except BoardError as e:
        raise BoardError(f"{args.file}: {e}") from None
    try:
        own = {board_id(board): board}
    except BoardError:  # a board that cannot go on a map: the shared options only
        own = {}
    ssr = parse_ssr(args.ssr, own)
    speckled = ON_DOT if args.speckled_on_dot else AROUND_DOT
    if args.json:
        print(json.dumps(board_json(board, ssr, speckled), indent=1))
    else:
        print(_text(board, ssr, speckled))
    return 0


def add_los_parser(sub: Any) -> None:
    """The ``los`` command: a line of sight traced over board files."""
    p = sub.add_parser("los", help="trace a line of sight over VASL board files (and at hex level)")
    p.add_argument("--board", action="append", required=True, metavar="FILE", help="a VASL board archive (repeatable)")
    p.add_argument("--map", required=True, metavar="LAYOUT", help='the map, as New map takes it: "2 4", "2;4a 4b*", "2[A-P]" (rows split by \';\', \'*\' turns a board, '
                   '[A-P] or [1-5] crops it, blank:NAME a blank geoboard)')
    p.add_argument("source", metavar="FROM", help="the viewer's hex, e.g. 2B2")
    p.add_argument("target", metavar="TO", help="the target's hex")
    p.add_argument("--from-level", type=float, default=0, help="the viewer's level above its hex's ground (default 0)")
    p.add_argument("--to-level", type=float, default=0, help="the target's level above its hex's ground (default 0)")
    p.add_argument("--json", action="store_true", help="print JSON: result, blocked_at, hindrances, hexes")
    p.add_argument("--ssr", default="", metavar="NAMES", help="VASL's SSR terrain options, e.g. NoHedges,Level2ToLevel1 "
                   "(applied to the hexes and to the boards' pixels the trace reads, as VASL applies them); a board's "
                   "own (BSO_10_PondToOG or 10:BSO_10_PondToOG) is its picture only and changes no terrain")
    p.add_argument("--speckled-on-dot", action="store_true", help=SPECKLED_HELP + "; the trace reads grain's pixels "
                   "either way: only the hexes' terrain changes")


def run_los(args: argparse.Namespace) -> int:
    """Run ``los``: the precise trace over the boards' pixels, and the hex-level reading beside it."""
    from .asl.los import Location, los
    from .asl.los_grid import trace

    boards = [load(path) for path in args.board]
    sc = scenario_on(args.map, boards, args.ssr, ON_DOT if args.speckled_on_dot else AROUND_DOT)
    m = sc.map
    a, b = Location(m.parse(args.source), args.from_level), Location(m.parse(args.target), args.to_level)
    sight = trace(sc, a, b)
    coarse = los(sc.terrain, a, b)
    if args.json:
        print(json.dumps({
            "result": sight.result,
            "blocked_at": m.name(sight.blocked_at) if sight.blocked_at is not None else None,
            "hindrances": [m.name(h) for h, _drm in sight.hindrances],
            "drm": sight.drm,
            "hexes": [{"hex": m.name(g.hex), "what": g.what, "top": g.top, "effect": g.effect, "drm": g.drm, "why": g.why}
                      for g in sight.hexes],
            "lines": sight.explain(m.name),
            "hex_level": {"result": "blocked" if coarse.blocked else ("hindered" if coarse.drm else "clear")},
        }, indent=1))
    else:
        print("\n".join(sight.explain(m.name)))
        verdict = "blocked" if coarse.blocked else "clear"
        print(f"(read hex by hex, as on a painted map: {verdict})")
    return 0

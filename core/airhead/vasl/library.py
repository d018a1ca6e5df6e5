"""The boards this device has imported, and their terrain placed on a map.

A save or a link never carries a board: a map names each imported board by a :class:`BoardRef`
(the board's name, version and the SHA-256 of its archive), and the terrain comes from the
boards the device holds: the page loads them from its storage into :data:`LIBRARY` before it
opens a game, the command line from the files it is given. A game whose board is not here is
refused with :class:`MissingBoardError`, which names the board; a player may choose to open it
on blank terrain (:meth:`BoardLibrary.stand_in`), and :attr:`BoardLibrary.blank` then says so.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..boards import ASL_BOARD_ID, AslBoard, HexMap, from_doubled, to_doubled
from ..errors import DataError, MissingBoardError, quoted
from ..hexes import Hex, Hexside
from ..terrain import HexTerrain, Terrain
from .archive import BoardImage
from .derive import AROUND_DOT, DerivedBoard, DerivedHex, speckled_reading
from .losdata import BoardError

__all__ = ["BoardRef", "MissingBoardError", "BoardLibrary", "LIBRARY", "board_id", "card_name", "board_shape", "BLANK",
           "imported_terrain", "scenario_data",
           "Frame", "frames", "Art", "board_art", "hex_reading", "blank_boards", "parse_layout",
           "cell_board", "parse_ssr", "map_boards", "reread_speckled"]

_SHA = re.compile(r"^[0-9a-f]{64}$")
_TEXT = re.compile(r"^[^\x00-\x1f\x7f]{1,40}$")
#: The most boards a device keeps in memory at once (about 2.5 MB each).
MAX_LOADED = 16


@dataclass(frozen=True)
class BoardRef:
    """An imported board as a map names it: name and version (as its metadata gives them) and
    the SHA-256 of its archive."""

    name: str
    version: str
    sha256: str

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _TEXT.match(self.name):
            raise DataError(f"an imported board's name is short text, not {quoted(self.name)}")
        if not isinstance(self.version, str) or len(self.version) > 40:
            raise DataError("an imported board's version is short text")
        if not isinstance(self.sha256, str) or not _SHA.match(self.sha256):
            raise DataError("an imported board is named by the SHA-256 of its file (64 hexadecimal digits)")

    def to_data(self) -> dict[str, str]:
        """JSON form."""
        return {"name": self.name, "version": self.version, "sha256": self.sha256}

    @classmethod
    def from_data(cls, data: Any) -> BoardRef:
        """Inverse of :meth:`to_data`; :class:`DataError` on anything else."""
        if type(data) is not dict or set(data) != {"name", "version", "sha256"}:
            raise DataError("an imported board is {name, version, sha256}")
        return cls(data["name"], data["version"], data["sha256"])

    def describe(self) -> str:
        """The board as a player reads it: ``VASL board 02, version 6.4``."""
        return f"VASL board {self.name}" + (f", version {self.version}" if self.version else "")


#: How New map asks for a blank geoboard by any name: ``blank:4b`` (a 33 × 10 board, hexes from A1).
BLANK = "blank:"


def card_name(name: str) -> str:
    """A board's name as a scenario card gives it, from the name its VASL metadata or file gives:
    ``02`` is board ``2``, ``bd79`` board ``79``, ``4b``, ``a``, ``BFPA`` and ``Blank0`` stay."""
    text = name.strip()
    if re.fullmatch(r"bd[0-9A-Za-z]+", text):
        text = text[2:]
    if re.fullmatch(r"0+[0-9]+[a-z]?", text):
        text = text.lstrip("0") or "0"
    return text


def board_shape(board: DerivedBoard) -> AslBoard:
    """Where a board's hexes are on a map: its size in hexes and its first hex (``Q1`` for a
    "b" board, ``A11`` for the lower half of a double board); :class:`BoardError` says why a
    board cannot go on a map."""
    g = board.geometry
    m = board.archive.metadata
    if m.alt_hex_grain:
        raise BoardError(f"board {board.name} cannot go on a map: its hexes are turned a quarter (their rows run "
                         "across the board), and Airhead lays hexes in columns")
    if not (3 <= g.width <= 200 and 1 <= g.height <= 200):
        raise BoardError(f"board {board.name} cannot go on a map: it is {g.width} × {g.height} hexes "
                         "(a map's boards have 3 to 200 columns and 1 to 200 rows)")
    try:
        return AslBoard(g.width, g.height, 16 if g.ab_board else 0, g.row_offset)
    except DataError as e:
        raise BoardError(f"board {board.name} cannot go on a map: {e}") from None


def board_id(board: DerivedBoard) -> str:
    """The id a map gives an imported board: its name as a scenario card gives it (VASL's ``02``
    is board ``2``, ``bd79`` board ``79``; ``4b``, ``a``, ``BFPA`` stay); :class:`BoardError`
    says why a board cannot go on a map."""
    bid = card_name(board.name)
    if not ASL_BOARD_ID.match(bid):
        raise BoardError(f"board {board.name} cannot go on a map: a map names its boards by up to 12 letters and "
                         "digits, and this board's name has other characters")
    board_shape(board)
    return bid


class BoardLibrary:
    """Imported boards by the SHA-256 of their archives (most recently used kept)."""

    def __init__(self) -> None:
        self._boards: dict[str, DerivedBoard] = {}
        self._blank: set[str] = set()

    def add(self, data: bytes) -> DerivedBoard:
        """Read, derive and keep a board archive (the same file twice is kept once)."""
        import hashlib

        from . import read_board

        sha = hashlib.sha256(data).hexdigest()
        known = self._boards.pop(sha, None)
        board = known if known is not None else read_board(data)
        self._boards[sha] = board
        self._blank.discard(sha)
        while len(self._boards) > MAX_LOADED:
            del self._boards[next(iter(self._boards))]
        return board

    def get(self, sha256: str) -> DerivedBoard | None:
        """The board of that archive, if this device holds it."""
        return self._boards.get(sha256)

    def stand_in(self, sha256: str) -> None:
        """Open games on this board on blank terrain until its file is imported."""
        self._blank.add(sha256)

    def blank(self, sha256: str) -> bool:
        """True if games on this board open on blank terrain."""
        return sha256 in self._blank and sha256 not in self._boards

    def remove(self, sha256: str) -> None:
        """Forget a board."""
        self._boards.pop(sha256, None)
        self._blank.discard(sha256)

    def clear(self) -> None:
        """Forget every board (the page starts again from what its storage holds)."""
        self._boards.clear()
        self._blank.clear()

    def boards(self) -> tuple[DerivedBoard, ...]:
        """Every board held, the least recently read first."""
        return tuple(self._boards.values())


#: The device's boards (the page fills it from its storage; the command line from its files).
LIBRARY = BoardLibrary()


def imported_terrain(hmap: HexMap, refs: Mapping[str, BoardRef], library: BoardLibrary | None = None,
                     speckled: str = AROUND_DOT) -> Terrain:
    """The terrain of a map's imported boards, placed (and turned) as the map places them, speckled
    terrain read as ``speckled`` chooses (:data:`.derive.AROUND_DOT` or :data:`.derive.ON_DOT`);
    :class:`MissingBoardError` naming every board the library lacks."""
    lib = library if library is not None else LIBRARY
    if hmap.naming != "asl":
        raise DataError("imported VASL boards go on ASL maps only")
    unplaced = [bid for bid in refs if bid not in {p.board_id for p in hmap.placements}]
    if unplaced:
        raise DataError(f"the map names imported board {unplaced[0][:8]}, which it does not place")
    missing = [(bid, ref) for bid, ref in refs.items() if lib.get(ref.sha256) is None and not lib.blank(ref.sha256)]
    if missing:
        raise MissingBoardError(missing)
    hexes: dict[Hex, HexTerrain] = {}
    sides: dict[Hexside, frozenset[str]] = {}
    by_id = {p.board_id: p for p in hmap.placements}
    seen: set[Hex] = set()
    for bid, ref in refs.items():
        p = by_id[bid]
        board = lib.get(ref.sha256)
        if board is None:
            continue  # opened on blank terrain, as the player chose
        g, pg = board.geometry, p.geometry
        if not isinstance(pg, AslBoard):
            raise DataError("imported VASL boards go on ASL maps only")
        if (g.width, g.height) != pg.full:
            raise DataError(f"board {bid} ({ref.describe()}) is {g.width} × {g.height} hexes; the map places a "
                            f"{pg.full[0]} × {pg.full[1]} board there")
        shape = board_shape(board)
        if shape.first != pg.first:
            raise DataError(f"board {bid} ({ref.describe()}) names its hexes from {shape.first}; the map places a "
                            f"board named from {pg.first} there")
        dc, dr = pg.crop[0], pg.crop[2]  # a cropped board: its hexes in play only

        def place(dh: DerivedHex) -> tuple[int, int]:
            col = dh.col + 1 - dc
            return p.to_global(col, pg.local_y2(col, dh.row + (1 if dh.col % 2 == 0 else 0) - dr))

        for dh in board.read(speckled).values():
            x, y2 = place(dh)
            h = from_doubled(x, y2)
            if not p.contains(h):
                continue
            # an edge hex two boards share (GG of one, A of the next): the half that is not open
            # ground, the first board's if both are not
            if h not in seen or h not in hexes:
                seen.add(h)
                if not dh.terrain.is_default():
                    hexes[h] = dh.terrain
        for name, d, feature, _why in board.sides:
            h = from_doubled(*place(board.hexes[name]))
            dd = (d + 3) % 6 if p.rotated else d
            if not (p.contains(h) or p.contains(h.neighbor(dd))):
                continue
            key = Hexside.of(h, dd)
            sides[key] = sides.get(key, frozenset()) | {feature}
    return Terrain(hexes, sides)


def reread_speckled(scenario: Any, terrain: Terrain, reading: str,
                    library: BoardLibrary | None = None) -> tuple[Terrain, Terrain]:
    """A map's boards read again with speckled terrain read as ``reading`` (the setting changed in
    play): the boards' terrain under the game's SSR terrain options (:attr:`.Scenario.base`), and
    ``terrain`` with each hex the new reading changes and the players did not, as the boards now
    read it (a hex the players changed keeps their change). :class:`DataError` if a board is gone."""
    from .ssr import apply_ssr

    hexes = scenario.map.hexes()
    base = imported_terrain(scenario.map, scenario.boards, library, reading)
    if scenario.ssr:
        base = apply_ssr(base, list(scenario.ssr), hexes)
    old, out = scenario.base, terrain
    for h in set(old.hexes) | set(base.hexes):
        was, now = old.at(h), base.at(h)
        if was != now and terrain.at(h) == was:
            out = out.set_hex(h, now)
    return base, out


def boards_work(refs: Mapping[str, BoardRef], library: BoardLibrary | None = None) -> int:
    """The work of reading the boards ``refs`` names (each file once; a board opened on blank
    terrain, none): what opening a game on them spends of the open budget before its replay
    (:attr:`.DerivedBoard.work`, the same whether or not the device read them before)."""
    lib = library if library is not None else LIBRARY
    held = {ref.sha256: lib.get(ref.sha256) for ref in refs.values()}
    return sum(b.work for b in held.values() if b is not None)


def parse_layout(text: str) -> list[list[str]]:
    """A map's text as New map and ``--map`` take it → rows of board names: rows on separate lines
    (or split by ``;``), boards separated by spaces or commas; a trailing ``*`` turns a board 180°
    (``4 5*``)."""
    rows = []
    for line in text.replace(";", "\n").splitlines():
        ids = [b for b in line.replace(",", " ").split() if b]
        if ids:
            rows.append(ids)
    return rows


def scenario_data(layout: list[list[str]], boards: Iterable[DerivedBoard], *, name: str = "",
                  system: str = "asl", strict: bool = True, held: Iterable[str] = (),
                  ssr: Sequence[str] = (), ssr_text: str = "") -> dict[str, Any]:
    """A new scenario's data on boards laid out in rows of board names (``*``: turned 180°), each
    as a scenario card names it: an imported board of ``boards`` (``4b``, ``a``, ``79`` for VASL's
    ``bd79``, matched whatever the case), or a blank geoboard asked for as ``blank:NAME``. Without
    ``strict`` a board number no board of ``boards`` carries (``5``) is a blank geoboard too (the
    app's New map says so); any other name is refused with the boards the device holds
    (``boards`` and ``held``, the names of boards stored but not read yet). ``ssr`` names VASL's
    SSR terrain options the scenario applies to its boards (:mod:`.ssr`); ``ssr_text`` more, as a
    player types them, the map's boards' own options among them (:func:`parse_ssr`)."""
    by_id: dict[str, DerivedBoard] = {}
    why: dict[str, str] = {}
    for b in boards:
        try:
            by_id.setdefault(board_id(b).lower(), b)
        except BoardError as e:
            why[card_name(b.name).lower()] = str(e)
    cells: list[list[tuple[str, bool, DerivedBoard | None]]] = []
    crop: dict[str, str] = {}
    for row in layout:
        out_row = []
        for cell in row:
            m = _CELL.match(cell.strip())
            if m is None:
                raise DataError(f"{quoted(cell, 20)} is not a board as a map gives it (like 4, 4b*, or 2[A-P])")
            text, turned = m["name"].strip(), bool(m["t1"] or m["t2"])
            blank = text.lower().startswith(BLANK)
            key = card_name(text[len(BLANK):] if blank else text)
            board = None if blank else by_id.get(key.lower())
            if board is not None:
                key = board_id(board)
            elif not blank and key.lower() in why:
                raise BoardError(why[key.lower()])
            elif not blank and (strict or not re.fullmatch(r"[0-9]+", key)):
                names = sorted({board_id(b) for b in by_id.values()} | {card_name(n) for n in held})
                listed = ", ".join(names[:40]) or "none"
                raise DataError(f"board {key[:12]} is not among the imported boards ({listed}): import its file, "
                                f"or write {BLANK}{key[:12]} for a blank geoboard")
            if not ASL_BOARD_ID.match(key):
                raise DataError(f"a board is named by up to 12 letters and digits, not {quoted(key, 16)}")
            if m["crop"] is not None:
                crop[key] = m["crop"].strip()
            out_row.append((key, turned, board))
        cells.append(out_row)
    imported = [(k, b) for row in cells for k, _t, b in row if b is not None]
    scales = {k: b.geometry.hex_width for k, b in imported}
    if any(k not in scales for row in cells for k, _t, _b in row):
        scales["a blank geoboard"] = 56.25
    if scales and max(scales.values()) > 1.1 * min(scales.values()):
        big, small = max(scales, key=scales.__getitem__), min(scales, key=scales.__getitem__)
        raise DataError(f"board {big}'s hexes are {scales[big]:.0f} pixels wide and {small}'s {scales[small]:.0f}: "
                        "boards of different hex sizes cannot share a map")
    refs: dict[str, Any] = {}
    first: dict[str, str] = {}
    sizes: dict[str, tuple[int, int]] = {}
    for key, board in imported:
        md = board.archive.metadata
        refs[key] = {"name": md.name, "version": md.version, "sha256": board.archive.sha256}
        shape = board_shape(board)
        sizes[key] = (shape.columns, shape.rows)
        if shape.first != "A1":
            first[key] = shape.first
    plain = [[key + ("*" if turned else "") for key, turned, _b in row] for row in cells]
    hmap = HexMap.asl(plain, first=first, sizes=sizes, crop=crop)  # refused here if its boards do not meet
    title = name or "Boards " + " / ".join(" ".join(r) for r in layout)
    out: dict[str, Any] = {"name": title[:120], "system": system, "map": hmap.to_data()}
    if refs:
        out["boards"] = refs
    options = list(dict.fromkeys([*ssr, *(parse_ssr(ssr_text, dict(imported)) if ssr_text.strip() else [])]))
    if options:
        out["ssr"] = options
    return out


def parse_ssr(text: str, boards: Mapping[str, DerivedBoard] | None = None) -> list[str]:
    """SSR terrain options as a player types them (VASL's names, by commas or spaces:
    ``NoHedges, Level2ToLevel1``), matched whatever the case; with ``boards`` (the map's
    imported boards by their id on it), a board's own option too, by its rule (``BSO_10_PondToOG``)
    or with its board (``10:BSO_10_PondToOG``), named with its board in the list returned. A
    board's own option that is a shared one is that shared option. :class:`DataError` names one
    that is not VASL's, is no option of the map's boards, or cannot be applied (and why)."""
    from .board_ssr import NONE, TERRAIN, board_options, option_effect, option_key
    from .ssr import ssr_rules

    by_lower = {n.lower(): n for n in ssr_rules()}
    own: dict[str, list[tuple[str, DerivedBoard, str]]] = {}  # rule, lower case -> (board id, board, rule)
    for bid, board in (boards or {}).items():
        for o in board_options(board.archive)[0]:
            own.setdefault(o.rule.lower(), []).append((bid, board, o.rule))
            own.setdefault(f"{bid}:{o.rule}".lower(), []).append((bid, board, o.rule))
    out = []
    for word in text.replace(",", " ").split():
        name = by_lower.get(word.lower())
        if name is not None:
            out.append(name)
            continue
        found = own.get(word.lower())
        if not found:
            if ":" in word and boards is not None:
                bid = word.split(":", 1)[0]
                which = next((b for b in boards if b.lower() == bid.lower()), None)
                if which is None:
                    raise DataError(f"{quoted(word)}: this map has no imported board {bid[:12]} (a board's own "
                                    "options come with its imported file)")
                listed = ", ".join(o.rule for o in board_options(boards[which].archive)[0][:20]) or "none"
                raise DataError(f"{quoted(word)} is not one of board {which}'s own SSR options ({listed})")
            raise DataError(f"{quoted(word)} is not one of VASL's SSR terrain options (such as NoHedges, "
                            "BrushToOpenGround, Level2ToLevel1, LightWoods)"
                            + (", nor one of this map's boards' own options" if boards else ""))
        for bid, board, rule in found:
            effect = option_effect(board.archive, rule)
            if effect.kind == NONE:
                raise DataError(f"board {bid}'s SSR option {rule[:40]} cannot be applied: {effect.words}")
            out.append(rule if effect.kind == TERRAIN else option_key(bid, rule))
    return list(dict.fromkeys(out))


def map_boards(refs: Mapping[str, BoardRef] | Mapping[str, Mapping[str, str]],
               library: BoardLibrary | None = None) -> dict[str, DerivedBoard]:
    """The imported boards of a map this device holds, by their id on the map (``refs``: the
    scenario's :class:`BoardRef` or their JSON)."""
    lib = library if library is not None else LIBRARY
    out = {}
    for bid, ref in refs.items():
        sha = ref.sha256 if isinstance(ref, BoardRef) else str(ref.get("sha256", ""))
        board = lib.get(sha)
        if board is not None:
            out[bid] = board
    return out


_CELL = re.compile(r"^(?P<name>[^\[\]*]+)(?P<t1>\*)?(?:\[(?P<crop>[^\]]{0,20})\])?(?P<t2>\*)?$")


def cell_board(cell: str) -> str | None:
    """The board a cell of a map's text names, as a scenario card names it (``2[A-P]*`` → ``2``);
    None for a blank geoboard asked for (``blank:4b``) or text that names no board."""
    m = _CELL.match(cell.strip())
    if m is None or m["name"].strip().lower().startswith(BLANK):
        return None
    return card_name(m["name"].strip())


def blank_boards(data: Mapping[str, Any]) -> list[str]:
    """The boards of a new scenario's data (:func:`scenario_data`) that are blank geoboards."""
    refs = data.get("boards") or {}
    return [c.rstrip("*") for row in data["map"]["boards"] for c in row if c.rstrip("*") not in refs]


@dataclass(frozen=True)
class Frame:
    """Where an imported board lies under a map drawn with hexes of ``size``
    (:func:`airhead.svg.render_map`'s coordinates): a point ``(px, py)`` of the board's own pixels
    is at ``(ax + sign * (px - vx) / kx, ay + sign * (py - vy) / ky)``; ``box`` is the board's terrain
    grid there ``(x0, y0, x1, y1)`` (its picture, as VASL's, is the same size)."""

    board_id: str
    board: DerivedBoard
    rotated: bool
    ax: float
    ay: float
    vx: float
    vy: float
    kx: float
    ky: float
    box: tuple[float, float, float, float]
    #: True for a board cropped to some hexrows or rows (its picture shows through its hexes in play).
    cropped: bool = False

    @property
    def sign(self) -> float:
        """-1 for a board turned 180°."""
        return -1.0 if self.rotated else 1.0


def frames(hmap: HexMap, refs: Mapping[str, BoardRef], size: float = 24.0,
           library: BoardLibrary | None = None) -> list[Frame]:
    """Each imported board this device holds, placed under the map: VASL's hexes are
    ``hexWidth`` × ``hexHeight`` pixels apart, the map's ``1.5 × size`` × ``√3 × size``, and the
    board's A1 centre lies on the map's A1 of that board (turned with it)."""
    lib = library if library is not None else LIBRARY
    out: list[Frame] = []
    for p in hmap.placements:
        ref = refs.get(p.board_id)
        board = lib.get(ref.sha256) if ref is not None else None
        pg = p.geometry
        if board is None or not isinstance(pg, AslBoard):
            continue
        g = board.geometry
        kx, ky = g.hex_width / (1.5 * size), g.hex_height / (math.sqrt(3) * size)  # board pixels per map unit
        c1 = 1 - pg.crop[0]  # the board's first hex, outside a crop that cuts it
        a1 = from_doubled(*p.to_global(c1, pg.local_y2(c1, 1 - pg.crop[2])))
        ax, ay = 1.5 * size * a1.q, math.sqrt(3) * size * (a1.r + a1.q / 2)
        vx, vy = g.center(0, 0)  # A1's centre on the board's own pixels
        sign = -1.0 if p.rotated else 1.0
        xs = sorted(ax + sign * (px - vx) / kx for px in (0, g.grid_width))
        ys = sorted(ay + sign * (py - vy) / ky for py in (0, g.grid_height))
        out.append(Frame(p.board_id, board, p.rotated, ax, ay, vx, vy, kx, ky, (xs[0], ys[0], xs[1], ys[1]),
                         pg.crop != (0, 0, 0, 0)))
    return out


@dataclass(frozen=True)
class Art:
    """A board's own picture under the map: its address and box (the picture's own pixels, turned
    180° about the box's centre when the board is), and for a cropped board the hexes in play
    (``clip``: the picture shows through them only). ``href`` is empty for a board whose file
    holds no picture a browser draws: its hexes show their terrain colours, and the map says so."""

    board_id: str
    href: str
    x: float
    y: float
    width: float
    height: float
    rotated: bool
    clip: tuple[Hex, ...] = ()

    def svg(self) -> tuple[str, float, float, float, float, bool, str, tuple[Hex, ...]]:
        """As :func:`airhead.svg.render_map` takes it (``art``)."""
        return self.href, self.x, self.y, self.width, self.height, self.rotated, self.board_id, self.clip


def _in_play(hmap: HexMap, board_id: str) -> tuple[Hex, ...]:
    """The hexes of a placed board, whole and half, in the map's order."""
    p = next(p for p in hmap.placements if p.board_id == board_id)
    g = p.geometry
    out = []
    for col in range(1, g.columns + 1):
        lo, hi = g.row_range(col)
        for row in range(lo, hi + 1):
            out.append(from_doubled(*p.to_global(col, g.local_y2(col, row))))
    return tuple(out)


def board_art(hmap: HexMap, refs: Mapping[str, BoardRef], hrefs: Mapping[str, str], size: float = 24.0,
              library: BoardLibrary | None = None, ssr: Sequence[str] = (),
              overlay_href: Callable[[DerivedBoard, BoardImage], str] | None = None) -> list[Art]:
    """Each imported board this device holds under the map: its picture (``hrefs``: board id ->
    the picture's address) over its :class:`Frame`, the picture's pixel ``(0, 0)`` on the
    board's, so the board's hex centres lie on the map's whatever the picture's size; a cropped
    board's picture shows through its hexes in play only (``clip``: the whole picture stays one
    image, never cut up or encoded again). A board with no address has an :class:`Art` with an
    empty ``href``: the map draws its terrain colours and says why. With ``ssr`` (the game's SSR
    options) and ``overlay_href`` (a picture's address), each option's overlay pictures the board's
    file holds follow its picture, placed, turned and clipped with it (VASL pastes each at its
    ``x, y`` on the board's pixels: :func:`.board_ssr.overlays_for`)."""
    from .board_ssr import overlays_for

    out: list[Art] = []
    for f in frames(hmap, refs, size, library):
        href = hrefs.get(f.board_id, "")
        img = f.board.archive.image
        w, h = (img.width, img.height) if img is not None and href else (f.board.geometry.grid_width,
                                                                           f.board.geometry.grid_height)
        xs = sorted(f.ax + f.sign * (px - f.vx) / f.kx for px in (0, w))
        ys = sorted(f.ay + f.sign * (py - f.vy) / f.ky for py in (0, h))
        clip = _in_play(hmap, f.board_id) if f.cropped and href else ()
        out.append(Art(f.board_id, href, xs[0], ys[0], xs[1] - xs[0], ys[1] - ys[0], f.rotated, clip))
        if not href or overlay_href is None:
            continue
        for pic, ox, oy in overlays_for(f.board, f.board_id, ssr):
            xs = sorted(f.ax + f.sign * (px - f.vx) / f.kx for px in (ox, ox + pic.width))
            ys = sorted(f.ay + f.sign * (py - f.vy) / f.ky for py in (oy, oy + pic.height))
            out.append(Art(f.board_id, overlay_href(f.board, pic), xs[0], ys[0], xs[1] - xs[0], ys[1] - ys[0],
                           f.rotated, clip))
    return out


def _by_options(scenario: Any, h: Hex, read: HexTerrain) -> str:
    """``; then Level1ToLevel0 (level 1 to level 0) in this game`` when the map's SSR terrain
    options changed what the board's file reads in this hex (#42: the Hex panel names the option
    behind a level or terrain that is not the one printed), else empty."""
    names = [n for n in getattr(scenario, "ssr", ()) or () if ":" not in n]  # a board's own: pictures only
    if not names or scenario.base.at(h) == read:
        return ""
    from .ssr import apply_ssr, describe_options

    alone = Terrain({h: read})
    which = [n for n in names if apply_ssr(alone, [n], [h]).at(h) != read] or names
    return f"; then {describe_options(which)} in this game"


def hex_reading(scenario: Any, h: Hex, library: BoardLibrary | None = None) -> str:
    """What a hex of a map on imported boards was read as, and why (the Hex tab shows it):
    ``Read from VASL board 02, version 6.4, hex C3: centre dot in Woods …``; empty off them."""
    refs: Mapping[str, BoardRef] = getattr(scenario, "boards", {}) or {}
    if not refs:
        return ""
    lib = library if library is not None else LIBRARY
    for p in scenario.map.placements:
        if not p.contains(h):
            continue
        ref = refs.get(p.board_id)
        if ref is None:
            return ""
        board = lib.get(ref.sha256)
        if board is None:
            return f"{ref.describe()} is not on this device: its terrain is blank until its file is imported"
        col, y2 = p.to_local(*to_doubled(h))
        name = f"{p.geometry.letters(col)}{p.geometry.local_row(col, y2) + p.geometry.row0}"
        dot = speckled_reading(getattr(scenario, "settings", {}) or {}) != AROUND_DOT
        dh = (board.dot_read.get(name) if dot else None) or board.hexes.get(name)
        if dh is None:
            return ""
        changed = scenario.terrain.at(h) != scenario.base.at(h)
        return (f"Read from {ref.describe()}, hex {name}: {dh.why}" + _by_options(scenario, h, dh.terrain)
                + ("; changed in this game" if changed else ""))
    return ""

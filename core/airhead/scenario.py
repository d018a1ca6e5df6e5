"""Scenarios: a named map with its terrain, the key of its game system and its settings.

A scenario is checked here for its shape only; its system (:mod:`airhead.systems`) checks its
terrain types and reads its settings. The built-in scenarios are listed by their systems.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

from .frozen import replace
from .boards import HexMap
from .errors import DataError, quoted
from .fields import Field, parse_fields
from .hexes import DIRECTION_NAMES, Hexside
from .terrain import HexTerrain, Terrain

if TYPE_CHECKING:
    from .vasl.library import BoardRef

__all__ = ["Scenario", "MAX_TERRAIN_HEXES", "MAX_SIDE_FEATURES"]

MAX_NAME = 120
MAX_NOTES = 4000
#: The most hexes a scenario may give terrain other than open ground (30 fully described ASL
#: geoboards hold about 8,000), and the most hexside features (hedges, walls...) it may list.
#: With the map's own cap (:data:`~airhead.boards.MAX_MAP_HEXES`) they bound the work of
#: reading a scenario and drawing its map.
MAX_TERRAIN_HEXES = 10_000
MAX_SIDE_FEATURES = 10_000
#: A scenario's settings: at most this many keys, and this many characters of JSON (a running
#: game's settings edits are held to the same caps).
MAX_SETTINGS = 64
MAX_SETTINGS_CHARS = 4_000
_SYSTEM_KEY = re.compile(r"^[a-z][a-z0-9_]{0,31}$")


#: A scenario's JSON form (:meth:`Scenario.to_data`); the map, each hex and the settings are
#: checked by their own readers (the settings by the scenario's system).
SCENARIO_FIELDS: tuple[Field, ...] = (
    Field("name", "name", "text", lo=1, hi=MAX_NAME),
    Field("system", "game system", "text", lo=1, hi=32),
    Field("map", "map", "any"),
    Field("hexes", "hexes", "mapping", default={}, hi=MAX_TERRAIN_HEXES, item=Field("hexes", "hex terrain", "any")),
    Field("sides", "hexsides", "mapping", default={}, hi=MAX_SIDE_FEATURES, item=Field("sides", "hexside features", "any")),
    Field("settings", "settings", "mapping", default={}, hi=MAX_SETTINGS, item=Field("settings", "setting", "any")),
    Field("notes", "notes", "text", hi=MAX_NOTES, default=""),
    Field("boards", "imported boards", "mapping", default={}, hi=64, item=Field("boards", "imported board", "any")),
    Field("ssr", "SSR terrain options", "any", default=[]),
)

#: The most SSR terrain options a scenario names.
MAX_SSR = 16
#: The longest name of one (a board's own option is named with its board: ``BFPG:BSO_BFPG_Hexrow10SideIsWater``).
MAX_SSR_NAME = 60


#: Each hexside direction's number (0..5) by its name.
_DIRECTION_OF = {name: i for i, name in enumerate(DIRECTION_NAMES)}


def _names(items: list[Any]) -> bool:
    """True if every item is text (a hexside's features: most hexsides have one)."""
    if len(items) == 1:
        return type(items[0]) is str
    return all(type(f) is str for f in items)


@dataclass(frozen=True)
class Scenario:
    """A map, its terrain, the key of the game system whose rules apply, and settings such as
    the wind; ``builtin`` names a scenario shipped with Airhead (saved by name).

    ``boards`` names the map's imported VASL boards by board id (:class:`~airhead.vasl.library.BoardRef`);
    ``base`` is their terrain, placed on the map, under ``terrain`` (which holds it and every
    change made over it). The data form holds the references and the changes, never the boards.
    ``ssr`` names VASL's SSR terrain options (``NoHedges``, ``Level2ToLevel1``; see
    :mod:`airhead.vasl.ssr`) applied, in turn, to ``base``, and a board's own options named with
    its board (``10:BSO_10_PondToOG``: a picture over the board only, :mod:`airhead.vasl.board_ssr`).
    """

    name: str
    system: str
    map: HexMap
    terrain: Terrain = field(default_factory=Terrain)
    settings: Mapping[str, Any] = field(default_factory=dict)
    notes: str = ""
    builtin: str = field(default="", compare=False)
    boards: Mapping[str, BoardRef] = field(default_factory=dict)
    base: Terrain = field(default_factory=Terrain, compare=False)
    ssr: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not 1 <= len(self.name) <= MAX_NAME:
            raise DataError(f"a scenario name is text of 1..{MAX_NAME} characters")
        if not isinstance(self.system, str) or not _SYSTEM_KEY.match(self.system):
            raise DataError(f"a scenario's game system is a short key such as asl, not {quoted(self.system, 32)}")
        if not isinstance(self.notes, str) or len(self.notes) > MAX_NOTES:
            raise DataError(f"scenario notes are text of at most {MAX_NOTES} characters")

    def with_terrain(self, terrain: Terrain) -> Scenario:
        """A copy with other terrain (the result of map edits)."""
        return replace(self, terrain=terrain, builtin="")

    def as_builtin(self, name: str) -> Scenario:
        """The same scenario, known as the built-in ``name`` (saves then name it, not copy it)."""
        return replace(self, builtin=name)

    # ------------------------------------------------------------------ data form
    def to_data(self) -> dict[str, Any]:
        """JSON-able form: hexes and hexsides keyed by their names."""
        # sorted as Hex and Hexside order themselves (q, r, direction), by plain tuples: much faster
        hexes_in, sides_in = self._changes()
        hexes = {self.map.name(h): t.to_data()
                 for h, t in sorted(hexes_in, key=lambda ht: (ht[0].q, ht[0].r))}
        sides = {
            f"{self.map.name(s.hex)}:{DIRECTION_NAMES[s.direction]}": sorted(f)
            for s, f in sorted(sides_in, key=lambda sf: (sf[0].hex.q, sf[0].hex.r, sf[0].direction))
        }
        out: dict[str, Any] = {"name": self.name, "system": self.system, "map": self.map.to_data()}
        if self.boards:
            out["boards"] = {bid: ref.to_data() for bid, ref in sorted(self.boards.items())}
        if self.ssr:
            out["ssr"] = list(self.ssr)
        if hexes:
            out["hexes"] = hexes
        if sides:
            out["sides"] = sides
        if self.settings:
            out["settings"] = dict(self.settings)
        if self.notes:
            out["notes"] = self.notes
        return out

    def _changes(self) -> tuple[list[tuple[Any, HexTerrain]], list[tuple[Hexside, frozenset[str]]]]:
        """The hexes and hexsides the data form lists: all of the terrain, or on imported boards
        what differs from them (a hex cleared to open ground, a hexside without its wall)."""
        t, base = self.terrain, self.base
        if not base.hexes and not base.sides:
            return list(t.hexes.items()), list(t.sides.items())
        hexes = [(h, t.at(h)) for h in set(t.hexes) | set(base.hexes) if t.at(h) != base.at(h)]
        none: frozenset[str] = frozenset()
        sides = [(s, t.sides.get(s, none)) for s in set(t.sides) | set(base.sides)
                 if t.sides.get(s, none) != base.sides.get(s, none)]
        return hexes, sides

    @classmethod
    def from_data(cls, data: Any) -> Scenario:
        """Build and validate a scenario from :meth:`to_data` output."""
        data = parse_fields(SCENARIO_FIELDS, data, None, "scenario")
        hmap = HexMap.from_data(data["map"])
        raw_hexes = data["hexes"]
        raw_sides = data["sides"]
        limit = len(hmap.hexes())
        if len(raw_hexes) > limit or len(raw_sides) > 3 * limit + 100:
            raise DataError("more terrain entries than the map has hexes")
        hexes = {}
        for name, td in raw_hexes.items():
            try:
                h = hmap.parse(name)
                hexes[h] = HexTerrain.from_data(td)
            except DataError as e:
                raise DataError(f"hex {str(name)[:20]}: {e}") from None
        sides = {}
        features = 0
        for key, feats in raw_sides.items():  # (up to 10,000: each step kept short)
            hexname, _, dname = str(key).partition(":")
            try:
                h = hmap.parse(hexname, allow_offboard=True)
            except DataError as e:
                raise DataError(f"hexside {str(key)[:24]}: {e}") from None
            d = _DIRECTION_OF.get(dname)
            if d is None:
                raise DataError(f"hexside {str(key)[:24]}: direction must be one of {', '.join(DIRECTION_NAMES)}")
            if type(feats) is not list or len(feats) > 8 or not _names(feats):
                raise DataError(f"hexside {str(key)[:24]}: features must be a list of names")
            features += len(feats)
            sides[Hexside(h, d) if d < 3 else Hexside.of(h, d)] = frozenset(feats)
        if features > MAX_SIDE_FEATURES:
            raise DataError(f"too many hexside features ({features:,}; at most {MAX_SIDE_FEATURES:,})")
        refs: dict[str, BoardRef] = {}
        base = Terrain()
        ssr = data["ssr"]
        if type(ssr) is not list or len(ssr) > MAX_SSR or not all(type(n) is str and 0 < len(n) <= MAX_SSR_NAME for n in ssr):
            raise DataError(f"a scenario's SSR terrain options are a list of at most {MAX_SSR} of VASL's names")
        if data["boards"] or ssr:
            from .vasl.derive import speckled_reading
            from .vasl.library import BoardRef, imported_terrain
            from .vasl.ssr import apply_ssr

            refs = {str(bid)[:12]: BoardRef.from_data(ref) for bid, ref in data["boards"].items()}
            base = imported_terrain(hmap, refs, speckled=speckled_reading(data["settings"])) if refs else Terrain()
            if ssr:
                base = apply_ssr(base, ssr, hmap.hexes())
                if any(":" in n for n in ssr):  # a board's own options (10:BSO_10_PondToOG): pictures only
                    from .vasl.board_ssr import check_board_options
                    from .vasl.library import map_boards

                    check_board_options(ssr, [p.board_id for p in hmap.placements], refs, map_boards(refs))
            hexes = {**base.hexes, **hexes}
            sides = {**base.sides, **sides}
        terrain = Terrain(hexes, sides)
        settings = data["settings"]
        if len(json.dumps(settings)) > MAX_SETTINGS_CHARS:
            raise DataError(f"scenario settings must be a small object (at most {MAX_SETTINGS_CHARS:,} characters of JSON)")
        return cls(name=data["name"], system=data["system"], map=hmap, terrain=terrain, settings=settings, notes=data["notes"],
                   boards=refs, base=base, ssr=tuple(ssr))

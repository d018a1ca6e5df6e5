"""Scenarios: a named map with its terrain and settings, and the ones shipped with Airhead."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

from .boards import BoardError, HexMap, HexNameError
from .hexes import DIRECTION_NAMES, Hexside
from .tables import SYSTEMS, terrain_types
from .terrain import HexTerrain, Terrain, TerrainError

__all__ = ["ScenarioError", "Scenario", "builtin", "BUILTINS"]

#: Scenarios shipped in the package (``airhead/data/<name>.json``).
BUILTINS: tuple[str, ...] = ("default", "army_group_drop", "panzer_leader_drop")

MAX_NAME = 120
MAX_NOTES = 4000


class ScenarioError(ValueError):
    """A scenario is malformed."""


@dataclass(frozen=True)
class Scenario:
    """A map, its terrain, the game system whose rules apply, and settings such as the wind."""

    name: str
    system: str
    map: HexMap
    terrain: Terrain = field(default_factory=Terrain)
    settings: Mapping[str, Any] = field(default_factory=dict)
    notes: str = ""
    builtin: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not 1 <= len(self.name) <= MAX_NAME:
            raise ScenarioError(f"a scenario name is text of 1..{MAX_NAME} characters")
        if self.system not in SYSTEMS:
            raise ScenarioError(f"unknown game system {self.system!r} (one of {', '.join(SYSTEMS)})")
        if not isinstance(self.notes, str) or len(self.notes) > MAX_NOTES:
            raise ScenarioError(f"scenario notes are text of at most {MAX_NOTES} characters")
        types = terrain_types(self.system)
        for h, t in self.terrain.hexes.items():
            if t.terrain not in types:
                raise ScenarioError(
                    f"{self.map.name(h)}: unknown terrain {t.terrain!r} for {self.system} (one of {', '.join(types)})"
                )

    def with_terrain(self, terrain: Terrain) -> Scenario:
        """A copy with other terrain (the result of map edits)."""
        return Scenario(self.name, self.system, self.map, terrain, self.settings, self.notes, "")

    # ------------------------------------------------------------------ data form
    def to_data(self) -> dict[str, Any]:
        """JSON-able form: hexes and hexsides keyed by their names."""
        hexes = {self.map.name(h): t.to_data() for h, t in sorted(self.terrain.hexes.items())}
        sides = {
            f"{self.map.name(s.hex)}:{DIRECTION_NAMES[s.direction]}": sorted(f)
            for s, f in sorted(self.terrain.sides.items())
        }
        out: dict[str, Any] = {"name": self.name, "system": self.system, "map": self.map.to_data()}
        if hexes:
            out["hexes"] = hexes
        if sides:
            out["sides"] = sides
        if self.settings:
            out["settings"] = dict(self.settings)
        if self.notes:
            out["notes"] = self.notes
        return out

    @classmethod
    def from_data(cls, data: Any) -> Scenario:
        """Build and validate a scenario from :meth:`to_data` output."""
        if not isinstance(data, dict):
            raise ScenarioError("a scenario must be an object")
        extra = set(data) - {"name", "system", "map", "hexes", "sides", "settings", "notes"}
        if extra:
            raise ScenarioError(f"unknown scenario field(s): {', '.join(sorted(map(str, extra)))}")
        try:
            hmap = HexMap.from_data(data.get("map"))
        except BoardError as e:
            raise ScenarioError(f"map: {e}") from None
        raw_hexes = data.get("hexes", {})
        raw_sides = data.get("sides", {})
        if not isinstance(raw_hexes, dict) or not isinstance(raw_sides, dict):
            raise ScenarioError("hexes and sides must be objects keyed by hex name")
        limit = len(hmap.hexes())
        if len(raw_hexes) > limit or len(raw_sides) > 3 * limit + 100:
            raise ScenarioError("more terrain entries than the map has hexes")
        hexes = {}
        for name, td in raw_hexes.items():
            try:
                h = hmap.parse(name)
                hexes[h] = HexTerrain.from_data(td)
            except (HexNameError, TerrainError) as e:
                raise ScenarioError(f"hex {str(name)[:20]}: {e}") from None
        sides = {}
        for key, feats in raw_sides.items():
            hexname, _, dname = str(key).partition(":")
            try:
                h = hmap.parse(hexname, allow_offboard=True)
            except HexNameError as e:
                raise ScenarioError(f"hexside {str(key)[:24]}: {e}") from None
            if dname not in DIRECTION_NAMES:
                raise ScenarioError(f"hexside {str(key)[:24]}: direction must be one of {', '.join(DIRECTION_NAMES)}")
            if not isinstance(feats, list) or not all(isinstance(f, str) for f in feats) or len(feats) > 8:
                raise ScenarioError(f"hexside {str(key)[:24]}: features must be a list of names")
            sides[Hexside.of(h, DIRECTION_NAMES.index(dname))] = frozenset(feats)
        try:
            terrain = Terrain(hexes, sides)
        except TerrainError as e:
            raise ScenarioError(str(e)) from None
        settings = data.get("settings", {})
        if not isinstance(settings, dict) or len(json.dumps(settings)) > 4000:
            raise ScenarioError("settings must be a small object")
        return cls(
            name=data.get("name", ""),
            system=data.get("system", ""),
            map=hmap,
            terrain=terrain,
            settings=settings,
            notes=data.get("notes", ""),
        )


@lru_cache(maxsize=None)
def _builtin_text(name: str) -> str:
    return resources.files("airhead").joinpath("data", f"{name}.json").read_text(encoding="utf-8")


def builtin(name: str = "default") -> Scenario:
    """A scenario shipped with Airhead (see :data:`BUILTINS`)."""
    if name not in BUILTINS:
        raise ScenarioError(f"no built-in scenario {name!r} (available: {', '.join(BUILTINS)})")
    s = Scenario.from_data(json.loads(_builtin_text(name)))
    return Scenario(s.name, s.system, s.map, s.terrain, s.settings, s.notes, name)

"""The rules' tables as data.

Each table is a JSON file beside this module that names its source and any correction made to it,
so a player can check it against their own rulebook and correct it. Load tables through
:func:`load_table`; terrain types through :func:`terrain_types`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from ..errors import DataError

__all__ = ["TerrainType", "load_table", "shared_table", "terrain_types", "hexside_heights"]


@dataclass(frozen=True)
class TerrainType:
    """One terrain type of a game system: its key, label, map colour and default obstacle height,
    and what line of sight reads of it (``asl/los.py``): ``hindrance`` (the DRM of each such hex a
    line crosses; 0: none), ``season`` (when that hindrance applies: ``"in"`` or ``"out"`` of
    season, ``""`` always), ``off_season`` (what the type is outside that season: ``"obstacle"``
    or ``"open"``), ``half_level`` (a half-level obstacle or hindrance: it never matters to a line
    with an end a full level above its base) and ``concealment`` (Concealment Terrain, E1.51)."""

    key: str
    label: str
    fill: str
    obstacle: float
    pattern: str = ""
    hindrance: int = 0
    season: str = ""
    off_season: str = "open"
    half_level: bool = False
    concealment: bool = False


@lru_cache(maxsize=None)
def _load(name: str) -> str:
    try:
        return resources.files(__package__).joinpath(f"{name}.json").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError) as e:
        raise DataError(f"no table named {name!r}") from e


def load_table(name: str) -> dict[str, Any]:
    """A fresh copy of the table ``tables/<name>.json``."""
    data = json.loads(_load(name))
    if not isinstance(data, dict):
        raise DataError(f"table {name!r} is not an object")
    return data


@lru_cache(maxsize=None)
def shared_table(name: str) -> dict[str, Any]:
    """The table ``tables/<name>.json`` parsed once and shared by every caller: read it, never
    change it (a rule that reads a table at each action must not parse its JSON each time;
    :func:`load_table` gives a copy to change)."""
    return load_table(name)


@lru_cache(maxsize=None)
def terrain_types(table: str) -> dict[str, TerrainType]:
    """The terrain types of terrain table ``table`` (``terrain_asl``, ``terrain_generic``); each
    game system names the table it uses."""
    raw = load_table(table)["types"]
    return {
        k: TerrainType(k, v["label"], v["fill"], float(v.get("obstacle", 0)), v.get("pattern", ""),
                       int(v.get("hindrance", 0)), str(v.get("season", "")), str(v.get("off_season", "open")),
                       bool(v.get("half_level", False)), bool(v.get("concealment", False)))
        for k, v in raw.items()
    }


@lru_cache(maxsize=None)
def hexside_heights(table: str) -> dict[str, float]:
    """The height in levels of each hexside feature a line of sight crosses (``"sides"`` of
    terrain table ``table``; none if the table has no such section)."""
    raw = load_table(table).get("sides", {})
    return {k: float(v["height"]) for k, v in raw.items() if isinstance(v, dict) and "height" in v}

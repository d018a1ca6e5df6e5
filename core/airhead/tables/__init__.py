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

__all__ = ["TerrainType", "load_table", "terrain_types"]


@dataclass(frozen=True)
class TerrainType:
    """One terrain type of a game system: its key, label, map colour and default obstacle height."""

    key: str
    label: str
    fill: str
    obstacle: float
    pattern: str = ""


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
def terrain_types(table: str) -> dict[str, TerrainType]:
    """The terrain types of terrain table ``table`` (``terrain_asl``, ``terrain_generic``); each
    game system names the table it uses."""
    raw = load_table(table)["types"]
    return {
        k: TerrainType(k, v["label"], v["fill"], float(v.get("obstacle", 0)), v.get("pattern", ""))
        for k, v in raw.items()
    }

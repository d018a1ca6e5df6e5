"""The few unit facts the Panzer Leader airborne rules need, as plain frozen dataclasses.

The core has no unit model; these records travel as JSON in procedure parameters and state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

__all__ = ["ForceError", "Platoon", "EnemyUnit"]


class ForceError(ValueError):
    """A unit record is malformed."""


def _text(v: Any, what: str, limit: int = 24) -> str:
    if not isinstance(v, str) or not 1 <= len(v) <= limit:
        raise ForceError(f"{what} must be text of 1..{limit} characters, not {v!r}")
    return v


def _flag(v: Any, what: str) -> bool:
    if not isinstance(v, bool):
        raise ForceError(f"{what} must be true or false")
    return v


@dataclass(frozen=True)
class Platoon:
    """A paratroop platoon (dropped as ``sticks`` sticks) or a glider load (a platoon or an
    artillery battery); ``type`` is its unit type ("rifle", "engineer", "75mm battery"...)."""

    id: str
    type: str = "rifle"
    sticks: int = 4
    battery: bool = False

    @classmethod
    def from_data(cls, data: Any, default_sticks: int = 4) -> Platoon:
        """From ``{"id", "type", "sticks", "battery"}`` (all but id optional)."""
        if not isinstance(data, Mapping):
            raise ForceError("a platoon must be an object")
        extra = set(data) - {"id", "type", "sticks", "battery"}
        if extra:
            raise ForceError(f"unknown platoon field(s): {', '.join(sorted(map(str, extra)))}")
        n = data.get("sticks", default_sticks)
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= default_sticks:
            raise ForceError(f"a platoon drops as 1..{default_sticks} sticks, not {n!r}")
        return cls(_text(data.get("id"), "platoon id"), _text(data.get("type", "rifle"), "unit type"), n,
                   _flag(data.get("battery", False), "battery"))

    def stick_ids(self) -> list[str]:
        """Ids of its sticks: ``1/A.1``, ``1/A.2``, ..."""
        return [f"{self.id}.{k}" for k in range(1, self.sticks + 1)]


@dataclass(frozen=True)
class EnemyUnit:
    """A defending unit: its hex, whether it is dispersed and whether it fired in this turn's
    anti-aircraft segment (either keeps it from attacking landing paratroops, PL II.E)."""

    id: str
    hex: str
    dispersed: bool = False
    fired_aa: bool = False

    @classmethod
    def from_data(cls, data: Any) -> EnemyUnit:
        """From ``{"id", "hex", "dispersed", "fired_aa"}``."""
        if not isinstance(data, Mapping):
            raise ForceError("an enemy unit must be an object")
        extra = set(data) - {"id", "hex", "dispersed", "fired_aa"}
        if extra:
            raise ForceError(f"unknown enemy unit field(s): {', '.join(sorted(map(str, extra)))}")
        return cls(_text(data.get("id"), "enemy unit id"), _text(data.get("hex"), "hex", 16),
                   _flag(data.get("dispersed", False), "dispersed"), _flag(data.get("fired_aa", False), "fired_aa"))

    def to_data(self) -> dict[str, Any]:
        """JSON form."""
        return {"id": self.id, "hex": self.hex, "dispersed": self.dispersed, "fired_aa": self.fired_aa}

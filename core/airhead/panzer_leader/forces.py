"""The few unit facts the Panzer Leader airborne rules need: platoons and glider loads as typed
records, and the JSON record of an enemy unit read into a :class:`~airhead.counters.Unit`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..boards import HexMap
from ..counters import Unit
from ..fields import Field, check_record
from ..tables import load_table

__all__ = ["STICKS_PER_PLATOON", "PLATOON_FIELDS", "ENEMY_FIELDS", "Platoon", "enemy_unit", "read_enemy", "listed",
           "describe_wind", "describe_platoon", "count", "setting_note"]

#: Sticks in a full platoon (PL II.B; ``tables/pl_paradrop.json``).
STICKS_PER_PLATOON = int(load_table("pl_paradrop")["sticks_per_platoon"])

#: A platoon dropped by sticks, or a glider load (a platoon or an artillery battery).
PLATOON_FIELDS: tuple[Field, ...] = (
    Field("id", "Platoon", "text", lo=1, hi=24),
    Field("type", "Unit type", "text", lo=1, hi=24, default="rifle", help="rifle, engineer, 75mm battery..."),
    Field("sticks", "Sticks", "int", lo=1, hi=STICKS_PER_PLATOON, default=STICKS_PER_PLATOON, rule="PL II.B",
          help="a full platoon drops as four sticks, one per plane load"),
    Field("battery", "Artillery battery", "bool", default=False, rule="PL III.C", help="carried only by gliders"),
)

#: A defending unit where sticks may land (PL II.E).
ENEMY_FIELDS: tuple[Field, ...] = (
    Field("id", "Enemy unit", "text", lo=1, hi=24, pick="units", fills=(("hex", "hex"),)),
    Field("hex", "Hex", "hex"),
    Field("dispersed", "Dispersed", "bool", default=False, rule="PL II.E"),
    Field("fired_aa", "Fired in this turn's anti-aircraft segment", "bool", default=False, rule="PL II.E"),
)


@dataclass(frozen=True)
class Platoon:
    """A paratroop platoon (dropped as ``sticks`` sticks) or a glider load (a platoon or an
    artillery battery); ``type`` is its unit type ("rifle", "engineer", "75mm battery"...)."""

    id: str
    type: str = "rifle"
    sticks: int = STICKS_PER_PLATOON
    battery: bool = False

    @classmethod
    def from_data(cls, data: Any) -> Platoon:
        """From ``{"id", "type", "sticks", "battery"}`` (all but id optional);
        :class:`~airhead.errors.DataError` if malformed."""
        return cls(**check_record(data, PLATOON_FIELDS, "a platoon"))

    @classmethod
    def from_params(cls, values: Mapping[str, Any]) -> Platoon:
        """From the typed values of a record of :data:`PLATOON_FIELDS`."""
        return cls(str(values["id"]), str(values["type"]), int(values["sticks"]), bool(values["battery"]))

    def stick_ids(self) -> list[str]:
        """Ids of its sticks: ``1/A.1``, ``1/A.2``, ..."""
        return [f"{self.id}.{k}" for k in range(1, self.sticks + 1)]


def enemy_unit(values: Mapping[str, Any], side: str) -> Unit:
    """A defending unit from the typed values of a record of :data:`ENEMY_FIELDS`: its hex, and
    the flags "dispersed" and "fired_aa" (either keeps it from attacking landing paratroops,
    PL II.E)."""
    flags = frozenset(k for k in ("dispersed", "fired_aa") if values.get(k))
    return Unit(str(values["id"]), side, "unit", values["hex"], flags)


def read_enemy(data: Any, m: HexMap, side: str) -> Unit:
    """An enemy unit from its JSON record; :class:`~airhead.errors.DataError` if malformed."""
    return enemy_unit(check_record(data, ENEMY_FIELDS, "an enemy unit", m), side)



# ---------------------------------------------------------------------- log text of a start action
def listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}" if items else ""


def count(n: int, what: str) -> str:
    """``1 enemy unit``, ``2 enemy units``."""
    plural = "es" if what.endswith(("x", "s")) else "s"
    return f"{n} {what}{'' if n == 1 else plural}"


def describe_wind(raw: Any) -> str:
    """``wind Gusty from NE`` from a start action's JSON wind (empty if absent or odd)."""
    if isinstance(raw, Mapping) and isinstance(raw.get("speed"), str) and isinstance(raw.get("from"), str):
        return f"wind {raw['speed']} from {raw['from']}"
    return ""


def describe_platoon(raw: Any) -> str:
    """``1/A``, ``4/A (3 sticks)``, ``75/1 (battery)`` from a platoon's JSON (a start action's)."""
    if not isinstance(raw, Mapping):
        return "?"
    name = str(raw.get("id", "?"))[:24]
    if raw.get("battery") is True:
        return f"{name} (battery)"
    sticks = raw.get("sticks")
    if isinstance(sticks, int) and not isinstance(sticks, bool) and sticks != STICKS_PER_PLATOON:
        return f"{name} ({count(sticks, 'stick')})"
    return name


def setting_note(f: Field, value: str) -> str:
    """How the log flags a result a setting decided: ``(setting "Glider wind shift": downwind)``."""
    return f'(setting "{f.label}": {value})'

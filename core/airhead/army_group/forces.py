"""The few unit facts the Army Group landing rules need, as plain frozen dataclasses.

The core has no unit model; these records live in procedure parameters and state as JSON.
A :class:`Paratrooper` is one landing unit (a paratrooper unit or a glider-borne unit, possibly
a dummy); an :class:`EnemyUnit` is a defending unit on the ground that may make opportunity fire.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Mapping

__all__ = ["ForceError", "Paratrooper", "EnemyUnit", "GROUPS", "KINDS"]

#: The Army Groups, in the order their waves land.
GROUPS: tuple[str, ...] = ("A", "B", "R")
#: Kinds of landing unit: the two columns of the terrain-damage table.
KINDS: tuple[str, ...] = ("paratrooper", "glider")


class ForceError(ValueError):
    """A unit record is malformed."""


def _id(v: Any, what: str) -> str:
    if not isinstance(v, str) or not 1 <= len(v) <= 24:
        raise ForceError(f"{what} id must be text of 1..24 characters, not {v!r}")
    return v


def _int(v: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise ForceError(f"{what} must be a whole number {lo}..{hi}, not {v!r}")
    return v


@dataclass(frozen=True)
class Paratrooper:
    """A landing unit: its Army Group, kind, drop point (0 or 1), strength and dummy flag.

    ``strength`` is how many losses it can take before it is eliminated (a dummy is eliminated
    by any loss).
    """

    id: str
    group: str = "A"
    kind: Literal["paratrooper", "glider"] = "paratrooper"
    drop: int = 0
    strength: int = 1
    dummy: bool = False

    @classmethod
    def from_data(cls, data: Any) -> Paratrooper:
        """From ``{"id", "group", "kind", "drop", "strength", "dummy"}`` (all but id optional)."""
        if not isinstance(data, Mapping):
            raise ForceError("a unit must be an object")
        extra = set(data) - {"id", "group", "kind", "drop", "strength", "dummy"}
        if extra:
            raise ForceError(f"unknown unit field(s): {', '.join(sorted(map(str, extra)))}")
        group = data.get("group", "A")
        if group not in GROUPS:
            raise ForceError(f"Army Group must be one of {', '.join(GROUPS)}, not {group!r}")
        kind = data.get("kind", "paratrooper")
        if kind not in KINDS:
            raise ForceError(f"unit kind must be one of {', '.join(KINDS)}, not {kind!r}")
        dummy = data.get("dummy", False)
        if not isinstance(dummy, bool):
            raise ForceError("dummy must be true or false")
        return cls(
            _id(data.get("id"), "unit"),
            group,
            kind,
            _int(data.get("drop", 0), "drop point index", 0, 1),
            _int(data.get("strength", 1), "strength", 1, 20),
            dummy,
        )

    def to_data(self) -> dict[str, Any]:
        """JSON form (inverse of :meth:`from_data`)."""
        return {"id": self.id, "group": self.group, "kind": self.kind, "drop": self.drop,
                "strength": self.strength, "dummy": self.dummy}


@dataclass(frozen=True)
class EnemyUnit:
    """A defending unit: where it is, its base attack dice by target kind, and how many
    opportunity fires it has already made during this landing."""

    id: str
    hex: str
    attack: Mapping[str, int] = field(default_factory=dict)
    fired: int = 0

    @classmethod
    def from_data(cls, data: Any) -> EnemyUnit:
        """From ``{"id", "hex", "attack": {"paratrooper": 3, "glider": 5}, "fired": 0}``."""
        if not isinstance(data, Mapping):
            raise ForceError("an enemy unit must be an object")
        extra = set(data) - {"id", "hex", "attack", "fired"}
        if extra:
            raise ForceError(f"unknown enemy unit field(s): {', '.join(sorted(map(str, extra)))}")
        hexname = data.get("hex")
        if not isinstance(hexname, str) or not 1 <= len(hexname) <= 16:
            raise ForceError("an enemy unit needs a hex name")
        attack = data.get("attack", {})
        if not isinstance(attack, Mapping) or set(attack) - set(KINDS):
            raise ForceError(f"attack must map target kinds ({', '.join(KINDS)}) to base dice")
        att = {k: _int(v, f"{k} attack dice", 0, 12) for k, v in attack.items()}
        return cls(_id(data.get("id"), "enemy unit"), hexname, att, _int(data.get("fired", 0), "earlier fires", 0, 50))

    def to_data(self) -> dict[str, Any]:
        """JSON form (inverse of :meth:`from_data`)."""
        return {"id": self.id, "hex": self.hex, "attack": dict(self.attack), "fired": self.fired}

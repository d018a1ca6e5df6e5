"""The unit records of an Army Group landing, read through typed fields.

A :class:`Paratrooper` is one landing unit (a paratrooper unit or a glider-borne unit, possibly a
dummy), read from ``{"id", "group", "kind", "drop", "strength", "dummy"}``. A defending unit on
the ground, ``{"id", "hex", "attack": {"paratrooper": 3, "glider": 5}, "fired": 0, "dummy":
false}``, becomes a generic :class:`~airhead.counters.Unit` of the second side
(:func:`enemy_unit`) with its attack dice, earlier fires and dummy flag in ``facts``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Mapping

from ..frozen import replace
from ..boards import HexMap
from ..counters import Unit
from ..fields import Field, check_record

__all__ = [
    "GROUPS",
    "KINDS",
    "PARATROOPER_FIELDS",
    "ENEMY_FIELDS",
    "Paratrooper",
    "enemy_unit",
    "attack_dice",
    "earlier_fires",
    "with_fire",
    "is_dummy",
    "enemy_data",
]

#: The Army Groups, in the order their waves land.
GROUPS: tuple[str, ...] = ("A", "B", "R")
#: Kinds of landing unit: the two columns of the terrain-damage table.
KINDS: tuple[str, ...] = ("paratrooper", "glider")

#: A landing unit as a form (and its JSON) gives it.
PARATROOPER_FIELDS: tuple[Field, ...] = (
    Field("id", "Unit", "text", lo=1, hi=24),
    Field("group", "Army Group", "choice", choices=GROUPS, default="A", rule="AG Landing",
          help="waves land A, then B, then R"),
    Field("kind", "Kind", "choice", choices=KINDS, default="paratrooper", rule="AG Terrain Damage",
          help="the column of the terrain-damage table"),
    Field("drop", "Drop point (0: the Group's first, 1: its second)", "int", lo=0, hi=1, default=0, rule="AG Landing"),
    Field("strength", "Strength (losses it can take)", "int", lo=1, hi=20, default=1, rule="AG Landing"),
    Field("dummy", "Dummy", "bool", default=False, rule="AG Landing", secret=True, owner="first",
          help="a dummy is eliminated by any loss"),
)

#: A defending unit able to make opportunity fire, as a form (and its JSON) gives it.
ENEMY_FIELDS: tuple[Field, ...] = (
    Field("id", "Unit", "text", lo=1, hi=24, pick="units", fills=(("hex", "hex"),)),
    Field("hex", "Hex", "hex"),
    Field("attack", "Base attack dice by target kind", "mapping", choices=KINDS, default={}, rule="AG Opportunity Fire",
          item=Field("attack", "Base attack dice", "int", lo=0, hi=12)),
    Field("fired", "Opportunity fires already made in this landing", "int", lo=0, hi=50, default=0,
          rule="AG Opportunity Fire"),
    Field("dummy", "Dummy", "bool", default=False, rule="AG Landing", secret=True, owner="second",
          help="a paratrooper landing on it still takes its loss, and the dummy is eliminated"),
)


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
        """From ``{"id", "group", "kind", "drop", "strength", "dummy"}`` (all but id optional);
        :class:`~airhead.errors.DataError` if malformed."""
        return cls(**check_record(data, PARATROOPER_FIELDS, "a landing unit"))

    def to_data(self) -> dict[str, Any]:
        """JSON form (inverse of :meth:`from_data`)."""
        return {"id": self.id, "group": self.group, "kind": self.kind, "drop": self.drop,
                "strength": self.strength, "dummy": self.dummy}


def _attack_key(kind: str) -> str:
    return f"attack.{kind}"


def enemy_unit(values: Mapping[str, Any], side: str) -> Unit:
    """A defending unit of ``side`` from the typed values of :data:`ENEMY_FIELDS` (its base
    attack dice by target kind and its earlier opportunity fires in ``facts``)."""
    facts: dict[str, int | str | bool] = {_attack_key(k): int(v) for k, v in values["attack"].items()}
    facts["fired"] = int(values["fired"])
    if values.get("dummy"):
        facts["dummy"] = True
    return Unit(values["id"], side, "unit", values["hex"], facts=facts)


def is_dummy(unit: Unit) -> bool:
    """True if the defending unit is a dummy."""
    return bool(unit.facts.get("dummy"))


def attack_dice(unit: Unit, kind: str) -> int | None:
    """The unit's base attack dice against landing units of ``kind`` (None: not given)."""
    v = unit.facts.get(_attack_key(kind))
    return None if v is None else int(v)


def earlier_fires(unit: Unit) -> int:
    """How many opportunity fires the unit has made so far in the landing."""
    return int(unit.facts.get("fired", 0))


def with_fire(unit: Unit) -> Unit:
    """The same unit after one more opportunity fire."""
    facts = dict(unit.facts)
    facts["fired"] = earlier_fires(unit) + 1
    return replace(unit, facts=facts)


def enemy_data(unit: Unit, m: HexMap) -> dict[str, Any]:
    """The JSON of a defending unit, as the landing's outcome records it."""
    attack = {k: attack_dice(unit, k) for k in KINDS if attack_dice(unit, k) is not None}
    out: dict[str, Any] = {"id": unit.id, "hex": m.name(unit.hex) if unit.hex is not None else None, "attack": attack,
                           "fired": earlier_fires(unit)}
    if is_dummy(unit):
        out["dummy"] = True
    return out

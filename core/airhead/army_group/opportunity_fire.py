"""Opportunity fire during paratrooper landings (seed 002, "Opportunity fire during paratrooper
landings").

Resolved after each unit's landing and terrain damage. Attack dice = the firer's base attack dice
−1 for opportunity fire, + the terrain modifier of the target's hex, −1 for each opportunity fire
the firer made earlier during the landing (cumulative), +1 when the target landed adjacent to the
firer. A unit that takes losses is disorganised in the next game turn.

The seed's complete example: base 3, −1, −1 (fields), −1 (second fire), +1 → 1 die; then base 5,
−1, −1 (woods), −2 (third fire), +1 → 2 dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..tables import shared_table

__all__ = ["RULE", "FireDice", "fire_dice", "terrain_fire_modifier"]

RULE = "AG Opportunity Fire"


@dataclass(frozen=True)
class FireDice:
    """The attack dice of one opportunity fire: base, each modifier with its cause, and total."""

    base: int
    modifiers: tuple[tuple[int, str], ...]

    @property
    def total(self) -> int:
        """Dice rolled (never below 0; 0 means the fire has no effect)."""
        return max(0, self.base + sum(m for m, _ in self.modifiers))


def terrain_fire_modifier(terrain: str, overrides: Mapping[str, Any] | None = None) -> tuple[int, bool]:
    """The terrain modifier of the target's hex and whether the seed gives it.

    Only Cultivated Fields (−1) and Woods (−1) are in the seed (its complete example); other
    terrain reads 0 and the second value is False so the log can flag it. ``overrides`` (the
    scenario's ``settings.army_group.fire_terrain``) replace table values.
    """
    table: dict[str, Any] = dict(shared_table("ag_landing")["fire_terrain"])
    if overrides:
        table.update(overrides)
    value = table.get(terrain)
    if isinstance(value, int) and not isinstance(value, bool):
        return value, True
    return 0, False


def fire_dice(base: int, terrain_mod: int, terrain_label: str, earlier_fires: int, adjacent: bool) -> FireDice:
    """Attack dice of an opportunity fire against a landing unit.

    ``earlier_fires`` counts the firer's opportunity fires before this one during the landing.
    """
    if base < 0 or earlier_fires < 0:
        raise ValueError("base dice and earlier fires cannot be negative")
    mods = shared_table("ag_landing")["opportunity_fire"]
    out: list[tuple[int, str]] = [(int(mods["opportunity"]), "opportunity fire")]
    out.append((terrain_mod, f"terrain ({terrain_label})"))
    if earlier_fires:
        nth = earlier_fires + 1
        suffix = {2: "nd", 3: "rd"}.get(nth if nth < 20 else nth % 10, "th")
        out.append((int(mods["per_earlier_fire"]) * earlier_fires, f"{nth}{suffix} opportunity fire by this unit"))
    if adjacent:
        out.append((int(mods["adjacent_paratroopers"]), "attack against paratroopers landing adjacent"))
    return FireDice(base, tuple(out))

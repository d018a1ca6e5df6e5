"""Exact odds of a planned Army Group drop, enumerated through the landing rule functions.

For each unit: every face of the direction die × every face of the distance die goes through
:func:`~.landing.touchdown` (and :func:`~.landing.displacement_options` when the hex is
occupied), then every face of each special die through :func:`~.landing.is_hit`. Nothing is
computed a second way.

Assumptions, stated in the result: units are taken one at a time against the occupancy the plan
starts from (hexes taken by units landing earlier in the same drop are not counted); a displaced
unit goes to the adjacent hex with the fewest terrain-damage dice (first in direction order on a
tie); opportunity fire is left out (it depends on the defender's choices). The settings apply as
in the procedure: a roll the loss cap makes the unit roll again is left out of the count (the
odds are those of the roll that stands), and water eliminates when ``water`` says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping

from ..boards import HexMap
from ..hexes import Hex
from ..terrain import Terrain
from .forces import Paratrooper
from .landing import LandingRules, damage_dice, displacement_options, is_hit, touchdown, water_hex

__all__ = ["UnitOdds", "hits_distribution", "unit_odds"]


@dataclass(frozen=True)
class UnitOdds:
    """Where one unit ends up and with what losses, as exact fractions.

    ``hexes``: probability of ending alive in each hex (by name); ``lost``: off the map;
    ``eliminated``: by an enemy-occupied hex or terrain damage; ``displaced``: it came down in an
    occupied hex; ``expected_losses``: expected losses in steps (a unit lost or eliminated
    counts its whole strength).
    """

    unit: str
    hexes: Mapping[str, Fraction]
    lost: Fraction
    eliminated: Fraction
    displaced: Fraction
    expected_losses: Fraction

    def total(self) -> Fraction:
        """Sum of all outcomes (always 1)."""
        return sum(self.hexes.values(), Fraction(0)) + self.lost + self.eliminated


def hits_distribution(dice: int, hit_faces: int) -> dict[int, Fraction]:
    """Probability of each number of HITs on ``dice`` special dice, face by face via :func:`is_hit`."""
    dist = {0: Fraction(1)}
    for _ in range(dice):
        nxt: dict[int, Fraction] = {}
        for hits, p in dist.items():
            for face in range(1, 7):
                k = hits + (1 if is_hit(face, hit_faces) else 0)
                nxt[k] = nxt.get(k, Fraction(0)) + p / 6
        dist = nxt
    return dist


def unit_odds(
    hexmap: HexMap,
    terrain: Terrain,
    unit: Paratrooper,
    drop: Hex,
    rules: LandingRules,
    friendly: frozenset[Hex] = frozenset(),
    enemy: frozenset[Hex] = frozenset(),
    lost_so_far: int = 0,
) -> UnitOdds:
    """Exact odds for one unit landing from ``drop`` (see the module's assumptions)."""
    hexes: dict[str, Fraction] = {}
    lost = eliminated = displaced = expected = Fraction(0)
    strength = 1 if unit.dummy else unit.strength
    landings = [touchdown(hexmap, drop, face, dist, rules, friendly, enemy, lost_so_far)
                for face in range(1, 7) for dist in range(1, rules.distance_sides + 1)]
    kept = [td for td in landings if td.kind != "reroll"]  # the dice are rolled again (loss cap)
    if not kept:
        return UnitOdds(unit.id, {}, Fraction(1), Fraction(0), Fraction(0), Fraction(strength))
    per = Fraction(1, len(kept))
    for td in kept:
        if td.kind == "lost":
            lost += per
            expected += per * strength
            continue
        losses = 0
        where = td.hex
        if td.kind == "enemy":
            losses = 1
            if unit.dummy or losses >= strength:
                eliminated += per
                expected += per * strength
                continue
        if td.kind in ("enemy", "friendly") or td.hex in friendly:
            displaced += per
            options = displacement_options(hexmap, td.hex, friendly, enemy)
            if not options:
                lost += per
                expected += per * strength
                continue
            where = min(options, key=lambda o: damage_dice(terrain, o, unit.kind, rules)[0])
        if water_hex(terrain, where) and rules.water == "eliminated":
            eliminated += per
            expected += per * strength
            continue
        n, _ = damage_dice(terrain, where, unit.kind, rules)
        for hits, p in hits_distribution(n, rules.hit_faces).items():
            total = losses + hits
            q = per * p
            if total and (unit.dummy or total >= strength):
                eliminated += q
                expected += q * strength
            else:
                name = hexmap.name(where)
                hexes[name] = hexes.get(name, Fraction(0)) + q
                expected += q * total
    return UnitOdds(unit.id, dict(sorted(hexes.items())), lost, eliminated, displaced, expected)

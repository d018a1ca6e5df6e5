"""Exact odds of planned Panzer Leader paradrops and glider landings.

Every die outcome goes through the rule functions the procedures use: :func:`.paradrop.drift_letter`,
:func:`.paradrop.stick_landings`, :func:`.paradrop.overstacked`, :func:`.paradrop.survival_row`,
:func:`.paradrop.jump_survival`; :func:`.gliders.glider_landing` and :func:`.gliders.too_many_gliders`.
The drift dice of all target hexes (one per target, II.C) and the landing dice of all gliders are
enumerated jointly, so the two-platoon and two-glider limits are exact. Anti-aircraft fire and
attacks by enemy units are left out (they depend on the players).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Mapping, Sequence

from ..boards import HexMap
from ..errors import DataError
from ..hexes import Hex
from ..terrain import Terrain
from .gliders import glider_landing, too_many_gliders
from .paradrop import (
    drift_letter,
    jump_survival,
    overstacked,
    stick_landings,
    survival_row,
)
from .wind import Wind

__all__ = ["MAX_JOINT", "StickOdds", "DropOdds", "GliderOdds", "paradrop_odds", "glider_odds"]

#: Most target hexes (paradrop) or gliders enumerated jointly (6**6 = 46,656 outcomes).
MAX_JOINT = 6


@dataclass(frozen=True)
class StickOdds:
    """One stick: probability of ending alive in each hex, lost off the board, eliminated on the
    Jump Survival Chart, and alive but dispersed (by the chart or the two-platoon limit)."""

    id: str
    hexes: Mapping[Hex, Fraction]
    lost: Fraction
    eliminated: Fraction
    dispersed: Fraction

    def total(self) -> Fraction:
        """Alive anywhere + lost + eliminated (always 1)."""
        return sum(self.hexes.values(), Fraction(0)) + self.lost + self.eliminated


@dataclass(frozen=True)
class DropOdds:
    """A turn's paradrops: each stick's odds, the expected sticks lost or eliminated, and the
    probability of each hex getting more than two platoons' worth (hexes in name order)."""

    sticks: tuple[StickOdds, ...]
    expected_losses: Fraction
    overstacked: Mapping[Hex, Fraction]


@dataclass(frozen=True)
class GliderOdds:
    """One glider (no anti-aircraft effect assumed): each landing hex, lost off the board, and
    the probability its hex gets more than two gliders."""

    id: str
    hexes: Mapping[Hex, Fraction]
    lost: Fraction
    dispersed: Fraction


def _add(d: dict[Hex, Fraction], k: Hex, p: Fraction) -> None:
    d[k] = d.get(k, Fraction(0)) + p


def _by_name(hexmap: HexMap, d: Mapping[Hex, Fraction]) -> dict[Hex, Fraction]:
    return dict(sorted(d.items(), key=lambda kv: hexmap.name(kv[0])))


def paradrop_odds(hexmap: HexMap, terrain: Terrain, wind: Wind, drops: Sequence[tuple[Hex, Sequence[str]]]) -> DropOdds:
    """Exact odds for ``drops``: (target hex, stick ids in jump order) for each target."""
    if not 1 <= len(drops) <= MAX_JOINT:
        raise DataError(f"exact odds take 1..{MAX_JOINT} target hexes at once", "drops")
    ids = [sid for _, sticks in drops for sid in sticks]
    hexes: dict[str, dict[Hex, Fraction]] = {i: {} for i in ids}
    lost = {i: Fraction(0) for i in ids}
    elim = {i: Fraction(0) for i in ids}
    disp = {i: Fraction(0) for i in ids}
    over_p: dict[Hex, Fraction] = {}
    p_combo = Fraction(1, 6 ** len(drops))
    for faces in product(range(1, 7), repeat=len(drops)):
        where: list[tuple[str, Hex]] = []
        for (target, sticks), face in zip(drops, faces):
            where.extend(zip(sticks, stick_landings(target, wind, drift_letter(wind.speed, face), len(sticks))))
        on_board = [h for _, h in where if hexmap.in_play(h)]
        over = overstacked(on_board)
        for h in over:
            _add(over_p, h, p_combo)
        for sid, h in where:
            if not hexmap.in_play(h):
                lost[sid] += p_combo
                continue
            row = survival_row(terrain, h)
            for f in range(1, 7):
                q = p_combo / 6
                res = jump_survival(row, f)
                if res == "X":
                    elim[sid] += q
                    continue
                _add(hexes[sid], h, q)
                if res == "D" or h in over:
                    disp[sid] += q
    result = tuple(StickOdds(i, _by_name(hexmap, hexes[i]), lost[i], elim[i], disp[i]) for i in ids)
    expected = sum((s.lost + s.eliminated for s in result), Fraction(0))
    return DropOdds(result, expected, _by_name(hexmap, over_p))


def glider_odds(hexmap: HexMap, wind: Wind, gliders: Sequence[tuple[str, Hex, int]]) -> list[GliderOdds]:
    """Exact odds for ``gliders``: (id, target hex, heading 0..5) each."""
    if not 1 <= len(gliders) <= MAX_JOINT:
        raise DataError(f"exact odds take 1..{MAX_JOINT} gliders at once", "gliders")
    hexes: list[dict[Hex, Fraction]] = [{} for _ in gliders]
    lost = [Fraction(0)] * len(gliders)
    disp = [Fraction(0)] * len(gliders)
    p = Fraction(1, 6 ** len(gliders))
    for faces in product(range(1, 7), repeat=len(gliders)):
        finals = [glider_landing(t, heading, f, wind)[0] for (_, t, heading), f in zip(gliders, faces)]
        over = too_many_gliders(h for h in finals if hexmap.in_play(h))
        for k, h in enumerate(finals):
            if not hexmap.in_play(h):
                lost[k] += p
                continue
            _add(hexes[k], h, p)
            if h in over:
                disp[k] += p
    return [GliderOdds(g[0], _by_name(hexmap, hexes[k]), lost[k], disp[k]) for k, g in enumerate(gliders)]

"""Exact odds of planned Panzer Leader paradrops and glider landings.

Every die outcome goes through the rule functions the procedures use: :func:`.paradrop.drift_letter`,
:func:`.paradrop.stick_landings`, :func:`.paradrop.survival_row`, :func:`.paradrop.jump_survival`;
:func:`.gliders.glider_landing`; the landing limits of :mod:`.stacking` (with what already counts
in each hex) and the anti-aircraft fire of :mod:`.anti_aircraft` when its AA numbers are known.
The drift dice of all target hexes (one per target, II.C), the landing dice of all gliders and
whether each plane or glider under rolled fire is shot down are enumerated jointly, so the
landing limits are exact. Anti-aircraft fire entered at the table and attacks by enemy units are
left out (they depend on the players).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import lcm
from typing import Mapping, Sequence

from ..boards import HexMap
from ..errors import DataError
from ..hexes import Hex
from ..terrain import Terrain
from .gliders import glider_landing
from .paradrop import (
    drift_letter,
    extra_sticks,
    jump_survival,
    stick_landings,
    survival_row,
)
from .stacking import equivalent_sticks, glider_hexes_over, overstacked_hexes
from .wind import Wind

__all__ = ["MAX_JOINT", "MAX_OUTCOMES", "StickOdds", "DropOdds", "GliderOdds", "paradrop_odds", "glider_odds"]

#: Most target hexes (paradrop) or gliders enumerated jointly.
MAX_JOINT = 6
#: Most joint outcomes enumerated (6**6 = 46,656 drift dice; shot down or not doubles them).
MAX_OUTCOMES = 6 ** 6 * 3

#: (probability of being shot down, probability of flying on dispersed) of a plane or glider.
AAChances = tuple[Fraction, Fraction]


@dataclass(frozen=True)
class StickOdds:
    """One stick: probability of ending alive in each hex, lost (off the board or beyond the
    diagram), eliminated on the Jump Survival Chart, alive but dispersed (by the chart, the
    two-platoon limit, the diagram or anti-aircraft fire) and shot down with its plane."""

    id: str
    hexes: Mapping[Hex, Fraction]
    lost: Fraction
    eliminated: Fraction
    dispersed: Fraction
    shot_down: Fraction = Fraction(0)

    def total(self) -> Fraction:
        """Alive anywhere + lost + eliminated + shot down (always 1)."""
        return sum(self.hexes.values(), Fraction(0)) + self.lost + self.eliminated + self.shot_down


@dataclass(frozen=True)
class DropOdds:
    """A turn's paradrops: each stick's odds, the expected sticks lost, eliminated or shot down,
    and the probability of each hex getting more than two platoons' worth (hexes in name order)."""

    sticks: tuple[StickOdds, ...]
    expected_losses: Fraction
    overstacked: Mapping[Hex, Fraction]


@dataclass(frozen=True)
class GliderOdds:
    """One glider: each landing hex, lost off the board, the probability its load lands
    dispersed (its hex over a landing limit, or anti-aircraft D), and shot down."""

    id: str
    hexes: Mapping[Hex, Fraction]
    lost: Fraction
    dispersed: Fraction
    shot_down: Fraction = Fraction(0)


def _add(d: dict[Hex, Fraction], k: Hex, p: Fraction) -> None:
    d[k] = d.get(k, Fraction(0)) + p


def _by_name(hexmap: HexMap, d: Mapping[Hex, Fraction]) -> dict[Hex, Fraction]:
    return dict(sorted(d.items(), key=lambda kv: hexmap.name(kv[0])))


def _dispersed_if_flying(chances: AAChances | None) -> Fraction:
    """Probability of an anti-aircraft D, given the plane or glider was not shot down."""
    if chances is None or chances[0] >= 1:
        return Fraction(0)
    return chances[1] / (1 - chances[0])


def _check_size(n: int, what: str) -> None:
    if n > MAX_OUTCOMES:
        raise DataError(f"exact odds take at most {MAX_OUTCOMES:,} joint outcomes: fewer {what} at once", what)


def _survival(terrain: Terrain, h: Hex) -> tuple[Fraction, Fraction]:
    """Jump Survival Chart in hex ``h``: probability of X and of D on one die."""
    row = survival_row(terrain, h)
    results = [jump_survival(row, f) for f in range(1, 7)]
    return Fraction(results.count("X"), 6), Fraction(results.count("D"), 6)


def paradrop_odds(hexmap: HexMap, terrain: Terrain, wind: Wind, drops: Sequence[tuple[Hex, Sequence[str]]], *,
                  extra: str = "continue downwind", already: Mapping[Hex, int] | None = None,
                  platoons: Mapping[str, str] | None = None, aa: Mapping[str, AAChances] | None = None) -> DropOdds:
    """Exact odds for ``drops``: (target hex, stick ids in jump order) for each target.

    ``extra``: the reading of sticks beyond a diagram; ``already``: sticks' worth already counting
    in each hex (:func:`.stacking.on_the_map`); ``platoons``: each stick's platoon (its plane) and
    ``aa``: each plane's anti-aircraft chances (:func:`.anti_aircraft.aa_chances`).

    Where a stick lands depends only on its own target's drift die; whether its hex goes over two
    platoons depends on every target's die, so the dice of all targets are enumerated jointly for
    that (counting outcomes in whole numbers), and the Jump Survival die of each hex once.
    """
    if not 1 <= len(drops) <= MAX_JOINT:
        raise DataError(f"exact odds take 1..{MAX_JOINT} target hexes at once", "drops")
    already = already if already is not None else {}
    plane = platoons or {}
    chances = dict(aa or {})
    at_risk = [k for k, v in chances.items() if v[0] > 0]
    _check_size(6 ** len(drops) * 2 ** len(at_risk), "target hexes or planes under fire")
    ids = [sid for _, sticks in drops for sid in sticks]
    hexes: dict[str, dict[Hex, Fraction]] = {i: {} for i in ids}
    lost = {i: Fraction(0) for i in ids}
    elim = {i: Fraction(0) for i in ids}
    disp = {i: Fraction(0) for i in ids}
    shot = {i: Fraction(0) for i in ids}
    d_aa = {i: _dispersed_if_flying(chances.get(plane.get(i, ""))) for i in ids}
    surv: dict[Hex, tuple[Fraction, Fraction]] = {}
    over_p: dict[Hex, Fraction] = {}
    n = len(drops)
    others = 6 ** (n - 1)
    for downs in product((True, False), repeat=len(at_risk)):
        p_down = Fraction(1)
        for k, down in zip(at_risk, downs):
            p_down *= chances[k][0] if down else 1 - chances[k][0]
        if not p_down:
            continue
        gone = {k for k, down in zip(at_risk, downs) if down}
        for sid in ids:
            if plane.get(sid) in gone:
                shot[sid] += p_down
        # each target's six drift faces: where its sticks land (None: lost) and how many per hex
        options: list[list[tuple[list[tuple[str, Hex | None, bool]], Counter[Hex]]]] = []
        for target, sticks in drops:
            jumping = [sid for sid in sticks if plane.get(sid) not in gone]
            per_face = []
            for face in range(1, 7):
                letter = drift_letter(wind.speed, face)
                first_extra = len(jumping) - extra_sticks(letter, len(jumping))
                spots = stick_landings(target, wind, letter, len(jumping), extra)
                placed = [(sid, h if h is not None and hexmap.in_play(h) else None, extra == "dispersed" and k >= first_extra)
                          for k, (sid, h) in enumerate(zip(jumping, spots))]
                per_face.append((placed, Counter(h for _, h, _ in placed if h is not None)))
            options.append(per_face)
        # the joint drift dice: which hexes go over two platoons (counts of outcomes)
        over_count: dict[Hex, int] = {}
        over_given: list[list[dict[Hex, int]]] = [[{} for _ in range(6)] for _ in drops]
        for faces in product(range(6), repeat=n):
            landing: Counter[Hex] = Counter()
            for t, f in enumerate(faces):
                landing.update(options[t][f][1])
            over = overstacked_hexes(landing, already)
            for h in over:
                over_count[h] = over_count.get(h, 0) + 1
                for t, f in enumerate(faces):
                    given = over_given[t][f]
                    given[h] = given.get(h, 0) + 1
        for h, c in over_count.items():
            _add(over_p, h, p_down * Fraction(c, 6 ** n))
        # each stick, given its own target's face
        for t in range(n):
            for f in range(6):
                w = p_down / 6
                placed, _ = options[t][f]
                for sid, spot, beyond in placed:
                    if spot is None:
                        lost[sid] += w
                        continue
                    h = spot
                    if h not in surv:
                        surv[h] = _survival(terrain, h)
                    px, pd = surv[h]
                    elim[sid] += w * px
                    alive = w * (1 - px)
                    _add(hexes[sid], h, alive)
                    if beyond:
                        disp[sid] += alive
                        continue
                    p_over = Fraction(over_given[t][f].get(h, 0), others)
                    disp[sid] += alive - w * (1 - px - pd) * (1 - p_over) * (1 - d_aa[sid])
    result = tuple(StickOdds(i, _by_name(hexmap, hexes[i]), lost[i], elim[i], disp[i], shot[i]) for i in ids)
    expected = sum((s.lost + s.eliminated + s.shot_down for s in result), Fraction(0))
    return DropOdds(result, expected, _by_name(hexmap, over_p))


def glider_odds(hexmap: HexMap, wind: Wind, gliders: Sequence[tuple[str, Hex, int]], *, reading: str = "downwind",
                already: Mapping[Hex, int] | None = None, earlier: Mapping[Hex, int] | None = None,
                aa: Mapping[str, AAChances] | None = None) -> list[GliderOdds]:
    """Exact odds for ``gliders``: (id, target hex, heading 0..5) each.

    ``reading``: the wind shift's direction (:data:`.gliders.GLIDER_SHIFT`); ``already``: sticks'
    worth already counting in each hex; ``earlier``: gliders landed earlier this game turn in each
    hex (:mod:`.stacking`); ``aa``: each glider's anti-aircraft chances.

    Each glider's landing die (and whether rolled anti-aircraft fire shoots it down) gives its
    hex; the gliders are enumerated jointly only to know which hexes go over a landing limit,
    with whole-number weights.
    """
    if not 1 <= len(gliders) <= MAX_JOINT:
        raise DataError(f"exact odds take 1..{MAX_JOINT} gliders at once", "gliders")
    already = already if already is not None else {}
    earlier, chances = earlier if earlier is not None else {}, aa or {}
    load = equivalent_sticks("platoon")
    # each glider's outcomes: its hex (None: shot down; off the board: lost) and a whole-number weight
    outcomes: list[list[tuple[Hex | None, int]]] = []
    scale: list[int] = []
    for gid, target, heading in gliders:
        x = chances[gid][0] if chances.get(gid) is not None else Fraction(0)
        face_w = (1 - x) / 6
        denom = lcm(face_w.denominator, x.denominator)
        opts: list[tuple[Hex | None, int]] = [(glider_landing(target, heading, f, wind, reading)[0], int(face_w * denom)) for f in range(1, 7)]
        if x:
            opts.append((None, int(x * denom)))
        outcomes.append([o for o in opts if o[1]])
        scale.append(denom)
    size = 1
    for o in outcomes:
        size *= len(o)
    _check_size(size, "gliders")
    total = 1
    for d in scale:
        total *= d
    over_joint: list[list[int]] = [[0] * len(o) for o in outcomes]  # weight of (this outcome and its hex over a limit)
    for combo in product(*(range(len(o)) for o in outcomes)):
        finals = [outcomes[k][i][0] for k, i in enumerate(combo)]
        down = [h for h in finals if h is not None and hexmap.in_play(h)]
        if not down:
            continue
        over = glider_hexes_over(down, earlier) | overstacked_hexes(Counter({h: c * load for h, c in Counter(down).items()}), already)
        if not over:
            continue
        weight = 1
        for k, i in enumerate(combo):
            weight *= outcomes[k][i][1]
        for k, i in enumerate(combo):
            if finals[k] in over:
                over_joint[k][i] += weight
    result = []
    for k, (gid, _, _) in enumerate(gliders):
        hexes: dict[Hex, Fraction] = {}
        lost = disp = shot = Fraction(0)
        d_aa = _dispersed_if_flying(chances.get(gid))
        for i, (h, w) in enumerate(outcomes[k]):
            p = Fraction(w, scale[k])
            if h is None:
                shot += p
            elif not hexmap.in_play(h):
                lost += p
            else:
                _add(hexes, h, p)
                p_over = Fraction(over_joint[k][i], total)
                disp += p_over + (p - p_over) * d_aa
        result.append(GliderOdds(gid, _by_name(hexmap, hexes), lost, disp, shot))
    return result

"""Exact odds of a planned ASL glider landing (E8.21–E8.24) and a heatmap over every ILH.

Nothing here re-implements a rule: every die outcome is pushed through the same functions the
landing procedure uses (:func:`~airhead.asl.gliders.light_aa_result`,
:func:`~airhead.asl.gliders.retains_rof`, :func:`~airhead.asl.random_location.random_location`,
:func:`~airhead.asl.gliders.landing_terms`, :func:`~airhead.asl.gliders.landing_hex`,
:func:`~airhead.asl.gliders.hazard`, :func:`~airhead.asl.gliders.crash_terms`,
:func:`~airhead.asl.gliders.crash_effect`) and the outcomes are counted exactly (fractions).

What the odds assume: each planned Light AA weapon fires once at the glider in every ILH while it
keeps its ROF (the DEFENDER's choice at the table may differ); a minefield's attack and Final
Fire (E8.3) are not included (their results are entered at the table). Evasive Action chains are
followed ``max_evasive`` deep; any probability beyond is reported as ``unresolved``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping, Sequence

from ..boards import HexMap
from ..hexes import Hex
from ..terrain import Terrain
from .gliders import (
    AAFirer,
    Approach,
    crash_effect,
    crash_terms,
    hazard,
    landing_hex,
    landing_terms,
    light_aa_result,
    retains_rof,
    table,
)
from .random_location import random_location

__all__ = ["OUTCOMES", "GliderOdds", "glider_odds", "heatmap"]

#: Outcome keys, in display order.
OUTCOMES: tuple[str, ...] = ("safe_ilh", "safe_elsewhere", "damaged", "eliminated", "offboard", "unresolved")
OUTCOME_LABELS: dict[str, str] = {
    "safe_ilh": "lands safely in its final ILH",
    "safe_elsewhere": "lands safely, not in its final ILH",
    "damaged": "lands Damaged",
    "eliminated": "eliminated",
    "offboard": "lands off the board",
    "unresolved": "more Evasive Actions than enumerated",
}

_DICE = [(c, w) for c in range(1, 7) for w in range(1, 7)]
_R36 = Fraction(1, 36)


@dataclass
class GliderOdds:
    """Exact probabilities: of each outcome, and of each hex the glider comes down in."""

    outcomes: dict[str, Fraction] = field(default_factory=lambda: {k: Fraction(0) for k in OUTCOMES})
    landing: dict[Hex, Fraction] = field(default_factory=dict)
    minefield: bool = False

    def lines(self, m: HexMap) -> list[str]:
        """Human summary, most likely landing hexes first."""
        out = [f"{OUTCOME_LABELS[k]}: {float(v):.1%}" for k, v in self.outcomes.items() if v]
        ranked = sorted(self.landing.items(), key=lambda kv: (-kv[1], m.name(kv[0])))
        out += [f"  {m.label(h)}: {float(p):.1%}" for h, p in ranked]
        if self.minefield:
            out.append("a possible landing hex holds a minefield: its attack is not included")
        return out


class _Enumerator:
    def __init__(self, terrain: Terrain, m: HexMap, facing: int, *, night: bool, gusts: bool, blind: bool | None = None) -> None:
        self.terrain, self.m, self.facing = terrain, m, facing
        self.night, self.gusts, self.blind = night, gusts, blind
        self._crash: dict[tuple[Hex, Hex, Hex, bool, bool, bool, bool], int] = {}
        self._landing: dict[tuple[Hex, bool], dict[tuple[str, Hex], int]] = {}
        self.minefield = False

    def landing(self, ilh: Hex, damaged: bool) -> dict[tuple[str, Hex], int]:
        """Counts (out of 216: Landing DR × Crash dr) of each (outcome, landing hex)."""
        key = (ilh, damaged)
        hit = self._landing.get(key)
        if hit is not None:
            return hit
        appr = Approach(self.m, ilh, self.facing)
        drm = landing_terms(self.terrain, appr).drm
        positions: dict[int, int] = {}
        for colored, white in _DICE:
            k, _ = landing_hex(appr, colored + drm, white)
            positions[k] = positions.get(k, 0) + 1
        out: dict[tuple[str, Hex], int] = {}
        for k, n in positions.items():
            real = appr.hex_at(k)
            kind, _ = hazard(self.terrain, appr, k)
            if kind == "eliminated":
                out[("eliminated", real)] = out.get(("eliminated", real), 0) + 6 * n
                continue
            if kind == "minefield":
                self.minefield = True
            cdrm = self._crash_drm(appr, k, damaged, kind == "bridge")
            on_board = self.m.in_play(real)
            for crash in range(1, 7):
                effect = crash_effect(crash + cdrm)
                if effect == "eliminated" or (effect == "damaged" and damaged):
                    res = "eliminated"
                elif not on_board:
                    res = "offboard"
                elif effect == "damaged" or damaged:
                    res = "damaged"
                else:
                    res = "safe_ilh" if k == 0 else "safe_elsewhere"
                out[(res, real)] = out.get((res, real), 0) + n
        self._landing[key] = out
        return out

    def _crash_drm(self, appr: Approach, k: int, damaged: bool, bridge: bool) -> int:
        key = (appr.hex_at(k), appr.equivalent(k), appr.equivalent(k + 1), k == 0, appr.reflected(k), damaged, bridge)
        v = self._crash.get(key)
        if v is None:
            terms = crash_terms(self.terrain, appr, k, damaged=damaged, night=self.night, gusts=self.gusts, on_bridge=bridge,
                                blind=self.blind, explain=False)
            v = sum(t[0] for t in terms)
            self._crash[key] = v
        return v


def glider_odds(
    terrain: Terrain,
    m: HexMap,
    ilh: Hex,
    facing: int,
    *,
    aa: Sequence[AAFirer] = (),
    damaged: bool = False,
    night: bool = False,
    gusts: bool = False,
    blind: bool | None = None,
    below_kill: str = "eliminated",
    max_evasive: int = 2,
) -> GliderOdds:
    """Exact outcome and landing-hex probabilities of a glider planned for ``ilh`` facing
    direction ``facing`` (0..5: the Wind Direction), with the Light AA the player expects;
    ``blind`` is the players' Blind Hex ruling (None: the map's reading)."""
    enum = _Enumerator(terrain, m, facing, night=night, gusts=gusts, blind=blind)
    aerial = int(table()["aerial_drm"])
    Dist = dict[tuple[str, Hex | None], Fraction]
    memo: dict[tuple[Hex, bool, tuple[bool, ...], int], Dist] = {}

    def add(into: Dist, src: Dist, w: Fraction) -> None:
        for k, v in src.items():
            into[k] = into.get(k, Fraction(0)) + v * w

    def stage(at: Hex, dmg: bool, left: tuple[bool, ...], depth: int) -> Dist:
        """Distribution of (outcome, landing hex) from a glider in ILH ``at`` (memoized)."""
        key = (at, dmg, left, depth)
        hit = memo.get(key)
        if hit is not None:
            return hit
        out: Dist = {}
        # every AA weapon still able to fire shoots once in this ILH (E8.21)
        states: dict[tuple[bool, bool, tuple[bool, ...]], Fraction] = {(dmg, False, left): Fraction(1)}
        for i, f in enumerate(aa):
            nxt: dict[tuple[bool, bool, tuple[bool, ...]], Fraction] = {}
            for (d, evade, lf), w in states.items():
                if not lf[i]:
                    nxt[(d, evade, lf)] = nxt.get((d, evade, lf), Fraction(0)) + w
                    continue
                for colored, white in _DICE:
                    shot = light_aa_result(colored + white + aerial + f.drm, f.kill, below_kill)
                    pw = w * _R36
                    if shot == "eliminated" or (shot == "damaged" and d):
                        out[("eliminated", None)] = out.get(("eliminated", None), Fraction(0)) + pw
                        continue
                    nl = lf[:i] + (retains_rof(colored, f.rof),) + lf[i + 1:]
                    k2 = (d or shot == "damaged", evade or shot in ("damaged", "evasive"), nl)
                    nxt[k2] = nxt.get(k2, Fraction(0)) + pw
            states = nxt
        for (d, evade, lf), w in states.items():
            if not evade:
                for (res, h), n in enum.landing(at, d).items():
                    out[(res, h)] = out.get((res, h), Fraction(0)) + w * n / 216
            elif depth >= max_evasive:
                out[("unresolved", None)] = out.get(("unresolved", None), Fraction(0)) + w
            else:
                # E8.211: one Evasive Action Random Location DR; the hex grain never changes
                for colored, white in _DICE:
                    add(out, stage(random_location(at, colored, white), d, lf, depth + 1), w * _R36)
        memo[key] = out
        return out

    odds = GliderOdds()
    for (res, h), p in stage(ilh, damaged, tuple(True for _ in aa), 0).items():
        odds.outcomes[res] += p
        if h is not None:
            odds.landing[h] = odds.landing.get(h, Fraction(0)) + p
    odds.minefield = enum.minefield
    return odds


def heatmap(
    terrain: Terrain,
    m: HexMap,
    facing: int,
    *,
    night: bool = False,
    gusts: bool = False,
    damaged: bool = False,
    blind: bool | None = None,
    hexes: Sequence[Hex] | None = None,
) -> dict[Hex, tuple[float, float]]:
    """For every candidate ILH (default: every hex in play), with no Light AA, facing direction
    ``facing`` (0..5): the probability the glider comes down on the board intact or Damaged, and
    the probability it lands safely in the ILH itself."""
    enum = _Enumerator(terrain, m, facing, night=night, gusts=gusts, blind=blind)
    out: dict[Hex, tuple[float, float]] = {}
    for h in hexes if hexes is not None else m.hexes():
        survive = in_ilh = 0
        for (res, _), n in enum.landing(h, damaged).items():
            if res in ("safe_ilh", "safe_elsewhere", "damaged"):
                survive += n
            if res == "safe_ilh":
                in_ilh += n
        out[h] = (survive / 216, in_ilh / 216)
    return out


def summary(odds: GliderOdds) -> Mapping[str, float]:
    """Outcome probabilities as floats."""
    return {k: float(v) for k, v in odds.outcomes.items()}

"""Exact odds of a planned ASL glider landing (E8.21–E8.24) and a heatmap over every ILH.

Nothing here re-implements a rule: every die outcome is pushed through the same functions the
landing procedure uses (:func:`~airhead.asl.gliders.light_aa_result`,
:func:`~airhead.asl.gliders.retains_rof`, :func:`~airhead.asl.random_location.random_location`,
:func:`~airhead.asl.gliders.landing_terms`, :func:`~airhead.asl.gliders.landing_hex`,
:func:`~airhead.asl.gliders.hazard`, :func:`~airhead.asl.gliders.crash_terms`,
:func:`~airhead.asl.gliders.crash_effect`) and the outcomes are counted exactly (fractions).

What the odds assume: each planned Light AA weapon fires once at the glider in every ILH while it
keeps its ROF (the DEFENDER's choice at the table may differ); a minefield's attack and Final
Fire (E8.3) are not included (their results are entered at the table).

The Light AA fire is a finite chain on (Damaged, weapons with ROF left), solved exactly however
long it runs; the ILH, though, walks the unbounded plane by Random Location DRs while any weapon
keeps its ROF, so where the glider lands after many Evasive Actions is an infinite sum that is in
general not a fraction. Landings are worked out hex by hex up to ``max_evasive`` Evasive Actions;
the landings after more are the ``unresolved`` row (being shot down later is counted exactly).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Mapping, Sequence

from ..boards import HexMap
from ..hexes import Hex, from_asl_direction
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
    "unresolved": "lands after more Evasive Actions than worked out",
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
        self._where: dict[Hex, list[tuple[int, int, Hex, str, Approach]]] = {}
        self.minefield = False

    def landing(self, ilh: Hex, damaged: bool) -> dict[tuple[str, Hex], int]:
        """Counts (out of 216: Landing DR × Crash dr) of each (outcome, landing hex)."""
        key = (ilh, damaged)
        hit = self._landing.get(key)
        if hit is not None:
            return hit
        out: dict[tuple[str, Hex], int] = {}
        for k, n, real, kind, appr in self._positions(ilh):
            if kind == "eliminated":
                out[("eliminated", real)] = out.get(("eliminated", real), 0) + 6 * n
                continue
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

    def _positions(self, ilh: Hex) -> list[tuple[int, int, Hex, str, Approach]]:
        """Where a glider in ``ilh`` may come down, whether intact or Damaged (shared by both):
        (position along the grain, count out of 36 Landing DRs, real hex, E8.232 hazard)."""
        hit = self._where.get(ilh)
        if hit is not None:
            return hit
        appr = Approach(self.m, ilh, self.facing)
        drm = landing_terms(self.terrain, appr).drm
        positions: dict[int, int] = {}
        for colored, white in _DICE:
            k, _ = landing_hex(appr, colored + drm, white)
            positions[k] = positions.get(k, 0) + 1
        out: list[tuple[int, int, Hex, str, Approach]] = []
        for k, n in positions.items():
            kind, _ = hazard(self.terrain, appr, k)
            if kind == "minefield":
                self.minefield = True
            out.append((k, n, appr.hex_at(k), kind, appr))
        self._where[ilh] = out
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


#: A firing state between two ILHs: (Damaged, which Light AA weapons still have their ROF).
FireState = tuple[bool, tuple[bool, ...]]


@dataclass(frozen=True)
class _Fire:
    """What the Light AA fire in one ILH does to a glider in a firing state: shot down, lands
    here (intact, Damaged) or takes Evasive Action into another firing state."""

    eliminated: Fraction
    land: tuple[Fraction, Fraction]
    evade: tuple[tuple[FireState, Fraction], ...]


class _FiringChain:
    """The Light AA half of the landing, which does not depend on where the glider is: every
    weapon still able to fire shoots once in each ILH (E8.21), a result of "damaged"/"evasive"
    sends it on (E8.211). Damage only comes and ROF only goes, so the chain's states form an
    order with at most a loop on each state: it is solved exactly by substitution."""

    def __init__(self, aa: Sequence[AAFirer], below_kill: str) -> None:
        aerial = int(table()["aerial_drm"])
        self.shots: list[list[tuple[tuple[str, bool], int]]] = []
        for f in aa:
            counts: dict[tuple[str, bool], int] = {}
            for colored, white in _DICE:
                key = (str(light_aa_result(colored + white + aerial + f.drm, f.kill, below_kill)), retains_rof(colored, f.rof))
                counts[key] = counts.get(key, 0) + 1
            self.shots.append(sorted(counts.items()))
        self._fire: dict[FireState, _Fire] = {}
        self._fate: dict[FireState, tuple[Fraction, Fraction, Fraction]] = {}

    def fire(self, s: FireState) -> _Fire:
        """One ILH's Light AA fire from firing state ``s`` (memoized)."""
        hit = self._fire.get(s)
        if hit is not None:
            return hit
        damaged, left = s
        states: dict[tuple[bool, bool, tuple[bool, ...]], Fraction] = {(damaged, False, left): Fraction(1)}
        eliminated = Fraction(0)
        for i, outs in enumerate(self.shots):
            if not left[i]:
                continue
            nxt: dict[tuple[bool, bool, tuple[bool, ...]], Fraction] = {}
            for (d, evade, lf), w in states.items():
                for (shot, keep), n in outs:
                    p = w * n / 36
                    if shot == "eliminated" or (shot == "damaged" and d):
                        eliminated += p
                        continue
                    k = (d or shot == "damaged", evade or shot in ("damaged", "evasive"), lf[:i] + (keep,) + lf[i + 1:])
                    nxt[k] = nxt.get(k, Fraction(0)) + p
            states = nxt
        land = [Fraction(0), Fraction(0)]
        evades: dict[FireState, Fraction] = {}
        for (d, evade, lf), w in states.items():
            if evade:
                evades[(d, lf)] = evades.get((d, lf), Fraction(0)) + w
            else:
                land[d] += w
        out = _Fire(eliminated, (land[0], land[1]), tuple(sorted(evades.items())))
        self._fire[s] = out
        return out

    def fate(self, s: FireState) -> tuple[Fraction, Fraction, Fraction]:
        """Exact probabilities, however many Evasive Actions follow, that a glider in firing
        state ``s`` is shot down, lands intact or lands Damaged (wherever it lands)."""
        hit = self._fate.get(s)
        if hit is not None:
            return hit
        f = self.fire(s)
        acc = [f.eliminated, f.land[0], f.land[1]]
        loop = Fraction(0)
        for s2, p in f.evade:
            if s2 == s:  # every weapon kept its ROF and the glider was not hit harder: same state
                loop += p
                continue
            # Damage only comes and ROF only goes: s2 is strictly further on, no cycle back to s
            sub = self.fate(s2)
            for j in range(3):
                acc[j] += p * sub[j]
        out = (acc[0] / (1 - loop), acc[1] / (1 - loop), acc[2] / (1 - loop))
        self._fate[s] = out
        return out


#: Evasive Action chains are followed until what is left lands with at most this probability.
RESIDUAL = Fraction(1, 10_000)
#: ... and never deeper than this (each level widens the hexes to work out by 6 all round).
MAX_EVASIVE = 2
#: The 36 Random Location moves (E8.211): (ASL direction, hexes).
_MOVES = tuple((from_asl_direction(c), w) for c in range(1, 7) for w in range(1, 7))


def _spread(walk: dict[Hex, int]) -> dict[Hex, int]:
    """One Random Location DR (E8.211) applied to a distribution of ILHs (counts over 36**n)."""
    out: dict[Hex, int] = {}
    for h, n in walk.items():
        for d, steps in _MOVES:
            h2 = h.neighbor(d, steps)
            out[h2] = out.get(h2, 0) + n
    return out


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
    max_evasive: int | None = None,
) -> GliderOdds:
    """Exact outcome and landing-hex probabilities of a glider planned for ``ilh`` facing
    direction ``facing`` (0..5: the Wind Direction), with the Light AA the player expects;
    ``blind`` is the players' Blind Hex ruling (None: the map's reading).

    The Light AA fire is a finite chain that does not depend on the hex (:class:`_FiringChain`);
    after ``n`` Evasive Actions the ILH is spread by ``n`` Random Location DRs whatever the firing
    did, so the landing distribution of each ILH is worked out once and shared by every way of
    getting there. Being shot down is counted exactly however long the chain; the landings after
    more than ``max_evasive`` Evasive Actions (default: as many as :data:`MAX_EVASIVE` allows,
    stopping once they weigh at most :data:`RESIDUAL`) are the ``unresolved`` row."""
    enum = _Enumerator(terrain, m, facing, night=night, gusts=gusts, blind=blind)
    chain = _FiringChain(aa, below_kill)
    limit = MAX_EVASIVE if max_evasive is None else max_evasive
    acc: dict[tuple[str, Hex | None], Fraction] = {}
    reach: dict[FireState, Fraction] = {(damaged, tuple(True for _ in aa)): Fraction(1)}
    walk: dict[Hex, int] = {ilh: 1}
    shot_down = Fraction(0)
    depth = 0
    while True:
        land = [Fraction(0), Fraction(0)]
        nxt: dict[FireState, Fraction] = {}
        for s, a in reach.items():
            f = chain.fire(s)
            shot_down += a * f.eliminated
            land[0] += a * f.land[0]
            land[1] += a * f.land[1]
            for s2, p in f.evade:
                nxt[s2] = nxt.get(s2, Fraction(0)) + a * p
        for d in (False, True):
            if not land[d]:
                continue
            counts: dict[tuple[str, Hex], int] = {}
            for h, n in walk.items():
                for key, c in enum.landing(h, d).items():
                    counts[key] = counts.get(key, 0) + n * c
            scale = land[d] / (216 * 36 ** depth)
            for key, c in counts.items():
                acc[key] = acc.get(key, Fraction(0)) + scale * c
        if not nxt:
            break
        if depth >= limit or (max_evasive is None and _lands_later(chain, nxt) <= RESIDUAL):
            for s, a in nxt.items():
                down, intact, dmg = chain.fate(s)
                shot_down += a * down
                acc[("unresolved", None)] = acc.get(("unresolved", None), Fraction(0)) + a * (intact + dmg)
            break
        reach, walk, depth = nxt, _spread(walk), depth + 1
    if shot_down:
        acc[("eliminated", None)] = acc.get(("eliminated", None), Fraction(0)) + shot_down
    odds = GliderOdds()
    for (res, where), p in acc.items():
        odds.outcomes[res] += p
        if where is not None:
            odds.landing[where] = odds.landing.get(where, Fraction(0)) + p
    odds.minefield = enum.minefield
    return odds


def _lands_later(chain: _FiringChain, reach: Mapping[FireState, Fraction]) -> Fraction:
    """Probability that gliders in these firing states land (anywhere) at some later ILH."""
    total = Fraction(0)
    for s, a in reach.items():
        _, intact, dmg = chain.fate(s)
        total += a * (intact + dmg)
    return total


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

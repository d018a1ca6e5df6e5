"""Exact odds of a planned ASL glider landing (E8.21–E8.24) and a heatmap over every ILH.

Nothing here re-implements a rule: every die outcome is pushed through the same functions the
landing procedure uses (:func:`~airhead.asl.e8.gliders.light_aa_result`,
:func:`~airhead.asl.e8.gliders.retains_rof`, :func:`~airhead.asl.e8.random_location.random_location`,
:func:`~airhead.asl.e8.gliders.landing_terms`, :func:`~airhead.asl.e8.gliders.landing_hex`,
:func:`~airhead.asl.e8.gliders.hazard`, :func:`~airhead.asl.e8.gliders.crash_terms`,
:func:`~airhead.asl.e8.gliders.crash_effect`) and the outcomes are counted exactly (fractions).

What the odds assume: each planned Light AA weapon fires once at the glider in every ILH while it
keeps its ROF (the DEFENDER's choice at the table may differ); a minefield's attack and Final
Fire (E8.3) are not included (their results are entered at the table).

The Light AA fire is a finite chain on (Damaged, weapons with ROF left), solved exactly however
long it runs; the ILH, though, walks the unbounded plane by Random Location DRs while any weapon
keeps its ROF, so where the glider lands after many Evasive Actions is an infinite sum that is in
general not a fraction. Landings are worked out hex by hex up to ``max_evasive`` Evasive Actions;
the landings after more are the ``unresolved`` row (being shot down later is counted exactly).

Speed (issue #15): what a glider in one ILH does on landing does not depend on the firers nor on
how it got there, so each ILH's landing (both intact and Damaged) is worked out once per map,
terrain, Wind Direction and Crash dr settings and kept in a small memo (:func:`clear_cache`)
shared by the odds and the heatmap, across calls while the player drags the ILH. Inside one ILH
the Crash drm of a landing hex whose terrain and approach do not depend on the ILH (the hex and
the one astern of it both in play) is worked out once per hex. Counts stay integers (over
216 × 36^n) until one exact fraction per result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import gcd, lcm
from operator import add
from typing import Mapping, Sequence

from ...boards import HexMap
from ...hexes import DIRECTIONS, Hex, from_asl_direction, opposite
from ...terrain import Terrain
from .gliders import (
    AVENUE_LENGTH,
    AAFirer,
    Approach,
    avenue_terms,
    crash_effect,
    crash_terms,
    hazard,
    landing_hex,
    landing_terms,
    light_aa_result,
    obstacle_top,
    retains_rof,
    table,
)
from .random_location import random_location

__all__ = ["OUTCOMES", "GliderOdds", "glider_odds", "heatmap", "clear_cache"]

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
_SURVIVE = frozenset(("safe_ilh", "safe_elsewhere", "damaged"))


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


# ----------------------------------------------------------------------------- one ILH's landing
#: Axial coordinates (q, r): the memo's keys (a tuple hashes in C, a Hex in Python).
QR = tuple[int, int]
#: One ILH's landing, intact or Damaged: ((outcome, landing hex), count out of 216) pairs.
Counts = tuple[tuple[tuple[str, QR], int], ...]


@dataclass(frozen=True)
class _Entry:
    """A glider in one ILH: its landings intact and Damaged, and whether one may be in a minefield."""

    intact: Counts
    damaged: Counts
    minefield: bool


@lru_cache(maxsize=256)
def _effects(cdrm: int, damaged: bool, on_board: bool, in_ilh: bool) -> tuple[tuple[str, int], ...]:
    """E8.23 / E8.24: the six Crash drs with a total Crash drm ``cdrm``: each outcome's count."""
    out: dict[str, int] = {}
    for crash in range(1, 7):
        effect = crash_effect(crash + cdrm)
        if effect == "eliminated" or (effect == "damaged" and damaged):
            res = "eliminated"
        elif not on_board:
            res = "offboard"
        elif effect == "damaged" or damaged:
            res = "damaged"
        else:
            res = "safe_ilh" if in_ilh else "safe_elsewhere"
        out[res] = out.get(res, 0) + 1
    return tuple(out.items())


@lru_cache(maxsize=256)
def _survival(cdrm: int, damaged: bool, in_ilh: bool) -> tuple[int, int]:
    """Of the six Crash drs on the board: how many come down intact or Damaged, and how many land
    safely in the final ILH."""
    effects = _effects(cdrm, damaged, True, in_ilh)
    return sum(n for res, n in effects if res in _SURVIVE), sum(n for res, n in effects if res == "safe_ilh")


_NONE = (0, 0, 0, 0)


class _Landings:
    """Every ILH's landing under one map, terrain, Wind Direction and Crash dr settings (memoized:
    the landing does not depend on the Light AA nor on how the glider got to the ILH)."""

    #: ILHs kept before the memo starts afresh (a 4-board map and its 12-hex ring: ~4,000).
    LIMIT = 30_000

    def __init__(self, terrain: Terrain, m: HexMap, facing: int, *, night: bool, gusts: bool, blind: bool | None) -> None:
        self.terrain, self.m, self.facing = terrain, m, facing
        self.night, self.gusts, self.blind = night, gusts, blind
        cond = table()["crash_conditions"]
        self.not_in_ilh, self.when_damaged = int(cond["not_in_ilh"]), int(cond["damaged"])
        self.step = DIRECTIONS[opposite(facing)]  # astern, along the Avenue of Approach
        self.board: frozenset[QR] = frozenset((h.q, h.r) for h in m.hexes())
        self._positions: dict[int, tuple[tuple[int, int], ...]] = {}
        self._regular: dict[QR, tuple[str, int]] = {}
        #: The intact Crash drm by what it depends on: the hexes that stand for the position and
        #: for the hex astern of it (E8.221), whether it is the ILH, whether the flight is
        #: reversed there (the hexside crossed) and a bridge landing.
        self._crash: dict[tuple[Hex, Hex, bool, bool, bool], int] = {}
        self._hazard: dict[Hex, str] = {}
        self._entries: dict[QR, _Entry] = {}
        self._heat: dict[QR, tuple[int, int, int, int]] = {}
        self._landing: dict[QR, tuple[tuple[int, int], ...]] = {}
        self._levels: dict[QR, tuple[float, float]] = {}
        self._any = Approach(m, Hex(0, 0), facing)  # landing_hex reads only the dice
        self._lines: dict[int, tuple[int, int]] | None = None
        #: The last heatmaps worked out here, by (Light AA, Damaged, below Kill, hexes asked).
        self.maps: dict[tuple[object, ...], dict[Hex, tuple[float, float]]] = {}
        self._reach = 0

    def same(self, terrain: Terrain, m: HexMap, facing: int, night: bool, gusts: bool, blind: bool | None) -> bool:
        """True if this memo holds the landings of these settings."""
        return (facing == self.facing and night == self.night and gusts == self.gusts and blind == self.blind
                and (m is self.m or m == self.m) and (terrain is self.terrain or terrain == self.terrain))

    def positions(self, drm: int) -> tuple[tuple[int, int], ...]:
        """E8.22: (position along the grain, count out of 36 Landing DRs) for a Landing drm."""
        hit = self._positions.get(drm)
        if hit is None:
            counts: dict[int, int] = {}
            for colored, white in _DICE:
                k, _ = landing_hex(self._any, colored + drm, white)
                counts[k] = counts.get(k, 0) + 1
            hit = self._positions[drm] = tuple(counts.items())
        return hit

    def _regular_hex(self, real: QR) -> tuple[str, int] | None:
        """E8.232 hazard and intact Crash drm of a landing in ``real`` as its own ILH, if that is
        what every landing there is, whatever the ILH: the hex and the one astern of it in play
        (its terrain, E8.221, the Blind Hex behind and the hexside crossed are its own); the
        Crash drm of landing there from another ILH is one more (not in the final ILH). None for
        other hexes."""
        hit = self._regular.get(real)
        if hit is None:
            q, r = real
            dq, dr = self.step
            if real not in self.board or (q + dq, r + dr) not in self.board:
                return None
            own = Approach(self.m, Hex(q, r), self.facing)
            kind = hazard(self.terrain, own, 0)[0]
            drm = 0 if kind == "eliminated" else self._crash_sum(own, 0, kind == "bridge")
            hit = self._regular[real] = (kind, drm)
        return hit

    def _landing_hex(self, appr: Approach, k: int) -> tuple[str, int]:
        """E8.232 hazard and intact Crash drm of landing position ``k`` of ``appr`` (any hex)."""
        here, reflected = appr.standing(k)
        kind = self._hazard.get(here)
        if kind is None:  # the hazard reads the hex standing for the position (and the Wind Direction)
            kind = self._hazard[here] = hazard(self.terrain, appr, k)[0]
        if kind == "eliminated":
            return kind, 0
        key = (here, appr.equivalent(k + 1), k == 0, reflected, kind == "bridge")
        v = self._crash.get(key)
        if v is None:
            v = self._crash[key] = self._crash_sum(appr, k, kind == "bridge")
        return kind, v

    def _crash_sum(self, appr: Approach, k: int, bridge: bool) -> int:
        """E8.23: the intact Crash drm (:func:`~airhead.asl.e8.gliders.crash_terms`) of position ``k``."""
        terms = crash_terms(self.terrain, appr, k, damaged=False, night=self.night, gusts=self.gusts, on_bridge=bridge,
                            blind=self.blind, explain=False)
        return sum(t[0] for t in terms)

    def _positions_of(self, ilh: QR) -> tuple[tuple[int, int], ...]:
        """Where a glider in ``ilh`` may land along the grain (E8.22), shared by the odds' and
        the heatmap's view of the ILH. An ILH in play whose Avenue is in play reads the Avenue's
        own hexes (E8.221 changes nothing there); any other goes through the whole
        :func:`~airhead.asl.e8.gliders.landing_terms`."""
        hit = self._landing.get(ilh)
        if hit is None:
            q, r = ilh
            dq, dr = self.step
            avenue = [(q + k * dq, r + k * dr) for k in range(1, AVENUE_LENGTH + 1)]
            if ilh in self.board and all(h in self.board for h in avenue):
                base = self._terrain(ilh)[0]
                clear, levels, _ = avenue_terms([self._terrain(h)[1] - base for h in avenue])
                drm = levels - clear
            else:
                drm = landing_terms(self.terrain, Approach(self.m, Hex(q, r), self.facing)).drm
            hit = self._landing[ilh] = self.positions(drm)
        return hit

    def _terrain(self, h: QR) -> tuple[float, float]:
        """Base Level and Obstacle top (E8.22) of a hex in play."""
        hit = self._levels.get(h)
        if hit is None:
            t = self.terrain.at(Hex(*h))
            hit = self._levels[h] = (t.base_level, obstacle_top(t))
        return hit

    def _room(self, memo: Mapping[QR, object]) -> None:
        if len(memo) >= self.LIMIT:
            self._entries.clear()
            self._heat.clear()
            self._landing.clear()

    def entry(self, ilh: QR) -> _Entry:
        """A glider in ``ilh``: counts (out of 216: Landing DR × Crash dr) of each (outcome,
        landing hex), intact and Damaged."""
        hit = self._entries.get(ilh)
        if hit is not None:
            return hit
        self._room(self._entries)
        positions = self._positions_of(ilh)
        q, r = ilh
        dq, dr = self.step
        appr: Approach | None = None
        intact: dict[tuple[str, QR], int] = {}
        damaged: dict[tuple[str, QR], int] = {}
        mine = False
        for k, n in positions:
            real = (q + k * dq, r + k * dr)
            regular = self._regular_hex(real)
            if regular is not None:
                kind, cdrm = regular[0], regular[1] + (self.not_in_ilh if k else 0)
            else:
                appr = appr or Approach(self.m, Hex(q, r), self.facing)
                kind, cdrm = self._landing_hex(appr, k)
            if kind == "eliminated":
                key = ("eliminated", real)
                intact[key] = intact.get(key, 0) + 6 * n
                damaged[key] = damaged.get(key, 0) + 6 * n
                continue
            mine = mine or kind == "minefield"
            on_board = real in self.board
            for res, c in _effects(cdrm, False, on_board, k == 0):
                key = (res, real)
                intact[key] = intact.get(key, 0) + n * c
            for res, c in _effects(cdrm + self.when_damaged, True, on_board, k == 0):
                key = (res, real)
                damaged[key] = damaged.get(key, 0) + n * c
        out = self._entries[ilh] = _Entry(tuple(intact.items()), tuple(damaged.items()), mine)
        return out

    def heat(self, ilh: QR) -> tuple[int, int, int, int]:
        """A glider in ``ilh``, out of 216: comes down on the board intact or Damaged, lands safely
        in the ILH — intact, then already Damaged. Only landing hexes in play are worked out."""
        hit = self._heat.get(ilh)
        if hit is not None:
            return hit
        if ilh not in self.board and not self._may_reach_board(ilh):
            self._heat[ilh] = _NONE
            return _NONE
        self._room(self._heat)
        positions = self._positions_of(ilh)
        q, r = ilh
        dq, dr = self.step
        appr: Approach | None = None
        s0 = i0 = s1 = i1 = 0
        for k, n in positions:
            real = (q + k * dq, r + k * dr)
            if real not in self.board:
                continue
            regular = self._regular_hex(real)
            if regular is not None:
                kind, cdrm = regular[0], regular[1] + (self.not_in_ilh if k else 0)
            else:
                appr = appr or Approach(self.m, Hex(q, r), self.facing)
                kind, cdrm = self._landing_hex(appr, k)
            if kind == "eliminated":
                continue
            a, b = _survival(cdrm, False, k == 0)
            c, d = _survival(cdrm + self.when_damaged, True, k == 0)
            s0, i0, s1, i1 = s0 + n * a, i0 + n * b, s1 + n * c, i1 + n * d
        out = self._heat[ilh] = (s0, i0, s1, i1)
        return out

    def _may_reach_board(self, ilh: QR) -> bool:
        """False if no landing position an offboard ILH can reach is in play: the Landing drm is
        at most the highest Obstacle above the lowest Base Level, so a miss is at most 5 more."""
        if self._lines is None:
            tops = [obstacle_top(t) for t in self.terrain.hexes.values()] + [0.0]
            bases = [t.base_level for t in self.terrain.hexes.values()] + [0.0]
            self._reach = 5 + max(0, int(max(tops) - min(bases)))  # a miss is the Final colored dr - 1
            lines: dict[int, tuple[int, int]] = {}
            for h in self.board:
                lid, pos = self._line(h)
                lo, hi = lines.get(lid, (pos, pos))
                lines[lid] = (min(lo, pos), max(hi, pos))
            self._lines = lines
        lid, pos = self._line(ilh)
        span = self._lines.get(lid)
        return span is not None and span[0] - self._reach <= pos <= span[1] + self._reach

    def _line(self, h: QR) -> tuple[int, int]:
        """The hex's line along the grain astern (a coordinate that stays put) and its place on it."""
        q, r = h
        dq, dr = self.step
        if dq == 0:
            return q, r * dr
        if dr == 0:
            return r, q * dq
        return q + r, q * dq


#: Memos of the landings last used (a few Wind Directions or settings), most recent last.
_MEMO: list[_Landings] = []
_MEMO_SIZE = 6


def _landings(terrain: Terrain, m: HexMap, facing: int, night: bool, gusts: bool, blind: bool | None) -> _Landings:
    for i, memo in enumerate(_MEMO):
        if memo.same(terrain, m, facing, night, gusts, blind):
            if i != len(_MEMO) - 1:
                _MEMO.append(_MEMO.pop(i))
            return memo
    memo = _Landings(terrain, m, facing, night=night, gusts=gusts, blind=blind)
    _MEMO.append(memo)
    del _MEMO[:-_MEMO_SIZE]
    return memo


def clear_cache() -> None:
    """Forget every ILH's landing worked out so far (a cold start, for the benchmarks)."""
    _MEMO.clear()
    _effects.cache_clear()
    _survival.cache_clear()
    _plan.cache_clear()


class _Enumerator:
    """One ILH's landing, as dict counts (the per-ILH view the tests' brute-force counts use)."""

    def __init__(self, terrain: Terrain, m: HexMap, facing: int, *, night: bool, gusts: bool, blind: bool | None = None) -> None:
        self._memo = _landings(terrain, m, facing, night, gusts, blind)

    def landing(self, ilh: Hex, damaged: bool) -> dict[tuple[str, Hex], int]:
        """Counts (out of 216: Landing DR × Crash dr) of each (outcome, landing hex)."""
        e = self._memo.entry((ilh.q, ilh.r))
        return {(res, Hex(*qr)): n for (res, qr), n in (e.damaged if damaged else e.intact)}


# ----------------------------------------------------------------------------- the Light AA chain
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


@lru_cache(maxsize=None)
def _spread(depth: int) -> tuple[tuple[QR, int], ...]:
    """Where ``depth`` Random Location DRs (E8.211) take an ILH: (offset, count over 36**depth)."""
    if depth == 0:
        return (((0, 0), 1),)
    moves = [random_location(Hex(0, 0), c, w) for c in range(1, 7) for w in range(1, 7)]
    out: dict[QR, int] = {}
    for (q, r), n in _spread(depth - 1):
        for h in moves:
            key = (q + h.q, r + h.r)
            out[key] = out.get(key, 0) + n
    return tuple(out.items())


@dataclass(frozen=True)
class _Plan:
    """The Light AA chain of one glider, hex-blind: for each number of Evasive Actions worked out
    the probability it then lands (intact, Damaged), scaled by 1/36**n for its Random Location
    counts and given over the common denominator ``denominator``; being shot down however late;
    and landing after more Evasive Actions than worked out."""

    levels: tuple[tuple[int, int], ...]
    denominator: int
    shot_down: Fraction
    unresolved: Fraction


@lru_cache(maxsize=16)
def _plan(aa: tuple[AAFirer, ...], damaged: bool, below_kill: str, max_evasive: int | None) -> _Plan:
    """The Light AA chain of a glider (:class:`_Plan`), the same while the player drags the ILH."""
    chain = _FiringChain(aa, below_kill)
    limit = MAX_EVASIVE if max_evasive is None else max_evasive
    reach: dict[FireState, Fraction] = {(damaged, tuple(True for _ in aa)): Fraction(1)}
    levels: list[tuple[Fraction, Fraction]] = []
    shot_down = unresolved = Fraction(0)
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
        levels.append((land[0] / 36 ** depth, land[1] / 36 ** depth))
        if not nxt:
            break
        if depth >= limit or (max_evasive is None and _lands_later(chain, nxt) <= RESIDUAL):
            for s, a in nxt.items():
                down, intact, dmg = chain.fate(s)
                shot_down += a * down
                unresolved += a * (intact + dmg)
            break
        reach, depth = nxt, depth + 1
    den = lcm(*(w.denominator for pair in levels for w in pair))
    ints = tuple((a.numerator * (den // a.denominator), b.numerator * (den // b.denominator)) for a, b in levels)
    return _Plan(ints, den, shot_down, unresolved)


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
    getting there (and kept for the next call: :func:`clear_cache`). Being shot down is counted
    exactly however long the chain; the landings after more than ``max_evasive`` Evasive Actions
    (default: as many as :data:`MAX_EVASIVE` allows, stopping once they weigh at most
    :data:`RESIDUAL`) are the ``unresolved`` row."""
    memo = _landings(terrain, m, facing, night, gusts, blind)
    plan = _plan(tuple(aa), damaged, below_kill, max_evasive)
    q, r = ilh.q, ilh.r
    total: dict[tuple[str, QR], int] = {}
    minefield = False
    for depth, (w0, w1) in enumerate(plan.levels):
        if not (w0 or w1):
            continue
        for (dq, dr), n in _spread(depth):
            e = memo.entry((q + dq, r + dr))
            minefield = minefield or e.minefield
            for w, counts in ((w0 * n, e.intact), (w1 * n, e.damaged)):
                if w:
                    for key, c in counts:
                        total[key] = total.get(key, 0) + w * c
    den = plan.denominator * 216
    by_res: dict[str, int] = {}
    by_hex: dict[QR, int] = {}
    for (res, where), c in total.items():
        by_res[res] = by_res.get(res, 0) + c
        by_hex[where] = by_hex.get(where, 0) + c
    odds = GliderOdds()
    for res, c in by_res.items():
        odds.outcomes[res] = Fraction(c, den)
    odds.outcomes["unresolved"] += plan.unresolved
    odds.outcomes["eliminated"] += plan.shot_down
    odds.landing = {Hex(*where): Fraction(c, den) for where, c in by_hex.items()}
    odds.minefield = minefield
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
    aa: Sequence[AAFirer] = (),
    below_kill: str = "eliminated",
) -> dict[Hex, tuple[float, float]]:
    """For every candidate ILH (default: every hex in play), facing direction ``facing`` (0..5),
    with the Light AA ``aa`` firing as in :func:`glider_odds`: the probability the glider comes
    down on the board intact or Damaged, and the probability it lands safely in its final ILH
    (each equal to :func:`glider_odds`' ``safe_ilh + safe_elsewhere + damaged`` and ``safe_ilh``).

    With Light AA, each ILH is the sum over the Evasive Actions worked out of the landings
    around it: one spread by a Random Location DR after another, worked out for the whole map
    at once (two sums over 36 moves for two Evasive Actions, the same hex-blind weights as the
    odds), exact in integers until the one division per hex."""
    memo = _landings(terrain, m, facing, night, gusts, blind)
    key = (tuple(aa), damaged, below_kill, None if hexes is None else tuple(hexes))
    hit = memo.maps.get(key)
    if hit is None:  # the same heatmap is asked for again while the player drags the ILH
        hit = memo.maps[key] = _heatmap(memo, m, hexes, aa, damaged, below_kill)
        if len(memo.maps) > 4:
            del memo.maps[next(iter(memo.maps))]
    return dict(hit)


def _heatmap(memo: _Landings, m: HexMap, hexes: Sequence[Hex] | None, aa: Sequence[AAFirer], damaged: bool,
             below_kill: str) -> dict[Hex, tuple[float, float]]:
    targets = [(h.q, h.r) for h in (hexes if hexes is not None else m.hexes())]
    plan = _plan(tuple(aa), damaged, below_kill, None)
    den = plan.denominator * 216
    deepest = len(plan.levels) - 1
    if deepest == 0 or not targets:  # no Evasive Action: each ILH's own landings
        a, b = plan.levels[0]
        out: dict[Hex, tuple[float, float]] = {}
        for h in targets:
            s0, i0, s1, i1 = memo.heat(h)
            out[Hex(*h)] = ((a * s0 + b * s1) / den, (a * i0 + b * i1) / den)
        return out
    # Evasive Actions: a dense grid over the targets and the hexes their Random Location DRs
    # reach; survive and in-ILH counts travel as one integer (survive << bits | in ILH): both
    # are sums of non-negative parts of at most ``den``, so neither spills into the other
    bits = den.bit_length() + 1
    margin = deepest * max(max(abs(dq), abs(dr)) for (dq, dr), _ in _spread(1))
    q0, r0 = min(q for q, _ in targets) - margin, min(r for _, r in targets) - margin
    stride = max(r for _, r in targets) + margin - r0 + 1
    size = (max(q for q, _ in targets) + margin - q0 + 1) * stride
    own: list[tuple[int, int, int, int] | None] = []
    for q in range(q0, q0 + size // stride):
        for r in range(r0, r0 + stride):
            c = memo.heat((q, r))
            own.append(c if c[0] or c[2] else None)
    later: list[int] = []
    for depth in range(deepest, -1, -1):  # Horner: the deepest landings spread back one DR at a time
        a, b = plan.levels[depth]
        here = [0 if c is None else (a * c[0] + b * c[2]) << bits | (a * c[1] + b * c[3]) for c in own]
        for (dq, dr), n in _rays() if later else ():
            # cells within a DR of the grid's edge take garbage (the shifts wrap round): no target is
            here = list(map(add, here, _ray(later, dq * stride + dr, n)))
        later = here
    mask = (1 << bits) - 1
    result: dict[Hex, tuple[float, float]] = {}
    for q, r in targets:
        v = later[(q - q0) * stride + r - r0]
        result[Hex(q, r)] = ((v >> bits) / den, (v & mask) / den)
    return result


@lru_cache(maxsize=1)
def _rays() -> tuple[tuple[QR, int], ...]:
    """The 36 Random Location moves (E8.211) as rays: (one step, steps 1..n each once)."""
    steps: dict[QR, list[int]] = {}
    for (dq, dr), n in _spread(1):
        g = gcd(dq, dr)
        steps.setdefault((dq // g, dr // g), []).extend([g] * n)
    if all(sorted(v) == list(range(1, len(v) + 1)) for v in steps.values()):
        return tuple((unit, len(v)) for unit, v in steps.items())
    return tuple(((dq, dr), 1) for (dq, dr), n in _spread(1) for _ in range(n))  # not rays: one move at a time


def _ray(v: list[int], o: int, n: int) -> list[int]:
    """``Σ v[i + s·o]`` for s = 1..n at every cell i (the list read as a ring), by doubling."""
    if n == 1:
        return _shift(v, o)
    half = _ray(v, o, n // 2)
    out = list(map(add, half, _shift(half, (n // 2) * o)))
    return list(map(add, out, _shift(v, n * o))) if n % 2 else out


def _shift(v: list[int], o: int) -> list[int]:
    """``v[i + o]`` at every cell i (the list read as a ring)."""
    o %= len(v)
    return v[o:] + v[:o]


def summary(odds: GliderOdds) -> Mapping[str, float]:
    """Outcome probabilities as floats."""
    return {k: float(v) for k, v in odds.outcomes.items()}

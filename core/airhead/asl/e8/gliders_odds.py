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
terrain, Wind Direction and Crash dr settings and kept in a small memo (:mod:`.gliders_landings`;
:func:`clear_cache`) shared by the odds and the heatmap, across calls while the player drags the
ILH. Counts stay integers (over 216 × 36^n) until one exact fraction per result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import gcd, lcm
from itertools import accumulate, chain, islice, repeat
from operator import add, sub
from typing import Iterator, Mapping, Sequence

from ...boards import HexMap
from ...hexes import Hex
from ...terrain import Terrain
from ...plug import Fact, Odds, Table, View
from .gliders import AAFirer, Approach, landing_drm, light_aa_result, retains_rof, table
from .gliders_landings import QR, Landings, clear_landings, landings
from .random_location import random_location

__all__ = ["OUTCOMES", "OUTCOME_LABELS", "GliderOdds", "glider_odds", "heatmap", "clear_cache", "Conditions", "plan_odds",
           "plan_heatmap"]

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


def clear_cache() -> None:
    """Forget every ILH's landing worked out so far (a cold start, for the benchmarks)."""
    clear_landings()
    _plan.cache_clear()


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
        # counts out of 36 ** (shots so far): exact integers, one fraction per result at the end
        states: dict[tuple[bool, bool, tuple[bool, ...]], int] = {(damaged, False, left): 1}
        eliminated = 0
        den = 1
        for i, outs in enumerate(self.shots):
            if not left[i]:
                continue
            nxt: dict[tuple[bool, bool, tuple[bool, ...]], int] = {}
            eliminated *= 36
            den *= 36
            for (d, evade, lf), w in states.items():
                for (shot, keep), n in outs:
                    p = w * n
                    if shot == "eliminated" or (shot == "damaged" and d):
                        eliminated += p
                        continue
                    k = (d or shot == "damaged", evade or shot in ("damaged", "evasive"), lf[:i] + (keep,) + lf[i + 1:])
                    nxt[k] = nxt.get(k, 0) + p
            states = nxt
        land = [0, 0]
        evades: dict[FireState, int] = {}
        for (d, evade, lf), w in states.items():
            if evade:
                evades[(d, lf)] = evades.get((d, lf), 0) + w
            else:
                land[d] += w
        out = _Fire(Fraction(eliminated, den), (Fraction(land[0], den), Fraction(land[1], den)),
                    tuple(sorted((k, Fraction(w, den)) for k, w in evades.items())))
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
    memo = landings(terrain, m, facing, night, gusts, blind)
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
    memo = landings(terrain, m, facing, night, gusts, blind)
    key = (tuple(aa), damaged, below_kill, None if hexes is None else tuple(hexes))
    hit = memo.maps.get(key)
    if hit is None:  # the same heatmap is asked for again while the player drags the ILH
        hit = memo.maps[key] = _heatmap(memo, m, hexes, aa, damaged, below_kill)
        if len(memo.maps) > 4:
            del memo.maps[next(iter(memo.maps))]
    return dict(hit)


def _heatmap(memo: Landings, m: HexMap, hexes: Sequence[Hex] | None, aa: Sequence[AAFirer], damaged: bool,
             below_kill: str) -> dict[Hex, tuple[float, float]]:
    asked = hexes if hexes is not None else m.hexes()
    targets = [(h.q, h.r) for h in asked]
    plan = _plan(tuple(aa), damaged, below_kill, None)
    den = plan.denominator * 216
    deepest = len(plan.levels) - 1
    if deepest == 0 or not targets:  # no Evasive Action: each ILH's own landings
        a, b = plan.levels[0]
        out: dict[Hex, tuple[float, float]] = {}
        for h, qr in zip(asked, targets):
            s0, i0, s1, i1 = memo.heat(qr)
            out[h] = ((a * s0 + b * s1) / den, (a * i0 + b * i1) / den)
        return out
    # Evasive Actions: a dense grid over the targets and the hexes their Random Location DRs
    # reach; survive and in-ILH counts travel as one integer (survive << bits | in ILH): both
    # are sums of non-negative parts of at most ``den``, so neither spills into the other
    bits = den.bit_length() + 1
    margin = deepest * max(max(abs(dq), abs(dr)) for (dq, dr), _ in _spread(1))
    q0, r0 = min(q for q, _ in targets) - margin, min(r for _, r in targets) - margin
    stride = max(r for _, r in targets) + margin - r0 + 1
    size = (max(q for q, _ in targets) + margin - q0 + 1) * stride
    own: list[tuple[int, int, int, int] | None] = [c if c[0] or c[2] else None
                                                   for c in memo.heats(q0, q0 + size // stride, r0, r0 + stride)]
    later: list[int] = []
    found = _lines()
    lines = None if found is None else tuple((abs(dq * stride + dr), n) for (dq, dr), n in found)
    if lines is not None and any(a == 0 or (2 * n + 1) * a >= size for a, n in lines):
        lines = None  # (a grid always holds a whole line: its margin is two DRs)
    mask = (1 << bits) - 1
    result: dict[Hex, tuple[float, float]] = {}
    for depth in range(deepest, -1, -1):  # Horner: the deepest landings spread back one DR at a time
        a, b = plan.levels[depth]
        # cells within a DR of the grid's edge take part of their sum (the grid ends): no target is
        if not later:
            later = [0 if c is None else (a * c[0] + b * c[2]) << bits | (a * c[1] + b * c[3]) for c in own]
        elif lines is not None and depth == 0:  # the last spread at the targets only, line by line
            k = len(lines)
            sums = [(a_ * n, (n + 1) * a_, _runs(later, a_)) for a_, n in lines]
            for h, (q, r) in zip(asked, targets):
                i = (q - q0) * stride + r - r0
                t = own[i]
                v = -k * later[i] if t is None else ((a * t[0] + b * t[2]) << bits | (a * t[1] + b * t[3])) - k * later[i]
                for ahead, behind, runs in sums:  # a target's line ends inside the grid (before its start: 0)
                    v += runs[i + ahead] - (runs[i - behind] if i >= behind else 0)
                result[h] = ((v >> bits) / den, (v & mask) / den)
            return result
        elif lines is not None:  # each line through the cell both ways at once, less the cell itself each time
            k = len(lines)
            here = [-k * x if c is None else ((a * c[0] + b * c[2]) << bits | (a * c[1] + b * c[3])) - k * x
                    for c, x in zip(own, later)]
            later = _spread_lines(here, later, lines)
        else:
            here = [0 if c is None else (a * c[0] + b * c[2]) << bits | (a * c[1] + b * c[3]) for c in own]
            for (dq, dr), n in _rays():
                here = list(map(add, here, _ray(later, dq * stride + dr, n)))
            later = here
    for h, (q, r) in zip(asked, targets):
        v = later[(q - q0) * stride + r - r0]
        result[h] = ((v >> bits) / den, (v & mask) / den)
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


@lru_cache(maxsize=1)
def _lines() -> tuple[tuple[QR, int], ...] | None:
    """The 36 Random Location moves (E8.211) as lines through the hex: (one step, steps 1..n
    each way once), if the rays of :func:`_rays` come in opposite pairs (None if not)."""
    rays = dict(_rays())
    if len(rays) != len(_rays()) or any(rays.get((-dq, -dr)) != n for (dq, dr), n in rays.items()):
        return None
    return tuple(((dq, dr), n) for (dq, dr), n in rays.items() if (dq, dr) > (-dq, -dr))


def _spread_lines(here: list[int], v: list[int], lines: tuple[tuple[int, int], ...]) -> list[int]:
    """``here[i] + Σ v[i + s·a]`` over each line (a, n) and s = −n..n, at every cell i: for each
    line the difference of two running sums ``F[i] = v[i] + v[i − a] + v[i − 2a] + …`` along the
    list's stride-``a`` runs (one C-level running sum per run), ``F[i + n·a] − F[i − (n + 1)·a]``,
    an index before the list's start counting 0; the cells within ``n·a`` of its end take 0. The
    sums are added lazily, one pass at the end. Each line fits the list: 0 < (2n + 1)·a < len(v)."""
    size = len(v)
    total: Iterator[int] = iter(here)
    for a, n in lines:
        lo, hi = (n + 1) * a, n * a
        runs = _runs(v, a)
        line = chain(islice(runs, hi, lo + hi), map(sub, islice(runs, lo + hi, None), runs), repeat(0, hi))
        total = map(add, total, line)
    return list(total)


def _runs(v: list[int], a: int) -> list[int]:
    """``F[i] = v[i] + v[i − a] + v[i − 2a] + …`` at every cell i: a running sum along each of the
    list's stride-``a`` runs (one C-level running sum per run)."""
    if a == 1:
        return list(accumulate(v))
    runs = [0] * len(v)
    for j in range(a):
        runs[j::a] = accumulate(v[j::a])
    return runs


def _ray(v: list[int], o: int, n: int) -> list[int]:
    """``Σ v[i + s·o]`` for s = 1..n at every cell i (an index past either end of the list counts
    0): the difference of two sums ``S[i] = v[i] + v[i + o] + v[i + 2o] + …`` along the list's
    stride-``o`` runs (one C-level running sum per run), ``S[i + o] − S[i + (n + 1)·o]``."""
    size, a = len(v), abs(o)
    if n == 1 or a == 0 or a >= size:
        return _ahead(v, o) if n == 1 else [0] * size if a >= size else [x * n for x in v]
    runs = [0] * size
    for j in range(a):
        if o > 0:
            acc = list(accumulate(reversed(v[j::a])))
            acc.reverse()
        else:
            acc = list(accumulate(v[j::a]))
        runs[j::a] = acc
    return list(map(sub, _ahead(runs, o), _ahead(runs, (n + 1) * o)))


def _ahead(v: list[int], o: int) -> list[int]:
    """``v[i + o]`` at every cell i, 0 past either end of the list."""
    if abs(o) >= len(v):
        return [0] * len(v)
    return v[o:] + [0] * o if o >= 0 else [0] * -o + v[:o]


def summary(odds: GliderOdds) -> Mapping[str, float]:
    """Outcome probabilities as floats."""
    return {k: float(v) for k, v in odds.outcomes.items()}


# ----------------------------------------------------------------------------- the planner
@dataclass(frozen=True)
class Conditions:
    """What a landing's Light AA and Crash dr depend on besides the map and the Avenue: read once
    by :meth:`.gliders_procedures.GliderLanding.conditions`, the same for the procedure, its odds and its heatmap."""

    night: bool
    gusts: bool
    damaged: bool
    blind: bool | None  # the players' Blind Hex ruling; None: the map's reading
    below_kill: str  # E8.21: what a Light AA Final DR below the Kill Number does


def plan_odds(terrain: Terrain, m: HexMap, ilh: Hex, facing: int, aa: Sequence[AAFirer], c: Conditions) -> Odds:
    """The planner's odds of one glider: its Avenue of Approach, the Landing drm with its reasons
    (:func:`~airhead.asl.e8.gliders.landing_drm`) and the exact odds of every outcome and landing
    hex (:func:`glider_odds`), with what they assume in words."""
    appr = Approach(m, ilh, facing)
    drm, events = landing_drm(terrain, appr)
    odds = glider_odds(terrain, m, ilh, facing, aa=aa, damaged=c.damaged, night=c.night, gusts=c.gusts,
                       blind=c.blind, below_kill=c.below_kill)
    landing = sorted(odds.landing.items(), key=lambda kv: (-kv[1], m.name(kv[0])))
    notes = ["A possible landing hex holds a minefield: its attack is not included."] if odds.minefield else []
    if aa:
        notes.append("Each Light AA weapon is assumed to fire at the glider in every ILH while it keeps its ROF.")
    notes.append("Final Fire (E8.3) is not included: its result is entered at the table.")
    if c.blind is not None:
        notes.append(f"Every landing hex is taken as {'a Blind Hex' if c.blind else 'not a Blind Hex'}, as the plan rules.")
    conds = [w for w, on in (("at night", c.night), ("during Gusts", c.gusts), ("already Damaged", c.damaged)) if on]
    if conds:
        notes.insert(0, f"Landing {', '.join(conds)}: +1 to the Crash dr each (E8.23).")
    avenue = [m.label(h) for h in appr.avenue()]
    return Odds(
        facts=(Fact("avenue", "Avenue of Approach", ", ".join(avenue)), Fact("drm", "Landing colored drm", f"{drm:+d}")),
        reasons=tuple(e.render() for e in events),
        tables=(Table("outcomes", "Outcome", tuple((OUTCOME_LABELS[k], float(v)) for k, v in odds.outcomes.items() if v)),
                Table("landing", "Most likely landing hexes", tuple((m.label(h), float(p)) for h, p in landing[:6]))),
        notes=tuple(notes),
        view=View(marks=((ilh, "ilh"),) + tuple((h, "avenue") for h in appr.avenue())),
    )


def plan_heatmap(terrain: Terrain, m: HexMap, facing: int, aa: Sequence[AAFirer], c: Conditions) -> View:
    """The planner's heatmap: for every hex as an ILH, with the Light AA planned (each weapon
    firing in every ILH while it keeps its ROF, as in the odds), the chance the glider comes down
    on the board (:func:`heatmap`)."""
    heat = heatmap(terrain, m, facing, night=c.night, gusts=c.gusts, damaged=c.damaged, blind=c.blind,
                   aa=aa, below_kill=c.below_kill)
    fire = (f"with the Light AA planned: {len(aa)} weapon{'s' if len(aa) > 1 else ''}, each firing in every ILH while it "
            "keeps its ROF") if aa else "no Light AA"
    return View(heat=tuple((h, v[0]) for h, v in heat.items()), heat_unit="%",
                heat_label=f"chance a glider aimed at the hex comes down on the board, intact or Damaged ({fire})")

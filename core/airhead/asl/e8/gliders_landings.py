"""Every landing of an ASL glider from one ILH (E8.22–E8.24), enumerated once and kept: the
table the exact odds and the heatmap of :mod:`.gliders_odds` read.

What a glider in one ILH does on landing depends neither on the Light AA that fired at it nor on
how it got there, so each ILH's landings (intact and Damaged: every Landing DR × Crash dr, as
counts out of 216) are worked out once per map, terrain, Wind Direction and Crash dr settings
and kept in a small memo (:func:`landings`, :func:`clear_landings`), through the same functions
the landing procedure uses (:func:`~airhead.asl.e8.gliders.landing_terms`' parts
:meth:`~airhead.asl.e8.gliders.Approach.avenue_terrain` and
:func:`~airhead.asl.e8.gliders.avenue_terms`, :func:`~airhead.asl.e8.gliders.landing_hex`,
:func:`~airhead.asl.e8.gliders.hazard`, :func:`~airhead.asl.e8.gliders.crash_terms`,
:func:`~airhead.asl.e8.gliders.crash_effect`). Inside one ILH the Crash drm of a landing hex whose
terrain and approach do not depend on the ILH is worked out once per hex, and the rules read the
terrain through :class:`ReadOnce`: each hex's terrain is read once per memo (issue #43: a heatmap
read each hex up to ~40 times, one unit of work each). A landing's hazard and Crash drm are
worked out once per :data:`Reads`, everything they read (the terrain of the landing hex and the
hex astern, the hexside crossed and whether the hex is "completely surrounded"), and shared by
every landing hex that reads the same (issue #43: a four-board heatmap's 1,400 landing hexes read
some 100 different surroundings).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping

from ...boards import HexMap
from ...hexes import DIRECTIONS, Hex, Hexside, opposite
from ...terrain import HexTerrain, Terrain
from .gliders import (
    AVENUE_LENGTH,
    Approach,
    avenue_terms,
    crash_effect,
    crash_terms,
    hazard,
    landing_hex,
    obstacle_top,
    table,
)
from .gliders_occupants import TerrainKey, same_key, terrain_key
from ..e7.aerial_los import surrounded

__all__ = ["QR", "Counts", "Landings", "landings", "clear_landings", "Enumerator", "ReadOnce"]

_DICE = [(c, w) for c in range(1, 7) for w in range(1, 7)]
_SURVIVE = frozenset(("safe_ilh", "safe_elsewhere", "damaged"))

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
_NO_SIDE: frozenset[str] = frozenset()

#: What a landing's hazard and Crash drm read (:meth:`Landings.reads`): whether it is the final
#: ILH, the terrain of the hex standing for the position and whether it is "completely
#: surrounded" (E7.25), the terrain of the hex astern standing for the next position, and the
#: hexside crossed entering it. Each hex's terrain is given by the number of its kind
#: (:meth:`Landings._kind`: equal terrain, equal number).
Reads = tuple[bool, int, bool, int, frozenset[str]]


class ReadOnce(Terrain):
    """A read-only view of ``terrain`` that reads each hex's terrain from it once (one unit of
    work, :mod:`airhead.work`) and keeps it: the landings' rules read a hex, the hex astern and
    the six around it for each landing position, and every ILH's Avenue, so a heatmap would
    otherwise read each hex some ten times. Edits apply to the terrain below."""

    __slots__ = ("_base", "_seen", "_sided")

    def __init__(self, terrain: Terrain) -> None:
        self._hexes, self._sides, self._blazes, self._blaze_list = terrain._hexes, terrain._sides, terrain._blazes, None
        self._base = terrain
        self._seen: dict[QR, HexTerrain] = {}  # by (q, r): a tuple hashes and compares in C, a Hex in Python
        self._sided: frozenset[QR] | None = None

    def at(self, h: Hex) -> HexTerrain:
        got = self._seen.get((h.q, h.r))
        if got is None:
            got = self._seen[(h.q, h.r)] = self._base.at(h)
        return got

    def at_qr(self, h: QR) -> HexTerrain:
        """:meth:`at` of the hex (q, r)."""
        got = self._seen.get(h)
        if got is None:
            got = self._seen[h] = self._base.at(Hex(*h))
        return got

    def sided(self) -> frozenset[QR]:
        """Every hex on a hexside with features (the hexsides the rules read, read once)."""
        if self._sided is None:
            self._sided = frozenset((h.q, h.r) for side in self.sides for h in side.hexes())
        return self._sided

    @property
    def hexes(self) -> Mapping[Hex, HexTerrain]:
        """The terrain below's hexes."""
        return self._base.hexes

    def __eq__(self, other: object) -> bool:
        return self._base == other

    def __hash__(self) -> int:
        return hash(self._base)


class Landings:
    """Every ILH's landing under one map, terrain, Wind Direction and Crash dr settings (memoized:
    the landing does not depend on the Light AA nor on how the glider got to the ILH)."""

    #: ILHs kept before the memo starts afresh (a 4-board map and its 12-hex ring: ~4,000).
    LIMIT = 30_000
    #: Landings whose hazard and Crash drm read the same terrain share them (the tests turn it
    #: off to check that sharing changes no result).
    SHARE = True

    def __init__(self, terrain: Terrain, m: HexMap, facing: int, *, night: bool, gusts: bool, blind: bool | None,
                 key: TerrainKey | None = None) -> None:
        self.terrain, self.m, self.facing = terrain, m, facing
        #: What the memo is looked up by (:func:`~airhead.asl.e8.gliders_occupants.terrain_key`: O(1) or
        #: O(occupants), never a copy of the terrain); None: by the terrain whole.
        self.key = terrain_key(terrain) if key is None else key
        #: What the rules read here: each hex's terrain read from ``terrain`` once, then kept.
        self.read = ReadOnce(terrain)
        self.night, self.gusts, self.blind = night, gusts, blind
        cond = table()["crash_conditions"]
        self.not_in_ilh, self.when_damaged = int(cond["not_in_ilh"]), int(cond["damaged"])
        self.step = DIRECTIONS[opposite(facing)]  # astern, along the Avenue of Approach
        #: The Avenue of Approach's hexes from the ILH (E8.2), and landing positions by its tops
        #: above the ILH's Base Level (what :func:`~airhead.asl.e8.gliders.avenue_terms` reads).
        self._avenue = tuple((k * self.step[0], k * self.step[1]) for k in range(1, AVENUE_LENGTH + 1))
        self._by_tops: dict[tuple[float, ...], tuple[tuple[int, int], ...]] = {}
        self.board: frozenset[QR] = m.cells
        self._positions: dict[int, tuple[tuple[int, int], ...]] = {}
        self._regular: dict[QR, tuple[str, int]] = {}
        #: The hazard and intact Crash drm of a landing position by the hexes that stand for it and
        #: for the position astern of it (E8.221), whether it is the ILH and whether the flight
        #: is reversed there (the hexside crossed).
        self._crash: dict[tuple[int, int, int, int, bool, bool], tuple[str, int]] = {}
        #: The hazard and intact Crash drm by what they read (:data:`Reads`): most landing hexes of
        #: a map have the same terrain around them as some other (issue #43: open ground by open
        #: ground), worked out once for all of them (not if :attr:`SHARE` is off: every hex worked out).
        self._by_reads: dict[Reads, tuple[str, int]] | None = {} if self.SHARE else None
        #: Each hex's terrain by the number of its kind (:meth:`_kind`), and the kinds met so far.
        self._kinds: dict[QR, int] = {}
        self._kind_of: dict[HexTerrain, int] = {}
        #: Whether each landing hex is "completely surrounded" (E7.25), by hex.
        self._enclosed: dict[QR, bool] = {}
        self._approaches: dict[QR, Approach] = {}
        self._entries: dict[QR, _Entry] = {}
        self._heat: dict[QR, tuple[int, int, int, int]] = {}
        self._landing: dict[QR, tuple[tuple[int, int], ...]] = {}
        self._levels: dict[QR, tuple[float, float]] = {}
        self._any = Approach(m, Hex(0, 0), facing)  # landing_hex reads only the dice
        self._lines: dict[int, tuple[int, int]] | None = None
        #: The last heatmaps worked out here, by (Light AA, Damaged, below Kill, hexes asked).
        self.maps: dict[tuple[object, ...], dict[Hex, tuple[float, float]]] = {}
        self._reach = 0

    def same(self, terrain: Terrain, m: HexMap, facing: int, night: bool, gusts: bool, blind: bool | None,
             key: TerrainKey | None = None) -> bool:
        """True if this memo holds the landings of these settings (``key``: the terrain's
        :func:`~airhead.asl.e8.gliders_occupants.terrain_key`, compared without reading the terrain)."""
        if not (facing == self.facing and night == self.night and gusts == self.gusts and blind == self.blind
                and (m is self.m or m == self.m)):
            return False
        if terrain is self.terrain:
            return True
        if key is not None and self.key is not None:
            return same_key(key, self.key)
        return terrain == self.terrain

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
            hit = self._regular[real] = self._outcome(None, real, (q + dq, r + dr), True, False)
        return hit

    def _landing_hex(self, appr: Approach, k: int) -> tuple[str, int]:
        """E8.232 hazard and intact Crash drm of landing position ``k`` of ``appr`` (any hex)."""
        here, reflected = appr.standing(k)
        astern = appr.equivalent(k + 1)
        key = (here.q, here.r, astern.q, astern.r, k == 0, reflected)
        hit = self._crash.get(key)
        if hit is None:
            hit = self._crash[key] = self._outcome((appr, k), (here.q, here.r), (astern.q, astern.r), k == 0, reflected)
        return hit

    def _outcome(self, at: tuple[Approach, int] | None, here: QR, astern: QR, ilh: bool, reflected: bool) -> tuple[str, int]:
        """E8.232 hazard and intact Crash drm of a landing in the hex ``here`` standing for a
        position whose next position astern stands in ``astern``: ``at`` is the Approach and
        position (None: ``here`` as its own ILH, the hex astern its own too), worked out through
        :func:`~airhead.asl.e8.gliders.hazard` and :func:`~airhead.asl.e8.gliders.crash_terms`
        once per :data:`Reads` (what those read)."""
        shared = self._by_reads
        key = None if shared is None else self.reads(here, astern, ilh, reflected)
        if shared is not None and key is not None:
            hit = shared.get(key)
            if hit is not None:
                return hit
        appr, k = at if at is not None else (self._approach(here), 0)
        kind = hazard(self.read, appr, k)[0]
        out = (kind, 0 if kind == "eliminated" else self._crash_sum(appr, k, kind == "bridge"))
        if shared is not None and key is not None:
            shared[key] = out
        return out

    def reads(self, here: QR, astern: QR, ilh: bool, reflected: bool) -> Reads:
        """What the hazard (E8.232) and Crash drm (E8.23, E8.231; E7.25's Blind Hex) of a landing
        read, for the hex ``here`` standing for the position and ``astern`` for the next: whether
        it is the final ILH, the terrain of ``here``, whether it is "completely surrounded" (all
        the Crash drm takes from its six neighbours: :func:`~airhead.asl.e7.aerial_los.surrounded`),
        the terrain of ``astern`` (the Blind Hex behind it) and the hexside crossed entering
        ``here`` (reversed when ``reflected``, E8.221). The Wind Direction and the Crash dr
        settings are the memo's own."""
        read = self.read
        side = (read.sides.get(Hexside.of(Hex(*here), self.facing if reflected else opposite(self.facing)), _NO_SIDE)
                if here in read.sided() else _NO_SIDE)
        enclosed = self._enclosed.get(here)
        if enclosed is None:
            enclosed = self._enclosed[here] = surrounded(read, Hex(*here)).blind
        return ilh, self._kind(here), enclosed, self._kind(astern), side

    def _kind(self, h: QR) -> int:
        """The number of the kind of terrain of hex ``h`` (equal terrain, equal number)."""
        got = self._kinds.get(h)
        if got is None:
            t = self.read.at_qr(h)
            got = self._kind_of.get(t)
            if got is None:
                got = self._kind_of[t] = len(self._kind_of)
            self._kinds[h] = got
        return got

    def _crash_sum(self, appr: Approach, k: int, bridge: bool) -> int:
        """E8.23: the intact Crash drm (:func:`~airhead.asl.e8.gliders.crash_terms`) of position ``k``."""
        terms = crash_terms(self.read, appr, k, damaged=False, night=self.night, gusts=self.gusts, on_bridge=bridge,
                            blind=self.blind, explain=False)
        return sum(t[0] for t in terms)

    def _positions_of(self, ilh: QR) -> tuple[tuple[int, int], ...]:
        """Where a glider in ``ilh`` may land along the grain (E8.22), shared by the odds' and
        the heatmap's view of the ILH. An ILH in play whose Avenue is in play reads the Avenue's
        own hexes (E8.221 changes nothing there); any other reads the hexes E8.221 gives
        (:meth:`~airhead.asl.e8.gliders.Approach.avenue_terrain`, from its anchor): what
        :func:`~airhead.asl.e8.gliders.landing_terms` reads, through the memo of each hex's levels."""
        hit = self._landing.get(ilh)
        if hit is None:
            q, r = ilh
            avenue = [(q + dq, r + dr) for dq, dr in self._avenue]
            board, terrain = self.board, self._terrain
            if ilh in board and board.issuperset(avenue):
                known = self._levels.get
                base = (known(ilh) or terrain(ilh))[0]
                tops = tuple([(known(h) or terrain(h))[1] - base for h in avenue])
            else:  # landing_terms, with the terrain read through the memo: E8.221's hexes
                appr = self._approach(ilh)
                anchor = appr.anchor
                base = terrain((anchor.q, anchor.r))[0]
                tops = tuple([terrain(h)[1] - base for h in appr.avenue_terrain_qr()])
            hit = self._by_tops.get(tops)
            if hit is None:  # the Landing drm of Avenues whose tops stand alike above their ILH's base: alike
                clear, levels, _ = avenue_terms(tops)
                hit = self._by_tops[tops] = self.positions(levels - clear)
            self._landing[ilh] = hit
        return hit

    def _approach(self, ilh: QR) -> Approach:
        """A glider in ``ilh`` facing the Wind Direction (one per ILH: its E8.221 anchor is
        worked out once)."""
        hit = self._approaches.get(ilh)
        if hit is None:
            hit = self._approaches[ilh] = Approach(self.m, Hex(*ilh), self.facing)
        return hit

    def _terrain(self, h: QR) -> tuple[float, float]:
        """Base Level and Obstacle top (E8.22) of a hex in play."""
        hit = self._levels.get(h)
        if hit is None:
            t = self.read.at_qr(h)
            hit = self._levels[h] = (t.base_level, obstacle_top(t))
        return hit

    def _room(self, memo: Mapping[QR, object]) -> None:
        if len(memo) >= self.LIMIT:
            self._entries.clear()
            self._heat.clear()
            self._landing.clear()
            self._approaches.clear()

    def entry(self, ilh: QR) -> _Entry:
        """A glider in ``ilh``: counts (out of 216: Landing DR × Crash dr) of each (outcome,
        landing hex), intact and Damaged."""
        hit = self._entries.get(ilh)
        if hit is not None:
            return hit
        if len(self._entries) >= self.LIMIT:
            self._room(self._entries)
        positions = self._landing.get(ilh) or self._positions_of(ilh)
        q, r = ilh
        dq, dr = self.step
        appr: Approach | None = None
        # each position is another landing hex, and each outcome comes once per position: every
        # (outcome, landing hex) is counted once, in order (no sums to merge)
        intact: list[tuple[tuple[str, QR], int]] = []
        damaged: list[tuple[tuple[str, QR], int]] = []
        mine = False
        known = self._regular.get
        board, when_damaged = self.board, self.when_damaged
        for k, n in positions:
            real = (q + k * dq, r + k * dr)
            regular = known(real) or self._regular_hex(real)
            if regular is not None:
                kind, cdrm = regular[0], regular[1] + (self.not_in_ilh if k else 0)
            else:
                appr = appr or self._approach(ilh)
                kind, cdrm = self._landing_hex(appr, k)
            if kind == "eliminated":
                intact.append((("eliminated", real), 6 * n))
                damaged.append((("eliminated", real), 6 * n))
                continue
            mine = mine or kind == "minefield"
            on_board = real in board
            intact += [((res, real), n * c) for res, c in _effects(cdrm, False, on_board, k == 0)]
            damaged += [((res, real), n * c) for res, c in _effects(cdrm + when_damaged, True, on_board, k == 0)]
        out = self._entries[ilh] = _Entry(tuple(intact), tuple(damaged), mine)
        return out

    def heat(self, ilh: QR) -> tuple[int, int, int, int]:
        """A glider in ``ilh``, out of 216: comes down on the board intact or Damaged, lands safely
        in the ILH — intact, then already Damaged. Only landing hexes in play are worked out."""
        hit = self._heat.get(ilh)
        if hit is not None:
            return hit
        board = self.board
        if ilh not in board and not self._may_reach_board(ilh):
            self._heat[ilh] = _NONE
            return _NONE
        if len(self._heat) >= self.LIMIT:
            self._room(self._heat)
        positions = self._landing.get(ilh) or self._positions_of(ilh)
        q, r = ilh
        dq, dr = self.step
        appr: Approach | None = None
        known = self._regular.get
        s0 = i0 = s1 = i1 = 0
        for k, n in positions:
            real = (q + k * dq, r + k * dr)
            if real not in board:
                continue
            regular = known(real) or self._regular_hex(real)
            if regular is not None:
                kind, cdrm = regular[0], regular[1] + (self.not_in_ilh if k else 0)
            else:
                appr = appr or self._approach(ilh)
                kind, cdrm = self._landing_hex(appr, k)
            if kind == "eliminated":
                continue
            a, b = _survival(cdrm, False, k == 0)
            c, d = _survival(cdrm + self.when_damaged, True, k == 0)
            s0, i0, s1, i1 = s0 + n * a, i0 + n * b, s1 + n * c, i1 + n * d
        out = self._heat[ilh] = (s0, i0, s1, i1)
        return out

    def heats(self, q0: int, q1: int, r0: int, r1: int) -> list[tuple[int, int, int, int]]:
        """:meth:`heat` of every hex (q, r) of the box q0 ≤ q < q1, r0 ≤ r < r1, column by
        column (the heatmap's grid): a hex off the map whose landing positions cannot reach it
        (:meth:`_may_reach_board`) is told apart in the loop, without a call per hex."""
        self._may_reach_board((q0, r0))  # the lines along the grain and the reach, worked out once
        lines, reach = self._lines or {}, self._reach
        a, b, c, d = self._line_forms()
        known, heat, board, span = self._heat.get, self.heat, self.board, lines.get
        out: list[tuple[int, int, int, int]] = []
        for q in range(q0, q1):
            for r in range(r0, r1):
                got = known((q, r))
                if got is None:
                    if (q, r) in board:
                        got = heat((q, r))
                    else:
                        line, pos = span(a * q + b * r), c * q + d * r
                        got = heat((q, r)) if line is not None and line[0] - reach <= pos <= line[1] + reach else _NONE
                out.append(got)
        return out

    def _may_reach_board(self, ilh: QR) -> bool:
        """False if no landing position an offboard ILH can reach is in play: the Landing drm is
        at most the highest Obstacle above the lowest Base Level, so a miss is at most 5 more."""
        if self._lines is None:
            tops = [obstacle_top(t) for t in self.terrain.hexes.values()] + [0.0]
            bases = [t.base_level for t in self.terrain.hexes.values()] + [0.0]
            self._reach = 5 + max(0, int(max(tops) - min(bases)))  # a miss is the Final colored dr - 1
            lines: dict[int, tuple[int, int]] = {}
            a, b, c, d = self._line_forms()
            for q, r in self.board:
                lid, pos = a * q + b * r, c * q + d * r
                span = lines.get(lid)
                if span is None:
                    lines[lid] = (pos, pos)
                elif not span[0] <= pos <= span[1]:
                    lines[lid] = (min(span[0], pos), max(span[1], pos))
            self._lines = lines
        lid, pos = self._line(ilh)
        span = self._lines.get(lid)
        return span is not None and span[0] - self._reach <= pos <= span[1] + self._reach

    def _line(self, h: QR) -> tuple[int, int]:
        """The hex's line along the grain astern (a coordinate that stays put) and its place on it."""
        q, r = h
        a, b, c, d = self._line_forms()
        return a * q + b * r, c * q + d * r

    def _line_forms(self) -> tuple[int, int, int, int]:
        """:meth:`_line` as two linear forms of (q, r): (a·q + b·r, c·q + d·r)."""
        dq, dr = self.step
        return (1, 0, 0, dr) if dq == 0 else (0, 1, dq, 0) if dr == 0 else (1, 1, dq, 0)


#: Memos of the landings last used (a few Wind Directions or settings), most recent last.
_MEMO: list[Landings] = []
_MEMO_SIZE = 6


def landings(terrain: Terrain, m: HexMap, facing: int, night: bool, gusts: bool, blind: bool | None) -> Landings:
    key = terrain_key(terrain)
    for i, memo in enumerate(_MEMO):
        if memo.same(terrain, m, facing, night, gusts, blind, key):
            if i != len(_MEMO) - 1:
                _MEMO.append(_MEMO.pop(i))
            return memo
    memo = Landings(terrain, m, facing, night=night, gusts=gusts, blind=blind, key=key)
    _MEMO.append(memo)
    del _MEMO[:-_MEMO_SIZE]
    return memo


class Enumerator:
    """One ILH's landing, as dict counts (the per-ILH view the tests' brute-force counts use)."""

    def __init__(self, terrain: Terrain, m: HexMap, facing: int, *, night: bool, gusts: bool, blind: bool | None = None) -> None:
        self._memo = landings(terrain, m, facing, night, gusts, blind)

    def landing(self, ilh: Hex, damaged: bool) -> dict[tuple[str, Hex], int]:
        """Counts (out of 216: Landing DR × Crash dr) of each (outcome, landing hex)."""
        e = self._memo.entry((ilh.q, ilh.r))
        return {(res, Hex(*qr)): n for (res, qr), n in (e.damaged if damaged else e.intact)}


def clear_landings() -> None:
    """Forget every ILH's landing worked out so far."""
    _MEMO.clear()
    _effects.cache_clear()
    _survival.cache_clear()

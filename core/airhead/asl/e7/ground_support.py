"""ASL E7.3–7.43: Ground Support — the Sighting TC, strafing runs and Point Attacks, the aircraft's
MG and its bombs.

Sections, in rule order (search for the rule number):

* E7.3    :func:`sighting_rows` (the DRM table: ``tables/asl_e7.json``, key ``sighting_drm``),
  :func:`sighting_fields` (its rows as form fields), :func:`sighting_terms`, :func:`easiest_target`, :func:`sighting_tc`, :func:`sighting_odds`
* E7.31   Recall on an Original 12 (:attr:`SightingTC.recall`; the rest of the text is cut)
* E7.32   Mistaken Attack on a Final ≥ 12 (:attr:`SightingTC.mistaken`, :func:`mistaken_targets`)
* E7.4    :func:`attack_run` — E7.401 strafing, E7.402 Point Attacks, E7.403 Stuka Point Attacks:
  where the aircraft is placed, every hex it flies, what it attacks from each, at which range
* E7.41   :func:`mg_fp`, :func:`mg_tk_column`, :func:`mg_breakdown`
* E7.42   bombs once per aircraft; E7.421 :func:`bomb_hit` (Direct Hit / Near Miss), :func:`bomb_odds`
* E7.422  Area Target Type, E7.43 Target Status: cut in the source text (the players decide)

The IFT, the C3 To Hit table and the To Kill tables are not in the source rules: every To Hit
number is typed by the player (the modified number a unit is hit on, as the 7.421 EX gives
them), and effects DR are rolled and logged with their FP or column for the players to read on
their own tables. Readings are in ``docs/rules-notes.md`` ("E7.3–7.43 Ground Support").
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal, Mapping, Sequence

from ...counters import Counters
from ...errors import DataError, RulesError
from ...fields import Field
from ...hexes import Hex, opposite
from ...tables import load_table

__all__ = [
    "SightRow",
    "sighting_rows",
    "sighting_morale",
    "sighting_fields",
    "RECORDED",
    "sighting_terms",
    "easiest_target",
    "SightingTC",
    "sighting_tc",
    "sighting_odds",
    "mistaken_targets",
    "Stop",
    "Run",
    "attack_run",
    "STRAFE",
    "POINT",
    "mg_fp",
    "mg_tk_column",
    "mg_breakdown",
    "BombHit",
    "bomb_hit",
    "bomb_odds",
    "hit_odds",
    "DICE",
]

#: Every ASL DR as (colored, white), each of probability 1/36.
DICE: tuple[tuple[int, int], ...] = tuple((c, w) for c in range(1, 7) for w in range(1, 7))
STRAFE, POINT = "strafing run", "point attack"


# ----------------------------------------------------------------------------- E7.3 SIGHTING TC
@dataclass(frozen=True)
class SightRow:
    """One row of the E7.3 Sighting TC DRM table: its key, DRM (None: "X", the number the players
    give), its condition as printed, and whether the seed cuts that condition short."""

    key: str
    drm: int | None
    condition: str
    cut: bool = False

    @property
    def words(self) -> str:
        """The condition's words as printed, without the extract's stray "/"."""
        return self.condition.rstrip().rstrip("/").rstrip()

    @property
    def label(self) -> str:
        """The condition as the log quotes it: a line the seed cuts short ends in "…" (your
        rulebook has the rest)."""
        return self.words + "…" if self.cut else self.words


@lru_cache(maxsize=1)
def _sighting() -> tuple[int, tuple[SightRow, ...]]:
    data = load_table("asl_e7").get("sighting_drm")
    if not isinstance(data, dict) or not isinstance(data.get("rows"), list):
        raise DataError("tables/asl_e7.json: sighting_drm needs a list of rows")
    rows = []
    for r in data["rows"]:
        if not isinstance(r, dict) or not isinstance(r.get("key"), str) or not isinstance(r.get("condition"), str):
            raise DataError("tables/asl_e7.json: each sighting_drm row needs a key and a condition")
        drm = r.get("drm")
        if drm != "X" and (isinstance(drm, bool) or not isinstance(drm, int)):
            raise DataError(f"tables/asl_e7.json: sighting_drm row {r['key']}: drm must be a whole number or \"X\"")
        rows.append(SightRow(r["key"], None if drm == "X" else int(drm), r["condition"], bool(r.get("cut", False))))
    morale = data.get("morale", 8)
    if isinstance(morale, bool) or not isinstance(morale, int):
        raise DataError("tables/asl_e7.json: sighting_drm.morale must be a whole number")
    return morale, tuple(rows)


def sighting_rows() -> tuple[SightRow, ...]:
    """E7.3: the Sighting TC DRM table (``tables/asl_e7.json``, key ``sighting_drm``)."""
    return _sighting()[1]


#: E7.3's row read from this Player Turn's record, not ticked in a form: "Target has been attacked
#: by a friendly plane during this Player Turn" (:func:`~..turn_rules.attacked_this_turn`).
RECORDED = "attacked"


def sighting_fields() -> tuple[Field, ...]:
    """E7.3's DRM rows as the form fields of a Sighting TC's easiest target (``sight_<key>``): a
    tick for a row with a DRM, a number for an "X" row; the row the record decides
    (:data:`RECORDED`) is not one. The strafing run's target units and the Observation Plane's
    sighting both use them. A label is the row's words whole, never cut with "…" (#42 item 8): a
    row the seed cuts short says under it that the rulebook has the rest."""
    out: list[Field] = []
    for r in sighting_rows():
        if r.key == RECORDED:
            continue
        more = "your rulebook's E7.3 table goes on after these words" if r.cut else ""
        if r.drm is None:
            out.append(Field(f"sight_{r.key}", f"Sighting: {r.words} (+X)", "int", lo=0, hi=9, default=0, rule="E7.3",
                             help=more))
        else:
            out.append(Field(f"sight_{r.key}", f"Sighting: {r.words} ({r.drm:+d})", "bool", default=False, rule="E7.3",
                             help=more))
    return tuple(out)


def sighting_morale() -> int:
    """E7.3: "All aircraft have a Morale Level of 8 for purposes of Sighting TC"."""
    return _sighting()[0]


def sighting_terms(flags: Mapping[str, Any]) -> list[tuple[int, str]]:
    """E7.3: the cumulative Sighting TC DRM of one target as ``(drm, condition)``; ``flags`` maps a
    row's key to True (it applies) or, for an "X" row, to the number the players give."""
    out: list[tuple[int, str]] = []
    for row in sighting_rows():
        v = flags.get(row.key)
        if row.drm is None:
            if isinstance(v, int) and not isinstance(v, bool) and v:
                out.append((v, row.label))
        elif v:
            out.append((row.drm, row.label + (" (the rest of this line: see your rulebook)" if row.cut else "")))
    return out


def easiest_target(targets: Sequence[Mapping[str, Any]]) -> int:
    """E7.3: "The Sighting TC is based on the easiest non-HIP target to spot in its initial target
    hex": the index of the target with the lowest total DRM (the first of equals)."""
    if not targets:
        raise RulesError("E7.3: the Sighting TC needs a target in the initial target hex")
    totals = [sum(v for v, _ in sighting_terms(t)) for t in targets]
    return totals.index(min(totals))


@dataclass(frozen=True)
class SightingTC:
    """E7.3–7.32: one Sighting TC: its Final DR, passed (Final ≤ Morale Level 8), E7.31 Recall
    (Original 12) and E7.32 Mistaken Attack (Final ≥ 12, even if passed)."""

    original: int
    final: int
    passed: bool
    recall: bool
    mistaken: bool


def sighting_tc(original: int, drm: int) -> SightingTC:
    """E7.3 / E7.31 / E7.32: a Sighting TC DR with its DRM."""
    final = original + drm
    return SightingTC(original, final, final <= sighting_morale(), original == 12, final >= 12)


def sighting_odds(drm: int) -> dict[str, Fraction]:
    """E7.3: exact chances of a Sighting TC with ``drm``: ``pass``, ``recall`` (Original 12),
    ``mistaken`` (Final ≥ 12), enumerated through :func:`sighting_tc`."""
    out = {"pass": Fraction(0), "recall": Fraction(0), "mistaken": Fraction(0)}
    for c, w in DICE:
        tc = sighting_tc(c + w, drm)
        for k, on in (("pass", tc.passed), ("recall", tc.recall), ("mistaken", tc.mistaken)):
            if on:
                out[k] += Fraction(1, 36)
    return out


def mistaken_targets(counters: Counters, defender: str, target: Hex, blind: Mapping[Hex, bool] | None = None,
                     exclude_kinds: frozenset[str] = frozenset({"aircraft", "wreck", "glider"})) -> list[tuple[int, str, Hex]]:
    """E7.32: the DEFENDER's (the aircraft owner's) onboard ground units closest (in hexes) to the
    initial target and not in a completely Blind Hex (``blind`` says which hexes are): ``(distance,
    name, hex)`` of every equidistant one (the ATTACKER's choice among them). Units are tried
    nearest first, so only the nearest hexes' Blindness is read (the costly part)."""
    near = sorted(((u.hex.distance(target), u.name, u.hex) for u in counters.units
                   if u.side == defender and u.hex is not None and u.kind not in exclude_kinds and "hidden" not in u.status),
                  key=lambda c: c[0])  # stable: equidistant units stay in the order they were placed
    best: list[tuple[int, str, Hex]] = []
    for d, name, h in near:
        if best and d > best[0][0]:
            break
        if blind is None or not blind.get(h, False):
            best.append((d, name, h))
    return best


# ----------------------------------------------------------------------------- E7.4 ATTACK RUNS
@dataclass(frozen=True)
class Stop:
    """One hex the aircraft flies in: where it is, the target hex it attacks from there (None: it
    only receives Light AA fire), the range in hexes (the Aerial Range is twice that), whether it
    attacks before the Light AA fire (E7.403), and whether it may drop bombs there."""

    hex: Hex
    target: Hex | None = None
    range: int = 0
    attack_first: bool = False
    mg_only: bool = False
    pin: bool = False

    @property
    def aerial_range(self) -> int:
        """E7.402: "three hexes away (six-hex Aerial Range)"."""
        return 2 * self.range

    @property
    def column(self) -> str:
        """E7.41 / E7.402: the To Hit column: 7-12 at an Aerial Range of eight hexes, 0-6 at ≤ six."""
        return "0-6" if self.aerial_range <= 6 else "7-12"


@dataclass(frozen=True)
class Run:
    """E7.4: a strafing run or Point Attack along a hex grain: ``grain`` is the direction of
    flight (0..5), ``stops`` every hex flown in order; ``entry`` the hex it is placed in."""

    kind: str
    stuka: bool
    target: Hex
    grain: int
    stops: tuple[Stop, ...]

    @property
    def entry(self) -> Hex:
        """Where the aircraft is placed (its initial attack hex, from which it takes the Sighting TC)."""
        return self.stops[0].hex

    @property
    def path(self) -> tuple[Hex, ...]:
        """Every hex flown, in order."""
        return tuple(s.hex for s in self.stops)

    @property
    def targets(self) -> tuple[Hex, ...]:
        """The target hexes, in the order they are attacked (each once)."""
        out: list[Hex] = []
        for s in self.stops:
            if s.target is not None and s.target not in out:
                out.append(s.target)
        return tuple(out)

    def attacks(self) -> tuple[int, ...]:
        """Indices of the stops an attack is made from."""
        return tuple(i for i, s in enumerate(self.stops) if s.target is not None)


def attack_run(target: Hex, grain: int, kind: str = STRAFE, *, stuka: bool = False,
               attacked: Sequence[Hex] | None = None) -> Run:
    """E7.401–7.403: the hexes an aircraft flies attacking ``target`` along hex grain ``grain``.

    E7.401 strafing: placed "four hexes away from the initial target hex and facing same"; from
    each hex until it occupies the initial target hex it may attack the hex four hexes on (up to
    four target hexes, ``attacked``: default all four), then "must attempt to continue moving along
    that Hex Grain ... until it occupies the last hex it attacked", receiving Light AA fire in
    every hex. E7.402 a FB's Point Attack: the second attack on the same hex from three hexes away
    (0–6 column), then on to the target hex. E7.403 a Stuka's Point Attack: from the adjacent hex
    (MG only, attacking before Light AA; pins), then in the target hex (MG and bombs, 0–6
    column), then three more hexes for Light AA.
    """
    back = opposite(grain)
    if kind == STRAFE:
        entry = target.neighbor(back, 4)
        lane = [target.neighbor(grain, i) for i in range(4)]
        hit = list(lane) if attacked is None else [h for h in lane if h in set(attacked)]
        if target not in hit:
            hit.insert(0, target)
        stray = [h for h in (attacked or ()) if h not in lane]
        if stray:
            raise RulesError("E7.401: a strafing run attacks only the four hexes along its Hex Grain from the initial "
                             "target hex on")
        last = max(lane.index(h) for h in hit)
        stops = []
        for i in range(4 + last + 1):
            here = entry.neighbor(grain, i)
            aim = lane[i] if i < 4 and lane[i] in hit else None
            stops.append(Stop(here, aim, 4 if aim is not None else 0))
        return Run(kind, stuka, target, grain, tuple(stops))
    if kind != POINT:
        raise DataError(f"an attack is a {STRAFE} or a {POINT}")
    if stuka:
        start = target.neighbor(back)
        stops = [Stop(start, target, 1, attack_first=True, mg_only=True, pin=True), Stop(target, target, 0, attack_first=True)]
        stops += [Stop(target.neighbor(grain, i)) for i in (1, 2, 3)]
        return Run(kind, stuka, target, grain, tuple(stops))
    entry = target.neighbor(back, 4)
    stops = [Stop(entry, target, 4), Stop(entry.neighbor(grain), target, 3)]
    stops += [Stop(entry.neighbor(grain, i)) for i in (2, 3, 4)]
    return Run(kind, stuka, target, grain, tuple(stops))


# ----------------------------------------------------------------------------- E7.41 MG
def mg_fp(year: int) -> int:
    """E7.41: "All FB have six FP prior to 1942, eight FP in 1942-43, and 12 FP in 1944-45"."""
    if year < 1942:
        return 6
    if year <= 1943:
        return 8
    return 12


def mg_tk_column(year: int, stuka: bool) -> str:
    """E7.41: the MG Basic To Kill Number's column of the AP To Kill Table (C7.31, not in the
    source rules): 39F, 42F or 44F by the scenario's year [EXC: both Stuka types always 39F]."""
    if stuka or year < 1942:
        return "39F"
    return "42F" if year <= 1943 else "44F"


def mg_breakdown(original: int) -> bool:
    """E7.41: "A MG attack Original Effects (or To Hit if used as ordnance) DR of 12 results in the
    permanent breakdown of that weapon" (MG Disabled)."""
    return original == 12


# ----------------------------------------------------------------------------- E7.42 BOMBS
BombHit = Literal["miss", "hit", "direct hit", "near miss"]


def bomb_hit(original: int, to_hit: int, basic_th: int, armoured: bool) -> BombHit:
    """E7.42 / E7.421: a bomb To Hit DR against one unit.

    ``to_hit`` is the number the unit is hit on with an Original DR (the 7.421 EX: the Tiger on
    ≤ 9 = 10 Basic TH# + 1 Target Size − 2 Moving). Against an AFV the Final To Hit DR — the
    Original DR with the same modifiers as DRM, ``original + basic_th − to_hit`` — ≤ half the
    Basic TH# is a Direct Hit, any other hit a Near Miss (half the bomb's Basic TK#).
    """
    if original > to_hit:
        return "miss"
    if not armoured:
        return "hit"
    final = original + basic_th - to_hit
    return "direct hit" if 2 * final <= basic_th else "near miss"


def hit_odds(to_hit: int) -> Fraction:
    """The chance an Original DR is ≤ ``to_hit``."""
    return Fraction(sum(1 for c, w in DICE if c + w <= to_hit), 36)


def bomb_odds(to_hit: int, basic_th: int, armoured: bool) -> dict[str, Fraction]:
    """E7.421: exact chances of each :func:`bomb_hit` result for one unit (enumerating the DR)."""
    out: dict[str, Fraction] = {}
    for c, w in DICE:
        r = bomb_hit(c + w, to_hit, basic_th, armoured)
        out[r] = out.get(r, Fraction(0)) + Fraction(1, 36)
    return out

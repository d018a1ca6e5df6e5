"""ASL Chapter E8: Gliders — from the Intended Landing Hex to Passengers on the board.

Sections, in rule order (search for the rule number):

* E8.1   :func:`check_weather`, :func:`glider_capacity`, :func:`check_manifest`
* E8.11  :func:`glider_bpv`
* E8.12  :data:`PASSENGER_IMMUNITIES`
* E8.2   :func:`approach` (Avenue of Approach), :func:`check_placements`
* E8.21  :func:`light_aa_result`, :func:`retains_rof` (in :mod:`.anti_aircraft`, shared with E7.511)
* E8.211 evasive action: :func:`airhead.asl.e8.random_location.random_location`
* E8.22  :func:`landing_drm`, :func:`landing_hex`
* E8.221 offboard ILH / Avenue: :func:`approach`, :meth:`Approach.equivalent`
* E8.23  :func:`crash_drm`, :func:`blind_hex` (E7.25 Aerial LOS: :mod:`.aerial_los`); E8.231
  hexside drm; E8.232 :func:`hazard`
* E8.24  :func:`crash_effect`; the vehicles, wrecks and landed gliders E8.23 counts:
  :func:`~.gliders_occupants.occupied_terrain`
* E8.3   Final Fire (entered by the player: the IFT is not in the seeds)
* E8.4   :func:`~.gliders_passengers.placed_in_afph` (vehicles/Guns and their crews stay aboard),
  :func:`~.gliders_passengers.manifest_from_data` (the Passengers: :mod:`.gliders_passengers`)
* E8.41  :func:`~.gliders_passengers.damage_effects`, :func:`~.gliders_passengers.random_selection`,
  :func:`~.gliders_passengers.casualty_reduction`
* E8.5   offboard landings (re-entry is noted; E9.41 is not in the seeds)

:class:`~airhead.asl.e8.gliders_procedures.GliderLanding` (``asl.glider_landing``) runs one glider
through all of it, waiting for each AA decision, roll and choice; :mod:`.gliders_odds` gives
the exact odds through the same functions. Readings where the seed is damaged or silent are
recorded in ``docs/rules-notes.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, Mapping, Sequence

from ... import events as ev
from ...boards import HexMap
from ...errors import DataError, RulesError, quoted
from ...events import Event
from ...hexes import DIRECTIONS, Hex, Hexside, from_asl_direction, opposite
from ...tables import load_table
from ...terrain import HexTerrain, Terrain
from ..e7.aerial_los import AerialSight, blind_behind, surrounded
from ..e7.anti_aircraft import AA_FIELDS, AAFirer, AAResult, light_aa_result, retains_rof
from .gliders_passengers import Passenger

__all__ = [
    "AAFirer",
    "AA_FIELDS",
    "AAResult",
    "Approach",
    "table",
    "check_weather",
    "glider_capacity",
    "check_manifest",
    "glider_bpv",
    "PASSENGER_IMMUNITIES",
    "approach",
    "check_placements",
    "obstacle_top",
    "LandingTerms",
    "landing_terms",
    "avenue_terms",
    "landing_drm",
    "landing_hex",
    "crash_terms",
    "light_aa_result",
    "retains_rof",
    "is_blind_hex",
    "blind_hex",
    "blind_notes",
    "crash_drm",
    "hazard",
    "crash_effect",
]

AVENUE_LENGTH = 5


@lru_cache(maxsize=1)
def _table() -> dict[str, Any]:
    return load_table("asl_e8")


def table() -> dict[str, Any]:
    """The E8 table data (``tables/asl_e8.json``): capacities, BPV, crash drm, Aerial DRM."""
    return dict(_table())


# ----------------------------------------------------------------------------- E8.1 USAGE
def check_weather(weather: str) -> None:
    """E8.1: gliders only in Clear, Mud, Mist, Gusty or Snow weather (not Falling Snow)."""
    allowed = _table()["weather_allowed"]
    if weather not in allowed:
        raise RulesError(f"E8.1: gliders cannot be used in {weather or 'unspecified'} weather (allowed: {', '.join(allowed)})")


def glider_capacity(nationality: str) -> int:
    """E8.1: capacity in PP (German 14, U.S. 19, British 29)."""
    caps: dict[str, int] = _table()["capacity_pp"]
    if nationality not in caps:
        raise RulesError(f"E8.1: no gliders for nationality {quoted(nationality)} (one of {', '.join(caps)})")
    return caps[nationality]


def check_manifest(nationality: str, passengers: Sequence[Passenger]) -> int:
    """E8.1: the manifest fits the glider; return the PP used.

    German gliders (DFS 230) cannot carry a ⅝" counter; only U.S. and British gliders carry a
    vehicle/Gun, using the PP the player supplies for it.
    """
    cap = glider_capacity(nationality)
    t = _table()
    for p in passengers:
        if p.five_eighths and nationality in t["no_five_eighths_counter"]:
            raise RulesError(f"E8.1: a {nationality} glider (DFS 230) cannot carry a 5/8\" counter ({p.name})")
        if p.kind in ("vehicle", "gun") and nationality not in t["vehicles_allowed"]:
            raise RulesError(f"E8.1: only U.S. and British gliders carry a vehicle/Gun ({p.name})")
    heavy = {p.name for p in passengers if p.kind in ("vehicle", "gun")}
    for p in passengers:
        if p.mans and p.mans not in heavy:
            raise RulesError(f"E8.4: {p.name} mans {p.mans}, which is not a Gun or vehicle aboard")
    used = sum(p.pp for p in passengers)
    if used > cap:
        raise RulesError(f"E8.1: the manifest needs {used} PP; a {nationality} glider carries {cap} PP")
    return used


# ----------------------------------------------------------------------------- E8.11 / E8.12
def glider_bpv(nationality: str, buyer: str | None = None) -> int:
    """E8.11: DYO BPV (German 3, U.S. 4, British 6); a U.S. player may buy British gliders and a
    British player U.S. gliders (keep a side record of them)."""
    t = _table()
    buyer = buyer or nationality
    if nationality not in t["bpv"]:
        raise RulesError(f"E8.11: no glider BPV for {quoted(nationality)}")
    if nationality not in t["may_buy"].get(buyer, []):
        raise RulesError(f"E8.11: a {buyer} player cannot purchase {nationality} gliders")
    bpv: int = t["bpv"][nationality]
    return bpv


#: E8.12: Glider Passengers take no PTC and are not subject to Pin or Heat of Battle; E8.1: they
#: have no capabilities (fire, move, direct, assist) until the AFPh of the Player Turn they land.
PASSENGER_IMMUNITIES: tuple[str, ...] = ("PTC", "Pin", "Heat of Battle")


# ----------------------------------------------------------------------------- E8.2 / E8.221
@dataclass(frozen=True, init=False)
class Approach:
    """A glider in its ILH facing the Wind Direction, and the line it flies along.

    Positions along that Hex Grain are numbered from the ILH: ``k > 0`` astern (the Avenue of
    Approach is ``k = 1..5``), ``k < 0`` ahead. :meth:`hex_at` is the real (possibly offboard)
    hex; :meth:`equivalent` the on-board hex whose terrain represents it (E8.221).
    """

    map: HexMap
    ilh: Hex
    facing: int  # direction 0..5 the glider faces (the Wind Direction); the Avenue lies astern

    def __init__(self, map: HexMap, ilh: Hex, facing: int) -> None:
        # what the frozen dataclass's own __init__ stores, without object.__setattr__ per field
        # (the E8 odds make one per ILH, thousands a heatmap)
        d = self.__dict__
        d["map"], d["ilh"], d["facing"] = map, ilh, facing

    @property
    def astern(self) -> int:
        """Direction from the ILH along its Avenue of Approach."""
        return (self.facing + 3) % 6  # opposite(facing), inlined: the odds ask it ~10^5 times

    @property
    def on_board(self) -> bool:
        """True if the ILH is in the playing area."""
        return self.map.in_play(self.ilh)

    @property
    def anchor(self) -> Hex:
        """E8.221: the ILH itself, or for an offboard ILH the on-board hex mirrored across the
        edge (P12 ≡ P8 in the example); the equivalent Avenue is traced from it."""
        if self.map.in_play(self.ilh):
            return self.ilh
        mirrored: Hex | None = self.__dict__.get("_anchor")  # worked out once: the odds ask it often
        if mirrored is None:
            mirrored = self.map.mirror_into_play(self.ilh)
            object.__setattr__(self, "_anchor", mirrored)
        return mirrored

    def hex_at(self, k: int) -> Hex:
        """The real hex at position ``k`` along the grain (k > 0 astern, k < 0 ahead)."""
        dq, dr = DIRECTIONS[(self.facing + 3) % 6]
        return Hex(self.ilh.q + dq * k, self.ilh.r + dr * k)

    def equivalent(self, k: int) -> Hex:
        """E8.221: the on-board hex whose terrain stands for position ``k``.

        A position whose real hex is in play is itself. Otherwise the terrain "on the edge of the
        playing board in the opposite direction is used in reverse order": the hex ``k`` steps
        from :attr:`anchor` the other way along the same Hex Grain (the example's O11..K13 ≡
        Q10..U8 about P10, and P12's Avenue ≡ Q8..U6 about P8). For the ILH itself (``k = 0``) the
        anchor is used; if the opposite hex is off the map too, the edge mirror image.
        """
        return self.standing(k)[0]

    def reflected(self, k: int) -> bool:
        """True if position ``k`` is represented by the hex on the other side of the anchor (the
        glider's direction of flight is then reversed in the terrain that represents it)."""
        return self.standing(k)[1]

    def standing(self, k: int) -> tuple[Hex, bool]:
        """:meth:`equivalent` and :meth:`reflected` of position ``k`` at once."""
        dq, dr = DIRECTIONS[(self.facing + 3) % 6]
        ilh = self.ilh
        real = Hex(ilh.q + dq * k, ilh.r + dr * k)
        if self.map.in_play(real):
            return real, False
        return self._offboard(real, k, dq, dr)

    def _offboard(self, real: Hex, k: int, dq: int, dr: int) -> tuple[Hex, bool]:
        """:meth:`standing` of position ``k`` whose real hex ``real`` is out of play (E8.221)."""
        anchor = self.anchor
        if k == 0:
            return anchor, False
        (q, r), reflected = self._reflect((real.q, real.r), k, dq, dr, anchor)
        return Hex(q, r), reflected

    def _reflect(self, real: tuple[int, int], k: int, dq: int, dr: int, anchor: Hex) -> tuple[tuple[int, int], bool]:
        """:meth:`standing` of position ``k`` ≠ 0 whose real hex ``real`` (q, r) is out of play
        (E8.221), as a (q, r) pair: ``k`` steps from :attr:`anchor` the other way, or the edge
        mirror image if that is off the map too."""
        m = self.map
        other = (anchor.q - dq * k, anchor.r - dr * k)
        if other in m.cells:
            return other, True
        h = m.mirror_into_play(Hex(*real))
        return (h.q, h.r), False

    def avenue(self) -> list[Hex]:
        """E8.2: the five hexes directly astern of the ILH (real hexes, possibly offboard)."""
        return [self.hex_at(k) for k in range(1, AVENUE_LENGTH + 1)]

    def avenue_terrain(self) -> list[Hex]:
        """The on-board hexes whose terrain the Avenue uses (E8.221), nearest first."""
        return [Hex(q, r) for q, r in self.avenue_terrain_qr()]

    def avenue_terrain_qr(self) -> list[tuple[int, int]]:
        """:meth:`avenue_terrain` as (q, r) pairs (the E8 odds read every ILH's Avenue: no hex
        made for a position in play)."""
        m = self.map
        cells = m.cells
        dq, dr = DIRECTIONS[(self.facing + 3) % 6]
        q, r = self.ilh.q, self.ilh.r
        out: list[tuple[int, int]] = []
        anchor: Hex | None = None
        for k in range(1, AVENUE_LENGTH + 1):
            real = (q + dq * k, r + dr * k)  # standing(k), inlined: the heatmap asks every ILH's
            if real in cells:
                out.append(real)
            else:
                anchor = anchor or self.anchor
                out.append(self._reflect(real, k, dq, dr, anchor)[0])
        return out


def approach(m: HexMap, ilh: Hex, wind: int) -> Approach:
    """E8.2: a glider in ``ilh`` facing ASL Wind Direction ``wind`` (1..6)."""
    if not 1 <= wind <= 6:
        raise DataError(f"Wind Direction must be 1..6, not {wind}")
    return Approach(m, ilh, from_asl_direction(wind))


def check_placements(ilhs: Sequence[Hex], m: HexMap) -> None:
    """E8.2: no two gliders may be placed in the same ILH."""
    seen: set[Hex] = set()
    for h in ilhs:
        if h in seen:
            raise RulesError(f"E8.2: two gliders cannot be placed in the same ILH ({m.name(h)})")
        seen.add(h)


# ----------------------------------------------------------------------------- E8.22 LANDING
def obstacle_top(t: HexTerrain) -> float:
    """Level of the top of a hex for E8.22: its base level plus any full-level (or higher)
    obstacle or blaze in it; half-level obstacles and SMOKE do not count."""
    height = max(t.obstacle, t.blaze or 0)
    return t.base_level + (height if height >= 1 else 0)


@dataclass(frozen=True)
class LandingTerms:
    """The E8.22 terms of an Avenue: the consecutive clear hexes from the ILH outward and the
    highest Obstacle (levels above the ILH's Base Level, and where)."""

    clear: tuple[Hex, ...]
    obstacle_levels: int
    obstacle_hex: Hex | None

    @property
    def drm(self) -> int:
        """The Landing colored drm."""
        return self.obstacle_levels - len(self.clear)


def landing_terms(terrain: Terrain, appr: Approach) -> LandingTerms:
    """E8.22: −1 per consecutive Avenue hex, from the ILH outward, clear of an Obstacle whose top
    is ≥ one level above the ILH's Base Level; +1 per full level above that Base Level of the
    highest such Obstacle in the Avenue (the nearest of equals is named)."""
    at = terrain.at
    base = at(appr.anchor).base_level
    hexes = appr.avenue_terrain()
    clear, levels, where = avenue_terms([obstacle_top(at(h)) - base for h in hexes])
    return LandingTerms(tuple(hexes[:clear]), levels, hexes[where] if where >= 0 else None)


def avenue_terms(tops: Sequence[float]) -> tuple[int, int, int]:
    """E8.22 on the Avenue's tops (:func:`obstacle_top`) above the ILH's Base Level, nearest
    first: the consecutive hexes clear of an Obstacle ≥ one level up, the full levels of the
    highest such Obstacle and its index (the nearest of equals; -1 if none). The Landing drm is
    levels − clear hexes (:func:`landing_terms`; the odds call this directly)."""
    clear = 0
    while clear < len(tops) and tops[clear] < 1:
        clear += 1
    best, where = 0.0, -1
    for i, up in enumerate(tops):
        if up >= 1 and up > best:
            best, where = up, i
    return clear, int(best), where


def landing_drm(terrain: Terrain, appr: Approach) -> tuple[int, list[Event]]:
    """E8.22: the Landing colored drm (:func:`landing_terms`) and the events explaining it."""
    m = appr.map
    terms = landing_terms(terrain, appr)
    names = [m.name(h) for h in appr.avenue_terrain()]
    real = [m.name(h) for h in appr.avenue()]
    events: list[Event] = []
    if real != names:
        pairs = ", ".join(f"{a}≡{b}" for a, b in zip(real, names))
        events.append(ev.info("E8.221", f"offboard Avenue of Approach uses on-board terrain: {pairs}", names))
    if terms.clear:
        count = len(terms.clear)
        clear = [m.name(h) for h in terms.clear]
        events.append(ev.modifier("E8.22", -count, f"{count} consecutive hex{'es' if count > 1 else ''} clear of Obstacles: {', '.join(clear)}", clear))
    if terms.obstacle_hex is not None:
        up, where = terms.obstacle_levels, m.name(terms.obstacle_hex)
        events.append(ev.modifier("E8.22", up, f"Obstacle {up} level{'s' if up > 1 else ''} above the ILH's Base Level in {where}", [where]))
    return terms.drm, events


def landing_hex(appr: Approach, final_colored: int, white: int) -> tuple[int, str]:
    """E8.22: position along the grain where the glider lands and a description.

    A Final colored dr ≤ 1 lands in the ILH (position 0); otherwise it misses by one hex per point
    above 1: long (ahead, negative position) on a white dr ≥ 4, short (astern) on ≤ 3.
    """
    if final_colored <= 1:
        return 0, "lands in its ILH"
    miss = final_colored - 1
    if white >= 4:
        return -miss, f"overshoots by {miss}"
    return miss, f"short by {miss}"


# ----------------------------------------------------------------------------- E8.21 LIGHT AA
# The one Light AA function (E8.21 and E7.511) lives in :mod:`.anti_aircraft`: ``AAResult``,
# ``light_aa_result``, ``retains_rof``, ``AAFirer`` and ``AA_FIELDS`` are imported above.


# ----------------------------------------------------------------------------- E8.23 CRASH
def blind_hex(terrain: Terrain, appr: Approach, k: int, types: Mapping[str, str] | None = None) -> AerialSight:
    """E8.23 / E7.25: landing position ``k`` as an Aerial viewer on the Avenue of Approach sees it.

    Blind when completely surrounded by higher LOS obstacles, or behind the hex just astern of it
    (:func:`~airhead.asl.e7.aerial_los.blind_behind`: a full-level Obstacle leaves one Blind Hex, a
    crest line only when > 1 level higher, a cliff always; a Depression is seen into), looking
    across the hexside the glider crosses entering it. Bocage does not create a Blind Hex for this
    rule. Reflected offboard terrain (E8.221) is used as for every other E8 term.
    """
    side = terrain.sides.get(_entry_side(appr, k), frozenset())
    return _sight(terrain, appr, k, appr.equivalent(k), side, types)


def _sight(terrain: Terrain, appr: Approach, k: int, target: Hex, side: frozenset[str],
           types: Mapping[str, str] | None) -> AerialSight:
    """:func:`blind_hex` with the hex standing for position ``k`` and the features of its entry
    hexside given."""
    enclosed = surrounded(terrain, target, types)
    if enclosed.blind:
        return enclosed
    near = appr.equivalent(k + 1)
    return blind_behind(target, terrain.at(target), near, terrain.at(near), side, bocage=False, types=types)


def is_blind_hex(terrain: Terrain, appr: Approach, k: int, explain: bool = True) -> tuple[bool, str]:
    """E8.23 / E7.25: is landing position ``k`` a Blind Hex as seen along the Avenue (see
    :func:`blind_hex`)? Returns it and the name of the hex that blinds it ("" if none)."""
    sight = blind_hex(terrain, appr, k)
    return sight.blind, (appr.map.name(sight.by) if explain and sight.by is not None else "")


_BLIND_CAUSES = {
    "obstacle": "{name} is a Blind Hex behind the Obstacle in {by}",
    "crest": "{name} is a Blind Hex behind the crest line in {by} (more than 1 level higher)",
    "cliff": "{name} is a Blind Hex below the cliff hexside from {by}",
    "surrounded": "{name} is a Blind Hex: completely surrounded by LOS obstacles at least one level higher",
}


def blind_notes(sight: AerialSight, ruling: bool | None, name: str, m: HexMap) -> list[str]:
    """E8.23 / E7.25: what the log says about a Blind Hex decision that is not simply "Blind": the
    players' ruling where it differs from the map's reading (with that reading), or why the map
    reading makes it seen (a low crest line, a Depression)."""
    if ruling is not None and ruling != sight.blind:
        reading = "; ".join(sight.explain(m.label)) if sight.looks else f"{m.label(sight.target)} is seen"
        return [f"{name} is {'' if ruling else 'not '}a Blind Hex by the players' ruling (the map reading: {reading})"]
    if ruling is None and not sight.blind and sight.note:
        return [f"{name} is not a Blind Hex: {sight.note}"]
    return []


def _entry_side(appr: Approach, k: int) -> Hexside:
    """E8.231: the hexside the glider crosses entering landing position ``k`` (in the terrain
    that represents it)."""
    h, reflected = appr.standing(k)
    return Hexside.of(h, appr.facing if reflected else appr.astern)


def hazard(terrain: Terrain, appr: Approach, k: int) -> tuple[str, str]:
    """E8.232: ``("eliminated", why)`` for a Blaze or a non-frozen, non-fordable Water Obstacle
    (unless a non-foot bridge parallels the Avenue: then ``("bridge", ...)``), ``("minefield", ...)``
    for a minefield, else ``("", "")``."""
    t = terrain.at(appr.equivalent(k))
    if t.blaze is not None:
        return "eliminated", "lands in a Blaze"
    if t.water is not None and not t.water.frozen and not t.water.fordable:
        if t.bridge is not None and not t.bridge.foot and t.bridge.parallels(appr.facing):
            return "bridge", "lands on the bridge, which parallels the Avenue of Approach"
        return "eliminated", f"lands in a {t.water.kind} (non-frozen, non-fordable Water Obstacle)"
    if t.minefield:
        return "minefield", f"lands in a {t.minefield}-factor minefield: attacked as an entering truck"
    return "", ""


def crash_terms(
    terrain: Terrain,
    appr: Approach,
    k: int,
    *,
    damaged: bool,
    night: bool,
    gusts: bool,
    on_bridge: bool = False,
    blind: bool | None = None,
    types: Mapping[str, str] | None = None,
    explain: bool = True,
) -> list[tuple[int, str, list[str]]]:
    """E8.23 (with E8.231): every applicable Crash drm as ``(value, cause, hexes)``, cumulative;
    the drm for vehicles, wrecks and previously landed gliders never exceeds +1. Hexside drm
    count only for the hexside crossed on entering the landing hex. A bridge in the landing hex
    is +3 whatever it crosses. ``blind`` overrules the map's Blind Hex reading (None: as read,
    :func:`blind_hex`). ``explain=False`` skips naming hexes in the causes (the odds only add
    the values)."""
    tb = _table()
    m = appr.map
    h, reflected = appr.standing(k)
    t = terrain.at(h)
    name = m.label(appr.hex_at(k)) if explain else ""
    out: list[tuple[int, str, list[str]]] = []
    cond = tb["crash_conditions"]
    if k != 0:
        out.append((cond["not_in_ilh"], "not landing in its final ILH", []))
    if damaged:
        out.append((cond["damaged"], "glider is Damaged", []))
    if night:
        out.append((cond["night"], "night landing", []))
    if gusts:
        out.append((cond["gusts"], "landing during Gusts", []))
    feats = tb["crash_hex_features"]
    ref = m.name(appr.hex_at(k)) if explain else ""
    if on_bridge:
        out.append((feats["bridge"], f"landing on the bridge in {name}", [ref]))
    else:
        drm_t = tb["crash_terrain"].get(t.terrain, 0)
        if drm_t:
            label = (types or {}).get(t.terrain, t.terrain)
            out.append((drm_t, f"landing in {label} ({name})", [ref]))
        if t.water is not None and t.water.fordable and not t.water.frozen:
            out.append((feats["fordable_water"], f"landing in a fordable {t.water.kind} ({name})", [ref]))
        if t.bridge is not None:
            out.append((feats["bridge"], f"landing in a hex with a {'foot ' if t.bridge.foot else ''}bridge ({name})", [ref]))
    if t.shellholes:
        out.append((feats["shellholes"], f"landing in shellholes ({name})", [ref]))
    if t.trench:
        out.append((feats["trench"], f"landing in a trench ({name})", [ref]))
    occ = [o for o in ("vehicle", "wreck", "glider") if o in t.occupants] if t.occupants else None
    if occ:
        what = "/".join({"vehicle": "vehicle", "wreck": "wreck", "glider": "previously-landed glider"}[o] for o in occ)
        out.append((feats["occupied"], f"Location contains a {what} (at most +1)", [ref]))
    # the map's reading is needed unless the players' ruling decides and nothing is to be named
    side = terrain.sides.get(Hexside.of(h, appr.facing if reflected else appr.astern), frozenset())  # _entry_side's
    sight = _sight(terrain, appr, k, h, side, types) if explain or blind is None else None
    is_blind = blind if blind is not None else sight is not None and sight.blind
    if is_blind:
        if not explain or sight is None:
            out.append((feats["blind_hex"], "", []))
        elif blind is None or sight.blind:
            by = m.label(sight.by) if sight.by is not None else ""
            hexes = [ref] + ([m.name(sight.by)] if sight.by is not None else [])
            out.append((feats["blind_hex"], _BLIND_CAUSES[sight.cause].format(name=name, by=by), hexes))
        else:
            out.append((feats["blind_hex"], f"{name} is a Blind Hex (the players' ruling)", [ref]))
    for f in sorted(side) if side else ():
        v = tb["crash_hexside"].get(f, 0)
        if v:
            out.append((v, f"crossing a {f} hexside entering {name} (E8.231)", [ref]))
    return out


def crash_drm(
    terrain: Terrain,
    appr: Approach,
    k: int,
    *,
    damaged: bool,
    night: bool,
    gusts: bool,
    on_bridge: bool = False,
    blind: bool | None = None,
    types: Mapping[str, str] | None = None,
) -> tuple[int, list[Event]]:
    """E8.23: the total Crash drm (:func:`crash_terms`), an event per modifier, and an E7.25 note
    where the Blind Hex decision needs one (:func:`blind_notes`)."""
    terms = crash_terms(terrain, appr, k, damaged=damaged, night=night, gusts=gusts, on_bridge=on_bridge, blind=blind, types=types)
    events = [ev.modifier("E8.23", v, why, hx) for v, why, hx in terms]
    m = appr.map
    sight = blind_hex(terrain, appr, k, types)
    events += [ev.info("E7.25", note, [m.name(appr.hex_at(k))]) for note in blind_notes(sight, blind, m.label(appr.hex_at(k)), m)]
    return sum(v for v, _, _ in terms), events


CrashEffect = Literal["safe", "damaged", "eliminated"]


def crash_effect(final: int) -> CrashEffect:
    """E8.23 / E8.24: Final Crash dr ≤ 6 safe, 7 Damaged, ≥ 8 eliminated (unarmed truck wreck)."""
    if final <= 6:
        return "safe"
    if final == 7:
        return "damaged"
    return "eliminated"

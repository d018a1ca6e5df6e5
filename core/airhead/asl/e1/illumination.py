"""ASL E1.9 Illumination: Starshells (E1.92), Illuminating Rounds (E1.93), Fires (E1.94) and
Flames (E1.942), and which hexes are Illuminated.

Rule functions: :func:`usage_number` / :func:`starshell_usage` (E1.921), :func:`extent_of_error`
and :func:`starshell_placement` (E1.922, Random Location from the aimed hex; the error halved,
rounded up, when the aim is in view — the E1.922 EX pins the rounding: white 3 halved lands
in I7, two hexes out, not three), :func:`mortar_usage` (E1.931), :func:`blaze_range` (E1.94: it lives beside the zone it sizes,
:func:`.los_zone.illuminated_zone`, and is read here).

Which hexes are Illuminated (:func:`light_sources`, :func:`illuminated`, :func:`illuminated_by`,
:func:`illumination_view`) is read from the game: every Starshell marker (three hexes, E1.923),
IR marker (six hexes, E1.933), Flame marker (its own hex, E1.942) and Blaze on the map (twice
its blazing levels, its shadows from the line of sight that applies: :func:`.sight.zone`, E1.941).
Starshell and IR markers are removed at the end of the CCPh (``Marker.expires``).

Procedures: "Starshell (E1.92)" (:class:`Starshell`) and "Illuminating Round (E1.93)"
(:class:`IlluminatingRound`). Where the seed's text is cut (E1.91 initial use, the rest of
E1.921, E1.922's three choices, E1.932 placement) the players decide that step.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from ...frozen import replace
from ... import events as ev
from ...boards import HexMap, player_name
from ...counters import Counters, Marker
from ...dice import DR, Roll, dr
from ...errors import DataError, RulesError
from ...events import Event
from ...fields import Field, Schema
from ...hexes import Hex
from ...plug import OVERRIDE, Fact, GameState, Odds, Procedure, ProcState, Prompt, StepResult, Table, View, percent
from ..los_zone import blaze_range
from ..sight import sight, zone
from ..e8.random_location import random_location
from ..turn_rules import illuminating_round_turn, phase_key, phasing_side, starshell_turn, starshell_usage_turn

__all__ = [
    "FIRERS", "STARSHELL_RADIUS", "IR_RADIUS", "LIGHT_KINDS", "Source", "usage_number", "check_firer",
    "starshell_usage", "extent_of_error", "starshell_placement", "placement_odds", "mortar_usage", "blaze_range",
    "light_sources", "illuminated_hexes", "illuminated", "illuminated_by", "illumination_view", "gunflash_in_view", "Starshell",
    "IlluminatingRound",
]

#: E1.921: who may fire a Starshell (the Usage dr each needs: :func:`usage_number`).
FIRERS: tuple[str, ...] = ("leader", "CE Armor Leader", "MMC", "CE AFV without Armor Leader")
#: E1.923: a Starshell Illuminates the Locations within three hexes; E1.933: an IR within six.
STARSHELL_RADIUS = 3
IR_RADIUS = 6
#: Marker kinds that Illuminate, with their range in hexes (a Flame: its own Location only).
LIGHT_KINDS: dict[str, tuple[int, str]] = {"Starshell": (STARSHELL_RADIUS, "E1.923"), "IR": (IR_RADIUS, "E1.933"),
                                           "Flame": (0, "E1.942")}


def usage_number(firer: str) -> int:
    """E1.921: the Usage dr a firer needs (≤): 4 for a leader (a CE Armor Leader included), 2 for
    a MMC or a CE AFV with no Armor Leader."""
    if firer not in FIRERS:
        raise DataError(f"a Starshell is fired by one of {', '.join(FIRERS)}")
    return 4 if firer in ("leader", "CE Armor Leader") else 2


def check_firer(good_order: bool, pinned_or_ti: bool) -> None:
    """E1.921: a unit must be in Good Order and neither pinned nor TI to fire a Starshell."""
    if not good_order or pinned_or_ti:
        raise RulesError("E1.921: a unit must be in Good Order and neither pinned nor TI to fire a Starshell")


#: E1.921 "a Usage dr (Δ)": the rule text does not say what Δ marks; the dr is read as rolled.
DELTA_921 = ev.info("E1.921", "Usage dr read as rolled (the rule marks it Δ: apply what Δ means in your "
                              "rulebook)")


def starshell_usage(firer: str, roll: int) -> tuple[bool, list[Event]]:
    """E1.921: the Usage dr: passed if ≤ :func:`usage_number`."""
    need = usage_number(firer)
    ok = roll <= need
    text = (f"Usage dr {roll} ≤ {need} ({firer}): it may fire a Starshell" if ok
            else f"Usage dr {roll} > {need} ({firer}): no Starshell from it this Player Turn")
    return ok, [ev.result("E1.921", text)]


def extent_of_error(white: int, halved: bool) -> int:
    """E1.922: the Extent of Error is the white dr; halved, rounded up, when the aim is in view
    (the EX: white 3 halved lands one hex nearer, in I7 instead of H7)."""
    if not 1 <= white <= 6:
        raise DataError("a white dr is 1..6")
    return (white + 1) // 2 if halved else white


def starshell_placement(aim: Hex, colored: int, white: int, halved: bool) -> Hex:
    """E1.922: where a Starshell aimed at ``aim`` lands: Random Location (direction: colored dr)
    by the Extent of Error (:func:`extent_of_error`)."""
    return random_location(aim, colored, extent_of_error(white, halved))


def placement_odds(aim: Hex, halved: bool) -> dict[Hex, Fraction]:
    """Exact odds of where a Starshell aimed at ``aim`` lands (the 36 Placement DR through
    :func:`starshell_placement`)."""
    out: dict[Hex, Fraction] = {}
    for c in range(1, 7):
        for w in range(1, 7):
            h = starshell_placement(aim, c, w, halved)
            out[h] = out.get(h, Fraction(0)) + Fraction(1, 36)
    return out


def mortar_usage(roll: int) -> tuple[bool, list[Event]]:
    """E1.931: the firer of an onboard mortar needs a Usage dr ≤ 4 to fire an IR (OBA needs none)."""
    ok = roll <= 4
    return ok, [ev.result("E1.931", f"Usage dr {roll} {'≤' if ok else '>'} 4: " + ("it may fire an IR" if ok else "no IR"))]


# ---------------------------------------------------------------------- what is Illuminated
@dataclass(frozen=True)
class Source:
    """Something that Illuminates: its kind, hex, range, rule, the hexes it lights (in play) and
    those a Blaze leaves in shadow (E1.941)."""

    kind: str
    hex: Hex
    radius: int
    rule: str
    lit: tuple[Hex, ...]
    shadow: tuple[Hex, ...] = ()

    def describe(self, m: HexMap) -> str:
        """E.g. ``Starshell in 13H7 (E1.923, 3 hexes)``."""
        reach = "its own Location" if self.radius == 0 else f"{self.radius} hexes"
        return f"{self.kind} in {m.label(self.hex)} ({self.rule}, {reach})"


#: (id of the map, hex, radius) -> (that map, the hexes in play within the radius): a marker's
#: lit hexes depend on nothing else (the map is held, so its id is not reused while it lives).
_LIT: dict[tuple[int, Hex, int], tuple[HexMap, tuple[Hex, ...]]] = {}
_LIT_MAX = 4096


def _lit(m: HexMap, h: Hex, radius: int) -> tuple[Hex, ...]:
    """The hexes in play within ``radius`` of ``h`` (E1.923 / E1.933: even from offboard)."""
    key = (id(m), h, radius)
    got = _LIT.get(key)
    if got is not None and got[0] is m:
        return got[1]
    lit = tuple(x for x in h.within(radius) if m.in_play(x))
    if len(_LIT) >= _LIT_MAX:
        _LIT.clear()
    _LIT[key] = (m, lit)
    return lit


def _light_markers(state: GameState) -> tuple[Marker, ...]:
    """Every Starshell, IR and Flame marker on (or off) the map, in the order they were placed
    (read through the counters' kind index, not every marker)."""
    return state.counters.markers_of_kinds(*LIGHT_KINDS)


def _blazes(state: GameState) -> tuple[Hex, ...]:
    """Every hex with a Blaze, in map order (the terrain's index of them: no walk of its hexes)."""
    return state.terrain.blazes


def light_sources(state: GameState) -> tuple[Source, ...]:
    """Every Starshell, IR and Flame marker and every Blaze on the map, with the hexes it lights:
    markers light every hex within their range (E1.923 / E1.933: even placed offboard); a Blaze
    lights its Illuminated Zone but its shadows (E1.94 / E1.941, through the LOS engine). A
    marker's hexes are read once per map, hex and range, a Blaze's zone once per terrain
    (:func:`.sight.zone`)."""
    m = state.scenario.map
    out: list[Source] = []
    for mk in _light_markers(state):
        if mk.hex is None:
            continue
        radius, rule = LIGHT_KINDS[mk.kind]
        out.append(Source(mk.kind, mk.hex, radius, rule, _lit(m, mk.hex, radius)))
    for h in _blazes(state):
        z = zone(state, h)
        out.append(Source("Blaze", h, z.radius, "E1.94", z.lit, z.shadow))
    return tuple(out)


def illuminated_by(state: GameState, h: Hex) -> list[str]:
    """What Illuminates hex ``h`` (empty: it is not Illuminated), in words: a marker within its
    range (read from the distance, not its zone), a Blaze whose zone holds it."""
    m = state.scenario.map
    out: list[str] = []
    if m.in_play(h):
        for mk in _light_markers(state):
            if mk.hex is not None and mk.hex.distance(h) <= LIGHT_KINDS[mk.kind][0]:
                radius, rule = LIGHT_KINDS[mk.kind]
                out.append(Source(mk.kind, mk.hex, radius, rule, ()).describe(m))
    for b in _blazes(state):
        z = zone(state, b)
        if h in z.lit:
            out.append(Source("Blaze", b, z.radius, "E1.94", z.lit, z.shadow).describe(m))
    return out


def illuminated_hexes(state: GameState) -> frozenset[Hex]:
    """Every Illuminated hex on the map (one pass over the light sources)."""
    return frozenset(h for s in light_sources(state) for h in s.lit)


def illuminated(state: GameState, h: Hex) -> bool:
    """E1.9: hex ``h`` is Illuminated by a Starshell, IR, Flame or Blaze on the map (hex level:
    subterranean and interior building Locations are not lit by a Starshell or IR, E1.923)."""
    return bool(illuminated_by(state, h))


def illumination_view(state: GameState) -> View:
    """Every Illuminated zone on the map, labelled with its source, shadows marked; markers of
    one kind in one hex light one zone (``3 × Starshell in 13H7 ...``)."""
    m = state.scenario.map
    sources: dict[tuple[str, Hex], list[Source]] = {}
    for s in light_sources(state):
        sources.setdefault((s.kind, s.hex), []).append(s)
    zones: list[tuple[str, tuple[Hex, ...]]] = []
    marks: list[tuple[Hex, str]] = []
    labels: list[tuple[Hex, str]] = []
    for same in sources.values():
        s = same[0]
        zones.append((f"Illuminated: {'' if len(same) == 1 else f'{len(same)} × '}{s.describe(m)}", s.lit))
        if m.in_play(s.hex):
            marks.append((s.hex, "blaze" if s.kind == "Blaze" else "illumination"))
            labels.append((s.hex, s.kind))
        marks += [(h, "shadow") for h in s.shadow]
    return View(marks=tuple(dict.fromkeys(marks)), zones=tuple(zones), labels=tuple(dict.fromkeys(labels)))


def gunflash_in_view(state: GameState, firer: Hex, aim: Hex) -> tuple[bool, list[str]]:
    """E1.922 as the map reads it: the firer has a LOS (the LOS engine) to a Gunflash marker in
    the aimed hex or next to it (the EX: the Gunflash in K7 by the aimed K6), with the reasons."""
    m = state.scenario.map
    why: list[str] = []
    for mk in state.counters.markers_of_kind("Gunflash"):
        if mk.hex is None or mk.hex.distance(aim) > 1:
            continue
        line = sight(state, firer, mk.hex)
        if not line.blocked:
            return True, [f"the Gunflash in {m.label(mk.hex)} is in LOS of {m.label(firer)}"]
        by = ", ".join(m.label(h) for h in line.by) or "the terrain"
        why.append(f"the Gunflash in {m.label(mk.hex)} is out of LOS ({by} blocks it)")
    return False, why or [f"no Gunflash in or next to {m.label(aim)}"]


# ---------------------------------------------------------------------- the Starshell procedure
METHODS = ("aimed at a hex (Starshell Placement DR)", "placed by the players (see your rulebook)")
#: Earlier words of METHODS, still read in saves and links made with them.
METHODS_WERE = (("placed by the players (rule text cut)", METHODS[1]),)
IN_VIEW = ("as the map reads", "yes", "no")
INITIAL = ("Starshells may be used now", "not yet: no Starshell")


@dataclass(frozen=True)
class _Shell:
    firer: str
    side: str
    firer_hex: Hex | None
    aim: Hex
    aimed: bool
    halved: bool
    kind: str = "Starshell"
    landed: Hex | None = None


class Starshell(Procedure[_Shell]):
    """E1.92: a Starshell: the firer's Usage dr (E1.921), the Placement DR from the aimed hex with
    its Extent of Error, halved when the aim is in view (E1.922), a Starshell marker that
    Illuminates three hexes until the end of the CCPh (E1.923)."""

    name = "asl.starshell"
    title = "Starshell (E1.92)"
    params = Schema((
        Field("firer", "Fired by", "choice", choices=FIRERS, default="leader", rule="E1.921",
              help="Usage dr: ≤ 4 for a leader (a CE Armor Leader too), ≤ 2 for a MMC or a CE AFV with no Armor Leader"),
        Field("firer_hex", "Firer's hex", "hex", default=None, rule="E1.922", help="for the map, and to read the aim's view"),
        Field("side", "Side", "text", lo=1, hi=24, default=None, pick="side", help="left empty: the DEFENDER in the MPh and DFPh, else the side whose Player Turn it is"),
        Field("good_order", "Good Order", "bool", default=True, rule="E1.921"),
        Field("pinned", "Pinned or TI", "bool", default=False, rule="E1.921"),
        Field("method", "Placement", "choice", choices=METHODS, default=METHODS[0], rule="E1.922", renamed=METHODS_WERE,
              help="E1.922 gives three choices; the app works out the first: for the others (see your rulebook) the players place it"),
        Field("aim", "Aimed at (or placed in)", "hex", offboard=True, rule="E1.922"),
        Field("in_view", "Aim in view (a Gunflash in LOS): halve the error", "choice", choices=IN_VIEW, default=IN_VIEW[0],
              rule="E1.922", help="the map reads a Gunflash in or next to the aimed hex in the firer's LOS; overrule it here"),
        OVERRIDE,
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        """The side that may fire one now (E1.92): the DEFENDER in the MPh and the DFPh, else the
        side whose Player Turn it is."""
        mover = phasing_side(state)
        other = next((s for s in state.sides if s != mover), mover)
        return {"side": other if phase_key(state) in ("MPh", "DFPh") else mover}

    def describe_params(self, params: Mapping[str, Any]) -> str:
        where = f" in {params['firer_hex']}" if params.get("firer_hex") else ""
        how = "aimed at" if params.get("method", METHODS[0]) == METHODS[0] else "placed in"
        return f"{params.get('firer', 'leader')}{where}, {how} {params.get('aim')}"

    def halved(self, state: GameState, p: Mapping[str, Any]) -> tuple[bool, list[str]]:
        """E1.922: whether the Extent of Error is halved, and why (the plan's ruling or the map's)."""
        how = p.get("in_view", IN_VIEW[0])
        if how != IN_VIEW[0]:
            return how == "yes", [f"the players rule the aim {'in' if how == 'yes' else 'not in'} view"]
        if p.get("firer_hex") is None:
            return False, ["no firer's hex given: the aim is taken as not in view"]
        return gunflash_in_view(state, p["firer_hex"], p["aim"])

    def _first(self, state: GameState) -> bool:
        return not state.count_outcomes(self.name, IlluminatingRound.name) and \
            not state.counters.count_of_kind("Starshell") and not state.counters.count_of_kind("IR")

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        m = state.scenario.map
        side = str(params["side"])
        if side not in state.sides:
            raise DataError(f"the side is one of {', '.join(state.sides)}", "side")
        check_firer(params["good_order"], params["pinned"])
        usage_number(params["firer"])
        agreed = starshell_turn(state, params, side) + starshell_usage_turn(state, params, side)
        aimed = params["method"] == METHODS[0]
        halved, why = self.halved(state, params) if aimed else (False, [])
        data = _Shell(params["firer"], side, params["firer_hex"], params["aim"], aimed, halved)
        where = f" in {m.label(data.firer_hex)}" if data.firer_hex is not None else ""
        events = [ev.info("E1.92", f"{side} {data.firer}{where} fires a Starshell "
                          + (f"aimed at {m.label(data.aim)}" if aimed else f"placed by the players in {m.label(data.aim)}"))]
        if aimed:
            events.append(ev.info("E1.922", ("Extent of Error halved: " if halved else "Extent of Error not halved: ") + "; ".join(why)))
        step = "initial" if self._first(state) else "usage"
        return StepResult(ProcState(self.name, step, data), tuple(agreed + events))

    def prompt(self, state: GameState, proc: ProcState[_Shell]) -> Prompt:
        s = proc.data
        m = state.scenario.map
        if proc.step == "initial":
            return Prompt("choice", "E1.91", "When may the first Starshell or IR be used? Your rulebook has the rest of this rule: "
                          "players decide", options=INITIAL)
        if proc.step == "usage":
            return Prompt("roll", "E1.921", f"Starshell Usage dr (Δ) ({s.firer}: ≤ {usage_number(s.firer)})", dr("Usage dr"))
        return Prompt("roll", "E1.922", f"Starshell Placement DR from {m.label(s.aim)}"
                      + (" (Extent of Error halved)" if s.halved else ""), DR)

    def choose(self, state: GameState, proc: ProcState[_Shell], choice: str) -> StepResult:
        if choice == INITIAL[1]:
            events = (ev.result("E1.91", "the players rule that no Starshell may be used yet"),)
            return StepResult(None, events, outcome=self._outcome(state, proc.data, "not yet"))
        return StepResult(ProcState(self.name, "usage", proc.data),
                          (ev.info("E1.91", "the players rule that Starshells may be used now"),))

    def roll(self, state: GameState, proc: ProcState[_Shell], roll: Roll) -> StepResult:
        s = proc.data
        m = state.scenario.map
        if proc.step == "usage":
            ok, events = starshell_usage(s.firer, roll.total)
            events = [ev.roll("E1.921", f"Starshell Usage {roll.describe()}"), DELTA_921] + events
            if not ok:
                return StepResult(None, tuple(events), outcome=self._outcome(state, s, "failed"))
            if not s.aimed:
                return self._place(state, replace(s, landed=s.aim), events)
            return StepResult(ProcState(self.name, "placement", s), tuple(events))
        c, w = roll.value("colored"), roll.value("white")
        error = extent_of_error(w, s.halved)
        landed = starshell_placement(s.aim, c, w, s.halved)
        events = [ev.roll("E1.922", f"Starshell Placement {roll.describe()}")]
        if s.halved:
            events.append(ev.modifier("E1.922", error - w, f"Extent of Error halved (rounded up): white {w} -> {error}"))
        events.append(ev.result("E1.922", f"{error} hex{'es' if error != 1 else ''} in direction {c}: "
                                          f"{m.label(s.aim)} -> {m.label(landed)}", [m.name(s.aim), m.name(landed)]))
        return self._place(state, replace(s, landed=landed), events)

    def _place(self, state: GameState, s: _Shell, events: list[Event]) -> StepResult:
        m = state.scenario.map
        assert s.landed is not None
        counters = _mark(state.counters, s.kind, s.landed, s.side)
        radius, rule = LIGHT_KINDS[s.kind]
        off = "" if m.in_play(s.landed) else " (offboard: it still Illuminates the board within range)"
        events = list(events) + [ev.result(rule, f"{s.kind} in {m.label(s.landed)}{off}: Illuminates every non-subterranean, "
                                                 f"non-interior building Location within {radius} hexes until the end of the CCPh",
                                           [m.name(s.landed)])]
        return StepResult(None, tuple(events), counters=counters, outcome=self._outcome(state, s, "placed"))

    def _outcome(self, state: GameState, s: _Shell, result: str) -> dict[str, Any]:
        m = state.scenario.map
        return {"procedure": IlluminatingRound.name if s.kind == "IR" else self.name, "kind": s.kind, "side": s.side,
                "firer": s.firer, "result": result, "aim": m.name(s.aim),
                "firer_hex": m.name(s.firer_hex) if s.firer_hex is not None else None,
                "hex": m.name(s.landed) if s.landed is not None else None}

    # -- the planner and the map -----------------------------------------------------------
    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """The Usage dr's chance and, if it passes, where the Starshell lands (every Placement DR)."""
        m = state.scenario.map
        check_firer(params["good_order"], params["pinned"])
        if params.get("side") in state.sides:
            starshell_turn(state, params, str(params["side"]))  # out of its phase: the planner says so
        p_use = Fraction(usage_number(params["firer"]), 6)
        facts = [Fact("usage", "Usage dr passes", percent(p_use))]
        if params["method"] != METHODS[0]:
            return Odds(facts=tuple(facts), notes=("The players place it (E1.922's other choices: see your rulebook).",
                                                   DELTA_921.cause),
                        view=View(marks=((params["aim"], "target"),)))
        halved, why = self.halved(state, params)
        land = placement_odds(params["aim"], halved)
        rows = tuple((m.label(h), float(p)) for h, p in sorted(land.items(), key=lambda kv: (-kv[1], m.name(kv[0]))))
        facts.append(Fact("error", "Extent of Error", "halved (rounded up)" if halved else "the white dr"))
        on = sum((p for h, p in land.items() if m.in_play(h)), Fraction(0))
        facts.append(Fact("onboard", "Lands on the board", percent(on)))
        heat = tuple((h, float(p)) for h, p in land.items() if m.in_play(h))
        marks: tuple[tuple[Hex, str], ...] = ((params["aim"], "target"),)
        if params.get("firer_hex") is not None:
            marks += ((params["firer_hex"], "ilh"),)
        return Odds(facts=tuple(facts), reasons=tuple(why), tables=(Table("landing", "Where it lands (if it is fired)", rows[:8]),),
                    notes=("Every Placement DR from the aimed hex: direction by the colored dr, distance by the Extent of Error.",
                           DELTA_921.cause),
                    view=View(marks=marks, heat=heat, heat_unit="%", heat_label="chance the Starshell lands in the hex"))

    def heatmap(self, state: GameState, params: Mapping[str, Any]) -> View:
        """For every hex: the chance this Starshell Illuminates it (Usage dr and Placement DR)."""
        if params.get("aim") is None:
            raise DataError("choose the aimed hex first", "aim")
        m = state.scenario.map
        p_use = Fraction(usage_number(str(params.get("firer", "leader"))), 6)
        if params.get("method", METHODS[0]) != METHODS[0]:
            land = {params["aim"]: Fraction(1)}
        else:
            land = placement_odds(params["aim"], self.halved(state, params)[0])
        lit: dict[Hex, Fraction] = {}
        for h, p in land.items():
            for x in h.within(STARSHELL_RADIUS):
                if m.in_play(x):
                    lit[x] = lit.get(x, Fraction(0)) + p
        return View(heat=tuple((h, float(p * p_use)) for h, p in lit.items()), heat_unit="%",
                    heat_label="chance the Starshell Illuminates the hex (Usage dr and Placement DR)")

    def view(self, state: GameState, proc: ProcState[_Shell]) -> View:
        s = proc.data
        marks: tuple[tuple[Hex, str], ...] = ((s.aim, "target"),)
        paths: tuple[tuple[Hex, ...], ...] = ()
        if s.firer_hex is not None:
            marks += ((s.firer_hex, "ilh"),)
            paths = ((s.firer_hex, s.aim),)
        return View(marks=marks, paths=paths)

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        m = state.scenario.map
        base = illumination_view(state)
        aim = m.parse(outcome["aim"], allow_offboard=True)
        if not outcome.get("hex"):
            return base.merged(View(marks=((aim, "target"),)))
        landed = m.parse(outcome["hex"], allow_offboard=True)
        return base.merged(View(marks=((landed, "landed"),), paths=((aim, landed),) if aim != landed else ()))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        kind = outcome.get("kind", "Starshell")
        result = outcome.get("result")
        if result == "not yet":
            return f"No {kind}: the players ruled it may not be used yet."
        if result == "failed":
            return f"The {kind} was not fired: the Usage dr failed."
        return f"{kind} in {player_name(str(outcome.get('hex')))}: it Illuminates until the end of the CCPh."


def _mark(counters: Counters, kind: str, h: Hex, side: str) -> Counters:
    radius, rule = LIGHT_KINDS[kind]
    return counters.mark(Marker(counters.free_id(kind), kind, h, side, expires="CCPh", label=kind, rule=rule))


# ---------------------------------------------------------------------- Illuminating Rounds
IR_FIRERS = ("OBA", "onboard mortar")
#: E1.91 for an IR: the players' answer, given in the form (None in a start saved before it was asked).
INITIAL_USE = "initial_use"
TO_HIT = ("the IR is fired", "no IR (malfunction)")


class IlluminatingRound(Procedure[_Shell]):
    """E1.93: an IR, by OBA (no Usage dr) or an onboard mortar (Usage dr ≤ 4, then its To Hit DR
    only for malfunction: cut, the players decide), placed where the players place it (E1.932 is
    cut); it Illuminates six hexes and is otherwise a Starshell (E1.933: removed after the CCPh)."""

    name = "asl.illuminating_round"
    title = "Illuminating Round (E1.93)"
    start_work = 25  # its placement and lit hexes (tools/work_calibrate.py)
    params = Schema((
        Field("firer", "Fired by", "choice", choices=IR_FIRERS, default="OBA", rule="E1.931"),
        Field("hex", "Placed in", "hex", offboard=True, rule="E1.932",
              help="E1.932 placement: see your rulebook; the players place it"),
        Field("side", "Side", "text", lo=1, hi=24, default=None, pick="side"),
        Field(INITIAL_USE, "Starshells or IR may be used now (E1.91, asked of the game's first)", "bool", default=True,
              rule="E1.91", help="INITIAL USE: the rest (after 'No Starshells') is in your rulebook: before the game's "
                                 "first Starshell or IR the players say whether one may be used yet"),
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        return {"side": state.sides[state.turn.player]}

    def read(self, state: GameState, raw: Mapping[str, Any]) -> dict[str, Any]:
        out = super().read(state, raw)
        if isinstance(raw, Mapping) and INITIAL_USE not in raw:
            out[INITIAL_USE] = None  # saved before E1.91 was asked of an IR: replayed as then
        return out

    def describe_params(self, params: Mapping[str, Any]) -> str:
        return f"{params.get('firer', 'OBA')}, placed in {params.get('hex')}"

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        side = str(params["side"])
        if side not in state.sides:
            raise DataError(f"the side is one of {', '.join(state.sides)}", "side")
        s = _Shell(params["firer"], side, None, params["hex"], False, False, kind="IR", landed=params["hex"])
        events = [ev.info("E1.93", f"{side} fires an Illuminating Round by {s.firer} (Indirect Fire)"),
                  *illuminating_round_turn(s.firer)]
        ruled = params.get(INITIAL_USE)
        if ruled is not None and Starshell()._first(state):  # a start saved before E1.91 was asked has no answer
            if not ruled:
                events.append(ev.result("E1.91", "when the first Starshell or IR may be used is in your rulebook: the "
                                                 "players rule that no IR may be used yet"))
                return StepResult(None, tuple(events), outcome=Starshell()._outcome(state, s, "not yet"))
            events.append(ev.info("E1.91", "when the first Starshell or IR may be used is in your rulebook: the players "
                                           "rule that Starshells and IR may be used now"))
        if s.firer == "OBA":
            events.append(ev.info("E1.931", "OBA needs no Usage dr to fire IR"))
            return Starshell()._place(state, s, events)
        return StepResult(ProcState(self.name, "usage", s), tuple(events))

    def prompt(self, state: GameState, proc: ProcState[_Shell]) -> Prompt:
        if proc.step == "usage":
            return Prompt("roll", "E1.931", "IR Usage dr for the onboard mortar (≤ 4)", dr("Usage dr"))
        return Prompt("choice", "E1.931", "E1.931: the mortar's To Hit DR checks only for malfunction; the rest is in "
                      "your rulebook: players decide", options=TO_HIT)

    def roll(self, state: GameState, proc: ProcState[_Shell], roll: Roll) -> StepResult:
        ok, events = mortar_usage(roll.total)
        events = [ev.roll("E1.931", f"IR Usage {roll.describe()}")] + events
        if not ok:
            return StepResult(None, tuple(events), outcome=Starshell()._outcome(state, proc.data, "failed"))
        return StepResult(ProcState(self.name, "to_hit", proc.data), tuple(events))

    def choose(self, state: GameState, proc: ProcState[_Shell], choice: str) -> StepResult:
        if choice == TO_HIT[1]:
            events = [ev.result("E1.931", "the mortar malfunctions: no IR")]
            return StepResult(None, tuple(events), outcome=Starshell()._outcome(state, proc.data, "failed"))
        return Starshell()._place(state, proc.data, [ev.info("E1.931", "the players rule the IR fired")])

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        return Starshell().outcome_view(state, outcome)

    def summary(self, outcome: Mapping[str, Any]) -> str:
        if outcome.get("result") == "not yet":
            return "No IR: the players ruled it may not be used yet."
        if outcome.get("result") == "failed":
            return "No Illuminating Round was fired."
        return f"IR in {player_name(str(outcome.get('hex')))}: it Illuminates six hexes until the end of the CCPh."

"""The ASL E7.4 Ground Support procedure (``asl.strafing``): one aircraft's strafing run or Point
Attack, from its Sighting TC (E7.3) through the Light AA fire in every hex it flies (E7.51) to its
MG and bomb attacks (E7.41 / E7.42), prompt by prompt — and its planner: the entry hex, the path,
the target hexes, every Light AA opportunity with its odds per hex, the Sighting TC chance and
the bomb Direct Hit / Near Miss chances, as exact fractions through the same rule functions.

The rule functions are in :mod:`.ground_support` (E7.3–7.43), :mod:`.anti_aircraft` (E7.5–7.52,
shared with E8.21) and :mod:`.air_support` (the aircraft on the counters).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Mapping

from ... import events as ev
from ...boards import HexMap
from ...dice import DR, Roll
from ...errors import ActionError, DataError, RulesError
from ...events import Event
from ...fields import Field, Schema
from ...hexes import Hex, asl_direction, opposite
from ...plug import OVERRIDE, Fact, GameState, Odds, Procedure, ProcState, Prompt, StepResult, Table, View, percent
from .air_support import Aircraft, added_off_map, aircraft_of, write_aircraft
from .anti_aircraft import AA_RUN_FIELDS, aircraft_aa_result, aerial_drm_from_seed, mark_aa_mode, retains_rof
from .ground_support import (
    DICE,
    POINT,
    STRAFE,
    Run,
    attack_run,
    bomb_hit,
    bomb_odds,
    easiest_target,
    hit_odds,
    mg_breakdown,
    mg_fp,
    mg_tk_column,
    mistaken_targets,
    sighting_morale,
    sighting_odds,
    sighting_rows,
    sighting_tc,
    sighting_terms,
)
from ..los import LosSettings, aerial
from ..sight import aerial_terrain
from .air_exit import no_return
from ..turn_rules import STRAFING_RUN, attacked_this_turn, ground_attack_turn

__all__ = ["Strafing", "Strike", "Target", "bombed", "Firer", "UNIT_KINDS", "BOMB_AT", "BASIC_TH_NEAR", "STRAFING_PACK",
           "STRAFING_SETTINGS", "AA_DECIDE", "RECALL_31", "MISTAKEN_32", "NO_MORE_AA", "aa_odds", "YEARS"]

#: The kinds of a target unit: an AFV is armoured (To Hit first, E7.41 / A9.6).
UNIT_KINDS: tuple[str, ...] = ("infantry", "AFV", "soft vehicle", "other", "Dummy")
#: E7.25: a Sighting TC that reveals only a Dummy unit: the aircraft counts it as its one Sighting
#: TC for that turn, or not (subject to Light AA fire either way).
DUMMY_25: tuple[str, ...] = ("count it as its only Sighting TC this turn", "do not count it")
BOMB_AT: tuple[str, ...] = ("no bombs", "first attack", "second attack", "third attack", "fourth attack")
#: E7.421 EX: "10 [Basic TH# at six-hex Aerial range]" (and E7.421: "≤ 5 unless a FB bombs from an
#: Aerial Range of eight hexes"). The 7-12 column's is not in the source rules.
BASIC_TH_NEAR = 10
YEARS: tuple[int, ...] = (1939, 1940, 1941, 1942, 1943, 1944, 1945)
NO_MORE_AA = "no more Light AA fire here"
#: E7.511 / E7.512: a Light AA result whose text is cut: the players decide.
AA_DECIDE: tuple[str, ...] = ("no effect", "Damaged", "eliminated", "Recalled")
#: E7.31: an Original 12 is Recall; the rest of the rule is cut.
RECALL_31: tuple[str, ...] = ("Recalled at the end of the MPh; the attack goes on as the TC says", "Recalled: no attack")
#: E7.32: the Mistaken Attack, directed by the opponent; its continuation is cut.
MISTAKEN_32: tuple[str, ...] = ("Mistaken Attack made (resolved at the table)", "no Mistaken Attack")

#: The scenario's year: E7.41 MG FP, the Aerial DRM's table-pack entry.
STRAFING_SETTINGS: tuple[Field, ...] = (
    Field("year", "Scenario year", "int", lo=1939, hi=1945, default=1944, rule="E7.41",
          help="an FB's MG FP (6 before 1942, 8 in 1942-43, 12 in 1944-45) and the aircraft's Aerial DRM by year"),
)

#: Table-pack entries: numbers the source rules do not print.
STRAFING_PACK: tuple[Field, ...] = tuple(
    Field(f"aerial_drm.{y}", f"Aircraft's Aerial DRM, {y}", "int", lo=-6, hi=6, default=None, rule="E7.511",
          help="added to Light AA fire at an aircraft" + (" (the 4G6 EX gives +3 for a 1944 FB)" if y == 1944 else ""))
    for y in YEARS
) + (
    Field("stuka_mg_fp", "A Stuka's MG FP", "int", lo=1, hi=36, default=None, rule="E7.41",
          help="7.41 gives only the FB's MG FP"),
    Field("bomb_basic_th_7_12", "Bomb Basic To Hit Number, 7-12 column", "int", lo=2, hi=16, default=None, rule="E7.421",
          help="for the Direct Hit of a FB bombing from an Aerial Range of eight hexes (the 0-6 column's is 10)"),
)


def _sight_field(row_key: str, drm: int | None, condition: str) -> Field:
    if drm is None:
        return Field(f"sight_{row_key}", f"Sighting: {condition} (+X)", "int", lo=0, hi=9, default=0, rule="E7.3")
    return Field(f"sight_{row_key}", f"Sighting: {condition} ({drm:+d})", "bool", default=False, rule="E7.3")


#: E7.3's row read from this Player Turn's record, not ticked in the form: "Target has been attacked
#: by a friendly plane during this Player Turn" (:func:`~.turn_rules.attacked_this_turn`).
RECORDED = "attacked"


#: A target unit as the form gives it.
TARGET_FIELDS: tuple[Field, ...] = (
    Field("name", "Unit", "text", lo=1, hi=24, pick="units:!aircraft", fills=(("hex", "hex"),)),
    Field("hex", "Hex", "hex", rule="E7.4"),
    Field("kind", "Kind", "choice", choices=UNIT_KINDS, default="infantry", rule="E7.41",
          help="the first AFV listed in a hex is the one the aircraft attacks; the bombs leave any other AFV there "
               "unaffected except by Overstacking (E7.421); a Dummy in the initial target hex: E7.25"),
    Field("drm", "IFT DRM vs it", "int", lo=-6, hi=9, default=0, rule="E7.41", help="TEM, FFMO and the like"),
    Field("mg_th_far", "MG To Hit number, 7-12 column", "int", lo=0, hi=16, default=None, rule="E7.41",
          help="an AFV: the Original To Hit DR it is hit on from four hexes (Vehicle Target Type, Black TH#)"),
    Field("mg_th_near", "MG To Hit number, 0-6 column", "int", lo=0, hi=16, default=None, rule="E7.41",
          help="an AFV: the Original To Hit DR it is hit on from three hexes or closer"),
    Field("bomb_th", "Bomb To Hit number", "int", lo=0, hi=16, default=None, rule="E7.42",
          help="the Original To Hit DR the bombs hit it on (7.421 EX: Tiger 9, truck 10, squad 8, HS 6)"),
) + tuple(_sight_field(r.key, r.drm, r.label) for r in sighting_rows() if r.key != RECORDED)


def bombed(here: list[Target]) -> list[Target]:
    """E7.421: the units a bomb attack on a Location attacks: one AFV (the first listed there, the
    one the aircraft attacks) and every unarmoured unit; "Any additional AFV in the same Location is
    unaffected except by the provisions of Overstacking (A5.132)"."""
    afv = next((u for u in here if u.armoured), None)
    return [u for u in here if not u.armoured or u is afv]


def _spared(u: Target, here: list[Target]) -> bool:
    """E7.421: ``u`` is an additional AFV in the Location, which the bombs do not attack."""
    return not any(u is x for x in bombed(here))


@dataclass(frozen=True)
class Target:
    """A unit in a target hex: what it is, its IFT DRM, its To Hit numbers and Sighting flags."""

    name: str
    hex: Hex
    kind: str = "infantry"
    drm: int = 0
    mg_th_far: int | None = None
    mg_th_near: int | None = None
    bomb_th: int | None = None
    sight: tuple[tuple[str, Any], ...] = ()

    @property
    def armoured(self) -> bool:
        """An AFV (E7.41: a To Hit DR first)."""
        return self.kind == "AFV"

    def flags(self) -> dict[str, Any]:
        """Its Sighting DRM flags, with the vehicular row set for a vehicle."""
        out = dict(self.sight)
        if self.kind in ("AFV", "soft vehicle"):
            out["vehicular"] = True
        return out


@dataclass(frozen=True)
class Firer:
    """A Light AA weapon on the run: name, hex, ★ Vehicle Kill Number, ROF, other DRM, and whether
    it is a Vehicular AAMG (no AA counter, E7.5)."""

    name: str
    hex: Hex
    kill: int
    rof: int = 0
    drm: int = 0
    vehicular_aamg: bool = False


@dataclass(frozen=True)
class Strike:
    """An aircraft's attack under way (the procedure's data)."""

    plane: Aircraft
    run: Run
    units: tuple[Target, ...]
    aa: tuple[Firer, ...]
    aerial_drm: int
    fp: int
    year: int
    bomb_stop: int | None
    basic_th_far: int | None
    hindrance: tuple[tuple[Hex, int], ...] = ()
    stop: int = 0
    fire_left: tuple[bool, ...] = ()
    fired_here: tuple[bool, ...] = ()
    firing: int | None = None
    aa_done: bool = False
    attack_done: bool = False
    attack_step: str = ""
    hits: tuple[int, ...] = ()
    recall: bool = False
    decide: str = ""
    candidates: tuple[str, ...] = ()
    #: E7.5: the firers whose AA counter this run has already placed (or noted as untracked).
    aa_noted: tuple[bool, ...] = ()
    #: The units attacked so far (by name): this Player Turn's record for E7.3.
    attacked: tuple[str, ...] = ()
    #: E7.25: the Sighting TC revealed only a Dummy: counted as its one TC this turn (True) or not
    #: (False); None: it did not.
    dummy: bool | None = None

    @property
    def here(self) -> Hex:
        """The hex the aircraft is in."""
        return self.run.stops[self.stop].hex


def _hex_list(key: str, label: str, help: str) -> Field:
    return Field(key, label, "list", hi=16, default=[], rule="E7.25", help=help, item=Field(key, "Hex", "hex"))


class Strafing(Procedure[Strike]):
    """One aircraft's strafing run or Point Attack (E7.3–7.51), with its planner.

    Params: the aircraft (a counter's name on the map, else its type, bombs, Damaged and MG
    Disabled), the initial target hex and the Hex Grain it flies along, strafing run or Point
    Attack, its Aerial DRM (table pack ``aerial_drm.{year}``), where it drops its bombs, the target
    units (hex, kind, IFT DRM, To Hit numbers, Sighting DRM flags), the Light AA (name, hex, ★
    Vehicle Kill Number, ROF, DRM) and the players' Blind Hex rulings.
    """

    name = STRAFING_RUN
    title = "Strafing run / Point attack (E7.4)"
    params = Schema((
        Field("aircraft", "Aircraft", "text", lo=1, hi=24, default="FB 1", rule="E7.4",
              pick="units:aircraft", fills=(("side", "side"),),
              help="an aircraft on the map is read from its counter (type, bombs, Damaged, MG Disabled)"),
        Field("side", "Aircraft's side", "text", lo=1, hi=24, rule="E7.4", pick="side"),
        Field("type", "Type", "choice", choices=("FB", "Stuka"), default="FB", rule="E7.21"),
        Field("bombs", "Carries bombs", "bool", default=True, rule="E7.42"),
        Field("damaged", "Already Damaged", "bool", default=False, rule="E7.226"),
        Field("mg_disabled", "MG Disabled", "bool", default=False, rule="E7.41"),
        Field("target", "Initial target hex", "hex", rule="E7.3"),
        Field("grain", "Hex Grain (direction of flight)", "direction", style="asl", rule="E7.401",
              help="the aircraft flies this way: it is placed four hexes before the target (a Stuka's Point Attack: one)"),
        Field("attack", "Attack", "choice", choices=(STRAFE, POINT), default=STRAFE, rule="E7.4"),
        Field("aerial_drm", "Aircraft's Aerial DRM", "int", lo=-6, hi=6, default=None, rule="E7.511", pack="aerial_drm.{year}",
              help="added to Light AA fire at it (by year, from your rulebook; +3 for a 1944 FB in the 4G6 EX)"),
        Field("mg_fp", "MG FP", "int", lo=1, hi=36, default=None, rule="E7.41", pack="stuka_mg_fp",
              help="a FB's comes from the year (6 / 8 / 12); type a Stuka's"),
        Field("bomb_at", "Bombs dropped at", "choice", choices=BOMB_AT, default=BOMB_AT[0], rule="E7.42"),
        Field("basic_th_far", "Bomb Basic TH#, 7-12 column", "int", lo=2, hi=16, default=None, rule="E7.421",
              pack="bomb_basic_th_7_12", help="only for a Direct Hit from an Aerial Range of eight hexes"),
        Field("units", "Target units", "list", hi=16, default=[], rule="E7.4",
              item=Field("units", "Unit", "record", fields=TARGET_FIELDS)),
        Field("aa", "Light AA", "list", hi=8, default=[], rule="E7.51",
              item=Field("aa", "Light AA weapon", "record", fields=AA_RUN_FIELDS)),
        _hex_list("blind_hexes", "Blind Hexes (the players' ruling)", "hexes the players rule Blind whatever the map reads"),
        _hex_list("seen_hexes", "Seen hexes (the players' ruling)", "hexes the players rule seen whatever the map reads"),
        OVERRIDE,
    ))

    # -- parameters ------------------------------------------------------------------------
    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        """The side: the first aircraft's on the map, else the first side; the Aerial DRM of a
        1944 FB from the 4G6 EX."""
        planes = [a for a in aircraft_of(state.counters) if a.type != "Observation"]  # E7.6: it makes no ground attack
        out: dict[str, Any] = {"side": planes[0].side if planes else state.sides[0]}
        if planes:
            out["aircraft"] = planes[0].name
        seed = aerial_drm_from_seed(int(state.settings.get("year", 1944)))
        if seed is not None:
            out["aerial_drm"] = seed
        return out

    @staticmethod
    def _current(raw: Mapping[str, Any]) -> Mapping[str, Any]:
        """A plan without the units' ``sight_attacked`` flag, which saves made before E7.3's
        "attacked by a friendly plane during this Player Turn" was read from the record carry:
        the record decides it now."""
        units = raw.get("units") if isinstance(raw, Mapping) else None
        if not isinstance(units, list) or not any(isinstance(u, Mapping) and f"sight_{RECORDED}" in u for u in units):
            return raw
        return {**raw, "units": [{k: v for k, v in u.items() if k != f"sight_{RECORDED}"} if isinstance(u, Mapping) else u
                                 for u in units]}

    def read(self, state: GameState, raw: Mapping[str, Any]) -> dict[str, Any]:
        return super().read(state, self._current(raw))

    def read_some(self, state: GameState, raw: Mapping[str, Any]) -> dict[str, Any]:
        return super().read_some(state, self._current(raw))

    def describe_params(self, params: Mapping[str, Any]) -> str:
        """Log text: the aircraft, its attack, the target hex and the grain."""
        bits = [f"{params.get('aircraft', 'aircraft')}: {params.get('attack', STRAFE)} on {params.get('target')}"]
        if params.get("grain") is not None:
            bits.append(f"along Hex Grain {params['grain']}")
        if params.get("bomb_at") not in (None, BOMB_AT[0]):
            bits.append(f"bombs at the {params['bomb_at']}")
        n = len(params.get("units") or [])
        if n:
            bits.append(f"{n} target unit{'s' if n > 1 else ''}")
        k = len(params.get("aa") or [])
        if k:
            bits.append(f"{k} Light AA weapon{'s' if k > 1 else ''}")
        return ", ".join(bits)

    def plane_of(self, state: GameState, p: Mapping[str, Any]) -> Aircraft:
        """The aircraft: its counter when one on the map has that name, else the form's fields."""
        name = str(p.get("aircraft") or "FB 1")
        for a in aircraft_of(state.counters):
            if a.name == name or a.id == name:
                return a
        no_return(state, name)
        t = p.get("type", "FB")
        return Aircraft(name, str(p.get("side") or state.sides[0]), "Stuka" if t == "Stuka" else "FB", bool(p.get("bombs", True)),
                        bool(p.get("damaged", False)), bool(p.get("mg_disabled", False)), label=name)

    def plan(self, state: GameState, p: Mapping[str, Any]) -> Strike:
        """The attack a plan describes, checked against E7.4–7.42."""
        m = state.scenario.map
        plane = self.plane_of(state, p)
        if plane.type == "Observation":
            raise RulesError(f"E7.6: {plane.name} is an Observation Plane: it directs OBA and makes no ground attack")
        if plane.eliminated or plane.recalled:
            raise RulesError(f"E7.24: {plane.name} is {'eliminated' if plane.eliminated else 'Recalled'}")
        ground_attack_turn(state, p, plane.name, plane.side)  # E7.4, E7.401, E7.3: its phase and Player Turn
        stuka = plane.type == "Stuka"
        if "target" not in p or "grain" not in p:
            raise DataError("choose the initial target hex and the Hex Grain first", "target" if "target" not in p else "grain")
        target: Hex = p["target"]
        grain: int = p["grain"]
        hit = attacked_this_turn(state, plane.side)
        units = tuple(Target(u["name"], u["hex"], u["kind"], u["drm"], u["mg_th_far"], u["mg_th_near"], u["bomb_th"],
                             tuple((r.key, u["name"] in hit if r.key == RECORDED else u[f"sight_{r.key}"])
                                   for r in sighting_rows())) for u in p.get("units", []))
        kind = str(p.get("attack", STRAFE))
        attacked = sorted({u.hex for u in units} | {target}, key=lambda h: h.distance(target)) if kind == STRAFE else None
        run = attack_run(target, grain, kind, stuka=stuka, attacked=attacked)
        if not any(u.hex == target for u in units):
            raise RulesError(f"E7.3: list the target unit(s) in the initial target hex {m.label(target)} (the Sighting TC is "
                             "taken against the easiest of them)")
        lane = set(run.targets)
        stray = [u.name for u in units if u.hex not in lane]
        if stray:
            raise RulesError(f"E7.4: {', '.join(stray)} {'is' if len(stray) == 1 else 'are'} not in a target hex of this "
                             f"{kind} ({', '.join(m.label(h) for h in run.targets)})")
        year = int(state.settings.get("year", 1944))
        fp = p.get("mg_fp")
        if fp is None:
            if stuka:
                raise RulesError("E7.41: type the Stuka's MG FP (7.41 gives only the FB's)")
            fp = mg_fp(year)
        bomb_stop = self._bomb_stop(run, str(p.get("bomb_at", BOMB_AT[0])), plane, stuka)
        firers = tuple(Firer(f["name"], f["hex"], f["kill"], f["rof"], f["drm"], bool(f.get("vehicular_aamg", False)))
                       for f in p.get("aa", []))
        if firers and p.get("aerial_drm") is None:
            raise DataError("E7.511: type the aircraft's Aerial DRM (by year, from your rulebook)", "aerial_drm")
        basic_far = p.get("basic_th_far")
        g = Strike(plane, run, units, firers, int(p.get("aerial_drm") or 0), int(fp), year, bomb_stop,
                   None if basic_far is None else int(basic_far))
        self._check_numbers(g, m)
        blind = self._blind(state, p, run)
        for h in run.targets:
            sight = blind.get(h)
            if sight is not None and sight[0] and any(u.hex == h for u in units):
                raise RulesError(f"E7.25: {m.label(h)} is a Blind Hex ({sight[1]}): it cannot be attacked"
                                 " (rule it seen if your map differs)")
        hind = tuple((h, v[2]) for h, v in blind.items() if v[2])
        return replace(g, hindrance=hind, fire_left=tuple(True for _ in firers), fired_here=tuple(False for _ in firers))

    @staticmethod
    def _bomb_stop(run: Run, bomb_at: str, plane: Aircraft, stuka: bool) -> int | None:
        if bomb_at == BOMB_AT[0]:
            return None
        if not plane.bombs:
            raise RulesError(f"E7.42: {plane.name} carries no bombs")
        if stuka and run.kind == STRAFE:
            raise RulesError("E7.403: a Stuka cannot bomb during a Strafing Run")
        attacks = run.attacks()
        n = BOMB_AT.index(bomb_at) - 1
        if n >= len(attacks):
            raise RulesError(f"E7.42: this {run.kind} makes only {len(attacks)} attack{'s' if len(attacks) > 1 else ''}")
        stop = attacks[n]
        if run.stops[stop].mg_only:
            raise RulesError("E7.403: a Stuka's first Point Attack is an MG attack only: it bombs from the target hex")
        return stop

    @staticmethod
    def _check_numbers(g: Strike, m: HexMap) -> None:
        """Every To Hit number the attacks will need is typed."""
        for i in g.run.attacks():
            s = g.run.stops[i]
            here = [u for u in g.units if u.hex == s.target]
            afv = next((u for u in here if u.armoured), None)
            if afv is not None and not g.plane.mg_disabled:
                need = afv.mg_th_near if s.column == "0-6" else afv.mg_th_far
                if need is None:
                    raise DataError(f"E7.41: type the MG To Hit number ({s.column} column) of {afv.name}", "units")
            if g.bomb_stop == i:
                for u in bombed(here):
                    if u.bomb_th is None:
                        raise DataError(f"E7.42: type the bomb To Hit number of {u.name}", "units")
                if any(u.armoured for u in here) and s.column == "7-12" and g.basic_th_far is None:
                    raise DataError("E7.421: type the bombs' Basic To Hit Number on the 7-12 column (for a Direct Hit)",
                                    "basic_th_far")

    def _blind(self, state: GameState, p: Mapping[str, Any], run: Run,
               hexes: tuple[Hex, ...] | None = None) -> dict[Hex, tuple[bool, str, int]]:
        """E7.25: each target hex (or each of ``hexes``) as the aircraft sees it along its grain:
        (Blind, why, Hindrance DRM); the players' rulings win over the map."""
        m = state.scenario.map
        ruled_blind = set(p.get("blind_hexes") or ())
        ruled_seen = set(p.get("seen_hexes") or ())
        settings = LosSettings.from_settings(state.settings)
        out: dict[Hex, tuple[bool, str, int]] = {}
        for h in run.targets if hexes is None else hexes:
            look = aerial(aerial_terrain(state, h), h, opposite(run.grain), settings=settings)
            if h in ruled_blind:
                out[h] = (True, "the players' ruling", 0)
            elif h in ruled_seen:
                out[h] = (False, "the players' ruling", look.drm)
            else:
                why = "; ".join(look.explain(m.label)[:-1]) or "the map"
                out[h] = (look.blind, why, 0 if look.blind else look.drm)
        return out

    # -- the procedure ---------------------------------------------------------------------
    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        g = self.plan(state, params)
        m = state.scenario.map
        run = g.run
        where = "adjacent to" if run.stuka and run.kind == POINT else "four hexes from"
        events = ground_attack_turn(state, params, g.plane.name, g.plane.side) + [
            ev.info("E7.4", f"{g.plane.describe()}: {run.kind} on {m.label(run.target)} along Hex Grain "
                    f"{asl_direction(run.grain)}", [m.name(run.target)]),
            ev.info("E7.401" if run.kind == STRAFE else ("E7.403" if run.stuka else "E7.402"),
                    f"placed in {m.label(run.entry)}, {where} the initial target hex and facing it; it flies "
                    f"{', '.join(m.label(h) for h in run.path)}; target hex{'es' if len(run.targets) > 1 else ''} "
                    f"{', '.join(m.label(h) for h in run.targets)}", [m.name(h) for h in run.path]),
        ]
        for h, d in g.hindrance:
            events.append(ev.info("E7.25", f"{m.label(h)} is seen through a +{d} LOS Hindrance: it applies to the attack", [m.name(h)]))
        return StepResult(ProcState(self.name, "sight", g), tuple(events))

    def prompt(self, state: GameState, proc: ProcState[Strike]) -> Prompt:
        g = proc.data
        m = state.scenario.map
        step = proc.step
        name = g.plane.name
        here = m.label(g.here)
        if step == "sight":
            return Prompt("roll", "E7.3", f"Sighting TC DR by {name} from {m.label(g.run.entry)} at {m.label(g.run.target)}", DR)
        if step == "recall":
            return Prompt("choice", "E7.31", "E7.31: an Original 12 is Recall at the end of the MPh; the rest is in your "
                          "rulebook: players decide", options=RECALL_31)
        if step == "dummy":
            return Prompt("choice", "E7.25", f"E7.25: the Sighting TC reveals only a Dummy unit in {m.label(g.run.target)}: "
                          f"count it as {name}'s only allowed Sighting TC for this turn?", options=DUMMY_25)
        if step == "mistaken":
            who = "; ".join(g.candidates) or "no DEFENDER unit found on the map"
            return Prompt("choice", "E7.32", f"E7.32 Mistaken Attack, directed by the opponent, on the closest DEFENDER unit "
                          f"({who}) — see your rulebook: players decide", options=MISTAKEN_32)
        if step == "aa":
            opts = tuple(f"{f.name} fires" for f, left, done in zip(g.aa, g.fire_left, g.fired_here) if left and not done)
            return Prompt("choice", "E7.51", f"Light AA fire at {name} in {here}", options=opts + (NO_MORE_AA,))
        if step == "aa_dr":
            assert g.firing is not None
            return Prompt("roll", "E7.511", f"Light AA DR by {g.aa[g.firing].name} at {name} in {here}", DR)
        if step == "aa_decide":
            return Prompt("choice", g.decide.split(":")[0], g.decide, options=AA_DECIDE)
        target = m.label(g.run.stops[g.stop].target or g.here)
        if step == "mg_th":
            return Prompt("roll", "E7.41", f"MG To Hit DR by {name} at {self._afv(g).name} in {target}", DR)
        if step == "mg_tk":
            return Prompt("roll", "E7.41", f"MG To Kill DR by {name} at {self._afv(g).name}", DR)
        if step == "mg_ift":
            return Prompt("roll", "E7.41", f"MG attack ({g.fp} FP) by {name} on {target}: IFT Effects DR", DR)
        if step == "bomb_th":
            return Prompt("roll", "E7.42", f"Bomb To Hit DR by {name} on {target}", DR)
        if step == "bomb_effect":
            return Prompt("roll", "E7.421", f"Bomb effects DR (one IFT / To Kill DR for every unit hit) in {target}", DR)
        raise ActionError(f"the strafing run has no step {step!r}")

    def choose(self, state: GameState, proc: ProcState[Strike], choice: str) -> StepResult:
        g = proc.data
        m = state.scenario.map
        if proc.step == "recall":
            g = replace(g, recall=True)
            events = [ev.result("E7.31", f"{g.plane.name}: {choice} (the players' decision)")]
            if choice == RECALL_31[1]:
                return self._finish(state, g, "recalled", events)
            return self._sighted(state, g, events)
        if proc.step == "dummy":
            counted = choice == DUMMY_25[0]
            events = [ev.result("E7.25", f"{g.plane.name} {'counts' if counted else 'does not count'} that Sighting TC as its "
                                         "only one this turn; it is subject to Light AA fire regardless, and makes no attack")]
            return self._advance(state, replace(g, dummy=counted), events)
        if proc.step == "mistaken":
            events = [ev.result("E7.32", f"{choice} (the players' decision; the opponent directs it)")]
            return self._finish(state, g, "mistaken attack" if choice == MISTAKEN_32[0] else "no attack", events)
        if proc.step == "aa":
            if choice == NO_MORE_AA:
                events = [ev.info("E7.51", f"no more Light AA fire at {g.plane.name} in {m.label(g.here)}")]
                return self._advance(state, replace(g, aa_done=True), events)
            firer = choice[: -len(" fires")]
            i = next((i for i, f in enumerate(g.aa) if f.name == firer), None)
            if i is None:
                raise ActionError(f"no Light AA weapon named {firer[:24]!r}")
            return StepResult(ProcState(self.name, "aa_dr", replace(g, firing=i)))
        if proc.step == "aa_decide":
            rule = g.decide.split(":")[0]
            events = [ev.result(rule, f"the players decide: {choice}")]
            g = replace(g, decide="")
            if choice == "eliminated":
                return self._finish(state, g, "eliminated", events)
            if choice == "Damaged":
                return self._damage(state, g, events, rule)
            if choice == "Recalled":
                g = replace(g, recall=True)
            return self._after_aa_shot(state, g, events)
        raise ActionError("not waiting for a choice")

    def roll(self, state: GameState, proc: ProcState[Strike], roll: Roll) -> StepResult:
        step = proc.step
        g = proc.data
        if step == "sight":
            return self._sight(state, g, roll)
        if step == "aa_dr":
            return self._light_aa(state, g, roll)
        if step in ("mg_th", "mg_tk", "mg_ift"):
            return self._mg(state, g, step, roll)
        if step in ("bomb_th", "bomb_effect"):
            return self._bombs(state, g, step, roll)
        raise ActionError("not waiting for dice")

    # -- E7.3 Sighting TC ------------------------------------------------------------------
    def _sight(self, state: GameState, g: Strike, roll: Roll) -> StepResult:
        m = state.scenario.map
        here = [u for u in g.units if u.hex == g.run.target]
        best = here[easiest_target([u.flags() for u in here])]
        terms = sighting_terms(best.flags())
        drm = sum(v for v, _ in terms)
        tc = sighting_tc(roll.total, drm)
        events = [ev.roll("E7.3", f"Sighting TC {roll.describe()}"),
                  ev.info("E7.3", f"against the easiest target in {m.label(g.run.target)}: {best.name}")]
        events += [ev.modifier("E7.3", v, why) for v, why in terms]
        ok = "passed" if tc.passed else "failed: no ground attack this Player Turn, and immune to Light AA (E7.3)"
        events.append(ev.result("E7.3", f"Final DR {tc.final} vs Morale Level {sighting_morale()}: {ok}", [m.name(g.run.target)]))
        if tc.mistaken:
            d = g.plane.side
            seen = self._blind_map(state, g)
            found = mistaken_targets(state.counters, d, g.run.target, seen)
            cands = tuple(f"{n} in {m.label(h)}, {k} hex{'es' if k != 1 else ''}" for k, n, h in found)
            events.append(ev.result("E7.32", f"Final DR {tc.final} ≥ 12: Mistaken Attack on the DEFENDER's closest unit "
                                    "(not in a completely Blind Hex), directed by the opponent"))
            g = replace(g, candidates=cands)
            if tc.recall:
                events.append(ev.result("E7.31", f"Original 12: {g.plane.name} is Recalled at the end of the MPh"))
                g = replace(g, recall=True)
            return StepResult(ProcState(self.name, "mistaken", g), tuple(events))
        if tc.recall:
            return StepResult(ProcState(self.name, "recall", g), tuple(events))
        if not tc.passed:
            return self._finish(state, g, "not sighted", events)
        return self._sighted(state, g, events)

    def _sighted(self, state: GameState, g: Strike, events: list[Event]) -> StepResult:
        """A passed Sighting TC: on with the run, unless it reveals only Dummies (E7.25: the
        players choose whether it counts as the aircraft's one Sighting TC this turn)."""
        here = [u for u in g.units if u.hex == g.run.target]
        if here and all(u.kind == "Dummy" for u in here):
            return StepResult(ProcState(self.name, "dummy", g), tuple(events))
        return self._advance(state, g, events)

    def _blind_map(self, state: GameState, g: Strike) -> Mapping[Hex, bool]:
        """E7.32: hexes of the aircraft side's units that are completely Blind (surrounded),
        each read when it is asked for."""
        from .aerial_los import BlindUnits

        return BlindUnits(lambda h: aerial_terrain(state, h), state.counters)

    # -- the run: Light AA and attacks, hex by hex ------------------------------------------
    def _advance(self, state: GameState, g: Strike, events: list[Event]) -> StepResult:
        """On to the next thing the run does: Light AA in this hex, the attack from it, the next hex."""
        m = state.scenario.map
        while g.stop < len(g.run.stops):
            s = g.run.stops[g.stop]
            order = ("attack", "aa") if s.attack_first else ("aa", "attack")
            for what in order:
                if what == "aa" and not g.aa_done:
                    if any(left and not done for left, done in zip(g.fire_left, g.fired_here)):
                        return StepResult(ProcState(self.name, "aa", g), tuple(events))
                    g = replace(g, aa_done=True)
                if what == "attack" and g.dummy is not None:  # E7.25: Light AA, and no attack
                    return self._finish(state, g, "dummy", events)
                if what == "attack" and not g.attack_done:
                    if s.target is None:
                        g = replace(g, attack_done=True)
                        continue
                    return self._attack(state, g, events)
            nxt = g.stop + 1
            if nxt >= len(g.run.stops):
                break
            g = replace(g, stop=nxt, aa_done=False, attack_done=False, attack_step="", fired_here=tuple(False for _ in g.aa))
            events = list(events) + [ev.info("E7.401", f"{g.plane.name} moves to {m.label(g.here)} along the Hex Grain", [m.name(g.here)])]
        return self._finish(state, g, "done", events)

    def _light_aa(self, state: GameState, g: Strike, roll: Roll) -> StepResult:
        """E7.511 / E7.512: one Light AA DR on the ★ Vehicle line, with the aircraft's Aerial DRM."""
        m = state.scenario.map
        assert g.firing is not None
        i, f = g.firing, g.aa[g.firing]
        final = roll.total + g.aerial_drm + f.drm
        events = [ev.roll("E7.511", f"Light AA by {f.name} ({m.label(f.hex)}, {f.hex.distance(g.here)} hexes: Aerial Range "
                          f"{2 * f.hex.distance(g.here)}): Original {roll.describe()}")]
        events.append(ev.modifier("E7.511", g.aerial_drm, f"{g.plane.name}'s Aerial DRM ({g.year})"))
        if f.drm:
            events.append(ev.modifier("E7.511", f.drm, f"{f.name}'s other DRM"))
        res = aircraft_aa_result(roll.total, final, f.kill, str(state.settings.get("e8_aa_below_kill", "eliminated")))
        keep = retains_rof(roll.value("colored"), f.rof)
        g = replace(g, fire_left=g.fire_left[:i] + (keep,) + g.fire_left[i + 1:],
                    fired_here=g.fired_here[:i] + (True,) + g.fired_here[i + 1:], firing=None)
        text = {
            "no effect": "no effect",
            "damaged": "equals the Kill Number: Damaged",
            "eliminated": "below the Kill Number: eliminated (E8.21's reading: see the setting)",
            "one more": "one more than the Kill Number",
            "unlikely kill": "an Original 2: Unlikely Kill (E7.512)",
        }[res]
        events.append(ev.result("E7.511", f"Final DR {final} vs ★ Vehicle Kill Number {f.kill}: {text}"))
        events.append(ev.info("E7.51", f"{f.name} {'retains' if keep else 'has no'} Multiple ROF (colored dr "
                              f"{roll.value('colored')}, ROF {f.rof})"))
        noted = g.aa_noted or tuple(False for _ in g.aa)
        if noted[i]:
            return self._light_aa_effect(state, g, events, res)
        # E7.5: the first shot at the aircraft puts the weapon's unit in AA mode (an AA counter)
        counters, aa_events, _ = mark_aa_mode(state.counters, f.name, "aerial", at=f.hex, vehicular_aamg=f.vehicular_aamg)
        g = replace(g, aa_noted=noted[:i] + (True,) + noted[i + 1:])
        step = self._light_aa_effect(replace(state, counters=counters), g, events + list(aa_events), res)
        return step if step.counters is not None else replace(step, counters=counters)

    def _light_aa_effect(self, state: GameState, g: Strike, events: list[Event], res: str) -> StepResult:
        """E7.511 / E7.512: what a Light AA result does to the aircraft (the cut results: the players')."""
        if res == "eliminated":
            return self._finish(state, g, "eliminated", events)
        if res == "damaged":
            return self._damage(state, g, events, "E7.511")
        if res == "one more":
            g = replace(g, decide="E7.511: one more than the Kill Number: your rulebook says what it does; players decide")
            return StepResult(ProcState(self.name, "aa_decide", g), tuple(events))
        if res == "unlikely kill":
            g = replace(g, decide="E7.512: an Original 2 gives the attacker a chance of success: your rulebook says "
                        "how; players decide")
            return StepResult(ProcState(self.name, "aa_decide", g), tuple(events))
        return self._after_aa_shot(state, g, events)

    def _damage(self, state: GameState, g: Strike, events: list[Event], rule: str) -> StepResult:
        """E7.226: Damaged (and Recalled unless held in Melee); a second Damage eliminates."""
        if g.plane.damaged:
            events = list(events) + [ev.result("E7.226", f"{g.plane.name} was already Damaged: eliminated")]
            return self._finish(state, g, "eliminated", events)
        g = replace(g, plane=replace(g.plane, damaged=True), recall=True)
        events = list(events) + [ev.result("E7.226", f"{g.plane.name} is Damaged: Recalled at the end of the phase (E7.24); "
                                           "it completes its run")]
        return self._after_aa_shot(state, g, events)

    def _after_aa_shot(self, state: GameState, g: Strike, events: list[Event]) -> StepResult:
        if not any(left and not done for left, done in zip(g.fire_left, g.fired_here)):
            g = replace(g, aa_done=True)
        return self._advance(state, g, events)

    # -- E7.41 / E7.42 attacks -------------------------------------------------------------
    def _here(self, g: Strike) -> list[Target]:
        target = g.run.stops[g.stop].target
        return [u for u in g.units if u.hex == target]

    def _afv(self, g: Strike) -> Target:
        afv = next((u for u in self._here(g) if u.armoured), None)
        assert afv is not None
        return afv

    def _hind(self, g: Strike) -> int:
        target = g.run.stops[g.stop].target
        return dict(g.hindrance).get(target, 0) if target is not None else 0

    def _attack(self, state: GameState, g: Strike, events: list[Event]) -> StepResult:
        """An attack from this hex: MG first (an AFV: To Hit), then the bombs if dropped here."""
        m = state.scenario.map
        s = g.run.stops[g.stop]
        assert s.target is not None
        events = list(events)
        if not g.attack_step:
            rule = "E7.403" if g.run.stuka and g.run.kind == POINT else "E7.402" if g.run.kind == POINT else "E7.401"
            events.append(ev.info(rule, f"{g.plane.name} attacks {m.label(s.target)} from {m.label(s.hex)} ({s.range} "
                                  f"hex{'es' if s.range != 1 else ''}: Aerial Range {s.aerial_range}, {s.column} column)",
                                  [m.name(s.target)]))
            if not self._here(g):
                events.append(ev.info("E7.4", f"no target unit listed in {m.label(s.target)}: no attack"))
                return self._advance(state, replace(g, attack_done=True), events)
            if not g.plane.mg_disabled or g.bomb_stop == g.stop:
                g = replace(g, attacked=g.attacked + tuple(u.name for u in self._here(g) if u.name not in g.attacked))
            if g.plane.mg_disabled:
                events.append(ev.info("E7.41", f"{g.plane.name}'s MG is Disabled: no MG attack"))
            else:
                step = "mg_th" if any(u.armoured for u in self._here(g)) else "mg_ift"
                return StepResult(ProcState(self.name, step, replace(g, attack_step=step)), tuple(events))
        return self._to_bombs(state, g, events)

    def _to_bombs(self, state: GameState, g: Strike, events: list[Event]) -> StepResult:
        if g.bomb_stop == g.stop and g.plane.bombs and g.attack_step not in ("bomb_th", "bomb_effect"):
            return StepResult(ProcState(self.name, "bomb_th", replace(g, attack_step="bomb_th")), tuple(events))
        return self._advance(state, replace(g, attack_done=True, attack_step=""), list(events))

    def _ift_lines(self, g: Strike, original: int, units: list[Target], rule: str, fp: str) -> list[Event]:
        hind = self._hind(g)
        out = []
        for u in units:
            final = original + u.drm + hind
            extra = f" + LOS Hindrance {hind:+d}" if hind else ""
            out.append(ev.result(rule, f"{u.name}: Final DR {final} (Original {original}, DRM {u.drm:+d}{extra}) on the IFT's "
                                 f"{fp} column: read the result on your IFT"))
        if any(u.flags().get("building") for u in units):
            out.append(ev.info(rule, "a building hex: each level in LOS is attacked with the same Effects DR"))
        return out

    def _mg(self, state: GameState, g: Strike, step: str, roll: Roll) -> StepResult:
        """E7.41: the MG attack: vs an AFV a To Hit DR (its Original DR also the Effects DR vs the
        unarmoured units there), then a To Kill DR on a hit; otherwise one IFT Effects DR."""
        s = g.run.stops[g.stop]
        events: list[Event] = []
        soft = [u for u in self._here(g) if not u.armoured]
        if step == "mg_ift":
            events.append(ev.roll("E7.41", f"MG attack, {g.fp} FP: Effects {roll.describe()}"))
            events += self._ift_lines(g, roll.total, soft, "E7.41", f"{g.fp} FP")
        elif step == "mg_th":
            afv = self._afv(g)
            need = afv.mg_th_near if s.column == "0-6" else afv.mg_th_far
            assert need is not None
            hit = roll.total <= need
            events.append(ev.roll("E7.41", f"MG To Hit {roll.describe()} vs {afv.name}"))
            events.append(ev.result("E7.41", f"Original {roll.total} vs To Hit number {need} ({s.column} column, Vehicle Target "
                                    f"Type): {'hit' if hit else 'miss'}"))
            if soft:
                events.append(ev.info("E7.41", "the Original To Hit DR is the IFT Effects DR vs the unarmoured units in the hex"))
                events += self._ift_lines(g, roll.total, soft, "E7.41", f"{g.fp} FP")
            if s.pin:
                events.append(ev.result("E7.403", "all unbroken Infantry fired on in the target hex are pinned"))
            if mg_breakdown(roll.total):
                return self._breakdown(state, g, events)
            if hit:
                return StepResult(ProcState(self.name, "mg_tk", replace(g, attack_step="mg_tk")), tuple(events))
            return self._to_bombs(state, g, events)
        else:  # mg_tk
            afv = self._afv(g)
            col = mg_tk_column(g.year, g.run.stuka)
            events.append(ev.roll("E7.41", f"MG To Kill {roll.describe()} vs {afv.name}"))
            events.append(ev.result("E7.41", f"resolve on the AFV Destruction Table's MG column with the {col} MG Basic TK#, "
                                    "modified only by the Aerial AF, Aerial Advantage and rear Target Facing"))
            return self._to_bombs(state, g, events)
        if s.pin:
            events.append(ev.result("E7.403", "all unbroken Infantry fired on in the target hex are pinned"))
        if mg_breakdown(roll.total):
            return self._breakdown(state, g, events)
        return self._to_bombs(state, g, events)

    def _breakdown(self, state: GameState, g: Strike, events: list[Event]) -> StepResult:
        events = events + [ev.result("E7.41", f"Original 12: {g.plane.name}'s MG breaks down permanently (MG Disabled); "
                                     "it may still bomb")]
        g = replace(g, plane=replace(g.plane, mg_disabled=True))
        return self._to_bombs(state, g, events)

    def _bombs(self, state: GameState, g: Strike, step: str, roll: Roll) -> StepResult:
        """E7.42 / E7.421: one To Hit DR against every unit in the Location, then one effects DR for
        every unit hit."""
        s = g.run.stops[g.stop]
        here = self._here(g)
        events: list[Event] = []
        if step == "bomb_th":
            basic = BASIC_TH_NEAR if s.column == "0-6" else (g.basic_th_far or 0)
            events.append(ev.roll("E7.42", f"Bomb To Hit {roll.describe()} ({s.column} column)"))
            hits: list[int] = []
            for u in here:
                if _spared(u, here):
                    events.append(ev.result("E7.421", f"{u.name}: an additional AFV in the Location: unaffected except by "
                                            "the provisions of Overstacking (A5.132)"))
                    continue
                assert u.bomb_th is not None
                r = bomb_hit(roll.total, u.bomb_th, basic, u.armoured)
                why = {"miss": "miss", "hit": "hit", "direct hit": f"Direct Hit (Final To Hit DR ≤ half the Basic TH# {basic}): "
                       "vs its Aerial AF with the bombs' HE Basic TK#",
                       "near miss": "Near Miss: vs its Aerial AF with half the bombs' HE Basic TK#"}[r]
                events.append(ev.result("E7.421" if u.armoured else "E7.42", f"{u.name}: hit on ≤ {u.bomb_th}: {why}"))
                if r != "miss":
                    hits.append(g.units.index(u))
            g = replace(g, plane=replace(g.plane, bombs=False), hits=tuple(hits))
            events.append(ev.info("E7.42", f"{g.plane.name} has dropped its bombs (once per aircraft)"))
            if hits:
                return StepResult(ProcState(self.name, "bomb_effect", replace(g, attack_step="bomb_effect")), tuple(events))
            return self._advance(state, replace(g, attack_done=True, attack_step=""), events)
        hit = [g.units[i] for i in g.hits]
        events.append(ev.roll("E7.421", f"Bomb effects {roll.describe()}: the same DR for every unit hit"))
        for u in hit:
            if u.armoured:
                events.append(ev.result("E7.421", f"{u.name}: To Kill DR {roll.total} on the HE To Kill Table (C7.34)"))
        soft = [u for u in hit if not u.armoured]
        events += self._ift_lines(g, roll.total, soft, "E7.42", "bombs'")
        return self._advance(state, replace(g, attack_done=True, attack_step="", hits=()), events)

    # -- the end ---------------------------------------------------------------------------
    def _finish(self, state: GameState, g: Strike, result: str, events: list[Event]) -> StepResult:
        m = state.scenario.map
        plane = g.plane
        events = list(events)
        if result == "eliminated":
            plane = replace(plane, eliminated=True)
            events.append(ev.result("E7.23", f"{plane.name} is shot down (2 VP)"))
        else:
            if g.recall:
                plane = replace(plane, recalled=True)
            if result == "done":
                events.append(ev.info("E7.401", f"{plane.name} has received all Light AA fire in {m.label(g.here)}: moved to an "
                                      "out-of-the-way corner of the map, immune to Light AA until it attacks again"))
            plane = replace(plane, hex=None)
        counters = write_aircraft(state.counters, plane)
        added = not plane.eliminated and state.counters.unit(plane.id) is None
        if added:  # an aircraft typed into the form: kept off the map from now on
            events.append(added_off_map(plane, "E7.4"))
        outcome = {
            "procedure": self.name,
            "aircraft": plane.name,
            "result": result,
            "target": m.name(g.run.target),
            "path": [m.name(h) for h in g.run.path[: g.stop + 1]],
            "damaged": plane.damaged,
            "mg_disabled": plane.mg_disabled,
            "recalled": plane.recalled,
            "side": plane.side,
            "attacked": list(g.attacked),
        }
        if g.dummy is not None:
            outcome["counted"] = g.dummy
        if added:
            outcome["added"] = True
        return StepResult(None, tuple(events), counters=counters, outcome=outcome)

    # -- the planner and the map -----------------------------------------------------------
    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """The entry hex, path and target hexes; the Sighting TC chance; the Light AA odds in every
        hex flown; the To Hit and bomb Direct Hit / Near Miss chances of every target unit."""
        g = self.plan(state, params)
        m = state.scenario.map
        run = g.run
        here = [u for u in g.units if u.hex == run.target]
        best = here[easiest_target([u.flags() for u in here])]
        terms = sighting_terms(best.flags())
        drm = sum(v for v, _ in terms)
        so = sighting_odds(drm)
        facts = [
            Fact("entry", "Placed in", m.label(run.entry)),
            Fact("path", "Flies", ", ".join(m.label(h) for h in run.path)),
            Fact("targets", "Target hexes", ", ".join(m.label(h) for h in run.targets)),
            Fact("fp", "MG FP", f"{g.fp}" + ("" if not g.plane.mg_disabled else " (MG Disabled)")),
            Fact("sight", "Sighting TC", f"passes on an Original DR ≤ {sighting_morale() - drm} ({percent(so['pass'])})"),
        ]
        reasons = [ev.modifier("E7.3", v, why).render() for v, why in terms]
        lines: list[str] = [f"Sighting TC against {best.name}: pass {percent(so['pass'])}, Recall (Original 12) "
                            f"{percent(so['recall'])}, Mistaken Attack (Final ≥ 12) {percent(so['mistaken'])}"]
        blind_view = self._lane_view(state, params, g, facts, lines)
        tables: list[Table] = []
        per_hex = aa_odds(g, str(state.settings.get("e8_aa_below_kill", "eliminated")))
        if g.aa:
            rows = []
            for i, (h, (elim, dmg, decide)) in enumerate(zip(run.path, per_hex)):
                rows.append((f"{m.label(h)}: shot down by now", float(elim)))
                lines.append(f"{m.label(h)}: Light AA from {', '.join(f.name for f in g.aa)}; by the end of this hex shot down "
                             f"{percent(elim)}, Damaged {percent(dmg)}, a result for the players to decide in this hex {percent(decide)}")
            tables.append(Table("aa", "Light AA (if the Sighting TC passes)", tuple(rows)))
        for i in run.attacks():
            s = run.stops[i]
            units = [u for u in g.units if u.hex == s.target]
            # the attack comes after this hex's Light AA (before it for a Stuka's Point Attack)
            upto = i - 1 if s.attack_first else i
            alive = Fraction(1) if upto < 0 or not g.aa else 1 - per_hex[upto][0]
            head = f"Attack from {m.label(s.hex)} on {m.label(s.target or s.hex)} ({s.column} column)"
            if g.aa:
                head += f": the aircraft gets there in {percent(alive)} of passed Sighting TCs"
            lines.append(head)
            afv = next((u for u in units if u.armoured), None)
            if afv is not None and not g.plane.mg_disabled:
                need = afv.mg_th_near if s.column == "0-6" else afv.mg_th_far
                if need is not None:
                    lines.append(f"  MG To Hit {afv.name} on ≤ {need}: {percent(hit_odds(need))}")
            if g.bomb_stop == i:
                basic = BASIC_TH_NEAR if s.column == "0-6" else (g.basic_th_far or 0)
                for u in units:
                    if _spared(u, units):
                        lines.append(f"  bombs vs {u.name}: an additional AFV, unaffected except by Overstacking (E7.421)")
                        continue
                    if u.bomb_th is None:
                        continue
                    bo = bomb_odds(u.bomb_th, basic, u.armoured)
                    if u.armoured:
                        lines.append(f"  bombs vs {u.name}: Direct Hit {percent(bo.get('direct hit', 0))}, Near Miss "
                                     f"{percent(bo.get('near miss', 0))}")
                    else:
                        lines.append(f"  bombs vs {u.name}: hit {percent(bo.get('hit', 0))}")
        notes = ["Each Light AA weapon is assumed to fire once in every hex flown while it keeps its Multiple ROF "
                 "(the rest of E7.51 is in your rulebook; Range and Long Range are in the Kill Number you type).",
                 "Results your rulebook settles (one more than the Kill Number, E7.512's Unlikely Kill) are counted as no effect "
                 "in the later hexes; the players decide them at the table.",
                 "A failed Sighting TC means no attack and no Light AA fire (E7.3)."]
        marks = ((run.entry, "ilh"),) + tuple((h, "avenue") for h in run.path[1:]) + tuple((h, "target") for h in run.targets)
        labels = tuple((f.hex, f"AA {f.name}") for f in g.aa)
        view = View(marks=marks, paths=(run.path,), labels=labels).merged(blind_view)
        return Odds(facts=tuple(facts), reasons=tuple(reasons), tables=tuple(tables), lines=tuple(lines), notes=tuple(notes),
                    view=view)

    def _lane_view(self, state: GameState, params: Mapping[str, Any], g: Strike, facts: list[Fact],
                   lines: list[str]) -> View:
        """A strafing run's four hexes along the grain from the initial target hex (E7.401) as the
        aircraft sees them (E7.25, the 7.3 EX): which are Blind Hexes (marked on the map), and
        which it may attack without another Sighting TC (E7.3)."""
        run = g.run
        if run.kind != STRAFE:
            return View()
        m = state.scenario.map
        lane = {i: run.target.neighbor(run.grain, i) for i in range(4)}
        lane = {i: h for i, h in lane.items() if m.in_play(h)}  # a hex off the map holds no target
        seen = self._blind(state, params, run, tuple(lane.values()))
        blind = tuple(h for h in lane.values() if seen[h][0])
        facts.append(Fact("blind", "Blind Hexes along the run (E7.25)", ", ".join(m.label(h) for h in blind) or "none"))
        for i, h in lane.items():
            if i == 0:
                continue
            is_blind, why, drm = seen[h]
            if is_blind:
                lines.append(f"{m.label(h)}: a Blind Hex ({why}): it cannot be attacked (E7.25)")
            else:
                through = f" through a +{drm} LOS Hindrance" if drm else ""
                lines.append(f"{m.label(h)}: seen{through}: it may be attacked from {m.label(run.entry.neighbor(run.grain, i))} "
                             "without another Sighting TC (E7.3)")
        return View(marks=tuple((h, "los-block") for h in blind), labels=tuple((h, "Blind") for h in blind))

    def view(self, state: GameState, proc: ProcState[Strike]) -> View:
        g = proc.data
        run = g.run
        marks = ((run.entry, "ilh"),) + tuple((h, "target") for h in run.targets) + ((g.here, "landed"),)
        return View(marks=marks, paths=(run.path,), labels=tuple((f.hex, f"AA {f.name}") for f in g.aa))

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        m = state.scenario.map
        path = tuple(m.parse(h, allow_offboard=True) for h in outcome.get("path", ()))
        return View(marks=((m.parse(outcome["target"], allow_offboard=True), "target"),), paths=(path,) if len(path) > 1 else ())

    def summary(self, outcome: Mapping[str, Any]) -> str:
        name, res = outcome["aircraft"], outcome["result"]
        where = outcome.get("target", "")
        text = {
            "done": f"{name} completed its attack on {where}",
            "eliminated": f"{name} was shot down",
            "not sighted": f"{name} failed its Sighting TC: no attack",
            "recalled": f"{name} is Recalled without attacking",
            "mistaken attack": f"{name} made a Mistaken Attack, directed by the opponent",
            "no attack": f"{name} made no attack",
            "dummy": f"{name}'s Sighting TC revealed only a Dummy: no attack"
                     + ("" if outcome.get("counted", True) else " (not counted as its Sighting TC this turn)"),
        }.get(res, f"{name}: {res}")
        extra = [w for w, on in (("Damaged", outcome.get("damaged")), ("MG Disabled", outcome.get("mg_disabled")),
                                 ("Recalled", outcome.get("recalled") and res != "recalled")) if on]
        added = f" {name} had no counter on the map: it was added off the map." if outcome.get("added") else ""
        return text + (f" ({', '.join(extra)})" if extra else "") + "." + added


def aa_odds(g: Strike, below: str) -> list[tuple[Fraction, Fraction, Fraction]]:
    """E7.51 / E7.511: for every hex flown, the chance the aircraft is shot down by the end of it,
    is Damaged (and flying) then, and meets a result the players decide in it — every firer still
    able to fire shooting once per hex, through :func:`aircraft_aa_result` and :func:`retains_rof`
    (the procedure's functions and settings). Given a passed Sighting TC.

    Exact and linear in the firers: a weapon's shots depend only on its own dice and its own ROF,
    so each firer's hits so far (0, 1, 2 = shot down) and ROF are tracked alone (memoised by
    firer state) and combined per hex; a shot counts only while the aircraft is still flying."""
    start = 1 if g.plane.damaged else 0
    # each weapon's 36 DRs grouped by (result, ROF kept): the same functions, a few groups
    groups: list[dict[tuple[str, bool], int]] = []
    for f in g.aa:
        grp: dict[tuple[str, bool], int] = {}
        for c, wh in DICE:
            key0 = (aircraft_aa_result(c + wh, c + wh + g.aerial_drm + f.drm, f.kill, below), retains_rof(c, f.rof))
            grp[key0] = grp.get(key0, 0) + 1
        groups.append(grp)
    hits = {"eliminated": 2, "damaged": 1}
    Own = dict[tuple[int, bool], Fraction]  # one firer: (hits so far, capped at 2; ROF left) -> chance

    def shoot(i: int, d: Own) -> Own:
        out: Own = {}
        for (x, left), w in d.items():
            if not left:
                out[(x, left)] = out.get((x, left), Fraction(0)) + w
                continue
            for (res, keep), n in groups[i].items():
                k2 = (min(2, x + hits.get(res, 0)), keep)
                out[k2] = out.get(k2, Fraction(0)) + w * n / 36
        return out

    def marginal(d: Own) -> list[Fraction]:
        v = [Fraction(0)] * 3
        for (x, _), w in d.items():
            v[x] += w
        return v

    def combine(a: list[Fraction], b: list[Fraction]) -> list[Fraction]:
        v = [Fraction(0)] * 3
        for i, p in enumerate(a):
            if p:
                for j, q in enumerate(b):
                    v[min(2, i + j)] += p * q
        return v

    decide_n = [sum((n for (res, _), n in grp.items() if res in ("one more", "unlikely kill")), 0) for grp in groups]
    none = [Fraction(1), Fraction(0), Fraction(0)]
    cur: list[Own] = [{(0, True): Fraction(1)} for _ in g.aa]
    out: list[tuple[Fraction, Fraction, Fraction]] = []
    for _ in g.run.stops:
        nxt = [shoot(i, d) for i, d in enumerate(cur)]
        # the others' hits when firer i shoots in this hex: earlier firers have shot here, later ones not yet
        before = [none]
        for d in nxt[:-1]:
            before.append(combine(before[-1], marginal(d)))
        after = [none]
        for d in reversed(cur[1:]):
            after.append(combine(after[-1], marginal(d)))
        after.reverse()
        decide = Fraction(0)
        for i, d in enumerate(cur):
            if not decide_n[i]:
                continue
            others = combine(before[i], after[i])
            for (x, left), w in d.items():
                if left:
                    flying = sum((p for t, p in enumerate(others) if start + x + t < 2), Fraction(0))
                    decide += w * Fraction(decide_n[i], 36) * flying
        total = none
        for d in nxt:
            total = combine(total, marginal(d))
        elim = sum((p for t, p in enumerate(total) if start + t >= 2), Fraction(0))
        dmg = sum((p for t, p in enumerate(total) if start + t == 1), Fraction(0))
        out.append((elim, dmg, decide))
        cur = nxt
    return out

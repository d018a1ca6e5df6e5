"""The ASL E7.4 strafing run or Point Attack as the rules see it: the target units and Light AA
the players list (:class:`Target`, :class:`Firer`), the attack they plan checked against E7.4–7.42
(:func:`strike_plan`: the run along its Hex Grain, where the bombs fall, the To Hit numbers each
attack needs, the Blind Hexes of E7.25) and, for a FB, the run its statement just before its second
attack makes (:func:`restate`, E7.4). Its planner's exact odds are in :mod:`.strafing_odds`,
through the same rule functions as the procedure.

The procedure that plays it prompt by prompt is :class:`.strafing_procedures.Strafing`; the rule
functions it strings together are in :mod:`.ground_support` (E7.3–7.43), :mod:`.anti_aircraft`
(E7.5–7.52, shared with E8.21) and :mod:`.air_support` (the aircraft on the counters).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...frozen import replace
from ...boards import HexMap
from ...errors import DataError, RulesError
from ...fields import Field, Schema
from ...hexes import Hex, opposite
from ...formats import OLDER_FORMAT, RECORDED_FORMAT, SAVE_FORMAT, STATED_ATTACK_FORMAT
from ...plug import OVERRIDE, GameState
from .air_bars import FOG_SETTINGS, check_air, check_enemy_in
from .air_support import Aircraft, aircraft_of
from .anti_aircraft import AA_RUN_FIELDS
from .ground_support import (
    POINT,
    STRAFE,
    Run,
    attack_run,
    RECORDED,
    mg_fp,
    sighting_fields,
    sighting_rows,
)
from ..los import LosSettings, aerial
from ..sight import aerial_terrain
from .air_exit import no_return
from ..turn_rules import attacked_this_turn, ground_attack_turn

__all__ = ["Strike", "Target", "Firer", "bombed", "spared", "UNIT_KINDS", "BOMB_AT", "BASIC_TH_NEAR", "YEARS", "RECORDED",
           "STRAFING_PACK", "STRAFING_SETTINGS", "TARGET_FIELDS", "STRAFING_PARAMS", "current_plan", "plane_of", "strike_plan",
           "blind_hexes", "STATED", "restate", "strafed_beyond", "statement_options"]

#: The kinds of a target unit: an AFV is armoured (To Hit first, E7.41 / A9.6).
UNIT_KINDS: tuple[str, ...] = ("infantry", "AFV", "soft vehicle", "other", "Dummy")
BOMB_AT: tuple[str, ...] = ("no bombs", "first attack", "second attack", "third attack", "fourth attack")
#: E7.421 EX: "10 [Basic TH# at six-hex Aerial range]" (and E7.421: "≤ 5 unless a FB bombs from an
#: Aerial Range of eight hexes"). The 7-12 column's is not in the source rules.
BASIC_TH_NEAR = 10
YEARS: tuple[int, ...] = (1939, 1940, 1941, 1942, 1943, 1944, 1945)
#: E7.4: "An aircraft must always state whether it is making a Strafing or Point Attack just
#: before resolving its second attack": the statement's words, and the kind each one makes.
STATED: dict[str, str] = {"Strafing Run": STRAFE, "Point Attack": POINT}

#: The scenario's year: E7.41 MG FP, the Aerial DRM's table-pack entry.
STRAFING_SETTINGS: tuple[Field, ...] = (
    Field("year", "Scenario year", "int", lo=1939, hi=1945, default=1944, rule="E7.41",
          help="an FB's MG FP (6 before 1942, 8 in 1942-43, 12 in 1944-45) and the aircraft's Aerial DRM by year"),
    *FOG_SETTINGS,
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


#: A target unit as the form gives it.
TARGET_FIELDS: tuple[Field, ...] = (
    Field("name", "Unit", "text", lo=1, hi=24, pick="units:!aircraft", fills=(("hex", "hex"),)),
    Field("hex", "Hex", "hex", rule="E7.4",
          help="the initial target hex or, for a strafing run (a FB may state one before its second attack), one of "
               "the three hexes beyond it along the grain"),
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
) + sighting_fields()


def bombed(here: list[Target]) -> list[Target]:
    """E7.421: the units a bomb attack on a Location attacks: one AFV (the first listed there, the
    one the aircraft attacks) and every unarmoured unit; "Any additional AFV in the same Location is
    unaffected except by the provisions of Overstacking (A5.132)"."""
    afv = next((u for u in here if u.armoured), None)
    return [u for u in here if not u.armoured or u is afv]


def spared(u: Target, here: list[Target]) -> bool:
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
    #: How each unit in :attr:`hits` was hit ("hit", "direct hit" or "near miss", E7.421).
    hit_kinds: tuple[str, ...] = ()
    #: What the players look up in their rulebook's tables, one line per unit attacked, in the
    #: order attacked ("bombs vs 4-6-7: IFT Final DR 5 on the bombs' column"): the result's summary.
    lookups: tuple[str, ...] = ()
    recall: bool = False
    #: E7.3: the Sighting TC passed (an Original 12's Recall, E7.31, is chosen before the run goes on).
    sighted: bool = True
    decide: str = ""
    candidates: tuple[str, ...] = ()
    #: E7.5: the firers whose AA counter this run has already placed (or noted as untracked).
    aa_noted: tuple[bool, ...] = ()
    #: The units attacked so far (by name): this Player Turn's record for E7.3.
    attacked: tuple[str, ...] = ()
    #: E7.25: the Sighting TC revealed only a Dummy: counted as its one TC this turn (True) or not
    #: (False); None: it did not.
    dummy: bool | None = None
    #: Where the plan drops the bombs (:data:`BOMB_AT`): read again on the run the statement makes.
    bomb_at: str = BOMB_AT[0]
    #: E7.4: a FB states Strafing Run or Point Attack just before its second attack (False: a
    #: Stuka, whose placement states it, E7.403; or a run a save format before
    #: :data:`~airhead.formats.STATED_ATTACK_FORMAT` recorded, which keeps its plan's kind).
    statement: bool = False
    #: The kind stated (a :data:`STATED` word), once stated.
    stated: str = ""

    def alt_path(self) -> tuple[Hex, ...]:
        """The hexes it flies from where it is on."""
        return self.run.path[self.stop:]

    @property
    def here(self) -> Hex:
        """The hex the aircraft is in."""
        return self.run.stops[self.stop].hex

    def attacked_here(self) -> list[Target]:
        """The target units in the hex the aircraft attacks from where it is."""
        target = self.run.stops[self.stop].target
        return [u for u in self.units if u.hex == target]

    def afv(self) -> Target:
        """The AFV the aircraft attacks from where it is (the first listed there, E7.421)."""
        afv = next((u for u in self.attacked_here() if u.armoured), None)
        assert afv is not None
        return afv

    def hindrance_here(self) -> int:
        """The LOS Hindrance DRM to the hex attacked from where it is (E7.25)."""
        target = self.run.stops[self.stop].target
        return dict(self.hindrance).get(target, 0) if target is not None else 0




def _hex_list(key: str, label: str, help: str) -> Field:
    return Field(key, label, "list", hi=16, default=[], rule="E7.25", help=help, item=Field(key, "Hex", "hex"))


#: The plan of a strafing run or Point Attack: the aircraft (a counter's name on the map, else its
#: type, bombs, Damaged and MG Disabled), the initial target hex and the Hex Grain it flies along,
#: strafing run or Point Attack, its Aerial DRM (table pack ``aerial_drm.{year}``), where it drops
#: its bombs, the target units (hex, kind, IFT DRM, To Hit numbers, Sighting DRM flags), the Light
#: AA (name, hex, ★ Vehicle Kill Number, ROF, DRM) and the players' Blind Hex rulings.
STRAFING_PARAMS = Schema((
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
    Field("attack", "Attack", "choice", choices=(STRAFE, POINT), default=STRAFE, rule="E7.4",
          help="the first attack is the same for a FB; it states Strafing Run or Point Attack just before its second "
               "attack (the plan's is the one the odds show first); a Stuka's Point Attack starts adjacent (E7.403)"),
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


# ---------------------------------------------------------------------- the plan, checked
def current_plan(raw: Mapping[str, Any]) -> Mapping[str, Any]:
    """A plan without the units' ``sight_attacked`` flag, which saves made before E7.3's
    "attacked by a friendly plane during this Player Turn" was read from the record carry:
    the record decides it now."""
    units = raw.get("units") if isinstance(raw, Mapping) else None
    if not isinstance(units, list) or not any(isinstance(u, Mapping) and f"sight_{RECORDED}" in u for u in units):
        return raw
    return {**raw, "units": [{k: v for k, v in u.items() if k != f"sight_{RECORDED}"} if isinstance(u, Mapping) else u
                             for u in units]}


def plane_of(state: GameState, p: Mapping[str, Any]) -> Aircraft:
    """The aircraft: its counter when one on the map has that name, else the form's fields."""
    name = str(p.get("aircraft") or "FB 1")
    for a in aircraft_of(state.counters):
        if a.name == name or a.id == name:
            return a
    no_return(state, name)
    t = p.get("type", "FB")
    return Aircraft(name, str(p.get("side") or state.sides[0]), "Stuka" if t == "Stuka" else "FB", bool(p.get("bombs", True)),
                    bool(p.get("damaged", False)), bool(p.get("mg_disabled", False)), label=name)

def strike_plan(state: GameState, p: Mapping[str, Any]) -> Strike:
    """The attack a plan describes, checked against E7.4–7.42."""
    m = state.scenario.map
    plane = plane_of(state, p)
    if plane.type == "Observation":
        raise RulesError(f"E7.6: {plane.name} is an Observation Plane: it directs OBA and makes no ground attack")
    if plane.eliminated or plane.recalled:
        raise RulesError(f"E7.24: {plane.name} is {'eliminated' if plane.eliminated else 'Recalled'}")
    check_air(state, p)  # E7.2: never at night or in Overcast
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
    run = attack_run(target, grain, kind, stuka=stuka, attacked=_attacked(units, target) if kind == STRAFE else None)
    # E7.4: a FB states its kind just before its second attack: the hexes a Strafing Run would
    # attack may hold listed units whatever the plan's kind (a Stuka's placement states it)
    stated = not stuka and int(p.get(RECORDED_FORMAT, SAVE_FORMAT)) >= STATED_ATTACK_FORMAT
    lane_run = attack_run(target, grain, STRAFE, attacked=None) if stated else run
    if not any(u.hex == target for u in units):
        raise RulesError(f"E7.3: list the target unit(s) in the initial target hex {m.label(target)} (the Sighting TC is "
                         "taken against the easiest of them)")
    check_air(state, p, sorted({u.hex for u in units}, key=lambda h: h.distance(target)))  # E7.2: no attack on Fog
    if not p.get(OLDER_FORMAT):
        check_enemy_in(state, plane.side, target, p.get("units", []))  # E7.4: its initial target Location
    lane = set(lane_run.targets)
    stray = [u.name for u in units if u.hex not in lane]
    if stray:
        what = "a Strafing Run or Point Attack it may state" if stated else f"this {kind}"
        raise RulesError(f"E7.4: {', '.join(stray)} {'is' if len(stray) == 1 else 'are'} not in a target hex of {what} "
                         f"({', '.join(m.label(h) for h in lane_run.targets)})")
    year = int(state.settings.get("year", 1944))
    fp = p.get("mg_fp")
    if fp is None:
        if stuka:
            raise RulesError("E7.41: type the Stuka's MG FP (7.41 gives only the FB's)")
        fp = mg_fp(year)
    bomb_stop = _bomb_stop(run, str(p.get("bomb_at", BOMB_AT[0])), plane, stuka)
    firers = tuple(Firer(f["name"], f["hex"], f["kill"], f["rof"], f["drm"], bool(f.get("vehicular_aamg", False)))
                   for f in p.get("aa", []))
    if firers and p.get("aerial_drm") is None:
        raise DataError("E7.511: type the aircraft's Aerial DRM (by year, from your rulebook)", "aerial_drm")
    basic_far = p.get("basic_th_far")
    g = Strike(plane, run, units, firers, int(p.get("aerial_drm") or 0), int(fp), year, bomb_stop,
               None if basic_far is None else int(basic_far), bomb_at=str(p.get("bomb_at", BOMB_AT[0])), statement=stated)
    _check_numbers(g, m)
    blind = blind_hexes(state, p, run, tuple(dict.fromkeys(run.targets + tuple(u.hex for u in units))))
    for h in blind:
        sight = blind.get(h)
        if sight is not None and sight[0] and any(u.hex == h for u in units):
            raise RulesError(f"E7.25: {m.label(h)} is a Blind Hex ({sight[1]}): it cannot be attacked"
                             " (rule it seen if your map differs)")
    hind = tuple((h, v[2]) for h, v in blind.items() if v[2])
    return replace(g, hindrance=hind, fire_left=tuple(True for _ in firers), fired_here=tuple(False for _ in firers))

def _attacked(units: tuple[Target, ...], target: Hex) -> list[Hex]:
    """E7.401: the hexes a strafing run attacks: its initial target hex and every hex a target unit
    is listed in, nearest first."""
    return sorted({u.hex for u in units} | {target}, key=lambda h: h.distance(target))


def restate(g: Strike, word: str, m: HexMap) -> Strike:
    """E7.4: the attack a FB makes from its second attack on once it states ``word`` (a
    :data:`STATED` word) "just before resolving its second attack": E7.401's Strafing Run (the
    hexes four on along its grain, on to the last hex it attacks) or E7.402's Point Attack (the
    same target hex again from three hexes, 0-6 column, on to the target hex). Its first hex
    and Light AA so far are kept; the bombs fall at the attack the plan names, if this one makes
    it (else they stay aboard). Raises :class:`DataError` when an attack it makes needs a To Hit
    number the plan does not give."""
    kind = STATED[word]
    run = attack_run(g.run.target, g.run.grain, kind, attacked=_attacked(g.units, g.run.target) if kind == STRAFE else None)
    assert run.stops[: g.stop] == g.run.stops[: g.stop] and run.stops[g.stop].hex == g.run.stops[g.stop].hex
    try:
        bomb_stop = _bomb_stop(run, g.bomb_at, g.plane, False)
    except RulesError:
        bomb_stop = None  # E7.42: this kind makes no such attack
    if g.bomb_stop is not None and g.bomb_stop < g.stop:
        bomb_stop = g.bomb_stop  # dropped already (the first attack)
    out = replace(g, run=run, bomb_stop=bomb_stop, stated=word)
    _check_numbers(out, m)
    return out


def strafed_beyond(g: Strike) -> tuple[Hex, ...]:
    """E7.401: the hexes beyond the initial target hex a Strafing Run would attack (those holding
    listed units, along the grain), as :func:`restate` makes it."""
    run = attack_run(g.run.target, g.run.grain, STRAFE, attacked=_attacked(g.units, g.run.target))
    return tuple(h for h in run.targets if h != g.run.target)


def statement_options(g: Strike, m: HexMap) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """E7.4: the statements a FB may make before its second attack, and why each other one cannot
    be resolved (a To Hit number the plan does not give) — through :func:`restate`."""
    ok: list[str] = []
    why: list[str] = []
    for word in STATED:
        try:
            restate(g, word, m)
        except DataError as e:
            why.append(f"a {word} cannot be resolved: {e}")
            continue
        ok.append(word)
    return tuple(ok), tuple(why)


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

def blind_hexes(state: GameState, p: Mapping[str, Any], run: Run,
                hexes: tuple[Hex, ...] | None = None) -> dict[Hex, tuple[bool, str, int]]:
    """E7.25: each target hex (or each of ``hexes``) as the aircraft sees it along its grain:
    (Blind, why, Hindrance DRM); the players' rulings win over the map."""
    m = state.scenario.map
    ruled_blind = set(p.get("blind_hexes") or ())
    ruled_seen = set(p.get("seen_hexes") or ())
    settings = LosSettings.from_settings(state.settings)
    types = state.system.terrain_types  # the system's own, as the Aerial view tool reads them
    out: dict[Hex, tuple[bool, str, int]] = {}
    for h in run.targets if hexes is None else hexes:
        look = aerial(aerial_terrain(state, h), h, opposite(run.grain), settings=settings, types=types)
        if h in ruled_blind:
            out[h] = (True, "the players' ruling", 0)
        elif h in ruled_seen:
            out[h] = (False, "the players' ruling", look.drm)
        else:
            why = "; ".join(look.explain(m.label)[:-1]) or "the map"
            out[h] = (look.blind, why, 0 if look.blind else look.drm)
    return out

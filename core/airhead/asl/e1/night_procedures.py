"""The E1 Night procedures of the ASL plug: the NVR table (E1.11), the NVR change with each Wind
Change DR (E1.12), the Recon dr (E1.23), the night LV DRM of an attack (E1.7) and a Gunflash
(E1.8). Each strings together the rule functions of :mod:`.night` and :mod:`.night_combat`; the
odds enumerate the dice through the same functions and the same settings.

The NVR procedures write the game-wide night state (``state.conditions``: ``nvr``, ``cloud``,
``moon``) and their outcomes are the NVR tracker (:func:`.night.nvr_history`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from ...frozen import replace
from ... import events as ev
from ...boards import player_name
from ...dice import DR, Roll, dr
from ...errors import ActionError, RulesError, TurnError
from ...events import Event
from ...fields import Field, Schema
from ...hexes import Hex
from ...formats import OLDER_FORMAT
from ...plug import OVERRIDE, Fact, GameState, Odds, Procedure, ProcState, Prompt, StepResult, Table, View
from .night_movement import ATTACK_GUNFLASH, concealment_terrain, night_mf
from .night import (
    CLOUD_COVER,
    MOON_PHASES,
    NVR_CHANGE,
    NVR_TABLE,
    WHITE4,
    change_amount,
    changed_nvr,
    current_cloud,
    current_moon,
    current_nvr,
    dyo_nvr,
    is_night,
    moon_words,
    needs_further_dr,
    nvr_change_odds,
    nvr_changes,
    nvr_direction,
    nvr_history,
    recon_hexes,
    recon_odds,
    recon_table,
    starshell_fired,
)
from ..turn_rules import nvr_change_turn, nvr_table_turn
from .night_combat import ATTACKS, GUNFLASH_CAUSES, gunflash_marker, makes_gunflash, night_lv_on_map

__all__ = ["NvrTableProc", "NvrChangeProc", "ReconProc", "NightLvProc", "GunflashProc", "WHITE4_OPTIONS",
           "GUNFLASH_OPTIONS", "NIGHT_PROCEDURES"]


def _not_night(state: GameState, rule: str) -> list[Event]:
    if is_night(state):
        return []
    return [ev.info(rule, "Night rules are not in effect in this scenario (E1.1: only when cited by SSR; its Night "
                          "setting is off): recorded all the same")]


def _hexes(n: int) -> str:
    return f"{n} hex{'' if n == 1 else 'es'}"


def _tracker(state: GameState) -> tuple[Fact, ...]:
    """The NVR tracker as facts: the current Base NVR, Cloud Cover and Moon, and its history."""
    facts = [Fact("nvr", "Base NVR now", _hexes(current_nvr(state))),
             Fact("sky", "Cloud Cover and Moon", f"{current_cloud(state)}, {moon_words(current_moon(state))}")]
    hist = nvr_history(state.outcomes_of(NVR_TABLE, NVR_CHANGE))
    if hist:
        facts.append(Fact("history", "NVR so far", "; ".join(f"Game Turn {t}: {a} → {b} ({r})" for t, a, b, r in hist[-6:])))
    return tuple(facts)


# ----------------------------------------------------------------------------- E1.11
@dataclass(frozen=True)
class _Table:
    winter: bool
    ground_snow: bool
    overcast: bool


class NvrTableProc(Procedure[_Table]):
    """E1.11: the DYO NVR table DR: Cloud Cover, Moon Phase and the Base NVR, written to the game."""

    name = NVR_TABLE
    title = "NVR table (E1.11)"
    params = Schema((
        Field("winter", "Scenario in December, January or February", "bool", default=False, rule="E1.11",
              help="+1 to the colored dr"),
        Field("ground_snow", "Ground Snow", "bool", default=False, rule="E1.11",
              help="the NVR modifier is added to 6 instead of 3 (the scenario's Snow weather fills it in)"),
        Field("overcast", "Cloud Cover Overcast by the weather", "bool", default=False, rule="E1.11",
              help="with Weather rules in play the Cloud Cover is automatically Overcast during Overcast weather; for "
                   "other weather, see your rulebook: players decide"),
        OVERRIDE,
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        weather = state.settings.get("weather")
        return {"ground_snow": weather == "Snow", "overcast": weather == "Overcast"}

    def describe_params(self, params: Mapping[str, Any]) -> str:
        bits = [w for k, w in (("winter", "December to February"), ("ground_snow", "Ground Snow"),
                               ("overcast", "Overcast weather")) if params.get(k)]
        return ", ".join(bits) or "no drm"

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        data = _Table(bool(params["winter"]), bool(params["ground_snow"]), bool(params["overcast"]))
        events = _not_night(state, "E1.11") + nvr_table_turn(state, params)
        return StepResult(ProcState(self.name, "dr", data), tuple(events))

    def prompt(self, state: GameState, proc: ProcState[_Table]) -> Prompt:
        return Prompt("roll", "E1.11", "NVR table DR (colored: Cloud Cover, white: Moon Phase)", DR)

    def roll(self, state: GameState, proc: ProcState[_Table], roll: Roll) -> StepResult:
        d = proc.data
        res, events = dyo_nvr(roll.value("colored"), roll.value("white"), winter=d.winter, ground_snow=d.ground_snow,
                              overcast=d.overcast, dr5=str(state.settings["e1_nvr_dr5"]))
        before, turn = current_nvr(state), state.turn.game_turn
        events.append(ev.result("E1.11", f"Game Turn {turn}: NVR {before} → {res.nvr}"))
        outcome = {"procedure": self.name, "turn": turn, "from": before, "nvr": res.nvr, "cloud": res.cloud, "moon": res.moon}
        return StepResult(None, tuple(events), outcome=outcome,
                          conditions={"nvr": res.nvr, "cloud": res.cloud, "moon": res.moon})

    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """The exact odds of each Base NVR, Cloud Cover and Moon Phase (the 36 DRs through the
        same rule function as the procedure)."""
        winter, snow, overcast = (bool(params.get(k, False)) for k in ("winter", "ground_snow", "overcast"))
        dr5 = str(state.settings["e1_nvr_dr5"])
        nvr: dict[int, Fraction] = {}
        cloud: dict[str, Fraction] = {}
        moon: dict[str, Fraction] = {}
        p = Fraction(1, 36)
        for c in range(1, 7):
            for w in range(1, 7):
                r, _ = dyo_nvr(c, w, winter=winter, ground_snow=snow, overcast=overcast, dr5=dr5)
                nvr[r.nvr] = nvr.get(r.nvr, Fraction(0)) + p
                cloud[r.cloud] = cloud.get(r.cloud, Fraction(0)) + p
                moon[r.moon] = moon.get(r.moon, Fraction(0)) + p
        notes = [f"A Final dr of 5 has no row in the NVR table as printed: read {dr5} (the NVR table setting)."]
        try:
            nvr_table_turn(state, params)
        except TurnError as e:  # not at the game's start: the planner says so, and still shows the odds
            notes.insert(0, str(e))
        return Odds(
            facts=_tracker(state),
            tables=(Table("nvr", "Base NVR", tuple((_hexes(k), float(v)) for k, v in sorted(nvr.items()))),
                    Table("cloud", "Cloud Cover", tuple((k, float(v)) for k, v in cloud.items())),
                    Table("moon", "Moon Phase", tuple((moon_words(k), float(v)) for k, v in moon.items()))),
            notes=tuple(notes),
        )

    def summary(self, outcome: Mapping[str, Any]) -> str:
        return (f"NVR table: Cloud Cover {outcome['cloud']}, {moon_words(str(outcome['moon']))}: "
                f"Base NVR {_hexes(int(outcome['nvr']))}.")


# ----------------------------------------------------------------------------- E1.12
@dataclass(frozen=True)
class _Change:
    current: int
    cloud: str
    moon: str
    direction: int = 0


#: E1.12: a white dr of 4 on a colored 6 — the exception is cut, the players decide.
WHITE4_OPTIONS = ("No Change", "the exception applies: NVR lowered", "the exception applies: NVR raised")


class NvrChangeProc(Procedure[_Change]):
    """E1.12: the NVR Change DR made with each Wind Change DR (at the start of each RPh after the
    opening Player Turn); writes the new Base NVR and logs it for the Game Turn."""

    name = NVR_CHANGE
    title = "NVR change (E1.12)"
    params = Schema((
        Field("cloud", "Cloud Cover", "choice", choices=CLOUD_COVER, default="None", rule="E1.12",
              help="the game's (the NVR table or the scenario's setting) unless you change it here"),
        Field("moon", "Moon Phase", "choice", choices=MOON_PHASES, default="No Moon", rule="E1.12",
              help="Scattered Clouds with a Half or Full Moon: the change is a further dr ÷ 3 or ÷ 2"),
        OVERRIDE,
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        return {"cloud": current_cloud(state), "moon": current_moon(state)}

    def describe_params(self, params: Mapping[str, Any]) -> str:
        return f"with the Wind Change DR; Cloud Cover {params.get('cloud')}, {moon_words(str(params.get('moon')))}"

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        data = _Change(current_nvr(state), params["cloud"], params["moon"])
        events = _not_night(state, "E1.12") + nvr_change_turn(state, params)
        events.append(ev.info("E1.12", f"Base NVR {data.current}; Cloud Cover {data.cloud}, {moon_words(data.moon)}"))
        return StepResult(ProcState(self.name, "dr", data), tuple(events))

    def prompt(self, state: GameState, proc: ProcState[_Change]) -> Prompt:
        d = proc.data
        if proc.step == "white4":
            return Prompt("choice", "E1.12", "E1.12: white dr 4 is No Change, except 'before the first starshell…' "
                          "(see your rulebook): players decide", options=WHITE4_OPTIONS)
        if proc.step == "further":
            by = "three" if d.moon == "Half" else "two"
            return Prompt("roll", "E1.12", f"NVR change dr (Scattered Clouds, {moon_words(d.moon)}: divided by {by}, "
                          "rounded up)", dr("NVR change dr"))
        return Prompt("roll", "E1.12", "Wind Change DR (its colored 6 changes the NVR)", DR)

    def roll(self, state: GameState, proc: ProcState[_Change], roll: Roll) -> StepResult:
        d = proc.data
        if proc.step == "further":
            f = roll.values[0]
            amount = change_amount(d.cloud, d.moon, f)
            by = 3 if d.moon == "Half" else 2
            events = [ev.roll("E1.12", f"NVR change {roll.describe()}"),
                      ev.result("E1.12", f"{f} ÷ {by}, rounded up: a change of {amount} hex{'es' if amount > 1 else ''}")]
            return self._finish(state, d, d.direction * amount, events)
        if proc.step != "dr":
            raise ActionError("NVR change is not waiting for dice")
        colored, white = roll.value("colored"), roll.value("white")
        events = [ev.roll("E1.12", f"Wind Change {roll.describe()}")]
        if not nvr_changes(colored):
            events.append(ev.result("E1.12", f"colored dr {colored} (not a 6): the Base NVR does not change"))
            return self._finish(state, d, 0, events)
        direction = nvr_direction(white, starshell_fired(state))
        if direction == 0:
            events.append(ev.result("E1.12", "colored dr 6 and white dr 4: No Change (a Starshell has been fired: the "
                                             "exception, before the first Starshell, no longer applies)"))
            return self._finish(state, d, 0, events)
        if direction is None:
            events.append(ev.result("E1.12", "colored dr 6 and white dr 4: No Change, unless its exception applies "
                                             "(before the first Starshell: see your rulebook): players decide"))
            return StepResult(ProcState(self.name, "white4", d), tuple(events))
        events.append(ev.result("E1.12", f"colored dr 6: the Base NVR changes; white dr {white} "
                                         f"{'≤ 3 lowers' if direction < 0 else '≥ 5 raises'} it"))
        return self._changing(state, replace(d, direction=direction), events)

    def choose(self, state: GameState, proc: ProcState[_Change], choice: str) -> StepResult:
        if proc.step != "white4":
            raise ActionError("NVR change is not waiting for a choice")
        d = proc.data
        events = [ev.info("E1.12", f"the players decide: {choice}")]
        if choice == WHITE4_OPTIONS[0]:
            return self._finish(state, d, 0, events)
        return self._changing(state, replace(d, direction=-1 if choice == WHITE4_OPTIONS[1] else 1), events)

    def _changing(self, state: GameState, d: _Change, events: list[Event]) -> StepResult:
        if needs_further_dr(d.cloud, d.moon):
            events.append(ev.info("E1.12", f"Scattered Clouds and a {moon_words(d.moon)}: a further dr sets the change"))
            return StepResult(ProcState(self.name, "further", d), tuple(events))
        return self._finish(state, d, d.direction * change_amount(d.cloud, d.moon), events)

    def _finish(self, state: GameState, d: _Change, delta: int, events: list[Event]) -> StepResult:
        turn = state.turn.game_turn
        new = changed_nvr(d.current, 1 if delta >= 0 else -1, abs(delta))
        if delta and new != d.current + delta:
            events.append(ev.info("E1.12", f"the Base NVR stays within 0..6: {new}"))
        events.append(ev.result("E1.12", f"Game Turn {turn}: NVR {d.current} → {new}"))
        outcome = {"procedure": self.name, "turn": turn, "from": d.current, "nvr": new}
        return StepResult(None, tuple(events), outcome=outcome, conditions={"nvr": new})

    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """The exact distribution of the Base NVR after the next NVR Change DR (E1.12)."""
        try:
            nvr_change_turn(state, params)
            when: list[str] = []
        except TurnError as e:  # out of its RPh: the planner says so, and still shows the tracker
            when = [str(e)]
        nvr = current_nvr(state)
        cloud, moon = str(params.get("cloud", current_cloud(state))), str(params.get("moon", current_moon(state)))
        fired = starshell_fired(state)
        rows = nvr_change_odds(nvr, cloud, moon, fired)
        notes = (["A white dr of 4 on a colored 6 is No Change: a Starshell has been fired (E1.12)."] if fired else
                 ["A white dr of 4 on a colored 6 is No Change unless an exception applies (before the first Starshell; "
                  "that rule text is incomplete): the players decide (its chance is shown apart)."])
        if needs_further_dr(cloud, moon):
            notes.insert(0, f"Scattered Clouds and a {moon_words(moon)}: a change is a further dr ÷ "
                            f"{3 if moon == 'Half' else 2}, rounded up (E1.12).")
        return Odds(facts=_tracker(state), tables=(Table("next", "Base NVR after the next NVR Change DR",
                                                         tuple((k, float(p)) for k, p in rows)),),
                    notes=tuple(when + notes))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        return f"Game Turn {outcome['turn']}: NVR {outcome['from']} → {outcome['nvr']}."


# ----------------------------------------------------------------------------- E1.23
@dataclass(frozen=True)
class _Recon:
    nationality: str
    night_class: str


class ReconProc(Procedure[_Recon]):
    """E1.23: the Scenario Attacker's Recon dr: the number of hexes in which the Scenario Defender
    must reveal his units."""

    name = "asl.recon"
    title = "Recon (E1.23)"
    params = Schema((
        Field("nationality", "Nationality", "choice", choices=tuple(recon_table()["nationality"]),
              default="Germans, U.S.", rule="E1.23", help="the Scenario Attacker's (the side making the Recon dr)"),
        Field("night_class", "Stealthy, Normal or Lax", "choice", choices=("Normal", "Stealthy", "Lax"), default="Normal",
              rule="E1.23 (E1.6)"),
    ))

    def describe_params(self, params: Mapping[str, Any]) -> str:
        return f"{params.get('nationality')}, {params.get('night_class', 'Normal')}"

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        return StepResult(ProcState(self.name, "dr", _Recon(params["nationality"], params["night_class"])))

    def prompt(self, state: GameState, proc: ProcState[_Recon]) -> Prompt:
        return Prompt("roll", "E1.23", "Recon dr", dr("Recon dr"))

    def roll(self, state: GameState, proc: ProcState[_Recon], roll: Roll) -> StepResult:
        d = proc.data
        hexes, events = recon_hexes(roll.values[0], d.nationality, d.night_class)
        return StepResult(None, tuple(events), outcome={"procedure": self.name, "hexes": hexes})

    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """The exact odds of each number of hexes revealed."""
        nat, cls = str(params.get("nationality", "Germans, U.S.")), str(params.get("night_class", "Normal"))
        rows = recon_odds(nat, cls)
        _, events = recon_hexes(1, nat, cls)
        return Odds(reasons=tuple(e.render() for e in events if e.kind == "modifier"),
                    tables=(Table("hexes", "Hexes revealed", tuple((f"{n} hex{'' if n == 1 else 'es'}", float(p))
                                                                    for n, p in rows)),))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        n = outcome["hexes"]
        return f"Recon: the Scenario Defender reveals his units in {n} hex{'' if n == 1 else 'es'} of the Scenario Attacker's choice."


# ----------------------------------------------------------------------------- E1.7
class NightLvProc(Procedure[None]):
    """E1.7: does the +1 night LV Hindrance DRM apply to an attack? Read off the map, explained."""

    name = "asl.night_lv"
    title = "Night LV DRM (E1.7)"
    start_work = 45  # the firer's and target's light read (tools/work_calibrate.py)
    params = Schema((
        Field("firer", "Firer's hex", "hex", rule="E1.7"),
        Field("firer_level", "Firer's level in its hex", "int", lo=0, hi=4, default=0, rule="E1.7",
              help="0: ground level; 1: first level of a building, and so on"),
        Field("target", "Target hex", "hex", rule="E1.7"),
        Field("attack", "Attack", "choice", choices=ATTACKS, default=ATTACKS[0], rule="E1.7"),
        Field("ha_tem", "A positive Height Advantage TEM applies", "bool", default=False, rule="E1.7"),
    ))

    def describe_params(self, params: Mapping[str, Any]) -> str:
        lvl = int(params.get("firer_level", 0) or 0)
        where = f" level {lvl}" if lvl else ""
        return f"{params.get('attack', ATTACKS[0])} from {player_name(str(params.get('firer')))}{where} at {player_name(str(params.get('target')))}"

    def _reading(self, state: GameState, params: Mapping[str, Any]) -> tuple[int, list[Event]]:
        m = state.scenario.map
        firer, target = params["firer"], params["target"]
        r = night_lv_on_map(state.terrain, firer, params["firer_level"], target, attack=params["attack"],
                            ha_tem=params["ha_tem"], night=is_night(state), settings=state.settings)
        head = ev.info("E1.7", f"{params['attack']} from {m.label(firer)}"
                       f"{' level ' + str(params['firer_level']) if params['firer_level'] else ''} at {m.label(target)}",
                       (m.name(firer), m.name(target)))
        return r.drm, [head, *r.events]

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        drm, events = self._reading(state, params)
        m = state.scenario.map
        outcome = {"procedure": self.name, "firer": m.name(params["firer"]), "target": m.name(params["target"]), "drm": drm}
        return StepResult(None, tuple(events), outcome=outcome)

    def prompt(self, state: GameState, proc: ProcState[None]) -> Prompt:
        raise ActionError("the night LV DRM check needs no dice")

    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """Not odds: the reading itself, explained, before it is logged."""
        drm, events = self._reading(state, params)
        return Odds(facts=(Fact("lv", "Night LV DRM", f"{drm:+d}" if drm else "none"),),
                    reasons=tuple(e.render() for e in events),
                    notes=("The terrain heights come from the map; overrule them at the table where your map's artwork "
                           "says otherwise.",),
                    view=View(marks=((params["firer"], "ilh"), (params["target"], "target")),
                              paths=((params["firer"], params["target"]),)))

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        m = state.scenario.map
        a, b = m.parse(outcome["firer"]), m.parse(outcome["target"])
        return View(marks=((a, "ilh"), (b, "target")), paths=((a, b),))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        what = "+1 night LV DRM" if outcome["drm"] else "no night LV DRM"
        return f"Fire from {player_name(outcome['firer'])} at {player_name(outcome['target'])}: {what}."


# ----------------------------------------------------------------------------- E1.51
#: What the players say when the terrain table does not say whether a type is Concealment Terrain.
CONCEALMENT_CHOICES = ("as the terrain table says", "Concealment Terrain", "not Concealment Terrain")
#: E1.421: who enters (a Cloaking counter's MF costs are the daytime costs).
MOVERS = ("Infantry", "a Cloaking counter")


class NightMfProc(Procedure[None]):
    """E1.51: the MF an Infantry unit pays at night to enter a hex: the daytime cost (typed: the
    terrain chart is not in the rule text Airhead has) +1 for a Concealment Terrain Location
    (read from the terrain table's Concealment column, or as the players say)."""

    name = "asl.night_mf"
    title = "Night MF cost (E1.51)"
    params = Schema((
        Field("to", "Hex entered", "hex", rule="E1.51"),
        Field("day_mf", "Daytime MF cost", "int", lo=0, hi=30, rule="E1.51",
              help="every daytime rule applied (e.g. woods 2, doubled up a Crest Line: 4)"),
        Field("concealment", "Concealment Terrain", "choice", choices=CONCEALMENT_CHOICES, default=CONCEALMENT_CHOICES[0],
              rule="E1.51"),
        Field("mover", "Who enters", "choice", choices=MOVERS, default=MOVERS[0], rule="E1.421",
              help="a Cloaking counter pays the daytime costs (E1.421)"),
    ))

    def describe_params(self, params: Mapping[str, Any]) -> str:
        who = f"{params['mover']} " if params.get("mover", MOVERS[0]) != MOVERS[0] else ""
        return f"{who}entering {player_name(str(params.get('to')))}, daytime cost {params.get('day_mf')} MF"

    def _reading(self, state: GameState, params: Mapping[str, Any]) -> tuple[int, list[Event]]:
        m = state.scenario.map
        to = params["to"]
        kind = state.terrain.at(to).terrain
        label = state.system.terrain_types[kind].label if kind in state.system.terrain_types else kind
        said = params["concealment"]
        if said == CONCEALMENT_CHOICES[0]:
            table = concealment_terrain(kind)
            if table is None:
                raise RulesError(f"the terrain table does not say whether {label} is Concealment Terrain: "
                                 "choose it in the form (E1.51)")
            conceal = table
            why = f"{label} is {'' if conceal else 'not '}Concealment Terrain (terrain table)"
        else:
            conceal = said == CONCEALMENT_CHOICES[1]
            why = f"{label}: {said} (the players' ruling)"
        cloaking = params.get("mover", MOVERS[0]) == MOVERS[1]
        mf, events = night_mf(params["day_mf"], conceal, night=is_night(state) and not cloaking)
        head = ev.info("E1.51", f"entering {m.label(to)}: {why}", (m.name(to),))
        if cloaking and is_night(state):
            events.append(ev.info("E1.421", "a Cloaking counter: all its MF costs are the daytime costs (a Climbing unit's "
                                            "Falling DR is +1 at night all the same)"))
        if not is_night(state):
            events.append(ev.info("E1.1", "Night rules are not in effect in this scenario: the daytime cost"))
        return mf, [head, *events, ev.result("E1.51", f"{mf} MF to enter {m.label(to)}", (m.name(to),))]

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        mf, events = self._reading(state, params)
        m = state.scenario.map
        return StepResult(None, tuple(events), outcome={"procedure": self.name, "to": m.name(params["to"]), "mf": mf})

    def prompt(self, state: GameState, proc: ProcState[None]) -> Prompt:
        raise ActionError("the night MF cost needs no dice")

    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """Not odds: the cost itself, explained, before it is logged."""
        mf, events = self._reading(state, params)
        return Odds(facts=(Fact("mf", "MF to enter", f"{mf} MF"),), reasons=tuple(e.render() for e in events),
                    view=View(marks=((params["to"], "target"),)))

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        h = state.scenario.map.parse(outcome["to"])
        return View(marks=((h, "target"),), labels=((h, f"{outcome['mf']} MF"),))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        return f"Entering {player_name(outcome['to'])} at night costs {outcome['mf']} MF."


# ----------------------------------------------------------------------------- E1.8
@dataclass(frozen=True)
class _Flash:
    hex: Hex
    side: str
    cause: str
    why: str
    rule: str
    vs_enemy: bool = True

    @property
    def attack(self) -> bool:
        """E1.55: a Gunflash placed due to an attack vs an enemy unit (the causes in
        :data:`ATTACK_CAUSES`, against an enemy unit)."""
        return self.cause in ATTACK_CAUSES and self.vs_enemy


#: The E1.8 causes that are attacks (E1.55 "a Gunflash ... placed due to an attack vs an enemy
#: unit"); Searching, SR, a PIAT (no Gunflash) and Kindling are not.
ATTACK_CAUSES: tuple[str, ...] = ("fire", "fire at/from beyond NVR", "CC", "mines", "MOL", "DC")


#: E1.81, 1.84–1.87 are cut: the players decide whether there is a Gunflash.
GUNFLASH_OPTIONS = ("Gunflash", "no Gunflash")


def _kindling(state: GameState, params: Mapping[str, Any]) -> list[Event]:
    """E1.94: "Fires may not be deliberately set at night unless allowed by SSR. Any attempt to
    Kindle a Fire automatically causes loss of the Kindler's concealment and a Gunflash if within
    the LOS of any Good Order enemy ground unit": refused at night without the SSR (the scenario's
    ``e1_fires_allowed`` setting); the Kindler's concealment loss logged with the Gunflash (the
    players take the "?" off at the table: Airhead does not track concealment counters)."""
    if is_night(state) and not state.settings.get("e1_fires_allowed") and params.get(OLDER_FORMAT):
        return [ev.info("E1.94", "Fires may not be deliberately set at night unless allowed by SSR: this game was saved "
                                 "before Airhead checked it, so it is played as it then was")]
    if is_night(state) and not state.settings.get("e1_fires_allowed"):
        raise RulesError("E1.94: Fires may not be deliberately set at night unless allowed by SSR (tick the scenario's "
                         "setting 'Fires may be deliberately set at night (SSR)' if yours allows it)")
    out = [ev.info("E1.94", "the scenario's SSR allows Fires to be deliberately set at night")] if is_night(state) else []
    if params["in_enemy_los"]:
        m = state.scenario.map
        out.append(ev.result("E1.94", f"the Kindler in {m.label(params['hex'])} loses its concealment (the attempt is within "
                                      f"the LOS of a Good Order enemy ground unit): remove its \u201c?\u201d",
                             (m.name(params["hex"]),)))
    return out


class GunflashProc(Procedure[_Flash]):
    """E1.8: what made a Gunflash, and its counter on the map (removed at the end of the phase the
    ``e1_gunflash_expires`` setting names; a CC Gunflash stays while its Melee counter does)."""

    name = "asl.gunflash"
    title = "Gunflash (E1.8)"
    start_work = 45  # the Gunflash's LOS to the firer (tools/work_calibrate.py)
    params = Schema((
        Field("hex", "Location of the unit", "hex", rule="E1.8"),
        Field("side", "Its side", "text", lo=1, hi=24, default="Allied", rule="E1.8", pick="side"),
        Field("cause", "What it did", "choice", choices=GUNFLASH_CAUSES, default="fire", rule="E1.8"),
        Field("effect", "Mines: Casualty Reduction, or a non-Dummy unit broken, immobilized or eliminated", "bool",
              default=False, rule="E1.83"),
        Field("melee", "CC: a Melee counter covers it", "bool", default=True, rule="E1.82"),
        Field("in_enemy_los", "Kindling: within the LOS of a Good Order enemy ground unit", "bool", default=True, rule="E1.94"),
        Field("vs_enemy", "The attack was vs an enemy unit", "bool", default=True, rule="E1.55",
              help="Jitter Fire can occur only once a Gunflash has been placed due to an attack vs an enemy unit"),
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        return {"side": state.sides[0]}

    def describe_params(self, params: Mapping[str, Any]) -> str:
        return f"{params.get('side')} {params.get('cause')} in {player_name(str(params.get('hex')))}"

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        answer, rule, why = makes_gunflash(params["cause"], effect=params["effect"], melee=params["melee"],
                                           in_enemy_los=params["in_enemy_los"])
        d = _Flash(params["hex"], params["side"], params["cause"], why, rule, bool(params.get("vs_enemy", True)))
        events = _not_night(state, "E1.8")
        if params["cause"] == "Kindling":
            events += _kindling(state, params)
        if answer is None:
            return StepResult(ProcState(self.name, "decide", d), tuple(events))
        return self._place(state, d, answer, events)

    def prompt(self, state: GameState, proc: ProcState[_Flash]) -> Prompt:
        return Prompt("choice", proc.data.rule, proc.data.why, options=GUNFLASH_OPTIONS)

    def choose(self, state: GameState, proc: ProcState[_Flash], choice: str) -> StepResult:
        if proc.step != "decide":
            raise ActionError("Gunflash is not waiting for a choice")
        events = [ev.info(proc.data.rule, f"{proc.data.why}: {choice}")]
        return self._place(state, replace(proc.data, why="the players' ruling"), choice == GUNFLASH_OPTIONS[0], events)

    def _place(self, state: GameState, d: _Flash, flash: bool, events: list[Event]) -> StepResult:
        m = state.scenario.map
        where = m.label(d.hex)
        outcome = {"procedure": self.name, "hex": m.name(d.hex), "gunflash": flash, "cause": d.cause,
                   "attack": flash and d.attack}
        if not flash:
            events.append(ev.result(d.rule, f"{d.cause} in {where}: no Gunflash ({d.why})", (m.name(d.hex),)))
            return StepResult(None, tuple(events), outcome=outcome)
        cc = d.cause == "CC"
        expires = str(state.settings["e1_gunflash_expires"])
        marker = gunflash_marker(state.counters.free_id("gunflash"), d.hex, d.side, expires, cc=cc)
        until = "while its Melee counter stays" if cc else f"until the end of the {expires}"
        events.append(ev.result(d.rule, f"{d.cause} in {where}: Gunflash ({d.why}); its counter stays {until}",
                                (m.name(d.hex),)))
        if d.attack:
            events.append(ev.info("E1.55", "a Gunflash placed due to an attack vs an enemy unit: Jitter Fire can occur from now on"))
        else:
            events.append(ev.info("E1.55", f"{d.cause}{'' if d.cause in ATTACK_CAUSES else ' (not an attack)'}"
                                           f"{'' if d.vs_enemy else ' not vs an enemy unit'}: this Gunflash does not let "
                                           "Jitter Fire occur"))
        conditions = {ATTACK_GUNFLASH: True} if d.attack else None
        return StepResult(None, tuple(events), counters=state.counters.mark(marker), outcome=outcome, conditions=conditions)

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        return View(marks=((state.scenario.map.parse(outcome["hex"]), "target"),))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        return f"{'Gunflash' if outcome['gunflash'] else 'No Gunflash'} in {player_name(outcome['hex'])}."


#: The E1 procedures in menu order (the ASL plug concatenates them).
NIGHT_PROCEDURES: tuple[Procedure[Any], ...] = (NvrTableProc(), NvrChangeProc(), ReconProc(), NightLvProc(), NightMfProc(),
                                                GunflashProc())

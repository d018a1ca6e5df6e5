"""ASL E1 night procedures with a dr the Hex panel cannot roll: a Sniper attack on a Cloaking
counter (E1.72) and the Ambush drs of a night CC (E1.77).

* "Sniper vs Cloaking (E1.72)" (:class:`SniperVsCloaking`): the Sniper's dr vs a Cloaking
  counter on the map; an effective one (dr 1 or 2, :func:`.night_combat.sniper_vs_cloaking`)
  goes on as "Cloaking lost (E1.43)" with its cause, which reveals the contents (a sealed plan)
  and places them unconcealed;
* "Night Ambush (E1.77)" (:class:`NightAmbush`): the ATTACKER's and the DEFENDER's Ambush dr in a
  Location; the ATTACKER's margin is 2 unless the Location is Illuminated (read from the map,
  :func:`.night_combat.ambush_margin`, :func:`.night_combat.gains_ambush`); the drm (A11.4) and
  the daytime margin are not in the rule text Airhead has: the players give them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from ... import events as ev
from ...boards import player_name
from ...dice import DiceSpec, Die, Roll, dr
from ...errors import RulesError
from ...events import Event
from ...fields import Field, Schema
from ...hexes import Hex
from ...plug import Fact, GameState, Odds, Procedure, ProcState, Prompt, StepResult, Table, View
from .illumination import illuminated_by
from .night import is_night
from .night_combat import NIGHT_AMBUSH_MARGIN, ambush_margin, gains_ambush, sniper_vs_cloaking, unit_night_class
from .night_movement import LETTERS, LOSS_CAUSES, cloaking_in_play, scenario_attacker

__all__ = ["SniperVsCloaking", "NightAmbush", "CLOAKING_LOST", "SNIPER_CAUSE", "ambush_result", "NIGHT_CC_PROCEDURES"]

#: The procedure an effective Sniper attack goes on as (E1.43), by its name in saves.
CLOAKING_LOST = "asl.cloaking_lost"
#: Its cause for E1.72.
SNIPER_CAUSE = next(c for c, rule in LOSS_CAUSES if rule == "E1.72")


def _not_night(state: GameState, rule: str) -> list[Event]:
    if is_night(state):
        return []
    return [ev.info(rule, "Night rules are not in effect in this scenario (E1.1): the daytime rules apply")]


# ----------------------------------------------------------------------------- E1.72
@dataclass(frozen=True)
class _Snipe:
    letter: str
    side: str
    hex: Hex | None


class SniperVsCloaking(Procedure[_Snipe]):
    """E1.72: a Sniper attack on a Cloaking counter: dr 1 or 2 removes it and places its contents
    onboard unconcealed (then "Cloaking lost (E1.43)" reveals them); Random Selection (if needed)
    picks those the attack affects."""

    name = "asl.sniper_cloaking"
    title = "Sniper vs Cloaking (E1.72)"
    params = Schema((
        Field("letter", "Cloaking counter's ID letter", "choice", choices=LETTERS, default="A", rule="E1.41"),
        Field("side", "Its side (the Scenario Attacker)", "text", lo=1, hi=24, default=None, rule="E1.4", pick="side"),
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        return {"side": scenario_attacker(state)}

    def describe_params(self, params: Mapping[str, Any]) -> str:
        return f"Sniper attack on Cloaking {params.get('letter', 'A')}"

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        m = state.scenario.map
        letter, side = str(params["letter"]), str(params["side"])
        u = cloaking_in_play(state.counters, letter, side)
        if u is None:
            raise RulesError(f"E1.72: no Cloaking {letter} of {side} is in play")
        if u.hex is None:
            raise RulesError(f"E1.72: Cloaking {letter} is offboard: a Sniper attacks a counter on the map")
        events = _not_night(state, "E1.72") + [ev.info("E1.72", f"the Sniper attacks Cloaking {letter} in {m.label(u.hex)}",
                                                       (m.name(u.hex),))]
        return StepResult(ProcState(self.name, "dr", _Snipe(letter, side, u.hex)), tuple(events))

    def prompt(self, state: GameState, proc: ProcState[_Snipe]) -> Prompt:
        return Prompt("roll", "E1.72", f"Sniper dr vs Cloaking {proc.data.letter} (effective on 1 or 2)", dr("Sniper dr"))

    def roll(self, state: GameState, proc: ProcState[_Snipe], roll: Roll) -> StepResult:
        s = proc.data
        d = roll.values[0]
        if not sniper_vs_cloaking(d):
            events = (ev.result("E1.72", f"Sniper dr {d}: not effective; Cloaking {s.letter} stays"),)
            return StepResult(None, events, outcome={"procedure": self.name, "letter": s.letter, "side": s.side,
                                                     "effective": False})
        lost = state.system.procedure(CLOAKING_LOST)
        head = ev.result("E1.72", f"Sniper dr {d}: effective — Cloaking {s.letter} is removed and its contents placed "
                                  "onboard unconcealed (E1.43 follows)")
        step = lost.start(state, lost.read(state, {"letter": s.letter, "side": s.side, "cause": SNIPER_CAUSE}))
        return StepResult(step.proc, (head, *step.events), terrain=step.terrain, counters=step.counters,
                          outcome=step.outcome, conditions=step.conditions)

    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """The chance the Sniper attack is effective (dr 1 or 2)."""
        p = Fraction(sum(1 for d in range(1, 7) if sniper_vs_cloaking(d)), 6)
        return Odds(tables=(Table("sniper", "Sniper attack vs a Cloaking counter",
                                  (("effective: Cloaking lost", float(p)), ("not effective", float(1 - p)))),))

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        return View()

    def summary(self, outcome: Mapping[str, Any]) -> str:
        return f"Sniper vs Cloaking {outcome.get('letter')}: not effective."


# ----------------------------------------------------------------------------- E1.77
AMBUSH_DICE = DiceSpec((Die("ATTACKER's dr"), Die("DEFENDER's dr")), "two dr")


def ambush_result(attacker_dr: int, defender_dr: int, margin: int | None, day_margin: int | None) -> tuple[str, list[Event]]:
    """E1.77 / A11.4: who gains Ambush from the two Final dr: ``"ATTACKER"`` if his dr is at least
    ``margin`` less than the DEFENDER's (None: the players decide); ``"DEFENDER"`` if his is at
    least ``day_margin`` less (A11.4; None: not given, the players decide); else ``"none"``."""
    events: list[Event] = []
    if margin is None:
        return "players decide", [ev.result("E1.77", f"Final dr {attacker_dr} vs {defender_dr}: the Location is Illuminated, "
                                                     "so A11.4's margin applies: players decide")]
    if gains_ambush(attacker_dr, defender_dr, margin):
        return "ATTACKER", [ev.result("E1.77", f"ATTACKER's Final dr {attacker_dr} is at least {margin} less than the "
                                               f"DEFENDER's {defender_dr}: the ATTACKER gains Ambush")]
    if day_margin is not None and gains_ambush(defender_dr, attacker_dr, day_margin):
        return "DEFENDER", [ev.result("A11.4", f"DEFENDER's Final dr {defender_dr} is at least {day_margin} less than the "
                                               f"ATTACKER's {attacker_dr}: the DEFENDER gains Ambush")]
    if day_margin is None and defender_dr < attacker_dr:
        events.append(ev.info("A11.4", "whether the DEFENDER gains Ambush is A11.4's (your rulebook): players decide"))
    return "none", events + [ev.result("E1.77", f"Final dr {attacker_dr} vs {defender_dr}: the ATTACKER does not gain Ambush")]


@dataclass(frozen=True)
class _Ambush:
    hex: Hex
    margin: int | None
    day_margin: int | None
    attacker_drm: int
    defender_drm: int


class NightAmbush(Procedure[_Ambush]):
    """E1.77: the Ambush drs of a night CC; the ATTACKER's margin is 2 unless the Location is
    Illuminated (read from the map: Starshells, IR, Blazes)."""

    name = "asl.night_ambush"
    title = "Night Ambush (E1.77)"
    params = Schema((
        Field("hex", "CC Location", "hex", rule="E1.77", help="whether it is Illuminated is read from the map"),
        Field("attacker_drm", "ATTACKER's Ambush drm", "int", lo=-9, hi=9, default=0, rule="A11.4",
              help="as your rulebook's A11.4 gives them (the classes of the units here are logged, E1.6)"),
        Field("defender_drm", "DEFENDER's Ambush drm", "int", lo=-9, hi=9, default=0, rule="A11.4"),
        Field("day_margin", "Ambush margin by day (your rulebook)", "int", lo=1, hi=6, default=None, rule="A11.4",
              help="your rulebook's: needed in an Illuminated Location, and for the DEFENDER"),
    ))

    def describe_params(self, params: Mapping[str, Any]) -> str:
        return f"CC in {player_name(str(params.get('hex')))}"

    def _margin(self, state: GameState, h: Hex, day: int | None) -> tuple[int | None, list[Event]]:
        m = state.scenario.map
        lit = illuminated_by(state, h) if is_night(state) else ["daylight"]
        if not lit:
            return ambush_margin(False, 0), [ev.info("E1.77", f"{m.label(h)} is not Illuminated: the ATTACKER's dr need be "
                                                              f"only at least {NIGHT_AMBUSH_MARGIN} less than the DEFENDER's",
                                                     (m.name(h),))]
        why = f"{m.label(h)} is Illuminated ({'; '.join(lit)})" if is_night(state) else "not a night scenario"
        if day is None:
            return None, [ev.info("E1.77", f"{why}: A11.4's margin applies; it is not in the rule text Airhead has "
                                           "(give it in the form, or the players decide)", (m.name(h),))]
        return ambush_margin(True, day), [ev.info("E1.77", f"{why}: A11.4's margin {day} applies", (m.name(h),))]

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        h = params["hex"]
        margin, events = self._margin(state, h, params["day_margin"])
        for u in state.counters.units_at(h):
            if u.kind not in ("glider", "wreck", "aircraft", "cloaking"):
                c = unit_night_class(u, state.counters)
                events.append(ev.info(c.rule, f"{c.reason} ({u.side})"))
        d = _Ambush(h, margin, params["day_margin"], params["attacker_drm"], params["defender_drm"])
        return StepResult(ProcState(self.name, "dr", d), tuple(events))

    def prompt(self, state: GameState, proc: ProcState[_Ambush]) -> Prompt:
        return Prompt("roll", "E1.77", "Ambush dr of each side (ATTACKER's, DEFENDER's)", AMBUSH_DICE)

    def roll(self, state: GameState, proc: ProcState[_Ambush], roll: Roll) -> StepResult:
        d = proc.data
        a, b = roll.values
        events = [ev.roll("E1.77", f"Ambush dr: ATTACKER {a}, DEFENDER {b}")]
        if d.attacker_drm:
            events.append(ev.modifier("A11.4", d.attacker_drm, "ATTACKER's Ambush drm"))
        if d.defender_drm:
            events.append(ev.modifier("A11.4", d.defender_drm, "DEFENDER's Ambush drm"))
        who, more = ambush_result(a + d.attacker_drm, b + d.defender_drm, d.margin, d.day_margin)
        m = state.scenario.map
        return StepResult(None, tuple(events + more), outcome={"procedure": self.name, "hex": m.name(d.hex), "ambush": who})

    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """The exact chance of each result over the 36 pairs of dr, through :func:`ambush_result`."""
        h = params["hex"]
        margin, events = self._margin(state, h, params.get("day_margin"))
        out: dict[str, Fraction] = {}
        for a in range(1, 7):
            for b in range(1, 7):
                who, _ = ambush_result(a + int(params.get("attacker_drm") or 0), b + int(params.get("defender_drm") or 0),
                                       margin, params.get("day_margin"))
                out[who] = out.get(who, Fraction(0)) + Fraction(1, 36)
        words = {"ATTACKER": "the ATTACKER gains Ambush", "DEFENDER": "the DEFENDER gains Ambush", "none": "no Ambush",
                 "players decide": "players decide"}
        return Odds(facts=(Fact("margin", "ATTACKER's margin", "players decide" if margin is None else str(margin)),),
                    reasons=tuple(e.render() for e in events),
                    tables=(Table("ambush", "Ambush", tuple((words[k], float(p)) for k, p in out.items())),),
                    view=View(marks=((h, "target"),)))

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        return View(marks=((state.scenario.map.parse(outcome["hex"]), "target"),))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        who = outcome.get("ambush")
        where = player_name(str(outcome.get("hex")))
        if who in ("ATTACKER", "DEFENDER"):
            return f"CC in {where}: the {who} gains Ambush."
        if who == "none":
            return f"CC in {where}: no Ambush."
        return f"CC in {where}: the players decide the Ambush."


#: The procedures of this module in menu order.
NIGHT_CC_PROCEDURES: tuple[Procedure[Any], ...] = (SniperVsCloaking(), NightAmbush())

"""The ASL E1.53–E1.552 night movement procedure "Movement DR / Straying (E1.53)"
(:class:`Straying`): the Movement DR, Straying, Jitter Fire and the Closest DEFENDER, strung
together from the rule functions of :mod:`.night_movement`. Where the seed's text is cut (the
"how" of Straying, parts of E1.531, E1.532, E1.54), the procedure says so and the players decide.
The Cloaking procedures are in :mod:`.cloaking_procedures`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from ...frozen import replace
from ... import events as ev
from ...boards import player_name
from ...counters import Counters, Unit
from ...dice import DR, Roll
from ...errors import DataError
from ...events import Event
from ...fields import Field, Schema
from ...hexes import Hex
from ...plug import Fact, GameState, Odds, Procedure, ProcState, Prompt, StepResult, Table, View, percent
from .night import is_night
from .night_combat import gunflash_marker, unit_night_class
from .night_movement import (
    CLASSES,
    NOT_FIRERS,
    NOT_GOOD_ORDER,
    Firer,
    classes_matter,
    closest_defenders,
    defenders_firing,
    friendly_contact,
    jitter_possible,
    jitter_row,
    jitter_table,
    movement_dr,
    movement_odds,
)

__all__ = ["Straying"]


def _gunflash(state: GameState, counters: Counters, h: Hex, side: str, who: str) -> Counters:
    """E1.552: a Gunflash marker on a Jitter Fire firer's hex, removed as every Gunflash is (E1.8's
    ``e1_gunflash_expires`` setting)."""
    expires = str(state.settings.get("e1_gunflash_expires", "CCPh"))
    mk = gunflash_marker(counters.free_id("gunflash"), h, side, expires)
    return counters.mark(replace(mk, label=f"Gunflash (Jitter Fire by {who})", rule="E1.552"))


# ---------------------------------------------------------------------- the Straying procedure
SUBJECT = ("subject to Straying", "berserk: not subject to Straying (E1.533)",
           "an E1.531 exception (see your rulebook: players decide)")
#: Earlier words of SUBJECT, still read in saves and links made with them.
SUBJECT_WERE = (("an E1.531 exception (the rule text is cut: players decide)", SUBJECT[2]),)
JITTER_SETTING = ("as the game records", "yes", "no")
CAN_FIRE = ("they Jitter Fire", "none of them can Jitter Fire (E1.551 exemptions)")
DUMMY = ("a Dummy: eliminated (E1.551)", "real units: they Jitter Fire and lose Cloaked status (E1.43)")


@dataclass(frozen=True)
class _Move:
    unit: str
    hex: Hex | None
    side: str
    night_class: str
    cloaked: bool
    jitter_on: bool
    closest: str
    dice: tuple[int, int] = (0, 0)
    strays: bool = False
    jitter: str | None = None
    choices: tuple[Hex, ...] = ()  # equidistant closest hexes (ATTACKER's choice)
    firer_hex: Hex | None = None
    majority: str = "Normal"  # a Cloaking counter's class: its side's Majority Squad Type (E1.551)
    defenders: tuple[Firer, ...] = ()  # the Closest DEFENDER's units and their classes (None: asked)
    firing: tuple[str, ...] = ()  # those that must Jitter Fire
    pending: tuple[str, ...] = ()  # Cloaking counters among them not yet revealed
    eliminated: tuple[str, ...] = ()  # Dummy Cloaking counters of the Closest DEFENDER eliminated (E1.551)

    @property
    def total(self) -> int:
        return self.dice[0] + self.dice[1]


def _named(counters: Counters, name: str, side: str) -> Unit | None:
    """The counter of ``side`` on the map whose id or label is ``name``."""
    u = counters.unit(name)
    if u is not None and u.side == side and u.hex is not None:
        return u
    return next((x for x in counters.units if x.side == side and x.hex is not None and x.label == name), None)


def _firer(state: GameState, u: Unit, majority: str) -> tuple[Firer, Event]:
    """A unit on the map as E1.55 reads it (E1.6 :func:`.night_combat.unit_night_class`; a
    Cloaking counter: its side's Majority Squad Type, E1.551), and why, as a log line."""
    if u.kind == "cloaking":
        return (u.name, majority, True), ev.info("E1.551", f"{u.name} is a Cloaking counter: its class is its side's "
                                                           f"Majority Squad Type, {majority}")
    c = unit_night_class(u, state.counters)
    return (u.name, c.cls, False), ev.info(c.rule, c.reason)


def _defenders_at(state: GameState, h: Hex, side: str, majority: str) -> tuple[tuple[Firer, ...], list[Event]]:
    """E1.551: the Good Order non-hidden units in ``h`` that are not of ``side`` (the Closest
    DEFENDER, Cloaking counters included), with their classes."""
    out: list[Firer] = []
    events: list[Event] = []
    for u in state.counters.units_at(h):
        if u.side != side and u.kind not in NOT_FIRERS and not u.status & NOT_GOOD_ORDER:
            f, e = _firer(state, u, majority)
            out.append(f)
            events.append(e)
    return tuple(out), events


#: E1.53 "a Movement DR (Δ)": the rule text does not say what Δ marks; the DR is read as rolled.
DELTA_53 = ev.info("E1.53", "Movement DR read as rolled (the rule marks it Δ: apply what Δ means in your "
                            "rulebook)")


class Straying(Procedure[_Move]):
    """E1.53 Movement DR at the start of a unit's MPh: colored 6 strays; on Doubles, E1.55 Jitter
    Fire once a Gunflash has been placed due to an attack vs an enemy unit, by the class of the unit that would
    fire (E1.6, read from the units on the map); E1.551 the Closest DEFENDER from the counters on
    the map (or as the players name it); E1.552 its effect."""

    name = "asl.straying"
    title = "Movement DR / Straying (E1.53)"
    params = Schema((
        Field("unit", "Moving unit or stack", "text", lo=1, hi=24, default="moving stack", rule="E1.53",
              pick="units:!aircraft", fills=(("hex", "hex"), ("side", "side")),
              help="a unit on the map (its name): its class at night is read from it (E1.6)"),
        Field("hex", "Its hex", "hex", default=None, rule="E1.551",
              help="where it starts its MPh: finds the Closest DEFENDER among the units on the map"),
        Field("side", "Moving side (ATTACKER)", "text", lo=1, hi=24, default=None, pick="side",
              help="default: the side whose Player Turn it is"),
        Field("night_class", "Class at night (if not on the map)", "choice", choices=CLASSES, default="Normal", rule="E1.6",
              help="Stealthy, Normal or Lax (E1.61–1.63), for a moving unit that is not on the map"),
        Field("cloaked", "Cloaked (a Cloaking counter not on the map)", "bool", default=False, rule="E1.4"),
        Field("majority", "Cloaking counters: the side's Majority Squad Type", "choice", choices=CLASSES, default="Normal",
              rule="E1.551", help="the class of a Cloaking counter, moving or the Closest DEFENDER"),
        Field("subject", "Straying", "choice", choices=SUBJECT, default=SUBJECT[0], rule="E1.531",
              renamed=SUBJECT_WERE),
        Field("jitter", "A Gunflash has been placed due to an attack vs an enemy unit", "choice", choices=JITTER_SETTING,
              default=JITTER_SETTING[0], rule="E1.55", help="Jitter Fire can occur only after the first one vs an enemy unit"),
        Field("closest", "Closest DEFENDER (if not on the map)", "text", lo=0, hi=48, default="", rule="E1.551",
              help="the Good Order units in the nearest occupied hex; left empty, the app finds them among the units on the map"),
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        return {"side": state.sides[state.turn.player]}

    def describe_params(self, params: Mapping[str, Any]) -> str:
        bits = [str(params.get("unit") or "moving stack")]
        if params.get("hex"):
            bits.append(f"in {params['hex']}")
        bits.append(str(params.get("night_class") or "Normal") + (", Cloaked" if params.get("cloaked") else ""))
        if params.get("subject") and params["subject"] != SUBJECT[0]:
            bits.append(str(params["subject"]))
        return ", ".join(bits)

    def _jitter_on(self, state: GameState, p: Mapping[str, Any]) -> bool:
        how = p.get("jitter", JITTER_SETTING[0])
        return jitter_possible(state) if how == JITTER_SETTING[0] else how == "yes"

    def _move(self, state: GameState, params: Mapping[str, Any]) -> tuple[_Move, list[Event]]:
        """The moving unit as the form gives it, its class and Cloaked status read from the map
        when it names a unit there (E1.6)."""
        side = str(params["side"])
        majority = str(params.get("majority") or "Normal")
        mv = _Move(params["unit"], params["hex"], side, params["night_class"], params["cloaked"],
                   self._jitter_on(state, params), params["closest"], majority=majority)
        u = _named(state.counters, mv.unit, side)
        if u is None:
            return mv, []
        (_, cls, cloaked), why = _firer(state, u, majority)
        events = [why]
        if cls is None:
            events.append(ev.info("E1.6", f"the form's class is used: {mv.night_class}"))
            cls = mv.night_class
        return replace(mv, hex=mv.hex if mv.hex is not None else u.hex, night_class=cls, cloaked=cloaked), events

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        side = str(params["side"])
        if side not in state.sides:
            raise DataError(f"the moving side is one of {', '.join(state.sides)}", "side")
        mv, events = self._move(state, params)
        if not is_night(state):
            events.insert(0, ev.info("E1.53", "the scenario is not a night scenario (E1.1): Straying applies only at night"))
        if params["subject"] != SUBJECT[0]:
            rule = "E1.533" if params["subject"] == SUBJECT[1] else "E1.531"
            why = ("a berserk unit is always Lax but is not subject to Straying" if rule == "E1.533"
                   else "the unit is excepted (by your rulebook: the players decided)")
            events.append(ev.result(rule, f"{mv.unit}: {why}: no Movement DR"))
            return StepResult(None, tuple(events), outcome=self._outcome(state, mv, exempt=True))
        return StepResult(ProcState(self.name, "dr", mv), tuple(events))

    def prompt(self, state: GameState, proc: ProcState[_Move]) -> Prompt:
        mv = proc.data
        m = state.scenario.map
        if proc.step == "dr":
            where = f" in {m.label(mv.hex)}" if mv.hex is not None else ""
            return Prompt("roll", "E1.53", f"Movement DR (Δ) for {mv.unit}{where}", DR)
        if proc.step == "closest":
            return Prompt("choice", "E1.551", "Closest DEFENDER: hexes at the same distance, the ATTACKER chooses",
                          options=tuple(m.label(h) for h in mv.choices))
        if proc.step == "class":
            name = next(n for n, cls, _ in mv.defenders if cls is None)
            return Prompt("choice", "E1.6", f"Is {name} Stealthy, Normal or Lax at night? (Doubles {mv.total}: "
                          f"{jitter_row(mv.total).text})", options=CLASSES)
        if proc.step == "can_fire":
            return Prompt("choice", "E1.551", f"Can {self._who(state, mv)} Jitter Fire? Exempt: Heroes, units with no FP, "
                          "units marked with a Final Fire counter, units marked First Fire and closer to a Known enemy unit "
                          "than to the mover; only MG and Small Arms fire", options=CAN_FIRE)
        if proc.step == "dummy_defender":
            return Prompt("choice", "E1.551", f"{mv.pending[0]} is a Cloaking counter that must Jitter Fire: what does it hold?",
                          options=DUMMY)
        return Prompt("choice", "E1.551", f"{mv.unit} is a Cloaking counter that must Jitter Fire: what does it hold?",
                      options=DUMMY)

    def roll(self, state: GameState, proc: ProcState[_Move], roll: Roll) -> StepResult:
        mv = proc.data
        c, w = roll.value("colored"), roll.value("white")
        r = movement_dr(c, w, mv.night_class, mv.cloaked, mv.jitter_on)
        mv = replace(mv, dice=(c, w), strays=r.strays, jitter=r.jitter)
        events = [ev.roll("E1.53", f"Movement {roll.describe()}"), DELTA_53] + list(r.events)
        if r.strays:
            events.append(friendly_contact())
        if r.jitter == "defender":
            return self._defender(state, mv, events)
        if r.jitter == "mover":
            if mv.cloaked:
                return StepResult(ProcState(self.name, "dummy", mv), tuple(events))
            return self._fire(state, mv, mv.hex, events)
        return StepResult(None, tuple(events), outcome=self._outcome(state, mv))

    def _defender(self, state: GameState, mv: _Move, events: list[Event]) -> StepResult:
        m = state.scenario.map
        if mv.closest or mv.hex is None:
            who = mv.closest or "the Closest DEFENDER"
            events.append(ev.info("E1.551", f"{who}: the Good Order non-hidden units in the nearest occupied hex "
                                            "(the ATTACKER's choice if equidistant), as the players find it"))
            return self._classes(state, replace(mv, defenders=((who, None, False),)), events)
        near, found = closest_defenders(state.counters, mv.hex, mv.side)
        if not found:
            events.append(ev.info("E1.551", "no DEFENDER unit is on the map: the players find the Closest DEFENDER at the table"))
            return self._classes(state, replace(mv, defenders=(("the Closest DEFENDER", None, False),)), events)
        if len(found) > 1:
            events.append(ev.info("E1.551", f"{len(found)} occupied hexes {near} hexes away: "
                                            + ", ".join(m.label(h) for h, _ in found) + "; the ATTACKER chooses"))
            return StepResult(ProcState(self.name, "closest", replace(mv, choices=tuple(h for h, _ in found))), tuple(events))
        return self._at(state, mv, found[0][0], near, events)

    def _at(self, state: GameState, mv: _Move, h: Hex, near: int, events: list[Event]) -> StepResult:
        """E1.551: the Closest DEFENDER is in ``h``: its units and their classes (E1.6)."""
        m = state.scenario.map
        defenders, why = _defenders_at(state, h, mv.side, mv.majority)
        events = list(events) + [ev.result("E1.551", f"Closest DEFENDER: {', '.join(n for n, _, _ in defenders)} in {m.label(h)}, "
                                                     f"{near} hex{'es' if near != 1 else ''} away", [m.name(h)])] + why
        return self._classes(state, replace(mv, firer_hex=h, choices=(), defenders=defenders), events)

    def _classes(self, state: GameState, mv: _Move, events: list[Event]) -> StepResult:
        """E1.55: once every class is known, the Closest DEFENDER's units that Jitter Fire."""
        if classes_matter(mv.total) and any(cls is None for _, cls, _ in mv.defenders):
            return StepResult(ProcState(self.name, "class", mv), tuple(events))
        firing, more = defenders_firing(mv.total, mv.defenders)
        events = list(events) + more
        if not firing:
            events.append(ev.result("E1.55", f"no unit of {self._who(state, mv)} Jitter Fires"))
            return StepResult(None, tuple(events), outcome=self._outcome(state, replace(mv, jitter=None)))
        cloaking = tuple(n for n, _, cl in mv.defenders if cl and n in firing)
        return self._revealed(state, replace(mv, firing=firing, pending=cloaking), events)

    def _revealed(self, state: GameState, mv: _Move, events: list[Event]) -> StepResult:
        if mv.pending:
            return StepResult(ProcState(self.name, "dummy_defender", mv), tuple(events))
        if not mv.firing:
            return StepResult(None, tuple(events), counters=state.counters,
                              outcome=self._outcome(state, replace(mv, jitter=None), dummy=True))
        return StepResult(ProcState(self.name, "can_fire", mv), tuple(events))

    def _who(self, state: GameState, mv: _Move) -> str:
        names = ", ".join(mv.firing or tuple(n for n, _, _ in mv.defenders)) or mv.closest or "the Closest DEFENDER"
        if mv.firer_hex is not None:
            return f"{names} in {state.scenario.map.label(mv.firer_hex)}"
        return names

    def choose(self, state: GameState, proc: ProcState[_Move], choice: str) -> StepResult:
        mv = proc.data
        m = state.scenario.map
        if proc.step == "closest":
            h = next(h for h in mv.choices if m.label(h) == choice)
            assert mv.hex is not None
            return self._at(state, mv, h, mv.hex.distance(h), [])
        if proc.step == "class":
            i = next(i for i, (_, cls, _) in enumerate(mv.defenders) if cls is None)
            name, _, cloaked = mv.defenders[i]
            defenders = mv.defenders[:i] + ((name, choice, cloaked),) + mv.defenders[i + 1:]
            return self._classes(state, replace(mv, defenders=defenders), [ev.info("E1.6", f"the players rule {name} {choice}")])
        if proc.step == "can_fire":
            if choice == CAN_FIRE[1]:
                events = [ev.result("E1.551", f"no unit of {self._who(state, mv)} can Jitter Fire: none occurs")]
                return StepResult(None, tuple(events), outcome=self._outcome(state, replace(mv, jitter=None, firing=())))
            return self._fire(state, mv, mv.firer_hex, [])
        if proc.step == "dummy_defender":
            name, rest = mv.pending[0], mv.pending[1:]
            if choice == DUMMY[0]:
                events = [ev.result("E1.551", f"{name} is a Dummy Cloaking counter subject to Jitter Fire: eliminated")]
                counters = _remove_cloaking(state.counters, name, _other(state, mv.side))
                mv = replace(mv, pending=rest, firing=tuple(n for n in mv.firing if n != name),
                             eliminated=mv.eliminated + (name,))
                done = self._revealed(replace(state, counters=counters), mv, events)
                return replace(done, counters=counters) if done.counters is None else done
            events = [ev.result("E1.43", f"{name} Jitter Fires: an attack, so it loses Cloaked status (E1.43): "
                                         "reveal its contents (Cloaking lost)")]
            return self._revealed(state, replace(mv, pending=rest), events)
        if choice == DUMMY[0]:
            events = [ev.result("E1.551", f"{mv.unit} is a Dummy Cloaking counter subject to Jitter Fire: eliminated")]
            counters = _remove_cloaking(state.counters, mv.unit, mv.side)
            return StepResult(None, tuple(events), counters=counters,
                              outcome=self._outcome(state, mv, dummy=True))
        events = [ev.result("E1.43", f"{mv.unit} Jitter Fires: an attack, so it loses Cloaked status (E1.43): "
                                     "reveal its contents (Cloaking lost)")]
        return self._fire(state, mv, mv.hex, events)

    def _fire(self, state: GameState, mv: _Move, h: Hex | None, events: list[Event]) -> StepResult:
        m = state.scenario.map
        who = mv.unit if mv.jitter == "mover" else self._who(state, mv)
        events = list(events) + [ev.result("E1.552", f"Jitter Fire by {who}: no effect on anyone other than the firer; the "
                                                     "players place the fire counters on the firer", [m.name(h)] if h is not None else [])]
        counters = state.counters
        if h is not None:
            side = mv.side if mv.jitter == "mover" else _other(state, mv.side)
            counters = _gunflash(state, counters, h, side, who)
            events.append(ev.result("E1.552", f"Gunflash placed in {m.label(h)} (Jitter Fire: not due to an attack vs an "
                                              "enemy unit)", [m.name(h)]))
        else:
            events.append(ev.info("E1.552", "the firer is marked with a Gunflash (place it at the table)"))
        return StepResult(None, tuple(events), counters=counters, outcome=self._outcome(state, mv, firer_hex=h))

    def _outcome(self, state: GameState, mv: _Move, *, exempt: bool = False, dummy: bool = False,
                 firer_hex: Hex | None = None) -> dict[str, Any]:
        m = state.scenario.map
        out: dict[str, Any] = {
            "procedure": self.name, "unit": mv.unit, "hex": m.name(mv.hex) if mv.hex is not None else None,
            "dice": list(mv.dice) if not exempt else None, "strays": mv.strays, "jitter": mv.jitter,
            "firer": m.name(firer_hex) if firer_hex is not None else None, "dummy_eliminated": dummy or bool(mv.eliminated),
            "exempt": exempt}
        if mv.firing and mv.jitter == "defender":
            out["firers"] = list(mv.firing)
        return out

    # -- the planner and the map -----------------------------------------------------------
    def _known_defenders(self, state: GameState, mv: _Move) -> tuple[tuple[Firer, ...] | None, str]:
        """The Closest DEFENDER's units and classes when the map settles them (one nearest hex,
        every class known), else None and why not."""
        if mv.closest or mv.hex is None:
            return None, "the Closest DEFENDER is not on the map"
        near, found = closest_defenders(state.counters, mv.hex, mv.side)
        if not found:
            return None, "no DEFENDER unit is on the map"
        if len(found) > 1:
            return None, f"{len(found)} occupied hexes are {near} hexes away (the ATTACKER chooses)"
        defenders, _ = _defenders_at(state, found[0][0], mv.side, mv.majority)
        m = state.scenario.map
        return defenders, (f"the Closest DEFENDER in {m.label(found[0][0])}: "
                           + ", ".join(f"{n} {cls or 'of a class the players decide (E1.6; counted as Jitter Fire)'}"
                                       for n, cls, _ in defenders))

    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """P(strays) and P(Jitter Fire), exact over the 36 Movement DR through :func:`movement_dr`:
        the moving unit's class on 8, 10 and 12, the Closest DEFENDER's on 2, 4 and 6."""
        if params["subject"] != SUBJECT[0]:
            return Odds(facts=(Fact("straying", "Straying", "not subject: no Movement DR"),))
        mv, _ = self._move(state, params)
        defenders, why = self._known_defenders(state, mv)
        o = movement_odds(mv.night_class, mv.cloaked, mv.jitter_on, defenders)
        cls = mv.night_class + (", Cloaked" if mv.cloaked else "")
        notes = ["Straying: a colored 6 (E1.53). Jitter Fire: Doubles, by the E1.55 table: the moving unit's class on 8, 10 "
                 "and 12, the Closest DEFENDER's on 2, 4 and 6.", DELTA_53.cause]
        if not mv.jitter_on:
            notes.append("No Gunflash has been placed due to an attack vs an enemy unit yet: no Jitter Fire (E1.55).")
        elif defenders is None:
            notes.append(f"On 2, 4 and 6 {why}: those rows are counted as Jitter Fire.")
        else:
            notes.append(f"On 2, 4 and 6: {why}.")
        rows = tuple((f"Doubles {t}: {r.text}", float(Fraction(1, 36))) for t, r in sorted(jitter_table().items())
                     if movement_dr(t // 2, t // 2, mv.night_class, mv.cloaked, mv.jitter_on, defenders).jitter)
        return Odds(
            facts=(Fact("class", "Moving unit", cls), Fact("strays", "Strays", percent(o["strays"])),
                   Fact("jitter", "Jitter Fire", percent(o["jitter"]))),
            tables=(Table("outcome", "Movement DR", (("strays", float(o["strays"])),
                                                     ("the Closest DEFENDER Jitter Fires", float(o["defender"])),
                                                     ("the moving unit(s) Jitter Fire", float(o["mover"])))),
                    Table("jitter", "Jitter Fire Doubles", rows)),
            notes=tuple(notes),
            view=View(marks=((mv.hex, "target"),)) if mv.hex is not None else View(),
        )

    def view(self, state: GameState, proc: ProcState[_Move]) -> View:
        mv = proc.data
        marks: tuple[tuple[Hex, str], ...] = ()
        if mv.hex is not None:
            marks += ((mv.hex, "straying" if mv.strays else "target"),)
        marks += tuple((h, "avenue") for h in mv.choices)
        if mv.firer_hex is not None:
            marks += ((mv.firer_hex, "landed"),)
        return View(marks=marks)

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        m = state.scenario.map
        marks: list[tuple[Hex, str]] = []
        labels: list[tuple[Hex, str]] = []
        if outcome.get("hex"):
            h = m.parse(outcome["hex"])
            marks.append((h, "straying" if outcome.get("strays") else "target"))
            if outcome.get("strays"):
                labels.append((h, "strays"))
        paths: tuple[tuple[Hex, ...], ...] = ()
        if outcome.get("firer"):
            f = m.parse(outcome["firer"])
            marks.append((f, "landed"))
            labels.append((f, "Jitter Fire"))
        return View(marks=tuple(marks), paths=paths, labels=tuple(labels))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        unit = outcome.get("unit", "the unit")
        if outcome.get("exempt"):
            return f"{unit} is not subject to Straying."
        bits = [f"{unit} strays" if outcome.get("strays") else f"{unit} does not stray"]
        if outcome.get("dummy_eliminated"):
            bits.append("a Dummy Cloaking counter, eliminated by Jitter Fire")
        if outcome.get("jitter") == "defender":
            bits.append("the Closest DEFENDER Jitter Fires" + (f" from {player_name(outcome['firer'])}" if outcome.get("firer") else ""))
        elif outcome.get("jitter") == "mover":
            bits.append("it Jitter Fires")
        return "; ".join(bits) + "."


def _other(state: GameState, side: str) -> str:
    a, b = state.sides
    return b if side == a else a


def _remove_cloaking(counters: Counters, unit: str, side: str) -> Counters:
    """The Cloaking counter called ``unit`` (its id or label) taken off the map, if it is there."""
    for u in counters.units:
        if u.kind == "cloaking" and u.side == side and unit in (u.id, u.label):
            return counters.remove(u.id)
    return counters

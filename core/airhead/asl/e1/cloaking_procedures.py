"""The ASL E1.4 Cloaking procedures: "Cloaking counter (E1.4)" (:class:`Cloaking`: a Cloaking
counter whose contents are a sealed plan) and "Cloaking lost (E1.43)" (:class:`CloakingLost`),
strung together from the rule functions of :mod:`.night_movement`. Where the seed's text is cut
(E1.422), the procedure says so and the players decide.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ... import events as ev
from ...boards import player_name
from ...counters import Unit
from ...errors import ActionError, AirheadError, DataError, RulesError
from ...events import Event
from ...fields import Field, Schema
from ...hexes import Hex
from ...plug import GameState, Procedure, ProcState, Prompt, StepResult, View
from ..turn_rules import phase_key
from .illumination import illuminated_by
from .night_movement import (
    CONTENT_DEFAULTS,
    CONTENT_FIELDS,
    LETTERS,
    LOSS_CAUSES,
    check_cloaking,
    cloaking_allotment,
    cloaking_in_play,
    cloaking_label,
    cloaking_mf,
    contents_events,
    contents_from,
    scenario_attacker,
)

__all__ = ["Cloaking", "CloakingLost"]


# ---------------------------------------------------------------------- Cloaking counters
@dataclass(frozen=True)
class _Cloak:
    letter: str
    side: str
    hex: Hex | None
    #: Why it lost Cloaked status (:data:`LOSS_CAUSES`; "" for a Cloaking counter placed).
    cause: str = ""


#: E1.422 is cut where it starts.
STACKING_CUT = ("stacking: 'All units represented by a single Cloaking counter always move…' — the rest is in "
                "your rulebook: players decide")

#: E1.421 "When involuntarily revealed": the causes of loss the Cloaked units do not choose (their
#: movement revealing them, a Sniper; any other loss the players judge).
INVOLUNTARY: frozenset[str] = frozenset({LOSS_CAUSES[0][0], LOSS_CAUSES[1][0], LOSS_CAUSES[2][0], LOSS_CAUSES[7][0]})


class Cloaking(Procedure[_Cloak]):
    """E1.4: a Cloaking counter with its ID letter, placed on the map or offboard (E1.411 setup);
    its contents are a sealed plan of the Scenario Attacker ("Seal it"), revealed when Cloaked
    status is lost (:class:`CloakingLost`)."""

    name = "asl.cloaking"
    title = "Cloaking counter (E1.4)"
    seal_label = "Cloaking contents"
    params = Schema((
        Field("letter", "ID letter", "choice", choices=LETTERS, default="A", rule="E1.41"),
        Field("hex", "Hex", "hex", default=None, rule="E1.411", help="empty: set up offboard (E1.411)"),
        Field("side", "Side (the Scenario Attacker)", "text", lo=1, hi=24, default=None, rule="E1.4", pick="side"),
        Field("contents", "Contents", "list", hi=20, default=[], rule="E1.41", secret=True,
              help="secret: seal them; none is a Dummy", item=Field("contents", "Unit", "record", fields=CONTENT_FIELDS)),
        Field("squads", "Squads (or equivalents) in the starting OB", "int", lo=0, hi=99, default=None, rule="E1.411",
              help="one Cloaking counter each: more are refused"),
        Field("aerial", "Units of an Aerial landing", "bool", default=False, rule="E1.41",
              help="they do not use Cloaking"),
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        return {"side": scenario_attacker(state)}

    def sealed_plan(self, params: Mapping[str, Any]) -> tuple[str, Any]:
        """E1.41: the contents, recorded secretly (the Cloaking Box), sealed by the Attacker."""
        letter = str(params.get("letter") or "A")
        contents = [dict(CONTENT_DEFAULTS, **dict(x)) for x in params.get("contents") or ()]
        return str(params.get("side") or ""), {"cloaking": letter, "contents": contents}

    def seal_label_for(self, params: Mapping[str, Any]) -> str:
        return cloaking_label(str(params.get("letter") or "A"))

    def describe_params(self, params: Mapping[str, Any]) -> str:
        where = f"in {params['hex']}" if params.get("hex") else "offboard"
        n = len(params.get("contents") or ())
        return f"Cloaking {params.get('letter', 'A')} {where}" + (f", {n} units (secret)" if n else "")

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        m = state.scenario.map
        side, letter, where = str(params["side"]), str(params["letter"]), params["hex"]
        if side not in state.sides:
            raise DataError(f"the side is one of {', '.join(state.sides)}", "side")
        check_cloaking(side, scenario_attacker(state), aerial=params["aerial"])
        uid = f"Cloaking {letter}"
        present = state.counters.unit(uid)
        if present is not None and params["contents"]:
            raise ActionError(f"E1.41: the contents of Cloaking {letter} were recorded when it was placed: move it "
                              f"without them (they stay as recorded)")
        # the placings so far are read only to place a counter anew (moving one reads none of them);
        # E1.411 counts counters (their letters), not the records of their moves
        used = set() if present is not None else {str(o.get("letter")) for o in state.outcomes_of(self.name)
                                                  if o.get("side") == side}
        if present is None and letter in used:
            raise RulesError(f"E1.43: Cloaking {letter} was removed: once removed, a Cloaking counter cannot be regained")
        if present is None and params["squads"] is not None and len(used) >= cloaking_allotment(params["squads"]):
            raise RulesError(f"E1.411: one Cloaking counter per squad (or equivalent) in the starting OB: "
                             f"{side} has {params['squads']}, and {len(used)} are placed")
        events = [ev.info("E1.4", f"{side} places Cloaking {letter} {'in ' + m.label(where) if where is not None else 'offboard (E1.411)'}"
                          + ("" if present is None else " (it moves there)"), [m.name(where)] if where is not None else [])]
        sealed = state.sealed(side, cloaking_label(letter))
        if sealed and params["contents"]:
            raise ActionError(f"E1.41: the contents of Cloaking {letter} are sealed ({sealed}): place it without them")
        if present is not None:
            events.append(ev.info("E1.41", f"its contents stay as recorded when it was placed"))
        elif sealed:
            events.append(ev.info("E1.41", f"its contents are sealed (commitment code {sealed}): revealed when it loses Cloaked status"))
        elif params["contents"]:
            events.append(ev.info("E1.41", f"its contents ({len(params['contents'])} units) are recorded secretly"))
            events += [e for e in contents_events(params["contents"]) if e.rule == "E1.42"]
        else:
            events.append(ev.info("E1.41", "no contents recorded: seal them first to keep them secret, or it is a Dummy"))
        events.append(cloaking_mf()[1][0])
        if present is None:
            events.append(ev.info("E1.422", STACKING_CUT))
        status = frozenset({"sealed"}) if sealed else frozenset()
        unit = Unit(uid, side, "cloaking", where, status, label=uid, facts={"letter": letter})
        counters = state.counters.put(unit)
        outcome = {"procedure": self.name, "side": side, "letter": letter, "hex": m.name(where) if where is not None else None,
                   "sealed": sealed or "", "contents": [dict(x) for x in params["contents"]] if not sealed else None,
                   "moved": present is not None}
        return StepResult(None, tuple(events), counters=counters, outcome=outcome)

    def prompt(self, state: GameState, proc: ProcState[_Cloak]) -> Prompt:
        raise ActionError("a Cloaking counter is placed at once")

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        if not outcome.get("hex"):
            return View()
        h = state.scenario.map.parse(outcome["hex"])
        return View(marks=((h, "landed"),), labels=((h, f"Cloaking {outcome.get('letter')}"),))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        where = f"in {player_name(outcome['hex'])}" if outcome.get("hex") else "offboard"
        verb = "moved" if outcome.get("moved") else "placed"
        return f"Cloaking {outcome.get('letter')} {verb} {where}" + (" (contents sealed)." if outcome.get("sealed") else ".")



class CloakingLost(Procedure[_Cloak]):
    """E1.43: a Cloaking counter loses Cloaked status (the cause logged with its rule); its contents
    are revealed (a sealed plan: checked against its code) and placed unconcealed in its hex; a
    Dummy is removed. Once removed, a Cloaking counter cannot be regained."""

    name = "asl.cloaking_lost"
    title = "Cloaking lost (E1.43)"
    params = Schema((
        Field("letter", "ID letter", "choice", choices=LETTERS, default="A", rule="E1.41"),
        Field("side", "Side", "text", lo=1, hi=24, default=None, pick="side"),
        Field("cause", "Why", "choice", choices=tuple(c for c, _ in LOSS_CAUSES), default=LOSS_CAUSES[0][0], rule="E1.43"),
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        return {"side": scenario_attacker(state)}

    def describe_params(self, params: Mapping[str, Any]) -> str:
        return f"Cloaking {params.get('letter', 'A')}: {params.get('cause', LOSS_CAUSES[0][0])}"

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        m = state.scenario.map
        side, letter = str(params["side"]), str(params["letter"])
        u = cloaking_in_play(state.counters, letter, side)
        if u is None:
            raise RulesError(f"no Cloaking {letter} of {side} is in play")
        rule = dict(LOSS_CAUSES)[params["cause"]]
        events = [ev.result(rule, f"Cloaking {letter}{' in ' + m.label(u.hex) if u.hex is not None else ''} loses Cloaked status: "
                                  f"{params['cause']}", [m.name(u.hex)] if u.hex is not None else [])]
        if u.hex is not None:
            lit = illuminated_by(state, u.hex)
            if lit:
                events.append(ev.info("E1.9", f"{m.label(u.hex)} is Illuminated: {'; '.join(lit)}"))
        if rule == "E1.72":
            events.append(ev.info("E1.72", "its contents are placed onboard unconcealed; Random Selection (if needed) picks "
                                           "those the Sniper attack affects"))
        data = _Cloak(letter, side, u.hex, str(params["cause"]))
        if params["cause"] in (LOSS_CAUSES[4][0], LOSS_CAUSES[6][0]):
            events.append(ev.result(rule, f"Cloaking {letter} is a Dummy: eliminated"))
            return self._done(state, data, events, (), dummy=True)
        if state.sealed(side, cloaking_label(letter)):
            return StepResult(ProcState(self.name, "reveal", data), tuple(events))
        placed = next((o for o in reversed(state.outcomes_of(Cloaking.name))  # its placing: a move records no contents
                       if o.get("side") == side and o.get("letter") == letter and not o.get("moved")), None)
        contents = placed.get("contents") if placed else None
        if contents is None:
            revealed = self._revealed(state, data)
            contents = revealed if revealed is not None else []
        return self._reveal_contents(state, data, events, contents)

    def _revealed(self, state: GameState, c: _Cloak) -> list[Any] | None:
        tries = [o for o in state.outcomes_of("reveal") if o.get("side") == c.side
                 and o.get("label") == cloaking_label(c.letter) and o.get("valid")]
        if not tries:
            return None
        plan = tries[-1].get("plan")
        got = plan.get("contents") if isinstance(plan, Mapping) else None
        return got if isinstance(got, list) else None

    def prompt(self, state: GameState, proc: ProcState[_Cloak]) -> Prompt:
        return Prompt("choice", "E1.43", f"Reveal the sealed contents of Cloaking {proc.data.letter} (Sealed notes: Reveal), then go on",
                      options=("contents revealed", "go on without the contents"))

    def choose(self, state: GameState, proc: ProcState[_Cloak], choice: str) -> StepResult:
        c = proc.data
        if choice != "contents revealed":
            events = [ev.info("E1.43", f"the contents of Cloaking {c.letter} stay sealed: the players place them at the table")]
            return self._done(state, c, events, (), unknown=True)
        if state.sealed(c.side, cloaking_label(c.letter)):
            raise ActionError(f"the contents of Cloaking {c.letter} are still sealed: reveal them under Sealed notes first "
                              "(a reveal that does not match its code does not count), or go on without them")
        contents = self._revealed(state, c)
        return self._reveal_contents(state, c, [], contents or [])

    def _reveal_contents(self, state: GameState, c: _Cloak, events: list[Event], raw: list[Any]) -> StepResult:
        try:
            contents = contents_from(raw)
        except AirheadError as e:
            events = list(events) + [ev.info("E1.41", f"the contents cannot be read ({e}): the players place them at the table")]
            return self._done(state, c, events, (), unknown=True)
        events = list(events) + contents_events(contents)
        if any(x["kind"] == "SW" and int(x["pp"]) >= 4 for x in contents):
            events.append(ev.info("E1.42", "a SW of four PP or more cannot be fired in the Player Turn it loses its Cloaked status"))
        return self._done(state, c, events, contents, dummy=not contents)

    def _done(self, state: GameState, c: _Cloak, events: list[Event], contents: Sequence[Mapping[str, Any]],
              *, dummy: bool = False, unknown: bool = False) -> StepResult:
        m = state.scenario.map
        counters = state.counters.remove(f"Cloaking {c.letter}")
        units = [Unit(counters.free_id(f"Cloaking {c.letter}/{i + 1}"), c.side, str(x["kind"]), c.hex, label=str(x["name"]))
                 for i, x in enumerate(contents)]
        counters = counters.put(*units)
        if units and c.hex is not None:
            events = list(events) + [ev.result("E1.43", f"placed unconcealed in {m.label(c.hex)}: {', '.join(u.name for u in units)}",
                                               [m.name(c.hex)])]
        if units and c.cause in INVOLUNTARY and phase_key(state) == "MPh":
            events = list(events) + [ev.info("E1.421", "involuntarily revealed: for any further movement in this MPh they revert "
                                                       "at once to their normal MF allotments minus the MF already expended in "
                                                       "it, with no extra penalty if they had already exceeded them (E1.51)"
                                                       + ("" if c.cause != LOSS_CAUSES[7][0] else " — if the players judge "
                                                          "this loss involuntary"))]
        events = list(events) + [ev.info("E1.43", "once removed, a Cloaking counter cannot be regained")]
        outcome = {"procedure": self.name, "side": c.side, "letter": c.letter, "hex": m.name(c.hex) if c.hex is not None else None,
                   "dummy": dummy, "unknown": unknown, "units": [u.name for u in units]}
        return StepResult(None, tuple(events), counters=counters, outcome=outcome)

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        if not outcome.get("hex"):
            return View()
        h = state.scenario.map.parse(outcome["hex"])
        return View(marks=((h, "target"),))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        c = f"Cloaking {outcome.get('letter')}"
        if outcome.get("dummy"):
            return f"{c} was a Dummy: removed."
        if outcome.get("unknown"):
            return f"{c} lost its Cloaked status: its contents are placed at the table."
        return f"{c} lost its Cloaked status: {', '.join(outcome.get('units') or ())} placed unconcealed."

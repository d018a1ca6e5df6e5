"""The ASL E7 Air Support procedures, part A: Aerial Combat — a dogfight from predesignated
targets to the end-of-CCPh Recall choices (E7.22–E7.24) — and jettisoning bombs (E7.225). The
arrival and entry (E7.2–E7.21) are :mod:`.air_arrival_procedures`.

They string together the rule functions of :mod:`.air_support` and read and write aircraft as
units of the game's counters through it; the odds come from the same functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...frozen import replace
from ... import events as ev
from ...dice import DR, Roll
from ...errors import ActionError, DataError, RulesError
from ...events import Event
from ...fields import Field, Schema
from ...picks import Pick
from ...plug import OVERRIDE, Fact, GameState, Odds, Procedure, ProcState, Prompt, Step, Stepped, StepResult, Table, View, percent
from .air_support import (
    AIRCRAFT_TYPES,
    Aircraft,
    Dogfight,
    PLANE_FIELDS,
    added_off_map,
    aerial_combat_drms,
    aircraft_of,
    attack_odds,
    combat_rof,
    damage_recall,
    jettison,
    may_enter_combat,
    may_opt_recall_mg,
    resolve_attack,
    rof_chain_odds,
    victory_points,
    write_aircraft,
)
from .air_arrival_procedures import AirArrival, kind_of
from .air_bars import check_air
from .air_exit import no_return
from ..turn_rules import agree, now, own_turn, phase_key

__all__ = ["AirArrival", "AerialCombat", "Jettison", "NO_MORE", "LEAVE", "RECALL"]

#: The choice that ends a plane's ROF attacks (E7.222) or skips its attack.
NO_MORE = "no further attack"
#: The end-of-CCPh choices: leave Melee (E7.22, text cut) and Recall (E7.223 / E7.224).
LEAVE = ("leave Melee", "stay in Melee")
RECALL = ("accept Recall", "no Recall")


# ---------------------------------------------------------------------- E7.22 aerial combat
class AerialCombat(Stepped[Dogfight]):
    """One Dogfight in the CCPh (E7.22–E7.24): the ATTACKER's planes attack their predesignated
    targets (with ROF chains), then the DEFENDER's surviving planes return fire, then the
    end-of-CCPh choices (leave Melee, Recall options); statuses go back to the counters.

    Params: ``planes`` (name, side, type, bombs, Damaged, MG Disabled, in Melee, predesignated
    target; the form starts from the aircraft on the counters), ``attacker`` (the ATTACKER's
    side: by default the side of the current Player Turn)."""

    name = "asl.aerial_combat"
    title = "Aerial combat (E7.22)"
    start_work = 150  # the Dogfight's planes read and paired: ~0.2 ms of CPython (tools/work_calibrate.py)
    step_work = 50
    params = Schema((
        Field("attacker", "ATTACKER (whose CCPh)", "text", lo=1, hi=24, rule="E7.221", pick="side"),
        Field("planes", "Planes in the Dogfight", "list", hi=16, default=[], rule="E7.22",
              item=Field("planes", "Plane", "record", fields=PLANE_FIELDS)),
        OVERRIDE,
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        """The ATTACKER is the side of the current Player Turn; the planes are the aircraft on
        the counters (targets to be designated)."""
        planes = []
        for a in aircraft_of(state.counters):
            if a.recalled:
                continue
            planes.append({"name": a.name, "side": a.side, "type": a.type, "bombs": a.bombs, "damaged": a.damaged,
                           "mg_disabled": a.mg_disabled, "melee": a.melee, "target": ""})
        return {"attacker": state.sides[state.turn.player], "planes": planes[:16]}

    def picks(self, state: GameState, values: Mapping[str, Any], path: str, f: Field) -> list[Any] | None:
        """E7.221: a plane's predesignated target is one of the enemy planes of this Dogfight."""
        parts = path.split(".")
        if len(parts) != 3 or parts[0] != "planes" or parts[2] != "target" or not parts[1].isdigit():
            return None
        rows = [r for r in values.get("planes") or () if isinstance(r, Mapping)]
        i = int(parts[1])
        side = str(rows[i].get("side", "")).strip() if i < len(rows) else ""
        return [Pick(n, n) for n in dict.fromkeys(str(r.get("name", "")).strip() for r in rows
                                                  if str(r.get("side", "")).strip() != side) if n]

    def describe_params(self, params: Mapping[str, Any]) -> str:
        planes = params.get("planes") or []
        bits = []
        for p in planes:
            if not isinstance(p, Mapping):
                continue
            flags = [w for w, k in (("bombs", "bombs"), ("Damaged", "damaged"), ("MG Disabled", "mg_disabled")) if p.get(k)]
            text = f"{p.get('name')} ({p.get('side')} {p.get('type', 'FB')}{', ' + ', '.join(flags) if flags else ''})"
            if p.get("target"):
                text += f" attacks {p.get('target')}"
            bits.append(text)
        head = f"ATTACKER {params['attacker']}: " if params.get("attacker") else ""
        return head + "; ".join(bits)

    # -- the plan --------------------------------------------------------------------------
    def plan(self, state: GameState, params: Mapping[str, Any]) -> Dogfight:
        """The Dogfight a plan describes, checked against E7.22 / E7.221; planes named like an
        aircraft on the counters are that aircraft."""
        check_air(state, params)  # E7.2: never at night or in Overcast
        rows = list(params.get("planes") or ())
        if len(rows) < 2:
            raise DataError("E7.22: a Dogfight needs planes of both sides", "planes")
        names = [r["name"] for r in rows]
        dup = next((n for n in names if names.count(n) > 1), None)
        if dup:
            raise DataError(f"two planes are named {dup}: give each its own name", "planes")
        attacker = params["attacker"]
        sides = sorted({r["side"] for r in rows})
        if len(sides) != 2 or attacker not in sides:
            raise DataError(f"E7.22: a Dogfight has planes of two sides, one of them the ATTACKER {attacker}", "planes")
        defender = sides[0] if sides[1] == attacker else sides[1]
        self.turn_events(state, params)  # E7.22: its CCPh
        on_counters = {a.name: a for a in aircraft_of(state.counters)}
        planes: list[Aircraft] = []
        targets: list[int | None] = []
        for r in rows:
            old = on_counters.get(r["name"])
            if old is None:
                no_return(state, r["name"])
            a = Aircraft(old.id if old else state.counters.free_id(r["name"]), r["side"], kind_of(r["type"]), r["bombs"], r["damaged"], r["mg_disabled"],
                         melee=r["melee"], label=r["name"], hex=old.hex if old else None)
            planes.append(a)
        for i, (a, r) in enumerate(zip(planes, rows)):
            can = not a.mg_disabled and a.type != "Observation"
            if a.side == attacker and not a.melee:
                why = may_enter_combat(a)
                if why:
                    raise RulesError(why)
            if not can:
                targets.append(None)
                continue
            t = r["target"]
            if not t:  # the form points at the row's target field
                raise DataError(f"E7.221: {a.name} must predesignate its initial target", f"planes.{i}.target")
            j = names.index(t) if t in names else -1
            if j < 0 or planes[j].side == a.side:
                raise DataError(f"E7.221: {a.name}'s target {t} is not an enemy plane in this Dogfight", f"planes.{i}.target")
            targets.append(j)
        order = tuple(i for i, a in enumerate(planes) if a.side == attacker) + \
            tuple(i for i, a in enumerate(planes) if a.side == defender)
        return Dogfight(tuple(planes), tuple(targets), attacker, defender, order)

    @staticmethod
    def turn_events(state: GameState, params: Mapping[str, Any]) -> list[Event]:
        """E7.22: "a player places his FB on top of one or more enemy aircraft during the CCPh" —
        his CCPh (the EX: "during the British CCPh"; the Melee goes on "in their CCPh" with the
        other side attacking first): the ATTACKER is the side whose CCPh it is."""
        attacker = str(params.get("attacker", ""))
        return agree(params, "E7.22", phase_key(state) == "CCPh" and own_turn(state, attacker) is not False,
                     f"E7.22: Aerial Combat is fought in the Close Combat Phase, the ATTACKER being the side whose CCPh "
                     f"it is ({attacker} attacks); {now(state)}")

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        d = self.plan(state, params)
        events = self.turn_events(state, params) + [ev.info("E7.22", f"Dogfight: {', '.join(a.describe() for a in d.planes)}")]
        for side in (d.attacker, d.defender):
            for i, a in enumerate(d.planes):
                t = d.targets[i]
                if a.side == side and t is not None:
                    events.append(ev.info("E7.221", f"{'ATTACKER' if side == d.attacker else 'DEFENDER'} {a.name} predesignates "
                                          f"{d.planes[t].name} as its initial target"))
        return self._next(state, replace(d, pos=-1), events)

    # -- walking the attacks ---------------------------------------------------------------
    def _next(self, state: GameState, d: Dogfight, events: list[Event]) -> StepResult:
        """On to the next plane that can attack (its predesignated target, else a choice), or to
        the end-of-CCPh choices."""
        pos = d.pos + 1
        while pos < len(d.order):
            i = d.order[pos]
            if d.can_attack(i) and d.enemies(i):
                t = d.targets[i]
                d = replace(d, pos=pos)
                if t is not None and not d.planes[t].eliminated:
                    return StepResult(ProcState(self.name, "attack", replace(d, aim=t)), tuple(events))
                return StepResult(ProcState(self.name, "retarget", replace(d, aim=None)), tuple(events))
            pos += 1
        return self._end_choices(state, replace(d, pos=len(d.order), aim=None), events)

    # -- what each step waits for, and what takes the answer ----------------------------------
    def _ask_attack(self, state: GameState, d: Dogfight) -> Prompt:
        assert d.aim is not None
        who = "return fire" if d.firer.side == d.defender else "attack"
        return Prompt("roll", "E7.221", f"Aerial Combat DR ({who}): {d.firer.name} attacks {d.planes[d.aim].name}", DR)

    def _attack(self, state: GameState, d: Dogfight, roll: Roll) -> StepResult:
        assert d.aim is not None
        i, j = d.order[d.pos], d.aim
        r = resolve_attack(d.planes[i], d.planes[j], roll.value("colored"), roll.value("white"))
        planes = list(d.planes)
        planes[i], planes[j] = r.firer, r.target
        events = list(r.events)
        shot = d.shot_down
        for k, before in ((j, d.planes[j]), (i, d.planes[i])):
            if planes[k].eliminated and not before.eliminated:
                shot += (k,)
                events.append(ev.result("E7.23", f"{planes[k].name} is shot down: removed from play, 2 Victory Points (A26.2)"))
        d = replace(d, planes=tuple(planes), shot_down=shot)
        if r.rof and d.enemies(i):
            return StepResult(ProcState(self.name, "rof", replace(d, aim=None)), tuple(events))
        return self._next(state, d, events)

    @staticmethod
    def _targets(d: Dogfight) -> tuple[str, ...]:
        return tuple(f"attack {d.planes[j].name}" for j in d.enemies(d.order[d.pos])) + (NO_MORE,)

    def _ask_rof(self, state: GameState, d: Dogfight) -> Prompt:
        return Prompt("choice", "E7.222", f"{d.firer.name} keeps its ROF: attack again (any plane in the Dogfight)?",
                      options=self._targets(d))

    def _ask_retarget(self, state: GameState, d: Dogfight) -> Prompt:
        return Prompt("choice", "E7.221", f"{d.firer.name}'s predesignated target is gone: attack which plane?",
                      options=self._targets(d))

    def _aim(self, state: GameState, d: Dogfight, choice: str, rof: bool) -> StepResult:
        """E7.221 / E7.222: the plane attacked next (again, with ROF), or no further attack."""
        rule = "E7.222" if rof else "E7.221"
        if choice == NO_MORE:
            return self._next(state, d, [ev.info(rule, f"{d.firer.name} makes no further attack")])
        name = choice[len("attack "):] if choice.startswith("attack ") else ""
        j = next((j for j in d.enemies(d.order[d.pos]) if d.planes[j].name == name), None)
        if j is None:
            raise ActionError(f"{d.firer.name} cannot attack {name[:24] or choice[:24]}")
        events = [ev.info(rule, f"{d.firer.name} attacks {d.planes[j].name}" + (" again (ROF)" if rof else ""))]
        return StepResult(ProcState(self.name, "attack", replace(d, aim=j)), tuple(events))

    def _rof_chosen(self, state: GameState, d: Dogfight, choice: str) -> StepResult:
        return self._aim(state, d, choice, rof=True)

    def _retarget_chosen(self, state: GameState, d: Dogfight, choice: str) -> StepResult:
        return self._aim(state, d, choice, rof=False)

    def _ask_end(self, state: GameState, d: Dogfight) -> Prompt:
        kind, k = d.queue[0]
        if kind == "leave":
            side = d.attacker if k == 0 else d.defender
            return Prompt("choice", "E7.22", f"Your rulebook has the rest of this rule (the EX: a side not opposed by FB may leave "
                          f"Melee): players decide: does {side} leave Melee?", options=LEAVE)
        a = d.planes[k]
        why = "E7.224" if a.recall else "E7.223"
        return Prompt("choice", why, f"End of CCPh: {a.name} may accept Recall ({'attacked by a Final DR ≥ 10' if a.recall else 'MG Disabled'})",
                      options=RECALL)

    def _end_chosen(self, state: GameState, d: Dogfight, choice: str) -> StepResult:
        kind, k = d.queue[0]
        rest = replace(d, queue=d.queue[1:])
        if kind == "leave":
            side = d.attacker if k == 0 else d.defender
            if choice == LEAVE[0]:
                rest = replace(rest, left=rest.left + (side,))
            events = [ev.info("E7.22", f"{side} {'leaves' if choice == LEAVE[0] else 'chooses not to leave'} Melee (players' decision, by your rulebook)")]
        else:
            a = d.planes[k]
            if choice == RECALL[0]:
                planes = list(d.planes)
                planes[k] = replace(a, recalled=True)
                rest = replace(rest, planes=tuple(planes))
                events = [ev.result("E7.224" if a.recall else "E7.223", f"{a.name} accepts Recall (E7.24): it leaves play at the end of this CCPh")]
            else:
                events = [ev.info("E7.224" if a.recall else "E7.223", f"{a.name} does not accept Recall")]
        if rest.queue:
            return StepResult(ProcState(self.name, "end", rest), tuple(events))
        return self._finish(state, rest, events)

    # -- the end of the CCPh ---------------------------------------------------------------
    def _end_choices(self, state: GameState, d: Dogfight, events: list[Event]) -> StepResult:
        queue: list[tuple[str, int]] = []
        for k, side in enumerate((d.attacker, d.defender)):
            mine = [i for i, a in enumerate(d.planes) if a.side == side and not a.eliminated]
            enemies = [a for a in d.planes if a.side != side and not a.eliminated]
            if not mine:
                continue
            if enemies and not any(e.is_fb and not e.mg_disabled for e in enemies):
                queue.append(("leave", k))
            for i in mine:
                a = d.planes[i]
                if a.recall or may_opt_recall_mg(a, enemies):
                    queue.append(("recall", i))
        events = list(events) + [ev.info("E7.22", "all attacks are made: the end of the CCPh")]
        if queue:
            return StepResult(ProcState(self.name, "end", replace(d, queue=tuple(queue))), tuple(events))
        return self._finish(state, d, events)

    def _finish(self, state: GameState, d: Dogfight, events: list[Event]) -> StepResult:
        events = list(events)
        stay = [a for a in d.planes if not a.eliminated and not a.recalled]
        melee = (not d.left and any(a.side == d.attacker for a in stay) and any(a.side == d.defender for a in stay))
        planes = []
        for a in d.planes:
            if not a.eliminated:
                a = replace(a, recall=False, melee=melee and not a.recalled)
                if damage_recall(a, held_in_melee=a.melee) and not a.recalled:
                    a = replace(a, recalled=True)
                    events.append(ev.result("E7.226", f"{a.name} is Damaged and not held in Aerial Melee: it is Recalled (E7.24)"))
            planes.append(a)
        if melee:
            events.append(ev.info("E7.22", "the CC counter is flipped to its Melee side: the Dogfight goes on in Aerial Melee"))
        counters = state.counters
        added: list[str] = []
        vp = {d.attacker: 0, d.defender: 0}
        for k in d.shot_down:
            other = d.defender if d.planes[k].side == d.attacker else d.attacker
            vp[other] += victory_points(1)
        for a in planes:
            if a.eliminated:
                counters = write_aircraft(counters, a)
            elif a.recalled:
                if counters.unit(a.id) is not None:
                    counters = counters.remove(a.id)
                events.append(ev.result("E7.24", f"{a.name} is Recalled: removed from play at the end of the CCPh "
                                        "(not counted towards Casualty Victory Conditions)"))
            else:
                if counters.unit(a.id) is None:  # typed into the form: kept off the map from now on
                    events.append(added_off_map(a, "E7.22"))
                    added.append(a.name)
                counters = write_aircraft(counters, a)
        for side, n in vp.items():
            if n:
                events.append(ev.result("E7.23", f"{side} earns {n} Victory Points for aircraft shot down"))
        status = []
        for a in planes:
            st = "eliminated" if a.eliminated else "Recalled" if a.recalled else "in Aerial Melee" if a.melee else "free"
            flags = [w for w, on in (("Damaged", a.damaged), ("MG Disabled", a.mg_disabled), ("bombs", a.bombs)) if on and not a.eliminated]
            status.append({"name": a.name, "side": a.side, "type": a.type, "status": st, "flags": flags})
        outcome = {"procedure": self.name, "attacker": d.attacker, "defender": d.defender, "planes": status, "vp": vp,
                   "melee": melee, "added": added, "hexes": sorted({state.scenario.map.name(a.hex) for a in d.planes if a.hex is not None})}
        return StepResult(None, tuple(events), counters=counters, outcome=outcome)

    # -- the planner and the map -----------------------------------------------------------
    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """For every predesignated pairing: the exact odds of one attack (eliminated, Damaged,
        rear gunner, MG malfunction, Recall option, ROF kept) and a FB's ROF chain against that
        target alone — all through :func:`resolve_attack`."""
        d = self.plan(state, params)
        tables, reasons, lines = [], [], []
        for i, a in enumerate(d.planes):
            t = d.targets[i]
            if t is None:
                continue
            target = d.planes[t]
            o = attack_odds(a, target)
            drm, mods = aerial_combat_drms(a, target)
            reasons.append(ev.info("E7.221", f"{a.name} attacks {target.name}: DRM {drm:+d}").render())
            reasons += [e.render() for e in mods]
            rows = [(f"{target.name} eliminated", o.eliminated), (f"{target.name} Damaged", o.damaged), ("no effect", o.no_effect)]
            rows += [(label, p) for label, p in (
                (f"rear gunner: {a.name} eliminated", o.gunner_eliminates), (f"rear gunner: {a.name} Damaged", o.gunner_damages),
                (f"{a.name}'s MG malfunction", o.mg_disabled), (f"{target.name} gets a Recall option", o.recall_option),
                (f"{a.name} keeps its ROF", o.rof)) if p]
            tables.append(Table(f"attack{i}", f"{a.name} attacks {target.name}", tuple((k, float(p)) for k, p in rows)))
            if combat_rof(a):
                c = rof_chain_odds(a, target)
                lines.append(f"{a.name} (ROF {combat_rof(a)}) on {target.name} alone, before return fire: "
                             f"{float(c.expected_attacks):.2f} attacks expected; {target.name} eliminated {percent(c.kill)}, "
                             f"left Damaged {percent(c.damaged)}; {a.name} lost to the rear gunner {percent(c.firer_lost)}")
        view = self._view(state, d)
        notes = ("Each attack is on its predesignated target; earlier attacks in the Dogfight may change a plane's DRM.",
                 "A FB keeping its ROF may switch to any plane in the Dogfight after its first attack (E7.222 EX).")
        facts = (Fact("attacker", "ATTACKER", d.attacker), Fact("defender", "DEFENDER", d.defender),
                 Fact("planes", "Planes", ", ".join(a.describe() for a in d.planes)))
        return Odds(facts=facts, reasons=tuple(reasons), tables=tuple(tables), lines=tuple(lines), notes=notes, view=view)

    def _view(self, state: GameState, d: Dogfight) -> View:
        m = state.scenario.map
        marks, labels = [], []
        for a in d.planes:
            if a.hex is not None and m.in_play(a.hex):
                marks.append((a.hex, "target"))
                labels.append((a.hex, a.name))
        return View(marks=tuple(marks), labels=tuple(labels))

    def view(self, state: GameState, proc: ProcState[Dogfight]) -> View:
        return self._view(state, proc.data)

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        m = state.scenario.map
        hexes = tuple(m.parse(h) for h in outcome.get("hexes", ()))
        return View(marks=tuple((h, "target") for h in hexes))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        gone = [p["name"] for p in outcome["planes"] if p["status"] == "eliminated"]
        recalled = [p["name"] for p in outcome["planes"] if p["status"] == "Recalled"]
        bits = [f"shot down: {', '.join(gone)}" if gone else "no plane shot down"]
        if recalled:
            bits.append(f"Recalled: {', '.join(recalled)}")
        bits.append("the Dogfight goes on in Aerial Melee" if outcome.get("melee") else "no Aerial Melee")
        added = list(outcome.get("added", ()))  # absent from outcomes logged before it was kept
        note = f" {', '.join(added)}: no counter on the map, added off the map." if added else ""
        return "Aerial combat: " + "; ".join(bits) + "." + note


# ---------------------------------------------------------------------- E7.225 jettison

    steps = {
        "attack": Step(_ask_attack, roll=_attack),
        "rof": Step(_ask_rof, choose=_rof_chosen),
        "retarget": Step(_ask_retarget, choose=_retarget_chosen),
        "end": Step(_ask_end, choose=_end_chosen),
    }


@dataclass(frozen=True)
class _Nothing:
    pass


class Jettison(Procedure[_Nothing]):
    """E7.225: an aircraft on the counters jettisons its bombs (its own MPh, even in Melee)."""

    name = "asl.air_jettison"
    title = "Jettison bombs (E7.225)"
    params = Schema((Field("aircraft", "Aircraft", "text", lo=1, hi=24, rule="E7.225", pick="units:aircraft",
                           help="the name of an aircraft on the map carrying bombs"), OVERRIDE))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        """The first aircraft of the current Player Turn's side that carries bombs."""
        side = state.sides[state.turn.player]
        first = next((a.name for a in aircraft_of(state.counters, side) if a.bombs), None)
        return {"aircraft": first}

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        name = params["aircraft"]
        a = next((x for x in aircraft_of(state.counters) if x.name == name), None)
        if a is None:
            raise RulesError(f"E7.225: there is no aircraft named {name} on the map")
        turn = agree(params, "E7.225", phase_key(state) == "MPh" and own_turn(state, a.side) is not False,
                     f"E7.225: a plane jettisons its bombs during its own Movement Phase ({a.name} is {a.side}'s); {now(state)}")
        b, e = jettison(a)
        return StepResult(None, (*turn, e), counters=write_aircraft(state.counters, b),
                          outcome={"procedure": self.name, "aircraft": a.name})

    def prompt(self, state: GameState, proc: ProcState[_Nothing]) -> Prompt:
        raise ActionError("Jettison takes no dice")

    def summary(self, outcome: Mapping[str, Any]) -> str:
        return f"{outcome['aircraft']} jettisoned its bombs."

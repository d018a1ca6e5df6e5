"""Glider rules (seed 001, III).

* III.A: a glider enters the board heading in the direction, and along the hex row, of its target.
* III.C: it carries one full platoon or one artillery battery.
* III.D: it may be fired on by anti-aircraft fire in the Air Phase (resolved with the standard PL
  rules; the player enters the result).
* III.E: at most two gliders land in a hex per turn; more → every friendly unit there dispersed.
* III.F.1: a die: 1-2 short, 3-4 on target, 5-6 long (one hex back or forward along the flight).
* III.F.2: then shifted downwind 1 / 2 / 3 hexes for a Low / Gusty / High wind.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping

from .. import events as ev
from ..boards import HexMap, HexNameError
from ..dice import Roll, dr
from ..game import ActionError, GameState, ProcState, Procedure, Prompt, StepResult, register
from ..hexes import DIRECTION_NAMES, Hex, opposite
from ..tables import load_table
from .forces import ForceError, Platoon
from .plan import check_against_plan
from .wind import current_wind, turn_of, Wind

__all__ = [
    "AA_RESULTS",
    "GLIDERS_PER_HEX",
    "entry_hex",
    "landing_point",
    "wind_shift",
    "glider_landing",
    "too_many_gliders",
    "GliderLanding",
]

#: What the player may enter for anti-aircraft fire on a glider (III.D, standard PL results).
AA_RESULTS: tuple[str, ...] = ("no effect", "D", "X")
#: Most gliders landing in one hex in one turn (III.E).
GLIDERS_PER_HEX = 2


def entry_hex(hexmap: HexMap, target: Hex, heading: int) -> Hex:
    """The board-edge hex where a glider heading ``heading`` enters on its target's hex row (III.A)."""
    if not hexmap.in_play(target):
        raise ValueError("the target hex is not on the board")
    back = opposite(heading)
    h = target
    while hexmap.in_play(h.neighbor(back)):
        h = h.neighbor(back)
    return h


def landing_point(target: Hex, heading: int, face: int) -> tuple[Hex, str]:
    """III.F.1: 1-2 short (one hex before the target along the flight), 3-4 on target, 5-6 long."""
    if not 1 <= face <= 6:
        raise ValueError(f"the glider landing die shows 1..6, not {face}")
    if face <= 2:
        return target.neighbor(opposite(heading)), "short"
    if face <= 4:
        return target, "on target"
    return target.neighbor(heading), "long"


def wind_shift(speed: str) -> int:
    """III.F.2: hexes a glider is shifted downwind: Low 1, Gusty 2, High 3."""
    return int(load_table("pl_wind")["glider_shift"][speed])


def glider_landing(target: Hex, heading: int, face: int, wind: Wind) -> tuple[Hex, str, Hex]:
    """Where a glider lands: ``(final hex, short/on target/long, hex before the wind shift)``."""
    point, how = landing_point(target, heading, face)
    return point.neighbor(wind.downwind, wind_shift(wind.speed)), how, point


def too_many_gliders(hexes: Iterable[Hex]) -> set[Hex]:
    """Hexes where more than two gliders landed this turn (III.E)."""
    return {h for h, n in Counter(hexes).items() if n > GLIDERS_PER_HEX}


def _want(cond: bool, msg: str) -> None:
    if not cond:
        raise ActionError(msg)


@register
class GliderLanding(Procedure):
    """The glider landings of one turn's Air Phase (PL III).

    Params: ``turn``; ``wind`` (default: the wind rolled for the turn); ``gliders`` [{"id",
    "target", "heading" (N..NW), "load": {"id", "type", "battery"}}].
    """

    name = "panzer_leader.gliders"
    title = "Glider landing (Panzer Leader)"
    systems = ("panzer_leader",)

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        m = state.scenario.map
        extra = set(params) - {"turn", "wind", "gliders"}
        _want(not extra, f"unknown parameter(s): {', '.join(sorted(extra))}")
        turn = turn_of(params)
        wind = current_wind(state, params, turn)
        raw = params.get("gliders")
        if not isinstance(raw, list) or not 1 <= len(raw) <= 24:
            raise ActionError("gliders must list 1..24 gliders")
        gliders = []
        events: list[ev.Event] = [ev.info("PL III.F", f"turn {turn}: wind {wind.describe()}: gliders shift {wind_shift(wind.speed)} hex(es) toward {DIRECTION_NAMES[wind.downwind]}")]
        for g in raw:
            _want(isinstance(g, Mapping) and set(g) <= {"id", "target", "heading", "load"} and {"id", "target", "heading"} <= set(g), 'each glider is {"id", "target", "heading", "load"}')
            _want(isinstance(g["id"], str) and 1 <= len(g["id"]) <= 24, "a glider id is short text")
            _want(g["heading"] in DIRECTION_NAMES, f"heading must be one of {', '.join(DIRECTION_NAMES)}")
            try:
                target = m.parse(str(g["target"]))
                load = Platoon.from_data(g.get("load", {"id": g["id"]}))
            except (HexNameError, ForceError) as e:
                raise ActionError(f"glider {g['id']}: {e}") from None
            heading = DIRECTION_NAMES.index(g["heading"])
            tname, entry = m.name(target), m.name(entry_hex(m, target, heading))
            what = "an artillery battery" if load.battery else "a platoon"
            events.append(ev.info("PL III.A / III.C", f"glider {g['id']} ({what}: {load.type}) enters at {entry} heading {g['heading']} along the hex row of {tname}", (entry, tname)))
            note = check_against_plan(state, turn, "glider", tname)
            if note is not None:
                events.append(note)
            gliders.append({"id": g["id"], "target": tname, "heading": heading, "load": load.type, "battery": load.battery})
        ids = [g["id"] for g in gliders]
        _want(len(set(ids)) == len(ids), "glider ids must be unique")
        data = {"turn": turn, "wind": wind.to_data(), "gliders": gliders, "i": 0, "results": []}
        return StepResult(ProcState(self.name, "aa", data), tuple(events))

    def prompt(self, state: GameState, proc: ProcState) -> Prompt:
        g = proc.data["gliders"][proc.data["i"]]
        if proc.step == "aa":
            return Prompt("choice", "PL III.D / I.G", f"Anti-aircraft fire on glider {g['id']} (enter the standard PL result)", None, AA_RESULTS)
        return Prompt("roll", "PL III.F.1", f"Landing die for glider {g['id']} targeted on {g['target']}", dr("landing"))

    def choose(self, state: GameState, proc: ProcState, choice: str) -> StepResult:
        data = dict(proc.data)
        g = data["gliders"][data["i"]]
        if choice == "X":
            ev1 = ev.result("PL III.D", f"glider {g['id']} is eliminated by anti-aircraft fire with its {g['load']}")
            data["results"] = list(data["results"]) + [{"id": g["id"], "hex": None, "status": "eliminated", "dispersed": False}]
            return self._next(state, data, [ev1])
        data["aa"] = choice
        text = "no effect" if choice == "no effect" else "D: the glider's load will land dispersed"
        return StepResult(ProcState(self.name, "land", data), (ev.info("PL III.D", f"anti-aircraft fire on glider {g['id']}: {text}"),))

    def roll(self, state: GameState, proc: ProcState, roll: Roll) -> StepResult:
        m = state.scenario.map
        data = dict(proc.data)
        g = data["gliders"][data["i"]]
        wind = Wind.from_data(data["wind"])
        face = roll.values[0]
        final, how, point = glider_landing(m.parse(g["target"]), int(g["heading"]), face, wind)
        pname, fname = m.name(point), m.name(final)
        shift = wind_shift(wind.speed)
        events = [
            ev.roll(f"PL III.F.1 ({face})", f"landing die {face} for glider {g['id']}"),
            ev.result(f"PL III.F.1 ({face})", f"{how}: {pname}", (g["target"], pname)),
            ev.result(f"PL III.F.2 ({wind.speed})", f"shifted {shift} hex{'es' if shift > 1 else ''} downwind ({DIRECTION_NAMES[wind.downwind]}): {fname}", (pname, fname)),
        ]
        dispersed = data.pop("aa", "no effect") == "D"
        if m.in_play(final):
            rec = {"id": g["id"], "hex": fname, "status": "landed", "dispersed": dispersed}
        else:
            events.append(ev.result("PL III.F.2 (off the board)", f"glider {g['id']} lands off the board: lost with its {g['load']}"))
            rec = {"id": g["id"], "hex": None, "status": "lost", "dispersed": False}
        data["results"] = list(data["results"]) + [rec]
        return self._next(state, data, events)

    def _next(self, state: GameState, data: dict[str, Any], events: list[ev.Event]) -> StepResult:
        data["i"] = int(data["i"]) + 1
        if data["i"] < len(data["gliders"]):
            return StepResult(ProcState(self.name, "aa", data), tuple(events))
        m = state.scenario.map
        results = data["results"]
        over = sorted(m.name(h) for h in too_many_gliders(m.parse(r["hex"]) for r in results if r["status"] == "landed"))
        for n in over:
            count = sum(1 for r in results if r["hex"] == n)
            events.append(ev.result("PL III.E", f"{count} gliders land in {n}, more than two: every friendly unit in {n} is dispersed", (n,)))
        results = [dict(r, dispersed=True) if r["hex"] in over else r for r in results]
        landed = sum(1 for r in results if r["status"] == "landed")
        events.append(ev.result("PL III", f"turn {data['turn']}: {landed} of {len(results)} gliders landed"))
        outcome = {"procedure": self.name, "turn": data["turn"], "wind": data["wind"], "gliders": results, "dispersed_hexes": over}
        return StepResult(None, tuple(events), outcome=outcome)

"""Paratroop rules (seed 001, II): drops by sticks, drift, jump survival, landing among the enemy.

* II.B: one platoon per plane load, dropped by sticks; at most two full platoons targeted per hex.
* II.C: one die per target hex per turn on the Drift Pattern Chart (wind speed × die → A..R); the
  letter's Drift Diagram says how many sticks may land in the target hex and in each hex
  downwind of it (reading: docs/rules-notes.md). Sticks always drift downwind; off the board →
  lost; more than two platoons' worth in one hex → every friendly unit there dispersed (I.F).
* II.D: each stick rolls on the Jump Survival Chart by terrain: X eliminated, D dispersed, -.
* II.E: sticks landing among enemy units are attacked at once by every undispersed enemy unit
  there that did not fire in this turn's anti-aircraft segment (resolved with the PL CRT).
* II.F: no movement on the drop turn. II.G: minefield attacks. II.H: forming whole platoons.

Pure functions for each step; :class:`Paradrop` strings them together; :mod:`.odds` enumerates
the dice through the same functions.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from .. import events as ev
from ..boards import HexMap, HexNameError
from ..dice import Roll, dr
from ..game import ActionError, GameState, ProcState, Procedure, Prompt, StepResult, register
from ..hexes import DIRECTION_NAMES, Hex
from ..tables import load_table
from ..terrain import Terrain
from .forces import EnemyUnit, ForceError, Platoon
from .plan import check_against_plan
from .wind import current_wind, turn_of, Wind

__all__ = [
    "ParadropError",
    "sticks_per_platoon",
    "drift_letter",
    "drift_pattern",
    "pattern_hexes",
    "stick_landings",
    "survival_row",
    "jump_survival",
    "overstacked",
    "attackers",
    "LandedStick",
    "form_platoons",
    "Paradrop",
]


class ParadropError(ValueError):
    """A paradrop plan breaks the rules."""


def _table() -> dict[str, Any]:
    return load_table("pl_paradrop")


def sticks_per_platoon() -> int:
    """Sticks in a full platoon (4: pattern A puts 8 sticks, two platoons, in the target hex)."""
    return int(_table()["sticks_per_platoon"])


def hex_limit() -> int:
    """Most sticks that may land in one hex: two platoons' worth (I.F, II.C)."""
    t = _table()
    return int(t["sticks_per_platoon"]) * int(t["platoons_per_hex"])


# ---------------------------------------------------------------------------- II.C drift
def drift_letter(speed: str, face: int) -> str:
    """Drift Pattern Chart: the pattern letter for a wind speed and a die (II.C)."""
    chart = _table()["chart"]
    if speed not in chart:
        raise ParadropError(f"wind speed must be one of {', '.join(chart)}, not {speed!r}")
    if not 1 <= face <= 6:
        raise ParadropError(f"the drift die shows 1..6, not {face}")
    return str(chart[speed][face - 1])


def drift_pattern(letter: str) -> tuple[int, ...]:
    """The Drift Diagram of a letter as Airhead reads it: most sticks per hex, target hex first,
    then each hex further downwind."""
    pattern = _table()["pattern"]
    if letter not in pattern:
        raise ParadropError(f"no drift diagram {letter!r} (A..R)")
    return tuple(int(c) for c in pattern[letter])


def pattern_hexes(target: Hex, wind: Wind, letter: str) -> list[tuple[Hex, int]]:
    """Each hex of the letter's pattern laid downwind of ``target``, with its most sticks."""
    return [(target.neighbor(wind.downwind, i), cap) for i, cap in enumerate(drift_pattern(letter))]


def stick_landings(target: Hex, wind: Wind, letter: str, sticks: int) -> list[Hex]:
    """Where each of ``sticks`` sticks lands, in jump order: they fill the pattern's hexes in
    order up to each hex's number; sticks beyond the pattern's total continue downwind, one per
    hex."""
    out: list[Hex] = []
    pattern = pattern_hexes(target, wind, letter)
    for h, cap in pattern:
        for _ in range(cap):
            if len(out) == sticks:
                return out
            out.append(h)
    i = len(pattern)
    while len(out) < sticks:
        out.append(target.neighbor(wind.downwind, i))
        i += 1
    return out


def overstacked(hexes: Iterable[Hex], limit: int | None = None) -> set[Hex]:
    """Hexes where more than two platoons' worth of sticks landed (I.F, II.C)."""
    cap = hex_limit() if limit is None else limit
    return {h for h, n in Counter(hexes).items() if n > cap}


# ---------------------------------------------------------------------------- II.D survival
def survival_row(terrain: Terrain, h: Hex) -> str:
    """The Jump Survival Chart row of a hex: by water kind (a stream is Stream, other water Sea),
    else by terrain type (``terrain_rows`` of the table; unknown types read as Clear)."""
    t = terrain.at(h)
    table = _table()
    if t.water is not None:
        return str(table["water_rows"].get(t.water.kind, "Sea"))
    return str(table["terrain_rows"].get(t.terrain, "Clear"))


def jump_survival(row: str, face: int) -> str:
    """Paratroop Jump Survival Chart: ``X`` eliminated, ``D`` dispersed, ``-`` no effect."""
    chart = _table()["survival"]
    if row not in chart:
        raise ParadropError(f"no Jump Survival Chart row {row!r}")
    if not 1 <= face <= 6:
        raise ParadropError(f"the survival die shows 1..6, not {face}")
    return str(chart[row][face - 1])


# ---------------------------------------------------------------------------- II.E, II.H
def attackers(enemy: Sequence[EnemyUnit], hexname: str) -> list[EnemyUnit]:
    """Enemy units in the hex that attack landing paratroops at once: undispersed and not fired
    in this turn's anti-aircraft segment (II.E)."""
    return [e for e in enemy if e.hex == hexname and not e.dispersed and not e.fired_aa]


@dataclass(frozen=True)
class LandedStick:
    """A stick on the map: its type, hex, the turn it landed and whether it is dispersed."""

    id: str
    type: str
    hex: str
    turn: int
    dispersed: bool = False


def form_platoons(sticks: Sequence[LandedStick], enemy_hexes: Iterable[str], turn: int) -> list[tuple[str, str, list[str]]]:
    """Platoons that may form at the start of friendly turn ``turn`` (II.H): undispersed sticks of
    the same type, not landed this turn, in a hex free of enemy units; any plane loads mix.

    Returns ``(hex, type, stick ids)`` for each whole platoon that can form.
    """
    per = sticks_per_platoon()
    blocked = set(enemy_hexes)
    pools: dict[tuple[str, str], list[str]] = {}
    for s in sticks:
        if s.dispersed or s.turn >= turn or s.hex in blocked:
            continue
        pools.setdefault((s.hex, s.type), []).append(s.id)
    out = []
    for (h, typ), ids in sorted(pools.items()):
        for k in range(len(ids) // per):
            out.append((h, typ, ids[k * per:(k + 1) * per]))
    return out


# ---------------------------------------------------------------------------- the procedure
def _want(cond: bool, msg: str) -> None:
    if not cond:
        raise ActionError(msg)


def _hexname(m: HexMap, name: Any) -> str:
    try:
        return m.name(m.parse(str(name)))
    except HexNameError as e:
        raise ActionError(str(e)) from None


@register
class Paradrop(Procedure):
    """The paradrops of one turn's Air Phase (PL II).

    Params: ``turn``; ``wind`` {"from", "speed"} (default: the wind rolled for the turn);
    ``drops`` [{"target": "A/e5", "platoons": [{"id", "type", "sticks"}]}]; ``enemy``
    [{"id", "hex", "dispersed", "fired_aa"}].
    """

    name = "panzer_leader.paradrop"
    title = "Paradrop (Panzer Leader)"
    systems = ("panzer_leader",)

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        m = state.scenario.map
        extra = set(params) - {"turn", "wind", "drops", "enemy"}
        _want(not extra, f"unknown parameter(s): {', '.join(sorted(extra))}")
        turn = turn_of(params)
        wind = current_wind(state, params, turn)
        drops = params.get("drops")
        if not isinstance(drops, list) or not 1 <= len(drops) <= 16:
            raise ActionError("drops must list 1..16 target hexes")
        per, limit = sticks_per_platoon(), hex_limit()
        done = {t for o in state.outcomes if o.get("procedure") == self.name and o.get("turn") == turn for t in o["patterns"]}
        targets: list[dict[str, Any]] = []
        events: list[ev.Event] = [ev.info("PL II.C", f"turn {turn}: wind {wind.describe()}; sticks drift toward {DIRECTION_NAMES[wind.downwind]}")]
        try:
            enemy = [EnemyUnit.from_data(e) for e in params.get("enemy", [])]
            for d in drops:
                _want(isinstance(d, Mapping) and set(d) == {"target", "platoons"}, 'each drop is {"target", "platoons"}')
                target = _hexname(m, d["target"])
                _want(all(t["target"] != target for t in targets), f"{target} is targeted twice: drift is determined once per target hex (PL II.C)")
                _want(target not in done, f"drift for {target} was already determined this turn (PL II.C)")
                platoons = [Platoon.from_data(p, per) for p in d["platoons"]]
                sticks = [{"id": sid, "type": p.type, "platoon": p.id} for p in platoons for sid in p.stick_ids()]
                _want(0 < len(sticks) <= limit, f"{target}: at most two full platoons ({limit} sticks) may be targeted for one hex (PL II.B), not {len(sticks)}")
                targets.append({"target": target, "sticks": sticks})
                note = check_against_plan(state, turn, "paradrop", target)
                if note is not None:
                    events.append(note)
            for e in enemy:
                _hexname(m, e.hex)
        except (ForceError, TypeError, KeyError) as e:
            raise ActionError(str(e)) from None
        ids = [s["id"] for t in targets for s in t["sticks"]]
        _want(len(set(ids)) == len(ids), "stick ids must be unique (platoon ids repeat?)")
        data = {"turn": turn, "wind": wind.to_data(), "targets": targets, "ti": 0, "sticks": [], "si": 0,
                "patterns": {}, "enemy": [e.to_data() for e in enemy]}
        return StepResult(ProcState(self.name, "drift", data), tuple(events))

    def prompt(self, state: GameState, proc: ProcState) -> Prompt:
        d = proc.data
        wind = Wind.from_data(d["wind"])
        if proc.step == "drift":
            t = d["targets"][d["ti"]]
            return Prompt("roll", f"PL II.C Drift Pattern Chart ({wind.speed})", f"Drift die for the {len(t['sticks'])} sticks targeted on {t['target']}", dr("drift"))
        s = d["sticks"][d["si"]]
        return Prompt("roll", f"PL II.D Jump Survival Chart ({s['row']})", f"Jump survival die for stick {s['id']} in {s['hex']}", dr("survival"))

    def roll(self, state: GameState, proc: ProcState, roll: Roll) -> StepResult:
        m = state.scenario.map
        data = dict(proc.data)
        wind = Wind.from_data(data["wind"])
        face = roll.values[0]
        events: list[ev.Event] = []
        if proc.step == "drift":
            t = data["targets"][data["ti"]]
            target = m.parse(t["target"])
            letter = drift_letter(wind.speed, face)
            rule = f"PL II.C Drift Pattern Chart ({wind.speed}, {face})"
            events.append(ev.roll(rule, f"drift die {face} for {t['target']}"))
            named = [(m.name(h), cap) for h, cap in pattern_hexes(target, wind, letter)]
            events.append(ev.result(rule, f"pattern {letter}"))
            shown = ", ".join(f"{n} {c}" for n, c in named if c)
            events.append(ev.info(f"PL II.C Drift Diagram {letter}", f"most sticks per hex downwind from {t['target']} toward {DIRECTION_NAMES[wind.downwind]}: {shown}", [n for n, _ in named]))
            data["patterns"] = dict(data["patterns"], **{t["target"]: [[n, c] for n, c in named]})
            sticks = list(data["sticks"])
            for s, h in zip(t["sticks"], stick_landings(target, wind, letter, len(t["sticks"]))):
                name = m.name(h)
                if not m.in_play(h):
                    events.append(ev.result("PL II.C (off the board)", f"stick {s['id']} drifts off the board ({name}): lost", (t["target"],)))
                    sticks.append(dict(s, target=t["target"], hex=None, status="lost", dispersed=False))
                else:
                    events.append(ev.result(f"PL II.C Drift Diagram {letter}", f"stick {s['id']} lands in {name}", (name,)))
                    sticks.append(dict(s, target=t["target"], hex=name, status="landed", dispersed=False, row=survival_row(state.terrain, h)))
            data["sticks"] = sticks
            data["ti"] = int(data["ti"]) + 1
            if data["ti"] < len(data["targets"]):
                return StepResult(ProcState(self.name, "drift", data), tuple(events))
            return self._after_drift(state, data, events)
        s = dict(data["sticks"][data["si"]])
        res = jump_survival(s["row"], face)
        rule = f"PL II.D Jump Survival Chart ({s['row']}, {face})"
        events.append(ev.roll(rule, f"survival die {face} for stick {s['id']} in {s['hex']}"))
        if res == "X":
            s["status"] = "eliminated"
            events.append(ev.result(rule, f"X: stick {s['id']} is eliminated", (s["hex"],)))
        elif res == "D":
            s["dispersed"] = True
            events.append(ev.result(rule, f"D: stick {s['id']} is dispersed", (s["hex"],)))
        else:
            events.append(ev.result(rule, f"-: no effect on stick {s['id']}", (s["hex"],)))
        sticks = list(data["sticks"])
        sticks[data["si"]] = s
        data["sticks"] = sticks
        return self._next_survival(state, data, int(data["si"]) + 1, events)

    def _after_drift(self, state: GameState, data: dict[str, Any], events: list[ev.Event]) -> StepResult:
        m = state.scenario.map
        landed = [s for s in data["sticks"] if s["status"] == "landed"]
        over = overstacked(m.parse(s["hex"]) for s in landed)
        names = sorted(m.name(h) for h in over)
        for n in names:
            count = sum(1 for s in landed if s["hex"] == n)
            events.append(ev.result("PL I.F / II.C (two platoons per hex)", f"{count} sticks land in {n}, more than two platoons' worth: every friendly unit in {n} is dispersed", (n,)))
        data["sticks"] = [dict(s, dispersed=True) if s["hex"] in names else s for s in data["sticks"]]
        data["dispersed_hexes"] = names
        return self._next_survival(state, data, 0, events)

    def _next_survival(self, state: GameState, data: dict[str, Any], start: int, events: list[ev.Event]) -> StepResult:
        sticks = data["sticks"]
        i = start
        while i < len(sticks) and sticks[i]["status"] != "landed":
            i += 1
        if i < len(sticks):
            data["si"] = i
            return StepResult(ProcState(self.name, "survival", data), tuple(events))
        return self._finish(state, data, events)

    def _finish(self, state: GameState, data: dict[str, Any], events: list[ev.Event]) -> StepResult:
        m = state.scenario.map
        enemy = [EnemyUnit.from_data(e) for e in data["enemy"]]
        alive = [s for s in data["sticks"] if s["status"] == "landed"]
        for hexname in sorted({s["hex"] for s in alive}):
            here = [s["id"] for s in alive if s["hex"] == hexname]
            att = attackers(enemy, hexname)
            if att:
                events.append(ev.result("PL II.E", f"sticks {', '.join(here)} landed among enemy units in {hexname}: attacked at once by {', '.join(e.id for e in att)} (resolve with the PL CRT)", (hexname,)))
            elif any(e.hex == hexname for e in enemy):
                events.append(ev.info("PL II.E", f"enemy units in {hexname} are dispersed or fired in the anti-aircraft segment: no immediate attack", (hexname,)))
            mines = state.terrain.at(m.parse(hexname)).minefield
            if mines:
                events.append(ev.info("PL II.G", f"sticks in {hexname} landed on mines: minefield attack (strength {mines}) at the appropriate time in the turn sequence", (hexname,)))
        lost = sum(1 for s in data["sticks"] if s["status"] == "lost")
        elim = sum(1 for s in data["sticks"] if s["status"] == "eliminated")
        disp = sum(1 for s in alive if s["dispersed"])
        events.append(ev.result("PL II", f"turn {data['turn']}: {len(alive)} sticks down ({disp} dispersed), {lost} lost off the board, {elim} eliminated"))
        events.append(ev.info("PL II.F / II.H", "sticks dropped this turn may not move (they may join CAT attacks without the -2 DRM) and may form whole platoons from a later friendly turn"))
        sticks = [{k: v for k, v in s.items() if k != "row"} for s in data["sticks"]]
        outcome = {"procedure": self.name, "turn": data["turn"], "wind": data["wind"], "patterns": data["patterns"],
                   "sticks": sticks, "dispersed_hexes": data.get("dispersed_hexes", [])}
        return StepResult(None, tuple(events), outcome=outcome)

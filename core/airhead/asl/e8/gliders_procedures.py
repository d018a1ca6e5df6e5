"""The ASL E8 glider landing procedure (``asl.glider_landing``): one glider from its ILH to its
Passengers on the board, prompt by prompt.

It strings together the rule functions of :mod:`.gliders` (each named for its rule: E8.1 ...
E8.41) and waits for every Light AA decision, roll and choice; the planner's odds and heatmap
come from :mod:`.gliders_odds`, through the same functions and the same settings. The steps
after the glider is down (the sealed manifest, Random Selection, the AFPh) and the procedure's
data (:class:`~.gliders_afph.Glider`) are in :mod:`.gliders_afph`.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...frozen import replace
from ... import events as ev
from ...boards import player_name
from ...dice import DR, Roll, dr
from ...errors import ActionError, DataError
from ...events import Event
from ...fields import Field, Schema
from ...hexes import Hex, asl_direction
from ...terrain import Terrain
from ...plug import (
    GameState,
    Odds,
    ProcState,
    Prompt,
    Step,
    StepResult,
    View,
)
from .gliders import (
    AA_FIELDS,
    AAFirer,
    blind_hex,
    check_manifest,
    check_weather,
    crash_drm,
    crash_effect,
    glider_capacity,
    hazard,
    landing_drm,
    landing_hex,
    light_aa_result,
    retains_rof,
    table,
)
from .gliders_occupants import occupied_terrain
from .gliders_passengers import PASSENGER_FIELDS, Passenger
from .gliders_afph import BLIND, MANIFEST_LABEL, Glider, GliderAFPh, manifest_label, side_of
from .gliders_odds import Conditions, plan_heatmap, plan_odds
from ..e1.night import is_night
from ..sight import along_grain
from .random_location import random_location

__all__ = ["GliderLanding", "NO_MORE_AA", "FINAL_FIRE", "MINEFIELD", "BLIND_RULING"]


NO_MORE_AA = "no more AA fire"
FINAL_FIRE = ("no Final Fire", "Final Fire: Damaged", "Final Fire: eliminated")
MINEFIELD = ("minefield: no effect", "minefield: Damaged", "minefield: eliminated")
BLIND_RULING = ("Blind Hex: yes", "Blind Hex: no")


def _terrain(state: GameState, facing: int) -> Terrain:
    """The terrain E8 reads: the game's, with the units occupying hexes (E8.23), every hex's
    Obstacles read along the Avenue's hex grain through its centre on imported boards
    (:func:`.sight.along_grain`; a painted map's hexes are read whole)."""
    return occupied_terrain(along_grain(state, state.terrain, facing), state.counters)


class GliderLanding(GliderAFPh):
    """One glider from its ILH to its Passengers on the board (E8.2–E8.41).

    Params: ``ilh`` (hex), ``wind`` (ASL Wind Direction 1..6 or N..NW the glider faces; default
    the scenario's ``wind`` setting), ``nationality`` (German, U.S., British), ``passengers``
    (manifest, in the open; or none, with the manifest sealed beforehand: it is revealed in the
    AFPh), ``aa`` (Light AA firers: name, kill, rof, drm), ``night``, ``gusts`` (default: the
    scenario's night and Gusty weather), ``damaged``, ``blind`` (:data:`BLIND`), ``name`` (the
    glider's label).
    """

    name = "asl.glider_landing"
    start_work = 60  # the approach planned: ~0.1 ms of CPython (tools/work_calibrate.py)
    step_work = 250  # a roll or choice reads the E8 DRMs of many hexes: ~0.25 ms of CPython (tools/work_calibrate.py)
    title = "Glider landing (E8)"
    seal_label = MANIFEST_LABEL
    params = Schema((
        Field("name", "Glider", "text", lo=1, hi=24, default="glider"),
        Field("ilh", "Intended Landing Hex (ILH)", "hex", offboard=True, rule="E8.2",
              help="tap Pick, then a hex; it may lie beyond the board's edge (E8.221)"),
        Field("wind", "Wind Direction (the glider faces it)", "direction", style="asl", rule="E8.2"),
        Field("nationality", "Nationality", "choice", choices=tuple(table()["capacity_pp"]), default="U.S.", rule="E8.1"),
        Field("passengers", "Passengers", "list", hi=12, default=[], rule="E8.1", secret=True,
              help="secret until the AFPh", item=Field("passengers", "Passenger", "record", fields=PASSENGER_FIELDS)),
        Field("aa", "Light AA you expect", "list", hi=8, default=[], rule="E8.21",
              item=Field("aa", "Light AA weapon", "record", fields=AA_FIELDS)),
        Field("night", "Night landing", "bool", default=False, rule="E8.23"),
        Field("gusts", "Landing during Gusts", "bool", default=False, rule="E8.23 (B25.65)",
              help="Gusts are an event of the Player Turn; the scenario's Gusty weather fills it in"),
        Field("damaged", "Already Damaged", "bool", default=False, rule="E8.41"),
        Field("blind", "Blind Hex where it lands", "choice", choices=BLIND, default=BLIND[0], rule="E8.23 (E7.25)",
              help="the app reads Blind Hexes from the map; overrule it where your map's artwork says otherwise"),
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        """The Wind Direction, night and Gusts come from the scenario unless the plan says
        otherwise (night: E1.1, read by :func:`.night.is_night`; Gusts: its weather is Gusty)."""
        wind = state.settings.get("wind")
        return {"wind": None if wind is None else asl_direction(wind), "night": is_night(state),
                "gusts": state.settings.get("weather") == "Gusty"}

    def sealed_plan(self, params: Mapping[str, Any]) -> tuple[str, Any]:
        """E8.1: a sealed manifest is the glider's name and its Passengers (every field filled in),
        sealed by the glider's side; the landing is then started without them."""
        name = str(params.get("name") or "glider")
        side = side_of(str(params.get("nationality") or "U.S."))
        passengers = []
        for i, x in enumerate(params.get("passengers") or ()):
            try:
                passengers.append(Passenger.from_data(x).to_data())
            except DataError as e:  # name the form's field: passengers.<row>.<field>
                raise DataError(str(e), f"passengers.{i}" + (f".{e.path}" if e.path else "")) from None
        return side, {"glider": name, "passengers": passengers}

    def seal_label_for(self, params: Mapping[str, Any]) -> str:
        """The label one glider's manifest is sealed under (so several can be sealed at once)."""
        return manifest_label(str(params.get("name") or "glider"))

    def describe_params(self, params: Mapping[str, Any]) -> str:
        """Log text for the start action: the manifest stays secret until the AFPh (E8.1)."""
        bits = [f"{params.get('name', 'glider')} in ILH {params.get('ilh')}"]
        if "wind" in params:
            bits.append(f"facing {params['wind']}")
        n = len(params.get("passengers", []) or [])
        if n:
            bits.append(f"{n} Passengers (secret until the AFPh)")
        if params.get("gusts") is not None:
            bits.append("during Gusts" if params["gusts"] else "no Gusts")
        if params.get("blind", BLIND[0]) != BLIND[0]:
            bits.append(f"Blind Hex: {params['blind']}")
        return ", ".join(bits)

    # -- start -----------------------------------------------------------------------------
    def conditions(self, state: GameState, p: Mapping[str, Any]) -> Conditions:
        """Night, Gusts, Damaged and the Blind Hex ruling of a plan (read, possibly incomplete:
        what it leaves out comes from the scenario, as :meth:`fallbacks` says) and the scenario's
        E8.21 setting: the one reading the procedure, the odds and the heatmap share."""
        fb = self.fallbacks(state)
        return Conditions(
            night=bool(p.get("night", fb["night"])),
            gusts=bool(p.get("gusts", fb["gusts"])),
            damaged=bool(p.get("damaged", False)),
            blind={"yes": True, "no": False}.get(str(p.get("blind", BLIND[0]))),
            below_kill=str(state.settings["e8_aa_below_kill"]),
        )

    def plan(self, state: GameState, p: Mapping[str, Any]) -> Glider:
        """The glider a plan describes, checked against E8.1 (weather, capacity)."""
        check_weather(str(state.settings["weather"]))
        passengers = tuple(Passenger(**x) for x in p["passengers"])
        firers = tuple(AAFirer(**x) for x in p["aa"])
        check_manifest(p["nationality"], passengers)
        c = self.conditions(state, p)
        return Glider(p["name"], p["nationality"], passengers, firers, p["wind"], c.night, (p["ilh"],),
                      tuple(True for _ in firers), c.damaged, gusts=c.gusts, blind=p["blind"])

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        g = self.plan(state, params)
        m = state.scenario.map
        side = side_of(g.nationality)
        label = next((lb for lb in (manifest_label(g.name), MANIFEST_LABEL) if state.sealed(side, lb)), "")
        if label and g.passengers:
            raise ActionError(f"E8.1: the manifest of {g.name} is sealed ({side}, {label}): start the landing without its "
                              "Passengers (they stay secret until the AFPh, when the manifest is revealed)")
        if label:
            g = replace(g, sealed=state.sealed(side, label) or "", manifest=label)
            manifest = f"manifest sealed ({g.sealed}): revealed in the AFPh"
        else:
            manifest = f"manifest {sum(x.pp for x in g.passengers)}/{glider_capacity(g.nationality)} PP"
        ilh_name = m.name(g.ilh)
        avenue = g.approach(m).avenue()
        events = [
            ev.info("E8.1", f"{g.name}: {g.nationality} glider, {manifest}, weather {state.settings['weather']}"),
            ev.info("E8.2", f"{g.name} placed in ILH {m.label(g.ilh)} facing Wind Direction {asl_direction(g.facing)}; "
                    f"Avenue of Approach {', '.join(m.label(h) for h in avenue)}", [ilh_name] + [m.name(h) for h in avenue]),
        ]
        assembled = sum(1 for x in g.passengers if x.kind in ("sw", "gun") and not x.dm)
        if assembled:  # counted, not named: the manifest stays secret until the AFPh
            events.insert(1, ev.info("E8.1", f"{assembled} SW/Gun(s) aboard not dismantled: all SW/Guns in a glider must be dm if possible"))
        return self._after_placement(g, events)

    def _after_placement(self, g: Glider, events: list[Event]) -> StepResult:
        if any(g.fire_left):
            return StepResult(ProcState(self.name, "aa", g), tuple(events))
        return StepResult(ProcState(self.name, "landing", g), tuple(events))

    # -- the steps: what each waits for, and what takes the answer -------------------------
    def _ask_aa(self, state: GameState, g: Glider) -> Prompt:
        opts = tuple(f"{f.name} fires" for f, left in zip(g.aa, g.fire_left) if left) + (NO_MORE_AA,)
        return Prompt("choice", "E8.21", f"Light AA fire at {g.name} in ILH {state.scenario.map.label(g.ilh)}", options=opts)

    def _aa_chosen(self, state: GameState, g: Glider, choice: str) -> StepResult:
        if choice == NO_MORE_AA:
            events = [ev.info("E8.21", f"no more Light AA fire at {g.name} in {state.scenario.map.label(g.ilh)}")]
            return StepResult(ProcState(self.name, "evasive" if g.evasive_due else "landing", g), tuple(events))
        firer = choice[: -len(" fires")]
        i = next(i for i, f in enumerate(g.aa) if f.name == firer)
        return StepResult(ProcState(self.name, "aa_dr", replace(g, firing=i)))

    def _ask_aa_dr(self, state: GameState, g: Glider) -> Prompt:
        assert g.firing is not None
        return Prompt("roll", "E8.21", f"Light AA DR by {g.aa[g.firing].name} at {g.name}", DR)

    def _ask_evasive(self, state: GameState, g: Glider) -> Prompt:
        return Prompt("roll", "E8.211", f"Evasive Action Random Location DR from {state.scenario.map.label(g.ilh)}", DR)

    def _ask_landing(self, state: GameState, g: Glider) -> Prompt:
        return Prompt("roll", "E8.22", f"Landing DR for {g.name} in ILH {state.scenario.map.label(g.ilh)}", DR)

    def _landed(self, state: GameState, g: Glider) -> str:
        return state.scenario.map.label(g.landed) if g.landed is not None else ""

    def _ask_blind(self, state: GameState, g: Glider) -> Prompt:
        m = state.scenario.map
        landed = self._landed(state, g)
        sight = blind_hex(_terrain(state, g.facing), g.approach(m), g.k)
        reading = "; ".join(sight.explain(m.label)) if sight.looks else f"{landed} is seen"
        return Prompt("choice", "E8.23", f"Is {landed} a Blind Hex as seen along the Avenue of Approach? "
                      f"The map reads: {reading}", options=BLIND_RULING)

    def _blind_ruled(self, state: GameState, g: Glider, choice: str) -> StepResult:
        ruling = choice == BLIND_RULING[0]
        events = [ev.info("E8.23", f"the players rule {self._landed(state, g)} {'a Blind Hex' if ruling else 'not a Blind Hex'}")]
        return StepResult(ProcState(self.name, "crash", replace(g, ruling=ruling)), tuple(events))

    def _ask_minefield(self, state: GameState, g: Glider) -> Prompt:
        return Prompt("choice", "E8.232", f"Minefield attack on {g.name} as an entering truck", options=MINEFIELD)

    def _minefield_chosen(self, state: GameState, g: Glider, choice: str) -> StepResult:
        effect = {MINEFIELD[0]: "safe", MINEFIELD[1]: "damaged", MINEFIELD[2]: "eliminated"}[choice]
        events = [ev.result("E8.232", f"minefield attack: {choice.split(': ')[1]}")]
        return self._crash_or_damage(state, g, effect, events, then="crash")

    def _ask_crash(self, state: GameState, g: Glider) -> Prompt:
        return Prompt("roll", "E8.23", f"Crash dr for {g.name} in {self._landed(state, g)}", dr("Crash dr"))

    def _ask_final_fire(self, state: GameState, g: Glider) -> Prompt:
        return Prompt("choice", "E8.3", f"DEFENDER's Final Fire at the landed {g.name} in {self._landed(state, g)}",
                      options=FINAL_FIRE)

    def _final_fire_chosen(self, state: GameState, g: Glider, choice: str) -> StepResult:
        if choice == FINAL_FIRE[0]:
            return self._afph(state, g, [ev.info("E8.3", f"no Final Fire at {g.name}")])
        effect = "damaged" if choice == FINAL_FIRE[1] else "eliminated"
        events = [ev.result("E8.3", f"Final Fire (as a truck, cs# 7; Immobilization counts as Damage): {effect}")]
        return self._crash_or_damage(state, g, effect, events, then="afph")

    def _light_aa(self, state: GameState, g: Glider, roll: Roll) -> StepResult:
        """E8.21: one Light AA DR against the ★ Vehicle Kill Number."""
        assert g.firing is not None
        i, f = g.firing, g.aa[g.firing]
        aerial = int(table()["aerial_drm"])
        final = roll.total + aerial + f.drm
        events = [ev.roll("E8.21", f"Light AA by {f.name}: Original {roll.describe()}")]
        events.append(ev.modifier("E8.21", aerial, "glider's Aerial DRM"))
        if f.drm:
            events.append(ev.modifier("E8.21", f.drm, f"{f.name}'s other DRM"))
        res = light_aa_result(final, f.kill, str(state.settings["e8_aa_below_kill"]))
        keep = retains_rof(roll.value("colored"), f.rof)
        g = replace(g, fire_left=g.fire_left[:i] + (keep,) + g.fire_left[i + 1:], firing=None)
        text = {
            "no effect": "no effect",
            "evasive": "one more than the Kill Number: Evasive Action",
            "damaged": "equals the Kill Number: Damaged, then Evasive Action",
            "eliminated": "below the Kill Number: the glider is shot down with all aboard",
        }[res]
        events.append(ev.result("E8.21", f"Final DR {final} vs ★ Vehicle Kill Number {f.kill}: {text}"))
        events.append(ev.info("E8.21", f"{f.name} {'retains' if keep else 'has no'} Multiple ROF (colored dr {roll.value('colored')}, ROF {f.rof})"))
        if res == "eliminated":
            return self._finish(state, g, "eliminated", events, None)
        if res == "damaged":
            if g.damaged:
                events.append(ev.result("E8.41", f"{g.name} was already Damaged: eliminated with all aboard"))
                return self._finish(state, g, "eliminated", events, None)
            g = replace(g, damaged=True)
            events.append(ev.result("E8.21", f"{g.name} is Damaged (Wound counter)"))
        if res in ("damaged", "evasive"):
            g = replace(g, evasive_due=True)
        if not any(g.fire_left):
            events.append(ev.info("E8.21", "no Light AA able to fire remains"))
            return StepResult(ProcState(self.name, "evasive" if g.evasive_due else "landing", g), tuple(events))
        return StepResult(ProcState(self.name, "aa", g), tuple(events))

    def _evasive(self, state: GameState, g: Glider, roll: Roll) -> StepResult:
        """E8.211: Evasive Action moves the ILH by a Random Location DR; the grain never changes."""
        m = state.scenario.map
        colored, white = roll.value("colored"), roll.value("white")
        new = random_location(g.ilh, colored, white)
        off = "" if m.in_play(new) else (" (E8.221)" if m.label(new) != m.name(new) else " (offboard: E8.221)")
        g = replace(g, ilhs=g.ilhs + (new,), evasive_due=False)
        avenue = g.approach(m).avenue()
        text = (f"{white} hex{'es' if white > 1 else ''} in direction {colored}: new ILH {m.label(g.ilhs[-2])} -> {m.label(new)}{off}; "
                f"Avenue of Approach {', '.join(m.label(h) for h in avenue)}")
        events = [
            ev.roll("E8.211", f"Evasive Action Random Location {roll.describe()}"),
            ev.result("E8.211", text, [m.name(g.ilhs[-2]), m.name(new)] + [m.name(h) for h in avenue]),
        ]
        return self._after_placement(g, events)

    def _landing(self, state: GameState, g: Glider, roll: Roll) -> StepResult:
        """E8.22: the Landing DR; E8.221 offboard terrain; E8.232 hazards of the landing hex."""
        m = state.scenario.map
        appr = g.approach(m)
        terrain = _terrain(state, g.facing)
        drm, mods = landing_drm(terrain, appr)
        colored, white = roll.value("colored"), roll.value("white")
        final = colored + drm
        k, text = landing_hex(appr, final, white)
        real = appr.hex_at(k)
        landed, shown = m.name(real), m.label(real)
        events = [ev.roll("E8.22", f"Landing {roll.describe()}")] + mods
        where = shown if k == 0 or m.in_play(real) or shown != landed else f"{shown} (offboard)"
        events.append(ev.result("E8.22", f"Final colored dr {final}, white dr {white}: {text}: lands in {where}", [landed]))
        eq = appr.equivalent(k)
        if not m.in_play(real):
            events.append(ev.info("E8.221", f"offboard landing hex {shown} uses the terrain of {m.label(eq)}", [m.name(eq)]))
        kind, why = hazard(terrain, appr, k)
        g = replace(g, k=k, landed=real, bridge=kind == "bridge")
        if kind == "eliminated":
            events.append(ev.result("E8.232", f"{g.name} {why}: eliminated with all its contents", [landed]))
            return self._finish(state, g, "eliminated", events, None)
        if kind == "bridge":
            events.append(ev.info("E8.232", f"{g.name} {why}", [landed]))
        if kind == "minefield":
            events.append(ev.info("E8.232", f"{g.name} {why}", [landed]))
            return StepResult(ProcState(self.name, "minefield", g), tuple(events))
        return self._to_crash(g, events)

    def _to_crash(self, g: Glider, events: list[Event]) -> StepResult:
        """On to the Crash dr, asking the players first whether the landing hex is Blind when the
        plan says so (E8.23 / E7.25)."""
        step = "blind" if g.blind == BLIND[1] and g.ruling is None else "crash"
        return StepResult(ProcState(self.name, step, g), tuple(events))

    def _crash(self, state: GameState, g: Glider, roll: Roll) -> StepResult:
        """E8.23: the Crash dr and its drm."""
        assert g.landed is not None
        appr = g.approach(state.scenario.map)
        drm, mods = crash_drm(
            _terrain(state, g.facing), appr, g.k, damaged=g.damaged, night=g.night,
            gusts=g.gusts, on_bridge=g.bridge, blind=g.blind_ruling,
            types={t: v.label for t, v in state.system.terrain_types.items()},
        )
        final = roll.total + drm
        effect = crash_effect(final)
        events = [ev.roll("E8.23", f"Crash {roll.describe()}")] + mods
        text = {"safe": "≤ 6: lands safely", "damaged": "7: crashes and is Damaged (E8.24)", "eliminated": "≥ 8: crashes and is eliminated with all its contents, replaced by an unarmed truck wreck (E8.24)"}[effect]
        events.append(ev.result("E8.23", f"Final Crash dr {final}: {text}", [state.scenario.map.name(g.landed)]))
        return self._crash_or_damage(state, g, effect, events, then="final_fire")

    def _crash_or_damage(self, state: GameState, g: Glider, effect: str, events: list[Event], then: str) -> StepResult:
        m = state.scenario.map
        assert g.landed is not None
        landed = m.name(g.landed)
        if effect == "eliminated":
            events.append(ev.result("E8.24", f"{g.name} and all its contents are eliminated; an unarmed truck wreck is placed", [landed]))
            return self._finish(state, g, "eliminated", events, "wreck")
        if effect == "damaged":
            if g.damaged and then == "afph" and state.settings.get("e8_landed_second_damage") != "eliminated":
                events.append(ev.result("E8.41", f"{g.name} is already Damaged: a second Damage after it has landed has no further "
                                        "effect (E8.41 eliminates an Aerial glider, even during landing)"))
                return self._afph(state, g, events)
            if g.damaged:
                events.append(ev.result("E8.41", f"{g.name} was already Damaged: eliminated with all aboard; an unarmed truck wreck is placed", [landed]))
                return self._finish(state, g, "eliminated", events, "wreck")
            g = replace(g, damaged=True)
            events.append(ev.result("E8.41", f"{g.name} is Damaged"))
        if then == "crash":
            return self._to_crash(g, events)
        if then == "final_fire":
            if not m.in_play(g.landed or g.ilh):
                events.append(ev.info("E8.5", f"{g.name} landed offboard: its contents may re-enter the board (E9.41); if they stay out of play they count for Casualty VP only if eliminated by the landing"))
                return self._afph(state, g, events)
            return StepResult(ProcState(self.name, "final_fire", g), tuple(events))
        return self._afph(state, g, events)

    # -- the planner and the map -----------------------------------------------------------
    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """The Avenue of Approach, the Landing drm with its reasons and the exact odds of every
        outcome and landing hex, with the scenario's settings and the Light AA planned
        (:func:`.gliders_odds.plan_odds`)."""
        g = self.plan(state, params)
        return plan_odds(_terrain(state, g.facing), state.scenario.map, g.ilh, g.facing, g.aa, self.conditions(state, params))

    def heatmap(self, state: GameState, params: Mapping[str, Any]) -> View:
        """For every hex as an ILH, with the Light AA planned (each weapon firing in every ILH
        while it keeps its ROF, as in the odds): the chance the glider comes down on the board
        (:func:`.gliders_odds.plan_heatmap`)."""
        facing = params.get("wind")
        if facing is None:
            raise DataError("choose the Wind Direction first", "wind")
        aa = tuple(AAFirer(**x) for x in params.get("aa") or ())
        return plan_heatmap(_terrain(state, facing), state.scenario.map, facing, aa, self.conditions(state, params))

    def view(self, state: GameState, proc: ProcState[Glider]) -> View:
        g = proc.data
        m = state.scenario.map
        marks = tuple((h, "avenue") for h in g.approach(m).avenue()) + ((g.ilh, "ilh"),)
        path = g.ilhs
        if g.landed is not None:
            marks += ((g.landed, "landed"),)
            path += (g.landed,)
        return View(marks=marks, paths=(path,) if len(path) > 1 else ())

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        m = state.scenario.map
        path = tuple(m.parse(h, allow_offboard=True) for h in outcome["ilhs"])
        marks: tuple[tuple[Hex, str], ...] = ()
        if outcome.get("hex"):
            landed = m.parse(outcome["hex"], allow_offboard=True)
            path += (landed,)
            marks = ((landed, "landed"),)
        return View(marks=marks, paths=(path,) if len(path) > 1 else ())

    def summary(self, outcome: Mapping[str, Any]) -> str:
        name, where, status = outcome["glider"], outcome.get("hex"), outcome["status"]
        where = player_name(where) if where else where
        if status == "eliminated":
            return f"{name} was eliminated" + ((" off the board." if where == "off board" else f" in {where}.") if where else " before landing.")
        how = "safely" if status == "safe" else "Damaged"
        if not outcome.get("on_board"):
            return f"{name} landed {how} off the board" + ("" if where == "off board" else f" ({where})") + ": its contents may re-enter (E8.5)."
        return f"{name} landed {how} in {where}" + ("; Casualty Reduction: " + ", ".join(outcome["reduced"]) if outcome.get("reduced") else "") + "."

    steps = {
        "aa": Step(_ask_aa, choose=_aa_chosen),
        "aa_dr": Step(_ask_aa_dr, roll=_light_aa),
        "evasive": Step(_ask_evasive, roll=_evasive),
        "landing": Step(_ask_landing, roll=_landing),
        "blind": Step(_ask_blind, choose=_blind_ruled),
        "manifest": Step(GliderAFPh._ask_manifest, choose=GliderAFPh._manifest_chosen),
        "minefield": Step(_ask_minefield, choose=_minefield_chosen),
        "crash": Step(_ask_crash, roll=_crash),
        "final_fire": Step(_ask_final_fire, choose=_final_fire_chosen),
        "selection": Step(GliderAFPh._ask_selection, roll=GliderAFPh._selection),
    }

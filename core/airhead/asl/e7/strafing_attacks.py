"""The MG and bomb attacks of a strafing run or Point Attack (E7.41 / E7.42), prompt by prompt:
the steps :class:`.strafing_procedures.Strafing` takes in each hex it attacks from, which then hand
the run back to it (:meth:`StrafingAttacks._advance`)."""

from __future__ import annotations

from ...frozen import replace
from ... import events as ev
from ...dice import DR, Roll
from ...events import Event
from ...plug import GameState, ProcState, Prompt, Stepped, StepResult
from .aerial_los import mist_lv_hindrance
from .ground_support import POINT, bomb_hit, mg_breakdown, mg_tk_column
from .strafing import BASIC_TH_NEAR, Strike, Target, spared

__all__ = ["StrafingAttacks"]


class StrafingAttacks(Stepped[Strike]):
    """The attack steps of a strafing run or Point Attack (E7.41 / E7.42): the base of
    :class:`.strafing_procedures.Strafing`, which plays the rest of the run."""

    def _advance(self, state: GameState, g: Strike, events: list[Event]) -> StepResult:
        """On to the next thing the run does (:class:`.strafing_procedures.Strafing`)."""
        raise NotImplementedError

    # -- what each attack step waits for ----------------------------------------------------
    @staticmethod
    def _target(state: GameState, g: Strike) -> str:
        """The hex the aircraft attacks from where it is."""
        return state.scenario.map.label(g.run.stops[g.stop].target or g.here)

    def _ask_mg_th(self, state: GameState, g: Strike) -> Prompt:
        return Prompt("roll", "E7.41", f"MG To Hit DR by {g.plane.name} at {g.afv().name} in {self._target(state, g)}", DR)

    def _ask_mg_tk(self, state: GameState, g: Strike) -> Prompt:
        return Prompt("roll", "E7.41", f"MG To Kill DR by {g.plane.name} at {g.afv().name}", DR)

    def _ask_mg_ift(self, state: GameState, g: Strike) -> Prompt:
        return Prompt("roll", "E7.41", f"MG attack ({g.fp} FP) by {g.plane.name} on {self._target(state, g)}: IFT Effects DR", DR)

    def _ask_bomb_th(self, state: GameState, g: Strike) -> Prompt:
        return Prompt("roll", "E7.42", f"Bomb To Hit DR by {g.plane.name} on {self._target(state, g)}", DR)

    def _ask_bomb_effect(self, state: GameState, g: Strike) -> Prompt:
        return Prompt("roll", "E7.421", f"Bomb effects DR (one IFT / To Kill DR for every unit hit) in {self._target(state, g)}", DR)

    # -- E7.41 / E7.42 attacks -------------------------------------------------------------
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
            mist = mist_lv_hindrance(str(state.settings.get("weather", "")), s.range)
            if mist and g.attacked_here():
                events.append(ev.info("E7.25", mist))
            if not g.attacked_here():
                events.append(ev.info("E7.4", f"no target unit listed in {m.label(s.target)}: no attack"))
                return self._advance(state, replace(g, attack_done=True), events)
            if not g.plane.mg_disabled or g.bomb_stop == g.stop:
                g = replace(g, attacked=g.attacked + tuple(u.name for u in g.attacked_here() if u.name not in g.attacked))
            if g.plane.mg_disabled:
                events.append(ev.info("E7.41", f"{g.plane.name}'s MG is Disabled: no MG attack"))
            else:
                step = "mg_th" if any(u.armoured for u in g.attacked_here()) else "mg_ift"
                return StepResult(ProcState(self.name, step, replace(g, attack_step=step)), tuple(events))
        return self._to_bombs(state, g, events)

    def _to_bombs(self, state: GameState, g: Strike, events: list[Event]) -> StepResult:
        if g.bomb_stop == g.stop and g.plane.bombs and g.attack_step not in ("bomb_th", "bomb_effect"):
            return StepResult(ProcState(self.name, "bomb_th", replace(g, attack_step="bomb_th")), tuple(events))
        return self._advance(state, replace(g, attack_done=True, attack_step=""), list(events))

    def _ift(self, g: Strike, original: int, units: list[Target], rule: str, weapon: str) -> tuple[Strike, list[Event]]:
        """The IFT Effects DR vs each unarmoured unit, on the MG's FP column (E7.41) or the bombs'
        (E7.42): its Final DR for the players to read on their IFT, logged and kept as a lookup."""
        hind = g.hindrance_here()
        column = f"{g.fp} FP" if weapon == "MG" else "bombs'"
        out: list[Event] = []
        looks: list[str] = []
        for u in units:
            final = original + u.drm + hind
            extra = f" + LOS Hindrance {hind:+d}" if hind else ""
            out.append(ev.result(rule, f"{weapon} vs {u.name}: IFT Final DR {final} (Original {original}, DRM {u.drm:+d}{extra}) "
                                 f"on the {column} column: read the result on your IFT"))
            looks.append(f"{weapon} vs {u.name}: IFT Final DR {final} on the {column} column")
        if any(u.flags().get("building") for u in units):
            out.append(ev.info(rule, "a building hex: each level in LOS is attacked with the same Effects DR"))
        return replace(g, lookups=g.lookups + tuple(looks)), out

    def _mg_ift(self, state: GameState, g: Strike, roll: Roll) -> StepResult:
        """E7.41: the MG attack on a hex without an AFV: one IFT Effects DR."""
        soft = [u for u in g.attacked_here() if not u.armoured]
        g, lines = self._ift(g, roll.total, soft, "E7.41", "MG")
        events = [ev.roll("E7.41", f"MG attack, {g.fp} FP: Effects {roll.describe()}")] + lines
        if g.run.stops[g.stop].pin:
            events.append(ev.result("E7.403", "all unbroken Infantry fired on in the target hex are pinned"))
        if mg_breakdown(roll.total):
            return self._breakdown(state, g, events)
        return self._to_bombs(state, g, events)

    def _mg_th(self, state: GameState, g: Strike, roll: Roll) -> StepResult:
        """E7.41: the MG attack on a hex with an AFV: a To Hit DR, its Original DR also the Effects
        DR vs the unarmoured units there; a To Kill DR follows a hit."""
        s = g.run.stops[g.stop]
        soft = [u for u in g.attacked_here() if not u.armoured]
        afv = g.afv()
        need = afv.mg_th_near if s.column == "0-6" else afv.mg_th_far
        assert need is not None
        hit = roll.total <= need
        events = [ev.roll("E7.41", f"MG To Hit {roll.describe()} vs {afv.name}"),
                  ev.result("E7.41", f"Original {roll.total} vs To Hit number {need} ({s.column} column, Vehicle Target "
                            f"Type): {'hit' if hit else 'miss'}")]
        if soft:
            events.append(ev.info("E7.41", "the Original To Hit DR is the IFT Effects DR vs the unarmoured units in the hex"))
            g, lines = self._ift(g, roll.total, soft, "E7.41", "MG")
            events += lines
        if s.pin:
            events.append(ev.result("E7.403", "all unbroken Infantry fired on in the target hex are pinned"))
        if mg_breakdown(roll.total):
            return self._breakdown(state, g, events)
        if hit:
            return StepResult(ProcState(self.name, "mg_tk", replace(g, attack_step="mg_tk")), tuple(events))
        return self._to_bombs(state, g, events)

    def _mg_tk(self, state: GameState, g: Strike, roll: Roll) -> StepResult:
        """E7.41: the MG To Kill DR vs the AFV hit, resolved on the player's AFV Destruction Table."""
        afv = g.afv()
        col = mg_tk_column(g.year, g.run.stuka)
        events = [ev.roll("E7.41", f"MG To Kill {roll.describe()} vs {afv.name}"),
                  ev.result("E7.41", f"resolve on the AFV Destruction Table's MG column with the {col} MG Basic TK#, "
                            "modified only by the Aerial AF, Aerial Advantage and rear Target Facing")]
        g = replace(g, lookups=g.lookups + (f"MG vs {afv.name}: To Kill DR {roll.total} on the AFV Destruction Table's MG "
                                            f"column with the {col} MG Basic TK#",))
        return self._to_bombs(state, g, events)

    def _breakdown(self, state: GameState, g: Strike, events: list[Event]) -> StepResult:
        events = events + [ev.result("E7.41", f"Original 12: {g.plane.name}'s MG breaks down permanently (MG Disabled); "
                                     "it may still bomb")]
        g = replace(g, plane=replace(g.plane, mg_disabled=True))
        return self._to_bombs(state, g, events)

    def _bomb_th(self, state: GameState, g: Strike, roll: Roll) -> StepResult:
        """E7.42 / E7.421: one To Hit DR against every unit the bombs attack in the Location."""
        s = g.run.stops[g.stop]
        here = g.attacked_here()
        basic = BASIC_TH_NEAR if s.column == "0-6" else (g.basic_th_far or 0)
        events = [ev.roll("E7.42", f"Bomb To Hit {roll.describe()} ({s.column} column)")]
        hits: list[int] = []
        kinds: list[str] = []
        for u in here:
            if spared(u, here):
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
                kinds.append(r)
        g = replace(g, plane=replace(g.plane, bombs=False), hits=tuple(hits), hit_kinds=tuple(kinds))
        events.append(ev.info("E7.42", f"{g.plane.name} has dropped its bombs (once per aircraft)"))
        if hits:
            return StepResult(ProcState(self.name, "bomb_effect", replace(g, attack_step="bomb_effect")), tuple(events))
        return self._advance(state, replace(g, attack_done=True, attack_step=""), events)

    def _bomb_effect(self, state: GameState, g: Strike, roll: Roll) -> StepResult:
        """E7.421: one effects DR for every unit the bombs hit (To Kill vs an AFV, IFT vs the rest)."""
        hit = [g.units[i] for i in g.hits]
        events = [ev.roll("E7.421", f"Bomb effects {roll.describe()}: the same DR for every unit hit")]
        for u, kind in zip(hit, g.hit_kinds or ("hit",) * len(hit)):
            if u.armoured:
                tk = "half the bombs' HE Basic TK#" if kind == "near miss" else "the bombs' HE Basic TK#"
                how = "Near Miss" if kind == "near miss" else "Direct Hit"
                events.append(ev.result("E7.421", f"bombs vs {u.name}: To Kill DR {roll.total} on the HE To Kill Table (C7.34), "
                                                  f"{how}: vs its Aerial AF with {tk}"))
                g = replace(g, lookups=g.lookups + (f"bombs vs {u.name} ({how}): To Kill DR {roll.total} on the HE To Kill "
                                                    f"Table (C7.34) vs its Aerial AF with {tk}",))
        soft = [u for u in hit if not u.armoured]
        g, lines = self._ift(g, roll.total, soft, "E7.42", "bombs")
        events += lines
        return self._advance(state, replace(g, attack_done=True, attack_step="", hits=(), hit_kinds=()), events)

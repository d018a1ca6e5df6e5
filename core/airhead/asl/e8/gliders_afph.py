"""The E8 glider landing once it is down: the sealed manifest, Random Selection, the AFPh (E8.1, E8.4, E8.41).

Also the procedure's data (:class:`Glider`), which :mod:`.gliders_procedures` shares.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...frozen import replace
from ... import events as ev
from ...boards import HexMap
from ...counters import Counters, Marker, Unit
from ...dice import DiceSpec, Die, Roll
from ...errors import ActionError, AirheadError
from ...events import Event
from ...hexes import Hex
from ...plug import GameState, ProcState, Prompt, Stepped, StepResult
from .gliders import AAFirer, Approach, check_manifest
from .gliders_passengers import (
    Passenger,
    casualty_reduction,
    damage_effects,
    eligible_for_selection,
    manifest_from_data,
    placed_in_afph,
    random_selection,
)

__all__ = ["Glider", "GliderAFPh", "side_of", "manifest_label", "BLIND", "MANIFEST", "MANIFEST_LABEL"]


#: The Blind Hex param (E8.23 / E7.25): the map's reading, asked when the glider comes down, or
#: the players' ruling for whatever hex it lands in.
BLIND = ("as computed", "ask when it lands", "yes", "no")
#: The AFPh prompt of a sealed manifest (E8.1 / E8.4).
MANIFEST = ("manifest revealed", "go on without the manifest")
#: What a glider's manifest is sealed under (E8.1); a manifest sealed for one glider by name is
#: sealed under :func:`manifest_label`.
MANIFEST_LABEL = "glider manifest"


def manifest_label(glider: str) -> str:
    """The seal label of one glider's manifest: ``glider manifest: Glider 1``."""
    return f"{MANIFEST_LABEL}: {glider}"


def side_of(nationality: str) -> str:
    """The side of a glider's nationality in the scenario's terms (the Axis for German)."""
    return "Axis" if nationality == "German" else "Allied"


@dataclass(frozen=True)
class Glider:
    """A glider under way: the plan, and how far it has got (the procedure's data).

    ``ilhs`` are its ILH and every new ILH Evasive Action gave it (the last is the current ILH);
    ``firing`` the Light AA weapon about to fire; ``k`` its landing position along the grain;
    ``blind`` the Blind Hex param (:data:`BLIND`) and ``ruling`` the players' answer; ``sealed``
    the commitment code of a sealed manifest (and ``manifest`` its label) until it is revealed.
    """

    name: str
    nationality: str
    passengers: tuple[Passenger, ...]
    aa: tuple[AAFirer, ...]
    facing: int
    night: bool
    ilhs: tuple[Hex, ...]
    fire_left: tuple[bool, ...]
    damaged: bool = False
    evasive_due: bool = False
    firing: int | None = None
    k: int = 0
    landed: Hex | None = None
    bridge: bool = False
    eligible: tuple[int, ...] = ()
    gusts: bool = False
    blind: str = BLIND[0]
    ruling: bool | None = None
    sealed: str = ""
    manifest: str = ""

    @property
    def ilh(self) -> Hex:
        """The current ILH."""
        return self.ilhs[-1]

    def approach(self, m: HexMap) -> Approach:
        """Its Avenue of Approach from the current ILH."""
        return Approach(m, self.ilh, self.facing)

    @property
    def blind_ruling(self) -> bool | None:
        """The Blind Hex as the players rule it (None: the map's reading)."""
        return {"yes": True, "no": False}.get(self.blind, self.ruling)


class GliderAFPh(Stepped[Glider]):
    """The steps of a glider landing after it is down (E8.4 / E8.41): the base of
    :class:`.gliders_procedures.GliderLanding`, which plays the rest of the landing."""

    def _ask_manifest(self, state: GameState, g: Glider) -> Prompt:
        return Prompt("choice", "E8.4", f"AFPh: reveal the sealed manifest of {g.name} (Sealed notes: Reveal), then go on",
                      options=MANIFEST)

    def _manifest_chosen(self, state: GameState, g: Glider, choice: str) -> StepResult:
        return self._reveal(state, g, choice == MANIFEST[0])

    def _ask_selection(self, state: GameState, g: Glider) -> Prompt:
        names = [g.passengers[i].name for i in g.eligible]
        spec = DiceSpec(tuple(Die(n) for n in names), "Random Selection dr")
        return Prompt("roll", "E8.41", f"Random Selection dr for Casualty Reduction in {g.name}", spec)

    def _selection(self, state: GameState, g: Glider, roll: Roll) -> StepResult:
        picks = random_selection(list(roll.values))
        chosen = [g.eligible[i] for i in picks]
        names = ", ".join(g.passengers[i].name for i in chosen)
        events = [ev.roll("E8.41", f"Random Selection {roll.describe()}"), ev.result("E8.41", f"selected for Casualty Reduction: {names}")]
        events += damage_effects(g.passengers, chosen)
        return self._done(state, g, events, chosen)

    def _afph(self, state: GameState, g: Glider, events: list[Event]) -> StepResult:
        if g.sealed:
            return StepResult(ProcState(self.name, "manifest", g), tuple(events))
        if g.damaged:
            eligible = eligible_for_selection(g.passengers)
            if eligible:
                return StepResult(ProcState(self.name, "selection", replace(g, eligible=tuple(eligible))), tuple(events))
            events = events + damage_effects(g.passengers, [])
        return self._done(state, g, events, [])

    def _reveal(self, state: GameState, g: Glider, revealed: bool) -> StepResult:
        """E8.1 / E8.4: the sealed manifest, revealed (and checked against its code) in the AFPh."""
        if not revealed:
            events = [ev.info("E8.4", f"the manifest of {g.name} stays sealed: its contents are resolved at the table")]
            return self._done(state, replace(g, sealed=""), events, [], unknown=True)
        side = side_of(g.nationality)
        tries = [o for o in state.outcomes_of("reveal") if o.get("side") == side
                 and o.get("label") == g.manifest and o.get("code") == g.sealed]
        out = next((o for o in reversed(tries) if o.get("valid")), None)
        if out is None and tries and state.sealed(side, g.manifest) != g.sealed:
            out = tries[-1]  # a reveal that did not match, yet opened the seal (as Airhead once did)
        if out is None:
            why = "a reveal did not match its code, so it stays sealed" if tries else "it has not been revealed yet"
            raise ActionError(f"the manifest of {g.name} ({g.sealed}): {why}. Reveal it under Sealed notes first, "
                              f"or choose '{MANIFEST[1]}'")
        try:
            glider, passengers = manifest_from_data(out.get("plan"))
        except AirheadError as e:
            raise ActionError(f"the revealed manifest of {g.name} cannot be read ({e}): choose '{MANIFEST[1]}'") from None
        events = [ev.result("E8.1", f"the manifest of {g.name} is revealed: {', '.join(p.name for p in passengers) or 'no Passengers'}")]
        if not out.get("valid"):
            events.append(ev.result("E8.1", f"the revealed manifest does NOT match commitment code {g.sealed}: it was changed after sealing"))
        if glider != g.name:
            events.append(ev.info("E8.1", f"the revealed manifest was written for {glider}"))
        try:
            check_manifest(g.nationality, passengers)
        except AirheadError as e:
            events.append(ev.result("E8.1", f"the revealed manifest breaks the rules: {e}"))
        assembled = sum(1 for x in passengers if x.kind in ("sw", "gun") and not x.dm)
        if assembled:
            events.append(ev.info("E8.1", f"{assembled} SW/Gun(s) aboard not dismantled: all SW/Guns in a glider must be dm if possible"))
        return self._afph(state, replace(g, passengers=passengers, sealed=""), events)

    def _done(self, state: GameState, g: Glider, events: list[Event], reduced: list[int], unknown: bool = False) -> StepResult:
        m = state.scenario.map
        assert g.landed is not None
        placed, aboard = placed_in_afph(g.passengers)
        names = ", ".join(g.passengers[i].name for i in placed) or ("none" if aboard else "no Passengers")
        landed = m.name(g.landed)
        if unknown:
            text = ""
        elif m.in_play(g.landed):
            text = f"AFPh: the contents of {g.name} are placed in {m.label(g.landed)}: {names}"
        else:
            text = f"AFPh: the contents of {g.name} are revealed offboard: {names}"
        if aboard and text:
            text += (f"; still aboard until a subsequent MPh (unloaded as per U.S. Vehicle Note 51): "
                     f"{', '.join(g.passengers[i].name for i in aboard)}")
        events = list(events) + ([ev.result("E8.4", text, [landed])] if text else [])
        return self._finish(state, g, "damaged" if g.damaged else "safe", events, "glider", reduced)

    def _finish(self, state: GameState, g: Glider, status: str, events: list[Event], marker: str | None,
                reduced: Sequence[int] = ()) -> StepResult:
        m = state.scenario.map
        on_board = g.landed is not None and m.in_play(g.landed)
        if status == "eliminated" and g.sealed:
            events = list(events) + [ev.info("E8.1", f"the Passengers aboard {g.name} are eliminated with it: its sealed manifest "
                                              "can be revealed now (Sealed notes)")]
        counters = state.counters
        if marker == "wreck" and on_board:
            counters = counters.mark(Marker(counters.free_id(f"{g.name} wreck"), "wreck", g.landed, label="truck wreck", rule="E8.24"))
        elif marker == "glider" and g.landed is not None:
            counters = _land(counters, g, on_board, reduced)
        outcome = {
            "procedure": self.name,
            "glider": g.name,
            "ilhs": [m.name(h) for h in g.ilhs],
            "ilh": m.name(g.ilh),
            "hex": m.name(g.landed) if g.landed is not None else None,
            "on_board": on_board,
            "status": status,
            "reduced": [g.passengers[i].name for i in reduced],
        }
        return StepResult(None, tuple(events), counters=counters, outcome=outcome)


def _land(counters: Counters, g: Glider, on_board: bool, reduced: Sequence[int]) -> Counters:
    """The landed glider and its contents as units (E8.4: placed in the AFPh)."""
    side = side_of(g.nationality)
    where = g.landed if on_board else None
    gid = counters.free_id(g.name)
    status = {"damaged"} if g.damaged else set()
    if not on_board:
        status.add("offboard")
    units = [Unit(gid, side, "glider", where, frozenset(status), label=g.name)]
    _, aboard = placed_in_afph(g.passengers)
    for i, x in enumerate(g.passengers):
        label, flags = x.name, set()
        if i in aboard:
            flags.add("aboard")  # E8.4: unloaded in a subsequent MPh
        if g.damaged and x.kind in ("sw", "gun"):
            flags.add("malfunctioned")
        elif g.damaged and x.kind == "vehicle":
            flags.add("bogged")
        if i in reduced:
            result, _ = casualty_reduction(x)
            if result == "eliminated":
                continue
            if result == "reduced":
                label = x.reduces_to or f"{x.name} HS"
            flags.add(result)
        units.append(Unit(f"{gid}/{i + 1}", side, x.kind, where, frozenset(flags), label=label))
    return counters.put(*units)

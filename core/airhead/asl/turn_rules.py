"""ASL rules of the turn (issue #29): the phase, the Player Turn and the once-per-turn limits that
E7 and E1 name, checked from the turn track (``GameState.turn``) and the record of this Player
Turn (``GameState.this_turn``: the outcomes finished in it, read from an index).

Each check returns the log lines of an action that may go ahead. An action the rules forbid now
raises :class:`~airhead.errors.TurnError` citing its rule and saying where the game stands,
unless the players ticked "We agree to do it anyway" (:data:`~airhead.plug.OVERRIDE`): then the
log says they agreed.

* E7.2 — the Air Support arrival dr is made in its side's RPh, once; the aircraft enter in its MPh;
* E7.21 — an aircraft exits voluntarily during an enemy MPh and may not return (:func:`exited`);
* E7.4 — a strafing run or Point Attack is made in the opponent's MPh or the aircraft's DFPh;
* E7.401 / E7.3 — one attack and one Sighting TC per aircraft per Player Turn (E7.25: one that
  revealed only a Dummy counts only if the players chose so); a failed Sighting TC bars its ground
  attacks that Player Turn; "attacked by a friendly plane during this Player
  Turn" is read from the record (:func:`attacked_this_turn`);
* E1.12 — the NVR Change DR is made at the start of each RPh after the opening Player Turn, once;
* E1.92 — a Starshell is fired in its side's PFPh or during Defensive First Fire (the opponent's
  MPh); the rule text is cut after that, so the opponent's DFPh is the players' ruling (the box).
"""

from __future__ import annotations

from typing import Any, Mapping

from .. import events as ev
from ..errors import TurnError
from ..events import Event
from ..plug import OVERRIDE, GameState
from .e1.night import NVR_CHANGE

__all__ = ["STRAFING_RUN", "AIR_ARRIVAL", "AIR_EXIT", "phase_key", "phasing_side", "own_turn", "now", "agree",
           "arrival_turn", "exit_turn", "exited", "ground_attack_turn", "attacked_this_turn", "nvr_change_turn",
           "starshell_turn"]

#: The procedures whose outcomes make the record these rules read.
STRAFING_RUN = "asl.strafing"
AIR_ARRIVAL = "asl.air_arrival"
AIR_EXIT = "asl.air_exit"


def phase_key(state: GameState) -> str:
    """The key of the phase the game is in (``MPh``)."""
    return state.system.track.phase(state.turn).key


def phasing_side(state: GameState) -> str:
    """The side whose Player Turn it is."""
    return state.sides[state.turn.player]


def own_turn(state: GameState, side: str) -> bool | None:
    """Whether it is ``side``'s Player Turn; None when ``side`` is not one of the game's sides (a
    side typed into a form, as the worked examples' "British" on a map of Allied and Axis): then
    only the phase can be checked."""
    return side == phasing_side(state) if side in state.sides else None


def now(state: GameState) -> str:
    """Where the game stands, in words: ``it is now the Rally Phase (RPh) of Game Turn 1, Allied
    Player Turn``."""
    phase = state.system.track.phase(state.turn).describe()
    return f"it is now the {phase} of Game Turn {state.turn.game_turn}, {phasing_side(state)} Player Turn"


def agree(params: Mapping[str, Any], rule: str, ok: bool, why: str) -> list[Event]:
    """Nothing if ``ok``; else the log line of the players' agreement if they gave it, else a
    :class:`TurnError` with ``why`` (which starts with the rule)."""
    if ok:
        return []
    if params.get(OVERRIDE.key):
        return [ev.info(rule, f"{why} — the players agree to do it anyway")]
    raise TurnError(f"{why} (advance the turn track, or tick \u201c{OVERRIDE.label}\u201d)")


# ---------------------------------------------------------------------- E7.2 / E7.21
def arrival_turn(state: GameState, params: Mapping[str, Any], side: str, arrived: bool) -> list[Event]:
    """E7.2: "he makes a dr during the RPh of each of his Player Turns until he rolls < the current
    Game Turn Number. Once he does this, his Air Support must be placed onboard in his next MPh"."""
    mine = own_turn(state, side) is not False
    if arrived:
        return agree(params, "E7.2", mine and phase_key(state) == "MPh",
                     f"E7.2: {side}'s Air Support is placed onboard in {side}'s Movement Phase (the next MPh after its "
                     f"arrival dr); {now(state)}")
    out = agree(params, "E7.2", mine and phase_key(state) == "RPh",
                f"E7.2: {side}'s Air Support arrival dr is made in the Rally Phase of {side}'s Player Turn; {now(state)}")
    again = any(o.get("side") == side for o in state.this_turn(AIR_ARRIVAL))
    return out + agree(params, "E7.2", not again, f"E7.2: {side} has already made its Air Support arrival dr this "
                                                   f"Player Turn (one dr in each of its RPh); {now(state)}")


def exit_turn(state: GameState, params: Mapping[str, Any], name: str, side: str) -> list[Event]:
    """E7.21: an aircraft leaves the map "voluntarily ... during an enemy MPh"."""
    return agree(params, "E7.21", own_turn(state, side) is not True and phase_key(state) == "MPh",
                 f"E7.21: an aircraft exits voluntarily during an enemy Movement Phase ({name} is {side}'s); {now(state)}")


def exited(state: GameState, name: str) -> bool:
    """E7.21: "once an aircraft leaves the mapboard it may not return": ``name`` has exited."""
    return any(o.get("aircraft") == name for o in state.outcomes_of(AIR_EXIT))


# ---------------------------------------------------------------------- E7.4 / E7.401 / E7.3
def ground_attack_turn(state: GameState, params: Mapping[str, Any], name: str, side: str) -> list[Event]:
    """E7.4 (its phase), E7.401 (one attack per Player Turn) and E7.3 (one Sighting TC per turn;
    a failed one bars ground attacks that Player Turn) for aircraft ``name`` of ``side``."""
    out = agree(params, "E7.4", own_turn(state, side) is not True and phase_key(state) in ("MPh", "DFPh"),
                f"E7.4: a strafing run or Point Attack is made in the opponent's Movement Phase or the aircraft's own "
                f"Defensive Fire Phase ({name} is {side}'s); {now(state)}")
    earlier = [o for o in state.this_turn(STRAFING_RUN) if o.get("aircraft") == name
               and not (o.get("result") == "dummy" and o.get("counted") is False)]  # E7.25: not counted
    if not earlier:
        return out
    if earlier[-1].get("result") == "dummy":
        return out + agree(params, "E7.25", False, f"E7.25: {name}'s Sighting TC this turn revealed only a Dummy and was "
                                                   f"counted as its only allowed Sighting TC for that turn; {now(state)}")
    if earlier[-1].get("result") == "not sighted":
        return out + agree(params, "E7.3", False, f"E7.3: {name} failed its Sighting TC this Player Turn: it may make "
                                                  f"no ground attack during that Player Turn; {now(state)}")
    return out + agree(params, "E7.401", False, f"E7.401: {name} has already made its attack this Player Turn (it "
                                                f"cannot attack again during that Player Turn, and takes one Sighting TC "
                                                f"per turn, E7.3); {now(state)}")


def attacked_this_turn(state: GameState, side: str) -> frozenset[str]:
    """E7.3 "Target has been attacked by a friendly plane during this Player Turn": the units
    (by name) ``side``'s aircraft attacked in the strafing runs of this Player Turn."""
    return frozenset(str(n) for o in state.this_turn(STRAFING_RUN) if o.get("side") == side
                     for n in o.get("attacked", ()))


# ---------------------------------------------------------------------- E1.12 / E1.92
def nvr_change_turn(state: GameState, params: Mapping[str, Any]) -> list[Event]:
    """E1.12: "At the start of each subsequent RPh after the opening Player Turn of every night
    scenario, a NVR Change DR is made": in a RPh, not the opening Player Turn's, once."""
    t = state.turn
    out = agree(params, "E1.12", phase_key(state) == "RPh" and (t.game_turn, t.player) != (1, 0),
                f"E1.12: the NVR Change DR is made at the start of each Rally Phase after the opening Player Turn; "
                f"{now(state)}")
    return out + agree(params, "E1.12", not state.count_this_turn(NVR_CHANGE),
                       f"E1.12: the NVR Change DR of this Rally Phase has already been made; {now(state)}")


def starshell_turn(state: GameState, params: Mapping[str, Any], side: str) -> list[Event]:
    """E1.92: "Starshells may be fired in either the PFPh or Defensive First Fire/" (cut): its
    side's PFPh, or the opponent's MPh (Defensive First Fire). The opponent's DFPh may be what the
    cut text goes on to name: the players decide it with the agreement box, as for any other phase."""
    phase, mine = phase_key(state), side == phasing_side(state)  # the form's side is one of the game's
    if not mine and phase == "DFPh":
        return agree(params, "E1.92", False, f"E1.92: Starshells may be fired in the PFPh or 'Defensive First Fire…' — "
                                             f"the rest is in your rulebook: the players decide whether {side} (the DEFENDER) may "
                                             f"fire one in this Defensive Fire Phase; {now(state)}")
    return agree(params, "E1.92", (mine and phase == "PFPh") or (not mine and phase == "MPh"),
                 f"E1.92: a Starshell is fired in its side's Prep Fire Phase or during Defensive First Fire (the "
                 f"opponent's Movement Phase; the rest of the rule is in your rulebook); {side} fires it, "
                 f"{now(state)}")

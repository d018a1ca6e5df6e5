"""ASL rules of the turn (issue #29): the phase, the Player Turn and the once-per-turn limits that
E7 and E1 name, checked from the turn track (``GameState.turn``) and the record of this Player
Turn (``GameState.this_turn``: the outcomes finished in it, read from an index; the arrival drs,
strafing runs, Observation Plane sightings and Mistaken Attacks filed by side, aircraft and unit
attacked, :data:`TURN_KEYS`, read in O(1)).

Each check returns the log lines of an action that may go ahead. An action the rules forbid now
raises :class:`~airhead.errors.TurnError` citing its rule and saying where the game stands,
unless the players ticked "We agree to do it anyway" (:data:`~airhead.plug.OVERRIDE`): then the
log says they agreed.

* E7.2 — the Air Support arrival dr is made in its side's RPh, once there and never after one
  passed; the aircraft enter (E7.21: the entry drs are made "upon mapboard entry") in the MPh
  after the passed dr, once (:func:`arrival_record` reads the game's record, not a box);
* E7.21 — an aircraft exits voluntarily during an enemy MPh and may not return (:func:`exited`);
* E7.4 — a strafing run or Point Attack is made in the opponent's MPh or the aircraft's DFPh;
* E7.401 / E7.3 — one attack and one Sighting TC per aircraft per Player Turn (E7.25: one that
  revealed only a Dummy counts only if the players chose so); a failed Sighting TC bars its ground
  attacks that Player Turn; "attacked by a friendly plane during this Player
  Turn" is read from the record (:func:`attacked_this_turn`);
* E7.6 / E7.3 — an Observation Plane, "subject to normal aircraft rules", takes one Sighting TC per
  Player Turn; the phase it sights in is in E7.61's cut text: the log says the players decide it;
* E7.32 — a Mistaken Attack is played in the Player Turn of the Sighting TC that gave it;
* E1.11 — the NVR table DR is made "prior to setup": at the game's start (the first side's RPh of
  Game Turn 1), once;
* E1.12 — the NVR Change DR is made at the start of each RPh after the opening Player Turn, once;
* E1.92 — a Starshell is fired in its side's PFPh or during Defensive First Fire (the opponent's
  MPh); the rule text is cut after that, so the opponent's DFPh is the players' ruling (the box);
* E1.93 — an IR is fired "only via Indirect Fire, and only by OBA/" (cut): the phases of Indirect
  Fire are not in the extract; the log says the players decide (:func:`illuminating_round_turn`).
"""

from __future__ import annotations

from typing import Any, Callable, Container, Hashable, Iterable, Iterator, Mapping

from .. import events as ev
from ..errors import TurnError
from ..events import Event
from ..plug import OVERRIDE, GameState
from .e1.night import NVR_CHANGE, NVR_TABLE

__all__ = ["STRAFING_RUN", "AIR_ARRIVAL", "AIR_EXIT", "OBSERVATION_SIGHTING", "MISTAKEN_ATTACK", "phase_key",
           "phasing_side", "own_turn", "now", "agree", "ARRIVAL_DR", "ENTRY", "air_support_key", "arrival_conditions",
           "arrival_record", "arrival_turn",
           "arrival_passed", "exit_turn", "exited",
           "ground_attack_turn", "attacked_this_turn", "observation_sighting_turn", "mistaken_attack_turn",
           "nvr_table_turn", "nvr_change_turn", "starshell_turn",
           "starshell_firer", "starshell_usage_turn", "STARSHELL", "illuminating_round_turn", "TURN_KEYS"]

#: The procedures whose outcomes make the record these rules read.
STRAFING_RUN = "asl.strafing"
AIR_ARRIVAL = "asl.air_arrival"
AIR_EXIT = "asl.air_exit"
OBSERVATION_SIGHTING = "asl.observation_sighting"
MISTAKEN_ATTACK = "asl.mistaken_attack"
STARSHELL = "asl.starshell"


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
#: The steps of *Air Support arrival* the record leads to: the RPh arrival dr, or the entry drs.
ARRIVAL_DR, ENTRY = "arrival", "entry"


def air_support_key(side: str) -> str:
    """The game-wide condition (:attr:`GameState.conditions`) holding what ``side``'s Air Support
    arrival outcomes have recorded: ``passed`` (its arrival dr passed, the aircraft still to
    enter) or ``entered``; set by each such outcome as it is reached (a replay sets it again)."""
    return f"E7.2 Air Support of {side}"


def arrival_conditions(outcome: Mapping[str, Any]) -> dict[str, str | None]:
    """The condition an Air Support arrival ``outcome`` leaves (:func:`air_support_key`)."""
    if not outcome.get("arrived"):
        return {}
    return {air_support_key(str(outcome.get("side"))): "passed" if outcome.get("entered") is False else "entered"}


def arrival_record(state: GameState, side: str) -> tuple[bool, bool, bool]:
    """What the game's record holds of ``side``'s Air Support (E7.2), in O(1): whether its arrival
    dr passed and its aircraft have not entered yet, whether that dr passed in this Player Turn
    (its RPh: "placed onboard in his next MPh"), and whether its aircraft entered."""
    held = state.conditions.get(air_support_key(side))
    last = state.this_turn_under(AIR_ARRIVAL, ("side", side))[1]
    passed = held == "passed"
    return passed, passed and last is not None and last.get("entered") is False, held == "entered"


def arrival_turn(state: GameState, params: Mapping[str, Any], side: str, mid_scenario: bool) -> tuple[list[Event], str]:
    """E7.2: "he makes a dr during the RPh of each of his Player Turns until he rolls < the current
    Game Turn Number. Once he does this, his Air Support must be placed onboard in his next MPh";
    E7.21 "Upon mapboard entry": the step the record leads ``side``'s *Air Support arrival* to
    (:data:`ARRIVAL_DR` or :data:`ENTRY`) and the log lines of an action that may go ahead.

    The record decides: the arrival dr in the side's RPh, once there and never after one passed;
    the entry drs in the MPh of the Player Turn whose RPh dr passed, once. ``mid_scenario`` (the
    players set the game up after its arrival dr passed, before the record began) stands for a
    passed dr only while the record shows none."""
    mine = own_turn(state, side) is not False
    phase = phase_key(state)
    passed, this_turn, entered = arrival_record(state, side)
    out: list[Event] = []
    if entered:
        out += agree(params, "E7.21", False, f"E7.21: {side}'s Air Support has already entered the mapboard (its arrival "
                                             f"dr passed once, E7.2, and aircraft that leave the mapboard may not "
                                             f"return); {now(state)}")
    if passed:
        where = "" if this_turn else " (its dr passed in an earlier Player Turn: that MPh has gone by)"
        out += agree(params, "E7.2", mine and phase == "MPh" and this_turn,
                     f"E7.2: {side}'s arrival dr passed: its Air Support is placed onboard in {side}'s next Movement "
                     f"Phase{where}; {now(state)}")
        if mid_scenario:
            out.append(ev.info("E7.2", f"the record shows {side}'s passed arrival dr: the entry drs follow from it (the "
                                       f"box for a game set up mid-scenario is not needed)"))
        return out, ENTRY
    if mid_scenario:
        out += agree(params, "E7.2", state.turn.game_turn > 1,
                     f"E7.2: on Game Turn 1 no arrival dr can have passed (it must be < the Game Turn): a game set up "
                     f"mid-scenario continues at its Game Turn on the turn track; {now(state)}")
        out += agree(params, "E7.2", mine and phase == "MPh",
                     f"E7.2: {side}'s Air Support is placed onboard in {side}'s Movement Phase (the next MPh after its "
                     f"arrival dr); {now(state)}")
        return out + [ev.info("E7.2", f"a game set up mid-scenario: the players say {side}'s arrival dr passed before "
                                      f"this game's record began (the record shows none)")], ENTRY
    out += agree(params, "E7.2", mine and phase == "RPh",
                 f"E7.2: {side}'s Air Support arrival dr is made in the Rally Phase of {side}'s Player Turn; {now(state)}")
    again = state.this_turn_under(AIR_ARRIVAL, ("side", side))[0] > 0
    return out + agree(params, "E7.2", not again, f"E7.2: {side} has already made its Air Support arrival dr this "
                                                  f"Player Turn (one dr in each of its RPh); {now(state)}"), ARRIVAL_DR


def arrival_passed(state: GameState, side: str) -> bool:
    """E7.2: ``side``'s Air Support arrival dr passed this Player Turn (in its RPh) and its aircraft
    have not entered yet: "his Air Support must be placed onboard in his next MPh"."""
    return arrival_record(state, side)[1]


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
    last = state.this_turn_under(STRAFING_RUN, ("aircraft", name))[1]  # E7.25: an uncounted Dummy is not filed
    if last is None:
        return out
    if last.get("result") == "dummy":
        return out + agree(params, "E7.25", False, f"E7.25: {name}'s Sighting TC this turn revealed only a Dummy and was "
                                                   f"counted as its only allowed Sighting TC for that turn; {now(state)}")
    if last.get("result") == "not sighted":
        return out + agree(params, "E7.3", False, f"E7.3: {name} failed its Sighting TC this Player Turn: it may make "
                                                  f"no ground attack during that Player Turn; {now(state)}")
    return out + agree(params, "E7.401", False, f"E7.401: {name} has already made its attack this Player Turn (it "
                                                f"cannot attack again during that Player Turn, and takes one Sighting TC "
                                                f"per turn, E7.3); {now(state)}")


class _Attacked(Container[str]):
    """The units (by name) a side's aircraft attacked this Player Turn, asked one by one (O(1)
    each, from the Player Turn's record: :data:`TURN_KEYS`)."""

    def __init__(self, state: GameState, side: str) -> None:
        self._state, self._side = state, side

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self._state.this_turn_under(STRAFING_RUN, ("attacked", self._side, name))[0] > 0


def attacked_this_turn(state: GameState, side: str) -> Container[str]:
    """E7.3 "Target has been attacked by a friendly plane during this Player Turn": the units
    (by name) ``side``'s aircraft attacked in the strafing runs of this Player Turn (``name in``
    it: O(1))."""
    return _Attacked(state, side)


# ---------------------------------------------------------------------- E7.6 / E7.32
def observation_sighting_turn(state: GameState, params: Mapping[str, Any], name: str) -> list[Event]:
    """E7.6: an Observation Plane "is subject to normal aircraft rules except where specified
    otherwise": one Sighting TC per Player Turn (E7.3, E7.25 "its only allowed Sighting TC for that
    turn"). The phase it sights in is in E7.61's cut text: not checked, the log says so."""
    out = [ev.info("E7.61", "the phase in which an Observation Plane sights is in the part of E7.61 cut from the rule "
                            "text: the players decide it")]
    again = state.this_turn_under(OBSERVATION_SIGHTING, ("rolled", name))[0] > 0
    return out + agree(params, "E7.3", not again, f"E7.3: {name} has already taken its Sighting TC this Player Turn (an "
                                                  f"Observation Plane is subject to normal aircraft rules, E7.6: one "
                                                  f"Sighting TC per turn); {now(state)}")


def mistaken_attack_turn(state: GameState, params: Mapping[str, Any], name: str) -> list[Event]:
    """E7.32: "A Final Sighting TC DR ≥12 results in a Mistaken Attack ... The ATTACKER may then
    immediately move the aircraft ... and attack": only after a Sighting TC of ``name`` this Player
    Turn that gave one (the record), and once."""
    last = state.this_turn_under(STRAFING_RUN, ("run", name))[1]
    done = state.this_turn_under(MISTAKEN_ATTACK, ("aircraft", name))[0] > 0
    out = agree(params, "E7.32", last is not None and last.get("result") == "mistaken attack",
                f"E7.32: a Mistaken Attack is made immediately after a Sighting TC with a Final DR ≥ 12; {name}'s last "
                f"Sighting TC this Player Turn left none to make (none yet, its Final DR < 12, or the players chose "
                f"no Mistaken Attack); {now(state)}")
    return out + agree(params, "E7.32", not done, f"E7.32: {name} has already made its Mistaken Attack this Player "
                                                  f"Turn; {now(state)}")


# ---------------------------------------------------------------------- E1.11 / E1.12 / E1.92 / E1.93
def nvr_table_turn(state: GameState, params: Mapping[str, Any]) -> list[Event]:
    """E1.11: "make a DR on the NVR table prior to setup but after rolling for Weather": at the
    game's start — the first side's RPh of Game Turn 1 — and once in the game."""
    t = state.turn
    out = agree(params, "E1.11", phase_key(state) == "RPh" and (t.game_turn, t.player) == (1, 0),
                f"E1.11: the NVR table DR is made prior to setup (at the start of the game, before the first Player "
                f"Turn's play); {now(state)}")
    return out + agree(params, "E1.11", not state.count_outcomes(NVR_TABLE),
                       f"E1.11: the NVR table DR of this scenario has already been made (the NVR then changes by E1.12); "
                       f"{now(state)}")


def illuminating_round_turn(firer: str) -> list[Event]:
    """E1.93: "IR may be fired only via Indirect Fire, and only by OBA/" (cut): when Indirect Fire
    by OBA or a mortar may be made is not in the extract; the players decide the phase."""
    return [ev.info("E1.93", f"an IR is fired only via Indirect Fire ({firer}); the phases Indirect Fire is made in are "
                             "in your rulebook (after 'only by OBA'): the players decide that it may "
                             "be fired now")]


def nvr_change_turn(state: GameState, params: Mapping[str, Any]) -> list[Event]:
    """E1.12: "At the start of each subsequent RPh after the opening Player Turn of every night
    scenario, a NVR Change DR is made": in a RPh, not the opening Player Turn's, once."""
    t = state.turn
    out = agree(params, "E1.12", phase_key(state) == "RPh" and (t.game_turn, t.player) != (1, 0),
                f"E1.12: the NVR Change DR is made at the start of each Rally Phase after the opening Player Turn; "
                f"{now(state)}")
    return out + agree(params, "E1.12", not state.count_this_turn(NVR_CHANGE),
                       f"E1.12: the NVR Change DR of this Rally Phase has already been made; {now(state)}")


def starshell_firer(state: GameState, params: Mapping[str, Any], side: str) -> tuple[str, str, str, str] | None:
    """The key a Starshell's failed firer is filed under (E1.921): its side, kind and hex (None
    when the form gives no hex: the unit cannot be told from another)."""
    h = params.get("firer_hex")
    return None if h is None else ("failed", side, str(params.get("firer")), state.scenario.map.name(h))


def starshell_usage_turn(state: GameState, params: Mapping[str, Any], side: str) -> list[Event]:
    """E1.921: a failed Usage dr: "no Starshell from it this Player Turn" — the same firer (its
    side, kind and hex) refused for the rest of the Player Turn, from this Player Turn's record."""
    key = starshell_firer(state, params, side)
    if key is None:
        return [ev.info("E1.921", "no firer's hex given: Airhead cannot tell whether this unit failed a Usage dr this "
                                  "Player Turn (a failed one bars its Starshells for the Player Turn)")]
    failed = state.this_turn_under(STARSHELL, key)[0] > 0
    return agree(params, "E1.921", not failed, f"E1.921: this {params.get('firer')} in {key[3]} failed its "
                                               f"Usage dr this Player Turn: no Starshell from it this Player Turn; "
                                               f"{now(state)}")


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


# ---------------------------------------------------------------------- the record's keys
def _strafing_keys(o: Mapping[str, Any]) -> Iterator[Hashable]:
    """A strafing run's keys in its Player Turn's record: every run under its aircraft (E7.32),
    the counted ones under it again (not a Dummy left uncounted, E7.25: E7.401, E7.3), and each
    unit it attacked with its side (E7.3)."""
    yield ("run", o.get("aircraft"))
    if not (o.get("result") == "dummy" and o.get("counted") is False):
        yield ("aircraft", o.get("aircraft"))
    for n in o.get("attacked", ()):
        yield ("attacked", o.get("side"), str(n))


def _sighting_keys(o: Mapping[str, Any]) -> Iterator[Hashable]:
    """An Observation Plane's sighting: under its plane when its Sighting TC was rolled."""
    if o.get("rolled"):
        yield ("rolled", o.get("plane"))


#: The keys the record of a Player Turn files these procedures' outcomes under
#: (:attr:`airhead.plug.Rules.turn_keys`): what the checks above read in O(1).
TURN_KEYS: dict[str, Callable[[Mapping[str, Any]], Iterable[Hashable]]] = {
    AIR_ARRIVAL: lambda o: (("side", o.get("side")),),
    STRAFING_RUN: _strafing_keys,
    OBSERVATION_SIGHTING: _sighting_keys,
    MISTAKEN_ATTACK: lambda o: (("aircraft", o.get("aircraft")),),
    STARSHELL: lambda o: (("failed", o.get("side"), o.get("firer"), o.get("firer_hex")),) if o.get("result") == "failed"
    and o.get("firer_hex") else (),
}

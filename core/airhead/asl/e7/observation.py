"""ASL E7.6–7.62: Aerial Observation — the Observation Plane, an all-seeing artillery Observer.

* E7.6   :func:`observation_available` (one per side, 1943–45, U.S./German/British — the list is
  cut after "British/"), :data:`DYO_COST`, :func:`inherent_radio`, :func:`may_attack`
* E7.61  Sighting: the rule text is cut (an Observation Plane "does not take counter form, but is
  considered just offboard until Recalled/" — the rest is the players' ruling: :data:`SIGHTING_CUT`,
  :data:`SIGHTING_61`); :func:`new_plane` (a unit off the map)
* E7.62  :func:`mistaken_fire_mission`: a Mistaken Attack is the opponent's Fire For Effect with
  the plane's OBA (Battery Access and the C1 accuracy rules are not in the source rules: the
  players decide, :data:`BATTERY_ACCESS`)

An Observation Plane is an aircraft of type ``"Observation"`` (:mod:`.air_support`).
"""

from __future__ import annotations

from typing import Literal, Mapping

from ...counters import Counters
from ...errors import RulesError
from ...hexes import Hex
from .air_support import Aircraft, aircraft_of
from .ground_support import mistaken_targets

__all__ = ["TYPE", "DYO_COST", "YEARS", "NATIONALITIES", "observation_available", "check_one_per_side",
           "inherent_radio", "AttackKind", "may_attack", "BATTERY_ACCESS", "mistaken_fire_mission",
           "new_plane", "SIGHTING_CUT", "SIGHTING_61", "FFE_KIND"]

TYPE = "Observation"
#: E7.6: "The DYO cost of an Observation Plane is 25 points ... in the "OBA" section".
DYO_COST = 25
#: E7.6: "available only during 43-45".
YEARS: tuple[int, ...] = (1943, 1944, 1945)
#: E7.6: "to the U.S., German, or British/" — the text is cut after "British/": the players
#: decide any other nationality.
NATIONALITIES: tuple[str, ...] = ("U.S.", "German", "British")


def observation_available(nationality: str, year: int) -> str:
    """E7.6: why an Observation Plane is not available ('' if it is). A nationality not named
    before the cut is the players' ruling: the reason says so."""
    if year not in YEARS:
        return f"E7.6: an Observation Plane is available only during 1943-45 (not {year})"
    if nationality not in NATIONALITIES:
        return (f"E7.6: an Observation Plane is available to the U.S., German, or British (for others see your "
                f"rulebook: the players decide for {nationality})")
    return ""


def check_one_per_side(counters: Counters, side: str, earlier: str = "") -> None:
    """E7.6: "Only one Observation Plane is available per side in any scenario" — one on the
    counters, or ``earlier``: the name of one this side already had in this game (shot down or
    Recalled since)."""
    planes = [a for a in aircraft_of(counters, side) if a.type == TYPE]
    if planes:
        raise RulesError(f"E7.6: {side} already has an Observation Plane ({planes[0].name}): only one per side")
    if earlier:
        raise RulesError(f"E7.6: {side} already had an Observation Plane in this scenario ({earlier}): only one per side")


def new_plane(counters: Counters, side: str, label: str) -> Aircraft:
    """E7.6 / E7.61: ``side``'s Observation Plane — an aircraft of type ``Observation`` that "does
    not take counter form, but is considered just offboard": a unit off the map (no hex)."""
    return Aircraft(counters.free_id(label), side, "Observation", label=label, hex=None)


def inherent_radio(held_in_melee: bool) -> bool:
    """E7.6: an Observation Plane has an inherent radio (replacing the OBA battery's) — and, held in
    Aerial Melee, loses Radio Contact. True if it has Radio Contact."""
    return not held_in_melee


AttackKind = Literal["Heavy AA", "Aerial Combat", "Light AA", "ground fire"]


def may_attack(kind: AttackKind) -> tuple[bool, str]:
    """E7.6: "Heavy AA fire (7.52) is the only way ground units can attack an Observation Plane.
    Even though technically offboard, an Observation Plane can be attacked in Aerial Combat
    (although it cannot fire back)"."""
    if kind == "Heavy AA":
        return True, "E7.6: Heavy AA is the only way ground units can attack an Observation Plane"
    if kind == "Aerial Combat":
        return True, "E7.6: an Observation Plane can be attacked in Aerial Combat, but cannot fire back"
    return False, f"E7.6: {kind} cannot attack an Observation Plane (only Heavy AA and Aerial Combat can)"


#: E7.61 is cut after "does not take counter form, but is considered just offboard until Recalled/".
SIGHTING_CUT = ("the rest of E7.61, after 'An Observation Plane does not take counter form, but is considered just "
                "offboard until Recalled', is in your rulebook")
#: What the players may rule an Observation Plane's sighting did (E7.61 cut; a Mistaken Attack
#: opportunity is E7.32's, answered by E7.62).
SIGHTING_61: tuple[str, ...] = ("target sighted", "target not sighted", "Mistaken Attack opportunity (E7.32)")
#: The marker a Mistaken Attack's Fire For Effect places (E7.62).
FFE_KIND = "FFE"

#: E7.62: "(If Battery Access is not achieved, no Mistaken Attack occurs.)" — Battery Access is not
#: in the source rules: the players say which.
BATTERY_ACCESS: tuple[str, ...] = ("Battery Access achieved: Fire For Effect", "no Battery Access: no Mistaken Attack")


def mistaken_fire_mission(counters: Counters, plane_side: str, original_target: Hex,
                          blind: Mapping[Hex, bool] | None = None) -> list[tuple[int, str, Hex]]:
    """E7.62: on a Mistaken Attack "the opposing player calls for a FFE immediately with the plane's
    OBA" (no Sighting TC, Radio Contact or Spotting Rounds needed), one Fire Mission "vs the
    non-hidden enemy ground unit that is closest (in hexes) to the original target of the Sighting
    TC and in the Observation Plane's LOS": the plane owner's closest units (``blind`` marks the
    hexes out of its LOS), as ``(distance, name, hex)``."""
    return mistaken_targets(counters, plane_side, original_target, blind)

"""ASL E7.2's bars on every air procedure, and E7.4's enemy units in the target Location.

E7.2: "Air Support is never allowed during night or Overcast, or against a Location in or beneath
Fog": night and Overcast refuse every air procedure (arrival, strafing run, Point Attack and its
bombs, Dogfight, Observation Plane, Mistaken Attack); Fog is a property of the attacked Location,
set for the scenario (the ``fog`` setting: every Location, or the hexes listed in ``fog_hexes``)
and read by every attack on it. E7.4: "Aircraft may attack ground targets (but no Locations devoid
of enemy units [EXC: Observation Planes; subsequent hexes of a strafing run])": the initial target
Location's units, by their sides.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from ... import events as ev
from ...errors import RulesError
from ...events import Event
from ...fields import Field
from ...hexes import Hex
from ...formats import OLDER_FORMAT
from ...plug import GameState
from ..e1.night import is_night

__all__ = ["FOG_SETTINGS", "air_barred", "check_air", "in_fog", "check_enemy_in"]

FOG = ("no Fog", "every Location", "the hexes listed")

#: The scenario's Fog (E7.2): where Locations are in or beneath it.
FOG_SETTINGS: tuple[Field, ...] = (
    Field("fog", "Fog (Locations in or beneath it)", "choice", choices=FOG, default=FOG[0], rule="E7.2",
          help="Air Support is never allowed against a Location in or beneath Fog: every attack on one is refused"),
    Field("fog_hexes", "Hexes in or beneath Fog", "list", hi=64, default=[], rule="E7.2",
          help="when Fog covers only some hexes: list them", item=Field("fog_hexes", "Hex", "hex")),
)


def air_barred(state: GameState) -> str:
    """E7.2: why no air procedure is allowed now ('' if it is): night or Overcast."""
    if is_night(state):
        return "E7.2: Air Support is never allowed during night"
    if state.settings.get("weather") == "Overcast":
        return "E7.2: Air Support is never allowed in Overcast"
    return ""


def in_fog(state: GameState, h: Hex) -> bool:
    """E7.2: the Location ``h`` is in or beneath Fog (the scenario's ``fog`` setting)."""
    fog = state.settings.get("fog", FOG[0])
    if fog == FOG[1]:
        return True
    return fog == FOG[2] and h in set(state.settings.get("fog_hexes") or ())


def check_air(state: GameState, params: Mapping[str, Any], targets: Iterable[Hex] = ()) -> list[Event]:
    """Raise :class:`RulesError` if E7.2 bars this air procedure: night, Overcast, or a Location it
    attacks (``targets``) in or beneath Fog. An action of a save format from before these bars
    (:data:`~airhead.formats.OLDER_FORMAT`) replays as it then did: the log line saying so."""
    barred = air_barred(state)
    m = state.scenario.map
    fogged = [h for h in dict.fromkeys(targets) if in_fog(state, h)]
    if not barred and fogged:
        barred = (f"E7.2: Air Support is never allowed against a Location in or beneath Fog "
                  f"({', '.join(m.label(h) for h in fogged)})")
    if not barred:
        return []
    if params.get(OLDER_FORMAT):
        return [ev.info("E7.2", f"{barred[6:]}: this game was saved before Airhead checked it, so it is played as it "
                                f"then was")]
    raise RulesError(barred)


def check_enemy_in(state: GameState, side: str, target: Hex, rows: Iterable[Mapping[str, Any]] = ()) -> None:
    """E7.4: "no Locations devoid of enemy units": raise :class:`RulesError` unless ``target``
    holds a unit not of ``side`` — a counter there of another side (not an aircraft), or a target
    row listed there that names no counter of ``side``."""
    counters = state.counters
    here = [u for u in counters.units_at(target) if u.kind != "aircraft"]
    if any(u.side != side for u in here):
        return
    own = {u.name for u in counters.units if u.side == side} | {u.id for u in counters.units if u.side == side}
    if any(r.get("hex") == target and str(r.get("name")) not in own for r in rows):
        return
    m = state.scenario.map
    whose = f": only {side}'s own units are there" if here or any(r.get("hex") == target for r in rows) else ""
    raise RulesError(f"E7.4: aircraft may attack no Location devoid of enemy units; {m.label(target)} holds none of "
                     f"{side}'s enemy{whose}")

"""Landing limits (seed 001, I.F, II.C, III.E).

* I.F: "Only two platoons (or their equivalent) are permitted to land in a single hex. Likewise,
  only two gliders may land in a given target hex. When more than these limits land in a hex, due
  to scatter, all friendly units in the hex are dispersed."
* II.C: "the total number of sticks landing in a single hex may not total more than the
  equivalent of two platoons. If more than the equivalent of two platoons land in a single hex,
  all are dispersed."
* III.E: "Only two gliders may land in any given hex in a single game turn. Glider units do count
  toward stacking limits. As with paratroopers, exceeding this limit causes all friendly units in
  the hex to become dispersed."

Counted in sticks: a stick is one, a platoon (a glider's load, a battery, any other friendly unit)
is a full platoon's sticks; the limit is two platoons' worth. Gliders are counted per game turn,
across every glider landing of the turn (the units on the map record their ``landed_turn`` and
``glider``). Which friendly units already on the map count toward the two-platoon limit is a
setting (:data:`STACKING`): every friendly unit in the hex (default), or only the units that
landed there this game turn.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Callable, Iterable, Iterator, Mapping

from .. import events as ev
from ..counters import Counters, Unit
from ..fields import Field
from ..hexes import Hex
from ..plug import GameState
from ..tables import load_table
from .forces import setting_note

__all__ = [
    "RULE",
    "RULE_GLIDERS",
    "GLIDERS_PER_HEX",
    "STACKING",
    "STACKING_READINGS",
    "hex_limit",
    "equivalent_sticks",
    "equivalent",
    "on_the_map",
    "gliders_this_turn",
    "overstacked_hexes",
    "glider_hexes_over",
    "disperse",
    "overstack_events",
    "dispersed_too",
]

RULE = "PL I.F"
RULE_GLIDERS = "PL III.E"
#: Most gliders landing in one hex in one game turn (III.E).
GLIDERS_PER_HEX = 2

#: The two readings of what counts toward the two-platoon limit, with their log wording.
STACKING_READINGS: dict[str, str] = {
    "every friendly unit": "every friendly unit already in the hex counts",
    "this turn's landings": "only units that landed in the hex this game turn count",
}

STACKING = Field("stacking", "Counted toward the two-platoon landing limit", "choice", choices=tuple(STACKING_READINGS),
                 default="every friendly unit", rule="PL I.F, III.E",
                 help="every friendly unit in the hex (\"Glider units do count toward stacking limits\"), "
                      "or only the units landing there this game turn")


@lru_cache(maxsize=1)
def _platoons() -> tuple[int, int]:
    """The table's sticks per platoon and platoons per hex (read once: every landing
    weighs what is in its hexes with them)."""
    t = load_table("pl_paradrop")
    return int(t["sticks_per_platoon"]), int(t["platoons_per_hex"])


def hex_limit() -> int:
    """Most sticks (or their equivalent) that may land in one hex: two platoons' worth."""
    sticks, platoons = _platoons()
    return sticks * platoons


def equivalent_sticks(kind: str) -> int:
    """A unit's weight in sticks by its kind: a stick is one; anything else (a platoon, a glider's
    load, a battery) a full platoon's sticks."""
    return 1 if kind == "stick" else _platoons()[0]


def equivalent(unit: Unit) -> int:
    """A unit's weight in sticks (:func:`equivalent_sticks`)."""
    return equivalent_sticks(unit.kind)


class _PerHex(Mapping[Hex, int]):
    """What counts in each hex, read for a hex when it is asked for from the counters' side
    tallies (O(1) a hex, whatever the number of units in it or on the map); the hexes where
    nothing counts are left out, as in a dict of the counts (iterating reads every unit: only the
    planner's odds may)."""

    def __init__(self, counters: Counters, count: Callable[[Hex], int]) -> None:
        self._counters, self._count = counters, count

    def __getitem__(self, h: Hex) -> int:
        got = self._count(h)
        if not got:
            raise KeyError(h)
        return got

    def __iter__(self) -> Iterator[Hex]:
        return iter([h for h in dict.fromkeys(u.hex for u in self._counters.units if u.hex is not None) if h in self])

    def __len__(self) -> int:
        return sum(1 for _ in self)


def on_the_map(counters: Counters, side: str, turn: int, reading: str) -> Mapping[Hex, int]:
    """Sticks' worth of friendly units already in each hex that count toward the limit: every
    friendly unit (``every friendly unit``) or those that landed this game turn (a stick one, any
    other unit a platoon's sticks: :func:`equivalent`)."""
    landed = None if reading == "every friendly unit" else turn
    platoon = equivalent_sticks("platoon")

    def weigh(h: Hex) -> int:
        units = counters.count_at(h, side, landed_turn=landed)
        sticks = counters.count_at(h, side, "stick", landed_turn=landed) if units else 0
        return sticks + (units - sticks) * platoon
    return _PerHex(counters, weigh)


def gliders_this_turn(counters: Counters, side: str, turn: int) -> Mapping[Hex, int]:
    """Gliders of ``side`` that landed in each hex earlier in game turn ``turn`` (their loads on
    the map carry the glider's name and the turn they landed)."""
    return _PerHex(counters, lambda h: counters.gliders_landed_at(h, side, turn))


def overstacked_hexes(landing: Mapping[Hex, int], already: Mapping[Hex, int]) -> set[Hex]:
    """Hexes where what lands now (sticks' worth per hex) and what counts already there together
    exceed two platoons' worth."""
    cap = hex_limit()
    return {h for h, n in landing.items() if n and n + already.get(h, 0) > cap}


def glider_hexes_over(landed: Iterable[Hex], earlier: Mapping[Hex, int]) -> set[Hex]:
    """Hexes where more than two gliders landed this game turn (these and earlier ones)."""
    now = Counter(landed)
    return {h for h, n in now.items() if n + earlier.get(h, 0) > GLIDERS_PER_HEX}


def disperse(counters: Counters, side: str, hexes: Iterable[Hex]) -> tuple[Counters, list[Unit]]:
    """Every friendly unit already on the map in ``hexes`` dispersed; the units newly dispersed."""
    changed = list(counters.undispersed_in(hexes, side))
    return counters.put(*(u.flagged("dispersed") for u in changed)), changed


def overstack_events(state: GameState, h: Hex, new: int, what: str, turn: int) -> list[ev.Event]:
    """The log of a hex over the two-platoon limit: ``what`` landed now (``new`` sticks' worth),
    what already counted there (the setting is flagged when the other reading would not have
    dispersed the hex), and the friendly units already on the map that are dispersed with them."""
    m = state.scenario.map
    n = m.name(h)
    cap = hex_limit()
    side = state.sides[0]
    reading = str(state.settings.get("stacking") or STACKING.default)
    already = on_the_map(state.counters, side, turn, reading).get(h, 0)
    if already:
        other = next(r for r in STACKING_READINGS if r != reading)
        decided = (new + on_the_map(state.counters, side, turn, other).get(h, 0) > cap) != (new + already > cap)
        flag = f" {setting_note(STACKING, STACKING_READINGS[reading])}" if decided else ""
        text = (f"{what} in {n}, where friendly units worth {already} stick{'s' if already != 1 else ''} already count{flag}: "
                f"more than two platoons' worth, every friendly unit in {n} is dispersed")
    else:
        text = f"{what} in {n}, more than two platoons' worth: every friendly unit in {n} is dispersed"
    return [ev.result(RULE, text, (n,))] + dispersed_too(state, h, RULE)


def dispersed_too(state: GameState, h: Hex, rule: str) -> list[ev.Event]:
    """The log line naming the friendly units already on the map in ``h`` that a landing over a
    limit disperses with it (none: no line)."""
    n = state.scenario.map.name(h)
    there = [u.name for u in state.counters.undispersed_in((h,), state.sides[0])]
    return [ev.result(rule, f"already in {n} and dispersed too: {', '.join(there)}", (n,))] if there else []

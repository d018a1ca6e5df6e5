"""ASL E1 Night in the Hex panel (plug :class:`~airhead.plug.Tool`): what the night rules say
about a hex and the units in it, and about a fire from one hex at another, read from the map so
that the players do not type what it already knows. No dice, no change to the game.

* **At night here** (one hex): each unit's class, Stealthy / Normal / Lax, from the counter
  (E1.6, :func:`.night_combat.unit_night_class`); the Scenario Defender's HIP allowance from his
  squads in the game (E1.2), his units' Freedom of Movement (E1.21: cut), his ELR (E1.22) and
  each side's SAN (E1.76) from the numbers the
  players give once; concealment lost and gained here (E1.31 / 1.32: Illuminated, enemy-occupied);
  a broken unit's rout (E1.54); the Recovery drm (E1.56); the Ambush margin (E1.77: Illuminated
  or not); a Fortification here (E1.16); a cliff hexside's Falling DR (E1.421); a vehicle here
  (E1.14 NVR, E1.52 MP: both cut) and Snow (E1.15: cut) — the players decide;
* **Night fire** (two hexes, firer then target): the +1 night LV Hindrance (E1.7), beyond the NVR
  (E1.101) and never Known beyond it (E1.33), a Fire Lane beyond it (E1.71), To Hit on entering the NVR (E1.73), Target Acquisition
  (E1.74), Fire Groups (E1.75), a captured MG (E1.76).

Each line ends with its rule. Where the seed's text is cut, the line says so: the players decide.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...counters import Unit
from ...errors import RulesError
from ...events import Event
from ...fields import Field, Schema
from ...hexes import Hex
from ...plug import GameState, Tool, View
from .illumination import illuminated_by
from .night import FORTIFICATIONS_CUT, FREEDOM_CUT, HIP_CUT, current_nvr, hip_squads, is_night, night_elr, starshell_fired, within_nvr
from .night_combat import (
    SAN_MAX,
    ambush_margin,
    captured_mg_sniper,
    dyo_san_bpv,
    emerges_from_blind_hex,
    fire_lane_beyond_nvr,
    multi_location_fg_allowed,
    night_lv_on_map,
    night_san,
    san_after_sniper_check,
    target_acquisition_allowed,
    unit_night_class,
)
from .night_movement import concealment_gain, loses_concealment, recovery_drm, routing_at_night, scenario_attacker

__all__ = ["NIGHT_TOOLS", "HERE_OPTIONS", "FIRE_OPTIONS", "CLIMB_DRM", "climbing_drm", "hip_allowance", "at_night_here",
           "night_fire"]

Options = Mapping[str, Any]

#: E1.421: the DRM on the Falling DR (B11.41) of Climbing units in a night scenario.
CLIMB_DRM = 1
#: Counter kinds counted as squads, and as half-squads, for E1.2's 25 %.
SQUAD_KINDS = ("squad",)
HALF_SQUAD_KINDS = ("half-squad", "HS")
#: Counter kinds read as vehicles (E1.14, E1.52), compared without case.
VEHICLE_KINDS = frozenset({"vehicle", "afv", "tank", "truck", "halftrack", "armored car"})
#: Weather with snow (E1.15 "Whenever Ground/": cut).
SNOW = ("Snow", "Falling Snow")
#: Counters that are not units a player classes at night (E1.6).
_NOT_CLASSED = frozenset({"glider", "wreck", "aircraft", "cloaking"})
ELR_OB = ("printed on the night scenario's OB", "DYO: the normal ELR")


def climbing_drm(night: bool) -> int:
    """E1.421: +1 DRM to the Falling DR (B11.41) of Climbing units during a night scenario."""
    return CLIMB_DRM if night else 0


def hip_allowance(state: GameState, side: str) -> tuple[int, int, int]:
    """E1.2 read from the game: ``(squads, half-squads, HIP allowance)`` of ``side``'s counters
    (on the map or off it) of kind squad and half-squad (:data:`SQUAD_KINDS`, :data:`HALF_SQUAD_KINDS`); two half-squads
    count as one squad (the HS of a Deployed squad, A2.9), an odd one as a whole squad (read:
    fractions rounded up); the allowance is :func:`.night.hip_squads` of that."""
    squads = sum(1 for k in SQUAD_KINDS for u in state.counters.units_of_kind(k) if u.side == side)
    halves = sum(1 for k in HALF_SQUAD_KINDS for u in state.counters.units_of_kind(k) if u.side == side)
    return squads, halves, hip_squads(squads + -(-halves // 2))


def _line(e: Event) -> str:
    """A rule function's event as one line, its rule last."""
    value = f"{e.value:+d} " if e.kind == "modifier" and isinstance(e.value, int) else ""
    return f"{value}{e.cause} ({e.rule})"


def _other(state: GameState, side: str) -> str:
    a, b = state.sides
    return b if side == a else a


def _night(state: GameState) -> None:
    if not is_night(state):
        raise RulesError("Night rules are not in effect in this scenario (E1.1: set 'Night rules in effect' in its settings)")


HERE_OPTIONS = Schema((
    Field("elr", "Scenario Defender's ELR", "int", default=None, lo=0, hi=5, rule="E1.22",
          help="empty: the rule alone; a night scenario's OB prints it one less already"),
    Field("elr_ob", "That ELR is", "choice", choices=ELR_OB, default=ELR_OB[0], rule="E1.22"),
    Field("san_attacker", "Scenario Attacker's printed SAN", "int", default=None, lo=0, hi=SAN_MAX, rule="E1.76"),
    Field("san_defender", "Scenario Defender's printed SAN", "int", default=None, lo=0, hi=SAN_MAX, rule="E1.76"),
), what="option")


def _units(state: GameState, h: Hex) -> tuple[Unit, ...]:
    return tuple(u for u in state.counters.units_at(h) if u.kind not in _NOT_CLASSED)


def at_night_here(state: GameState, hexes: tuple[Hex, ...], options: Options) -> tuple[tuple[str, ...], View]:
    """E1 at night in one hex and for the units in it (see the module's list)."""
    (h,) = hexes
    _night(state)
    m = state.scenario.map
    here = m.label(h)
    lit = illuminated_by(state, h)
    lines = [f"Night, Base NVR {current_nvr(state)}: {here} is "
             + (f"Illuminated ({'; '.join(lit)})" if lit else "not Illuminated") + " (E1.1, E1.9)"]
    units = _units(state, h)
    broken = False
    for u in units:
        c = unit_night_class(u, state.counters)
        cls = c.cls or "players decide"
        lines.append(f"{u.name} ({u.side}): {cls} — {c.reason.removeprefix(u.name + ': ')} ({c.rule})")
        broken = broken or "broken" in u.status
    for u in state.counters.units_at(h):
        if u.kind == "cloaking":
            lines.append(f"{u.name} ({u.side}): a Cloaking counter — its class is its side's Majority Squad Type (E1.551)")
    if not units:
        lines.append(f"no unit in {here} to class: a unit's class is read from its counter (E1.6)")
    # E1.2, E1.22, E1.76: the sides
    attacker = scenario_attacker(state)
    defender = _other(state, attacker)
    squads, halves, hip = hip_allowance(state, defender)
    counted = f"{squads} squad{'' if squads == 1 else 's'}" + (f" and {halves} HS" if halves else "")
    lines.append(f"{defender}, the Scenario Defender, may set up HIP at most {hip} of his squads: 25 % (FRU) of the "
                 f"{counted} in the game (E1.2)")
    cut = HIP_CUT.removeprefix("E1.2: ")
    lines.append(cut[:1].upper() + cut[1:] + " (E1.2)")
    if any(u.side == defender for u in units):
        free = FREEDOM_CUT.removeprefix("E1.21: ")
        lines.append(f"{defender}'s units here: {free} (E1.21)")
    elr = options.get("elr")
    if elr is None:
        lines.append(f"{defender}'s ELR is one less than by day (a night OB prints it so); units with an underlined "
                     "Morale Factor have ELR 4 at most (E1.22)")
    else:
        printed = options.get("elr_ob", ELR_OB[0]) == ELR_OB[0]
        lines.append(f"{defender}'s ELR is {night_elr(int(elr), printed=printed)}"
                     f"{' (as printed)' if printed else f' ({elr} − 1, DYO)'}; units with an underlined Morale Factor: "
                     f"{night_elr(int(elr), printed=printed, underlined=True)} (E1.22)")
    for side, key in ((attacker, "san_attacker"), (defender, "san_defender")):
        san = options.get(key)
        if san is not None:
            lines.append(f"{side}'s SAN {san} is {night_san(int(san))} in play (+2, at most {SAN_MAX}); Sniper Checks lower "
                         f"it to {san_after_sniper_check(night_san(int(san)), SAN_MAX, int(san))} at least (E1.76)")
    if options.get("san_attacker") is None or options.get("san_defender") is None:
        lines.append(f"each side's SAN is +2 in play, at most {SAN_MAX}, never below the printed SAN; a DYO SAN costs "
                     f"{dyo_san_bpv(1)} × its BPV (E1.76)")
    # E1.31 / 1.32 concealment
    lost, _ = loses_concealment(non_assault_in_illuminated=bool(lit), entered_enemy_location=False)
    lines.append(f"Non-Assault Movement in {here}: " + ("loses Cloaking/\"?\" — it is Illuminated (E1.31)" if lost
                                                        else "keeps Cloaking/\"?\" — not Illuminated (E1.31)"))
    for side in dict.fromkeys(u.side for u in state.counters.units_at(h)):
        entering, _ = loses_concealment(non_assault_in_illuminated=False, entered_enemy_location=True)
        if entering:
            lines.append(f"a unit of {_other(state, side)} entering {here} in the MPh loses Cloaking/\"?\": "
                         f"{side} occupies it (E1.31)")
    lines.append(_line(concealment_gain(True)))
    # E1.54, E1.56
    if broken:
        lines += [_line(e) for e in routing_at_night()]
        lines.append("a DM unit keeps DM until it makes a Rally… (the rest is in your rulebook: players decide) (E1.54)")
    else:
        lines.append("a broken unit does not rout normally at night, nor is it eliminated for Failure to Rout (E1.54)")
    drm, _ = recovery_drm(True)
    lines.append(f"Recovery attempts (A4.44) here: {drm:+d} drm at night (E1.56)")
    # E1.77
    if lit:
        lines.append(f"CC in {here}: Illuminated, so Ambush as by day (A11.4, your rulebook) (E1.77)")
    else:
        lines.append(f"CC in {here}: the ATTACKER gains Ambush with a dr at least {ambush_margin(False, 0)} less than "
                     "the DEFENDER's (A11.4) (E1.77)")
    # E1.16, E1.421
    t = state.terrain.at(h)
    forts = [w for w, on in (("a minefield", t.minefield > 0), ("a trench", t.trench)) if on]
    forts += ["a roadblock" for d in range(6) if "roadblock" in state.terrain.side(h, d)][:1]
    if forts:
        lines.append(f"{' and '.join(forts).capitalize()} in {here}: "
                     + FORTIFICATIONS_CUT.removeprefix("E1.16: ") + " (E1.16)")
    if any(u.kind.lower() in VEHICLE_KINDS for u in units):
        lines.append("Vehicular NVR: 'A vehicle (and its PRC) that is in Motion…' — the rest is in your rulebook: players "
                     "decide (E1.14)")
        lines.append("vehicles at night: 'All vehicles must pay an additional MP…' — the rest is in your rulebook: players "
                     "decide (E1.52)")
    if state.settings.get("weather") in SNOW:
        lines.append("Snow: 'Whenever Ground…' — the rest is in your rulebook: players decide what it changes at night "
                     "(E1.15)")
    cliffs = [d + 1 for d in range(6) if "cliff" in state.terrain.side(h, d)]
    if cliffs:
        lines.append(f"a cliff hexside here: a Climbing unit's Falling DR (B11.41) is {climbing_drm(True):+d} at night "
                     "(E1.421)")
    return tuple(lines), View(marks=((h, "viewer"),))


FIRE_OPTIONS = Schema((
    Field("level", "Firer's level in its hex", "int", default=0, lo=0, hi=4, rule="E1.7",
          help="0: ground level; 1: a building's first level"),
    Field("captured_mg", "A captured MG fires", "bool", default=False, rule="E1.76"),
), what="option")


def night_fire(state: GameState, hexes: tuple[Hex, ...], options: Options) -> tuple[tuple[str, ...], View]:
    """E1.7–1.76 for a fire from the first hex at the second, read from the map."""
    firer, target = hexes
    _night(state)
    m = state.scenario.map
    nvr = current_nvr(state)
    d = firer.distance(target)
    lit = illuminated_by(state, target)
    flash = state.counters.has_at(target, "Gunflash")
    lines = [f"Fire from {m.label(firer)} at {m.label(target)}, {d} hex{'' if d == 1 else 'es'} away; Base NVR {nvr} (E1.1)"]
    if within_nvr(firer, target, nvr):
        lines.append(f"{m.label(target)} is within the NVR (E1.1)")
    elif lit or flash:
        why = "Illuminated" if lit else "marked by a Gunflash"
        lines.append(f"{m.label(target)} is beyond the NVR but {why}: it may be seen (E1.101, E1.81)")
    else:
        lines.append(f"{m.label(target)} is beyond the NVR, neither Illuminated nor marked by a Gunflash: out of LOS (E1.101)")
        lines.append(f"an unconcealed unit in {m.label(target)} is never Known to the firer (E1.33)")
    lv = night_lv_on_map(state.terrain, firer, int(options.get("level", 0)), target, settings=state.settings)
    lines += [_line(e) for e in lv.events]
    if not within_nvr(firer, target, nvr):
        fl = fire_lane_beyond_nvr(starshell_fired(state))
        lines.append("a Fire Lane's Residual FP may be placed here beyond the NVR; the firer still needs a LOS to the moving "
                     "initial target (E1.71)" if fl else
                     "a Fire Lane beyond the NVR: a Starshell or IR has been fired, and the exception that then applies "
                     "is in your rulebook: players decide (E1.71)")
    if emerges_from_blind_hex(within_nvr(firer, target, nvr)):
        lines.append(f"a unit entering {m.label(target)} from beyond the NVR is treated as emerging from a Blind Hex for "
                     "the firer's To Hit (E1.73)")
    lines.append("Target Acquisition DRM apply: the target is Illuminated (E1.74)" if target_acquisition_allowed(bool(lit))
                 else "no Target Acquisition DRM: the target is not Illuminated; when Acquired Target counters are removed "
                      "is cut: players decide (E1.74)")
    if not multi_location_fg_allowed(True):
        lines.append("no Multi-Location Fire Group at night (E1.75)")
    if captured_mg_sniper(bool(options.get("captured_mg"))):
        lines.append(f"a captured MG fired at night: {m.label(firer)} is subject to an automatic sniper attack (E1.76)")
    return tuple(lines), View(marks=((firer, "ilh"), (target, "target")), paths=((firer, target),))


NIGHT_TOOLS: tuple[Tool, ...] = (
    Tool("night_here", "At night here", 1, at_night_here,
         "the night rules for this hex and the units in it: each unit's class, HIP, ELR, SAN, concealment, rout, "
         "Recovery, Ambush (E1)", HERE_OPTIONS),
    Tool("night_fire", "Night fire", 2, night_fire,
         "from this hex at the next hex you tap: the night LV DRM, NVR, Fire Lane, To Hit, Target Acquisition, Fire "
         "Groups (E1.7)", FIRE_OPTIONS),
)

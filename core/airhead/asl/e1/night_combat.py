"""ASL E1 Night, E1.6–E1.88: Stealthy / Normal / Lax units, night combat (the +1 night LV
Hindrance and its exceptions, Fire Lanes, Snipers, To Hit, Target Acquisition, Fire Groups,
mistaken fire (SAN), Ambush) and Gunflashes.

Sections, in rule order (search for the rule number):

* E1.6–1.63  :func:`night_class`, :func:`unit_night_class` (a counter on the map)
* E1.7       :func:`night_lv`, :func:`night_lv_on_map` (heights from :func:`.los.top_above`)
* E1.71      :func:`fire_lane_beyond_nvr`
* E1.72      :func:`sniper_vs_cloaking`
* E1.73      :func:`emerges_from_blind_hex`
* E1.74      :func:`target_acquisition_allowed`
* E1.75      :func:`multi_location_fg_allowed`
* E1.76      :func:`night_san`, :func:`san_after_sniper_check`, :func:`dyo_san_bpv`, :func:`captured_mg_sniper`
* E1.77      :func:`ambush_margin`, :func:`gains_ambush`
* E1.8–1.88  :func:`makes_gunflash`, :func:`gunflash_marker`

Where the seed's text is cut (1.62, 1.7, 1.71, 1.74, 1.81, 1.84–1.87), a function answers None
("players decide") with the reason, and docs/rules-notes.md lists it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Mapping

from ... import events as ev
from ...counters import Counters, Marker, Unit
from ...errors import RulesError, quoted
from ...events import Event
from ...fields import Field
from ...hexes import Hex
from ...terrain import Terrain
from ..los import Location, LosSettings, top_above

__all__ = [
    "NIGHT_CLASSES", "STEALTHY_DESIGNATIONS", "UnitAtNight", "Classification", "night_class",
    "SMC_KINDS", "ANIMAL_KINDS", "unit_at_night", "unit_night_class",
    "LV_EXEMPT_ATTACKS", "ATTACKS", "LvReading", "night_lv", "night_lv_on_map",
    "fire_lane_beyond_nvr", "sniper_vs_cloaking", "emerges_from_blind_hex", "target_acquisition_allowed",
    "multi_location_fg_allowed", "SAN_MAX", "night_san", "san_after_sniper_check", "dyo_san_bpv",
    "captured_mg_sniper", "NIGHT_AMBUSH_MARGIN", "ambush_margin", "gains_ambush",
    "GUNFLASH_CAUSES", "makes_gunflash", "gunflash_marker", "COMBAT_SETTINGS", "GUNFLASH_PHASES",
]

NightClass = Literal["Stealthy", "Normal", "Lax"]
NIGHT_CLASSES: tuple[str, ...] = ("Stealthy", "Normal", "Lax")

# ----------------------------------------------------------------------------- E1.6 LAX / STEALTHY
#: E1.61: "Stealthy units are generally those designated as Commando, Ranger, ANZAC, Gurkha,
#: Finnish, Good Order SMC, or Partisan."
STEALTHY_DESIGNATIONS: tuple[str, ...] = ("Commando", "Ranger", "ANZAC", "Gurkha", "Finnish", "Partisan")


@dataclass(frozen=True)
class UnitAtNight:
    """What E1.6 asks of a unit: its ``designation`` or nationality (Commando, Finnish, Italian,
    German...), whether it is a SMC, in Good Order, Inexperienced, berserk, elite, stacked with a
    Good Order SMC, and whether it is a horse / Cavalry / Animal-Drawn Transport (with
    Passengers or Riders)."""

    designation: str = ""
    smc: bool = False
    good_order: bool = True
    inexperienced: bool = False
    berserk: bool = False
    elite: bool = False
    with_good_order_smc: bool = False
    animal: bool = False
    carrying: bool = False


@dataclass(frozen=True)
class Classification:
    """A unit's E1.6 class (None: the rule text is cut here, the players decide), the rule and why."""

    cls: NightClass | None
    rule: str
    reason: str


def night_class(u: UnitAtNight) -> Classification:
    """E1.6: Stealthy, Normal or Lax at night.

    * 1.533: a berserk unit is always Lax;
    * 1.61: Commando, Ranger, ANZAC, Gurkha, Finnish, Partisan, or a Good Order SMC: Stealthy;
    * 1.62: Inexperienced, non-elite Italian: Lax (the list is cut after "Italian/": for anything
      else it might name, the players decide);
    * 1.63: other Good Order MMC are Normal, as are Good Order Lax units stacked with a Good Order
      SMC (even for Ambush); horses, Cavalry and Animal-Drawn Transport are Normal (unless their
      Passengers/Riders ... — cut: the players decide).

    A unit both Stealthy and Lax by these lists, or not in Good Order, is not classed by the
    text that survives: the players decide."""
    d = u.designation.strip()
    if u.berserk:
        return Classification("Lax", "E1.533", "a berserk unit is always Lax")
    stealthy = d in STEALTHY_DESIGNATIONS or (u.smc and u.good_order)
    lax_why = "Inexperienced" if u.inexperienced else ("non-elite Italian" if d == "Italian" and not u.elite else "")
    if u.animal:
        if u.carrying:
            return Classification(None, "E1.63", "horses, Cavalry and Animal-Drawn Transport are Normal unless their "
                                  "Passengers or Riders … (see your rulebook): players decide")
        return Classification("Normal", "E1.63", "horses, Cavalry and Animal-Drawn Transport are Normal")
    if stealthy and lax_why:
        return Classification(None, "E1.6", f"{d or 'this unit'} is Stealthy (1.61) yet {lax_why} (1.62); your rulebook "
                              "settles it: players decide")
    if stealthy:
        what = "a Good Order SMC" if u.smc and d not in STEALTHY_DESIGNATIONS else d
        return Classification("Stealthy", "E1.61", f"{what} is Stealthy")
    if lax_why:
        if u.good_order and u.with_good_order_smc:
            return Classification("Normal", "E1.63", f"{lax_why}, but stacked with a Good Order SMC: Normal (even for Ambush)")
        return Classification("Lax", "E1.62", f"{lax_why}: Lax")
    if not u.good_order:
        return Classification(None, "E1.62", "a unit not in Good Order: the rest of the Lax list after "
                              "'non-elite Italian' is in your rulebook: players decide")
    return Classification("Normal", "E1.63", "a Good Order MMC: Normal")


#: Counter kinds read as SMC (E1.61: "Good Order SMC" are Stealthy).
SMC_KINDS = frozenset({"leader", "armor leader", "smc", "hero", "commissar"})
#: Counter kinds read as horses, Cavalry or Animal-Drawn Transport (E1.63).
ANIMAL_KINDS = frozenset({"horse", "horses", "cavalry", "animal-drawn transport"})
_NOT_GOOD = frozenset({"broken", "disrupted"})
_FLAGS = ("berserk", "inexperienced", "elite")


def _flag(u: Unit, name: str) -> bool:
    return name in u.status or bool(u.facts.get(name))


def _smc(u: Unit) -> bool:
    return u.kind.lower() in SMC_KINDS or bool(u.facts.get("smc"))


def unit_at_night(u: Unit, counters: Counters) -> UnitAtNight:
    """What E1.6 asks of a counter on the map: its designation (its ``designation`` fact, else a
    Stealthy designation or "Italian" named in its kind or label), SMC by kind (:data:`SMC_KINDS`),
    Good Order unless broken or disrupted, berserk / Inexperienced / elite by status flag or fact,
    stacked with a Good Order SMC of its side, an animal by kind (:data:`ANIMAL_KINDS`) carrying
    Passengers or Riders by its ``carrying`` fact."""
    designation = str(u.facts.get("designation") or "")
    if not designation:
        words = set(f"{u.kind} {u.label}".replace("-", " ").split())
        designation = next((d for d in STEALTHY_DESIGNATIONS + ("Italian",) if d in words), "")
    with_smc = u.hex is not None and any(
        o.id != u.id and o.side == u.side and _smc(o) and not o.status & _NOT_GOOD for o in counters.units_at(u.hex))
    return UnitAtNight(designation, smc=_smc(u), good_order=not u.status & _NOT_GOOD, inexperienced=_flag(u, "inexperienced"),
                       berserk=_flag(u, "berserk"), elite=_flag(u, "elite"), with_good_order_smc=with_smc,
                       animal=u.kind.lower() in ANIMAL_KINDS, carrying=bool(u.facts.get("carrying")))


def unit_night_class(u: Unit, counters: Counters) -> Classification:
    """E1.6 for a counter on the map: its recorded ``night_class`` fact if it has one, else
    :func:`night_class` of :func:`unit_at_night` (None: the players decide)."""
    recorded = u.facts.get("night_class")
    if isinstance(recorded, str) and recorded in NIGHT_CLASSES:
        return Classification(recorded, "E1.6", f"{u.name} is {recorded} (as recorded on the counter)")  # type: ignore[arg-type]
    c = night_class(unit_at_night(u, counters))
    return Classification(c.cls, c.rule, f"{u.name}: {c.reason}")


# ----------------------------------------------------------------------------- E1.7 COMBAT
#: E1.7 EXC: the attacks never subject to the +1 night LV Hindrance.
LV_EXEMPT_ATTACKS: tuple[str, ...] = ("Fire Lane", "mines", "Sniper", "DC", "Specific Collateral attack",
                                      "Residual FP", "CC", "OBA")
#: The attack kinds a player picks from: other fire, then the exempt ones.
ATTACKS: tuple[str, ...] = ("fire attack",) + LV_EXEMPT_ATTACKS


@dataclass(frozen=True)
class LvReading:
    """Whether the +1 night LV Hindrance DRM applies (``drm`` 1 or 0), and why, as log events."""

    drm: int
    events: tuple[Event, ...]


def night_lv(firer_height: float, target_top: float, *, attack: str = ATTACKS[0], ha_tem: bool = False,
             night: bool = True) -> LvReading:
    """E1.7: a night attack is subject to a +1 Low Visibility Hindrance DRM (which does not nullify
    a FFMO DRM) [EXC: Fire Lanes, mines, Snipers, DC, Specific Collateral attacks, Residual FP, CC
    and OBA] — but never in combination with a positive TEM due to Height Advantage (``ha_tem``),
    nor if the target hex holds terrain (hills included) whose topmost height is at least one
    full level above the firer (``target_top - firer_height >= 1``).

    ``firer_height`` is the firer's own height (its hex's base level plus the level of its
    Location); ``target_top`` the topmost height of the target hex's terrain (base level plus
    obstacle height), whatever level the target unit is on: that is why, in the 1.7 EX, the
    Russian firing at R6 never has the LV DRM "regardless of which level that 4-6-7 is on"."""
    out: list[Event] = []
    if not night:
        return LvReading(0, (ev.info("E1.7", "not a night scenario: no night LV Hindrance"),))
    if attack in LV_EXEMPT_ATTACKS:
        return LvReading(0, (ev.info("E1.7", f"{attack}: exempt from the night LV Hindrance"),))
    if ha_tem:
        return LvReading(0, (ev.info("E1.7", "a positive Height Advantage TEM applies: never with the night LV DRM"),))
    rise = target_top - firer_height
    if rise >= 1:
        out.append(ev.info("E1.7", f"the target hex's terrain tops out at level {_lv(target_top)}, {_lv(rise)} level"
                           f"{'' if rise == 1 else 's'} above the firer (level {_lv(firer_height)}): no night LV DRM"))
        return LvReading(0, tuple(out))
    out.append(ev.modifier("E1.7", 1, f"night Low Visibility Hindrance (the target hex's terrain tops out at level "
                           f"{_lv(target_top)}, not a full level above the firer at level {_lv(firer_height)}; "
                           "it does not nullify a FFMO DRM)"))
    return LvReading(1, tuple(out))


def _lv(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def night_lv_on_map(terrain: Terrain, firer: Hex, firer_level: float, target: Hex, *, attack: str = ATTACKS[0],
                    ha_tem: bool = False, night: bool = True, settings: Mapping[str, Any] | None = None) -> LvReading:
    """:func:`night_lv` read off the map: the firer at ``firer_level`` above its hex's base level;
    how far the target hex's terrain (hills included) tops out above it is the LOS engine's
    reading (:func:`.los.top_above`, with the game's LOS ``settings``: season, half-level types)."""
    height = terrain.at(firer).base_level + firer_level
    rise = top_above(terrain, Location(firer, firer_level), target, settings=LosSettings.from_settings(settings or {}))
    return night_lv(height, height + rise, attack=attack, ha_tem=ha_tem, night=night)


# ----------------------------------------------------------------------------- E1.71 - E1.75
def fire_lane_beyond_nvr(starshell_fired: bool) -> bool | None:
    """E1.71: at night a Fire Lane Residual FP counter can be placed beyond the firer's NVR (the
    firer still needs a LOS to the moving initial target). Its exception ("Once any starshell/...")
    is cut: once a Starshell or IR has been fired, None — the players decide."""
    return None if starshell_fired else True


def sniper_vs_cloaking(dr: int) -> bool:
    """E1.72: an effective Sniper attack (dr 1 or 2) removes the Cloaking counter it attacks and
    places its contents onboard unconcealed (Random Selection then picks who is affected)."""
    return dr in (1, 2)


def emerges_from_blind_hex(entered_nvr: bool) -> bool:
    """E1.73: a unit entering another unit's NVR is treated as emerging from a Blind Hex for that
    unit's To Hit purposes."""
    return entered_nvr


def target_acquisition_allowed(illuminated: bool) -> bool:
    """E1.74: Target Acquisition DRM (C6.5) are NA at night unless the target is Illuminated (when
    Acquired Target counters are removed is cut: players decide)."""
    return illuminated


def multi_location_fg_allowed(night: bool) -> bool:
    """E1.75: Multi-Location Fire Groups are not allowed at night."""
    return not night


# ----------------------------------------------------------------------------- E1.76 MISTAKEN FIRE
SAN_MAX = 7


def night_san(printed: int) -> int:
    """E1.76: the printed (or recorded) SAN is increased by two, up to a maximum of 7 — never
    below the printed SAN."""
    if printed < 0:
        raise RulesError("E1.76: a SAN cannot be negative")
    return max(printed, min(printed + 2, SAN_MAX))


def san_after_sniper_check(actual: int, reduction: int, printed: int) -> int:
    """E1.76: Sniper Checks can reduce a night SAN only to the printed number."""
    return max(printed, actual - reduction)


def dyo_san_bpv(bpv: int) -> int:
    """E1.76: the BPV of a DYO-purchased SAN (H1.29) is doubled for a night scenario."""
    return 2 * bpv


def captured_mg_sniper(captured_mg_fired: bool, night: bool = True) -> bool:
    """E1.76: a captured MG fired at night subjects its Location to an automatic sniper attack."""
    return night and captured_mg_fired


# ----------------------------------------------------------------------------- E1.77 CC
#: E1.77: the ATTACKER's Ambush dr need be only at least two less than the DEFENDER's.
NIGHT_AMBUSH_MARGIN = 2


def ambush_margin(illuminated: bool, day_margin: int) -> int:
    """E1.77: the margin the ATTACKER's Ambush dr must beat the DEFENDER's by: 2 at night unless
    Illuminated; otherwise A11.4's (``day_margin``: A11.4 is not in the seeds, the caller gives it)."""
    return day_margin if illuminated else NIGHT_AMBUSH_MARGIN


def gains_ambush(attacker_dr: int, defender_dr: int, margin: int) -> bool:
    """A11.4 / E1.77: the ATTACKER gains Ambush if his dr is at least ``margin`` less than the
    DEFENDER's."""
    return defender_dr - attacker_dr >= margin


# ----------------------------------------------------------------------------- E1.8 GUNFLASHES
#: What may reveal a Location as a Gunflash (E1.8–1.88, 1.94).
GUNFLASH_CAUSES: tuple[str, ...] = (
    "fire", "fire at/from beyond NVR", "CC", "mines", "MOL", "DC", "Searching", "SR", "PIAT", "Kindling",
)
#: The phase keys a Gunflash counter may be removed at the end of (the ``e1_gunflash_expires``
#: setting: the seed does not say when).
GUNFLASH_PHASES: tuple[str, ...] = ("RPh", "PFPh", "MPh", "DFPh", "AFPh", "RtPh", "APh", "CCPh")

COMBAT_SETTINGS: tuple[Field, ...] = (
    Field("e1_gunflash_expires", "Gunflash counters are removed at the end of", "choice", choices=GUNFLASH_PHASES,
          default="CCPh", rule="E1.8",
          help="the rule text does not say when a Gunflash counter goes: Airhead removes it at the end of the Player Turn "
               "(its CCPh) unless you set another phase; a CC Gunflash stays while its Melee counter does (E1.82)"),
    Field("e1_fires_allowed", "Fires may be deliberately set at night (SSR)", "bool", default=False, rule="E1.94",
          help="Fires may not be deliberately set at night unless allowed by SSR: tick it if your scenario's SSR allows it"),
)


def makes_gunflash(cause: str, *, effect: bool = False, melee: bool = False, in_enemy_los: bool = True) -> tuple[bool | None, str, str]:
    """E1.8–1.88: whether ``cause`` (one of :data:`GUNFLASH_CAUSES`) creates a Gunflash, as
    ``(answer, rule, why)``; answer None where the rule text is cut (players decide).

    * 1.8: any unit that fires (whatever its B#/X# DR, Illumination or NVR) reveals its Location
      to every unit with a LOS to it, regardless of NVR (e.g. a MG maintaining its ROF in Prep Fire);
    * 1.82: CC, for as long as a Melee counter covers it (``melee``);
    * 1.83: mines, only if they cause Casualty Reduction or break, immobilize or eliminate a
      non-Dummy unit (``effect``);
    * 1.88: a fired PIAT does not;
    * 1.94: an attempt to Kindle a Fire, if within the LOS of a Good Order enemy ground unit;
    * 1.81, 1.84 (MOL/), 1.85 (DC/), 1.86 (Searching/), 1.87 (SR/): cut — players decide."""
    if cause == "fire":
        return True, "E1.8", "a unit that fires reveals its Location to every unit with a LOS to it, regardless of NVR"
    if cause == "PIAT":
        return False, "E1.88", "a fired PIAT does not create a Gunflash"
    if cause == "CC":
        return melee, "E1.82", "CC causes a Gunflash for as long as a Melee counter covers it"
    if cause == "mines":
        return effect, "E1.83", ("mines cause a Gunflash only if they cause Casualty Reduction, or break, immobilize or "
                                 "eliminate a non-Dummy unit")
    if cause == "Kindling":
        return in_enemy_los, "E1.94", "a Kindling attempt causes a Gunflash if within the LOS of any Good Order enemy ground unit"
    cut = {"fire at/from beyond NVR": "E1.81", "MOL": "E1.84", "DC": "E1.85", "Searching": "E1.86", "SR": "E1.87"}
    if cause in cut:
        return None, cut[cause], f"{cause}: see your rulebook; players decide"
    raise RulesError(f"E1.8: no Gunflash rule for {quoted(cause)} (one of {', '.join(GUNFLASH_CAUSES)})")


def gunflash_marker(marker_id: str, h: Hex, side: str, expires: str = "CCPh", *, cc: bool = False) -> Marker:
    """E1.8: a Gunflash counter in ``h`` placed by ``side``, removed at the end of ``expires`` (the
    ``e1_gunflash_expires`` setting); a CC Gunflash (1.82) stays while its Melee counter does
    (no automatic removal)."""
    if expires not in GUNFLASH_PHASES:
        raise RulesError(f"E1.8: no phase {quoted(expires)} to remove a Gunflash at (one of {', '.join(GUNFLASH_PHASES)})")
    return Marker(marker_id, "Gunflash", h, side=side, expires="" if cc else expires,
                  label="Gunflash (CC)" if cc else "Gunflash", rule="E1.82" if cc else "E1.8")

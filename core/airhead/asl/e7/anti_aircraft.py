"""ASL E7.5–7.52: AA fire — AA mode, Light AA on the ★ Vehicle line (shared with E8.21's Light AA
at gliders), Multiple ROF, the Unlikely Kill, and Heavy AA.

Sections, in rule order (search for the rule number):

* E7.5    :func:`aa_mode_after` (an AA counter: the ``"aa"`` status of a weapon's unit),
  :func:`find_weapon`, :func:`mark_aa_mode` (the counter on the game's units, with its events)
* E7.51   :class:`AAFirer`, :data:`AA_FIELDS` (E8.21), :data:`AA_RUN_FIELDS` (with the firer's hex)
* E7.511  :func:`light_aa_result` (the one Light AA function: E8.21 gliders and E7.511 aircraft),
  :func:`aircraft_aa_result`, :func:`retains_rof`, :func:`aerial_drm_from_seed`
* E7.512  the Unlikely Kill on an Original 2 (:func:`aircraft_aa_result`: the rule text is cut)
* E7.52   :func:`heavy_aa_check`, :func:`heavy_aa_phase`, :func:`heavy_aa_effect` (the resolution
  text is cut: the players decide the result, which is then applied to the aircraft)

The IFT (and its ★ Vehicle line) is not in the source rules: a Light AA weapon's ★ Vehicle Kill
Number is typed by the player, as E8 asks for it. The aircraft's Aerial DRM by year is not printed
either, except once: the 4G6 EX of E7.511 ("+3 DRM for the 1944 FB"); every other year is a
form field pre-filled by a table pack (``aerial_drm.{year}``). Readings of the cut text are in
``docs/rules-notes.md`` ("E7.5–7.52 AA fire").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ...frozen import replace
from ... import events as ev
from ...counters import Counters, Unit
from ...errors import RulesError
from ...events import Event
from ...fields import Field, check_record
from ...hexes import Hex
from .air_support import KIND as AIRCRAFT, Aircraft

__all__ = [
    "AAResult",
    "AircraftAAResult",
    "AAFirer",
    "AA_FIELDS",
    "AA_RUN_FIELDS",
    "light_aa_result",
    "retains_rof",
    "aircraft_aa_result",
    "aerial_drm_from_seed",
    "SEED_AERIAL_DRM",
    "aa_mode_after",
    "AA_MODE_CUT",
    "find_weapon",
    "mark_aa_mode",
    "heavy_aa_check",
    "heavy_aa_phase",
    "heavy_aa_effect",
    "HEAVY_AA_RESULTS",
    "HEAVY_AA_CUT",
]


# ----------------------------------------------------------------------------- E7.511 / E8.21
AAResult = Literal["no effect", "evasive", "damaged", "eliminated"]


def light_aa_result(final_dr: int, kill: int, below: str = "eliminated") -> AAResult:
    """E8.21: Light AA Final IFT DR against the ★ Vehicle Kill Number.

    Equal → Damaged (and Evasive Action); one more → Evasive Action; more → no effect. A lower DR
    is cut from the seed (7.511): Airhead eliminates the glider by default (``below``).
    """
    if final_dr == kill:
        return "damaged"
    if final_dr == kill + 1:
        return "evasive"
    if final_dr < kill:
        return "damaged" if below == "damaged" else "eliminated"
    return "no effect"


def retains_rof(colored: int, rof: int) -> bool:
    """Multiple ROF is kept when the colored dr is ≤ the weapon's ROF (E8 EX: "1 colored dr to
    retain its Multiple ROF")."""
    return rof > 0 and colored <= rof


@dataclass(frozen=True)
class AAFirer:
    """A Light AA weapon that may fire at the glider: its name, ★ Vehicle Kill Number (read by the
    player off the IFT, which is not in the seeds), ROF and any other DRM."""

    name: str
    kill: int
    rof: int = 0
    drm: int = 0

    @classmethod
    def from_data(cls, data: Any) -> AAFirer:
        """Build from JSON; raise :class:`~airhead.errors.DataError` on bad input."""
        return cls(**check_record(data, AA_FIELDS, "a Light AA weapon"))


#: A Light AA weapon as a form (and its JSON) gives it.
AA_FIELDS: tuple[Field, ...] = (
    Field("name", "Name", "text", lo=1, hi=24, pick="units:!aircraft"),
    Field("kill", "★ Vehicle Kill Number", "int", lo=2, hi=12, rule="E8.21",
          help="read off the IFT's ★ Vehicle line (the IFT is not in the source rules)"),
    Field("rof", "ROF", "int", lo=0, hi=6, default=0, rule="E8.21"),
    Field("drm", "Other DRM", "int", lo=-6, hi=6, default=0, rule="E8.21"),
)

#: A Light AA weapon firing at an aircraft on a strafing run or Point Attack (E7.51): the same
#: fields with the hex it stands in (the odds and the map show which hexes of the run it fires at).
AA_RUN_FIELDS: tuple[Field, ...] = (
    Field("name", "Name", "text", lo=1, hi=24, pick="units:!aircraft", fills=(("hex", "hex"),)),
    Field("hex", "Hex", "hex", rule="E7.51"),
    Field("kill", "★ Vehicle Kill Number", "int", lo=2, hi=12, rule="E7.511",
          help="read off your rulebook's IFT, ★ Vehicle line, for the FP it fires with (halved at Long Range, as in "
               "the 4G6 EX)"),
    Field("rof", "ROF", "int", lo=0, hi=6, default=0, rule="E7.51", help="Multiple ROF: kept on a colored dr ≤ ROF"),
    Field("drm", "Other DRM", "int", lo=-6, hi=6, default=0, rule="E7.511",
          help="LV Hindrances and the like; never TEM (E7.511)"),
    Field("vehicular_aamg", "Vehicular AAMG (no AA counter)", "bool", default=False, rule="E7.5",
          help="a Vehicular AAMG uses no AA counter (E7.5 EXC); any other weapon is marked in AA mode when it fires"),
)

AircraftAAResult = Literal["no effect", "one more", "damaged", "eliminated", "unlikely kill"]


def aircraft_aa_result(original: int, final: int, kill: int, below: str = "eliminated") -> AircraftAAResult:
    """E7.511 / E7.512: Light AA at an aircraft, read with the one Light AA function
    (:func:`light_aa_result`, E8.21's reading of the cut E7.511 text and its setting ``below``).

    ``"one more"``: a Final DR one above the Kill Number (Evasive Action for a glider; for an
    aircraft the rule text is cut: the players decide). ``"unlikely kill"``: an Original DR of 2
    that would otherwise have no effect — E7.512 gives the attacker "a chance of success", the rest
    of its text is cut: the players decide.
    """
    res = light_aa_result(final, kill, below)
    if res == "evasive":
        return "unlikely kill" if original == 2 else "one more"
    if res == "no effect" and original == 2:
        return "unlikely kill"
    return res


#: E7.511 4G6 EX: "the +3 DRM for the 1944 FB" — the only Aerial DRM the source rules print.
SEED_AERIAL_DRM: dict[int, int] = {1944: 3}


def aerial_drm_from_seed(year: int, aircraft: str = "FB") -> int | None:
    """The aircraft's Aerial DRM for ``year`` where the source rules print it (only the 4G6 EX's
    1944 FB, +3); None elsewhere: the player types it (or a table pack pre-fills it)."""
    if aircraft != "FB":
        return None
    return SEED_AERIAL_DRM.get(year)


# ----------------------------------------------------------------------------- E7.5 AA MODE
def aa_mode_after(status: frozenset[str], fired_at: Literal["aerial", "ground"], vehicular_aamg: bool = False) -> frozenset[str]:
    """E7.5: the AA counter (the ``"aa"`` status) after a weapon fires.

    "An AA counter must be placed on any AA-capable weapon that attacks an Aerial target while not
    in AA mode, and the AA counter is removed from any weapon that fires on a ground target while
    in AA mode [EXC: Vehicular AAMG do not use AA counters ...]"."""
    if vehicular_aamg:
        return status - {"aa"}
    return status | {"aa"} if fired_at == "aerial" else status - {"aa"}


#: E7.5 is cut after "[EXC: Vehicular AAMG do not use AA counters and can fire at ground/": what
#: AA mode costs or restricts is not in the source rules.
AA_MODE_CUT = ("what AA mode costs or restricts is in your rulebook (after E7.5's 'Vehicular AAMG "
               "do not use AA counters and can fire at ground…'): the players rule it")

AAModeChange = Literal["placed", "kept", "removed", "none", "vehicular", "untracked"]


def find_weapon(counters: Counters, name: str, at: Hex | None = None) -> Unit | None:
    """The unit on the counters a typed weapon name stands for (its label or id; not an aircraft),
    the one in hex ``at`` first; None when no counter has that name."""
    found = [u for u in counters.units if u.kind != AIRCRAFT and name in (u.label, u.id)]
    if at is not None:
        here = [u for u in found if u.hex == at]
        if here:
            return here[0]
    return found[0] if found else None


def mark_aa_mode(counters: Counters, name: str, fired_at: Literal["aerial", "ground", "setup"],
                 at: Hex | None = None, vehicular_aamg: bool = False) -> tuple[Counters, tuple[Event, ...], AAModeChange]:
    """E7.5: the weapon ``name`` fires at an Aerial or a ground target (or sets up in AA mode):
    its unit's ``"aa"`` status after :func:`aa_mode_after`, with an event citing E7.5. A weapon
    that is only a typed name (no counter on the map) changes nothing, and the event says so."""
    unit = find_weapon(counters, name, at)
    if unit is None:
        return counters, (ev.info("E7.5", f"{name} has no counter on the map: its AA counter is not kept here "
                                  "(nothing changed; place it in Edit to track it)"),), "untracked"
    if vehicular_aamg:
        after = aa_mode_after(unit.status, "ground" if fired_at == "ground" else "aerial", vehicular_aamg=True)
        text = (f"{unit.name} is a Vehicular AAMG: it uses no AA counter (E7.5 EXC; the rest of the exception is "
                "in your rulebook: the players rule it)")
        return counters.put(replace(unit, status=after)), (ev.info("E7.5", text),), "vehicular"
    was = "aa" in unit.status
    after = aa_mode_after(unit.status, "ground" if fired_at == "ground" else "aerial")
    if fired_at == "setup":
        change: AAModeChange = "kept" if was else "placed"
        text = (f"{unit.name} sets up in AA mode: an AA counter is placed on it (only an AA-capable weapon that sets up "
                "able to fire may: the players confirm it, the lists of 7.51 and 7.52 are in your rulebook)" if not was
                else f"{unit.name} is already in AA mode")
    elif fired_at == "aerial":
        change = "kept" if was else "placed"
        text = (f"{unit.name} attacks an Aerial target while not in AA mode: an AA counter is placed on it" if not was
                else f"{unit.name} attacks an Aerial target in AA mode: its AA counter stays")
    else:
        change = "removed" if was else "none"
        text = (f"{unit.name} fires on a ground target while in AA mode: its AA counter is removed" if was
                else f"{unit.name} fires on a ground target and was not in AA mode: no AA counter to remove")
    return counters.put(replace(unit, status=after)), (ev.info("E7.5", text),), change


# ----------------------------------------------------------------------------- E7.52 HEAVY AA
#: E7.52: what the players may rule a Heavy AA attack did (its resolution text is cut).
HEAVY_AA_RESULTS: tuple[str, ...] = ("no effect", "Damaged", "eliminated")
#: E7.52 is cut after its first sentence's "only during that Gun's PFPh/".
HEAVY_AA_CUT = "the rest of E7.52, after 'only during that Gun's PFPh', is in your rulebook"


def heavy_aa_check(printed_ife: bool, phase: str) -> None:
    """E7.52: "Only an AA Gun without a printed IFE may use Heavy AA fire vs aircraft, and only
    during that Gun's PFPh/" (cut: the other phases are the players' ruling; the PFPh is named).
    Raises :class:`~airhead.errors.RulesError` for a Gun with a printed IFE."""
    if printed_ife:
        raise RulesError("E7.52: only an AA Gun without a printed IFE may use Heavy AA fire vs aircraft")
    if not phase:
        raise RulesError("E7.52: name the phase of the Heavy AA fire (the Gun's PFPh, or what the players rule)")


def heavy_aa_phase(phase: str, gun_side: str, player_side: str) -> bool:
    """E7.52: True in the Gun's own PFPh (the PFPh of its side's Player Turn), the one phase the
    text names before it is cut; any other phase is the players' ruling."""
    return phase == "PFPh" and gun_side == player_side


def heavy_aa_effect(plane: Aircraft, result: str, gun: str) -> tuple[Aircraft, tuple[Event, ...]]:
    """E7.52: the players' result of a Heavy AA attack by ``gun`` applied to ``plane``.

    ``"Damaged"``: Damaged and Recalled (E7.24 lists Damage by 7.52 among the ways to be
    Recalled) unless held in Aerial Melee (E7.226); a plane already Damaged is eliminated
    (E7.226: "by any means"). ``"eliminated"``: shot down (E7.21 lists 7.52 among the ways an
    aircraft leaves the board). ``"no effect"``: nothing changes."""
    if result not in HEAVY_AA_RESULTS:
        raise RulesError(f"E7.52: a Heavy AA result is one of {', '.join(HEAVY_AA_RESULTS)}")
    if result == "no effect":
        return plane, (ev.result("E7.52", f"Heavy AA by {gun}: no effect on {plane.name}"),)
    if result == "eliminated" or plane.damaged:
        why = (f"Heavy AA by {gun}: {plane.name} is eliminated" if result == "eliminated"
               else f"Heavy AA by {gun} Damages {plane.name}, already Damaged: it is eliminated (E7.226)")
        return replace(plane, eliminated=True), (ev.result("E7.52", why),)
    plane = replace(plane, damaged=True)
    events = [ev.result("E7.52", f"Heavy AA by {gun}: {plane.name} is Damaged (Wound counter)")]
    if plane.melee:
        events.append(ev.info("E7.226", f"{plane.name} is held in Aerial Melee: it is not Recalled"))
    else:
        plane = replace(plane, recalled=True)
        events.append(ev.result("E7.24", f"{plane.name} is Damaged: Recalled, it leaves play at the end of this phase "
                                "(E7.226; not counted towards Casualty Victory Conditions)"))
    return plane, tuple(events)

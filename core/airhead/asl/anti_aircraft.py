"""ASL E7.5–7.52: AA fire — AA mode, Light AA on the ★ Vehicle line (shared with E8.21's Light AA
at gliders), Multiple ROF, the Unlikely Kill, and Heavy AA.

Sections, in rule order (search for the rule number):

* E7.5    :func:`aa_mode_after` (an AA counter: the ``"aa"`` status of a weapon's unit)
* E7.51   :class:`AAFirer`, :data:`AA_FIELDS` (E8.21), :data:`AA_RUN_FIELDS` (with the firer's hex)
* E7.511  :func:`light_aa_result` (the one Light AA function: E8.21 gliders and E7.511 aircraft),
  :func:`aircraft_aa_result`, :func:`retains_rof`, :func:`aerial_drm_from_seed`
* E7.512  the Unlikely Kill on an Original 2 (:func:`aircraft_aa_result`: the rule text is cut)
* E7.52   :func:`heavy_aa_check` (the rule text is cut: the players decide the result)

The IFT (and its ★ Vehicle line) is not in the source rules: a Light AA weapon's ★ Vehicle Kill
Number is typed by the player, as E8 asks for it. The aircraft's Aerial DRM by year is not printed
either, except once: the 4G6 EX of E7.511 ("+3 DRM for the 1944 FB"); every other year is a
form field pre-filled by a table pack (``aerial_drm.{year}``). Readings of the cut text are in
``docs/rules-notes.md`` ("E7.5–7.52 AA fire").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..errors import RulesError
from ..fields import Field, check_record

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
    "heavy_aa_check",
    "HEAVY_AA_RESULTS",
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
    Field("name", "Name", "text", lo=1, hi=24),
    Field("kill", "★ Vehicle Kill Number", "int", lo=2, hi=12, rule="E8.21",
          help="read off the IFT's ★ Vehicle line (the IFT is not in the source rules)"),
    Field("rof", "ROF", "int", lo=0, hi=6, default=0, rule="E8.21"),
    Field("drm", "Other DRM", "int", lo=-6, hi=6, default=0, rule="E8.21"),
)

#: A Light AA weapon firing at an aircraft on a strafing run or Point Attack (E7.51): the same
#: fields with the hex it stands in (the odds and the map show which hexes of the run it fires at).
AA_RUN_FIELDS: tuple[Field, ...] = (
    Field("name", "Name", "text", lo=1, hi=24),
    Field("hex", "Hex", "hex", rule="E7.51"),
    Field("kill", "★ Vehicle Kill Number", "int", lo=2, hi=12, rule="E7.511",
          help="read off the IFT's ★ Vehicle line for the FP it fires with (halved at Long Range, as in the 4G6 EX); "
               "the IFT is not in the source rules"),
    Field("rof", "ROF", "int", lo=0, hi=6, default=0, rule="E7.51", help="Multiple ROF: kept on a colored dr ≤ ROF"),
    Field("drm", "Other DRM", "int", lo=-6, hi=6, default=0, rule="E7.511",
          help="LV Hindrances and the like; never TEM (E7.511)"),
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


# ----------------------------------------------------------------------------- E7.52 HEAVY AA
#: E7.52: what the players may rule a Heavy AA attack did (its resolution text is cut).
HEAVY_AA_RESULTS: tuple[str, ...] = ("no effect", "Damaged", "eliminated")


def heavy_aa_check(printed_ife: bool, phase: str) -> None:
    """E7.52: "Only an AA Gun without a printed IFE may use Heavy AA fire vs aircraft, and only
    during that Gun's PFPh/" (cut: the other phases are the players' ruling; the PFPh is named).
    Raises :class:`~airhead.errors.RulesError` for a Gun with a printed IFE."""
    if printed_ife:
        raise RulesError("E7.52: only an AA Gun without a printed IFE may use Heavy AA fire vs aircraft")
    if not phase:
        raise RulesError("E7.52: name the phase of the Heavy AA fire (the Gun's PFPh, or what the players rule)")

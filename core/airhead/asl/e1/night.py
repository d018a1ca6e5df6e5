"""ASL E1 Night, E1.1–E1.23: the Night Visibility Range (NVR), its DYO table and its changes,
and the Scenario Defender's night rules (HIP, ELR, Recon).

The night is game-wide state, read by every rule that depends on it through ONE pair of
functions, :func:`is_night` and :func:`current_nvr` (E8.23 glider landings and E7 call them):

* the scenario's ``night`` setting — E1.1 "Night rules are in effect only when cited by SSR";
* its ``base_nvr`` setting — E1.1 "A SSR must always cite the Base NVR";
* ``state.conditions["nvr"]`` — the current Base NVR after the E1.11 table or an E1.12 change
  (absent: the setting), with ``"cloud"`` and ``"moon"`` beside it.

Tables printed in the seed (the E1.11 NVR table and modifier matrix, the E1.23 Recon drm) are
data in ``tables/asl_e1.json``. Where the seed's text is cut, the rule function says so and the
procedure asks the players (docs/rules-notes.md, "E1.1–1.23 Night").
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from ... import events as ev
from ...errors import RulesError
from ...events import Event
from ...fields import Field
from ...hexes import Hex
from ...tables import load_table

if TYPE_CHECKING:
    from ...plug import GameState

__all__ = [
    "NIGHT_FIELD", "NIGHT_SETTINGS", "CLOUD_COVER", "MOON_PHASES", "NVR_MIN", "NVR_MAX",
    "NVR_TABLE", "NVR_CHANGE", "DR5_READINGS", "WHITE4", "is_night", "current_nvr", "current_cloud", "current_moon",
    "within_nvr", "nvr_table", "nvr_modifier_table", "recon_table", "colored_drm", "cloud_cover", "moon_phase",
    "nvr_modifier", "clamp_nvr", "dyo_base_nvr", "DyoNvr", "dyo_nvr", "moon_words", "nvr_changes", "nvr_direction",
    "needs_further_dr", "change_amount", "changed_nvr", "nvr_change_odds", "nvr_history", "FORTIFICATIONS_CUT",
    "STARSHELL_PROCEDURES", "starshell_fired",
    "HIP_CUT", "FREEDOM_CUT", "hip_squads", "night_elr", "recon_drm", "recon_hexes", "recon_odds",
]

NVR_MIN, NVR_MAX = 0, 6
#: The names of the NVR procedures (their outcomes make the NVR tracker).
NVR_TABLE, NVR_CHANGE = "asl.nvr_table", "asl.nvr_change"
#: E1.11: how a Final dr of 5 reads (the seed's table skips it), the ``e1_nvr_dr5`` setting.
DR5_READINGS = ("as the 6+ row", "as the 3-4 row")
#: E1.11 cloud cover and moon phase, as the NVR table names them.
CLOUD_COVER: tuple[str, ...] = ("None", "Scattered", "Overcast")
MOON_PHASES: tuple[str, ...] = ("No Moon", "Half", "Full")

#: E1.1 "Night rules are in effect only when cited by SSR" (the ASL ``night`` setting: its key
#: and default are those E8.23 had, so older saves read the same).
NIGHT_FIELD = Field("night", "Night rules in effect (SSR)", "bool", default=False, rule="E1.1 (E8.23)",
                    help="a night scenario (E1); a night glider landing adds +1 to the Crash dr (E8.23)")

NIGHT_SETTINGS: tuple[Field, ...] = (
    Field("base_nvr", "Base NVR (hexes)", "int", lo=NVR_MIN, hi=NVR_MAX, default=3, rule="E1.1",
          help="the SSR cites it; for DYO the NVR table (E1.11) gives 3 (6 with Ground Snow) plus its modifier"),
    Field("cloud_cover", "Cloud Cover", "choice", choices=CLOUD_COVER, default="None", rule="E1.11",
          help="as the SSR or the NVR table (E1.11) gives it; Scattered with a Half or Full Moon changes the NVR change (E1.12)"),
    Field("moon", "Moon Phase", "choice", choices=MOON_PHASES, default="No Moon", rule="E1.11"),
    Field("e1_nvr_dr5", "NVR table: a Final dr of 5", "choice", choices=DR5_READINGS,
          default=DR5_READINGS[0], rule="E1.11",
          help="the NVR table's rows read 2-, 3-4, 6+ and skip a 5 (the rule text is incomplete): see the rules notes"),
)


def is_night(state: GameState) -> bool:
    """E1.1: Night rules are in effect (the scenario's SSR, its ``night`` setting)."""
    return bool(state.settings.get("night"))


def current_nvr(state: GameState) -> int:
    """E1.1: the current Base NVR: the last E1.11 table or E1.12 change (``conditions["nvr"]``),
    else the scenario's ``base_nvr`` setting."""
    nvr = state.conditions.get("nvr")
    if isinstance(nvr, int) and not isinstance(nvr, bool):
        return nvr
    return int(state.settings.get("base_nvr", 3))


def night_status(state: GameState) -> tuple[str, ...]:
    """What the turn track shows at night (E1.1): the Base NVR, the Cloud Cover and the Moon in
    force; nothing by day."""
    if not is_night(state):
        return ()
    return (f"Night (E1): Base NVR {current_nvr(state)}, Cloud Cover {current_cloud(state)}, {moon_words(current_moon(state))}",)


def _condition(state: GameState, key: str, setting: str, choices: tuple[str, ...]) -> str:
    v = state.conditions.get(key)
    if isinstance(v, str) and v in choices:
        return v
    return str(state.settings.get(setting, choices[0]))


def current_cloud(state: GameState) -> str:
    """E1.11: the Cloud Cover in effect (``conditions["cloud"]``, else the setting)."""
    return _condition(state, "cloud", "cloud_cover", CLOUD_COVER)


def current_moon(state: GameState) -> str:
    """E1.11: the Moon Phase in effect (``conditions["moon"]``, else the setting)."""
    return _condition(state, "moon", "moon", MOON_PHASES)


#: The procedures that fire a Starshell or an IR (``asl/e1/illumination.py``).
STARSHELL_PROCEDURES: tuple[str, ...] = ("asl.starshell", "asl.illuminating_round")


def starshell_fired(state: GameState) -> bool:
    """Whether a Starshell (or IR) has been fired in this game (E1.12's "before the first
    starshell/…"): one the Starshell or IR procedure placed, or a Starshell or IR marker on the map."""
    if state.counters.count_of_kind("Starshell") or state.counters.count_of_kind("IR"):
        return True
    return any(o.get("result") == "placed" for o in state.outcomes_of(*STARSHELL_PROCEDURES))


def within_nvr(viewer: Hex, target: Hex, nvr: int, *, gunflash: bool = False, illuminated: bool = False) -> bool:
    """E1.1 / 1.101 / 1.13: ``target`` is within the viewer's NVR: at most ``nvr`` hexes away
    (the least number of hexes, counting the viewed hex, not the viewer's), or marked by a
    Gunflash (1.81), or Illuminated (1.9). At NVR 0 only the viewer's own Location is within it."""
    return gunflash or illuminated or viewer.distance(target) <= nvr


# ----------------------------------------------------------------------------- the tables
@lru_cache(maxsize=1)
def _tables() -> dict[str, Any]:
    return load_table("asl_e1")


def nvr_table() -> dict[str, Any]:
    """The E1.11 NVR table as data (``tables/asl_e1.json``, key ``nvr_table``)."""
    t: dict[str, Any] = _tables()["nvr_table"]
    return t


def nvr_modifier_table() -> dict[str, dict[str, int]]:
    """The E1.11 NVR modifier matrix: Cloud Cover -> Moon Phase -> modifier."""
    rows: dict[str, dict[str, int]] = _tables()["nvr_modifier"]["rows"]
    return rows


def recon_table() -> dict[str, Any]:
    """The E1.23 Recon drm table as data (key ``recon_drm``)."""
    t: dict[str, Any] = _tables()["recon_drm"]
    return t


# ----------------------------------------------------------------------------- E1.11 DYO NVR table
def colored_drm(winter: bool) -> int:
    """E1.11: the colored dr is +1 in a scenario in December, January or February."""
    return int(nvr_table()["winter_colored_drm"]) if winter else 0


def _row(final_dr: int, dr5: str) -> dict[str, Any]:
    """The NVR table row of a Final dr. The seed's rows read ≤ 2, 3-4 and ≥ 6 and skip a 5: the
    table's ``dr5`` cell if a player filled it in, else the ``e1_nvr_dr5`` setting's reading."""
    t = nvr_table()
    rows: list[dict[str, Any]] = t["rows"]
    for r in rows:
        lo, hi = r.get("lo"), r.get("hi")
        if (lo is None or final_dr >= lo) and (hi is None or final_dr <= hi):
            return r
    cell = t.get("dr5")
    if final_dr == 5 and isinstance(cell, dict):
        return cell
    if final_dr == 5:
        return rows[1] if dr5 == DR5_READINGS[1] else rows[-1]
    raise RulesError(f"E1.11: the NVR table has no row for a Final dr of {final_dr}")


def cloud_cover(final_colored: int, dr5: str = "") -> str:
    """E1.11: the Cloud Cover of the colored Final dr (drm included: :func:`colored_drm`)."""
    return str(_row(final_colored, dr5 or DR5_READINGS[0])["cloud"])


def moon_phase(white: int, dr5: str = "") -> str:
    """E1.11: the Moon Phase of the white dr."""
    return str(_row(white, dr5 or DR5_READINGS[0])["moon"])


def nvr_modifier(cloud: str, moon: str) -> int:
    """E1.11: the NVR modifier, Moon Phase cross-indexed with Cloud Cover."""
    try:
        return int(nvr_modifier_table()[cloud][moon])
    except KeyError:
        raise RulesError(f"E1.11: the NVR modifier table has no cell for Cloud Cover {cloud} and {moon}") from None


def clamp_nvr(nvr: int) -> int:
    """E1.12: the Base NVR never goes below 0 nor above 6 (read for E1.11 too: the track's ends)."""
    return max(NVR_MIN, min(NVR_MAX, nvr))


def dyo_base_nvr(cloud: str, moon: str, *, ground_snow: bool = False) -> int:
    """E1.11: the NVR modifier added to 3 (to 6 with Ground Snow), kept within 0..6."""
    t = nvr_table()
    base = int(t["base_ground_snow"] if ground_snow else t["base"])
    return clamp_nvr(base + nvr_modifier(cloud, moon))


@dataclass(frozen=True)
class DyoNvr:
    """What the E1.11 NVR table gives: Cloud Cover, Moon Phase, modifier and Base NVR."""

    cloud: str
    moon: str
    modifier: int
    nvr: int


def dyo_nvr(colored: int, white: int, *, winter: bool = False, ground_snow: bool = False,
            overcast: bool = False, dr5: str = "") -> tuple[DyoNvr, list[Event]]:
    """E1.11: the NVR table DR — colored dr (+1 in Dec/Jan/Feb) for the Cloud Cover (Overcast
    whatever the dr when the weather makes it so), white dr for the Moon Phase — and the Base NVR."""
    drm = colored_drm(winter)
    events = [ev.roll("E1.11", f"NVR table DR {colored + white} (colored {colored}, white {white})")]
    if drm:
        events.append(ev.modifier("E1.11", drm, "colored drm: a scenario in December, January or February"))
    final = colored + drm
    if overcast:
        cloud = "Overcast"
        events.append(ev.result("E1.11", "Cloud Cover Overcast: the weather makes it so, whatever the colored dr"))
    else:
        cloud = cloud_cover(final, dr5)
        five = " (a 5: the table skips it, read " + (dr5 or DR5_READINGS[0]) + ")" if final == 5 and not isinstance(nvr_table().get("dr5"), dict) else ""
        events.append(ev.result("E1.11", f"colored Final dr {final}{five}: Cloud Cover {cloud}"))
    moon = moon_phase(white, dr5)
    five = " (a 5: the table skips it, read " + (dr5 or DR5_READINGS[0]) + ")" if white == 5 and not isinstance(nvr_table().get("dr5"), dict) else ""
    events.append(ev.result("E1.11", f"white dr {white}{five}: Moon Phase {moon}"))
    mod = nvr_modifier(cloud, moon)
    base = int(nvr_table()["base_ground_snow" if ground_snow else "base"])
    events.append(ev.modifier("E1.11", mod, f"NVR modifier: Cloud Cover {cloud}, {moon_words(moon)}"))
    nvr = dyo_base_nvr(cloud, moon, ground_snow=ground_snow)
    capped = "" if nvr == base + mod else f" (kept within {NVR_MIN}..{NVR_MAX})"
    events.append(ev.result("E1.11", f"Base NVR {base}{' (Ground Snow)' if ground_snow else ''} {mod:+d} = {nvr} hex{'' if nvr == 1 else 'es'}{capped}"))
    return DyoNvr(cloud, moon, mod, nvr), events


def moon_words(moon: str) -> str:
    """``No Moon``, ``Half Moon``, ``Full Moon``."""
    return moon if moon == "No Moon" else f"{moon} Moon"


# ----------------------------------------------------------------------------- E1.12 NVR change
def nvr_changes(colored: int) -> bool:
    """E1.12: a 6 on the colored dr of the Wind Change DR changes the Base NVR."""
    return colored == 6


def nvr_direction(white: int, starshell_fired: bool = False) -> int | None:
    """E1.12: the white dr of a changing NVR: ≤ 3 lowers it (-1), ≥ 5 raises it (+1); a 4 is No
    Change (0) once a Starshell has been fired. Before the first Starshell a 4 falls under its
    exception, which is cut from the seed ("before the first starshell/..."): None, the players
    decide."""
    if white <= 3:
        return -1
    if white >= 5:
        return 1
    return 0 if starshell_fired else None


def needs_further_dr(cloud: str, moon: str) -> bool:
    """E1.12 EXC: with Scattered Clouds and a Half or Full Moon the change is a further Final dr
    divided by three (Half Moon) or two (Full Moon), fractions rounded up."""
    return cloud == "Scattered" and moon in ("Half", "Full")


def change_amount(cloud: str, moon: str, further: int | None = None) -> int:
    """E1.12: how many hexes the Base NVR changes by: one, or (:func:`needs_further_dr`) the
    further dr ÷ 3 (Half Moon) or ÷ 2 (Full Moon), FRU."""
    if not needs_further_dr(cloud, moon):
        return 1
    if further is None:
        raise RulesError("E1.12: Scattered Clouds and a Half or Full Moon: the change needs a further dr")
    return -(-further // (3 if moon == "Half" else 2))


def changed_nvr(current: int, direction: int, amount: int) -> int:
    """E1.12: the new Base NVR, to a minimum of 0 and a maximum of 6."""
    return clamp_nvr(current + direction * amount)


#: The odds' label of a white dr of 4 on a colored 6 (E1.12's exception is cut).
WHITE4 = "white dr 4: No Change, or its exception (see your rulebook; players decide)"


@lru_cache(maxsize=64)
def nvr_change_odds(current: int, cloud: str, moon: str, starshell_fired: bool = False) -> tuple[tuple[str, Fraction], ...]:
    """E1.12: the exact distribution of the Base NVR after the next NVR Change DR, by enumerating
    the Wind Change DR (and the further dr) through :func:`nvr_changes`, :func:`nvr_direction`,
    :func:`change_amount` and :func:`changed_nvr`. Rows: ``"NVR n"`` and (before the first
    Starshell) :data:`WHITE4`."""
    out: dict[str, Fraction] = {}
    sixth = Fraction(1, 6)
    for colored in range(1, 7):
        for white in range(1, 7):
            p = sixth * sixth
            if not nvr_changes(colored):
                key = f"NVR {current}"
                out[key] = out.get(key, Fraction(0)) + p
                continue
            d = nvr_direction(white, starshell_fired)
            if d is None:
                out[WHITE4] = out.get(WHITE4, Fraction(0)) + p
                continue
            if d == 0:
                key = f"NVR {current}"
                out[key] = out.get(key, Fraction(0)) + p
                continue
            furthers: tuple[int | None, ...] = tuple(range(1, 7)) if needs_further_dr(cloud, moon) else (None,)
            for f in furthers:
                q = p * (sixth if f is not None else 1)
                key = f"NVR {changed_nvr(current, d, change_amount(cloud, moon, f))}"
                out[key] = out.get(key, Fraction(0)) + q
    order = [f"NVR {n}" for n in range(NVR_MIN, NVR_MAX + 1)] + [WHITE4]
    return tuple((k, out[k]) for k in order if k in out)


def nvr_history(outcomes: Sequence[Mapping[str, Any]]) -> list[tuple[int, int, int, str]]:
    """The NVR tracker: every Base NVR the game recorded, ``(game turn, from, to, rule)``, oldest
    first (the E1.11 table and each E1.12 change, from the finished procedures' outcomes)."""
    out = []
    for o in outcomes:
        if o.get("procedure") in (NVR_TABLE, NVR_CHANGE) and "nvr" in o:
            out.append((int(o.get("turn", 1)), int(o.get("from", o["nvr"])), int(o["nvr"]),
                        "E1.11" if o["procedure"] == NVR_TABLE else "E1.12"))
    return out


# ----------------------------------------------------------------------------- E1.16 - E1.23
#: E1.16 is cut from the seed after "extra MF/": what reveals a Fortification besides its TEM
#: used and a non-Dummy enemy unit entering its Location, the players decide.
FORTIFICATIONS_CUT = ("E1.16: every Fortification sets up hidden at night and stays hidden until its TEM is used or a "
                      "non-Dummy enemy unit enters its Location (A12.11); the rest is in your rulebook: players decide")
#: E1.2 is cut after "any SMC/": which other units may set up HIP besides ≤ 25 % (FRU) of the squads.
HIP_CUT = "E1.2: besides the squads, your rulebook says which other units ('any SMC…') may use HIP: players decide"
#: E1.21 Freedom of Movement is cut after "move/".
FREEDOM_CUT = "E1.21: Freedom of Movement ('may attempt to move…'): see your rulebook; players decide"


def hip_squads(squads: int) -> int:
    """E1.2: the Scenario Defender may set up HIP at most 25 % of his squads, fractions rounded
    up (counting the HS of the 10 % of his squads that may set up Deployed, A2.9)."""
    if squads < 0:
        raise RulesError("E1.2: a number of squads cannot be negative")
    return -(-squads // 4)


def night_elr(elr: int, *, underlined: bool = False, printed: bool = False) -> int:
    """E1.22: a night Scenario Defender's ELR is one less than normal (already so on a printed
    OB: ``printed``; assumed for DYO); units with an underlined Morale Factor have it lowered to
    4 (read: never raised by that — min(ELR, 4)), keeping their A1.23 characteristics."""
    night = elr if printed else max(0, elr - 1)
    return min(night, 4) if underlined else night


def recon_drm(nationality: str, night_class: str) -> list[tuple[int, str]]:
    """E1.23: the Recon dr modifiers of the table: one for the nationality row, one for
    Stealthy (+1) or Lax (-1); Normal units add nothing."""
    t = recon_table()
    nat: dict[str, int] = t["nationality"]
    cls: dict[str, int] = t["class"]
    if nationality not in nat:
        raise RulesError(f"E1.23: no Recon drm row for {nationality} (rows: {', '.join(nat)})")
    out = [(int(nat[nationality]), nationality)]
    if night_class in cls:
        out.append((int(cls[night_class]), night_class))
    elif night_class != "Normal":
        raise RulesError(f"E1.23: a unit is Stealthy, Normal or Lax, not {night_class}")
    return out


def recon_hexes(dr_value: int, nationality: str, night_class: str) -> tuple[int, list[Event]]:
    """E1.23: the Recon Final dr is the number of hexes the Scenario Attacker picks in which the
    Scenario Defender must reveal his units (a Final dr below 0 reveals none)."""
    events = [ev.roll("E1.23", f"Recon dr {dr_value}")]
    final = dr_value
    for v, why in recon_drm(nationality, night_class):
        if v:
            events.append(ev.modifier("E1.23", v, why))
        final += v
    hexes = max(0, final)
    events.append(ev.result("E1.23", f"Final dr {final}: the Scenario Defender reveals his units in {hexes} hex"
                                     f"{'' if hexes == 1 else 'es'} the Scenario Attacker picks"))
    return hexes, events


@lru_cache(maxsize=64)
def recon_odds(nationality: str, night_class: str) -> tuple[tuple[int, Fraction], ...]:
    """E1.23: the exact distribution of the number of hexes revealed (the dr through
    :func:`recon_hexes`)."""
    out: dict[int, Fraction] = {}
    for d in range(1, 7):
        n, _ = recon_hexes(d, nationality, night_class)
        out[n] = out.get(n, Fraction(0)) + Fraction(1, 6)
    return tuple(sorted(out.items()))

"""ASL E1.3–E1.56 at night: concealment and Cloaking, movement costs, Straying and Jitter Fire.

Rule functions (each cites its rule, every effect an :class:`~airhead.events.Event`):

* E1.31 / E1.32 concealment lost and gained at night (:func:`loses_concealment`,
  :func:`concealment_gain`); E1.4 Cloaking: who uses it (:func:`check_cloaking`), the allotment
  (:func:`cloaking_allotment`), six MF (:func:`cloaking_mf`), portage (:func:`portage_pp`), the
  causes of its loss (:data:`LOSS_CAUSES`);
* E1.51 the +1 MF for entering a Concealment Terrain Location at night (:func:`night_mf`;
  :func:`concealment_terrain` reads the terrain table's column when it has one);
* E1.53 Straying on the Movement DR, E1.55 Jitter Fire on its Doubles (the table is data:
  ``tables/asl_e1.json`` key ``jitter_fire``), E1.551 the Closest DEFENDER
  (:func:`closest_defenders`), E1.552 its effect, E1.56 Recovery (:func:`recovery_drm`);
  :func:`movement_dr` resolves one Movement DR and :func:`movement_odds` enumerates all 36 through it.

Procedures: "Movement DR / Straying (E1.53)" (:class:`Straying`), "Cloaking counter (E1.4)"
(:class:`Cloaking`: a Cloaking counter whose contents are a sealed plan) and "Cloaking lost
(E1.43)" (:class:`CloakingLost`). Where the seed's text is cut (E1.3, E1.422, E1.52, the "how"
of Straying, parts of E1.531, E1.532, E1.54), the procedure says so and the players decide.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import Any, Mapping, Sequence, Union

from ... import events as ev
from ...boards import player_name
from ...counters import Counters, Unit
from ...dice import DR, Roll
from ...errors import ActionError, AirheadError, DataError, RulesError
from ...events import Event
from ...fields import Field, Schema
from ...hexes import Hex
from ...plug import Fact, GameState, Odds, Procedure, ProcState, Prompt, StepResult, Table, View, percent
from ...tables import load_table, shared_table, terrain_types
from .illumination import illuminated_by
from .night import is_night
from .night_combat import NIGHT_CLASSES, gunflash_marker, unit_night_class

__all__ = [
    "CLASSES", "CLOAKING_MF", "LETTERS", "LOSS_CAUSES", "ATTACK_GUNFLASH", "JitterRow", "MovementResult", "Firer",
    "jitter_row", "defenders_firing", "classes_matter",
    "NIGHT_MOVE_SETTINGS", "loses_concealment", "concealment_gain", "check_cloaking", "cloaking_allotment",
    "cloaking_mf", "portage_pp", "night_mf", "concealment_terrain", "strays", "jitter_table", "jitter_fire",
    "jitter_possible", "movement_dr", "movement_odds", "closest_defenders", "recovery_drm", "routing_at_night",
    "friendly_contact", "scenario_attacker", "cloaking_label", "Straying", "Cloaking", "CloakingLost",
]

#: E1.6: a unit's class at night.
CLASSES: tuple[str, ...] = NIGHT_CLASSES
#: E1.42: a Cloaking counter's MF, whatever it holds.
CLOAKING_MF = 6
#: E1.41: Cloaking counters are told apart by an ID letter.
LETTERS: tuple[str, ...] = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
#: The game-wide condition a Gunflash placed due to an attack vs an enemy unit sets (E1.55);
#: read with any Gunflash marker on the map by :func:`jitter_possible`.
ATTACK_GUNFLASH = "attack_gunflash"

#: E1.4: which side is the Scenario Attacker (the only one that uses Cloaking).
NIGHT_MOVE_SETTINGS: tuple[Field, ...] = (
    Field("e1_scenario_attacker", "Scenario Attacker (night)", "choice", choices=("the side that moves first", "the other side"),
          default="the side that moves first", rule="E1.4",
          help="only the Scenario Attacker uses Cloaking (E1.4); the Scenario Defender is the other side (E1.2)"),
)


def scenario_attacker(state: GameState) -> str:
    """E1.4: the Scenario Attacker's side, from the ``e1_scenario_attacker`` setting."""
    first, other = state.sides
    return other if state.settings.get("e1_scenario_attacker") == "the other side" else first


# ---------------------------------------------------------------------- E1.3 concealment
def loses_concealment(*, non_assault_in_illuminated: bool, entered_enemy_location: bool) -> tuple[bool, list[Event]]:
    """E1.31: an Infantry unit loses Cloaking/"?" at night if it uses Non-Assault Movement in a
    Location already Illuminated when it expends MF there, or enters an enemy-occupied Location
    during the MPh; otherwise it does not (the rest of the sentence is cut in the seed)."""
    why = []
    if non_assault_in_illuminated:
        why.append("it used Non-Assault Movement in an Illuminated Location")
    if entered_enemy_location:
        why.append("it entered an enemy-occupied Location during the MPh")
    if why:
        return True, [ev.result("E1.31", "loses Cloaking/concealment: " + " and ".join(why))]
    return False, [ev.info("E1.31", "keeps Cloaking/concealment (the rest of E1.31 is in your rulebook: check it)")]


def concealment_gain(night: bool) -> Event:
    """E1.32: a situation that calls for a "?" dr (A12.122) in daylight gains "?" automatically at
    night."""
    if night:
        return ev.result("E1.32", 'gains "?" automatically at night (no dr)')
    return ev.info("E1.32", 'daylight: the "?" dr (A12.122) applies')


# ---------------------------------------------------------------------- E1.4 Cloaking
def check_cloaking(side: str, attacker: str, *, aerial: bool = False) -> None:
    """E1.4 / E1.41: only the Scenario Attacker's Infantry use Cloaking, and not units that land
    by air; :class:`RulesError` otherwise."""
    if side != attacker:
        raise RulesError(f"E1.4: only the Scenario Attacker ({attacker}) uses Cloaking, not {side}")
    if aerial:
        raise RulesError("E1.41: units of an Aerial landing do not enter as Cloaking counters")


def cloaking_allotment(squad_equivalents: int) -> int:
    """E1.411: one Cloaking counter for each squad (or its equivalent) in the starting OB."""
    if squad_equivalents < 0:
        raise DataError("a number of squads cannot be negative")
    return squad_equivalents


def cloaking_mf(bonus: int = 0, *, bonus_from: str = "road") -> tuple[int, list[Event]]:
    """E1.42: a Cloaking counter has six MF whatever it holds; only the road (B3.4) or downhill ski
    (4.31) bonus increases them (the players enter it: the seed does not print it)."""
    events = [ev.info("E1.42", f"a Cloaking counter has {CLOAKING_MF} MF, whatever it holds")]
    if bonus_from not in ("road", "downhill ski"):
        raise RulesError(f"E1.42: a Cloaking counter's MF cannot be increased by {bonus_from}: only the road or downhill ski bonus")
    if bonus < 0:
        raise DataError("a MF bonus cannot be negative")
    if bonus:
        events.append(ev.modifier("E1.42", bonus, f"{bonus_from} bonus ({'B3.4' if bonus_from == 'road' else '4.31'})"))
    return CLOAKING_MF + bonus, events


def portage_pp(pp: int) -> int:
    """E1.42: a Cloaking counter portages a four- or five-PP SW as if it were a three-PP SW (it
    must still hold enough MMC to carry it)."""
    return 3 if pp in (4, 5) else pp


#: E1.43 and the rules it cites: why a Cloaking counter is lost (label, rule).
LOSS_CAUSES: tuple[tuple[str, str], ...] = (
    ("Non-Assault Movement in an Illuminated Location", "E1.31"),
    ("entered an enemy-occupied Location in the MPh", "E1.31"),
    ("an effective Sniper attack (dr 1 or 2)", "E1.72"),
    ("made an attack other than a successful Ambush", "E1.43"),
    ("Jitter Fire (a Dummy is eliminated)", "E1.551"),
    ("part of a Human Wave", "E1.423"),
    ("a Dummy its owner eliminates", "E1.41"),
    ("another loss of concealment at night (players decide)", "E1.43"),
)


def cloaking_label(letter: str) -> str:
    """The seal label of one Cloaking counter's contents: ``Cloaking A contents``."""
    return f"Cloaking {letter} contents"


CONTENT_KINDS: tuple[str, ...] = ("squad", "half-squad", "crew", "leader", "hero", "SW")
CONTENT_FIELDS: tuple[Field, ...] = (
    Field("name", "Unit", "text", lo=1, hi=24, help="e.g. 6-6-7, 8-1 leader, LMG"),
    Field("kind", "Kind", "choice", choices=CONTENT_KINDS, default="squad"),
    Field("pp", "PP (SW)", "int", lo=0, hi=9, default=0, rule="E1.42", help="a SW's Portage Points"),
    Field("dm", "Dismantled", "bool", default=False, rule="E1.42", help="Cloaked SW must be dm if possible"),
)


def contents_from(raw: Any) -> tuple[dict[str, Any], ...]:
    """A Cloaking counter's contents (a revealed plan's ``contents``), checked;
    :class:`DataError` if they cannot be read."""
    items = raw.get("contents") if isinstance(raw, Mapping) else raw
    if not isinstance(items, list) or len(items) > 20:
        raise DataError("a Cloaking counter's contents are a list of at most 20 units")
    item = Field("contents", "Unit", "record", fields=CONTENT_FIELDS)
    return tuple(item.parse(x, None, f"unit {i + 1}") for i, x in enumerate(items))


def contents_events(contents: Sequence[Mapping[str, Any]]) -> list[Event]:
    """E1.41 / E1.42: what a Cloaking counter holds, its portage as Cloaked, its SW."""
    if not contents:
        return [ev.result("E1.41", "a Dummy: it holds no units")]
    events = [ev.result("E1.41", "holds " + ", ".join(str(c["name"]) for c in contents))]
    pp = sum(portage_pp(int(c["pp"])) for c in contents if c["kind"] == "SW")
    heavy = [str(c["name"]) for c in contents if c["kind"] == "SW" and int(c["pp"]) in (4, 5)]
    if heavy:
        events.append(ev.info("E1.42", f"{', '.join(heavy)} portaged as 3 PP while Cloaked ({pp} PP of SW in all); "
                                       "it must hold enough MMC to carry them"))
    assembled = [str(c["name"]) for c in contents if c["kind"] == "SW" and not c["dm"]]
    if assembled:
        events.append(ev.info("E1.42", f"Cloaked SW must be dm if possible: {', '.join(assembled)} not dismantled"))
    return events


# ---------------------------------------------------------------------- E1.51 movement
def concealment_terrain(terrain_type: str, table: str = "terrain_asl") -> bool | None:
    """E1.51: whether ``terrain_type`` is Concealment Terrain, from the terrain table's
    ``concealment`` column; None if the table does not say (the players decide)."""
    types = terrain_types(table)
    if terrain_type not in types:
        return None
    got = shared_table(table).get("types", {}).get(terrain_type, {}).get("concealment")
    return bool(got) if isinstance(got, bool) else None


def night_mf(day_mf: int, concealment: bool, *, night: bool = True) -> tuple[int, list[Event]]:
    """E1.51: Infantry pay +1 MF to enter a Concealment Terrain Location at night, on top of the
    daytime cost (``day_mf``, every daytime rule applied: the EX's 2 × 2 = 4 for woods up a Crest
    Line); the rest of E1.51 is cut in the seed."""
    if day_mf < 0:
        raise DataError("a MF cost cannot be negative")
    events = [ev.info("E1.51", f"daytime cost {day_mf} MF")]
    if night and concealment:
        events.append(ev.modifier("E1.51", 1, "entering a Concealment Terrain Location at night"))
        return day_mf + 1, events
    return day_mf, events


# ---------------------------------------------------------------------- E1.53 / 1.55 Straying, Jitter Fire
def strays(colored: int) -> bool:
    """E1.53: a colored 6 on the Movement DR: the unit or stack strays."""
    return colored == 6


@dataclass(frozen=True)
class JitterRow:
    """One row of the E1.55 table: who Jitter Fires on that Doubles DR, unless the unit that would
    fire (the Closest DEFENDER, or the moving unit) is of one of ``unless`` (a class of E1.6, or
    "Cloaked")."""

    total: int
    firer: str  # "defender" or "mover"
    unless: tuple[str, ...]
    text: str


@lru_cache(maxsize=None)
def jitter_table() -> dict[int, JitterRow]:
    """E1.55 as data (``tables/asl_e1.json`` key ``jitter_fire``), read once."""
    raw = load_table("asl_e1")["jitter_fire"]["rows"]
    out = {}
    for k, v in raw.items():
        total = int(k)
        if total not in (2, 4, 6, 8, 10, 12) or v.get("firer") not in ("defender", "mover"):
            raise DataError(f"E1.55 table: bad row {k!r}")
        out[total] = JitterRow(total, str(v["firer"]), tuple(str(x) for x in v.get("unless", ())), str(v.get("text", "")))
    return out


def jitter_row(total: int) -> JitterRow:
    """E1.55: the table's row for a Doubles Movement DR of ``total``."""
    row = jitter_table().get(total)
    if row is None:
        raise DataError(f"E1.55: {total} is not a Doubles DR")
    return row


def jitter_fire(total: int, night_class: str, cloaked: bool, name: str = "") -> tuple[str | None, list[Event]]:
    """E1.55: whether the unit that would Jitter Fire on a Doubles Movement DR of ``total`` — the
    Closest DEFENDER on 2, 4 and 6, the moving unit(s) on 8, 10 and 12 — does, being of
    ``night_class`` (E1.6), Cloaked or not: its row's firer (``"defender"``, ``"mover"``) or None.
    ``name``: the unit, for the log."""
    row = jitter_row(total)
    who = name or ("the Closest DEFENDER" if row.firer == "defender" else "the moving unit")
    what = f"{night_class}{', Cloaked' if cloaked else ''}"
    blocked = [c for c in row.unless if c == night_class or (c == "Cloaked" and cloaked)]
    if blocked:
        return None, [ev.result("E1.55", f"Doubles {total}: {row.text}; {who} is {what}: no Jitter Fire")]
    return row.firer, [ev.result("E1.55", f"Doubles {total}: {row.text}; {who} is {what}: it Jitter Fires")]


def classes_matter(total: int) -> bool:
    """E1.55: whether the firer's class (E1.6) can stop Jitter Fire on this Doubles row (not on 2
    and 12, which have no "unless")."""
    return any(c in CLASSES for c in jitter_row(total).unless)


#: A unit that may Jitter Fire as E1.55 reads it: its name, its class (E1.6; None: not known yet)
#: and whether it is a Cloaking counter.
Firer = tuple[str, Union[str, None], bool]


def defenders_firing(total: int, defenders: Sequence[Firer]) -> tuple[tuple[str, ...], list[Event]]:
    """E1.55 / E1.551: which of the Closest DEFENDER's units Jitter Fire on a Doubles DR of
    ``total`` (a row 2, 4 or 6), each by its own class (:func:`jitter_fire`): "If more than one
    applicable unit is able to Jitter Fire, all such applicable units are affected"."""
    fire: list[str] = []
    events: list[Event] = []
    for name, cls, cloaked in defenders:
        if cls is None and classes_matter(total):
            raise DataError(f"E1.6: the class at night of {name} is not known")
        if cls is None:  # 2: no "unless"
            events.append(ev.result("E1.55", f"Doubles {total}: {jitter_row(total).text}; {name}: it Jitter Fires, "
                                             "whatever its class"))
            fire.append(name)
            continue
        who, more = jitter_fire(total, cls, cloaked, name)
        events += more
        if who:
            fire.append(name)
    return tuple(fire), events


def jitter_possible(state: GameState) -> bool:
    """E1.55: Jitter Fire can occur once a Gunflash has been placed due to an attack vs an enemy
    unit: the game's ``attack_gunflash`` condition (the Gunflash procedure sets it when the cause
    it records is such an attack, E1.8), or a Gunflash marker the players placed by hand (its cause
    is not recorded: read as an attack's). A Jitter Fire Gunflash (E1.552) is not due to an attack
    vs an enemy unit; the players may overrule it all."""
    if state.conditions.get(ATTACK_GUNFLASH):
        return True
    return any(not mk.rule for mk in state.counters.markers_of_kind("Gunflash"))


@dataclass(frozen=True)
class MovementResult:
    """One Movement DR resolved: strays, who Jitter Fires (None: nobody), and the events."""

    strays: bool
    doubles: bool
    jitter: str | None
    events: tuple[Event, ...]


def movement_dr(colored: int, white: int, night_class: str, cloaked: bool, jitter_on: bool,
                defenders: Sequence[Firer] | None = None) -> MovementResult:
    """E1.53 / E1.55: one Movement DR (colored and white dr) of a moving unit of ``night_class``,
    Cloaked or not: a colored 6 strays; Doubles may cause Jitter Fire (only once ``jitter_on``:
    E1.55's first attack Gunflash). On 8, 10 and 12 the moving unit's class decides; on 2, 4 and 6
    the Closest DEFENDER's units' (``defenders``, :func:`defenders_firing`; None or a unit of
    unknown class: not known yet, ``jitter`` is ``"defender"`` and the procedure decides once
    it has found them)."""
    if night_class not in CLASSES:
        raise DataError(f"a unit's class at night is one of {', '.join(CLASSES)}")
    events: list[Event] = []
    stray = strays(colored)
    if stray:
        events.append(ev.result("E1.53", "colored 6: it strays (how a Straying Mover moves is in your rulebook: "
                                           "the players decide and place it)"))
    else:
        events.append(ev.result("E1.53", f"colored {colored}: it does not stray"))
    jitter: str | None = None
    doubles = colored == white
    if doubles and not jitter_on:
        events.append(ev.info("E1.55", f"Doubles {colored + white}, but no Gunflash has yet been placed due to an attack "
                                       "vs an enemy unit: no Jitter Fire"))
    elif doubles and jitter_row(colored + white).firer == "mover":
        jitter, more = jitter_fire(colored + white, night_class, cloaked)
        events += more
    elif doubles and (defenders is None or (classes_matter(colored + white) and any(cls is None for _, cls, _ in defenders))):
        jitter = "defender"
        why = "the Closest DEFENDER's class decides" if classes_matter(colored + white) else "whatever its class"
        events.append(ev.result("E1.55", f"Doubles {colored + white}: {jitter_row(colored + white).text}: {why} "
                                         "(E1.551 finds it)"))
    elif doubles:
        assert defenders is not None
        firing, more = defenders_firing(colored + white, defenders)
        jitter = "defender" if firing else None
        events += more
    return MovementResult(stray, doubles, jitter, tuple(events))


@lru_cache(maxsize=256)
def movement_odds(night_class: str, cloaked: bool, jitter_on: bool,
                  defenders: tuple[Firer, ...] | None = None) -> dict[str, Fraction]:
    """Exact odds of one Movement DR, enumerating the 36 DR through :func:`movement_dr`:
    ``strays``, ``defender`` / ``mover`` (who Jitter Fires), ``jitter`` (either). With the Closest
    DEFENDER not known (``defenders`` None), its rows count as Jitter Fire."""
    out = {"strays": Fraction(0), "defender": Fraction(0), "mover": Fraction(0), "jitter": Fraction(0)}
    one = Fraction(1, 36)
    for c in range(1, 7):
        for w in range(1, 7):
            r = movement_dr(c, w, night_class, cloaked, jitter_on, defenders)
            if r.strays:
                out["strays"] += one
            if r.jitter:
                out[r.jitter] += one
                out["jitter"] += one
    return out


_NOT_FIRERS = frozenset({"glider", "wreck"})
_NOT_GOOD_ORDER = frozenset({"broken", "hidden", "offboard", "aboard", "eliminated"})


def closest_defenders(counters: Counters, mover: Hex, moving_side: str) -> tuple[int, tuple[tuple[Hex, tuple[Unit, ...]], ...]]:
    """E1.551: the nearest (in hexes) hexes holding Good Order non-hidden units of the other side,
    with those units, and their distance (-1 and nothing if none are on the map). Several hexes
    at that distance: the ATTACKER chooses among them."""
    by_hex: dict[Hex, list[Unit]] = {}
    for u in counters.units:
        if u.hex is None or u.side == moving_side or u.kind in _NOT_FIRERS or u.status & _NOT_GOOD_ORDER:
            continue
        by_hex.setdefault(u.hex, []).append(u)
    if not by_hex:
        return -1, ()
    near = min(mover.distance(h) for h in by_hex)
    hexes = sorted((h for h in by_hex if mover.distance(h) == near), key=lambda h: (h.q, h.r))
    return near, tuple((h, tuple(by_hex[h])) for h in hexes)


def friendly_contact() -> Event:
    """E1.532: a Straying Mover entering a Location with a Good Order friendly unit is no longer
    subject to Straying (the rest of the sentence is cut in the seed)."""
    return ev.info("E1.532", "a Straying Mover that enters a Location holding a Good Order friendly unit stops Straying; "
                             "the ATTACKER may use the remainder of its MF (the rest is in your rulebook: players decide)")


def routing_at_night() -> list[Event]:
    """E1.54: a broken unit does not rout normally at night, nor is it eliminated for Failure to
    Rout; capture or Surrender only by CC or Mopping Up."""
    return [ev.info("E1.54", "a broken unit does not rout normally at night, nor is it eliminated for Failure to Rout"),
            ev.info("E1.54", "a broken Inherent Crew still routs out of its vehicle into the same hex (D5.11)"),
            ev.info("E1.54", "a unit is captured or Surrenders at night only by CC or Mopping Up (even if Disrupted)")]


def recovery_drm(night: bool) -> tuple[int, list[Event]]:
    """E1.56: +1 drm to every Recovery attempt (A4.44) at night."""
    if not night:
        return 0, []
    return 1, [ev.modifier("E1.56", 1, "Recovery attempt at night")]


def _gunflash(state: GameState, counters: Counters, h: Hex, side: str, who: str) -> Counters:
    """E1.552: a Gunflash marker on a Jitter Fire firer's hex, removed as every Gunflash is (E1.8's
    ``e1_gunflash_expires`` setting)."""
    expires = str(state.settings.get("e1_gunflash_expires", "CCPh"))
    mk = gunflash_marker(counters.free_id("gunflash"), h, side, expires)
    return counters.mark(replace(mk, label=f"Gunflash (Jitter Fire by {who})", rule="E1.552"))


# ---------------------------------------------------------------------- the Straying procedure
SUBJECT = ("subject to Straying", "berserk: not subject to Straying (E1.533)",
           "an E1.531 exception (see your rulebook: players decide)")
#: Earlier words of SUBJECT, still read in saves and links made with them.
SUBJECT_WERE = (("an E1.531 exception (the rule text is cut: players decide)", SUBJECT[2]),)
JITTER_SETTING = ("as the game records", "yes", "no")
CAN_FIRE = ("they Jitter Fire", "none of them can Jitter Fire (E1.551 exemptions)")
DUMMY = ("a Dummy: eliminated (E1.551)", "real units: they Jitter Fire and lose Cloaked status (E1.43)")


@dataclass(frozen=True)
class _Move:
    unit: str
    hex: Hex | None
    side: str
    night_class: str
    cloaked: bool
    jitter_on: bool
    closest: str
    dice: tuple[int, int] = (0, 0)
    strays: bool = False
    jitter: str | None = None
    choices: tuple[Hex, ...] = ()  # equidistant closest hexes (ATTACKER's choice)
    firer_hex: Hex | None = None
    majority: str = "Normal"  # a Cloaking counter's class: its side's Majority Squad Type (E1.551)
    defenders: tuple[Firer, ...] = ()  # the Closest DEFENDER's units and their classes (None: asked)
    firing: tuple[str, ...] = ()  # those that must Jitter Fire
    pending: tuple[str, ...] = ()  # Cloaking counters among them not yet revealed
    eliminated: tuple[str, ...] = ()  # Dummy Cloaking counters of the Closest DEFENDER eliminated (E1.551)

    @property
    def total(self) -> int:
        return self.dice[0] + self.dice[1]


def _named(counters: Counters, name: str, side: str) -> Unit | None:
    """The counter of ``side`` on the map whose id or label is ``name``."""
    u = counters.unit(name)
    if u is not None and u.side == side and u.hex is not None:
        return u
    return next((x for x in counters.units if x.side == side and x.hex is not None and x.label == name), None)


def _firer(state: GameState, u: Unit, majority: str) -> tuple[Firer, Event]:
    """A unit on the map as E1.55 reads it (E1.6 :func:`.night_combat.unit_night_class`; a
    Cloaking counter: its side's Majority Squad Type, E1.551), and why, as a log line."""
    if u.kind == "cloaking":
        return (u.name, majority, True), ev.info("E1.551", f"{u.name} is a Cloaking counter: its class is its side's "
                                                           f"Majority Squad Type, {majority}")
    c = unit_night_class(u, state.counters)
    return (u.name, c.cls, False), ev.info(c.rule, c.reason)


def _defenders_at(state: GameState, h: Hex, side: str, majority: str) -> tuple[tuple[Firer, ...], list[Event]]:
    """E1.551: the Good Order non-hidden units in ``h`` that are not of ``side`` (the Closest
    DEFENDER, Cloaking counters included), with their classes."""
    out: list[Firer] = []
    events: list[Event] = []
    for u in state.counters.units_at(h):
        if u.side != side and u.kind not in _NOT_FIRERS and not u.status & _NOT_GOOD_ORDER:
            f, e = _firer(state, u, majority)
            out.append(f)
            events.append(e)
    return tuple(out), events


#: E1.53 "a Movement DR (Δ)": the rule text does not say what Δ marks; the DR is read as rolled.
DELTA_53 = ev.info("E1.53", "the Movement DR is marked Δ; the rule text does not say what Δ means: the DR is read as "
                            "rolled (apply Δ as your rules say)")


class Straying(Procedure[_Move]):
    """E1.53 Movement DR at the start of a unit's MPh: colored 6 strays; on Doubles, E1.55 Jitter
    Fire once a Gunflash has been placed due to an attack vs an enemy unit, by the class of the unit that would
    fire (E1.6, read from the units on the map); E1.551 the Closest DEFENDER from the counters on
    the map (or as the players name it); E1.552 its effect."""

    name = "asl.straying"
    title = "Movement DR / Straying (E1.53)"
    params = Schema((
        Field("unit", "Moving unit or stack", "text", lo=1, hi=24, default="moving stack", rule="E1.53",
              pick="units:!aircraft", fills=(("hex", "hex"), ("side", "side")),
              help="a unit on the map (its name): its class at night is read from it (E1.6)"),
        Field("hex", "Its hex", "hex", default=None, rule="E1.551",
              help="where it starts its MPh: finds the Closest DEFENDER among the units on the map"),
        Field("side", "Moving side (ATTACKER)", "text", lo=1, hi=24, default=None, pick="side",
              help="default: the side whose Player Turn it is"),
        Field("night_class", "Class at night (if not on the map)", "choice", choices=CLASSES, default="Normal", rule="E1.6",
              help="Stealthy, Normal or Lax (E1.61–1.63), for a moving unit that is not on the map"),
        Field("cloaked", "Cloaked (a Cloaking counter not on the map)", "bool", default=False, rule="E1.4"),
        Field("majority", "Cloaking counters: the side's Majority Squad Type", "choice", choices=CLASSES, default="Normal",
              rule="E1.551", help="the class of a Cloaking counter, moving or the Closest DEFENDER"),
        Field("subject", "Straying", "choice", choices=SUBJECT, default=SUBJECT[0], rule="E1.531",
              renamed=SUBJECT_WERE),
        Field("jitter", "A Gunflash has been placed due to an attack vs an enemy unit", "choice", choices=JITTER_SETTING,
              default=JITTER_SETTING[0], rule="E1.55", help="Jitter Fire can occur only after the first one vs an enemy unit"),
        Field("closest", "Closest DEFENDER (if not on the map)", "text", lo=0, hi=48, default="", rule="E1.551",
              help="the Good Order units in the nearest occupied hex; left empty, the app finds them among the units on the map"),
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        return {"side": state.sides[state.turn.player]}

    def describe_params(self, params: Mapping[str, Any]) -> str:
        bits = [str(params.get("unit") or "moving stack")]
        if params.get("hex"):
            bits.append(f"in {params['hex']}")
        bits.append(str(params.get("night_class") or "Normal") + (", Cloaked" if params.get("cloaked") else ""))
        if params.get("subject") and params["subject"] != SUBJECT[0]:
            bits.append(str(params["subject"]))
        return ", ".join(bits)

    def _jitter_on(self, state: GameState, p: Mapping[str, Any]) -> bool:
        how = p.get("jitter", JITTER_SETTING[0])
        return jitter_possible(state) if how == JITTER_SETTING[0] else how == "yes"

    def _move(self, state: GameState, params: Mapping[str, Any]) -> tuple[_Move, list[Event]]:
        """The moving unit as the form gives it, its class and Cloaked status read from the map
        when it names a unit there (E1.6)."""
        side = str(params["side"])
        majority = str(params.get("majority") or "Normal")
        mv = _Move(params["unit"], params["hex"], side, params["night_class"], params["cloaked"],
                   self._jitter_on(state, params), params["closest"], majority=majority)
        u = _named(state.counters, mv.unit, side)
        if u is None:
            return mv, []
        (_, cls, cloaked), why = _firer(state, u, majority)
        events = [why]
        if cls is None:
            events.append(ev.info("E1.6", f"the form's class is used: {mv.night_class}"))
            cls = mv.night_class
        return replace(mv, hex=mv.hex if mv.hex is not None else u.hex, night_class=cls, cloaked=cloaked), events

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        side = str(params["side"])
        if side not in state.sides:
            raise DataError(f"the moving side is one of {', '.join(state.sides)}", "side")
        mv, events = self._move(state, params)
        if not is_night(state):
            events.insert(0, ev.info("E1.53", "the scenario is not a night scenario (E1.1): Straying applies only at night"))
        if params["subject"] != SUBJECT[0]:
            rule = "E1.533" if params["subject"] == SUBJECT[1] else "E1.531"
            why = ("a berserk unit is always Lax but is not subject to Straying" if rule == "E1.533"
                   else "the unit is excepted (by your rulebook: the players decided)")
            events.append(ev.result(rule, f"{mv.unit}: {why}: no Movement DR"))
            return StepResult(None, tuple(events), outcome=self._outcome(state, mv, exempt=True))
        return StepResult(ProcState(self.name, "dr", mv), tuple(events))

    def prompt(self, state: GameState, proc: ProcState[_Move]) -> Prompt:
        mv = proc.data
        m = state.scenario.map
        if proc.step == "dr":
            where = f" in {m.label(mv.hex)}" if mv.hex is not None else ""
            return Prompt("roll", "E1.53", f"Movement DR (Δ) for {mv.unit}{where}", DR)
        if proc.step == "closest":
            return Prompt("choice", "E1.551", "Closest DEFENDER: hexes at the same distance, the ATTACKER chooses",
                          options=tuple(m.label(h) for h in mv.choices))
        if proc.step == "class":
            name = next(n for n, cls, _ in mv.defenders if cls is None)
            return Prompt("choice", "E1.6", f"Is {name} Stealthy, Normal or Lax at night? (Doubles {mv.total}: "
                          f"{jitter_row(mv.total).text})", options=CLASSES)
        if proc.step == "can_fire":
            return Prompt("choice", "E1.551", f"Can {self._who(state, mv)} Jitter Fire? Exempt: Heroes, units with no FP, "
                          "units marked with a Final Fire counter, units marked First Fire and closer to a Known enemy unit "
                          "than to the mover; only MG and Small Arms fire", options=CAN_FIRE)
        if proc.step == "dummy_defender":
            return Prompt("choice", "E1.551", f"{mv.pending[0]} is a Cloaking counter that must Jitter Fire: what does it hold?",
                          options=DUMMY)
        return Prompt("choice", "E1.551", f"{mv.unit} is a Cloaking counter that must Jitter Fire: what does it hold?",
                      options=DUMMY)

    def roll(self, state: GameState, proc: ProcState[_Move], roll: Roll) -> StepResult:
        mv = proc.data
        c, w = roll.value("colored"), roll.value("white")
        r = movement_dr(c, w, mv.night_class, mv.cloaked, mv.jitter_on)
        mv = replace(mv, dice=(c, w), strays=r.strays, jitter=r.jitter)
        events = [ev.roll("E1.53", f"Movement {roll.describe()}"), DELTA_53] + list(r.events)
        if r.strays:
            events.append(friendly_contact())
        if r.jitter == "defender":
            return self._defender(state, mv, events)
        if r.jitter == "mover":
            if mv.cloaked:
                return StepResult(ProcState(self.name, "dummy", mv), tuple(events))
            return self._fire(state, mv, mv.hex, events)
        return StepResult(None, tuple(events), outcome=self._outcome(state, mv))

    def _defender(self, state: GameState, mv: _Move, events: list[Event]) -> StepResult:
        m = state.scenario.map
        if mv.closest or mv.hex is None:
            who = mv.closest or "the Closest DEFENDER"
            events.append(ev.info("E1.551", f"{who}: the Good Order non-hidden units in the nearest occupied hex "
                                            "(the ATTACKER's choice if equidistant), as the players find it"))
            return self._classes(state, replace(mv, defenders=((who, None, False),)), events)
        near, found = closest_defenders(state.counters, mv.hex, mv.side)
        if not found:
            events.append(ev.info("E1.551", "no DEFENDER unit is on the map: the players find the Closest DEFENDER at the table"))
            return self._classes(state, replace(mv, defenders=(("the Closest DEFENDER", None, False),)), events)
        if len(found) > 1:
            events.append(ev.info("E1.551", f"{len(found)} occupied hexes {near} hexes away: "
                                            + ", ".join(m.label(h) for h, _ in found) + "; the ATTACKER chooses"))
            return StepResult(ProcState(self.name, "closest", replace(mv, choices=tuple(h for h, _ in found))), tuple(events))
        return self._at(state, mv, found[0][0], near, events)

    def _at(self, state: GameState, mv: _Move, h: Hex, near: int, events: list[Event]) -> StepResult:
        """E1.551: the Closest DEFENDER is in ``h``: its units and their classes (E1.6)."""
        m = state.scenario.map
        defenders, why = _defenders_at(state, h, mv.side, mv.majority)
        events = list(events) + [ev.result("E1.551", f"Closest DEFENDER: {', '.join(n for n, _, _ in defenders)} in {m.label(h)}, "
                                                     f"{near} hex{'es' if near != 1 else ''} away", [m.name(h)])] + why
        return self._classes(state, replace(mv, firer_hex=h, choices=(), defenders=defenders), events)

    def _classes(self, state: GameState, mv: _Move, events: list[Event]) -> StepResult:
        """E1.55: once every class is known, the Closest DEFENDER's units that Jitter Fire."""
        if classes_matter(mv.total) and any(cls is None for _, cls, _ in mv.defenders):
            return StepResult(ProcState(self.name, "class", mv), tuple(events))
        firing, more = defenders_firing(mv.total, mv.defenders)
        events = list(events) + more
        if not firing:
            events.append(ev.result("E1.55", f"no unit of {self._who(state, mv)} Jitter Fires"))
            return StepResult(None, tuple(events), outcome=self._outcome(state, replace(mv, jitter=None)))
        cloaking = tuple(n for n, _, cl in mv.defenders if cl and n in firing)
        return self._revealed(state, replace(mv, firing=firing, pending=cloaking), events)

    def _revealed(self, state: GameState, mv: _Move, events: list[Event]) -> StepResult:
        if mv.pending:
            return StepResult(ProcState(self.name, "dummy_defender", mv), tuple(events))
        if not mv.firing:
            return StepResult(None, tuple(events), counters=state.counters,
                              outcome=self._outcome(state, replace(mv, jitter=None), dummy=True))
        return StepResult(ProcState(self.name, "can_fire", mv), tuple(events))

    def _who(self, state: GameState, mv: _Move) -> str:
        names = ", ".join(mv.firing or tuple(n for n, _, _ in mv.defenders)) or mv.closest or "the Closest DEFENDER"
        if mv.firer_hex is not None:
            return f"{names} in {state.scenario.map.label(mv.firer_hex)}"
        return names

    def choose(self, state: GameState, proc: ProcState[_Move], choice: str) -> StepResult:
        mv = proc.data
        m = state.scenario.map
        if proc.step == "closest":
            h = next(h for h in mv.choices if m.label(h) == choice)
            assert mv.hex is not None
            return self._at(state, mv, h, mv.hex.distance(h), [])
        if proc.step == "class":
            i = next(i for i, (_, cls, _) in enumerate(mv.defenders) if cls is None)
            name, _, cloaked = mv.defenders[i]
            defenders = mv.defenders[:i] + ((name, choice, cloaked),) + mv.defenders[i + 1:]
            return self._classes(state, replace(mv, defenders=defenders), [ev.info("E1.6", f"the players rule {name} {choice}")])
        if proc.step == "can_fire":
            if choice == CAN_FIRE[1]:
                events = [ev.result("E1.551", f"no unit of {self._who(state, mv)} can Jitter Fire: none occurs")]
                return StepResult(None, tuple(events), outcome=self._outcome(state, replace(mv, jitter=None, firing=())))
            return self._fire(state, mv, mv.firer_hex, [])
        if proc.step == "dummy_defender":
            name, rest = mv.pending[0], mv.pending[1:]
            if choice == DUMMY[0]:
                events = [ev.result("E1.551", f"{name} is a Dummy Cloaking counter subject to Jitter Fire: eliminated")]
                counters = _remove_cloaking(state.counters, name, _other(state, mv.side))
                mv = replace(mv, pending=rest, firing=tuple(n for n in mv.firing if n != name),
                             eliminated=mv.eliminated + (name,))
                done = self._revealed(replace(state, counters=counters), mv, events)
                return replace(done, counters=counters) if done.counters is None else done
            events = [ev.result("E1.43", f"{name} Jitter Fires: an attack, so it loses Cloaked status (E1.43): "
                                         "reveal its contents (Cloaking lost)")]
            return self._revealed(state, replace(mv, pending=rest), events)
        if choice == DUMMY[0]:
            events = [ev.result("E1.551", f"{mv.unit} is a Dummy Cloaking counter subject to Jitter Fire: eliminated")]
            counters = _remove_cloaking(state.counters, mv.unit, mv.side)
            return StepResult(None, tuple(events), counters=counters,
                              outcome=self._outcome(state, mv, dummy=True))
        events = [ev.result("E1.43", f"{mv.unit} Jitter Fires: an attack, so it loses Cloaked status (E1.43): "
                                     "reveal its contents (Cloaking lost)")]
        return self._fire(state, mv, mv.hex, events)

    def _fire(self, state: GameState, mv: _Move, h: Hex | None, events: list[Event]) -> StepResult:
        m = state.scenario.map
        who = mv.unit if mv.jitter == "mover" else self._who(state, mv)
        events = list(events) + [ev.result("E1.552", f"Jitter Fire by {who}: no effect on anyone other than the firer; the "
                                                     "players place the fire counters on the firer", [m.name(h)] if h is not None else [])]
        counters = state.counters
        if h is not None:
            side = mv.side if mv.jitter == "mover" else _other(state, mv.side)
            counters = _gunflash(state, counters, h, side, who)
            events.append(ev.result("E1.552", f"Gunflash placed in {m.label(h)} (Jitter Fire: not due to an attack vs an "
                                              "enemy unit)", [m.name(h)]))
        else:
            events.append(ev.info("E1.552", "the firer is marked with a Gunflash (place it at the table)"))
        return StepResult(None, tuple(events), counters=counters, outcome=self._outcome(state, mv, firer_hex=h))

    def _outcome(self, state: GameState, mv: _Move, *, exempt: bool = False, dummy: bool = False,
                 firer_hex: Hex | None = None) -> dict[str, Any]:
        m = state.scenario.map
        out: dict[str, Any] = {
            "procedure": self.name, "unit": mv.unit, "hex": m.name(mv.hex) if mv.hex is not None else None,
            "dice": list(mv.dice) if not exempt else None, "strays": mv.strays, "jitter": mv.jitter,
            "firer": m.name(firer_hex) if firer_hex is not None else None, "dummy_eliminated": dummy or bool(mv.eliminated),
            "exempt": exempt}
        if mv.firing and mv.jitter == "defender":
            out["firers"] = list(mv.firing)
        return out

    # -- the planner and the map -----------------------------------------------------------
    def _known_defenders(self, state: GameState, mv: _Move) -> tuple[tuple[Firer, ...] | None, str]:
        """The Closest DEFENDER's units and classes when the map settles them (one nearest hex,
        every class known), else None and why not."""
        if mv.closest or mv.hex is None:
            return None, "the Closest DEFENDER is not on the map"
        near, found = closest_defenders(state.counters, mv.hex, mv.side)
        if not found:
            return None, "no DEFENDER unit is on the map"
        if len(found) > 1:
            return None, f"{len(found)} occupied hexes are {near} hexes away (the ATTACKER chooses)"
        defenders, _ = _defenders_at(state, found[0][0], mv.side, mv.majority)
        m = state.scenario.map
        return defenders, (f"the Closest DEFENDER in {m.label(found[0][0])}: "
                           + ", ".join(f"{n} {cls or 'of a class the players decide (E1.6; counted as Jitter Fire)'}"
                                       for n, cls, _ in defenders))

    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds:
        """P(strays) and P(Jitter Fire), exact over the 36 Movement DR through :func:`movement_dr`:
        the moving unit's class on 8, 10 and 12, the Closest DEFENDER's on 2, 4 and 6."""
        if params["subject"] != SUBJECT[0]:
            return Odds(facts=(Fact("straying", "Straying", "not subject: no Movement DR"),))
        mv, _ = self._move(state, params)
        defenders, why = self._known_defenders(state, mv)
        o = movement_odds(mv.night_class, mv.cloaked, mv.jitter_on, defenders)
        cls = mv.night_class + (", Cloaked" if mv.cloaked else "")
        notes = ["Straying: a colored 6 (E1.53). Jitter Fire: Doubles, by the E1.55 table: the moving unit's class on 8, 10 "
                 "and 12, the Closest DEFENDER's on 2, 4 and 6.", DELTA_53.cause]
        if not mv.jitter_on:
            notes.append("No Gunflash has been placed due to an attack vs an enemy unit yet: no Jitter Fire (E1.55).")
        elif defenders is None:
            notes.append(f"On 2, 4 and 6 {why}: those rows are counted as Jitter Fire.")
        else:
            notes.append(f"On 2, 4 and 6: {why}.")
        rows = tuple((f"Doubles {t}: {r.text}", float(Fraction(1, 36))) for t, r in sorted(jitter_table().items())
                     if movement_dr(t // 2, t // 2, mv.night_class, mv.cloaked, mv.jitter_on, defenders).jitter)
        return Odds(
            facts=(Fact("class", "Moving unit", cls), Fact("strays", "Strays", percent(o["strays"])),
                   Fact("jitter", "Jitter Fire", percent(o["jitter"]))),
            tables=(Table("outcome", "Movement DR", (("strays", float(o["strays"])),
                                                     ("the Closest DEFENDER Jitter Fires", float(o["defender"])),
                                                     ("the moving unit(s) Jitter Fire", float(o["mover"])))),
                    Table("jitter", "Jitter Fire Doubles", rows)),
            notes=tuple(notes),
            view=View(marks=((mv.hex, "target"),)) if mv.hex is not None else View(),
        )

    def view(self, state: GameState, proc: ProcState[_Move]) -> View:
        mv = proc.data
        marks: tuple[tuple[Hex, str], ...] = ()
        if mv.hex is not None:
            marks += ((mv.hex, "straying" if mv.strays else "target"),)
        marks += tuple((h, "avenue") for h in mv.choices)
        if mv.firer_hex is not None:
            marks += ((mv.firer_hex, "landed"),)
        return View(marks=marks)

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        m = state.scenario.map
        marks: list[tuple[Hex, str]] = []
        labels: list[tuple[Hex, str]] = []
        if outcome.get("hex"):
            h = m.parse(outcome["hex"])
            marks.append((h, "straying" if outcome.get("strays") else "target"))
            if outcome.get("strays"):
                labels.append((h, "strays"))
        paths: tuple[tuple[Hex, ...], ...] = ()
        if outcome.get("firer"):
            f = m.parse(outcome["firer"])
            marks.append((f, "landed"))
            labels.append((f, "Jitter Fire"))
        return View(marks=tuple(marks), paths=paths, labels=tuple(labels))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        unit = outcome.get("unit", "the unit")
        if outcome.get("exempt"):
            return f"{unit} is not subject to Straying."
        bits = [f"{unit} strays" if outcome.get("strays") else f"{unit} does not stray"]
        if outcome.get("dummy_eliminated"):
            bits.append("a Dummy Cloaking counter, eliminated by Jitter Fire")
        if outcome.get("jitter") == "defender":
            bits.append("the Closest DEFENDER Jitter Fires" + (f" from {player_name(outcome['firer'])}" if outcome.get("firer") else ""))
        elif outcome.get("jitter") == "mover":
            bits.append("it Jitter Fires")
        return "; ".join(bits) + "."


def _other(state: GameState, side: str) -> str:
    a, b = state.sides
    return b if side == a else a


def _remove_cloaking(counters: Counters, unit: str, side: str) -> Counters:
    """The Cloaking counter called ``unit`` (its id or label) taken off the map, if it is there."""
    for u in counters.units:
        if u.kind == "cloaking" and u.side == side and unit in (u.id, u.label):
            return counters.remove(u.id)
    return counters


# ---------------------------------------------------------------------- Cloaking counters
@dataclass(frozen=True)
class _Cloak:
    letter: str
    side: str
    hex: Hex | None


class Cloaking(Procedure[_Cloak]):
    """E1.4: a Cloaking counter with its ID letter, placed on the map or offboard (E1.411 setup);
    its contents are a sealed plan of the Scenario Attacker ("Seal it"), revealed when Cloaked
    status is lost (:class:`CloakingLost`)."""

    name = "asl.cloaking"
    title = "Cloaking counter (E1.4)"
    seal_label = "Cloaking contents"
    params = Schema((
        Field("letter", "ID letter", "choice", choices=LETTERS, default="A", rule="E1.41"),
        Field("hex", "Hex", "hex", default=None, rule="E1.411", help="empty: set up offboard (E1.411)"),
        Field("side", "Side (the Scenario Attacker)", "text", lo=1, hi=24, default=None, rule="E1.4", pick="side"),
        Field("contents", "Contents", "list", hi=20, default=[], rule="E1.41", secret=True,
              help="secret: seal them; none is a Dummy", item=Field("contents", "Unit", "record", fields=CONTENT_FIELDS)),
        Field("squads", "Squads (or equivalents) in the starting OB", "int", lo=0, hi=99, default=None, rule="E1.411",
              help="one Cloaking counter each: more are refused"),
        Field("aerial", "Units of an Aerial landing", "bool", default=False, rule="E1.41",
              help="they do not use Cloaking"),
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        return {"side": scenario_attacker(state)}

    def sealed_plan(self, params: Mapping[str, Any]) -> tuple[str, Any]:
        """E1.41: the contents, recorded secretly (the Cloaking Box), sealed by the Attacker."""
        letter = str(params.get("letter") or "A")
        contents = [dict(CONTENT_DEFAULTS, **dict(x)) for x in params.get("contents") or ()]
        return str(params.get("side") or ""), {"cloaking": letter, "contents": contents}

    def seal_label_for(self, params: Mapping[str, Any]) -> str:
        return cloaking_label(str(params.get("letter") or "A"))

    def describe_params(self, params: Mapping[str, Any]) -> str:
        where = f"in {params['hex']}" if params.get("hex") else "offboard"
        n = len(params.get("contents") or ())
        return f"Cloaking {params.get('letter', 'A')} {where}" + (f", {n} units (secret)" if n else "")

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        m = state.scenario.map
        side, letter, where = str(params["side"]), str(params["letter"]), params["hex"]
        if side not in state.sides:
            raise DataError(f"the side is one of {', '.join(state.sides)}", "side")
        check_cloaking(side, scenario_attacker(state), aerial=params["aerial"])
        uid = f"Cloaking {letter}"
        present = state.counters.unit(uid)
        # the placings so far are read only to place a counter anew (moving one reads none of them)
        used = [] if present is not None else [o for o in state.outcomes_of(self.name) if o.get("side") == side]
        if present is None and any(o.get("letter") == letter for o in used):
            raise RulesError(f"E1.43: Cloaking {letter} was removed: once removed, a Cloaking counter cannot be regained")
        if present is None and params["squads"] is not None and len(used) >= cloaking_allotment(params["squads"]):
            raise RulesError(f"E1.411: one Cloaking counter per squad (or equivalent) in the starting OB: "
                             f"{side} has {params['squads']}, and {len(used)} are placed")
        events = [ev.info("E1.4", f"{side} places Cloaking {letter} {'in ' + m.label(where) if where is not None else 'offboard (E1.411)'}"
                          + ("" if present is None else " (it moves there)"), [m.name(where)] if where is not None else [])]
        sealed = state.sealed(side, cloaking_label(letter))
        if sealed and params["contents"]:
            raise ActionError(f"E1.41: the contents of Cloaking {letter} are sealed ({sealed}): place it without them")
        if sealed:
            events.append(ev.info("E1.41", f"its contents are sealed (commitment code {sealed}): revealed when it loses Cloaked status"))
        elif params["contents"]:
            events.append(ev.info("E1.41", f"its contents ({len(params['contents'])} units) are recorded secretly"))
            events += [e for e in contents_events(params["contents"]) if e.rule == "E1.42"]
        else:
            events.append(ev.info("E1.41", "no contents recorded: seal them first to keep them secret, or it is a Dummy"))
        events.append(cloaking_mf()[1][0])
        status = frozenset({"sealed"}) if sealed else frozenset()
        unit = Unit(uid, side, "cloaking", where, status, label=uid, facts={"letter": letter})
        counters = state.counters.put(unit)
        outcome = {"procedure": self.name, "side": side, "letter": letter, "hex": m.name(where) if where is not None else None,
                   "sealed": sealed or "", "contents": [dict(x) for x in params["contents"]] if not sealed else None}
        return StepResult(None, tuple(events), counters=counters, outcome=outcome)

    def prompt(self, state: GameState, proc: ProcState[_Cloak]) -> Prompt:
        raise ActionError("a Cloaking counter is placed at once")

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        if not outcome.get("hex"):
            return View()
        h = state.scenario.map.parse(outcome["hex"])
        return View(marks=((h, "landed"),), labels=((h, f"Cloaking {outcome.get('letter')}"),))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        where = f"in {player_name(outcome['hex'])}" if outcome.get("hex") else "offboard"
        return f"Cloaking {outcome.get('letter')} placed {where}" + (" (contents sealed)." if outcome.get("sealed") else ".")


CONTENT_DEFAULTS: dict[str, Any] = {"kind": "squad", "pp": 0, "dm": False}


class CloakingLost(Procedure[_Cloak]):
    """E1.43: a Cloaking counter loses Cloaked status (the cause logged with its rule); its contents
    are revealed (a sealed plan: checked against its code) and placed unconcealed in its hex; a
    Dummy is removed. Once removed, a Cloaking counter cannot be regained."""

    name = "asl.cloaking_lost"
    title = "Cloaking lost (E1.43)"
    params = Schema((
        Field("letter", "ID letter", "choice", choices=LETTERS, default="A", rule="E1.41"),
        Field("side", "Side", "text", lo=1, hi=24, default=None, pick="side"),
        Field("cause", "Why", "choice", choices=tuple(c for c, _ in LOSS_CAUSES), default=LOSS_CAUSES[0][0], rule="E1.43"),
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        return {"side": scenario_attacker(state)}

    def describe_params(self, params: Mapping[str, Any]) -> str:
        return f"Cloaking {params.get('letter', 'A')}: {params.get('cause', LOSS_CAUSES[0][0])}"

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        m = state.scenario.map
        side, letter = str(params["side"]), str(params["letter"])
        u = state.counters.unit(f"Cloaking {letter}")
        if u is None or u.side != side or u.kind != "cloaking":
            raise RulesError(f"no Cloaking {letter} of {side} is in play")
        rule = dict(LOSS_CAUSES)[params["cause"]]
        events = [ev.result(rule, f"Cloaking {letter}{' in ' + m.label(u.hex) if u.hex is not None else ''} loses Cloaked status: "
                                  f"{params['cause']}", [m.name(u.hex)] if u.hex is not None else [])]
        if u.hex is not None:
            lit = illuminated_by(state, u.hex)
            if lit:
                events.append(ev.info("E1.9", f"{m.label(u.hex)} is Illuminated: {'; '.join(lit)}"))
        if rule == "E1.72":
            events.append(ev.info("E1.72", "its contents are placed onboard unconcealed; Random Selection (if needed) picks "
                                           "those the Sniper attack affects"))
        data = _Cloak(letter, side, u.hex)
        if params["cause"] in (LOSS_CAUSES[4][0], LOSS_CAUSES[6][0]):
            events.append(ev.result(rule, f"Cloaking {letter} is a Dummy: eliminated"))
            return self._done(state, data, events, (), dummy=True)
        if state.sealed(side, cloaking_label(letter)):
            return StepResult(ProcState(self.name, "reveal", data), tuple(events))
        placed = next((o for o in reversed(state.outcomes_of(Cloaking.name))
                       if o.get("side") == side and o.get("letter") == letter), None)
        contents = placed.get("contents") if placed else None
        if contents is None:
            revealed = self._revealed(state, data)
            contents = revealed if revealed is not None else []
        return self._reveal_contents(state, data, events, contents)

    def _revealed(self, state: GameState, c: _Cloak) -> list[Any] | None:
        tries = [o for o in state.outcomes_of("reveal") if o.get("side") == c.side
                 and o.get("label") == cloaking_label(c.letter) and o.get("valid")]
        if not tries:
            return None
        plan = tries[-1].get("plan")
        got = plan.get("contents") if isinstance(plan, Mapping) else None
        return got if isinstance(got, list) else None

    def prompt(self, state: GameState, proc: ProcState[_Cloak]) -> Prompt:
        return Prompt("choice", "E1.43", f"Reveal the sealed contents of Cloaking {proc.data.letter} (Sealed notes: Reveal), then go on",
                      options=("contents revealed", "go on without the contents"))

    def choose(self, state: GameState, proc: ProcState[_Cloak], choice: str) -> StepResult:
        c = proc.data
        if choice != "contents revealed":
            events = [ev.info("E1.43", f"the contents of Cloaking {c.letter} stay sealed: the players place them at the table")]
            return self._done(state, c, events, (), unknown=True)
        if state.sealed(c.side, cloaking_label(c.letter)):
            raise ActionError(f"the contents of Cloaking {c.letter} are still sealed: reveal them under Sealed notes first "
                              "(a reveal that does not match its code does not count), or go on without them")
        contents = self._revealed(state, c)
        return self._reveal_contents(state, c, [], contents or [])

    def _reveal_contents(self, state: GameState, c: _Cloak, events: list[Event], raw: list[Any]) -> StepResult:
        try:
            contents = contents_from(raw)
        except AirheadError as e:
            events = list(events) + [ev.info("E1.41", f"the contents cannot be read ({e}): the players place them at the table")]
            return self._done(state, c, events, (), unknown=True)
        events = list(events) + contents_events(contents)
        if any(x["kind"] == "SW" and int(x["pp"]) >= 4 for x in contents):
            events.append(ev.info("E1.42", "a SW of four PP or more cannot be fired in the Player Turn it loses its Cloaked status"))
        return self._done(state, c, events, contents, dummy=not contents)

    def _done(self, state: GameState, c: _Cloak, events: list[Event], contents: Sequence[Mapping[str, Any]],
              *, dummy: bool = False, unknown: bool = False) -> StepResult:
        m = state.scenario.map
        counters = state.counters.remove(f"Cloaking {c.letter}")
        units = [Unit(counters.free_id(f"Cloaking {c.letter}/{i + 1}"), c.side, str(x["kind"]), c.hex, label=str(x["name"]))
                 for i, x in enumerate(contents)]
        counters = counters.put(*units)
        if units and c.hex is not None:
            events = list(events) + [ev.result("E1.43", f"placed unconcealed in {m.label(c.hex)}: {', '.join(u.name for u in units)}",
                                               [m.name(c.hex)])]
        events = list(events) + [ev.info("E1.43", "once removed, a Cloaking counter cannot be regained")]
        outcome = {"procedure": self.name, "side": c.side, "letter": c.letter, "hex": m.name(c.hex) if c.hex is not None else None,
                   "dummy": dummy, "unknown": unknown, "units": [u.name for u in units]}
        return StepResult(None, tuple(events), counters=counters, outcome=outcome)

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        if not outcome.get("hex"):
            return View()
        h = state.scenario.map.parse(outcome["hex"])
        return View(marks=((h, "target"),))

    def summary(self, outcome: Mapping[str, Any]) -> str:
        c = f"Cloaking {outcome.get('letter')}"
        if outcome.get("dummy"):
            return f"{c} was a Dummy: removed."
        if outcome.get("unknown"):
            return f"{c} lost its Cloaked status: its contents are placed at the table."
        return f"{c} lost its Cloaked status: {', '.join(outcome.get('units') or ())} placed unconcealed."

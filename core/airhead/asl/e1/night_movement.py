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

The procedures that string these together (Straying, Cloaking counter, Cloaking lost) are in
:mod:`.night_movement_procedures`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Mapping, Sequence, Union

from ... import events as ev
from ...counters import Counters, Unit
from ...errors import DataError, RulesError, quoted
from ...events import Event
from ...fields import Field
from ...hexes import Hex
from ...plug import GameState
from ...tables import load_table, shared_table, terrain_types
from .night_combat import NIGHT_CLASSES

__all__ = [
    "CLASSES", "CLOAKING_MF", "LETTERS", "LOSS_CAUSES", "ATTACK_GUNFLASH", "JitterRow", "MovementResult", "Firer",
    "jitter_row", "defenders_firing", "classes_matter",
    "NIGHT_MOVE_SETTINGS", "loses_concealment", "concealment_gain", "check_cloaking", "cloaking_allotment",
    "cloaking_mf", "portage_pp", "night_mf", "concealment_terrain", "strays", "jitter_table", "jitter_fire",
    "jitter_possible", "movement_dr", "movement_odds", "closest_defenders", "recovery_drm", "routing_at_night",
    "friendly_contact", "scenario_attacker", "cloaking_in_play", "cloaking_label", "NOT_FIRERS", "NOT_GOOD_ORDER",
    "CONTENT_FIELDS", "CONTENT_DEFAULTS", "contents_from", "contents_events",
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


def cloaking_in_play(counters: Counters, letter: str, side: str) -> Unit | None:
    """E1.4: ``side``'s Cloaking counter with ID ``letter``, if it is in play (on the map or offboard)."""
    u = counters.unit(f"Cloaking {letter}")
    return u if u is not None and u.side == side and u.kind == "cloaking" else None


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
#: A content's values where the form leaves them out.
CONTENT_DEFAULTS: dict[str, Any] = {"kind": "squad", "pp": 0, "dm": False}


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
            raise DataError(f"E1.55 table: bad row {quoted(k)}")
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


#: E1.551: counters that are never the Closest DEFENDER (no unit to fire)...
NOT_FIRERS = frozenset({"glider", "wreck"})
#: ... and the statuses of units that are not Good Order non-hidden units on the map.
NOT_GOOD_ORDER = frozenset({"broken", "hidden", "offboard", "aboard", "eliminated"})


def closest_defenders(counters: Counters, mover: Hex, moving_side: str) -> tuple[int, tuple[tuple[Hex, tuple[Unit, ...]], ...]]:
    """E1.551: the nearest (in hexes) hexes holding Good Order non-hidden units of the other side,
    with those units, and their distance (-1 and nothing if none are on the map). Several hexes
    at that distance: the ATTACKER chooses among them."""
    by_hex: dict[Hex, list[Unit]] = {}
    for u in counters.units:
        if u.hex is None or u.side == moving_side or u.kind in NOT_FIRERS or u.status & NOT_GOOD_ORDER:
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

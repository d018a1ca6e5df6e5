"""ASL E7 Air Support, part A: the aircraft model and the rules E7.2–E7.24 (arrival, entry,
aerial combat, Recall), each a pure function citing its rule.

An aircraft is a :class:`Aircraft` in the rules' terms and a ``counters.Unit`` of kind
``"aircraft"`` on the game's counters (``facts``: ``type`` and ``bombs``; ``status``: ``damaged``,
``mg_disabled``, ``recall`` — a Recall option —, ``recalled``, ``melee``). Procedures read aircraft
from the counters with :func:`aircraft_of` / :func:`from_unit` and write them back with
:func:`write_aircraft`; part B (E7.25+) goes through the same functions.

The 7.1 Air Support table is not in the source text: the Air Support Number's exponent is a form
field (and a table-pack entry). The E7.221 Aerial Combat DRM are data (``tables/asl_e7.json``,
key ``aerial_combat_drm``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal, Mapping, Sequence

from ...frozen import replace
from ... import events as ev
from ...counters import Counters, Unit
from ...errors import DataError, RulesError, quoted
from ...events import Event
from ...fields import Field
from ...hexes import Hex
from ...tables import load_table

__all__ = [
    "KIND", "AIRCRAFT_TYPES", "AircraftType", "Aircraft", "from_unit", "aircraft_of", "write_aircraft",
    "remove_recalled", "added_off_map", "air_table", "aerial_combat_drms",
    "arrives", "aircraft_count", "bombs_received", "may_enter_combat",
    "AttackResult", "resolve_attack", "combat_rof", "retains_rof", "may_opt_recall_mg", "damage_recall",
    "jettison", "VP_PER_AIRCRAFT", "victory_points", "AIR_PACK",
    "attack_odds", "AttackOdds", "rof_chain_odds", "RofChainOdds", "PLANE_FIELDS", "Dogfight",
]

#: The counters' kind of an aircraft.
KIND = "aircraft"
AircraftType = Literal["FB", "Stuka", "Observation"]
#: FB (Fighter-Bomber), Stuka, and the E7.6 Observation Plane (part B).
AIRCRAFT_TYPES: tuple[str, ...] = ("FB", "Stuka", "Observation")
_FLAGS = ("damaged", "mg_disabled", "recall", "recalled", "melee")


@dataclass(frozen=True)
class Aircraft:
    """One aircraft in the rules' terms.

    ``recall``: it has a Recall option (E7.223 / E7.224), exercised at the end of the CCPh;
    ``recalled``: it is Recalled and leaves play at the end of the current phase (E7.24);
    ``melee``: it is in Aerial Melee (E7.22); ``eliminated``: shot down (E7.23; a procedure
    removes it from the counters). ``hex`` None: placed onboard with no hex named (E7.21:
    aircraft may be placed anywhere)."""

    id: str
    side: str
    type: AircraftType = "FB"
    bombs: bool = False
    damaged: bool = False
    mg_disabled: bool = False
    recall: bool = False
    recalled: bool = False
    melee: bool = False
    eliminated: bool = False
    label: str = ""
    hex: Hex | None = None

    @property
    def name(self) -> str:
        """What a player calls it."""
        return self.label or self.id

    @property
    def is_fb(self) -> bool:
        """True for a Fighter-Bomber."""
        return self.type == "FB"

    def describe(self) -> str:
        """E.g. ``FB 1 (FB, bombs, Damaged)``."""
        bits = [self.type, "bombs" if self.bombs else "no bombs"]
        bits += [w for w, on in (("Damaged", self.damaged), ("MG Disabled", self.mg_disabled),
                                 ("Recall option", self.recall), ("Recalled", self.recalled),
                                 ("in Aerial Melee", self.melee), ("eliminated", self.eliminated)) if on]
        return f"{self.name} ({', '.join(bits)})"

    def to_unit(self) -> Unit:
        """The aircraft as a counter (kind ``aircraft``)."""
        flags = {f for f in _FLAGS if getattr(self, f)}
        if self.eliminated:
            flags.add("eliminated")
        return Unit(self.id, self.side, KIND, self.hex, frozenset(flags), label=self.label,
                    facts={"type": self.type, "bombs": self.bombs})


def from_unit(u: Unit) -> Aircraft:
    """The aircraft a counter holds; :class:`DataError` if it is not one.

    ``type`` and ``bombs`` come from the unit's facts; a unit placed by hand (an edit carries no
    facts) may give them as status flags (``Stuka``, ``bombs``); the type defaults to FB."""
    if u.kind != KIND:
        raise DataError(f"{u.name} is not an aircraft")
    t = u.facts.get("type")
    if t is None:
        t = next((x for x in AIRCRAFT_TYPES if x in u.status), "FB")
    if t not in AIRCRAFT_TYPES:
        raise DataError(f"{u.name}: unknown aircraft type {quoted(t, 24)} (one of {', '.join(AIRCRAFT_TYPES)})")
    bombs = u.facts.get("bombs")
    if bombs is None:
        bombs = "bombs" in u.status
    st = u.status
    kind: AircraftType = "Stuka" if t == "Stuka" else "Observation" if t == "Observation" else "FB"
    return Aircraft(u.id, u.side, kind, bool(bombs), "damaged" in st, "mg_disabled" in st, "recall" in st,
                    "recalled" in st, "melee" in st, "eliminated" in st, u.label, u.hex)


def aircraft_of(counters: Counters, side: str | None = None) -> tuple[Aircraft, ...]:
    """Every aircraft on the counters (of ``side``), in the order they were placed (the counters'
    index by kind: the other units are not read)."""
    return tuple(from_unit(u) for u in counters.units_of_kind(KIND) if side is None or u.side == side)


def write_aircraft(counters: Counters, *planes: Aircraft) -> Counters:
    """The counters with these aircraft written back; an eliminated one is removed (E7.23)."""
    for a in planes:
        if a.eliminated:
            counters = counters.remove(a.id) if counters.unit(a.id) is not None else counters
        else:
            counters = counters.put(a.to_unit())
    return counters


def added_off_map(plane: Aircraft, rule: str) -> Event:
    """An aircraft typed into a form with no counter on the map is kept on the counters off the
    map when its procedure ends (with its status, for the procedures after it): the event that
    tells the player so, citing the procedure's ``rule``."""
    return ev.info(rule, f"{plane.name} had no counter on the map: it is added off the map ({plane.side} {plane.type}), "
                   "where later procedures read its status")


def remove_recalled(counters: Counters, phase: str = "") -> tuple[Counters, tuple[Event, ...]]:
    """E7.24: every Recalled aircraft is removed from play at the end of the current phase (it
    does not count towards Casualty Victory Conditions)."""
    events: list[Event] = []
    for a in aircraft_of(counters):
        if a.recalled:
            counters = counters.remove(a.id)
            at = f" at the end of the {phase}" if phase else " at the end of the phase"
            events.append(ev.result("E7.24", f"{a.name} is Recalled: removed from play{at} (not counted towards "
                                    "Casualty Victory Conditions)"))
    return counters, tuple(events)


# ---------------------------------------------------------------------- tables and settings
@lru_cache(maxsize=1)
def _table() -> Mapping[str, Any]:
    return load_table("asl_e7")


def air_table() -> Mapping[str, Any]:
    """``tables/asl_e7.json`` (read once)."""
    return _table()


@lru_cache(maxsize=1)
def _drm_rows() -> tuple[tuple[str, int, str], ...]:
    rows = air_table().get("aerial_combat_drm")
    if not isinstance(rows, dict):
        raise DataError("tables/asl_e7.json: aerial_combat_drm must be an object")
    out = []
    for key, row in rows.items():
        if not isinstance(row, dict) or not isinstance(row.get("drm"), int) or not isinstance(row.get("cause"), str):
            raise DataError(f"tables/asl_e7.json: aerial_combat_drm.{key} needs a whole drm and a cause")
        out.append((str(key), int(row["drm"]), str(row["cause"])))
    return tuple(out)


#: Table-pack entries of part A: the 7.1 Air Support Number's exponent is not in the seed.
AIR_PACK: tuple[Field, ...] = (
    Field("air_support_exponent", "Air Support Number: exponent (7.1 table)", "int", lo=0, hi=6, default=None,
          rule="E7.21 (7.1 table)", help="the exponent of your scenario's Air Support Number; bombs on a dr ≤ it"),
)


# ---------------------------------------------------------------------- E7.2 / E7.21 arrival and entry
def arrives(dr_value: int, game_turn: int) -> bool:
    """E7.2: the RPh arrival dr succeeds when it is < the current Game Turn Number."""
    return dr_value < game_turn


def aircraft_count(dr_value: int) -> int:
    """E7.21: the number of aircraft received is the entry dr halved, fractions rounded up."""
    return (dr_value + 1) // 2


def bombs_received(dr_value: int, exponent: int) -> bool:
    """E7.21: bombs (and, where the 7.1 table says so, the type) on a dr ≤ the exponent of the
    Air Support Number; one dr for all aircraft as a group."""
    return dr_value <= exponent


# ---------------------------------------------------------------------- E7.22 aerial combat
def may_enter_combat(a: Aircraft) -> str:
    """E7.22: only an undamaged FB can voluntarily enter Aerial Combat ('' if it may; else why)."""
    if not a.is_fb:
        return f"E7.22: only a FB can voluntarily enter Aerial Combat ({a.name} is a {a.type})"
    if a.damaged:
        return f"E7.22: only an undamaged FB can voluntarily enter Aerial Combat ({a.name} is Damaged)"
    if a.mg_disabled:
        return f"E7.223: {a.name}'s MG are Disabled: it may not attack in Aerial Combat"
    return ""


def aerial_combat_drms(firer: Aircraft, target: Aircraft) -> tuple[int, tuple[Event, ...]]:
    """E7.221: the cumulative Aerial Combat DRM of ``firer`` attacking ``target`` (table
    ``aerial_combat_drm``), each an event with its cause."""
    applies = {
        "firer_stuka": firer.type == "Stuka",
        "firer_bombs": firer.bombs,
        "firer_damaged": firer.damaged,
        "target_damaged": target.damaged,
        "target_not_fb": not target.is_fb,
        "target_bombs": target.bombs,
    }
    total, events = 0, []
    for key, drm, cause in _drm_rows():
        if applies.get(key):
            total += drm
            events.append(ev.modifier("E7.221", drm, cause))
    return total, tuple(events)


@dataclass(frozen=True)
class AttackResult:
    """One Aerial Combat attack resolved: the firer and target after it, its Final DR, whether
    the firer keeps its ROF, and its events."""

    firer: Aircraft
    target: Aircraft
    final: int
    rof: bool
    events: tuple[Event, ...]
    #: "eliminated", "damaged", "no effect"; and the rear gunner's effect on the FB, if any.
    effect: str
    gunner: str = ""


def combat_rof(a: Aircraft) -> int:
    """E7.222: a FB's Aerial Combat ROF: 1 carrying bombs, 2 without; only FB have one (0)."""
    if not a.is_fb:
        return 0
    return 1 if a.bombs else 2


def retains_rof(a: Aircraft, colored: int) -> bool:
    """E7.222: a FB keeps its ROF (attacks again before return fire) on a colored dr ≤ its ROF."""
    return colored <= combat_rof(a)


def _damage(a: Aircraft, rule: str, why: str) -> tuple[Aircraft, Event]:
    """E7.226: Damage (a Wound counter); Damaged a second time by any means: eliminated."""
    if a.damaged:
        return replace(a, eliminated=True), ev.result("E7.226", f"{why}: {a.name} was already Damaged, so it is eliminated")
    return replace(a, damaged=True), ev.result(rule, f"{why}: {a.name} is Damaged (Wound counter)")


def resolve_attack(firer: Aircraft, target: Aircraft, colored: int, white: int) -> AttackResult:
    """E7.221–E7.224: one Aerial Combat attack by ``firer`` on ``target`` with these dice.

    Final DR ≤ 4 eliminates, 5 Damages (a Damaged target is then eliminated, E7.226); an
    Original 11 by a FB attacking a Stuka is the rear gunner's hit on the FB (colored 6:
    eliminated, else Damaged); an Original 12 disables the firer's MG (E7.223); a Final DR ≥ 10
    gives the target a Recall option (E7.224); a FB keeps its ROF on a colored dr ≤ its ROF."""
    if firer.mg_disabled:
        raise RulesError(f"E7.223: {firer.name}'s MG are Disabled: it may not attack in Aerial Combat")
    if target.type == "Observation" and firer.type == "Observation":
        raise RulesError("E7.6: an Observation Plane cannot fire")
    if firer.type == "Observation":
        raise RulesError(f"E7.6: {firer.name} is an Observation Plane: it cannot fire back")
    original = colored + white
    drm, mods = aerial_combat_drms(firer, target)
    final = original + drm
    events: list[Event] = [ev.roll("E7.221", f"{firer.name} attacks {target.name}: Original DR {original} (colored {colored}, white {white})")]
    events += mods
    effect, gunner = "no effect", ""
    if final <= 4:
        target = replace(target, eliminated=True)
        effect = "eliminated"
        events.append(ev.result("E7.221", f"Final DR {final} ≤ 4: {target.name} is eliminated"))
    elif final == 5:
        target, e = _damage(target, "E7.221", f"Final DR {final}")
        effect = "eliminated" if target.eliminated else "damaged"
        events.append(e)
    else:
        events.append(ev.result("E7.221", f"Final DR {final}: no effect on {target.name}"))
    if original == 11 and firer.is_fb and target.type == "Stuka":
        if colored == 6:
            firer = replace(firer, eliminated=True)
            gunner = "eliminated"
            events.append(ev.result("E7.221", f"Original 11 attacking a Stuka, colored dr 6: {firer.name} is shot down by the Stuka's rear gunner"))
        else:
            firer, e = _damage(firer, "E7.221", f"Original 11 attacking a Stuka: hit by the Stuka's rear gunner")
            gunner = "eliminated" if firer.eliminated else "damaged"
            events.append(e)
    if original == 12:
        firer = replace(firer, mg_disabled=True)
        events.append(ev.result("E7.223", f"Original 12: {firer.name}'s MG malfunction (MG Disabled counter); it may still bomb"))
    if final >= 10 and not target.eliminated:
        target = replace(target, recall=True)
        events.append(ev.result("E7.224", f"attacked by a Final DR {final} ≥ 10: {target.name} may accept Recall at the end of this CCPh"))
    rof = (firer.is_fb and not firer.eliminated and not firer.mg_disabled and retains_rof(firer, colored))
    if firer.is_fb and not firer.eliminated:
        if rof:
            events.append(ev.info("E7.222", f"colored dr {colored} ≤ ROF {combat_rof(firer)}: {firer.name} may attack again before return fire"))
        elif not firer.mg_disabled:
            events.append(ev.info("E7.222", f"colored dr {colored} > ROF {combat_rof(firer)}: {firer.name} loses its ROF"))
    return AttackResult(firer, target, final, rof, tuple(events), effect, gunner)


def may_opt_recall_mg(a: Aircraft, enemies: Sequence[Aircraft]) -> bool:
    """E7.223: a FB with disabled MG may opt for Recall at the end of the CCPh unless it is in
    Aerial Melee with an undamaged enemy FB whose MG are functioning."""
    if not (a.is_fb and a.mg_disabled) or a.eliminated:
        return False
    return not any(e.is_fb and not e.damaged and not e.mg_disabled and not e.eliminated for e in enemies)


def damage_recall(a: Aircraft, held_in_melee: bool) -> bool:
    """E7.226: a Damaged plane is Recalled (E7.24) unless held in Aerial Melee."""
    return a.damaged and not a.eliminated and not held_in_melee


def jettison(a: Aircraft) -> tuple[Aircraft, Event]:
    """E7.225: a plane jettisons its bombs by inverting its counter in its own MPh (even in
    Melee)."""
    if not a.bombs:
        raise RulesError(f"E7.225: {a.name} carries no bombs to jettison")
    return replace(a, bombs=False), ev.result("E7.225", f"{a.name} jettisons its bombs (counter inverted)")


#: E7.23: an aircraft shot down is worth two Victory Points (A26.2).
VP_PER_AIRCRAFT = 2


def victory_points(shot_down: int) -> int:
    """E7.23: Victory Points for ``shot_down`` aircraft (2 each; never Exit VP)."""
    return VP_PER_AIRCRAFT * shot_down


# ---------------------------------------------------------------------- exact odds
_DICE = tuple((c, w) for c in range(1, 7) for w in range(1, 7))


@dataclass(frozen=True)
class AttackOdds:
    """Exact odds of one attack (Fractions of 36), from :func:`resolve_attack`."""

    eliminated: Fraction
    damaged: Fraction
    no_effect: Fraction
    gunner_eliminates: Fraction
    gunner_damages: Fraction
    mg_disabled: Fraction
    recall_option: Fraction
    rof: Fraction


def _norm(a: Aircraft) -> Aircraft:
    """The aircraft as the odds see it (its name, hex and Recall option change nothing)."""
    return replace(a, id="", label="", hex=None, recall=False)


def attack_odds(firer: Aircraft, target: Aircraft) -> AttackOdds:
    """Every outcome of ``firer`` attacking ``target``, by playing all 36 DR through
    :func:`resolve_attack` (the procedure's own function); memoised."""
    return _attack_odds(_norm(firer), _norm(target))


@lru_cache(maxsize=512)
def _attack_odds(firer: Aircraft, target: Aircraft) -> AttackOdds:
    n = Fraction(1, 36)
    acc = {k: Fraction(0) for k in AttackOdds.__dataclass_fields__}
    for c, w in _DICE:
        r = resolve_attack(firer, target, c, w)
        acc["eliminated"] += n * (r.effect == "eliminated")
        acc["damaged"] += n * (r.effect == "damaged")
        acc["no_effect"] += n * (r.effect == "no effect")
        acc["gunner_eliminates"] += n * (r.gunner == "eliminated")
        acc["gunner_damages"] += n * (r.gunner == "damaged")
        acc["mg_disabled"] += n * (r.firer.mg_disabled and not firer.mg_disabled)
        acc["recall_option"] += n * (r.target.recall and not target.recall)
        acc["rof"] += n * r.rof
    return AttackOdds(**acc)


@dataclass(frozen=True)
class RofChainOdds:
    """A FB attacking one target again and again while it keeps its ROF, before return fire."""

    expected_attacks: Fraction
    kill: Fraction  # the target eliminated before return fire
    damaged: Fraction  # the target left Damaged (not eliminated)
    firer_lost: Fraction  # the FB eliminated by the rear gunner


def rof_chain_odds(firer: Aircraft, target: Aircraft) -> RofChainOdds:
    """E7.222: the ROF chain of ``firer`` against ``target`` alone — it attacks the same target
    again while it keeps its ROF, before any return fire — exactly, through
    :func:`resolve_attack`: Damage only accumulates, so the chain's states form a graph whose
    only cycles are a state repeating itself (a geometric series, summed exactly); memoised."""
    return _rof_chain(_norm(firer), _norm(target))


@lru_cache(maxsize=512)
def _rof_chain(firer: Aircraft, target: Aircraft) -> RofChainOdds:
    n = Fraction(1, 36)
    base = (firer, target)
    self_p = Fraction(0)
    attacks, kill, damaged, lost = Fraction(1), Fraction(0), Fraction(0), Fraction(0)
    for c, w in _DICE:
        r = resolve_attack(firer, target, c, w)
        lost += n * r.firer.eliminated
        if r.target.eliminated:
            kill += n
            continue
        nxt = (_norm(r.firer), _norm(r.target))
        if r.rof:
            if nxt == base:
                self_p += n
            else:
                sub = _rof_chain(*nxt)
                attacks += n * sub.expected_attacks
                kill += n * sub.kill
                damaged += n * sub.damaged
                lost += n * sub.firer_lost
        else:
            damaged += n * r.target.damaged
    k = 1 / (1 - self_p)
    return RofChainOdds(attacks * k, kill * k, damaged * k, lost * k)


# ---------------------------------------------------------------------- E7.22 a dogfight
#: A plane of a Dogfight as the form gives it.
PLANE_FIELDS: tuple[Field, ...] = (
    Field("name", "Aircraft", "text", lo=1, hi=24, pick="units:aircraft", fills=(("side", "side"),)),
    Field("side", "Side", "text", lo=1, hi=24, pick="side"),
    Field("type", "Type", "choice", choices=AIRCRAFT_TYPES, default="FB", rule="E7.21"),
    Field("bombs", "Carries bombs", "bool", default=False, rule="E7.221"),
    Field("damaged", "Damaged", "bool", default=False, rule="E7.226"),
    Field("mg_disabled", "MG Disabled", "bool", default=False, rule="E7.223"),
    Field("melee", "Already in Aerial Melee", "bool", default=False, rule="E7.22"),
    Field("target", "Predesignated initial target", "text", lo=0, hi=24, default="", rule="E7.221", pick="rows:planes.name",
          help="the enemy plane it attacks first (ATTACKER first); empty for a plane that cannot attack"),
)


@dataclass(frozen=True)
class Dogfight:
    """A dogfight under way: the planes (``ids`` their counters), each one's predesignated target
    (an index), the firing order (ATTACKER's planes, then the DEFENDER's return fire), who fires
    now (``pos`` in ``order``) at whom (``aim``), and the end-of-CCPh choices still to make."""

    planes: tuple[Aircraft, ...]
    targets: tuple[int | None, ...]
    attacker: str
    defender: str
    order: tuple[int, ...]
    pos: int = 0
    aim: int | None = None
    queue: tuple[tuple[str, int], ...] = ()
    left: tuple[str, ...] = ()
    shot_down: tuple[int, ...] = ()

    @property
    def firer(self) -> Aircraft:
        """The plane attacking now."""
        return self.planes[self.order[self.pos]]

    def enemies(self, i: int) -> tuple[int, ...]:
        """The indices of the live enemy planes of plane ``i``."""
        side = self.planes[i].side
        return tuple(j for j, p in enumerate(self.planes) if p.side != side and not p.eliminated)

    def can_attack(self, i: int) -> bool:
        """Plane ``i`` can attack in Aerial Combat (alive, MG working, not an Observation Plane)."""
        p = self.planes[i]
        return not p.eliminated and not p.mg_disabled and p.type != "Observation"

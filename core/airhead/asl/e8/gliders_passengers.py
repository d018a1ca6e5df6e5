"""ASL E8.1/E8.4/E8.41: a glider's Passengers and manifest, what the AFPh places, what Damage does to them."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal, Sequence

from ... import events as ev
from ...events import Event
from ...fields import Field, check_record

__all__ = [
    "PassengerKind",
    "PERSONNEL",
    "PASSENGER_KINDS",
    "PASSENGER_FIELDS",
    "Passenger",
    "random_selection",
    "casualty_reduction",
    "eligible_for_selection",
    "damage_effects",
    "placed_in_afph",
    "MANIFEST_FIELDS",
    "manifest_from_data",
]

PassengerKind = Literal["squad", "hs", "crew", "leader", "hero", "sw", "gun", "vehicle"]
PERSONNEL: tuple[str, ...] = ("squad", "hs", "crew", "leader", "hero")
PASSENGER_KINDS: tuple[str, ...] = PERSONNEL + ("sw", "gun", "vehicle")

#: A Passenger as a form (and its JSON) gives it.
PASSENGER_FIELDS: tuple[Field, ...] = (
    Field("name", "Name", "text", lo=1, hi=24),
    Field("kind", "Kind", "choice", choices=PASSENGER_KINDS, default="squad"),
    Field("pp", "PP", "int", lo=0, hi=100, default=0, rule="E8.1", help="Portage Points it uses of the glider's capacity"),
    Field("reduces_to", "Reduces to", "text", hi=24, default="", rule="E8.41", help="the HS a squad becomes"),
    Field("inherent_crew", "Inherent AFV crew", "bool", default=False, rule="E8.41"),
    Field("five_eighths", "5/8\" counter", "bool", default=False, rule="E8.1"),
    Field("dm", "Dismantled", "bool", default=True, rule="E8.1"),
    Field("mans", "Crews (Gun/vehicle)", "text", hi=24, default="", rule="E8.4",
          help="the Gun or vehicle this Passenger mans (its PRC/crew): it stays aboard with it after the AFPh"),
)


@dataclass(frozen=True)
class Passenger:
    """One item of a glider's manifest. ``pp`` is what it uses of the glider's capacity (the
    player supplies vehicle/Gun PP from U.S. Vehicle Note 51, which is not in the seeds)."""

    name: str
    kind: PassengerKind = "squad"
    pp: int = 0
    reduces_to: str = ""
    inherent_crew: bool = False
    five_eighths: bool = False
    dm: bool = True
    mans: str = ""

    @classmethod
    def from_data(cls, data: Any) -> Passenger:
        """Build from a JSON object; raise :class:`~airhead.errors.DataError` on bad input."""
        return cls(**check_record(data, PASSENGER_FIELDS, "a Passenger"))

    def to_data(self) -> dict[str, Any]:
        """JSON form."""
        return asdict(self)


# ----------------------------------------------------------------------------- E8.41 DAMAGE
def random_selection(drs: Sequence[int]) -> list[int]:
    """Random Selection: each eligible unit rolls a dr; the highest dr is selected (all of them on a
    tie — "one or more of its Passengers", E8.41). Returns the selected indices."""
    top = max(drs)
    return [i for i, v in enumerate(drs) if v == top]


def casualty_reduction(p: Passenger) -> tuple[str, str]:
    """Casualty Reduction of one Passenger: a squad is Reduced to its HS, a leader Wounded, a HS
    or crew eliminated. Returns ``(new state, text)``; the state is ``reduced``, ``wounded`` or
    ``eliminated``."""
    if p.kind == "squad":
        hs = p.reduces_to or "HS"
        return "reduced", f"{p.name} suffers Casualty Reduction: Reduced to a {hs}"
    if p.kind in ("leader", "hero"):
        return "wounded", f"{p.name} suffers Casualty Reduction: Wounded"
    return "eliminated", f"{p.name} suffers Casualty Reduction: eliminated"


def eligible_for_selection(passengers: Sequence[Passenger]) -> list[int]:
    """Indices of the Passengers subject to E8.41 Casualty Reduction (personnel, not an
    inherent AFV crew)."""
    return [i for i, p in enumerate(passengers) if p.kind in PERSONNEL and not p.inherent_crew]


def damage_effects(passengers: Sequence[Passenger], selected: Sequence[int]) -> list[Event]:
    """E8.41: the consequences of a Damaged glider for its contents.

    SW/Guns malfunction; vehicles are Bogged; the selected Passengers suffer Casualty Reduction;
    every other Passenger (and, as the E8 EX shows, a Reduced squad's HS) takes a NMC
    [EXC: inherent AFV crew].
    """
    out: list[Event] = []
    for i, p in enumerate(passengers):
        if p.kind in ("sw", "gun"):
            out.append(ev.result("E8.41", f"{p.name} has malfunctioned (repair normally, or eliminated if it cannot be repaired)"))
        elif p.kind == "vehicle":
            out.append(ev.result("E8.41", f"{p.name} is Bogged (may become Mired/Immobilized leaving the glider)"))
    nmc: list[str] = []
    for i, p in enumerate(passengers):
        if p.kind not in PERSONNEL or p.inherent_crew:
            continue
        if i in selected:
            state, text = casualty_reduction(p)
            out.append(ev.result("E8.41", text))
            if state == "reduced":
                nmc.append(p.reduces_to or f"{p.name} HS")
            elif state == "wounded":
                nmc.append(f"{p.name} (wounded)")
        else:
            nmc.append(p.name)
    for n in nmc:
        out.append(ev.result("E8.41", f"{n} takes a NMC"))
    return out


# ----------------------------------------------------------------------------- E8.4 AFPh
def placed_in_afph(passengers: Sequence[Passenger]) -> tuple[list[int], list[int]]:
    """E8.4: which Passengers are placed on board in the AFPh, and which stay aboard.

    "the contents of a glider [EXC: vehicle/Gun (and its PRC/manning Infantry)] are placed onboard
    ... Any vehicle/Gun (and its PRC/manning Infantry) aboard can be removed from the glider ...
    only in a subsequent MPh": a vehicle or Gun stays aboard, and so does every Passenger that
    mans one (``mans`` names it) and a vehicle's inherent crew. Returns ``(placed, aboard)``
    indices in manifest order.
    """
    heavy = {p.name for p in passengers if p.kind in ("vehicle", "gun")}
    placed: list[int] = []
    aboard: list[int] = []
    for i, p in enumerate(passengers):
        stays = p.kind in ("vehicle", "gun") or (p.mans != "" and p.mans in heavy) or (p.inherent_crew and any(x.kind == "vehicle" for x in passengers))
        (aboard if stays else placed).append(i)
    return placed, aboard


MANIFEST_FIELDS: tuple[Field, ...] = (
    Field("glider", "Glider", "text", lo=1, hi=24),
    Field("passengers", "Passengers", "list", hi=12, item=Field("passengers", "Passenger", "record", fields=PASSENGER_FIELDS)),
)


def manifest_from_data(data: Any) -> tuple[str, tuple[Passenger, ...]]:
    """E8.1: a sealed manifest as revealed (``{"glider": name, "passengers": [...]}``): the glider's
    name and its Passengers; :class:`~airhead.errors.DataError` if it is not one."""
    d = check_record(data, MANIFEST_FIELDS, "a glider manifest")
    return d["glider"], tuple(Passenger(**x) for x in d["passengers"])

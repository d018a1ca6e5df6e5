"""The answer of a thread traced over imported boards' pixels (:mod:`.los_grid`) and its
explanation: :class:`GridHex` (one line per hex crossed: what the board shows there, its level,
its effect and why), :class:`GridSight` (the verdict and its lines), a thread along a hexside's
two sides merged into one explanation (``_merged``), and :func:`grid_view` (the thread for the map).

Readings: ``docs/rules-notes.md``, "LOS over a board's grid".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ..frozen import replace
from ..hexes import Hex
from ..plug import View
from .board_pixels import centre as _centre
from .los_heights import a68_words
from .los_settings import Location

__all__ = ["GridHex", "GridSight", "grid_view"]


@dataclass(frozen=True)
class GridHex:
    """One hex the thread crosses: what it reads there that matters most, the level of that
    (its top, or the ground), its effect and why (:mod:`.los_heights`)."""

    hex: Hex
    what: str
    top: float  # the level read: the terrain's top, or the ground
    effect: str = ""  # "blocks", "hinders", "blocks one side", "hinders one side", "hinders same range" or ""
    drm: int = 0
    whole: bool = False  # read whole (changed by the players, or no board's grid there)
    why: str = ""
    by: Hex | None = None  # "hinders same range": the Hindrance hex counted at this hex's range
    end: Hex | None = None  # A6.8 Example 2: the end whose thread has not left its building here

    def line(self, name: Any, ends: tuple[Hex, ...] = ()) -> str:
        """This hex as one line of the explanation (``ends``: the thread's ends' hexes; an A6.8
        block in one of them says it is the other end's own hex and why that blocks)."""
        level = "" if "level" in self.what else f", {'top at ' if self.top > 0 and 'ground' not in self.what else ''}level {self.top:g}"
        effect = {"blocks": "blocks", "hinders": f"hinders (+{self.drm})", "": "no effect",
                  "blocks one side": "blocks on its side of the hexside only",
                  "hinders one side": f"hinders on its side of the hexside only (+{self.drm}, not counted)",
                  "hinders same range": f"hinders (+{self.drm}, not counted: {name(self.by) if self.by else 'another hex'} is as "
                                        "far from the first end and counts, one Hindrance per range (setting))"}[self.effect]
        why = self.why if self.end is None else a68_words(name(self.end), name(self.hex) if self.hex in ends else None)
        return (f"{name(self.hex)}: {self.what}{level}: {effect}" + (f" — {why}" if why else "")
                + (" (the hex as changed in this game)" if self.whole else ""))


@dataclass(frozen=True)
class GridSight:
    """The thread from ``a`` to ``b`` over the boards' pixels: blocked or not, where, the Hindrance
    hexes with their DRM, and each hex crossed. ``off``: samples that fell off every board."""

    a: Location
    b: Location
    blocked: bool
    blocked_at: Hex | None
    point: tuple[float, float] | None
    hindrances: tuple[tuple[Hex, int], ...]
    hexes: tuple[GridHex, ...]
    notes: tuple[str, ...] = field(default=())
    heights: tuple[float, float] = (0.0, 0.0)
    off: int = 0
    roofs: tuple[bool, bool] = (False, False)  # each end on its building's Rooftop (B23.8)

    @property
    def drm(self) -> int:
        """The total Hindrance DRM."""
        return sum(d for _h, d in self.hindrances)

    @property
    def by(self) -> tuple[Hex, ...]:
        """The hex where the thread is blocked, if it is (as :attr:`.los.Sight.by`)."""
        return () if self.blocked_at is None else (self.blocked_at,)

    @property
    def result(self) -> str:
        """``"blocked"``, ``"hindered"`` or ``"clear"``."""
        return "blocked" if self.blocked else ("hindered" if self.hindrances else "clear")

    def explain(self, name: Any) -> list[str]:
        """The thread in words: the ends, one line per hex crossed, the verdict."""
        def at(loc: Location, z: float) -> str:
            where = "ground level" if not loc.level else f"level {loc.level:g}"
            if roofs[loc is self.b]:
                return f"{name(loc.hex)} (Rooftop, level {loc.level:g}: traced from level {z:g}, half a level lower (B23.8))"
            return f"{name(loc.hex)} ({where}{'' if z == loc.level else f', at level {z:g}'})"

        za, zb = self.heights
        roofs = self.roofs
        out = [f"Line of sight from {at(self.a, za)} to {at(self.b, zb)}, traced over the boards' terrain"]
        out += list(self.notes)
        out += [g.line(name, (self.a.hex, self.b.hex)) for g in self.hexes]
        if self.blocked:
            last = next((g for g in self.hexes if g.hex == self.blocked_at), None)
            tail = f": Hindrances add up to +{self.drm}, which blocks (setting)" if last is not None and last.effect == "hinders" else ""
            out.append(f"LOS blocked in {name(self.blocked_at)}{tail}" if self.blocked_at is not None else "LOS blocked")
        else:
            out.append("LOS clear" + (f", Hindrance DRM +{self.drm}" if self.drm else ""))
        return out


_RANK = {"blocks": 2, "hinders": 1, "": 0, "blocks one side": 0, "hinders one side": 0, "hinders same range": 0}
_EFFECT = ("", "hinders", "blocks")


def _plain(h: Hex, terrain: Any, types: Mapping[str, Any]) -> GridHex:
    """A hex before any of its pixels is read: open ground at its base level (terrain the hex
    shows that can block or hinder said to lie off the thread)."""
    t = terrain.at(h)
    ty = types.get(t.terrain)
    if t.terrain == "open" or ty is None or not (ty.obstacle or ty.hindrance or ty.half_level or t.obstacle):
        return GridHex(h, "open ground", float(t.base_level))
    return GridHex(h, "open ground", float(t.base_level), why=f"the thread passes clear of the hex's {ty.label}")


def _merged(pick: GridSight, other: GridSight) -> tuple[GridHex, ...]:
    """The hexes of both sides of a thread along a hexside, in order along it: each hex's reading
    from the side that decides (``pick``), or the other side's where it says more (its block or
    Hindrance then marked as on its side only, when the deciding side does not count it)."""
    counted = {h for h, _d in pick.hindrances}
    out = {g.hex: g for g in pick.hexes}
    for g in other.hexes:
        mine = out.get(g.hex)
        if mine is not None and (mine.effect or (_RANK[mine.effect], bool(mine.why), mine.top) >= (_RANK[g.effect], bool(g.why), g.top)):
            continue
        if g.effect == "blocks" and not pick.blocked:
            g = replace(g, effect="blocks one side")
        elif g.effect in ("hinders", "hinders same range") and g.hex not in counted:
            g = replace(g, effect="hinders one side", by=None)
        out[g.hex] = g
    (xa, ya), (xb, yb) = _centre(pick.a.hex), _centre(pick.b.hex)
    return tuple(sorted(out.values(), key=lambda g: (_centre(g.hex)[0] - xa) * (xb - xa) + (_centre(g.hex)[1] - ya) * (yb - ya)))


def grid_view(sight: GridSight) -> View:
    """The thread for the map: its ends, the hex where it is blocked ("blocks"), each Hindrance
    ("+1"), and the verdict at the far end."""
    marks: list[tuple[Hex, str]] = [(sight.a.hex, "los-end"), (sight.b.hex, "los-end")]
    labels: list[tuple[Hex, str]] = []
    if sight.blocked_at is not None:
        marks.append((sight.blocked_at, "los-block"))
        labels.append((sight.blocked_at, "blocks"))
    for h, drm in sight.hindrances:
        marks.append((h, "los-hindrance"))
        labels.append((h, f"+{drm}"))
    verdict = "no LOS" if sight.blocked else (f"LOS +{sight.drm}" if sight.drm else "LOS")
    labels.append((sight.b.hex, verdict))
    return View(marks=tuple(dict.fromkeys(marks)), paths=((sight.a.hex, sight.b.hex),), labels=tuple(dict.fromkeys(labels)))

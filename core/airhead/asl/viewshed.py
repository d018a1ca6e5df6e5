"""What a hex can see, and who can see it (issue #27): a viewshed at a chosen level and range.

Every hex of the map within ``reach`` hexes of the viewer's hex is tested with the line of sight
that applies to the game (:mod:`.sight`): on imported boards the thread over the boards' pixels
(:func:`.los_grid.sights`, which skips the pixels of hexes holding nothing as high as the
thread), on a painted map hex by hex (:func:`.los.los`). "What it sees" traces from a viewer in
the hex at ``level`` to each hex at ground level; "who sees it" from a unit at ground level in
each hex to the hex at ``level``. The answer lists the hexes seen clear, those seen through
Hindrances (with their DRM) and those not seen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Literal, Sequence

from ..hexes import Hex
from ..plug import GameState, View
from .los import Location, LosSettings, los
from .los_grid import sights
from .sight import precise

__all__ = ["MAX_REACH", "Viewshed", "viewshed", "seen_from"]

#: The longest reach asked for (hexes): a whole geoboard's length.
MAX_REACH = 33

Name = Callable[[Hex], str]


@dataclass(frozen=True)
class Viewshed:
    """The hexes ``viewer`` sees (``toward`` False) or that see it (``toward`` True) within
    ``reach``: ``seen`` with the Hindrance DRM of each thread (0: clear), ``unseen`` the rest."""

    viewer: Location
    reach: int
    toward: bool
    seen: tuple[tuple[Hex, int], ...]
    unseen: tuple[Hex, ...]
    precise: bool

    def explain(self, name: Name) -> list[str]:
        """The answer in words."""
        at = "ground level" if not self.viewer.level else f"level {self.viewer.level:g}"
        who = (f"Who can see {name(self.viewer.hex)} ({at}): units at ground level within {self.reach} hexes"
               if self.toward else f"What {name(self.viewer.hex)} ({at}) sees at ground level within {self.reach} hexes")
        clear = sum(1 for _h, d in self.seen if not d)
        lines = [who + (", traced over your boards' terrain" if self.precise else ", read hex by hex"),
                 f"{clear} hex{'es' if clear != 1 else ''} in clear LOS (left as they are)"]
        hindered = [(h, d) for h, d in self.seen if d]
        if hindered:
            lines.append(f"{len(hindered)} hex{'es' if len(hindered) != 1 else ''} seen through Hindrances (amber, "
                         "with the Hindrance DRM)")
        lines.append(f"{len(self.unseen)} hex{'es' if len(self.unseen) != 1 else ''} out of LOS (shaded)")
        lines.append("Tap Line of sight from a hex for the thread to one hex, explained hex by hex")
        return lines

    def view(self) -> View:
        """The map: the viewer, each hex out of LOS shaded, each seen through Hindrances tinted and
        labelled with the DRM; the hexes seen clear are left as they are (their art in view)."""
        marks = [(self.viewer.hex, "viewer")]
        marks += [(h, "unseen") for h in self.unseen] + [(h, "seen-hindered") for h, d in self.seen if d]
        labels = tuple((h, f"+{d}") for h, d in self.seen if d)
        return View(marks=tuple(marks), labels=labels)


def seen_from(state: GameState, h: Hex, targets: Sequence[Hex], *, level: float = 0,
              toward: bool = False) -> dict[Hex, tuple[bool, int]]:
    """(blocked, Hindrance DRM) of the line of sight from a viewer in ``h`` at ``level`` to each
    target at ground level (``toward``: from each target to the viewer), in the reading that
    applies to the game (:mod:`.sight`)."""
    viewer = Location(h, level)
    pairs = [((Location(x), viewer) if toward else (viewer, Location(x))) for x in targets]
    settings = LosSettings.from_settings(state.settings)
    verdicts: Iterable[tuple[bool, int]]
    if precise(state):
        verdicts = ((g.blocked, g.drm) for g in sights(state.scenario.with_terrain(state.terrain), pairs, settings=settings))
    else:
        types = state.system.terrain_types
        verdicts = ((v.blocked, v.drm) for v in (los(state.terrain, a, b, settings=settings, types=types) for a, b in pairs))
    return dict(zip(targets, verdicts))


def viewshed(state: GameState, h: Hex, *, level: float = 0, reach: int = 16,
             mode: Literal["sees", "seen"] = "sees") -> Viewshed:
    """The viewshed of hex ``h`` at ``level`` within ``reach`` hexes (1..:data:`MAX_REACH`) on
    the game's map, in the reading of line of sight that applies to it (:mod:`.sight`)."""
    reach = max(1, min(int(reach), MAX_REACH))
    m = state.scenario.map
    targets = [x for x in h.within(reach) if x != h and m.in_play(x)]
    toward = mode == "seen"
    got = seen_from(state, h, targets, level=level, toward=toward)
    seen = tuple((x, got[x][1]) for x in targets if not got[x][0])
    unseen = tuple(x for x in targets if got[x][0])
    return Viewshed(Location(h, level), reach, toward, seen, unseen, precise(state))

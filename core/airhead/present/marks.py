"""How the map overlay draws each kind of mark, in one table: the overlay (:mod:`.overlay`) writes
these styles on the SVG and the map key (:func:`.legend.overlay_key`) draws its swatches and says
its words from the same rows, so the key, the map and docs/user-guide.md cannot drift apart
(#42 items 5 and 13)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Look", "MARKS", "ZONES", "HIT", "ARROW", "mark_look", "zone_kind", "look_attrs"]


@dataclass(frozen=True)
class Look:
    """One mark's drawing and what the key says of it."""

    words: str
    stroke: str = "#444"
    width: float = 3.0
    dash: str = ""
    fill: str = "none"
    fill_opacity: float = 0.0


#: A mark's role (``View.marks``) -> its look. A role missing here is drawn as ``_OTHER``.
MARKS: dict[str, Look] = {
    "ilh": Look("Intended Landing Hex, or the firer's hex (blue outline)", "#1c5fd4", 4),
    "avenue": Look("Avenue of Approach (dashed blue)", "#1c5fd4", 3, "5 4"),
    "target": Look("a target or aimed-at hex (purple outline)", "#7a2fbf", 4),
    "landed": Look("where it came down, or was placed (green outline)", "#0b8a3a", 5),
    "straying": Look("a unit that strays (dashed green outline)", "#0b8a3a", 4, "4 3"),
    "viewer": Look("the hex seen from (blue outline)", "#1c5fd4", 4),
    "los-end": Look("an end of the line of sight (blue outline)", "#1c5fd4", 4),
    "los-block": Look("blocks the line of sight, or a Blind Hex (red outline)", "#b00020", 5),
    "los-hindrance": Look("hinders the line of sight (orange outline, its +1)", "#e8a33d", 4),
    "unseen": Look("out of line of sight (shaded dark)", "none", 0, "", "#1d1d1d", 0.45),
    "seen-hindered": Look("seen through Hindrances (orange tint, its +1)", "#e8a33d", 3, "", "#e8a33d", 0.3),
    "illumination": Look("a Starshell's or IR's hex (gold outline)", "#d4a017", 4),
    "blaze": Look("a Blaze (red-orange outline)", "#e25822", 5),
    "shadow": Look("in a Blaze's shadow (dashed dark outline)", "#333", 3, "3 3"),
    "pick": Look("a counter you may pick here (dashed orange)", "#d9480f", 4, "6 4"),
}
_OTHER = Look("a hex the procedure names (grey outline)")

#: The hexes the last roll concerned (outlined unless another mark already outlines them).
HIT = Look("a hex the last roll concerned (orange outline)", "#d9480f", 3)

#: An arrow from hex to hex (evasive moves, a landing, a line of fire or sight).
ARROW = Look("a move, a drift or a line from hex to hex (blue arrow)", "#1c5fd4", 3)

#: A zone's kind -> its look. The night's zones are told apart by kind, whatever their order.
ZONES: dict[str, Look] = {
    "nvr": Look("within the NVR (dotted purple outline)", "#7a2fbf", 2, "2 3"),
    "beyond": Look("beyond the NVR but Illuminated, in sight (dashed amber outline)", "#d98a00", 2.5, "7 3"),
    "lit": Look("Illuminated by a Starshell, an IR or a Blaze (yellow tint)", "#c9a400", 1.5, "", "#f5d90a", 0.22),
    "other": Look("a group of hexes the procedure names (dotted teal outline)", "#1c7c8c", 2.5, "1 2"),
}


def mark_look(role: str) -> Look:
    """How a mark of ``role`` is drawn."""
    return MARKS.get(role, _OTHER)


def zone_kind(label: str) -> str:
    """A zone's kind from its label (``View.zones``): "within NVR 3", "Illuminated beyond the
    NVR", "Illuminated: Starshell in 13H7" / "Illuminated Zone (3 hexes)", else other."""
    low = label.lower()
    if low.startswith("within nvr"):
        return "nvr"
    if low.startswith("illuminated beyond"):
        return "beyond"
    if low.startswith("illuminated"):
        return "lit"
    return "other"


def look_attrs(look: Look) -> dict[str, str]:
    """A look as SVG presentation attributes (no stylesheet rule overrides them)."""
    out = {"stroke": look.stroke, "stroke-width": f"{look.width:g}", "fill": look.fill}
    if look.dash:
        out["stroke-dasharray"] = look.dash
    if look.fill != "none":
        out["fill-opacity"] = f"{look.fill_opacity:g}"
    return out

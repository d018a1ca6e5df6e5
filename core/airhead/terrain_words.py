"""A hex's terrain and a map edit in the words of the rules, for the log: "4E7: Woods, level 1",
"4E7: bridge laid along NE–SW (footbridge)", "hexside 4E7–4E8: wall removed". Never the edit's
data as it is stored (the log is read by players, not programmers)."""

from __future__ import annotations

from typing import Any, Mapping

from .events import plain_words
from .terrain import HexTerrain

__all__ = ["BRIDGE_AXES", "feature_words", "hex_words", "set_words"]

#: A bridge's axis (``Bridge.axis`` 0, 1, 2) as the players read it: the line its roadway runs along.
BRIDGE_AXES: tuple[str, ...] = ("N–S", "NE–SW", "SE–NW")

#: Hexside features (:data:`~airhead.terrain.HEXSIDE_FEATURES`) in the rules' words.
_FEATURES = {"crest": "crest line", "river_side": "river", "stream_side": "stream", "rowhouse_wall": "rowhouse wall"}

#: The order a hex's facts are said in (that of :data:`~airhead.terrain.HEX_FIELDS`).
_ORDER = ("t", "lvl", "obs", "water", "bridge", "blaze", "mines", "shellholes", "trench", "smoke", "occ", "label")


def feature_words(feature: str) -> str:
    """A hexside feature as the rules name it (``crest`` → "crest line")."""
    return _FEATURES.get(feature, feature.replace("_", " "))


def _num(v: Any) -> str:
    return f"{v:g}" if isinstance(v, (int, float)) and not isinstance(v, bool) else plain_words(v)


def _levels(v: Any) -> str:
    return f"{_num(v)} level" + ("" if v == 1 else "s")


def _water(w: Any) -> str:
    if not isinstance(w, Mapping):
        return plain_words(w)
    extra = [x for x in ("fordable", "frozen") if w.get(x)]
    return str(w.get("kind", "river")) + (f" ({', '.join(extra)})" if extra else "")


def _bridge(b: Any) -> str:
    if not isinstance(b, Mapping):
        return plain_words(b)
    axis = b.get("axis", 0)
    along = BRIDGE_AXES[axis] if axis in (0, 1, 2) else plain_words(axis)
    return f"along {along}" + (" (footbridge)" if b.get("foot") else "")


def _occupants(occ: Any) -> str:
    return plain_words(occ) if isinstance(occ, (list, tuple)) and occ else "none"


def _fact(key: str, v: Any, labels: Mapping[str, str]) -> str:
    """One fact of a hex (``key`` of its data, value ``v``; None: back to the default) as the
    change a map edit makes."""
    if key == "t":
        return labels.get(v or "open", str(v or "open"))
    if key == "lvl":
        return f"level {_num(v or 0)}"
    if key == "obs":
        return f"obstacle {_levels(v)} high" if v else "no obstacle"
    if key == "water":
        return _water(v) if v else "no water"
    if key == "bridge":
        return f"bridge laid {_bridge(v)}" if v else "bridge taken away"
    if key == "blaze":
        return f"Blaze {_levels(v)} high" if v is not None else "Blaze put out"
    if key == "mines":
        return f"minefield of strength {_num(v)}" if v else "no minefield"
    if key == "shellholes":
        return "shellholes" if v else "no shellholes"
    if key == "trench":
        return "trench" if v else "no trench"
    if key == "smoke":
        return "SMOKE" if v else "no SMOKE"
    if key == "occ":
        return f"in the hex: {_occupants(v)}" if v else "no vehicle, wreck or glider in the hex"
    if key == "label":
        return f"labelled “{plain_words(v)}”" if v else "no label"
    return f"{key.replace('_', ' ')} {plain_words(v)}" if v is not None else f"no {key.replace('_', ' ')}"


def set_words(changes: Mapping[str, Any], labels: Mapping[str, str] | None = None,
              usual: Mapping[str, float] | None = None) -> str:
    """The change a hex edit's ``set`` makes, in words: "Woods", "level 1", "bridge laid along
    NE–SW (footbridge)", "Blaze put out"; a fact set back to its default says the default ("Open
    Ground", "level 0", "no SMOKE"). ``labels``: the system's terrain types by key (their names in
    the rules); ``usual``: each type's usual obstacle height, not repeated when the edit gives a
    type its usual height."""
    labels, usual = labels or {}, usual or {}
    keys = sorted(changes, key=lambda k: (_ORDER.index(k) if k in _ORDER else len(_ORDER), str(k)))
    t = changes.get("t") or "open"
    said = []
    for k in keys:
        v = changes[k]
        if k == "obs" and "t" in changes and (v or 0) == usual.get(t, v or 0):
            continue  # the type's usual height: "Woods", not "Woods, obstacle 1 level high"
        said.append(_fact(str(k), v, labels))
    return ", ".join(said) or "no change"


def hex_words(t: HexTerrain, labels: Mapping[str, str] | None = None,
              usual: Mapping[str, float] | None = None) -> str:
    """Hex terrain ``t`` as it stands, in words: "Woods, level 1", "Open Ground, level 0, stream,
    bridge along NE–SW (footbridge)"; its obstacle said only when it is not the type's usual."""
    labels, usual = labels or {}, usual or {}
    said = [labels.get(t.terrain, t.terrain), f"level {_num(t.base_level)}"]
    if t.obstacle != usual.get(t.terrain, t.obstacle):
        said.append(f"obstacle {_levels(t.obstacle)} high" if t.obstacle else "no obstacle")
    if t.water is not None:
        said.append(_water({"kind": t.water.kind, "fordable": t.water.fordable, "frozen": t.water.frozen}))
    if t.bridge is not None:
        said.append(("footbridge" if t.bridge.foot else "bridge") + f" along {BRIDGE_AXES[t.bridge.axis]}")
    if t.blaze is not None:
        said.append(f"Blaze {_levels(t.blaze)} high")
    if t.minefield:
        said.append(f"minefield of strength {t.minefield}")
    said += [w for w, on in (("shellholes", t.shellholes), ("trench", t.trench), ("SMOKE", t.smoke)) if on]
    if t.occupants:
        said.append(f"in the hex: {', '.join(t.occupants)}")
    if t.label:
        said.append(f"labelled “{plain_words(t.label)}”")
    return ", ".join(said)

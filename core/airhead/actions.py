"""A game's actions as data: the shape of every action type (:data:`ACTIONS`), the check every
action from outside goes through before it is applied (:func:`check_action`: types, sizes, known
fields; meaning is checked when it is applied, by :mod:`airhead.game`), and an action in the
log's words (:func:`describe_action`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from .errors import ActionError, DataError, quoted
from .events import plain_words
from .fields import Field, Schema
from .hexes import DIRECTION_NAMES
from .steps import MAX_CHOICE
from .scenario import MAX_SSR, MAX_SSR_NAME
from .sealed import CODE_EXAMPLE, CODE_PATTERN, check_plan
from .terrain import HEXSIDE_FEATURES
from .terrain_words import feature_words, set_words

if TYPE_CHECKING:
    from .plug import System

__all__ = ["ACTIONS", "ACTION_TYPES", "MAX_TEXT", "JSONDict", "check_action", "describe_action", "want", "setting_words"]

JSONDict = dict[str, Any]

MAX_TEXT = 500


def _text(key: str, label: str, hi: int, lo: int = 1, default: Any = ...) -> Field:
    return Field(key, label, "text", lo=lo, hi=hi) if default is ... else Field(key, label, "text", lo=lo, hi=hi, default=default)


_NAME = 24
#: The shape of every action type (meaning is checked when it is applied).
ACTIONS: dict[str, Schema] = {
    "start": Schema((_text("procedure", "procedure", 64), Field("params", "params", "any", default={})), "field"),
    "roll": Schema((), "field"),
    "dice": Schema((Field("values", "dice values", "list", lo=1, hi=12, item=Field("values", "die", "int", lo=0, hi=1000)),), "field"),
    "choose": Schema((_text("choice", "choice", MAX_CHOICE, lo=0),), "field"),
    "cancel": Schema((), "field"),
    "advance": Schema((_text("phase", "phase", 16, default=None),), "field"),
    "edit": Schema((
        Field("op", "edit op", "choice", choices=("hex", "side", "unit", "marker", "settings", "ssr")),
        _text("hex", "hex", 16, default=None),
        Field("set", "terrain", "any", default=None),
        Field("dir", "hexside direction", "choice", choices=DIRECTION_NAMES, default=None),
        Field("feature", "hexside feature", "choice", choices=HEXSIDE_FEATURES, default=None),
        Field("on", "on", "bool", default=None),
        _text("id", "id", 32, default=None),
        _text("side", "side", _NAME, default=None),
        _text("kind", "kind", _NAME, default=None),
        _text("label", "label", 48, lo=0, default=None),
        Field("status", "status", "list", hi=12, default=None, item=_text("status", "status flag", _NAME)),
        _text("expires", "expires", 16, lo=0, default=None),
        Field("remove", "remove", "bool", default=None),
    ), "field"),
    "note": Schema((_text("text", "note", MAX_TEXT, lo=0),), "field"),
    "seal": Schema((_text("side", "side", 24), _text("label", "label", 48), _text("code", "code", 40)), "field"),
    "reveal": Schema((_text("side", "side", 24), _text("label", "label", 48), Field("plan", "plan", "any"),
                      _text("salt", "salt", 32, lo=32)), "field"),
    "undo": Schema((), "field"),
    "redo": Schema((), "field"),
}
ACTION_TYPES: tuple[str, ...] = tuple(ACTIONS)


# ---------------------------------------------------------------------- action validation
def want(cond: bool, msg: str) -> None:
    """:class:`ActionError` with ``msg`` unless ``cond``."""
    if not cond:
        raise ActionError(msg)


class _Checked(dict[str, Any]):
    """An action :func:`check_action` has checked: applying it (a replay of decoded actions)
    does not check it again."""

    __slots__ = ()


def check_action(action: Any) -> JSONDict:
    """Check an action's shape (types, sizes, known fields) and return it as a dict (one
    already checked as it is).

    Meaning is checked when it is applied; this guards everything that comes from outside.
    """
    if type(action) is _Checked:
        return action
    want(isinstance(action, dict), "an action must be an object")
    t = action.get("type")
    if not (isinstance(t, str) and t in ACTIONS):
        raise ActionError(f"unknown action type {quoted(t, 20)} (one of {', '.join(ACTION_TYPES)})")
    try:
        ACTIONS[t].parse({k: v for k, v in action.items() if k != "type"})
    except DataError as e:
        raise ActionError(f"{t} action: {e}") from None
    if t == "start":
        params = action.get("params", {})
        want(isinstance(params, dict) and len(params) <= 32, "start params must be a small object")
    elif t == "seal":
        if CODE_PATTERN.match(action["code"]) is None:
            raise ActionError(f"a commitment code looks like {CODE_EXAMPLE}")
    elif t == "reveal":
        try:
            check_plan(action["plan"], action["salt"])
        except DataError as e:
            raise ActionError(str(e)) from None
    elif t == "edit":
        op = action["op"]
        need = {"hex": ("hex", "set"), "side": ("hex", "dir", "feature"), "unit": ("id",), "marker": ("id",),
                "settings": ("set",), "ssr": ("set",)}[op]
        missing = [k for k in need if action.get(k) is None]
        if missing:
            raise ActionError(f"a {op} edit needs {', '.join(missing)}")
        if op == "hex":
            want(isinstance(action.get("set"), dict), "a hex edit needs 'set': an object of terrain fields")
        if op == "settings":
            want(isinstance(action.get("set"), dict) and 0 < len(action["set"]) <= 32,
                  "a settings edit needs 'set': an object of at most 32 settings")
        if op == "ssr":
            names = action.get("set")
            want(type(names) is list and 0 < len(names) <= MAX_SSR and all(type(n) is str and 0 < len(n) <= MAX_SSR_NAME for n in names),
                 f"an SSR edit needs 'set': a list of 1 to {MAX_SSR} of VASL's SSR terrain option names")
        if op in ("unit", "marker") and not action.get("remove"):
            if not (action.get("kind") is not None and "hex" in action):
                raise ActionError(f"a {op} edit needs its kind and hex (null: off the map), or remove: true")
    return _Checked(action)


def describe_action(action: Mapping[str, Any], system: System | None = None) -> str:
    """Short human text of an action for the log."""
    t = action.get("type")
    if t == "start":
        raw = dict(action.get("params", {}))
        proc = system.procedures.get(str(action.get("procedure"))) if system is not None else None
        if proc is not None:  # the procedure by its title, its plan in its own words
            described = proc.describe_params(raw) if raw else ""
            return f"start {proc.title}" + (f": {described}" if described else "")
        params = ", ".join(f"{k} {plain_words(v)}" for k, v in sorted(raw.items()))
        return f"start {action.get('procedure')}" + (f" ({params})" if params else "")
    if t == "dice":
        return "dice " + ",".join(str(v) for v in action.get("values", []))
    if t == "choose":
        return f"choose {action.get('choice')}"
    if t == "note":
        return f"note: {action.get('text')}"
    if t == "seal":
        return f"seal: {action.get('side')} seals {action.get('label')} as {action.get('code')}"
    if t == "reveal":
        return f"reveal: {action.get('side')} reveals {action.get('label')}"
    if t == "advance":
        return f"advance to the {action['phase']}" if action.get("phase") else "advance to the next phase"
    if t == "edit":
        op = action.get("op")
        if op == "side":
            verb = "added" if action.get("on", True) is not False else "removed"
            return f"edit the {action.get('dir')} hexside of {action.get('hex')}: {feature_words(str(action.get('feature')))} {verb}"
        if op == "settings":
            return "change the scenario's settings: " + ", ".join(
                f"{_setting_label(system, str(k))} {setting_words(v)}"
                for k, v in sorted(dict(action.get("set") or {}).items()))
        if op == "ssr":
            return "choose the SSR terrain options: " + ", ".join(str(n) for n in action.get("set") or ())
        if op in ("unit", "marker"):
            name = action.get("label") or (action.get("id") if op == "unit" else action.get("kind")) or action.get("id")
            if action.get("remove"):
                return f"edit remove {op} {name}"
            return f"edit {op} {name} in {action.get('hex') or 'off the map'}"
        types = system.terrain_types if system is not None else {}
        changes = action.get("set")
        said = set_words(changes, {k: t.label for k, t in types.items()}, {k: t.obstacle for k, t in types.items()}) \
            if isinstance(changes, Mapping) else "no change"
        return f"edit {action.get('hex')}: {said}"
    return str(t)


def _setting_label(system: System | None, key: str) -> str:
    """A setting's label (its key if the system does not know it)."""
    if system is not None:
        try:
            return system.rules.settings.field(key).label
        except KeyError:
            pass
    return key


def setting_words(v: Any) -> str:
    """A setting's value as a player reads it."""
    if v is None:
        return "back to its default"
    if isinstance(v, bool):
        return "on" if v else "off"
    return v if isinstance(v, str) else plain_words(v)

"""A quicker :func:`dataclasses.replace` for the small frozen records a procedure steps through.

A procedure's state is a frozen dataclass replaced at every step (a drop's current unit, a
flight's results): :func:`dataclasses.replace` walks the class's fields, builds the keyword
arguments and runs ``__init__`` again, which setting each field through ``object.__setattr__``
makes slow, most of all under Pyodide (some 12 µs a call there, 3.5 times CPython's). For a
dataclass whose ``__init__`` only stores its fields (no ``__post_init__``, no ``InitVar``, every
field set by ``__init__``, no ``__slots__``), :func:`replace` copies the fields' values and
changes the ones named: the same object ``dataclasses.replace`` makes, in a fraction of the
time. Any other class is handed to :func:`dataclasses.replace`. To the type checker
:func:`replace` is :func:`dataclasses.replace`, so every field a call names is still checked.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, TypeVar

__all__ = ["replace"]

T = TypeVar("T")

#: By class: its field names (in order, and as a set) when copying them makes what ``__init__``
#: makes, else None.
_PLANS: dict[type, tuple[tuple[str, ...], frozenset[str]] | None] = {}


def _plan(cls: type) -> tuple[tuple[str, ...], frozenset[str]] | None:
    fields = getattr(cls, "__dataclass_fields__", None)
    if (fields is None or hasattr(cls, "__post_init__") or "__slots__" in cls.__dict__
            or any(f._field_type is not dataclasses._FIELD or not f.init for f in fields.values())):  # type: ignore[attr-defined]
        return None
    return tuple(fields), frozenset(fields)


def _replace(obj: T, /, **changes: Any) -> T:
    """``obj`` with ``changes`` (what :func:`dataclasses.replace` gives; see the module)."""
    cls = type(obj)
    try:
        plan = _PLANS[cls]
    except KeyError:
        plan = _PLANS[cls] = _plan(cls)
    if plan is None or not plan[1].issuperset(changes):
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    new: T = object.__new__(cls)
    mine = obj.__dict__
    made = new.__dict__
    if len(mine) == len(plan[0]):  # its fields only (``__init__`` stored every one)
        made.update(mine)
    else:  # and something kept beside them (a value worked out once): left behind
        made.update({name: mine[name] for name in plan[0]})
    made.update(changes)
    return new


if TYPE_CHECKING:  # the type checker sees dataclasses.replace, so it checks every field named
    from dataclasses import replace as replace  # noqa: F401
else:
    replace = _replace

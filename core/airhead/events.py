"""Events: every roll, modifier and result a procedure produces, with its rule and cause.

The log a player reads is rendered from these, and tests assert on them, e.g.::

    E8.22  roll      Landing DR 6 (colored 4, white 2)
    E8.22  modifier  -2  two consecutive clear hexes F6, G6
    E8.22  result    short by 2: lands in G6
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Mapping, Sequence

__all__ = ["Event", "EventKind", "roll", "modifier", "result", "info", "render_events", "plain_words"]

EventKind = Literal["roll", "modifier", "result", "info", "prompt", "edit"]


@dataclass(frozen=True)
class Event:
    """One thing that happened: ``kind``, the ``rule`` that governs it, its ``cause`` and ``value``.

    ``hexes`` names the hexes involved, so a view can highlight them.
    """

    kind: EventKind
    rule: str
    cause: str
    value: int | str | None = None
    hexes: tuple[str, ...] = ()

    def render(self) -> str:
        """One line of the log."""
        rule = self.rule
        if self.kind == "modifier" and isinstance(self.value, int):
            return f"{rule:<8} modifier  {self.value:+d}  {self.cause}"
        val = "" if self.value is None else f" {self.value}"
        if self.kind == "roll":
            return f"{rule:<8} roll      {self.cause}{val}"
        return f"{rule:<8} {self.kind:<9} {self.cause}{val if self.kind != 'result' else ''}".rstrip()

    def to_data(self) -> dict[str, Any]:
        """JSON-able form."""
        out: dict[str, Any] = {"kind": self.kind, "rule": self.rule, "cause": self.cause}
        if self.value is not None:
            out["value"] = self.value
        if self.hexes:
            out["hexes"] = list(self.hexes)
        return out


def _made(kind: EventKind, rule: str, cause: str, value: int | str | None, hexes: Sequence[str]) -> Event:
    """``Event(kind, rule, cause, value, tuple(hexes))``, its fields stored without running the
    frozen ``__init__`` (which sets each through ``object.__setattr__``): procedures make several
    events at every action."""
    made: Event = object.__new__(Event)
    made.__dict__.update({"kind": kind, "rule": rule, "cause": cause, "value": value, "hexes": tuple(hexes)})
    return made


def roll(rule: str, cause: str, value: int | str | None = None, hexes: Sequence[str] = ()) -> Event:
    """A die roll event."""
    return _made("roll", rule, cause, value, hexes)


def modifier(rule: str, value: int, cause: str, hexes: Sequence[str] = ()) -> Event:
    """A modifier (drm/DRM) event: its signed value and why it applies."""
    return _made("modifier", rule, cause, value, hexes)


def result(rule: str, cause: str, hexes: Sequence[str] = ()) -> Event:
    """A result event."""
    return _made("result", rule, cause, None, hexes)


def info(rule: str, cause: str, hexes: Sequence[str] = ()) -> Event:
    """An informational event."""
    return _made("info", rule, cause, None, hexes)


def render_events(events: Sequence[Event]) -> list[str]:
    """Log lines of a sequence of events."""
    return [e.render() for e in events]


def plain_words(v: Any) -> str:
    """A value of an action or a record in the log's words: a list as "a, b", a record as "key
    value, ...", yes or no; never JSON or a Python repr (no braces, brackets or double quotes)."""
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:g}"
    if isinstance(v, Mapping):
        return ", ".join(f"{str(k).replace('_', ' ')} {plain_words(x)}" for k, x in v.items())
    if isinstance(v, (list, tuple)):
        return ", ".join(plain_words(x) for x in v) or "none"
    return str(v).replace('"', "'")

"""The Log tab's view model: every action with its events, the log slider's position in plain
words, what the last action (or an undo or redo) changed, and the hexes it named."""

from __future__ import annotations

import re
from typing import Any

from ..events import Event
from ..game import Game

__all__ = ["log_panel", "log_view", "last_hexes", "log_position", "last_change", "rule_badge", "event_view"]

#: A rule's number as the rulebooks print it (E1.92, E7.51, A10.5, 25.3): what a badge shows. An
#: event cited by anything else (a reading of Airhead's, "LOS at hex level") says it in words.
_RULE_ID = re.compile(r"^[A-Z]{0,3}\d+(\.\d+)*[A-Za-z]?( EX)?$")

#: How each kind of event reads in the log, beside its rule.
_KIND_WORDS = {"roll": "roll", "modifier": "modifier", "result": "result", "info": "", "prompt": "asked", "edit": "edit"}


def rule_badge(rule: str) -> str:
    """``rule`` if it is a rule's number (drawn as a badge), else "" (the event names it in words)."""
    return rule if _RULE_ID.match(rule.strip()) else ""


def event_view(e: Event) -> dict[str, Any]:
    """One event of the log as the Log lays it out for its width: ``{"rule", "badge", "type", "kind",
    "lead", "words", "value", "text", "hexes"}``: the rule's number as a badge (or the reading's
    name leading the words), what kind of line, a modifier's signed value before its words (as
    the rules write "+1 for ..."), the words, a roll's value after them; ``text`` is the one-line
    form (:meth:`Event.render`)."""
    badge = rule_badge(e.rule)
    words = e.cause if badge or not e.rule else f"{e.rule}: {e.cause}"
    lead = value = ""
    if e.kind == "modifier" and isinstance(e.value, int):
        lead = f"{e.value:+d}"
    elif e.value is not None and e.kind != "result":
        value = str(e.value)
    return {"rule": e.rule, "badge": badge, "type": e.kind, "kind": _KIND_WORDS.get(e.kind, e.kind), "lead": lead,
            "words": words, "value": value,
            "text": e.render(), "hexes": list(e.hexes)}


def log_panel(game: Game, step: int | None = None) -> dict[str, Any]:
    """The Log tab's view model: ``{"entries"`` (:func:`log_view`), ``"count"`` (entries),
    ``"step"`` (the slider's position), ``"position"`` (what it shows, in words), ``"focus"`` (the
    entry to mark and bring into view: the one the last action changed, or the step viewed),
    ``"live"``, ``"can_undo"``, ``"can_redo"}``. ``step``: an earlier moment being viewed (after
    that many entries), None for now."""
    total = len(game.entries)
    live = step is None or step >= total
    change = last_change(game)
    return {
        "entries": log_view(game),
        "count": total,
        "step": total if live else step,
        "position": log_position(game, None if live else step),
        "focus": (change["n"] if change else 0) if live else step,
        "live": live,
        "can_undo": live and game.can_undo,
        "can_redo": live and game.can_redo,
    }


def log_view(game: Game) -> list[dict[str, Any]]:
    """Every logged action with its events: ``{"n", "text", "undone", "events": [`` :func:`event_view`
    ``], "summary"}`` (``summary``: the sentence of the procedure it finished, or "")."""
    out = []
    for en in game.entries:
        proc = game.system.procedures.get(str(en.outcome.get("procedure"))) if en.outcome else None
        out.append({
            "n": en.index + 1,
            "text": game.describe(en.action),
            "undone": en.undone,
            "events": [event_view(e) for e in en.events],
            "summary": proc.summary(en.outcome) if proc is not None and en.outcome is not None else "",
        })
    return out


def last_hexes(game: Game) -> list[str]:
    """Hexes named by the last action in effect (to highlight on the map), in order."""
    seen: list[str] = []
    for en in reversed(game.entries):
        if en.undone or en.action.get("type") in ("undo", "redo"):
            continue
        for e in en.events:
            for h in e.hexes:
                if h not in seen:
                    seen.append(h)
        break
    return seen


def _in_effect(game: Game) -> tuple[int, int]:
    """(actions in effect, actions undone) of ``game``: undo and redo markers are not counted."""
    done = undone = 0
    for en in game.entries:
        if en.action.get("type") in ("undo", "redo"):
            continue
        if en.undone:
            undone += 1
        else:
            done += 1
    return done, undone


def log_position(game: Game, step: int | None = None) -> str:
    """What the log's slider shows, in plain words: the game now (``step`` None) with how many
    actions are in effect and how many undone, or an earlier moment of the log (after its first
    ``step`` entries)."""
    total = len(game.entries)
    if step is not None and step < total:
        if step <= 0:
            return f"Showing the game before its first action (log entry 0 of {total})"
        return f"Showing the game as it was after log entry #{step} of {total}"
    done, undone = _in_effect(game)
    if not total:
        return "No actions yet"
    word = "action" if done + undone == 1 else "actions"
    if undone:
        return f"Now: {done} of {done + undone} {word} in effect, {undone} undone"
    return f"Now: {done} {word} in effect"


def last_change(game: Game) -> dict[str, Any] | None:
    """What the last logged action changed, for the log to scroll to and say: ``{"n", "kind",
    "text"}``. After an undo or redo, ``n`` is the entry it took back or brought back and the
    text names it in the log's words; otherwise ``n`` is the last entry. None for an empty log."""
    if not game.entries:
        return None
    last = game.entries[-1]
    kind = str(last.action.get("type"))
    if kind in ("undo", "redo"):
        # the entry it acted on, found as the game finds it: replaying its undo and redo stacks
        applied: list[int] = []
        redo: list[int] = []
        target = -1
        for en in game.entries:
            t = en.action.get("type")
            if t == "undo" and applied:
                target = applied.pop()
                redo.append(target)
            elif t == "redo" and redo:
                target = redo.pop()
                applied.append(target)
            elif t not in ("undo", "redo"):
                applied.append(en.index)
                redo.clear()
        verb = "Undone" if kind == "undo" else "Redone"
        if target < 0:
            return {"n": last.index + 1, "kind": kind, "text": f"{verb}."}
        done = game.entries[target]
        return {"n": target + 1, "kind": kind, "text": f"{verb}: #{target + 1} {game.describe(done.action)}"}
    return {"n": last.index + 1, "kind": kind, "text": f"#{last.index + 1} {game.describe(last.action)}"}

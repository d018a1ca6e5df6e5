"""The Play panel's view model: what the game waits for (the prompt), the last roll drawn as
dice with its sentence, the last result, the turn track, the units off the map and the hexes to
bring into view."""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..systems import SYSTEMS
from .overlay import map_view

__all__ = ["play_panel", "prompt_view", "roll_view", "focus_hexes", "offmap_view", "result_view", "turn_view",
           "systems_view"]


def play_panel(game: Game, *, live: bool = True) -> dict[str, Any]:
    """The Play panel's view model: ``{"turn"`` (:func:`turn_view`), ``"offmap"``
    (:func:`offmap_view`), ``"prompt"`` (:func:`prompt_view`: None when no procedure is under
    way), ``"roll"`` (the last roll, :func:`roll_view`, when ``live``), ``"result"`` (the last
    finished procedure when none is under way), ``"live"}``. ``live`` False: ``game`` is an
    earlier moment of the log being viewed, where nothing can be rolled or chosen."""
    prompt = prompt_view(game)
    return {
        "turn": turn_view(game),
        "offmap": offmap_view(game),
        "prompt": prompt,
        "roll": roll_view(game) if live else None,
        "result": result_view(game) if prompt is None else None,
        "live": live,
        "can_advance": live and game.state.procedure is None,
    }


def prompt_view(game: Game) -> dict[str, Any] | None:
    """What the game waits for: ``{"kind", "rule", "label", "text", "dice": [[name, sides]],
    "options": [...], "procedure"}``, or None when no procedure is under way."""
    p = game.waiting_for()
    if p is None:
        return None
    proc = game.state.procedure
    label = p.label
    for lead in (f"{p.rule}: ", f"{p.rule} "):  # the rule is shown beside the label: not twice
        if p.rule and label.startswith(lead):
            label = label[len(lead):]
            label = label[:1].upper() + label[1:]
            break
    return {
        "kind": p.kind,
        "rule": p.rule,
        "label": label,
        "text": p.describe(),
        "dice": p.dice.to_data() if p.dice else [],
        "options": list(p.options),
        "procedure": game.system.procedure(proc.procedure).title if proc is not None else "",
    }


def _tone(name: str) -> str:
    return name if name in ("colored", "white") else "plain"


def roll_view(game: Game) -> dict[str, Any] | None:
    """The last roll, if the last logged action was one (not undone), for Play to show where it
    happened: ``{"n", "rule", "label", "source", "dice": [{"name", "value", "tone"}], "total",
    "roll", "modifiers": [{"rule", "value", "cause"}], "results": [...], "sentence", "lines", "hexes",
    "summary"}`` — ``tone`` is ``colored``, ``white`` or ``plain`` (how the die is drawn), the
    sentence is the roll, its modifiers and its results in the log's words; ``lines`` the same
    words a line each (the roll, each modifier, each result after "→ "), as the box shows them."""
    if not game.entries:
        return None
    last = game.entries[-1]
    r = last.roll
    if last.undone or r is None:
        return None
    rolls = [e for e in last.events if e.kind == "roll"]
    mods = [e for e in last.events if e.kind == "modifier" and isinstance(e.value, int)]
    results = [e.cause + ("" if e.value is None else f" {e.value}") for e in last.events if e.kind in ("result", "info")]
    head = (rolls[0].cause + ("" if rolls[0].value is None else f" {rolls[0].value}")) if rolls else r.describe()
    sentence = head + "".join(f"; {m.value:+d} {m.cause}" for m in mods)
    if results:
        sentence += " → " + "; ".join(results)
    hexes: list[str] = []
    for e in last.events:
        hexes.extend(h for h in e.hexes if h not in hexes)
    proc = game.system.procedures.get(str(last.outcome.get("procedure"))) if last.outcome else None
    return {
        "n": last.index + 1,
        "rule": rolls[0].rule if rolls else r.rule,
        "label": r.purpose,
        "source": r.source,
        "dice": [{"name": d.name, "value": v, "tone": _tone(d.name)} for d, v in zip(r.spec.dice, r.values)],
        "total": r.total,
        "roll": head,
        "modifiers": [{"rule": m.rule, "value": f"{m.value:+d}", "cause": m.cause} for m in mods],
        "results": results,
        "sentence": sentence,
        "lines": [head] + [f"{m.value:+d} {m.cause}" for m in mods] + [f"→ {x}" for x in results],
        "hexes": hexes,
        "summary": proc.summary(last.outcome) if proc is not None and last.outcome is not None else "",
    }


def focus_hexes(game: Game) -> list[str]:
    """The hexes the map should bring into view after the last action: those its events named,
    and when it started a procedure, what the procedure's view marks (E8: the ILH and the Avenue
    of Approach). Empty after an undo, a redo or an action that names no hex."""
    if not game.entries:
        return []
    last = game.entries[-1]
    if last.undone or last.action.get("type") in ("undo", "redo"):
        return []
    names: list[str] = []
    for e in last.events:
        names.extend(h for h in e.hexes if h not in names)
    if last.action.get("type") == "start" and game.state.procedure is not None:
        m = game.scenario.map
        v = map_view(game)
        for h in [h for h, _role in v.marks] + [h for path in v.paths for h in path]:
            n = m.name(h)
            if n not in names:
                names.append(n)
    return names


def offmap_view(game: Game) -> list[dict[str, Any]]:
    """Units in play but not on the map (aircraft off board, units not yet landed), by side:
    ``[{"side", "units": [line, ...]}]``; eliminated and recalled units are left out."""
    by_side: dict[str, list[str]] = {}
    for u in game.state.counters.units:
        if u.hex is None and not u.status & {"eliminated", "recalled"}:
            by_side.setdefault(u.side, []).append(u.describe())
    return [{"side": side, "units": lines} for side, lines in by_side.items()]


def result_view(game: Game) -> dict[str, Any] | None:
    """The last finished procedure in one sentence (``{"title", "text"}``, the sentence starting
    with a capital, as a sentence does: "Glider landed safely in 1G9."), or None."""
    for out in reversed(game.state.outcomes):
        proc = game.system.procedures.get(str(out.get("procedure")))
        if proc is not None:
            text = proc.summary(out)
            return {"title": proc.title, "text": text[:1].upper() + text[1:]}
    return None


def turn_view(game: Game) -> dict[str, Any]:
    """Where the game stands on the turn track: its text, the phases and the current one, and
    the conditions in force in words (``status``: the NVR at night)."""
    st = game.state
    track = game.system.track
    return {
        "text": st.describe_turn(),
        "game_turn": st.turn.game_turn,
        "side": st.sides[st.turn.player] if track.player_turns else "",
        "phase": track.phase(st.turn).key,
        "phases": [{"key": p.key, "title": p.title} for p in track.phases],
        "status": list(game.system.rules.status(st)) if game.system.rules.status is not None else [],
    }


def systems_view() -> list[dict[str, Any]]:
    """The game systems with their map kind and built-in scenarios (for new games and maps)."""
    return [{"key": s.key, "title": s.title, "map_kind": s.map_kind, "scenarios": list(s.scenarios)} for s in SYSTEMS]

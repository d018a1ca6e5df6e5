"""The Hex panel's map tools (line of sight, what a hex sees, night visibility...): the list a
system offers, and one tool's answer for the tapped hexes and the options chosen."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..errors import DataError, quoted
from ..game import Game
from .overlay import view_data

__all__ = ["tools_view", "tool_view"]


def tools_view(game: Game) -> list[dict[str, Any]]:
    """The map tools of the game's system (see :class:`~airhead.plug.Tool`): key, title, how many
    hexes each takes, and its help."""
    return [{"key": t.key, "title": t.title, "hexes": t.hexes, "help": t.help}
            | ({"options": t.options.describe()} if t.options.fields else {}) for t in game.system.rules.tools]


def tool_view(game: Game, key: str, names: Sequence[str], options: Mapping[str, Any] | None = None, *,
              form: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A map tool's answer for the tapped hexes (names) and the options chosen (JSON values, or
    ``form``: the options' inputs, as :meth:`~airhead.fields.Schema.from_form` reads them; the
    defaults for those left out): its title, the lines that explain it and what the map draws;
    :class:`DataError` for an unknown tool, hex or option."""
    tool = next((t for t in game.system.rules.tools if t.key == key), None)
    if tool is None:
        raise DataError(f"{game.system.title} has no map tool {quoted(key, 24)}")
    m = game.state.scenario.map
    if len(names) != tool.hexes:
        raise DataError(f"{tool.title} needs {tool.hexes} hex{'es' if tool.hexes > 1 else ''}")
    hexes = tuple(m.parse(str(n)) for n in names)
    raw = tool.options.from_form(form) if form is not None else dict(options or {})
    lines, view = tool.run(game.state, hexes, tool.options.parse(raw, m))
    return {"key": tool.key, "title": tool.title, "hexes": [m.name(h) for h in hexes], "lines": list(lines),
            "view": view_data(m, view)}

"""Plain data for the views: what a page needs to show a game, computed in the core.

One presenter for every game system: the procedure menu, the forms, the odds, the prompt, the
result and every overlay come from the procedures' hooks (:mod:`airhead.plug`), never from a
system's own code. The browser views only draw what these functions return (JSON-able dicts and
SVG strings), so every fact on screen comes from the rules core and is tested on CPython and in
Pyodide. Text is plain text: views insert it as text, never as markup.

One module per panel or concern:

- :mod:`.play`: the Play panel (prompt, last roll, result, turn track, units off the map);
- :mod:`.planner`: the planner (procedure menu, forms, odds, heatmap, sealing a plan);
- :mod:`.log`: the Log tab (entries, the slider's position, the last change);
- :mod:`.overlay`: the map overlay (procedures' marks, counters, last hexes, a plan's view);
- :mod:`.marks`: each mark's look and words, shared by the overlay and the map key;
- :mod:`.legend`: the map key (what is on the map now, the terrain) and the heatmap's scale, the
  editor's terrain types;
- :mod:`.tools`: the Hex panel's map tools;
- :mod:`.seals`: sealed notes (the codes in the game, the reveals);
- :mod:`.secrets`: secrets at the table.
"""

from __future__ import annotations

from .legend import heat_legend, overlay_key, terrain_legend, terrain_options
from .log import event_view, last_change, last_hexes, log_panel, log_position, log_view, rule_badge
from .overlay import map_view, overlay, overlay_svg, view_data
from .planner import (
    form_inputs,
    form_params,
    form_values,
    heatmap_view,
    odds_view,
    pack_view,
    picks_view,
    plan_panel,
    procedure_menu,
    seal_request,
)
from .play import focus_hexes, play_panel, offmap_view, prompt_view, result_view, roll_view, systems_view, turn_view
from .seals import seals_panel
from .secrets import hide_secrets, secret_inputs, secret_path, secrets_view
from .tools import tool_view, tools_view

__all__ = [
    "play_panel",
    "log_panel",
    "prompt_view",
    "roll_view",
    "focus_hexes",
    "offmap_view",
    "result_view",
    "turn_view",
    "systems_view",
    "log_view",
    "event_view",
    "rule_badge",
    "last_hexes",
    "log_position",
    "last_change",
    "procedure_menu",
    "pack_view",
    "form_values",
    "form_params",
    "seal_request",
    "odds_view",
    "heatmap_view",
    "plan_panel",
    "picks_view",
    "form_inputs",
    "view_data",
    "map_view",
    "overlay",
    "overlay_svg",
    "terrain_options",
    "terrain_legend",
    "heat_legend",
    "overlay_key",
    "tools_view",
    "tool_view",
    "seals_panel",
    "secrets_view",
    "secret_path",
    "hide_secrets",
    "secret_inputs",
]

"""Advanced Squad Leader rules, a folder per chapter and a module per rules section: ``e8/`` Gliders,
``e7/`` Air Support, ``e1/`` Night (the rule map from rule numbers to modules: README.md); beside
them what the chapters share — line of sight (``los.py``, ``los_grid.py``, ``los_heights.py``, ``board_pixels.py``,
``sight.py``, ``viewshed.py``), the turn's rules (``turn_rules.py``), the map tools
(``map_tools.py``) — and the system's procedures, settings and turn track (``system.py``)."""

from __future__ import annotations

from ..plug import Rules, System


def _rules() -> Rules:
    from .system import RULES  # imports the rules modules: only when a game needs them

    return RULES


SYSTEM = System("asl", "Advanced Squad Leader", terrain_table="terrain_asl", map_kind="geoboards",
                scenarios=("default",), load=_rules)

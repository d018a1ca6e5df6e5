"""Advanced Squad Leader rules, one module per rules section: E8 Gliders in ``gliders.py`` (exact
odds in ``gliders_odds.py``), E7.25 Aerial LOS in ``aerial_los.py``, the Random Location DR in
``random_location.py``; the system's procedures, settings and turn track in ``system.py``."""

from __future__ import annotations

from ..plug import Rules, System


def _rules() -> Rules:
    from .system import RULES  # imports the rules modules: only when a game needs them

    return RULES


SYSTEM = System("asl", "Advanced Squad Leader", terrain_table="terrain_asl", map_kind="geoboards",
                scenarios=("default",), load=_rules)

"""Army Group paratrooper rules (seed 002), one module per rules section.

``landing``             waves A, B, R; drop points; direction and distance dice; terrain damage
``landing_procedures``  the procedure ``army_group.landing``: the drop turn, unit by unit
``opportunity_fire``    opportunity fire during paratrooper landings
``odds``                exact odds of a planned drop, through the same rule functions
``forces``              the landing-unit record and the enemy units (generic ``Unit``s), read through fields
``system``              the plug: the procedure, the settings (``settings.army_group``) and the turn track
"""

from __future__ import annotations

from ..plug import Rules, System


def _rules() -> Rules:
    from .system import RULES  # imports the rules modules: only when a game needs them

    return RULES


SYSTEM = System("army_group", "Army Group (paratrooper landing)", terrain_table="terrain_generic", map_kind="grid",
                scenarios=("army_group_landing",), load=_rules)

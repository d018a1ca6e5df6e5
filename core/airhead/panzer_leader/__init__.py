"""Panzer Leader-style airborne variant (seed 001), one module per rules section.

``wind``                I.D wind direction, I.E wind speed (and the ``panzer_leader.wind`` procedure)
``paradrop``            II paratroops: sticks, Drift Pattern Chart and Diagrams, Jump Survival Chart
``paradrop_procedures`` the ``panzer_leader.paradrop`` procedure, its views and odds
``gliders``             III gliders: entry, short / on target / long, wind shift, two per hex
``gliders_procedures``  the ``panzer_leader.gliders`` procedure, its views and odds
``plan``                I the written landing plan (``panzer_leader.landing_plan``; or sealed)
``night``               I.C night modifications
``capabilities``        I.B paratroop engineers, 88/90 mm batteries in the AA role
``odds``                exact odds of planned drops through the same rule functions
``forces``              platoons, glider loads and enemy units as typed records
``system``              the plug: procedures, settings and turn track
"""

from __future__ import annotations

from ..plug import Rules, System


def _rules() -> Rules:
    from .system import RULES  # imports the rules modules: only when a game needs them

    return RULES


SYSTEM = System("panzer_leader", "Panzer Leader (airborne variant)", terrain_table="terrain_generic", map_kind="grid",
                scenarios=("panzer_leader_drop",), load=_rules)

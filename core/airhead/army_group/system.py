"""The Army Group system's plug: its procedure, its settings (each with its rule) and its turn
track.

A scenario keeps its settings under ``settings.army_group``; every one is optional and falls
back on ``tables/ag_landing.json`` (the seed's defaults and Airhead's readings, see
``docs/rules-notes.md``).
"""

from __future__ import annotations

from ..frozen import replace
from ..fields import Field, Schema
from ..plug import SIDES, Rules
from ..tables import load_table
from ..turns import Phase, Track
from .landing_procedures import LANDING_PARAMS, ArmyGroupLanding
from .landing import DUMMY, LOSS_CAP, RULE, RULE_DAMAGE, WATER
from .opportunity_fire import RULE as RULE_FIRE

__all__ = ["RULES", "SETTINGS", "TRACK"]

_TABLE = load_table("ag_landing")

SETTINGS = Schema((
    Field("directions", "Direction die faces 1..6", "list", lo=6, hi=6, default=list(_TABLE["directions"]), rule=RULE,
          help="the direction each face of the direction die shows (the rules' example: 1=N, 2=NE, 3=SE, 4=S, 5=SW, 6=NW)",
          item=Field("directions", "Direction", "direction", style="compass")),
    Field("distance_die", "Distance die (sides)", "int", lo=2, hi=20, default=None, rule=RULE,
          help="a d10, or a d12 in scenarios of 4 or more maps, unless set"),
    Field("hit_faces", "HIT faces of a special die", "int", lo=0, hi=6, default=int(_TABLE["hit_faces"]), rule=RULE_DAMAGE,
          help="how many faces of your special dice show a HIT (the rules do not say): by default a 6 is a HIT"),
    Field("max_losses", "Most units lost off the map", "int", lo=0, default=None, rule=RULE,
          help="once reached, a unit drifting off the map lands on the map edge or rolls again (next setting); empty: no cap"),
    LOSS_CAP,
    DUMMY,
    WATER,
    Field("bunkers", "Bunkers", "list", default=[], rule=RULE_DAMAGE, help="hexes with a bunker (+1 die for gliders)",
          item=Field("bunkers", "Bunker hex", "hex")),
    Field("fire_terrain", "Opportunity fire terrain modifiers", "mapping", default=None, rule=RULE_FIRE,
          help="terrain type -> dice modifier; the rules' example gives only Cultivated Fields -1 and Woods -1",
          item=Field("fire_terrain", "Modifier", "int")),
    Field("plan", "Written landing plan", "record", default=None, rule=RULE,
          help="what the landing uses for anything its start leaves out", fields=LANDING_PARAMS.fields),
    replace(SIDES, default=["Allied", "Axis"]),
), what="setting")

#: Seed 002: "The entire operation occurs in one game turn (the drop turn). The enemy may not
#: play during the drop turn"; it names no other phases (the rest of the turn is the standard
#: rules'), and no Player Turns.
TRACK = Track((
    Phase("Landing", "Landing (the drop turn)", RULE),
    Phase("Rest", "rest of the game turn (standard rules)"),
), player_turns=False, rule=RULE)

RULES = Rules(procedures=(ArmyGroupLanding(),), settings=SETTINGS, track=TRACK, settings_root="army_group")

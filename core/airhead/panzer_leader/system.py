"""The Panzer Leader airborne variant's plug: its procedures, its settings (each with its rule,
kept under the scenario's ``settings.panzer_leader``) and its turn track."""

from __future__ import annotations

from ..frozen import replace
from ..fields import Field, Schema
from ..plug import SIDES, Rules
from ..turns import Phase, Track
from .anti_aircraft import AA_UNITS
from .gliders import GLIDER_SHIFT
from .gliders_procedures import GLIDERS, GliderLanding
from .paradrop import AIRDROP_ARTILLERY, EXTRA_STICKS
from .paradrop_procedures import DROPS, ENEMY, Paradrop
from .plan import LandingPlan
from .stacking import STACKING
from .wind import ORIENTATION, WindProcedure

__all__ = ["RULES", "SETTINGS", "TRACK", "PLAN"]

#: The scenario's written plan: the landings' forms start from it (PL I, III.B). It reuses the
#: procedures' own fields, so a malformed plan is refused when the scenario is read.
PLAN = Field("plan", "Written plan (the landing forms start from it)", "record", default=None, rule="PL I, III.B", fields=(
    Field("paradrop", "Paradrop", "record", default=None, rule="PL II", fields=(DROPS, ENEMY)),
    Field("gliders", "Gliders", "record", default=None, rule="PL III", fields=(GLIDERS,)),
))

SETTINGS = Schema((
    ORIENTATION,
    Field("night", "Night", "bool", default=False, rule="PL I.C",
          help="ranges halved, spotting limited to four hexes, vehicles lose 3 MP (when the scenario says so)"),
    STACKING,
    EXTRA_STICKS,
    GLIDER_SHIFT,
    AIRDROP_ARTILLERY,
    AA_UNITS,
    PLAN,
    replace(SIDES, default=["Allied", "German"]),
), what="setting")

#: The seed gives only the Air Phase (with its anti-aircraft and landing segments) of "the
#: controlling player's turn" (PL II.A); the rest of the standard PL sequence is one phase here.
TRACK = Track((
    Phase("Air", "Air Phase", "PL II.A"),
    Phase("Rest", "rest of the Player Turn (standard PL sequence)"),
), player_turns=True, rule="PL II.A")

RULES = Rules(procedures=(WindProcedure(), LandingPlan(), Paradrop(), GliderLanding()), settings=SETTINGS, track=TRACK,
              settings_root="panzer_leader")

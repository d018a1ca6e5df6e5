"""The ASL system's plug: its procedures, its settings (each with its rule) and its turn track."""

from __future__ import annotations

from ..fields import Field, Schema
from ..plug import SIDES, Rules
from ..turns import Phase, Track
from ..vasl.derive import SPECKLED_FIELD
from .e8.gliders_procedures import GliderLanding
from .e7.air_exit import AirExit
from .e7.air_support_procedures import AerialCombat, AirArrival, Jettison
from .e7.air_support import AIR_PACK, remove_recalled
from .e7.anti_aircraft_procedures import AAMode, HeavyAA
from .e7.mistaken_attack_procedures import MistakenAttack
from .e7.observation_procedures import ObservationPlane, ObservationSighting
from .e1.night import NIGHT_FIELD, NIGHT_SETTINGS, night_status
from .e1.night_combat import COMBAT_SETTINGS
from .e1.night_procedures import NIGHT_PROCEDURES
from .e1.night_tools import NIGHT_TOOLS
from .e1.night_combat_procedures import NIGHT_CC_PROCEDURES
from .e1.illumination import IlluminatingRound, Starshell
from .e1.night_movement import NIGHT_MOVE_SETTINGS
from .e1.cloaking_procedures import Cloaking, CloakingLost
from .e1.night_movement_procedures import Straying
from .los import SETTING_FIELDS as LOS_SETTINGS
from .los_settings import FORMER_DEFAULTS as LOS_FORMER_DEFAULTS
from .map_tools import TOOLS
from .turn_rules import TURN_KEYS
from .e8.random_location import RandomLocation
from .e7.strafing import STRAFING_PACK, STRAFING_SETTINGS
from .e7.strafing_procedures import Strafing

__all__ = ["RULES", "SETTINGS", "TRACK", "WEATHER"]

#: Weather named by the source rules (E8.1, E7.2); E8.1 allows gliders in the first five.
WEATHER: tuple[str, ...] = ("Clear", "Mud", "Mist", "Gusty", "Snow", "Falling Snow", "Overcast", "Rain")

SETTINGS = Schema((
    Field("weather", "Weather", "choice", choices=WEATHER, default="Clear", rule="E8.1",
          help="gliders only in Clear, Mud, Mist, Gusty or Snow; with Gusty, landings default to 'during Gusts' (E8.23)"),
    Field("wind", "Wind Direction", "direction", style="asl", default=None, rule="E8.1 (B25.64)",
          help="established even if there is no wind; every glider lands facing it (E8.2)"),
    NIGHT_FIELD,  # E1.1 (key and default as E8.23 had them)
    *NIGHT_SETTINGS,
    *COMBAT_SETTINGS,
    *NIGHT_MOVE_SETTINGS,
    *STRAFING_SETTINGS,
    *LOS_SETTINGS,
    SPECKLED_FIELD,  # how imported boards' grain hexes are read (docs/rules-notes.md)
    Field("e8_aa_below_kill", "Light AA Final DR below the Kill Number", "choice", choices=("eliminated", "damaged"),
          default="eliminated", rule="E8.21 (E7.511)", help="the rest of E7.511 is in your rulebook: choose what it says"),
    Field("e8_landed_second_damage", "A landed, Damaged glider Damaged again", "choice", choices=("no further effect", "eliminated"),
          default="no further effect", rule="E8.41 (E8.3)",
          help="E8.41 eliminates an already-Damaged Aerial glider (even during landing); a landed one is no longer Aerial"),
    SIDES,
), what="setting")

#: The ASL sequence of play: two Player Turns per Game Turn, each of eight phases.
TRACK = Track((
    Phase("RPh", "Rally Phase"),
    Phase("PFPh", "Prep Fire Phase"),
    Phase("MPh", "Movement Phase"),
    Phase("DFPh", "Defensive Fire Phase"),
    Phase("AFPh", "Advancing Fire Phase"),
    Phase("RtPh", "Rout Phase"),
    Phase("APh", "Advance Phase"),
    Phase("CCPh", "Close Combat Phase"),
), player_turns=True, rule="ASL sequence of play")

#: The Play menu, by rules chapter.
GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Gliders (E8)", ("asl.glider_landing",)),
    ("Air Support (E7)", ("asl.air_arrival", "asl.aerial_combat", "asl.air_jettison", "asl.air_exit", "asl.strafing", "asl.mistaken_attack",
                          "asl.heavy_aa",
                          "asl.aa_mode", "asl.observation_plane", "asl.observation_sighting")),
    ("Night (E1)", ("asl.nvr_table", "asl.nvr_change", "asl.recon", "asl.night_lv", "asl.night_mf", "asl.gunflash", "asl.straying",
                    "asl.cloaking", "asl.cloaking_lost", "asl.sniper_cloaking", "asl.night_ambush", "asl.starshell",
                    "asl.illuminating_round")),
    ("Dice", ("asl.random_location",)),
)

RULES = Rules(procedures=(GliderLanding(), RandomLocation(), AirArrival(), AerialCombat(), Jettison(), AirExit(), Strafing(),
                          MistakenAttack(), HeavyAA(), AAMode(), ObservationPlane(), ObservationSighting(),
                          Straying(), Cloaking(), CloakingLost(), Starshell(), IlluminatingRound(), *NIGHT_PROCEDURES,
                          *NIGHT_CC_PROCEDURES), settings=SETTINGS,
              track=TRACK, tools=TOOLS + NIGHT_TOOLS, groups=GROUPS, pack=Schema(AIR_PACK + STRAFING_PACK, what="table entry"),
              phase_end=remove_recalled, status=night_status, turn_keys=TURN_KEYS,
              former_board_defaults=LOS_FORMER_DEFAULTS)

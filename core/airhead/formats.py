"""The save formats' numbers, and the parameters the reducer adds to a start action an older
format recorded, so that its procedure replays it as Airhead then played it."""

from __future__ import annotations

__all__ = [
    "TURN_RULES_FORMAT",
    "SAVED_BEFORE",
    "OLDER_FORMAT",
    "STATED_ATTACK_FORMAT",
    "VASL_LOS_FORMAT",
    "SAVE_FORMAT",
    "RECORDED_FORMAT",
]

#: The save format from which every action is played by the rules of the turn (E7, E1): a start
#: action with no :data:`~airhead.plug.OVERRIDE` key is then not agreed, like one with the box unticked.
TURN_RULES_FORMAT = 3

#: The parameter the reducer adds to a start action recorded by an older save format (before
#: :data:`TURN_RULES_FORMAT`: the save says how many of its actions are) that carries no
#: :data:`~airhead.plug.OVERRIDE` key: the procedure plays it as Airhead then did (never set by a form).
SAVED_BEFORE = "_saved_before_turn_rules"

#: The parameter the reducer adds to every start action recorded by a save format before
#: :data:`TURN_RULES_FORMAT` (with or without the key): rules added since (E7.2's air bars on
#: every air procedure) let it replay as it then did, and the log says so.
OLDER_FORMAT = "_older_format"

#: The save format from which a FB states whether it is making a Strafing Run or a Point Attack
#: just before resolving its second attack (E7.4), a prompt of its own: a run recorded by an older
#: format keeps the kind its plan stated at its start, as Airhead then played it.
STATED_ATTACK_FORMAT = 4

#: The save format from which a game on imported boards reads LOS as VASL's engine does by
#: default where A6 (not in the seeds) leaves it open: one Hindrance per range from the firer
#: (setting ``los_hindrance_count``) and a wall or hedge along the thread's hexside blocks
#: (``los_wall_along``). A game of an older format keeps the readings it was played with: its
#: migration writes them into its settings (:mod:`airhead.codec`).
VASL_LOS_FORMAT = 5

#: The newest save format (:mod:`airhead.codec`).
SAVE_FORMAT = VASL_LOS_FORMAT

#: The parameter the reducer adds to every start action recorded by a save format older than
#: :data:`SAVE_FORMAT`: that format's number (a procedure whose prompts changed since replays it
#: as it then did; never set by a form).
RECORDED_FORMAT = "_recorded_format"

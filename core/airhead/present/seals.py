"""The sealed notes' view model: the commitment codes in the game (whether this device holds the
secret of each, so it can reveal it) and every reveal with its verdict and the plan in plain
words. What the device holds is the page's (its storage); the game only ever holds codes."""

from __future__ import annotations

from typing import Any, Collection

from ..game import Game
from ..sealed import describe_plan

__all__ = ["seals_panel"]

#: The longest revealed plan shown (characters; the log's reading of it, cut).
PLAN_TEXT_MAX = 600


def seals_panel(game: Game, held: Collection[str] = ()) -> dict[str, Any]:
    """``{"sealed": [{"side", "label", "code", "held"}], "revealed": [{"side", "label", "valid",
    "verdict", "plan"}], "elsewhere"}``: ``held`` are the codes whose secret this device holds
    (``held`` True: it can be revealed here); ``elsewhere`` when a code's secret is not here (a
    secret file may bring it); each reveal's verdict in words and its plan in plain words."""
    sealed = [{"side": side, "label": label, "code": code, "held": code in held}
              for side, label, code in game.state.seals]
    revealed = []
    for o in game.state.outcomes_of("reveal"):
        valid = bool(o.get("valid"))
        verdict = ("revealed, matches its code" if valid else
                   "MISMATCH: a reveal that does not match its code (changed after sealing, or not this "
                   "side's own) was not accepted")
        revealed.append({"side": str(o.get("side", "")), "label": str(o.get("label", "")), "valid": valid,
                         "verdict": verdict, "plan": describe_plan(o.get("plan"), PLAN_TEXT_MAX)})
    return {"sealed": sealed, "revealed": revealed, "elsewhere": any(not s["held"] for s in sealed)}

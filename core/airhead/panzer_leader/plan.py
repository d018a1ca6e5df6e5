"""The written landing plan (seed 001, I "turn and hex of landing written down prior to the enemy
player's initial set up", III.B for gliders).

A written plan is *sealed* (``seal`` action, label ``"landing plan"``): the game, every save and
every link carry only its commitment code until it is revealed, and it counts once revealed and
matching (the form's "Seal it" does this). Starting :class:`LandingPlan` instead is the legacy
clear-text form, kept so that older games replay: its plan travels in the start action (so in
every save and link made afterwards), although the log, the summary and the events name none of
its hexes. The paradrop and glider procedures compare each target with the plan in force and log
whether it matches.
"""

from __future__ import annotations

from typing import Any, ClassVar, Mapping

from .. import events as ev
from ..errors import ActionError
from ..fields import Field, Schema
from ..plug import GameState, Procedure, ProcState, Prompt, StepResult
from .wind import TURN

__all__ = ["RULE", "KINDS", "SEALED_LABEL", "LandingPlan", "written_plan", "check_against_plan", "visible_outcomes"]

RULE = "PL I"
KINDS = ("paradrop", "glider")

SEALED_LABEL = "landing plan"

#: One written landing: its turn, kind and target hex.
LANDING = Field("plan", "Landing", "record", fields=(
    Field(TURN.key, TURN.label, "int", lo=1, hi=99, rule="PL I"),
    Field("kind", "Kind", "choice", choices=KINDS, rule="PL I, III.B"),
    Field("target", "Target hex", "hex", rule="PL I, III.B"),
))


def written_plan(state: GameState) -> list[dict[str, Any]] | None:
    """The latest written plan's entries ``{"turn", "kind", "target"}``, or None if none.

    A plan sealed with a commitment code (``seal`` action, label ``"landing plan"``) counts once it
    has been revealed and matches its code; its plan is the list of entries.
    """
    for out in reversed(state.outcomes_of(LandingPlan.name, "reveal")):
        if out.get("procedure") == LandingPlan.name:
            return [dict(e) for e in out["plan"]]
        if out.get("procedure") == "reveal" and out.get("label") == SEALED_LABEL and out.get("valid"):
            plan = out.get("plan")
            if isinstance(plan, list) and all(isinstance(e, dict) for e in plan):
                return [dict(e) for e in plan]
    return None


def check_against_plan(state: GameState, turn: int, kind: str, target: str) -> ev.Event | None:
    """An event saying whether a landing matches the written plan (None when there is no plan)."""
    plan = written_plan(state)
    if plan is None:
        return None
    ok = any(e.get("turn") == turn and e.get("kind") == kind and e.get("target") == target for e in plan)
    what = "matches" if ok else "is NOT in"
    return ev.info(RULE, f"{kind} on {target}, turn {turn}, {what} the written plan", (target,))


def visible_outcomes(outcomes: tuple[Mapping[str, Any], ...], viewer: str) -> list[Mapping[str, Any]]:
    """The outcomes a side may see: hidden plans are left out for the side they are hidden from."""
    return [o for o in outcomes if o.get("hidden_from") != viewer]


class LandingPlan(Procedure[None]):
    """Write down the landing turns and hexes before the enemy sets up: seal it (its form's
    ``seal_label``); starting it writes it in the clear (the legacy form, see the module).

    Params: ``side`` (who writes it, default the side that moves first: "Allied"),
    ``hidden_from`` (default the other side: "German"),
    ``plan``: [{"turn": 2, "kind": "paradrop"|"glider", "target": "A/e5"}] (secret).
    """

    name = "panzer_leader.landing_plan"
    title = "Written landing plan (Panzer Leader)"
    start_work = 35  # the written plan checked (tools/work_calibrate.py)
    seal_label = SEALED_LABEL
    #: Its plan is meant to be sealed, never started in the clear: a form should offer only
    #: "Seal it" (starting it stays possible so that older games replay).
    seal_only: ClassVar[bool] = True
    params = Schema((
        Field("side", "Side writing the plan", "text", lo=0, hi=24, default="Allied", rule="PL I", pick="side"),
        Field("hidden_from", "Hidden from", "text", lo=0, hi=24, default="German", rule="PL I", pick="side"),
        Field("plan", "Landings", "list", lo=1, hi=64, rule="PL I, III.B", item=LANDING, secret=True,
              help="written before the enemy's initial set up: seal it, so that no link carries it before it is revealed"),
    ))

    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        """The side moving first writes the plan; the other side must not see it."""
        side, other = state.sides
        return {"side": side, "hidden_from": other}

    def defaults(self, state: GameState) -> dict[str, Any]:
        """The sides, and the targets of the scenario's written plan for the current turn."""
        out = dict(self.fallbacks(state))
        turn = state.turn.game_turn
        m = state.scenario.map
        plan = state.settings.get("plan") or {}
        drops = (plan.get("paradrop") or {}).get("drops", ())
        gliders = (plan.get("gliders") or {}).get("gliders", ())
        out["plan"] = ([{"turn": turn, "kind": "paradrop", "target": m.name(d["target"])} for d in drops]
                       + [{"turn": turn, "kind": "glider", "target": m.name(g["target"])} for g in gliders])
        return out

    def describe_params(self, params: Mapping[str, Any]) -> str:
        """Log text for the start action: how many landings, never where (the plan is secret)."""
        plan = params.get("plan")
        n = len(plan) if isinstance(plan, list) else 0
        side = params.get("side")
        who = f"the {side}" if isinstance(side, str) and side else "a"
        return f"{who} landing plan written in the clear: {n} landing{'s' if n != 1 else ''}, hexes not shown"

    def sealed_plan(self, params: Mapping[str, Any]) -> tuple[str, Any]:
        """A sealed plan is its list of landings (what :func:`written_plan` reads once revealed)."""
        return str(params.get("side", "")), [dict(e) for e in params.get("plan", ())]

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        m = state.scenario.map
        side, hidden = params["side"], params["hidden_from"]
        plan = [{"turn": e["turn"], "kind": e["kind"], "target": m.name(e["target"])} for e in params["plan"]]
        n = f"{len(plan)} landing{'s' if len(plan) != 1 else ''}"
        events = (ev.result(RULE, f"the {side} landing plan is written down: {n}, hidden from the {hidden} player"),)
        outcome = {"procedure": self.name, "side": side, "hidden_from": hidden, "plan": plan}
        return StepResult(None, events, outcome=outcome)

    def prompt(self, state: GameState, proc: ProcState[None]) -> Prompt:
        raise ActionError("the landing plan needs no input")

    def summary(self, outcome: Mapping[str, Any]) -> str:
        """Names no hex: the plan stays hidden from the opponent."""
        n = len(outcome.get("plan", ()))
        return f"The {outcome['side']} landing plan is written down: {n} landing{'s' if n != 1 else ''}, hidden from the {outcome['hidden_from']} player."

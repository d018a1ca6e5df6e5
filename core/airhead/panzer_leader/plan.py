"""The written landing plan (seed 001, I "turn and hex of landing written down prior to the enemy
player's initial set up", III.B for gliders).

Until the table-side sealed-plan feature exists, the plan is kept in the game state as the
outcome of :class:`LandingPlan`, marked ``hidden_from`` the opponent: its events name no hex, and
views must not show the plan (nor the start action's parameters) to that side. The paradrop and
glider procedures compare each target with it and log whether it matches.
"""

from __future__ import annotations

from typing import Any, Mapping

from .. import events as ev
from ..boards import HexNameError
from ..game import ActionError, GameState, ProcState, Procedure, Prompt, StepResult, register

__all__ = ["RULE", "LandingPlan", "written_plan", "check_against_plan", "visible_outcomes"]

RULE = "PL I (written landing plan)"
KINDS = ("paradrop", "glider")


SEALED_LABEL = "landing plan"


def written_plan(state: GameState) -> list[dict[str, Any]] | None:
    """The latest written plan's entries ``{"turn", "kind", "target"}``, or None if none.

    A plan sealed with a commitment code (``seal`` action, label ``"landing plan"``) counts once it
    has been revealed and matches its code; its plan is the list of entries.
    """
    for out in reversed(state.outcomes):
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
    ok = any(e["turn"] == turn and e["kind"] == kind and e["target"] == target for e in plan)
    what = "matches" if ok else "is NOT in"
    return ev.info(RULE, f"{kind} on {target}, turn {turn}, {what} the written plan", (target,))


def visible_outcomes(outcomes: tuple[Mapping[str, Any], ...], viewer: str) -> list[Mapping[str, Any]]:
    """The outcomes a side may see: hidden plans are left out for the side they are hidden from."""
    return [o for o in outcomes if o.get("hidden_from") != viewer]


@register
class LandingPlan(Procedure):
    """Write down the landing turns and hexes before the enemy sets up.

    Params: ``side`` (who writes it, default "Allied"), ``hidden_from`` (default "German"),
    ``plan``: [{"turn": 2, "kind": "paradrop"|"glider", "target": "A/e5"}].
    """

    name = "panzer_leader.landing_plan"
    title = "Written landing plan (Panzer Leader)"
    systems = ("panzer_leader",)

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        extra = set(params) - {"side", "hidden_from", "plan"}
        if extra:
            raise ActionError(f"unknown parameter(s): {', '.join(sorted(extra))}")
        side, hidden = params.get("side", "Allied"), params.get("hidden_from", "German")
        if not isinstance(side, str) or not isinstance(hidden, str) or len(side) > 24 or len(hidden) > 24:
            raise ActionError("side and hidden_from are short names")
        raw = params.get("plan")
        if not isinstance(raw, list) or not 1 <= len(raw) <= 64:
            raise ActionError("plan must list 1..64 landings")
        plan = []
        m = state.scenario.map
        for e in raw:
            if not isinstance(e, Mapping) or set(e) != {"turn", "kind", "target"}:
                raise ActionError('each landing is {"turn", "kind", "target"}')
            if isinstance(e["turn"], bool) or not isinstance(e["turn"], int) or not 1 <= e["turn"] <= 99:
                raise ActionError("a landing turn is 1..99")
            if e["kind"] not in KINDS:
                raise ActionError(f"a landing kind is one of {', '.join(KINDS)}")
            try:
                target = m.name(m.parse(str(e["target"])))
            except HexNameError as err:
                raise ActionError(str(err)) from None
            plan.append({"turn": e["turn"], "kind": e["kind"], "target": target})
        events = (ev.result(RULE, f"the {side} landing plan is written down: {len(plan)} landing(s), hidden from the {hidden} player"),)
        outcome = {"procedure": self.name, "side": side, "hidden_from": hidden, "plan": plan}
        return StepResult(None, events, outcome=outcome)

    def prompt(self, state: GameState, proc: ProcState) -> Prompt:
        raise ActionError("the landing plan needs no input")

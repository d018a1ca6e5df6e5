"""The game reducer: ``apply(state, action) -> (state, events)``, replay, undo and redo.

A game is a scenario, a dice seed and an ordered list of *actions* (plain JSON data), played
with the rules of the scenario's system (:class:`~airhead.plug.System`, handed in: this module
imports no rules). Replaying the actions rebuilds the state exactly, so saves and links carry
only those. Their shapes, the check of one from outside and its words in the log are in
:mod:`airhead.actions`.

Actions::

    {"type": "start", "procedure": "asl.random_location", "params": {"from": "4C9"}}
    {"type": "roll"}                         the app's seeded dice answer the current roll prompt
    {"type": "dice", "values": [4, 2]}       physical dice typed in at the table
    {"type": "choose", "choice": "K5"}       answer a choice prompt
    {"type": "cancel"}                       abandon the procedure under way
    {"type": "advance"}                      to the next phase of the turn track
    {"type": "advance", "phase": "MPh"}      ... or on to the next phase with that key
    {"type": "edit", "op": "hex", "hex": "4C3", "set": {"t": "woods", "obs": 1}}
    {"type": "edit", "op": "side", "hex": "4C3", "dir": "N", "feature": "hedge", "on": true}
    {"type": "edit", "op": "unit", "id": "A", "side": "Axis", "kind": "aircraft", "hex": "4C3"}
    {"type": "edit", "op": "marker", "id": "S1", "kind": "Starshell", "hex": "4C3", "expires": "PFPh"}
    {"type": "edit", "op": "unit", "id": "A", "remove": true}
    {"type": "note", "text": "..."}
    {"type": "seal", ...} / {"type": "reveal", ...}   sealed plans (airhead.sealed)
    {"type": "undo"} / {"type": "redo"}      logged like any other action

The ``edit`` actions are applied by :mod:`airhead.edits`.

A multi-step procedure waits for input explicitly: :meth:`GameState.waiting_for` says which roll
or choice it needs and under which rule. Undo restores the previous state *including the dice
position*, so undoing a roll and rolling again gives the same dice: undo mends mistakes, it is
not a reroll.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .frozen import replace
from . import events as ev
from .actions import ACTION_TYPES, JSONDict, check_action, describe_action, want
from .dice import Roll, parse_typed
from .errors import ActionError, AirheadError, DataError, ReplayError, TurnError, WorkError, quoted
from .events import Event
from .edits import edit
from .formats import OLDER_FORMAT, RECORDED_FORMAT, SAVE_FORMAT, SAVED_BEFORE, TURN_RULES_FORMAT
from .plug import (
    OVERRIDE,
    GameState,
    Procedure,
    ProcState,
    Prompt,
    StepResult,
    System,
    View,
    initial_state,
)
from .scenario import Scenario
from .sealed import MAX_OPEN_SEALS, describe_plan, is_legacy, verify
from .work import ACTION, DRAW_BUDGET, OPEN_BUDGET, REPLAY_BUDGET, OverBudget, collector_paused, metered, spend, spent

__all__ = [
    "ActionError",
    "ReplayError",
    "GameState",
    "Prompt",
    "ProcState",
    "StepResult",
    "Procedure",
    "initial_state",
    "apply",
    "check_action",
    "describe_action",
    "Entry",
    "Game",
    "ACTION_TYPES",
]

# ---------------------------------------------------------------------- the reducer
def apply(state: GameState, action: Mapping[str, Any], older: bool = False,
          fmt: int = SAVE_FORMAT) -> tuple[GameState, list[Event]]:
    """Apply one action (not undo/redo, which :class:`Game` handles); pure and deterministic.
    ``older``: the action was recorded by a save format before the rules of the turn
    (:data:`~airhead.formats.TURN_RULES_FORMAT`); ``fmt``: the save format that recorded it.

    Its cost does not grow with the number of actions before it (a map edit or a counter
    placed is O(1): terrain and counters share their storage between states)."""
    return _reduce(state, check_action(action), older, min(fmt, TURN_RULES_FORMAT - 1) if older else fmt)


def _read(proc: Procedure[Any], state: GameState, raw: Any, older: bool, fmt: int = SAVE_FORMAT) -> dict[str, Any]:
    """A start's parameters read; one of an older save format with no agreement key is marked
    :data:`~airhead.formats.SAVED_BEFORE` (its procedure plays it as Airhead then did), and every
    one of an older format carries that format (:data:`~airhead.formats.RECORDED_FORMAT`)."""
    params = proc.read(state, raw)
    if fmt < SAVE_FORMAT:
        params[RECORDED_FORMAT] = fmt
    if older:
        params[OLDER_FORMAT] = True
        if isinstance(raw, Mapping) and OVERRIDE.key not in raw:
            params[SAVED_BEFORE] = True
    return params


def _reduce(state: GameState, a: JSONDict, older: bool = False, fmt: int = SAVE_FORMAT) -> tuple[GameState, list[Event]]:
    """:func:`apply` for an action :func:`check_action` has already checked."""
    t = a["type"]
    system = state.system
    if t == "note":
        return state, [ev.info("", f"note: {a['text']}")]
    if t == "start":
        if state.procedure is not None:
            raise ActionError(f"finish or cancel {state.procedure.procedure if state.procedure else ''} first")
        proc = system.procedure(a["procedure"])
        spend(proc.start_work)
        step = _step(lambda: proc.start(state, _read(proc, state, a.get("params", {}), older, fmt)))
        return _advance(state, step, [ev.info("", f"begin {proc.title}")])
    if t == "cancel":
        want(state.procedure is not None, "no procedure to cancel")
        assert state.procedure is not None
        title = system.procedure(state.procedure.procedure).title
        return replace(state, procedure=None), [ev.info("", f"cancelled {title}")]
    if t in ("roll", "dice", "choose"):
        want(state.procedure is not None, "nothing is waiting for dice or a choice: start a procedure first")
        assert state.procedure is not None
        under_way = state.procedure
        proc = system.procedure(under_way.procedure)
        spend(proc.step_work)
        prompt = proc.prompt(state, under_way)
        if t == "choose":
            if prompt.kind != "choice":
                raise ActionError(f"waiting for {prompt.describe()}, not a choice")
            if a["choice"] not in prompt.options and a["choice"] not in prompt.legacy:
                raise ActionError(f"{quoted(a['choice'])} is not one of {', '.join(prompt.options)}")
            return _advance(state, _step(lambda: proc.choose(state, under_way, a["choice"])), [])
        if not (prompt.kind == "roll" and prompt.dice is not None):
            raise ActionError(f"waiting for {prompt.describe()}, not dice")
        assert prompt.dice is not None
        dice = state.dice
        if t == "roll":
            roll, dice = state.dice.roll(prompt.dice, prompt.label, prompt.rule)
        else:
            try:
                roll = parse_typed(prompt.dice, a["values"], prompt.label, prompt.rule)
            except DataError as e:
                raise ActionError(str(e)) from None
        moved = state.changed(dice=dice, last_roll=roll)
        return _advance(moved, _step(lambda: proc.roll(moved, under_way, roll)), [])
    if t == "advance":
        if state.procedure is not None:
            raise ActionError(f"finish or cancel {state.procedure.procedure if state.procedure else ''} first")
        return _advance_turn(state, a.get("phase"))
    if t == "edit":
        want(state.procedure is None, "the map cannot be edited while a procedure is under way")
        return edit(state, a)
    if t == "seal":
        if state.sealed(a["side"], a["label"]) is not None:
            raise ActionError(f"{a['side']} has already sealed a {a['label']}")
        want(len(state.seals) < MAX_OPEN_SEALS,
              f"at most {MAX_OPEN_SEALS} sealed plans can wait to be revealed: reveal one first")
        event = ev.info("", f"{a['side']} seals a {a['label']}: commitment code {a['code']}")
        return replace(state, seals=state.seals + ((a["side"], a["label"], a["code"]),)), [event]
    if t == "reveal":
        return _reveal(state, a)
    raise ActionError(f"{t} is handled by Game, not apply()")


def _reveal(state: GameState, a: JSONDict) -> tuple[GameState, list[Event]]:
    """A reveal opens the seal only if its plan and salt give the sealed code. One that does not
    (a plan changed after sealing, or not the sealing side's own) is logged as a failed attempt
    (an outcome with ``valid`` false), with what it claimed, and the seal stays: only the
    sealing side's own plan and salt can open it. The log shows a matching plan in plain words,
    except for an older 100-bit code, whose reveal keeps the line Airhead wrote then (saves made
    then replay identically)."""
    side, label = a["side"], a["label"]
    code = state.sealed(side, label)
    if code is None:
        raise ActionError(f"{side} has sealed no {label} to reveal")
    assert code is not None
    valid = verify(a["plan"], a["salt"], code)
    outcome = {"procedure": "reveal", "side": side, "label": label, "plan": a["plan"], "code": code, "valid": valid}
    outcomes = state.with_outcome(outcome)
    if not valid:
        event = ev.result("", f"MISMATCH: the {side} {label} revealed does NOT match commitment code {code}: "
                              f"not accepted, the {label} stays sealed (a plan changed after sealing, or not {side}'s own). "
                              f"It read: {describe_plan(a['plan'])}")
        return replace(state, outcomes=outcomes), [event]
    text = f"{side} reveals the {label}: it matches commitment code {code}"
    if not is_legacy(code):
        text += f". The {label} reads: {describe_plan(a['plan'])}"
    seals = tuple(x for x in state.seals if (x[0], x[1]) != (side, label))
    return replace(state, seals=seals, outcomes=outcomes), [ev.result("", text)]


def _step(run: Any) -> StepResult:
    """Run a procedure hook; any refusal it raises becomes an :class:`ActionError`."""
    try:
        result: StepResult = run()
    except ActionError:
        raise
    except TurnError as e:  # kept as the cause: a replay may take it as agreed (Game._replay)
        raise ActionError(str(e)) from e
    except AirheadError as e:
        raise ActionError(str(e)) from None
    return result


def _advance(state: GameState, step: StepResult, pre: list[Event]) -> tuple[GameState, list[Event]]:
    terrain = step.terrain if step.terrain is not None else state.terrain
    counters = step.counters if step.counters is not None else state.counters
    outcomes = state.with_outcome(step.outcome) if step.outcome is not None else state.outcomes
    conditions = state.conditions
    if step.conditions:
        conditions = {k: v for k, v in {**conditions, **step.conditions}.items() if v is not None}
    return state.changed(terrain=terrain, counters=counters, procedure=step.proc, outcomes=outcomes,
                         conditions=conditions), pre + list(step.events)


def _advance_turn(state: GameState, phase: str | None) -> tuple[GameState, list[Event]]:
    track = state.system.track
    if phase is not None:
        try:
            track.index(phase)
        except KeyError:
            raise ActionError(f"no phase {quoted(phase)} (phases: {', '.join(p.key for p in track.phases)})") from None
    turn, counters, events = state.turn, state.counters, []
    while True:
        ending = track.phase(turn)
        counters, gone = counters.expire(ending.key)
        m = state.scenario.map
        for mk in gone:
            where = f" in {m.name(mk.hex)}" if mk.hex is not None else ""
            events.append(ev.result(mk.rule, f"{mk.name}{where} is removed at the end of the {ending.key}",
                                    (m.name(mk.hex),) if mk.hex is not None else ()))
        phase_end = state.system.rules.phase_end
        if phase_end is not None:
            counters, done = phase_end(counters, ending.key)
            events.extend(done)
        turn = track.next(turn)
        if phase is None or track.phase(turn).key == phase:
            break
    want(turn.game_turn <= 99, "the game is over: Game Turn 99 is the last")
    new = replace(state, turn=turn, counters=counters)
    return new, events + [ev.info(track.rule, new.describe_turn())]


# ---------------------------------------------------------------------- the game and its log
@dataclass
class Entry:
    """One logged action with the events it produced, and the outcome of the procedure it
    finished (if it finished one); ``undone`` once an undo takes it back."""

    index: int
    action: JSONDict
    events: tuple[Event, ...]
    undone: bool = False
    outcome: Mapping[str, Any] | None = None
    roll: Roll | None = None  # the dice a roll or dice action answered its prompt with


class Game:
    """A scenario, a seed and the actions so far, with the state they produce, played with the
    rules of ``system`` (:func:`airhead.systems.new_game` finds it from the scenario).

    Every action, undo and redo included, is appended to :attr:`actions`; nothing is rewritten.
    """

    def __init__(self, scenario: Scenario, seed: str, actions: Sequence[Any] = (), *, system: System,
                 older: int = 0, format3: int = 0, loads: int = 0) -> None:
        self.scenario = scenario
        self.seed = seed
        self.system = system
        #: How many of the first actions were recorded by a save format before the rules of the
        #: turn (:data:`~airhead.formats.TURN_RULES_FORMAT`): they replay as Airhead then played them.
        self.older = max(0, min(older, len(actions)))
        #: How many of the first actions were recorded by a save format before
        #: :data:`~airhead.formats.STATED_ATTACK_FORMAT` (format 3 or older; at least :attr:`older`).
        self.format3 = max(self.older, min(format3, len(actions)))
        self.actions: list[JSONDict] = []
        self.entries: list[Entry] = []
        start = initial_state(system, scenario, seed)
        # the game's own terrain storage: its edits cost O(1) and never touch another game's
        self._states: list[GameState] = [replace(start, terrain=start.terrain.fork())]
        self._applied: list[int] = []
        self._redo: list[tuple[int, GameState]] = []
        self._view: tuple[GameState, View] | None = None
        if actions:
            self._replay(actions, loads)

    def _replay(self, actions: Sequence[Any], loads: int = 0) -> None:
        """Apply saved actions, metered (:mod:`airhead.work`): a replay that asks for more than
        :data:`~airhead.work.REPLAY_BUDGET` units of work stops with a :class:`WorkError`. Then
        what the map shows of the game (:meth:`view`, the heaviest part of the first draw: a
        night's light, a landing's odds) is worked out and kept, held the same way to what the
        replay left of :data:`~airhead.work.OPEN_BUDGET` (at most
        :data:`~airhead.work.DRAW_BUDGET`). The cycle collector is paused meanwhile
        (:func:`~airhead.work.collector_paused`). ``loads``, the work of reading the game's boards
        (:func:`airhead.vasl.derive.load_work`), counts in the open budget before the replay."""
        i = 0
        used = loads
        budget = min(REPLAY_BUDGET, OPEN_BUDGET - loads)
        try:
            with metered(budget), collector_paused():
                for i, a in enumerate(actions):
                    try:
                        self.apply(a)
                    except ActionError as e:
                        if i >= self.older:
                            raise ReplayError(i, str(e)) from None
                        try:
                            agreed = self._agreed(a, e)
                        except ActionError as again:
                            raise ReplayError(i, str(again)) from None
                        if not agreed:
                            raise ReplayError(i, str(e)) from None
                used += spent()
        except OverBudget:
            raise WorkError(i, budget) from None
        draw = min(DRAW_BUDGET, OPEN_BUDGET - used)
        try:
            with metered(draw), collector_paused():
                try:
                    self.view()
                except AirheadError:
                    pass  # the map shows the refusal when it draws, as it did before
        except OverBudget:
            raise WorkError(i, DRAW_BUDGET if draw == DRAW_BUDGET else OPEN_BUDGET, drawing=True) from None

    def _agreed(self, action: Any, refused: ActionError) -> bool:
        """A start action of an older save format (:attr:`older`) refused only by a rule of its
        phase or Player Turn (saved before Airhead checked that rule): replayed with the players' agreement
        (:data:`~airhead.plug.OVERRIDE`), which the action then carries and the log says. False
        if that is not the refusal, or the action already carries the agreement."""
        if not isinstance(refused.__cause__, TurnError) or not isinstance(action, dict) or action.get("type") != "start":
            return False
        params = action.get("params")
        params = dict(params) if isinstance(params, dict) else {}
        if params.get(OVERRIDE.key):
            return False
        self.apply({**action, "params": {**params, OVERRIDE.key: True}})
        done = self.entries[-1]
        note = ev.info("", "this game was saved before Airhead checked that rule: the action is replayed as the "
                           "players' agreement to do it anyway")
        done.events = (note, *done.events)
        return True

    @property
    def state(self) -> GameState:
        """The current state."""
        return self._states[-1]

    def waiting_for(self) -> Prompt | None:
        """What the procedure under way waits for, if any."""
        return self.state.waiting_for()

    @property
    def can_undo(self) -> bool:
        """True if there is an action to undo."""
        return bool(self._applied)

    @property
    def can_redo(self) -> bool:
        """True if an undone action can be redone (no other action since)."""
        return bool(self._redo)

    def describe(self, action: Mapping[str, Any]) -> str:
        """Short human text of an action for the log."""
        return describe_action(action, self.system)

    def view(self) -> View:
        """What the map shows of the game itself: the procedure under way, else the last one
        finished (worked out once per state: a replay works it out within its budget)."""
        st = self.state
        if self._view is not None and self._view[0] is st:
            return self._view[1]
        got = View()
        if st.procedure is not None:
            got = self.system.procedure(st.procedure.procedure).view(st, st.procedure)
        else:
            for out in reversed(st.outcomes):
                proc = self.system.procedures.get(str(out.get("procedure")))
                if proc is not None:
                    got = proc.outcome_view(st, out)
                    break
        self._view = (st, got)
        return got

    def apply(self, action: Any) -> list[Event]:
        """Apply and log an action; raise :class:`ActionError` (and log nothing) if it is invalid.
        Each costs :data:`~airhead.work.ACTION` units of work besides what its rules read (its
        check, its log entry, its new state), so a replay's count grows with its length."""
        spend(ACTION)
        a = check_action(action)
        outcome = None
        roll = None
        if a["type"] == "undo":
            want(self.can_undo, "nothing to undo")
            idx = self._applied.pop()
            self._redo.append((idx, self._states.pop()))
            self.entries[idx].undone = True
            events = [ev.info("", f"undo #{idx + 1}: {self.describe(self.entries[idx].action)}")]
        elif a["type"] == "redo":
            want(self.can_redo, "nothing to redo")
            idx, st = self._redo.pop()
            self._applied.append(idx)
            self._states.append(st)
            self.entries[idx].undone = False
            events = [ev.info("", f"redo #{idx + 1}: {self.describe(self.entries[idx].action)}")]
        else:
            old = self._states[-1]
            n = len(self.entries)
            new, events = _reduce(old, a, n < self.older, self.format_of(n))
            if new.outcomes is not old.outcomes and len(new.outcomes) > len(old.outcomes):
                outcome = new.outcomes[-1]
            if a["type"] in ("roll", "dice"):
                roll = new.last_roll
            self._states.append(new)
            self._applied.append(len(self.entries))
            self._redo.clear()
        self.actions.append(a)
        self.entries.append(Entry(len(self.entries), a, tuple(events), outcome=outcome, roll=roll))
        return events

    def prefix(self, n: int) -> Game:
        """The game after its first ``n`` logged actions (for stepping through the log)."""
        if not 0 <= n <= len(self.actions):
            raise ActionError(f"the log has {len(self.actions)} actions, not {n}")
        return Game(self.scenario, self.seed, self.actions[:n], system=self.system, older=self.older, format3=self.format3)

    def format_of(self, n: int) -> int:
        """The save format that recorded action ``n`` (0-based): 2 before the rules of the turn,
        3 before the E7.4 statement, else the newest."""
        if n < self.older:
            return TURN_RULES_FORMAT - 1
        return TURN_RULES_FORMAT if n < self.format3 else SAVE_FORMAT

    def events(self) -> list[Event]:
        """Events of the actions in effect (undone ones and undo/redo markers left out)."""
        return [e for i in self._applied for e in self.entries[i].events]

    def log_lines(self) -> list[str]:
        """The full log, every action numbered, undone ones marked, events indented."""
        out: list[str] = []
        for en in self.entries:
            mark = "  [undone]" if en.undone else ""
            out.append(f"#{en.index + 1} {self.describe(en.action)}{mark}")
            out.extend("    " + e.render() for e in en.events)
        prompt = self.waiting_for()
        if prompt is not None:
            out.append(f"waiting for {prompt.describe()}")
        return out

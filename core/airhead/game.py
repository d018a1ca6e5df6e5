"""The game reducer: ``apply(state, action) -> (state, events)``, replay, undo and redo.

A game is a scenario, a dice seed and an ordered list of *actions* (plain JSON data). Replaying
the actions from the scenario rebuilds the state exactly, so saves and links carry only those.

Actions::

    {"type": "start", "procedure": "asl.random_location", "params": {"from": "4C9"}}
    {"type": "roll"}                         the app's seeded dice answer the current roll prompt
    {"type": "dice", "values": [4, 2]}       physical dice typed in at the table
    {"type": "choose", "choice": "K5"}       answer a choice prompt
    {"type": "cancel"}                       abandon the procedure under way
    {"type": "edit", "op": "hex", "hex": "4C3", "set": {"t": "woods", "obs": 1}}
    {"type": "edit", "op": "side", "hex": "4C3", "dir": "N", "feature": "hedge", "on": true}
    {"type": "note", "text": "..."}
    {"type": "undo"} / {"type": "redo"}      logged like any other action

A multi-step procedure (a glider landing, a paradrop) waits for input explicitly:
:meth:`GameState.waiting_for` says which roll or choice it needs and under which rule. Undo
restores the previous state *including the dice position*, so undoing a roll and rolling again
gives the same dice: undo mends mistakes, it is not a reroll.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal, Mapping, Sequence

from . import events as ev
from .boards import HexNameError
from .dice import DiceError, DiceSpec, Roll, SeededDice, parse_typed
from .events import Event
from .hexes import DIRECTION_NAMES
from .scenario import Scenario
from .sealed import CODE_PATTERN, SealError, commitment, verify
from .terrain import HEXSIDE_FEATURES, HexTerrain, Terrain, TerrainError

__all__ = [
    "GameError",
    "ActionError",
    "ReplayError",
    "Prompt",
    "ProcState",
    "StepResult",
    "Procedure",
    "register",
    "procedures",
    "GameState",
    "initial_state",
    "apply",
    "check_action",
    "describe_action",
    "Entry",
    "Game",
    "ACTION_TYPES",
]

JSONDict = dict[str, Any]

ACTION_TYPES: tuple[str, ...] = ("start", "roll", "dice", "choose", "cancel", "edit", "note", "seal", "reveal", "undo", "redo")
MAX_TEXT = 500


class GameError(ValueError):
    """Base class of the reducer's errors."""


class ActionError(GameError):
    """An action is malformed or cannot be applied in the current state."""


class ReplayError(GameError):
    """A saved action list does not replay; ``index`` is the failing action."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(f"action {index + 1}: {message}")
        self.index = index


@dataclass(frozen=True)
class Prompt:
    """What a procedure is waiting for: a roll (which dice) or a choice (which options)."""

    kind: Literal["roll", "choice"]
    rule: str
    label: str
    dice: DiceSpec | None = None
    options: tuple[str, ...] = ()

    def describe(self) -> str:
        """E.g. ``Random Location DR (E8.211): colored d6 + white d6``."""
        what = self.dice.describe() if self.dice else "one of " + ", ".join(self.options)
        return f"{self.label} ({self.rule}): {what}"


@dataclass(frozen=True)
class ProcState:
    """A procedure under way: its registered name, current step and JSON data."""

    procedure: str
    step: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class StepResult:
    """What a procedure step produced: its next state (None when finished), events, and optionally
    changed terrain and a final outcome."""

    proc: ProcState | None
    events: tuple[Event, ...] = ()
    terrain: Terrain | None = None
    outcome: Mapping[str, Any] | None = None


class Procedure:
    """Base class of multi-step rules procedures. Subclasses live in the rules modules and are
    registered with :func:`register`."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    systems: ClassVar[tuple[str, ...]] = ()

    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        """Begin the procedure; raise :class:`ActionError` on bad parameters."""
        raise NotImplementedError

    def describe_params(self, params: Mapping[str, Any]) -> str:
        """Log text of a start action's params (a procedure may hide secret ones)."""
        return ", ".join(f"{k} {v}" for k, v in sorted(params.items()))

    def prompt(self, state: GameState, proc: ProcState) -> Prompt:
        """What the procedure waits for in its current step."""
        raise NotImplementedError

    def roll(self, state: GameState, proc: ProcState, roll: Roll) -> StepResult:
        """Take the dice of a roll prompt."""
        raise ActionError(f"{self.title} is not waiting for dice")

    def choose(self, state: GameState, proc: ProcState, choice: str) -> StepResult:
        """Take the answer to a choice prompt."""
        raise ActionError(f"{self.title} is not waiting for a choice")


_REGISTRY: dict[str, Procedure] = {}


def register(cls: type[Procedure]) -> type[Procedure]:
    """Class decorator: make a procedure available to ``start`` actions by its name."""
    if not cls.name or cls.name in _REGISTRY:
        raise ValueError(f"procedure name {cls.name!r} is empty or taken")
    _REGISTRY[cls.name] = cls()
    return cls


def procedures() -> dict[str, Procedure]:
    """Every registered procedure by name (importing the rules modules registers theirs)."""
    from . import procedures as _all  # noqa: F401  (registers the rules modules' procedures)

    return dict(_REGISTRY)


@dataclass(frozen=True)
class GameState:
    """Everything replay rebuilds: scenario, current terrain, dice position, procedure under way."""

    scenario: Scenario
    terrain: Terrain
    dice: SeededDice
    procedure: ProcState | None = None
    outcomes: tuple[Mapping[str, Any], ...] = ()
    seals: tuple[tuple[str, str, str], ...] = ()

    def sealed(self, side: str, label: str) -> str | None:
        """The commitment code ``side`` sealed under ``label`` and not yet revealed, if any."""
        for sd, lb, code in self.seals:
            if sd == side and lb == label:
                return code
        return None

    def revealed(self, label: str) -> list[Mapping[str, Any]]:
        """Revealed plans under ``label`` (each with ``side``, ``plan`` and ``valid``)."""
        return [o for o in self.outcomes if o.get("procedure") == "reveal" and o.get("label") == label]

    def waiting_for(self) -> Prompt | None:
        """The prompt of the procedure under way, or None when no procedure is running."""
        if self.procedure is None:
            return None
        return procedures()[self.procedure.procedure].prompt(self, self.procedure)


def initial_state(scenario: Scenario, seed: str) -> GameState:
    """The state before any action."""
    return GameState(scenario, scenario.terrain, SeededDice(seed))


# ---------------------------------------------------------------------- action validation
def _want(cond: bool, msg: str) -> None:
    if not cond:
        raise ActionError(msg)


def _text(v: Any, what: str, limit: int = MAX_TEXT) -> str:
    _want(isinstance(v, str) and len(v) <= limit, f"{what} must be text of at most {limit} characters")
    return str(v)


def check_action(action: Any) -> JSONDict:
    """Check an action's shape (types, sizes, known fields) and return it as a dict.

    Meaning is checked when it is applied; this guards everything that comes from outside.
    """
    _want(isinstance(action, dict), "an action must be an object")
    t = action.get("type")
    _want(t in ACTION_TYPES, f"unknown action type {str(t)[:20]!r} (one of {', '.join(ACTION_TYPES)})")
    allowed: dict[str, set[str]] = {
        "start": {"procedure", "params"},
        "roll": set(),
        "dice": {"values"},
        "choose": {"choice"},
        "cancel": set(),
        "edit": {"op", "hex", "set", "dir", "feature", "on"},
        "note": {"text"},
        "seal": {"side", "label", "code"},
        "reveal": {"side", "label", "plan", "salt"},
        "undo": set(),
        "redo": set(),
    }
    extra = set(action) - allowed[t] - {"type"}
    _want(not extra, f"{t} action has unknown field(s): {', '.join(sorted(map(str, extra)))[:80]}")
    if t == "start":
        _text(action.get("procedure"), "procedure", 64)
        params = action.get("params", {})
        _want(isinstance(params, dict) and len(params) <= 32, "start params must be a small object")
    elif t == "dice":
        vals = action.get("values")
        _want(
            isinstance(vals, list) and 1 <= len(vals) <= 12 and all(type(v) is int for v in vals),
            "dice values must be a list of 1..12 whole numbers",
        )
    elif t == "choose":
        _text(action.get("choice"), "choice", 64)
    elif t == "note":
        _text(action.get("text"), "note")
    elif t in ("seal", "reveal"):
        _text(action.get("side"), "side", 24)
        _text(action.get("label"), "label", 48)
        if t == "seal":
            _want(isinstance(action.get("code"), str) and CODE_PATTERN.match(action["code"]) is not None,
                  "a commitment code looks like ABCD-EFGH-IJKL-MNOP-QRST")
        else:
            _want(isinstance(action.get("salt"), str) and len(action["salt"]) == 32, "a reveal needs the 32-character salt")
            _want("plan" in action, "a reveal needs the plan")
            try:
                commitment(action["plan"], action["salt"])
            except SealError as e:
                raise ActionError(str(e)) from None
    elif t == "edit":
        op = action.get("op")
        _want(op in ("hex", "side"), "edit op must be 'hex' or 'side'")
        _text(action.get("hex"), "hex", 16)
        if op == "hex":
            _want(isinstance(action.get("set"), dict), "a hex edit needs 'set': an object of terrain fields")
        else:
            _want(action.get("dir") in DIRECTION_NAMES, f"dir must be one of {', '.join(DIRECTION_NAMES)}")
            _want(action.get("feature") in HEXSIDE_FEATURES, f"feature must be one of {', '.join(HEXSIDE_FEATURES)}")
            _want(isinstance(action.get("on", True), bool), "on must be true or false")
    return dict(action)


def _compact(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(", ", ": "), ensure_ascii=False)


def describe_action(action: Mapping[str, Any]) -> str:
    """Short human text of an action for the log."""
    t = action.get("type")
    if t == "start":
        raw = dict(action.get("params", {}))
        proc = procedures().get(str(action.get("procedure")))
        if proc is not None and raw:
            return f"start {action.get('procedure')} ({proc.describe_params(raw)})"
        params = ", ".join(f"{k} {v}" for k, v in sorted(raw.items()))
        return f"start {action.get('procedure')}" + (f" ({params})" if params else "")
    if t == "dice":
        return "dice " + ",".join(str(v) for v in action.get("values", []))
    if t == "choose":
        return f"choose {action.get('choice')}"
    if t == "note":
        return f"note: {action.get('text')}"
    if t == "seal":
        return f"seal: {action.get('side')} seals {action.get('label')} as {action.get('code')}"
    if t == "reveal":
        return f"reveal: {action.get('side')} reveals {action.get('label')}"
    if t == "edit":
        if action.get("op") == "side":
            verb = "add" if action.get("on", True) else "remove"
            return f"edit {verb} {action.get('feature')} on {action.get('hex')} {action.get('dir')} hexside"
        return f"edit {action.get('hex')}: {_compact(action.get('set'))}"
    return str(t)


# ---------------------------------------------------------------------- the reducer
def apply(state: GameState, action: Mapping[str, Any]) -> tuple[GameState, list[Event]]:
    """Apply one action (not undo/redo, which :class:`Game` handles); pure and deterministic."""
    a = check_action(action)
    t = a["type"]
    procs = procedures()
    if t == "note":
        return state, [ev.info("", f"note: {a['text']}")]
    if t == "start":
        _want(state.procedure is None, f"finish or cancel {state.procedure.procedure if state.procedure else ''} first")
        proc = procs.get(a["procedure"])
        _want(proc is not None, f"unknown procedure {a['procedure']!r} (known: {', '.join(sorted(procs))})")
        assert proc is not None
        _want(
            not proc.systems or state.scenario.system in proc.systems,
            f"{proc.title} belongs to {', '.join(proc.systems)}, not {state.scenario.system}",
        )
        return _advance(state, proc.start(state, a.get("params", {})), [ev.info("", f"begin {proc.title}")])
    if t == "cancel":
        _want(state.procedure is not None, "no procedure to cancel")
        assert state.procedure is not None
        title = procs[state.procedure.procedure].title
        return replace(state, procedure=None), [ev.info("", f"cancelled {title}")]
    if t in ("roll", "dice", "choose"):
        _want(state.procedure is not None, "nothing is waiting for dice or a choice: start a procedure first")
        assert state.procedure is not None
        proc = procs[state.procedure.procedure]
        prompt = proc.prompt(state, state.procedure)
        if t == "choose":
            _want(prompt.kind == "choice", f"waiting for {prompt.describe()}, not a choice")
            _want(a["choice"] in prompt.options, f"{a['choice']!r} is not one of {', '.join(prompt.options)}")
            return _advance(state, proc.choose(state, state.procedure, a["choice"]), [])
        _want(prompt.kind == "roll" and prompt.dice is not None, f"waiting for {prompt.describe()}, not dice")
        assert prompt.dice is not None
        dice = state.dice
        if t == "roll":
            roll, dice = state.dice.roll(prompt.dice, prompt.label, prompt.rule)
        else:
            try:
                roll = parse_typed(prompt.dice, a["values"], prompt.label, prompt.rule)
            except DiceError as e:
                raise ActionError(str(e)) from None
        moved = replace(state, dice=dice)
        return _advance(moved, proc.roll(moved, state.procedure, roll), [])
    if t == "edit":
        _want(state.procedure is None, "the map cannot be edited while a procedure is under way")
        return _edit(state, a)
    if t == "seal":
        _want(state.sealed(a["side"], a["label"]) is None, f"{a['side']} has already sealed a {a['label']}")
        event = ev.info("", f"{a['side']} seals a {a['label']}: commitment code {a['code']}")
        return replace(state, seals=state.seals + ((a["side"], a["label"], a["code"]),)), [event]
    if t == "reveal":
        code = state.sealed(a["side"], a["label"])
        _want(code is not None, f"{a['side']} has sealed no {a['label']} to reveal")
        assert code is not None
        valid = verify(a["plan"], a["salt"], code)
        if valid:
            event = ev.result("", f"{a['side']} reveals the {a['label']}: it matches commitment code {code}")
        else:
            event = ev.result("", f"MISMATCH: the {a['side']} {a['label']} revealed does NOT match commitment code {code}: it was changed after sealing")
        seals = tuple(x for x in state.seals if (x[0], x[1]) != (a["side"], a["label"]))
        outcome = {"procedure": "reveal", "side": a["side"], "label": a["label"], "plan": a["plan"], "code": code, "valid": valid}
        return replace(state, seals=seals, outcomes=state.outcomes + (outcome,)), [event]
    raise ActionError(f"{t} is handled by Game, not apply()")


def _advance(state: GameState, step: StepResult, pre: list[Event]) -> tuple[GameState, list[Event]]:
    terrain = step.terrain if step.terrain is not None else state.terrain
    outcomes = state.outcomes + ((step.outcome,) if step.outcome is not None else ())
    return replace(state, terrain=terrain, procedure=step.proc, outcomes=outcomes), pre + list(step.events)


def _edit(state: GameState, a: JSONDict) -> tuple[GameState, list[Event]]:
    m = state.scenario.map
    try:
        h = m.parse(a["hex"])
    except HexNameError as e:
        raise ActionError(str(e)) from None
    if a["op"] == "side":
        d = DIRECTION_NAMES.index(a["dir"])
        on = a.get("on", True)
        terrain = (state.terrain.add_side if on else state.terrain.remove_side)(h, d, a["feature"])
        verb = "added" if on else "removed"
        event = Event("edit", "", f"{a['feature']} {verb} on the {a['dir']} hexside of {m.name(h)}", None, (m.name(h),))
    else:
        merged = dict(state.terrain.at(h).to_data())
        for k, v in a["set"].items():
            if v is None:
                merged.pop(k, None)
            else:
                merged[k] = v
        try:
            new = HexTerrain.from_data(merged)
        except TerrainError as err:
            raise ActionError(f"{m.name(h)}: {err}") from None
        try:
            Scenario(state.scenario.name, state.scenario.system, m, Terrain({h: new}))
        except ValueError as err:
            raise ActionError(str(err)) from None
        terrain = state.terrain.set_hex(h, new)
        event = Event("edit", "", f"{m.name(h)} set to {_compact(new.to_data()) if new.to_data() else 'open ground'}", None, (m.name(h),))
    return replace(state, terrain=terrain), [event]


# ---------------------------------------------------------------------- the game and its log
@dataclass
class Entry:
    """One logged action with the events it produced; ``undone`` once an undo takes it back."""

    index: int
    action: JSONDict
    events: tuple[Event, ...]
    undone: bool = False


class Game:
    """A scenario, a seed and the actions so far, with the state they produce.

    Every action, undo and redo included, is appended to :attr:`actions`; nothing is rewritten.
    """

    def __init__(self, scenario: Scenario, seed: str, actions: Sequence[Any] = ()) -> None:
        self.scenario = scenario
        self.seed = seed
        self.actions: list[JSONDict] = []
        self.entries: list[Entry] = []
        self._states: list[GameState] = [initial_state(scenario, seed)]
        self._applied: list[int] = []
        self._redo: list[tuple[int, GameState]] = []
        for i, a in enumerate(actions):
            try:
                self.apply(a)
            except GameError as e:
                raise ReplayError(i, str(e)) from None

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

    def apply(self, action: Any) -> list[Event]:
        """Apply and log an action; raise :class:`ActionError` (and log nothing) if it is invalid."""
        a = check_action(action)
        if a["type"] == "undo":
            _want(self.can_undo, "nothing to undo")
            idx = self._applied.pop()
            self._redo.append((idx, self._states.pop()))
            self.entries[idx].undone = True
            events = [ev.info("", f"undo #{idx + 1}: {describe_action(self.entries[idx].action)}")]
        elif a["type"] == "redo":
            _want(self.can_redo, "nothing to redo")
            idx, st = self._redo.pop()
            self._applied.append(idx)
            self._states.append(st)
            self.entries[idx].undone = False
            events = [ev.info("", f"redo #{idx + 1}: {describe_action(self.entries[idx].action)}")]
        else:
            new, events = apply(self.state, a)
            self._states.append(new)
            self._applied.append(len(self.entries))
            self._redo.clear()
        self.actions.append(a)
        self.entries.append(Entry(len(self.entries), a, tuple(events)))
        return events

    def prefix(self, n: int) -> Game:
        """The game after its first ``n`` logged actions (for stepping through the log)."""
        if not 0 <= n <= len(self.actions):
            raise ActionError(f"the log has {len(self.actions)} actions, not {n}")
        return Game(self.scenario, self.seed, self.actions[:n])

    def events(self) -> list[Event]:
        """Events of the actions in effect (undone ones and undo/redo markers left out)."""
        return [e for i in self._applied for e in self.entries[i].events]

    def log_lines(self) -> list[str]:
        """The full log, every action numbered, undone ones marked, events indented."""
        out: list[str] = []
        for en in self.entries:
            mark = "  [undone]" if en.undone else ""
            out.append(f"#{en.index + 1} {describe_action(en.action)}{mark}")
            out.extend("    " + e.render() for e in en.events)
        prompt = self.waiting_for()
        if prompt is not None:
            out.append(f"waiting for {prompt.describe()}")
        return out

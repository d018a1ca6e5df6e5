"""The plug: what a rule system gives the game, the hooks of a procedure, and the state it is
given (:class:`GameState`).

A rule system is a :class:`System`: its key, title, terrain table, map kind and built-in
scenarios (cheap to import), and its :class:`Rules` — procedures, settings and turn track —
loaded from its package the first time they are needed. :mod:`airhead.systems` lists them.

A :class:`Procedure` is one multi-step rules procedure (a glider landing, a paradrop). Its hooks,
each optional but :meth:`~Procedure.start` and :meth:`~Procedure.prompt`:

* ``params`` — a :class:`~airhead.fields.Schema`: the app's form, and the checks of a start
  action's JSON (read once, by :meth:`Procedure.read`);
* :meth:`~Procedure.defaults` — the form's initial values (the scenario's plan);
* :meth:`~Procedure.start`, :meth:`~Procedure.prompt`, :meth:`~Procedure.roll`,
  :meth:`~Procedure.choose` — the procedure itself, waiting for each roll and choice (a
  :class:`Stepped` procedure declares them as a table of :class:`Step`, one row per step);
* :meth:`~Procedure.odds` and :meth:`~Procedure.heatmap` — exact odds for the planner, computed
  with the same settings and rule functions as the procedure;
* :meth:`~Procedure.view` and :meth:`~Procedure.outcome_view` — plain data the map draws
  (marks, paths, zones, heat, labels): the only source of overlays;
* :meth:`~Procedure.summary` — one sentence for a finished procedure.

The plain data a procedure exchanges with the game is defined beside it and re-exported here, so
that a rule system imports the whole contract from one place: a step's state, prompt and result in
:mod:`airhead.steps`, what it shows (:class:`View`, :class:`Odds`) in :mod:`airhead.views`. The
save formats' numbers a replay reads are in :mod:`airhead.formats`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    ClassVar,
    Generic,
    Hashable,
    Iterable,
    Literal,
    Mapping,
    Sequence,
    TypeVar,
)

from .counters import Counters
from .dice import Roll, SeededDice
from .errors import ActionError, DataError, quoted
from .events import Event, plain_words
from .fields import Field, Schema, parse_fields
from .hexes import Hex
from .tables import TerrainType, terrain_types
from .terrain import Terrain
from .outcomes import Outcomes
from .steps import MAX_CHOICE, Condition, ProcState, Prompt, StepResult
from .turns import Track, Turn
from .views import Fact, Odds, Table, View, percent
from .work import spend

if TYPE_CHECKING:
    from .scenario import Scenario

__all__ = [
    "MAX_CHOICE",
    "GameState",
    "initial_state",
    "ProcState",
    "Prompt",
    "StepResult",
    "View",
    "Fact",
    "Table",
    "Odds",
    "percent",
    "Procedure",
    "Step",
    "Stepped",
    "Rules",
    "System",
    "SIDES",
    "Condition",
    "Tool",
    "OVERRIDE",
]

D = TypeVar("D")

#: The "sides" setting every system has: who moves first, and the other side.
SIDES = Field("sides", "Sides (first to move, then the other)", "list", lo=2, hi=2, default=["Allied", "Axis"],
              item=Field("sides", "Side", "text", lo=1, hi=24))

#: The field of a procedure whose rules name its phase or Player Turn: ticked, an action out of
#: its phase (or once more than its Player Turn allows) is done anyway, and the log says the
#: players agreed (:class:`~airhead.errors.TurnError`). An action of a save format before
#: :data:`~airhead.formats.TURN_RULES_FORMAT` gets it on replay where a check refuses it (:class:`airhead.game.Game`).
OVERRIDE = Field("out_of_phase", "We agree to do it anyway (out of its phase or turn)", "bool", default=False,
                 help="the rules name the phase or the Player Turn of this action; tick this to do it now anyway "
                      "(the log records that the players agreed)")


class Procedure(Generic[D]):
    """Base class of multi-step rules procedures; a system lists its procedures in its
    :class:`Rules`. ``D`` is the type of the procedure's own data between steps."""

    name: ClassVar[str] = ""  # stable id, kept in saves: "asl.glider_landing"
    title: ClassVar[str] = ""  # "Glider landing (E8)"
    params: ClassVar[Schema] = Schema()
    #: A plan of this procedure may be sealed instead of written in the open: the label it is
    #: sealed under (a revealed plan that matches its code then counts as written).
    seal_label: ClassVar[str] = ""
    #: Its plan is only ever sealed, never started in the clear (a form offers only "Seal it").
    seal_only: ClassVar[bool] = False
    #: Units of work (:mod:`airhead.work`) each answer to its prompts (a roll, dice typed, a
    #: choice) spends besides what its rules read: the fixed work of a heavy step the meter does
    #: not see (an E8 landing's DRMs), so a replay's budget holds its time too.
    step_work: ClassVar[int] = 0
    #: ... and its start spends, besides what its rules read (a strafing run's plan: its path,
    #: each target hex as an aircraft sees it).
    start_work: ClassVar[int] = 0

    # ---------------------------------------------------------------- parameters
    def fallbacks(self, state: GameState) -> Mapping[str, Any]:
        """JSON values for parameters a start action leaves out (e.g. the scenario's wind)."""
        return {}

    def defaults(self, state: GameState) -> dict[str, Any]:
        """The form's initial values (JSON): the fallbacks, else each field's default."""
        out: dict[str, Any] = {}
        fb = self.fallbacks(state)
        for f in self.params:
            if fb.get(f.key) is not None:
                out[f.key] = fb[f.key]
            elif not f.required and f.default is not None:
                out[f.key] = f.default
        return out

    def read(self, state: GameState, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Check and read a start action's JSON parameters (missing ones from
        :meth:`fallbacks`) into typed values; raise :class:`~airhead.errors.DataError`."""
        if not isinstance(raw, Mapping):
            raise DataError("parameters must be an object")
        merged = dict(self.fallbacks(state))
        merged.update(raw)
        return self.params.parse({k: v for k, v in merged.items() if v is not None or k in raw}, state.scenario.map)

    def read_some(self, state: GameState, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Like :meth:`read`, for a plan still being written: every field that reads is kept,
        the others are left out (a heatmap needs the wind, not yet the ILH)."""
        merged = dict(self.fallbacks(state))
        merged.update(raw if isinstance(raw, Mapping) else {})
        out: dict[str, Any] = {}
        for f in self.params:
            try:
                out.update(parse_fields((f,), {f.key: merged.get(f.key)}, state.scenario.map))
            except DataError:
                continue
        return out

    def picks(self, state: GameState, values: Mapping[str, Any], path: str, f: Field) -> list[Any] | None:
        """What the input at ``path`` (of ``f``, a text field naming something) may be picked
        from, as :class:`airhead.picks.Pick`; None (the default): what ``f.pick`` says
        (:func:`airhead.picks.field_picks`). ``values``: the form as JSON, as it stands."""
        return None

    def describe_params(self, params: Mapping[str, Any]) -> str:
        """Log text of a start action's JSON parameters (secret fields left out)."""
        secret = {f.key for f in self.params if f.secret}
        return ", ".join(f"{k} {plain_words(v)}" for k, v in sorted(params.items()) if k not in secret)

    def sealed_plan(self, params: Mapping[str, Any]) -> tuple[str, Any]:
        """The side sealing a plan of this procedure and the JSON it seals (see ``seal_label``)."""
        return str(params.get("side", "")), dict(params)

    def seal_label_for(self, params: Mapping[str, Any]) -> str:
        """The label this plan is sealed under (default :attr:`seal_label`; one per glider's
        manifest lets several wait at once)."""
        return self.seal_label

    # ---------------------------------------------------------------- the procedure
    def start(self, state: GameState, params: Mapping[str, Any]) -> StepResult:
        """Begin with the values :meth:`read` returned; raise an
        :class:`~airhead.errors.AirheadError` if the rules forbid it."""
        raise NotImplementedError

    def prompt(self, state: GameState, proc: ProcState[D]) -> Prompt:
        """What the procedure waits for in its current step."""
        raise NotImplementedError

    def roll(self, state: GameState, proc: ProcState[D], roll: Roll) -> StepResult:
        """Take the dice of a roll prompt."""
        raise ActionError(f"{self.title} is not waiting for dice")

    def choose(self, state: GameState, proc: ProcState[D], choice: str) -> StepResult:
        """Take the answer to a choice prompt."""
        raise ActionError(f"{self.title} is not waiting for a choice")

    # ---------------------------------------------------------------- the planner and the map
    def odds(self, state: GameState, params: Mapping[str, Any]) -> Odds | None:
        """Exact odds of the planned procedure (None: it has none)."""
        return None

    def heatmap(self, state: GameState, params: Mapping[str, Any]) -> View | None:
        """A value for every candidate hex of the plan (None: no heatmap)."""
        return None

    def view(self, state: GameState, proc: ProcState[D]) -> View:
        """What the map shows while the procedure is under way."""
        return View()

    def outcome_view(self, state: GameState, outcome: Mapping[str, Any]) -> View:
        """What the map shows of a finished procedure (its last one)."""
        return View()

    def summary(self, outcome: Mapping[str, Any]) -> str:
        """One sentence saying how the finished procedure ended."""
        return f"{self.title}: done."

    @property
    def has_odds(self) -> bool:
        """True if the procedure computes odds for a plan."""
        return type(self).odds is not Procedure.odds

    @property
    def has_heatmap(self) -> bool:
        """True if the procedure draws a heatmap of a plan."""
        return type(self).heatmap is not Procedure.heatmap


@dataclass(frozen=True)
class Step:
    """One step of a :class:`Stepped` procedure, declared once: the hook that says what it waits
    for, and the hook that takes the answer — ``roll`` for dice, ``choose`` for a choice. Each
    hook is a method of the procedure taking the state and the procedure's data (and the roll or
    the choice)."""

    prompt: Callable[..., Prompt]
    roll: Callable[..., StepResult] | None = None
    choose: Callable[..., StepResult] | None = None


class Stepped(Procedure[D]):
    """A procedure whose steps are a table (:attr:`steps`: step name -> :class:`Step`): the
    prompt, the dice and the choice of a step are found in one place, and an answer the step
    does not take is refused in the same words for every procedure."""

    steps: ClassVar[Mapping[str, Step]] = {}

    def _step(self, proc: ProcState[D]) -> Step:
        step = self.steps.get(proc.step)
        if step is None:
            raise ActionError(f"{self.title} has no step {quoted(proc.step)}")
        return step

    def prompt(self, state: GameState, proc: ProcState[D]) -> Prompt:
        return self._step(proc).prompt(self, state, proc.data)

    def roll(self, state: GameState, proc: ProcState[D], roll: Roll) -> StepResult:
        hook = self._step(proc).roll
        if hook is None:
            raise ActionError(f"{self.title} is not waiting for dice")
        return hook(self, state, proc.data, roll)

    def choose(self, state: GameState, proc: ProcState[D], choice: str) -> StepResult:
        hook = self._step(proc).choose
        if hook is None:
            raise ActionError(f"{self.title} is not waiting for a choice")
        return hook(self, state, proc.data, choice)


@dataclass(frozen=True)
class Tool:
    """A map tool a system offers besides its procedures: no dice, no change to the game, an
    answer explained (ASL's line of sight between two hexes; what a viewer in a hex sees at
    night). ``hexes``: how many tapped hexes it takes (1 or 2); ``options``: what the player may
    choose besides (a level, a range), each with a default; ``run(state, hexes, options)`` returns
    the answer's lines (log style) and what the map draws; it may raise
    :class:`~airhead.errors.DataError` with a sentence for the player."""

    key: str
    title: str
    hexes: Literal[1, 2]
    run: Callable[[GameState, tuple[Hex, ...], Mapping[str, Any]], tuple[tuple[str, ...], View]]
    help: str = ""
    options: Schema = field(default_factory=lambda: Schema(what="option"))


@dataclass(frozen=True)
class Rules:
    """What a system's package provides: its procedures (in menu order), its settings (read
    from ``scenario.settings[settings_root]``, or the top level when the root is empty), its
    turn track, and the entries of its table pack (numbers the source rules do not print,
    which a player may keep on the device to pre-fill the fields whose ``pack`` names them;
    see :mod:`airhead.tablepack`)."""

    procedures: tuple[Procedure[Any], ...]
    settings: Schema
    track: Track
    settings_root: str = ""
    pack: Schema = field(default_factory=lambda: Schema(what="table entry"))
    tools: tuple[Tool, ...] = ()
    #: The procedure menu in titled groups, by procedure name (e.g. ``("Air Support (E7)",
    #: ("asl.air_arrival", ...))``); procedures not listed follow in a last group.
    groups: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: What the rules do to the units at the end of each phase the turn track leaves (after the
    #: markers that expire there are removed): ``(counters, phase key) -> (counters, events)``,
    #: e.g. ASL E7.24 removes the Recalled aircraft.
    phase_end: Callable[[Counters, str], tuple[Counters, tuple[Event, ...]]] | None = None
    #: What the turn track shows besides the turn: the game-wide conditions in force, in words
    #: (ASL at night: the Base NVR, the Cloud Cover and the Moon).
    status: Callable[[GameState], tuple[str, ...]] | None = None
    #: By procedure name: the keys the record of a Player Turn files each of its outcomes under
    #: (:meth:`GameState.this_turn_under`), e.g. ASL's strafing runs under their aircraft.
    turn_keys: Mapping[str, Callable[[Mapping[str, Any]], Iterable[Hashable]]] = field(default_factory=dict)
    #: Settings that apply to imported boards only and whose default a save format changed:
    #: ``{format: {key: its default before that format}}``. The codec's migration to that format
    #: writes them into an older game on imported boards (:mod:`airhead.codec`), so that it keeps
    #: the readings it was played with; e.g. ASL's LOS readings at format 5.
    former_board_defaults: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)

    def menu_order(self) -> tuple[Procedure[Any], ...]:
        """The procedures in menu order: group by group as :attr:`groups` lists them, then any
        procedure no group names, in the order of :attr:`procedures`."""
        if not self.groups:
            return self.procedures
        rank = {n: i for i, n in enumerate(n for _title, names in self.groups for n in names)}
        return tuple(sorted(self.procedures, key=lambda p: rank.get(p.name, len(rank))))

    def group_of(self, name: str) -> str:
        """The title of the menu group of procedure ``name`` ("" when the system has no groups)."""
        for title, names in self.groups:
            if name in names:
                return title
        return "More" if self.groups else ""


class System:
    """A game system: cheap facts at import, its :class:`Rules` loaded on first use."""

    def __init__(self, key: str, title: str, terrain_table: str, map_kind: Literal["geoboards", "grid"],
                 scenarios: tuple[str, ...], load: Callable[[], Rules]) -> None:
        self.key = key
        self.title = title
        self.terrain_table = terrain_table
        self.map_kind = map_kind
        self.scenarios = scenarios
        self._load = load
        self._rules: Rules | None = None
        self._by_name: tuple[Rules, Mapping[str, Procedure[Any]]] | None = None

    def __repr__(self) -> str:
        return f"<System {self.key}>"

    @property
    def rules(self) -> Rules:
        """The procedures, settings and turn track (imports the system's rules modules once)."""
        if self._rules is None:
            self._rules = self._load()
        return self._rules

    @property
    def procedures(self) -> Mapping[str, Procedure[Any]]:
        """Every procedure by name, in menu order (read-only; made once per :attr:`rules`: every
        action reads it)."""
        rules = self.rules
        if self._by_name is None or self._by_name[0] is not rules:
            self._by_name = (rules, MappingProxyType({p.name: p for p in rules.procedures}))
        return self._by_name[1]

    def procedure(self, name: str) -> Procedure[Any]:
        """The procedure named ``name``; :class:`ActionError` if the system has none."""
        p = self.procedures.get(name)
        if p is None:
            raise ActionError(f"unknown procedure {quoted(name, 40)} for {self.title} (known: {', '.join(self.procedures)})")
        return p

    @property
    def track(self) -> Track:
        """The turn track."""
        return self.rules.track

    @property
    def terrain_types(self) -> dict[str, TerrainType]:
        """Terrain types of the system's terrain table."""
        return terrain_types(self.terrain_table)

    def settings_of(self, scenario: Scenario) -> dict[str, Any]:
        """The scenario's settings read by the system's schema: every value typed, defaults
        filled in; :class:`DataError` if they are malformed. The one settings resolver."""
        rules = self.rules
        raw: Any = scenario.settings
        if rules.settings_root:
            extra = sorted(str(k) for k in raw if k != rules.settings_root)
            if extra:
                raise DataError(f"settings: unknown setting(s) for {self.title}: {', '.join(extra)[:80]}")
            raw = raw.get(rules.settings_root, {})
        try:
            return rules.settings.parse(raw, scenario.map)
        except DataError as e:
            raise DataError(f"settings: {e}", e.path) from None

    def check_terrain(self, scenario: Scenario) -> None:
        """Every hex's terrain is a type of the system's terrain table; :class:`DataError` if not."""
        types = self.terrain_types
        for h, t in scenario.terrain.hexes.items():
            if t.terrain not in types:
                raise DataError(f"{scenario.map.name(h)}: unknown terrain {quoted(t.terrain)} for {self.title} (one of {', '.join(types)})")


# ---------------------------------------------------------------------- the game's state
@dataclass(frozen=True)
class GameState:
    """Everything replay rebuilds.

    ``settings`` are the scenario's settings as the system reads them (typed, with defaults), the
    one source every procedure, preview and odds uses.
    """

    system: System
    scenario: Scenario
    settings: Mapping[str, Any]
    terrain: Terrain
    dice: SeededDice
    procedure: ProcState[Any] | None = None
    outcomes: Sequence[Mapping[str, Any]] = field(default_factory=Outcomes)
    seals: tuple[tuple[str, str, str], ...] = ()
    turn: Turn = field(default_factory=Turn)
    counters: Counters = field(default_factory=Counters)
    #: Game-wide conditions procedures set and read (E1's current NVR), rebuilt on replay.
    conditions: Mapping[str, Condition] = field(default_factory=dict)
    #: The dice of the last roll (the app's or typed in), for the views to draw.
    last_roll: Roll | None = None

    def changed(self, **fields: Any) -> GameState:
        """This state with ``fields`` changed: what :func:`dataclasses.replace` gives, without
        running ``__init__`` again (a state is made at every action)."""
        if not _STATE_FIELDS.issuperset(fields):
            raise TypeError(f"GameState has no field {', '.join(sorted(fields.keys() - _STATE_FIELDS))}")
        new: GameState = object.__new__(GameState)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(fields)
        return new

    @property
    def sides(self) -> tuple[str, str]:
        """The two sides, the one that moves first first."""
        s = self.settings.get("sides") or ("Allied", "Axis")
        return str(s[0]), str(s[1])

    def sealed(self, side: str, label: str) -> str | None:
        """The commitment code ``side`` sealed under ``label`` and not yet revealed, if any."""
        for sd, lb, code in self.seals:
            if sd == side and lb == label:
                return code
        return None

    def revealed(self, label: str) -> list[Mapping[str, Any]]:
        """Revealed plans under ``label`` (each with ``side``, ``plan`` and ``valid``)."""
        return [o for o in self.outcomes_of("reveal") if o.get("label") == label]

    def outcomes_of(self, *procedures: str) -> tuple[Mapping[str, Any], ...]:
        """The outcomes of these procedures (names, or ``reveal``), in order: read from the
        index, without walking the others' (a plain tuple of outcomes is walked)."""
        if isinstance(self.outcomes, Outcomes):
            got = self.outcomes.of(*procedures)
        else:
            got = tuple(o for o in self.outcomes if o.get("procedure") in procedures)
        spend(len(got))  # the rule walks them: airhead.work
        return got

    def count_outcomes(self, *procedures: str) -> int:
        """How many outcomes these procedures have (without reading them)."""
        if isinstance(self.outcomes, Outcomes):
            return self.outcomes.count_of(*procedures)
        return sum(1 for o in self.outcomes if o.get("procedure") in procedures)

    def with_outcome(self, outcome: Mapping[str, Any]) -> Outcomes:
        """The outcomes and ``outcome`` after them, reached now (the indexes kept up to date, the
        outcome filed under the keys its system's :attr:`Rules.turn_keys` give it)."""
        filed = self.system.rules.turn_keys.get(str(outcome.get("procedure")))
        keys = filed(outcome) if filed is not None else ()
        outcomes = self.outcomes if isinstance(self.outcomes, Outcomes) else Outcomes(self.outcomes)
        return outcomes.plus(outcome, self.turn, keys)

    def count_this_turn(self, *procedures: str) -> int:
        """How many of these procedures finished this Player Turn (without reading them)."""
        if isinstance(self.outcomes, Outcomes):
            return self.outcomes.count_in_turn(self.turn, *procedures)
        return len(self.this_turn(*procedures))

    def this_turn(self, *procedures: str) -> tuple[Mapping[str, Any], ...]:
        """The record of this Player Turn: the outcomes of these procedures finished in it, in
        order, read from the index (only this Player Turn's are walked)."""
        got = self.outcomes.in_turn(self.turn, *procedures) if isinstance(self.outcomes, Outcomes) else ()
        spend(len(got))
        return got

    def this_turn_under(self, procedure: str, key: Hashable) -> tuple[int, Mapping[str, Any] | None]:
        """How many outcomes of ``procedure`` finished this Player Turn are filed under ``key``
        (:attr:`Rules.turn_keys`), and the last of them: O(1), a unit of work."""
        spend(1)
        return self.outcomes.under(self.turn, procedure, key) if isinstance(self.outcomes, Outcomes) else (0, None)

    def waiting_for(self) -> Prompt | None:
        """The prompt of the procedure under way, or None when no procedure is running."""
        if self.procedure is None:
            return None
        return self.system.procedure(self.procedure.procedure).prompt(self, self.procedure)

    def describe_turn(self) -> str:
        """E.g. ``Game Turn 1, Allied Player Turn: Rally Phase (RPh)``."""
        return self.system.track.describe(self.turn, self.sides)


#: The fields a state has (:meth:`GameState.changed` checks the names it is given against them).
_STATE_FIELDS = frozenset(GameState.__dataclass_fields__)


def initial_state(system: System, scenario: Scenario, seed: str) -> GameState:
    """The state before any action; :class:`~airhead.errors.DataError` if the scenario does not
    fit the system (its terrain types, its settings)."""
    if scenario.system != system.key:
        raise DataError(f"a {scenario.system} scenario cannot be played with the {system.title} rules")
    system.check_terrain(scenario)
    return GameState(system, scenario, system.settings_of(scenario), scenario.terrain, SeededDice(seed))

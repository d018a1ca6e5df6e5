"""A deterministic work meter: how much an untrusted game's replay may ask of the core.

A link or a save is refused when it is too large (the codec's caps); a small one can still ask
for much work (thousands of actions each reading many hexes). Replaying a saved game is
therefore *metered*: every read of one hex's terrain (:meth:`airhead.terrain.Terrain.at`),
every whole read of a mapping (:class:`~airhead.versioned.VersionedMap`: its length), every
difference a mapping's version applies to be read (its rerooting), every outcome a rule reads
(:meth:`airhead.plug.GameState.outcomes_of`) and every id tried for a new counter spends one
unit, a thread traced over an imported board's pixels (:mod:`airhead.asl.los_grid`) half a unit
a sample and each of its readings of a hex a fixed number, each step of a line traced (line of
sight: :class:`airhead.hexes.HexLine`)
:data:`LINE_STEP` units (:data:`LINE_NEW_STEP` for a shape of line the block has not traced
yet), a unit being about a microsecond of CPython's work, and a replay that spends more than :data:`REPLAY_BUDGET` stops with a
:class:`~airhead.errors.WorkError` naming the action it had reached. The count is of what the
rules ask for, not a clock, so the same game is accepted or refused alike on CPython and in
Pyodide, on a fast device or a slow one.

A cache that spares the rules work must charge, on a hit, what the work it spares cost
(:func:`spent` before and after computing, :func:`spend` on a hit), so that the count does not
depend on what else the process did before. Outside a metered block nothing is counted down
(the meter starts at :data:`UNMETERED`); one decrement and one comparison per read is all it
costs.
"""

from __future__ import annotations

import gc
import sys
from contextlib import contextmanager
from typing import Iterator

__all__ = ["REPLAY_BUDGET", "DRAW_BUDGET", "OPEN_BUDGET", "ACTION", "LINE_STEP", "LINE_NEW_STEP", "UNMETERED", "traced", "worked_out", "collector_paused", "OverBudget", "METER", "spend", "spent", "metered"]

#: Units a saved game's replay may spend (a unit: one hex's terrain read, or one item of a whole
#: mapping read). The heaviest kind of work per unit (line of sight at night) spends it in well
#: under the 1 s a link may take to open on CPython (``tools/bench_worst.py`` prints it).
REPLAY_BUDGET = 400_000
#: Units working out what the map shows of a saved game once replayed may spend
#: (:meth:`airhead.game.Game.view`: a night's light and shadows, a landing's odds): the first
#: draw's part that grows with what the game holds ...
DRAW_BUDGET = REPLAY_BUDGET
#: ... and the two together: the draw may spend what the replay left of this, at most
#: :data:`DRAW_BUDGET`. Measured (``tools/bench_worst.py``), a game that spends it all opens in
#: about 0.8 s of CPython and 1.6 s of Pyodide, within the 1 s and 2 s a link may take.
OPEN_BUDGET = 600_000
#: Units each action replayed spends besides what its rules read: its check, its log entry,
#: its new state (some 40 µs of CPython), so 5,000 light actions count as the work they are.
ACTION = 40
#: Units per step of a line traced (:class:`airhead.hexes.HexLine`): line of sight weighs each
#: hex crossed with exact arithmetic, some 25 times the work of a plain terrain read.
LINE_STEP = 25
#: ... and per step of a line whose shape (its far end's offset from its near end) the block has
#: not traced before: working out the exact line costs about as much again (measured on a
#: maximum-height Blaze's Illuminated Zone, cold: ~65 ms of CPython for its ~100,000 units; the
#: LOS engine keeps the shapes it has worked out, but a count must not depend on what a process
#: did before).
LINE_NEW_STEP = 60
#: The meter outside a metered block: never reached.
UNMETERED = sys.maxsize


class OverBudget(Exception):
    """The metered block spent its budget (internal: not an :class:`~airhead.errors.AirheadError`,
    so no rule that catches a refusal can swallow it; :func:`metered`'s caller turns it into one)."""


class _Meter:
    __slots__ = ("left", "budget", "shapes")

    def __init__(self) -> None:
        self.left = UNMETERED
        self.budget = UNMETERED
        self.shapes: set[tuple[int, int]] = set()


#: The one meter (the core runs in one thread, in Pyodide as on CPython).
METER = _Meter()


def over() -> None:
    """Called when :attr:`METER.left` went below zero: raise :class:`OverBudget` in a metered
    block; outside one, start again (a session never gets there)."""
    if METER.budget != UNMETERED:
        raise OverBudget(f"more than {METER.budget:,} units of work")
    METER.left = UNMETERED


def spend(units: int) -> None:
    """Count ``units`` of work."""
    METER.left -= units
    if METER.left < 0:
        over()


def traced(shape: tuple[int, int], steps: int) -> None:
    """Count a line of ``steps`` steps whose far end lies ``shape`` (dq, dr) from its near end."""
    if METER.budget == UNMETERED:
        return
    if shape in METER.shapes:
        spend(LINE_STEP * steps)
    else:
        METER.shapes.add(shape)
        spend(LINE_NEW_STEP * steps)


def worked_out(shape: tuple[int, int], steps: int) -> None:
    """Count working out a line of ``steps`` steps of shape ``shape`` (dq, dr) without tracing it:
    what a traced line of a shape new to the block costs beyond a known one's (nothing once the
    block knows the shape, which is then known to :func:`traced` too)."""
    if METER.budget == UNMETERED or shape in METER.shapes:
        return
    METER.shapes.add(shape)
    spend((LINE_NEW_STEP - LINE_STEP) * steps)


def spent() -> int:
    """Units spent so far in the metered block (0 outside one)."""
    return 0 if METER.budget == UNMETERED else METER.budget - METER.left


@contextmanager
def metered(budget: int = REPLAY_BUDGET) -> Iterator[None]:
    """Count the work of the block against ``budget`` (:class:`OverBudget` when it is spent); an
    enclosing block's count goes on after it, charged with what this one spent."""
    outer_left, outer_budget, outer_shapes = METER.left, METER.budget, METER.shapes
    METER.left, METER.budget, METER.shapes = budget, budget, set()
    try:
        yield
    finally:
        used = METER.budget - METER.left
        METER.left, METER.budget, METER.shapes = outer_left, outer_budget, outer_shapes
        if outer_budget != UNMETERED:
            spend(used)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector paused for the block (it comes back as it was, whatever happens).
    Reading a save or replaying one makes many objects and no garbage cycle worth collecting
    then, and each full collection walks every object the program holds: late in a long replay,
    that is most of an action's time (a 5,000-action replay ran 30-50 % quicker without it).

    After the block the objects it made are frozen (:func:`gc.freeze`): the collections that
    follow would otherwise walk the whole game again, young as it is, generation by generation
    (after a 5,000-action replay, some 200 ms of the first draw's time). The block unfreezes what
    an earlier one froze first, so a cycle left over is collected in time; objects are freed as
    ever when nothing refers to them."""
    was = gc.isenabled()
    gc.disable()
    gc.unfreeze()
    try:
        yield
    finally:
        gc.freeze()
        if was:
            gc.enable()

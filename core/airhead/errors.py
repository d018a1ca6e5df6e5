"""The errors the core raises for bad input: one root and a few kinds, as python-chess does.

Catch :class:`AirheadError` to report any player's mistake; its message is written for the
player. The kinds tell *why* the input was refused:

* :class:`DataError` — data from outside (a form, an action, a link, a file, a table) is
  malformed: wrong shape, type or range, an unknown field or hex name.
  :class:`~airhead.boards.HexNameError` and the codec's
  :class:`~airhead.codec.CodecError` family are its specific cases.
  :class:`MissingBoardError` is the case of a map on boards this device does not hold.
* :class:`RulesError` — the input is well formed but the rules forbid it (a glider in Falling
  Snow, a third Army Group on one drop hex); the message cites the rule. Its case
  :class:`TurnError`: the rules forbid it *now* (out of its phase or Player Turn), which the
  players may agree to do anyway.
* :class:`ActionError` — an action cannot be applied to the game as it stands (nothing waits for
  dice, a procedure is already under way); :class:`ReplayError` when a saved action list does
  not replay, and its case :class:`WorkError` when the replay asks for more work than a saved
  game may (:mod:`airhead.work`).

Anything else escaping the core is a defect.
"""

from __future__ import annotations

from typing import Any, Iterable

__all__ = ["AirheadError", "DataError", "MissingBoardError", "RulesError", "TurnError", "ActionError", "ReplayError",
           "WorkError", "quoted"]


def quoted(value: object, limit: int = 40) -> str:
    """``value`` as a refusal shows what the player gave: text as typed in quotes “…”, on one
    line, printable characters only (others become spaces), cut to ``limit`` characters with
    "…"; anything else (from a file or a link) in plain words: a number as it is, yes or no,
    "a list", "an object", "nothing" for none.
    Never a Python repr: a player reads it."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, int) and value.bit_length() > 64:
        return "a very large number"
    s = value if isinstance(value, str) else str(value)
    s = " ".join("".join(c if c.isprintable() else " " for c in s[:limit * 4]).split())
    if len(s) > limit:
        s = s[:max(limit - 1, 1)].rstrip() + "…"
    return f"“{s}”" if isinstance(value, str) else s


class AirheadError(ValueError):
    """Root of every error the core raises for bad input; the message is fit for a player."""


class DataError(AirheadError):
    """Malformed data from outside: wrong shape, type or range, an unknown field or hex name.

    ``path`` names the field at fault when there is one (``"aa.1.kill"``: the Kill Number of the
    second Light AA weapon), so a form can point at it.
    """

    def __init__(self, message: str, path: str = "") -> None:
        super().__init__(message)
        self.path = path


class MissingBoardError(DataError):
    """A map is played on imported boards this device does not hold; ``missing`` lists them as
    ``(board id, reference)`` pairs (:class:`airhead.vasl.library.BoardRef`). Decoding a save or a
    link lets it through as it is, so the app can ask for the board's file."""

    def __init__(self, missing: Iterable[tuple[str, Any]]) -> None:
        self.missing = tuple(missing)
        which = "; ".join(f"board {bid} ({ref.describe()})" for bid, ref in self.missing)
        super().__init__(f"This game is played on {which}, not on this device yet: import the board's file "
                         "from the VASL board library (or open the game on blank terrain).")


class RulesError(AirheadError):
    """Well-formed input that the rules forbid; the message cites the rule."""


class TurnError(RulesError):
    """An action the rules forbid at this point of the turn: out of the phase or the Player Turn
    its rule names, or once more than the rule allows in a Player Turn. The procedure's
    ``out_of_phase`` field (:data:`airhead.plug.OVERRIDE`) lets the players do it anyway."""


class ActionError(AirheadError):
    """An action that cannot be applied to the game as it stands."""


class ReplayError(ActionError):
    """A saved action list does not replay; ``index`` is the failing action (0-based)."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(f"action {index + 1}: {message}")
        self.index = index


class WorkError(ReplayError):
    """A saved game's replay spent the work budget (:data:`airhead.work.REPLAY_BUDGET`) at
    action ``index``, or working out what the map shows of it spent
    :data:`airhead.work.DRAW_BUDGET` or what the replay left of :data:`airhead.work.OPEN_BUDGET`
    (``drawing`` true; ``budget`` says which): the game is refused, like one over a size cap."""

    def __init__(self, index: int, budget: int, drawing: bool = False) -> None:
        what = "drawing the game as it stands" if drawing else "replaying the game up to here"
        super().__init__(index, f"{what} takes more than the {budget:,} steps of work a saved game may ask for")
        self.budget = budget
        self.drawing = drawing

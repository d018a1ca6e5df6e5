"""Every game system Airhead plays, in one explicit list.

Adding a system is one package (whose ``__init__`` declares its :class:`~airhead.plug.System`)
plus one line here. Importing this module is cheap: each system's rules modules load the first
time its procedures or settings are asked for, so the map can be drawn before they are.

Built-in scenarios live in ``airhead/data/<name>.json``; each system names its own.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Sequence

from . import army_group, asl, panzer_leader
from .errors import DataError, quoted
from .plug import System
from .scenario import Scenario

if TYPE_CHECKING:  # the reducer is imported by new_game: drawing the first map does not need it
    from .game import Game

__all__ = ["SYSTEMS", "BUILTINS", "RETIRED", "get", "builtin", "builtin_name", "load_scenario", "new_game"]

#: The game systems, in the order the app lists them.
SYSTEMS: tuple[System, ...] = (asl.SYSTEM, panzer_leader.SYSTEM, army_group.SYSTEM)

_BY_KEY = {s.key: s for s in SYSTEMS}

#: Every built-in scenario, by system.
BUILTINS: tuple[str, ...] = tuple(name for s in SYSTEMS for name in s.scenarios)

#: Built-in scenarios an earlier Airhead offered, kept so that its saves and links (which name a
#: built-in scenario) replay as they were; not offered for new games. ``army_group_drop`` named its
#: dummy unit "A-3 Dummy", which told the defender which unit it was: ``army_group_landing`` is the
#: same scenario with the unit named "A-3 Para".
RETIRED: tuple[str, ...] = ("army_group_drop",)


def get(key: str) -> System:
    """The system with key ``key``; :class:`DataError` if Airhead has none."""
    s = _BY_KEY.get(key) if isinstance(key, str) else None
    if s is None:
        raise DataError(f"unknown game system {quoted(key, 32)} (one of {', '.join(_BY_KEY)})")
    return s


@lru_cache(maxsize=None)
def _builtin_text(name: str) -> str:
    return resources.files("airhead").joinpath("data", f"{name}.json").read_text(encoding="utf-8")


def load_scenario(data: Any) -> Scenario:
    """A scenario from its JSON form, checked against its system: a known system, terrain of
    its terrain table; :class:`DataError` if not. (Its settings are read when a game starts.)"""
    sc = Scenario.from_data(data)
    get(sc.system).check_terrain(sc)
    return sc


def builtin(name: str = "default") -> Scenario:
    """A scenario shipped with Airhead (see :data:`BUILTINS`)."""
    if name not in BUILTINS and name not in RETIRED:
        raise DataError(f"no built-in scenario {quoted(name, 40)} (available: {', '.join(BUILTINS)})")
    return load_scenario(json.loads(_builtin_text(name))).as_builtin(name)


@lru_cache(maxsize=None)
def builtin_name(name: str) -> str:
    """The name of built-in scenario ``name`` (as :func:`builtin` has it), read once: the Games
    panel lists the new games at every save."""
    return builtin(name).name


def new_game(scenario: Scenario, seed: str, actions: Sequence[Any] = (), older: int = 0, format3: int = 0, *,
             loads: int = 0) -> Game:
    """A game of ``scenario`` with the rules of its system, replaying ``actions`` (the first
    ``older`` of them recorded by a save format before the rules of the turn, ``format3`` by one
    before the E7.4 statement: :class:`Game`; ``loads``: the work its boards' reading spent of
    the open budget)."""
    from .game import Game

    return Game(scenario, seed, actions, system=get(scenario.system), older=older, format3=format3, loads=loads)

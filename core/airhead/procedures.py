"""Imports every rules module so that its procedures register with :mod:`airhead.game`."""

from __future__ import annotations

from .asl import gliders, random_location  # noqa: F401
from .army_group import landing as ag_landing  # noqa: F401
from .panzer_leader import gliders as pl_gliders, paradrop as pl_paradrop, plan as pl_plan, wind as pl_wind  # noqa: F401

__all__: list[str] = []

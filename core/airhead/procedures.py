"""Imports every rules module so that its procedures register with :mod:`airhead.game`."""

from __future__ import annotations

from .asl import gliders, random_location  # noqa: F401
from .army_group import landing as ag_landing  # noqa: F401

__all__: list[str] = []

"""Brush at hex level (B12, not in the seeds; setting ``los_brush``): a half-level +1 Hindrance to
a line of sight at its level, as VASL reads it (its Brush is a half-level LOS Hindrance, as its
Grain), or a half-level obstacle that blocks it; from a level above, neither."""

from __future__ import annotations

from typing import Any

import pytest

from airhead.asl.los import SETTING_FIELDS, Location, LosSettings, los
from airhead.asl.los_settings import BRUSH_HINDERS, BRUSH_OBSTACLE
from airhead.systems import load_scenario
from airhead.terrain import HexTerrain, Terrain


def line(settings: dict[str, Any], a_level: float, b_level: float, blaze: bool = False) -> Any:
    sc = load_scenario({"name": "brush", "system": "asl", "map": {"kind": "asl", "boards": [["5"]]}})
    m = sc.map
    t = Terrain({m.parse("5C5"): HexTerrain("brush", obstacle=0.5, blaze=1 if blaze else None)}, {})
    return los(t, Location(m.parse("5A5"), a_level), Location(m.parse("5E5"), b_level),
               settings=LosSettings.from_settings(settings))


@pytest.mark.parametrize(("settings", "blocked", "drm"), [
    ({}, False, 1),                                   # the default: VASL's reading
    ({"los_brush": BRUSH_HINDERS}, False, 1),
    ({"los_brush": BRUSH_OBSTACLE}, True, 0),         # Airhead's reading before #39
])
def test_brush_at_its_own_level(settings: dict[str, Any], blocked: bool, drm: int) -> None:
    r = line(settings, 0, 0)
    assert (r.blocked, r.drm) == (blocked, drm)


@pytest.mark.parametrize("settings", [{}, {"los_brush": BRUSH_OBSTACLE}])
def test_brush_from_a_level_above_and_a_brush_blaze(settings: dict[str, Any]) -> None:
    for a, b in ((1, 0), (1, 1)):
        r = line(settings, a, b)
        assert (r.blocked, r.drm) == (False, 0)
    assert line(settings, 0, 0, blaze=True).blocked  # a Blaze's flames block either way


def test_the_setting_is_offered_with_its_rule() -> None:
    field = next(f for f in SETTING_FIELDS if f.key == "los_brush")
    assert field.default == BRUSH_HINDERS and field.choices == (BRUSH_HINDERS, BRUSH_OBSTACLE) and field.rule == "B12"

"""#14 item 9: hex names stay readable under a heat layer of counts (the Panzer Leader drift
diagram as rolled, an Army Group landing's expected units): the layer is drawn in a light hue that
the app multiplies onto the map (``#overlay-layer .heat { mix-blend-mode: multiply }``), so the
dark name under it keeps a WCAG contrast of at least 4.5 against open ground even in the darkest
cell (3 on the lighter hill levels). The old dark blue, laid over the name as plain paint, left 1.5
to 1.8 ("blue on blue")."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from airhead.boards import HexMap
from airhead.hexes import Hex
from airhead.plug import View
from airhead.present import overlay_svg
from airhead.scenario import Scenario
from airhead.svg import LEVEL_FILLS

NAME_INK = "#333333"  # the hex names' fill (svg.render_map)
CSS = Path(__file__).resolve().parents[3] / "web" / "styles.css"


def _rgb(s: str) -> tuple[float, float, float]:
    s = s.lstrip("#")
    return float(int(s[0:2], 16)), float(int(s[2:4], 16)), float(int(s[4:6], 16))


def _luminance(c: tuple[float, float, float]) -> float:
    def ch(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])


def _contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _multiply(base: tuple[float, float, float], fill: tuple[float, float, float], alpha: float) -> tuple[float, float, float]:
    return tuple(b * (1 - alpha) + b * f / 255 * alpha for b, f in zip(base, fill))  # type: ignore[return-value]


def test_the_heat_layer_is_multiplied_onto_the_map() -> None:
    css = CSS.read_text(encoding="utf-8")
    assert re.search(r"#overlay-layer \.heat \{[^}]*mix-blend-mode: multiply", css)


def test_hex_names_stay_readable_under_the_darkest_count_cell() -> None:
    m = HexMap.grid([["A"]], 6, 4)
    sc = Scenario("t", "panzer_leader", m)
    cells = ((Hex(1, 1), 9.0), (Hex(2, 1), 3.0), (Hex(3, 1), 1.0))
    svg = overlay_svg(sc, View(heat=cells, heat_unit="count"))
    polys = [p for p in ET.fromstring(svg).iter() if p.tag.endswith("polygon") and p.get("data-p")]
    assert len(polys) == 3
    def contrast_under(p: ET.Element, base: str) -> float:
        fill, alpha = _rgb(p.get("fill", "")), float(p.get("opacity", "1"))
        return _contrast(_multiply(_rgb(NAME_INK), fill, alpha), _multiply(_rgb(base), fill, alpha))

    # open ground, where most names are: WCAG's 4.5 for text even in the darkest cell
    assert min(contrast_under(p, LEVEL_FILLS[0]) for p in polys) >= 4.5
    # the lighter levels: 3 at least (they start from 6 to 6.6 with no heat; the old paint left ~1.5)
    for base in (LEVEL_FILLS[1], LEVEL_FILLS[-1]):
        assert min(contrast_under(p, base) for p in polys) >= 3.0

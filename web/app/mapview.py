"""The map view: pan with one finger, pinch or wheel to zoom, tap a hex to select it.

Pointer events on the map's container drive a CSS transform (translate + scale) on the SVG that
the core rendered; the SVG itself is set once with innerHTML and never rebuilt for a pan or zoom,
nor for a drawing identical to the one on screen (see :meth:`MapView.replace_svg`).
"""

from __future__ import annotations

import hashlib
import math
from typing import Any, Callable

from pyodide.ffi import create_proxy
from pyscript import document, window

SVG_NS = "http://www.w3.org/2000/svg"
TAP_SLOP = 10.0  # px a finger may wander and still tap
LONG_PRESS_MS = 550  # hold this long without moving: long-press (hex details)
MAX_SCALE = 8.0
NAMES_MIN_PX = 5.0  # hide hex names when they would be smaller than this on screen
NAME_FONT = 0.27 * 24.0
#: The start view shows the whole map when it fits at this scale or more: a hex about 34 px
#: across, its name about 5 px tall (still drawn, see NAMES_MIN_PX).
HOME_FIT_MIN = 0.7
#: Bringing an action's hexes into view zooms out no further than this (the counters' names, as
#: large as the hexes', stay readable), nor below the player's own zoom.
SHOW_MIN_SCALE = 1.0
#: The map goes on past an edge (and the edge says so) when more than this much of it lies beyond.
MORE_SLACK_PX = 12.0


def digest(markup: str) -> str:
    """What tells two drawings of a map apart: the same markup, the same digest (the build marks
    its first map with its own, ``data-digest``: tools/bundle.py)."""
    return hashlib.sha256(markup.encode("utf-8")).hexdigest()


class MapView:
    def __init__(self, host: Any, svg_markup: str | None, on_tap: Callable[[str], None]) -> None:
        """The map in ``host``: ``svg_markup`` drawn there, or (None) the map already in it."""
        self.host = host
        if svg_markup is not None:
            host.innerHTML = svg_markup  # one crossing into the DOM for the whole map
        self.svg = host.querySelector("svg")
        #: the digest of the map on screen ("": not known, the next drawing replaces it)
        mark = self.svg.getAttribute("data-digest")
        self.drawn = digest(svg_markup) if svg_markup is not None else str(mark) if isinstance(mark, str) else ""
        vb = [float(v) for v in self.svg.getAttribute("viewBox").split()]
        self.vb_x, self.vb_y, self.w, self.h = vb
        self.on_tap = on_tap
        self.on_long_press: Callable[[str], None] | None = None  # hold a finger still: details
        self._long_timer: Any = None
        self._long_fired = False
        self._long_proxy = create_proxy(self._long_press)
        self.scale = 1.0
        self.tx = 0.0
        self.ty = 0.0
        self.pointers: dict[int, tuple[float, float]] = {}
        self.moved = 0.0
        self.multi = False
        self.touched = False  # the user moved the view: a resize keeps it
        self.origin = (0.0, 0.0)
        self.selection: Any = None
        self.overlay: Any = None
        self._proxies = []
        for name, fn in (
            ("pointerdown", self._down),
            ("pointermove", self._move),
            ("pointerup", self._up),
            ("pointercancel", self._cancel),
            ("wheel", self._wheel),
        ):
            p = create_proxy(fn)
            self._proxies.append(p)
            host.addEventListener(name, p, {"passive": False} if name == "wheel" else False)
        resize = create_proxy(lambda ev: None if self.touched else self.home())
        self._proxies.append(resize)
        window.addEventListener("resize", resize)
        # the map's box changes without the window (a phone's panels grow under it, the heatmap
        # key takes its strip): fitted again, or kept to its edges (#32 item 6: no blank strip)
        self._size_seen = (0.0, 0.0)
        at = host.getBoundingClientRect()
        self._at_seen = (float(at.top), float(at.left))  # the box's top and left on the page
        try:
            boxed = create_proxy(lambda *_a: self._box_changed())
            self._proxies.append(boxed)
            window.ResizeObserver.new(boxed).observe(host)
        except Exception:  # noqa: BLE001 - no ResizeObserver (an old browser): the window's resize only
            pass
        self.home()

    # ------------------------------------------------------------------ view transform
    def _size(self) -> tuple[float, float]:
        return float(self.host.clientWidth) or 1.0, float(self.host.clientHeight) or 1.0

    def _box_changed(self) -> None:
        """The map's box changed size (a phone's bottom sheet grew or shrank with a tap or a tab,
        the heatmap key took its strip). Before anything happened on the map the start view is
        fitted again. After that the map is never zoomed again for it (#42 item 4), not even to
        fill a taller box (after Fit, a map zoomed in by a tab's shorter panel was then moved by
        the next action with its board names under the header): what was on the screen stays
        where it was on the screen, so the next tap lands where the finger saw it; the tapped hex
        is moved only as far as needed to stay inside the new box. A box whose top came down (the
        heatmap key's strip in portrait) takes the map's top down with it, a hex tapped or not:
        the strip never covers the map's top edge and its board names."""
        size = self._size()
        rect = self.host.getBoundingClientRect()
        top, left = float(rect.top), float(rect.left)
        if size == self._size_seen and (top, left) == self._at_seen:
            return
        (old_top, old_left), self._at_seen = self._at_seen, (top, left)
        (old_cw, old_ch), self._size_seen = self._size_seen, size
        if not self.touched and self.selection is None:
            self.home()
            return
        cw, ch = size
        self.tx -= left - old_left  # the box moved on the page: the map stays put on the screen
        self.ty -= top - old_top
        mh = self.h * self.scale
        was_y = self.ty + top - old_top  # the map's top in the old box
        if top > old_top + 0.5 and was_y >= -0.5:
            # the box's top came down (the heatmap key's strip above the map) with the map's top
            # on the screen: the map comes down with the box, so the strip never covers a board's
            # name there; a map wholly on the screen stays whole. A tapped hex too: the strip
            # comes with a button in the panel, not under a finger on the map
            self.ty = was_y
            if was_y + mh <= old_ch + 0.5 and mh > ch + 0.5:
                shrink = ch / mh
                self.tx = cw / 2 - (cw / 2 - self.tx) * shrink
                self.ty = (ch - mh * shrink) / 2
                self.scale *= shrink
        spot = self._selected_spot()
        if spot is not None:
            x, y = spot
            pad = min(48.0, cw / 4, ch / 4)
            self.tx += max(0.0, pad - x) - max(0.0, x - (cw - pad))
            self.ty += max(0.0, pad - y) - max(0.0, y - (ch - pad))
        self._clamp(cw, ch)
        self.touched = True
        self.apply()

    def _selected_spot(self) -> tuple[float, float] | None:
        """Where the tapped hex's centre is in the map's box (None: no hex tapped)."""
        if self.selection is None:
            return None
        xs, ys = [], []
        for pt in str(self.selection.getAttribute("points")).split():
            x, _, y = pt.partition(",")
            xs.append(float(x) - self.vb_x)
            ys.append(float(y) - self.vb_y)
        if not xs:
            return None
        return self.tx + sum(xs) / len(xs) * self.scale, self.ty + sum(ys) / len(ys) * self.scale

    def fit_scale(self) -> float:
        cw, ch = self._size()
        return min(cw / self.w, ch / self.h)

    def home(self) -> None:
        """Start view: every board of the map when they fit with their hexes still readable (a
        tablet sees both boards of a Panzer Leader or Army Group map, #32 item 6); else the map's
        full height, from its left edge (hex names readable)."""
        cw, ch = self._size()
        fit = self.fit_scale()
        if fit >= HOME_FIT_MIN:
            self.scale = min(fit, MAX_SCALE)
            self.tx = (cw - self.w * self.scale) / 2
            self.ty = (ch - self.h * self.scale) / 2
            self.apply()
            return
        self.scale = max(fit, min(ch / self.h, MAX_SCALE))
        self.tx = 0.0 if self.w * self.scale > cw else (cw - self.w * self.scale) / 2
        self.ty = (ch - self.h * self.scale) / 2
        self.apply()

    def fit(self) -> None:
        """The whole map."""
        cw, ch = self._size()
        self.scale = self.fit_scale()
        self.tx = (cw - self.w * self.scale) / 2
        self.ty = (ch - self.h * self.scale) / 2
        self.touched = True
        self.apply()

    def show(self, names: list[str], margin: float = 48.0) -> bool:
        """Bring hexes ``names`` into view (the hexes a roll touched, a plan just started): pan
        so they are centred if any lies outside the visible area, zooming out only as far as
        needed to fit them all, and never below ``SHOW_MIN_SCALE`` (counters stay readable). The
        player's zoom is kept otherwise. True if the view moved."""
        xs: list[float] = []
        ys: list[float] = []
        for name in names:
            poly = self.svg.querySelector(f"[id='hex-{name}']")
            if not poly:  # JS null arrives as a falsy JsNull: not on this map
                continue
            for pt in str(poly.getAttribute("points")).split():
                x, _, y = pt.partition(",")
                xs.append(float(x) - self.vb_x)
                ys.append(float(y) - self.vb_y)
        if not xs:
            return False
        cw, ch = self._size()
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        s = self.scale
        inside = (self.tx + x0 * s >= margin * 0.5 and self.tx + x1 * s <= cw - margin * 0.5
                  and self.ty + y0 * s >= margin * 0.5 and self.ty + y1 * s <= ch - margin * 0.5)
        if inside:
            return False
        fits = min((cw - 2 * margin) / max(x1 - x0, 1.0), (ch - 2 * margin) / max(y1 - y0, 1.0))
        # never zoomed out so far that the counters cannot be read (#32 item 7: Army Group units on
        # a phone): hexes spread wider than that are centred, the player pans to the rest
        floor = min(s, max(self.fit_scale(), SHOW_MIN_SCALE))
        self.scale = max(floor, min(s, fits))
        self.tx = cw / 2 - (x0 + x1) / 2 * self.scale
        self.ty = ch / 2 - (y0 + y1) / 2 * self.scale
        self._clamp(cw, ch)
        self.touched = True
        self.apply()
        return True

    def _clamp(self, cw: float, ch: float) -> None:
        """No blank space where there is map to show (#32 item 6): a map wider (taller) than the
        view fills it edge to edge; a smaller one is centred."""
        mw, mh = self.w * self.scale, self.h * self.scale
        self.tx = (cw - mw) / 2 if mw <= cw else min(0.0, max(cw - mw, self.tx))
        self.ty = (ch - mh) / 2 if mh <= ch else min(0.0, max(ch - mh, self.ty))

    def zoom_at(self, factor: float, x: float, y: float) -> None:
        """Zoom by ``factor`` keeping the map point under container point (x, y) in place."""
        s = min(MAX_SCALE, max(self.fit_scale() * 0.5, self.scale * factor))
        f = s / self.scale
        self.tx = x - (x - self.tx) * f
        self.ty = y - (y - self.ty) * f
        self.scale = s
        self.touched = True

    def zoom_center(self, factor: float) -> None:
        cw, ch = self._size()
        self.zoom_at(factor, cw / 2, ch / 2)
        self.apply()

    def apply(self) -> None:
        cw, ch = self._size()
        keep = 60.0  # at least this much of the map stays on screen
        self.tx = min(cw - keep, max(keep - self.w * self.scale, self.tx))
        self.ty = min(ch - keep, max(keep - self.h * self.scale, self.ty))
        self.svg.style.transform = f"translate({self.tx:.1f}px, {self.ty:.1f}px) scale({self.scale:.4f})"
        far = self.scale * NAME_FONT < NAMES_MIN_PX
        self.host.classList.toggle("far", far)
        self.host.dataset.scale = f"{self.scale:.3f}"
        self.host.dataset.tx = f"{self.tx:.1f}"
        self.host.dataset.ty = f"{self.ty:.1f}"
        self.host.dataset.more = " ".join(self._more(cw))

    def _more(self, cw: float) -> list[str]:
        """The sides (left, right) the map goes on past (#32 item 6: board 2 beyond a tablet's first
        view): the stylesheet shades them and points the way, so a player knows there is more."""
        mw, slack = self.w * self.scale, MORE_SLACK_PX
        return [side for side, more in (("left", self.tx < -slack), ("right", self.tx + mw > cw + slack)) if more]

    # ------------------------------------------------------------------ pointer events
    def _local(self, ev: Any) -> tuple[float, float]:
        r = self.origin
        return float(ev.clientX) - r[0], float(ev.clientY) - r[1]

    def _down(self, ev: Any) -> None:
        if ev.pointerType == "mouse" and ev.button != 0:
            return
        rect = self.host.getBoundingClientRect()
        self.origin = (float(rect.left), float(rect.top))
        try:
            self.host.setPointerCapture(ev.pointerId)
        except Exception:  # noqa: BLE001 - capture is a nicety (fails for synthetic pointers)
            pass
        if not self.pointers:
            self.moved = 0.0
            self.multi = False
        self.pointers[int(ev.pointerId)] = self._local(ev)
        if len(self.pointers) > 1:
            self.multi = True
        self._clear_long()
        self._long_fired = False
        if len(self.pointers) == 1 and self.on_long_press is not None:
            self._long_at = (float(ev.clientX), float(ev.clientY))
            self._long_timer = window.setTimeout(self._long_proxy, LONG_PRESS_MS)
        self.host.classList.add("dragging")

    def _move(self, ev: Any) -> None:
        pid = int(ev.pointerId)
        if pid not in self.pointers:
            return
        ev.preventDefault()
        new = self._local(ev)
        if len(self.pointers) == 1:
            old = self.pointers[pid]
            dx, dy = new[0] - old[0], new[1] - old[1]
            self.pointers[pid] = new
            self.moved += math.hypot(dx, dy)
            if self.moved >= TAP_SLOP:
                self.tx += dx
                self.ty += dy
                self.touched = True
                self.apply()
            return
        ids = list(self.pointers)[:2]
        if pid not in ids:
            self.pointers[pid] = new
            return
        a0, b0 = self.pointers[ids[0]], self.pointers[ids[1]]
        self.pointers[pid] = new
        a1, b1 = self.pointers[ids[0]], self.pointers[ids[1]]
        d0 = math.hypot(b0[0] - a0[0], b0[1] - a0[1]) or 1.0
        d1 = math.hypot(b1[0] - a1[0], b1[1] - a1[1]) or 1.0
        m0 = ((a0[0] + b0[0]) / 2, (a0[1] + b0[1]) / 2)
        m1 = ((a1[0] + b1[0]) / 2, (a1[1] + b1[1]) / 2)
        self.tx += m1[0] - m0[0]
        self.ty += m1[1] - m0[1]
        self.zoom_at(d1 / d0, m1[0], m1[1])
        self.moved += TAP_SLOP
        self.apply()

    def _clear_long(self) -> None:
        if self._long_timer is not None:
            window.clearTimeout(self._long_timer)
            self._long_timer = None

    def _long_press(self, *_args: Any) -> None:
        """A finger held still on a hex: show its details (whatever tab is open)."""
        self._long_timer = None
        if self.multi or self.moved >= TAP_SLOP or len(self.pointers) != 1 or self.on_long_press is None:
            return
        el = document.elementFromPoint(*self._long_at)
        hexel = el.closest("[data-hex]") if el else None
        if hexel:
            self._long_fired = True
            self.on_long_press(str(hexel.getAttribute("data-hex")))

    def _up(self, ev: Any) -> None:
        self._clear_long()
        pid = int(ev.pointerId)
        if pid not in self.pointers:
            return
        del self.pointers[pid]
        if self.pointers:
            return
        self.host.classList.remove("dragging")
        if not self.multi and self.moved < TAP_SLOP and not self._long_fired:
            el = document.elementFromPoint(ev.clientX, ev.clientY)
            # JS null arrives as pyodide's falsy JsNull, not None: test truthiness
            hexel = el.closest("[data-hex]") if el else None
            if hexel:
                self.touched = True  # a hex was tapped: the view stays as the player saw it (#42 item 4)
                self.on_tap(str(hexel.getAttribute("data-hex")))

    def _cancel(self, ev: Any) -> None:
        self._clear_long()
        self.pointers.pop(int(ev.pointerId), None)
        if not self.pointers:
            self.host.classList.remove("dragging")

    def _wheel(self, ev: Any) -> None:
        ev.preventDefault()
        rect = self.host.getBoundingClientRect()
        factor = math.exp(-float(ev.deltaY) * (0.05 if ev.deltaMode == 1 else 0.0015))
        self.zoom_at(factor, float(ev.clientX) - rect.left, float(ev.clientY) - rect.top)
        self.apply()

    # ------------------------------------------------------------------ redraws
    def replace_svg(self, svg_markup: str) -> None:
        """Swap in a newly rendered map. The same map (a terrain edit) keeps the view and the
        selection; another map (a new scenario) starts from the home view with nothing selected.
        A drawing identical to the one on screen (the Play panel's first, the same game opened
        again) is not put in again: the page would parse, lay out and paint the same map."""
        drawn = digest(svg_markup)
        if drawn == self.drawn:
            return
        selected = self.selection.getAttribute("data-hex") if self.selection is not None else None
        self.host.innerHTML = svg_markup
        self.drawn = drawn
        self.svg = self.host.querySelector("svg")
        self.selection = None
        self.overlay = None
        vb = [float(v) for v in self.svg.getAttribute("viewBox").split()]
        if vb != [self.vb_x, self.vb_y, self.w, self.h]:
            self.vb_x, self.vb_y, self.w, self.h = vb
            self.touched = False
            self.home()
            return
        self.apply()
        if selected:
            self.select(str(selected))

    def set_overlay(self, markup: str) -> None:
        """Replace the overlay layer (marks, arrows, heatmap) drawn above the map."""
        if getattr(self, "overlay", None) is None:
            self.overlay = document.createElementNS(SVG_NS, "g")
            self.overlay.setAttribute("id", "overlay-layer")
            self.svg.appendChild(self.overlay)
        self.overlay.innerHTML = markup
        if self.selection is not None:
            self.svg.appendChild(self.selection)  # keep the selection outline on top

    # ------------------------------------------------------------------ selection
    def unselect(self) -> None:
        """No hex outlined as tapped: a hex picked for a plan shows its own mark (an ILH's blue
        outline, as the map key and the user guide say), not the tap's orange over it."""
        if self.selection is not None:
            self.selection.remove()
            self.selection = None
        for old in self.svg.querySelectorAll(".hex.selected"):
            old.classList.remove("selected")

    def select(self, name: str) -> None:
        """Highlight hex ``name`` with an outline drawn above every layer."""
        poly = self.svg.querySelector(f"[id='hex-{name}']")
        if not poly:  # JS null arrives as a falsy JsNull: a hex this map does not have
            return
        for old in self.svg.querySelectorAll(".hex.selected"):
            old.classList.remove("selected")
        poly.classList.add("selected")
        if self.selection is None:
            self.selection = document.createElementNS(SVG_NS, "polygon")
            self.selection.setAttribute("class", "selection")
            self.svg.appendChild(self.selection)
        self.selection.setAttribute("points", poly.getAttribute("points"))
        self.selection.setAttribute("data-hex", name)

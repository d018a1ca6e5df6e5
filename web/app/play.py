"""The Play panel and the Log tab, the same for every game system: :class:`Play` owns the
game on screen and keeps the panels and the map in step with it.

One renderer per part, each drawing one view model of ``airhead.present``:
:mod:`prompt_panel` (turn, units off the map, the prompt and the last roll),
:mod:`planner_panel` (menu, form, odds, heatmap), :mod:`seals_panel` (sealed notes) and
:mod:`log_panel` (the Log tab); the map's overlay is drawn here. Views only: no module here
reads a procedure's data or knows a system. User text is always escaped.
"""

from __future__ import annotations

import secrets
from typing import Any, Callable

from airhead.errors import AirheadError
from airhead.game import Game
from airhead.present import focus_hexes, heat_legend, overlay, overlay_key, terrain_legend
from airhead.svg import render_map
from airhead.systems import new_game
from dom import E, Listeners, console_error, el
from log_panel import LogPanel
from planner_panel import Planner
from prompt_panel import PromptPanel, store_dice_mode, stored_dice_mode
from pyscript import document
from seals_panel import Seals

#: The actions of play after which the Play panel brings its prompt (or the result) into view.
_PROMPT_ACTIONS = ("start", "roll", "dice", "choose", "cancel", "advance")

#: The actions after which the plan on screen is read again (the turn, the log or the map changed
#: under it), so that its error or odds are those of the game as it now is.
_REREAD_ACTIONS = ("advance", "undo", "redo", "edit")

#: What :meth:`Play.load` puts back when opening a game fails (with the planner's own state).
_LOAD_STATE = ("game", "scenario", "step", "dice_mode", "_terrain_key", "tool_view")


def _key_section(sec: dict[str, Any]) -> str:
    """One section of the map key: its title, then each item's swatch, name and words."""
    return (f"<h4>{E(sec['title'])}</h4><ul class='key-list'>" + "".join(
        f"<li data-key='{E(i['key'], quote=True)}'>{i['swatch']}<span><b>{E(i['label'])}</b>"
        + (f" <span class='hint'>{E(i['text'])}</span>" if i["text"] else "") + "</span></li>"
        for i in sec["items"]) + "</ul>")


class Play:
    """Owns the current :class:`Game` and keeps the play panel, the log and the map in step."""

    def __init__(self, scenario: Any, view: Any, on_change: Callable[[Game], None] | None = None) -> None:
        # a new device's first game: dice seeded from the OS (crypto.getRandomValues in the browser),
        # recorded in the game, so its replay is still deterministic
        self.game = new_game(scenario, secrets.token_hex(8))
        self.scenario = scenario
        self.view = view
        self.on_change = on_change
        #: The boards' own pictures under the map (app/boards.py sets it): scenario -> placed pictures.
        self.art_for: Callable[[Any], list[Any]] = lambda scenario: []
        self.step: int | None = None  # viewing the log at this step (None: live)
        self.tool_view: dict[str, Any] | None = None  # a map tool's answer (maptools.py), drawn on the map
        self.dice_mode = stored_dice_mode()  # "both", "app" (the app's dice) or "table" (typed in)
        self._terrain_key: Any = None
        self._key_drawn = ""  # the map key's terrain part on screen (the same one is not put in again)
        self.prompt = PromptPanel(self)
        self.planner = Planner(self)
        self.seals = Seals(self)
        self.log = LogPanel(self)
        self._listeners = Listeners()
        self.planner.render()
        for host, name, fn in ((el("play"), "click", self._click), (el("play"), "change", self._changed),
                               (el("log"), "click", self._click), (el("log"), "input", self._step_input),
                               (el("map-key-body"), "scroll", lambda ev: self.key_more()),
                               (el("map-key"), "toggle", lambda ev: self.key_more())):
            self._listeners.add(host, name, fn)
        self.refresh()

    # ------------------------------------------------------------------ opening a game
    def load(self, game: Game, then: Callable[[], None] | None = None) -> bool:
        """Show another game (opened from a save, a link, a file or a new map), atomically.

        Called without ``then`` (the map editor's New map) while the Games panel is wired
        (``on_open``), the Games panel opens it: it asks before replacing an unsaved game, names
        it and saves it, and reports a failure itself (False: the game on screen is unchanged).
        Otherwise the game is drawn in full (planner, map, turn, prompt, log, seals, overlay) and
        then ``then()`` runs (the Games panel making it its current game); if anything in that
        raises, the previous game is put back exactly as it was and drawn again, and the error
        is raised to the caller. Nothing is half-switched: no action can reach a game that did
        not finish opening."""
        opener = getattr(self, "on_open", None)
        if then is None and opener is not None:
            return bool(opener(game))
        before = {k: getattr(self, k, None) for k in _LOAD_STATE}
        planned = self.planner.state()
        try:
            self.game = game
            self.scenario = game.scenario
            self.step = None
            self.tool_view = None
            self.planner.reset()
            self._draw_loaded()
            if then is not None:
                then()
        except BaseException:
            for k, v in before.items():
                setattr(self, k, v)
            self.planner.restore(planned)
            try:
                self._draw_loaded()
            except Exception as again:  # noqa: BLE001 - it was drawn before; report, keep the first error
                console_error(f"redrawing the previous game failed: {again!r}")
            raise
        return True

    def _draw_loaded(self) -> None:
        """Draw the whole of ``self.game`` (the title, the planner and everything refresh draws)."""
        el("scenario-name").textContent = self.game.scenario.name  # text, never markup
        document.title = f"Airhead: {self.game.scenario.name}"
        self.planner.render()
        self.refresh(redraw=True)

    # ------------------------------------------------------------------ acting
    def act(self, action: dict[str, Any]) -> bool:
        """Apply an action; show the reason if it is refused. If the game cannot be drawn after
        it (a fault in Airhead, not in the action), the action is taken back — the game is
        rebuilt from its other actions and drawn again — and the player is told: what is on
        screen and what is saved is always a game that can be shown."""
        err = el("prompt-error")
        before = self.game
        try:
            self.game.apply(action)
        except AirheadError as e:
            if err is not None:
                err.textContent = str(e)
            document.body.dataset.lastError = str(e)
            return False
        if err is not None:
            err.textContent = ""
        try:
            self.refresh()
        except Exception as e:  # noqa: BLE001 - a view fault: take the action back
            console_error(f"drawing the game after {action.get('type')!r} failed: {e!r}")
            self.game = Game(before.scenario, before.seed, before.actions[:-1], system=before.system, older=before.older,
                             format3=before.format3)
            self.step = None
            try:
                self.refresh(redraw=True)
            except Exception as again:  # noqa: BLE001 - it was drawn before; keep the page alive
                console_error(f"redrawing the game failed: {again!r}")
            text = "That could not be shown (a fault in Airhead), so it was taken back: the game is as it was."
            if err is not None:
                err.textContent = text
            document.body.dataset.lastError = text
            return False
        if action.get("type") in _REREAD_ACTIONS and self.game.state.procedure is None and el("plan-form") is not None:
            # the plan on screen is read again against the game as it is now: an error whose cause
            # is gone (Next phase reached the phase it needs) goes, and its odds show (#42 item 3);
            # not after a procedure's own steps, whose result the map shows
            try:
                self.planner.update()
            except Exception as e:  # noqa: BLE001 - a nicety: never lose the action for it
                console_error(f"reading the plan again failed: {e!r}")
        if action.get("type") in _PROMPT_ACTIONS:
            self._prompt_in_view()
        if action.get("type") not in ("undo", "redo"):
            try:
                self.view.show(focus_hexes(self.game))  # the map follows the action
            except Exception as e:  # noqa: BLE001 - a nicety: never lose the action for it
                console_error(f"framing the action failed: {e!r}")
        if self.on_change is not None:
            self.on_change(self.game)
        return True

    def _prompt_in_view(self) -> None:
        """After a step of play, the Play panel shows its prompt (or the result): it is scrolled
        back to the prompt when the prompt is above what is in view."""
        pane, prompt = el("play"), el("prompt")
        if pane is None or prompt is None or pane.hidden:
            return
        top = float(prompt.offsetTop) - float(pane.offsetTop) if prompt.offsetParent is not pane else float(prompt.offsetTop)
        if float(pane.scrollTop) > top:
            pane.scrollTop = max(0.0, top - 8)

    # ------------------------------------------------------------------ events
    def tap(self, name: str) -> bool:
        """A hex was tapped; True if the planner used it (filling a hex field)."""
        return self.planner.tap(name)

    def _changed(self, ev: Any) -> None:
        target = ev.target
        if str(target.id) == "seal-file":
            import asyncio

            asyncio.ensure_future(self.seals.reveal_file(target))
            return
        if not target.closest("#plan-form"):  # JS null arrives as a falsy JsNull
            return
        self.planner.changed(target)

    def _step_input(self, ev: Any) -> None:
        if str(ev.target.id) == "log-step":
            self.log.stepped(int(ev.target.value))

    def _click(self, ev: Any) -> None:
        target = ev.target.closest("[data-act]")
        if not target:  # JS null arrives as a falsy JsNull
            return
        act = str(target.dataset.act)
        if self.planner.click(act, target) or self.seals.click(act, target):
            return
        if act == "advance":
            self.act({"type": "advance"})
        elif act == "dice-mode":
            self.dice_mode = str(target.dataset.mode)
            store_dice_mode(self.dice_mode)
            self.prompt.render()
            if self.on_change is not None:
                self.on_change(self.game)  # saved with the game: dice are chosen per game
        elif act == "roll":
            self.act({"type": "roll"})
        elif act == "enter":
            self.prompt.enter_dice()
        elif act == "choose":
            self.act({"type": "choose", "choice": str(target.dataset.choice)})
        elif act == "cancel":
            self.act({"type": "cancel"})
        elif act in ("undo", "redo"):
            self.log.undo_redo(act)
        elif act == "live":
            self.log.live()

    # ------------------------------------------------------------------ drawing
    def shown(self) -> Game:
        """The game as displayed: live, or at the log step being viewed."""
        return self.game if self.step is None else self.game.prefix(self.step)

    def refresh(self, redraw: bool = False) -> None:
        g = self.shown()
        key = id(g.state.terrain) if self.step is None else ("step", self.step)
        if redraw or key != self._terrain_key:
            self._terrain_key = key
            # the state's scenario: SSR options chosen in play bring their overlay pictures
            self.view.replace_svg(render_map(g.scenario, g.state.terrain, art=self.art_for(g.state.scenario)))
            self.render_key(g)
        self.prompt.render()
        self.log.render()
        self.seals.render()
        self.draw_overlay()
        document.body.dataset.actions = str(len(self.game.actions))

    def render_key(self, g: Game) -> None:
        """The map key's terrain part: what the map's colours, patterns, marks and lines mean (from
        the core); redrawn with the map."""
        host = el("map-key-terrain")
        if host is not None:
            markup = "".join(_key_section(sec) for sec in terrain_legend(g.scenario.system, g.state.terrain)["sections"])
            if markup != self._key_drawn or not host.firstChild:
                host.innerHTML = markup
                self._key_drawn = markup
        self.key_more()

    def key_more(self) -> None:
        """"More below" at the map key's foot while part of it is out of its box (#42 item 5)."""
        body, more = el("map-key-body"), el("map-key-more")
        if body is None or more is None:
            return
        hidden = float(body.scrollTop) + float(body.clientHeight) >= float(body.scrollHeight) - 2
        if bool(more.hidden) != hidden:
            more.hidden = hidden

    def draw_overlay(self) -> None:
        """The map's overlay: the game's own (procedures, counters, the last action's hexes) with,
        when live, the plan's odds or heatmap and a map tool's answer on top; the heat's key."""
        g = self.shown()
        plan = self.planner
        extra: dict[str, Any] = {}
        if self.step is None:
            if plan.plan_view is not None and g.state.procedure is None:
                extra.update(plan.plan_view)
            if plan.heat and plan.heat_view is not None:
                extra.update({k: plan.heat_view[k] for k in ("heat", "heat_unit", "heat_label")})
            if plan.picking_hexes:  # a counter field being picked: where its counters are
                extra["marks"] = list(extra.get("marks", [])) + [[h, "pick"] for h in plan.picking_hexes]
            if self.tool_view is not None:
                for k in ("marks", "paths", "zones", "labels"):
                    extra[k] = list(extra.get(k, [])) + list(self.tool_view.get(k, []))
        legend = el("map-legend")
        if legend is not None:
            key = heat_legend(extra) if extra.get("heat") else None
            if key is None:
                legend.innerHTML = ""
            else:
                stops = "".join(
                    f"<span class='heat-stop'><i style='background:{E(x['fill'], quote=True)};opacity:{E(x['opacity'], quote=True)}'></i>"
                    f"{E(x['text'])}</span>" for x in key["stops"])
                legend.innerHTML = (f"<span class='heat-label'>{E(key['label'])}</span>"
                                    f"<span class='heat-scale' data-unit='{E(key['unit'], quote=True)}'>{stops}</span>")
            legend.hidden = key is None
            if bool(document.body.classList.contains("with-legend")) != (key is not None):
                document.body.classList.toggle("with-legend", key is not None)  # beside the map: it gives room
        self.view.set_overlay(overlay(g, extra or None))
        marks = el("map-key-marks")
        if marks is not None:  # the key's first part: the marks this overlay draws, from the same view
            now = overlay_key(g, extra or None)
            marks.innerHTML = _key_section(now) if now is not None else ""
            self.key_more()

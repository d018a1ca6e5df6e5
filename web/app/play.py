"""The play panel and the log: plan a glider (E8) with live exact odds, resolve every prompt with
the app's dice or dice typed in at the table, and read the log with undo, redo and stepping.

Views only: the rules, the odds and every text shown come from the core (``airhead``); user text
is always escaped. The panel talks to the page through element ids (used by the e2e tests):
``plan-*`` (the glider planner), ``prompt-*`` (what the game waits for), ``log-*`` (the log).
"""

from __future__ import annotations

import html
import json
from typing import Any, Callable

from airhead.asl.gliders import GliderError
from airhead.game import Game, GameError
from airhead.present import (
    PresentError,
    glider_preview,
    heatmap_view,
    last_hexes,
    log_view,
    overlay_svg,
    plan_odds,
    procedure_menu,
    prompt_view,
)
from airhead.svg import render_map
from pyodide.ffi import create_proxy
from pyscript import document

E = html.escape
WINDS = ("N", "NE", "SE", "S", "SW", "NW")
KINDS = ("squad", "hs", "crew", "leader", "hero", "sw", "gun", "vehicle")


class InputError(ValueError):
    """Planner input the player must correct."""


def parse_passengers(text: str) -> list[dict[str, Any]]:
    """Lines ``name, kind, PP[, reduces to]`` → manifest entries (e.g. ``7-4-7, squad, 10, 3-3-7``)."""
    out: list[dict[str, Any]] = []
    for n, line in enumerate(text.splitlines(), 1):
        parts = [p.strip() for p in line.split(",")]
        if not any(parts):
            continue
        if len(parts) < 3 or len(parts) > 4:
            raise InputError(f"Passengers line {n}: write name, kind, PP[, reduces to] (e.g. 7-4-7, squad, 10, 3-3-7)")
        name, kind, pp = parts[0], parts[1].lower(), parts[2]
        if kind not in KINDS:
            raise InputError(f"Passengers line {n}: kind must be one of {', '.join(KINDS)}")
        if not pp.isdigit():
            raise InputError(f"Passengers line {n}: PP must be a whole number")
        item: dict[str, Any] = {"name": name, "kind": kind, "pp": int(pp)}
        if len(parts) == 4 and parts[3]:
            item["reduces_to"] = parts[3]
        out.append(item)
    return out


def parse_aa(text: str) -> list[dict[str, Any]]:
    """Lines ``name, kill number[, ROF[, DRM]]`` → Light AA firers (e.g. ``FlaK, 6, 2``)."""
    out: list[dict[str, Any]] = []
    for n, line in enumerate(text.splitlines(), 1):
        parts = [p.strip() for p in line.split(",")]
        if not any(parts):
            continue
        if not 2 <= len(parts) <= 4:
            raise InputError(f"Light AA line {n}: write name, Kill Number[, ROF[, DRM]] (e.g. FlaK, 6, 2)")
        try:
            nums = [int(p) for p in parts[1:]]
        except ValueError:
            raise InputError(f"Light AA line {n}: Kill Number, ROF and DRM are whole numbers") from None
        item: dict[str, Any] = {"name": parts[0], "kill": nums[0]}
        if len(nums) > 1:
            item["rof"] = nums[1]
        if len(nums) > 2:
            item["drm"] = nums[2]
        out.append(item)
    return out


def _el(id_: str) -> Any:
    return document.getElementById(id_)


class Play:
    """Owns the current :class:`Game` and keeps the play panel, the log and the map in step."""

    def __init__(self, scenario: Any, view: Any, on_change: Callable[[Game], None] | None = None) -> None:
        self.scenario = scenario
        self.game = Game(scenario, "airhead")
        self.view = view
        self.on_change = on_change
        self.picking = False
        self.heat = False
        self.step: int | None = None  # viewing the log at this step (None: live)
        self.menu: list[dict[str, Any]] = []
        self.pattern_counts: dict[str, float] | None = None
        self.dice_mode = _stored_dice_mode()  # "both", "app" (the app's dice) or "table" (typed in)
        self.plan_heat: dict[str, float] | None = None
        self._proxies: list[Any] = []
        self._terrain_key: Any = None
        self.render_planner()
        self._listen(_el("play"), "click", self._click)
        self._listen(_el("play"), "change", self._changed)
        self._listen(_el("log"), "click", self._click)
        self._listen(_el("log"), "input", self._step_input)
        self.refresh()

    # ------------------------------------------------------------------ plumbing
    def _listen(self, el: Any, name: str, fn: Callable[[Any], None]) -> None:
        p = create_proxy(fn)
        self._proxies.append(p)
        el.addEventListener(name, p)

    def load(self, game: Game) -> None:
        """Show another game (opened from a save or a link)."""
        self.game = game
        self.scenario = game.scenario
        self.step = None
        _el("scenario-name").textContent = game.scenario.name  # text, never markup
        document.title = f"Airhead: {game.scenario.name}"
        self.render_planner()
        self.refresh(redraw=True)

    def act(self, action: dict[str, Any]) -> bool:
        """Apply an action; show the reason if it is refused."""
        err = _el("prompt-error")
        try:
            self.game.apply(action)
        except GameError as e:
            if err is not None:
                err.textContent = str(e)
            document.body.dataset.lastError = str(e)
            return False
        if err is not None:
            err.textContent = ""
        self.refresh()
        if self.on_change is not None:
            self.on_change(self.game)
        return True

    # ------------------------------------------------------------------ the planner
    def render_planner(self) -> None:
        host = _el("plan")
        if host is None:
            return
        self.plan_heat = None
        if self.scenario.system != "asl":
            self.menu = procedure_menu(self.scenario)
            parts = []
            for i, item in enumerate(self.menu):
                text = json.dumps(item["params"], indent=1, ensure_ascii=False)
                odds = "" if item["name"] in ("panzer_leader.wind", "panzer_leader.landing_plan") else (
                    f"<button type='button' class='btn' data-act='proc-odds' data-i='{i}' id='proc-odds-{i}'>Odds</button>")
                parts.append(
                    f"<section class='proc'><h3>{E(item['title'])}</h3>"
                    f"<label class='form'><small>Plan (JSON, from the scenario; edit it to change the drop)</small>"
                    f"<textarea id='proc-params-{i}' rows='5' spellcheck='false'>{E(text)}</textarea></label>"
                    f"<div class='row'>{odds}<button type='button' class='btn primary' data-act='proc-start' data-i='{i}' "
                    f"id='proc-start-{i}'>Start</button></div></section>"
                )
            host.innerHTML = (
                "<div id='plan-error' class='error' role='alert'></div>" + "".join(parts)
                + "<div id='proc-result' class='preview' aria-live='polite'></div>"
            )
            return
        wind = self.scenario.settings.get("wind", "SW")
        wind_n = WINDS.index(wind) + 1 if wind in WINDS else (wind if isinstance(wind, int) else 5)
        opts = "".join(
            f"<option value='{i}'{' selected' if i == wind_n else ''}>{i} ({WINDS[i - 1]})</option>" for i in range(1, 7)
        )
        host.innerHTML = f"""
<h3>Glider landing <span class="rule">E8</span></h3>
<div class="form">
  <label>Glider <input id="plan-name" value="Glider 1" maxlength="24"></label>
  <label>ILH <span class="row"><input id="plan-ilh" placeholder="tap Pick, then a hex" maxlength="12" autocapitalize="characters">
    <button type="button" class="btn" data-act="pick" id="plan-pick">Pick</button></span></label>
  <label>Wind Direction (faces) <select id="plan-wind">{opts}</select></label>
  <label>Nationality <select id="plan-nat"><option>U.S.</option><option>British</option><option>German</option></select></label>
  <label>Passengers <small>name, kind, PP[, reduces to]</small>
    <textarea id="plan-passengers" rows="3" placeholder="7-4-7, squad, 10, 3-3-7"></textarea></label>
  <label>Light AA <small>name, Kill Number[, ROF[, DRM]]</small>
    <textarea id="plan-aa" rows="2" placeholder="FlaK, 6, 2"></textarea></label>
  <label class="check"><input type="checkbox" id="plan-night"> Night landing</label>
  <span class="row">
    <button type="button" class="btn" data-act="heat" id="plan-heat" aria-pressed="false">Heatmap</button>
    <button type="button" class="btn primary" data-act="start" id="plan-start">Start landing</button>
  </span>
</div>
<div id="plan-error" class="error" role="alert"></div>
<div id="plan-preview" class="preview" aria-live="polite"></div>"""

    # ------------------------------------------------------------------ sealed plans
    def render_seals(self) -> None:
        """Seal a secret plan on this device (only its commitment code enters the game), list the
        codes in the game, and reveal this device's own plans."""
        host = _el("seals")
        if host is None:
            return
        mine = _stored_seals()
        rows = []
        for side, label, code in self.game.state.seals:
            own = code in mine
            btn = (f"<button type='button' class='btn' data-act='reveal' data-code='{E(code, quote=True)}'>Reveal</button>"
                   if own else "<span class='hint'>sealed on another device</span>")
            rows.append(f"<li><b>{E(side)}</b> {E(label)}: <code class='seal-code'>{E(code)}</code> {btn}</li>")
        for o in self.game.state.outcomes:
            if o.get("procedure") == "reveal":
                verdict = "matches its code" if o.get("valid") else "MISMATCH: changed after sealing"
                cls = "ok" if o.get("valid") else "bad"
                rows.append(f"<li class='revealed {cls}'><b>{E(str(o['side']))}</b> {E(str(o['label']))}: revealed, {verdict}</li>")
        host.innerHTML = f"""
<h3>Sealed plans</h3>
<p class='hint'>Write down secret information (landing turns and hexes, glider Passengers) on this device.
The game — and every link — gets only its commitment code until you reveal it.</p>
<div class='form'>
  <label>Side <input id='seal-side' value='Allied' maxlength='24'></label>
  <label>What <input id='seal-label' value='landing plan' maxlength='48'></label>
  <label>Plan <small>text, or JSON such as [{{"turn": 1, "kind": "paradrop", "target": "A/f3"}}]</small>
    <textarea id='seal-plan' rows='3' spellcheck='false'></textarea></label>
  <button type='button' class='btn primary' data-act='seal' id='seal-button'>Seal</button>
</div>
<ul id='seal-list' class='seal-list'>{''.join(rows)}</ul>"""

    def seal_plan(self) -> None:
        from airhead.sealed import SealError, seal

        text = str(_el("seal-plan").value).strip()
        err = _el("prompt-error")
        if not text:
            err.textContent = "write the plan to seal first"
            return
        try:
            plan: Any = json.loads(text)
        except ValueError:
            plan = text
        try:
            sealed = seal(plan)
        except SealError as e:
            err.textContent = str(e)
            return
        side, label = str(_el("seal-side").value).strip(), str(_el("seal-label").value).strip()
        stored = _stored_seals()
        stored[sealed.code] = {"plan": sealed.plan, "salt": sealed.salt, "side": side, "label": label}
        _save_seals(stored)  # on this device only, before the code enters the game
        if self.act({"type": "seal", "side": side, "label": label, "code": sealed.code}):
            _el("seal-plan").value = ""
        else:
            stored.pop(sealed.code, None)
            _save_seals(stored)

    def reveal_plan(self, code: str) -> None:
        entry = _stored_seals().get(code)
        if entry is None:
            _el("prompt-error").textContent = "this device does not hold that plan"
            return
        self.act({"type": "reveal", "side": entry["side"], "label": entry["label"], "plan": entry["plan"], "salt": entry["salt"]})

    def _plan_inputs(self) -> dict[str, Any]:
        ilh = str(_el("plan-ilh").value).strip().upper()
        if not ilh:
            raise InputError("choose the Intended Landing Hex: tap Pick, then a hex (or type its name)")
        params: dict[str, Any] = {
            "name": str(_el("plan-name").value).strip() or "Glider",
            "ilh": ilh,
            "wind": int(_el("plan-wind").value),
            "nationality": str(_el("plan-nat").value),
        }
        passengers = parse_passengers(str(_el("plan-passengers").value))
        aa = parse_aa(str(_el("plan-aa").value))
        if passengers:
            params["passengers"] = passengers
        if aa:
            params["aa"] = aa
        if _el("plan-night").checked:
            params["night"] = True
        return params

    def update_preview(self) -> None:
        box, err = _el("plan-preview"), _el("plan-error")
        if box is None:
            return
        try:
            p = self._plan_inputs()
            pv = glider_preview(self.scenario, self.game.state.terrain, p["ilh"], p["wind"], p.get("aa", []),
                                night=bool(p.get("night")))
        except (InputError, PresentError, GliderError) as e:
            err.textContent = str(e) if str(_el("plan-ilh").value).strip() else ""
            box.innerHTML = ""
            self.draw_overlay()
            return
        err.textContent = ""
        rows = "".join(f"<tr><td>{E(o['label'])}</td><td class='num'>{o['p']:.1%}</td></tr>" for o in pv["outcomes"])
        lands = "".join(f"<li>{E(h)} <span class='num'>{p:.1%}</span></li>" for h, p in list(pv["landing"].items())[:6])
        reasons = "".join(f"<li>{E(r)}</li>" for r in pv["reasons"])
        mine = "<p class='hint'>A possible landing hex holds a minefield: its attack is not included.</p>" if pv["minefield"] else ""
        box.innerHTML = (
            f"<p>Avenue of Approach: <b id='plan-avenue'>{E(', '.join(pv['avenue']))}</b></p>"
            f"<p>Landing colored drm: <b id='plan-drm'>{pv['drm']:+d}</b></p><ul class='reasons'>{reasons}</ul>"
            f"<table id='plan-odds' class='odds'>{rows}</table><p>Most likely landing hexes:</p><ul id='plan-landing'>{lands}</ul>{mine}"
        )
        self.draw_overlay(preview=pv)

    # ------------------------------------------------------------------ events
    def tap(self, name: str) -> bool:
        """A hex was tapped; True if the planner used it (picking the ILH)."""
        if not self.picking:
            return False
        _el("plan-ilh").value = name
        self.picking = False
        _el("plan-pick").classList.remove("on")
        self.update_preview()
        return True

    def _changed(self, ev: Any) -> None:
        tid = str(ev.target.id or "")
        if tid.startswith("plan-"):
            self.update_preview()

    def _step_input(self, ev: Any) -> None:
        if str(ev.target.id) == "log-step":
            n = int(ev.target.value)
            self.step = None if n >= len(self.game.actions) else n
            self.refresh(redraw=True)

    def _click(self, ev: Any) -> None:
        target = ev.target.closest("[data-act]")
        if not target:  # JS null arrives as a falsy JsNull
            return
        act = str(target.dataset.act)
        if act == "pick":
            self.picking = not self.picking
            target.classList.toggle("on", self.picking)
        elif act == "heat":
            self.heat = not self.heat
            target.setAttribute("aria-pressed", "true" if self.heat else "false")
            self.draw_overlay()
        elif act == "start":
            try:
                params = self._plan_inputs()
            except InputError as e:
                _el("plan-error").textContent = str(e)
                return
            if self.act({"type": "start", "procedure": "asl.glider_landing", "params": params}):
                _el("plan-error").textContent = ""
        elif act == "dice-mode":
            self.dice_mode = str(target.dataset.mode)
            try:
                from pyscript import window

                window.localStorage.setItem("airhead-dice-mode", self.dice_mode)
            except Exception:  # noqa: BLE001 - storage blocked: the choice lasts this session
                pass
            self.render_prompt(self.shown())
            if self.on_change is not None:
                self.on_change(self.game)  # saved with the game: dice are chosen per game
        elif act == "seal":
            self.seal_plan()
        elif act == "reveal":
            self.reveal_plan(str(target.dataset.code))
        elif act in ("proc-odds", "proc-start"):
            self.procedure_action(act, int(target.dataset.i))
        elif act == "roll":
            self.act({"type": "roll"})
        elif act == "enter":
            self.enter_dice()
        elif act == "choose":
            self.act({"type": "choose", "choice": str(target.dataset.choice)})
        elif act == "cancel":
            self.act({"type": "cancel"})
        elif act in ("undo", "redo"):
            self.act({"type": act})
        elif act == "live":
            self.step = None
            self.refresh(redraw=True)

    def procedure_action(self, act: str, i: int) -> None:
        """Show the odds of, or start, procedure ``i`` of the menu with the edited plan."""
        item = self.menu[i]
        err, out = _el("plan-error"), _el("proc-result")
        try:
            params = json.loads(str(_el(f"proc-params-{i}").value) or "{}")
            if not isinstance(params, dict):
                raise ValueError("the plan must be a JSON object { ... }")
        except ValueError as e:
            err.textContent = f"{item['title']}: the plan is not valid JSON ({e})"
            return
        err.textContent = ""
        if act == "proc-start":
            if self.act({"type": "start", "procedure": item["name"], "params": params}):
                self.plan_heat = None
                out.innerHTML = ""
            else:
                err.textContent = str(_el("prompt-error").textContent)
            return
        try:
            odds = plan_odds(self.game, item["name"], params)
        except (GameError, ValueError) as e:
            err.textContent = str(e)
            return
        self.plan_heat = odds["heat"]
        out.innerHTML = f"<h3>Odds: {E(item['title'])}</h3><ul id='proc-odds-lines'>" + "".join(
            f"<li>{E(line)}</li>" for line in odds["lines"]) + "</ul><p class='hint'>The map shows the expected number of units ending alive in each hex.</p>"
        self.draw_overlay()

    def enter_dice(self) -> None:
        text = str(_el("prompt-dice").value).strip()
        p = self.game.waiting_for()
        if p is None or p.dice is None:
            return
        from airhead.dice import DiceError, parse_typed

        try:
            roll = parse_typed(p.dice, text)
        except DiceError as e:
            _el("prompt-error").textContent = str(e)
            return
        if self.act({"type": "dice", "values": list(roll.values)}):
            _el("prompt-dice").value = ""

    # ------------------------------------------------------------------ drawing
    def shown(self) -> Game:
        """The game as displayed: live, or at the log step being viewed."""
        return self.game if self.step is None else self.game.prefix(self.step)

    def refresh(self, redraw: bool = False) -> None:
        g = self.shown()
        key = id(g.state.terrain) if self.step is None else ("step", self.step)
        if redraw or key != self._terrain_key:
            self._terrain_key = key
            self.view.replace_svg(render_map(g.scenario, g.state.terrain))
        self.render_prompt(g)
        self.render_log()
        self.render_seals()
        self.draw_overlay()
        document.body.dataset.actions = str(len(self.game.actions))

    def render_prompt(self, g: Game) -> None:
        host = _el("prompt")
        if host is None:
            return
        p = prompt_view(g)
        live = self.step is None
        if p is None:
            out = g.state.outcomes[-1] if g.state.outcomes else None
            summary = ""
            if out and out.get("procedure") == "asl.glider_landing":
                where = out.get("hex") or "the air"
                summary = f"<p id='prompt-result'>{E(str(out['glider']))}: {E(str(out['status']))} in {E(str(where))}</p>"
            host.innerHTML = f"<p class='hint' id='prompt-idle'>Nothing waits for dice.</p>{summary}"
            host.dataset.waiting = ""
            return
        body = ""
        if not live:
            body = "<p class='hint'>Viewing an earlier step of the log. <button type='button' class='btn' data-act='live'>Back to now</button></p>"
        elif p["kind"] == "roll":
            dice = " + ".join(f"{E(n)} d{s}" for n, s in p["dice"])
            mode = self.dice_mode
            app = "" if mode == "table" else (
                "<div class='row'><button type='button' class='btn primary' data-act='roll' id='prompt-roll'>Roll app dice</button></div>")
            table = "" if mode == "app" else (
                "<div class='row'><input id='prompt-dice' inputmode='numeric' autocomplete='off' placeholder='type your dice, e.g. 4 2' aria-label='Dice rolled at the table'>"
                "<button type='button' class='btn' data-act='enter' id='prompt-enter'>Enter</button></div>")
            switch = "".join(
                f"<button type='button' class='btn subtle{' on' if mode == m else ''}' data-act='dice-mode' data-mode='{m}' id='dice-mode-{m}'>{label}</button>"
                for m, label in (("both", "both"), ("app", "app dice"), ("table", "table dice"))
            )
            body = f"<p class='dice-spec'>{dice}</p>{app}{table}<p class='row dice-modes'>Dice: {switch}</p>"
        else:
            body = "<div class='choices'>" + "".join(
                f"<button type='button' class='btn choice' data-act='choose' data-choice='{E(o, quote=True)}'>{E(o)}</button>" for o in p["options"]
            ) + "</div>"
        host.innerHTML = (
            f"<p class='prompt-label'><span class='rule'>{E(p['rule'])}</span> <span id='prompt-label'>{E(p['label'])}</span></p>{body}"
            "<p class='row'><button type='button' class='btn subtle' data-act='cancel'>Abandon</button></p>"
        )
        host.dataset.waiting = p["rule"]

    def render_log(self) -> None:
        host = _el("log-list")
        if host is None:
            return
        items = []
        for e in log_view(self.game):
            cls = "entry undone" if e["undone"] else "entry"
            if self.step is not None and e["n"] > self.step:
                cls += " future"
            evs = "".join(
                f"<li class='ev ev-{E(x['kind'])}'><code>{E(x['text'])}</code></li>" for x in e["events"]
            )
            items.append(f"<li class='{cls}' data-n='{e['n']}'><b>#{e['n']}</b> {E(e['text'])}<ul>{evs}</ul></li>")
        host.innerHTML = "".join(items) or "<li class='hint'>No actions yet.</li>"
        n = len(self.game.actions)
        step = _el("log-step")
        step.max = str(n)
        step.value = str(n if self.step is None else self.step)
        _el("log-undo").disabled = not self.game.can_undo or self.step is not None
        _el("log-redo").disabled = not self.game.can_redo or self.step is not None
        _el("log-position").textContent = f"step {n if self.step is None else self.step} of {n}"

    def draw_overlay(self, preview: dict[str, Any] | None = None) -> None:
        g = self.shown()
        marks: dict[str, str] = {}
        path: list[str] = []
        proc = g.state.procedure
        if proc is not None and proc.procedure == "asl.glider_landing":
            d = proc.data
            path = list(d.get("ilhs", []))
            for h in preview_avenue(self.scenario, d):
                marks[h] = "avenue"
            marks[str(d["ilh"])] = "ilh"
            if d.get("landed"):
                path.append(str(d["landed"]))
                marks[str(d["landed"])] = "landed"
        elif proc is not None and proc.procedure == "panzer_leader.paradrop" or (
                proc is None and g.state.outcomes and g.state.outcomes[-1].get("procedure") == "panzer_leader.paradrop"):
            # the drift diagrams as rolled: most sticks per hex, to compare with the printed ones
            patterns = (proc.data if proc is not None else g.state.outcomes[-1]).get("patterns", {})
            counts: dict[str, float] = {}
            for target, cells in patterns.items():
                marks[str(target)] = "ilh"
                for name, cap in cells:
                    counts[str(name)] = counts.get(str(name), 0) + float(cap)
            if counts:
                self.pattern_counts = counts
        elif g.state.outcomes and g.state.outcomes[-1].get("procedure") == "asl.glider_landing":
            out = g.state.outcomes[-1]
            path = list(out.get("ilhs", []))
            if out.get("hex"):
                path.append(str(out["hex"]))
                marks[str(out["hex"])] = "landed"
        if preview is not None and proc is None:
            for h in preview["avenue"]:
                marks.setdefault(h, "avenue")
            marks[preview["ilh"]] = "ilh"
        for h in last_hexes(g):
            marks.setdefault(h, "hit")
        marks = {k: v for k, v in marks.items() if _named(self.scenario, k)}
        path = [h for h in path if _named(self.scenario, h)]
        heat = None
        unit = "%"
        counts, self.pattern_counts = self.pattern_counts, None
        if counts:
            heat, unit = counts, "count"
        elif self.plan_heat and self.scenario.system != "asl" and self.step is None:
            heat, unit = self.plan_heat, "units"
        elif self.heat and self.scenario.system == "asl":
            try:
                wind = int(_el("plan-wind").value)
            except Exception:  # noqa: BLE001 - no planner on screen
                wind = 5
            heat = heatmap_view(self.scenario, g.state.terrain, wind)
        self.view.set_overlay(overlay_svg(self.scenario, marks=marks, path=_dedupe(path), heat=heat, heat_unit=unit))


def _stored_dice_mode() -> str:
    from pyscript import window

    try:
        mode = str(window.localStorage.getItem("airhead-dice-mode") or "both")
    except Exception:  # noqa: BLE001
        return "both"
    return mode if mode in ("both", "app", "table") else "both"


SEALS_KEY = "airhead-sealed-plans"


def _stored_seals() -> dict[str, Any]:
    """This device's sealed plans by commitment code (plan and salt never leave the device
    until revealed)."""
    from pyscript import window

    try:
        raw = window.localStorage.getItem(SEALS_KEY)
        data = json.loads(str(raw)) if raw else {}
    except Exception:  # noqa: BLE001 - unreadable storage: start empty, never crash
        return {}
    return data if isinstance(data, dict) else {}


def _save_seals(data: dict[str, Any]) -> None:
    from pyscript import window

    try:
        window.localStorage.setItem(SEALS_KEY, json.dumps(data))
    except Exception:  # noqa: BLE001 - full or blocked storage
        _el("prompt-error").textContent = "this device's storage is full: the sealed plan could not be kept"


def _named(scenario: Any, name: str) -> bool:
    """True if ``name`` is a hex the overlay can draw (on or off the map)."""
    try:
        scenario.map.parse(name, allow_offboard=True)
        return True
    except ValueError:
        return False


def _dedupe(path: list[str]) -> list[str]:
    out: list[str] = []
    for h in path:
        if not out or out[-1] != h:
            out.append(h)
    return out


def preview_avenue(scenario: Any, data: Any) -> list[str]:
    """The Avenue of Approach of a glider under way (its current ILH and facing)."""
    from airhead.asl.gliders import Approach

    m = scenario.map
    appr = Approach(m, m.parse(str(data["ilh"]), allow_offboard=True), int(data["facing"]))
    return [m.name(h) for h in appr.avenue()]

"""The Play panel and the log, the same for every game system.

The scenario's procedure menu, a form built from the chosen procedure's fields, its exact odds
and heatmap, the prompt (the app's dice or dice typed in at the table), the result in one
sentence, the turn track, and the log with undo, redo and stepping. Views only: the menu, the
forms, the odds, every text and every overlay come from ``airhead.present``; this module never
reads a procedure's data and knows no system. User text is always escaped.

Element ids used by the e2e tests: ``proc-<name>`` (menu), ``f-<path>`` (form inputs),
``plan-*`` (planner buttons, odds, errors), ``prompt-*``, ``turn-*``, ``log-*``, ``seal-*``, ``secret-*``
("I am the <side> player", "Hide again"; ``<body data-secrets-shown>`` names the side shown).
"""

from __future__ import annotations

import html
import json
import re
import secrets
from typing import Any, Callable

from airhead.errors import AirheadError, DataError
from airhead.game import Game
from airhead.present import (
    focus_hexes,
    form_params,
    form_values,
    heat_legend,
    heatmap_view,
    last_change,
    log_position,
    log_view,
    odds_view,
    offmap_view,
    overlay,
    procedure_menu,
    prompt_view,
    result_view,
    roll_view,
    seal_request,
    hide_secrets,
    secret_inputs,
    secret_path,
    secrets_view,
    terrain_legend,
    turn_view,
)
from airhead.svg import render_map
from airhead.systems import new_game
from forms import form_html, input_id
from picked import picked_file
from tablepack_panel import PackPanel, stored_pack
from pyodide.ffi import create_proxy
from pyscript import document
from pyscript.ffi import is_none

E = html.escape


def _el(id_: str) -> Any:
    """The element with id ``id_``, or None (never JavaScript's null)."""
    el = document.getElementById(id_)
    return None if el is None or is_none(el) else el


#: What :meth:`Play.load` puts back when opening a game fails (everything a game's drawing reads).
_LOAD_STATE = ("game", "scenario", "step", "values", "current", "heat", "touched", "picking", "plan_view", "viewer",
               "heat_view", "menu", "dice_mode", "_terrain_key", "tool_view")


def _dom_id(name: str) -> str:
    return "proc-" + name.replace(".", "-").replace("_", "-")


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
        self.picking: str | None = None  # the hex field a tap on the map fills
        self.heat = False
        self.step: int | None = None  # viewing the log at this step (None: live)
        self.menu: list[dict[str, Any]] = []
        self.current = ""  # the procedure whose form is shown
        self.values: dict[str, dict[str, Any]] = {}  # each procedure's form, as JSON
        self.plan_view: dict[str, Any] | None = None  # the plan's odds, drawn on the map
        self.heat_view: dict[str, Any] | None = None
        self.tool_view: dict[str, Any] | None = None  # a map tool's answer (maptools.py), drawn on the map
        self.touched: set[str] = set()  # procedures whose Start was tapped: show "missing" too
        #: The side whose player confirmed "I am the <side> player": only that side's secrets are
        #: drawn. It lapses when another game is opened (a link, a save, a new map) and on reload.
        self.viewer: str | None = None
        self._drawn_secrets: tuple[tuple[str, str, bool], ...] = ()  # what the form on screen hides and shows
        self._redrawing = False
        self.dice_mode = _stored_dice_mode()  # "both", "app" (the app's dice) or "table" (typed in)
        self._proxies: list[Any] = []
        self._terrain_key: Any = None
        self.pack = PackPanel(self._pack_changed)
        self.render_planner()
        for host, name, fn in ((_el("play"), "click", self._click), (_el("play"), "change", self._changed),
                               (_el("log"), "click", self._click), (_el("log"), "input", self._step_input)):
            self._listen(host, name, fn)
        self.refresh()

    # ------------------------------------------------------------------ plumbing
    def _listen(self, el: Any, name: str, fn: Callable[[Any], None]) -> None:
        p = create_proxy(fn)
        self._proxies.append(p)
        el.addEventListener(name, p)

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
        try:
            self.game = game
            self.scenario = game.scenario
            self.step = None
            self.values = {}
            self.current = ""
            self.heat = False
            self.touched = set()
            self.picking = None
            self.tool_view = None
            self.viewer = None  # the game changes hands: its secrets are hidden again
            self._draw_loaded()
            if then is not None:
                then()
        except BaseException:
            for k, v in before.items():
                setattr(self, k, v)
            try:
                self._draw_loaded()
            except Exception as again:  # noqa: BLE001 - it was drawn before; report, keep the first error
                from pyscript import window

                window.console.error(f"redrawing the previous game failed: {again!r}")
            raise
        return True

    def _draw_loaded(self) -> None:
        """Draw the whole of ``self.game`` (the title, the planner and everything refresh draws)."""
        _el("scenario-name").textContent = self.game.scenario.name  # text, never markup
        document.title = f"Airhead: {self.game.scenario.name}"
        self.render_planner()
        self.refresh(redraw=True)

    def act(self, action: dict[str, Any]) -> bool:
        """Apply an action; show the reason if it is refused. If the game cannot be drawn after
        it (a fault in Airhead, not in the action), the action is taken back — the game is
        rebuilt from its other actions and drawn again — and the player is told: what is on
        screen and what is saved is always a game that can be shown."""
        err = _el("prompt-error")
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
            from pyscript import window

            window.console.error(f"drawing the game after {action.get('type')!r} failed: {e!r}")
            self.game = Game(before.scenario, before.seed, before.actions[:-1], system=before.system)
            self.step = None
            try:
                self.refresh(redraw=True)
            except Exception as again:  # noqa: BLE001 - it was drawn before; keep the page alive
                window.console.error(f"redrawing the game failed: {again!r}")
            text = "That could not be shown (a fault in Airhead), so it was taken back: the game is as it was."
            if err is not None:
                err.textContent = text
            document.body.dataset.lastError = text
            return False
        if action.get("type") not in ("undo", "redo"):
            try:
                self.view.show(focus_hexes(self.game))  # the map follows the action
            except Exception as e:  # noqa: BLE001 - a nicety: never lose the action for it
                from pyscript import window

                window.console.error(f"framing the action failed: {e!r}")
        if self.on_change is not None:
            self.on_change(self.game)
        return True

    # ------------------------------------------------------------------ the planner
    def _item(self) -> dict[str, Any]:
        return next((i for i in self.menu if i["name"] == self.current), self.menu[0])

    def render_planner(self) -> None:
        host = _el("plan")
        if host is None:
            return
        self.menu = procedure_menu(self.game, stored_pack(self.game.system.key))
        if self.pack.system != self.game.system.key:
            self.pack.render(self.game.system.key)
        if not self.menu:
            host.innerHTML = "<p class='hint'>This game system has no procedures.</p>"
            return
        if not self.current:  # a game just opened: show the plan under way, if any
            self.current = next((i["name"] for i in self.menu if i.get("under_way")), "")
        if self.current not in [i["name"] for i in self.menu]:
            self.current = self.menu[0]["name"]
        item = self._item()
        values = self.values.setdefault(item["name"], dict(item["values"]))
        buttons = _menu_html(self.menu, item["name"], _menu_groups_open())
        extra = (f"<button type='button' class='btn toggle{' on' if self.heat else ''}' data-act='heat' id='plan-heat' "
                f"aria-pressed='{'true' if self.heat else 'false'}'>Heatmap</button>") if item["has_heatmap"] else ""
        if item["seal_label"]:
            extra += "<button type='button' class='btn' data-act='seal-form' id='plan-seal'>Seal it (keep it secret)</button>"
        start = ("" if item["seal_only"] else
                 "<button type='button' class='btn primary' data-act='start' id='plan-start'>Start</button>")
        host.innerHTML = (
            f"<div class='proc-menu' id='proc-menu'>{buttons}</div>"
            f"<section id='plan-form' data-proc='{E(item['name'], quote=True)}'><h3>{E(item['title'])}</h3>"
            f"{form_html(item['fields'], values, self._secrets(item['name'], values))}"
            f"<div class='row'>{extra}{start}</div></section>"
            "<div id='plan-error' class='error' role='alert'></div>"
            "<div id='plan-odds' class='preview' aria-live='polite'></div>")
        self.plan_view = None
        self.heat_view = None
        self.update_plan()

    def _pack_changed(self) -> None:
        """The device's table numbers changed: fill them into the forms' empty fields."""
        self.menu = procedure_menu(self.game, stored_pack(self.game.system.key))
        for item in self.menu:
            kept = self.values.get(item["name"])
            if kept is not None:
                for k, v in item["values"].items():
                    if kept.get(k) is None:
                        kept[k] = v
        self.render_planner()

    def read_form(self) -> dict[str, Any]:
        """The form's inputs by path (checkboxes as True/False)."""
        flat: dict[str, Any] = {}
        form = _el("plan-form")
        if form is None:
            return flat
        for el in form.querySelectorAll("[data-path]"):
            path = str(el.dataset.path)
            if str(el.type) == "checkbox":
                flat[path] = bool(el.checked)
            elif el.tagName != "BUTTON":
                flat[path] = str(el.value)
        name = str(form.dataset.proc)
        for path, v in secret_inputs(self.game, name, self.values.get(name) or {}, self.viewer).items():
            flat.setdefault(path, v)  # a secret not drawn for this player is read from what was kept
        return flat

    def update_plan(self, show_missing: bool = False) -> dict[str, Any] | None:
        """Read the form; show its odds (and heatmap) or say what is wrong. Returns the checked
        parameters, or None."""
        item = self._item()
        flat = self.read_form()
        err, box = _el("plan-error"), _el("plan-odds")
        for bad in document.querySelectorAll("#plan-form .invalid"):
            bad.classList.remove("invalid")
        self.values[item["name"]] = form_values(self.game, item["name"], flat)
        if not self._redrawing and self._secrets_sig(item["name"]) != self._drawn_secrets:
            self._redrawing = True  # whose secret it is changed with the form (a German glider): draw it again
            try:
                self.render_planner()
            finally:
                self._redrawing = False
            return None
        if self.heat and item["has_heatmap"]:
            try:
                self.heat_view = heatmap_view(self.game, item["name"],
                                              hide_secrets(self.game, item["name"], self.values[item["name"]], self.viewer))
            except AirheadError:
                self.heat_view = None
        try:
            params = form_params(self.game, item["name"], flat)
            # the odds as this player may know the plan: no other side's secret in them
            od = odds_view(self.game, item["name"], hide_secrets(self.game, item["name"], params, self.viewer)) if item["has_odds"] else None
        except AirheadError as e:
            missing = str(e).endswith(": missing")
            show = show_missing or item["name"] in self.touched or not missing
            path = getattr(e, "path", "") if isinstance(e, DataError) else ""
            text = self._secret_error(item["name"], path) or str(e)
            err.textContent = text if show else ""
            el = _el(input_id(path)) if path else None
            if el is not None and show:
                el.classList.add("invalid")
            box.innerHTML = ""
            self.plan_view = None
            document.body.dataset.planError = text if show else ""
            self.draw_overlay()
            return None
        err.textContent = ""
        document.body.dataset.planError = ""
        self.plan_view = od["view"] if od else None
        box.innerHTML = _odds_html(od) if od else ""
        self.draw_overlay()
        return params

    def _rows(self, act: str, path: str) -> None:
        """Add a row to the list at ``path``, or remove the row at ``path``."""
        item = self._item()
        values = form_values(self.game, item["name"], self.read_form())
        parts = path.split(".")
        target: Any = values
        field: dict[str, Any] = {"fields": item["fields"], "kind": "record"}
        keys = parts if act == "row-add" else parts[:-1]
        for key in keys:
            if field["kind"] == "list":
                target = target[int(key)]
                field = field["item"]
                continue
            field = next(f for f in field["fields"] if f["key"] == key)
            if key not in target or target[key] is None:
                target[key] = [] if field["kind"] == "list" else {}
            target = target[key]
        if act == "row-add":
            target.append(json.loads(json.dumps(field.get("new_item", ""))))
        else:
            del target[int(parts[-1])]
        self.values[item["name"]] = values
        self.render_planner()

    # ------------------------------------------------------------------ secrets (#14 item 5)
    def _secrets(self, name: str, values: dict[str, Any]) -> dict[str, Any]:
        """What the form of ``name`` holds in secret, whose, and what this player may see."""
        view = secrets_view(self.game, name, values, self.viewer)
        document.body.dataset.secretsShown = self.viewer or ""
        self._drawn_secrets = tuple((f["path"], f["side"], f["shown"]) for f in view["fields"])
        return view

    def _secrets_sig(self, name: str) -> tuple[tuple[str, str, bool], ...]:
        view = secrets_view(self.game, name, self.values.get(name) or {}, self.viewer)
        return tuple((f["path"], f["side"], f["shown"]) for f in view["fields"])

    def _secret_error(self, name: str, path: str) -> str:
        """A complaint about a field hidden from this player, in words that give nothing away."""
        if not path:
            return ""
        hit = secret_path(secrets_view(self.game, name, self.values.get(name) or {}, self.viewer), path)
        if hit is None or hit["shown"]:
            return ""
        return (f"The {hit['side']} player's {hit['what']} is not complete: only they can see it "
                f"(tap 'I am the {hit['side']} player').")

    def show_secrets(self, side: str | None) -> None:
        """Draw the secrets of ``side`` (its player confirmed "I am the <side> player"), or none
        (Hide again); what the form holds is kept either way."""
        if _el("plan-form") is not None:
            self.values[self.current] = form_values(self.game, self.current, self.read_form())
        self.viewer = side or None
        self.picking = None
        self.render_planner()

    # ------------------------------------------------------------------ sealed plans
    def render_seals(self) -> None:
        """Seal a secret note on this device (only its commitment code enters the game), list the
        codes in the game, reveal the ones whose plan and salt this device holds (or that a
        secret file brings), and show each revealed plan."""
        host = _el("seals")
        if host is None:
            return
        typed = {k: str(_el(k).value) for k in ("seal-side", "seal-label", "seal-plan") if _el(k) is not None}
        mine = _stored_seals()
        rows = []
        elsewhere = False
        for side, label, code in self.game.state.seals:
            own = code in mine
            elsewhere = elsewhere or not own
            btn = (f"<button type='button' class='btn' data-act='reveal' data-code='{E(code, quote=True)}'>Reveal</button>"
                   if own else "<span class='hint'>sealed on another device</span>")
            rows.append(f"<li><b>{E(side)}</b> {E(label)}: <code class='seal-code'>{E(code)}</code> {btn}</li>")
        for o in self.game.state.outcomes:
            if o.get("procedure") == "reveal":
                verdict = ("revealed, matches its code" if o.get("valid") else
                           "MISMATCH: a reveal that does not match its code (changed after sealing, or not this "
                           "side's own) was not accepted")
                cls = "ok" if o.get("valid") else "bad"
                rows.append(f"<li class='revealed {cls}'><b>{E(str(o.get('side', '')))}</b> {E(str(o.get('label', '')))}: "
                            f"{verdict}<div class='seal-plan-text'>{E(_plan_text(o.get('plan')))}</div></li>")
        offer = ""
        pending = _PENDING.get("game") is self.game
        if pending:
            offer = ("<div id='seal-offer' class='seal-offer' role='alert'><p><b>This device's storage is full:</b> the "
                     "secret cannot be kept here, so nothing was sealed yet. Download it to a file (the secret and "
                     "its key), then seal — you reveal it later from that file. Or cancel, free some space and "
                     "seal again.</p><div class='row'>"
                     "<button type='button' class='btn primary' data-act='seal-download' id='seal-download'>Download the secret and seal</button>"
                     "<button type='button' class='btn subtle' data-act='seal-cancel' id='seal-cancel'>Cancel</button></div></div>")
        from_file = ("<label class='btn file'>Reveal from a secret file<input type='file' id='seal-file' "
                     "accept='.json,application/json,text/plain'></label>") if elsewhere else ""
        host.innerHTML = f"""
<h3>Sealed notes</h3>
<p class='hint'>Write down secret information on this device. The game — and every link — gets only its
commitment code until you reveal it, and anyone can then check it was not changed.</p>
<div class='form'>
  <label>Side <input id='seal-side' value='Allied' maxlength='24'></label>
  <label>What <input id='seal-label' value='landing plan' maxlength='48'></label>
  <label>Secret <textarea id='seal-plan' rows='3'></textarea></label>
  <button type='button' class='btn primary' data-act='seal' id='seal-button'{' disabled' if pending else ''}>Seal</button>
</div>
{offer}<p id='seal-error' class='error' role='alert'></p>
<ul id='seal-list' class='seal-list'>{''.join(rows)}</ul>{from_file}"""
        for k, v in typed.items():  # keep what was being typed across redraws
            _el(k).value = v

    def _seal_error(self, text: str) -> None:
        box = _el("seal-error") or _el("prompt-error")
        if box is not None:
            box.textContent = text

    def seal_plan(self, request: dict[str, Any] | None = None) -> None:
        """Seal the secret note, or (``request``) the plan of the form on screen. The secret is
        kept on this device *before* its code enters the game; if the browser refuses to keep it
        (storage full), nothing is sealed and the player is offered the secret as a file first."""
        from airhead.sealed import seal

        if request is None:
            text = str(_el("seal-plan").value).strip()
            if not text:
                self._seal_error("write the secret to seal first")
                return
            request = {"side": str(_el("seal-side").value).strip(), "label": str(_el("seal-label").value).strip(), "plan": text}
        try:
            sealed = seal(request["plan"])
        except AirheadError as e:
            self._seal_error(str(e))
            return
        side, label = str(request["side"]), str(request["label"])
        record = {"plan": sealed.plan, "salt": sealed.salt, "side": side, "label": label}
        stored = _device_seals()
        stored[sealed.code] = record
        if not _save_seals(stored):  # full or blocked: do not seal a plan that would be lost
            _PENDING.clear()
            _PENDING.update(game=self.game, code=sealed.code, record=record)
            document.body.dataset.sealStorage = "full"
            self.render_seals()
            return
        if self.act({"type": "seal", "side": side, "label": label, "code": sealed.code}):
            box = _el("seal-plan")
            if box is not None and request.get("plan") == str(box.value).strip():
                box.value = ""
        else:
            stored.pop(sealed.code, None)
            _save_seals(stored)

    def seal_download(self) -> None:
        """Storage refused the secret: download it as a file, then seal (kept in memory for this
        session too, so it can be revealed without the file until the page is closed)."""
        if _PENDING.get("game") is not self.game:
            return
        code, record = str(_PENDING["code"]), dict(_PENDING["record"])
        _PENDING.clear()
        from games import download  # the one file-download helper (games.py has Export)

        download(f"airhead-secret-{_slug(record['side'])}-{_slug(record['label'])}.json",
                 json.dumps({"airhead_secret": 1, "code": code, **record}, ensure_ascii=False, indent=1))
        _SESSION_SEALS[code] = record
        if self.act({"type": "seal", "side": record["side"], "label": record["label"], "code": code}):
            box = _el("seal-plan")
            if box is not None and str(record["plan"]) == str(box.value).strip():
                box.value = ""
                self.render_seals()
        else:
            _SESSION_SEALS.pop(code, None)

    def seal_cancel(self) -> None:
        _PENDING.clear()
        self.render_seals()

    def reveal_plan(self, code: str) -> None:
        """Reveal a seal of this game with the plan and salt this device holds for its code."""
        entry = _stored_seals().get(code)
        sealed = next(((s, lb) for s, lb, c in self.game.state.seals if c == code), None)
        if entry is None or sealed is None:
            self._seal_error("this device does not hold that secret")
            return
        side, label = sealed
        self.act({"type": "reveal", "side": side, "label": label, "plan": entry["plan"], "salt": entry["salt"]})

    async def reveal_file(self, inp: Any) -> None:
        """Reveal from a secret file downloaded when this device's storage was full."""
        from airhead.sealed import MAX_PLAN_BYTES

        f = await picked_file(inp, 4 * MAX_PLAN_BYTES)
        if f is None:
            return
        try:
            if f.text is None:
                raise ValueError("it is too large to be a secret file" if f.too_large else "it could not be read")
            text = f.text
            if _too_deep(text, 32):
                raise ValueError("it is not an Airhead secret file")
            data = json.loads(text)
            if not isinstance(data, dict) or not isinstance(data.get("code"), str):
                raise ValueError("it is not an Airhead secret file")
            record = _usable({k: data.get(k) for k in ("plan", "salt", "side", "label")})
            if record is None:
                raise ValueError("it is not an Airhead secret file")
        except (ValueError, UnicodeError) as e:
            self._seal_error(f"{f.name} cannot be used: {e}")
            return
        code = data["code"]
        if not any(c == code for _s, _lb, c in self.game.state.seals):
            self._seal_error(f"{f.name} holds the secret of another seal (code {code[:40]}), not one of this game's")
            return
        _SESSION_SEALS[code] = record
        stored = _device_seals()
        stored[code] = record
        _save_seals(stored)  # keep it on this device if there is room now
        self.reveal_plan(code)

    # ------------------------------------------------------------------ events
    def tap(self, name: str) -> bool:
        """A hex was tapped; True if the planner used it (filling a hex field)."""
        if not self.picking:
            return False
        el = _el(input_id(self.picking))
        if el is not None:
            el.value = name
        btn = _el("pick-" + input_id(self.picking))
        if btn is not None:
            btn.classList.remove("on")
        self.picking = None
        self.update_plan()
        return True

    def _changed(self, ev: Any) -> None:
        target = ev.target
        if str(target.id) == "seal-file":
            import asyncio

            asyncio.ensure_future(self.reveal_file(target))
            return
        if not target.closest("#plan-form"):  # JS null arrives as a falsy JsNull
            return
        if str(target.getAttribute("data-act")) == "toggle":
            body = target.closest("fieldset").querySelector(".record-body")
            if body:
                body.hidden = not bool(target.checked)
        self.update_plan()

    def _step_input(self, ev: Any) -> None:
        if str(ev.target.id) == "log-step":
            n = int(ev.target.value)
            self.step = None if n >= len(self.game.actions) else n
            self.refresh(redraw=True)
            self._log_status("" if self.step is None else log_position(self.game, self.step))

    def _click(self, ev: Any) -> None:
        target = ev.target.closest("[data-act]")
        if not target:  # JS null arrives as a falsy JsNull
            return
        act = str(target.dataset.act)
        if act == "proc":
            self.current = str(target.dataset.name)
            self.heat = False
            self.render_planner()
        elif act == "pick":
            path = str(target.dataset.path)
            for b in document.querySelectorAll("#plan-form .pick.on"):
                b.classList.remove("on")
            self.picking = None if self.picking == path else path
            if self.picking:
                target.classList.add("on")
        elif act in ("row-add", "row-del"):
            self._rows(act, str(target.dataset.path))
        elif act == "heat":
            self.heat = not self.heat
            target.setAttribute("aria-pressed", "true" if self.heat else "false")
            target.classList.toggle("on", self.heat)
            if not self.heat:
                self.heat_view = None
            self.update_plan()
        elif act == "start":
            self.touched.add(self.current)
            params = self.update_plan(show_missing=True)
            if params is not None and self.act({"type": "start", "procedure": self.current, "params": params}):
                self.plan_view = None
                self.heat_view = None
                self.heat = False
                btn = _el("plan-heat")
                if btn is not None:
                    btn.setAttribute("aria-pressed", "false")
                    btn.classList.remove("on")
                _el("plan-odds").innerHTML = ""
                self.draw_overlay()
        elif act == "advance":
            self.act({"type": "advance"})
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
        elif act == "secret-show":
            self.show_secrets(str(target.dataset.side))
        elif act == "secret-hide":
            self.show_secrets(None)
        elif act == "seal":
            self.seal_plan()
        elif act == "seal-form":
            try:
                request = seal_request(self.game, self.current, self.read_form())
            except AirheadError as e:
                _el("plan-error").textContent = str(e)
                return
            self.seal_plan(request)
        elif act == "reveal":
            self.reveal_plan(str(target.dataset.code))
        elif act == "seal-download":
            self.seal_download()
        elif act == "seal-cancel":
            self.seal_cancel()
        elif act == "roll":
            self.act({"type": "roll"})
        elif act == "enter":
            self.enter_dice()
        elif act == "choose":
            self.act({"type": "choose", "choice": str(target.dataset.choice)})
        elif act == "cancel":
            self.act({"type": "cancel"})
        elif act in ("undo", "redo"):
            if self.act({"type": act}):
                change = last_change(self.game)
                self._log_status(change["text"] if change else "")
        elif act == "live":
            self.step = None
            self.refresh(redraw=True)
            self._log_status("Back to now.")

    def enter_dice(self) -> None:
        box = _el("prompt-dice")
        if box is None:
            return
        text = str(box.value).strip()
        p = self.game.waiting_for()
        if p is None or p.dice is None:
            return
        from airhead.dice import parse_typed

        try:
            roll = parse_typed(p.dice, text)
        except AirheadError as e:
            _el("prompt-error").textContent = str(e)
            return
        if self.act({"type": "dice", "values": list(roll.values)}):
            box = _el("prompt-dice")  # gone when the procedure has finished
            if box is not None:
                box.value = ""

    # ------------------------------------------------------------------ drawing
    def shown(self) -> Game:
        """The game as displayed: live, or at the log step being viewed."""
        return self.game if self.step is None else self.game.prefix(self.step)

    def refresh(self, redraw: bool = False) -> None:
        g = self.shown()
        key = id(g.state.terrain) if self.step is None else ("step", self.step)
        if redraw or key != self._terrain_key:
            self._terrain_key = key
            self.view.replace_svg(render_map(g.scenario, g.state.terrain, art=self.art_for(g.scenario)))
            self.render_key(g)
        self.render_turn(g)
        self.render_offmap(g)
        self.render_prompt(g)
        self.render_log()
        self.render_seals()
        self.draw_overlay()
        document.body.dataset.actions = str(len(self.game.actions))

    def render_turn(self, g: Game) -> None:
        host = _el("turn")
        if host is None:
            return
        tv = turn_view(g)
        button = ("<button type='button' class='btn subtle' data-act='advance' id='turn-next'>Next phase</button>"
                  if self.step is None and g.state.procedure is None else "")
        host.innerHTML = f"<span id='turn-text'>{E(tv['text'])}</span> {button}"
        host.dataset.phase = tv["phase"]

    def render_offmap(self, g: Game) -> None:
        """Units in play off the map (aircraft off board, units not yet landed), with status."""
        host = _el("offmap")
        if host is None:
            return
        sides = offmap_view(g)
        host.hidden = not sides
        host.innerHTML = "".join(
            f"<p class='offmap-side'><b>Off the map, {E(x['side'])}:</b> {E('; '.join(x['units']))}</p>" for x in sides)

    def render_prompt(self, g: Game) -> None:
        host = _el("prompt")
        if host is None:
            return
        p = prompt_view(g)
        live = self.step is None
        back = ("" if live else "<p class='hint back-to-now'>Viewing an earlier moment of the log (Log tab). "
                "<button type='button' class='btn' data-act='live' id='prompt-live'>Back to now</button></p>")
        last = _roll_html(roll_view(g)) if live else ""
        if p is None:
            res = result_view(g)
            summary = (f"<p id='prompt-result' class='result'><span class='rule'>{E(res['title'])}</span> {E(res['text'])}</p>"
                       if res else "")
            idle = "<p class='hint' id='prompt-idle'>Choose a procedure below, fill in its plan, then Start.</p>" if live else ""
            host.innerHTML = f"{back}{last}{summary}{idle}"
            host.dataset.waiting = ""
            return
        body = back
        if live and p["kind"] == "roll":
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
        elif live:
            body = "<div class='choices'>" + "".join(
                f"<button type='button' class='btn choice' data-act='choose' data-choice='{E(o, quote=True)}'>{E(o)}</button>" for o in p["options"]
            ) + "</div>"
        host.innerHTML = (
            f"{last}<p class='prompt-proc hint'>{E(p['procedure'])}</p>"
            f"<p class='prompt-label'><span class='rule'>{E(p['rule'])}</span> <span id='prompt-label'>{E(p['label'])}</span></p>{body}"
            "<p class='row'><button type='button' class='btn subtle' data-act='cancel'>Abandon</button></p>"
        )
        host.dataset.waiting = p["rule"]

    def render_log(self) -> None:
        """The log, its slider and what the slider's position means; the entry that changed last
        (or the one the slider shows) is marked and scrolled into view."""
        host = _el("log-list")
        if host is None:
            return
        change = last_change(self.game)
        focus = change["n"] if self.step is None and change else self.step
        items = []
        for e in log_view(self.game):
            cls = "entry undone" if e["undone"] else "entry"
            if self.step is not None and e["n"] > self.step:
                cls += " future"
            if e["n"] == focus:
                cls += " changed"
            evs = "".join(
                f"<li class='ev ev-{E(x['kind'])}'><code>{E(x['text'])}</code></li>" for x in e["events"]
            )
            summary = f"<p class='summary'>{E(e['summary'])}</p>" if e["summary"] else ""
            items.append(f"<li class='{cls}' data-n='{e['n']}'><b>#{e['n']}</b> {E(e['text'])}<ul>{evs}</ul>{summary}</li>")
        host.innerHTML = "".join(items) or "<li class='hint'>No actions yet.</li>"
        n = len(self.game.actions)
        where = log_position(self.game, self.step)
        step = _el("log-step")
        step.max = str(n)
        step.value = str(n if self.step is None else self.step)
        step.setAttribute("aria-valuetext", where)
        _el("log-undo").disabled = not self.game.can_undo or self.step is not None
        _el("log-redo").disabled = not self.game.can_redo or self.step is not None
        _el("log-position").textContent = where
        live = _el("log-live")
        if live is not None:
            live.hidden = self.step is None
        entry = host.querySelector(f"li.entry[data-n='{focus}']") if focus else None
        pane = _el("log")
        if entry and pane is not None and not pane.hidden:
            # scroll the pane (only the pane) so the entry is in view
            top = entry.getBoundingClientRect().top - pane.getBoundingClientRect().top + pane.scrollTop
            if top < pane.scrollTop or top + entry.offsetHeight > pane.scrollTop + pane.clientHeight:
                pane.scrollTop = max(0, top - pane.clientHeight / 3)

    def _log_status(self, text: str) -> None:
        """Say on the Log tab what Undo, Redo or the slider just did (read out by screen readers)."""
        el = _el("log-status")
        if el is not None:
            el.textContent = text

    def render_key(self, g: Game) -> None:
        """The map key: what the map's colours, patterns, marks and lines mean (from the core)."""
        host = _el("map-key-body")
        if host is None:
            return
        key = terrain_legend(g.scenario.system, g.state.terrain)
        host.innerHTML = "".join(
            f"<h4>{E(sec['title'])}</h4><ul class='key-list'>" + "".join(
                f"<li data-key='{E(i['key'], quote=True)}'>{i['swatch']}<span><b>{E(i['label'])}</b>"
                + (f" <span class='hint'>{E(i['text'])}</span>" if i["text"] else "") + "</span></li>"
                for i in sec["items"]) + "</ul>"
            for sec in key["sections"])

    def draw_overlay(self) -> None:
        g = self.shown()
        extra: dict[str, Any] = {}
        if self.step is None:
            if self.plan_view is not None and g.state.procedure is None:
                extra.update(self.plan_view)
            if self.heat and self.heat_view is not None:
                extra.update({k: self.heat_view[k] for k in ("heat", "heat_unit", "heat_label")})
            if self.tool_view is not None:
                for k in ("marks", "paths", "zones", "labels"):
                    extra[k] = list(extra.get(k, [])) + list(self.tool_view.get(k, []))
        legend = _el("map-legend")
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
        self.view.set_overlay(overlay(g, extra or None))


#: A small screen (a phone, either way up): the procedure menu's chapters fold.
SMALL_SCREEN = "(max-width: 700px), (max-height: 500px)"


def _menu_groups_open() -> set[str] | None:
    """The procedure menu's chapters to draw open: every one (None) unless the screen is small,
    then those open now (the chosen procedure's chapter is opened as well)."""
    try:
        from pyscript import window

        if not window.matchMedia(SMALL_SCREEN).matches:
            return None
    except Exception:  # noqa: BLE001 - no matchMedia: draw the menu open
        return None
    return {str(d.dataset.group) for d in document.querySelectorAll("#proc-menu details.proc-group[open]")}


def _menu_html(menu: list[dict[str, Any]], current: str, open_groups: set[str] | None) -> str:
    """The procedure menu: a button per procedure, in chapters (``<details>``, folded on a small
    screen except the chapter of the procedure chosen and those in ``open_groups``)."""
    chapters: list[tuple[str, list[dict[str, Any]]]] = []
    for i in menu:
        if chapters and chapters[-1][0] == (i.get("group") or ""):
            chapters[-1][1].append(i)
        else:
            chapters.append((i.get("group") or "", [i]))
    out = ""
    for group, items in chapters:
        buttons = "".join(
            f"<button type='button' class='btn proc{' on' if i['name'] == current else ''}' data-act='proc' "
            f"data-name='{E(i['name'], quote=True)}' id='{_dom_id(i['name'])}' aria-pressed='{'true' if i['name'] == current else 'false'}'>"
            f"{E(i['title'])}</button>" for i in items)
        if not group:
            out += buttons
            continue
        is_open = open_groups is None or group in open_groups or any(i["name"] == current for i in items)
        out += (f"<details class='proc-group' data-group='{E(group, quote=True)}'{' open' if is_open else ''}>"
                f"<summary class='proc-group-title'>{E(group)} <span class='proc-count'>{len(items)}</span></summary>"
                f"<div class='proc-group-body'>{buttons}</div></details>")
    return out


_PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)), 4: ((0, 0), (2, 0), (0, 2), (2, 2)),
         5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)), 6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}


def _die_svg(value: int, tone: str, sides: int = 6) -> str:
    """One die face: pips for 1..6, the number otherwise (a d10, a special die)."""
    if 1 <= value <= 6 and sides <= 6:
        pips = "".join(f"<circle cx='{8 + 12 * x}' cy='{8 + 12 * y}' r='3.2'/>" for x, y in _PIPS[value])
    else:
        pips = f"<text x='20' y='26' text-anchor='middle' font-size='16' font-weight='700'>{value}</text>"
    return (f"<svg class='die die-{E(tone, quote=True)}' viewBox='0 0 40 40' width='40' height='40' role='img' "
            f"aria-label='{E(tone, quote=True)} die: {value}'><rect x='1.5' y='1.5' width='37' height='37' rx='7'/>"
            f"<g class='pips'>{pips}</g></svg>")


def _roll_html(r: dict[str, Any] | None) -> str:
    """The last roll where it happened: its dice drawn, then the roll, its modifiers and its
    results in one sentence (the log's words), with its rule."""
    if r is None:
        return ""
    dice = "".join(_die_svg(int(d["value"]), str(d["tone"])) for d in r["dice"])
    where = "typed in" if r["source"] == "typed" else "the app's dice"
    return (f"<section id='last-roll' class='last-roll' aria-label='Last roll'><div class='dice-row'>{dice}"
            f"<span class='hint'>{E(where)}</span></div>"
            f"<p id='last-roll-text'><span class='rule'>{E(r['rule'])}</span> {E(r['sentence'])}</p></section>")


def _pct(p: float) -> str:
    return f"{p:.1%}"


def _odds_html(od: dict[str, Any]) -> str:
    """The odds panel: facts, the modifiers with their rules, tables, one line per unit, notes."""
    facts = "".join(f"<p class='fact'>{E(f['label'])}: <b id='odds-{E(f['key'], quote=True)}'>{E(f['value'])}</b></p>"
                    for f in od["facts"])
    reasons = "".join(f"<li>{E(r)}</li>" for r in od["reasons"])
    tables = "".join(
        f"<table class='odds' id='odds-table-{E(t['key'], quote=True)}'><caption>{E(t['title'])}</caption>"
        + "".join(f"<tr><td>{E(label)}</td><td class='num'>{_pct(p)}</td></tr>" for label, p in t["rows"]) + "</table>"
        for t in od["tables"])
    lines = ("<ul id='odds-lines' class='odds-lines'>" + "".join(f"<li>{E(x)}</li>" for x in od["lines"]) + "</ul>") if od["lines"] else ""
    notes = "".join(f"<p class='hint'>{E(n)}</p>" for n in od["notes"])
    legend = f"<p class='hint legend'>Map: {E(od['view']['heat_label'])}</p>" if od["view"].get("heat") and od["view"].get("heat_label") else ""
    return (f"<h3>Odds</h3>{facts}" + (f"<ul class='reasons'>{reasons}</ul>" if reasons else "") + tables + lines + notes + legend)


def _stored_dice_mode() -> str:
    from pyscript import window

    try:
        mode = str(window.localStorage.getItem("airhead-dice-mode") or "both")
    except Exception:  # noqa: BLE001
        return "both"
    return mode if mode in ("both", "app", "table") else "both"


SEALS_KEY = "airhead-sealed-plans"
#: Secrets this session holds that the device's storage refused (revealable until the page closes).
_SESSION_SEALS: dict[str, dict[str, Any]] = {}
#: A seal waiting for the player's word after storage refused its secret: game, code, record.
_PENDING: dict[str, Any] = {}
_PLAN_TEXT_MAX = 600


def _usable(entry: Any) -> dict[str, Any] | None:
    """A stored secret as a record with its plan, salt, side and label, or None if damaged."""
    if not isinstance(entry, dict) or "plan" not in entry or not isinstance(entry.get("salt"), str):
        return None
    return {"plan": entry["plan"], "salt": entry["salt"], "side": str(entry.get("side", "")),
            "label": str(entry.get("label", ""))}


def _device_seals() -> dict[str, Any]:
    """The secrets in this device's storage, as stored (by commitment code)."""
    from pyscript import window

    try:
        raw = window.localStorage.getItem(SEALS_KEY)
        data = json.loads(str(raw)) if raw else {}
    except Exception:  # noqa: BLE001 - unreadable storage: start empty, never crash
        return {}
    return data if isinstance(data, dict) else {}


def _stored_seals() -> dict[str, Any]:
    """The secrets this device holds, usable ones only: its storage's and this session's (never
    leave the device until revealed)."""
    out = {str(code): rec for code, e in _device_seals().items() if (rec := _usable(e)) is not None}
    out.update(_SESSION_SEALS)
    return out


def _save_seals(data: dict[str, Any]) -> bool:
    """Write the device's secrets; False if the browser refused (full or blocked storage)."""
    from pyscript import window

    try:
        window.localStorage.setItem(SEALS_KEY, json.dumps(data))
    except Exception:  # noqa: BLE001 - full or blocked storage
        return False
    return True


def _plan_text(plan: Any) -> str:
    """A revealed plan in plain words, bounded (the core's reading, as in the log)."""
    from airhead.sealed import describe_plan

    return describe_plan(plan, _PLAN_TEXT_MAX)


def _too_deep(text: str, limit: int) -> bool:
    """True if JSON ``text`` nests brackets deeper than ``limit`` (one linear pass, strings
    skipped): checked before parsing, Pyodide's stack being small."""
    depth, in_str, esc = 0, False, False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def _slug(text: Any) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", str(text)).strip("-")[:30] or "secret"

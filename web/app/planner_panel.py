"""The planner (the Play panel's middle): the procedure menu in chapters, the chosen procedure's
form with its secrets, Pick (a tap on the map fills a hex field, or a field naming a counter with
the counter in that hex), the lists of names a field is picked from, the plan's exact odds and
heatmap, Start, and Seal for a plan kept secret. Drawn from ``airhead.present.procedure_menu``
and ``airhead.present.plan_panel``; this module never reads a procedure's data and knows no
system.

Element ids used by the e2e tests: ``proc-<name>`` (menu), ``f-<path>`` (form inputs),
``pick-f-<path>``, ``picks-f-<path>`` (a field's list of names, each ``button.chip``
with ``data-value``), ``plan-*`` (buttons, odds, errors), ``secret-*`` ("I am the <side> player",
"Hide again"; ``<body data-secrets-shown>`` names the side shown).
"""

from __future__ import annotations

import json
from typing import Any

from airhead.errors import AirheadError
from airhead.present import form_inputs, form_values, plan_panel, procedure_menu, seal_request, secrets_view
from dom import E, el
from forms import form_html, input_id, picks_html
from pyscript import document
from tablepack_panel import PackPanel, stored_pack

#: A small screen (a phone, either way up): the procedure menu's chapters fold.
SMALL_SCREEN = "(max-width: 700px), (max-height: 500px)"

#: What the planner holds of a game (put back with the game when opening another fails).
STATE = ("menu", "current", "values", "heat", "touched", "picking", "picking_hexes", "plan_view", "heat_view", "viewer", "_drawn_secrets")


def _dom_id(name: str) -> str:
    return "proc-" + name.replace(".", "-").replace("_", "-")


def _sig(view: dict[str, Any]) -> tuple[tuple[str, str, bool], ...]:
    return tuple((f["path"], f["side"], f["shown"]) for f in view["fields"])


class Planner:
    """The planner of ``play``'s game (``play.game``, ``play.act``, ``play.draw_overlay``,
    ``play.seals``)."""

    def __init__(self, play: Any) -> None:
        self.play = play
        self.menu: list[dict[str, Any]] = []
        self.current = ""  # the procedure whose form is shown
        self.values: dict[str, dict[str, Any]] = {}  # each procedure's form, as JSON
        self.heat = False
        self.touched: set[str] = set()  # procedures whose Start was tapped: show "missing" too
        self.picking: str | None = None  # the hex field a tap on the map fills
        self.picking_hexes: list[str] = []  # a counter field being picked: its counters' hexes, outlined
        self.plan_view: dict[str, Any] | None = None  # the plan's odds, drawn on the map
        self.heat_view: dict[str, Any] | None = None
        #: The side whose player confirmed "I am the <side> player": only that side's secrets are
        #: drawn. It lapses when another game is opened (a link, a save, a new map) and on reload.
        self.viewer: str | None = None
        self._drawn_secrets: tuple[tuple[str, str, bool], ...] = ()  # what the form on screen hides and shows
        self._redrawing = False
        self.pack = PackPanel(self._pack_changed)

    def state(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in STATE}

    def restore(self, state: dict[str, Any]) -> None:
        for k, v in state.items():
            setattr(self, k, v)

    def reset(self) -> None:
        """Another game was opened: no form, plan, pick or secret carries over."""
        self.values = {}
        self.current = ""
        self.heat = False
        self.touched = set()
        self.picking = None
        self.picking_hexes = []
        self.viewer = None  # the game changes hands: its secrets are hidden again

    # ------------------------------------------------------------------ drawing
    def _item(self) -> dict[str, Any]:
        return next((i for i in self.menu if i["name"] == self.current), self.menu[0])

    def render(self) -> None:
        host = el("plan")
        if host is None:
            return
        game = self.play.game
        self.menu = procedure_menu(game, stored_pack(game.system.key))
        if self.pack.system != game.system.key:
            self.pack.render(game.system.key)
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
        secrets = secrets_view(game, item["name"], values, self.viewer)
        document.body.dataset.secretsShown = self.viewer or ""
        self._drawn_secrets = _sig(secrets)
        host.innerHTML = (
            f"<div class='proc-menu' id='proc-menu'>{buttons}</div>"
            f"<section id='plan-form' data-proc='{E(item['name'], quote=True)}'><h3>{E(item['title'])}</h3>"
            f"{form_html(item['fields'], values, secrets)}"
            f"<div class='row'>{extra}{start}</div></section>"
            "<div id='plan-error' class='error' role='alert'></div><p id='plan-status' class='ok' role='status'></p>"
            "<div id='plan-odds' class='preview' aria-live='polite'></div>")
        self.plan_view = None
        self.heat_view = None
        self.update()

    def _pack_changed(self) -> None:
        """The device's table numbers changed: fill them into the forms' empty fields."""
        game = self.play.game
        self.menu = procedure_menu(game, stored_pack(game.system.key))
        for item in self.menu:
            kept = self.values.get(item["name"])
            if kept is not None:
                for k, v in item["values"].items():
                    if kept.get(k) is None:
                        kept[k] = v
        self.render()

    def _drawn(self) -> dict[str, Any]:
        """The inputs drawn on screen, by path (checkboxes as True/False)."""
        flat: dict[str, Any] = {}
        form = el("plan-form")
        if form is None:
            return flat
        for node in form.querySelectorAll("[data-path]"):
            path = str(node.dataset.path)
            if str(node.type) == "checkbox":
                flat[path] = bool(node.checked)
            elif str(node.type) == "radio":  # a long choice's buttons: the checked one's value
                if node.checked or path not in flat:
                    flat[path] = str(node.value) if node.checked else ""
            elif node.tagName != "BUTTON":
                flat[path] = str(node.value)
        return flat

    def read_form(self) -> dict[str, Any]:
        """The whole form's inputs by path: those drawn, and the secrets not drawn for this player."""
        name = self.current
        form = el("plan-form")
        if form is not None:
            name = str(form.dataset.proc)
        return form_inputs(self.play.game, name, self._drawn(), self.values.get(name) or {}, self.viewer)

    def update(self, show_missing: bool = False) -> dict[str, Any] | None:
        """Read the form; show its odds (and heatmap) or say what is wrong. Returns the checked
        parameters, or None."""
        item = self._item()
        name = item["name"]
        for bad in document.querySelectorAll("#plan-form .invalid"):
            bad.classList.remove("invalid")
        v = plan_panel(self.play.game, name, self._drawn(), self.values.get(name) or {}, self.viewer,
                       heat=self.heat and item["has_heatmap"])
        self.values[name] = v["values"]
        if not self._redrawing and _sig(v["secrets"]) != self._drawn_secrets:
            self._redrawing = True  # whose secret it is changed with the form (a German glider): draw it again
            try:
                self.render()
            finally:
                self._redrawing = False
            return None
        if self.heat and item["has_heatmap"]:
            self.heat_view = v["heat"]
        self._draw_picks(v["picks"])
        err, box = el("plan-error"), el("plan-odds")
        problem = v["error"]
        if problem is not None:
            show = show_missing or name in self.touched or not problem["missing"]
            err.textContent = problem["text"] if show else ""
            bad = el(input_id(problem["path"])) if problem["path"] else None
            if bad is not None and show:
                bad.classList.add("invalid")
            box.innerHTML = ""
            self.plan_view = None
            document.body.dataset.planError = problem["text"] if show else ""
            self.play.draw_overlay()
            return None
        err.textContent = ""
        document.body.dataset.planError = ""
        od = v["odds"]
        self.plan_view = od["view"] if od else None
        box.innerHTML = _odds_html(od) if od else ""
        self.play.draw_overlay()
        return dict(v["params"])

    def _draw_picks(self, picks: dict[str, list[dict[str, Any]]]) -> None:
        """Each list of names to pick from, under its input (redrawn only when it changed); a
        field whose names are counters on the map gets its Pick button."""
        for box in document.querySelectorAll("#plan-form .picks[data-for]"):
            path = str(box.getAttribute("data-for"))
            got = picks.get(path) or []
            box_input = el(input_id(path))
            value = str(box_input.value).strip() if box_input is not None else ""
            key = json.dumps([got, value])
            if str(box.getAttribute("data-drawn") or "") == key and not box.classList.contains("only"):
                continue
            box.setAttribute("data-drawn", key)
            box.classList.remove("only")
            box.innerHTML = picks_html(path, got, value)
            box.hidden = not got
            btn = el("pick-" + input_id(path))
            if btn is not None:
                btn.hidden = not any(p.get("hex") for p in got)

    def _pick_name(self, target: Any) -> None:
        """A name tapped in a field's list: the field takes it, and the inputs of its row it fills."""
        path = str(target.dataset.path)
        box = el(input_id(path))
        if box is not None:
            box.value = str(target.dataset.value)
        try:
            fill = json.loads(str(target.dataset.fill or "{}"))
        except ValueError:
            fill = {}
        for other, value in fill.items():
            node = el(input_id(str(other)))
            if node is not None:
                node.value = str(value)
        self._stop_picking()
        self.update()

    def _stop_picking(self) -> None:
        for b in document.querySelectorAll("#plan-form .pick.on"):
            b.classList.remove("on")
        self.picking = None
        document.body.dataset.picking = ""
        if self.picking_hexes:
            self.picking_hexes = []
            self.play.draw_overlay()

    def _start_picking(self, path: str, button: Any) -> None:
        """Pick mode for the field at ``path``: a hex field takes the next hex tapped; a field
        naming a counter the counter tapped, its counters' hexes outlined on the map meanwhile."""
        self.picking = path
        button.classList.add("on")
        document.body.dataset.picking = path
        listed = el("picks-" + input_id(path))
        if listed is not None:
            hexes = [str(b.dataset.hex) for b in listed.querySelectorAll("button.chip") if str(b.dataset.hex)]
            self.picking_hexes = list(dict.fromkeys(hexes))
            self.play.draw_overlay()

    def _rows(self, act: str, path: str) -> None:
        """Add a row to the list at ``path``, or remove the row at ``path``."""
        item = self._item()
        values = form_values(self.play.game, item["name"], self.read_form())
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
        self.render()

    def show_secrets(self, side: str | None) -> None:
        """Draw the secrets of ``side`` (its player confirmed "I am the <side> player"), or none
        (Hide again); what the form holds is kept either way."""
        if el("plan-form") is not None:
            self.values[self.current] = form_values(self.play.game, self.current, self.read_form())
        self.viewer = side or None
        self.picking = None
        self.picking_hexes = []
        self.render()

    # ------------------------------------------------------------------ events
    def tap(self, name: str) -> bool:
        """A hex was tapped; True if the planner used it: a hex field takes the hex, a field
        naming a counter the counter there (several there: its list shows only them)."""
        if not self.picking:
            return False
        listed = el("picks-" + input_id(self.picking))
        if listed is not None:
            return self._tap_counter(listed, name)
        box = el(input_id(self.picking))
        if box is not None:
            box.value = name
        self._stop_picking()
        self.update()
        return True

    def _tap_counter(self, listed: Any, name: str) -> bool:
        """Picking a counter: the one in hex ``name`` is taken; several: the list shows only
        them (tap one); none: the list says so and waits for another hex."""
        here = [b for b in listed.querySelectorAll("button.chip") if str(b.dataset.hex) == name]
        if len(here) == 1:
            self._pick_name(here[0])
            return True
        for b in listed.querySelectorAll("button.chip"):
            b.hidden = bool(here) and str(b.dataset.hex) != name
        listed.classList.toggle("only", bool(here))
        note = listed.querySelector(".picks-note")
        if not note:  # JS null arrives as a falsy JsNull
            note = document.createElement("p")
            note.className = "picks-note hint"
            listed.prepend(note)
        note.textContent = (f"{len(here)} in {name}: tap one." if here else
                            f"None of these in {name}: tap another hex, or one below.")
        return True

    def changed(self, target: Any) -> None:
        """An input of the form changed: a record switched on or off shows or hides its fields."""
        if str(target.getAttribute("data-act")) == "toggle":
            body = target.closest("fieldset").querySelector(".record-body")
            if body:
                body.hidden = not bool(target.checked)
        self.update()

    def click(self, act: str, target: Any) -> bool:
        """A planner button; False if ``act`` is not the planner's."""
        if act == "proc":
            self._stop_picking()  # a pick belongs to the form it was started in
            self.current = str(target.dataset.name)
            self.heat = False
            self.render()
            self._form_in_view()
        elif act == "pick":
            path = str(target.dataset.path)
            again = self.picking == path
            self._stop_picking()
            if not again:
                self._start_picking(path, target)
        elif act == "pick-name":
            self._pick_name(target)
        elif act in ("row-add", "row-del"):
            self._rows(act, str(target.dataset.path))
        elif act == "heat":
            self.heat = not self.heat
            target.setAttribute("aria-pressed", "true" if self.heat else "false")
            target.classList.toggle("on", self.heat)
            if not self.heat:
                self.heat_view = None
            self.update()
        elif act == "start":
            self.start()
        elif act == "secret-show":
            self.show_secrets(str(target.dataset.side))
        elif act == "secret-hide":
            self.show_secrets(None)
        elif act == "seal-form":
            try:
                request = seal_request(self.play.game, self.current, self.read_form())
            except AirheadError as e:
                el("plan-error").textContent = str(e)
                return True
            self.play.seals.seal(request)
        else:
            return False
        return True

    def _form_in_view(self) -> None:
        """The form just chosen is brought up to the top of the panel (below the menu it would
        open out of view), under the prompt when one waits (that stays at the top)."""
        form, pane, prompt = el("plan-form"), el("play"), el("prompt")
        if form is None or pane is None:
            return
        waiting = prompt is not None and str(prompt.dataset.waiting or "") != ""
        above = float(prompt.offsetHeight) if waiting else 0.0
        top = float(form.getBoundingClientRect().top) - float(pane.getBoundingClientRect().top)
        pane.scrollTop = max(0.0, float(pane.scrollTop) + top - above - 8)

    def start(self) -> None:
        """Start the procedure with the plan on screen (its missing fields named if it cannot)."""
        self.touched.add(self.current)
        params = self.update(show_missing=True)
        if params is not None and self.play.act({"type": "start", "procedure": self.current, "params": params}):
            self.plan_view = None
            self.heat_view = None
            self.heat = False
            btn = el("plan-heat")
            if btn is not None:
                btn.setAttribute("aria-pressed", "false")
                btn.classList.remove("on")
            el("plan-odds").innerHTML = ""
            self.play.draw_overlay()


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

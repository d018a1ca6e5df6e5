"""The map editor: paint terrain and levels, toggle hexside features, place vehicles, wrecks,
landed gliders and blazes, and build a new map from ASL geoboards or a generic grid.

Every change is an ``edit`` action of the current game (logged, undoable, shared with the game);
a new map starts a new game. Views only: the data model and its checks are the core's.
"""

from __future__ import annotations

import secrets
from typing import Any, Iterable

from airhead.boards import HexMap
from airhead.errors import AirheadError
from airhead.game import Game
from airhead.hexes import DIRECTION_NAMES
from airhead.present import rule_badge, systems_view, terrain_options
from airhead.scenario import Scenario
from airhead.systems import get, load_scenario, new_game
from airhead.terrain import MAX_BLAZE
from airhead.vasl.board_ssr import pictured_options
from airhead.vasl.derive import SPECKLED_KEY
from airhead.vasl.library import LIBRARY, map_boards, parse_layout, parse_ssr, scenario_data
from airhead.vasl.ssr import ssr_rules
from airhead.terrain import HEXSIDE_FEATURES, OCCUPANTS
from dom import E
from dom import el as _el
from forms import long_choice, radios_html
from pyodide.ffi import create_proxy
from pyscript import document
from pyscript.ffi import is_none

MODES = ("terrain", "level", "side", "bridge", "place", "blaze", "clear")
#: A bridge's axis as the bridge tool offers it (the core's ``Bridge.axis``: 0, 1, 2).
BRIDGE_AXES = ("N–S", "NE–SW", "SE–NW")


def new_scenario(name: str, system: str, layout_text: str, columns: int = 10, rows: int = 8, low: str = "odd",
                 settings: dict[str, Any] | None = None, held: Iterable[str] = (), ssr: str = "") -> Scenario:
    """A blank scenario on a new map of the system's map kind, with ``settings`` (the system's
    settings as JSON; the game checks them when it starts; raises an AirheadError). ASL boards
    the player imported (``airhead.vasl.library.LIBRARY``) bring their terrain, by the name a
    scenario card gives them (``4b``, ``a``); a geoboard number no imported board carries, or
    ``blank:NAME``, is a blank geoboard (:func:`blank_note` says so); any other name is refused
    with the boards the device holds (``held``: the names of those stored, not read yet); ``ssr``
    VASL's SSR terrain options as typed (``NoHedges, Level2ToLevel1``), the boards' own among them
    (``BSO_10_PondToOG``: a picture over the board)."""
    layout = parse_layout(layout_text)
    if get(system).map_kind == "geoboards":
        data = scenario_data(layout, LIBRARY.boards(), name=name or "New map", system=system, strict=False, held=held,
                             ssr_text=ssr)
        if data.get("boards") or data.get("ssr"):
            return load_scenario({**data, "settings": settings or {}})
        hmap = HexMap.from_data(data["map"])
    else:
        if ssr.strip():
            raise AirheadError("SSR terrain options are VASL's, for maps of ASL boards")
        hmap = HexMap.from_data({"kind": "grid", "columns": columns, "rows": rows, "low": low, "maps": layout})
    return Scenario(name or "New map", system, hmap, settings=settings or {})


def _whole(field: str, default: int, what: str) -> int:
    """New map's grid size box ``field`` as a whole number (``default`` when empty); refused in
    words, never Python's int() error, for "2.5" or "ten"."""
    text = str(_el(field).value).strip()
    if not text:
        return default
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"the grid’s {what} are a whole number, like {default}, not {text[:12]}") from None


def blank_note(sc: Scenario) -> str:
    """What a new ASL map draws blank, in the player's words (empty when every board is imported)."""
    if sc.map.naming != "asl":
        return ""
    refs = getattr(sc, "boards", None) or {}
    blank = [p.board_id for p in sc.map.placements if p.board_id not in refs]
    if not blank:
        return ""
    which = f"Board {blank[0]} is a blank geoboard" if len(blank) == 1 else \
        f"Boards {', '.join(blank[:-1])} and {blank[-1]} are blank geoboards"
    return f"{which}: no board file of that name is imported. Paint its terrain here, or import its file."


def own_options_note(sc: Scenario) -> str:
    """The map's imported boards' own SSR options (their files' special overlays) a player may
    choose, by the name to type, and what choosing one does (empty when none has any)."""
    parts = []
    for bid, board in map_boards(getattr(sc, "boards", None) or {}).items():
        opts = pictured_options(board.archive)
        if opts:
            parts.append(f"board {bid}: " + ", ".join(f"{o.rule} ({o.name})" for o in opts[:12]))
    if not parts:
        return ""
    return ("The boards' own SSR options, typed by name: " + "; ".join(parts) + ". Each is drawn over its board's "
            "picture and changes the picture only: the terrain stays as printed (paint the hexes it changes).")




def ssr_help_html() -> str:
    """What each of VASL's SSR terrain options does, written in the page (a finger cannot read a
    tooltip: #42 item 7), folded under a button so that it takes no room until asked for (a
    button, not a ``<details>``: the forms it is in are ``<details>`` whose summary is tapped)."""
    items = []
    for name, rule in sorted(ssr_rules().items(), key=lambda nr: nr[0].lower()):
        if rule.kind == "ignore":
            what = "changes no hex's terrain here (VASL changes only the picture)"
        elif rule.kind == "customCode":
            what = "not applied by Airhead yet (refused if chosen)"
        else:
            what = rule.describe()
        items.append(f"<li><code>{E(name)}</code>: {E(what)}</li>")
    return (f"<button type='button' class='btn subtle ssr-help' data-act='ssr-help' aria-expanded='false'>"
            f"What each option does ({len(items)})</button><ul class='ssr-list' hidden>{''.join(items)}</ul>")


class Editor:
    """The Edit tab: applies the chosen tool to tapped hexes through the play panel's game."""

    def __init__(self, play: Any, on_new_map: Any = None) -> None:
        self.play = play
        self.on_new_map = on_new_map
        self.boards: Any = None  # the Boards section (app/boards.py), drawn inside this tab
        self.side_hex: str | None = None
        self.system = ""
        self.note = ""  # what the last new map drew blank
        self._proxies: list[Any] = []
        self.render()
        for name, fn in (("click", self._click), ("change", self._changed)):
            p = create_proxy(fn)
            self._proxies.append(p)
            _el("edit").addEventListener(name, p)

    @property
    def active(self) -> bool:
        """True while the Edit tab is shown."""
        return not bool(_el("edit").hidden)

    def render(self) -> None:
        sc = self.play.scenario
        self.system = sc.system
        topts = "".join(f"<option value='{E(t['key'])}'>{E(t['label'])}</option>" for t in terrain_options(sc.system))
        sopts = "".join(f"<option value='{E(s['key'])}'>{E(s['title'])} ({'geoboards' if s['map_kind'] == 'geoboards' else 'grid maps'})</option>"
                        for s in systems_view())
        fopts = "".join(f"<option value='{f}'>{f.replace('_', ' ')}</option>" for f in HEXSIDE_FEATURES)
        oopts = "".join(f"<option value='{o}'>{o}</option>" for o in OCCUPANTS)
        aopts = "".join(f"<option value='{i}'>{a}</option>" for i, a in enumerate(BRIDGE_AXES))
        modes = "".join(
            f"<label class='mode'><input type='radio' name='edit-mode' value='{m}'{' checked' if m == 'terrain' else ''}> {m}</label>"
            for m in MODES
        )
        _el("edit").innerHTML = f"""
<h3>Edit the map</h3>
<p class='hint'>Choose a tool, then tap hexes. Every change is logged and can be undone.</p>
<div class='modes' id='edit-modes'>{modes}</div>
<div class='form edit-fields' id='edit-fields' data-mode='terrain'>
  <label data-tool='terrain'>Terrain <select id='edit-terrain'>{topts}</select></label>
  <label data-tool='terrain'>Obstacle height (levels; blank = the type's usual) <input id='edit-obstacle' inputmode='decimal' placeholder='e.g. 1 or 0.5'></label>
  <label data-tool='level'>Base level to paint <input id='edit-level' type='number' min='-1' max='9' step='1' placeholder='e.g. 1'></label>
  <label data-tool='side'>Hexside feature <select id='edit-feature'>{fopts}</select></label>
  <label data-tool='bridge'>Bridge along <select id='edit-bridge-axis'>{aopts}</select></label>
  <label data-tool='bridge' class='check'><input type='checkbox' id='edit-bridge-foot'> <span class='flabel'>a footbridge</span></label>
  <p class='hint' data-tool='bridge'>Tap a stream or river hex to lay a bridge across it along that line; tap it again
  to take the bridge away.</p>
  <label data-tool='place'>Place <select id='edit-occupant'>{oopts}</select></label>
  <p class='hint' data-tool='blaze'>Tap a hex to set a Blaze there (as tall as its obstacle), tap again to put it out.</p>
  <p class='hint' data-tool='clear'>Tap a hex to clear it back to open ground at level 0.</p>
  <p class='hint' data-tool='side'>Tap a hex, then the hexsides to toggle.</p>
</div>
<div id='edit-sides' class='sides-picker'></div>
<p id='edit-error' class='error' role='alert'></p>
<details class='boards' id='boards-box'><summary>Your VASL boards</summary>
<div id='boards-section'></div></details>
<details class='newmap'><summary>New map</summary>
<div class='form'>
  <label>Name <input id='new-name' value='New map' maxlength='60'></label>
  <label>Game system <select id='new-system'>{sopts}</select></label>
  <label>Boards / maps <small>as the scenario card gives them: rows on lines (or split by ;), boards by
    spaces, * turns a board 180°. "4 5*": board 4, then 5 turned. "4a 4b": the halves of board 4.
    "a b": lettered boards. "2;4a 4b": board 2 above the halves of 4. "2[A-P]": hexrows A-P of
    board 2 only ("2[1-5]": rows 1-5; "2[A-P,1-5]"). An imported board by its name (VASL's bd79 is
    79); a number with no file imported, or blank:NAME (blank:4b), is a blank geoboard to paint.</small>
    <textarea id='new-layout' rows='2'>4 5</textarea></label>
  <p id='new-map-note' class='hint' role='status'>{E(self.note)}</p>
  <label id='new-ssr-box'>SSR terrain options (ASL boards) <small>VASL's names, by commas: NoHedges, NoWalls,
    BrushToOpenGround, Level2ToLevel1, LightWoods, DryStreams … (applied to every hex of the map); a board's
    own by its name in its file (BSO_10_PondToOG: listed in This game's settings once the map is made)</small>
    <input id='new-ssr' autocapitalize='off' autocomplete='off' spellcheck='false' maxlength='400'></label>
  <div id='new-ssr-help'>{ssr_help_html()}</div>
  <div id='new-speckled' class='form'></div>
  <label id='new-grid'>Grid columns × rows <small>the size of a new grid map, in hexes</small> <span class='row'><input id='new-cols' type='number' min='2' max='60' value='10'>
    <input id='new-rows' type='number' min='1' max='60' value='8'></span></label>
  <fieldset class='new-settings'><legend>Scenario settings (SSR)</legend><div id='new-settings' class='form'></div></fieldset>
  <button type='button' class='btn primary' data-act='new-map' id='new-map'>Create map and start a new game</button>
</div></details>
<details class='gamesettings' id='game-settings'><summary data-act='game-settings'>This game's settings (SSR)</summary>
<div class='form'>
  <p class='hint'>Change a setting of the game in play — make it a night game, set the year, choose a reading.
  The change is logged and can be undone; what is already resolved stays as it was.</p>
  <div id='game-set' class='form'></div>
  <label id='game-ssr-box'>SSR terrain options (ASL boards) <small id='game-ssr-now'></small>
    <input id='game-ssr' autocapitalize='off' autocomplete='off' spellcheck='false' maxlength='400'
      placeholder='e.g. NoHedges, LightWoods'></label>
  <div id='game-ssr-help'>{ssr_help_html()}</div>
  <div id='game-speckled' class='form'></div>
  <button type='button' class='btn primary' data-act='apply-settings' id='apply-settings'>Apply to this game</button>
  <p id='game-set-done' class='hint' role='status'></p>
</div></details>"""
        self.render_settings()
        self.render_game_settings()
        if self.boards is not None:
            self.boards.render()

    @staticmethod
    def _settings_fields(system: str) -> list[dict[str, Any]]:
        """``system``'s settings a form can give: on/off, a choice, a direction, a number."""
        return [f for f in get(system).rules.settings.describe() if f["kind"] in ("bool", "choice", "direction", "int")]

    def render_settings(self) -> None:
        """The New map form's settings of the chosen system (each with its rule and, written under
        it, what it does: #42 item 7), at their defaults; the fields that apply to its kind of map."""
        system = str(_el("new-system").value)
        _el("new-settings").innerHTML = self._settings_html("new-set", system, {})
        _el("new-speckled").innerHTML = self._settings_html("new-set", system, {}, boards=True)
        geo = get(system).map_kind == "geoboards"
        _el("new-grid").hidden = geo  # #42 item 8: a geoboard's size is its board's, never typed
        _el("new-ssr-box").hidden = _el("new-ssr-help").hidden = not geo  # VASL's SSR options: ASL boards only
        _el("new-speckled").hidden = not geo

    def render_game_settings(self) -> None:
        """The running game's settings (each with its rule), at their values in play."""
        game: Game = self.play.game
        _el("game-set").innerHTML = self._settings_html("game-set", game.scenario.system, self._game_values())
        _el("game-speckled").innerHTML = self._settings_html("game-set", game.scenario.system, self._game_values(),
                                                             boards=True)
        _el("game-set-done").textContent = ""
        geo = get(game.scenario.system).map_kind == "geoboards"
        _el("game-ssr-box").hidden = _el("game-ssr-help").hidden = _el("game-speckled").hidden = not geo
        _el("game-ssr").value = ""
        now = tuple(game.state.scenario.ssr)
        rules = ssr_rules()
        applied = ", ".join(f"{n} ({rules[n].describe()})" if n in rules and rules[n].describe() != n else n for n in now)
        _el("game-ssr-now").textContent = (
            (f"Applied to this game: {applied}. " if now else "None applied to this game. ")
            + "Add options by VASL's names, by commas: each is applied to the map as it stands now "
              "(its terrain and your edits), logged, and undone with Undo. One already applied stays "
              "for the rest of the game: Undo the change that chose it, or start a new map without it. "
            + own_options_note(game.state.scenario))

    def _game_values(self) -> dict[str, Any]:
        """The running game's settings as JSON (what the form shows and compares with)."""
        game: Game = self.play.game
        return dict(game.system.rules.settings.dump(game.state.settings, game.scenario.map))

    def _settings_html(self, prefix: str, system: str, values: dict[str, Any], boards: bool = False) -> str:
        """Form fields for ``system``'s settings, ids ``<prefix>-<key>``, at ``values`` (else the
        defaults), each setting's explanation written under it, where a finger can read it (#42
        item 7: a touch screen shows no tooltip), never in a tooltip. ``boards``: only the setting
        of how the map's imported boards are read (shown beside the SSR terrain options), else
        every other one."""
        out = []
        for f in self._settings_fields(system):
            if (f["key"] == SPECKLED_KEY) != boards:
                continue
            iid = f"{prefix}-{E(f['key'], quote=True)}"
            rule = f" <span class='rule'>{E(rule_badge(f['rule']))}</span>" if rule_badge(f.get("rule") or "") else ""
            said = f"<small class='hint setting-help' id='{iid}-help'>{E(f['help'])}</small>" if f.get("help") else ""
            default = values.get(f["key"], f.get("default"))
            if f["kind"] == "bool":
                out.append(f"<label class='check'><input type='checkbox' id='{iid}'{' checked' if default else ''}> "
                           f"<span class='flabel'>{E(f['label'])}{rule}</span></label>{said}")
                continue
            if f["kind"] == "int":
                box = f"<input type='number' step='1' inputmode='numeric' id='{iid}' value='{E('' if default is None else str(default), quote=True)}'>"
            elif long_choice(f["options"]):  # each option whole, never cut in a menu (#42 item 8)
                out.append(radios_html(iid, f"{E(f['label'])}{rule}", f["options"], default, help_html=said))
                continue
            else:
                opts = "".join(f"<option value='{E(str(v), quote=True)}'{' selected' if v == default else ''}>{E(str(lb))}</option>"
                               for v, lb in f["options"])
                blank = "" if default is not None else "<option value='' selected>—</option>"
                box = f"<select id='{iid}'>{blank}{opts}</select>"
            out.append(f"<label>{E(f['label'])}{rule} {box}{said}</label>")
        return "".join(out)

    def _read_form(self, prefix: str, system: str, base: dict[str, Any]) -> dict[str, Any]:
        """The settings the form ``prefix`` gives that differ from ``base`` (else the defaults), as
        JSON; a number that is not one is refused with a ValueError naming the setting."""
        values: dict[str, Any] = {}
        for f in self._settings_fields(system):
            el = _el(f"{prefix}-{f['key']}")
            if el is None:
                continue
            if f["kind"] == "bool":
                v: Any = bool(el.checked)
            else:
                if str(el.tagName) == "FIELDSET":  # a long choice's radio buttons
                    chosen = el.querySelector("input:checked")
                    raw = "" if chosen is None or is_none(chosen) else str(chosen.value).strip()
                else:
                    raw = str(el.value).strip()
                if not raw:
                    continue
                try:
                    v = int(raw) if f["kind"] in ("int", "direction") else raw
                except ValueError:
                    raise ValueError(f"{f['label']}: type a whole number") from None
            if v != base.get(f["key"], f.get("default")):
                values[f["key"]] = v
        return values

    def read_settings(self) -> dict[str, Any]:
        """The settings the New map form gives that differ from the system's defaults, as JSON."""
        system = str(_el("new-system").value)
        values = self._read_form("new-set", system, {})
        root = get(system).rules.settings_root
        return {root: values} if root and values else values

    def apply_settings(self) -> None:
        """Apply the changed settings of "This game's settings" to the game in play (an edit action)."""
        game: Game = self.play.game
        err, done = _el("edit-error"), _el("game-set-done")
        err.textContent = done.textContent = ""
        now = tuple(game.state.scenario.ssr)
        try:
            changed = self._read_form("game-set", game.scenario.system, self._game_values())
            typed = parse_ssr(str(_el("game-ssr").value), map_boards(game.state.scenario.boards)) \
                if not _el("game-ssr-box").hidden else []
        except (ValueError, AirheadError) as e:
            err.textContent = str(e)
            return
        added = [n for n in dict.fromkeys(typed) if n not in now]
        if not changed and not added:
            done.textContent = ("Nothing changed: every setting is as it was"
                                + (" and those SSR terrain options are already applied." if typed else "."))
            return
        said = []
        for action in ([{"type": "edit", "op": "settings", "set": changed}] if changed else []) + \
                      ([{"type": "edit", "op": "ssr", "set": [*now, *added]}] if added else []):
            if not self.play.act(action):
                err.textContent = str(_el("prompt-error").textContent)
                break
            last = self.play.game.entries[-1].events
            if last:
                said.append(last[-1].cause[0].upper() + last[-1].cause[1:] + ".")
        self.render_game_settings()
        done.textContent = " ".join(said) or ("" if err.textContent else "Applied.")

    def mode(self) -> str:
        el = document.querySelector("input[name='edit-mode']:checked")
        return str(el.value) if el is not None else "terrain"

    def tap(self, name: str) -> bool:
        """Apply the current tool to hex ``name``; True if the editor handled the tap."""
        if not self.active:
            return False
        game: Game = self.play.game
        m = self.mode()
        err = _el("edit-error")
        err.textContent = ""
        at = game.state.terrain.at(game.scenario.map.parse(name))
        if m == "terrain":
            t = str(_el("edit-terrain").value)
            raw = str(_el("edit-obstacle").value).strip()
            usual = next(x["obstacle"] for x in terrain_options(game.scenario.system) if x["key"] == t)
            try:
                obs = float(raw) if raw else usual
            except ValueError:
                err.textContent = "obstacle height must be a number such as 1 or 0.5"
                return True
            action = {"type": "edit", "op": "hex", "hex": name, "set": {"t": None if t == "open" else t, "obs": obs or None}}
        elif m == "level":
            try:
                lvl = int(_el("edit-level").value)
            except ValueError:
                err.textContent = "type the base level to paint (a whole number, e.g. 1), then tap hexes"
                return True
            action = {"type": "edit", "op": "hex", "hex": name, "set": {"lvl": lvl or None}}
        elif m == "place":
            occ = str(_el("edit-occupant").value)
            action = {"type": "edit", "op": "hex", "hex": name, "set": {"occ": list(at.occupants) + [occ]}}
        elif m == "bridge":
            axis, foot = int(_el("edit-bridge-axis").value), bool(_el("edit-bridge-foot").checked)
            same = at.bridge is not None and (at.bridge.axis, at.bridge.foot) == (axis, foot)
            bridge = None if same else {"axis": axis, **({"foot": True} if foot else {})}
            action = {"type": "edit", "op": "hex", "hex": name, "set": {"bridge": bridge}}
        elif m == "blaze":
            action = {"type": "edit", "op": "hex", "hex": name, "set": {"blaze": None if at.blaze is not None else min(MAX_BLAZE, max(1, at.obstacle))}}
        elif m == "clear":
            action = {"type": "edit", "op": "hex", "hex": name, "set": {k: None for k in at.to_data()}}
        else:
            self.side_hex = name
            self.render_sides()
            return True
        if not self.play.act(action):
            err.textContent = str(_el("prompt-error").textContent)
        return True

    def render_sides(self) -> None:
        name = self.side_hex
        host = _el("edit-sides")
        if name is None:
            host.innerHTML = ""
            return
        game: Game = self.play.game
        h = game.scenario.map.parse(name)
        feat = str(_el("edit-feature").value)
        buttons = "".join(
            f"<button type='button' class='btn{' on' if feat in game.state.terrain.side(h, d) else ''}' data-act='side' "
            f"data-dir='{dn}' id='edit-side-{dn}'>{dn}</button>"
            for d, dn in enumerate(DIRECTION_NAMES)
        )
        host.innerHTML = f"<p>{E(feat.replace('_', ' '))} on the hexsides of <b>{E(name)}</b>:</p><div class='row'>{buttons}</div>"

    def _changed(self, ev: Any) -> None:
        if str(ev.target.id) == "edit-feature":
            self.render_sides()
        elif str(ev.target.id) == "new-system":
            self.render_settings()
        if str(ev.target.name) == "edit-mode":  # show only the chosen tool's fields
            _el("edit-fields").dataset.mode = self.mode()
            if self.mode() != "side":
                self.side_hex = None
                self.render_sides()

    def _click(self, ev: Any) -> None:
        target = ev.target.closest("[data-act]")
        if not target:  # JS null arrives as a falsy JsNull
            return
        act = str(target.dataset.act)
        if act == "side" and self.side_hex is not None:
            d = str(target.dataset.dir)
            feat = str(_el("edit-feature").value)
            game: Game = self.play.game
            on = feat not in game.state.terrain.side(game.scenario.map.parse(self.side_hex), DIRECTION_NAMES.index(d))
            if not self.play.act({"type": "edit", "op": "side", "hex": self.side_hex, "dir": d, "feature": feat, "on": on}):
                _el("edit-error").textContent = str(_el("prompt-error").textContent)
            self.render_sides()
        elif act == "new-map":
            layout = parse_layout(str(_el("new-layout").value))
            if self.boards is not None and self.boards.unread(layout):
                import asyncio

                async def create() -> None:  # the boards the layout names, read from this device first
                    await self.boards.ensure(self.boards.unread(layout))
                    self.create_map()

                asyncio.ensure_future(create())
            else:
                self.create_map()
        elif act == "ssr-help":  # the list of SSR options, unfolded or folded again
            listing = target.nextElementSibling
            listing.hidden = not bool(listing.hidden)
            target.setAttribute("aria-expanded", "false" if listing.hidden else "true")
        elif act == "apply-settings":
            self.apply_settings()
        elif act == "game-settings":  # opened: show the settings as they are now (after an undo, a load)
            self.render_game_settings()

    def create_map(self) -> None:
        err = _el("edit-error")
        try:
            sc = new_scenario(
                str(_el("new-name").value).strip(), str(_el("new-system").value), str(_el("new-layout").value),
                _whole("new-cols", 10, "columns"), _whole("new-rows", 8, "rows"), settings=self.read_settings(),
                held=self.boards.names() if self.boards is not None else (),
                ssr="" if _el("new-ssr-box").hidden else str(_el("new-ssr").value),
            )
            get(sc.system).settings_of(sc)  # refused here, with its reason, if a setting is wrong
            game = new_game(sc, secrets.token_hex(4))
        except (AirheadError, ValueError) as e:
            err.textContent = f"cannot build that map: {e}"
            self.note = ""
            return
        err.textContent = ""
        self.note = " ".join(n for n in (blank_note(sc), own_options_note(sc)) if n)
        self.play.load(game)
        self.side_hex = None
        self.render()
        if self.on_new_map is not None:
            self.on_new_map(game)

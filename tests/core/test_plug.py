"""The systems plug: the registry, typed fields, the turn track, units and markers, and the
import graph (no cycle; the reducer and the presenter import no rules)."""

from __future__ import annotations

import ast
import functools
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from airhead import systems
from airhead.errors import ActionError, AirheadError, DataError
from airhead.fields import Field, Schema
from airhead.hexes import Hex
from airhead.systems import builtin, get, new_game
from hypothesis import given, settings
from hypothesis import strategies as st

IN_PYODIDE = sys.platform == "emscripten"

CORE = Path(__file__).resolve().parents[2] / "core" / "airhead"
SC = builtin()


# ---------------------------------------------------------------------- the registry
def test_registry_lists_each_system_once_with_its_facts() -> None:
    keys = [s.key for s in systems.SYSTEMS]
    assert keys == ["asl", "panzer_leader", "army_group"]
    assert systems.BUILTINS == ("default", "panzer_leader_drop", "army_group_landing")
    assert systems.RETIRED == ("army_group_drop",)  # its saves and links still open
    for s in systems.SYSTEMS:
        assert s.title and s.map_kind in ("geoboards", "grid") and s.terrain_types
        for name in s.scenarios:
            assert builtin(name).system == s.key
            assert systems.builtin_name(name) == builtin(name).name  # (the Games panel's list)
    with pytest.raises(DataError, match="unknown game system “chess”"):
        get("chess")
    with pytest.raises(DataError, match="no built-in scenario"):
        builtin("nope")


@pytest.mark.parametrize("system", [s.key for s in systems.SYSTEMS])
def test_every_procedure_has_a_form_defaults_that_read_and_a_round_trip(system: str) -> None:
    sysm = get(system)
    game = new_game(builtin(sysm.scenarios[0]), "plug")
    for proc in sysm.rules.procedures:
        assert proc.name.startswith(system + ".") and proc.title
        json.dumps(proc.params.describe())  # a form description is plain data
        values = proc.defaults(game.state)
        json.dumps(values)
        typed = proc.read_some(game.state, values)
        # JSON -> values -> JSON -> values is stable (the codec keeps actions as JSON)
        again = proc.params.dump(typed, game.scenario.map)
        assert proc.read_some(game.state, again) == typed
        # a form holding those values gives them back (flattened the way the page sends inputs)
        flat = _flatten(proc.params, again)
        assert proc.read_some(game.state, proc.params.from_form(flat)) == typed


def _flatten(schema: Schema, values: dict[str, Any]) -> dict[str, Any]:
    flat: dict[str, Any] = {}

    def walk(f: Field, v: Any, path: str) -> None:
        if v is None:
            if f.kind == "record" and not f.required:
                flat[f"{path}.on"] = False
            return
        if f.kind == "record":
            flat[f"{path}.on"] = True
            for sub in f.fields:
                walk(sub, v.get(sub.key), f"{path}.{sub.key}")
        elif f.kind == "list":
            assert f.item is not None
            flat[f"{path}.count"] = len(v)
            for i, item in enumerate(v):
                walk(f.item, item, f"{path}.{i}")
        elif f.kind == "mapping":
            assert f.item is not None
            for k, item in v.items():
                if not f.choices:
                    flat[f"{path}.{k}.key"] = k
                walk(f.item, item, f"{path}.{k}")
        else:
            flat[path] = v if isinstance(v, bool) else str(v)

    for f in schema:
        walk(f, values.get(f.key), f.key)
    return flat


def test_settings_are_read_once_by_the_systems_schema() -> None:
    g = new_game(SC, "s")
    assert g.state.settings["weather"] == "Clear" and g.state.settings["wind"] == 4  # SW: direction 4 inside
    assert g.state.sides == ("Allied", "Axis")
    bad = SC.__class__.from_data(dict(SC.to_data(), settings={"weather": "Sunny"}))
    with pytest.raises(DataError, match="settings: Weather: must be one of"):
        new_game(bad, "s")
    unknown = SC.__class__.from_data(dict(SC.to_data(), settings={"colour": "red"}))
    with pytest.raises(DataError, match="unknown setting"):
        new_game(unknown, "s")


# ---------------------------------------------------------------------- typed fields
def test_fields_read_json_once_into_typed_values() -> None:
    m = SC.map
    schema = Schema((
        Field("at", "Hex", "hex"),
        Field("wind", "Wind", "direction", style="asl"),
        Field("heading", "Heading", "direction", style="compass", default="N"),
        Field("n", "Count", "int", lo=1, hi=3, default=1),
        Field("pick", "Pick", "choice", choices=("a", "b"), default="a"),
        Field("flag", "Flag", "bool", default=False),
        Field("items", "Items", "list", hi=2, default=[], item=Field("items", "Item", "record", fields=(
            Field("name", "Name", "text", lo=1, hi=5),))),
        Field("table", "Table", "mapping", choices=("x", "y"), default={}, item=Field("table", "Value", "int", lo=-1, hi=1)),
        Field("opt", "Optional", "record", default=None, fields=(Field("k", "K", "int"),)),
    ))
    v = schema.parse({"at": "1C9", "wind": "SW", "items": [{"name": "ab"}], "table": {"x": -1}}, m)
    assert v == {"at": m.parse("1C9"), "wind": 4, "heading": 0, "n": 1, "pick": "a", "flag": False,
                 "items": ({"name": "ab"},), "table": {"x": -1}, "opt": None}
    assert schema.dump(v, m) == {"at": "1C9", "wind": 5, "heading": "N", "n": 1, "pick": "a", "flag": False,
                                 "items": [{"name": "ab"}], "table": {"x": -1}}
    for raw, msg, path in [
        ({"wind": 5}, "Hex: missing", "at"),
        ({"at": "1C9", "wind": 7}, "Wind: must be 1..6 or one of N, NE", "wind"),
        ({"at": "1C9", "wind": 1, "n": 4}, "Count: must be a whole number 1..3, not 4", "n"),
        ({"at": "1C9", "wind": 1, "n": True}, "Count: must be a whole number, not yes", "n"),
        ({"at": "1C9", "wind": 1, "items": [{"name": "toolong"}]}, "Items 1, Name: must be text of 1..5", "items.0.name"),
        ({"at": "1C9", "wind": 1, "items": [{"nom": "a"}]}, "Items 1: unknown field(s): nom", "items.0"),
        ({"at": "1C9", "wind": 1, "table": {"z": 0}}, "Table: unknown entry “z”", "table"),
        ({"at": "1C9", "wind": 1, "x": 1}, "unknown parameter(s): x", ""),
        ({"at": "9Z9", "wind": 1}, "Hex: 9Z9: there is no board 9", "at"),
    ]:
        with pytest.raises(DataError) as e:
            schema.parse(raw, m)
        assert msg in str(e.value) and e.value.path == path


@settings(max_examples=50 if IN_PYODIDE else 200, deadline=None)  # (200 on CPython)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=6), c, max_size=3), max_leaves=12))
def test_any_json_is_read_or_refused_with_a_data_error(raw: Any) -> None:
    """Parameters from a hostile link: every procedure either reads them or refuses them with a
    DataError or RulesError (never another exception)."""
    for s in systems.SYSTEMS:
        game = new_game(builtin(s.scenarios[0]), "fuzz")
        for proc in s.rules.procedures:
            for params in (raw, {f.key: raw for f in proc.params}):
                try:
                    proc.read(game.state, params if isinstance(params, dict) else {"x": params})
                except AirheadError:
                    pass


# ---------------------------------------------------------------------- the turn track
def test_advance_moves_along_the_track_and_logs_it() -> None:
    g = new_game(SC, "t")
    ev = g.apply({"type": "advance"})
    assert ev[-1].cause == "Game Turn 1, Allied Player Turn: Prep Fire Phase (PFPh)"
    g.apply({"type": "advance", "phase": "CCPh"})
    ev = g.apply({"type": "advance"})
    assert ev[-1].cause == "Game Turn 1, Axis Player Turn: Rally Phase (RPh)"
    g.apply({"type": "advance", "phase": "RPh"})
    assert g.state.describe_turn() == "Game Turn 2, Allied Player Turn: Rally Phase (RPh)"
    assert g.log_lines()[-2] == "#4 advance to the RPh"
    with pytest.raises(ActionError, match="no phase “XPh”"):
        g.apply({"type": "advance", "phase": "XPh"})
    g.apply({"type": "undo"})
    assert g.state.turn.game_turn == 1 and g.state.turn.player == 1


def test_markers_expire_at_the_end_of_their_phase() -> None:
    g = new_game(SC, "m")
    g.apply({"type": "edit", "op": "marker", "id": "SS1", "kind": "Starshell", "hex": "1C5", "expires": "PFPh"})
    g.apply({"type": "edit", "op": "marker", "id": "W1", "kind": "wreck", "hex": "1C6"})
    g.apply({"type": "edit", "op": "unit", "id": "Stuka A", "side": "Axis", "kind": "aircraft", "hex": "1D5", "status": ["damaged"]})
    assert g.state.counters.marker("SS1") is not None
    ev = g.apply({"type": "advance"})  # end of the RPh: nothing expires
    assert len(ev) == 1 and g.state.counters.marker("SS1") is not None
    ev = g.apply({"type": "advance"})  # end of the PFPh: the Starshell goes
    assert ev[0].cause == "Starshell in 1C5 is removed at the end of the PFPh" and ev[0].hexes == ("1C5",)
    assert g.state.counters.marker("SS1") is None and g.state.counters.marker("W1") is not None
    u = g.state.counters.unit("Stuka A")
    assert u is not None and u.hex == SC.map.parse("1D5") and u.status == {"damaged"} and u.side == "Axis"
    g.apply({"type": "edit", "op": "unit", "id": "Stuka A", "kind": "aircraft", "hex": None})
    assert g.state.counters.unit("Stuka A").hex is None  # type: ignore[union-attr]
    g.apply({"type": "edit", "op": "unit", "id": "Stuka A", "remove": True})
    assert g.state.counters.unit("Stuka A") is None
    with pytest.raises(ActionError, match="no unit “X” to remove"):
        g.apply({"type": "edit", "op": "unit", "id": "X", "remove": True})
    with pytest.raises(ActionError, match="no phase “Night”"):
        g.apply({"type": "edit", "op": "marker", "id": "S2", "kind": "Starshell", "hex": "1C5", "expires": "Night"})
    # replay rebuilds the same layer
    again = new_game(SC, "m", g.actions)
    assert again.state.counters == g.state.counters and again.state.turn == g.state.turn


def test_a_landed_glider_is_a_unit_that_the_next_landing_reads() -> None:
    g = new_game(SC, "c")
    land = {"type": "start", "procedure": "asl.glider_landing", "params": {"ilh": "1G9", "wind": 5, "name": "G1"}}
    g.apply(land)
    g.apply({"type": "dice", "values": [1, 1]})
    g.apply({"type": "dice", "values": [1]})
    g.apply({"type": "choose", "choice": "no Final Fire"})
    assert [u.kind for u in g.state.counters.units_at(SC.map.parse("1G9"))] == ["glider"]
    g.apply(dict(land, params={"ilh": "1G9", "wind": 5, "name": "G2"}))
    g.apply({"type": "dice", "values": [1, 1]})
    ev = g.apply({"type": "dice", "values": [1]})
    assert (1, "Location contains a previously-landed glider (at most +1)") in [(e.value, e.cause) for e in ev if e.kind == "modifier"]


# ---------------------------------------------------------------------- the import graph
#: The import-graph checks read the repository's sources: the same verdict in any interpreter,
#: so they run on CPython only (in Pyodide they cost the layer ~15 s under load, issue #43).
SOURCES_ONLY = pytest.mark.skipif(IN_PYODIDE, reason="a check of the sources: run on CPython")


@functools.cache  # parsed once for every test that reads the sources
def _trees() -> dict[Path, ast.Module]:
    """Each module of the core, parsed."""
    return {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(CORE.rglob("*.py"))}


@functools.cache  # the same sources for every test that reads the graph
def _imports() -> dict[str, set[str]]:
    """Module -> modules of airhead it imports, counted strictly: function-level imports and
    ``if TYPE_CHECKING:`` blocks included, and ``from . import x`` importing the package too."""
    modules = {}
    for path in _trees():
        rel = path.relative_to(CORE.parent).with_suffix("")
        modules[".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)] = path
    graph: dict[str, set[str]] = {}
    for mod, path in modules.items():
        pkg = mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]
        deps: set[str] = set()
        for node in ast.walk(_trees()[path]):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            for t in targets:
                while t and t not in modules:
                    t = t.rsplit(".", 1)[0] if "." in t else ""
                if t and t != mod:
                    deps.add(t)
        graph[mod] = deps
    return graph


#: Each system's rules package, named after its key (docs/core.md, "Adding a rule system"),
#: from the registry: a new system is checked here with no edit.
RULES_PACKAGES = tuple(f"airhead.{s.key}" for s in systems.SYSTEMS)


def test_each_system_is_its_own_package() -> None:
    import importlib

    for s in systems.SYSTEMS:
        assert importlib.import_module(f"airhead.{s.key}").SYSTEM is s


@SOURCES_ONLY
def test_the_import_graph_has_no_cycle() -> None:
    graph = _imports()
    state: dict[str, int] = {}

    def visit(m: str, stack: list[str]) -> None:
        state[m] = 1
        for d in sorted(graph.get(m, ())):
            if state.get(d) == 1:
                raise AssertionError("import cycle: " + " -> ".join(stack[stack.index(d):] + [d]) if d in stack else d)
            if d not in state:
                visit(d, stack + [d])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [m])


@SOURCES_ONLY
def test_the_reducer_and_the_presenter_import_no_rules() -> None:
    graph = _imports()
    for mod in ("airhead.game", "airhead.edits", "airhead.plug", "airhead.steps", "airhead.views", "airhead.formats",
                "airhead.present", "airhead.codec", "airhead.svg"):
        rules = {d for d in graph[mod] if d.startswith(RULES_PACKAGES) and d not in RULES_PACKAGES}
        assert not rules, f"{mod} imports rules modules {rules}"
    for reducer in ("airhead.game", "airhead.edits"):
        assert not {d for d in graph[reducer] if d.startswith(RULES_PACKAGES + ("airhead.systems",))}


@SOURCES_ONLY
def test_the_board_reader_imports_no_rules_and_the_app_ships_no_test_support() -> None:
    """``airhead.vasl`` reads board files and places them; the command line (``airhead.board_cli``)
    lives above the rules. The fixture writer is test support (``tools/board_writer.py``): no
    module of the wheel is it or imports it."""
    graph = _imports()
    above = RULES_PACKAGES + ("airhead.systems", "airhead.board_cli", "airhead.__main__")
    for mod, deps in graph.items():
        if mod == "airhead.vasl" or mod.startswith("airhead.vasl."):
            assert not {d for d in deps if d.startswith(above)}, f"{mod} imports {deps}"
    assert not (CORE / "vasl" / "writer.py").exists()
    for path, tree in _trees().items():
        for node in ast.walk(tree):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            assert not [n for n in names if n == "tools" or n.startswith("tools.")], f"{path.name} imports {names}"


@SOURCES_ONLY
def test_the_web_app_imports_no_rules_package() -> None:
    web = CORE.parents[1] / "web" / "app"
    for path in web.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names] if isinstance(node, ast.Import) else []
            for n in names:
                assert not n.startswith(RULES_PACKAGES), f"{path.name} imports {n}"


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")
def test_a_system_loads_its_rules_only_when_asked() -> None:
    import subprocess

    rules = tuple(p + "." for p in RULES_PACKAGES)
    code = ("import sys, airhead.systems as s, airhead.svg as v; v.render_map(s.builtin()); "
            f"print(sorted(m for m in sys.modules if m.startswith({rules!r})"
            " or m in ('airhead.game', 'airhead.edits', 'airhead.sealed')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]"  # drawing the first map imports no rules module, nor the reducer (the play panel does)


def test_hex_is_the_one_hex_type_in_typed_params() -> None:
    g = new_game(SC, "h")
    proc = g.system.procedure("asl.random_location")
    assert isinstance(proc.read(g.state, {"from": "1C9"})["from"], Hex)


def test_a_stepped_procedure_refuses_in_one_voice() -> None:
    """Procedure steps declared as data (#31): a step the table lacks, or an answer its step does
    not take, is refused in the same words for every stepped procedure."""
    from airhead.dice import Roll
    from airhead.plug import ProcState, Step, Stepped

    stepped = [p for s in systems.SYSTEMS for p in s.rules.procedures if isinstance(p, Stepped)]
    assert {p.name for p in stepped} >= {"asl.glider_landing", "asl.aerial_combat", "army_group.landing",
                                         "panzer_leader.paradrop", "asl.strafing"}
    state = new_game(builtin(), "x").state  # never read: each answer is refused first
    for p in stepped:
        assert p.steps and all(isinstance(s, Step) for s in p.steps.values())
        with pytest.raises(ActionError, match=re.escape(f"{p.title} has no step “nowhere”")):
            p.prompt(state, ProcState(p.name, "nowhere", None))
        for key, step in p.steps.items():
            if step.roll is None:
                with pytest.raises(ActionError, match=re.escape(f"{p.title} is not waiting for dice")):
                    p.roll(state, ProcState(p.name, key, None), Roll.__new__(Roll))
            if step.choose is None:
                with pytest.raises(ActionError, match=re.escape(f"{p.title} is not waiting for a choice")):
                    p.choose(state, ProcState(p.name, key, None), "x")

"""Structure-aware fuzzing of games: real games played through every procedure of every system,
mutated action by action as a hostile sender would (actions swapped, repeated, spliced from
other games, played out of phase; hostile settings, map and counter edits; seals and reveals),
each either refused with a documented error or opened fully, within the work budget.

The systems, their scenarios, procedures and settings come from the registry
(:data:`airhead.systems.SYSTEMS`), never from a list kept here: a new procedure or setting is
fuzzed as soon as it is registered. Everything is a function of the seed.

"Opened fully" is ``opening.open_fully`` (replay, map, Play panel with every procedure's odds
and heatmap, save and share again). "Within the work budget": opening it as the app does
(replay, first draw: map, panel, overlay, the first procedure's odds) spends at most
:data:`APP_OPEN_BUDGET` units of :mod:`airhead.work` (counted, not timed; the replay alone is held
to :data:`airhead.work.REPLAY_BUDGET` by the core itself).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterator

from airhead import work
from airhead.codec import FORMAT_VERSION, CodecError, SaveData, decode_save, encode_save
from airhead.errors import AirheadError
from airhead.game import Game
from airhead.present import procedure_menu
from airhead.sealed import seal
from airhead.svg import render_map
from airhead.systems import SYSTEMS, builtin, new_game

from . import codec_fuzz, mutations, opening  # the codec's corpus, its mutations and the open_fully check

#: Units of work opening an accepted game as the app does may spend: the replay's and the map
#: view's (held by the core to ``airhead.work.OPEN_BUDGET`` together), the rest of the first
#: draw (panel, first odds, overlay) within what they leave (``tools/bench_worst.py`` prints
#: the time figures).
APP_OPEN_BUDGET = work.REPLAY_BUDGET + work.DRAW_BUDGET


class Defect(AssertionError):
    """A mutant did something other than being refused with a documented error or opening fully
    within the budget."""


@dataclass(frozen=True)
class Played:
    """A game played here: its label, scenario data (a built-in's name or a whole scenario) and
    seed, and the actions."""

    label: str
    system: str
    scenario: Any
    seed: str
    actions: tuple[dict[str, Any], ...]

    def save_text(self, actions: list[Any]) -> str:
        return json.dumps({"airhead": FORMAT_VERSION, "scenario": self.scenario, "seed": self.seed, "actions": actions},
                          ensure_ascii=False)


def _try(game: Game, action: dict[str, Any]) -> bool:
    try:
        game.apply(action)
    except AirheadError:
        return False
    return True


def _finish(game: Game, rnd: random.Random, limit: int = 40) -> None:
    """Answer the procedure under way (app dice or typed dice, any choice) until it is done."""
    for _ in range(limit):
        p = game.waiting_for()
        if p is None:
            return
        if p.kind == "roll":
            ok = _try(game, {"type": "roll"})
        else:
            ok = _try(game, {"type": "choose", "choice": rnd.choice(p.options)})
        if not ok:
            break
    if game.waiting_for() is not None:
        _try(game, {"type": "cancel"})


def _value(rnd: random.Random, f: dict[str, Any], names: list[str], words: list[str]) -> Any:
    """A value a player could type into form field ``f`` (its description: kind, range, options)."""
    kind = f["kind"]
    if kind == "hex":
        return rnd.choice(names)
    if kind in ("choice", "direction") and f.get("options"):
        return rnd.choice(f["options"])[0]
    if kind == "int":
        lo, hi = f.get("lo", 0), f.get("hi", 6)
        return rnd.randint(lo, min(hi, lo + 12))
    if kind == "bool":
        return rnd.random() < 0.5
    if kind == "text":
        return rnd.choice(words)
    if kind == "list" and "item" in f:
        return [_value(rnd, f["item"], names, words) for _ in range(rnd.choice([1, 2, 3]))]
    if kind == "record" and "fields" in f:
        return {g["key"]: _value(rnd, g, names, words) for g in f["fields"]}
    return f.get("default")


def _play_every_procedure(game: Game, rnd: random.Random, names: list[str]) -> None:
    """Each procedure of the system (the menu, i.e. the registry's order) begun with the form's
    initial values, then with every field a player left empty filled in (a hex of the map, a unit
    on it, a number in range, an option; lists too after a few tries), then with every field
    filled in at random; each played to its end (twice at most)."""
    for item in procedure_menu(game):
        words = [u.name for u in game.state.counters.units] + ["FB 1", "Ju 1", "AA 1", "Aircraft"]
        played = 0
        for attempt in range(12):
            params = dict(item["values"])
            for f in item["fields"]:
                empty = params.get(f["key"]) in ((None, "") if attempt < 5 else (None, "", []))
                if attempt >= 8 or (attempt >= 1 and empty):
                    params[f["key"]] = _value(rnd, f, names, words)
            if _try(game, {"type": "start", "procedure": item["name"], "params": params}):
                _finish(game, rnd)
                played += 1
                if played == 2:
                    break


def _setup(game: Game, names: list[str]) -> None:
    """Counters the procedures look for: an aircraft of each side, a unit in AA mode, a Cloaking
    counter, a squad."""
    a, b = game.state.sides[0], game.state.sides[1]
    for i, (uid, side, kind, status) in enumerate((("FB 1", a, "aircraft", ["bombs"]), ("Ju 1", b, "aircraft", ["Stuka"]),
                                                   ("AA 1", b, "squad", ["aa"]), ("Cloaking A", b, "cloaking", []),
                                                   ("q1", a, "squad", []))):
        _try(game, {"type": "edit", "op": "unit", "id": uid, "side": side, "kind": kind, "hex": names[11 + 13 * i],
                    "status": status})


@lru_cache(maxsize=None)
def corpus() -> tuple[Played, ...]:
    """Games of every scenario of every system (and a custom map of each), played through every
    procedure, with map, unit and marker edits, a phase advance, undo and redo, a seal and its
    reveal."""
    out: list[Played] = []
    for system in SYSTEMS:
        sources: list[tuple[str, Any, Any]] = [(name, {"builtin": name}, builtin(name)) for name in system.scenarios]
        custom = codec_fuzz._custom_scenario(system.key)
        sources.append((f"custom {system.key}", custom.to_data(), custom))
        for label, data, sc in sources:
            rnd = random.Random(label)
            game = new_game(sc, f"fuzz {label}")
            names = [sc.map.name(h) for h in sc.map.hexes()]
            codec_fuzz._edits(game, names)
            _setup(game, names)
            _play_every_procedure(game, rnd, names)
            out.append(Played(label, system.key, data, game.seed, tuple(game.actions)))
    return tuple(out)


# ---------------------------------------------------------------------- hostile actions
def _setting_keys() -> list[str]:
    """Every setting of every system (from the registry), and keys no system has."""
    keys = [f.key for s in SYSTEMS for f in s.rules.settings.fields]
    return keys + ["x", "", "__proto__", "panzer_leader", "army_group"]


def _settings_edit(rnd: random.Random, system: str) -> dict[str, Any]:
    fields = {f.key: f for s in SYSTEMS for f in s.rules.settings.fields}
    keys = rnd.sample(_setting_keys(), rnd.choice([1, 1, 2, 5]))
    out: dict[str, Any] = {}
    for k in keys:
        f = fields.get(k)
        old = f.default if f is not None and f.default is not ... else None
        out[k] = rnd.choice([None, None, mutations._plausible(rnd, old), mutations._strange(rnd, old),
                             old, "x" * rnd.choice([10, 900, 5000])])
    return {"type": "edit", "op": "settings", "set": out}


KINDS = ("squad", "glider", "aircraft", "cloaking", "vehicle", "wreck", "Starshell", "IR", "Flame", "Gunflash", "FFE", "stick")


def _hostile(rnd: random.Random, played: Played, names: list[str]) -> list[dict[str, Any]]:
    """One to many hostile actions of one kind."""
    kind = rnd.randrange(7)
    h = rnd.choice(names) if names else "1A1"
    if kind == 0:
        return [_settings_edit(rnd, played.system)]
    if kind == 1:  # terrain at the extremes of what a hex may hold
        value = rnd.choice([{"blaze": rnd.choice([1, 4, 6, 7, 20, 100, 0.5, -1])}, {"obs": rnd.choice([1, 5, 100])},
                            {"lvl": rnd.choice([-100, 5, 100])}, {"smoke": True}, {"mines": 99},
                            {"occ": ["glider"] * rnd.choice([1, 20, 21])}, {"t": rnd.choice(["woods", "building", "x"])}])
        return [{"type": "edit", "op": "hex", "hex": rnd.choice(names), "set": value} for _ in range(rnd.choice([1, 3, 30]))]
    if kind == 2:  # counters: many of one kind, in one hex or spread
        k = rnd.choice(KINDS)
        many = rnd.choice([1, 5, 200])
        spread = rnd.random() < 0.5
        op = "marker" if k[0].isupper() else "unit"
        return [{"type": "edit", "op": op, "id": f"{k} {rnd.choice('ABCDEFGH')}" if k == "cloaking" else f"f{i}",
                 "kind": k, "hex": rnd.choice(names) if spread else h,
                 "side": rnd.choice(["Allied", "Axis", "German", "x"]),
                 **({"status": rnd.sample(["aa", "damaged", "recalled", "hidden", "broken", "Stuka", "bombs"], 2)}
                    if op == "unit" else {"expires": rnd.choice(["", "MPh", "CCPh", "x"])})}
                for i in range(many)]
    if kind == 3:  # seals and reveals: matching, mismatched, twice, never sealed, the other side's
        side = rnd.choice(["Allied", "Axis", "German", "Soviet", "x"])
        label = rnd.choice(["plan", "landing plan", "Cloaking A contents", "manifest Horsa 1"])
        plan: Any = rnd.choice([{"contents": [{"id": "q", "kind": "squad"}]}, ["1A1"], {"x": 1}, None, "plan"])
        s = seal(plan if plan is not None else [], f"{rnd.getrandbits(128):032x}")
        acts = [{"type": "seal", "side": side, "label": label, "code": s.code}] * rnd.choice([1, 2])
        acts.append({"type": "reveal", "side": rnd.choice([side, "Axis"]), "label": label,
                     "plan": rnd.choice([s.plan, plan, {"other": True}]), "salt": rnd.choice([s.salt, "0" * 32])})
        return acts if rnd.random() < 0.8 else acts[-1:]
    if kind == 4:  # a start of any procedure of any system, its params from another game or mutated
        starts = [a for p in corpus() for a in p.actions if a["type"] == "start"]
        a = json.loads(json.dumps(rnd.choice(starts)))
        if rnd.random() < 0.6 and a.get("params"):
            k = rnd.choice(list(a["params"]))
            a["params"][k] = rnd.choice([mutations._plausible(rnd, a["params"][k]), mutations._strange(rnd, a["params"][k]),
                                         rnd.choice(names)])
        return [a]
    if kind == 5:  # the reducer's own moves at any time
        return [rnd.choice([{"type": "roll"}, {"type": "cancel"}, {"type": "advance"}, {"type": "undo"}, {"type": "redo"},
                            {"type": "advance", "phase": rnd.choice(["MPh", "CCPh", "PFPh", "x", "Air"])},
                            {"type": "dice", "values": [rnd.randint(0, 12) for _ in range(rnd.choice([1, 2, 3]))]},
                            {"type": "choose", "choice": rnd.choice(["yes", "no", "0", "", h])}])
                for _ in range(rnd.choice([1, 2, 10]))]
    return [{"type": "note", "text": mutations._strange(rnd, "x") if rnd.random() < 0.2 else "n"}]


#: One mutated game: how it was made and its save's text (the codec fuzz's kind of case).
Mutant = opening.Case


def mutants(seed: int, count: int) -> Iterator[Mutant]:
    """``count`` mutated games, the same for the same ``seed``."""
    rnd = random.Random(seed)
    games = corpus()
    for i in range(count):
        played = rnd.choice(games)
        other = rnd.choice(games)
        actions = [json.loads(json.dumps(a)) for a in played.actions]
        sc = played.scenario
        names = [n for _, n in builtin(sc["builtin"]).map.iter_names()] if "builtin" in sc else \
            [a["hex"] for a in played.actions if isinstance(a.get("hex"), str)] or ["1A1"]
        ops = []
        for _ in range(rnd.choice([1, 1, 2, 3, 5])):
            op = rnd.randrange(7)
            n = len(actions)
            at = rnd.randrange(n + 1)
            if op == 0 and n > 1:
                j, k = rnd.randrange(n), rnd.randrange(n)
                actions[j], actions[k] = actions[k], actions[j]
                ops.append("swap")
            elif op == 1 and n:
                j = rnd.randrange(n)
                actions[j + 1:j + 1] = [actions[j]] * rnd.choice([1, 2, 10, 100])
                ops.append("repeat")
            elif op == 2:
                j = rnd.randrange(len(other.actions) + 1)
                actions[at:at] = [json.loads(json.dumps(a)) for a in other.actions[j:j + rnd.choice([1, 5, 40])]]
                ops.append(f"splice from {other.label}")
            elif op == 3 and n:
                a = actions.pop(rnd.randrange(n))
                actions.insert(rnd.randrange(len(actions) + 1), a)
                ops.append("out of phase")
            elif op == 4 and n:
                del actions[rnd.randrange(n):][:rnd.choice([1, 1, 5, n])]
                ops.append("drop")
            else:
                actions[at:at] = _hostile(rnd, played, names)
                ops.append("hostile")
        actions = actions[:5_000]
        if rnd.random() < 0.5:  # kept to what replays: the hostile state reached, not refused at once
            actions = _repaired(played, actions)
            ops.append("repaired")
        yield Mutant(f"#{i} {played.label}: {'+'.join(ops)}", played.save_text(actions))


def _repaired(played: Played, actions: list[Any]) -> list[Any]:
    """The actions a game of ``played``'s scenario accepts, in order (each refused one left out),
    up to where their work would exceed the replay budget."""
    from airhead.codec import decode_save as _decode

    try:
        game = _decode(played.save_text([])).to_game()
    except CodecError:
        return actions
    kept: list[Any] = []
    try:
        with work.metered(work.REPLAY_BUDGET):
            for a in actions:
                try:
                    game.apply(a)
                except AirheadError:
                    continue
                except work.OverBudget:
                    raise
                except Exception:  # a defect: kept, so that check() reports it with the mutant
                    kept.append(a)
                    break
                kept.append(a)
    except work.OverBudget:
        pass
    return kept


# ---------------------------------------------------------------------- the check
def open_as_the_app_does(data: SaveData) -> int:
    """Open decoded data as the app does (replay, map, Play panel, overlay, the first procedure's
    odds), metered: the units of work it spent. CodecError if the replay refuses it."""
    with work.metered(10**15):
        game = data.to_game()
        render_map(game.scenario, game.state.terrain)
        opening.first_draw(game)
        return work.spent()


def check(m: Mutant) -> str:
    """``refused``, ``refused at replay`` or ``opened``; a :class:`Defect` for anything else (an
    undocumented exception, or an accepted game over the work budget)."""
    try:
        data = decode_save(m.text)
    except CodecError:
        return "refused"
    except Exception as e:
        raise Defect(f"{m.label}: decode raised {type(e).__name__}: {e}") from e
    try:
        spent = open_as_the_app_does(data)
    except CodecError:
        return "refused at replay"
    except Exception as e:
        raise Defect(f"{m.label}: opening raised {type(e).__name__}: {e}") from e
    if spent > APP_OPEN_BUDGET:
        raise Defect(f"{m.label}: opening it spends {spent:,} units of work (at most {APP_OPEN_BUDGET:,})")
    try:
        opening.open_fully(data)
    except CodecError as e:
        raise Defect(f"{m.label}: opened as the app does, refused by open_fully: {e}") from e
    except Exception as e:
        raise Defect(f"{m.label}: opening fully raised {type(e).__name__}: {e}") from e
    return "opened"


def save_text(game: Game) -> str:
    """A game's save (for reproducing a defect by hand: ``python -m airhead replay``)."""
    return encode_save(game)

"""Benchmark of the worst games a link may hold, procedure by procedure (issue #28).

For every procedure of every system (from the registry, ``airhead.systems.SYSTEMS``), a
generated worst case: the system's first built-in scenario made heavy (for ASL a night with
Blazes as high as a Blaze may be, Starshells, aircraft on the map, Cloaking counters and a
hundred units, or the same by day for the air procedures night forbids; for the others a
hundred units), then the procedure played again and again with the dice (its form filled as a
player could: :func:`begin`), going on to the next phase when it will not begin again, until the
game holds the most actions a save may (5,000) or its replay the most work
(``airhead.work.REPLAY_BUDGET``), then cut to the longest beginning that opens (:func:`fitted`).

Prints one JSON line: {"python": ..., "budget_units": ..., "procedures": [{"procedure", "actions",
"units", "open_ms" (decode, replay and first draw as the app does, the least of two), "refused"
(the codec refused it: then "open_ms" is the time it took to refuse), "first_us"/"last_us" (one action's time among
the procedure's first 500, after the heavy scenario's edits, and the game's last 500),
"first_units"/"last_units" (its work)}...]}, then the slowest refusals by the work budget
(:func:`_past`). Targets: open <= 1 s on CPython, <= 2 s in the page, and a refusal by the work
budget within the same time (docs/web.md, "Hostile input": such a game is replayed until it
passes the budget). Nothing here asserts a time (``tests/fuzz/test_flat_cost.py`` checks the
work).

Usage: bench_worst.py [--only SUBSTRING] [--actions N]
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for p in (ROOT / "core", ROOT):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))


#: Blazes as high as a Blaze may be in the ASL worst cases: their zones are what the map's first
#: draw reads (after the longest replay of Illuminating Rounds, six take the opening past
#: ``airhead.work.OPEN_BUDGET``: the game is cut to the longest that opens, :func:`fitted`).
BLAZES = 6


def heavy_setup(system: str, names: list[str], sides: tuple[str, ...], night: bool = True,
                blazes: int = BLAZES) -> list[dict[str, Any]]:
    """Actions that make a scenario as heavy as a procedure of ``system`` may meet (for ASL at
    ``night``: Blazes and Starshells; by day the air procedures, which night forbids, E7.2)."""
    from airhead.terrain import MAX_BLAZE

    a, b = sides[0], sides[1]
    out: list[dict[str, Any]] = []
    if system == "asl":
        if night:
            out.append({"type": "edit", "op": "settings", "set": {"night": True, "base_nvr": 3}})
            out += [{"type": "edit", "op": "hex", "hex": names[(97 * i + 40) % len(names)],
                     "set": {"t": "woods", "obs": 1, "blaze": MAX_BLAZE}} for i in range(blazes)]
            out += [{"type": "edit", "op": "marker", "id": f"S{i}", "kind": "Starshell", "hex": names[(53 * i) % len(names)]}
                    for i in range(20)]
        out += [{"type": "edit", "op": "unit", "id": f"{n} {i}", "side": side, "kind": "aircraft",
                 "hex": names[(41 * i + k * 11 + 5) % len(names)], "status": st}
                for i in range(5) for k, (n, side, st) in enumerate((("FB", a, ["bombs"]), ("Ju", b, ["Stuka"])))]
        out += [{"type": "edit", "op": "unit", "id": f"Cloaking {c}", "side": b, "kind": "cloaking",
                 "hex": names[(31 * i + 7) % len(names)]} for i, c in enumerate("ABCD")]
        out.append({"type": "edit", "op": "unit", "id": "AA 1", "side": b, "kind": "squad", "hex": names[60], "status": ["aa"]})
    out += [{"type": "edit", "op": "unit", "id": f"q{i}", "side": (a, b)[i % 2], "kind": "squad",
             "hex": names[(17 * i + 3) % len(names)]} for i in range(100)]
    return out


#: Tries at new parameters each time a procedure will not begin again with its last ones, and the
#: phases a generator advances (a player waiting for the procedure's phase or next turn) before
#: it gives up.
TRIES, WAIT_PHASES = 40, 24


def _strafing(game: Any, rnd: random.Random) -> dict[str, Any]:
    """A strafing run a player would plan: one of the first side's aircraft at an enemy squad,
    the squad listed as its target (the Hex Grain tried at random: the run must stay on the map)."""
    a, b = game.state.sides[0], game.state.sides[1]
    m = game.scenario.map
    plane = rnd.choice([u for u in game.state.counters.units_of_kind("aircraft") if u.side == a])
    squad = rnd.choice([u for u in game.state.counters.units_of_kind("squad") if u.side == b and u.hex is not None])
    return {"aircraft": plane.name, "side": a, "target": m.name(squad.hex), "grain": rnd.randint(1, 6),
            "units": [{"name": squad.name, "hex": m.name(squad.hex), "kind": "infantry"}]}


def _dogfight(game: Any, rnd: random.Random) -> dict[str, Any]:
    """A Dogfight a player would set up: a plane of each side, each the other's target."""
    a, b = game.state.sides[0], game.state.sides[1]
    planes = game.state.counters.units_of_kind("aircraft")
    mine = rnd.choice([u for u in planes if u.side == a])
    theirs = rnd.choice([u for u in planes if u.side == b])
    return {"attacker": a, "planes": [{"name": mine.name, "side": a, "target": theirs.name},
                                      {"name": theirs.name, "side": b, "target": mine.name}]}


#: The forms whose values random filling rarely makes startable (a target listed with its hex, a
#: Dogfight's pairs), filled as a player would from the counters on the map; and the procedure
#: each needs played first (an Observation Plane's sighting needs the plane).
PLANNED = {"asl.strafing": _strafing, "asl.aerial_combat": _dogfight}
PRELUDE = {"asl.observation_sighting": "asl.observation_plane"}


def begin(game: Any, proc: str, rnd: random.Random, last: dict[str, Any] | None) -> dict[str, Any] | None:
    """Begin ``proc`` in ``game`` as a player could: with ``last`` (the parameters that began it
    before), else with the form's initial values, then its empty fields filled (a counter, side
    or row the form offers to pick, a hex, a number, an option), then every field at random, the
    players' agreement to play it out of its phase ticked after a few tries. The parameters that
    began it, or None (the game unchanged: a refused start changes nothing)."""
    from airhead.errors import AirheadError
    from airhead.present import picks_view, procedure_menu

    from tools.corpora.game_fuzz import _value

    def started(params: dict[str, Any]) -> bool:
        try:
            game.apply({"type": "start", "procedure": proc, "params": params})
        except AirheadError:
            return False
        return True

    if last is not None and started(last):
        return last
    item = next(i for i in procedure_menu(game) if i["name"] == proc)
    names = [game.scenario.map.name(h) for h in game.scenario.map.hexes()]
    words = [u.name for u in game.state.counters.units]
    picks = {path: [str(p["value"]) for p in got] for path, got in picks_view(game, proc, item["values"]).items()}
    for attempt in range(TRIES):
        params = dict(item["values"])
        for f in item["fields"]:
            empty = params.get(f["key"]) in ((None, "") if attempt < 20 else (None, "", []))
            if attempt >= 30 or (attempt >= 1 and empty):
                offered = picks.get(f["key"])
                params[f["key"]] = rnd.choice(offered) if offered and rnd.random() < 0.8 else _value(rnd, f, names, words)
            if f["key"] == "out_of_phase" and attempt >= 5:
                params[f["key"]] = True
        if proc in PLANNED and attempt >= 1:
            params.update(PLANNED[proc](game, rnd))
        if started(params):
            return params
    return None


def generate(system: Any, proc: str, most: int, budget: int = 0, blazes: int = BLAZES) -> tuple[Any, list[dict[str, Any]]]:
    """The scenario and the actions of ``proc``'s worst case (see the module): the procedure
    begun again and again, each time played to its end with the dice and the first choice; when
    it will not begin, the game goes on to the next phase, as the players would (at most
    :data:`WAIT_PHASES` in a row). ASL's heavy scenario is a night, or a day for a procedure that
    never begins at night."""
    from airhead.errors import AirheadError
    from airhead.systems import builtin, new_game

    sc = builtin(system.scenarios[0])
    names = [sc.map.name(h) for h in sc.map.hexes()]
    for night in (True, False) if system.key == "asl" else (True,):
        game = new_game(sc, "worst")
        for a in heavy_setup(system.key, names, game.state.sides, night, blazes):
            try:
                game.apply(a)
            except AirheadError:
                pass
        if proc in PRELUDE:
            _played(game, PRELUDE[proc], len(game.actions) + 40, once=True)
        if _played(game, proc, most, budget=budget):
            break
    return sc, list(game.actions)[:most]


def _played(game: Any, proc: str, most: int, once: bool = False, budget: int = 0) -> bool:
    """Play ``proc`` in ``game`` up to ``most`` actions or the replay budget (see :func:`generate`),
    or ``once``: False if it never began."""
    from airhead import work
    from airhead.errors import AirheadError

    rnd = random.Random(proc)
    params: dict[str, Any] | None = None
    waited, began = 0, 0
    try:
        with work.metered(budget or work.REPLAY_BUDGET - work.REPLAY_BUDGET // 50):  # its replay stays under the budget
            while len(game.actions) < most and not (once and began):
                got = begin(game, proc, rnd, params)
                if got is None:
                    if waited >= WAIT_PHASES or began == 0 and waited >= WAIT_PHASES // 2:
                        break
                    try:
                        game.apply({"type": "advance"})
                    except AirheadError:  # the turn track's end
                        break
                    waited += 1
                    continue
                params, waited, began = got, 0, began + 1
                for _ in range(60):
                    p = game.waiting_for()
                    if p is None or len(game.actions) >= most:
                        break
                    game.apply({"type": "roll"} if p.kind == "roll" else {"type": "choose", "choice": p.options[0]})
                if game.waiting_for() is not None and len(game.actions) < most:
                    game.apply({"type": "cancel"})
    except work.OverBudget:
        pass
    return began > 0


def fitted(sc: Any, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``actions``, or if the codec refuses their link (its size, or their work: the replay and
    the first view together, ``airhead.work.OPEN_BUDGET``), their longest beginning it accepts,
    to within 1 %: the heaviest game of the procedure that opens."""
    from airhead.codec import CodecError, SaveData, decode_link, encode_link

    def opens(n: int) -> bool:
        try:
            decode_link(encode_link(SaveData(sc, "worst", tuple(actions[:n])))).to_game()
        except CodecError:
            return False
        return True

    if opens(len(actions)):
        return actions
    lo = next((i for i, a in enumerate(actions) if a["type"] == "start"), len(actions))  # the setup opens
    hi = len(actions)
    while hi - lo > max(1, len(actions) // 100):
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if opens(mid) else (lo, mid)
    return actions[:lo]


def _past() -> list[tuple[Any, str, str, dict[str, Any]]]:
    """Games made to go past the work budget where a refusal costs the most: a strafing run's
    replay (the heaviest actions) past :data:`airhead.work.REPLAY_BUDGET`, and the map of an
    Illuminating Round's night with two maximum Blazes more than :data:`BLAZES`, past
    ``airhead.work.OPEN_BUDGET`` after the longest replay."""
    from airhead import work
    from airhead.systems import SYSTEMS

    asl = next(s for s in SYSTEMS if s.key == "asl")
    return [(asl, "asl.strafing", "past the replay budget", {"budget": work.REPLAY_BUDGET * 3 // 2}),
            (asl, "asl.illuminating_round", f"{BLAZES + 2} Blazes: past the open budget", {"blazes": BLAZES + 2})]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="", help="procedures whose name holds this")
    ap.add_argument("--actions", type=int, default=5_000)
    args = ap.parse_args()
    from airhead import work
    from airhead.codec import CodecError, SaveData, decode_link, encode_link
    from airhead.systems import SYSTEMS, new_game

    from tools.corpora.game_fuzz import open_as_the_app_does

    def opened(label: str, sc: Any, actions: list[dict[str, Any]]) -> dict[str, Any]:
        """The game opened as the app does, the least time of two (a shared machine's load)."""
        link = encode_link(SaveData(sc, "worst", tuple(actions)))
        refused = False
        units = 0
        times = []
        for _ in range(2):
            gc.collect()
            t0 = time.perf_counter()
            try:
                units = open_as_the_app_does(decode_link(link))
            except CodecError:
                refused = True
            times.append((time.perf_counter() - t0) * 1000)
        return {"procedure": label, "actions": len(actions), "units": units, "open_ms": round(min(times), 1),
                "refused": refused}

    rows = []
    for system in SYSTEMS:
        for proc in system.procedures:
            if args.only not in proc:
                continue
            sc, actions = generate(system, proc, args.actions)
            actions = fitted(sc, actions)
            row = opened(proc, sc, actions)
            setup = next((i for i, a in enumerate(actions) if a["type"] == "start"), len(actions))  # the heavy scenario's edits
            if len(actions) - setup >= 1_000:
                for part, key, before in ((actions[setup:setup + 500], "first", actions[:setup]),
                                          (actions[-500:], "last", actions[:-500])):
                    g = new_game(sc, "worst", before)
                    t0 = time.perf_counter()
                    with work.metered(10**15), work.collector_paused():  # as a replay applies them
                        for a in part:
                            g.apply(a)
                        row[f"{key}_units"] = round(work.spent() / len(part), 1)
                    row[f"{key}_us"] = round((time.perf_counter() - t0) * 1e6 / len(part), 1)
            rows.append(row)
            print(json.dumps(row), file=sys.stderr)
    for system, proc, label, kw in _past():  # the slowest refusals: all the work a game may ask, then one step more
        if args.only in proc:
            sc, actions = generate(system, proc, args.actions, **kw)
            rows.append(opened(f"{proc} ({label})", sc, actions))
            print(json.dumps(rows[-1]), file=sys.stderr)
    print(json.dumps({"python": f"{platform.python_implementation()} {sys.version.split()[0]} ({sys.platform})",
                      "budget_units": work.REPLAY_BUDGET, "procedures": rows}))


if __name__ == "__main__":
    main()

"""The Panzer Leader variant's rules audit (issue #10 items 9-12, 15 and the PL half of 4): each
test quotes the rule of seed 001 it checks."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any

import pytest
from airhead.boards import HexMap
from airhead.codec import decode_link, encode_link
from airhead.game import ActionError, Game
from airhead.hexes import Hex
from airhead.panzer_leader import SYSTEM
from airhead.panzer_leader.odds import paradrop_odds
from airhead.panzer_leader.wind import Wind
from airhead.scenario import Scenario
from airhead.sealed import seal
from airhead.systems import builtin, new_game
from airhead.terrain import Terrain

MAP = HexMap.grid([["A"]], 12, 10)
LOW_FROM_N = {"from": "N", "speed": "Low"}  # sticks drift S
LOW_FROM_S = {"from": "S", "speed": "Low"}  # gliders shift N


def h(name: str) -> Hex:
    return MAP.parse(name, allow_offboard=True)


def game(settings: dict[str, Any] | None = None) -> Game:
    return new_game(Scenario("PL audit", "panzer_leader", MAP, settings={"panzer_leader": settings or {}}), "audit")


def platoon(pid: str, sticks: int = 4, **more: Any) -> dict[str, Any]:
    return {"id": pid, "type": "rifle", "sticks": sticks, **more}


def paradrop(g: Game, target: str, platoons: list[dict[str, Any]], drift: int, turn: int = 1, **more: Any) -> list[Any]:
    """Start a paradrop on one target, roll its drift die, and every survival die 6 (no effect)."""
    events = g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
        "turn": turn, "wind": LOW_FROM_N, "drops": [{"target": target, "platoons": platoons}], **more}})
    while (p := g.waiting_for()) is not None and p.rule != "PL II.C":
        events += g.apply({"type": "dice", "values": [1]} if p.kind == "roll" else {"type": "choose", "choice": "no effect"})
    events += g.apply({"type": "dice", "values": [drift]})
    while g.waiting_for() is not None:
        events += g.apply({"type": "dice", "values": [6]})
    return events


def gliders(g: Game, ids: list[str], target: str = "A/f5", face: int = 3, turn: int = 1, **more: Any) -> list[Any]:
    """A glider landing: each glider heading N at ``target``, no anti-aircraft effect, landing die ``face``."""
    events = g.apply({"type": "start", "procedure": "panzer_leader.gliders", "params": {
        "turn": turn, "wind": LOW_FROM_S, "gliders": [{"id": i, "target": target, "heading": "N"} for i in ids], **more}})
    while (p := g.waiting_for()) is not None:
        events += g.apply({"type": "choose", "choice": "no effect"} if p.kind == "choice" else {"type": "dice", "values": [face]})
    return events


def causes(events: list[Any], rule: str) -> list[str]:
    return [e.cause for e in events if e.rule == rule]


def status(g: Game) -> dict[str, tuple[str, frozenset[str]]]:
    return {u.id: (MAP.name(u.hex) if u.hex else "", u.status) for u in g.state.counters.units}


# ---------------------------------------------------------------------- item 9: stacking per game turn
def test_gliders_of_several_runs_in_one_game_turn_count_together() -> None:
    # III.E: "Only two gliders may land in any given hex in a single game turn. ... exceeding this
    # limit causes all friendly units in the hex to become dispersed."
    g = game()
    gliders(g, ["G1", "G2"])  # both on target A/f5, shifted 1 N: A/f4
    assert status(g) == {"G1": ("A/f4", frozenset()), "G2": ("A/f4", frozenset())}
    ev = gliders(g, ["G3"])
    assert causes(ev, "PL III.E") == [
        "1 glider lands in A/f4 after 2 earlier this game turn, more than two in a game turn: every friendly unit in A/f4 is dispersed",
        "already in A/f4 and dispersed too: G1, G2"]
    assert all(st == frozenset({"dispersed"}) for _, st in status(g).values())  # the earlier run's loads too
    assert g.state.outcomes[-1]["dispersed_hexes"] == ["A/f4"]
    # a later game turn starts a new count of gliders
    g2 = game({"stacking": "this turn's landings"})
    gliders(g2, ["G1", "G2"])
    ev = gliders(g2, ["G3"], turn=2)
    assert causes(ev, "PL III.E") == [] and status(g2)["G3"] == ("A/f4", frozenset())


def test_sticks_and_gliders_count_together_and_disperse_everything_in_the_hex() -> None:
    # I.F: "Only two platoons (or their equivalent) are permitted to land in a single hex ... When
    # more than these limits land in a hex ... all friendly units in the hex are dispersed."
    # III.E: "Glider units do count toward stacking limits."
    g = game()
    paradrop(g, "A/f4", [platoon("1"), platoon("2", 2)], drift=1)  # pattern A: all 6 sticks in A/f4
    assert {st for _, st in status(g).values()} == {frozenset()}
    ev = gliders(g, ["G1"])  # its load lands in A/f4: 6 + 4 sticks' worth
    assert causes(ev, "PL I.F") == [
        "1 glider load lands in A/f4, where friendly units worth 6 sticks already count: more than two platoons' worth, "
        "every friendly unit in A/f4 is dispersed",
        "already in A/f4 and dispersed too: 1.1, 1.2, 1.3, 1.4, 2.1, 2.2"]
    assert len(status(g)) == 7 and all(st == frozenset({"dispersed"}) for _, st in status(g).values())


def test_friendly_units_already_in_the_hex_count_and_a_setting_keeps_the_other_reading() -> None:
    # I.F "Only two platoons (or their equivalent) are permitted to land in a single hex";
    # III.E "Glider units do count toward stacking limits": by default every friendly unit in the
    # hex counts; the setting "this turn's landings" counts only what landed this game turn.
    edit = {"type": "edit", "op": "unit", "id": "HQ", "kind": "platoon", "hex": "A/f5"}
    g = game()
    g.apply(edit)
    ev = paradrop(g, "A/f5", [platoon("1"), platoon("2")], drift=2)  # pattern B: 6 in A/f5, 2 in A/f6
    assert causes(ev, "PL I.F") == [
        '6 sticks land in A/f5, where friendly units worth 4 sticks already count (setting "Counted toward the two-platoon '
        "landing limit\": every friendly unit already in the hex counts): more than two platoons' worth, every friendly unit "
        "in A/f5 is dispersed",
        "already in A/f5 and dispersed too: HQ"]
    st = status(g)
    assert st["HQ"][1] == {"dispersed"} and st["1.1"][1] == {"dispersed"} and st["2.3"] == ("A/f6", frozenset())
    other = game({"stacking": "this turn's landings"})
    other.apply(edit)
    ev = paradrop(other, "A/f5", [platoon("1"), platoon("2")], drift=2)
    assert causes(ev, "PL I.F") == [] and all(s == frozenset() for _, s in status(other).values())


def test_the_odds_count_what_is_already_on_the_map() -> None:
    # The odds use the same landing limits as the dice: 8 sticks on A/f5 with a platoon there
    # already go over two platoons on patterns A (8 in the hex) and B (6), not C (4).
    for settings, expected in (({}, Fraction(1, 3)), ({"stacking": "this turn's landings"}, Fraction(0))):
        g = game(settings)
        g.apply({"type": "edit", "op": "unit", "id": "HQ", "kind": "platoon", "hex": "A/f5"})
        p = SYSTEM.procedure("panzer_leader.paradrop")
        params = {"wind": LOW_FROM_N, "drops": [{"target": "A/f5", "platoons": [platoon("1"), platoon("2")]}]}
        odds = p.odds(g.state, p.read(g.state, params))
        over = [x for x in odds.lines if "over two platoons" in x]
        assert over == ([f"A/f5 over two platoons: {float(expected):.1%}"] if expected else [])


def test_glider_odds_count_earlier_gliders_and_match_the_procedure() -> None:
    # III.E "Only two gliders may land in any given hex in a single game turn": the odds of a
    # second glider landing of the turn count the first one's gliders, as the procedure does.
    def first(g: Game) -> None:
        gliders(g, ["G0"])  # lands in A/f4

    tally: dict[tuple[str, str], Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            g = game()
            first(g)
            g.apply({"type": "start", "procedure": "panzer_leader.gliders", "params": {
                "wind": LOW_FROM_S, "gliders": [{"id": i, "target": "A/f5", "heading": "N"} for i in ("G1", "G2")]}})
            for face in (a, b):
                g.apply({"type": "choose", "choice": "no effect"})
                g.apply({"type": "dice", "values": [face]})
            for r in g.state.outcomes[-1]["gliders"]:
                for key in ((r["id"], r["hex"]), (r["id"], "dispersed" if r["dispersed"] else "")):
                    tally[key] = tally.get(key, Fraction(0)) + Fraction(1, 36)
    g = game()
    first(g)
    proc = SYSTEM.procedure("panzer_leader.gliders")
    odds = proc.odds(g.state, proc.read(g.state, {"wind": LOW_FROM_S, "gliders": [{"id": i, "target": "A/f5", "heading": "N"} for i in ("G1", "G2")]}))
    for line, gid in zip(odds.lines, ("G1", "G2")):
        assert line == f"glider {gid}: lost 0.0%, dispersed {float(tally[(gid, 'dispersed')]):.1%}"
    assert tally[("G1", "dispersed")] == Fraction(1, 9)  # only when both join G0 in A/f4: three gliders this game turn


# ---------------------------------------------------------------------- item 10: AA fire at transport planes
def test_anti_aircraft_fire_at_the_transport_planes_rolled_with_the_aa_numbers() -> None:
    # I.G: "Gliders and transport planes may be subjected to anti-aircraft fire in the
    # anti-aircraft phase." II.B: "one platoon per plane load". The numbers come from the
    # players' PL rules (entered), never from Airhead.
    g = game()
    g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
        "wind": LOW_FROM_N, "drops": [{"target": "A/f5", "platoons": [platoon("1"), platoon("2")]}],
        "aa": [{"at": "1", "unit": "88 Flak", "kill": 1, "disperse": 3}, {"at": "1", "unit": "20mm", "kill": 1},
               {"at": "2", "unit": "88 Flak", "kill": 1, "disperse": 3}]}})
    p = g.waiting_for()
    assert p is not None and (p.kind, p.rule, p.label) == ("roll", "PL I.G", "Anti-aircraft fire by 88 Flak at the plane of 1 (X on 1, D on 2-3)")
    ev = g.apply({"type": "dice", "values": [1]})
    assert [e.render() for e in ev] == [
        "PL I.G   roll      anti-aircraft die 1 by 88 Flak at the plane of 1 (X on 1, D on 2-3)",
        "PL I.G   result    X: 88 Flak shoots down the plane of 1 with its 4 sticks",
        "PL I.G   info      the plane of 1 is already shot down: no fire by 20mm"]
    ev = g.apply({"type": "dice", "values": [3]})
    assert causes(ev, "PL I.G")[-1] == "D: 88 Flak at the plane of 2: its sticks will land dispersed"
    p = g.waiting_for()
    assert p is not None and p.rule == "PL II.C" and p.label.startswith("Drift die for the 4 sticks targeted on A/f5")
    g.apply({"type": "dice", "values": [6]})  # pattern F (0,1,1,2,1,1): the 4 sticks of 2 fill it
    while g.waiting_for() is not None:
        g.apply({"type": "dice", "values": [6]})
    out = g.state.outcomes[-1]
    assert [(s["id"], s["status"], s["hex"], s["dispersed"]) for s in out["sticks"]] == [
        ("1.1", "shot down", None, False), ("1.2", "shot down", None, False), ("1.3", "shot down", None, False),
        ("1.4", "shot down", None, False), ("2.1", "landed", "A/f6", True), ("2.2", "landed", "A/f7", True),
        ("2.3", "landed", "A/f8", True), ("2.4", "landed", "A/f8", True)]
    assert SYSTEM.procedure("panzer_leader.paradrop").summary(out) == (
        "Paradrop, turn 1: 4 of 8 sticks down (4 dispersed), 0 lost off the board, 0 eliminated, 4 shot down with their planes.")


def test_anti_aircraft_fire_entered_or_rolled_with_the_scenarios_numbers() -> None:
    # I.G: anti-aircraft fire at a plane; its result entered at the table (no numbers given), or
    # rolled with the numbers the scenario lists for the firing AA unit (I.B.2: 88 mm batteries).
    g = game({"aa_units": [{"unit": "88 Flak", "kill": 2, "disperse": 2}]})
    g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
        "wind": LOW_FROM_N, "drops": [{"target": "A/f5", "platoons": [platoon("1"), platoon("2")]}],
        "aa": [{"at": "1", "unit": "20mm"}, {"at": "2", "unit": "88 Flak"}]}})
    p = g.waiting_for()
    assert p is not None and (p.kind, p.options) == ("choice", ("no effect", "D", "X"))
    assert p.label == "Anti-aircraft fire by 20mm at the plane of 1: enter the result of your PL rules"
    ev = g.apply({"type": "choose", "choice": "no effect"})
    assert causes(ev, "PL I.G") == ["no effect: 20mm at the plane of 1"]
    p = g.waiting_for()
    assert p is not None and p.kind == "roll" and p.label == "Anti-aircraft fire by 88 Flak at the plane of 2 (X on 1-2)"
    with pytest.raises(ActionError, match="there is no platoon 9 in this landing"):
        game().apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {
            "wind": LOW_FROM_N, "drops": [{"target": "A/f5", "platoons": [platoon("1")]}], "aa": [{"at": "9"}]}})


def test_anti_aircraft_fire_at_gliders_rolled_and_in_the_odds() -> None:
    # III.D: "Gliders are subject to anti-aircraft fire during the Air Phase." A glider with a
    # rolled fire: X on 1-6 shoots it down; a glider the plan does not fire at lands unhindered.
    g = game()
    g.apply({"type": "start", "procedure": "panzer_leader.gliders", "params": {
        "wind": LOW_FROM_S, "gliders": [{"id": "G1", "target": "A/f5", "heading": "N"}, {"id": "G2", "target": "A/f5", "heading": "N"}],
        "aa": [{"at": "G1", "unit": "88 Flak", "kill": 6}]}})
    p = g.waiting_for()
    assert p is not None and (p.kind, p.rule) == ("roll", "PL III.D")
    ev = g.apply({"type": "dice", "values": [4]})
    assert causes(ev, "PL III.D") == ["anti-aircraft die 4 by 88 Flak at glider G1 (X on 1-6)",
                                      "glider G1 is eliminated by anti-aircraft fire by 88 Flak with its rifle"]
    p = g.waiting_for()
    assert p is not None and p.rule == "PL III.F.1"  # G2: no fire listed at it
    g.apply({"type": "dice", "values": [3]})
    assert [(r["id"], r["status"]) for r in g.state.outcomes[-1]["gliders"]] == [("G1", "eliminated"), ("G2", "landed")]
    proc = SYSTEM.procedure("panzer_leader.gliders")
    st = game().state
    odds = proc.odds(st, proc.read(st, {"wind": LOW_FROM_S, "gliders": [{"id": "G1", "target": "A/f5", "heading": "N"}],
                                        "aa": [{"at": "G1", "kill": 1, "disperse": 3}]}))
    assert odds.lines == ("glider G1: lost 0.0%, dispersed 33.3%, shot down 16.7%",)


def test_paradrop_odds_with_anti_aircraft_fire_match_the_procedure() -> None:
    # One implementation: the odds of a drop with rolled fire at a plane equal the dice played
    # through the procedure, outcome by outcome (anti-aircraft die, then drift die).
    aa = [{"at": "1", "kill": 2, "disperse": 3}]
    drops = [{"target": "A/f8", "platoons": [platoon("1"), platoon("2")]}]
    tally: dict[tuple[str, str], Fraction] = {}
    for aa_face in range(1, 7):
        for drift in range(1, 7):
            g = game({"extra_sticks": "lost"})
            g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": {"wind": {"from": "N", "speed": "Gusty"},
                                                                                       "drops": drops, "aa": aa}})
            g.apply({"type": "dice", "values": [aa_face]})
            g.apply({"type": "dice", "values": [drift]})
            while g.waiting_for() is not None:
                g.apply({"type": "dice", "values": [6]})
            for s in g.state.outcomes[-1]["sticks"]:
                key = (s["id"], s["hex"] if s["status"] == "landed" else s["status"])
                tally[key] = tally.get(key, Fraction(0)) + Fraction(1, 36)
    ids = [f"{p}.{k}" for p in ("1", "2") for k in range(1, 5)]
    odds = paradrop_odds(MAP, Terrain(), Wind(0, "Gusty"), [(h("A/f8"), ids)], extra="lost",
                         platoons={i: i.split(".")[0] for i in ids}, aa={"1": (Fraction(1, 3), Fraction(1, 6))})
    for st in odds.sticks:
        assert st.shot_down == tally.get((st.id, "shot down"), 0)
        assert st.lost == tally.get((st.id, "lost"), 0) + tally.get((st.id, "extra lost"), 0)
        assert st.hexes == {h(k[1]): v for k, v in tally.items() if k[0] == st.id and "/" in k[1]}
        assert st.total() == 1
    assert odds.sticks[0].shot_down == Fraction(1, 3) and odds.sticks[4].shot_down == 0


# ---------------------------------------------------------------------- item 11: no airdropped artillery
def test_artillery_is_never_airdropped() -> None:
    # III.C: "Artillery may only be carried in gliders, never airdropped (Exception: Scenario 10,
    # Groesbeek Heights)."
    with pytest.raises(ActionError, match=r"75/1 is an artillery battery: artillery may only be carried in gliders, never airdropped \(PL III.C\)"):
        paradrop(game(), "A/f5", [platoon("75/1", battery=True, type="75mm battery")], drift=1)
    ev = paradrop(game({"airdrop_artillery": True}), "A/f5", [platoon("75/1", battery=True, type="75mm battery")], drift=1)
    assert causes(ev, "PL III.C") == ['75/1 is an artillery battery, airdropped on A/f5 by the scenario\'s exception '
                                      '(setting "Artillery may be airdropped (scenario exception)": yes)']
    # gliders still carry batteries
    g = game()
    g.apply({"type": "start", "procedure": "panzer_leader.gliders", "params": {"wind": LOW_FROM_S, "gliders": [
        {"id": "G1", "target": "A/f5", "heading": "N", "load": {"id": "75/1", "type": "75mm battery", "battery": True}}]}})
    assert g.waiting_for() is not None


# ---------------------------------------------------------------------- item 12: two readings, each a setting
@pytest.mark.parametrize("reading, expected", [
    ("continue downwind", [("A/f8", False), ("A/f9", False)]),
    ("lost", [(None, False), (None, False)]),
    ("dispersed", [("A/f7", True), ("A/f7", True)]),
])
def test_sticks_beyond_a_drift_diagram(reading: str, expected: list[tuple[str | None, bool]]) -> None:
    # II.C: "The first number indicates the maximum number of 'sticks' which may land in the
    # target hex. Further numbers indicate the 'sticks' which may land in the appropriate hexes."
    # Pattern F (0 1 1 2 1 1) holds 6 sticks; what becomes of the 7th and 8th is a setting.
    g = game({"extra_sticks": reading})
    ev = paradrop(g, "A/f2", [platoon("1"), platoon("2")], drift=6)
    extra = [s for s in g.state.outcomes[-1]["sticks"] if s["id"] in ("2.3", "2.4")]
    assert [(s["hex"], s["dispersed"]) for s in extra] == expected
    flagged = [c for c in causes(ev, "PL II.C") if "beyond the 6 sticks of Drift Diagram F" in c]
    assert len(flagged) == 2 and all('(setting "Sticks beyond a drift diagram":' in c for c in flagged)
    if reading == "lost":
        assert [s["status"] for s in extra] == ["extra lost"] * 2
        assert SYSTEM.procedure("panzer_leader.paradrop").summary(g.state.outcomes[-1]).endswith(
            "0 lost off the board, 0 eliminated, 2 lost beyond the drift diagram.")


def test_glider_shift_downwind_or_toward_the_wind_hexside() -> None:
    # III.F.2: "Check the wind direction and speed ... and shift the glider unit one hex in that
    # direction"; I.D: the diagram "gives the players the direction the wind is blowing from".
    for reading, landed, where in (("downwind", "A/f4", "downwind (N)"), ("toward the wind's hexside", "A/f6", "toward the hexside the wind blows from (S)")):
        g = game({"glider_shift": reading})
        ev = gliders(g, ["G1"])
        assert ev[1].cause.endswith(f'(setting "Glider wind shift": {"downwind" if reading == "downwind" else "toward the hexside the wind blows from"})')
        assert causes(ev, "PL III.F.2") == [f"Low wind: shifted 1 hex {where}: {landed}"]
        proc = SYSTEM.procedure("panzer_leader.gliders")
        odds = proc.odds(g.state, proc.read(g.state, {"wind": LOW_FROM_S, "gliders": [{"id": "G", "target": "A/f5", "heading": "N"}]}))
        heat = {MAP.name(x) for x, _ in odds.view.heat}
        assert heat == ({"A/f3", "A/f4", "A/f5"} if reading == "downwind" else {"A/f5", "A/f6", "A/f7"})


def test_every_reading_is_a_setting_with_its_rule() -> None:
    fields = {f.key: f for f in SYSTEM.rules.settings}
    assert fields["stacking"].default == "every friendly unit" and "I.F" in fields["stacking"].rule
    assert fields["extra_sticks"].default == "continue downwind" and fields["extra_sticks"].rule == "PL II.C"
    assert fields["glider_shift"].default == "downwind" and fields["glider_shift"].rule == "PL III.F.2"
    assert fields["airdrop_artillery"].default is False and fields["airdrop_artillery"].rule == "PL III.C"
    assert fields["aa_units"].default == [] and "I.G" in fields["aa_units"].rule


# ---------------------------------------------------------------------- item 15: clean rule ids, plain words
CLEAN_PL = re.compile(r"^PL (I|II|III)(\.[A-H](\.[12])?)?$")


def play_everything(g: Game) -> Game:
    sc_plan = g.scenario.settings["panzer_leader"]["plan"]
    g.apply({"type": "start", "procedure": "panzer_leader.wind", "params": {"turn": 1}})
    g.apply({"type": "roll"})
    g.apply({"type": "roll"})
    g.apply({"type": "start", "procedure": "panzer_leader.landing_plan", "params": {
        "plan": [{"turn": 1, "kind": "paradrop", "target": "A/f3"}, {"turn": 1, "kind": "glider", "target": "A/h4"}]}})
    g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": dict(sc_plan["paradrop"], turn=1, aa=[{"at": "1/A", "unit": "88 Flak"}])})
    while (p := g.waiting_for()) is not None:
        g.apply({"type": "roll"} if p.kind == "roll" else {"type": "choose", "choice": "D"})
    g.apply({"type": "start", "procedure": "panzer_leader.gliders", "params": dict(sc_plan["gliders"], turn=1)})
    while (p := g.waiting_for()) is not None:
        g.apply({"type": "roll"} if p.kind == "roll" else {"type": "choose", "choice": "no effect"})
    return g


@pytest.mark.parametrize("seed", ["a", "b", "c", "d"])
def test_rule_ids_are_clean_and_the_log_speaks_plain_words(seed: str) -> None:
    # Issue #10 item 15: rule ids are clean ("PL II.C") with the data in the text; no Python
    # reprs, no raw off-board coordinates, no developer wording in the log.
    g = play_everything(new_game(builtin("panzer_leader_drop"), seed))
    for e in g.events():
        assert e.rule == "" or CLEAN_PL.match(e.rule), e.rule
    text = "\n".join(g.log_lines())
    for bad in ("{'", "[{", "'}", "@", "not in the seed", "True", "None"):
        assert bad not in text, bad
    p = g.state.procedure
    assert p is None


def test_prompts_cite_clean_rule_ids() -> None:
    g = new_game(builtin("panzer_leader_drop"), "p")
    g.apply({"type": "start", "procedure": "panzer_leader.wind", "params": {"turn": 1}})
    rules = []
    while (p := g.waiting_for()) is not None:
        rules.append(p.rule)
        g.apply({"type": "roll"})
    g.apply({"type": "start", "procedure": "panzer_leader.paradrop", "params": SYSTEM.procedure("panzer_leader.paradrop").defaults(g.state)})
    while (p := g.waiting_for()) is not None:
        rules.append(p.rule)
        g.apply({"type": "roll"})
    assert set(rules) <= {"PL I.D", "PL I.E", "PL II.C", "PL II.D"} and all(CLEAN_PL.match(r) for r in rules)


# ---------------------------------------------------------------------- item 4 (PL half): the plan stays secret
def test_the_written_plan_never_travels_in_clear_before_it_is_revealed() -> None:
    # I: "their turn and hex of landing must have been written down prior to the enemy player's
    # initial set up". Sealed: a link made before the reveal carries only the commitment code.
    plan = [{"turn": 1, "kind": "paradrop", "target": "A/k9"}]
    sealed = seal(plan)
    g = game()
    g.apply({"type": "seal", "side": "Allied", "label": "landing plan", "code": sealed.code})
    before = encode_link(g)
    assert "A/k9" not in json.dumps(decode_link(before).actions) and "A/k9" not in "\n".join(g.log_lines())
    g.apply({"type": "reveal", "side": "Allied", "label": "landing plan", "plan": plan, "salt": sealed.salt})
    ev = paradrop(g, "A/k9", [platoon("1")], drift=1)
    assert causes(ev, "PL I") == ["paradrop on A/k9, turn 1, matches the written plan"]
    # the legacy clear-text form (kept so older games replay) names no hex in the log either
    lp = SYSTEM.procedure("panzer_leader.landing_plan")
    assert lp.params.field("plan").secret and lp.seal_label == "landing plan"
    g2 = game()
    g2.apply({"type": "start", "procedure": lp.name, "params": {"side": "Allied", "plan": plan}})
    assert g2.log_lines()[0] == "#1 start Written landing plan (Panzer Leader): the Allied landing plan written in the clear: 1 landing, hexes not shown"
    assert "A/k9" not in "\n".join(g2.log_lines())

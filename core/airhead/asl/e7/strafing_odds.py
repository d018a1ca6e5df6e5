"""The planner's exact odds of an ASL E7.4 strafing run or Point Attack (:func:`strike_odds`): the
Sighting TC, the Light AA odds per hex flown (:func:`aa_odds`), To Hit and bomb Direct Hit / Near
Miss chances, and the other statement a FB may make before its second attack (E7.4) — through the
plan (:func:`.strafing.strike_plan`, :func:`.strafing.restate`) and the rule functions the
procedure (:class:`.strafing_procedures.Strafing`) uses.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from ...frozen import replace
from ... import events as ev
from ...boards import HexMap
from ...errors import DataError
from ...plug import Fact, GameState, Odds, Table, View, percent
from .anti_aircraft import aircraft_aa_result, retains_rof
from .ground_support import DICE, STRAFE, bomb_odds, easiest_target, hit_odds, sighting_morale, sighting_odds, sighting_terms
from .strafing import BASIC_TH_NEAR, BOMB_AT, STATED, Strike, blind_hexes, restate, spared, strike_plan

__all__ = ["strike_odds", "aa_odds"]


def strike_odds(state: GameState, params: Mapping[str, Any]) -> Odds:
    """The entry hex, path and target hexes; the Sighting TC chance; the Light AA odds in every
    hex flown; the To Hit and bomb Direct Hit / Near Miss chances of every target unit."""
    g = strike_plan(state, params)
    m = state.scenario.map
    run = g.run
    here = [u for u in g.units if u.hex == run.target]
    best = here[easiest_target([u.flags() for u in here])]
    terms = sighting_terms(best.flags())
    drm = sum(v for v, _ in terms)
    so = sighting_odds(drm)
    facts = [
        Fact("entry", "Placed in", m.label(run.entry)),
        Fact("path", "Flies", ", ".join(m.label(h) for h in run.path)),
        Fact("targets", "Target hexes", ", ".join(m.label(h) for h in run.targets)),
        Fact("fp", "MG FP", f"{g.fp}" + ("" if not g.plane.mg_disabled else " (MG Disabled)")),
        Fact("sight", "Sighting TC", f"passes on an Original DR ≤ {sighting_morale() - drm} ({percent(so['pass'])})"),
    ]
    reasons = [ev.modifier("E7.3", v, why).render() for v, why in terms]
    lines: list[str] = [f"Sighting TC against {best.name}: pass {percent(so['pass'])}, Recall (Original 12) "
                        f"{percent(so['recall'])}, Mistaken Attack (Final ≥ 12) {percent(so['mistaken'])}"]
    blind_view = _lane_view(state, params, g, facts, lines)
    tables: list[Table] = []
    per_hex = aa_odds(g, str(state.settings.get("e8_aa_below_kill", "eliminated")))
    if g.aa:
        rows = []
        for i, (h, (elim, dmg, decide)) in enumerate(zip(run.path, per_hex)):
            rows.append((f"{m.label(h)}: shot down by now", float(elim)))
            lines.append(f"{m.label(h)}: Light AA from {', '.join(f.name for f in g.aa)}; by the end of this hex shot down "
                         f"{percent(elim)}, Damaged {percent(dmg)}, a result for the players to decide in this hex {percent(decide)}")
        tables.append(Table("aa", "Light AA (if the Sighting TC passes)", tuple(rows)))
    lines += _attack_lines(g, m, per_hex)
    if g.statement:  # E7.4: the other statement's second part, through the procedure's restate
        word = next(w for w, k in STATED.items() if k == run.kind)
        other = next(w for w in STATED if w != word)
        try:
            alt = restate(replace(g, stop=1), other, m)
        except DataError as e:
            lines.append(f"E7.4: it states Strafing Run or Point Attack just before its second attack; a {other} "
                         f"cannot be resolved: {e}")
        else:
            lines.append(f"E7.4: it states Strafing Run or Point Attack just before its second attack. The above is the "
                         f"planned {word}; if it states a {other} it flies {', '.join(m.label(h) for h in alt.alt_path())} "
                         f"(target hex{'es' if len(alt.run.targets) > 1 else ''} "
                         f"{', '.join(m.label(h) for h in alt.run.targets)}):")
            if g.bomb_at != BOMB_AT[0] and alt.bomb_stop is None:
                lines.append(f"  it makes no {g.bomb_at}: it keeps its bombs")
            alt_aa = aa_odds(alt, str(state.settings.get("e8_aa_below_kill", "eliminated")))
            lines += ["  " + ln for ln in _attack_lines(alt, m, alt_aa, 1)]
            if g.aa:
                lines.append(f"  Light AA by the end of its run in {m.label(alt.run.path[-1])}: shot down "
                             f"{percent(alt_aa[-1][0])}, Damaged {percent(alt_aa[-1][1])}")
    notes = ["Each Light AA weapon is assumed to fire once in every hex flown while it keeps its Multiple ROF "
             "(the rest of E7.51 is in your rulebook; Range and Long Range are in the Kill Number you type).",
             "Results your rulebook settles (one more than the Kill Number, E7.512's Unlikely Kill) are counted as no effect "
             "in the later hexes; the players decide them at the table.",
             "A failed Sighting TC means no attack and no Light AA fire (E7.3)."]
    marks = ((run.entry, "ilh"),) + tuple((h, "avenue") for h in run.path[1:]) + tuple((h, "target") for h in run.targets)
    labels = tuple((f.hex, f"AA {f.name}") for f in g.aa)
    view = View(marks=marks, paths=(run.path,), labels=labels).merged(blind_view)
    return Odds(facts=tuple(facts), reasons=tuple(reasons), tables=tuple(tables), lines=tuple(lines), notes=tuple(notes),
                view=view)


def _attack_lines(g: Strike, m: HexMap, per_hex: list[tuple[Fraction, Fraction, Fraction]], first: int = 0) -> list[str]:
    """The planner's lines for each attack from stop ``first`` on: where from, the chance the
    aircraft gets there, the MG To Hit and bomb chances of each unit."""
    lines: list[str] = []
    run = g.run
    for i in run.attacks():
        if i < first:
            continue
        s = run.stops[i]
        units = [u for u in g.units if u.hex == s.target]
        # the attack comes after this hex's Light AA (before it for a Stuka's Point Attack)
        upto = i - 1 if s.attack_first else i
        alive = Fraction(1) if upto < 0 or not g.aa else 1 - per_hex[upto][0]
        head = f"Attack from {m.label(s.hex)} on {m.label(s.target or s.hex)} ({s.column} column)"
        if g.aa:
            head += f": the aircraft gets there in {percent(alive)} of passed Sighting TCs"
        lines.append(head)
        afv = next((u for u in units if u.armoured), None)
        if afv is not None and not g.plane.mg_disabled:
            need = afv.mg_th_near if s.column == "0-6" else afv.mg_th_far
            if need is not None:
                lines.append(f"  MG To Hit {afv.name} on ≤ {need}: {percent(hit_odds(need))}")
        if g.bomb_stop == i:
            basic = BASIC_TH_NEAR if s.column == "0-6" else (g.basic_th_far or 0)
            for u in units:
                if spared(u, units):
                    lines.append(f"  bombs vs {u.name}: an additional AFV, unaffected except by Overstacking (E7.421)")
                    continue
                if u.bomb_th is None:
                    continue
                bo = bomb_odds(u.bomb_th, basic, u.armoured)
                if u.armoured:
                    lines.append(f"  bombs vs {u.name}: Direct Hit {percent(bo.get('direct hit', 0))}, Near Miss "
                                 f"{percent(bo.get('near miss', 0))}")
                else:
                    lines.append(f"  bombs vs {u.name}: hit {percent(bo.get('hit', 0))}")
    return lines


def _lane_view(state: GameState, params: Mapping[str, Any], g: Strike, facts: list[Fact],
               lines: list[str]) -> View:
    """A strafing run's four hexes along the grain from the initial target hex (E7.401) as the
    aircraft sees them (E7.25, the 7.3 EX): which are Blind Hexes (marked on the map), and
    which it may attack without another Sighting TC (E7.3)."""
    run = g.run
    if run.kind != STRAFE:
        return View()
    m = state.scenario.map
    lane = {i: run.target.neighbor(run.grain, i) for i in range(4)}
    lane = {i: h for i, h in lane.items() if m.in_play(h)}  # a hex off the map holds no target
    seen = blind_hexes(state, params, run, tuple(lane.values()))
    blind = tuple(h for h in lane.values() if seen[h][0])
    facts.append(Fact("blind", "Blind Hexes along the run (E7.25)", ", ".join(m.label(h) for h in blind) or "none"))
    for i, h in lane.items():
        if i == 0:
            continue
        is_blind, why, drm = seen[h]
        if is_blind:
            lines.append(f"{m.label(h)}: a Blind Hex ({why}): it cannot be attacked (E7.25)")
        else:
            through = f" through a +{drm} LOS Hindrance" if drm else ""
            lines.append(f"{m.label(h)}: seen{through}: it may be attacked from {m.label(run.entry.neighbor(run.grain, i))} "
                         "without another Sighting TC (E7.3)")
    return View(marks=tuple((h, "los-block") for h in blind), labels=tuple((h, "Blind") for h in blind))


def aa_odds(g: Strike, below: str) -> list[tuple[Fraction, Fraction, Fraction]]:
    """E7.51 / E7.511: for every hex flown, the chance the aircraft is shot down by the end of it,
    is Damaged (and flying) then, and meets a result the players decide in it — every firer still
    able to fire shooting once per hex, through :func:`aircraft_aa_result` and :func:`retains_rof`
    (the procedure's functions and settings). Given a passed Sighting TC.

    Exact and linear in the firers: a weapon's shots depend only on its own dice and its own ROF,
    so each firer's hits so far (0, 1, 2 = shot down) and ROF are tracked alone (memoised by
    firer state) and combined per hex; a shot counts only while the aircraft is still flying."""
    start = 1 if g.plane.damaged else 0
    # each weapon's 36 DRs grouped by (result, ROF kept): the same functions, a few groups
    groups: list[dict[tuple[str, bool], int]] = []
    for f in g.aa:
        grp: dict[tuple[str, bool], int] = {}
        for c, wh in DICE:
            key0 = (aircraft_aa_result(c + wh, c + wh + g.aerial_drm + f.drm, f.kill, below), retains_rof(c, f.rof))
            grp[key0] = grp.get(key0, 0) + 1
        groups.append(grp)
    hits = {"eliminated": 2, "damaged": 1}
    Own = dict[tuple[int, bool], Fraction]  # one firer: (hits so far, capped at 2; ROF left) -> chance

    def shoot(i: int, d: Own) -> Own:
        out: Own = {}
        for (x, left), w in d.items():
            if not left:
                out[(x, left)] = out.get((x, left), Fraction(0)) + w
                continue
            for (res, keep), n in groups[i].items():
                k2 = (min(2, x + hits.get(res, 0)), keep)
                out[k2] = out.get(k2, Fraction(0)) + w * n / 36
        return out

    def marginal(d: Own) -> list[Fraction]:
        v = [Fraction(0)] * 3
        for (x, _), w in d.items():
            v[x] += w
        return v

    def combine(a: list[Fraction], b: list[Fraction]) -> list[Fraction]:
        v = [Fraction(0)] * 3
        for i, p in enumerate(a):
            if p:
                for j, q in enumerate(b):
                    v[min(2, i + j)] += p * q
        return v

    decide_n = [sum((n for (res, _), n in grp.items() if res in ("one more", "unlikely kill")), 0) for grp in groups]
    none = [Fraction(1), Fraction(0), Fraction(0)]
    cur: list[Own] = [{(0, True): Fraction(1)} for _ in g.aa]
    out: list[tuple[Fraction, Fraction, Fraction]] = []
    for _ in g.run.stops:
        nxt = [shoot(i, d) for i, d in enumerate(cur)]
        # the others' hits when firer i shoots in this hex: earlier firers have shot here, later ones not yet
        before = [none]
        for d in nxt[:-1]:
            before.append(combine(before[-1], marginal(d)))
        after = [none]
        for d in reversed(cur[1:]):
            after.append(combine(after[-1], marginal(d)))
        after.reverse()
        decide = Fraction(0)
        for i, d in enumerate(cur):
            if not decide_n[i]:
                continue
            others = combine(before[i], after[i])
            for (x, left), w in d.items():
                if left:
                    flying = sum((p for t, p in enumerate(others) if start + x + t < 2), Fraction(0))
                    decide += w * Fraction(decide_n[i], 36) * flying
        total = none
        for d in nxt:
            total = combine(total, marginal(d))
        elim = sum((p for t, p in enumerate(total) if start + t >= 2), Fraction(0))
        dmg = sum((p for t, p in enumerate(total) if start + t == 1), Fraction(0))
        out.append((elim, dmg, decide))
        cur = nxt
    return out

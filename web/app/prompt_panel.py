"""The top of the Play panel: the turn track with Next phase, the units off the map, and the
prompt — what the game waits for (the app's dice, dice typed in at the table, or a choice), the
last roll drawn as dice with its lines (the roll, its modifiers, its results), or the last
result. Drawn from ``airhead.present.play_panel``.

Element ids used by the e2e tests: ``turn-*``, ``prompt-*``, ``dice-mode-*``, ``last-roll*``.
"""

from __future__ import annotations

from typing import Any

from airhead.errors import AirheadError
from airhead.present import play_panel
from dom import E, el, store, stored

#: The device remembers how dice are rolled: "both", "app" (the app's dice) or "table" (typed in).
DICE_MODE_KEY = "airhead-dice-mode"
DICE_MODES = ("both", "app", "table")


def stored_dice_mode() -> str:
    """The dice mode this device last chose ("both" at first)."""
    mode = stored(DICE_MODE_KEY) or "both"
    return mode if mode in DICE_MODES else "both"


def store_dice_mode(mode: str) -> None:
    store(DICE_MODE_KEY, mode)  # storage blocked: the choice lasts this session


class PromptPanel:
    """Turn, units off the map and prompt of ``play``'s game as shown (``play.shown()``,
    ``play.step``, ``play.dice_mode``, ``play.act``)."""

    def __init__(self, play: Any) -> None:
        self.play = play

    def render(self) -> None:
        g = self.play.shown()
        v = play_panel(g, live=self.play.step is None)
        self._turn(v)
        self._offmap(v)
        self._prompt(v)

    def _turn(self, v: dict[str, Any]) -> None:
        host = el("turn")
        if host is None:
            return
        tv = v["turn"]
        button = ("<button type='button' class='btn subtle' data-act='advance' id='turn-next'>Next phase</button>"
                  if v["can_advance"] else "")
        status = "".join(f"<span class='turn-status'>{E(line)}</span>" for line in tv["status"])
        host.innerHTML = f"<span id='turn-text'>{E(tv['text'])}</span> {button}{status}"
        host.dataset.phase = tv["phase"]

    def _offmap(self, v: dict[str, Any]) -> None:
        """Units in play off the map (aircraft off board, units not yet landed), with status."""
        host = el("offmap")
        if host is None:
            return
        sides = v["offmap"]
        host.hidden = not sides
        host.innerHTML = "".join(
            f"<p class='offmap-side'><b>Off the map, {E(x['side'])}:</b> {E('; '.join(x['units']))}</p>" for x in sides)

    def _prompt(self, v: dict[str, Any]) -> None:
        host = el("prompt")
        if host is None:
            return
        p = v["prompt"]
        live = v["live"]
        back = ("" if live else "<p class='hint back-to-now'>Viewing an earlier moment of the log (Log tab). "
                "<button type='button' class='btn' data-act='live' id='prompt-live'>Back to now</button></p>")
        last = _roll_html(v["roll"])
        if p is None:
            res = v["result"]
            summary = (f"<p id='prompt-result' class='result'><span class='rule'>{E(res['title'])}</span> {E(res['text'])}</p>"
                       if res else "")
            idle = "<p class='hint' id='prompt-idle'>Choose a procedure below, fill in its plan, then Start.</p>" if live else ""
            host.innerHTML = f"{back}{summary}{last}{idle}"
            host.dataset.waiting = ""
            return
        body, spec = back, ""
        if live and p["kind"] == "roll":
            spec = "<span class='dice-spec'>: " + " + ".join(f"{E(n)} d{s}" for n, s in p["dice"]) + "</span>"
            mode = self.play.dice_mode
            app = "" if mode == "table" else (
                "<button type='button' class='btn primary' data-act='roll' id='prompt-roll'>Roll app dice</button>")
            table = "" if mode == "app" else (
                "<input id='prompt-dice' inputmode='numeric' autocomplete='off' placeholder='e.g. 4 2' aria-label='Dice rolled at the table'>"
                "<button type='button' class='btn' data-act='enter' id='prompt-enter'>Enter</button>")
            switch = "".join(
                f"<button type='button' class='btn subtle{' on' if mode == m else ''}' aria-pressed='{'true' if mode == m else 'false'}' "
                f"data-act='dice-mode' data-mode='{m}' id='dice-mode-{m}'>{label}</button>"
                for m, label in (("both", "both"), ("app", "app"), ("table", "table"))
            )
            # the controls first, in two rows: the dice (the app's, typed in) and how they are
            # rolled, a segmented row; the roll that led here below them (#table: on a phone the
            # prompt was taller than the Play panel, its dice modes and Abandon out of view)
            body = (f"{back}<div class='row dice-go'>{app}{table}</div>"
                    f"<div class='dice-modes' role='group' aria-label='How the dice are rolled'><span class='seg-label'>Dice:</span>"
                    f"<span class='seg'>{switch}</span></div>")
        elif live:
            body = back + "<div class='choices'>" + "".join(
                f"<button type='button' class='btn choice' data-act='choose' data-choice='{E(o, quote=True)}'>{E(o)}</button>" for o in p["options"]
            ) + "</div>"
        # what to do now first, Abandon beside it, then the roll that led here: the action stays
        # at the top of the prompt, which stays at the top of the panel (#32)
        host.innerHTML = (
            f"<div class='prompt-head'><p class='prompt-proc hint'>{E(p['procedure'])}</p>"
            f"<p class='prompt-label'><span class='rule'>{E(p['rule'])}</span> <span id='prompt-label'>{E(p['label'])}</span>{spec}</p>"
            f"<button type='button' class='btn subtle' data-act='cancel' id='prompt-abandon'>Abandon</button></div>"
            f"{body}{last}"
        )
        host.dataset.waiting = p["rule"]
        host.scrollTop = 0  # a long prompt scrolls inside itself: its top (the action) first

    def enter_dice(self) -> None:
        """The dice typed in at the table, read as the prompt's dice (a clear error otherwise)."""
        box = el("prompt-dice")
        if box is None:
            return
        text = str(box.value).strip()
        p = self.play.game.waiting_for()
        if p is None or p.dice is None:
            return
        from airhead.dice import parse_typed

        try:
            roll = parse_typed(p.dice, text)
        except AirheadError as e:
            el("prompt-error").textContent = str(e)
            return
        if self.play.act({"type": "dice", "values": list(roll.values)}):
            box = el("prompt-dice")  # gone when the procedure has finished
            if box is not None:
                box.value = ""


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
    results (the log's words), a line each, with its rule."""
    if r is None:
        return ""
    dice = "".join(_die_svg(int(d["value"]), str(d["tone"])) for d in r["dice"])
    where = "typed in" if r["source"] == "typed" else "the app's dice"
    return (f"<section id='last-roll' class='last-roll' aria-label='Last roll'><div class='dice-row'>{dice}"
            f"<span class='hint'>{E(where)}</span></div>"
            f"<p id='last-roll-text'><span class='rule'>{E(r['rule'])}</span> {'<br>'.join(E(x) for x in r['lines'])}</p></section>")

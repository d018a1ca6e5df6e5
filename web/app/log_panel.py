"""The Log tab: every action with its events and the sentence of what it finished, Undo and
Redo, and a slider that shows the game as it was after any entry. Drawn from
``airhead.present.log_panel``; the entry that changed last (or the one the slider shows) is
marked and scrolled into view, and what Undo, Redo or the slider did is said in words.

Element ids used by the e2e tests: ``log-*``.
"""

from __future__ import annotations

from typing import Any

from airhead.present import last_change, log_panel
from dom import E, el


def _event_html(x: dict[str, Any]) -> str:
    """One event laid out for the panel's width (``present.event_view``): the rule's badge, the
    kind of line, a modifier's value, its words, a roll's value, as one line of text that wraps
    where the panel ends (never fixed columns)."""
    parts = [f"<span class='rule'>{E(x['badge'])}</span>" if x["badge"] else "",
             f"<span class='ev-kind'>{E(x['kind'])}</span>" if x["kind"] else "",
             f"<b class='ev-value'>{E(x['lead'])}</b>" if x["lead"] else "",
             f"<span class='ev-words'>{E(x['words'])}</span>",
             f"<b class='ev-value'>{E(x['value'])}</b>" if x["value"] else ""]
    return f"<li class='ev ev-{E(x['type'])}'>{' '.join(p for p in parts if p)}</li>"


class LogPanel:
    """The Log tab of ``play``'s game (``play.game``, ``play.step``, ``play.act``, ``play.refresh``)."""

    def __init__(self, play: Any) -> None:
        self.play = play

    def render(self) -> None:
        host = el("log-list")
        if host is None:
            return
        v = log_panel(self.play.game, self.play.step)
        focus = v["focus"]
        items = []
        for e in v["entries"]:
            cls = "entry undone" if e["undone"] else "entry"
            if not v["live"] and e["n"] > v["step"]:
                cls += " future"
            if e["n"] == focus:
                cls += " changed"
            evs = "".join(_event_html(x) for x in e["events"])
            summary = f"<p class='summary'>{E(e['summary'])}</p>" if e["summary"] else ""
            items.append(f"<li class='{cls}' data-n='{e['n']}'><b>#{e['n']}</b> {E(e['text'])}<ul>{evs}</ul>{summary}</li>")
        host.innerHTML = "".join(items) or "<li class='hint'>No actions yet.</li>"
        step = el("log-step")
        step.max = str(v["count"])
        step.value = str(v["step"])
        step.setAttribute("aria-valuetext", v["position"])
        el("log-undo").disabled = not v["can_undo"]
        el("log-redo").disabled = not v["can_redo"]
        el("log-position").textContent = v["position"]
        live = el("log-live")
        if live is not None:
            live.hidden = v["live"]
        entry = host.querySelector(f"li.entry[data-n='{focus}']") if focus else None
        pane = el("log")
        if entry and pane is not None and not pane.hidden:
            # scroll the pane (only the pane) so the entry is in view
            top = entry.getBoundingClientRect().top - pane.getBoundingClientRect().top + pane.scrollTop
            if top < pane.scrollTop or top + entry.offsetHeight > pane.scrollTop + pane.clientHeight:
                pane.scrollTop = max(0, top - pane.clientHeight / 3)

    def status(self, text: str) -> None:
        """Say on the Log tab what Undo, Redo or the slider just did (read out by screen readers)."""
        box = el("log-status")
        if box is not None:
            box.textContent = text

    def stepped(self, n: int) -> None:
        """The slider moved to entry ``n``: show the game as it was then (the last entry: now)."""
        play = self.play
        play.step = None if n >= len(play.game.entries) else n
        play.refresh(redraw=True)
        self.status(log_panel(play.game, play.step)["position"] if play.step is not None else "")

    def undo_redo(self, kind: str) -> None:
        """Undo or Redo (logged as actions), then say what it took back or brought back."""
        if self.play.act({"type": kind}):
            change = last_change(self.play.game)
            self.status(change["text"] if change else "")

    def live(self) -> None:
        """Back from an earlier moment of the log to the game now."""
        self.play.step = None
        self.play.refresh(redraw=True)
        self.status("Back to now.")

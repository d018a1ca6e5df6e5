"""#42 "At the table, round 3": what the panels say, laid out for their room, and the map's keys."""

from __future__ import annotations

from airhead import events as ev
from airhead.present import event_view, rule_badge


def test_a_log_line_is_laid_out_in_parts_not_fixed_columns() -> None:
    mod = event_view(ev.modifier("E8.22", -2, "2 consecutive hexes clear of Obstacles: 1F6, 1G6"))
    assert (mod["badge"], mod["kind"], mod["lead"], mod["words"], mod["value"]) == (
        "E8.22", "modifier", "-2", "2 consecutive hexes clear of Obstacles: 1F6, 1G6", "")
    info = event_view(ev.info("E7.42", "FB 1 has dropped its bombs"))
    assert (info["badge"], info["kind"], info["words"]) == ("E7.42", "", "FB 1 has dropped its bombs")


def test_only_a_rule_number_is_a_badge_a_reading_is_said_in_words() -> None:
    assert [rule_badge(r) for r in ("E1.92", "E7.51", "A10.5", "25.3", "E1.7 EX")] == ["E1.92", "E7.51", "A10.5", "25.3", "E1.7 EX"]
    assert rule_badge("LOS at hex level") == ""
    line = event_view(ev.info("LOS at hex level", "1K3 blocks the line"))
    assert line["badge"] == "" and line["words"] == "LOS at hex level: 1K3 blocks the line"

"""The panels' view models (issue #31): each panel draws one reading of the game, made in the
core — the Play panel's turn, prompt and last roll; the Log tab's entries, slider and what changed;
the planner's form with its secrets, checked plan, error, odds and heatmap."""

from __future__ import annotations

from airhead.present import log_panel, odds_view, plan_panel, play_panel, seals_panel, secrets_view
from airhead.systems import builtin, new_game

GLIDER = "asl.glider_landing"
FORM = {"name": "Glider 1", "ilh": "1G9", "wind": "5", "nationality": "U.S.", "night": False, "damaged": False,
        "passengers.count": 1, "passengers.0.name": "7-4-7", "passengers.0.kind": "squad", "passengers.0.pp": "10",
        "aa.count": 0}


def test_the_play_panel_reads_the_game_once() -> None:
    g = new_game(builtin(), "panel")
    idle = play_panel(g)
    assert idle["prompt"] is None and idle["result"] is None and idle["roll"] is None and idle["can_advance"]
    assert idle["turn"]["text"] and idle["offmap"] == []
    g.apply({"type": "start", "procedure": "asl.random_location", "params": {"from": "1C9"}})
    waiting = play_panel(g)
    assert waiting["prompt"]["rule"] == "E8.211" and waiting["prompt"]["kind"] == "roll"
    assert not waiting["can_advance"]  # a procedure under way: the phase does not move
    g.apply({"type": "dice", "values": [2, 2]})
    done = play_panel(g)
    assert done["prompt"] is None and done["result"] == {"title": "Random Location", "text": "Random Location from 1C9: 1E8."}
    assert done["roll"]["rule"] == "E8.211" and [d["value"] for d in done["roll"]["dice"]] == [2, 2]
    earlier = play_panel(g.prefix(1), live=False)  # an earlier moment of the log: nothing to roll
    assert earlier["roll"] is None and earlier["prompt"]["rule"] == "E8.211" and not earlier["can_advance"]


def test_the_log_panel_says_where_the_slider_is_and_what_changed() -> None:
    g = new_game(builtin(), "log")
    empty = log_panel(g)
    assert empty["entries"] == [] and empty["position"] == "No actions yet" and not empty["can_undo"]
    g.apply({"type": "note", "text": "one"})
    g.apply({"type": "note", "text": "two"})
    g.apply({"type": "undo"})
    now = log_panel(g)
    assert now["count"] == 3 and now["step"] == 3 and now["live"]
    assert now["focus"] == 2  # the undo took back entry #2
    assert now["position"] == "Now: 1 of 2 actions in effect, 1 undone"
    assert now["can_undo"] and now["can_redo"]
    then = log_panel(g, 1)
    assert not then["live"] and then["step"] == 1 and then["focus"] == 1
    assert then["position"] == "Showing the game as it was after log entry #1 of 3"
    assert not then["can_undo"] and not then["can_redo"]  # only the game now can be undone


def test_the_planner_reads_a_form_as_starting_it_would() -> None:
    g = new_game(builtin(), "plan")
    v = plan_panel(g, GLIDER, FORM)
    assert v["error"] is None and v["params"]["ilh"] == "1G9" and v["params"]["wind"] == 5
    assert v["values"]["passengers"] == [{"name": "7-4-7", "kind": "squad", "pp": 10}]
    assert v["secrets"] == secrets_view(g, GLIDER, v["values"])
    # the odds on screen are those of the plan without the other side's secret (E8.1 manifest)
    assert v["odds"] == odds_view(g, GLIDER, {k: x for k, x in v["params"].items() if k != "passengers"})
    assert v["heat"] is None
    heat = plan_panel(g, GLIDER, FORM, heat=True)["heat"]
    assert heat is not None and heat["heat_unit"] == "%"


def test_the_planner_names_what_is_wrong_and_keeps_hidden_secrets() -> None:
    g = new_game(builtin(), "plan")
    missing = plan_panel(g, GLIDER, {k: v for k, v in FORM.items() if k != "ilh"})
    assert missing["params"] is None and missing["odds"] is None
    assert missing["error"]["path"] == "ilh" and missing["error"]["missing"]
    bad = plan_panel(g, GLIDER, dict(FORM, wind="13"))
    assert bad["error"]["path"] == "wind" and not bad["error"]["missing"]
    row = plan_panel(g, GLIDER, dict(FORM, **{"passengers.0.pp": "1000"}), viewer="Allied")["error"]
    assert row["path"] == "passengers.0.pp" and "0..100" in row["text"]  # the form points at the row's PP
    # the manifest hidden from this player (not drawn) is read back from the plan kept, unchanged
    kept = plan_panel(g, GLIDER, FORM, viewer="Allied")["values"]
    drawn = {k: v for k, v in FORM.items() if not k.startswith("passengers")}
    again = plan_panel(g, GLIDER, drawn, kept, viewer=None)
    assert again["values"]["passengers"] == kept["passengers"] and again["error"] is None
    # a hidden secret that is incomplete is named in words that give nothing away
    broken = dict(kept, passengers=[{"name": "7-4-7", "kind": "squad", "pp": 1000}])  # PP out of range
    hidden = plan_panel(g, GLIDER, drawn, broken, viewer=None)
    assert hidden["error"]["text"] == ("The Allied player's glider manifest is not complete: only they can see it "
                                       "(tap 'I am the Allied player').")


def test_the_seals_panel_lists_codes_and_reveals() -> None:
    from airhead.sealed import seal

    g = new_game(builtin(), "seals")
    s = seal("glider 1 lands in 1G9")
    g.apply({"type": "seal", "side": "Allied", "label": "landing plan", "code": s.code})
    other = seal("nothing")
    g.apply({"type": "seal", "side": "Axis", "label": "ambush", "code": other.code})
    v = seals_panel(g, held={s.code})
    assert v["sealed"] == [{"side": "Allied", "label": "landing plan", "code": s.code, "held": True},
                           {"side": "Axis", "label": "ambush", "code": other.code, "held": False}]
    assert v["elsewhere"] and v["revealed"] == []
    g.apply({"type": "reveal", "side": "Allied", "label": "landing plan", "plan": s.plan, "salt": s.salt})
    g.apply({"type": "reveal", "side": "Axis", "label": "ambush", "plan": "changed", "salt": other.salt})
    rev = seals_panel(g, held={s.code})["revealed"]
    assert [(r["side"], r["valid"], r["plan"]) for r in rev] == [("Allied", True, "glider 1 lands in 1G9"),
                                                                 ("Axis", False, "changed")]
    assert rev[0]["verdict"] == "revealed, matches its code" and rev[1]["verdict"].startswith("MISMATCH")


def test_the_turn_track_says_the_night_and_its_nvr() -> None:
    from airhead.present import turn_view

    day = new_game(builtin(), "day")
    assert turn_view(day)["status"] == []
    sc = builtin()
    night = new_game(sc.__class__.from_data(dict(sc.to_data(), settings={**sc.settings, "night": True, "base_nvr": 2})), "n")
    assert turn_view(night)["status"] == ["Night (E1): Base NVR 2, Cloud Cover None, No Moon"]
    assert play_panel(night)["turn"]["status"] == turn_view(night)["status"]


def test_each_zone_has_its_own_outline() -> None:
    import xml.etree.ElementTree as ET

    from airhead.plug import View
    from airhead.present import overlay_svg

    sc = builtin()
    h = sc.map.hexes()
    svg = ET.fromstring(overlay_svg(sc, View(zones=(("within NVR 2", (h[0], h[1])), ("Illuminated beyond the NVR", (h[5],))))))
    zones = [(z.get("class"), z.get("data-zone")) for z in svg.iter("g") if "zone" in (z.get("class") or "").split()]
    assert zones == [("zone zone-0 zone-nvr", "within NVR 2"), ("zone zone-1 zone-beyond", "Illuminated beyond the NVR")]

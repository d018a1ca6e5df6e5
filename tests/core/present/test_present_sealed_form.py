"""E8.1 through the generic form: once a glider's manifest is sealed, the form starts the landing
without its Passengers (they stay secret until the AFPh), under that glider's own seal label."""

from __future__ import annotations

from airhead import present
from airhead.sealed import seal
from airhead.systems import builtin, new_game

FORM = {"name": "Glider 1", "ilh": "1G9", "wind": "2", "nationality": "U.S.",
        "passengers.count": "1", "passengers.0.name": "squad A", "passengers.0.kind": "squad",
        "passengers.0.pp": "0"}


def test_sealing_a_manifest_then_starting_leaves_the_passengers_out() -> None:
    game = new_game(builtin("default"), "s")
    req = present.seal_request(game, "asl.glider_landing", FORM)
    assert req["side"] == "Allied" and req["label"] == "glider manifest: Glider 1"
    assert [p["name"] for p in req["plan"]["passengers"]] == ["squad A"]
    before = present.form_params(game, "asl.glider_landing", FORM)
    assert [p["name"] for p in before["passengers"]] == ["squad A"]  # nothing sealed yet: in the open
    game.apply({"type": "seal", "side": req["side"], "label": req["label"], "code": seal(req["plan"]).code})
    params = present.form_params(game, "asl.glider_landing", FORM)
    assert "passengers" not in params
    game.apply({"type": "start", "procedure": "asl.glider_landing", "params": params})
    assert "squad A" not in "\n".join(game.log_lines())

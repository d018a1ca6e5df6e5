"""Secrets at the table (#14 item 5): the core says which of a form's fields are secret and whose
(E8.1 Passengers, the Panzer Leader written plan, Army Group dummies); a field is shown only to its
own side's player; what is hidden is read back unchanged, and the odds on screen leave out every
secret of another side."""

from __future__ import annotations

from typing import Any

import pytest
from airhead import present
from airhead.present.secrets import flat_inputs
from airhead.game import Game
from airhead.systems import builtin, new_game

GLIDER = "asl.glider_landing"
PLAN = "panzer_leader.landing_plan"
AG = "army_group.landing"
SNIPER = {"name": "Sniper X", "kind": "squad", "pp": 10}


def _game(scenario: str) -> Game:
    return new_game(builtin(scenario), "secrets")


def _values(game: Game, name: str) -> dict[str, Any]:
    return dict(next(i for i in present.procedure_menu(game) if i["name"] == name)["values"])


def _owners(view: dict[str, Any]) -> dict[str, str]:
    return {f["path"]: f["side"] for f in view["fields"]}


def test_whose_secret_each_field_is() -> None:
    asl = _game("default")
    v = present.secrets_view(asl, GLIDER, dict(_values(asl, GLIDER), passengers=[SNIPER]))
    assert _owners(v) == {"passengers": "Allied"}  # a U.S. glider's manifest (E8.1)
    assert v["sides"][0]["text"] == "Hidden: the Allied player's glider manifest — tap 'I am the Allied player' to see it"
    assert v["sides"][0]["button"] == "I am the Allied player"
    german = present.secrets_view(asl, GLIDER, dict(_values(asl, GLIDER), nationality="German"))
    assert _owners(german) == {"passengers": "Axis"}  # the side follows the glider's nationality
    pl = _game("panzer_leader_drop")
    assert _owners(present.secrets_view(pl, PLAN, _values(pl, PLAN))) == {"plan": "Allied"}  # PL I: the side writing it
    assert _owners(present.secrets_view(pl, PLAN, dict(_values(pl, PLAN), side="German"))) == {"plan": "German"}
    ag = _game("army_group_drop")
    v = present.secrets_view(ag, AG, _values(ag, AG))
    assert _owners(v) == {"units.*.dummy": "Allied", "enemy.*.dummy": "Axis"}  # the landing side, the defender
    assert [x["what"] for x in v["sides"]] == ["dummy flags", "dummy flags"]


@pytest.mark.parametrize("viewer, shown", [(None, set()), ("Allied", {"units.*.dummy"}), ("Axis", {"enemy.*.dummy"})])
def test_a_secret_is_shown_only_to_its_own_side(viewer: str | None, shown: set[str]) -> None:
    ag = _game("army_group_drop")
    v = present.secrets_view(ag, AG, _values(ag, AG), viewer)
    assert {f["path"] for f in v["fields"] if f["shown"]} == shown
    assert v["viewer"] == (viewer or "")
    for side in v["sides"]:
        assert side["shown"] == (side["side"] == viewer)
        assert ("Hide again" in side["text"]) == side["shown"]


def test_hidden_secrets_are_read_back_unchanged() -> None:
    """The page draws no input for a hidden secret; the inputs it reads back from the kept plan
    give exactly the form's values again."""
    ag = _game("army_group_drop")
    values = _values(ag, AG)
    values["enemy"][1]["dummy"] = True
    proc = ag.system.procedure(AG)
    full: dict[str, Any] = {}
    for f in proc.params:
        flat_inputs(f, values.get(f.key), f.key, full)  # every input the whole form has
    for viewer in (None, "Allied", "Axis"):
        hidden = present.secret_inputs(ag, AG, values, viewer)
        drawn = {k: v for k, v in full.items() if k not in hidden}
        assert not any(k.endswith(".dummy") and ("units" if viewer == "Allied" else "enemy" if viewer == "Axis" else "#") in k
                       for k in hidden)
        assert proc.params.from_form({**drawn, **hidden}) == proc.params.from_form(full)
    assert present.secret_inputs(ag, AG, values, None)["units.2.dummy"] is True  # A-3 of the scenario
    asl = _game("default")
    v = dict(_values(asl, GLIDER), passengers=[SNIPER])
    assert present.secret_inputs(asl, GLIDER, v, "Allied") == {}
    assert present.secret_inputs(asl, GLIDER, v, "Axis") == {
        "passengers.count": "1", "passengers.0.name": "Sniper X", "passengers.0.kind": "squad", "passengers.0.pp": "10"}


def test_the_odds_on_screen_hold_no_other_sides_secret() -> None:
    """A dummy is eliminated by any loss: odds worked out with the flag would tell the other
    player which unit is a dummy. Hidden, the odds read it as the unit it looks like."""
    ag = _game("army_group_drop")
    values = _values(ag, AG)
    values["units"][0]["dummy"] = True  # A-1 Para, strength 2, made a dummy
    values["enemy"][0]["dummy"] = True
    as_axis = present.hide_secrets(ag, AG, values, "Axis")
    as_allied = present.hide_secrets(ag, AG, values, "Allied")
    assert as_axis["enemy"][0]["dummy"] and not any(e["dummy"] for e in as_allied["enemy"])
    assert not any(u["dummy"] for u in as_axis["units"]) and as_allied["units"][0]["dummy"]
    odds_axis = present.odds_view(ag, AG, as_axis)
    odds_allied = present.odds_view(ag, AG, as_allied)
    odds_nobody = present.odds_view(ag, AG, present.hide_secrets(ag, AG, values, None))
    assert odds_axis is not None and odds_allied is not None and odds_nobody is not None
    a1 = [[x for x in od["lines"] if x.startswith("A-1 Para:")][0] for od in (odds_axis, odds_allied)]
    assert "eliminated 0.0%" in a1[0] and "eliminated 0.0%" not in a1[1]  # only its owner sees it as a dummy
    assert odds_nobody["lines"] == odds_axis["lines"]
    asl = _game("default")
    v = dict(_values(asl, GLIDER), passengers=[SNIPER])
    assert present.hide_secrets(asl, GLIDER, v, None)["passengers"] == []
    assert present.hide_secrets(asl, GLIDER, v, "Allied")["passengers"] == [SNIPER]
    assert v["passengers"] == [SNIPER]  # the plan itself is untouched
    pl = _game("panzer_leader_drop")
    assert "plan" not in present.hide_secrets(pl, PLAN, _values(pl, PLAN), "German")  # required: left out


def test_an_input_path_names_its_secret() -> None:
    ag = _game("army_group_drop")
    v = present.secrets_view(ag, AG, _values(ag, AG), "Allied")
    hit = present.secret_path(v, "enemy.2.dummy")
    assert hit is not None and hit["side"] == "Axis" and not hit["shown"]
    assert present.secret_path(v, "units.0.dummy") == dict(v["fields"][0])
    assert present.secret_path(v, "units.0.id") is None and present.secret_path(v, "groups.A") is None
    asl = _game("default")
    va = present.secrets_view(asl, GLIDER, _values(asl, GLIDER))
    assert present.secret_path(va, "passengers.3.pp") == dict(va["fields"][0])


def test_a_half_written_form_still_has_an_owner() -> None:
    """A form being typed (a Passenger row half filled in, a bad side) never breaks the view."""
    asl = _game("default")
    v = present.secrets_view(asl, GLIDER, {"passengers": [{"name": ""}], "nationality": 7})
    assert _owners(v) == {"passengers": "Allied"}
    pl = _game("panzer_leader_drop")
    assert _owners(present.secrets_view(pl, PLAN, {"side": ""})) == {"plan": "Allied"}  # the side moving first

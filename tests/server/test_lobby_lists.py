"""What the lobby's "Your recent matches" reads from ``GET /api/matches?ids=``: whose turn it is and who won;
and a rated match's computer level, fixed once play has begun (issue #40)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.conftest import LiveServer, serve
from tests.server.test_profiles_api import auth, new_profile
from tests.server.test_profiles_toys import records_app


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory):
    yield from serve(records_app(Path(tmp_path_factory.mktemp("lists")) / "lists.db"))


def listed(site: LiveServer, match_id: str) -> dict:
    [info] = site.http.get(f"/api/matches?ids={match_id}").json()
    return info


def test_the_list_says_whose_turn_it_is_and_who_won(site):
    created = site.new_match("high-card", seats=[{"kind": "human"}, {"kind": "computer"}])
    player = site.ws(created["match"])
    player.hello(created["tokens"]["0"])
    player.wait_for(lambda s: s["legal"])
    info = listed(site, created["match"])
    assert info["to_move"] == 0 and info["winners"] is None and not info["is_over"]
    player.act("hold")
    player.wait_for(lambda s: s["view"]["is_over"])
    player.close()
    info = listed(site, created["match"])
    assert info["is_over"] and info["to_move"] is None
    assert info["winners"] == site.http.get(f"/api/matches/{created['match']}/result").json()["result"]["winners"]


def started_pig(site: LiveServer, profile: dict | None) -> tuple[dict, object]:
    """A Pig match, a person (with ``profile`` or a guest) in seat 0 against the computer, one roll played."""
    created = site.new_match("pig", seats=[{"kind": "human"}, {"kind": "computer", "level": "random"}])
    if profile is not None:
        attached = site.http.post(f"/api/matches/{created['match']}/seats/0/player",
                                  json={"seat_token": created["tokens"]["0"]}, headers=auth(profile["token"]))
        assert attached.status_code == 200, attached.text
    player = site.ws(created["match"])
    player.hello(created["tokens"]["0"])
    player.wait_for(lambda s: s["legal"])
    player.act("roll")
    return created, player


def test_a_rated_match_keeps_its_computer_level_once_play_has_begun(site):
    created, player = started_pig(site, new_profile(site, "Stede Bonnet"))
    player.wait_for(lambda s: s["players"][1]["level_fixed"])  # the table is told: no selector to offer
    assert "level_fixed" not in player.state["players"][0]  # a person's seat has no level
    answer = player.send({"type": "level", "seat": 1, "level": "other"})
    while answer.get("type") != "refused":
        answer = player.receive()
    assert "keeps its level in a rated match" in answer["reason"]
    assert answer["reason"].startswith("Computer (Random)")
    assert listed(site, created["match"])["seats"][1]["level"] == "random"
    player.close()


def test_an_unrated_match_may_change_its_computer_level_and_the_table_names_it(site):
    created, player = started_pig(site, None)
    assert player.state["players"][1]["level_fixed"] is False
    player.send({"type": "level", "seat": 1, "level": "other"})
    player.wait_for(lambda s: s["players"][1]["name"] == "Computer (Other)")
    assert listed(site, created["match"])["seats"][1]["level"] == "other"
    player.close()


def test_a_guest_names_their_seat_and_the_table_and_result_call_them_so(site):
    created = site.new_match("high-card", seats=[{"kind": "human"}, {"kind": "computer"}])
    token = created["tokens"]["0"]
    path = f"/api/matches/{created['match']}/seats/0/name"
    assert site.http.post(path, json={"seat_token": "wrong", "name": "Anne"}).status_code == 403
    assert site.http.post(path, json={"seat_token": token, "name": "   "}).status_code == 422
    answer = site.http.post(path, json={"seat_token": token, "name": "  Anne   Bonny "})
    assert answer.status_code == 200 and answer.json()["name"] == "Anne Bonny"
    player = site.ws(created["match"])
    player.hello(token)
    assert player.state["players"][0]["name"] == "Anne Bonny"
    player.act("hold")
    player.wait_for(lambda s: s["view"]["is_over"])
    player.close()
    screen = site.http.get(f"/api/matches/{created['match']}/result").json()
    assert [s["name"] for s in screen["seats"]] == ["Anne Bonny", "Computer (Random)"]
    assert site.http.post(path, json={"seat_token": token, "name": "Mary"}).status_code == 409  # over


def test_a_profile_s_seat_keeps_the_profile_s_name(site):
    me = new_profile(site, "Calico Jack")
    created = site.new_match("high-card", seats=[{"kind": "human"}, {"kind": "computer"}])
    token = created["tokens"]["0"]
    site.http.post(f"/api/matches/{created['match']}/seats/0/player", json={"seat_token": token},
                   headers=auth(me["token"]))
    renamed = site.http.post(f"/api/matches/{created['match']}/seats/0/name", json={"seat_token": token, "name": "X"})
    assert renamed.status_code == 409 and "profile" in renamed.json()["detail"]

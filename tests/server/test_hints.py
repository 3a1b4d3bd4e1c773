"""Hints and reviews over the web app (server/reviews.py): the server asks regalia.ai, for the asker's seat only."""

from __future__ import annotations

import time

import pytest

from regalia.server.app import create_app
from tests.server.conftest import LiveServer, serve


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory):
    yield from serve(create_app(f"sqlite:///{tmp_path_factory.mktemp('hints') / 'h.db'}", bot_pause=0.0))


def my_turn(site: LiveServer, match_id: str, seat: int = 0, seconds: float = 20) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        info = site.http.get(f"/api/matches/{match_id}").json()
        if info["to_move"] == seat:
            return info
        assert time.monotonic() < deadline, "the computer did not hand the turn over"
        time.sleep(0.05)


def test_a_hint_against_the_computer_is_the_solver_s_for_my_seat(site):
    created = site.new_match("kings-gold", seats=[{"kind": "human"}, {"kind": "computer", "level": "easy"}])
    match_id, token = created["match"], created["tokens"]["0"]
    player = site.ws(match_id)
    player.hello(token)
    for _ in range(3):
        player.wait_for(lambda s: s["legal"] and s["view"]["to_move"] == 0)
        answer = site.http.post(f"/api/matches/{match_id}/hint", json={"seat_token": token})
        assert answer.status_code == 200, answer.text
        found = answer.json()
        assert found["seat"] == 0 and found["best"] in player.state["legal"]
        assert found["version"] == player.state["version"]
        assert found["reason"] == found["choices"][0]["words"]
        if "roll" not in player.state["legal"]:
            assert found["unit"] == "points" and found["reason"].endswith("expected")
        player.act(found["best"])
        asked = found["version"]
        player.wait_for(lambda s, asked=asked: s["version"] > asked)
    player.close()


def test_no_hint_for_a_stranger_out_of_turn_or_with_another_person(site):
    created = site.new_match("kings-gold", seats=[{"kind": "human"}, {"kind": "computer", "level": "easy"}])
    match_id = created["match"]
    stranger = site.http.post(f"/api/matches/{match_id}/hint", json={"seat_token": "not-a-token"})
    assert stranger.status_code == 403 and "token" in stranger.json()["detail"]
    people = site.new_match("kings-gold", seats=[{"kind": "human"}, {"kind": "human"}])
    refused = site.http.post(f"/api/matches/{people['match']}/hint", json={"seat_token": people["tokens"]["0"]})
    assert refused.status_code == 409 and "against the computer" in refused.json()["detail"]
    assert site.http.post("/api/matches/nope/hint", json={"seat_token": "x"}).status_code == 404
    assert site.http.post(f"/api/matches/{match_id}/hint", json={}).status_code == 422


def test_a_finished_match_is_reviewed_in_the_background_and_kept(site):
    created = site.new_match("kings-gold", seats=[{"kind": "computer", "level": "hard"},
                                                  {"kind": "computer", "level": "easy"}])
    match_id = created["match"]
    assert site.http.get(f"/api/matches/{match_id}/review").json()["status"] == "none"
    early = site.http.post(f"/api/matches/{match_id}/review")
    assert early.status_code == 409 or early.json()["status"] in ("running", "done")  # it may end at once
    site.wait_until_over(match_id)
    started = site.http.post(f"/api/matches/{match_id}/review").json()
    assert started["status"] in ("running", "done")
    deadline = time.monotonic() + 60
    while (status := site.http.get(f"/api/matches/{match_id}/review").json())["status"] != "done":
        assert status["status"] == "running" and time.monotonic() < deadline
        time.sleep(0.1)
    review = status["review"]
    assert review["game"] == "kings-gold" and review["decisions"]
    assert all(d["loss"] == 0 for d in review["decisions"] if d["seat"] == 0)  # the hard captain
    assert status["done"] == status["total"] == len(review["graph"])
    again = site.http.post(f"/api/matches/{match_id}/review").json()
    assert again["status"] == "done" and again["review"] == review  # kept: never made twice
    assert site.http.get("/api/matches/nope/review").status_code == 404


def test_no_hint_in_a_rated_match():
    from types import SimpleNamespace

    from regalia.games import load_game
    from regalia.server.reviews import hint_refusal
    from regalia.server.seats import hash_token

    match = load_game("kings-gold").new_match(seed=1)
    seats = [SimpleNamespace(seat=0, kind="human", token_hash=hash_token("mine")),
             SimpleNamespace(seat=1, kind="computer", token_hash=None)]
    live = SimpleNamespace(seats=seats, match=match, rated=False)
    seat, refusal = hint_refusal(live, "mine")
    assert (seat, refusal) == (0, None) or "not your turn" in (refusal or "")
    live.rated = True
    assert hint_refusal(live, "mine") == (None, "no hints in a rated match")

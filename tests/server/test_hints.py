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
    assert refused.json()["detail"].startswith("Hints are off in this match: other people play in it")
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
    seat, refusal = hint_refusal(live, "mine", allowed=True)  # not even with hints allowed at set-up
    assert seat is None and refusal.startswith("Hints are off in this match: it is rated")


# ----- hints in a match with other people, by agreement at set-up (NewMatch.hints) --------------------------

def _people_match(site: LiveServer, hints: bool) -> tuple[str, dict[int, str]]:
    """Crown the Queen for three people: the host's seat, and two open seats each taken by another person."""
    created = site.http.post("/api/matches", json={
        "game": "crown-the-queen", "options": {"rubber": False},
        "seats": [{"kind": "human"}, {"kind": "open"}, {"kind": "open"}], "hints": hints})
    assert created.status_code == 201, created.text
    match_id = created.json()["match"]
    tokens = {0: created.json()["tokens"]["0"]}
    info = site.http.get(f"/api/matches/{match_id}").json()
    assert info["hints"] is hints  # what a person taking a seat is shown before taking it
    if hints:
        assert any(m["match"] == match_id and m["hints"] for m in site.http.get("/api/matches?open=1").json())
    for seat in (1, 2):
        claimed = site.http.post(f"/api/matches/{match_id}/seats/{seat}/claim")
        assert claimed.status_code == 200, claimed.text
        tokens[seat] = claimed.json()["token"]
    return match_id, tokens


def test_a_match_with_people_that_allowed_hints_answers_each_seat_from_its_own_view(site):
    from regalia.ai.hint import hint
    from regalia.games import load_game

    game = load_game("crown-the-queen", players=3, rubber=False)
    match_id, tokens = _people_match(site, hints=True)
    players = {seat: site.ws(match_id) for seat in tokens}
    for seat, player in players.items():
        player.hello(tokens[seat])
    answered: set[int] = set()
    for _ in range(8):
        info = my_turn_of_anyone(site, match_id)
        seat = info["to_move"]
        player = players[seat]
        state = player.wait_for(lambda s, v=info["version"]: s["version"] >= v and s["legal"])
        answer = site.http.post(f"/api/matches/{match_id}/hint", json={"seat_token": tokens[seat]})
        assert answer.status_code == 200, answer.text
        found = answer.json()
        assert found["seat"] == seat and found["version"] == state["version"] and found["best"] in state["legal"]
        # exactly what that seat's own view gives (the view its socket was sent), nobody else's cards
        mine = hint(game, state["view"], seat, state["legal"])
        assert found["reason"] == mine.reason and found["best"] == mine.best
        if len(state["legal"]) > 1:
            assert "expected standing" in found["reason"]
            if found["best"].startswith("pass "):
                assert f"Seat {(seat + 1) % 3 + 1} (next)" in found["reason"]
        # another person may not ask for the seat to move: a hint is for your own move
        other = (seat + 1) % 3
        refused = site.http.post(f"/api/matches/{match_id}/hint", json={"seat_token": tokens[other]})
        assert refused.status_code == 409 and "not your turn" in refused.json()["detail"]
        answered.add(seat)
        player.act(found["best"])
        player.wait_for(lambda s, v=state["version"]: s["version"] > v)
    assert answered == {0, 1, 2}
    for player in players.values():
        player.close()


def my_turn_of_anyone(site: LiveServer, match_id: str, seconds: float = 60) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        info = site.http.get(f"/api/matches/{match_id}").json()
        if info["to_move"] is not None:
            return info
        assert time.monotonic() < deadline, f"no seat came to move: {info}"
        time.sleep(0.05)


def test_a_match_with_people_without_the_option_refuses_a_hint_with_the_reason(site):
    match_id, tokens = _people_match(site, hints=False)
    seat = my_turn_of_anyone(site, match_id)["to_move"]
    refused = site.http.post(f"/api/matches/{match_id}/hint", json={"seat_token": tokens[seat]})
    assert refused.status_code == 409
    assert refused.json()["detail"] == ("Hints are off in this match: other people play in it, and hints were not "
                                        "allowed when it was set up (without that, hints are for matches against "
                                        "the computer only)")


def test_a_rated_match_can_never_allow_hints(site):
    from tests.server.test_profiles_api import auth, new_profile

    me = new_profile(site, "hintless-hal")
    body = {"game": "kings-gold", "seats": [{"kind": "human"}, {"kind": "open"}], "hints": True}
    refused = site.http.post("/api/matches", json=body, headers=auth(me["token"]))
    assert refused.status_code == 422
    assert refused.json()["detail"].startswith("Hints cannot be allowed in a rated match: you are signed in")
    # signed in without the option: the match is made (and counts for the rating once the profile sits)
    body["hints"] = False
    assert site.http.post("/api/matches", json=body, headers=auth(me["token"])).status_code == 201
    # nor can a match that allows hints become rated: a profile may not sit in it
    allowed = site.http.post("/api/matches", json={**body, "hints": True}).json()
    sat = site.http.post(f"/api/matches/{allowed['match']}/seats/0/player",
                         json={"seat_token": allowed["tokens"]["0"]}, headers=auth(me["token"]))
    assert sat.status_code == 409 and "not rated" in sat.json()["detail"]

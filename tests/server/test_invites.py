"""A private match: its open seats are taken only with their invite links, and it is not listed in the lobby."""

from __future__ import annotations

import json

from .conftest import LiveServer


def private_match(server: LiveServer) -> dict:
    response = server.http.post("/api/matches", json={
        "game": "high-card", "seats": [{"kind": "human"}, {"kind": "open"}], "private": True})
    assert response.status_code == 201, response.text
    return response.json()


def seats_of(server: LiveServer, match_id: str) -> list[tuple[bool, bool]]:
    return [(s["open"], s["invite_only"]) for s in server.http.get(f"/api/matches/{match_id}").json()["seats"]]


def test_a_private_match_s_open_seat_is_taken_only_with_its_invite_key(server):
    created = private_match(server)
    match, key = created["match"], created["invites"]["1"]
    assert set(created["invites"]) == {"1"} and set(created["tokens"]) == {"0"}
    assert match not in {m["match"] for m in server.http.get("/api/matches", params={"open": 1}).json()}
    assert seats_of(server, match) == [(False, False), (True, True)]

    claim = f"/api/matches/{match}/seats/1/claim"
    no_key = server.http.post(claim)
    assert no_key.status_code == 403
    assert no_key.json()["detail"] == ("Seat 2 is kept for whoever has its invite link: "
                                       "ask the player who invited you for it")
    wrong = server.http.post(claim, json={"key": key[:-2] + "xx"})
    assert wrong.status_code == 403 and "this link's key is not its key" in wrong.json()["detail"]
    for body in ({"key": 5}, {"key": "k" * 201}, {"secret": key}):  # malformed: refused, the key not tried
        assert server.http.post(claim, json=body).status_code == 422, body
    stranger = server.http.post(claim, json={"previous_token": created["tokens"]["0"]})
    assert stranger.status_code == 403  # not a rematch: no earlier token holds this seat
    assert seats_of(server, match) == [(False, False), (True, True)]  # still open, to the key alone

    # whoever watches the table (or plays in it) is never sent the key
    watcher = server.ws(match)
    host = server.ws(match)
    host.hello(created["tokens"]["0"])
    assert key not in json.dumps(watcher.frames) and key not in json.dumps(host.frames)
    assert host.state["players"][1]["invite_only"] is True and host.state["players"][1]["open"] is True

    taken = server.http.post(claim, json={"key": key})
    assert taken.status_code == 200 and taken.json()["seat"] == 1
    assert server.http.post(claim, json={"key": key}).status_code == 409  # a link takes its seat once
    assert seats_of(server, match) == [(False, False), (False, False)]
    host.wait_for(lambda s: not s["players"][1]["open"])
    watcher.close()
    host.close()


def test_an_open_match_s_seat_is_anyone_s_and_a_key_changes_nothing(server):
    created = server.new_match("high-card", seats=[{"kind": "human"}, {"kind": "open"}])
    assert created["invites"] == {}
    assert seats_of(server, created["match"]) == [(False, False), (True, False)]
    assert created["match"] in {m["match"] for m in server.http.get("/api/matches", params={"open": 1}).json()}
    taken = server.http.post(f"/api/matches/{created['match']}/seats/1/claim", json={"key": "anything"})
    assert taken.status_code == 200


def test_a_private_match_s_rematch_is_private_and_its_players_take_their_seats_back_by_their_old_tokens(server):
    created = private_match(server)
    match = created["match"]
    friend = server.http.post(f"/api/matches/{match}/seats/1/claim", json={"key": created["invites"]["1"]}).json()
    server.play_to_the_end(match, [created["tokens"]["0"], friend["token"]])

    rematch = server.http.post(f"/api/matches/{match}/rematch", json={"seat_tokens": [created["tokens"]["0"]]}).json()
    assert rematch["created"] is True and set(rematch["invites"]) == {"1"}  # the host may send a new link
    new = rematch["match"]
    assert seats_of(server, new) == [(False, False), (True, True)]
    assert new not in {m["match"] for m in server.http.get("/api/matches", params={"open": 1}).json()}
    claim = f"/api/matches/{new}/seats/1/claim"
    # the host's old token held seat 0, not seat 1; nobody else's token is any use
    assert server.http.post(claim, json={"previous_token": created["tokens"]["0"]}).status_code == 403
    assert server.http.post(claim, json={"previous_token": "not-a-token"}).status_code == 403
    assert seats_of(server, new) == [(False, False), (True, True)]
    back = server.http.post(claim, json={"previous_token": friend["token"]})
    assert back.status_code == 200 and back.json()["seat"] == 1
    assert seats_of(server, new) == [(False, False), (False, False)]


def test_an_open_match_s_rematch_stays_open_to_anyone(server):
    created = server.hot_seat_to_the_end("high-card")
    rematch = server.http.post(f"/api/matches/{created['match']}/rematch",
                               json={"seat_tokens": [created["tokens"]["0"]]}).json()
    assert rematch["invites"] == {} and seats_of(server, rematch["match"]) == [(False, False), (True, False)]


def test_a_player_who_lost_the_link_makes_a_new_one_and_the_old_one_stops_working(server):
    created = private_match(server)
    match, old_key, host = created["match"], created["invites"]["1"], created["tokens"]["0"]
    invite = f"/api/matches/{match}/seats/1/invite"
    assert server.http.post(invite, json={"seat_token": "not-a-token"}).status_code == 403
    assert server.http.post(invite, json={}).status_code == 422
    assert server.http.post(f"/api/matches/{match}/seats/0/invite", json={"seat_token": host}).status_code == 409
    assert server.http.post(f"/api/matches/{match}/seats/7/invite", json={"seat_token": host}).status_code == 409
    made = server.http.post(invite, json={"seat_token": host})
    assert made.status_code == 200, made.text
    new_key = made.json()["key"]
    assert new_key != old_key and made.json()["seat"] == 1
    assert server.http.post(f"/api/matches/{match}/seats/1/claim", json={"key": old_key}).status_code == 403
    assert seats_of(server, match) == [(False, False), (True, True)]
    assert server.http.post(f"/api/matches/{match}/seats/1/claim", json={"key": new_key}).status_code == 200
    taken = server.http.post(invite, json={"seat_token": host})
    assert taken.status_code == 409 and "not open" in taken.json()["detail"]


def test_an_open_match_s_seat_needs_no_new_link(server):
    created = server.new_match("high-card", seats=[{"kind": "human"}, {"kind": "open"}])
    answer = server.http.post(f"/api/matches/{created['match']}/seats/1/invite",
                              json={"seat_token": created["tokens"]["0"]})
    assert answer.status_code == 409 and "open to anyone" in answer.json()["detail"]


def test_a_link_made_void_on_another_server_instance_takes_no_seat(server):
    created = private_match(server)
    match, old_key = created["match"], created["invites"]["1"]
    live = server.app.state.hub.live[match]
    stale = live.seats[1].invite_hash
    server.http.post(f"/api/matches/{match}/seats/1/invite", json={"seat_token": created["tokens"]["0"]})
    live.seats[1].invite_hash = stale  # as an instance that never heard of the new link still holds it
    assert server.http.post(f"/api/matches/{match}/seats/1/claim", json={"key": old_key}).status_code == 409
    assert seats_of(server, match) == [(False, False), (True, True)]  # the store's key decided

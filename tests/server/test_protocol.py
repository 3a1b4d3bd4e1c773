"""The WebSocket protocol over a real server: every bad message is a clear refusal and changes nothing."""

from __future__ import annotations

import json

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from regalia.core.replay import replay_dict
from regalia.core.rng import seed_commitment
from regalia.server.protocol import MAX_MESSAGE_BYTES, Update
from tests.toys.pig import HighCard, Pig


def hot_seat_pig(server, **options):
    created = server.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}], **options)
    player = server.ws(created["match"])
    player.hello(*created["tokens"].values())
    return created, player


def test_a_spectator_gets_the_public_view_and_no_legal_actions(server):
    created = server.new_match("pig")
    watcher = server.ws(created["match"])
    update = Update.model_validate(watcher.state)
    assert update.seat is None and update.legal == [] and update.seats == []
    assert update.view["seat"] is None
    assert update.seed is None and update.seed_commitment == created["seed_commitment"]


def test_an_action_is_played_persisted_and_announced_with_its_version(server):
    created, player = hot_seat_pig(server)
    assert player.state["legal"] == ["roll", "stop"]
    update = player.act("roll")
    assert update["type"] == "update" and update["version"] == 1
    assert update["last"] == {"seat": 0, "action": "roll"}
    assert update["log"][0] == "roll"
    for frame in player.frames:
        if frame["type"] == "update":
            assert Update.model_validate(frame).model_dump(mode="json") == frame  # the documented schema


def test_stale_version_is_refused_and_changes_nothing(server):
    created, player = hot_seat_pig(server)
    player.act("roll")
    refusal = player.act("roll", version=0)
    assert refusal["type"] == "refused"
    assert "stale action: the table moved on before your move arrived (you saw version 0, the match is at version 1)" in refusal["reason"]
    assert refusal["version"] == 1
    fresh = server.ws(created["match"])
    assert fresh.state["version"] == 1


def test_out_of_turn_action_names_the_seat_to_move(server):
    created, player = hot_seat_pig(server)
    refusal = player.act("roll", seat=1)
    assert refusal["type"] == "refused" and refusal["reason"] == "it is not Seat 2's turn: Seat 1 is to move"
    assert server.ws(created["match"]).state["version"] == 0


def test_a_seat_not_held_is_refused_even_on_its_turn(server):
    created = server.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}])
    player = server.ws(created["match"])
    player.hello(created["tokens"]["1"])
    refusal = player.act("roll", seat=0, version=0)
    assert refusal["type"] == "refused" and "you do not hold Seat 1" in refusal["reason"]
    watcher = server.ws(created["match"])
    refusal = watcher.act("roll", seat=0, version=0)
    assert "you do not hold Seat 1" in refusal["reason"]
    assert server.ws(created["match"]).state["version"] == 0


def test_a_wrong_token_claims_nothing(server):
    created = server.new_match("pig")
    player = server.ws(created["match"])
    refusal = player.hello("not-a-token")
    assert refusal["type"] == "refused" and "matches no seat" in refusal["reason"]
    assert player.act("roll", seat=0, version=0)["type"] == "refused"


def test_an_illegal_action_is_refused_with_the_rule(server):
    created, player = hot_seat_pig(server)
    refusal = player.act("jump")
    assert refusal["type"] == "refused" and "only 'roll' or 'stop'" in refusal["reason"]
    assert server.ws(created["match"]).state["version"] == 0


@pytest.mark.parametrize("raw, why", [
    ("{not json", "malformed message"),
    (json.dumps({"type": "act", "version": "x", "seat": 0, "action": "roll"}), "malformed message: act.version"),
    (json.dumps({"type": "fly"}), "malformed message"),
    (json.dumps([1, 2]), "malformed message"),
    (json.dumps({"type": "act", "version": 0, "seat": 0, "action": "roll", "extra": 1}), "malformed message"),
    (b"\x00\x01binary", "not binary"),
    (json.dumps({"type": "act", "version": 0, "seat": 0, "action": "r" * 5000}), "message too long"),
])
def test_malformed_or_oversized_messages_are_refused_and_change_nothing(server, raw, why):
    created, player = hot_seat_pig(server)
    refusal = player.send(raw)
    assert refusal["type"] == "refused" and why in refusal["reason"]
    assert player.act("roll")["version"] == 1  # the connection still works


def test_oversized_message_limit_is_the_protocols():
    assert MAX_MESSAGE_BYTES == 4096


def test_unknown_match_is_an_error_and_the_socket_closes(server):
    with connect(f"{server.ws_url}/ws/matches/no-such-match") as conn:
        message = json.loads(conn.recv(timeout=5))
        assert message == {"type": "error", "reason": "no match 'no-such-match'"}
        with pytest.raises(ConnectionClosed) as closed:
            conn.recv(timeout=5)
        assert closed.value.rcvd.code == 4404


def test_unknown_game_or_bad_options_are_refused_over_http(server):
    response = server.http.post("/api/matches", json={"game": "chess"})
    assert response.status_code == 404 and "unknown game 'chess'" in response.json()["detail"]
    response = server.http.post("/api/matches", json={"game": "pig", "options": {"target": 1000}})
    assert response.status_code == 422 and "'target'" in response.json()["detail"]
    response = server.http.post("/api/matches", json={"game": "pig", "seats": [{"kind": "computer",
                                                                              "level": "grandmaster"}] * 2})
    assert response.status_code == 422 and "unknown level 'grandmaster'" in response.json()["detail"]
    assert server.http.get("/api/matches/nope/record").status_code == 404


def test_games_expose_their_option_specs_and_levels(server):
    games = {g["id"]: g for g in server.http.get("/api/games").json()}
    assert set(games) == {"pig", "high-card"}
    target = next(o for o in games["pig"]["options"] if o["name"] == "target")
    assert target == {"name": "target", "default": 20, "doc": "points to win", "kind": "int", "choices": None,
                      "minimum": 5, "maximum": 100, "nullable": False}
    assert games["pig"]["levels"] == ["random"]


def test_hidden_cards_never_leave_the_server_except_to_their_seat(server):
    created = server.new_match("high-card", seats=[{"kind": "human"}, {"kind": "human"}])
    first, second, watcher = (server.ws(created["match"]) for _ in range(3))
    first.hello(created["tokens"]["0"])
    second.hello(created["tokens"]["1"])
    mine = first.state["view"]["cards"]
    theirs = second.state["view"]["cards"]
    assert mine[0] is not None and mine[1] is None
    assert theirs[1] is not None and theirs[0] is None
    assert watcher.state["view"]["cards"] == [None, None]
    first.act("hold")
    second.receive()
    watcher.receive()
    for frames, hidden in ((first.frames, {theirs[1]}), (second.frames, {mine[0]}),
                           (watcher.frames, {mine[0], theirs[1]})):
        for frame in frames:
            if frame["type"] == "update":
                assert not set(frame["view"]["cards"]) & hidden, frame


def test_the_seed_is_committed_at_the_start_and_revealed_at_the_end(server):
    created, player = hot_seat_pig(server, target=5)
    assert server.http.get(f"/api/matches/{created['match']}/record").status_code == 409
    while not player.state["view"]["is_over"]:
        player.act("roll" if player.state["view"]["turn"] < 5 else "stop",
                   seat=player.state["view"]["to_move"])
    seed = player.state["seed"]
    assert seed and seed_commitment(seed) == created["seed_commitment"]
    record = server.http.get(f"/api/matches/{created['match']}/record").json()
    match = replay_dict(record, Pig(target=5))
    assert match.version == player.state["version"]
    steps = server.http.get(f"/api/matches/{created['match']}/replay").json()["steps"]
    assert len(steps) == match.version + 1 and steps[-1]["view"]["is_over"]
    player.close()
    watcher = server.ws(created["match"])  # after the last client left, the match comes back from the store
    assert watcher.state["view"] == {**player.state["view"], "seat": None}
    assert watcher.state["seed"] == seed


def test_an_open_seat_is_listed_and_claimed_once(server):
    created = server.new_match("high-card", seats=[{"kind": "human"}, {"kind": "open"}])
    listed = [m["match"] for m in server.http.get("/api/matches", params={"open": 1}).json()]
    assert created["match"] in listed
    claim = server.http.post(f"/api/matches/{created['match']}/seats/1/claim")
    assert claim.status_code == 200
    assert server.http.post(f"/api/matches/{created['match']}/seats/1/claim").status_code == 409
    assert server.http.post(f"/api/matches/{created['match']}/seats/0/claim").status_code == 409
    listed = [m["match"] for m in server.http.get("/api/matches", params={"open": 1}).json()]
    assert created["match"] not in listed
    player = server.ws(created["match"])
    assert player.hello(claim.json()["token"])["seats"] == [1]


def test_recent_matches_are_listed_by_id(server):
    a, b = server.new_match("pig"), server.new_match("high-card")
    found = server.http.get("/api/matches", params={"ids": f"{a['match']},{b['match']}"}).json()
    assert {m["match"] for m in found} == {a["match"], b["match"]}


def test_a_listed_match_says_when_it_last_moved_in_utc_before_and_after_a_move(server):
    from datetime import UTC, datetime, timedelta

    created = server.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}])
    listed = lambda: server.http.get("/api/matches", params={"ids": created["match"]}).json()[0]  # noqa: E731
    fresh = listed()
    player = server.ws(created["match"])
    player.hello(*created["tokens"].values())
    player.act(player.state["legal"][0])
    player.wait_for(lambda s: s["version"] == 1)
    moved = listed()
    assert moved["version"] == 1
    for when in (fresh["updated_at"], moved["updated_at"]):  # a naive time reads as local time in a browser
        at = datetime.fromisoformat(when)
        assert at.utcoffset() == timedelta(0), when
        assert abs(datetime.now(UTC) - at) < timedelta(minutes=5)
    player.close()


def test_a_finished_match_replays_as_any_one_seat_saw_it_and_only_once_it_is_over(server):
    playing = server.new_match("high-card", seats=[{"kind": "human"}, {"kind": "human"}])
    assert server.http.get(f"/api/matches/{playing['match']}/replay", params={"seat": 0}).status_code == 409
    created = server.hot_seat_to_the_end("high-card")
    record = server.http.get(f"/api/matches/{created['match']}/record").json()
    game = HighCard(**record["options"])
    seen = {}
    for seat in (None, 0, 1):
        params = {} if seat is None else {"seat": seat}
        replay = server.http.get(f"/api/matches/{created['match']}/replay", params=params).json()
        assert replay["seat"] == seat and replay["hidden_information"] is True
        again = game.new_match(seed=record["seed"])
        views = [again.view(seat)]
        for action in record["actions"]:
            again.play(action)
            views.append(again.view(seat))
        assert [step["view"] for step in replay["steps"]] == views  # that seat's own view, step by step
        seen[seat] = views[0]
    assert seen[0] != seen[None] != seen[1]  # each seat's own card; the table's neither
    wrong = server.http.get(f"/api/matches/{created['match']}/replay", params={"seat": 2})
    assert wrong.status_code == 400 and "(0 to 1)" in wrong.json()["detail"]


def test_a_rematch_gives_the_asker_their_seats_opens_the_others_and_is_the_same_for_the_second_asker(server):
    playing = server.new_match("high-card", seats=[{"kind": "human"}, {"kind": "human"}])
    early = server.http.post(f"/api/matches/{playing['match']}/rematch",
                             json={"seat_tokens": [playing["tokens"]["0"]]})
    assert early.status_code == 409  # not before the end
    created = server.hot_seat_to_the_end("high-card")
    old = created["match"]
    assert server.http.get(f"/api/matches/{old}/rematch").json() == {"match": None}
    stranger = server.http.post(f"/api/matches/{old}/rematch", json={"seat_tokens": ["not-a-token"]})
    assert stranger.status_code == 403 and "only a player" in stranger.json()["detail"]
    first = server.http.post(f"/api/matches/{old}/rematch", json={"seat_tokens": [created["tokens"]["0"]]}).json()
    assert first["created"] is True and set(first["tokens"]) == {"0"}  # the asker's seat, and no other
    new = server.http.get(f"/api/matches/{first['match']}").json()
    before = server.http.get(f"/api/matches/{old}").json()
    assert new["game"] == before["game"] and new["options"] == before["options"] and new["version"] == 0
    assert [(s["kind"], s["open"]) for s in new["seats"]] == [("human", False), ("human", True)]
    assert server.http.get(f"/api/matches/{old}/rematch").json() == {"match": first["match"]}
    second = server.http.post(f"/api/matches/{old}/rematch", json={"seat_tokens": [created["tokens"]["1"]]}).json()
    assert second == {"match": first["match"], "created": False, "tokens": {}, "invites": {}}  # the same one
    assert server.http.post(f"/api/matches/{first['match']}/seats/1/claim").status_code == 200
    for body in ({}, {"seat_tokens": []}, {"seat_tokens": "abc"}, {"seat_tokens": [1]}):  # malformed: refused
        assert server.http.post(f"/api/matches/{old}/rematch", json=body).status_code == 422, body
    assert server.http.post("/api/matches/no-such-match/rematch", json={"seat_tokens": ["x"]}).status_code == 404
    assert server.http.get("/api/matches/no-such-match/rematch").status_code == 404
    assert server.http.get(f"/api/matches/{old}/rematch").json() == {"match": first["match"]}  # unchanged


def test_two_players_asking_for_a_rematch_at_once_get_one_rematch(server):
    from concurrent.futures import ThreadPoolExecutor

    created = server.hot_seat_to_the_end("high-card")
    before = len(server.http.get("/api/matches", params={"open": 1}).json())

    def ask(seat: str) -> dict:
        return server.http.post(f"/api/matches/{created['match']}/rematch",
                                json={"seat_tokens": [created["tokens"][seat]]}).json()

    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(ask, ["0", "1"]))
    assert answers[0]["match"] == answers[1]["match"]
    assert sorted(a["created"] for a in answers) == [False, True]
    assert len(server.http.get("/api/matches", params={"open": 1}).json()) == before + 1  # no stray match


def test_a_game_without_a_rulebook_says_so(server):
    assert server.http.get("/api/games/pig/rules").status_code == 404
    assert server.http.get("/api/games/no-such-game/rules").status_code == 404


def test_the_lobby_page_names_every_game_without_scripts(server):
    page = server.http.get("/").text
    assert "<li>Pig</li>" in page and "<li>High Card</li>" in page
    assert '<script type="module" src="/static/app.js">' in page


def test_health_and_openapi_docs(server):
    assert server.http.get("/healthz").status_code == 200
    assert server.http.get("/docs").status_code == 200
    assert "/api/matches" in server.http.get("/openapi.json").json()["paths"]


def test_computer_seats_play_to_the_end(server):
    created = server.new_match("high-card", seats=[{"kind": "computer"}, {"kind": "computer"}])
    watcher = server.ws(created["match"])
    final = watcher.wait_for(lambda s: s["view"]["is_over"])
    assert final["version"] == 2 and final["seed"]
    assert HighCard.id == final["view"]["game"]


def test_a_player_sets_a_computer_seats_level_and_a_spectator_cannot(server):
    created = server.new_match("pig", seats=[{"kind": "human"}, {"kind": "computer"}], target=100)
    watcher = server.ws(created["match"])
    refusal = watcher.send({"type": "level", "seat": 1, "level": "random"})
    assert refusal["type"] == "refused" and "only a player" in refusal["reason"]
    player = server.ws(created["match"])
    player.hello(created["tokens"]["0"])
    assert "not a computer seat" in player.send({"type": "level", "seat": 0, "level": "random"})["reason"]
    assert "unknown level" in player.send({"type": "level", "seat": 1, "level": "godlike"})["reason"]
    update = player.send({"type": "level", "seat": 1, "level": "random"})
    assert update["type"] == "update" and update["players"][1]["level"] == "random"

"""Profiles without passwords, sign-in on a second device, ratings after a match, boards (issue #7)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import LiveServer, serve
from tests.server.test_profiles_toys import records_app


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory):
    yield from serve(records_app(Path(tmp_path_factory.mktemp("records")) / "records.db"))


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_profile(site: LiveServer, name: str) -> dict[str, Any]:
    response = site.http.post("/api/profiles", json={"name": name})
    assert response.status_code == 201, response.text
    return response.json()


def play_high_card(site: LiveServer, me: dict[str, Any], bet: str = "hold") -> str:
    """One High Card match, me (with my profile) in seat 0 against the computer; its id."""
    created = site.new_match("high-card", seats=[{"kind": "human"}, {"kind": "computer"}])
    attached = site.http.post(f"/api/matches/{created['match']}/seats/0/player",
                              json={"seat_token": created["tokens"]["0"]}, headers=auth(me["token"]))
    assert attached.status_code == 200, attached.text
    player = site.ws(created["match"])
    player.hello(created["tokens"]["0"])
    player.wait_for(lambda s: s["legal"])
    player.act(bet)
    player.wait_for(lambda s: s["view"]["is_over"])
    player.close()
    return created["match"]


def test_a_profile_is_made_from_a_name_alone_and_opened_by_its_token(site):
    made = new_profile(site, "Anne Bonny")
    assert set(made) == {"profile", "name", "token"} and len(made["token"]) >= 40
    page = site.http.get("/api/profiles/me", headers=auth(made["token"])).json()
    assert page["profile"]["display_name"] == "Anne Bonny" and page["profile"]["id"] == made["profile"]
    public = site.http.get(f"/api/profiles/{made['profile']}").text
    assert made["token"] not in public and "token" not in public.lower()


def test_names_follow_the_rules_and_are_unique(site):
    new_profile(site, "Mary Read")
    taken = site.http.post("/api/profiles", json={"name": "mary-read"})
    assert taken.status_code == 409 and "taken" in taken.json()["detail"]
    bad = site.http.post("/api/profiles", json={"name": "x"})
    assert bad.status_code == 400


def test_no_token_or_a_wrong_one_is_simply_not_signed_in(site):
    assert site.http.get("/api/profiles/me").status_code == 401
    assert site.http.get("/api/profiles/me", headers=auth("garbage")).status_code == 401
    assert site.http.get("/api/profiles/me", headers={"Authorization": "Basic x"}).status_code == 401


def test_a_sign_in_code_opens_the_same_profile_on_another_device_once(site):
    first = new_profile(site, "Calico Jack")
    issued = site.http.post("/api/profiles/me/sign-in-code", headers=auth(first["token"])).json()
    assert len(issued["code"]) == 9 and issued["code"][4] == "-"
    assert "#code=" in issued["link"]  # a fragment: never sent to a server, never in an access log
    typed = issued["code"].lower().replace("-", " ")
    second = site.http.post("/api/sign-in", json={"code": typed})
    assert second.status_code == 200, second.text
    other = second.json()
    assert other["profile"] == first["profile"] and other["token"] != first["token"]
    assert site.http.get("/api/profiles/me", headers=auth(other["token"])).json()["profile"]["id"] == first["profile"]
    again = site.http.post("/api/sign-in", json={"code": typed})
    assert again.status_code == 400
    out = site.http.post("/api/profiles/me/sign-out", headers=auth(other["token"])).json()
    assert out == {"signed_out": True}
    assert site.http.get("/api/profiles/me", headers=auth(other["token"])).status_code == 401
    assert site.http.get("/api/profiles/me", headers=auth(first["token"])).status_code == 200


def test_sign_in_guesses_are_limited_per_address(tmp_path):
    for live in serve(records_app(tmp_path / "limit.db")):
        codes = [live.http.post("/api/sign-in", json={"code": f"AAAA-AAA{i % 10}"}).status_code for i in range(11)]
        assert codes[:10] == [400] * 10 and codes[10] == 429


def test_tokens_and_codes_never_reach_the_log(site, caplog):
    with caplog.at_level(logging.DEBUG):
        made = new_profile(site, "Ned Low")
        code = site.http.post("/api/profiles/me/sign-in-code", headers=auth(made["token"])).json()["code"]
        other = site.http.post("/api/sign-in", json={"code": code}).json()
    for secret in (made["token"], code, code.replace("-", ""), other["token"]):
        assert secret not in caplog.text


def test_a_seat_is_attached_only_by_the_holder_of_its_token(site):
    me = new_profile(site, "Ching Shih")
    created = site.new_match("high-card", seats=[{"kind": "human"}, {"kind": "computer"}])
    wrong = site.http.post(f"/api/matches/{created['match']}/seats/0/player", json={"seat_token": "nope"},
                           headers=auth(me["token"]))
    assert wrong.status_code == 403
    anonymous = site.http.post(f"/api/matches/{created['match']}/seats/0/player",
                               json={"seat_token": created["tokens"]["0"]})
    assert anonymous.status_code == 401


def test_a_rated_match_changes_the_rating_and_shows_on_the_profile(site):
    me = new_profile(site, "Henry Every")
    match_id = play_high_card(site, me)
    screen = site.http.get(f"/api/matches/{match_id}/result").json()
    assert screen["result"]["winners"] == screen["view"]["winners"]  # the game's result, not a re-count
    assert isinstance(screen["ending"], str) and screen["ending"]  # the last line of the public log
    mine, computer = screen["seats"]
    assert mine["player"] == me["profile"] and mine["name"] == "Henry Every"
    assert computer["player"] == "ai:high-card:random"
    assert mine["rating_before"] == 1500 and mine["rating_after"] != mine["rating_before"]
    assert (mine["rating_after"] > 1500) == (mine["outcome"] == "win")
    page = site.http.get(f"/api/profiles/{me['profile']}").json()
    assert page["history"][0]["match_id"] == match_id
    assert page["standings"][0]["game_id"] == "high-card"
    assert page["graphs"]["high-card"].startswith("<svg")


def test_an_unfinished_match_has_no_result_screen(site):
    created = site.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}])
    assert site.http.get(f"/api/matches/{created['match']}/result").status_code == 409


def test_the_leaderboard_lists_settled_players_and_tells_you_your_rank(site):
    me = new_profile(site, "Black Bart")
    board: dict[str, Any] = {}
    for game in range(40):
        play_high_card(site, me, bet="hold" if game % 3 else "fold")
        board = site.http.get("/api/leaderboards/high-card", headers=auth(me["token"])).json()
        if board["mine"]["rank"] is not None:
            break
    names = [entry["name"] for entry in board["entries"]]
    assert "Black Bart" in names, board["mine"]
    assert board["mine"]["rank"] == names.index("Black Bart") + 1
    assert site.http.get("/api/leaderboards/no-such-game").status_code == 404
    # the profile page ranks by the leaderboard's own rule: ranked there is ranked here, at the same place
    standing = site.http.get(f"/api/profiles/{me['profile']}").json()["standings"][0]
    assert standing["rank"]["rank"] == board["mine"]["rank"], standing["rank"]


def test_kg_24_dice_skins_are_chosen_among_those_unlocked(site):
    me = new_profile(site, "Edward Teach")
    locked = site.http.put("/api/profiles/me/dice-skin", json={"skin": "gold"}, headers=auth(me["token"]))
    assert locked.status_code == 400 and "Gold Pirate King" in locked.json()["detail"]
    chosen = site.http.put("/api/profiles/me/dice-skin", json={"skin": "classic"}, headers=auth(me["token"]))
    assert chosen.json() == {"dice_skin": "classic"}


@pytest.fixture(scope="module")
def real_site(tmp_path_factory: pytest.TempPathFactory):
    from regalia.server.app import create_app

    yield from serve(create_app(f"sqlite:///{tmp_path_factory.mktemp('kg') / 'kg.db'}", bot_pause=0.0))


def test_kg_18_badges_earned_at_the_table_are_kept_on_the_profiles(real_site, monkeypatch):
    monkeypatch.setattr("regalia.server.seats.new_seed", lambda: "kg-18-badges")  # a fixed deal of the dice
    anne, ben = new_profile(real_site, "Anne Kg"), new_profile(real_site, "Ben Kg")
    created = real_site.new_match("kings-gold", seats=[{"kind": "human"}, {"kind": "human"}], fast_roll=True)
    match_id, tokens = created["match"], created["tokens"]
    for seat, who in ((0, anne), (1, ben)):
        real_site.http.post(f"/api/matches/{match_id}/seats/{seat}/player", json={"seat_token": tokens[str(seat)]},
                            headers=auth(who["token"]))
    table = real_site.ws(match_id)
    table.hello(tokens["0"], tokens["1"])
    turn = 0
    while not table.state["view"]["is_over"]:
        table.wait_for(lambda s: s["legal"] or s["view"]["is_over"])
        if table.state["legal"]:
            legal = table.state["legal"]
            table.act(legal[turn % len(legal)])
            turn += 1
    screen = real_site.http.get(f"/api/matches/{match_id}/result").json()
    earned = screen["result"]["badges"]
    assert any(earned), "this match should award a badge (a badge is earned by most captains)"
    for seat, who in ((0, anne), (1, ben)):
        page = real_site.http.get(f"/api/profiles/{who['profile']}").json()
        held = [b["badge"] for b in page["badges"]]
        assert held == ([earned[seat]] if earned[seat] else []), (earned, page["badges"])
        assert screen["seats"][seat]["badge"] == earned[seat]


def test_kg_24_the_chosen_dice_skin_follows_the_profile_to_every_device(site):
    me = new_profile(site, "Skin Keeper")
    site.http.put("/api/profiles/me/dice-skin", json={"skin": "classic"}, headers=auth(me["token"]))
    code = site.http.post("/api/profiles/me/sign-in-code", headers=auth(me["token"])).json()["code"]
    other = site.http.post("/api/sign-in", json={"code": code}).json()
    page = site.http.get("/api/profiles/me", headers=auth(other["token"])).json()
    assert page["dice_skin"] == "classic" and "classic" in page["dice_skins"]


def test_the_result_screen_gives_each_seat_its_own_outcome_when_one_player_holds_several(site, monkeypatch):
    """Three computers of one level are one player (``ai:high-card:random``), which wins the match with any of
    its seats; the screen still tells the seat that won from the seats that lost."""
    monkeypatch.setattr("regalia.server.seats.new_seed", lambda: "one-player-three-seats")  # a deal with one winner
    created = site.new_match("high-card", seats=[{"kind": "computer", "level": "random"}] * 3, players=3)
    match_id = created["match"]
    site.wait_until_over(match_id)
    screen = site.http.get(f"/api/matches/{match_id}/result").json()
    winners = screen["result"]["winners"]
    assert len(winners) == 1 and {s["player"] for s in screen["seats"]} == {"ai:high-card:random"}
    assert [s["outcome"] for s in screen["seats"]] == ["win" if s in winners else "loss" for s in range(3)]


def test_a_seat_played_by_a_profile_is_named_so_at_the_table_on_every_screen_and_after_a_restart(tmp_path):
    import asyncio

    from regalia.server.store import Store

    db = tmp_path / "names.db"
    for site in serve(records_app(db)):
        me = new_profile(site, "Anne Bonny")
        created = site.new_match("high-card", seats=[{"kind": "human"}, {"kind": "computer"}])
        watcher = site.ws(created["match"])  # a spectator, there before the profile sits down
        assert [p["name"] for p in watcher.state["players"]] == [None, "Computer (Random)"]
        attached = site.http.post(f"/api/matches/{created['match']}/seats/0/player",
                                  json={"seat_token": created["tokens"]["0"]}, headers=auth(me["token"]))
        assert attached.status_code == 200, attached.text
        watcher.wait_for(lambda s: s["players"][0]["name"] == "Anne Bonny")
        late = site.ws(created["match"])
        assert [p["name"] for p in late.state["players"]] == ["Anne Bonny", "Computer (Random)"]
        watcher.close()
        late.close()

    async def stored_names() -> list[str | None]:
        store = Store(f"sqlite:///{db}")
        await store.start()
        try:
            stored = await store.load_match(created["match"])
            assert stored is not None
            return [seat.name for seat in stored.seats]
        finally:
            await store.close()

    assert asyncio.run(stored_names()) == ["Anne Bonny", "Computer (Random)"]

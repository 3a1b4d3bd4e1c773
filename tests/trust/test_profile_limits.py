"""Matches per profile: a signed-in profile may have only so many matches in play at once.

Over the real HTTP API (a real uvicorn server on loopback, where the per-address limit does not apply, so
every refusal here is the profile's): the profile's creations beyond the limit are refused with a 429
naming it, another profile and anonymous creation are unaffected, and a finished match frees its place.
"""

from __future__ import annotations

import pytest

from regalia.server.limits import LimitExceeded, ProfileQuota
from tests.server.conftest import server  # noqa: F401  (the real server fixture)

LIMIT = 3


def profile(server, name: str) -> dict[str, str]:  # noqa: F811
    response = server.http.post("/api/profiles", json={"name": name})
    assert response.status_code == 201, response.text
    return {"Authorization": f"Bearer {response.json()['token']}"}


def create(server, headers: dict[str, str] | None = None, **body):  # noqa: F811
    body = {"game": "pig", "seats": [{"kind": "human"}, {"kind": "human"}], "options": {"target": 5}, **body}
    return server.http.post("/api/matches", json=body, headers=headers or {})


def finish(server, created: dict) -> None:  # noqa: F811
    player = server.ws(created["match"])
    player.hello(*created["tokens"].values())
    for _ in range(3000):
        if player.state["view"]["is_over"]:
            break
        state = player.state
        player.act("stop" if "stop" in state["legal"] and state["version"] % 3 == 2 else "roll")
    assert player.state["view"]["is_over"]
    player.close()


def test_a_profile_s_open_matches_are_limited_over_http_with_a_reason(server):  # noqa: F811
    server.app.state.profile_quota.open_max = LIMIT
    alice, bob = profile(server, "Alice Limit"), profile(server, "Bob Limit")
    made = [create(server, alice) for _ in range(LIMIT)]
    assert [r.status_code for r in made] == [201] * LIMIT
    refused = create(server, alice)
    assert refused.status_code == 429
    reason = refused.json()["detail"]
    assert f"at most {LIMIT} matches in play" in reason and f"you have {LIMIT}" in reason, reason
    assert create(server, bob).status_code == 201  # the limit is the profile's, not the machine's
    assert create(server).status_code == 201  # anonymous: the per-address limit (loopback is exempt)
    assert create(server, alice, game="no-such-game").status_code in (404, 429)

    finish(server, made[0].json())  # a finished match frees its place
    again = create(server, alice)
    assert again.status_code == 201, again.text
    assert create(server, alice).status_code == 429


def test_a_failed_creation_gives_its_place_back(server):  # noqa: F811
    server.app.state.profile_quota.open_max = 1
    carol = profile(server, "Carol Limit")
    for _ in range(3):
        assert create(server, carol, game="no-such-game").status_code == 404
    assert create(server, carol).status_code == 201
    assert create(server, carol).status_code == 429


def test_a_token_that_opens_no_profile_is_refused_not_taken_as_anonymous(server):  # noqa: F811
    refused = create(server, {"Authorization": "Bearer not-a-real-token"})
    assert refused.status_code == 401 and "not signed in" in refused.json()["detail"]


def test_profile_quota_counts_matches_in_play_and_forgets_idle_and_finished_ones():
    quota = ProfileQuota(open_max=2, idle_after=100)
    quota.opened("p", quota.reserve("p", now=0), "m1", now=0)
    quota.opened("p", quota.reserve("p", now=1), "m2", now=1)
    with pytest.raises(LimitExceeded, match="at most 2 matches in play"):
        quota.reserve("p", now=2)
    quota.reserve("q", now=2)  # another profile
    quota.changed("m1", is_over=True)
    place = quota.reserve("p", now=3)  # m1 ended: its place is free
    quota.release("p", place)
    quota.opened("p", quota.reserve("p", now=3), "m3", now=3)
    quota.changed("m2", is_over=False, now=50)  # m2 active at 50, m3 idle since 3
    quota.opened("p", quota.reserve("p", now=104), "m4", now=104)  # m3 idle 101 s: no longer counted
    assert set(quota.open["p"]) == {"m2", "m4"} and "m3" not in quota.owner
    for match_id in ("m2", "m4"):
        quota.changed(match_id, is_over=True)
    assert "p" not in quota.open and not {"m1", "m2", "m3", "m4"} & set(quota.owner)

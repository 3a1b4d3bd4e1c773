"""Every write of the server waits its turn at the store's write gate (``Store.writing``).

Under load the batch committer writes all the time; a write that went straight to SQLite would meet its lock
and could lose to the batches for the whole busy timeout. This watches every statement the app's engine runs
and fails on an INSERT, UPDATE or DELETE made while the gate is not held: profiles, sign-in codes, dice skins,
seats, seats taken by a profile, recorded results. (The moves' batches on SQLite go to the driver's own
cursor, unseen here; the committer takes the gate for them, in Store._commit_loop.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from tests.server.conftest import serve
from tests.server.test_profiles_api import auth, new_profile, play_high_card
from tests.server.test_profiles_toys import records_app

WRITES = ("INSERT", "UPDATE", "DELETE")


@pytest.fixture
def watched(tmp_path: Path):
    app = records_app(tmp_path / "gate.db")
    store = app.state.store
    seen: dict[str, list[str]] = {"gated": [], "ungated": []}

    def look(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip().upper().startswith(WRITES):
            seen["gated" if store._write_gate.locked() else "ungated"].append(statement[:80])

    event.listen(store.engine.sync_engine, "before_cursor_execute", look)
    for site in serve(app):
        yield site, seen
    event.remove(store.engine.sync_engine, "before_cursor_execute", look)


def test_every_write_of_profiles_seats_and_results_takes_the_write_gate(watched):
    site, seen = watched
    me = new_profile(site, "Grace O'Malley")
    code = site.http.post("/api/profiles/me/sign-in-code", headers=auth(me["token"])).json()["code"]
    other = site.http.post("/api/sign-in", json={"code": code})
    assert other.status_code == 200, other.text
    chosen = site.http.put("/api/profiles/me/dice-skin", json={"skin": "classic"}, headers=auth(me["token"]))
    assert chosen.status_code == 200, chosen.text
    match_id = play_high_card(site, me)  # a seat taken by the profile, moves, then the rated result
    result = site.http.get(f"/api/matches/{match_id}/result").json()
    assert result["seats"][0]["player"] == me["profile"]
    assert site.http.post("/api/profiles/me/sign-out", headers=auth(other.json()["token"])).json()["signed_out"]

    assert seen["ungated"] == []
    kinds = " ".join(seen["gated"])
    for table in ("INTO profiles", "profile_sign_in_codes", "INTO matches", "INTO seats", "seat_players", "match_results"):
        assert table in kinds, f"no write to {table} was seen: {seen['gated']}"


def test_a_stale_token_is_touched_behind_the_write_gate(watched, monkeypatch):
    """Reading a profile by its token writes once an hour (its ``last_used_at``): that write waits its turn too.
    With ``TOUCH_EVERY`` at zero every request that opens a profile refreshes its token."""
    from datetime import timedelta

    import regalia.records.accounts as accounts

    site, seen = watched
    me = new_profile(site, "Anne Bonny")
    monkeypatch.setattr(accounts, "TOUCH_EVERY", timedelta(0))
    page = site.http.get("/api/profiles/me", headers=auth(me["token"]))
    assert page.status_code == 200, page.text
    board = site.http.get("/api/leaderboards/high-card", headers=auth(me["token"]))
    assert board.status_code == 200, board.text

    assert seen["ungated"] == []
    touches = [s for s in seen["gated"] if s.startswith("UPDATE profile_tokens")]
    assert len(touches) >= 2, seen["gated"]

"""Turn-based matches across two server instances on PostgreSQL and Redis (the tests/scale set-up), in
process so that both share one hand-wound wall clock: one deadline per turn, one lapse called."""

from __future__ import annotations

import time

import pytest

from regalia.server.models import PlayRow
from regalia.server.notes import NoteRow
from regalia.server.turn_based import HandWallClock
from tests.scale.conftest import redis_url  # noqa: F401  (the throwaway Redis)
from tests.server.conftest import serve
from tests.server.test_postgres import postgres_url  # noqa: F401  (the throwaway PostgreSQL cluster)
from tests.server.test_turn_based import DAY, HOT_SEAT, app_on, deadline_of, info, new_match, rows, wait

pytestmark = pytest.mark.slow


def test_two_instances_on_postgresql_and_redis_agree_on_the_deadline_and_call_one_lapse(postgres_url, redis_url):  # noqa: F811
    clock = HandWallClock()
    runs = [serve(app_on(postgres_url, clock, redis_url)) for _ in range(2)]
    a, b = (next(run) for run in runs)
    try:
        created = new_match(a, HOT_SEAT)
        match_id = created["match"]
        wait(lambda: deadline_of(a, match_id) is not None)
        assert deadline_of(b, match_id) == deadline_of(a, match_id)
        watcher = b.ws(match_id)  # B has the match in play as well
        clock.advance(DAY + 1)
        wait(lambda: info(b, match_id)["to_move"] == 1 and info(b, match_id)["seconds_left"] == DAY)
        time.sleep(0.3)  # both instances ticked many times over the passed deadline
        assert len(rows(a, NoteRow, match_id)) == 1  # one lapse, written once in the log
        assert rows(a, PlayRow, match_id)[0].lapses == {"0": 1}
        watcher.wait_for(lambda s: s["version"] == info(a, match_id)["version"])
        assert deadline_of(a, match_id) == deadline_of(b, match_id)
        watcher.close()
    finally:
        for run in runs:
            next(run, None)

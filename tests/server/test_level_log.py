"""An unrated match's computer level, changed by a player at the table, is written in the match's log (issue
#40): a line the server appends as a match event (it decides no rule), naming who changed it, the computer
as it was called and the level it plays at from its next move. A rated match's refusal writes nothing. The
line is kept with the match (``notes.py``): a restarted server's log and the replay show it where it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.conftest import serve
from tests.server.test_profiles_toys import records_app


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory):
    yield from serve(records_app(Path(tmp_path_factory.mktemp("level-log")) / "level-log.db"))


def test_a_level_change_is_a_line_of_the_log_naming_who_changed_it(site):
    created = site.new_match("pig", seats=[{"kind": "human", "name": "Ben"}, {"kind": "computer", "level": "random"}])
    player = site.ws(created["match"])
    player.hello(created["tokens"]["0"])
    before = player.wait_for(lambda s: s["legal"])
    lines = len(before["log"]) + before["log_start"]
    player.send({"type": "level", "seat": 1, "level": "other"})
    update = player.wait_for(lambda s: s["players"][1]["name"] == "Computer (Other)")
    log = update["log"]
    assert update["log_start"] == lines and log == ["Ben set Computer (Random) to Other: it plays so from its next move."]
    player.send({"type": "level", "seat": 1, "level": "other"})  # the same level again: nothing to write
    player.act("roll")
    after = player.wait_for(lambda s: s["version"] > update["version"])
    assert not any("set Computer" in line for line in after["log"]), after["log"]
    player.close()


def test_the_level_line_is_kept_with_the_match_where_it_was_after_a_restart_and_in_the_replay(tmp_path: Path):
    db = Path(tmp_path) / "kept.db"
    for first in serve(records_app(db)):
        created = first.new_match("pig", seats=[{"kind": "human", "name": "Ben"},
                                                {"kind": "computer", "level": "random"}], target=10)
        player = first.ws(created["match"])
        player.hello(created["tokens"]["0"])
        player.wait_for(lambda s: s["legal"])
        player.act("roll")
        state = player.wait_for(lambda s: s["legal"] and s["version"] > 0)
        player.send({"type": "level", "seat": 1, "level": "other"})
        state = player.wait_for(lambda s: s["players"][1]["name"] == "Computer (Other)")
        line = state["log_start"]
        assert state["log"] == ["Ben set Computer (Random) to Other: it plays so from its next move."]
        version = state["version"]
        player.close()
    for second in serve(records_app(db)):
        again = second.ws(created["match"])  # replayed from the store
        assert again.state["log_start"] == 0
        assert again.state["log"][line] == "Ben set Computer (Random) to Other: it plays so from its next move."
        again.hello(created["tokens"]["0"])
        while not again.state["view"]["is_over"]:
            state = again.wait_for(lambda s: s["legal"] or s["view"]["is_over"])
            if state["legal"]:
                again.act("roll" if state["view"]["turn"] == 0 else "stop")
        again.close()
        steps = second.http.get(f"/api/matches/{created['match']}/replay").json()["steps"]
        step = next(s for s in steps if s["version"] == version)
        assert step["log"][-1] == "Ben set Computer (Random) to Other: it plays so from its next move."
        assert sum("set Computer" in text for s in steps for text in s["log"]) == 1

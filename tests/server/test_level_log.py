"""An unrated match's computer level, changed by a player at the table, is written in the match's log (issue
#40): a line the server appends as a match event (it decides no rule), naming who changed it, the computer
as it was called and the level it plays at from its next move. A rated match's refusal writes nothing."""

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

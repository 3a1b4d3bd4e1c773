"""The end-of-match screen of every game: the game's own result, scores and how it was won (issue #7)."""

from __future__ import annotations

import pytest

from tests.server.test_profiles_api import real_site  # noqa: F401  (the module-scoped server of the real games)

EXPLAINED = {
    "kings-gold": ({}, ("badges",)),
    "crown-the-queen": ({"rubber": False, "players": 2}, ("games", "queens")),
    "gold-battle": ({}, ("reason", "plies")),
    "gold-crown": ({"max_rounds": 10}, ("ending", "rounds", "knights")),
}


@pytest.mark.parametrize("game", sorted(EXPLAINED))
def test_every_game_has_an_end_of_match_screen_with_its_result(real_site, game):  # noqa: F811
    options, keys = EXPLAINED[game]
    created = real_site.new_match(game, seats=[{"kind": "computer", "level": "random"}] * 2, **options)
    watcher = real_site.ws(created["match"])
    watcher.wait_for(lambda s: s["view"]["is_over"], timeout=120)
    watcher.close()
    screen = real_site.http.get(f"/api/matches/{created['match']}/result").json()
    assert screen["game"] == game
    assert screen["result"]["winners"] == screen["view"]["winners"]
    assert [s["score"] for s in sorted(screen["seats"], key=lambda s: s["seat"])] == screen["result"]["scores"]
    for key in keys:
        assert key in screen["result"], f"{game}'s result does not explain {key!r}"

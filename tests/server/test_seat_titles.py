"""A person who gave no name is called by the game's own name for the seat (``Game.seat_title``): the baron's
colour, the captain, the army, as the game's log calls them, rather than "Seat 1". A game whose seats have no
names of their own (Crown the Queen) sends none and the page keeps the seat's number."""

from __future__ import annotations

from pathlib import Path

import pytest

from regalia.games import load_game
from regalia.server.app import create_app
from tests.server.conftest import serve


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory):
    yield from serve(create_app(f"sqlite:///{Path(tmp_path_factory.mktemp('titles')) / 'titles.db'}", bot_pause=0.0))


@pytest.mark.parametrize(("game_id", "titles"), [
    ("gold-crown", ["Gold (South)", "Silver (North)"]),
    ("kings-gold", ["Anne", "Ben"]),
    ("gold-battle", ["Crimson Knights", "Azure Lords"]),
    ("crown-the-queen", [None, None, None]),
])
def test_each_seat_carries_the_game_s_own_name_for_it(site, game_id, titles):
    seats = [{"kind": "human"}] + [{"kind": "computer", "level": "random"}] * (len(titles) - 1)
    created = site.new_match(game_id, seats=seats)
    player = site.ws(created["match"])
    player.hello(created["tokens"]["0"])
    update = player.wait_for(lambda s: s["players"])
    assert [p["title"] for p in update["players"]] == titles
    assert update["players"][0]["name"] is None  # the title is a fallback, never written over a given name
    info = site.http.get(f"/api/matches/{created['match']}").json()
    assert [s["title"] for s in info["seats"]] == titles
    player.close()


def test_the_title_is_the_log_s_name_for_the_seat():
    """The table calls the seat what the log calls it: the first line naming a seat uses its title."""
    for game_id, title in (("kings-gold", "Anne"), ("gold-crown", "Gold (South)")):
        game = load_game(game_id)
        match = game.new_match(seed=3)
        titles = [game.seat_title(match.state, seat) for seat in range(match.players)]
        assert titles[0] == title
        while not match.is_over and match.version < 40 and match.to_move is not None:
            match.play(match.legal_actions()[0], match.to_move)
        assert any(t in line for line in match.log for t in titles if t), match.log[:5]

"""``GET /api/games/{id}/rules``: every game's rulebook for players (its package's ``rulebook.md``, not the
contributors' ``RULES.md``), as HTML, the source's raw HTML escaped."""

from __future__ import annotations

import re

import pytest

from regalia.games import available_games, game_class
from regalia.server.app import create_app
from regalia.server.rulebooks import rulebook
from tests.server.conftest import serve


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory):
    yield from serve(create_app(f"sqlite:///{tmp_path_factory.mktemp('rules') / 'r.db'}", bot_pause=0.0))


@pytest.mark.parametrize("game_id", available_games())
def test_every_game_serves_the_rulebook_its_package_ships(site, game_id):
    answer = site.http.get(f"/api/games/{game_id}/rules")
    assert answer.status_code == 200
    html = answer.json()["html"]
    title = game_class(game_id).title
    assert html.startswith(f"<h1>{title}</h1>") or f"<h1>{title}" in html[:200], html[:200]
    source = rulebook(game_class(game_id))
    assert source is not None
    if "| ---" in source:
        assert "<table>" in html  # the rulebook's tables drawn as tables


DEVELOPER_WORDS = re.compile(r"\b(GC|GB|KG|CQ)-\d+|§|RULES\.md|DECISIONS|\.py\b|seat 0|server computes|\bply\b|plies")


@pytest.mark.parametrize("game_id", available_games())
def test_the_players_rulebook_is_written_for_players(site, game_id):
    """The original rules in words, then how the table settles the gaps, and no contributor's code anywhere."""
    html = site.http.get(f"/api/games/{game_id}/rules").json()["html"]
    text = re.sub(r"<[^>]+>", " ", html)
    assert not DEVELOPER_WORDS.search(text), DEVELOPER_WORDS.search(text)
    assert "How this table settles what the original leaves open" in text


def test_raw_html_in_a_rulebook_is_escaped_not_served(monkeypatch, tmp_path):
    monkeypatch.setattr("regalia.server.rulebooks.rulebook",
                        lambda cls: "# Rules\n\n<script>alert(1)</script>\n\n<b onclick=x>bold</b>\n")
    for live in serve(create_app(f"sqlite:///{tmp_path / 'x.db'}", bot_pause=0.0)):
        html = live.http.get("/api/games/gold-battle/rules").json()["html"]
        assert "<script>" not in html and "&lt;script&gt;" in html and "<b " not in html

"""Leaderboards and the profile page read back from the store."""

import json

import pytest

from regalia.ratings.leaderboard import LeaderboardPolicy
from regalia.ratings.multiplayer import computer_player_id
from regalia.records import (
    create_profile,
    leaderboard_for,
    match_history,
    my_rank,
    profile_page,
    record_result,
    set_dice_skin,
    to_jsonable,
)

pytestmark = pytest.mark.anyio
HARD = computer_player_id("gold-battle", "hard")
EASY = computer_player_id("gold-battle", "easy")


async def people(sessions, clock, *names):
    async with sessions.begin() as s:
        return [(await create_profile(s, n, clock=clock)).profile.id for n in names]


async def ladder(sessions, clock, players, rounds):
    """Everyone plays everyone ``rounds`` times; the earlier in ``players`` wins two games in three."""
    async with sessions.begin() as s:
        for r in range(rounds):
            for i, a in enumerate(players):
                for b in players[i + 1:]:
                    winner = 1 if r % 3 == 2 else 0
                    await record_result(s, "gold-battle", [a, b], {"winners": [winner], "scores": [0, 0]},
                                        clock=clock)
                    clock.advance(minutes=2)


async def test_leaderboard_orders_by_rating_and_applies_the_cuts(sessions, clock):
    anne, mary, grace = await people(sessions, clock, "Anne", "Mary", "Grace")
    await ladder(sessions, clock, [anne, HARD, mary, EASY], rounds=12)
    async with sessions.begin() as s:
        await record_result(s, "gold-battle", [grace, EASY], {"winners": [0], "scores": [1, 0]}, clock=clock)
    loose = LeaderboardPolicy(max_rd=150)
    async with sessions() as s:
        board = await leaderboard_for(s, "gold-battle", policy=loose, clock=clock)
        assert [e.name for e in board] == ["Anne", "Mary"]  # Grace: one game only; computers hidden
        with_computers = await leaderboard_for(s, "gold-battle", clock=clock,
                                               policy=LeaderboardPolicy(max_rd=150, include_computers=True))
        assert [e.name for e in with_computers] == ["Anne", "Computer (Hard)", "Mary", "Computer (Easy)"]
        assert (await my_rank(s, "gold-battle", mary, policy=loose, clock=clock)).rank == 2
        grace_rank = await my_rank(s, "gold-battle", grace, policy=loose, clock=clock)
        assert grace_rank.rank is None and "1 more rated game" in grace_rank.reason
        strict = await my_rank(s, "gold-battle", anne, clock=clock)  # lichess's RD <= 75 not reached yet
        assert strict.rank is None and "not yet stable" in strict.reason
    clock.advance(days=40)
    async with sessions() as s:
        assert await leaderboard_for(s, "gold-battle", policy=loose, clock=clock) == []
        gone = await my_rank(s, "gold-battle", anne, policy=loose, clock=clock)
        assert "last 30 days" in gone.reason


async def test_profile_page_has_ratings_history_graphs_badges_and_rubbers(sessions, clock):
    anne, mary = await people(sessions, clock, "Anne Bonny", "Mary Read")
    cq_hard = computer_player_id("crown-the-queen", "hard")
    async with sessions.begin() as s:
        await record_result(s, "kings-gold", [anne, mary], {"winners": [0], "scores": [60, 22],
                            "badges": ["Silver Cutlass", "Bronze Anchor"]}, match_id="k1", clock=clock)
        clock.advance(minutes=15)
        await record_result(s, "crown-the-queen", [mary, anne, cq_hard],
                            {"winners": [1], "scores": [150, 210, 100],
                             "games": [[100, 70, 0], [20, 100, 60], [30, 40, 40]], "queens": [1, 2, 0]},
                            match_id="c1", options={"players": 3, "rubber": True}, clock=clock)
        clock.advance(minutes=15)
        await set_dice_skin(s, anne, "ebony")
        page = await profile_page(s, anne, clock=clock)
    assert page.profile.display_name == "Anne Bonny" and page.dice_skin == "ebony"
    assert [g.game_id for g in page.standings] == ["crown-the-queen", "kings-gold"]
    assert all(g.provisional for g in page.standings)
    assert [(r.game_id, r.played, r.wins) for r in page.records] == [("crown-the-queen", 1, 1), ("kings-gold", 1, 1)]
    assert [e.match_id for e in page.history] == ["c1", "k1"]
    async with sessions() as s:
        older = await match_history(s, anne, before=page.history[0].finished_at)
    assert [e.match_id for e in older] == ["k1"]
    assert page.history[0].opponents == ["Mary Read", "Computer (Hard)"]
    assert page.best_badge == "Silver Cutlass" and page.dice_skins == ["classic", "bone", "ebony"]
    assert [(b.badge, b.count) for b in page.badges] == [("Silver Cutlass", 1)]
    (rubber,) = page.rubbers
    assert (rubber.deals, rubber.total, rubber.queens, rubber.outcome) == ((70, 100, 40), 210, 2, "win")
    assert "King&#x27;s Gold rating" in page.graphs["kings-gold"]
    assert page.graphs["kings-gold"].startswith("<svg") and 'id="rating-kings-gold-plot"' in page.graphs["kings-gold"]
    data = json.loads(json.dumps(to_jsonable(page)))
    assert data["profile"]["id"] == anne and data["history"][0]["finished_at"].endswith("+00:00")
    assert data["standings"][0]["rating"]["rating"] > 1500


async def test_profile_page_of_nobody(sessions, clock):
    async with sessions() as s:
        assert await profile_page(s, "p_missing", clock=clock) is None


async def test_records_per_game_count_each_match_once(sessions, clock):
    from regalia.records import match_records

    anne, mary = await people(sessions, clock, "Anne", "Mary")
    async with sessions.begin() as s:
        await record_result(s, "gold-battle", [anne, mary], {"winners": [0], "scores": [1, 0]}, clock=clock)
        await record_result(s, "gold-battle", [anne, mary], {"winners": [], "scores": [0, 0]}, clock=clock)
        await record_result(s, "kings-gold", [anne, mary, anne], {"winners": [1], "scores": [5, 30, 9]}, clock=clock)
        await record_result(s, "kings-gold", [anne, None, anne], {"winners": [2], "scores": [5, 3, 9]}, clock=clock)
        rows = await match_records(s, anne)
    assert [(r.game_id, r.played, r.wins, r.draws, r.losses) for r in rows] == [
        ("gold-battle", 2, 1, 1, 0), ("kings-gold", 2, 1, 0, 1)]


async def test_a_real_crown_the_queen_rubber_shows_on_the_profile(sessions, clock):
    from regalia.core.rng import Rng
    from regalia.games import load_game

    game = load_game("crown-the-queen", players=3)
    match, rng = game.new_match(seed=3), Rng("records:crown-the-queen")
    while not match.is_over:
        match.play(rng.choice(match.legal_actions()))
    anne, mary = await people(sessions, clock, "Anne", "Mary")
    async with sessions.begin() as s:
        await record_result(s, game.id, [mary, anne, computer_player_id(game.id, "easy")], match.result(),
                            match_id="cq", options=game.options, clock=clock)
        page = await profile_page(s, anne, clock=clock)
    (rubber,) = page.rubbers
    deals = tuple(points[1] for points in match.result()["games"])
    assert len(deals) == 3 and rubber.deals == deals and rubber.total == match.scores[1]
    assert rubber.outcome == ("win" if 1 in match.winners else "loss")

"""Recording finished matches: ratings for people and computer levels, history, badges, idempotency."""

import pytest
from sqlalchemy import func, select

from regalia.profiles.badges import Badge
from regalia.ratings.glicko2 import LICHESS, Outcome
from regalia.ratings.multiplayer import computer_player_id
from regalia.records import create_profile, match_history, profile_badges, rating_points, record_result
from regalia.records.tables import MatchResultRow, RatingRow
from tests.toys.pig import Pig

pytestmark = pytest.mark.anyio
HARD = computer_player_id("kings-gold", "hard")


async def people(sessions, clock, *names):
    async with sessions.begin() as s:
        return [(await create_profile(s, n, clock=clock)).profile.id for n in names]


async def test_two_player_match_rates_both_like_one_glicko_game(sessions, clock):
    anne, mary = await people(sessions, clock, "Anne Bonny", "Mary Read")
    async with sessions.begin() as s:
        done = await record_result(s, "gold-battle", [anne, mary], {"winners": [0], "scores": [3, 1]},
                                   match_id="m1", clock=clock)
    new = LICHESS.newcomer
    assert done.places == [1, 2]
    assert done.changes[anne].after == LICHESS.rate(new, [Outcome(new, 1.0)])
    assert done.changes[mary].after == LICHESS.rate(new, [Outcome(new, 0.0)])
    async with sessions() as s:
        row = await s.get(RatingRow, (anne, "gold-battle"))
        assert (row.games, row.wins, row.losses, row.last_played_at) == (1, 1, 0, clock())


async def test_computer_levels_are_rated_players(sessions, clock):
    (anne,) = await people(sessions, clock, "Anne Bonny")
    async with sessions.begin() as s:
        done = await record_result(s, "kings-gold", [HARD, anne, HARD], {"winners": [0], "scores": [60, 10, 40]},
                                   clock=clock)
    # both "hard" seats finished ahead of Anne: two wins for the level, two losses for her
    assert done.changes[HARD].delta > 0 > done.changes[anne].delta
    async with sessions() as s:
        row = await s.get(RatingRow, (HARD, "kings-gold"))
        assert row.games == 1 and row.wins == 1


async def test_same_level_in_two_seats_splitting_the_result_is_a_wash(sessions, clock):
    (anne,) = await people(sessions, clock, "Anne Bonny")
    async with sessions.begin() as s:
        done = await record_result(s, "kings-gold", [HARD, anne, HARD], {"winners": [0], "scores": [60, 40, 10]},
                                   clock=clock)
    assert done.changes[HARD].delta == pytest.approx(0) == done.changes[anne].delta


async def test_multiplayer_match_counts_pairwise(sessions, clock):
    a, b, c = await people(sessions, clock, "Anne", "Mary", "Grace")
    async with sessions.begin() as s:
        done = await record_result(s, "crown-the-queen", [a, b, c], {"winners": [0, 1], "scores": [90, 90, 40]},
                                   clock=clock)
    new = LICHESS.newcomer
    assert done.places == [1, 1, 3]
    assert done.changes[a].after == LICHESS.rate(new, [Outcome(new, 0.5), Outcome(new, 1.0)])
    assert done.changes[c].after == LICHESS.rate(new, [Outcome(new, 0.0), Outcome(new, 0.0)])


async def test_recording_twice_changes_nothing(sessions, clock):
    a, b = await people(sessions, clock, "Anne", "Mary")
    for _ in range(2):
        async with sessions.begin() as s:
            last = await record_result(s, "gold-battle", [a, b], {"winners": [1], "scores": [0, 1]},
                                       match_id="same", clock=clock)
    assert last.already_recorded
    async with sessions() as s:
        assert (await s.get(RatingRow, (a, "gold-battle"))).games == 1
        assert await s.scalar(select(func.count()).select_from(MatchResultRow)) == 1


async def test_unrated_match_goes_to_history_but_not_ratings(sessions, clock):
    a, b = await people(sessions, clock, "Anne", "Mary")
    async with sessions.begin() as s:
        done = await record_result(s, "gold-battle", [a, b], {"winners": [0], "scores": [1, 0]}, rated=False,
                                   clock=clock)
        assert done.changes == {} and await s.get(RatingRow, (a, "gold-battle")) is None
        (entry,) = await match_history(s, a)
    assert entry.outcome == "win" and not entry.rated and entry.rating_change is None


async def test_guests_are_remembered_by_seat_only_and_unknown_players_refused(sessions, clock):
    (a,) = await people(sessions, clock, "Anne")
    async with sessions.begin() as s:
        done = await record_result(s, "gold-battle", [a, None], {"winners": [0], "scores": [1, 0]}, clock=clock)
        assert done.changes == {}  # nobody rated to play against
        (entry,) = await match_history(s, a)
        assert [line.name for line in entry.seats] == ["Anne", "Guest"]
    async with sessions.begin() as s:
        with pytest.raises(ValueError, match="no profile 'p_ghost'"):
            await record_result(s, "gold-battle", [a, "p_ghost"], {"winners": [0], "scores": [1, 0]}, clock=clock)


async def test_idle_time_grows_rd_before_the_next_match(sessions, clock):
    a, b = await people(sessions, clock, "Anne", "Mary")
    async with sessions.begin() as s:
        for i in range(20):
            await record_result(s, "gold-battle", [a, b], {"winners": [i % 2], "scores": [0, 0]}, clock=clock)
            clock.advance(minutes=5)
    async with sessions() as s:
        settled = (await s.get(RatingRow, (a, "gold-battle"))).rd
    clock.advance(days=200)
    async with sessions.begin() as s:
        done = await record_result(s, "gold-battle", [a, b], {"winners": [0], "scores": [0, 0]}, clock=clock)
    assert done.changes[a].before.rd > settled + 20


async def test_kg_18_badges_are_kept_on_profiles_and_not_on_computers(sessions, clock):
    a, b = await people(sessions, clock, "Anne", "Mary")
    result = {"winners": [0], "scores": [80, 25, 55], "badges": ["Gold Pirate King", "Bronze Anchor", "Silver Cutlass"]}
    async with sessions.begin() as s:
        done = await record_result(s, "kings-gold", [a, b, HARD], result, match_id="k1", clock=clock)
        clock.advance(minutes=20)
        await record_result(s, "kings-gold", [a, b, HARD], {**result, "badges": [None, "Bronze Anchor", None]},
                            match_id="k2", clock=clock)
    assert done.badges == {a: Badge.GOLD_PIRATE_KING, b: Badge.BRONZE_ANCHOR}
    async with sessions() as s:
        held = await profile_badges(s, b)
        assert [(r.badge, r.count, r.last_match_id) for r in held] == [("bronze-anchor", 2, "k2")]
        assert [r.badge for r in await profile_badges(s, a)] == ["gold-pirate-king"]
        entries = await match_history(s, a)
        assert [e.badge for e in entries] == [None, "Gold Pirate King"]


async def test_rating_points_follow_each_rated_match(sessions, clock):
    a, b = await people(sessions, clock, "Anne", "Mary")
    async with sessions.begin() as s:
        for i in range(3):
            await record_result(s, "gold-battle", [a, b], {"winners": [0], "scores": [1, 0]}, match_id=f"g{i}",
                                clock=clock)
            clock.advance(hours=1)
    async with sessions() as s:
        points = await rating_points(s, a, "gold-battle")
    assert [p.match_id for p in points] == ["g0", "g1", "g2"]
    async with sessions() as s:
        assert [p.match_id for p in await rating_points(s, a, "gold-battle", last=2)] == ["g1", "g2"]
    assert points[0].rating < points[1].rating < points[2].rating


async def test_record_takes_what_a_finished_match_gives(sessions, clock):
    a, b, c = await people(sessions, clock, "Anne", "Mary", "Grace")
    game = Pig(players=3)
    match = game.new_match(seed=5)
    while not match.is_over:
        match.play("roll" if match.game.to_move(match.state) is not None and len(match.actions) % 4 else "stop")
    async with sessions.begin() as s:
        done = await record_result(s, game.id, [a, b, c], match.result(), options=game.options, clock=clock)
        (entry,) = await match_history(s, a)
    winner = [a, b, c][match.winners[0]]
    assert done.changes[winner].delta > 0 and entry.options == {"players": 3, "target": 20}


async def test_kg_18_a_real_kings_gold_match_puts_its_badges_on_the_profiles(sessions, clock):
    from regalia.core.rng import Rng
    from regalia.games import load_game

    game = load_game("kings-gold", players=3)
    match, rng = game.new_match(seed=3), Rng("records:kings-gold")
    while not match.is_over:
        match.play(rng.choice(match.legal_actions()))
    result = match.result()
    a, b = await people(sessions, clock, "Anne", "Mary")
    seats = [a, b, HARD]
    async with sessions.begin() as s:
        done = await record_result(s, game.id, seats, result, match_id="kg", options=game.options, clock=clock)
        held = {p: [r.badge for r in await profile_badges(s, p)] for p in (a, b)}
    expected = {seats[seat]: name for seat, name in enumerate(result["badges"]) if name and seat < 2}
    assert expected, "seed 3 should award at least one badge to a person"
    assert {p: badge.value for p, badge in done.badges.items()} == expected
    assert held == {p: [Badge.parse(expected[p]).slug] if p in expected else [] for p in (a, b)}
    assert set(done.changes) == {a, b, HARD}


async def test_a_person_gone_at_the_end_forfeits_last_place_and_a_loss_whatever_the_computer_made_of_it(
        sessions, clock):
    anne, mary = await people(sessions, clock, "Anne", "Mary")
    result = {"winners": [0], "scores": [80, 25, 55], "badges": ["Gold Pirate King", "Bronze Anchor", None]}
    async with sessions.begin() as s:  # the computer won seat 0 for Anne, who had left
        done = await record_result(s, "kings-gold", [anne, mary, HARD], result, match_id="f1", forfeits={0},
                                   clock=clock)
    assert done.places == [3, 2, 1]  # below Mary, though seat 0 won the game
    assert done.changes[anne].delta < 0 < done.changes[HARD].delta
    assert done.badges == {mary: Badge.BRONZE_ANCHOR}  # no badge for a seat the computer finished
    async with sessions() as s:
        row = await s.get(RatingRow, (anne, "kings-gold"))
        assert (row.games, row.wins, row.losses) == (1, 0, 1)
        mine, = await match_history(s, anne)
        assert mine.outcome == "forfeit"
        kept = await s.get(MatchResultRow, "f1")
        assert kept.result["winners"] == [0]  # the game's own result is kept as it was
        theirs, = await match_history(s, mary)
        assert theirs.outcome == "loss"  # the computer's seat 2 finished ahead of Mary
        hard, = await match_history(s, HARD)
        assert hard.outcome == "win"  # the win passes to the best seat that was there


async def test_forfeits_must_name_seats_of_the_match(sessions, clock):
    anne, mary = await people(sessions, clock, "Anne", "Mary")
    async with sessions.begin() as s:
        with pytest.raises(ValueError, match="forfeits"):
            await record_result(s, "pig", [anne, mary], {"winners": [0], "scores": [20, 3]}, forfeits={2},
                                clock=clock)

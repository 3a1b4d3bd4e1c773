"""The computer's review of a finished match (regalia.ai.review): values from the seat's view only."""

import pytest

from regalia.ai import load_agent
from regalia.ai.review import (
    LABELS,
    THRESHOLDS,
    decision_points,
    label_of,
    load_record,
    review_decision,
    review_match,
    review_record,
)
from regalia.core.errors import RecordError
from regalia.core.rng import Rng
from regalia.games import load_game

DECISION_KEYS = {"step", "seat", "played", "best", "value_played", "value_best", "loss"}


def played_record(game_id: str, levels: list[str], seed: int = 1, limit: int | None = None, **options):
    game = load_game(game_id, players=len(levels), **options)
    match = game.new_match(seed=seed)
    agents = [load_agent(game_id, level, seed=s) for s, level in enumerate(levels)]
    while not match.is_over and (limit is None or len(match.actions) < limit):
        match.play(agents[match.to_move].choose(match))
    return match


def test_a_hard_captain_s_own_decisions_review_at_loss_0():
    hard, easy_loss = [], 0.0
    for seed in range(3, 9):
        review = review_match(played_record("kings-gold", ["hard", "easy", "medium"], seed=seed))
        mine = [d for d in review.decisions if d.seat == 0]
        summary = review.summary()
        assert summary[0]["average_loss"] == 0.0 and summary[0]["best_played"] == len(mine)
        hard += mine
        easy_loss += float(summary[1]["total_loss"])
    assert len(hard) > 40
    assert all(d.loss == pytest.approx(0.0, abs=1e-9) for d in hard)
    assert all(d.label is None for d in hard)
    # the easy captain's novice rule loses points somewhere, and the review says where
    assert easy_loss > 0


def test_the_review_of_a_duel_leaves_out_only_the_cards():
    match = played_record("kings-gold", ["hard", "medium"], seed=4, mode="duel")
    review = review_match(match)
    assert all(d.loss == pytest.approx(0.0, abs=1e-9) for d in review.decisions if d.seat == 0)
    for step in review.unvalued:
        action = match.actions[step]
        assert action.startswith(("keep", "play", "pass")), action


@pytest.mark.parametrize("game_id, levels, options", [
    ("kings-gold", ["medium", "easy"], {}),
    ("gold-battle", ["easy", "medium"], {}),
    ("crown-the-queen", ["medium", "easy", "medium"], {}),
    ("gold-crown", ["easy", "medium"], {}),
])
def test_review_json_of_each_game_matches_the_contract_schema(game_id, levels, options):
    match = played_record(game_id, levels, limit=60 if game_id == "gold-crown" else None, **options)
    result = review_record(match.record())
    assert set(result) >= {"decisions", "summary"}
    assert result["decisions"], game_id
    for d in result["decisions"]:
        assert DECISION_KEYS <= set(d)
        assert isinstance(d["step"], int) and isinstance(d["seat"], int)
        assert isinstance(d["played"], str) and isinstance(d["best"], str)
        for key in ("value_played", "value_best", "loss"):
            assert isinstance(d[key], float)
        assert d["loss"] >= 0 and d["loss"] == pytest.approx(d["value_best"] - d["value_played"], abs=1e-3)
        assert match.actions[d["step"]] == d["played"]
        assert d["label"] in (None, *LABELS)
    assert [row["seat"] for row in result["summary"]] == list(range(len(levels)))
    for row in result["summary"]:
        assert {"decisions", "average_loss", "inaccuracies", "mistakes", "blunders"} <= set(row)
    assert len(result["graph"]) == len(result["decisions"]) + len(result["unvalued"])


def test_a_review_is_deterministic():
    match = played_record("crown-the-queen", ["easy", "easy", "easy"], seed=5, limit=30)
    assert review_record(match.record()) == review_record(match.record())


def test_labels_follow_the_game_s_thresholds():
    inaccuracy, mistake, blunder = THRESHOLDS["kings-gold"]
    assert label_of(0.0, THRESHOLDS["kings-gold"]) is None
    assert label_of(inaccuracy, THRESHOLDS["kings-gold"]) == "inaccuracy"
    assert label_of((mistake + blunder) / 2, THRESHOLDS["kings-gold"]) == "mistake"
    assert label_of(blunder * 3, THRESHOLDS["kings-gold"]) == "blunder"


def test_a_record_that_does_not_verify_is_refused_with_the_reason():
    match = played_record("kings-gold", ["easy", "easy"], seed=6, limit=10)
    record = match.record()
    record["chance"][0] = "Skull Skull Skull Skull Skull"
    with pytest.raises(RecordError, match="does not replay"):
        review_record(record)
    with pytest.raises(RecordError):
        review_record("not json")


def _hidden_twin(match, seat, seed):
    """A copy of ``match`` whose hidden cards differ, with the same view for ``seat``."""
    twin = match.game.new_match(seed=match.seed)
    for action in match.actions:
        twin.play(action)
    twin.state = match.game.resample_hidden(match.state, seat, Rng(seed))
    return twin


@pytest.mark.parametrize("game_id, levels, options", [
    ("crown-the-queen", ["medium", "medium", "medium"], {}),
    ("kings-gold", ["medium", "medium"], {"mode": "duel"}),
])
def test_a_review_decision_never_changes_with_the_hidden_cards_behind_the_view(game_id, levels, options):
    match = played_record(game_id, levels, seed=8, limit=0, **options)
    agents = [load_agent(game_id, "medium", seed=s) for s in range(len(levels))]
    checked = differed = 0
    while not match.is_over and checked < 8:
        seat, legal = match.to_move, match.legal_actions()
        if len(legal) > 1:
            twin = _hidden_twin(match, seat, seed=len(match.actions))
            assert twin.view(seat) == match.view(seat)
            differed += twin.state != match.state
            played = agents[seat].choose(match)
            step = len(match.actions)
            mine = review_decision(match.game, match.view(seat), seat, legal, played, step)
            theirs = review_decision(twin.game, twin.view(seat), seat, twin.legal_actions(), played, step)
            assert mine == theirs
            checked += 1
        match.play(agents[match.to_move].choose(match))
    assert checked == 8 and differed >= 4


def test_decision_points_are_the_seats_choices_in_order():
    match = played_record("kings-gold", ["easy", "easy"], seed=9)
    points = decision_points(load_record(match.record()))
    assert [p[4] for p in points] == [match.actions[p[0]] for p in points]
    assert all(len(p[3]) > 1 for p in points)

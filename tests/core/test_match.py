import json

import pytest

from regalia.core import IllegalAction, RecordError
from regalia.core.conformance import ConformanceError, check_game, check_match
from regalia.core.replay import replay_dict
from tests.toys.pig import HighCard, Pig


def test_options_validate_with_names_and_valid_values():
    with pytest.raises(ValueError, match="unknown option 'colour'.*players, target"):
        Pig(colour=1)
    with pytest.raises(ValueError, match="'target'.*out of range.*5..100"):
        Pig(target=1000)
    with pytest.raises(ValueError, match="'players'.*valid"):
        Pig(players=True)


def test_same_seed_same_actions_same_match():
    a, b = Pig().new_match(seed=11), Pig().new_match(seed=11)
    for _ in range(30):
        if a.is_over:
            break
        a.play("roll")
        b.play("roll")
    assert a.to_json() == b.to_json()


def test_illegal_action_names_rule_and_changes_nothing():
    match = Pig().new_match(seed=1)
    before = match.to_json()
    with pytest.raises(IllegalAction, match="only 'roll' or 'stop'"):
        match.play("jump")
    with pytest.raises(IllegalAction, match="not an action"):
        match.play(None)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="not seat 1's turn"):
        match.play("roll", seat=1)
    assert match.to_json() == before


def test_json_round_trip_replays_exactly():
    match = Pig().new_match(seed=4)
    for action in ["roll", "roll", "stop", "roll"]:
        if not match.is_over:
            match.play(action)
    again = Pig().match_from_json(match.to_json())
    assert again.to_json() == match.to_json()
    assert again.log == match.log


def test_tampered_record_names_first_bad_step():
    match = Pig().new_match(seed=4)
    while not match.is_over:
        match.play("roll" if len(match.actions) % 3 else "stop")
    data = match.record()
    data["chance"][2] = "6" if data["chance"][2] != "6" else "5"
    with pytest.raises(RecordError, match="chance outcome 3 does not replay"):
        replay_dict(data, Pig())
    data = match.record()
    data["actions"][1] = "fly"
    with pytest.raises(RecordError, match="action 2 .'fly'. does not replay"):
        replay_dict(data, Pig())
    data = match.record()
    data["result"]["winners"] = [9]
    with pytest.raises(RecordError, match="recorded result"):
        replay_dict(data, Pig())


def test_conformance_kit_passes_on_toys():
    check_game(Pig, seeds=range(5))
    check_game(HighCard, seeds=range(20))


class LeakyHighCard(HighCard):
    def view(self, state, seat):
        view = super().view(state, seat)
        view["cards"] = list(state.cards)
        return view


def test_conformance_kit_catches_a_leaking_view():
    with pytest.raises(ConformanceError, match="reveals something hidden"):
        check_match(LeakyHighCard(), seed=1)


def test_views_are_json_and_hide_cards():
    match = HighCard().new_match(seed=3)
    assert match.view(0)["cards"][1] is None and match.view(None)["cards"] == [None, None]
    json.dumps(match.view(0))


def test_record_carries_seed_commitment_and_replay_checks_it():
    import hashlib

    match = Pig().new_match(seed=42)
    record = match.record()
    assert record["commitment"] == hashlib.sha256(b"regalia-seed:42").hexdigest()
    replay_dict(record, Pig())
    record["seed"] = 43
    with pytest.raises(RecordError, match="commitment"):
        replay_dict(record, Pig())


class TimedPig(Pig):
    def clock_actions(self, state):
        return ["timeout"] if not state.rolling else []

    def apply(self, state, action):
        return super().apply(state, "stop" if action == "timeout" else action)


def test_clock_actions_are_played_only_by_the_clock_and_replay():
    match = TimedPig().new_match(seed=2)
    with pytest.raises(IllegalAction):
        match.play("timeout")
    with pytest.raises(IllegalAction, match="clock"):
        match.play("roll", clock=True)
    match.play("timeout", clock=True)
    assert match.actions == ["timeout"] and match.to_move == 1
    again = replay_dict(match.record(), TimedPig())
    assert again.to_json() == match.to_json()

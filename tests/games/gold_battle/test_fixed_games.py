"""Fixed-seed games whose every step is pinned: the rules may get faster, never different.

Each digest covers, for every ply of a dozen seeded games, the legal actions in their order (so a seeded
random choice picks the same one), and at the end the actions, the chronicle, the final position text,
the outcome and the counters. The expected digests were computed with the rules before they were
optimised for speed (commit 53dbd66). The ``greedy`` games pick, most of the time, the action that does
the most damage (captures, towers, frees), so the rarer rules (frees, the cap, adjudication) are reached.
"""

from __future__ import annotations

import hashlib

import pytest

from regalia.core.rng import Rng
from regalia.games.gold_battle import GoldBattle
from regalia.games.gold_battle.state import BattleState


def damage(state: BattleState, side: int) -> int:
    if state.outcome is not None and state.outcome[1] == "mines":
        return -5
    won = state.outcome is not None and state.outcome[0] == side
    return (3 * state.captured[1 - side] + 20 * (2 - state.towers[1 - side].bit_count())
            - 3 * state.captured[side] + (100 if won else 0))


def digest(options: dict[str, object], seeds: range, greedy: float) -> str:
    found = hashlib.sha256()
    game = GoldBattle(**options)
    for seed in seeds:
        rng = Rng(f"golden:{seed}")
        match = game.new_match(seed=seed)
        while not match.is_over:
            legal = match.legal_actions()
            found.update("|".join(legal).encode())
            if greedy and rng.random() < greedy:
                side, state = match.to_move, match.state
                assert side is not None
                action = max(legal, key=lambda a: (damage(game.apply(state, a), side), rng.random()))
            else:
                action = rng.choice(legal)
            match.play(action)
        state = match.state
        found.update(" ".join(match.actions).encode())
        found.update("\n".join(match.log).encode())
        found.update(game.position(state).encode())
        found.update(repr((state.outcome, state.ply, state.quiet, len(state.seen), match.scores)).encode())
    return found.hexdigest()


EXPECTED = [
    ({}, 0.0, "f762a1626ae601acdae8b2a90d8b0871b5cc5343e38a2c79cc8d73f24a25c5c0"),
    ({"capture": "simultaneous"}, 0.0, "d1623a0be5852ee4243e70c6d7c6c6ef6b2f98020fb6893bb29b4b23cee9a1f1"),
    ({}, 0.7, "43acb8813c29e92478905af6da3260b5e416d4b7b1b5b9bf2a9c4c92310caee2"),
    ({"capture": "simultaneous"}, 0.7, "bd2043b82fedbff69dff96bbb30de9e994db0d4163f8a1d4355e20ebe880b767"),
    ({"mine_contest": "score"}, 0.7, "43acb8813c29e92478905af6da3260b5e416d4b7b1b5b9bf2a9c4c92310caee2"),
    ({"adjudicate": True}, 0.7, "0d18a4502f08a228860786b56c6e07bdd2b9f95b92a271ae5df915ecb08fa109"),
]


@pytest.mark.parametrize(("options", "greedy", "expected"), EXPECTED)
def test_fixed_seed_games_are_unchanged(options, greedy, expected):
    assert digest(options, range(12), greedy) == expected


@pytest.mark.parametrize("options", [{}, {"mine_contest": "score"}, {"adjudicate": True}])
def test_the_fast_turn_equals_the_step_by_step_turn(options):
    """``play_move``'s one-pass common turn gives exactly the state ``_play_move_general`` builds."""
    from regalia.games.gold_battle.notation import MOVE_OF
    from regalia.games.gold_battle.rules import _play_move_general, play_move

    game = GoldBattle(**options)
    checked = 0
    for seed in range(6):
        rng = Rng(f"fast:{seed}")
        match = game.new_match(seed=seed)
        while not match.is_over:
            state, legal = match.state, match.legal_actions()
            if not state.frees:
                for action in legal:
                    if action in MOVE_OF:
                        fast = play_move(state, MOVE_OF[action], game.variant)
                        slow = _play_move_general(state, MOVE_OF[action], game.variant)
                        assert fast == slow, (seed, action)
                        checked += 1
            side = match.to_move
            assert side is not None
            if rng.random() < 0.6:
                match.play(max(legal, key=lambda a: (damage(game.apply(state, a), side), rng.random())))
            else:
                match.play(rng.choice(legal))
    assert checked > 10_000

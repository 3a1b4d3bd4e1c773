"""Fixed-seed games whose every step is pinned: the rules may get faster, never different.

Each digest covers, for every ply of a dozen seeded games, the legal actions in their order (so a seeded
random choice picks the same one), and at the end the actions, the chronicle, the final position text,
the outcome and the counters. The expected digests were computed with the rules before they were
optimised for speed (commit 53dbd66). The ``greedy`` games pick, most of the time, the action that does
the most damage (captures, towers, frees), so the rarer rules (frees, the cap, adjudication) are reached.

Two digests per game set: ``play`` (everything but the chronicle: what the rules decide) and ``full`` (the
chronicle's lines too). The full digests were re-pinned once when the chronicle changed its words (the sides
named Crimson and Azure, and a unit caught between enemies given its own line, issues #39 and #46); the
play did not change: the same games with the previous chronicle reproduced the previous digests exactly
(f762a162..., d1623a0b..., 43acb881..., bd2043b8..., 43acb881..., 0d18a450...). A change of wording
moves ``full`` only; a change of ``play`` is a change of the rules.
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


def digest(options: dict[str, object], seeds: range, greedy: float, chronicle: bool = True) -> str:
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
        if chronicle:
            found.update("\n".join(match.log).encode())
        found.update(game.position(state).encode())
        found.update(repr((state.outcome, state.ply, state.quiet, len(state.seen), match.scores)).encode())
    return found.hexdigest()


EXPECTED = [  # (options, greedy, play digest, full digest)
    ({}, 0.0, "eea8ee4b5fa05f0724468b3a54420973e159ec9a39a86d461c2d5ea83f4f3e49",
     "13def8bc00c1ca173a92671f22c1825e22798eb925c77705436e0a8a84288609"),
    ({"capture": "simultaneous"}, 0.0, "e8e53ffc541a7c6bcf4b669eea450a9baa1a4341b02cb5dc1df963f0d936a315",
     "0fa3081fec5e055998c60246d611841c7f3199e7e601740d2584906a04cb2a91"),
    ({}, 0.7, "cd49336258d460dc8533adcbbaf4b0a358d4e8400123e375774aed5d9d7f820a",
     "e5ef15d937bdc6103ea265d708681294266e89d5cf17381cd43f157623291a18"),
    ({"capture": "simultaneous"}, 0.7, "5ea82f18f0144de4ada3c2ae1ee04efaefe3c79c60fc94435c653715dfa81506",
     "b4231cfb849ab3e1c21e10ce6bf3dc0d97b975b6c689abfb8f196f629bcf700e"),
    ({"mine_contest": "score"}, 0.7, "cd49336258d460dc8533adcbbaf4b0a358d4e8400123e375774aed5d9d7f820a",
     "e5ef15d937bdc6103ea265d708681294266e89d5cf17381cd43f157623291a18"),
    ({"adjudicate": True}, 0.7, "85ce627825cc8c159a29999fb54b0487bc08570112c5c55a0262ced99ce67f02",
     "5b598e60620edc1ccd1e2e2fbab8e17d645eb6bf09795b3ffc832047dcf63f58"),
]


@pytest.mark.parametrize(("options", "greedy", "play", "full"), EXPECTED)
def test_fixed_seed_games_are_unchanged(options, greedy, play, full):
    assert digest(options, range(12), greedy, chronicle=False) == play
    assert digest(options, range(12), greedy) == full


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

"""The real games to parametrize the research tests over: the registered ones whose rules have landed.

Other engineers write the games in this same tree, so at times a package is half there (imports that
fail); such a game is simply not "landed" yet, instead of breaking the collection of these tests.
"""

from __future__ import annotations

from regalia.games import REGISTRY, game_class


def landed_games() -> list[str]:
    ids = []
    for game_id in REGISTRY:
        try:
            game_class(game_id)().action_space()  # the rules import and the learning hooks are there
        except Exception:  # half-written packages fail in any way
            continue
        ids.append(game_id)
    return ids

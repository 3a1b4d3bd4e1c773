"""Random-play steps per second, for our games and for OpenSpiel's, driven from the same Python loop."""

from __future__ import annotations

import time
from typing import Any

from regalia.core.rng import Rng
from regalia.games import load_game


def regalia_steps_per_second(game_id: str, seconds: float, **options: Any) -> dict[str, Any]:
    """Steps (actions and chance outcomes) per second of random play through the public Match API."""
    game = load_game(game_id, **options)
    rng = Rng("bench")
    steps = matches = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        match = game.new_match(seed=seed)
        seed += 1
        while not match.is_over:
            match.play(rng.choice(match.legal_actions()))
        steps += match.steps
        matches += 1
    elapsed = time.perf_counter() - start
    return {"engine": f"regalia {game_id}", "steps/s": steps / elapsed, "matches": matches,
            "mean steps": steps / max(matches, 1)}


def openspiel_steps_per_second(name: str, seconds: float) -> dict[str, Any] | None:
    """The same loop over pyspiel (C++), or None when open-spiel is not installed (pip install .[bench])."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = Rng("bench")
    steps = matches = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.weighted(outcomes))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        matches += 1
    elapsed = time.perf_counter() - start
    return {"engine": f"open_spiel {name}", "steps/s": steps / elapsed, "matches": matches,
            "mean steps": steps / max(matches, 1)}

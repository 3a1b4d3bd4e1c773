"""Traces of whole matches, for the behaviour-pinning regression test (test_regression.py).

A trace digests, step by step, everything the rules decide: the legal actions offered (in their order, which
random play and the agents depend on), the action or chance outcome played, the log lines it produced and the
whole state after it. ``regression_games.json`` holds the digests (and, for the agents' matches, the actions)
computed with the rules as they were before the speed work; regenerate it only for a deliberate rules change
(the agents' recorded matches are replayed through the changed rules; ``--new-agent-games`` records new ones)::

    python -m tests.games.gold_crown.regression
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from regalia.core import Rng
from regalia.core.match import Match
from regalia.games.gold_crown import GoldCrown

FIXTURE = Path(__file__).with_name("regression_games.json")

RANDOM_GAMES: tuple[dict[str, Any], ...] = (
    {"seed": 0, "players": 2},
    {"seed": 1, "players": 2},
    {"seed": 2, "players": 2, "max_rounds": 30},
    {"seed": 3, "players": 3},
    {"seed": 4, "players": 4},
    {"seed": 5, "players": 2, "misses_lost": True},
)
"""Random play (the generator ``Rng(f"pin:{seed}")`` picks among the legal actions)."""

AGENT_GAMES: tuple[dict[str, Any], ...] = (
    {"seed": "pin:agents:0", "players": 2, "levels": ("hard", "medium")},
    {"seed": "pin:agents:1", "players": 2, "levels": ("medium", "easy")},
    {"seed": "pin:agents:2", "players": 3, "levels": ("medium", "easy", "medium")},
)
"""Matches the computer barons played once (they reach the chambers, treachery and the throne, which random
play never does); the test replays their recorded actions through the rules, not the agents."""


def _state_key(state: Any) -> str:
    return repr((tuple(state.board), state.barons, state.chambers, state.phase, state.order, state.groups,
                 state.opening, state.turn, state.round, state.spin, state.points, state.casualties,
                 state.aim, sorted(state.attackers), state.winner, state.ending))


class Trace:
    def __init__(self) -> None:
        self.digest = hashlib.sha256()
        self.steps = 0

    def add(self, *parts: object) -> None:
        self.digest.update(json.dumps([str(p) for p in parts]).encode())

    def record(self, match: Match, start: int) -> None:
        """Digest every step from ``match.history[start]`` on (chance steps included)."""
        for mover, action in match.history[start:]:
            self.add(mover, action)
            self.steps += 1


def _game(spec: dict[str, Any]) -> GoldCrown:
    options = {k: spec[k] for k in ("max_rounds", "misses_lost") if k in spec}
    return GoldCrown(players=spec["players"], **options)


def play(spec: dict[str, Any], actions: list[str] | None = None) -> tuple[dict[str, Any], list[str]]:
    """Play (random, or the recorded ``actions``) and digest the whole match."""
    game = _game(spec)
    match = game.new_match(seed=spec["seed"])
    rng = Rng(f"pin:{spec['seed']}")
    trace = Trace()
    trace.add(_state_key(match.state), *match.log)
    logged = len(match.log)
    played: list[str] = []
    while not match.is_over:
        legal = match.legal_actions()
        if actions is None:
            action = rng.choice(legal)
        else:
            action = actions[len(played)]
        steps = len(match.history)
        trace.add("legal", *legal)
        match.play(action)
        played.append(action)
        trace.record(match, steps)
        trace.add(*match.log[logged:])
        logged = len(match.log)
        trace.add(_state_key(match.state))
    summary = {"steps": len(match.history), "digest": trace.digest.hexdigest(), "scores": match.scores,
               "result": match.game.result(match.state)}
    return summary, played


def agent_actions(spec: dict[str, Any]) -> list[str]:
    from regalia.ai import load_agent
    from regalia.ai.arena import play_match

    game = _game(spec)
    agents = [load_agent("gold-crown", level, seed=f"{spec['seed']}:{s}") for s, level in enumerate(spec["levels"])]
    return list(play_match(game, agents, seed=spec["seed"]).actions)


def generate(recorded: dict[str, Any] | None = None) -> dict[str, Any]:
    """The fixture; the agents' matches replay the actions in ``recorded`` (a fixture) where it has them, so a
    rules change re-digests the same matches instead of recording what today's agents would play."""
    kept = {json.dumps(g["spec"], sort_keys=True): g["actions"] for g in (recorded or {}).get("agents", [])}
    out: dict[str, Any] = {"random": [], "agents": []}
    for spec in RANDOM_GAMES:
        summary, _ = play(spec)
        out["random"].append({"spec": spec, **summary})
    for spec in AGENT_GAMES:
        listed = {**spec, "levels": list(spec["levels"])}
        actions = kept.get(json.dumps(listed, sort_keys=True)) or agent_actions(spec)
        summary, _ = play(spec, actions)
        out["agents"].append({"spec": listed, **summary, "actions": actions})
    return out


if __name__ == "__main__":
    import sys

    fresh = "--new-agent-games" in sys.argv[1:]  # else keep the agents' recorded matches
    FIXTURE.write_text(json.dumps(generate(None if fresh else json.loads(FIXTURE.read_text())), indent=1) + "\n")
    print(FIXTURE)

"""Small statistics shared by players that compare sampled outcomes (no game knowledge)."""

from __future__ import annotations


def clearly_better(best: list[float], default: list[float], margin: float) -> bool:
    """Whether ``best`` beats ``default`` by more than ``margin`` standard errors (paired samples: the same
    worlds or rollouts behind each pair), so that sampling noise alone does not overturn a sound default."""
    n = len(best)
    if n < 2:
        return False
    gains = [b - d for b, d in zip(best, default, strict=True)]
    mean = sum(gains) / n
    variance = sum((g - mean) ** 2 for g in gains) / (n - 1)
    return mean > 0 and mean * mean * n > margin * margin * variance


def is_open(outcomes: dict[str, list[float]], default: str, margin: float) -> bool:
    """Whether some other action leads ``default`` by ``margin`` paired standard errors: the choice is still
    open, so a sequential search draws more samples before it settles."""
    base = outcomes[default]
    return any(clearly_better(values, base, margin) for action, values in outcomes.items() if action != default)

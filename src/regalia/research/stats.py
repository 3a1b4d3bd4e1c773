"""Small, dependable statistics for balance reports: proportions with honest intervals."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Share:
    """A proportion ``wins / n`` with its 95% Wilson score interval."""

    wins: float
    n: int
    low: float
    high: float

    @property
    def value(self) -> float:
        return self.wins / self.n if self.n else 0.0


def wilson(wins: float, n: int, z: float = Z95) -> Share:
    """The Wilson score interval: well behaved near 0 and 1 and for small ``n`` (unlike Wald's)."""
    if n <= 0:
        return Share(wins, 0, 0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return Share(wins, n, max(0.0, centre - half), min(1.0, centre + half))


def chi_square(observed: Sequence[float], expected: Sequence[float], minimum: float = 5.0) -> tuple[float, int]:
    """Pearson's statistic and its degrees of freedom, rare cells pooled first.

    The chi-square approximation needs expected counts of about 5 or more (Cochran), and a single
    event in a cell expected 0.06 times would otherwise dominate the statistic. Cells expected fewer
    than ``minimum`` times are pooled into one; if the pool is still short, it joins the smallest cell.
    """
    cells = sorted(((e, o) for o, e in zip(observed, expected, strict=True) if e > 0), reverse=True)
    kept = [c for c in cells if c[0] >= minimum]
    rare = [c for c in cells if c[0] < minimum]
    if rare:
        pooled = (sum(e for e, _ in rare), sum(o for _, o in rare))
        if pooled[0] < minimum and kept:
            e, o = kept.pop()
            pooled = (pooled[0] + e, pooled[1] + o)
        kept.append(pooled)
    return sum((o - e) ** 2 / e for e, o in kept), max(len(kept) - 1, 0)

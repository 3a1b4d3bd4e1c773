"""The one seeded generator used for chance, with output specified here and stable forever.

Regalia records a match as options + seed + actions, so the generator's output must never change with
the Python version or platform. ``random.Random`` makes no such promise across versions for every method,
so we use SplitMix64 (Steele, Lea & Flood 2014), specified completely by the few lines of ``next64``:

    state <- state + 0x9E3779B97F4A7C15 (mod 2^64)
    z <- state; z <- (z ^ z>>30) * 0xBF58476D1CE4E5B9; z <- (z ^ z>>27) * 0x94D049BB133111EB; z ^ z>>31

A seed (any int or str) is turned into the initial state by SHA-256, so nearby seeds give unrelated
streams. ``randbelow`` uses rejection sampling (no modulo bias); ``random`` takes the top 53 bits.
Independent streams (one for the dice, one per computer player, ...) come from ``derive(label)``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int | str) -> int:
    """The 64-bit initial state for a seed (SHA-256 of its decimal or text form)."""
    digest = hashlib.sha256(str(seed).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def seed_commitment(seed: int | str) -> str:
    """The public commitment to a secret seed: hex SHA-256 of ``regalia-seed:<seed>``."""
    return hashlib.sha256(f"regalia-seed:{seed}".encode()).hexdigest()


class Rng:
    """SplitMix64 with helpers; its whole state is one 64-bit integer (``state``)."""

    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0, *, state: int | None = None) -> None:
        self.state = seed_state(seed) if state is None else state & _MASK

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = ((1 << 64) // n) * n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def random(self) -> float:
        """A uniform float in [0, 1) with 53 bits of precision."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen item."""
        return items[self.randbelow(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def weighted(self, outcomes: Sequence[tuple[T, float]]) -> T:
        """An outcome drawn with the given probabilities (they should sum to 1)."""
        u = self.random()
        acc = 0.0
        for outcome, p in outcomes:
            acc += p
            if u < acc:
                return outcome
        return outcomes[-1][0]

    def derive(self, label: str) -> Rng:
        """An independent stream named ``label``, derived from this one's current state."""
        return Rng(f"{self.state}:{label}")

    def copy(self) -> Rng:
        return Rng(state=self.state)

"""A catalog of toy games for the server's tests: Pig (chance) and High Card (hidden cards)."""

from __future__ import annotations

from regalia.ai.random_agent import RandomAgent
from regalia.server.catalog import Catalog
from tests.toys.pig import HighCard, Pig


def toy_catalog() -> Catalog:
    return Catalog(
        games=lambda: [Pig, HighCard],
        levels=lambda game_id: ["random"],
        agent=lambda game_id, level, seed: RandomAgent(seed=seed),
        default_level="random",
    )

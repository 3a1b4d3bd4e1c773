"""The opponent-model experiment (bench-only): its evidence about how an opponent plays, and that with the
medium model it is hard itself, so its rubbers pair with the verdict ledger's."""

from __future__ import annotations

from regalia.ai import load_agent
from regalia.bench import crown_the_queen_opponents as opponents
from regalia.bench.crown_the_queen import GAME, sample_positions
from regalia.games import load_game


def _view(*turns: dict) -> dict:
    return {"hand_sizes": [3, 3, 3], "record": [
        {"seat": 0, "acquired": "draw", "turned_up": None, "laid": [], "passed": "Archbishop"}, *turns]}


def test_the_next_seat_keeping_a_card_we_passed_it_for_later_speaks_for_easy_and_swapping_it_for_medium():
    kept = opponents.odds(_view({"seat": 1, "acquired": "keep", "turned_up": None, "laid": [], "passed": None}), 0)
    swapped = opponents.odds(_view({"seat": 1, "acquired": "swap", "turned_up": "Archbishop", "laid": [],
                                    "passed": None}), 0)
    assert kept[1] > 1.0 and swapped[1] < -0.5  # an Archbishop is needed by an empty procession, later
    assert kept[0] == kept[2] == swapped[0] == swapped[2] == 0.0  # no evidence about the others


def test_a_swap_of_a_card_the_swapper_never_needs_says_little_and_the_seat_s_own_turns_nothing():
    useless = opponents.odds(_view({"seat": 1, "acquired": "swap", "turned_up": "Union Jack", "laid": [],
                                    "passed": None}), 0)
    assert abs(useless[1]) < 0.1
    assert opponents.odds(_view({"seat": 1, "acquired": "keep", "turned_up": None, "laid": [], "passed": "Queen"},
                                {"seat": 2, "acquired": "keep", "turned_up": None, "laid": [], "passed": None},
                                {"seat": 0, "acquired": "keep", "turned_up": None, "laid": [], "passed": None}),
                          0)[0] == 0.0


def test_the_evidence_is_the_log_ratio_of_each_kind_s_frequency_in_easy_and_in_medium_play():
    for kind, (easy, medium) in opponents.KINDS.items():
        assert (opponents.EVIDENCE[kind] > 0) == (easy > medium), kind
    assert set(opponents.kind_frequencies("easy", rubbers=2)) <= set(opponents.KINDS)


def test_with_the_medium_model_the_search_decides_exactly_as_hard():
    game = load_game(GAME, players=3)
    params = {k: v for k, v in game.agent_levels()["hard"].items() if k not in ("algorithm", "seconds")}
    for i, (match, seat) in enumerate(sample_positions(4, seed=7)):
        view, legal = match.view(seat), match.legal_actions()
        hard = load_agent(GAME, "hard", seed=f"p{i}", seconds=None)
        modelled = opponents.ModelledSearch(f"p{i}", model="medium", **params)
        assert modelled.decide(game, view, seat, legal) == hard.decide(game, view, seat, legal)

"""The balance analysis and its HTML report (plots embedded, nothing else to ship)."""

import base64
import re

import pytest
from typer.testing import CliRunner

from regalia.cli.main import app
from regalia.research.analyze import analyze, seat_statistics
from regalia.research.kings_gold_turns import BRANCHES, TurnOutcomes, branch
from regalia.research.report import render
from regalia.research.stats import chi_square, wilson
from tests.research.landed import landed_games


def test_wilson_interval_known_values():
    share = wilson(8, 10)
    assert (round(share.low, 4), round(share.high, 4)) == (0.4902, 0.9433)
    assert wilson(0, 20).low == 0.0 and wilson(20, 20).high == 1.0
    assert (wilson(0, 0).low, wilson(0, 0).high) == (0.0, 1.0)


def test_chi_square_pools_rare_cells():
    stat, df = chi_square([50, 50], [50.0, 50.0])
    assert (stat, df) == (0.0, 1)
    # one event where 0.06 were expected must not dominate: the rare cells are pooled
    stat, df = chi_square([100, 60, 1, 0], [101.0, 59.94, 0.06, 0.0])
    assert df == 1 and stat < 1


def test_seat_statistics_credit_shared_wins_and_the_first_mover():
    records = [{"winners": [0], "first": 1}, {"winners": [0, 1], "first": 1}, {"winners": [], "first": 0}]
    shares, first, first_seats, draws = seat_statistics(records, 2)
    assert [s.wins for s in shares] == [1.5, 0.5]
    assert (first.wins, first.n) == (0.5, 2), "the first mover's share counts decided matches only"
    assert first_seats == [1, 2] and draws == 1


def test_analysis_report_has_every_section_with_embedded_plots(pig_registered, tmp_path):
    fractions = []
    analysis = analyze("pig", 60, ladder=["random", "hold-10", "hold-2"], ladder_games=6, seed=2,
                       progress=fractions.append)
    assert sum(s.value for s in analysis.seat_shares) == pytest.approx(1.0)
    assert len(analysis.lengths) == 60 and sum(analysis.first_seats) == 60
    assert analysis.ladder is not None and analysis.ladder.ratings[0].agent == "hold-10"
    assert fractions[-1] == pytest.approx(1.0)
    page = render(analysis)
    for heading in ("Win share by seat", "First-player advantage", "Match length",
                    "The computer levels' ladder"):
        assert heading in page
    images = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert len(images) == 4 and all(base64.b64decode(i).startswith(b"\x89PNG") for i in images)
    assert "<td>Seat 1</td>" in page and "<td>Seat 2</td>" in page and "<td>0</td>" not in page  # counted from 1
    assert "Matches begun by each seat: Seat 1 " in page


def test_analyze_command_writes_the_html_report(pig_registered, tmp_path):
    out = tmp_path / "pig.html"
    result = CliRunner().invoke(app, ["analyze", "pig", "--games", "20", "--ladder", "random,hold-10",
                                      "--ladder-games", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text().startswith("<!doctype html>") and "Pig" in out.read_text()


@pytest.mark.parametrize("game_id", landed_games())
def test_analysis_runs_on_each_game(game_id):
    """Random seats only: some games' computer levels take seconds a match (the ladder is tested on Pig)."""
    analysis = analyze(game_id, 3, section_matches=1)
    assert len(analysis.seat_shares) == analysis.players
    assert "<h1>" in render(analysis)


def test_kings_gold_branches_follow_the_final_dice():
    # counts are (Skulls, Cannons, Coins, Crests)
    assert [BRANCHES[branch(c)] for c in [(5, 0, 0, 0), (3, 1, 1, 0), (4, 0, 1, 0), (0, 0, 5, 0),
                                          (0, 5, 0, 0), (0, 0, 0, 5), (2, 1, 1, 1)]] == [
        "Mutiny", "Royal Curse", "Royal Curse", "King's Ransom", "Broadside Barrage", "Royal Amnesty",
        "ordinary turn"]


def test_kings_gold_turn_outcomes_match_the_exact_probabilities():
    section = TurnOutcomes(matches=4, level="hard")
    section.run(seed=11)
    assert section.turns > 50 and sum(section.observed) == section.turns
    assert sum(section.expected) == pytest.approx(section.turns)
    assert "consistent with the exact" in section.summary()
    # the exact odds of a turn include the opening throw alone: P(five Skulls at once) = (1/3)^5
    assert section.expected[0] / section.turns >= (1 / 3) ** 5 - 1e-12
    with pytest.raises(ValueError, match="only for the solver-driven levels"):
        TurnOutcomes(level="random").run()

"""The hard-against-ceiling ledger: rubbers played once each, resumed, and the paired fallback verdict."""

from __future__ import annotations

import math

from regalia.ai import clock
from regalia.bench import crown_the_queen_verdict as verdict
from regalia.bench._ledger import Ledger


def _entries(pairs: list[tuple[float, float]], fingerprint: str = "f") -> list[dict]:
    found = []
    for i, (hard, ceiling) in enumerate(pairs):
        found.append({"hero": "hard", "seed": i, "share": hard, "cpu": 1.0, "fingerprint": fingerprint})
        found.append({"hero": "ceiling", "seed": i, "share": ceiling, "cpu": 2.0, "fingerprint": fingerprint})
    return found


def test_the_ceiling_plays_with_hard_s_own_budget_of_worlds_margins_and_prior():
    from regalia.games import load_game

    hard = load_game("crown-the-queen").agent_levels()["hard"]
    assert verdict.ceiling_params() == {"samples": hard["samples"], "margin": hard["prior_margin"],
                                        "more_samples": hard["more_samples"], "open_margin": hard["open_margin"],
                                        "prior": hard["prior_policy"]}


def test_the_ceiling_s_choice_is_its_prior_s_unless_rollouts_overturn_it():
    """With a margin no gain can clear, the pack-blind oracle plays its prior's choice: hard's prior
    (medium), not the seeing race it plays its own later turns by."""
    from regalia.bench.crown_the_queen_ceiling import Oracle
    from regalia.core import Rng
    from regalia.games import load_game

    game = load_game("crown-the-queen", players=3)
    match = game.new_match(seed=5)
    differ = 0
    while not match.is_over and len(match.actions) < 400:
        seat = match.to_move
        legal = match.legal_actions()
        if seat is not None and seat >= 0 and len(legal) > 1:
            medium = game.policy("medium", match.state, seat, Rng(0))
            prior = Oracle(seed=1, samples=2, margin=1e9, prior="medium").choose_seeing(match, seat, legal)
            assert prior == medium
            seeing = Oracle(seed=1, samples=2, margin=1e9).choose_seeing(match, seat, legal)
            differ += seeing != medium
            match.play(medium)
        else:
            match.play(game.sample_chance(match.state, Rng(len(match.actions))))
    assert differ > 0


def test_the_paired_margin_is_h_less_seven_tenths_of_c_less_a_tenth_with_its_standard_error():
    pairs = [(1.0, 1.0), (0.0, 1.0), (1.0, 0.0), (0.0, 0.0), (0.5, 1.0)] * 40
    hard_row, ceiling_row, paired = verdict.verdict(_entries(pairs))
    assert hard_row["rubbers"] == ceiling_row["rubbers"] == paired["rubbers"] == 200
    assert math.isclose(hard_row["share"], 0.5) and math.isclose(ceiling_row["share"], 0.6)
    terms = [h - 0.7 * c for h, c in pairs]
    mean = sum(terms) / len(terms)
    se = math.sqrt(sum((t - mean) ** 2 for t in terms) / (len(terms) - 1) / len(terms))
    assert math.isclose(paired["D"], mean - 0.1) and math.isclose(paired["D SE"], se)
    assert math.isclose(paired["of the ceiling's edge"], (0.5 - 1 / 3) / (0.6 - 1 / 3))
    assert paired["fallback"] == "not shown"  # D = -0.02 with a standard error of 0.04
    low, high = (float(x) for x in paired["95% of the edge"].split(" to "))
    assert low < paired["of the ceiling's edge"] < high


def test_the_verdict_is_met_or_not_met_only_when_the_interval_excludes_zero_and_rubbers_suffice():
    assert verdict.verdict(_entries([(1.0, 0.0), (0.0, 0.0), (1.0, 1.0)] * 100))[2]["fallback"] == "met"
    assert verdict.verdict(_entries([(0.0, 1.0), (0.0, 0.0), (0.0, 0.0)] * 100))[2]["fallback"] == "not met"
    assert verdict.verdict(_entries([(1.0, 0.0)] * 10))[2]["fallback"].startswith("too few rubbers")


def test_a_rubber_counts_once_and_an_unpaired_one_counts_for_its_player_only():
    entries = _entries([(1.0, 0.0), (0.0, 1.0)])
    entries.append({"hero": "hard", "seed": 0, "share": 0.0, "fingerprint": "f"})  # played again: ignored
    entries.append({"hero": "hard", "seed": 7, "share": 1.0, "fingerprint": "f"})
    hard_row, ceiling_row, paired = verdict.verdict(entries)
    assert (hard_row["rubbers"], hard_row["share"]) == (3, 2 / 3)
    assert (ceiling_row["rubbers"], paired["rubbers"]) == (2, 2)


def test_a_run_plays_only_the_rubbers_the_ledger_lacks_for_the_current_fingerprint(tmp_path, monkeypatch):
    ledger = Ledger(tmp_path / "verdict.jsonl")
    fingerprint = "the current code"
    monkeypatch.setattr(verdict, "current_fingerprint", lambda: fingerprint)
    ledger.append({"hero": "hard", "seed": 10, "share": 1.0, "fingerprint": fingerprint})
    ledger.append({"hero": "ceiling", "seed": 11, "share": 1.0, "fingerprint": "an older code"})
    assert verdict.missing(ledger, fingerprint, 10, 2) == [("ceiling", 10), ("hard", 11), ("ceiling", 11)]
    played: list[tuple[str, int]] = []

    def fake(job: tuple[str, int]) -> dict:
        played.append(job)
        return {"hero": job[0], "seed": job[1], "seat": job[1] % 3, "share": 0.0, "cpu": 0.0}

    monkeypatch.setattr(verdict, "play_rubber", fake)
    monkeypatch.setattr(verdict, "Pool", _InProcess)
    assert verdict.play(ledger, 10, 2, workers=2) == 3
    assert played == [("ceiling", 10), ("hard", 11), ("ceiling", 11)]
    assert verdict.missing(ledger, fingerprint, 10, 2) == []
    assert all(e["field"] == "medium" and e["fingerprint"] == fingerprint for e in ledger.read()[2:])


def test_rubber_i_seats_the_hero_at_i_mod_3_with_the_strength_bench_s_seeds(monkeypatch):
    from regalia.bench.crown_the_queen import make_agent

    made: list[tuple[str, str, dict]] = []

    def recording(level: str, seed: str, field: str | None = None, **params):
        made.append((level, seed, params))
        return make_agent("easy", seed)  # cheap stand-ins: only the seating is under test

    monkeypatch.setattr(verdict, "make_agent", recording)
    entry = verdict.play_rubber(("ceiling", 4))
    assert entry["hero"] == "ceiling" and entry["seed"] == 4 and entry["seat"] == 1
    assert entry["share"] in (0.0, 1 / 3, 0.5, 1.0)
    assert made == [("medium", "4:0", {}), ("oracle", "4:1", verdict.ceiling_params()), ("medium", "4:2", {})]
    made.clear()
    verdict.play_rubber(("hard", 5))
    assert [level for level, _, _ in made] == ["medium", "medium", "hard"]


class _InProcess:
    """A stand-in for ``multiprocessing.Pool`` that runs each job at once, in this process."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def __enter__(self) -> _InProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def apply_async(self, function, args):
        value = function(*args)

        class Done:
            def ready(self) -> bool:
                return True

            def get(self):
                return value
        return Done()


def test_the_fingerprint_reads_the_runner_from_the_file_as_it_now_is():
    import inspect

    from regalia.bench._ledger import code

    assert verdict._runner_code() == code(inspect.getsource(verdict.play_rubber))


def test_a_rubber_records_the_hero_s_decisions_those_the_clock_stopped_and_the_slowest(monkeypatch):
    from regalia.bench.crown_the_queen import make_agent

    def hurried(level: str, seed: str, field: str | None = None, **params):
        if level == "hard":  # a clock so short that it ends every decision
            return make_agent("hard", seed, seconds=1e-9)
        return make_agent(level, seed, field, **params)

    monkeypatch.setattr(verdict, "make_agent", hurried)
    entry = verdict.play_rubber(("hard", 2))
    assert entry["decisions"] > 10 and entry["clocked"] == entry["decisions"]
    # A decision the clock ends at once can take under 50 µs of CPU, which the ledger rounds to 0.0.
    assert 0.0 <= entry["slowest"] < 1.0
    entries = [{"hero": "hard", "seed": i, "share": 1.0, "decisions": 20, "clocked": i, "slowest": 0.1 * i,
                "fingerprint": "f"} for i in range(3)]
    hard_row = verdict.verdict(entries)[0]
    assert (hard_row["decisions"], hard_row["stopped by the clock"], hard_row["slowest (CPU s)"]) == (60, 3, 0.2)


def test_hard_s_search_is_not_stopped_by_its_clock_in_a_rubber_of_the_ledger():
    # The ledger is always played on the CPU clock; on the wall clock a test run in parallel with others
    # (scripts/test runs two workers) would measure the machine's load, not the search.
    was_cpu = clock.is_cpu_clock()
    clock.use_cpu_clock()
    try:
        entry = verdict.play_rubber(("hard", 3))
    finally:
        clock.use_cpu_clock(was_cpu)
    assert entry["decisions"] > 10 and entry["clocked"] == 0


def test_the_anytime_verdict_is_wider_than_the_fixed_one_and_may_be_read_after_every_block():
    pairs = [(1.0, 1.0), (0.0, 1.0), (1.0, 0.0), (0.0, 0.0), (0.5, 1.0), (1.0, 0.0)] * 60
    paired = verdict.verdict(_entries(pairs))[2]
    low, high = (float(x) for x in paired["D anytime 95%"].split(" to "))
    half = (high - low) / 2
    assert math.isclose((low + high) / 2, paired["D"], abs_tol=1e-4)
    assert half > 1.96 * paired["D SE"]  # valid at every look, so wider than one look's interval
    assert paired["fallback"] == "met" and paired["fallback (anytime)"] == "not shown"
    clear = verdict.verdict(_entries([(1.0, 0.0), (0.0, 0.0), (1.0, 1.0)] * 400))[2]
    assert clear["fallback (anytime)"] == "met"


def test_the_table_says_how_many_rubbers_would_pin_d_to_half_a_point_at_the_spread_seen():
    pattern = [(1.0, 1.0), (0.0, 1.0), (1.0, 0.0), (0.0, 0.0), (0.5, 1.0)]
    terms = [h - 0.7 * c for h, c in pattern * 40]
    mean = sum(terms) / len(terms)
    spread = math.sqrt(sum((t - mean) ** 2 for t in terms) / (len(terms) - 1))
    few = verdict.verdict(_entries(pattern * 40))[2]["rubbers for D ± 0.005"]
    assert few == math.ceil((verdict.Z95 * spread / 0.005) ** 2)
    many = verdict.verdict(_entries(pattern * 400))[2]["rubbers for D ± 0.005"]
    assert abs(many - few) / few < 0.01  # a property of the spread, not of how many rubbers are in

"""The benchmark ledger: entries appended whole, a cut-short line skipped with a warning, fingerprints."""

from __future__ import annotations

import json
import math
import random

import pytest

from regalia.bench._ledger import Z95, Ledger, anytime_margin, fingerprint, wilson


def test_entries_are_appended_one_a_line_and_read_back(tmp_path):
    ledger = Ledger(tmp_path / "sub" / "ledger.jsonl")
    assert ledger.read() == []
    ledger.append({"fingerprint": "f1", "seed": 0, "score": 1.0})
    ledger.append({"fingerprint": "f1", "seed": 1, "score": 0.0})
    lines = (tmp_path / "sub" / "ledger.jsonl").read_text().splitlines()
    assert [json.loads(line)["seed"] for line in lines] == [0, 1]
    assert [e["seed"] for e in ledger.read()] == [0, 1]


def test_current_counts_only_the_fingerprint_asked_and_each_seed_once(tmp_path):
    ledger = Ledger(tmp_path / "ledger.jsonl")
    for fp, seed in (("old", 0), ("old", 1), ("new", 1), ("new", 1), ("new", 2)):
        ledger.append({"fingerprint": fp, "pair": "a:b", "seed": seed})
    ledger.append({"fingerprint": "new", "pair": "a:c", "seed": 0})
    assert [e["seed"] for e in ledger.current("new", pair="a:b")] == [1, 2]
    assert [e["seed"] for e in ledger.current("old", pair="a:b")] == [0, 1]
    assert ledger.current("other", pair="a:b") == []
    assert len(ledger.read()) == 6  # old entries are kept


def test_a_half_written_last_line_is_skipped_with_a_warning_and_the_next_entry_starts_a_new_line(tmp_path):
    path = tmp_path / "ledger.jsonl"
    ledger = Ledger(path)
    ledger.append({"fingerprint": "f", "seed": 0})
    with path.open("a") as file:
        file.write('{"fingerprint": "f", "se')  # a run killed mid-write
    with pytest.warns(UserWarning, match="not a whole entry"):
        assert [e["seed"] for e in ledger.read()] == [0]
    ledger.append({"fingerprint": "f", "seed": 1})
    with pytest.warns(UserWarning, match=r"ledger.jsonl:2"):
        assert [e["seed"] for e in ledger.current("f")] == [0, 1]
    assert path.read_text().splitlines()[2] == '{"fingerprint":"f","seed":1}'


def test_the_fingerprint_changes_with_any_file_or_setting(tmp_path):
    (tmp_path / "rules.py").write_text("A = 1\n")
    (tmp_path / "search.py").write_text("B = 2\n")
    files = [tmp_path / "rules.py", tmp_path / "search.py"]
    first = fingerprint(files, "clock cpu", root=tmp_path)
    assert first == fingerprint(list(reversed(files)), "clock cpu", root=tmp_path)
    assert first != fingerprint(files, "clock wall", root=tmp_path)
    (tmp_path / "search.py").write_text("B = 3\n")
    assert first != fingerprint(files, "clock cpu", root=tmp_path)


def test_wilson_interval():
    low, high = wilson(80, 100)
    assert 0.71 < low < 0.72 and 0.86 < high < 0.87
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(400, 400)[1] == pytest.approx(1.0)


def test_a_code_fingerprint_ignores_docstrings_comments_and_layout_but_not_code(tmp_path):
    from regalia.bench._ledger import code_fingerprint

    path = tmp_path / "play.py"
    path.write_text('"""Module."""\n\nSPREAD = 25.0\n"""A note: 41.5% of 2,000."""\n\n\ndef f(x):\n    """Doc."""\n'
                    "    return x + SPREAD  # why\n")
    before = code_fingerprint([path], "clock cpu")
    path.write_text('"""Module, with figures."""\n\nSPREAD = 25.0\n"""A note: 42.0% of 3,000."""\n\n\n'
                    "def f(x):\n    return (x\n            + SPREAD)\n")
    assert code_fingerprint([path], "clock cpu") == before
    assert code_fingerprint([path], "clock wall") != before
    path.write_text('SPREAD = 32.0\n\n\ndef f(x):\n    return x + SPREAD\n')
    assert code_fingerprint([path], "clock cpu") != before


def test_fieller_s_interval_holds_exactly_the_ratios_the_paired_data_do_not_rule_out():
    from regalia.bench._ledger import Z95, mean_and_se, ratio_interval

    xs = [0.7, -0.3, 0.7, -0.3, 0.2, -0.3, 0.7, 0.7] * 30
    ys = [0.7, 0.7, -0.3, -0.3, 0.7, 0.7, 0.7, -0.3] * 30
    low, high = ratio_interval(xs, ys)
    assert low < (sum(xs) / sum(ys)) < high

    def allowed(r: float) -> bool:
        mean, se = mean_and_se([x - r * y for x, y in zip(xs, ys, strict=True)])
        return abs(mean) <= Z95 * se

    assert allowed(low + 1e-6) and allowed(high - 1e-6)
    assert not allowed(low - 1e-3) and not allowed(high + 1e-3)


def test_fieller_s_interval_is_none_where_the_denominator_is_not_clearly_off_zero():
    from regalia.bench._ledger import ratio_interval

    assert ratio_interval([1.0, 0.0, 1.0, 0.0], [1.0, -1.0, 1.0, -1.0]) is None
    assert ratio_interval([1.0], [1.0]) is None


def test_a_verdict_run_told_to_stop_at_a_clock_time_already_past_today_plays_until_that_time_tomorrow():
    from datetime import UTC, datetime

    from regalia.bench.crown_the_queen_verdict import _deadline

    late = datetime(2026, 12, 1, 22, 0, tzinfo=UTC)
    assert _deadline("00:30", now=late) == datetime(2026, 12, 2, 0, 30, tzinfo=UTC)
    assert _deadline("23:15", now=late) == datetime(2026, 12, 1, 23, 15, tzinfo=UTC)
    assert _deadline(None, now=late) is None


def test_an_anytime_interval_holds_at_every_look_where_a_fixed_one_looked_at_again_and_again_does_not():
    rng = random.Random(7)
    sequences, length, looks = 300, 2000, range(100, 2001, 100)
    anytime_missed = fixed_missed = 0
    for _ in range(sequences):
        total = square = 0.0
        missed_anytime = missed_fixed = False
        for n in range(1, length + 1):
            x = 1.0 if rng.random() < 0.4 else 0.0  # a share of 40%
            total, square = total + x, square + x * x
            if n in looks:
                mean = total / n
                sd = math.sqrt(max(0.0, square / n - mean * mean) * n / (n - 1))
                missed_anytime |= abs(mean - 0.4) > anytime_margin(n, sd, planned=1000)
                missed_fixed |= abs(mean - 0.4) > Z95 * sd / math.sqrt(n)
        anytime_missed += missed_anytime
        fixed_missed += missed_fixed
    assert anytime_missed / sequences <= 0.05  # wrong at some look in at most 5% of the ledgers
    assert fixed_missed / sequences > 0.1  # twenty looks at a 95% interval: wrong far more often


def test_an_anytime_interval_is_about_half_as_wide_again_as_a_fixed_one_where_it_is_planned():
    fixed = Z95 * 0.45 / math.sqrt(30_000)
    assert 1.3 < anytime_margin(30_000, 0.45, planned=30_000) / fixed < 1.7
    assert anytime_margin(120_000, 0.45, planned=30_000) < anytime_margin(30_000, 0.45, planned=30_000)
    assert anytime_margin(0, 0.45, planned=30_000) == math.inf

"""The strength benchmark's ledger: a run plays only the matches the ledger lacks for the current
fingerprint, records each as it ends, and counts only entries of the current fingerprint."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from regalia.bench import gold_battle
from regalia.bench._ledger import Ledger

RATE = 20_000.0  # alpha-beta budgets in nodes: deterministic


def run(ledger: Ledger, matches: int, scale: float = 1.0) -> dict:
    return gold_battle.strength("easy", "random", matches, scale, workers=1, nodes_per_second=RATE, ledger=ledger)


def test_a_run_records_every_match_and_a_later_run_skips_the_seeds_done(tmp_path):
    ledger = Ledger(tmp_path / "strength.jsonl")
    first = run(ledger, 3)
    assert (first["played"], first["matches"]) == (3, 3)
    entries = ledger.read()
    assert [e["seed"] for e in entries] == [0, 1, 2]
    assert [(e["red"], e["blue"]) for e in entries] == [("easy", "random"), ("random", "easy"), ("easy", "random")]
    for e in entries:
        assert e["pair"] == "easy:random" and e["fingerprint"] == first["fingerprint"]
        assert e["result"] in ("a", "b", "draw") and e["plies"] > 2 and e["cpu_a"] >= 0 and e["date"]
    second = run(ledger, 5)
    assert (second["played"], second["matches"]) == (2, 5)
    assert second["wins"] + second["draws"] + second["losses"] == 5
    assert [e["seed"] for e in ledger.read()] == [0, 1, 2, 3, 4]  # only seeds 3 and 4 were added
    assert ledger.read()[:3] == entries
    again = run(ledger, 5)
    assert (again["played"], again["matches"], again["score"]) == (0, 5, second["score"])


def test_a_changed_fingerprint_does_not_count_old_entries(tmp_path, monkeypatch):
    ledger = Ledger(tmp_path / "strength.jsonl")
    old = run(ledger, 2)
    monkeypatch.setattr(gold_battle, "pair_fingerprint", lambda *args: "changed-rules")
    new = run(ledger, 1)
    assert new["fingerprint"] != old["fingerprint"]
    assert (new["played"], new["matches"], new["other_fingerprints"]) == (1, 1, 2)
    assert len(ledger.read()) == 3  # the old entries are kept


def test_the_fingerprint_follows_the_settings_that_decide_play():
    base = gold_battle.pair_fingerprint("hard", "medium", 1.0)
    assert base == gold_battle.pair_fingerprint("hard", "medium", 1.0)
    assert base != gold_battle.pair_fingerprint("hard", "medium", 0.5)
    assert base != gold_battle.pair_fingerprint("hard", "uct", 1.0)
    names = {p.name for p in gold_battle.play_files("hard", "uct")}
    assert {"rules.py", "evaluation.py", "game.py", "alphabeta.py", "mcts.py", "clock.py"} <= names


def test_a_run_killed_mid_write_loses_only_that_match(tmp_path):
    path = tmp_path / "strength.jsonl"
    ledger = Ledger(path)
    run(ledger, 2)
    lines = path.read_text().splitlines()
    path.write_text(lines[0] + "\n" + lines[1][: len(lines[1]) // 2])  # the second line cut short
    with pytest.warns(UserWarning, match="not a whole entry"):
        again = run(ledger, 2)
    assert (again["played"], again["matches"]) == (1, 2)
    assert json.loads(path.read_text().splitlines()[2])["seed"] == 1


def test_the_strength_row_reports_n_the_interval_and_the_goal(tmp_path):
    row = gold_battle.strength_row("easy", "random", 2, 1.0, 1, RATE, Ledger(tmp_path / "l.jsonl"))
    assert row["measure"] == "easy vs random"
    assert "n=2 (< 400)" in row["notes"] and "95% [" in row["notes"] and "ledger " in row["notes"]


def test_until_reads_a_utc_time_of_day_or_an_iso_date_time():
    assert gold_battle.parse_until(None) is None
    moment = gold_battle.parse_until("03:50")
    assert moment is not None and (moment.hour, moment.minute, moment.utcoffset()) == (3, 50, timedelta(0))
    assert gold_battle.parse_until("2026-01-02T03:04:05") == datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


def test_a_run_past_its_until_time_starts_no_match(tmp_path):
    found = gold_battle.strength("easy", "random", 3, 1.0, 1, RATE, Ledger(tmp_path / "l.jsonl"),
                                 until=datetime(2000, 1, 1, tzinfo=UTC))
    assert (found["played"], found["matches"]) == (0, 0)


def test_a_run_at_the_other_clock_names_the_matches_it_does_not_count(tmp_path, monkeypatch, capsys):
    ledger = Ledger(tmp_path / "strength.jsonl")
    monkeypatch.setattr(gold_battle.clock, "is_cpu_clock", lambda: True)
    at_cpu = run(ledger, 2)
    assert (at_cpu["matches"], at_cpu["other_clock"]) == (2, 0)
    capsys.readouterr()
    monkeypatch.setattr(gold_battle.clock, "is_cpu_clock", lambda: False)
    row = gold_battle.strength_row("easy", "random", 0, 1.0, 1, RATE, ledger)
    assert "n=0" in row["notes"]
    assert "2 of them are this code's matches at the CPU clock: set REGALIA_AI_CLOCK=cpu" in row["notes"]
    at_wall = run(ledger, 1)  # the wall clock's own match is played, with a word about the two it leaves
    assert (at_wall["played"], at_wall["matches"], at_wall["other_clock"]) == (1, 1, 2)
    assert "holds 2 matches of this code at the CPU clock" in capsys.readouterr().err

"""The benchmark ledger: entries appended whole, a cut-short line skipped with a warning, fingerprints."""

from __future__ import annotations

import json

import pytest

from regalia.bench._ledger import Ledger, fingerprint, wilson


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

"""A database that cannot be opened at start: one clear line naming it and what to do, exit status != 0,
no traceback — checked on a real ``regalia serve`` process."""

from __future__ import annotations

import os
import subprocess
import sys


def serve(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "regalia.cli", "serve", "--port", "1", *args],
                          capture_output=True, text=True, timeout=120, env={**os.environ, **(env or {})})


def one_clear_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode not in (0, None), done
    assert "Traceback" not in done.stderr + done.stdout, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_a_database_in_a_missing_folder_is_named_with_what_to_do(tmp_path):
    folder = tmp_path / "no" / "such" / "dir"
    line = one_clear_line(serve("--db", f"sqlite:///{folder / 'x.db'}"))
    assert str(folder) in line and "does not exist" in line and f"mkdir -p {folder}" in line, line
    assert not folder.exists()


def test_the_issue_s_example_path(tmp_path):
    line = one_clear_line(serve("--db", "sqlite:////nonexistent/dir/x.db"))
    assert "/nonexistent/dir" in line and "does not exist" in line, line


def test_a_default_data_folder_that_cannot_be_made_is_named_with_what_to_do(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    line = one_clear_line(serve(env={"XDG_DATA_HOME": str(blocker)}))
    assert str(blocker / "regalia") in line and "--db" in line and "XDG_DATA_HOME" in line, line


def test_an_unreachable_database_server_is_named_without_its_password():
    line = one_clear_line(serve("--db", "postgresql://someone:hunter2@127.0.0.1:1/regalia"))
    assert "127.0.0.1:1/regalia" in line and "hunter2" not in line, line

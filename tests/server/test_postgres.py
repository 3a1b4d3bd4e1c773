"""The same server on PostgreSQL (``--db postgresql://...``): a throwaway cluster on a free port.

Run in CI (scripts/test installs postgresql); where the binaries are missing, CI fails loudly rather than
skipping, and a developer's machine without them is told how to get them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from regalia.server.app import create_app

from .conftest import free_socket, serve
from .test_profiles_referee import friend_leaves_high_card, stored
from .test_profiles_toys import records_catalog
from .toys import toy_catalog


def postgres_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return found[-1].parent if found else None


def as_postgres(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.getuid() == 0 else command


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    if os.environ.get("REGALIA_PG_URL"):
        yield os.environ["REGALIA_PG_URL"]
        return
    bin_dir = postgres_bin()
    if bin_dir is None:
        pytest.fail("PostgreSQL is not installed (apt-get install postgresql), or set REGALIA_PG_URL")
    folder = Path(tempfile.mkdtemp(prefix="regalia-pg-"))
    if os.getuid() == 0:
        shutil.chown(folder, "postgres")
    sock = free_socket()
    port = sock.getsockname()[1]
    sock.close()
    data = folder / "data"
    subprocess.run(as_postgres([str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
                                "-E", "UTF8", "--no-sync"]), check=True, capture_output=True)
    subprocess.run(as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w", "-o",
                                f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off", "start"]),
                   check=True, capture_output=True)
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"]),
                       capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def test_a_match_is_stored_in_postgres_and_resumes_after_a_restart(postgres_url):
    for server in serve(create_app(postgres_url, catalog=toy_catalog(), bot_pause=0.0)):
        created = server.new_match("pig", seats=[{"kind": "human"}, {"kind": "human"}], target=100)
        player = server.ws(created["match"])
        player.hello(*created["tokens"].values())
        for _ in range(6):
            player.act("roll" if player.state["view"]["turn"] < 6 else "stop", seat=player.state["view"]["to_move"])
        before = player.state
        player.close()
    for server in serve(create_app(postgres_url, catalog=toy_catalog(), bot_pause=0.0)):
        again = server.ws(created["match"]).hello(*created["tokens"].values())
        assert again["version"] == before["version"] == 6
        assert again["view"] == before["view"]


def test_a_forfeit_is_read_from_the_stand_in_s_actions_in_postgres(postgres_url):
    for server in serve(create_app(postgres_url, catalog=records_catalog(), bot_pause=0.0)):
        match_id, _ = friend_leaves_high_card(server, bet="fold")
        seats = server.http.get(f"/api/matches/{match_id}/result").json()["seats"]
        mine, theirs = ((s["place"], s["outcome"]) for s in seats)
        assert theirs == (2, "forfeit") and mine in ((1, "win"), (1, "draw"))  # the computer held or folded
        assert stored(server, match_id) == ({1}, [1])

"""Bulk simulation: every backend gives run_batch's answer; results stream to JSON lines and resume."""

import json

import pytest
from typer.testing import CliRunner

from regalia.ai.arena import run_batch
from regalia.cli.main import app
from regalia.research.backends import make_backend
from regalia.research.simulate import simulate
from tests.research.landed import landed_games


def without_time(result):
    data = result.to_dict()
    data.pop("seconds")
    return data


def test_local_backends_give_run_batch_results(pig_registered):
    expected = without_time(run_batch("pig", 30, seed=4, rotate=True, seats=["hold-10", "random"]))
    for workers in (1, 2):
        got = simulate("pig", 30, seed=4, rotate=True, seats=["hold-10", "random"], workers=workers)
        assert without_time(got) == expected


@pytest.mark.parametrize("game_id", landed_games())
def test_two_workers_match_one_on_each_game(game_id):
    one = simulate(game_id, 4, seed=9, rotate=True)
    two = simulate(game_id, 4, seed=9, rotate=True, workers=2)
    assert without_time(one) == without_time(two)


def test_results_stream_to_json_lines_and_an_interrupted_run_resumes(pig_registered, tmp_path):
    out = tmp_path / "run.jsonl"
    fresh = simulate("pig", 24, seed=1, out=tmp_path / "fresh.jsonl")
    simulate("pig", 10, seed=1, out=out)
    lines = out.read_text().splitlines()
    assert json.loads(lines[0])["format"] == "regalia.results" and len(lines) == 11
    out.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:12])  # killed mid-write
    played = []
    resumed = simulate("pig", 24, seed=1, out=out, progress=played.append)
    assert played[0] == 9, "the 9 complete records are kept; the cut one is played again"
    assert without_time(resumed) == without_time(fresh)
    assert sorted(json.loads(line)["index"] for line in out.read_text().splitlines()[1:]) == list(range(24))


def test_resume_refuses_a_file_of_another_plan(pig_registered, tmp_path):
    out = tmp_path / "run.jsonl"
    simulate("pig", 3, seed=1, out=out)
    with pytest.raises(ValueError, match="another plan.*seed: 1 in the file, 2 now"):
        simulate("pig", 3, seed=2, out=out)
    lines = out.read_text().splitlines()
    record = json.loads(lines[2])
    record["seed"] = 99
    out.write_text("\n".join([*lines[:2], json.dumps(record)]) + "\n")
    with pytest.raises(ValueError, match="line 3 does not match the plan's match 1"):
        simulate("pig", 3, seed=1, out=out)


def test_unknown_backend_and_misplaced_address_are_clear_errors():
    with pytest.raises(ValueError, match="unknown backend 'spark'; backends: local, ray"):
        make_backend("spark")
    with pytest.raises(ValueError, match="--address names a Ray cluster"):
        make_backend("local", address="10.0.0.1:6379")
    with pytest.raises(ValueError, match="--workers must be at least 1"):
        make_backend("local", workers=0)


def test_simulate_command_takes_backend_workers_and_out(pig_registered, tmp_path):
    runner = CliRunner()
    out = tmp_path / "cli.jsonl"
    args = ["simulate", "pig", "--games", "12", "--seats", "hold-10,random", "--json"]
    plain = runner.invoke(app, args)
    spread = runner.invoke(app, [*args, "--workers", "2", "--out", str(out)])
    assert plain.exit_code == 0 and spread.exit_code == 0, spread.output
    a, b = (json.loads(r.stdout.strip().splitlines()[-1]) for r in (plain, spread))
    a.pop("seconds"), b.pop("seconds")
    assert a == b
    assert len(out.read_text().splitlines()) == 13
    bad = runner.invoke(app, ["simulate", "pig", "--games", "2", "--backend", "spark"])
    assert bad.exit_code == 2 and "unknown backend" in bad.output


def test_ray_backend_gives_the_local_results(pig_registered):
    """The one Ray smoke test (a local cluster costs seconds to start)."""
    local = simulate("pig", 40, seed=5, rotate=True, seats=["hold-10", "random"])
    ray = simulate("pig", 40, seed=5, rotate=True, seats=["hold-10", "random"], backend="ray", workers=2)
    assert without_time(ray) == without_time(local)


def test_a_second_run_on_the_same_results_file_is_refused(pig_registered, tmp_path):
    from regalia.research.results import ResultsFile
    from regalia.research.simulate import plan_batch

    out = tmp_path / "busy.jsonl"
    specs = plan_batch(2, ["random", "random"])
    first = ResultsFile(out, {"kind": "test"})
    first.resume(specs)
    try:
        with pytest.raises(ValueError, match="being written by another run"):
            ResultsFile(out, {"kind": "test"}).resume(specs)
    finally:
        first.close()
    again = ResultsFile(out, {"kind": "test"})
    assert again.resume(specs) == {}
    again.close()


def test_ray_backend_joins_the_given_cluster_or_starts_a_local_one():
    from regalia.research.backends import RayBackend

    joined = RayBackend(address="10.0.0.5:6379")._init_args()
    assert joined["address"] == "10.0.0.5:6379" and "num_cpus" not in joined and "runtime_env" not in joined
    local = RayBackend(workers=2)._init_args()
    assert local["num_cpus"] == 2 and "address" not in local and local["include_dashboard"] is False

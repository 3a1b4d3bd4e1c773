"""Learn to play (server/tutorials.py): a tutorial's steps are matches like any other, started in the step's
position; the server plays a taught move, answers another legal one with "not quite" and the step's hint
(playing nothing), refuses an illegal one with its rule in words, and marks a signed-in learner's finished
tutorial on their profile. On The Gold Battle, the tutorial built first."""

from __future__ import annotations

from typing import Any

import pytest

from regalia.games.gold_battle.tutorial import TUTORIAL
from regalia.server.app import create_app
from tests.server.conftest import LiveServer, serve

GAME = "gold-battle"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory):
    yield from serve(create_app(f"sqlite:///{tmp_path_factory.mktemp('learn') / 'l.db'}", bot_pause=0.0))


def start(site: LiveServer, n: int) -> dict[str, Any]:
    answer = site.http.post(f"/api/tutorials/{GAME}/steps/{n}")
    assert answer.status_code == 201, answer.text
    return answer.json()


def attempt(site: LiveServer, n: int, started: dict[str, Any], action: str, version: int = 0,
            headers: dict[str, str] | None = None) -> Any:
    return site.http.post(f"/api/tutorials/{GAME}/steps/{n}/move", headers=headers or {}, json={
        "match": started["match"], "seat_token": started["token"], "version": version, "action": action})


def version_of(site: LiveServer, match_id: str) -> int:
    return int(site.http.get(f"/api/matches/{match_id}").json()["version"])


def test_the_tutorials_are_listed_with_their_steps(site):
    listed = site.http.get("/api/tutorials").json()
    assert {"game": GAME, "title": "The Gold Battle", "steps": len(TUTORIAL)} in listed["tutorials"]
    assert listed["finished"] is None  # nobody signed in
    steps = site.http.get(f"/api/tutorials/{GAME}").json()["steps"]
    assert [s["title"] for s in steps] == [s.title for s in TUTORIAL]
    assert steps[2]["moves"] == list(TUTORIAL[2].moves) and steps[-1]["free"]
    assert "hint" not in steps[0]  # said when it is needed, by the server
    assert site.http.get("/api/tutorials/no-such-game").status_code == 404
    assert site.http.post(f"/api/tutorials/{GAME}/steps/{len(TUTORIAL)}").status_code == 404


def test_a_step_is_a_match_in_its_position_against_the_computer(site):
    started = start(site, 2)
    info = site.http.get(f"/api/matches/{started['match']}").json()
    assert info["options"]["position"] == TUTORIAL[2].options["position"]
    assert [s["kind"] for s in info["seats"]] == ["human", "computer"] and info["seats"][1]["level"] == "easy"
    assert started["seat"] == 0 and started["step"]["moves"] == ["g5-g6"]


def test_another_legal_move_is_answered_not_quite_and_changes_nothing(site):
    started = start(site, 2)
    answer = attempt(site, 2, started, "e6-d6").json()
    assert answer["verdict"] == "not-quite" and answer["say"] == TUTORIAL[2].hint and "rule 5" in answer["say"]
    assert version_of(site, started["match"]) == 0


def test_an_illegal_move_is_refused_with_its_rule_in_words(site):
    started = start(site, 2)
    answer = attempt(site, 2, started, "g5-f6").json()  # onto the forest
    assert answer["verdict"] == "refused" and answer["say"].startswith("Rule 4")
    assert version_of(site, started["match"]) == 0


def test_the_taught_move_is_played_once_and_the_step_is_done(site):
    started = start(site, 2)
    answer = attempt(site, 2, started, "g5-g6").json()
    assert answer == {"verdict": "done", "say": TUTORIAL[2].done, "finished": False}
    assert version_of(site, started["match"]) >= 1
    again = attempt(site, 2, started, "e6-d6", version=version_of(site, started["match"]))
    assert again.status_code in (409,)


def test_only_the_step_match_and_its_token_may_try(site):
    started = start(site, 2)
    assert attempt(site, 2, {**started, "token": "nope"}, "g5-g6").status_code == 403
    assert attempt(site, 3, started, "g5-g6").status_code == 409  # not step 4's match
    other = site.http.post("/api/matches", json={"game": GAME}).json()
    assert attempt(site, 2, {"match": other["match"], "token": other["tokens"]["0"]}, "e4-e5").status_code == 409


def test_finishing_the_last_lesson_marks_the_profile(site):
    made = site.http.post("/api/profiles", json={"name": "learner-anne"}).json()
    auth = {"authorization": f"Bearer {made['token']}"}
    last = len(TUTORIAL) - 2
    started = start(site, last)
    answer = attempt(site, last, started, TUTORIAL[last].moves[0], headers=auth).json()
    assert answer["verdict"] == "done" and answer["finished"]
    assert site.http.get("/api/tutorials", headers=auth).json()["finished"] == [GAME]
    assert site.http.get(f"/api/tutorials/finished/{made['profile']}").json()["finished"] == [GAME]
    # once more: still one mark
    again = start(site, last)
    assert attempt(site, last, again, TUTORIAL[last].moves[0], headers=auth).json()["finished"]
    assert site.http.get(f"/api/tutorials/finished/{made['profile']}").json()["finished"] == [GAME]


def test_the_closing_step_is_a_real_match_against_easy(site):
    started = start(site, len(TUTORIAL) - 1)
    assert started["step"]["free"]
    answer = attempt(site, len(TUTORIAL) - 1, started, "e4-e5").json()
    assert answer["verdict"] == "played"


def test_a_step_of_a_game_of_dice_is_its_seed_and_opening_actions(site):
    """King's Gold: the step's match is dealt from its seed and led by its opening actions to the throw its
    words describe; the replayed match (after a restart) is the same."""
    from regalia.games.kings_gold.tutorial import TUTORIAL as KG

    answer = site.http.post("/api/tutorials/kings-gold/steps/1")
    assert answer.status_code == 201, answer.text
    started = answer.json()
    info = site.http.get(f"/api/matches/{started['match']}").json()
    assert [s["level"] for s in info["seats"]] == [None, "easy"] and not info["is_over"]
    version = info["version"]
    body = {"match": started["match"], "seat_token": started["token"], "version": version}
    wrong = site.http.post("/api/tutorials/kings-gold/steps/1/move", json={**body, "action": "stop"}).json()
    assert wrong["verdict"] == "not-quite" and wrong["say"] == KG[1].hint
    locked = site.http.post("/api/tutorials/kings-gold/steps/1/move", json={**body, "action": "reroll 5"}).json()
    assert locked["verdict"] == "refused" and "Skull" in locked["say"]
    done = site.http.post("/api/tutorials/kings-gold/steps/1/move", json={**body, "action": "reroll 2"}).json()
    assert done["verdict"] == "done" and done["say"] == KG[1].done


@pytest.mark.parametrize("game", ["gold-battle", "kings-gold", "crown-the-queen", "gold-crown"])
def test_every_game_has_a_tutorial_whose_every_step_starts_with_the_learner_seated(site, game):
    listed = {t["game"]: t["steps"] for t in site.http.get("/api/tutorials").json()["tutorials"]}
    assert 6 <= listed[game] <= 12
    for n in range(listed[game]):
        answer = site.http.post(f"/api/tutorials/{game}/steps/{n}")
        assert answer.status_code == 201, answer.text
        info = site.http.get(f"/api/matches/{answer.json()['match']}").json()
        assert not info["is_over"] and [s["kind"] for s in info["seats"]][answer.json()["seat"]] == "human"


def test_gold_crown_open_gates_step_answers_another_knight_not_quite_and_takes_the_crossing(site):
    """Gold Crown's lesson of the 6 (the gates crashed open by the ram): another knight's step is answered
    "not quite" and not played; the crossing through the gates is done."""
    from regalia.games.gold_crown.tutorial import TUTORIAL as GC

    n = next(i for i, step in enumerate(GC) if step.title == "The gates crash open")
    answer = site.http.post(f"/api/tutorials/gold-crown/steps/{n}")
    assert answer.status_code == 201, answer.text
    started = answer.json()
    version = version_of(site, started["match"])
    body = {"match": started["match"], "seat_token": started["token"], "version": version}
    url = f"/api/tutorials/gold-crown/steps/{n}/move"
    wrong = site.http.post(url, json={**body, "action": "move d2-d3"}).json()
    assert wrong == {"verdict": "not-quite", "say": GC[n].hint, "finished": False}
    assert version_of(site, started["match"]) == version  # nothing played
    done = site.http.post(url, json={**body, "action": "move k5-k6"}).json()
    assert done["verdict"] == "done" and done["say"] == GC[n].done

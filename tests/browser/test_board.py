"""A game's static board comes from its rules package, over HTTP, and the browser draws it from there.

Gold Crown's mat is drawn once, in ``regalia/games/gold_crown/mat.py``; ``GoldCrown.board()`` publishes it,
``GET /api/games/gold-crown/board`` serves it, and the table paints the boxes it is given. These tests hold
each link: the served board is mat.py's reading (down to the drawing's every character), no web file holds
a copy of the drawing, and the page draws exactly the served boxes, even a board it could not have known.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from regalia import load_game
from regalia.games.crown_the_queen.cards import PROCESSION
from regalia.games.gold_crown import mat, spinner
from regalia.games.kings_gold.rules import HEISTS
from regalia.server.app import WEB as WEB_FOLDER

from .conftest import start_from_lobby

WEB = Path(WEB_FOLDER)

# what each character of mat.py's drawing becomes in the served board: (zone, mark)
DRAWN = {"#": ("separator", None), ".": ("field", None), "-": ("field", "dash"), "B": ("field", "shield"),
         "W": ("wall", None), "S": ("deck", None), "1": ("gate", "gate"), "2": ("field", "drawbridge"),
         "3": ("field", "ram"), "4": ("field", "ram"), "T": ("tower", None), "t": ("tower guard", None),
         "c": ("chamber", None), "k": ("chamber guard", None), "R": ("throne", None),
         "K": ("throne guard", None), "C": ("crown", None)}


def served(site, game_id: str, **options: object) -> dict:
    response = site.http.get(f"/api/games/{game_id}/board", params=options)
    assert response.status_code == 200, response.text
    return response.json()


def test_the_served_gold_crown_board_is_the_mat_of_the_rules(site):
    answer = served(site, "gold-crown", players=4)
    assert answer["game"] == "gold-crown" and answer["options"]["players"] == 4
    board = answer["board"]
    assert board == load_game("gold-crown", players=4).board()
    assert board == served(site, "gold-crown")["board"]  # the mat is the same for every number of barons

    drawing = [c for line in mat.DRAWING.strip("\n").splitlines() for c in line.split()]
    boxes = board["boxes"]
    assert (board["columns"], board["rows"]) == (mat.SIZE, mat.SIZE)
    assert [b["name"] for b in boxes] == list(mat.SQUARES)
    for index, box in enumerate(boxes):
        assert (box["zone"], box.get("mark")) == DRAWN[drawing[index]], box
        assert box["zone"] == mat.MAT.kind[index]
        assert divmod(index, mat.SIZE) == (box["row"], box["col"])
        assert box.get("face") == (mat.FACES[mat.MAT.face[index]] if mat.MAT.face[index] >= 0 else None)
        assert box.get("line", 0) == mat.MAT.row[index]
        assert box.get("chamber") == (mat.CHAMBERS[mat.MAT.chamber[index]] if mat.MAT.chamber[index] >= 0 else None)
        assert box.get("tower", -1) == mat.MAT.tower[index]
    for f, face in enumerate(board["faces"]):
        assert face["name"] == mat.FACES[f]
        assert face["shield"] == mat.SQUARES[mat.MAT.shield[f]]
        assert face["numbered"] == [mat.SQUARES[b] for b in mat.MAT.numbered[f]]
        assert face["retreat"] == [mat.SQUARES[b] for b in mat.MAT.retreat[f]]
    assert board["crown"] == "k11"
    assert [(f["number"], f["text"]) for f in board["spinner"]] == list(spinner.SPIN_TABLE.items())


def test_the_board_route_checks_the_game_and_its_options(site):
    assert served(site, "gold-battle")["board"] is None  # a game that publishes no board says so
    assert served(site, "gold-crown", misses_lost="true")["options"]["misses_lost"] is True
    assert site.http.get("/api/games/no-such-game/board").status_code == 404
    wrong = site.http.get("/api/games/gold-crown/board", params={"players": 9})
    assert wrong.status_code == 422 and "players" in wrong.json()["detail"]
    unknown = site.http.get("/api/games/gold-crown/board", params={"colour": "red"})
    assert unknown.status_code == 422 and "colour" in unknown.json()["detail"]


def test_the_procession_and_the_heists_are_served_from_their_rules(site):
    assert served(site, "crown-the-queen", players=4)["board"] == {"procession": list(PROCESSION)}  # rule 8's order
    assert served(site, "kings-gold")["board"] == {"heists": list(HEISTS)}  # rule 3's announcements
    for path in sorted(WEB.rglob("*.js")):
        text = path.read_text()
        assert '"Policeman", "Soldier"' not in text, f"{path.name} repeats the procession's order"
        for heist in HEISTS:
            assert heist not in text, f"{path.name} repeats the heist {heist!r}"


def test_no_web_file_holds_a_copy_of_the_mat_or_the_spinner():
    rows = {" ".join(line.split()) for line in mat.DRAWING.strip("\n").splitlines()}
    chambers = {" ".join(line.split()) for line in mat.CHAMBER_MAP.strip("\n").splitlines()}
    for path in sorted(WEB.rglob("*")):
        if path.suffix not in (".js", ".html", ".css"):
            continue
        text = path.read_text()
        lines = {" ".join(line.split()) for line in text.splitlines()}
        assert not rows & lines, f"{path.name} repeats rows of mat.py's drawing"
        assert not chambers & lines, f"{path.name} repeats mat.py's chamber map"
        assert "abcdefghijklmnopqrstu" not in text, f"{path.name} names the mat's columns itself"
        for text_of_spin in spinner.SPIN_TABLE.values():
            assert text_of_spin not in text, f"{path.name} repeats the spinner's table"


@pytest.mark.browser
def test_the_page_draws_every_box_of_the_served_mat(page, site):
    board = served(site, "gold-crown")["board"]
    start_from_lobby(page, site, "gold-crown", seats=["human", "computer:easy"])
    expect(page.locator(".gc-mat [data-box]")).to_have_count(len(board["boxes"]))
    drawn = page.locator(".gc-mat [data-box]").evaluate_all(
        "els => els.map(e => [e.dataset.box, e.dataset.zone, e.dataset.mark || null])")
    assert drawn == [[b["name"], b["zone"], b.get("mark")] for b in board["boxes"]]
    numbers = page.locator(".gc-spinner text").all_text_contents()
    assert numbers == [str(f["number"]) for f in board["spinner"]]


@pytest.mark.browser
@pytest.mark.routes_api  # the altered answer must not go round by the service worker
def test_the_page_draws_whatever_mat_the_server_serves(page, site):
    """Served a mat it cannot know (the Crown moved, a wall turned to field), the page draws that one."""
    def altered(route):
        answer = route.fetch().json()
        for box in answer["board"]["boxes"]:
            if box["name"] == "k11":
                box["zone"] = "throne"
            elif box["name"] == "a1":
                box["zone"] = "crown"
            elif box["zone"] == "wall":
                box["zone"] = "field"
        route.fulfill(json=answer)

    page.route("**/api/games/gold-crown/board*", altered)
    start_from_lobby(page, site, "gold-crown", seats=["human", "computer:easy"])
    expect(page.locator(".gc-mat [data-box]")).to_have_count(mat.SIZE * mat.SIZE)
    expect(page.locator(".gc-mat [data-zone='crown']")).to_have_count(1)
    expect(page.locator(".gc-mat [data-box='a1']")).to_have_attribute("data-zone", "crown")
    expect(page.locator(".gc-mat [data-box='k11']")).to_have_attribute("data-zone", "throne")
    expect(page.locator(".gc-mat [data-zone='wall']")).to_have_count(0)
    assert page.locator(".gc-mat [data-box='a1'] path").count() == 1  # the crown is painted where it is served


@pytest.mark.browser
@pytest.mark.routes_api  # the altered answer must not go round by the service worker
def test_the_queens_table_lays_each_procession_on_the_served_stations(page, site):
    """Served the stations in another order, the page lays the rows out in that one: it keeps no copy."""
    stations = list(reversed(PROCESSION))

    def altered(route):
        answer = route.fetch().json()
        answer["board"]["procession"] = stations
        route.fulfill(json=answer)

    page.route("**/api/games/crown-the-queen/board*", altered)
    start_from_lobby(page, site, "crown-the-queen", options={"rubber": False})
    row = page.locator(".cq-table g[aria-label*='procession']").first
    expect(row.locator(".cq-card")).to_have_count(len(stations))
    assert row.locator(".cq-card text").all_text_contents() == stations


@pytest.mark.browser
def test_the_replay_of_a_finished_siege_draws_the_served_mat(page, site):
    created = site.new_match("gold-crown", seats=[{"kind": "computer", "level": "random"}] * 2, max_rounds=10)
    match_id = created["match"]
    site.wait_until_over(match_id)  # two random computers finish a ten-round siege in about a second
    board = served(site, "gold-crown", max_rounds=10)["board"]
    page.goto(f"{site.url}/#/m/{match_id}")  # a spectator's page says so above the (empty) list of moves
    expect(page.locator("#moves-title")).to_have_text("Watching")
    page.goto(f"{site.url}/#/m/{match_id}/replay")
    expect(page.locator(".replay-controls button")).to_have_text(["« Start", "◀ Back", "Next ▶", "End »"])
    for step in ("#replay-start", "#replay-next", "#replay-end"):
        page.click(step)
        expect(page.locator(".gc-mat [data-box]")).to_have_count(len(board["boxes"]))
        zones = page.locator(".gc-mat [data-box]").evaluate_all("els => els.map(e => e.dataset.zone)")
        assert zones == [b["zone"] for b in board["boxes"]]

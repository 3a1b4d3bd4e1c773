"""Hints (regalia.ai.hint): King's Gold's values are the exact solver's; a hint never peeks."""

import re

import pytest

from regalia.ai import load_agent
from regalia.ai.hint import hint, hint_for_match
from regalia.core.errors import IllegalAction
from regalia.core.rng import Rng
from regalia.games import load_game
from regalia.games.kings_gold.dice import count_faces
from regalia.games.kings_gold.heuristics import exact, solver_rolls
from regalia.games.kings_gold.notation import STOP, parse_reroll
from regalia.games.kings_gold.solver import TurnSolver
from regalia.games.kings_gold.state import CHOOSE


def kg_positions(seed: int, players: int = 2, levels=("easy", "medium"), **options):
    """Every position of a seeded match where a captain chooses (his rolling, Crests, Cannons)."""
    game = load_game("kings-gold", players=players, **options)
    match = game.new_match(seed=seed)
    agents = [load_agent("kings-gold", levels[s % len(levels)], seed=s) for s in range(players)]
    while not match.is_over:
        if len(match.legal_actions()) > 1:
            yield match
        match.play(agents[match.to_move].choose(match))


@pytest.mark.parametrize("seed, players", [(1, 2), (2, 3), (3, 4)])
def test_kings_gold_hint_values_equal_the_solver_s_for_every_legal_decision(seed, players):
    checked = 0
    for match in kg_positions(seed, players):
        state, seat = match.state, match.to_move
        h = hint_for_match(match, seat)
        values = {c["action"]: c["value"] for c in h.choices}
        if state.phase != CHOOSE:
            # Crests and Cannons: the value of hard's own choice is the best (best_resolution)
            assert values[exact(match.game.cfg, state)] == pytest.approx(max(values.values()), abs=1e-3)
            continue
        solver = TurnSolver(match.game.cfg, state)  # a fresh solver, not the cached one
        pool, rolls = count_faces(state.dice), solver_rolls(state)
        assert set(values) == set(match.legal_actions())  # every hold and the stop
        for action in match.legal_actions():
            if action == STOP:
                expected = solver.final(pool)
            else:
                keep = list(pool)
                for slot in parse_reroll(action):
                    keep[state.dice[slot]] -= 1
                expected = solver.rethrow(rolls, tuple(keep))
            assert values[action] == pytest.approx(expected, abs=1e-3)
            checked += 1
        assert values[h.best] == pytest.approx(max(values.values()), abs=1e-9)
        hard = exact(match.game.cfg, state)
        assert values[hard] == pytest.approx(values[h.best], abs=1e-3)  # what hard maximizes
    assert checked > 100


def test_kings_gold_hint_says_it_in_the_game_s_words():
    for match in kg_positions(5):
        if match.state.phase == CHOOSE and len(match.legal_actions()) > 8:
            h = hint_for_match(match, match.to_move)
            assert h.unit == "points" and h.method == "exact"
            assert h.reason.endswith(" expected") and ": +" in h.reason or ": -" in h.reason
            assert h.reason == h.choices[0]["words"]
            assert any(c["words"].startswith("hold ") for c in h.choices)
            assert any(c["words"].startswith("stop") for c in h.choices)
            return
    pytest.fail("no rich decision found")


def _hidden_twin(match, seat, seed):
    twin = match.game.new_match(seed=match.seed)
    for action in match.actions:
        twin.play(action)
    twin.state = match.game.resample_hidden(match.state, seat, Rng(seed))
    return twin


@pytest.mark.parametrize("game_id, players, options", [
    ("crown-the-queen", 3, {}),
    ("kings-gold", 2, {"mode": "duel"}),
])
def test_a_hint_never_changes_with_the_hidden_cards_behind_the_view(game_id, players, options):
    game = load_game(game_id, players=players, **options)
    match = game.new_match(seed=12)
    agent = load_agent(game_id, "medium", seed=0)
    checked = differed = 0
    while not match.is_over and checked < 6:
        seat = match.to_move
        if len(match.legal_actions()) > 1:
            twin = _hidden_twin(match, seat, seed=len(match.actions) + 1)
            assert twin.view(seat) == match.view(seat)
            differed += twin.state != match.state
            assert hint_for_match(match, seat) == hint_for_match(twin, seat)
            checked += 1
        match.play(agent.choose(match))
    assert checked == 6 and differed >= 3


@pytest.mark.parametrize("game_id", ["gold-battle", "crown-the-queen", "gold-crown"])
def test_every_game_gives_a_hint_with_a_reason(game_id):
    game = load_game(game_id)
    match = game.new_match(seed=3)
    agent = load_agent(game_id, "easy", seed=0)
    while len(match.legal_actions()) < 2:
        match.play(agent.choose(match))
    h = hint_for_match(match, match.to_move)
    assert h.best in match.legal_actions()
    assert h.reason and "%" in h.reason
    assert h.choices[0]["action"] == h.best
    assert {c["action"] for c in h.choices} <= set(match.legal_actions())


def test_a_hint_only_for_the_seat_to_move():
    match = load_game("kings-gold").new_match(seed=1)
    other = 1 - match.to_move
    with pytest.raises(IllegalAction, match="not seat"):
        hint_for_match(match, other)
    with pytest.raises(IllegalAction):
        hint(match.game, match.view(0), 0, [])


# ----- The Gold Battle: what the suggested move captures, saves, guards or threatens ------------------

GB_CAPTURE = """
. . . . . . . . . . c
. . . . . . . . . . .
. . . . . m . . . . .
. . . . . s . . . . .
. . . . S . . . . . .
. . . . . . S . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . M . . . . .
. . . . . . . . . . .
C . . . . . . . . . .
"""
"""Azure soldier f8 next to the Crimson soldier e7; g6-f7 or g6-g7 puts a second one beside it (rule 5)."""

GB_DANGER = """
. . . . . . . . . . c
. . . . . . . . . . .
. . . . . m . . . . .
. . . . . . . . . . .
. . . . . . s . . . .
. . . s . . . . . . .
. . . . S . . . . . .
. . . . . . . . . . .
. . . . . M . . . . .
. . . . . . . . . . .
. . . . . . . . . . C
"""
"""The Crimson soldier e5 beside the Azure soldier d6: g7-f6 would put a second one beside him."""

GB_MINE = """
. . . . . . . . . . c
. . . . . . . . . . .
. . . . . m . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . . . . . .
. . . . . . s . . . .
. . . . s . . . . . .
. . . . . M . S . . .
. . . . . . S . . . C
"""
"""Crimson's only home mine f2 pressed by the Azure soldier e3; g4-f3 or g4-g3 would make two (rule 10), and
Crimson's home mines all taken lose the battle. One more Crimson soldier beside it (h2-g2) contests it."""


def gb_match(rows):
    from regalia.games.gold_battle import GoldBattle
    from regalia.games.gold_battle.position import position_from_rows

    return GoldBattle(position=position_from_rows(rows, "r 0-0 0 0")).new_match(seed=1)


def test_gold_battle_hint_names_the_capture_it_makes():
    match = gb_match(GB_CAPTURE)
    h = hint_for_match(match, 0)
    assert h.best in ("g6-f7", "g6-g7")  # both put a second soldier beside f8
    assert h.reason.startswith(f"Soldier {h.best}: captures the Azure soldier on f8; winning chance ")
    words = {c["action"]: c["words"] for c in h.choices}
    assert "captures" not in words["e7-d7"] and "captures" not in words["a1-b2"]
    after = match.game.apply(match.state, h.best)
    assert after.soldiers[1] == 0  # a real capture: f8 is gone


def test_gold_battle_hint_names_the_unit_in_danger_its_move_saves():
    match = gb_match(GB_DANGER)
    threat = match.game.apply(match.state.replace(side=1), "g7-f6")
    assert not threat.soldiers[0]  # e5 is in danger: Azure's g7-f6 would take him
    h = hint_for_match(match, 0)
    assert h.best.startswith("e5-")
    assert f"Soldier {h.best}: takes your soldier on e5 out of danger" in h.reason
    after = match.game.apply(match.state, h.best)
    for reply in match.game.legal_actions(after):  # no Azure reply takes him any more
        assert match.game.apply(after, reply).soldiers[0]


def test_gold_battle_hint_names_the_gold_mine_its_move_guards():
    match = gb_match(GB_MINE)
    game = match.game
    for reply in ("g4-f3", "g4-g3"):
        assert game.apply(match.state.replace(side=1), reply).outcome == (1, "mines")  # the mine in danger
    h = hint_for_match(match, 0)
    assert h.best == "h2-g2"
    assert h.reason.startswith("Soldier h2-g2: guards your gold mine at f2; winning chance ")
    after = game.apply(match.state, h.best)
    assert all(game.apply(after, reply).outcome is None for reply in game.legal_actions(after))
    words = {c["action"]: c["words"] for c in h.choices}
    assert "guards" not in words["g1-f1"]  # leaves g1's square: one man beside the mine, not two


def test_gold_battle_words_are_read_from_the_view_alone():
    """Nothing of the battle is hidden: the words of every choice are those of the view's position, the same
    from the live match and from its view sent as JSON (the no-peek rule: the state is never read)."""
    import json

    game = load_game("gold-battle")
    match = game.new_match(seed=7)
    agents = [load_agent("gold-battle", "easy", seed=s) for s in range(2)]
    said = 0
    for _ in range(40):
        seat = match.to_move
        view = json.loads(json.dumps(match.view(seat)))
        rebuilt = game.determinize(view, seat, Rng(1))
        for action in match.legal_actions():
            line = game.advice_line(rebuilt, action)
            assert line == game.advice_line(match.state, action)
            assert line.split(":")[0].split()[-1] == action
            assert not re.search(r"\b(GB|GC)-\d|\b(Red|Blue)\b|decision", line)
            said += ":" in line
        match.play(agents[seat].choose(match))
    assert said > 50


# ----- Gold Crown: the aim of the suggested action (a way in, a tower guard, a chamber) --------------------


def gc_hint(state):
    from tests.games.gold_crown.position import GAME

    return hint(GAME, GAME.view(state, state.seat), state.seat, GAME.legal_actions(state))


def test_gold_crown_hint_names_the_breach_its_knight_heads_for():
    from regalia.games.gold_crown.advice import aim
    from regalia.games.gold_crown.mat import BOX
    from tests.games.gold_crown.position import marching

    breach = {"breaches": (BOX["i7"],)}  # a boulder of Gold's broke the stone line at i7 (i6 stands before it)
    h = gc_hint(marching({0: ["i4"]}, points=3, **breach))
    assert h.reason.startswith("Move a knight toward the breach at i7 (move i4-")
    h = gc_hint(marching({0: ["i5"]}, points=3, **breach))
    assert h.reason.startswith("Move a knight up to the breach at i7 (move i5-i6); ")
    h = gc_hint(marching({0: ["i6"]}, points=3, **breach))
    assert h.best == "move i6-i7"
    assert h.reason.startswith("Move a knight into the castle through the breach at i7 (move i6-i7); the plan for "
                               "your 3 move points: march a knight into the castle through the breach at i7; ")
    assert "breach" not in aim(marching({0: ["i4"]}, points=3), "move i4-h5")  # no breach, no such aim


def test_gold_crown_a_plan_that_only_ends_the_turn_tells_nothing():
    from regalia.games.gold_crown.advice import _told, advice_line
    from tests.games.gold_crown.position import GAME, marching

    state = marching({0: ["i4"]}, points=3)
    assert _told(GAME, state, 0, ["end"]) == ""
    assert advice_line(state, "end", GAME).startswith("End the turn, leaving 3 move points unused (end)")


def test_gold_crown_hint_names_the_gate_and_the_ram():
    from tests.games.gold_crown.position import marching

    gate = {"bridge": "down", "gates": "open"}
    h = gc_hint(marching({0: ["j4"]}, points=3, **gate))
    assert h.reason.startswith("Move a knight onto the drawbridge at the open gate (move j4-k5); ")
    h = gc_hint(marching({0: ["k5"]}, points=3, **gate))
    assert h.reason.startswith("Move a knight into the castle through the open gate (move k5-k6); ")
    h = gc_hint(marching({0: ["k5"]}, points=3, bridge="down", gates="destroyed"))
    assert "through the smashed gates (move k5-k6)" in h.reason
    h = gc_hint(marching({0: ["k3"]}, points=3, bridge="down"))  # gates closed, the ram on boxes 3-4
    assert h.best == "ram"
    assert h.reason.startswith("Roll the ram onto the drawbridge: a 6 then crashes the gates open (ram); ")
    waiting = gc_hint(marching({0: ["i3"]}, points=3, bridge="down", ram="bridge"))
    words = {c["action"]: c["words"] for c in waiting.choices}
    assert words["move i3-j4"].startswith("Move a knight beside the drawbridge, where the ram waits to crash the "
                                          "gates (move i3-j4); ")


def test_gold_crown_hint_names_the_chamber_and_the_tower_guards():
    from regalia.games.gold_crown.mat import CHAMBERS
    from regalia.games.gold_crown.state import CHOICE, KING
    from tests.games.gold_crown.position import marching, position, spun
    from tests.games.gold_crown.test_kings_men import NO_NEAR_TOWERS

    h = gc_hint(marching({0: ["l8", "j8"]}, points=3, guards=NO_NEAR_TOWERS))
    assert h.best in ("move l8-k9", "move j8-k9")  # onto the south chamber's guard, a comrade inside
    assert h.reason.startswith(f"Take the south chamber from the King, your first chamber ({h.best}); ")
    chambers = [KING] * 8
    chambers[CHAMBERS.index("S")] = 0
    second = marching({0: ["n8", "n9"]}, points=3, guards=NO_NEAR_TOWERS).with_(chambers=tuple(chambers))
    h = gc_hint(second)
    assert h.best in ("move n8-m9", "move n9-m9")
    assert h.reason.startswith(f"Take the south-east chamber from the King, your second chamber ({h.best}); ")
    first = gc_hint(marching({0: ["l7", "j8"]}, points=3, guards=NO_NEAR_TOWERS))
    assert first.reason.startswith("Move a knight into the south chamber beside your knight: a step onto its "
                                   f"guard then takes it ({first.best}); ")
    towers = gc_hint(marching({0: ["h7", "p7"]}, points=3))  # on the wall, both tower guards of the wall stand
    assert "tower" in towers.reason.split(" (move")[0]
    catapult = spun(position({0: ["i4"]}), 12)
    assert catapult.phase == CHOICE
    words = {c["action"]: c["words"] for c in gc_hint(catapult).choices}
    assert words["fire e5"].startswith("Catapult the tower guard on the south-west tower (fire e5); ")
    assert words["fire g11"].startswith("Catapult g11 to breach the stone line at g6 (fire g11); ")
    assert re.match(r"Take the 12 move points instead \(march\); the plan for your 12 move points: march (a|\d+) "
                    r"knights? ", words["march"])


def test_gold_crown_words_are_read_from_the_view_alone():
    """Nothing of the siege is hidden: a hint from the view sent as JSON is the live match's hint, and every
    choice's words are those of the view's position (the no-peek rule: the state is never read)."""
    import json

    game = load_game("gold-crown")
    match = game.new_match(seed=11)
    agents = [load_agent("gold-crown", "easy", seed=s) for s in range(2)]
    checked = 0
    while not match.is_over and checked < 12:
        seat = match.to_move
        if len(match.legal_actions()) > 1 and len(match.actions) % 3 == 0:
            view = json.loads(json.dumps(match.view(seat)))
            h = hint(game, view, seat, match.legal_actions())
            assert h == hint_for_match(match, seat)
            rebuilt = game.determinize(view, seat, Rng(1))
            for choice in h.choices:
                line = game.advice_line(rebuilt, choice["action"])
                assert line == game.advice_line(match.state, choice["action"])
                assert f"({choice['action']})" in line and choice["words"].startswith(line)
                assert not re.search(r"\b(GB|GC)-\d|DECISIONS|§", line)
            checked += 1
        match.play(agents[seat].choose(match))
    assert checked == 12


def test_gold_crown_hint_suggests_the_turn_planner_s_first_step_with_its_plan():
    """With move points to spend, the hint is the planner's plan for them (the whole turn's aim, as the issue
    asks: "the planner's suggestion for the spin's points"), not the one-decision search's step."""
    from regalia.games.gold_crown.advice import plan_words

    game = load_game("gold-crown", players=2)
    match = game.new_match(seed=7)
    told = 0
    while not match.is_over and told < 5 and len(match.actions) < 300:
        seat = match.to_move
        assert seat is not None
        planned = plan_words(game, game.determinize(match.view(seat), seat, Rng("t")))
        legal = match.legal_actions()
        if planned is not None and planned[0] in legal and len(legal) > 1:
            h = hint_for_match(match, seat)
            assert h.best == planned[0], (h.best, planned)
            assert "the plan for your" in h.reason and "point" in h.reason, h.reason
            told += 1
        match.play(legal[0] if "spin" not in legal else "spin", seat)
    assert told >= 3

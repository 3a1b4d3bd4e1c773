"""A knight's march along a path in one action (``move e7-e6-e5``), the table's one gesture: the same steps
as the single-step rules (GC-9 … GC-17), one version and one log entry, one refusal naming the rule; the
computer barons' list of actions unchanged (single steps)."""

from regalia.core.errors import IllegalAction
from regalia.core.rng import Rng
from regalia.games.gold_crown import GoldCrown
from regalia.games.gold_crown.mat import BOX
from regalia.games.gold_crown.notation import parse_path
from regalia.games.gold_crown.rules.paths import reach
from regalia.games.gold_crown.state import MARCH

from .position import GAME, at, marching, sq
from .test_kings_men import NO_NEAR_TOWERS
from .test_treachery import S_TAKEN, owned


def paths_of(view_reach: dict[str, str], knight: str) -> dict[str, str]:
    """Every reachable box of ``knight`` with its whole path, read back from the predecessor list."""
    came = dict(pair.split("<") for pair in view_reach[knight].split())
    found = {}
    for box in came:
        path = [box]
        while path[-1] != knight:
            path.append(came[path[-1]])
        found[box] = "move " + "-".join(reversed(path))
    return found


def test_gc_9_a_march_is_its_steps_in_one_action():
    state = marching({0: ["h5"]}, points=5)
    stepped = GAME.apply(GAME.apply(GAME.apply(state, "move h5-h4"), "move h4-i4"), "move i4-i3")
    marched = GAME.apply(state, "move h5-h4-i4-i3")
    assert marched.board == stepped.board and marched.points == stepped.points == 2
    assert GAME.accepts(state, "move h5-h4-i4-i3")
    assert "move h5-h4-i4-i3" not in GAME.legal_actions(state)  # the computer barons keep the single steps


def test_gc_9_a_march_is_one_version_and_one_log_entry():
    game = GoldCrown()
    for seed in range(40):
        match = game.new_match(seed)
        rng = Rng(seed)
        while not match.is_over and match.state.phase != MARCH:
            match.play(rng.choice(match.legal_actions()))
        view = match.view(match.to_move)
        if match.state.points >= 3 and view["reach"]:
            break
    knight, paths = next((k, paths_of(view["reach"], k)) for k in view["reach"])
    action = max(paths.values(), key=len)
    assert len(parse_path(action) or ()) >= 3
    version, lines = match.version, len(match.log)
    match.play(action, seat=view["seat"])
    assert match.version == version + 1
    assert len(match.log) == lines + 1 or match.state.phase != MARCH
    assert match.log[lines].endswith(f"({action}).") and "marches a knight" in match.log[lines]
    replayed = game.match_from_json(match.to_json())
    assert replayed.state.board == match.state.board


def test_gc_9_a_march_refused_names_the_rule_and_changes_nothing():
    game = GoldCrown()
    match = game.new_match(0)
    state = marching({0: ["h5", "h3"]}, points=3)
    match.state = state
    for action, words in (("move h5-h4-h3", "Step 2 of the march (h4-h3): The movement rule: h3 is occupied"),
                          ("move h5-h4-g4-f4-g5", "this path of 4 boxes needs 4; 3 are left"),
                          ("move h5-h4-h2", "not adjoining boxes")):
        try:
            match.play(action, seat=0)
        except IllegalAction as exc:
            assert words in str(exc), str(exc)
        else:
            raise AssertionError(f"{action} was played")
        assert match.state is state and match.version == 0
    assert "spin" in GAME.why_illegal(marching({0: ["h5"]}, points=3).with_(phase="start"), "move h5-h4-h3")


def test_gc_9_reach_lists_every_box_a_march_reaches_and_each_is_accepted():
    game = GoldCrown(players=3)
    checked = 0
    for seed in range(12):
        match = game.new_match(seed)
        rng = Rng(seed)
        while not match.is_over and match.steps < 1500:
            state = match.state
            if state.phase == MARCH and rng.random() < 0.1:
                found = reach(state, state.seat)
                assert "reach" not in game.view(state, (state.seat + 1) % 3)  # built per seat: the mover's
                for knight in list(found)[:3]:
                    for action in paths_of(found, knight).values():
                        steps = action.count("-")
                        assert steps <= state.points
                        if steps >= 2:
                            assert game.accepts(state, action), action
                            boxes = parse_path(action) or ()
                            stepped = state
                            for a, b in zip(boxes, boxes[1:], strict=False):
                                stepped = game.apply(stepped, f"move {sq(a)}-{sq(b)}")
                            assert game.apply(state, action).board == stepped.board
                            checked += 1
            match.play(rng.choice(match.legal_actions()))
    assert checked > 100


def test_gc_17_a_march_passes_through_a_full_chamber_but_never_rests_there():
    full = marching({0: ["j9", "l9", "j7"]}, points=3, guards=NO_NEAR_TOWERS)
    assert "k8<j7" in reach(full, 0)["j7"] and "l7<k8" in reach(full, 0)["j7"].replace("l7<k8", "l7<k8")
    marched = GAME.apply(GAME.apply(full, "move j7-k8-l7"), "end")
    assert at(marched, "l7") == 0 and at(marched, "k8") == -1 and marched.seat == 1


def test_gc_17_a_march_through_a_rival_chamber_keeps_his_chamber():
    state = owned(marching({0: ["k7"], 1: ["j8"]}, points=6, guards=S_TAKEN), S=1)
    passed = GAME.apply(GAME.apply(state, "move k7-k8-l7"), "end")
    assert at(passed, "l7") == 0 and at(passed, "j8") == 1 and passed.chambers == state.chambers
    assert BOX["k8"] != BOX["l7"]

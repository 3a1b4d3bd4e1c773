"""The computer barons' view of the gate as a way in (``evaluation.gate_way``): destroyed gates behind a raised
drawbridge are a way in only after a spin of 5, and that 5 crushes whoever waits on box 2 (GC-7). Before, the
evaluation counted them as open and the barons parked men on box 2 to be crushed."""

from regalia.games.gold_crown import evaluation, planner
from regalia.games.gold_crown.state import CLOSED, DESTROYED, DOWN, HOME, ON_BRIDGE, OPEN, UP

from .position import GAME, at, marching


def siege(where: str, **gate: object):
    return marching({0: [where], 1: ["k17"]}, points=1, **gate)


def test_destroyed_gates_behind_a_raised_bridge_are_a_way_in_only_after_a_five():
    assert evaluation.gate_way(siege("k5", gates=DESTROYED, bridge=UP).barons[0]) == evaluation.GATE_AFTER_FIVE
    assert evaluation.gate_way(siege("k5", gates=DESTROYED, bridge=DOWN).barons[0]) == evaluation.GATE_OPEN
    assert evaluation.gate_way(siege("k5", gates=OPEN, bridge=DOWN).barons[0]) == evaluation.GATE_OPEN
    assert evaluation.gate_way(siege("j5", gates=CLOSED, bridge=DOWN, ram=ON_BRIDGE).barons[0]) == evaluation.GATE_OPEN
    assert evaluation.gate_way(siege("k5", gates=CLOSED, bridge=UP, ram=HOME).barons[0]) == evaluation.GATE_SHUT


def test_no_knight_waits_on_box_two_while_destroyed_gates_wait_behind_a_raised_bridge():
    """One position: South's gates are destroyed, his bridge is up, a knight stands on box 2 (k5) with one move
    point left. The 5 that would let him in crushes him there: he is worth less on k5 than beside it, and the
    planner (every level's) steps him off. With the bridge down, k5 is the doorstep again."""
    waiting = siege("k5", gates=DESTROYED, bridge=UP)
    beside = siege("j5", gates=DESTROYED, bridge=UP)
    assert evaluation.worth(waiting, 0) < evaluation.worth(beside, 0)
    for beam in (1, 2, 5):
        plan = planner.plan_turn(GAME, waiting, 0, beam)[0]
        assert plan[0].startswith("move k5-"), plan
        assert at(GAME.apply(waiting, plan[0]), "k5") == -1
    down = siege("k5", gates=DESTROYED, bridge=DOWN)
    assert evaluation.worth(down, 0) > evaluation.worth(siege("j5", gates=DESTROYED, bridge=DOWN), 0)

"""The computer barons' decisions: greedy steps (easy, medium) and the whole-turn planner (hard).

Every policy receives a state rebuilt from the seat's view (``Game.determinize``), never the match's own.

Every choice among equals is made in the baron's own frame (``in_my_order``): his front knights first,
then left to right as he sees them. The rules list actions in box order (north first), which put South's
front knights and North's rear knights first: with the beam search's tie-breaks that favoured South (hard
beat medium 69% of the time as South, 50% as North, 326 matches). A position and its rotation now get the
rotated plan.

* ``greedy`` spends each move point on the step that leaves the best evaluation (``noise`` sometimes picks
  among the best few instead: the easy baron), always spins, scales when it can, fires at the castle centre
  — unless the spin's points let six men at the throne room's door storm it: then it marches (every level;
  the easy and medium barons used to fire or scale instead and let the Crown wait).
* ``planner`` searches the turn's move points as a whole: a beam search over sequences of steps (and ram
  shifts, and the storm) to the end of the turn; the first step of the best sequence is played and the rest
  of the plan is kept, keyed by the state it expects next, so the following decisions are instant. Where the
  spinner offers a choice (10, 11, 12) it weighs the special action — for the catapult, the expectation over
  all 25 scatter outcomes of each aim — against the best plan for the move points. With ``look`` (the hard
  baron) the best ``look`` plans are ranked again by their ``outlook``: the expected lead after the baron's
  own next spin (the archers', the wall's and the deck's kills, the drawbridge and ram crushing men, the
  scaling offered; a spin that lets six men at the throne room's door storm counts as the Crown), and the
  special actions are weighed by the same measure.
* ``walk`` (the hard baron: 5): each knight's own walk through the turn (``walks``: his best step after his
  best step, never back) joins the beam at its length, the best ``walk`` walks of each length. The beam alone drops a plan whose first steps cost a little before its
  last ones gain much: a man on the gate never walked round the deck to his comrade alone on a tower, and
  the guard stood for forty rounds (medium vs easy, strength match 151: the cap). Hard vs medium on the
  same 100 strength matches (0-99): 59 wins without walks, 76 with ``walk`` 5 (paired: 21 matches won only
  with walks, 4 only without).
* ``stuck`` (the medium and easy barons: 1): the walks only when the beam's best plan gains nothing (he
  would end his turn or shuffle), or once he holds three chambers. Medium with ``walk`` 1 in every search
  won back most of hard's gain (over the first 41 of those matches hard won 26 instead of 33); medium stuck
  in match 151 is what capped it. Once three chambers are held every level's walks look a step ahead
  (``walks``' ``ahead``): with six men left, the last one on the battlefield had to cross the drawbridge's
  box 2 (worth nothing while destroyed gates wait behind a raised bridge) to reach a breach, and none did
  (medium vs easy, strength matches 113 and 207: capped with ``stuck`` alone). A stuck-aware baron also
  spends the points his best plan leaves on the best walk from its end (``finish``).
* the easy baron is the planner with ``noise``: now and then a step off the plan, drawn among the steps
  whose lead is within ``near`` of the best step's (any legal action when ``near`` is None), and never once
  he holds three chambers. Uniform noise walked a storming baron's last men away from the throne room's
  door and the siege ran out the round cap (medium vs easy at a128d23: 11 of 400 matches capped).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .evaluation import worth
from .mat import MAT, coords, index, to_frame, to_world
from .notation import FIRE, LOSE, MOVE, SIMPLE, STEP, scale_name
from .rules.attacks import fire as fire_boulder
from .rules.board import positions
from .rules.chambers import CHAMBERS_FOR_THRONE, held, settled, storm_problem
from .spinner import SCATTER as DRIFT
from .spinner import SCATTER_OUTCOMES
from .state import CASUALTIES, CHOICE, GUARD, MARCH, START, GoldCrownState, knight

if TYPE_CHECKING:
    from regalia.core import Rng

    from .game import GoldCrown

Policy = Callable[..., str]
_PLANS: dict[tuple[tuple[Any, ...], tuple[Any, ...]], str] = {}
"""The rest of each planned turn, keyed by position, so a turn is planned once and then followed."""
_PLAN_LIMIT = 4_096
"""Only the turns in progress matter: a small bound keeps a server with hundreds of matches from growing."""


def _frame_ranks(face: int) -> tuple[int, ...]:
    """Each box's rank as ``face`` sees the mat: the box order of the same box seen from South (his front
    row first, then left to right)."""
    return tuple(index(*to_frame(face, *coords(b))) for b in range(len(MAT.kind)))


def _frame_keys(face: int) -> dict[str, int]:
    """Sort keys of every action name in ``face``'s frame: steps by (from, to) rank, then the other actions
    (scales, casualties, aims by rank; the simple actions last, in their fixed order)."""
    rank = _frame_ranks(face)
    n = len(rank)
    keys = {name: rank[a] * n + rank[b] for (a, b), name in MOVE.items()}
    base = n * n
    keys.update({name: base + rank[b] for b, name in LOSE.items()})
    keys.update({name: 2 * base + rank[b] for b, name in FIRE.items()})
    for f in range(4):
        for table in (MAT.scale_deck[f], MAT.scale_wall[f]):
            ranked = sorted(table, key=lambda b: rank[b])
            for i, a in enumerate(ranked):
                keys[scale_name((a,))] = 3 * base + rank[a] * n
                for b in ranked[i + 1:]:
                    keys[scale_name(tuple(sorted((a, b))))] = 3 * base + rank[a] * n + rank[b] + 1
    keys.update({name: 4 * base + i for i, name in enumerate(SIMPLE)})
    return keys


FRAME_KEYS = tuple(_frame_keys(face) for face in range(4))
FRAME_RANKS = tuple(_frame_ranks(face) for face in range(4))


def in_my_order(state: GoldCrownState, seat: int, actions: list[str]) -> list[str]:
    """``actions`` in the order the seat's own frame gives them (the same for a position and its rotation)."""
    return sorted(actions, key=FRAME_KEYS[state.barons[seat].face].__getitem__)


def lead(state: GoldCrownState, seat: int) -> float:
    """The seat's worth minus the best rival's (what every policy maximises). A turn in the middle of an
    assault is worth what its end would leave (the chamber taken, or the turn undone)."""
    if state.before is not None:
        state = settled(state)
    if state.winner is not None:
        return 1e6 if state.winner == seat else -1e6
    if state.ending:
        return -1e5
    mine = worth(state, seat)
    others = [worth(state, s) for s in range(len(state.barons)) if s != seat]
    return mine - max(others)


def key(state: GoldCrownState) -> tuple[Any, ...]:
    """The position as a cache key. The board goes in as bytes: a tuple of 441 boxes costs 3.5 KiB, bytes 0.5 KiB,
    and a server's plan cache holds thousands of these (the soak benchmark's memory growth was mostly this)."""
    return (bytes(state.board), state.barons, state.chambers, state.phase, state.turn, state.round, state.points,
            state.attackers, state.entered, None if state.before is None else key(state.before))


def aims(state: GoldCrownState, seat: int) -> list[int]:
    """Candidate aims: the castle's centre line in the firer's frame (every drift lands inside the castle)
    and the guard boxes of his two towers while their guards stand (a knock-down, or a triangle breach)."""
    face = state.barons[seat].face
    towers = [MAT.tower_guard[t] for t in MAT.near_towers[face] if state.board[MAT.tower_guard[t]] == GUARD]
    towers.sort(key=lambda b: to_frame(face, *coords(b)))
    return [index(*to_world(face, u, 0)) for u in range(-3, 4)] + towers


def expected_fire(game: GoldCrown, state: GoldCrownState, seat: int, aim: int,
                  measure: Callable[[GoldCrown, GoldCrownState, int], float] | None = None) -> float:
    """The expected ``measure`` (``lead`` by default) over the 25 scatter outcomes of a boulder at ``aim``."""
    total = 0.0
    for outcome, p in SCATTER_OUTCOMES:
        du, dv = DRIFT[outcome]
        after = fire_boulder(state, seat, aim, du, dv)
        total += p * (lead(after, seat) if measure is None else measure(game, after, seat))
    return total


def best_by(game: GoldCrown, state: GoldCrownState, seat: int, actions: list[str]) -> tuple[str, float]:
    """The action of highest lead; among equals the first in the seat's own frame."""
    actions = in_my_order(state, seat, actions)
    scored = [(lead(game.apply(state, a), seat), -i, a) for i, a in enumerate(actions)]
    value, _, action = max(scored)
    return action, value


def greedy(game: GoldCrown, state: GoldCrownState, seat: int, rng: Rng, noise: float = 0.0,
           **_: Any) -> str:
    legal = game.legal_actions(state)
    if state.phase == START:
        return "spin"
    if state.phase == CHOICE:
        if storm_problem(game.apply(state, "march"), seat) is None:
            return "march"  # six at the throne room's door: the points storm it (not a boulder, not a scale)
        if state.spin == 12:
            return FIRE[index(0, 0)]
        scales = [a for a in legal if a.startswith("scale")]
        if scales:
            return best_by(game, state, seat, scales)[0]
        return "march"
    if noise and rng.random() < noise:
        ordered = in_my_order(state, seat, legal)
        scored = sorted(((lead(game.apply(state, a), seat), -i, a) for i, a in enumerate(ordered)), reverse=True)
        return rng.choice([a for _, _, a in scored[:4]])
    return best_by(game, state, seat, legal)[0]


def noisy_step(game: GoldCrown, state: GoldCrownState, seat: int, rng: Rng, legal: list[str],
               near: float | None) -> str:
    """A step of the easy baron's noise: any legal action (``near`` None), or one of the actions whose lead
    is within ``near`` of the best one's; never ``end`` while a step is left (a noisy ``end`` threw away a
    whole turn's points: medium vs easy, strength match 317, round 88, twelve points, and the cap)."""
    ordered = in_my_order(state, seat, [a for a in legal if a != "end"] or legal)
    if near is None:
        return rng.choice(ordered)
    value_of = TurnLead(state, seat)
    scored = [value_of(game.apply(state, a)) for a in ordered]
    top = max(scored)
    return rng.choice([a for a, v in zip(ordered, scored, strict=True) if v >= top - near])


class TurnLead:
    """``lead`` for the positions of one baron's turn: the rivals' worth is computed once, and again only
    after a step that struck one of their knights (nothing else of theirs changes while he moves)."""

    def __init__(self, state: GoldCrownState, seat: int) -> None:
        self.seat = seat
        self.rivals = [s for s in range(len(state.barons)) if s != seat]
        self.counts = [state.count(s) for s in self.rivals]
        self.best_rival = max(worth(state, s) for s in self.rivals)

    def __call__(self, state: GoldCrownState) -> float:
        if state.before is not None:
            state = settled(state)
        if state.winner is not None or state.ending or [state.count(s) for s in self.rivals] != self.counts:
            return lead(state, self.seat)
        return worth(state, self.seat) - self.best_rival


def outlook(game: GoldCrown, state: GoldCrownState, seat: int) -> float:
    """The seat's expected lead after his own next spin (the spinner's 12 outcomes, 1/12 each), from a
    position at the end of his turn: the archers' kills (the victims chosen by ``best_by``), the wall's and
    the deck's, the drawbridge, gates and ram crushing men in their way, and the scaling a 10 or 11 offers;
    a spin that gives move points counts as the position itself, or as the Crown where it lets six men at the
    throne room's door storm it (GC-19: the odds of the storm are what a storming baron plays for). The hard
    baron ranks his best plans by it (``plan_turn``'s ``look``): the evaluation's exposure is a rough average
    over several turns; this is the next spin exactly."""
    if state.winner is not None or state.ending:
        return lead(state, seat)
    baron = state.barons[seat]
    if baron.retreated or seat not in state.order:
        return lead(state, seat)
    start = state.with_(phase=START, turn=state.order.index(seat), spin=0, points=0, casualties=0, aim=-1,
                        attackers=frozenset(), entered=(), before=None)
    spinning = game.apply(start, "spin")
    storming = held(state, seat) >= CHAMBERS_FOR_THRONE
    total = 0.0
    for n in range(1, 13):
        after = game.apply(spinning, f"spin {n}")
        while after.phase == CASUALTIES:
            after = game.apply(after, best_by(game, after, seat, game.legal_actions(after))[0])
        if storming and after.phase in (MARCH, CHOICE):
            marching = after if after.phase == MARCH else game.apply(after, "march")
            if storm_problem(marching, seat) is None:  # six at the door and the points to storm: the Crown
                total += lead(game.apply(marching, "storm"), seat)
                continue
        value = lead(after, seat)
        if after.phase == CHOICE and n != 12:
            scales = [a for a in game.legal_actions(after) if a.startswith("scale")]
            if scales:
                value = max(value, best_by(game, after, seat, scales)[1])
        total += value
    return total / 12


def _step_value(game: GoldCrown, node: GoldCrownState, seat: int, value_of: TurnLead) -> float:
    return value_of(node) if node.phase == MARCH else lead(node, seat)


def _own_steps(game: GoldCrown, node: GoldCrownState, seat: int, here: int,
               left: set[int]) -> list[tuple[str, int]]:
    """The knight on ``here``'s legal steps onto boxes he has not left, in the seat's own order."""
    steps = []
    for action in in_my_order(node, seat, game.legal_actions(node)):
        step = STEP.get(action)
        if step is not None and step[0] == here and step[1] not in left:
            steps.append((action, step[1]))
    return steps


def walks(game: GoldCrown, state: GoldCrownState, seat: int, value_of: TurnLead,
          keep: int, ahead: int = 1) -> dict[int, list[tuple[float, GoldCrownState, list[str]]]]:
    """Each knight's own walk through the turn: step after step the step of his that leaves the best lead
    (never back onto a box he left), as far as the points go. Returned by length: the ``keep`` best walks of
    each length. The beam keeps the best positions after each step, so it drops a walk whose first steps cost
    a little (off the gate onto the deck, into the archers' rows) before its last ones gain much (onto a
    tower's curved box beside a comrade, and the guard falls); the beam goes on from these walks too. With
    ``ahead`` 2 a step is judged by the best lead it or his next step leaves: a step onto a box worth little
    on the way to a better one (the drawbridge's box 2 between a man and the breach beyond it: medium vs
    easy, strength match 113, where the six men that could take the Crown stood still for twenty rounds)."""
    mine = knight(seat)
    rank = FRAME_RANKS[state.barons[seat].face]
    found: dict[int, list[tuple[float, int, GoldCrownState, list[str]]]] = {}
    for box in positions(state.board, mine):
        node, here, left = state, box, {box}
        line: list[str] = []
        while node.phase == MARCH and node.seat == seat:
            best: tuple[float, float, int, str, GoldCrownState] | None = None
            for action, to in _own_steps(game, node, seat, here, left):
                after = game.apply(node, action)
                value = score = _step_value(game, after, seat, value_of)
                if ahead > 1 and after.phase == MARCH and after.seat == seat:
                    for second, _ in _own_steps(game, after, seat, to, left | {to}):
                        score = max(score, _step_value(game, game.apply(after, second), seat, value_of))
                if best is None or score > best[0]:
                    best = (score, value, to, action, after)
            if best is None:
                break
            _, value, here, action, node = best
            left.add(here)
            line = [*line, action]
            found.setdefault(len(line), []).append((value, -rank[box], node, line))  # equals: his front first
    out = {}
    for depth, items in found.items():
        items.sort(key=lambda w: (w[0], w[1]), reverse=True)
        out[depth] = [(value, node, line) for value, _, node, line in items[:keep]]
    return out


def finish(game: GoldCrown, state: GoldCrownState, seat: int, line: list[str], value: float, value_of: TurnLead,
           ahead: int) -> tuple[list[str], float]:
    """A plan that ends the turn with points left, finished by the best single walk from its end while one gains
    (twice at most): the beam followed the best gain (a chamber taken) and never the last man's costly first
    steps after it (medium vs easy, strength match 207: with nine points, two took an empty chamber and the
    sixth man stayed on the battlefield; the siege ran out the cap)."""
    for _ in range(2):
        if not line or line[-1] != "end":
            break
        node = state
        for action in line[:-1]:
            node = game.apply(node, action)
        if node.phase != MARCH or node.seat != seat:
            break
        more = walks(game, node, seat, value_of, 1, ahead)
        found = [(v, -depth, steps) for depth, items in more.items() for v, _, steps in items]
        if not found:
            break
        gain, _, steps = max(found)
        if gain <= value:
            break
        after = node
        for action in steps:
            after = game.apply(after, action)
        line = [*line[:-1], *steps, *(["end"] if after.phase == MARCH and after.seat == seat else [])]
        value = gain
    return line, value


def plan_turn(game: GoldCrown, state: GoldCrownState, seat: int, beam: int, look: int = 0,
              walk: int = 0, stuck: int = 0) -> tuple[list[str], float]:
    """The best sequence of actions to the end of the turn (beam search over the move points). With ``look``,
    the ``look`` best plans (by the evaluation, distinct end positions) are ranked again by their ``outlook``
    (the expectation over the baron's next spin); the value returned is then that expectation. With ``walk``,
    the ``walk`` best single-knight walks of each length (``walks``) join the beam at their length. With
    ``stuck`` (and no ``walk``), a search whose best plan gains nothing, or any search once three chambers
    are held, is made again with ``stuck`` walks. Once three chambers are held the walks look a step ahead
    (``walks``' ``ahead``): the last men's way to the throne room's door."""
    value_of = TurnLead(state, seat)
    storming = held(state, seat) >= CHAMBERS_FOR_THRONE
    extra = walks(game, state, seat, value_of, walk, 2 if storming else 1) if walk and state.phase == MARCH else {}
    depth = 0
    ended = game.apply(state, "end")
    best: tuple[float, list[str]] = (lead(ended, seat), ["end"])
    finals: list[tuple[float, int, list[str], GoldCrownState | None]] = [(best[0], 0, best[1], ended)]
    frontier: list[tuple[float, GoldCrownState, list[str]]] = [(value_of(state), state, [])]
    while frontier:
        children: list[tuple[float, GoldCrownState, list[str]]] = []
        seen: set[tuple[Any, ...]] = set()
        for parent, node, path in frontier:
            idle = False
            for action in in_my_order(node, seat, game.legal_actions(node)):
                after = game.apply(node, action)
                value = value_of(after) if after.phase == MARCH else lead(after, seat)
                line = [*path, action]
                if after.phase == MARCH and after.seat == seat:
                    position = (after.board, after.barons)
                    if position in seen:  # the same men in the same boxes by another order of steps
                        continue
                    seen.add(position)
                    if abs(value - parent) < 1e-9 and path:
                        if idle:  # one shuffle that changes nothing is enough: keep the beam for real plans
                            continue
                        idle = True
                    children.append((value, after, line))
                    if value > best[0]:
                        best = (value, [*line, "end"])
                    if look:
                        finals.append((value, -len(finals), [*line, "end"], None))
                else:
                    if value > best[0]:
                        best = (value, line)
                    if look:
                        finals.append((value, -len(finals), line, after))
        children.sort(key=lambda c: c[0], reverse=True)
        frontier = children[:beam]
        depth += 1
        for value, after, line in extra.get(depth, ()):
            if after.phase != MARCH or after.seat != seat:  # the walk spent the last point
                if value > best[0]:
                    best = (value, line)
                if look:
                    finals.append((value, -len(finals), line, after))
                continue
            position = (after.board, after.barons)
            if position in seen:
                continue
            seen.add(position)
            frontier.append((value, after, line))
            if value > best[0]:
                best = (value, [*line, "end"])
            if look:
                finals.append((value, -len(finals), [*line, "end"], None))
    if stuck and not walk and (storming or best[0] <= value_of(state)):  # no plan gains anything: walks
        line, value = plan_turn(game, state, seat, beam, look, stuck)
        return (line, value) if look else finish(game, state, seat, line, value, value_of, 2 if storming else 1)
    if not look:
        return best[1], best[0]
    finals.sort(key=lambda f: (f[0], f[1]), reverse=True)
    ranked: list[tuple[float, int, list[str]]] = []
    kept: set[tuple[Any, ...]] = set()
    for _, order, line, end in finals:
        if end is None:
            end = state
            for action in line:
                end = game.apply(end, action)
        where = (end.board, end.barons, end.chambers)
        if where in kept:
            continue
        kept.add(where)
        ranked.append((outlook(game, end, seat), order, line))
        if len(ranked) >= look:
            break
    value, _, line = max(ranked)
    return line, value


def remember(game: GoldCrown, state: GoldCrownState, plan: list[str], level: tuple[Any, ...] = ()) -> None:
    """Keep the rest of a plan, keyed by the state each next step is expected in and by the planner's
    settings (``level``): a medium baron must never follow a plan the hard one made in the same position."""
    if len(_PLANS) > _PLAN_LIMIT:
        _PLANS.clear()
    node = state
    for action in plan:
        _PLANS[(level, key(node))] = action
        node = game.apply(node, action)
        if node.phase != MARCH:
            break


def planner(game: GoldCrown, state: GoldCrownState, seat: int, rng: Rng, beam: int = 3, expect: bool = True,
            noise: float = 0.0, near: float | None = None, look: int = 0, walk: int = 0, stuck: int = 0,
            **_: Any) -> str:
    legal = game.legal_actions(state)
    if state.phase == START:
        return "spin"
    if noise and state.phase == MARCH and held(state, seat) < CHAMBERS_FOR_THRONE and rng.random() < noise:
        return noisy_step(game, state, seat, rng, legal, near)
    if state.phase == CASUALTIES:
        return best_by(game, state, seat, legal)[0]
    if state.phase == CHOICE and not expect:
        return greedy(game, state, seat, rng)
    if state.phase == CHOICE:
        marching = game.apply(state, "march")
        plan, march_value = plan_turn(game, marching, seat, beam, look, walk, stuck)
        if state.spin == 12:
            targets = aims(state, seat)
            choices = [FIRE[aim] for aim in targets]
            scored = [(expected_fire(game, state, seat, aim), -i) for i, aim in enumerate(targets)]
        else:
            choices = in_my_order(state, seat, [a for a in legal if a.startswith("scale")])
            scored = [(lead(game.apply(state, a), seat), -i) for i, a in enumerate(choices)]
        value, at = max(scored)
        action = choices[-at]
        if look:  # the same measure as the plan's: the expectation over the next spin
            if state.spin == 12:
                value = expected_fire(game, state, seat, targets[-at], outlook)
            else:
                value = outlook(game, game.apply(state, action), seat)
        if value >= march_value:
            return action
        remember(game, marching, plan, (beam, expect, look, walk, stuck))
        return "march"
    known = _PLANS.get(((beam, expect, look, walk, stuck), key(state)))
    if known is not None and known in legal:
        return known
    plan = plan_turn(game, state, seat, beam, look, walk, stuck)[0]
    remember(game, state, plan, (beam, expect, look, walk, stuck))
    return plan[0]


POLICIES: dict[str, Policy] = {"greedy": greedy, "planner": planner}
__all__ = ["POLICIES", "greedy", "planner"]

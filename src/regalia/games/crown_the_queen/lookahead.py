"""Sampled lookahead: compare a seat's choices on worlds drawn from what it can see (the ``medium`` and
``hard`` levels).

The seat cannot see the others' hands, a passed card it did not see, nor the pack. Each *world* redeals
those cards from the pool it cannot account for (``view.resample_hidden``: it depends on visible cards
only, so the decision is a function of the seat's view and the agent's random stream) and fixes the pack's
order (one random stream per world, shared by every candidate: common random numbers). On each world,
every legal action is played out to the end of the current game — the seat by the ``medium`` race
heuristic afterwards, the others by a fixed model policy — and scored by the rubber standing it leaves
(``standing``). The action with the best mean wins; the heuristic's own choice stands on ties.

This is perfect-information Monte Carlo: its lookahead knows, per world, what a swap brings, which card
each laid card draws and who is left to draw what; averaged over worlds, that is what the seat may expect.

NOT a level (yet): measured weaker than the ``medium`` heuristic. Rubber share against two easies, the same
300 rubbers each (seats rotated; 16 worlds, overturning medium at one standard error; ``sampled`` policy):

    medium heuristic 40.1%   uniform redeal 31.5%   ``plausible_world`` kept=0: 36.0%, kept=1: 36.1%,
    kept=3: 34.9%            the TRUE hands (only the pack's order sampled; a diagnostic that peeks): 45.3%

(acquire decisions only, uniform: 38.5%; passes only: 34.0%). Re-measured with more rubbers (a quick harness outside
the repository: rubbers ``exp:0`` to ``exp:699``, 16 worlds, margin 1 SE, the others ``easy``, the TRUE
hands, only the pack's order sampled): 39.6% against medium's 37.1% on the same 700 rubbers (rubbers
0-299: 44.1% vs 40.8%, paired +3.3 points, SE 3.4; rubbers 300-699: 36.2% vs 34.4%, +1.8, SE 3.2). So
even the true hands give this lookahead ~2.5 points over medium, not the 45% goal; better worlds alone
cannot get it there. So the lookahead itself gains ~5 points
when the others' hands are right, and loses more than that on the hands this module can guess: what is
missing is a model of what the others hold (what they kept, what the seat passed them), not search.

With ``belief=True`` the worlds come from ``belief.believe`` (perfect recall, laying is automatic, kept
passes, hands leaning to what their owners need; it gets ~3.1 of the others' 6 cards right where a
uniform redeal gets ~1.7). Still not better than medium against two easies, 150 paired rubbers
(rubbers 0-149, 16 worlds, margin 1 SE, REGALIA_AI_CLOCK=cpu): medium 38.0%, belief lookahead 33.0%
(paired difference -5.0 points, SE ~5).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from regalia.core.rng import Rng
from regalia.core.stats import clearly_better

from .belief import believe
from .cards import DECK, HAND_SIZE, STAGE, sort_cards, stage_of, still_needed, wanted
from .rules import APPLY, legal_actions
from .state import CHANCE_STEPS, OVER, QueenState
from .view import hidden_from, sees_passed

Policy = Callable[[QueenState, int, Rng], str]

SPREAD_PER_GAME = 25.0
"""Softmax temperature per square root of the games left: rubber totals -> chances of winning it."""


def standing(state: QueenState, seat: int) -> float:
    """``seat``'s chance of winning the rubber from the totals of the games finished so far.

    Once the rubber is over this is the real result (CQ-7's tie-breaks; a shared win counts 1/k).
    """
    results = state.results
    n = len(state.hands)
    if state.step == OVER:
        keys = [(sum(r[s] for r in results), sum(1 for r in results if r[s] == 100),
                 max((r[s] for r in results), default=0)) for s in range(n)]
        best = max(keys)
        return 1.0 / keys.count(best) if keys[seat] == best else 0.0
    totals = [sum(r[s] for r in results) for s in range(n)]
    temperature = SPREAD_PER_GAME * math.sqrt(state.games - len(results))
    top = max(totals)
    weights = [math.exp((t - top) / temperature) for t in totals]
    return weights[seat] / sum(weights)


def _use(card: str, procession: tuple[str, ...], hand: list[str], index: int) -> float:
    """How much a seat needs ``hand[index]``: 0 for no use or a duplicate, else 1 / stages away."""
    if card not in still_needed(procession) or card in hand[:index]:
        return 0.0
    return 1.0 / (1 + STAGE[card] - stage_of(procession))


def plausible_world(state: QueenState, seat: int, rng: Rng, kept: int = 3) -> QueenState:
    """A world ``seat`` cannot tell from ``state``, its hidden cards redealt from what it cannot see — and
    consistent with the rules' history: laying is automatic (rule 8, §3.2), so a seat that has had its turn
    holds no card its procession accepts now; uniform redealing would hand the others such cards, a free
    advance on their next turn. Seats with a procession have had a turn; a seat with none is assumed to
    have had one once as many cards have left the centre pack as there are seats (the first round).

    Each other seat's hand takes, in a shuffled pool, the first cards its procession does not accept; the
    rest is the pack. With ``kept``, a seat that has played is dealt ``kept`` cards more and gives back the
    ones it needs least, as every heuristic passes those on, turn after turn: hands lean towards the cards
    their owners need. Depends on visible cards only (the pool, hand sizes, processions, the pack's size).
    """
    pool = hidden_from(state, seat)
    rng.shuffle(pool)
    n = len(state.hands)
    early = len(state.pack) > len(DECK) - (HAND_SIZE + 1) * n
    hands = []
    for s, hand in enumerate(state.hands):
        if s == seat:
            hands.append(hand)
            continue
        procession = state.processions[s]
        played = not early or bool(procession)
        barred = wanted(procession) if played else ()
        size = len(hand) + (max(0, min(kept, len(pool) - len(hand))) if played else 0)
        dealt: list[str] = []
        i = len(pool) - 1
        while len(dealt) < size:
            if i < 0:  # nothing left that fits: take any card (never happens in practice)
                dealt.append(pool.pop())
                continue
            if pool[i] not in barred:
                dealt.append(pool.pop(i))
            i -= 1
        while len(dealt) > len(hand):  # it passed on the card it needed least: back under the pool
            least = min(range(len(dealt)), key=lambda j: _use(dealt[j], procession, dealt, j))
            pool.insert(0, dealt.pop(least))
        hands.append(sort_cards(dealt))
    passed = state.passed
    if passed is not None and not sees_passed(state, seat):
        passed = pool.pop()
    return state._replace(hands=tuple(hands), passed=passed, pack=sort_cards(pool))


def play_out(state: QueenState, seat: int, rng: Rng, own: Policy, others: Policy) -> float:
    """Play ``state`` to the end of its game (``own`` for ``seat``, ``others`` for the rest); the standing."""
    finished = len(state.results)
    while True:
        step = state.step
        if step == OVER or len(state.results) > finished:
            return standing(state, seat)
        if step in CHANCE_STEPS:
            pack = state.pack
            state = APPLY[step](state, pack[rng.randbelow(len(pack))])
            continue
        mover = state.turn
        state = APPLY[step](state, (own if mover == seat else others)(state, mover, rng))


def sampled_choice(state: QueenState, seat: int, rng: Rng, *, worlds: int, default: Policy, own: Policy,
                   others: Policy, margin: float = 1.0, kept: int = 3, belief: bool = False) -> str:
    """The legal action with the best mean standing over ``worlds`` sampled worlds (see the module).

    Luck swamps a handful of worlds, so the default policy's choice stands unless the best action's
    paired advantage over it exceeds ``margin`` standard errors.
    """
    legal = legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    choice = default(state, seat, rng)
    values: dict[str, list[float]] = {action: [] for action in legal}
    for _ in range(worlds):
        world = believe(state, seat, rng) if belief else plausible_world(state, seat, rng, kept)
        stream = rng.next64()
        for action in legal:
            values[action].append(play_out(APPLY[world.step](world, action), seat, Rng(state=stream), own, others))
    best = max(legal, key=lambda a: sum(values[a]))
    if best == choice or not clearly_better(values[best], values[choice], margin):
        return choice
    return best


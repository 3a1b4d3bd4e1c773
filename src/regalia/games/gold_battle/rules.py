"""Rules 1-10 of the Royal Rulebook and the resolution order of decision 2.4, on bitboards.

A turn of side S (enemy E) is: one move (rules 3 and 4), then, in this order (decision 2.4):

1. captures: only E's units are tested (rules 5-7; ``capture="simultaneous"`` tests both sides);
2. towers: E towers under pressure fall (rule 8) and each fall may free one of S's captives (rule 9),
   placed by S with ``free`` actions before anything else happens (decision GB-1);
3. mines: E's mines flip to S under S's pressure unless E contests with the same pressure (rule 10);
4. victory: the enemy commander taken, or all of E's home mines owned (rule 1);
5. draws: threefold repetition, 60 plies without progress, the 300-ply cap, two passes in a row.

Moves are coded as ``from * 121 + to`` (ints) inside; ``notation.py`` turns them into ``e4-e5``.
Nothing here does I/O or draws chance: the battle is a game of perfect information.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import (
    ADJACENT,
    BIT,
    FULL,
    HOME_RANKS,
    LEAPS,
    NEIGHBOURS,
    NOT_FILE_A,
    NOT_FILE_K,
    REACH,
    SIZE,
    SQUARES,
    START_SOLDIERS,
    Bitboard,
    crowding,
    squares_of,
)
from .notation import MOVE_OF, MOVE_TEXT
from .state import NO_SQUARE, BattleState, position_key

QUIET_LIMIT = 60
PLY_CAP = 300
REPETITIONS = 3


@dataclass(frozen=True)
class Variant:
    """The rule readings a match is played under (options of the game)."""

    simultaneous: bool = False
    """Decision GB-6's rejected reading: both sides' units are tested for capture after every move."""
    mine_score: bool = False
    """Decision 2.4's variant: a mine is contested by score (2 per commander, 1 per soldier)."""
    adjudicate: bool = False
    """Decision GB-5: at the 300-ply cap, more enemy mines owned wins, then more soldiers on board."""


STANDARD = Variant()

Crowd = tuple[Bitboard, Bitboard, Bitboard]
"""``board.crowding`` of one side's soldiers: squares touching 1+, 2+ and 3+ of them."""


def blocked(state: BattleState) -> Bitboard:
    """Squares no unit may enter (rule 4): forests, standing towers, mines and occupied squares."""
    red, blue = state.commanders
    board = (state.soldiers[0] | state.soldiers[1] | state.towers[0] | state.towers[1]
             | state.mines[0] | state.mines[1] | state.forests)
    if red >= 0:
        board |= 1 << red
    if blue >= 0:
        board |= 1 << blue
    return board


def empty_squares(state: BattleState) -> Bitboard:
    """The squares a unit may enter (rule 4): ``state.empty``, worked out (and kept) if not known yet.

    A state's moves are listed before any is played (``GoldBattle.apply`` checks them), so a move's
    ``play_move`` finds its state's open squares known and updates them for the next state.
    """
    empty = state.empty
    if empty < 0:
        empty = state.empty = FULL ^ blocked(state)
    return empty


def moves(state: BattleState) -> list[str]:
    """Every move of the side to move, in notation (rules 3 and 4): by the moving unit's square, lowest
    first (the commander last), then by direction (``NEIGHBOURS``' order, then the commander's leaps).

    A unit's moves depend only on which squares around it are free, so they are looked up by that
    pattern (``_steps``) instead of being rebuilt square by square each time. Units are taken highest
    square first (``bit_length`` finds the highest bit in one call) and each unit's moves are kept
    backwards, so one ``reverse`` at the end gives the order above.
    """
    side = state.side
    commander = state.commanders[side]
    free = state.empty
    if free < 0:
        free = empty_squares(state)
    if commander >= 0:
        targets = COMMANDER_ZONE[commander] & free
        try:
            found = list(_COMMANDER_CACHE[commander][targets])
        except KeyError:  # a pattern not met before on this square
            found = list(_commander_moves(commander, targets))
    else:
        found = []
    cache, adjacent, bit = _STEP_CACHE, ADJACENT, BIT
    own = state.soldiers[side]
    while own:
        sq = own.bit_length() - 1
        own ^= bit[sq]
        try:
            found += cache[sq][adjacent[sq] & free]
        except KeyError:
            found += _steps(sq, adjacent[sq] & free)
    found.reverse()
    return found


_STEP_CACHE: tuple[dict[int, tuple[str, ...]], ...] = tuple({} for _ in range(SQUARES))
"""Per square, per pattern of free neighbours: that square's one-square moves, last first."""
LEAP_TEXT: tuple[tuple[tuple[int, int, str], ...], ...] = tuple(
    tuple((middle, to, MOVE_TEXT[sq * SQUARES + to]) for middle, to in LEAPS[sq]) for sq in range(SQUARES)
)


COMMANDER_ZONE: tuple[Bitboard, ...] = tuple(
    ADJACENT[sq] | sum(1 << to for _, to in LEAPS[sq]) for sq in range(SQUARES)
)
"""The squares whose being free decides a commander's moves: its neighbours and its leaps' targets."""
_COMMANDER_CACHE: tuple[dict[int, tuple[str, ...]], ...] = tuple({} for _ in range(SQUARES))
"""Per square, per pattern of free squares in its zone: a commander's moves there, last first."""
_COMMANDER_CACHE_SIZE = 256
"""Patterns kept per square: at most 31,000 in all (about 4 MiB; 4,096 a square allowed 500,000). A
long-running server must not grow without bound, and a commander meets few patterns on one square."""


_LEAPS_BACKWARDS: tuple[tuple[tuple[Bitboard, str], ...], ...] = tuple(
    tuple(((1 << middle) | (1 << to), text) for middle, to, text in reversed(LEAP_TEXT[sq])) for sq in range(SQUARES)
)
"""Per square, a commander's leaps last first: (the middle and target squares that must be free, the move)."""


def _commander_moves(sq: int, free: Bitboard) -> tuple[str, ...]:
    """A commander's moves from ``sq``, last first: steps, then leaps (rule 3's blocked middle), for the
    free squares ``free`` of its zone (cached per pattern)."""
    found = (*[text for need, text in _LEAPS_BACKWARDS[sq] if free & need == need], *_steps(sq, ADJACENT[sq] & free))
    cache = _COMMANDER_CACHE[sq]
    if len(cache) >= _COMMANDER_CACHE_SIZE:
        cache.clear()
    cache[free] = found
    return found


def _steps(sq: int, targets: Bitboard) -> tuple[str, ...]:
    """The one-square moves from ``sq`` onto the free neighbours ``targets``, last first (cached)."""
    found = _STEP_CACHE[sq].get(targets)
    if found is None:
        found = tuple(MOVE_TEXT[sq * SQUARES + to] for to in reversed(NEIGHBOURS[sq]) if targets >> to & 1)
        _STEP_CACHE[sq][targets] = found
    return found


def free_squares(state: BattleState, side: int) -> list[int]:
    """Where a freed soldier of ``side`` may stand (rule 9, decision 2.4 step 2).

    The empty original start squares of the side's soldiers; if none, the empty squares of its three
    home ranks (a destroyed tower's square included); if none, nowhere (the captive stays captive).
    """
    full = blocked(state)
    start = START_SOLDIERS[side] & ~full
    if start:
        return squares_of(start)
    return squares_of(HOME_RANKS[side] & ~full)


def captures_by(crowd: Crowd, commander: int, victims: Bitboard, enemy_commander: int
                ) -> tuple[Bitboard, bool]:
    """The enemy soldiers (a bitboard) and whether the enemy commander are captured by one side's units.

    Rule 5: a soldier falls next to an enemy commander, or next to 2+ enemy soldiers. Rule 6: a commander
    falls next to 3+ enemy soldiers, or next to the enemy commander plus 1+ enemy soldier. Rule 7's two
    exceptions (only the commander; exactly 2 soldiers) are the complement of rule 6. ``crowd`` is
    ``crowding`` of the capturing side's soldiers.
    """
    one, two, three = crowd
    reach = ADJACENT[commander] if commander >= 0 else 0
    taken = victims & (reach | two)
    commander_taken = enemy_commander >= 0 and (three | (reach & one)) >> enemy_commander & 1 == 1
    return taken, commander_taken


def endangered(state: BattleState) -> Bitboard:
    """The squares of every unit that stands in a capture condition now (rules 5 and 6), either side's.

    Under decision 2.4 only the enemy of the side that moved is tested, so a unit that stepped between two
    enemy soldiers (or beside the enemy commander) stands until the enemy's next move, and falls then if it
    still stands so: these are the units the table marks as in danger right after the move that put them
    there. (Nothing here decides a capture: ``play_move`` does; this only reads the board.)
    """
    found = 0
    for side in (0, 1):
        enemy = 1 - side
        taken, commander_taken = captures_by(crowding(state.soldiers[enemy]), state.commanders[enemy],
                                             state.soldiers[side], state.commanders[side])
        found |= taken
        if commander_taken:
            found |= 1 << state.commanders[side]
    return found


def commander_beside(target: int, commander: int) -> bool:
    return commander >= 0 and ADJACENT[target] >> commander & 1 == 1


def falling_towers(towers: Bitboard, crowd: Crowd, commander: int) -> Bitboard:
    """The ``towers`` that these enemy units destroy (rule 8): 3 soldiers, or the commander plus 1 soldier."""
    one, _, three = crowd
    reach = ADJACENT[commander] if commander >= 0 else 0
    return towers & (three | (reach & one))


def pressed(crowd: Crowd, commander: int) -> Bitboard:
    """Squares under rule 10's pressure from one side: its commander adjacent, or 2+ of its soldiers."""
    return crowd[1] | (ADJACENT[commander] if commander >= 0 else 0)


def mine_pressure(mine: int, soldiers: Bitboard, commander: int) -> bool:
    """Rule 10's pressure on one mine: the commander adjacent, or 2+ soldiers adjacent."""
    return commander_beside(mine, commander) or (ADJACENT[mine] & soldiers).bit_count() >= 2


def mine_score(mine: int, soldiers: Bitboard, commander: int) -> int:
    """The scored contest of decision 2.4's variant: 2 per adjacent commander, 1 per adjacent soldier."""
    return (ADJACENT[mine] & soldiers).bit_count() + (2 if commander_beside(mine, commander) else 0)


# ----- a turn ---------------------------------------------------------------------------------------


def play_move(state: BattleState, code: int, variant: Variant = STANDARD) -> BattleState:
    """The state after the side to move plays ``code`` (``from * 121 + to``), resolved up to the next
    decision: the enemy's move, or a free of this side's (decision GB-1).

    The common turn (initiative captures, no tower falling with a captive to free) is resolved here in
    one pass on local variables, building one new state; the rest goes through the step-by-step
    ``_play_move_general``. Both follow decision 2.4 to the letter (tests/games/gold_battle pins the
    two together on fixed-seed games).
    """
    if variant.simultaneous:
        return _play_move_general(state, code, variant)
    side = state.side
    enemy = 1 - side
    soldiers, commanders = state.soldiers, state.commanders
    own, foe = soldiers[side], soldiers[enemy]
    own_commander, foe_commander = commanders[side], commanders[enemy]
    moved = MOVE_BITS[code]
    if own_commander == code // SQUARES:
        own_commander = code % SQUARES
    else:
        own ^= moved
    empty = state.empty ^ moved  # the unit's square left, its target taken (still negative if not known)

    # 1. captures. ``two``: the squares touching 2+ of our soldiers, right on every square but our
    # soldiers' own, the only ones never asked about (only enemy units, towers and mines are). So each
    # square's whole 3 x 3 box is counted, centre included: the rows of 3 first (1+, 2+), then 2+ in one
    # row or 1+ in two rows. (Bits above the board may be set: they meet no unit.)
    west = (own >> 1) & NOT_FILE_K
    east = (own << 1) & NOT_FILE_A
    row1 = own | west | east
    row2 = (own & (west | east)) | (west & east)
    up = row1 << SIZE
    down = row1 >> SIZE
    two = row2 | (row2 << SIZE) | (row2 >> SIZE) | (row1 & (up | down)) | (up & down)
    reach = REACH[own_commander]
    pressed = two | reach  # rules 5 and 10: 2+ soldiers or the commander touch it
    taken = foe & pressed
    strong = 0  # rule 6 against a commander, rule 8 against a tower: 3 soldiers, or commander + 1
    towers = state.towers
    if (BIT[foe_commander] | towers[enemy]) & pressed:  # a square that 3, or 1 + commander, may touch
        one, _, three = crowding(own)
        strong = three | (reach & one)
        if foe_commander >= 0 and strong >> foe_commander & 1:
            return _play_move_general(state, code, variant)
    captured = state.captured
    if taken:
        foe &= ~taken
        empty |= taken
        captured = (captured[0], captured[1] + taken.bit_count()) if side == 0 else \
            (captured[0] + taken.bit_count(), captured[1])

    # 2. towers: a fall may earn frees; leave that (rare) turn to the general path
    fallen = towers[enemy] & strong
    if fallen:
        if captured[side]:
            return _play_move_general(state, code, variant)
        towers = (towers[0], towers[1] & ~fallen) if side == 0 else (towers[0] & ~fallen, towers[1])
        empty |= fallen  # a destroyed tower's square is open ground

    # 3. mines
    mines = state.mines
    flipped = mines[enemy] & pressed
    if flipped:
        if variant.mine_score:
            for mine in squares_of(flipped):
                if mine_score(mine, own, own_commander) <= mine_score(mine, foe, foe_commander):
                    flipped &= ~(1 << mine)
        else:
            flipped &= ~(crowding(foe)[1] | REACH[foe_commander])
        if flipped:
            mines = (mines[0] | flipped, mines[1] & ~flipped) if side == 0 else \
                (mines[0] & ~flipped, mines[1] | flipped)
    if side == 0:
        soldiers, commanders = (own, foe), (own_commander, foe_commander)
    else:
        soldiers, commanders = (foe, own), (foe_commander, own_commander)
    key = position_key(soldiers, commanders, towers, mines, captured, enemy, 0)  # BattleState.key
    ply = state.ply + 1
    irreversible = taken or fallen
    quiet = 0 if irreversible or flipped else state.quiet + 1
    seen = (key,) if irreversible else state.seen + (key,)
    after = BattleState(soldiers, commanders, towers, mines, state.home_mines, state.forests, captured, enemy,
                        0, quiet, ply, 0, seen, empty)

    # 4. victory, 5. draws
    target = state.home_mines[enemy]
    if target and mines[side] & target == target:
        after.outcome = (side, "mines")
    elif seen.count(key) >= REPETITIONS:
        after.outcome = (-1, "repetition")
    elif quiet >= QUIET_LIMIT:
        after.outcome = (-1, "quiet")
    elif ply >= PLY_CAP:
        winner = adjudicate(after) if variant.adjudicate else -1
        after.outcome = (winner, "cap" if winner < 0 else "adjudication")
    return after


MOVE_BITS: dict[int, Bitboard] = {code: (1 << code // SQUARES) | (1 << code % SQUARES) for code in MOVE_TEXT}


def _play_move_general(state: BattleState, code: int, variant: Variant) -> BattleState:
    """``play_move`` step by step, for every variant (the fast path covers the initiative reading)."""
    side, enemy = state.side, 1 - state.side
    frm, to = divmod(code, SQUARES)
    soldiers = list(state.soldiers)
    commanders = list(state.commanders)
    if commanders[side] == frm:
        commanders[side] = to
    else:
        soldiers[side] ^= (1 << frm) | (1 << to)

    # 1. captures
    crowd = crowding(soldiers[side])
    taken, commander_taken = captures_by(crowd, commanders[side], soldiers[enemy], commanders[enemy])
    own_taken, own_commander_taken = 0, False
    if variant.simultaneous:
        own_taken, own_commander_taken = captures_by(
            crowding(soldiers[enemy]), commanders[enemy], soldiers[side], commanders[side])
        if own_taken:
            crowd = crowding(soldiers[side] & ~own_taken)
    captured = state.captured
    if taken or own_taken:
        soldiers[enemy] &= ~taken
        soldiers[side] &= ~own_taken
        counts = list(captured)
        counts[enemy] += taken.bit_count()
        counts[side] += own_taken.bit_count()
        captured = (counts[0], counts[1])
    if commander_taken or own_commander_taken:
        if commander_taken:
            commanders[enemy] = NO_SQUARE
        if own_commander_taken:
            commanders[side] = NO_SQUARE
        winner = -1 if commander_taken and own_commander_taken else (side if commander_taken else enemy)
        return BattleState((soldiers[0], soldiers[1]), (commanders[0], commanders[1]), state.towers,
                           state.mines, state.home_mines, state.forests, captured, side, 0, 0,
                           state.ply + 1, 0, (), outcome=(winner, "commander"))

    # 2. towers (and the frees they earn)
    towers = state.towers
    fallen = falling_towers(towers[enemy], crowd, commanders[side])
    if fallen:
        pair = list(towers)
        pair[enemy] &= ~fallen
        towers = (pair[0], pair[1])
    irreversible = bool(taken or own_taken or fallen)
    after = BattleState((soldiers[0], soldiers[1]), (commanders[0], commanders[1]), towers, state.mines,
                        state.home_mines, state.forests, captured, side, 0, state.quiet, state.ply, 0,
                        state.seen)
    frees = min(fallen.bit_count(), captured[side])
    if frees and free_squares(after, side):
        after.frees, after.quiet = frees, 0  # still our own fresh object: nobody has seen it yet
        return after
    return finish_turn(after, progress=irreversible, irreversible=irreversible, variant=variant, crowd=crowd)


def play_free(state: BattleState, square: int, variant: Variant = STANDARD) -> BattleState:
    """The state after the side to act places a freed soldier on ``square`` (rule 9, GB-1, GB-2)."""
    side = state.side
    soldiers = list(state.soldiers)
    soldiers[side] |= 1 << square
    captured = list(state.captured)
    captured[side] -= 1
    after = BattleState((soldiers[0], soldiers[1]), state.commanders, state.towers, state.mines,
                        state.home_mines, state.forests, (captured[0], captured[1]), side, state.frees - 1,
                        0, state.ply, 0, state.seen)
    if after.frees and after.captured[side] and free_squares(after, side):
        return after
    after.frees = 0
    return finish_turn(after, progress=True, irreversible=True, variant=variant)


def play_pass(state: BattleState, variant: Variant = STANDARD) -> BattleState:
    """A pass (decision GB-3): nothing is resolved; it counts for the ply limits and repetition."""
    after = BattleState(state.soldiers, state.commanders, state.towers, state.mines, state.home_mines,
                        state.forests, state.captured, 1 - state.side, 0, state.quiet + 1, state.ply + 1,
                        state.passes + 1, (), state.empty)
    after.seen = (*state.seen, after.key)
    return _with_draws(after, variant)


def finish_turn(state: BattleState, *, progress: bool, irreversible: bool,
                variant: Variant = STANDARD, crowd: Crowd | None = None) -> BattleState:
    """Steps 3-5 of decision 2.4 for the side that moved, then the turn passes to the enemy.

    ``state`` is the turn's own intermediate state (after captures, towers and frees); it is finished in
    place because nobody else holds it yet. ``crowd`` is ``crowding`` of the mover's soldiers, if known.
    """
    side, enemy = state.side, 1 - state.side
    own_soldiers, own_commander = state.soldiers[side], state.commanders[side]
    foe_soldiers, foe_commander = state.soldiers[enemy], state.commanders[enemy]
    flipped = state.mines[enemy] & pressed(crowd or crowding(own_soldiers), own_commander)
    if flipped and variant.mine_score:
        for mine in squares_of(flipped):
            if mine_score(mine, own_soldiers, own_commander) <= mine_score(mine, foe_soldiers, foe_commander):
                flipped &= ~(1 << mine)
    elif flipped:
        flipped &= ~pressed(crowding(foe_soldiers), foe_commander)
    if flipped:
        mines = list(state.mines)
        mines[side] |= flipped
        mines[enemy] &= ~flipped
        state.mines = (mines[0], mines[1])
        progress = True
    state.side = enemy
    state.passes = 0
    state.ply += 1
    state.quiet = 0 if progress else state.quiet + 1
    key = state.key
    state.seen = (key,) if irreversible else (*state.seen, key)
    target = state.home_mines[enemy]
    if target and state.mines[side] & target == target:
        state.outcome = (side, "mines")
        return state
    return _with_draws(state, variant)


def _with_draws(state: BattleState, variant: Variant) -> BattleState:
    """Decision 2.5's draws, checked after every ply (on the turn's own fresh state)."""
    if state.seen and state.seen.count(state.seen[-1]) >= REPETITIONS:
        state.outcome = (-1, "repetition")
    elif state.passes >= 2:
        state.outcome = (-1, "passes")
    elif state.quiet >= QUIET_LIMIT:
        state.outcome = (-1, "quiet")
    elif state.ply >= PLY_CAP:
        winner = adjudicate(state) if variant.adjudicate else -1
        state.outcome = (winner, "cap" if winner < 0 else "adjudication")
    return state


def adjudicate(state: BattleState) -> int:
    """Decision GB-5's optional verdict at the cap: more enemy mines owned, then more soldiers on board."""
    mines = [(state.mines[s] & state.home_mines[1 - s]).bit_count() for s in (0, 1)]
    if mines[0] != mines[1]:
        return 0 if mines[0] > mines[1] else 1
    count = [state.soldiers[s].bit_count() for s in (0, 1)]
    if count[0] != count[1]:
        return 0 if count[0] > count[1] else 1
    return -1


def mines_captured(state: BattleState, side: int) -> int:
    """The HUD's "Mines Captured n / 3": the enemy home mines ``side`` owns now (decision 2.5)."""
    return (state.mines[side] & state.home_mines[1 - side]).bit_count()


def noisy_moves(state: BattleState, legal: list[str], variant: Variant = STANDARD) -> list[tuple[int, int, str]]:
    """(-gain, index, move) for the legal moves that gain now, best first (the search's quiescence).

    Gain: 1 per enemy soldier captured beyond those any move would take, 2 per tower destroyed, 3 per mine
    taken, 100 for a win. Only moves ending next to an enemy unit, tower or mine can gain (a capture,
    fall or flip needs the moved unit beside it), so only those are tried.
    """
    side, enemy = state.side, 1 - state.side
    foe = state.soldiers[enemy]
    zone = crowding(foe | state.towers[enemy] | state.mines[enemy] | BIT[state.commanders[enemy]])[0]
    pending = (foe & (crowding(state.soldiers[side])[1] | REACH[state.commanders[side]])).bit_count()
    base = state.captured[enemy] + pending
    towers, mines = state.towers[enemy], state.mines[side]
    found = []
    for index, action in enumerate(legal):
        code = MOVE_OF.get(action)
        if code is None or not zone >> code % SQUARES & 1:
            continue
        child = play_move(state, code, variant)
        if child.outcome is not None:
            gain = 100 if child.outcome[0] == side else 0
        else:
            gain = (child.captured[enemy] - base + 2 * (towers & ~child.towers[enemy]).bit_count()
                    + 3 * (child.mines[side] & ~mines).bit_count())
        if gain > 0:
            found.append((-gain, index, action))
    found.sort()
    return found

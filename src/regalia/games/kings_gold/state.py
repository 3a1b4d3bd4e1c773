"""The state of a King's Gold match: plain, frozen data (tuples and ints), never mutated.

One ``KGState`` holds the Royal Sea Box (Treasury and Skull Island Reserve), every captain's chest,
the five dice of the captain at the helm, where the turn stands (``phase``) and the match's bookkeeping
(round, start player, heist record, end trigger). Chests are parallel tuples indexed by seat::

    seat:        0      1      2   ...
    coins      ( 3,     0,     7 )   standard Gold Coins (1 point)
    doubloons  ( 1,     2,     0 )   Royal Doubloons (5 points)
    shields    ( 0,     1,     0 )   Shield tokens (max 3, KG-2)
    penalties  ( 0,     2,     1 )   Skull-penalty events (Curse or Mutiny, KG-7/KG-13)

The dice are five slots, numbered 1..5 in notation (0..4 here); ``-1`` is a die not thrown yet.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .dice import SKULL

# Where the match stands. CHANCE phases are resolved by the Match; the others wait for a captain.
ROLLOFF = 0   # chance: the contenders each throw one die for the start (§2.2, KG-14)
READY = 1     # the captain at the helm must `roll` all five dice (§2.4 Phase 1)
THROW = 2     # chance: the dice in ``throwing`` are in the air
CHOOSE = 3    # the captain may `stop` or `reroll` some non-Skull dice (Rule 1, §2.4 Phases 2-3)
ASSIGN = 4    # the captain assigns a Crest: `crest convert` or `crest shield` (KG-2)
AIM = 5       # the captain aims a Cannon: `fire N` (KG-4)
OVER = 6      # scored (§2.7, KG-17)
# Captain's Duel only (KG-22):
DEAL = 7      # chance: the next captain is dealt two ability cards
KEEP = 8      # a captain secretly keeps one of his two cards (`keep 1` / `keep 2`)
REACT = 9     # a captain may answer a Curse or a theft with his card (`play Iron Hull`...) or `pass`
COUNTER = 10  # chance: the defender's counter-cannon die

PHASE_NAMES = ("roll-off", "ready", "throw", "choose", "assign", "aim", "over", "deal", "keep", "react",
               "counter")

SHIELD_CAP = 3
"""At most three Shields are held; extra ones are lost (KG-2)."""
TREASURY_COINS = 60
TREASURY_DOUBLOONS = 20
"""The Royal Treasury at setup (§2.2)."""
NO_DICE = (-1, -1, -1, -1, -1)


class KGState(NamedTuple):
    """A King's Gold position. Build test positions with :func:`position`.

    A NamedTuple rather than a frozen dataclass: just as immutable and plain, and ``_replace`` is several
    times faster than ``dataclasses.replace`` (the rules make a new state at every step).
    """

    phase: int
    seat: int                      # the captain at the helm (-1 during the roll-off)
    start: int                     # the start player: a round ends with the captain before him
    round: int                     # rounds begun (1 = the first); the Round Chronometer
    coins: tuple[int, ...]
    doubloons: tuple[int, ...]
    shields: tuple[int, ...]
    penalties: tuple[int, ...]
    eliminated: tuple[bool, ...]   # Total Mutiny variant (KG-21)
    treasury_coins: int
    treasury_doubloons: int
    reserve: int                   # Skull Island Reserve (standard coins only)
    dice: tuple[int, ...] = NO_DICE
    throwing: tuple[int, ...] = () # slots (0-based) in the air at a THROW node
    held: tuple[int, ...] = ()     # non-Skull slots held at the last re-roll (KG-15)
    rolls: int = 0                 # throws used this turn (max 3, Rule 1)
    crests_left: int = 0           # Crests still to assign (KG-2)
    converted: int = 0             # Crests paired with a Coin so far
    cannons_left: int = 0          # Cannons still to aim (KG-4)
    immune: tuple[bool, ...] = ()  # whose Shield blocked the roller this turn (KG-3)
    gain: int = 0                  # points gained this turn: the turn's heist (KG-16)
    record: int = 0                # the largest heist so far (KG-16)
    record_holder: int = -1        # who looted it (-1: nobody yet)
    end_triggered: bool = False    # the Treasury ran dry (KG-8): finish the round
    contenders: tuple[int, ...] = ()  # still in the start-player roll-off
    # Captain's Duel (KG-22); empty tuples in the other modes.
    hands: tuple[tuple[int, ...], ...] = ()  # the two cards dealt to each captain (hidden from the other)
    kept: tuple[int, ...] = ()     # the card each captain kept (-1: not chosen yet; hidden until played)
    played: tuple[bool, ...] = ()  # the kept card is used, hence revealed
    effects: tuple[int, ...] = ()  # turn cards in force this turn (Navigator, Quartermaster, Marque)
    extra_throw: bool = False      # the die in the air is the Powder Monkey's: not one of the 3 throws
    reacting: int = -1             # who answers at REACT
    theft: int = 0                 # standard coins the pending theft would take (REACT/COUNTER; 0: a Curse)
    broadside_theft: bool = False  # the pending theft is the Broadside's (the turn ends after it)

    @property
    def skulls(self) -> int:
        """Skulls locked in the Dice Bay."""
        return self.dice.count(SKULL)

    def with_seat(self, seat: int, **chest: int) -> KGState:
        """A copy with one captain's chest fields changed (``coins=3, shields=1``...)."""
        changes: dict[str, Any] = {}
        for name, value in chest.items():
            values = list(getattr(self, name))
            values[seat] = value
            changes[name] = tuple(values)
        return self._replace(**changes)


def initial(players: int, duel: bool = False) -> KGState:
    """Setup (§2.2, KG-14): empty chests, no Shields, empty Reserve, Treasury 60 + 20; roll-off next.

    In the Captain's Duel the ability cards are dealt and kept first (KG-22), then the roll-off.
    """
    zeros = (0,) * players
    duel_fields: dict[str, Any] = {}
    if duel:
        duel_fields = {"phase": DEAL, "kept": (-1,) * players, "played": (False,) * players}
    state = KGState(
        phase=ROLLOFF, seat=-1, start=-1, round=0,
        coins=zeros, doubloons=zeros, shields=zeros, penalties=zeros,
        eliminated=(False,) * players, treasury_coins=TREASURY_COINS,
        treasury_doubloons=TREASURY_DOUBLOONS, reserve=0, immune=(False,) * players,
        contenders=tuple(range(players)),
    )
    return state._replace(**duel_fields)


def position(
    players: int = 2,
    *,
    seat: int = 0,
    dice: str | tuple[int, ...] | None = None,
    rolls: int = 1,
    coins: tuple[int, ...] | None = None,
    doubloons: tuple[int, ...] | None = None,
    shields: tuple[int, ...] | None = None,
    penalties: tuple[int, ...] | None = None,
    treasury: tuple[int, int] = (TREASURY_COINS, TREASURY_DOUBLOONS),
    reserve: int = 0,
    start: int = 0,
    round: int = 1,
    record: tuple[int, int] = (0, -1),
    end_triggered: bool = False,
    eliminated: tuple[bool, ...] | None = None,
    cards: tuple[str, ...] | None = None,
    played: tuple[bool, ...] | None = None,
) -> KGState:
    """A position for tests and tools: ``position(3, dice="Coin Coin Skull Cannon Crest", coins=(2, 5, 0))``.

    With ``dice`` the captain at ``seat`` is deciding after ``rolls`` throws (phase CHOOSE); without,
    he is about to ``roll``. Use :func:`regalia.games.kings_gold.rules.stop` etc. to go on from there.
    """
    from .cards import CARD_BY_NAME, DECK
    from .dice import FACE_BY_NAME

    zeros = (0,) * players
    if isinstance(dice, str):
        dice = tuple(FACE_BY_NAME[name] for name in dice.split())
    duel: dict[str, Any] = {}
    if cards is not None:
        # A Captain's Duel position: ``cards`` names each captain's kept card; the card he discarded is
        # one of the cards nobody kept.
        kept = tuple(CARD_BY_NAME[name] for name in cards)
        spare = [c for c in DECK if c not in kept]
        duel = {"kept": kept, "hands": tuple(tuple(sorted((k, spare[i]))) for i, k in enumerate(kept)),
                "played": played or (False,) * players}
    state = KGState(
        phase=CHOOSE if dice is not None else READY,
        seat=seat, start=start, round=round,
        coins=coins or zeros, doubloons=doubloons or zeros, shields=shields or zeros,
        penalties=penalties or zeros, eliminated=eliminated or (False,) * players,
        treasury_coins=treasury[0], treasury_doubloons=treasury[1], reserve=reserve,
        dice=dice if dice is not None else NO_DICE, rolls=rolls if dice is not None else 0,
        immune=(False,) * players, record=record[0], record_holder=record[1],
        end_triggered=end_triggered,
    )
    return state._replace(**duel)

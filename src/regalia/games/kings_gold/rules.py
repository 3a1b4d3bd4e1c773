"""The rules of King's Gold, standard mode: the turn procedure of DECISIONS §4.4, as pure functions.

Every function takes a state and returns a new one. ``log``, when given, receives the captain's-log
lines of what happened (``describe`` replays a step with a list; ``apply`` passes None and pays nothing
for them). A turn::

    READY --roll--> THROW --(chance)--> CHOOSE --reroll--> THROW ... (at most 3 throws, Rule 1)
                                           |  stop, 3rd throw, >= 3 Skulls, five alike (KG-6, KG-25)
                                           v
           resolve: Mutiny | Curse | Ransom | Broadside | Amnesty | ASSIGN* -> payout -> AIM* -> end_turn

ASSIGN and AIM are asked only when the captain has a real choice; otherwise they resolve by themselves
(a Crest with no Coin to pair becomes a Shield, a Cannon with one possible target fires at it).

The other modes hook in here: Blackbeard's Blitz's ``timeout`` (``time_up``, KG-20) ends the turn with the
dice showing; the Captain's Duel (``duel``, KG-22) adds card plays to CHOOSE, a last word when the rolling
would end by itself, and REACT / COUNTER steps inside the resolution (a Curse answered, a theft answered and
then met by the counter-cannon die); fast roll (``forced``, §2.9) plays lone forced choices inside ``step``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from regalia.core.errors import IllegalAction

from . import duel
from .dice import CANNON, COIN, CREST, FACE_NAMES, SKULL, format_faces, parse_throw
from .explain import why_illegal
from .notation import (
    CONVERT,
    FIRE_TARGET,
    KEEP_ACTIONS,
    NAMES,
    PASS,
    ROLL,
    SHIELD,
    STOP,
    TIMEOUT,
    fire_action,
    parse_reroll,
    rerolls,
)
from .state import (
    AIM,
    ASSIGN,
    CHOOSE,
    COUNTER,
    DEAL,
    KEEP,
    NO_DICE,
    OVER,
    REACT,
    READY,
    ROLLOFF,
    SHIELD_CAP,
    THROW,
    KGState,
)

ROUND_CAP = 200
"""The navy always arrives at last: a match ends after round 200 even if the Treasury never empties
(only possible if every captain refuses to convert Crests forever; see RULES.md, KG-19)."""

Log = list[str] | None


@dataclass(frozen=True, slots=True)
class Config:
    """The options that change the rules (KG-8, KG-19, KG-21, KG-24, KG-25 variants)."""

    players: int
    coin: int = 1
    doubloon: int = 5
    shield: int = 2
    bonus: int = 10
    navy_rounds: int | None = None
    total_mutiny: bool = False
    end_on_coins: bool = False
    ransom_coins_only: bool = False
    mode: str = "standard"         # standard | blitz (KG-20) | duel (KG-22)
    turn_seconds: int = 10         # Blackbeard's Blitz turn timer (KG-20)
    fast_roll: bool = False        # §2.9: lone forced choices resolve by themselves (see ``forced``)

    @property
    def blitz(self) -> bool:
        return self.mode == "blitz"


# ----- what may be played ----------------------------------------------------------------------------


def free_slots(state: KGState) -> tuple[int, ...]:
    """Slots of the dice that are not locked Skulls (Rule 1)."""
    return _free_slots(state.dice)


@cache
def _free_slots(dice: tuple[int, ...]) -> tuple[int, ...]:
    # A table over the 4**5 dice a captain can show: asked at every step, so computed once each.
    return tuple(i for i, f in enumerate(dice) if f != SKULL)


@cache
def _choices(dice: tuple[int, ...]) -> tuple[str, ...]:
    return (STOP, *rerolls(_free_slots(dice)))


def cannon_targets(state: KGState) -> list[int]:
    """Seats a Cannon may hit now: opponents still in, not immune this turn, with a standard coin (KG-3/4)."""
    seat, coins, immune, out = state.seat, state.coins, state.immune, state.eliminated
    return [t for t in range(len(coins)) if t != seat and coins[t] > 0 and not immune[t] and not out[t]]


def convertible(state: KGState) -> bool:
    """Can one more Crest pair with an unpaired Coin and a Doubloon still in the Treasury (KG-1, KG-9)?"""
    converted = state.converted
    return state.dice.count(COIN) > converted and state.treasury_doubloons > converted


def legal_actions(state: KGState) -> list[str]:
    """Every legal action of the captain at the helm (empty at chance nodes and at the end)."""
    phase = state.phase
    if phase == CHOOSE:
        return duel.choices(state) if state.kept else list(_choices(state.dice))
    if phase == READY:
        return [ROLL]
    if phase == ASSIGN:
        return [CONVERT, SHIELD]
    if phase == AIM:
        return [fire_action(t) for t in cannon_targets(state)]
    if phase == REACT:
        return duel.reactions(state)
    if phase == KEEP:
        return list(KEEP_ACTIONS)
    return []


# ----- applying an action or a chance outcome --------------------------------------------------------


def step(cfg: Config, state: KGState, action: str, log: Log = None) -> KGState:
    """``apply``, then the fast-roll setting's forced choices (the rules object's ``apply``)."""
    state = apply(cfg, state, action, log)
    return forced(cfg, state, log) if cfg.fast_roll else state


def forced(cfg: Config, state: KGState, log: Log) -> KGState:
    """Fast roll (§2.9, KG-24): while the captain to act has exactly one legal action and it is neither
    ``stop`` nor ``pass``, it is played at once. In practice: the turn's first ``roll`` (always forced)
    and a lone ``fire N`` (already automatic by KG-4). A lone ``stop`` (the Duel's last word) and a lone
    ``pass`` (a reaction) are still asked: skipping them would tell the opponent the hidden card."""
    while state.phase in (READY, CHOOSE, ASSIGN, AIM, KEEP):
        legal = legal_actions(state)
        if len(legal) != 1 or legal[0] in (STOP, PASS):
            break
        state = apply(cfg, state, legal[0], log)
    return state


def apply(cfg: Config, state: KGState, action: str, log: Log = None) -> KGState:
    """The state after ``action`` (legal now) or the chance outcome at a chance node."""
    phase = state.phase
    if phase == THROW:
        return land_throw(cfg, state, parse_throw(len(state.throwing))[action], log)
    if action == TIMEOUT:
        from .blitz import time_up  # Blackbeard's Blitz lives in blitz.py, which builds on these rules

        return time_up(cfg, state, log)
    if phase == CHOOSE:
        if action.startswith("play "):
            return duel.play_turn_card(state, action, log)
        if action == STOP:
            if log is not None:
                log.append(f"{NAMES[state.seat]} stops with {format_faces(state.dice)}")
            return resolve(cfg, state, log)
        slots = parse_reroll(action)
        if slots is None:
            raise IllegalAction(why_illegal(state, action))
        held = tuple(i for i in free_slots(state) if i not in slots)
        if log is not None:
            keeps = f" and holds {' '.join(str(i + 1) for i in held)}" if held else ""
            log.append(f"{NAMES[state.seat]} re-rolls {action[7:]}{keeps}")
        return state._replace(phase=THROW, throwing=slots, held=held)
    if phase == READY:
        return state._replace(phase=THROW, throwing=(0, 1, 2, 3, 4))
    if phase == ASSIGN:
        if action == CONVERT:
            if log is not None:
                log.append(f"{NAMES[state.seat]} pairs a Crest with a Coin: a Royal Doubloon")
            state = state._replace(converted=state.converted + 1, crests_left=state.crests_left - 1)
        else:
            state = take_shields(state, 1, log)
            state = state._replace(crests_left=state.crests_left - 1)
        return assign_crests(cfg, state, log)
    if phase == AIM:
        return aim_cannons(cfg, fire(cfg, state, FIRE_TARGET[action], log), log)
    if phase == ROLLOFF:
        return land_rolloff(state, parse_throw(len(state.contenders))[action], log)
    if phase == REACT:
        return answer(cfg, state, action, log)
    if phase == COUNTER:
        return after_theft(cfg, duel.land_counter(state, parse_throw(1)[action][0], cfg.coin, log), log)
    if phase == DEAL:
        return duel.land_deal(state, action, log)
    if phase == KEEP:
        return duel.keep(state, action, log)
    raise IllegalAction("Game end: the match is over")


def answer(cfg: Config, state: KGState, action: str, log: Log) -> KGState:
    """REACT (KG-22): a theft is answered with Iron Hull or passed to the counter-cannon; a Curse with
    the Smuggler or passed (the forfeit is paid)."""
    if state.theft:
        if action == PASS:
            return state._replace(phase=COUNTER)
        return after_theft(cfg, duel.iron_hull(state, log), log)
    if action == PASS:
        return end_turn(cfg, curse(state._replace(reacting=-1), log), log)
    return end_turn(cfg, duel.smuggler(state, log), log)


def after_theft(cfg: Config, state: KGState, log: Log) -> KGState:
    """A Duel theft is settled: the Broadside ends the turn; Cannons go on firing."""
    if state.broadside_theft:
        return end_turn(cfg, state._replace(broadside_theft=False), log)
    return aim_cannons(cfg, state._replace(phase=AIM), log)


def pending(state: KGState) -> bool:
    """A Duel reaction or counter-cannon interrupts the resolution."""
    return state.phase == REACT or state.phase == COUNTER


def land_rolloff(state: KGState, faces: tuple[int, ...], log: Log) -> KGState:
    """§2.2 / KG-14: the highest symbol (Crest > Coin > Cannon > Skull) begins; ties roll again."""
    best = max(faces)
    tied = tuple(c for c, f in zip(state.contenders, faces, strict=True) if f == best)
    if log is not None:
        shown = ", ".join(f"{NAMES[c]} {FACE_NAMES[f]}" for c, f in zip(state.contenders, faces, strict=True))
        if len(tied) == 1:
            log.append(f"Roll-off: {shown}. {NAMES[tied[0]]} takes the five Pirate Dice and begins")
        else:
            log.append(f"Roll-off: {shown}. {_names(tied)} tie and roll again")
    if len(tied) > 1:
        return state._replace(contenders=tied)
    return state._replace(phase=READY, seat=tied[0], start=tied[0], round=1, contenders=())


def throw_line(state: KGState, again: bool = False) -> str:
    """The log line of the dice a throw left showing (``Anne rolls Coin Coin Skull Cannon Crest``);
    ``again``: a throw that is not one of the turn's throws (the Duel's Powder Monkey)."""
    verb = "rolls" if state.rolls == 1 and not again else "now shows"
    return f"{NAMES[state.seat]} {verb} {format_faces(state.dice)}"


def land_throw(cfg: Config, state: KGState, faces: tuple[int, ...], log: Log) -> KGState:
    """Dice land: Skulls lock at once (Rule 1); 3 Skulls, five alike or the 3rd throw end the rolling."""
    dice = list(state.dice)
    for slot, face in zip(state.throwing, faces, strict=True):
        dice[slot] = face
    again = state.extra_throw  # the Powder Monkey's throw is not one of the three
    state = state._replace(dice=tuple(dice), throwing=(), rolls=state.rolls + (not again), phase=CHOOSE,
                           extra_throw=False)
    rolls = state.rolls
    skulls = state.dice.count(SKULL)
    if log is not None:
        log.append(throw_line(state, again))
    first = state.dice[0]
    if first != SKULL and state.dice.count(first) == 5:
        return resolve(cfg, state, log)
    limit = duel.roll_limit(state) if state.kept else 3
    if skulls >= 3 or rolls >= limit:
        if state.kept and duel.pauses(state):
            return state  # the Duel: a captain with a card still in hand has the last word (KG-22)
        if log is not None and skulls < 3:
            nth = "third" if limit == 3 else "fourth"
            log.append(f"That was the {nth} throw: the dice are final")
        return resolve(cfg, state, log)
    return state


# ----- resolution (DECISIONS §4.4 step 4) ------------------------------------------------------------


def resolve(cfg: Config, state: KGState, log: Log) -> KGState:
    """Resolve exactly one branch: Mutiny, Curse, a Grand Heist, or Crests -> payout -> Cannons."""
    dice = state.dice
    skulls = dice.count(SKULL)
    if skulls == 5:
        return end_turn(cfg, mutiny(cfg, state, log), log)
    if skulls >= 3:
        if duel.may_answer(state, state.seat):
            return duel.start_curse_answer(state)
        return end_turn(cfg, curse(state, log), log)
    first = dice[0]
    if dice.count(first) == 5:
        heist = {COIN: kings_ransom, CANNON: broadside, CREST: amnesty}[first]
        state = heist(cfg, state, log)
        return state if pending(state) else end_turn(cfg, state, log)
    state = state._replace(crests_left=dice.count(CREST), converted=0, cannons_left=dice.count(CANNON))
    return assign_crests(cfg, state, log)


def assign_crests(cfg: Config, state: KGState, log: Log) -> KGState:
    """KG-2: ask while a Crest can pair with a Coin; unpairable Crests become Shields; then pay."""
    if state.crests_left:
        if convertible(state):
            return state._replace(phase=ASSIGN)
        state = take_shields(state, state.crests_left, log)._replace(crests_left=0)
    return aim_cannons(cfg, pay_treasury(cfg, state, log), log)


def take_shields(state: KGState, count: int, log: Log) -> KGState:
    """KG-2: Shields up to the cap of three; extra ones are lost."""
    have = state.shields[state.seat]
    kept = min(count, SHIELD_CAP - have)
    if log is not None:
        word = "a Shield" if count == 1 else f"{count} Shields"
        lost = f" ({count - kept} lost: three is the most a captain holds)" if kept < count else ""
        log.append(f"{NAMES[state.seat]} takes {word} from the Crests{lost}")
    return state.with_seat(state.seat, shields=have + kept) if kept else state


def pay_treasury(cfg: Config, state: KGState, log: Log) -> KGState:
    """Rule 2, KG-1, KG-9: each Coin takes a coin; each converted Coin a Doubloon; pay until empty."""
    seat = state.seat
    wanted = state.dice.count(COIN)
    if not wanted:
        return state
    doubloons = state.converted
    plain = (wanted - doubloons) * (duel.coins_per_coin(state) if state.kept else 1)
    coins = min(plain, state.treasury_coins)
    if log is not None:
        short = plain - coins
        note = f" (the Treasury is out of coins for {short} Coin{'s' * (short > 1)})" if short else ""
        log.append(f"{NAMES[seat]} takes {_amount(coins, doubloons)} from the Royal Treasury{note}")
    state = state.with_seat(seat, coins=state.coins[seat] + coins, doubloons=state.doubloons[seat] + doubloons)
    return state._replace(
        treasury_coins=state.treasury_coins - coins,
        treasury_doubloons=state.treasury_doubloons - doubloons,
        gain=state.gain + coins * cfg.coin + doubloons * cfg.doubloon,
    )


def aim_cannons(cfg: Config, state: KGState, log: Log) -> KGState:
    """KG-4: each Cannon must hit a legal target; asked when there are several, wasted when none."""
    while state.cannons_left:
        if pending(state):
            return state
        targets = cannon_targets(state)
        if not targets:
            if log is not None:
                left = state.cannons_left
                what = "Cannon finds" if left == 1 else f"{left} Cannons find"
                log.append(f"{NAMES[state.seat]}'s {what} no target")
            state = state._replace(cannons_left=0)
            break
        if len(targets) > 1:
            return state._replace(phase=AIM)
        state = fire(cfg, state, targets[0], log)
    return state if pending(state) else end_turn(cfg, state, log)


def fire(cfg: Config, state: KGState, target: int, log: Log) -> KGState:
    """One Cannon at ``target``: his Shield absorbs it and makes him immune this turn (KG-3), or 1 coin."""
    seat = state.seat
    state = state._replace(cannons_left=state.cannons_left - 1)
    if state.shields[target]:
        if log is not None:
            log.append(f"{NAMES[seat]} fires at {NAMES[target]}: {NAMES[target]}'s Shield takes the shot")
        return _spend_shield(state, target)
    if state.kept:
        take = min(duel.coins_per_cannon(state), state.coins[target])
        if log is not None:
            log.append(f"{NAMES[seat]} fires at {NAMES[target]}")
        return duel.start_theft(state, target, take, False, log)
    if log is not None:
        log.append(f"{NAMES[seat]} fires at {NAMES[target]}: 1 coin")
    state = state.with_seat(target, coins=state.coins[target] - 1)
    state = state.with_seat(seat, coins=state.coins[seat] + 1)
    return state._replace(gain=state.gain + cfg.coin)


def _spend_shield(state: KGState, target: int) -> KGState:
    immune = list(state.immune)
    immune[target] = True
    return state.with_seat(target, shields=state.shields[target] - 1)._replace(immune=tuple(immune))


def curse(state: KGState, log: Log) -> KGState:
    """Rule 2, KG-6/KG-7: 3-4 Skulls void the roll; forfeit 2 standard coins (or what you have)."""
    seat = state.seat
    lost = min(2, state.coins[seat])
    if log is not None:
        log.append(f"Royal Curse! {NAMES[seat]} forfeits {_amount(lost, 0)} to Skull Island")
    state = state.with_seat(seat, coins=state.coins[seat] - lost, penalties=state.penalties[seat] + 1)
    return state._replace(reserve=state.reserve + lost)


def mutiny(cfg: Config, state: KGState, log: Log) -> KGState:
    """Rule 3, KG-13: five Skulls sink the whole chest into the Royal Treasury; Shields are kept."""
    seat = state.seat
    coins, doubloons = state.coins[seat], state.doubloons[seat]
    if log is not None:
        log.append(f"Mutiny! {NAMES[seat]}'s whole chest ({_amount(coins, doubloons)}) sinks into the Royal Treasury")
    state = state.with_seat(seat, coins=0, doubloons=0, penalties=state.penalties[seat] + 1)
    if cfg.total_mutiny:
        if log is not None:
            log.append(f"{NAMES[seat]} is out of the match (Total Mutiny)")
        out = list(state.eliminated)
        out[seat] = True
        state = state._replace(eliminated=tuple(out))
    return state._replace(treasury_coins=state.treasury_coins + coins,
                   treasury_doubloons=state.treasury_doubloons + doubloons)


KINGS_RANSOM, BROADSIDE, AMNESTY = "The King's Ransom!", "Broadside Barrage!", "Royal Amnesty!"
HEISTS = (KINGS_RANSOM, BROADSIDE, AMNESTY)
"""The heists of rule 3 as the captain's log announces them (a table sounds its fanfare on these)."""


def kings_ransom(cfg: Config, state: KGState, log: Log) -> KGState:
    """Rule 3, KG-10: five Coins take all the Treasury (variant: its standard coins only)."""
    seat = state.seat
    coins = state.treasury_coins
    doubloons = 0 if cfg.ransom_coins_only else state.treasury_doubloons
    if log is not None:
        log.append(f"{KINGS_RANSOM} {NAMES[seat]} takes {_amount(coins, doubloons)} from the Royal Treasury")
    state = state.with_seat(seat, coins=state.coins[seat] + coins, doubloons=state.doubloons[seat] + doubloons)
    return state._replace(treasury_coins=0, treasury_doubloons=state.treasury_doubloons - doubloons,
                   gain=state.gain + coins * cfg.coin + doubloons * cfg.doubloon)


def broadside(cfg: Config, state: KGState, log: Log) -> KGState:
    """Rule 3, KG-11: up to 2 standard coins from every opponent; a Shield blocks it for its holder."""
    seat, n = state.seat, len(state.coins)
    if log is not None:
        log.append(f"{BROADSIDE} {NAMES[seat]} fires on every ship")
    for step in range(1, n):
        target = (seat + step) % n
        take = min(2, state.coins[target])
        if state.eliminated[target] or not take:
            continue
        if state.shields[target]:
            if log is not None:
                log.append(f"{NAMES[target]}'s Shield takes the broadside")
            state = _spend_shield(state, target)
            continue
        if state.kept:  # the Duel has one opponent: his answer and the counter-cannon end the turn
            return duel.start_theft(state, target, take, True, log)
        if log is not None:
            log.append(f"{NAMES[seat]} takes {_amount(take, 0)} from {NAMES[target]}")
        state = state.with_seat(target, coins=state.coins[target] - take)
        state = state.with_seat(seat, coins=state.coins[seat] + take)
        state = state._replace(gain=state.gain + take * cfg.coin)
    return state


def amnesty(cfg: Config, state: KGState, log: Log) -> KGState:
    """Rule 3, KG-12: five Crests claim the Skull Island Reserve and one Shield."""
    seat, reserve = state.seat, state.reserve
    if log is not None:
        log.append(f"{AMNESTY} {NAMES[seat]} claims {_amount(reserve, 0)} from Skull Island")
    state = state.with_seat(seat, coins=state.coins[seat] + reserve)
    state = state._replace(reserve=0, gain=state.gain + reserve * cfg.coin)
    return take_shields(state, 1, log)


# ----- the end of a turn (§4.4 step 5) and of the match (§2.8) ---------------------------------------


def treasury_exhausted(cfg: Config, state: KGState) -> bool:
    """KG-8: no coins and no doubloons left (variant: no standard coins left)."""
    if cfg.end_on_coins:
        return state.treasury_coins == 0
    return state.treasury_coins == 0 and state.treasury_doubloons == 0


def end_turn(cfg: Config, state: KGState, log: Log) -> KGState:
    """Record the heist (KG-16), mark the end (KG-8), pass the dice clockwise; score after the round."""
    seat, n = state.seat, len(state.coins)
    if state.gain > state.record:
        if log is not None:
            log.append(f"{NAMES[seat]} loots the largest heist yet: {state.gain} point{'s' * (state.gain != 1)} (Master Pirate)")
        state = state._replace(record=state.gain, record_holder=seat)
    if not state.end_triggered and treasury_exhausted(cfg, state):
        if log is not None:
            log.append("The Royal Treasury is exhausted! The round is completed, then the captains count")
        state = state._replace(end_triggered=True)
    out = state.eliminated
    if cfg.total_mutiny and out.count(False) <= 1:
        return _game_over(state, log, "only one captain is still afloat (Total Mutiny)")
    nxt, wrapped = seat, False
    while True:
        nxt = (nxt + 1) % n
        wrapped = wrapped or nxt == state.start
        if not out[nxt]:
            break
    state = state._replace(phase=READY, seat=nxt, dice=NO_DICE, held=(), rolls=0, crests_left=0, converted=0,
                    cannons_left=0, immune=(False,) * n, gain=0, effects=())
    if wrapped:
        if state.end_triggered:
            return _game_over(state, log, "the round is complete")
        if cfg.navy_rounds is not None and state.round >= cfg.navy_rounds:
            return _game_over(state, log, f"the King's navy arrives after round {state.round}")
        if state.round >= ROUND_CAP:
            return _game_over(state, log, f"the King's navy arrives after round {ROUND_CAP}")
        state = state._replace(round=state.round + 1)
    return state


def _game_over(state: KGState, log: Log, why: str) -> KGState:
    if log is not None:
        log.append(f"The match is over: {why}")
    return state._replace(phase=OVER)


def _names(seats: tuple[int, ...]) -> str:
    names = [NAMES[s] for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def _amount(coins: int, doubloons: int) -> str:
    """``3 coins and 1 doubloon`` / ``nothing``."""
    parts = [_count(coins, "coin")] if coins else []
    if doubloons:
        parts.append(_count(doubloons, "doubloon"))
    return " and ".join(parts) or "nothing"

"""One test per numbered rule of the seed (rule_n) and per decision of DECISIONS.md §3 (cq_n)."""

from __future__ import annotations

import pytest

from regalia.core import CHANCE, IllegalAction, Rng
from regalia.games.crown_the_queen.cards import (
    AIRMAN,
    ARCHBISHOP,
    DECK,
    NO_VALUE,
    PAGE,
    POLICEMAN,
    QUEEN,
    ROYAL_COACH,
    SAILOR,
    SOLDIER,
    points,
    wanted,
)
from regalia.games.crown_the_queen.state import ACQUIRE, DEAL, DRAW, OVER, PASS

from .helpers import game, play_until, position

FULL_BUT_QUEEN = [POLICEMAN, SOLDIER, SAILOR, AIRMAN, ROYAL_COACH, PAGE, ARCHBISHOP]


def test_pack_of_section_3_1_has_54_cards():
    assert len(DECK) == 54
    assert DECK.count(POLICEMAN) == 7 and DECK.count(QUEEN) == 4 and DECK.count(ARCHBISHOP) == 4
    assert all(DECK.count(c) == 5 for c in (SOLDIER, SAILOR, AIRMAN, ROYAL_COACH, PAGE))
    assert len(NO_VALUE) == 14 and all(DECK.count(c) == 1 for c in NO_VALUE)


def test_rule_1_a_rubber_is_three_games_and_the_highest_total_wins():
    g = game(3)
    match = g.new_match(seed=7)
    play_until(match, lambda m: False)
    assert match.is_over
    results = match.state.results
    assert len(results) == 3
    totals = [sum(r[s] for r in results) for s in range(3)]
    assert match.scores == [float(t) for t in totals]
    assert all(totals[w] == max(totals) for w in match.winners)


def test_rule_1_option_plays_a_single_game():
    match = game(3, rubber=False).new_match(seed=7)
    play_until(match, lambda m: False)
    assert len(match.state.results) == 1


def test_rule_2a_the_queen_presented_ends_the_game():
    g = game(3)
    state = position([[QUEEN, "Trumpeter", "Big Ben"], ["India"] * 0 + ["Canada", "Ceylon", "Hyde Park"],
                      ["Union Jack", "Marble Arch", "Australia"]],
                     processions=[FULL_BUT_QUEEN, [], []], step=ACQUIRE, passed="New Zealand", games=3)
    after = g.apply(state, "keep")
    assert after.results[-1][0] == 100 and after.ending == "queen"
    assert after.step == DEAL  # the rubber goes on with a fresh deal


def test_rule_2b_the_last_card_of_the_centre_pack_ends_the_game():
    g = game(2, rubber=False)
    state = position([["Trumpeter", "Big Ben", "Canada"], ["Ceylon", "Hyde Park", "India"]],
                     step=ACQUIRE, passed="Union Jack", pack=["Marble Arch"])
    after = g.apply(g.apply(state, "swap"), "Marble Arch")
    assert after.step == OVER and after.ending == "pack" and after.pack == ()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_rule_3_three_cards_each_and_the_rest_face_down_in_the_centre(players):
    g, rng = game(players), Rng(3)
    state = g.apply(g.initial_state(), "dealer 1")
    while state.step == DEAL:
        state = g.apply(state, g.sample_chance(state, rng))
    view = g.view(state, None)
    assert view["hand_sizes"] == [3] * players and view["pack"] == 54 - 3 * players
    assert state.step == DRAW and state.turn == 2 % players


def test_rule_4_the_player_left_of_the_dealer_draws_first_and_lays_a_policeman():
    g = game(3)
    state = position([[POLICEMAN, "Trumpeter", "Big Ben"], ["Canada", "Ceylon", "Hyde Park"],
                      ["Union Jack", "Marble Arch", "Australia"]], step=DRAW, turn=0, dealer=2)
    assert g.to_move(state) == CHANCE
    after = g.apply(state, "India")
    assert after.processions[0] == (POLICEMAN,)
    assert after.step == DRAW  # rule 5: after laying, another card from the pack
    without_police = position([["Trumpeter", "Big Ben", "Royal Arms"], ["Canada", "Ceylon", "Hyde Park"],
                               ["Union Jack", "Marble Arch", "Australia"]], step=DRAW, turn=0, dealer=2)
    after = g.apply(without_police, "India")
    assert after.step == PASS and after.processions[0] == () and len(after.hands[0]) == 4


def test_rule_5_lay_and_draw_until_unable_then_pass_back_to_three():
    g = game(3)
    state = position([[POLICEMAN, SOLDIER, "Big Ben"], ["Canada", "Ceylon", "Hyde Park"],
                      ["Union Jack", "Marble Arch", "Australia"]], step=DRAW, turn=0)
    state = g.apply(state, SAILOR)  # draws Sailor: lays Policeman, then must draw again
    assert state.processions[0] == (POLICEMAN,) and state.step == DRAW
    state = g.apply(state, "India")  # lays Soldier, draws again
    state = g.apply(state, "Trumpeter")  # lays Sailor, draws again
    state = g.apply(state, "Royal Arms")  # nothing to lay
    assert state.processions[0] == (POLICEMAN, SOLDIER, SAILOR)
    assert state.step == PASS and len(state.hands[0]) == 4
    assert sorted(g.legal_actions(state)) == sorted(f"pass {c}" for c in state.hands[0])
    after = g.apply(state, "pass Big Ben")
    assert len(after.hands[0]) == 3


def test_rule_6_each_player_receives_a_card_from_the_previous_player_before_playing():
    g = game(3)
    state = position([["Trumpeter", "Big Ben", "Canada", "Royal Arms"], ["Ceylon", "Hyde Park", "India"],
                      ["Union Jack", "Marble Arch", "Australia"]], step=PASS, turn=0)
    after = g.apply(state, "pass Canada")
    assert after.step == ACQUIRE and after.turn == 1 and after.passed == "Canada"
    assert g.legal_actions(after) == ["swap", "keep"]


def test_rule_7_swap_turns_the_passed_card_face_up_and_takes_from_the_pack():
    g = game(3)
    state = position([["Trumpeter", "Big Ben", "Canada"], ["Ceylon", "Hyde Park", "India"],
                      ["Union Jack", "Marble Arch", "Australia"]], step=ACQUIRE, turn=0, passed="Royal Arms")
    swapped = g.apply(state, "swap")
    assert swapped.face_up == ("Royal Arms",) and g.to_move(swapped) == CHANCE
    outcomes = dict(g.chance_outcomes(swapped))
    assert "Royal Arms" not in outcomes  # nobody draws from the face-up pile
    kept = g.apply(state, "keep")
    assert "Royal Arms" in kept.hands[0] and kept.face_up == ()
    assert all(not a.startswith("draw") for a in g.legal_actions(state) + g.legal_actions(kept))


def test_rule_8_the_procession_is_laid_in_its_order():
    assert wanted(()) == (POLICEMAN,)
    assert wanted((POLICEMAN,)) == (SOLDIER, SAILOR, AIRMAN)
    assert wanted((POLICEMAN, AIRMAN, SOLDIER)) == (SAILOR,)
    assert wanted((POLICEMAN, AIRMAN, SOLDIER, SAILOR)) == (ROYAL_COACH,)
    assert wanted(tuple(FULL_BUT_QUEEN)) == (QUEEN,)
    g = game(3)
    # A Soldier cannot go down before the Policeman; the forces go in any order.
    state = position([[SOLDIER, ROYAL_COACH, "Big Ben"], ["Ceylon", "Hyde Park", "India"],
                      ["Union Jack", "Marble Arch", "Australia"]], step=DRAW, turn=0)
    assert g.apply(state, "Trumpeter").processions[0] == ()
    after = g.apply(state, POLICEMAN)
    assert after.processions[0] == (POLICEMAN,) and after.step == DRAW  # one card, then a draw
    after = g.apply(after, "Trumpeter")
    assert after.processions[0] == (POLICEMAN, SOLDIER) and after.step == DRAW
    after = g.apply(after, "Royal Arms")
    assert ROYAL_COACH in after.hands[0] and after.step == PASS  # the Coach waits for Sailor and Airman


def test_rule_9_ten_points_a_card_and_thirty_for_the_queen():
    assert points(()) == 0
    assert points((POLICEMAN, SOLDIER)) == 20
    assert points((*FULL_BUT_QUEEN, QUEEN)) == 100


def test_rule_10_flags_buildings_arms_and_trumpeter_are_never_laid():
    g = game(2)
    state = position([list(NO_VALUE[:3]), list(NO_VALUE[3:6])], step=DRAW, turn=0)
    after = g.apply(state, NO_VALUE[6])
    assert after.processions[0] == () and after.step == PASS
    assert all(points((card,)) == 10 for card in (POLICEMAN,))
    assert all(not set(wanted(p)) & set(NO_VALUE) for p in [(), (POLICEMAN,), tuple(FULL_BUT_QUEEN)])


def test_cq_1_two_to_six_players():
    for n in range(2, 7):
        assert game(n).players == n
    for bad in (1, 7):
        with pytest.raises(ValueError, match="players"):
            game(bad)
    match = game(6).new_match(seed=1)
    assert match.view(None)["pack"] + 1 == 36  # 18 dealt, 36 left; one already drawn by the first player


def test_cq_2_a_laid_queen_ends_the_game_at_once_without_a_draw_or_pass():
    g = game(3, rubber=False)
    state = position([[QUEEN, ROYAL_COACH, "Big Ben"], ["Canada", "Ceylon", "Hyde Park"],
                      ["Union Jack", "Marble Arch", "Australia"]],
                     processions=[FULL_BUT_QUEEN, [], []], step=DRAW, turn=0)
    after = g.apply(state, "Trumpeter")
    assert after.step == OVER and after.ending == "queen"
    assert len(after.pack) == len(state.pack) - 1  # only the draw that preceded the Queen
    assert after.hands[0] == ("Royal Coach", "Trumpeter", "Big Ben")  # nothing passed


def test_cq_3_the_last_card_ends_the_game_after_laying_what_the_player_holds():
    g = game(2, rubber=False)
    state = position([[SOLDIER, SAILOR, "Big Ben"], ["Canada", "Ceylon", "Hyde Park"]],
                     step=ACQUIRE, turn=0, passed="Trumpeter", pack=[POLICEMAN])
    after = g.apply(g.apply(state, "swap"), POLICEMAN)  # the swap takes the last card: a Policeman
    assert after.step == OVER and after.ending == "pack"
    assert after.last_processions[0] == (POLICEMAN, SOLDIER, SAILOR)  # laid with nothing more to draw
    assert after.results == ((30, 0),)
    assert after.hands[0] == ("Big Ben",)  # passes nothing


def test_cq_4_partial_processions_score_and_hands_score_nothing():
    g = game(2, rubber=False)
    state = position([[QUEEN, ARCHBISHOP, PAGE], ["Canada", "Ceylon", "Hyde Park"]],
                     processions=[[POLICEMAN, SOLDIER], []], step=ACQUIRE, turn=0, passed="Trumpeter",
                     pack=["India"])
    after = g.apply(g.apply(state, "swap"), "India")
    assert after.results == ((20, 0),)
    assert g.scores(state) == [20.0, 0.0]


def test_cq_5_two_full_rounds_without_a_pack_card_end_the_game():
    g = game(2, rubber=False)
    hands = [["Trumpeter", "Big Ben", "Canada"], ["Ceylon", "Hyde Park", "India"]]
    state = position(hands, step=ACQUIRE, turn=0, passed="Union Jack", idle=2)
    state = g.apply(state, "keep")
    assert state.step == PASS
    state = g.apply(state, "pass Union Jack")
    assert state.idle == 3 and state.step == ACQUIRE
    state = g.apply(state, "keep")
    state = g.apply(state, "pass Union Jack")  # the fourth idle turn of two players: two rounds
    assert state.step == OVER and state.ending == "deadlock"
    # Taking a card from the pack resets the count.
    fresh = position(hands, step=ACQUIRE, turn=0, passed="Union Jack", idle=3)
    fresh = g.apply(g.apply(fresh, "swap"), "Marble Arch")
    assert g.apply(fresh, "pass Marble Arch").idle == 0


def test_cq_6_random_first_dealer_then_the_deal_passes_left():
    g = game(3)
    first = g.initial_state()
    assert g.to_move(first) == CHANCE
    assert [o for o, _ in g.chance_outcomes(first)] == ["dealer 0", "dealer 1", "dealer 2"]
    match = g.new_match(seed=11)
    dealers = [match.state.dealer]
    for _ in range(2):
        games_done = len(match.state.results)
        play_until(match, lambda m, k=games_done: len(m.state.results) > k)
        dealers.append(match.state.dealer)
    assert dealers[1] == (dealers[0] + 1) % 3 and dealers[2] == (dealers[0] + 2) % 3
    assert any(line == f"Seat {dealers[1] + 1} deals game 2" for line in match.log)  # seats named from 1


def test_cq_7_ties_go_to_most_queens_then_best_game_then_shared():
    g = game(3)
    over = position([[], [], []], step=OVER, games=3)
    queens = over.__class__(**{**_fields(over), "results": ((100, 60, 0), (0, 40, 0), (0, 0, 0))})
    assert g.winners(queens) == [0]
    best = over.__class__(**{**_fields(over), "results": ((90, 60, 0), (0, 30, 0), (0, 0, 50))})
    assert g.winners(best) == [0]
    shared = over.__class__(**{**_fields(over), "results": ((50, 50, 0), (0, 0, 0), (0, 0, 0))})
    assert g.winners(shared) == [0, 1]


def test_cq_7_the_last_line_of_the_log_names_who_won_the_rubber_and_by_which_measure():
    g = game(3)

    def last_lines(results: tuple) -> list[str]:
        before = position([[QUEEN, "Trumpeter", "Big Ben"], ["Canada", "Ceylon", "Hyde Park"],
                           ["Union Jack", "Marble Arch", "Australia"]], processions=[FULL_BUT_QUEEN, [], []],
                          step=ACQUIRE, passed="New Zealand", games=3, results=results)
        after = g.apply(before, "keep")  # seat 1 crowns the Queen: 100 points, the rubber is over
        assert after.step == OVER
        return g.describe(before, "keep", after)[-2:]

    assert last_lines(((0, 30, 0), (0, 40, 0))) == [
        "final totals: 100, 70, 0", "Seat 1 wins the rubber with 100 points (rule 1)"]
    assert last_lines(((0, 60, 0), (0, 40, 0)))[-1] == (
        "Seat 1 wins the rubber: level on 100 points, more Queens crowned (1)")
    assert last_lines(((0, 100, 0), (0, 0, 0)))[-1] == (
        "Seat 1 and Seat 2 share the rubber: level on points, Queens crowned and best single game")
    over = position([[], [], []], step=OVER, games=3)
    best = over.__class__(**{**_fields(over), "results": ((90, 60, 0), (0, 30, 0), (0, 0, 50))})
    assert g._rubber_won(best) == "Seat 1 wins the rubber: level on 90 points and 0 Queens, the best single game (90)"


def test_cq_8_hands_and_passed_cards_are_private_processions_and_face_up_public():
    g = game(3)
    state = position([["Trumpeter", "Big Ben", "Canada"], ["Ceylon", "Hyde Park", "India"],
                      ["Union Jack", "Marble Arch", "Australia"]], processions=[[POLICEMAN], [], []],
                     face_up=(SOLDIER,), step=ACQUIRE, turn=1, passed="Royal Arms")
    receiver, passer, other, spectator = (g.view(state, s) for s in (1, 0, 2, None))
    assert receiver["passed"] == "Royal Arms" and passer["passed"] == "Royal Arms"
    assert other["passed"] is None and spectator["passed"] is None
    assert sorted(other["hand"]) == ["Australia", "Marble Arch", "Union Jack"] and spectator["hand"] is None
    for view in (receiver, passer, other, spectator):
        assert view["processions"][0] == [POLICEMAN] and view["face_up"] == [SOLDIER]
        assert view["hand_sizes"] == [3, 3, 3] and view["pack"] == len(state.pack)
        assert "Trumpeter" not in str(view) or view is passer


def test_cq_8_the_log_never_names_a_hidden_card():
    match = game(4).new_match(seed=5)
    play_until(match, lambda m: len(m.actions) > 60)
    text = "\n".join(match.log)
    assert "draws a card" in text and "passes a card to Seat" in text
    for line in match.log:
        if "draws" in line or "passes" in line or "keeps" in line:
            assert not any(card in line for card in set(DECK))


def test_cq_9_the_crowd_cheers_louder_as_the_procession_grows():
    g = game(3)
    state = position([[POLICEMAN, SOLDIER, "Big Ben"], ["Canada", "Ceylon", "Hyde Park"],
                      ["Union Jack", "Marble Arch", "Australia"]], step=DRAW, turn=0)
    first = g.apply(state, "Trumpeter")
    second = g.apply(first, "India")
    assert g.describe(state, "Trumpeter", first)[-1].endswith("cheers!")
    assert g.describe(first, "India", second)[-1].endswith("cheers!!")


def test_illegal_actions_name_the_rule_and_change_nothing():
    g = game(3)
    match = g.new_match(seed=2)
    play_until(match, lambda m: m.state.step == PASS)
    before = match.to_json()
    with pytest.raises(IllegalAction, match="rule 7"):
        match.play("swap")
    with pytest.raises(IllegalAction, match="no card called"):
        match.play("pass Joker")
    with pytest.raises(IllegalAction, match="cards are laid for you"):
        match.play("lay Policeman")
    play_until(match, lambda m: m.state.step == ACQUIRE)
    with pytest.raises(IllegalAction, match="rule 7"):
        match.play(f"pass {match.state.hands[match.to_move][0]}")
    assert before != match.to_json()  # the match moved on only through legal actions


def test_apply_never_mutates_its_input():
    g = game(3)
    state = position([[POLICEMAN, SOLDIER, "Big Ben"], ["Canada", "Ceylon", "Hyde Park"],
                      ["Union Jack", "Marble Arch", "Australia"]], step=DRAW, turn=0)
    copy = repr(state)
    g.apply(state, "Trumpeter")
    assert repr(state) == copy


def _fields(state):
    return state._asdict()

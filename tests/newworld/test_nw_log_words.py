"""The log and the end-of-game note in plain words: counts in the singular for one,
in the plural otherwise, parts that are zero left out, the rulebook's nouns; and
the attacker's refusal of a Soldier retreat (8.32) logged once per battle."""

from __future__ import annotations

from meeple.games.newworld import GAME
from meeple.games.newworld.positions import area, new_state
from meeple.games.newworld.rules import (
    battle,
    income,
    movement,
    outbound,
    planning,
    survival,
    turn_end,
    uprisings,
    voyage,
)
from meeple.games.newworld.state import COMBAT_PLAYERS, NewWorldState, at
from meeple.games.newworld.texts import amount, amounts, listing
from tests.newworld.nw_support import ScriptedRng, movement_position, play_on

ENGLAND, FRANCE, SPAIN, PORTUGAL = range(4)


def test_counts_are_written_as_a_person_writes_them() -> None:
    assert amount(1, "Gold Bar") == "1 Gold Bar" and amount(2, "Gold Bar") == "2 Gold Bars"
    assert amounts((0, "Soldier"), (1, "Colonist"), (3, "Gold Bar")) == [
        "1 Colonist",
        "3 Gold Bars",
    ]
    assert listing(["1 Ship", "2 Soldiers", "1 Colonist"]) == "1 Ship, 2 Soldiers and 1 Colonist"
    assert listing([]) == "nothing"


def test_8_23_a_landing_names_only_the_units_that_land() -> None:
    p, h = area("P"), area("H")
    assert (
        movement.landing_words(PORTUGAL, 0, 1, p)
        == "Portugal lands 1 Colonist in P (Central America)"
    )
    assert (
        movement.landing_words(ENGLAND, 2, 1, h)
        == "England lands 2 Soldiers and 1 Colonist in H (Virginia)"
    )


def test_6_2_naval_losses_and_10_survival_losses_leave_out_what_was_not_lost() -> None:
    words = voyage.voyage_words(ENGLAND, "sails out", (1, 4), (1, 2, 0), ("Ship 1 sinks",))
    assert words == "England's Fleet sails out: 1 4; loses 1 Ship and 2 Soldiers (Ship 1 sinks)"
    calm = voyage.voyage_words(ENGLAND, "sails out", (3, 4), (0, 0, 0), ())
    assert calm == "England's Fleet sails out: 3 4"
    lucky = voyage.voyage_words(ENGLAND, "sails out", (1, 4), (0, 0, 0), ("Naval Losses Table: 6",))
    assert lucky == "England's Fleet sails out: 1 4; nothing lost (Naval Losses Table: 6)"
    assert (
        survival.attrition_words(FRANCE, 0, 2, area("H"))
        == "France loses 2 Colonists to the climate of H (Virginia)"
    )
    assert uprisings.uprising_words(SPAIN, area("P"), 6, 0).endswith("(6): no Colonist lost")


def test_8_31_a_battle_names_each_side_s_losses() -> None:
    h = area("H")
    assert (
        battle.battle_words(ENGLAND, FRANCE, h, 1, 2, 1)
        == "England attacks France in H (Virginia): loses 1 Soldier,"
        " eliminates 2 Soldiers and 1 Colonist"
    )
    assert (
        battle.battle_words(ENGLAND, FRANCE, h, 0, 0, 3)
        == "England attacks France in H (Virginia): eliminates 3 Colonists"
    )
    # a defender who retreats before the first die (8.32): nobody loses anything
    assert battle.battle_words(ENGLAND, FRANCE, h, 0, 0, 0).endswith(
        ": no unit is lost on either side"
    )


def test_14_the_end_note_agrees_with_the_number_of_winners() -> None:
    state = new_state(4)
    turn_end.finish(state, [ENGLAND], "the most money at the end of turn 10 (14.2)")
    assert state.end_note == "England wins with the most money at the end of turn 10 (14.2)"
    assert GAME.result(state).note == state.end_note
    state = new_state(4)
    turn_end.finish(state, [ENGLAND, SPAIN], "Political Control of 5 Areas (14.1)")
    assert state.end_note == "England and Spain win with Political Control of 5 Areas (14.1)"


def battle_position() -> NewWorldState:
    """England (4 Soldiers) and France (3 Soldiers, 2 Colonists) in H; France has a
    Colonist in O, an adjoining Area its Soldiers could retreat to if allowed."""
    state = movement_position(order=(0, 1))
    state.phase = COMBAT_PLAYERS
    h = area("H")
    state.soldiers[at(ENGLAND, h)] = 4
    state.soldiers[at(FRANCE, h)] = 3
    state.colonists[at(FRANCE, h)] = 2
    state.colonists[at(FRANCE, area("O"))] = 1
    return state


def terms(state: NewWorldState) -> list[str]:
    return [event.text for event in state.log if event.kind == "retreat terms"]


def test_8_32_a_refused_soldier_retreat_is_logged_once_per_battle() -> None:
    """8.32: the attacker may allow the retreat "either before or during the battle":
    he is asked before every die, but his refusal is one line of the log."""
    state = battle_position()
    play_on(state, ENGLAND, "attack france at h with 3")
    play_on(state, ENGLAND, "forbid soldiers to retreat")
    state.rng = ScriptedRng(2, 1, 2)  # type: ignore[assignment]
    play_on(state, FRANCE, "stand and fight")  # 2: a French Soldier falls
    play_on(state, ENGLAND, "forbid soldiers to retreat")  # asked again, refuses again
    play_on(state, FRANCE, "stand and fight")  # 1: an English Soldier falls
    play_on(state, ENGLAND, "forbid soldiers to retreat")
    assert terms(state) == [
        "England does not allow France's Soldiers to retreat from H (Virginia) (8.32)"
    ]
    # the next battle's refusal is logged again
    play_on(state, FRANCE, "stand and fight")  # 2: the battle ends
    assert not state.pending
    state.soldiers[at(FRANCE, area("H"))] = 3
    state.used_vs_players[at(ENGLAND, area("H"))] = 0
    play_on(state, ENGLAND, "attack france at h with 1")
    play_on(state, ENGLAND, "forbid soldiers to retreat")
    assert len(terms(state)) == 2


def test_5_5_and_13_payment_and_income_name_what_was_paid_and_earned() -> None:
    assert (
        outbound.payment_words(ENGLAND, 3, 1, 0, 24, 2, 0, 4)
        == "England maintains 3 Ships and builds 1 Ship for $24; sends 2 Soldiers and none of"
        " its 4 Colonists"
    )
    assert outbound.payment_words(FRANCE, 0, 0, 0, 0, 0, 1, 1) == (
        "France pays nothing; sends 1 of its 1 Colonist"
    )
    assert (
        income.income_words(ENGLAND, 40, 1, 0, 0)
        == "England collects $40 for Political Control of the home country"
    )
    assert (
        income.income_words(SPAIN, 150, 3, 30, 0)
        == "Spain collects $150: $120 for Political Control of the home country and 2 Areas,"
        " $30 of Resources"
    )


def test_5_planning_sheet_a_landing_row_with_nobody_says_so() -> None:
    text = planning.sheet_text(ENGLAND, 2, 0, 0, (area("P"), 0, 0), 0, -1)
    assert text.endswith("landings: P: no Personnel")

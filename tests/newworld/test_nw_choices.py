"""Choices the rulebook gives a player that meeple once made for him: arrivals kept
aboard (6.4), the Landing shortfall (5.4), retreats during a battle and the
attacker allowing Soldiers to retreat (8.32)."""

from __future__ import annotations

import pytest

from meeple.engine import IllegalAction, Rng
from meeple.games.newworld import GAME
from meeple.games.newworld.positions import new_state
from meeple.games.newworld.rules import homebound
from meeple.games.newworld.rules.combat import fight
from meeple.games.newworld.rules.explain import KIND_PHASE
from meeple.games.newworld.state import COMBAT_PLAYERS, OUTBOUND, PLANNING, NewWorldState, at
from tests.newworld.nw_support import (
    Dice,
    ScriptedRng,
    area,
    movement_position,
    play_on,
    rng_rolling,
    texts,
)

# ---- 6.4 Anchorage: arrivals may stay aboard and sail home -----------------------------------


def arrivals() -> object:
    """England's Fleet (2 Ships) lies off H, its final Anchorage, with two Soldiers
    and a Colonist still aboard; one Soldier was set down at O, an earlier Landing."""
    state = movement_position(order=(0, 1))
    h, o = area("H"), area("O")
    state.fleet_ships = [2, 0]
    state.fleet_at = [h, -1]
    state.off_soldiers[at(0, h)] = 2
    state.off_colonists[at(0, h)] = 1
    state.off_soldiers[at(0, o)] = 1
    return state


def test_6_4_arrivals_at_the_final_anchorage_may_stay_aboard() -> None:
    state = arrivals()
    h = area("H")
    assert GAME.to_act(state) == (0,)
    offered = texts(state, 0)
    assert {"keep soldier aboard h", "keep colonist aboard h"} <= offered
    assert "keep soldier aboard o" not in offered  # the Fleet has left O (6.4)
    GAME.play(state, 0, "keep soldier aboard h")
    assert state.off_soldiers[at(0, h)] == 1 and state.emb_soldiers[at(0, h)] == 1
    GAME.play(state, 0, "end movement")
    # the others land (8.23); the one aboard still belongs to the Area (6.4, 8.21)
    assert state.soldiers[at(0, h)] == 1 and state.colonists[at(0, h)] == 1
    assert state.soldiers[at(0, area("O"))] == 1
    assert state.emb_soldiers[at(0, h)] == 1


def test_6_4_a_soldier_kept_aboard_sails_home_and_may_come_back_later() -> None:
    state = arrivals()
    GAME.play(state, 0, "keep soldier aboard h")
    GAME.play(state, 0, "keep colonist aboard h")
    GAME.play(state, 0, "end movement")
    homebound.begin(state)
    assert GAME.actions[GAME.legal_actions(state, 0)[0]].text == "pick up all at h"  # 12.1
    GAME.play(state, 0, "pick up all at h")
    assert (state.fleet_soldiers[0], state.fleet_colonists[0]) == (1, 1)
    home = state.home_soldiers[0]
    state.rng = rng_rolling(6, 6, 6)  # a calm crossing home from Zone 3
    GAME.play(state, 0, "sail home")
    assert state.home_soldiers[0] == home + 1  # kept for a later turn (6.4)
    assert state.colonists[at(0, area("H"))] == 0  # the Colonist went to the Banker


def test_6_4_only_the_moving_player_and_only_his_arrivals() -> None:
    state = arrivals()
    with pytest.raises(IllegalAction, match=r"6\.4"):
        GAME.play(state, 0, "keep soldier aboard o")
    assert state.off_soldiers[at(0, area("O"))] == 1


# ---- 5.4 Landings: the player chooses where a shortfall falls --------------------------------


def sail_two_landings(*dice: int, french_fleet: bool = False) -> NewWorldState:
    """Turn 2: England's two Ships carry four Soldiers, two for H and two for O;
    France sends nothing (or, with ``french_fleet``, two Soldiers each to K and M).
    The dice are scripted from the crossing on."""
    state = new_state(2, seed=5)
    state.turn = 2
    state.new_colonists = [3, 3]
    state.ships = [2, 2 if french_fleet else 0]
    state.home_soldiers = [4, 4 if french_fleet else 0]
    state.phase = PLANNING
    for seat, (first, second) in enumerate((("h", "o"), ("k", "m"))):
        if seat == 1 and not french_fleet:
            for text in ("maintain 0 ships", "build 0 ships"):
                GAME.play(state, 1, text)
            state.rng = ScriptedRng(*dice)  # type: ignore[assignment]
            GAME.play(state, 1, "buy 0 soldiers")  # France's sheet seals: the Fleets sail
            return state
        for text in ("maintain 2 ships", "build 0 ships", "buy 0 soldiers", f"land at {first}"):
            GAME.play(state, seat, text)
        if seat == 1:
            state.rng = ScriptedRng(*dice)  # type: ignore[assignment]
        for text in ("send 2 soldiers", "send 0 colonists", f"land at {second}"):
            GAME.play(state, seat, text)
        for text in ("send 2 soldiers", "seal plan"):
            GAME.play(state, seat, text)
    return state


def test_5_4_the_player_chooses_which_landing_receives_the_shortfall() -> None:
    # Crossing to H (Zone 3): 1, 6, 6; the Naval Losses Table's 4 costs a Soldier.
    state = sail_two_landings(1, 6, 6, 4, 6)
    h, o = area("H"), area("O")
    assert state.phase == OUTBOUND and GAME.to_act(state) == (0,)
    # three Soldiers left for 2 + 2: H takes one or two, never more than written
    assert texts(state, 0) == {"land 1 soldiers at h", "land 2 soldiers at h"}
    assert GAME.view(state, 1)["pending_landing"] == {
        "seat": 0,
        "area": "H",
        "kind": "soldiers",
    }
    with pytest.raises(IllegalAction, match=r"5\.4"):
        GAME.play(state, 0, "land 3 soldiers at h")
    GAME.play(state, 0, "land 1 soldiers at h")  # then one die sailing on to O (6.3)
    assert state.off_soldiers[at(0, h)] == 1 and state.off_soldiers[at(0, o)] == 2
    assert state.phase != OUTBOUND and state.fleet_soldiers[0] == 0


def test_5_4_without_a_shortfall_every_landing_takes_what_is_written() -> None:
    state = sail_two_landings(6, 6, 6, 6)
    assert state.phase != OUTBOUND
    assert state.off_soldiers[at(0, area("H"))] == 2
    assert state.off_soldiers[at(0, area("O"))] == 2


def test_5_4_a_shortfall_at_the_last_landing_leaves_no_choice() -> None:
    # the Soldier is lost on the coastal leg to O: O simply receives one
    state = sail_two_landings(6, 6, 6, 1, 4)
    assert state.phase != OUTBOUND
    assert state.off_soldiers[at(0, area("H"))] == 2
    assert state.off_soldiers[at(0, area("O"))] == 1


def test_5_4_landings_not_yet_sailed_stay_secret_while_a_fleet_waits() -> None:
    """England chooses at H once every Fleet has made its Initial Landfall (4.2,
    6.1): France is off K, its Landing at M still on its secret sheet (5.4), so a
    copy for England draws that one afresh, keeping K and the Soldiers for it."""
    state = sail_two_landings(1, 6, 6, 4, 6, 6, 6, 6, french_fleet=True)
    assert state.phase == OUTBOUND and GAME.to_act(state) == (0,)
    assert state.fleet_at[1] == area("K") and state.fleet_soldiers[1] == 4  # not yet ashore
    state.rng = Rng(9)  # type: ignore[assignment]
    assert GAME.view(state, 0)["players"][1]["plan"] is None
    assert GAME.view(state, 1)["players"][1]["plan"]["landings"][1]["area"] == "M"
    drawn = [GAME.determinize(state, 0, Rng(k)).plan_landings[1] for k in range(8)]
    assert all(rows[:3] == [area("K"), 2, 0] for rows in drawn)
    assert all(sum(rows[4::3]) == 2 and sum(rows[5::3]) == 0 for rows in drawn)
    assert any(rows != state.plan_landings[1] for rows in drawn)
    own = GAME.determinize(state, 1, Rng(1))
    assert own.plan_landings[1] == state.plan_landings[1]
    # England's Initial Landfall is on the table; its Landing at O is not, for France
    assert own.plan_landings[0][:3] == state.plan_landings[0][:3]
    drawn = [GAME.determinize(state, 1, Rng(k)).plan_landings[0] for k in range(8)]
    assert any(rows[3:] != state.plan_landings[0][3:] for rows in drawn)


# ---- 4.2, 6.1 the Fleets sail simultaneously, Landing round by Landing round -----------------


def french_shortfall(english_second: str, table: int = 4) -> NewWorldState:
    """Turn 2: England lands 2 Soldiers at H then 2 at ``english_second``; France 2
    at K then 2 at M, and loses a Soldier crossing to K (Zone 4: 1, 6, 6, 6, then
    the Naval Losses Table's 4). England's crossing to H is calm (6, 6, 6)."""
    state = new_state(2, seed=5)
    state.turn = 2
    state.new_colonists = [3, 3]
    state.ships = [2, 2]
    state.home_soldiers = [4, 4]
    state.phase = PLANNING
    for seat, (first, second) in enumerate((("h", english_second), ("k", "m"))):
        for text in ("maintain 2 ships", "build 0 ships", "buy 0 soldiers", f"land at {first}"):
            GAME.play(state, seat, text)
        for text in ("send 2 soldiers", "send 0 colonists", f"land at {second}"):
            GAME.play(state, seat, text)
        GAME.play(state, seat, "send 2 soldiers")
        if seat == 1:
            calm = [6] * 12  # any later die is calm
            rng = ScriptedRng(6, 6, 6, 1, 6, 6, 6, table, *calm)
            state.rng = rng  # type: ignore[assignment]
        GAME.play(state, seat, "seal plan")
    return state


def seen_by(state: NewWorldState, seat: int) -> tuple[object, list[int], list[str]]:
    """All a seat may go by: its view, its legal actions and the log it reads."""
    return (
        GAME.view(state, seat),
        GAME.legal_actions(state, seat),
        [event.text for event in GAME.events(state, seat)],
    )


def test_4_2_a_shortfall_at_the_first_landing_does_not_see_later_landings() -> None:
    """France decides its shortfall at K while England's second Landing (O in one
    game, D in the other) is neither sailed nor shown: both games look the same to
    France and offer it the same choices (4.2: "each player simultaneously moves")."""
    to_o, to_d = french_shortfall("o"), french_shortfall("d")
    assert to_o.plan_landings[0] != to_d.plan_landings[0]
    for state in (to_o, to_d):
        assert state.fleet_at[0] == area("H")  # England waits at its Initial Landfall
        assert GAME.to_act(state) == (1,) and state.shortfall == [1, 0, 0]
    assert seen_by(to_o, 1) == seen_by(to_d, 1)
    assert texts(to_o, 1) == {"land 1 soldiers at k", "land 2 soldiers at k"}


def test_4_2_a_fleet_card_arranged_at_the_first_landing_does_not_see_later_landings() -> None:
    """The Naval Losses Table's 1 (a Soldier and a Ship) at France's crossing to K:
    France arranges its Fleet card (6.21) while England's second Landing is unsailed."""
    to_o, to_d = french_shortfall("o", table=1), french_shortfall("d", table=1)
    for state in (to_o, to_d):
        assert state.fleet_at[0] == area("H") and state.arranging[0] == 1
        assert GAME.to_act(state) == (1,)
    assert seen_by(to_o, 1) == seen_by(to_d, 1)
    assert len(GAME.legal_actions(to_o, 1)) > 1


def test_4_2_every_fleet_sails_on_only_after_the_round_s_landings() -> None:
    state = french_shortfall("o")
    state.rng = rng_rolling(6, 6)  # the coastal legs: H to O and K to M, one die each
    GAME.play(state, 1, "land 1 soldiers at k")
    assert state.phase != OUTBOUND
    assert state.off_soldiers[at(0, area("O"))] == 2
    assert state.off_soldiers[at(1, area("K"))] == 1
    assert state.off_soldiers[at(1, area("M"))] == 2


# ---- 8.32 Retreats: before or during the battle, Soldiers if the attacker allows -------------


def battle_position() -> NewWorldState:
    """England (4 Soldiers) and France (3 Soldiers, 2 Colonists) in H; France also
    has a Colonist in O, an adjoining Area it may retreat to."""
    state = movement_position(order=(0, 1))
    state.phase = COMBAT_PLAYERS
    h = area("H")
    state.soldiers[at(0, h)] = 4
    state.soldiers[at(1, h)] = 3
    state.colonists[at(1, h)] = 2
    state.colonists[at(1, area("O"))] = 1
    return state


def test_8_32_colonists_may_retreat_between_two_dice_of_the_battle() -> None:
    state = battle_position()
    h, o = area("H"), area("O")
    play_on(state, 0, "attack france at h with 3")
    play_on(state, 0, "forbid soldiers to retreat")
    state.rng = ScriptedRng(2, 1, 2)  # type: ignore[assignment]
    play_on(state, 1, "stand and fight")  # the first die: 2, a French Soldier falls
    assert state.soldiers[at(1, h)] == 2
    play_on(state, 0, "forbid soldiers to retreat")  # asked again before each die
    assert GAME.to_act(state) == (1,)
    assert "retreat soldiers to o" not in texts(state, 1)  # not allowed
    play_on(state, 1, "retreat colonists to o")  # during the battle (8.32)
    # France has nothing more to retreat unless England allows it (1: an English
    # Soldier falls; England forbids again; 2: a French Soldier falls)
    play_on(state, 0, "forbid soldiers to retreat")
    assert state.rng.dice.all_used  # type: ignore[attr-defined]
    assert state.soldiers[at(1, h)] == 1 and state.soldiers[at(0, h)] == 3
    assert state.colonists[at(1, o)] == 3 and state.retreated[at(1, o)] == 2
    assert not state.pending and GAME.to_act(state) == (0,)


def test_8_32_the_attacker_may_allow_soldiers_to_retreat() -> None:
    state = battle_position()
    h, o = area("H"), area("O")
    GAME.play(state, 0, "attack france at h with 2")
    GAME.play(state, 0, "allow soldiers to retreat")
    assert {"retreat colonists to o", "retreat soldiers to o"} <= texts(state, 1)
    state.rng = ScriptedRng()  # type: ignore[assignment]  # no die may be rolled
    GAME.play(state, 1, "retreat colonists to o")
    GAME.play(state, 1, "retreat soldiers to o")
    # France has left H: the battle ends without a die (8.31)
    assert not state.pending and state.soldiers[at(1, o)] == 3
    assert state.soldiers[at(1, h)] == state.colonists[at(1, h)] == 0
    assert "attack france at h with 1" not in texts(state, 0)  # nobody left to attack


def test_8_32_a_six_and_its_reroll_are_two_dice_with_a_choice_between() -> None:
    state = battle_position()
    h, o = area("H"), area("O")
    play_on(state, 0, "attack france at h with 1")
    play_on(state, 0, "forbid soldiers to retreat")
    state.rng = ScriptedRng(6, 2)  # type: ignore[assignment]
    play_on(state, 1, "stand and fight")  # 6: a French Soldier falls, a reroll comes
    assert state.pending and GAME.to_act(state) == (0,)  # the attacker is asked first
    play_on(state, 0, "forbid soldiers to retreat")
    assert GAME.to_act(state) == (1,)
    play_on(state, 1, "retreat colonists to o")
    assert state.soldiers[at(1, h)] == 1 and state.colonists[at(1, o)] == 3


TERMS = {"allow soldiers to retreat", "forbid soldiers to retreat"}


def test_8_32_the_attacker_may_allow_soldiers_to_retreat_during_the_battle() -> None:
    """8.32: "The attacker may also allow the defender to retreat his Soldiers in the
    same manner either before or during the battle". Having forbidden it before the
    first die, England is asked again before the next one, first, and allows it."""
    state = battle_position()
    h, o = area("H"), area("O")
    GAME.play(state, 0, "attack france at h with 3")
    GAME.play(state, 0, "forbid soldiers to retreat")
    assert "retreat soldiers to o" not in texts(state, 1)
    state.rng = ScriptedRng(2)  # type: ignore[assignment]  # the only die rolled
    GAME.play(state, 1, "stand and fight")  # 2: a French Soldier falls
    assert state.soldiers[at(1, h)] == 2
    assert GAME.to_act(state) == (0,) and texts(state, 0) == TERMS  # the attacker first
    GAME.play(state, 0, "allow soldiers to retreat")
    assert GAME.to_act(state) == (1,)
    assert {"retreat colonists to o", "retreat soldiers to o"} <= texts(state, 1)
    GAME.play(state, 1, "retreat colonists to o")
    GAME.play(state, 1, "retreat soldiers to o")
    # France has left H between two dice: the battle ends there (8.31)
    assert state.rng.dice.all_used  # type: ignore[attr-defined]
    assert not state.pending and state.soldiers[at(1, h)] == state.colonists[at(1, h)] == 0
    assert state.soldiers[at(1, o)] == 2 and state.retreated_soldiers[at(1, o)] == 2
    terms = [e.text for e in state.log if e.kind == "retreat terms"]
    assert len(terms) == 2 and "does not allow" in terms[0] and "allows" in terms[1]


def test_8_32_allowed_once_the_soldiers_retreat_stays_allowed() -> None:
    state = battle_position()
    play_on(state, 0, "attack france at h with 3")
    play_on(state, 0, "allow soldiers to retreat")
    state.rng = ScriptedRng(2, 1)  # type: ignore[assignment]
    for _ in range(2):  # two dice, and the defender alone is asked before each
        assert GAME.to_act(state) == (1,) and "retreat soldiers to o" in texts(state, 1)
        play_on(state, 1, "stand and fight")
    assert state.rng.dice.all_used  # type: ignore[attr-defined]
    assert GAME.to_act(state) == (1,) and "retreat soldiers to o" in texts(state, 1)


def test_8_32_no_retreat_terms_without_a_retreat_to_allow() -> None:
    """No adjoining Area with French Personnel: no question at all, the dice roll."""
    state = battle_position()
    state.colonists[at(1, area("O"))] = 0
    state.rng = ScriptedRng(2, 1, 2)  # type: ignore[assignment]
    play_on(state, 0, "attack france at h with 3")
    assert state.rng.dice.all_used  # type: ignore[attr-defined]
    assert not state.pending and state.soldiers[at(1, area("H"))] == 1


def test_8_32_no_retreat_terms_when_the_attackers_came_from_the_only_refuge() -> None:
    state = battle_position()
    h = area("H")
    # O is "an Area from which the attacking Soldiers have just come" (8.32)
    state.entries = [(0, area("O"), h, 4)]
    state.rng = ScriptedRng(2, 2)  # type: ignore[assignment]
    play_on(state, 0, "attack france at h with 2")
    assert state.rng.dice.all_used  # type: ignore[attr-defined]
    assert not state.pending and state.soldiers[at(1, h)] == 1


def test_8_32_no_more_retreat_terms_once_the_soldiers_are_gone_or_the_defender_fights_on() -> None:
    state = battle_position()
    h = area("H")
    state.soldiers[at(1, h)] = 1
    play_on(state, 0, "attack france at h with 4")
    play_on(state, 0, "forbid soldiers to retreat")
    # 2: the French Soldier falls, nothing may retreat any more (the Colonists only
    # while Soldiers guard them); England goes on against the two Colonists, too few
    # for a hit: they fall without another die (8.312)
    state.rng = ScriptedRng(2)  # type: ignore[assignment]
    play_on(state, 1, "stand and fight")
    play_on(state, 0, "attack the colonists")
    assert state.rng.dice.all_used  # type: ignore[attr-defined]
    assert not state.pending and state.colonists[at(1, h)] == 0
    # `fight to the end` closes the attacker's questions as well as the defender's
    state = battle_position()
    play_on(state, 0, "attack france at h with 3")
    play_on(state, 0, "forbid soldiers to retreat")
    state.rng = ScriptedRng(2, 1, 2)  # type: ignore[assignment]
    play_on(state, 1, "fight to the end")
    assert state.rng.dice.all_used  # type: ignore[attr-defined]
    assert not state.pending


def test_8_32_no_retreat_question_after_the_last_die() -> None:
    """A retreat falls "between combat resolution die rolls" (8.32): after the last
    die the battle is over, and neither player is asked anything."""
    state = battle_position()
    GAME.play(state, 0, "attack france at h with 1")
    GAME.play(state, 0, "forbid soldiers to retreat")
    state.rng = ScriptedRng(2)  # type: ignore[assignment]
    GAME.play(state, 1, "stand and fight")
    assert not state.pending and GAME.to_act(state) == (0,)
    assert "end combat" in texts(state, 0)


def test_8_31_fought_to_the_end_the_dice_fall_as_in_one_battle() -> None:
    """Without retreats the die-by-die battle kills exactly what 8.31's procedure
    (``combat.fight``) does with the same dice."""
    faces = (6, 4, 1, 3, 6, 2)
    expected = fight(Dice(*faces), 4, 3, 2)
    state = battle_position()
    h = area("H")
    play_on(state, 0, "attack france at h with 4")
    play_on(state, 0, "forbid soldiers to retreat")
    state.rng = ScriptedRng(*faces[: expected.dice])  # type: ignore[assignment]
    play_on(state, 1, "fight to the end")
    play_on(state, 0, "attack the colonists")  # the French Soldiers are gone (8.312)
    assert state.rng.dice.all_used  # type: ignore[attr-defined]
    assert state.soldiers[at(0, h)] == 4 - expected.attacker_lost
    assert state.soldiers[at(1, h)] == 3 - expected.soldiers_lost
    assert state.colonists[at(1, h)] == 2 - expected.colonists_lost


def test_8_32_retreat_terms_out_of_a_battle_are_refused_with_the_rule() -> None:
    state = battle_position()
    before = state.clone()
    for text in ("allow soldiers to retreat", "retreat soldiers to o", "fight to the end"):
        with pytest.raises(IllegalAction, match=r"8\.32"):
            GAME.play(state, 0, text)
    assert state.soldiers == before.soldiers and not state.pending


def test_every_kind_of_action_names_its_rule_when_refused() -> None:
    kinds = {GAME.actions[i].kind for i in range(len(GAME.actions))}
    assert kinds <= set(KIND_PHASE)


def test_8_32_a_player_with_personnel_where_the_retreat_goes_may_object() -> None:
    state = battle_position()
    h, o = area("H"), area("O")
    state.colonists[at(0, o)] = 1  # England too has Personnel in O
    play_on(state, 0, "attack france at h with 2")
    play_on(state, 0, "forbid soldiers to retreat")
    play_on(state, 1, "retreat colonists to o")
    assert GAME.to_act(state) == (0,)
    assert texts(state, 0) == {"object to the retreat", "accept the retreat"}
    state.rng = ScriptedRng(2, 2)  # type: ignore[assignment]
    play_on(state, 0, "object to the retreat")
    # no retreat is left to offer France: the dice roll on, two French Soldiers fall
    # (England, asked again between them, forbids the Soldiers' retreat again)
    play_on(state, 0, "forbid soldiers to retreat")
    assert state.rng.dice.all_used  # type: ignore[attr-defined]
    assert state.colonists[at(1, h)] == 2 and state.soldiers[at(1, h)] == 1
    assert not state.pending


def test_8_32_an_objection_closes_that_area_only() -> None:
    state = battle_position()
    state.colonists[at(0, area("O"))] = 1
    state.colonists[at(1, area("K"))] = 1  # France may also retreat to K
    GAME.play(state, 0, "attack france at h with 2")
    GAME.play(state, 0, "forbid soldiers to retreat")
    GAME.play(state, 1, "retreat colonists to o")
    GAME.play(state, 0, "object to the retreat")
    assert GAME.to_act(state) == (1,)
    assert texts(state, 1) == {
        "retreat colonists to k",
        "retreat 1 colonists to k",  # some of the two (8.32)
        "stand and fight",
        "fight to the end",
    }


def test_8_32_a_retreat_everyone_there_accepts_goes_ahead() -> None:
    state = battle_position()
    o = area("O")
    state.colonists[at(0, o)] = 1
    play_on(state, 0, "attack france at h with 2")
    play_on(state, 0, "forbid soldiers to retreat")
    play_on(state, 1, "retreat colonists to o")
    state.rng = ScriptedRng(3, 5)  # type: ignore[assignment]  # both attackers fall
    play_on(state, 0, "accept the retreat")
    play_on(state, 0, "forbid soldiers to retreat")  # between the two dice
    assert state.colonists[at(1, o)] == 3 and state.retreated[at(1, o)] == 2
    assert not state.pending and state.soldiers[at(0, area("H"))] == 2

"""The attacker's choices within a battle (8.31): how it goes on between two dice
(the next die, every die left without asking, an offer to cancel that the defender
answers), a 6's reroll that he "may" make, and which of his attacking Soldiers an
odd roll takes; a Pirate's attack on a Fleet (22.3) and a raid (22.4) likewise."""

from __future__ import annotations

from meeple.games.newworld import GAME
from meeple.games.newworld.positions import new_state
from meeple.games.newworld.rules.combat import fight
from meeple.games.newworld.rules.homebound import begin as begin_homebound
from meeple.games.newworld.state import (
    COMBAT_NATIVES,
    COMBAT_PLAYERS,
    GOLD_SITE,
    NewWorldState,
    at,
)
from tests.newworld.nw_support import Dice, ScriptedRng, area, movement_position, texts

ENGLAND, FRANCE = 0, 1
BETWEEN_DICE = ["roll the next die", "fight to the end", "offer to cancel the attack"]
AFTER_A_SIX = ["roll again", "fight to the end", "stop rolling", "offer to cancel the attack"]


def soldiers_in_h(english: int = 4, french: int = 3) -> NewWorldState:
    """England and France with Soldiers only in H, France with nowhere to retreat:
    no retreat question comes between the dice."""
    state = movement_position(order=(ENGLAND, FRANCE))
    state.phase = COMBAT_PLAYERS
    h = area("H")
    state.soldiers[at(ENGLAND, h)] = english
    state.soldiers[at(FRANCE, h)] = french
    return state


def legal(state: NewWorldState, seat: int) -> list[str]:
    return [a.text for a in GAME.legal(state, seat)]


def test_8_31_between_two_dice_the_attacker_says_how_the_battle_goes_on() -> None:
    state = soldiers_in_h()
    state.rng = ScriptedRng(2)  # type: ignore[assignment]
    GAME.play(state, ENGLAND, "attack france at h with 3")  # the first die at once: 2
    assert state.soldiers[at(FRANCE, area("H"))] == 2
    assert GAME.to_act(state) == (ENGLAND,)
    assert legal(state, ENGLAND) == BETWEEN_DICE  # the old pick, the next die, first
    state.rng = ScriptedRng(1)  # type: ignore[assignment]
    GAME.play(state, ENGLAND, "roll the next die")
    assert state.soldiers[at(ENGLAND, area("H"))] == 3 and state.pending


def test_8_31_the_attack_is_cancelled_only_if_the_defender_agrees() -> None:
    h = area("H")
    refused = soldiers_in_h()
    refused.rng = ScriptedRng(2, 4)  # type: ignore[assignment]
    GAME.play(refused, ENGLAND, "attack france at h with 3")
    GAME.play(refused, ENGLAND, "offer to cancel the attack")
    assert GAME.to_act(refused) == (FRANCE,)
    assert legal(refused, FRANCE) == ["refuse to cancel", "agree to cancel"]
    GAME.play(refused, FRANCE, "refuse to cancel")  # the battle goes on: 4
    assert refused.rng.dice.all_used  # type: ignore[attr-defined]
    assert refused.soldiers[at(FRANCE, h)] == 1 and refused.pending

    agreed = soldiers_in_h()
    agreed.rng = ScriptedRng(2)  # type: ignore[assignment]  # no die after the first
    GAME.play(agreed, ENGLAND, "attack france at h with 3")
    GAME.play(agreed, ENGLAND, "offer to cancel the attack")
    GAME.play(agreed, FRANCE, "agree to cancel")
    assert not agreed.pending and agreed.soldiers[at(FRANCE, h)] == 2
    assert agreed.log[-1].kind == "battle"  # the battle ends with its one die
    assert "attack france at h with 2" not in texts(agreed, ENGLAND)  # the 3 attacked (8.311)


def test_8_31_fight_to_the_end_rolls_every_die_left_in_one_click() -> None:
    """One answer and the dice fall as 8.31's procedure (``combat.fight``) has them,
    the 6's rerolls made without asking."""
    faces = (3, 6, 4, 1, 2)
    expected = fight(Dice(*faces), 4, 4, 0)
    state = soldiers_in_h(english=4, french=4)
    state.rng = ScriptedRng(*faces[: expected.dice])  # type: ignore[assignment]
    GAME.play(state, ENGLAND, "attack france at h with 4")
    GAME.play(state, ENGLAND, "fight to the end")
    assert state.rng.dice.all_used and not state.pending  # type: ignore[attr-defined]
    h = area("H")
    assert state.soldiers[at(ENGLAND, h)] == 4 - expected.attacker_lost
    assert state.soldiers[at(FRANCE, h)] == 4 - expected.soldiers_lost


def test_8_31_after_a_six_the_attacking_soldier_may_stop_rolling() -> None:
    h = area("H")
    state = soldiers_in_h(english=2, french=3)
    state.rng = ScriptedRng(6)  # type: ignore[assignment]
    GAME.play(state, ENGLAND, "attack france at h with 2")  # 6: a French Soldier falls
    assert legal(state, ENGLAND) == AFTER_A_SIX  # "may immediately roll again"
    state.rng = ScriptedRng(3)  # type: ignore[assignment]  # the second Soldier's die
    GAME.play(state, ENGLAND, "stop rolling")
    # the reroll would ignore the 3; the second attacking Soldier's die does not
    assert state.rng.dice.all_used and not state.pending  # type: ignore[attr-defined]
    assert state.soldiers[at(ENGLAND, h)] == 1 and state.soldiers[at(FRANCE, h)] == 2

    again = soldiers_in_h(english=2, french=3)
    again.rng = ScriptedRng(6, 3)  # type: ignore[assignment]
    GAME.play(again, ENGLAND, "attack france at h with 2")
    GAME.play(again, ENGLAND, "roll again")  # 3 on a reroll does nothing
    assert again.soldiers[at(ENGLAND, h)] == 2 and again.pending
    assert legal(again, ENGLAND) == BETWEEN_DICE  # no 6 now: no reroll to stop


def test_8_31_no_question_once_no_die_is_left() -> None:
    state = soldiers_in_h(english=1, french=3)
    state.rng = ScriptedRng(4)  # type: ignore[assignment]
    GAME.play(state, ENGLAND, "attack france at h with 1")
    assert not state.pending and "roll the next die" not in texts(state, ENGLAND)


def test_8_31_the_attacker_chooses_which_attacking_soldier_an_odd_roll_takes() -> None:
    """The die is rolled for one attacking Soldier, the one an odd roll eliminates:
    which Soldier rolls is the attacker's, on land or embarked (8.21: still part of
    the Area), the old pick (on land) first."""
    h = area("H")
    state = soldiers_in_h(english=1, french=2)
    state.emb_soldiers[at(ENGLAND, h)] = 1
    state.rng = ScriptedRng(5)  # type: ignore[assignment]
    GAME.play(state, ENGLAND, "attack france at h with 2")
    assert GAME.to_act(state) == (ENGLAND,)
    assert legal(state, ENGLAND) == ["lose soldier", "lose embarked soldier"]
    GAME.play(state, ENGLAND, "lose embarked soldier")
    assert state.emb_soldiers[at(ENGLAND, h)] == 0 and state.soldiers[at(ENGLAND, h)] == 1
    assert state.pending and legal(state, ENGLAND) == BETWEEN_DICE


def test_8_31_a_prospector_that_did_not_attack_is_never_the_attacker_loss() -> None:
    """England's looter attacks (its Prospector is not flipped, 8.31: the other
    Soldiers suffice); the odd roll takes the looter, not the Prospector."""
    h = area("H")
    state = soldiers_in_h(english=2, french=2)
    state.site_kind[2 * h] = GOLD_SITE
    state.site_holder[2 * h] = ENGLAND
    state.city_value[h] = 2
    state.city_holder[h] = ENGLAND
    state.rng = ScriptedRng(1)  # type: ignore[assignment]
    GAME.play(state, ENGLAND, "attack france at h with 1")
    assert not state.pending and state.soldiers[at(ENGLAND, h)] == 1
    assert state.site_holder[2 * h] == ENGLAND  # still prospecting
    assert state.city_holder[h] != ENGLAND  # the looter fell: the City stands open


def test_8_33_against_natives_too_the_attacker_chooses_which_soldiers_fell() -> None:
    """8.33: "The procedure is the same as Combat vs other players": the odd rolls
    take attacking Soldiers of the attacker's choice, never a Prospector that stayed
    on his Gold Site."""
    h = area("H")
    state = soldiers_in_h(english=2, french=0)
    state.phase = COMBAT_NATIVES
    state.natives[h] = 3
    state.emb_soldiers[at(ENGLAND, h)] = 1
    state.site_kind[2 * h] = GOLD_SITE
    state.site_holder[2 * h] = ENGLAND  # one of the two on land prospects
    state.rng = ScriptedRng(1, 3)  # type: ignore[assignment]  # both attackers fall
    GAME.play(state, ENGLAND, "attack natives at h with 2")
    assert legal(state, ENGLAND) == [
        "lose soldier",
        "lose embarked soldier",
        "take the suggested losses",
    ]
    GAME.play(state, ENGLAND, "lose embarked soldier")  # the other: the one on land
    assert state.emb_soldiers[at(ENGLAND, h)] == 0 and state.soldiers[at(ENGLAND, h)] == 1
    assert state.site_holder[2 * h] == ENGLAND and state.natives[h] == 3
    assert not state.losses and "end combat" in texts(state, ENGLAND)


def test_8_33_against_natives_a_six_may_be_rolled_again_or_not() -> None:
    """8.33 "the same" as 8.31: after a 6 the Soldier "may" roll again (no one can
    agree to a cancel there, so nothing else is asked between two dice)."""
    h = area("H")
    stopped = soldiers_in_h(english=2, french=0)
    stopped.phase = COMBAT_NATIVES
    stopped.natives[h] = 3
    stopped.rng = ScriptedRng(6)  # type: ignore[assignment]
    GAME.play(stopped, ENGLAND, "attack natives at h with 1")
    assert stopped.natives[h] == 2
    assert legal(stopped, ENGLAND) == ["roll again", "fight to the end", "stop rolling"]
    GAME.play(stopped, ENGLAND, "stop rolling")
    assert stopped.natives[h] == 2 and not stopped.natives_attack
    assert "attack natives at h with 1" in texts(stopped, ENGLAND)  # the other Soldier

    again = soldiers_in_h(english=2, french=0)
    again.phase = COMBAT_NATIVES
    again.natives[h] = 3
    again.rng = ScriptedRng(6, 6, 3, 5)  # type: ignore[assignment]
    GAME.play(again, ENGLAND, "attack natives at h with 2")
    GAME.play(again, ENGLAND, "fight to the end")  # 6 again, 3 (nothing); the second: 5
    assert again.rng.dice.all_used and not again.natives_attack  # type: ignore[attr-defined]
    assert again.natives[h] == 1 and again.soldiers[at(ENGLAND, h)] == 1


# ---- 22.3, 22.4: the Pirate likewise, die by die ------------------------------------------


def pirates_off_h(french_ships: int = 2) -> NewWorldState:
    """England's Fleet (3 Ships, 2 of them Pirates at war with France) and France's
    (``french_ships``, nothing aboard) off H, homebound in that order (22.2)."""
    state = new_state(2, seed=3, options={"piracy": True})
    state.turn = 2
    state.initiative = [ENGLAND, FRANCE]
    h = area("H")
    state.fleet_ships = [3, french_ships]
    state.fleet_at = [h, h if french_ships else -1]
    state.plan_pirates = [2, 0]
    state.plan_enemy = [FRANCE, -1]
    state.fleet_pirates = [2, 0]
    state.colonists[at(FRANCE, h)] = 1
    begin_homebound(state)
    return state


def test_22_3_the_pirate_may_offer_to_cancel_and_the_enemy_may_agree() -> None:
    agreed = pirates_off_h()
    agreed.rng = ScriptedRng(3)  # type: ignore[assignment]  # Pirate 1: no effect
    GAME.play(agreed, ENGLAND, "attack enemy fleet")
    assert GAME.to_act(agreed) == (ENGLAND,) and legal(agreed, ENGLAND) == BETWEEN_DICE
    seen = GAME.view(agreed, FRANCE)["pending_piracy"]  # public, as the dice are
    assert seen == {"attacker": ENGLAND, "enemy": FRANCE, "area": "H", "raid": False}
    GAME.play(agreed, ENGLAND, "offer to cancel the attack")
    assert GAME.to_act(agreed) == (FRANCE,)
    assert legal(agreed, FRANCE) == ["refuse to cancel", "agree to cancel"]
    GAME.play(agreed, FRANCE, "agree to cancel")  # Pirate 2 does not roll
    assert agreed.fleet_pirates == [2, 0] and agreed.fleet_ships == [3, 2]
    assert GAME.to_act(agreed) == (ENGLAND,) and texts(agreed, ENGLAND) == {"sail home"}
    assert GAME.view(agreed, FRANCE)["pending_piracy"] is None

    refused = pirates_off_h()
    refused.rng = ScriptedRng(3, 1)  # type: ignore[assignment]  # Pirate 2 rolls 1: sunk
    GAME.play(refused, ENGLAND, "attack enemy fleet")
    GAME.play(refused, ENGLAND, "offer to cancel the attack")
    GAME.play(refused, FRANCE, "refuse to cancel")
    assert refused.rng.dice.all_used  # type: ignore[attr-defined]
    assert refused.fleet_pirates == [1, 0] and refused.fleet_ships == [2, 2]


def test_22_3_after_a_six_the_pirate_may_stop_rolling() -> None:
    stopped = pirates_off_h()
    # Pirate 1: 6 sinks a French Ship (the 6.22 die 1 picks it); then Pirate 2: 4
    stopped.rng = ScriptedRng(6, 1)  # type: ignore[assignment]
    GAME.play(stopped, ENGLAND, "attack enemy fleet")
    assert stopped.fleet_ships == [3, 1] and legal(stopped, ENGLAND) == AFTER_A_SIX
    stopped.rng = ScriptedRng(4)  # type: ignore[assignment]  # Pirate 2, not the reroll
    GAME.play(stopped, ENGLAND, "stop rolling")
    assert stopped.rng.dice.all_used and not stopped.pirate_attack  # type: ignore[attr-defined]
    assert stopped.fleet_ships == [3, 1]

    to_the_end = pirates_off_h()
    to_the_end.rng = ScriptedRng(6, 1, 1, 6, 1)  # type: ignore[assignment]
    GAME.play(to_the_end, ENGLAND, "attack enemy fleet")
    GAME.play(to_the_end, ENGLAND, "fight to the end")  # the reroll 1 does nothing
    # Pirate 2's 6 sinks France's last Ship: the attack is over without a question
    assert to_the_end.rng.dice.all_used and not to_the_end.pirate_attack  # type: ignore[attr-defined]
    assert to_the_end.fleet_ships == [3, 0] and to_the_end.fleet_pirates == [2, 0]


def test_22_4_a_raider_may_stop_rolling_after_taking_a_bar() -> None:
    state = pirates_off_h(french_ships=0)
    h = area("H")
    state.emb_gold[at(FRANCE, h)] = 2
    state.rng = ScriptedRng(6)  # type: ignore[assignment]  # Pirate 1 takes a Bar
    GAME.play(state, ENGLAND, "raid port")
    assert state.emb_gold[at(FRANCE, h)] == 1 and legal(state, ENGLAND) == AFTER_A_SIX
    state.rng = ScriptedRng(2)  # type: ignore[assignment]  # Pirate 2 rolls 2: sunk
    GAME.play(state, ENGLAND, "stop rolling")
    assert not state.pirate_attack and state.fleet_pirates == [1, 0]
    assert state.emb_gold[at(FRANCE, h)] == 1 and state.pirate_gold[0] == 40

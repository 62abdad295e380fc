"""4) Resolving Conflicts: the rulebook's four two-presence examples and its
three-presence example, reproduced exactly, plus the majority rule's edges."""

from __future__ import annotations

from africa1880_support import Sheet, play_turn, scenario, seats_in

# Seats: 0 = Great Britain, 1 = France, 2 = Germany.
GB, FR, DE = 0, 1, 2
COUNTRIES = "great britain,france,germany"


def _two_presences(france_war: bool, germany_war: bool) -> list[int]:
    state = scenario(COUNTRIES, {"congo": [FR, DE], "egypt": [GB]})
    play_turn(
        state,
        {
            FR: Sheet(war=("germany",) if france_war else ()),
            DE: Sheet(war=("france",) if germany_war else ()),
        },
    )
    return seats_in(state, "congo")


def test_4_example_two_presences_alliance_and_alliance_both_remain() -> None:
    """4) Resolving Conflicts, first example: mutual alliance, both remain."""
    assert _two_presences(france_war=False, germany_war=False) == [FR, DE]


def test_4_example_two_presences_war_and_war_both_remain() -> None:
    """4) Resolving Conflicts, second example: mutual war, both remain."""
    assert _two_presences(france_war=True, germany_war=True) == [FR, DE]


def test_4_example_two_presences_france_allied_germany_at_war_france_removed() -> None:
    """4) Resolving Conflicts, third example: France's presence is removed."""
    assert _two_presences(france_war=False, germany_war=True) == [DE]


def test_4_example_two_presences_france_at_war_germany_allied_germany_removed() -> None:
    """4) Resolving Conflicts, fourth example: Germany's presence is removed."""
    assert _two_presences(france_war=True, germany_war=False) == [FR]


def test_4_example_three_presences() -> None:
    """4) Resolving Conflicts, three-presence example: France remains (one war, one
    alliance), Germany is removed (two wars), Great Britain remains (two alliances)."""
    state = scenario(COUNTRIES, {"congo": [GB, FR, DE]})
    play_turn(
        state,
        {
            FR: Sheet(war=("germany",)),
            DE: Sheet(war=("france",)),
            GB: Sheet(war=("germany",)),
        },
    )
    assert seats_in(state, "congo") == [GB, FR]
    assert state.stock[DE] == 22  # 4) removed presences return to the stock


def test_4_removed_presence_returns_to_stock_and_is_logged() -> None:
    """4) Resolving Conflicts: 'Removed presences return to the stock'."""
    state = scenario(COUNTRIES, {"congo": [FR, DE], "angola": [FR]})
    play_turn(state, {DE: Sheet(war=("france",))})
    assert state.stock[FR] == 21
    assert seats_in(state, "angola") == [FR]  # a war is fought only where both are
    assert any(e.kind == "removed" and "France" in e.text for e in state.log)


def test_4_majority_tie_remains_with_five_presences() -> None:
    """4) Resolving Conflicts: as many wars as alliances -> the presence remains."""
    countries = "great britain,france,germany,italy,netherlands"
    state = scenario(countries, {"congo": [0, 1, 2, 3, 4]})
    # Great Britain receives two wars (France, Germany) and two alliances.
    play_turn(state, {1: Sheet(war=("great britain",)), 2: Sheet(war=("great britain",))})
    assert seats_in(state, "congo") == [0, 1, 2, 3, 4]


def test_4_majority_of_wars_removes_with_four_presences() -> None:
    """4) Resolving Conflicts: more wars than alliances from the others present."""
    countries = "great britain,france,germany,italy"
    state = scenario(countries, {"congo": [0, 1, 2, 3]})
    play_turn(state, {1: Sheet(war=("great britain",)), 2: Sheet(war=("great britain",))})
    assert seats_in(state, "congo") == [1, 2, 3]


def test_4_three_presences_one_war_only_does_not_remove() -> None:
    """4) With three or more presences the two-presence rule does not apply: one war
    against one alliance is a tie, even if the victim declared alliances."""
    state = scenario(COUNTRIES, {"congo": [GB, FR, DE]})
    play_turn(state, {FR: Sheet(war=("germany",))})
    assert seats_in(state, "congo") == [GB, FR, DE]


def test_special_rules_conflicts_never_apply_on_colonies() -> None:
    """Special Rules Concerning Colonies: presences on a colony are permanent."""
    state = scenario(COUNTRIES, {"congo": [FR, DE]}, colonies=["congo"], developed={"congo": 4})
    play_turn(state, {DE: Sheet(war=("france",))})
    assert seats_in(state, "congo") == [FR, DE]

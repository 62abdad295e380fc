"""2) Writing Orders and 3) Reading Orders: developments, explorations, the marker
limit with its alphabetical order, landings, defaults and the embassy markers."""

from __future__ import annotations

import re

import pytest
from africa1880_support import (
    Sheet,
    elsewhere,
    play_turn,
    ready_all,
    scenario,
    seats_in,
    tid,
    write,
)

from meeple.engine import IllegalAction, UnknownAction
from meeple.games.africa1880 import GAME
from meeple.games.africa1880.board import BOARD
from meeple.games.africa1880.state import ALLIANCE, WAR

GB, FR, DE = 0, 1, 2
COUNTRIES = "great britain,france,germany"


def test_3_1_develop_adds_one_tile_per_order_from_every_country() -> None:
    """3.1: several develop orders on one territory place as many tiles."""
    state = scenario(COUNTRIES, {"nigeria": [FR, DE]}, developed={"nigeria": 1})
    play_turn(state, {FR: Sheet({"nigeria": "develop"}), DE: Sheet({"nigeria": "develop"})})
    assert state.dev[tid("nigeria")] == 3


def test_3_1_develop_never_exceeds_the_squares() -> None:
    """3.1: when every square is occupied, no more tiles are placed."""
    squares = BOARD.squares[tid("nigeria")]
    state = scenario(COUNTRIES, {"nigeria": [GB, FR, DE]}, developed={"nigeria": squares - 1})
    orders = Sheet({"nigeria": "develop"})
    play_turn(state, {GB: orders, FR: orders, DE: orders})
    assert state.dev[tid("nigeria")] == squares


def test_3_1_explore_places_one_presence_per_country_per_territory() -> None:
    """3.1: several explorations into one territory give one presence."""
    state = scenario(COUNTRIES, {"nigeria": [FR], "cameroon": [FR]})
    play_turn(state, {FR: Sheet({"nigeria": "explore lake chad", "cameroon": "explore lake chad"})})
    assert seats_in(state, "lake chad") == [FR]
    assert state.stock[FR] == 22 - 3
    assert seats_in(state, "nigeria") == [FR]  # 3.1 note: presences never move


def test_3_1_marker_limit_alphabetical_order_of_the_sheet() -> None:
    """3.1 note: with too few markers, explorations are carried out in alphabetical
    order of the territories (the order sheet's: Lac Nyassa before Lac Tchad)."""
    targets = ["nigeria", "zanzibar", "lake chad", "lake nyassa"]
    state = scenario(COUNTRIES, {"nigeria": [FR], "zanzibar": [FR], **elsewhere(FR, 19, targets)})
    assert state.stock[FR] == 1
    play_turn(
        state, {FR: Sheet({"nigeria": "explore lake chad", "zanzibar": "explore lake nyassa"})}
    )
    assert seats_in(state, "lake nyassa") == [FR]
    assert seats_in(state, "lake chad") == []
    assert state.stock[FR] == 0
    assert any(e.kind == "void" and "Lake Chad" in e.text for e in state.log)


def test_3_1_marker_limit_order_is_shown_in_the_event_view_and_drawings() -> None:
    """3.1 note: when the limit bites, the event, the view, the terminal text and the
    board say in which order the explorations were carried out and which were void
    (by the sheet's names: Lac Nyassa before Lac Tchad, unlike Lake Chad before Lake
    Nyassa in English)."""
    targets = ["nigeria", "zanzibar", "lake chad", "lake nyassa"]
    state = scenario(COUNTRIES, {"nigeria": [FR], "zanzibar": [FR], **elsewhere(FR, 19, targets)})
    play_turn(
        state, {FR: Sheet({"nigeria": "explore lake chad", "zanzibar": "explore lake nyassa"})}
    )
    limit = next(e for e in state.log if e.kind == "limit")
    assert limit.text == (
        "France has 1 presence marker(s) left for 2 explorations: they are carried out in"
        " the alphabetical order of the territories explored into, as the order sheet"
        " prints their names: Lac Nyassa (Lake Nyassa) carried out, Lac Tchad (Lake Chad)"
        " void."
    )
    assert limit.data == {"seat": FR, "order": ["lake nyassa", "lake chad"], "carried_out": 1}
    view = GAME.view(state, GB)
    assert view["last_marker_limit"] == [
        {
            "seat": FR,
            "order": ["lake nyassa", "lake chad"],
            "carried_out": ["lake nyassa"],
            "void": ["lake chad"],
        }
    ]
    assert view["sheet_names"][tid("lake chad")] == "Lac Tchad"
    text = GAME.render_text(view)
    assert "carried out 1. Lac Nyassa (Lake Nyassa); void 2. Lac Tchad (Lake Chad)" in text
    svg = GAME.presentation().svg(view) or ""
    words = " ".join(re.sub(r"<[^>]*>", " ", svg).split())  # the drawing's text, unwrapped
    assert "France: 1. Lac Nyassa (Lake Nyassa) carried out, 2. Lac Tchad (Lake Chad) void" in words
    play_turn(state, {})  # the next reading: no limit, nothing shown
    assert GAME.view(state, GB)["last_marker_limit"] == []


def test_3_1_no_marker_limit_shown_when_markers_suffice() -> None:
    state = scenario(COUNTRIES, {"nigeria": [FR], "zanzibar": [FR]})
    play_turn(
        state, {FR: Sheet({"nigeria": "explore lake chad", "zanzibar": "explore lake nyassa"})}
    )
    assert GAME.view(state, None)["last_marker_limit"] == []
    assert not any(e.kind == "limit" for e in state.log)


def test_3_1_marker_limit_then_landing_is_void() -> None:
    """3.1 / 3.2: explorations come first; a landing finds no marker left."""
    targets = ["nigeria", "zanzibar", "egypt", "dahomey", "kenya", "dakar"]
    presences = {"nigeria": [FR], "zanzibar": [FR], "egypt": [GB], **elsewhere(FR, 18, targets)}
    state = scenario(COUNTRIES, presences)
    assert state.stock[FR] == 2
    sheet = Sheet({"nigeria": "explore dahomey", "zanzibar": "explore kenya"}, land="dakar")
    play_turn(state, {FR: sheet})
    assert seats_in(state, "dahomey") == seats_in(state, "kenya") == [FR]
    assert seats_in(state, "dakar") == []


def test_2_1_forgotten_orders_are_nothing_and_relations_alliance() -> None:
    """2.1 / 2.3: an order left out is 'do nothing'; a relation left out is alliance."""
    state = scenario(COUNTRIES, {"nigeria": [FR], "egypt": [GB], "congo": [DE]})
    ready_all(state)
    for seat in range(3):
        GAME.play(state, seat, "seal orders")  # a blank sheet
    assert [seats_in(state, t) for t in ("nigeria", "egypt", "congo")] == [[FR], [GB], [DE]]
    assert sum(state.dev) == 0
    n = state.players
    assert all(state.embassy[a * n + b] == ALLIANCE for a in range(n) for b in range(n) if a != b)


def test_2_1_explore_only_into_bordering_territories() -> None:
    """2.1: explore names a territory bordering the presence's own."""
    state = scenario(COUNTRIES, {"nigeria": [FR]})
    ready_all(state)
    texts = {a.text for a in GAME.legal(state, FR)}
    assert "nigeria: explore lake chad" in texts
    assert not any("explore congo" in t for t in texts)
    with pytest.raises(UnknownAction):
        GAME.play(state, FR, "nigeria: explore congo")


def test_2_2_landing_only_on_empty_coastal_territories() -> None:
    """2.2: a landing may be ordered only on a coastal territory empty of presences."""
    state = scenario(COUNTRIES, {"timbuktu": [FR], "dakar": [GB]})
    ready_all(state)
    GAME.play(state, FR, "timbuktu: nothing")  # now on the landing line
    landings = {a.text for a in GAME.legal(state, FR) if a.kind == "land"}
    coastal_empty = {f"land {BOARD.ids[t]}" for t in BOARD.coastal_indices} - {"land dakar"}
    assert landings == coastal_empty | {"no landing"}
    before = state.clone()
    with pytest.raises(IllegalAction) as refused:
        GAME.play(state, FR, "land dakar")
    assert refused.value.rule == "2.2) The Landing Order"
    assert state == before
    with pytest.raises(UnknownAction):
        GAME.play(state, FR, "land timbuktu")  # inland: no such order exists


def test_2_2_no_landing_when_every_coast_is_occupied() -> None:
    """2.2: if all coastal territories are occupied, no landing is possible."""
    coasts = {BOARD.ids[t]: [GB] for t in BOARD.coastal_indices}
    state = scenario(COUNTRIES, {**coasts, "timbuktu": [FR]})
    ready_all(state)
    GAME.play(state, FR, "timbuktu: nothing")
    assert {a.text for a in GAME.legal(state, FR)} == {"no landing", "seal orders"}


def test_3_2_landing_places_a_presence_even_beside_another_landing() -> None:
    """3.2: every landing ordered on an empty coast is carried out; two countries
    landing together are both placed (orders are carried out simultaneously)."""
    state = scenario(COUNTRIES, {"timbuktu": [FR], "egypt": [GB], "congo": [DE]})
    play_turn(state, {FR: Sheet(land="dakar"), GB: Sheet(land="dakar")})
    assert seats_in(state, "dakar") == [GB, FR]


def test_3_2_landing_and_own_exploration_give_one_presence() -> None:
    """3.2: 'in all cases, a country can have only one presence per territory'."""
    state = scenario(COUNTRIES, {"timbuktu": [FR]})
    play_turn(state, {FR: Sheet({"timbuktu": "explore dakar"}, land="dakar")})
    assert seats_in(state, "dakar") == [FR]
    assert state.stock[FR] == 20


def test_3_3_embassy_markers_show_the_declarations() -> None:
    """3.3: each marker is turned to the side written on its owner's sheet."""
    state = scenario(COUNTRIES, {"nigeria": [FR], "egypt": [GB], "congo": [DE]})
    play_turn(state, {FR: Sheet(war=("germany",))})
    n = state.players
    assert state.embassy[FR * n + DE] == WAR
    assert state.embassy[DE * n + FR] == ALLIANCE
    view = GAME.view(state, None)
    assert view["declared_by"][FR] == {"great britain": "alliance", "germany": "war"}
    # France's war marker sits in Germany's embassy; France's embassy holds the
    # markers of Great Britain and Germany, both alliances (what France scores).
    assert view["embassy_markers"][DE] == {"great britain": "alliance", "france": "war"}
    assert view["embassy_markers"][FR] == {"great britain": "alliance", "germany": "alliance"}


def test_2_sheet_is_written_line_by_line_and_can_be_revised() -> None:
    """2) Writing Orders: a seat revises its sheet until it seals it."""
    state = scenario(COUNTRIES, {"nigeria": [FR], "egypt": [GB], "congo": [DE]})
    ready_all(state)
    for text in ("nigeria: develop", "no landing", "war on great britain", "war on germany"):
        GAME.play(state, FR, text)
    assert {a.text for a in GAME.legal(state, FR)} == {"seal orders", "revise orders"}
    GAME.play(state, FR, "revise orders")
    GAME.play(state, FR, "nigeria: explore lake chad")
    GAME.play(state, FR, "seal orders")  # the other lines keep what was written
    sheet = GAME.view(state, FR)["sheet"]  # its writer still sees the sealed sheet
    assert sheet["next"] == "sealed"
    assert sheet["orders"] == {"nigeria": "explore lake chad"}
    assert GAME.view(state, GB)["sheet"]["orders"] == {"egypt": "nothing"}
    write(state, GB, Sheet())
    write(state, DE, Sheet())
    revealed = GAME.view(state, GB)["revealed"][FR]  # public after the reveal
    assert revealed["orders"] == {"nigeria": "explore lake chad"}
    assert revealed["relations"] == {"great britain": "war", "germany": "war"}

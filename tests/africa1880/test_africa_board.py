"""The reconstructed board file: the rulebook's constraints, the design constraints
of the reconstruction (docs/games/africa1880.md, "The board"), and validation at
load."""

from __future__ import annotations

import copy
import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from functools import cache
from itertools import combinations
from typing import Any

import pytest
from africa1880_support import Sheet, play_turn, scenario, seats_in, tid

from meeple.ai.base import make_bot
from meeple.games.africa1880 import GAME
from meeple.games.africa1880.board import (
    BOARD,
    DATA,
    HISTORICAL_START,
    MAX_SQUARES,
    BoardError,
    parse_board,
)
from meeple.games.africa1880.geography import geography
from meeple.games.africa1880.positions import Position
from meeple.games.africa1880.svg import MAP_H, NAME_FONT, PRESENCE, SQUARE, render_svg, xy
from meeple.games.africa1880.view import AfricaView, build_view

RAW: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
T = len(BOARD.ids)
MAINLAND_COASTS = [t for t in range(T) if BOARD.coastal[t] and not BOARD.island[t]]
GB, FR = 0, 1


def test_board_matches_the_rulebook_counts() -> None:
    """Components: 32 territories, 88 development tiles, 1-4 squares each; the
    Optional Rule's starts are coastal."""
    assert len(BOARD.ids) == 32
    assert sum(BOARD.squares) == 88
    assert set(BOARD.squares) <= {1, 2, 3, 4}
    assert all(BOARD.coastal[BOARD.index(t)] for t in HISTORICAL_START)


def test_reconstructed_values_are_marked_as_such() -> None:
    """The file's one provenance field says it is reconstructed, and its notes name
    every field but the printed names (their order and the counts are printed too);
    the game says so as well (``Game.reconstructed``)."""
    assert "schema" not in RAW and BOARD.provenance.kind == "reconstructed"
    assert GAME.reconstructed
    reconstructed = next(n for n in BOARD.provenance.notes if n.startswith("Reconstructed:"))
    printed = {"id", "name", "sheet_name"}
    for entry in RAW["territories"]:
        for key in entry.keys() - printed:
            assert f"territories[].{key}" in reconstructed, key
        assert entry["covers"] and len(entry["place"]) == 2
    assert "coastline" in reconstructed


# ---- the geography of 1880 -------------------------------------------------------


def test_borders_are_symmetric() -> None:
    for t, near in enumerate(BOARD.borders):
        assert all(t in BOARD.borders[u] for u in near), BOARD.ids[t]


def test_islands_have_no_land_border() -> None:
    """Madagascar is an island: reached only by landing, never by exploring."""
    assert [BOARD.ids[t] for t in range(T) if BOARD.island[t]] == ["madagascar"]
    for t in range(T):
        if BOARD.island[t]:
            assert BOARD.coastal[t] and BOARD.borders[t] == ()


def test_the_mainland_is_connected() -> None:
    start = MAINLAND_COASTS[0]
    seen, frontier = {start}, [start]
    while frontier:
        for u in BOARD.borders[frontier.pop()]:
            if u not in seen:
                seen.add(u)
                frontier.append(u)
    assert seen == {t for t in range(T) if not BOARD.island[t]}


def test_the_coast_is_continuous() -> None:
    """The coastline goes once around the continent: every mainland coastal
    territory holds one stretch, each borders the next, and no stretch is left out
    (the Guinea coast between Dakar and Dahomey is Ougadougou's)."""
    line = [BOARD.ids[t] for t in BOARD.coastline]
    assert sorted(BOARD.coastline) == MAINLAND_COASTS
    for here, after in zip(line, line[1:] + line[:1], strict=True):
        assert BOARD.index(after) in BOARD.borders[BOARD.index(here)], (here, after)
    west = line.index("dahomey")
    assert line[west : west + 3] == ["dahomey", "ougadougou", "dakar"]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("cape town", "lake nyassa"),  # the Cape is far from Nyasaland and Mozambique
        ("madagascar", "lake nyassa"),  # across the Mozambique Channel
        ("madagascar", "zanzibar"),
        ("sahara", "tenere"),  # Tamanrasset and Timbuktu lie between them
        ("egypt", "lake chad"),
    ],
)
def test_no_border_against_geography(a: str, b: str) -> None:
    assert BOARD.index(b) not in BOARD.borders[BOARD.index(a)]


# ---- balance: no colony before anyone can contest it -----------------------------


def earliest_rival_turn(territory: int) -> int | None:
    """The first turn (1 = 1880) in which a country without a presence nearby can be
    present in ``territory`` once a first presence stands there (a landing needs an
    empty coast): a landing on another coast in 1880, then one exploration a turn.
    None for an island, which only a landing of the same turn can reach."""
    coasts = [c for c in range(T) if BOARD.coastal[c] and c != territory]
    distance = {c: 0 for c in coasts}
    frontier = list(coasts)
    while frontier:
        here = frontier.pop(0)
        for u in BOARD.borders[here]:
            if u not in distance:
                distance[u] = distance[here] + 1
                frontier.append(u)
    return None if BOARD.island[territory] else 1 + distance[territory]


def test_no_first_presence_makes_a_colony_before_a_rival_can_arrive() -> None:
    """A lone presence placed at Setup develops one square a turn, so its colony
    comes at the end of turn ``squares``; a rival landing next door in 1880 explores
    in 1885. No coast may be quicker than that (the old Sahara: 1 square, a colony
    of 8 points in 1880). Islands, where nobody can follow, have the most squares."""
    for t in range(T):
        if not BOARD.coastal[t]:
            continue
        rival = earliest_rival_turn(t)
        if rival is None:
            assert BOARD.squares[t] == MAX_SQUARES, BOARD.ids[t]
        else:
            assert rival == 2, BOARD.ids[t]
            assert BOARD.squares[t] >= rival, BOARD.ids[t]


@pytest.mark.parametrize("coast", [BOARD.ids[t] for t in MAINLAND_COASTS])
def test_a_rival_can_contest_every_coast_in_time(coast: str) -> None:
    """Played out: Great Britain alone on ``coast`` from Setup develops every turn;
    France, with no presence, lands on a bordering coast in 1880 and explores into
    ``coast`` at war in 1885. No colony in 1880, and in 1885 France is there: any
    colony is not Great Britain's alone (here France's war even removes the
    presence that declared alliance to it, 4)."""
    t = tid(coast)
    state = scenario("great britain,france,germany", {coast: [GB]})
    near = next(BOARD.ids[u] for u in BOARD.borders[t] if BOARD.coastal[u])
    play_turn(state, {GB: Sheet({coast: "develop"}), FR: Sheet(land=near)})
    assert not state.colony[t] and seats_in(state, near) == [FR]
    contest = Sheet({near: f"explore {coast}"}, war=("great britain",))
    play_turn(state, {GB: Sheet({coast: "develop"}), FR: contest})
    assert FR in seats_in(state, coast)
    assert not (state.colony[t] and seats_in(state, coast) == [GB])


# ---- validation at load -----------------------------------------------------------


def _entry(raw: dict[str, Any], name: str) -> dict[str, Any]:
    return next(e for e in raw["territories"] if e["id"] == name)


def _link(raw: dict[str, Any], a: str, b: str) -> None:
    _entry(raw, a)["borders"].append(b)
    _entry(raw, b)["borders"].append(a)


def _unlink(raw: dict[str, Any], a: str, b: str) -> None:
    _entry(raw, a)["borders"].remove(b)
    _entry(raw, b)["borders"].remove(a)


def _asymmetric(raw: dict[str, Any]) -> None:
    _entry(raw, "congo")["borders"].remove("angola")


def _too_many_squares(raw: dict[str, Any]) -> None:
    _entry(raw, "sahara")["squares"] = 5
    _entry(raw, "congo")["squares"] = 1


def _wrong_total(raw: dict[str, Any]) -> None:
    _entry(raw, "sahara")["squares"] = 3


def _disconnected(raw: dict[str, Any]) -> None:
    """The south (Namibia, Cape Town, Kuruman) cut off from the rest."""
    for a, b in (
        ("namibia", "angola"),
        ("namibia", "rhodesia"),
        ("kuruman", "rhodesia"),
        ("kuruman", "lake nyassa"),
    ):
        _unlink(raw, a, b)


def _missing_territory(raw: dict[str, Any]) -> None:
    raw["territories"].pop()


def _inland_start(raw: dict[str, Any]) -> None:
    _entry(raw, "angola")["coastal"] = False


def _unmarked(raw: dict[str, Any]) -> None:
    raw["provenance"]["kind"] = "guessed"


def _unknown_border(raw: dict[str, Any]) -> None:
    _entry(raw, "congo")["borders"].append("atlantis")


def _island_with_a_border(raw: dict[str, Any]) -> None:
    _link(raw, "madagascar", "zanzibar")


def _inland_island(raw: dict[str, Any]) -> None:
    _entry(raw, "madagascar")["coastal"] = False


def _mainland_without_border(raw: dict[str, Any]) -> None:
    for other in list(_entry(raw, "cape town")["borders"]):
        _unlink(raw, "cape town", other)


def _coast_left_out(raw: dict[str, Any]) -> None:
    """Ougadougou off the coastline: the Guinea coast has no territory."""
    raw["coastline"].remove("ougadougou")


def _broken_coast(raw: dict[str, Any]) -> None:
    """Dakar and Dahomey swapped: the coast jumps between non-neighbours."""
    line = raw["coastline"]
    a, b = line.index("dakar"), line.index("dahomey")
    line[a], line[b] = line[b], line[a]


def _old_markers(raw: dict[str, Any]) -> None:
    """The markers the one provenance field replaced."""
    raw["provenance"]["reconstructed"] = "RECONSTRUCTED, NOT PRINTED"


def _no_source(raw: dict[str, Any]) -> None:
    raw["provenance"]["source"] = " "


@pytest.mark.parametrize(
    "spoil",
    [
        _asymmetric,
        _too_many_squares,
        _wrong_total,
        _disconnected,
        _missing_territory,
        _inland_start,
        _unmarked,
        _unknown_border,
        _island_with_a_border,
        _inland_island,
        _mainland_without_border,
        _coast_left_out,
        _broken_coast,
        _old_markers,
        _no_source,
    ],
)
def test_a_broken_board_file_is_refused(spoil: Callable[[dict[str, Any]], None]) -> None:
    raw = copy.deepcopy(RAW)
    spoil(raw)
    with pytest.raises(BoardError):
        parse_board(raw)


# ---- the drawn board: pieces to count at a glance, the orders in their own panel ----
# (issue 30, point 3). The drawing spans its card: on a desktop about a pixel a unit.

SVG_NS = "{http://www.w3.org/2000/svg}"


@cache
def six_seat_views() -> tuple[AfricaView, ...]:
    """Views of a random six-seat game after its first readings (revealed orders,
    presences, perhaps colonies), each from the seat writing its sheet."""
    state = GAME.new_game(GAME.make_config(6), 5)
    bots = [make_bot("random", GAME, 5 + s) for s in range(6)]
    views: list[AfricaView] = []
    for _ in range(3000):
        if GAME.is_over(state) or len(views) >= 6:
            break
        seat = GAME.to_act(state)[0]
        view = build_view(state, seat)
        if view["revealed"] is not None and view["sheet"] is not None:
            views.append(view)
        GAME.apply(state, seat, bots[seat].choose(GAME, state, seat))
    assert views, "no reading in the sampled game"
    return tuple(views)


def drawn(view: AfricaView) -> ET.Element:
    return ET.fromstring(render_svg(view))


def font_sizes(node: ET.Element) -> list[float]:
    return [float(t.attrib["font-size"]) for t in node.iter(f"{SVG_NS}text")]


def test_presences_are_tokens_to_count_at_a_glance() -> None:
    """Each presence a square token at least 14 units a side (the old markers were 8
    by 11), the tokens of one territory apart from each other."""
    seen = 0
    for view in six_seat_views():
        for pieces in drawn(view).iter(f"{SVG_NS}g"):
            if pieces.attrib.get("class") != "pieces":
                continue
            tokens = [r for r in pieces.iter(f"{SVG_NS}rect") if r.attrib["class"] == "presence"]
            boxes = []
            for token in tokens:
                w, h = float(token.attrib["width"]), float(token.attrib["height"])
                assert w >= 14 and h >= 14, (pieces.attrib["data-territory"], w, h)
                boxes.append((float(token.attrib["x"]), float(token.attrib["y"]), w, h))
            for (x1, y1, w1, h1), (x2, y2, w2, h2) in combinations(boxes, 2):
                assert x1 + w1 <= x2 or x2 + w2 <= x1 or y1 + h1 <= y2 or y2 + h2 <= y1
            seen += len(tokens)
    assert seen


def test_a_colony_stands_out() -> None:
    """A colony: hatched, outlined at 2.5 units or more (a territory's border is
    under 1), its colony piece at least 12 units wide."""
    state = (
        Position("great britain, france, germany").presence("angola", 0).colony("angola").build()
    )
    root = drawn(build_view(state, 0))
    (shape,) = [
        p
        for g in root.iter(f"{SVG_NS}g")
        if g.attrib.get("data-target") == "angola"
        for p in g.iter(f"{SVG_NS}polygon")
    ]
    assert shape.attrib["fill"] == "url(#colony-hatch)"
    assert float(shape.attrib["stroke-width"]) >= 2.5
    (pieces,) = [g for g in root.iter(f"{SVG_NS}g") if g.attrib.get("data-territory") == "angola"]
    (piece,) = [p for p in pieces.iter(f"{SVG_NS}path") if p.attrib.get("class") == "colony-piece"]
    (roof,) = re.findall(r"l([\d.]+),-[\d.]+ l([\d.]+),[\d.]+", piece.attrib["d"])
    assert sum(float(w) for w in roof) >= 12  # the house's width, eave to eave


def test_every_text_of_the_board_reads_at_12_units() -> None:
    """No text smaller than 12 units: 12 px on a desktop, where the drawing spans its
    card (the old board had 7.5-unit marker faces and 9-unit legends)."""
    for view in six_seat_views():
        sizes = font_sizes(drawn(view))
        assert min(sizes) >= 12, min(sizes)


def test_the_orders_are_their_own_panel_under_the_map() -> None:
    """One's own secret order sheet and the orders revealed at the last reading: in the
    panel under the map (not beside it in the sea), every line at 12 units or more,
    every country's revealed sheet listed, in the game's names."""
    for view in six_seat_views():
        root = drawn(view)
        (orders,) = [g for g in root.iter(f"{SVG_NS}g") if g.attrib.get("class") == "af-orders"]
        texts = list(orders.iter(f"{SVG_NS}text"))
        words = [t.text or "" for t in texts]
        assert "Your order sheet (secret)" in words
        assert "Orders revealed at the last reading" in words
        assert all(float(t.attrib["y"]) > MAP_H for t in texts)
        assert min(font_sizes(orders)) >= 12
        revealed = view["revealed"]
        assert revealed is not None
        for shown in revealed:
            assert view["countries"][shown["seat"]] in words
        # Territories and countries by their names, never their lowercase ids.
        assert not any(i in w for w in words for i in (*BOARD.ids, "great britain"))


def test_embassy_markers_and_owners_readable() -> None:
    """The diplomatic markers of radius 12 units or more, their owners' names under
    them and each embassy's name at 12 units or more."""
    view = six_seat_views()[-1]
    root = drawn(view)
    embassies = [g for g in root.iter(f"{SVG_NS}g") if g.attrib.get("class") == "embassy"]
    assert len(embassies) == 6
    for embassy in embassies:
        assert min(font_sizes(embassy)) >= 12
        for circle in embassy.iter(f"{SVG_NS}circle"):
            assert float(circle.attrib["r"]) >= 12


def test_names_squares_and_two_presences_clear_the_neighbours() -> None:
    """Each territory's name (bold, about 0.6 em a letter), its squares and a row of
    two presence tokens, as drawn, clear every other territory's."""
    geo = geography()

    def parts(t: int) -> list[tuple[float, float, float, float]]:
        x, y = xy(*geo.labels[t])
        name = len(BOARD.names[t]) * NAME_FONT * 0.6 / 2
        squares = (BOARD.squares[t] * (SQUARE + 2) - 2) / 2
        tokens = PRESENCE + 1.5
        return [
            (x - name, x + name, y - 5 - NAME_FONT, y - 2),
            (x - squares, x + squares, y - 1, y - 1 + SQUARE),
            (x - tokens, x + tokens, y + 13, y + 13 + PRESENCE),
        ]

    for t, u in combinations(range(len(BOARD.ids)), 2):
        for a in parts(t):
            for b in parts(u):
                apart = a[1] <= b[0] or b[1] <= a[0] or a[3] <= b[2] or b[3] <= a[2]
                assert apart, (BOARD.ids[t], a, BOARD.ids[u], b)

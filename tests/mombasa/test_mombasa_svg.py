"""Mombasa's browser board (``svg.py``) and terminal board (``render.py``): the
drawing parses, places its parts without overlap in both arrangements with text
readable on a phone, draws only what the seat's view shows, offers a click for
every legal action a board element stands for and lights what the last moves
concern; the terminal text fits 80 columns, explains every abbreviation and
shows only what the seat may see."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.engine import Rng
from meeple.games.mombasa import GAME, layout
from meeple.games.mombasa import render as render_module
from meeple.games.mombasa import svg as svg_module
from meeple.games.mombasa.actions import SPACE
from meeple.games.mombasa.board import COMPANIES
from meeple.games.mombasa.rules import tasks
from meeple.games.mombasa.state import ACT, TILES, MombasaState
from meeple.games.mombasa.svg import PRESENTATION
from meeple.games.mombasa.texts import SEAT_NAMES

SVG = "{http://www.w3.org/2000/svg}"
# The verbs of actions that name an element drawn on the board (a region, a display
# card or book, a bonus space, a company, a base column, a slot, a hand card, a
# resting deck, a bookkeeping space, the ink jar, a goods button, a starting tile
# dealt in the draft). The rest (ready, total units, tiers, stop, pay/decline, skip,
# forfeit, take pound, bp and diamond) are answers to the pending decision, offered
# as buttons.
BOARD_VERBS = frozenset(
    [
        "rest",
        "plan",
        "use",
        "add",
        "buy",
        "advance",
        "expand",
        "enter",
        "place",
        "take",
        "shelve",
        "flip",
        "move",
        "return",
        "remove",
        "discard",
        "boost",
        "attach",
        "end",
        "keep",
    ]
)
NOT_ON_BOARD = ("take tier", "take pound", "take 1 bp", "take 2 bp")


def positions(players: int, seed: int, every: int) -> Iterator[MombasaState]:
    """Every ``every``-th state of a random game, then its end."""
    state = GAME.new_game(GAME.make_config(players, {"setup": "full"}), seed)
    rng = Rng(seed)
    step = 0
    while not GAME.is_over(state):
        if step % every == 0:
            yield state
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        step += 1
    yield state


def spaced(text: str) -> str:
    """The web client's matching (static/table.js ``names``): a target names an action
    when it is one of the action's words or phrases."""
    return f" {' '.join(text.lower().replace(':', ' ').replace(',', ' ').split())} "


def clickable(svg: str) -> tuple[set[str], set[str]]:
    """The data-target phrases and data-action texts of a drawing."""
    root = ET.fromstring(svg)
    targets = {e.attrib["data-target"] for e in root.iter() if "data-target" in e.attrib}
    actions = {e.attrib["data-action"] for e in root.iter() if "data-action" in e.attrib}
    return targets, actions


def reachable(action: str, targets: set[str], actions: set[str]) -> bool:
    return action in actions or any(spaced(t) in spaced(action) for t in targets)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_drawing_parses_with_its_layers(players: int) -> None:
    for state in positions(players, 11 + players, 23):
        for seat in (None, *range(players)):
            svg = PRESENTATION.svg(GAME.view(state, seat))
            assert svg is not None
            root = ET.fromstring(svg)
            assert root.tag == f"{SVG}svg"
            classes = [set(e.attrib.get("class", "").split()) for e in root.iter(f"{SVG}g")]
            for layer in ("map", "display", "books", "bonus-spaces", "companies", "header"):
                assert any({"layer", layer} <= c for c in classes), layer
            assert {"overlay"} in classes
            for seat in range(players):
                assert any({"layer", "player", f"seat-{seat}"} <= c for c in classes)


def test_the_board_layer_depends_only_on_the_player_count() -> None:
    """The server draws the board layer once per config."""
    drawn = {PRESENTATION.board_layer(GAME.view(state, None)) for state in positions(3, 5, 40)}
    assert len(drawn) == 1


@pytest.mark.parametrize("players", [2, 4])
def test_click_for_every_board_action(players: int) -> None:
    """For sampled positions, every legal action of the seat to act whose verb names
    a board element is offered by some element of that seat's drawing."""
    checked = 0
    for state in positions(players, 40 + players, 7):
        for seat in GAME.to_act(state):
            svg = PRESENTATION.svg(GAME.view(state, seat))
            assert svg is not None
            targets, actions = clickable(svg)
            for action in GAME.legal(state, seat):
                text = action.text
                if text.split()[0] not in BOARD_VERBS or text.startswith(NOT_ON_BOARD):
                    continue
                assert reachable(text, targets, actions), f"no element offers {text!r}"
                checked += 1
    assert checked > 150  # random 2-player games are short (an empty deck may end a phase)


def seat_group(svg: str, seat: int) -> ET.Element:
    root = ET.fromstring(svg)
    for group in root.iter(f"{SVG}g"):
        if {"player", f"seat-{seat}"} <= set(group.attrib.get("class", "").split()):
            return group
    raise AssertionError(f"no board for seat {seat}")


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{SVG}text")]


def planning_state(players: int, seed: int) -> MombasaState:
    """A state in a round-2 planning phase where only seat 0 is still planning
    (the others' plans lie face down)."""
    state = GAME.new_game(GAME.make_config(players), seed)
    rng = Rng(seed)
    while not GAME.is_over(state):
        waiting = GAME.to_act(state)
        view = GAME.view(state, None)
        if view["phase"] == "planning" and view["round"] == 2 and waiting == (0,):
            return state
        seat = waiting[-1]  # seat 0 plans last
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    raise AssertionError("no such planning phase")


def test_others_hands_and_face_down_plans_are_not_drawn() -> None:
    """Secret planning ("Planning phase": cards are placed face down and revealed
    together) and hidden hands: seat 0's drawing names none of seat 1's hand or
    planned cards, though seat 1's own drawing does."""
    state = planning_state(3, 8)
    own = GAME.view(state, 1)["players"][1]
    planned = [slot["card"] for slot in own["slots"] if slot and slot["card"]]
    assert planned and own["hand"]
    seen_by_zero = seat_group(PRESENTATION.svg(GAME.view(state, 0)) or "", 1)
    slot_words = [
        w for g in seen_by_zero.iter(f"{SVG}g") if g.get("class") == "slot" for w in texts(g)
    ]
    assert " ".join(slot_words).count("face down") == len(planned)
    for face in planned:
        assert face not in slot_words
    # Seat 1's board in seat 0's drawing: its targets only glow (named "green ..."),
    # no action of the game names one, so nothing there offers seat 0 a move.
    others = [e.attrib["data-target"] for e in seen_by_zero.iter() if "data-target" in e.attrib]
    assert others and all(t.startswith("green ") for t in others)
    every_action = [a.text for a in SPACE]
    assert not any(spaced(t) in spaced(a) for t in others for a in every_action)
    assert not any("data-action" in e.attrib for e in seen_by_zero.iter())
    hand_line = [w for w in texts(seen_by_zero) if w.startswith("hand:")]
    count = own["hand_size"]
    assert hand_line == [f"hand: {count} card{'s' if count != 1 else ''} (hidden)"]
    # The hand part shows the viewer's own hand, never another's.
    drawn_for_zero = PRESENTATION.svg(GAME.view(state, 0)) or ""
    assert hand_faces(drawn_for_zero) == set(GAME.view(state, 0)["players"][0]["hand"])
    drawn_for_one = PRESENTATION.svg(GAME.view(state, 1)) or ""
    assert hand_faces(drawn_for_one) == set(own["hand"])
    shown = texts(seat_group(drawn_for_one, 1))
    for face in planned:
        assert any(face.startswith(w) for w in shown if w)


def hand_faces(svg: str) -> set[str]:
    """The faces the hand part offers (its cards' targets)."""
    root = ET.fromstring(svg)
    for group in root.iter(f"{SVG}g"):
        if {"layer", "hand"} <= set(group.attrib.get("class", "").split()):
            targets = {e.attrib["data-target"] for e in group.iter() if "data-target" in e.attrib}
            return {t for t in targets if not t.startswith("tile ")}  # the draft's tiles
    raise AssertionError("no hand part")


def test_a_spectator_sees_no_hand() -> None:
    for state in positions(4, 3, 31):
        svg = PRESENTATION.svg(GAME.view(state, None)) or ""
        assert "your hand" not in svg.lower()
        assert hand_faces(svg) == set()
        for seat in range(4):
            assert not any(w.startswith("your hand") for w in texts(seat_group(svg, seat)))


def test_panels_and_status_use_the_games_words() -> None:
    state = planning_state(2, 4)
    view = GAME.view(state, None)
    panel = PRESENTATION.panel(view, 1)
    assert {"pounds", "bonus markers", "shares", "cards in hand"} <= set(panel)
    assert PRESENTATION.seat_status(view, 0, (0,)) == "planning"
    assert PRESENTATION.seat_status(view, 1, (0,)) == "ready"


# ---- the arrangements: desktop, tablet, phone (layout.py) ---------------------------------

ARRANGEMENTS = {name: arrange for name, _, arrange in layout.ARRANGEMENTS}
PARTS = set(layout.PART_SIZES)


def part_boxes(
    places: dict[str, tuple[float, float]],
) -> dict[str, tuple[float, float, float, float]]:
    return {
        part: (x, y, x + layout.size(part)[0], y + layout.size(part)[1])
        for part, (x, y) in places.items()
    }


def overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def assert_apart(boxes: dict[str, tuple[float, float, float, float]], what: object) -> None:
    names = sorted(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not overlap(boxes[a], boxes[b]), (what, a, b)


def subsets(seats: list[int]) -> Iterator[frozenset[int]]:
    """Every choice of open folds among ``seats``."""
    for mask in range(1 << len(seats)):
        yield frozenset(s for k, s in enumerate(seats) if mask >> k & 1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_parts_never_overlap_and_fit_the_drawing(players: int) -> None:
    """Every arrangement, with any of the other players' folds open, places every
    part shown (one's own board, each other player's fold, the boards of the open
    folds) inside the viewBox and inside the arrangement's height, none over
    another; no part is wider than the phone's column."""
    tall = layout.view_height(players)
    for name, arrange in ARRANGEMENTS.items():
        for seat in (None, *range(players)):
            arrangement = arrange(players, seat)
            scale = arrangement.scale
            folds = layout.others(players, seat)
            assert len(folds) == players - 1 and (seat or 0) not in folds
            for opened in subsets(folds):
                places = arrangement.places(opened)
                boards = {f"p{s}" for s in (seat or 0, *opened)}
                assert set(places) == {*PARTS, *boards, *(f"f{s}" for s in folds)}
                boxes = part_boxes(places)
                height = arrangement.height(opened)
                for part, (x0, y0, x1, y1) in boxes.items():
                    assert x0 * scale >= 0 and x1 * scale <= layout.VIEW_W + 0.01, (name, part)
                    assert y0 * scale >= 0 and y1 * scale <= height + 0.01 <= tall + 0.02
                assert_apart(boxes, (name, seat, sorted(opened)))
    assert all(w <= layout.PART_W for w, _ in layout.PART_SIZES.values())
    board = PRESENTATION.board_layer(GAME.view(GAME.new_game(GAME.make_config(players), 1), None))
    assert f'viewBox="0 0 {layout.VIEW_W} {layout.view_height(players):.0f}"' in board


def test_the_stylesheet_places_every_part_in_every_arrangement() -> None:
    """Every part drawn has a rule in each arrangement (the desktop's outside any
    media query, the tablet's and the phone's inside theirs); the other players'
    boards are folded (hidden until their fold is open) and their folds drawn, and
    what lies under a fold moves down while it is open (``--o<seat>``)."""
    view = GAME.view(GAME.new_game(GAME.make_config(4), 2), 0)
    svg = PRESENTATION.svg(view) or ""
    # the board layer's, then the overlay's for the seat (its own board first)
    styles = re.findall(r"<style>(.*?)</style>", svg, re.S)
    assert len(styles) == 2
    drawn = set(re.findall(r'class="[^"]*\bpart-(\w+)', svg))
    assert drawn == {*PARTS, "p0", "p1", "p2", "p3", "f1", "f2", "f3"}
    folded = set(re.findall(r'class="layer player seat-\d folded part part-(p\d)"', svg))
    assert folded == {"p1", "p2", "p3"}
    assert {f"open-{s}{{--o{s}:1}}" for s in range(4)} <= {
        rule.split("svg.mombasa.", 1)[-1] for rule in styles[0].split("}svg.mombasa.")
    } or all(f"svg.mombasa.open-{s}{{--o{s}:1}}" in styles[0] for s in range(4))
    for style in styles:
        desktop, _, rest = style.partition(f"@media {layout.TABLET_QUERY}")
        tablet, _, phone = rest.partition(f"@media {layout.PHONE_QUERY}")
        for part in drawn:
            for rules in (desktop, tablet, phone):
                assert f".part-{part}{{transform:translate(" in rules
        assert f"scale({layout.DESKTOP_SCALE:.4f})" in desktop
        assert f"scale({layout.TABLET_SCALE:.4f})" in tablet and "scale(" not in phone
        assert "var(--o" in desktop and "aspect-ratio:392/max(" in desktop


# The table page at 1280x800 (measured in the browser tests: tests/server/
# test_table_layout.py, tests/mombasa/test_mombasa_browser.py): the board drawing
# starts 60 px from the page's top and is 904 px wide; the first screen shows it
# down to 800 px.
DESKTOP_BOARD_PX = 904
DESKTOP_BOARD_TOP = 61
FIRST_SCREEN = 800


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_desktop_shows_the_board_and_ones_own_board_on_the_first_screen(players: int) -> None:
    """At 1280 px a unit of the desktop's arrangement is at least a pixel (12-unit
    text reads at 12 px or more), and the first screen holds the map, the company
    tracks, the header (round track), one's own board, one's hand, the card
    display with its crate values, the book display and the bonus spaces, whichever
    other players' folds are open; the folds follow below."""
    px = DESKTOP_BOARD_PX / layout.VIEW_W  # a viewBox unit on the screen
    assert px * layout.DESKTOP_SCALE * layout.MIN_FONT >= 12
    for seat in (None, *range(players)):
        arrangement = layout.desktop(players, seat)
        for opened in subsets(layout.others(players, seat)):
            places = arrangement.places(opened)
            bottoms = {
                part: DESKTOP_BOARD_TOP + y1 * layout.DESKTOP_SCALE * px
                for part, (_, _, _, y1) in part_boxes(places).items()
            }
            own = f"p{seat or 0}"
            for part in (*PARTS, own):
                assert bottoms[part] <= FIRST_SCREEN, (part, bottoms[part], sorted(opened))
            folds = [f"f{s}" for s in layout.others(players, seat)]
            assert all(places[f][1] >= places["spaces"][1] for f in folds)
    tall = layout.heights(4)["desktop"] * DESKTOP_BOARD_PX / layout.VIEW_W
    assert tall < 1000  # the whole drawing at four seats, the folds closed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seats_own_board_comes_first_beside_its_hand(players: int) -> None:
    """The plan (one's own action slots) beside one's hand: on a desktop one's own
    board under the header with the hand right of both; on a tablet the hand left,
    the own board right; on a phone one's own board right under the hand and the
    displays beside it. The other players' boards fold."""
    for seat in range(players):
        own = f"p{seat}"
        desktop = layout.desktop_places(players, seat)
        header_x, header_y = desktop["header"]
        assert desktop[own] == (header_x, header_y + layout.HEADER_H + layout.GAP)
        assert desktop["hand"][0] > header_x and desktop["hand"][1] == header_y
        tablet = layout.tablet_places(players, seat)
        assert tablet["hand"][0] < tablet[own][0] and tablet[own][1] < layout.HAND_H
        phone = layout.phone_places(players, seat)
        hand_x, hand_y = phone["hand"]
        under = max(hand_y + layout.HAND_H, phone["books"][1] + layout.BOOKS_H) + layout.GAP
        assert phone[own] == (hand_x, under)
        for places in (desktop, tablet, phone):
            assert {p for p in places if p[0] == "p"} == {own}
    spectator = PRESENTATION.svg(GAME.view(GAME.new_game(GAME.make_config(players), 2), None))
    assert (spectator or "").count("<style>") == 1  # no seat: the board layer's order


def test_the_displays_and_tracks_are_parts_of_the_one_board_drawing() -> None:
    """The card display (with the board's crate values), the book display, the
    bonus spaces and the company tracks are drawn inside the board's <svg>, each a
    part the stylesheet places; the map part holds the regions."""
    view = GAME.view(GAME.new_game(GAME.make_config(4), 3), 0)
    root = ET.fromstring(PRESENTATION.svg(view) or "")
    parts = {
        word.removeprefix("part-")
        for node in root.iter()
        for word in (node.get("class") or "").split()
        if word.startswith("part-")
    }
    assert parts >= PARTS
    crates = [n for n in root.iter() if "crate" in (n.get("class") or "").split()]
    assert len(crates) == 3
    texts = "".join(root.itertext())
    for words in ("Card display", "Book display", "Bonus spaces", "company track", "crate +"):
        assert words in texts, words


def test_a_bonus_tiles_space_names_its_holder_and_whether_it_was_used() -> None:
    """A bonus tile's space says who holds it in few words ("bookkeeper: Green, used",
    greyed once used; "bookkeeper tile: Green (used)" was squeezed to 70% of its
    width); the part's name comes first, above the spaces."""
    state = GAME.new_game(GAME.make_config(4), 3)
    tiles = TILES.index("bookkeeper")
    state.tiles_held[tiles] = 1
    state.tiles_used |= 1 << tiles
    root = ET.fromstring(PRESENTATION.svg(GAME.view(state, 0)) or "")
    space = next(g for g in root.iter(f"{SVG}g") if g.get("data-target") == "bookkeeper tile")
    shown = [t for t in space.iter(f"{SVG}text")]
    assert [t.text for t in shown] == [f"bookkeeper: {SEAT_NAMES[1]}, used"]
    room = float(shown[0].get("textLength") or "inf")
    natural = svg_module.text_width(shown[0].text or "", 12)
    assert natural <= 1.25 * room, "the space's words are squeezed to under 80%"
    assert space.find(f"{SVG}rect").get("fill") == "#cfc8b8"  # type: ignore[union-attr]
    title = space.find(f"{SVG}title")
    assert title is not None and title.text and f"{SEAT_NAMES[1]} (used)" in title.text
    # The bonus spaces' name is in the grid's first cell, the spaces after it.
    texts = [t for t in root.iter(f"{SVG}text")]
    heading = next(t for t in texts if t.text == "Bonus spaces")
    first = next(t for t in texts if t.text == "coffee majority")

    def place(node: ET.Element) -> tuple[float, float]:
        return float(node.get("y", 0)), float(node.get("x", 0))

    assert place(heading) < place(first)


def test_track_markers_are_big_apart_and_in_each_seats_colour() -> None:
    """Each player's track marker on each company track (rulebook: "The 4 track
    markers of that color ... onto each starting space of the 4 company tracks") is
    a disc 11 units wide in the seat's colour, under its space; markers on one space
    never cover each other (two side by side, seats 3 and 4 in a second row)."""
    view = GAME.view(GAME.new_game(GAME.make_config(4), 3), 0)
    root = ET.fromstring(PRESENTATION.svg(view) or "")
    discs = [n for n in root.iter() if n.get("class") == "track-marker"]
    assert len(discs) == 4 * 4
    fills = {n.get("fill") for n in discs}
    assert fills == set(svg_module.SEAT_COLOURS)
    assert all(2 * float(n.get("r") or 0) >= 11 for n in discs)
    centres = [(float(n.get("cx") or 0), float(n.get("cy") or 0)) for n in discs]
    for i, (x0, y0) in enumerate(centres):
        for x1, y1 in centres[i + 1 :]:
            assert max(abs(x0 - x1), abs(y0 - y1)) >= 2 * svg_module.MARKER_R - 2


def test_no_text_is_smaller_than_twelve_units() -> None:
    """At the phone's scale (a 390 px screen shows the 392-unit column in about 360
    px), 12 units are about 11 px; the wide arrangement's half size is shown on a
    board at least twice as wide."""
    for state in positions(4, 6, 37):
        for seat in (None, 0):
            svg = PRESENTATION.svg(GAME.view(state, seat)) or ""
            sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
            assert sizes and min(sizes) >= layout.MIN_FONT == 12


# ---- the last moves glow -----------------------------------------------------------------


def drawn_targets(svg: str) -> set[str]:
    return {html.unescape(t) for t in re.findall(r'data-target="([^"]+)"', svg)}


@pytest.mark.parametrize("players", [2, 4])
def test_every_event_target_is_drawn_on_that_seats_board(players: int) -> None:
    """For every event of random games, the targets named for each seat (and the
    spectator) are elements of that seat's drawing at that moment, and every kind
    of move that concerns a board element names one."""
    named: dict[str, int] = {}
    for seed in (3, 5):  # games that buy a card (random 2-player games are short)
        state = GAME.new_game(GAME.make_config(players, {"setup": "full"}), seed)
        rng = Rng(seed)
        seen = 0
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            new, seen = state.log[seen:], len(state.log)
            for viewer in (None, *range(players)):
                view = GAME.view(state, viewer)
                drawn = drawn_targets(PRESENTATION.svg(view) or "")
                for event in new:
                    if not event.visible_to(viewer):
                        continue
                    targets = PRESENTATION.event_targets(view, event.to_json())
                    assert set(targets) <= drawn, (event.text, targets)
                    if targets:
                        named[event.kind] = named.get(event.kind, 0) + 1
    assert {"marker", "expand", "plan", "rest", "end", "reveal", "goods", "buy"} <= set(named)
    assert {"track", "post", "bp", "walk", "shelve", "diamond", "tier", "use"} <= set(named)


def event(kind: str, text: str, seat: int) -> dict[str, object]:
    return {"kind": kind, "text": text, "data": {"seat": seat}}


def test_each_move_lights_what_it_concerns() -> None:
    """The mapping, one event at a time, for the mover and for another seat."""
    state = planning_state(3, 8)
    mine, theirs = GAME.view(state, 1), GAME.view(state, 0)
    targets = PRESENTATION.event_targets
    marker = event("marker", "Green places a bonus marker on cairo bonus 2", 1)
    assert targets(mine, marker) == targets(theirs, marker) == ["cairo bonus 2"]
    expand = event("expand", "Green expands Cape Town into 2 regions", 1)
    assert targets(theirs, expand) == ["cape town"]
    # on another's board: the element qualified by its owner, and that board's fold
    plan = event("plan", "Green places a card face down in slot 2", 1)
    assert targets(mine, plan) == ["slot 2"]
    assert targets(theirs, plan) == ["green slot 2", "green board"]
    rest = event("rest", "Green rests coffee 1 in slot 3", 1)  # "slot": its resting deck
    assert targets(mine, rest) == ["deck 3"]
    assert targets(theirs, rest) == ["green deck 3", "green board"]
    end = event("end", "Green ends their action phase, taking resting deck 1", 1)
    assert targets(theirs, end) == ["green deck 1", "green board"]
    face = mine["players"][1]["hand"][0]
    bought = event("buy", f"Green takes {face} from the card display", 1)
    assert targets(mine, bought) == [face]
    assert targets(theirs, bought) == ["green hand", "green board"]
    bought = event("buy", f"Green takes {face} from the card display, card 4", 1)
    assert targets(mine, bought) == ["card 4", face]
    assert targets(theirs, bought) == ["card 4", "green hand", "green board"]
    # a spectator's open board is the first seat's: no fold to light for it
    ann = event("plan", "Ann places a card face down in slot 2", 0)
    spectator = GAME.view(state, None)
    name = spectator["players"][0]["name"].lower()
    assert targets(spectator, ann) == [f"{name} slot 2"]
    assert targets(mine, event("round", "Round 3 begins", 0)) == []
    assert targets(mine, event("plan", "Green places a card face down in slot 2", 9)) == []


# ---- the terminal (render.py) --------------------------------------------------------------

# Each abbreviation the terminal board uses, with the legend entry explaining it.
ABBREVIATIONS = {
    r"£\d": "£",
    r"\bBP\b": "BP",
    r"\bm\d\b": "m1, m2",
    r"\[(Mombasa|Cape Town|Saint-Louis|Cairo)\]": "[Cairo]",
    r"\bposts \d/\d/\d\b": "posts 5/3/5",
    r"\bspace \d+, \d+ shares?\b": "Blue space 3, 1 share",
    r"\d[+-]£\d": "-£2 / +£3",
    r"\b\d+ [ABC] (needs|start|flipped|one|coffee|bananas|cotton|expansion)": "A, B, C",
}


def test_the_terminal_board_fits_80_columns_and_explains_every_abbreviation() -> None:
    """Every line of the board and of the status is at most 78 characters; every
    abbreviation used is in the legend, and every legend entry is used."""
    terminal = GAME.terminal()
    used: set[str] = set()
    for players in (2, 4):
        for state in positions(players, 20 + players, 17):
            for seat in (None, *range(players)):
                view = GAME.view(state, seat)
                text = GAME.render_text(view)
                assert max(len(line) for line in text.splitlines()) <= 78
                status = terminal.status(view, text)
                assert max(len(line) for line in status.splitlines()) <= 78
                for pattern, symbol in ABBREVIATIONS.items():
                    if re.search(pattern, text):
                        used.add(symbol)
                assert text.count("Legend:") == 1
    legend = {symbol for symbol, _ in terminal.legend(GAME.view(state, None))}
    assert used == legend == set(ABBREVIATIONS.values())


def test_the_terminal_speaks_the_games_words_and_hides_others_hands() -> None:
    """No field names or raw data; a seat's own hand only (others' as a count), and
    in the planning phase others' cards as "face down" (Planning phase: cards are
    placed face down)."""
    state = planning_state(3, 8)
    for seat in (0, 1):
        view = GAME.view(state, seat)
        text = GAME.render_text(view)
        for raw in ("_", "None", "{", "['", "': ", "[0", "pounds 1"):
            assert raw not in text, raw
        assert text.count("your hand:") == 1
        hidden = [line for line in text.splitlines() if "(hidden)" in line]
        assert len(hidden) == 2
        for other in {0, 1, 2} - {seat}:
            size = view["players"][other]["hand_size"]
            assert f"hand: {size} card{'s' if size != 1 else ''} (hidden)" in text
    seen_by_zero = GAME.render_text(GAME.view(state, 0))
    green = seen_by_zero.split("\nGreen", 1)[1].split("\n\n", 1)[0]
    planned = [s["card"] for s in GAME.view(state, 1)["players"][1]["slots"] if s]
    assert green.count("face down") == len(planned)
    for face in planned:
        assert face not in green.split("action slots:", 1)[1].split("\n", 1)[0]


def test_meeple_play_shows_mombasa_in_80_columns() -> None:
    """The terminal as a person meets it: the full board with its legend, the hand,
    then the choices; typed 'legend' lists the symbols."""
    result = CliRunner().invoke(
        app,
        ["play", "mombasa", "--players", "3", "--seats", "human,random,random", "--seed", "4"],
        input="1\nlegend\nboard\nquit\n",
    )
    assert result.exit_code == 0, result.stdout
    out = result.stdout
    assert "your hand: bananas 1" in out and "Legend:" in out
    assert "bookkeeping points" in out and "resting decks:" in out
    assert "rest bananas 1" in out  # the first choice, numbered
    for line in out.splitlines():
        assert len(line.removeprefix("your choice> ").rstrip()) <= 80, line


def test_the_draft_shows_ones_own_starting_tiles_to_tap() -> None:
    """Setup (full game): each player is dealt two starting tiles and keeps one; the
    two are drawn, with their cards and bonus, in the dealt player's hand part only."""
    state = GAME.new_game(GAME.make_config(3, {"setup": "full"}), 2)
    dealt = GAME.view(state, 0)["players"][0]["dealt_tiles"]
    assert len(dealt) == 2
    own = PRESENTATION.svg(GAME.view(state, 0)) or ""
    for tile in dealt:
        assert f'data-target="tile {tile}"' in own
        assert f"starting {render_module.tile_words(tile)}" in html.unescape(own)
    targets, actions = clickable(own)
    for action in GAME.legal(state, 0):
        assert reachable(action.text, targets, actions)
    for viewer in (None, 1):
        other = PRESENTATION.svg(GAME.view(state, viewer)) or ""
        theirs = GAME.view(state, 1)["players"][1]["dealt_tiles"] if viewer == 1 else []
        shown = {int(n) for n in re.findall(r'data-target="tile (\d+)"', other)}
        assert shown == set(theirs) and not shown & set(dealt)


def test_the_header_says_the_decision_being_taken() -> None:
    """Expanding (Expansion cards: points spent entering regions): the header names
    the company and the points left, from the view's pending decision."""
    for state in positions(3, 12, 1):
        view = GAME.view(state, None)
        pending = view["pending"]
        if pending and pending["decision"] == "expansion":
            company, points = pending["values"][:2]
            svg = html.unescape(PRESENTATION.svg(view) or "")
            actor = view["players"][view["actor"]]["name"]
            title = COMPANIES[company].title()
            assert f"Now {actor} decides: expansion ({title}, {points} expansion point" in svg
            assert f"Now {actor} decides: expansion ({title}" in GAME.render_text(view)
            return
    raise AssertionError("no expansion in the game")


def test_the_header_keeps_every_fact() -> None:
    """The round, phase, first player, round track coins, card stack and book piles
    all fit the header's lines, with the decision being taken below them."""
    for state in positions(4, 30, 29):
        view = GAME.view(state, 0)
        svg = html.unescape(PRESENTATION.svg(view) or "")
        header = svg.split('class="layer header', 1)[1].split("</g>", 1)[0]
        for words in ("Round ", "first player", "round track", "card stack", "book piles"):
            assert words in header, words


# Decisions of the action phase that change a board element, with what they change
# (rulebook "Action phase" and the supplement's "Company tracks"): a company track
# stepped on (advance, a capital call paid or declined, a boost, a majority's tier),
# a trading post placed, removed or returned, a display book taken, the ink jar's
# walk and a book shelved on the bookkeeping track, diamond steps, a card used,
# a display card bought.
# ("bp_diamond" is left out: its diamond steps come after the BP it gives are spent,
# and glow then; "remove_post", rare in random play, has its own test below.)
GLOWING_DECISIONS = {
    "advance",
    "buy",
    "pay_call",
    "decline_call",
    "boost",
    "tier",
    "enter",
    "return_post",
    "take_book",
    "flip_book",
    "move_ink",
    "stop_ink",
    "shelve",
    "use_bookkeeper",
    "use_merchant",
}


def glowing(state: MombasaState, start: int, viewer: int) -> list[str]:
    """The targets the events since ``start`` name on ``viewer``'s board, each
    checked to be drawn there."""
    view = GAME.view(state, viewer)
    drawn = drawn_targets(PRESENTATION.svg(view) or "")
    out: list[str] = []
    for event in state.log[start:]:
        if event.visible_to(viewer):
            targets = PRESENTATION.event_targets(view, event.to_json())
            assert set(targets) <= drawn, (event.text, targets)
            out += targets
    return out


def test_every_decision_that_changes_the_board_logs_an_event_that_glows() -> None:
    """Each such decision, for the mover and for another seat, logs a public event
    naming a drawn element. One exception: a bookkeeping walk ended with the ink
    jar still on the tile's start space, which the track does not draw."""
    seen: dict[str, int] = {}
    games = [(players, seed) for seed in range(5, 25) for players in (4, 3, 2)]
    for players, seed in games:  # games until every kind has been seen
        if set(seen) == GLOWING_DECISIONS:
            break
        state = GAME.new_game(GAME.make_config(players, {"setup": "full"}), seed)
        rng = Rng(seed)
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            # random play, preferring a kind not seen yet (some are rare: a declined call)
            unseen = [i for i in legal if SPACE[i].kind in GLOWING_DECISIONS - set(seen)]
            index = rng.choice(unseen or legal)
            start = len(state.log)
            GAME.apply(state, seat, index)
            kind = SPACE[index].kind
            if kind not in GLOWING_DECISIONS:
                continue
            if kind == "stop_ink" and state.ink[seat] == 0:
                continue
            other = (seat + 1) % players
            assert glowing(state, start, seat) and glowing(state, start, other), kind
            seen[kind] = seen.get(kind, 0) + 1
    assert set(seen) == GLOWING_DECISIONS


def test_a_removed_trading_post_glows_on_its_base_column() -> None:
    """A removal reward ("remove trading posts": the foremost post of any company's
    base column leaves the game) names the column it left, for every seat."""
    state = GAME.new_game(GAME.make_config(3, {"setup": "full"}), 11)
    rng = Rng(11)
    while state.phase != ACT or state.tasks:
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    seat = state.actor
    state.tasks.append((tasks.REMOVE, 1))
    start = len(state.log)
    GAME.play(state, seat, "remove post from cairo column 2")
    assert [e.text for e in state.log[start:]] == [
        f"{SEAT_NAMES[seat]} removes a Cairo trading post from column 2"
    ]
    for viewer in range(3):
        assert glowing(state, start, viewer) == ["cairo column 2"]


def test_the_regions_are_drawn_as_the_shapes_files_polygons() -> None:
    """Each region of the map is the polygon data/shapes.json gives it (not a box),
    and each company's base is drawn on the map as a target naming the company."""
    from meeple.games.mombasa.board import BOARD
    from meeple.games.mombasa.geography import SHAPES

    root = ET.fromstring(svg_module.render_board(4))
    found = {}
    for group in root.iter(f"{SVG}g"):
        polygon = group.find(f"{SVG}polygon[@class='region']")
        if group.get("data-target") and polygon is not None:
            found[group.get("data-target")] = polygon.get("points", "").split()
    top = svg_module.MAP_TOP
    for region, ring in zip(BOARD.regions, SHAPES.rings, strict=True):
        drawn = [tuple(float(v) for v in p.split(",")) for p in found[region.name.lower()]]
        assert drawn == [(round(x), round(y + top)) for x, y in ring]
    bases = {
        g.get("data-target")
        for g in root.iter(f"{SVG}g")
        if "base" in (g.findtext(f"{SVG}title") or "")
    }
    assert bases == set(COMPANIES)
    width, height = SHAPES.frame
    assert layout.size("map") == (width, height + top)  # the part is the shapes' frame


def test_the_shapes_agree_with_the_maps_borders() -> None:
    """Neighbouring regions share a border, others do not, enclaves lie inside their
    region; a shapes file breaking that is refused when it loads."""
    import copy
    import json
    from importlib import resources

    from meeple.games.mombasa import geography
    from meeple.games.mombasa.geography import SHAPES, ShapesError

    drawn = geography.shared_borders(SHAPES.rings)
    around = geography.enclaves()
    wanted = {pair for pair in geography.map_borders() if not set(pair) & set(around)}
    assert drawn == wanted and len(wanted) == 42
    for enclave, region in around.items():
        assert all(geography.inside(p, SHAPES.rings[region]) for p in SHAPES.rings[enclave])
    raw = json.loads(
        resources.files("meeple.games.mombasa").joinpath("data/shapes.json").read_text()
    )
    broken = copy.deepcopy(raw)  # Tibesti drawn apart: it no longer touches Darfur
    broken["regions"]["Tibesti"] = [[x - 1, y] for x, y in raw["regions"]["Tibesti"]]
    with pytest.raises(ShapesError, match="must share a border"):
        geography.parse_shapes(broken)
    moved = copy.deepcopy(raw)  # Mossi pushed out of Sahel
    moved["regions"]["Mossi"] = [[x, y - 60] for x, y in raw["regions"]["Mossi"]]
    with pytest.raises(ShapesError, match=r"(enclave Mossi must lie|Mossi overlaps)"):
        geography.parse_shapes(moved)
    guessed = copy.deepcopy(raw)
    guessed["provenance"]["kind"] = "printed"
    with pytest.raises(ShapesError, match="reconstructed"):
        geography.parse_shapes(guessed)

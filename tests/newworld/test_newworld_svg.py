"""New World drawn: the reconstructed shapes of the Americas checked against the map
data (2.2 land connections, 2.22 Anchorage dots, 2.27 sea zones), the SVG's layers
and what each seat may see in it (4.1 Planning Sheets, 13.3 cash), clicks and the
last moves' targets, and the terminal text (80 columns)."""

from __future__ import annotations

import copy
import json
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest

from meeple.cli.bench import random_states
from meeple.engine.events import Event
from meeple.games.newworld import GAME
from meeple.games.newworld.board import LETTERS, load_map
from meeple.games.newworld.geography import (
    DATA,
    GeographyError,
    coast_edges,
    drawn_borders,
    geography,
    joined_zones,
    midpoint,
    parse_geography,
    sea_lines,
    seas_at,
)
from meeple.games.newworld.positions import area as area_index
from meeple.games.newworld.positions import new_state, place
from meeple.games.newworld.state import PHASE_NAMES, PLANNING, STEP_SEALED, NewWorldState, at
from meeple.games.newworld.svg import (
    FONT,
    HEIGHT,
    LINE,
    MAP_VH,
    NARROW_MAX,
    PANEL_W,
    PANEL_X,
    PHASE_TITLES,
    PHONE_MAP_SCALE,
    PHONE_MAP_W,
    PRESENTATION,
    READABLE,
    VIEW_H,
    WIDTH,
    ZOOM_WIDTH,
    _side_place,
    board_svg,
    event_areas,
    text_width,
)

WORLD = load_map()
SVG_NS = "{http://www.w3.org/2000/svg}"


def shapes_document() -> dict[str, Any]:
    return copy.deepcopy(json.loads(DATA.read_text(encoding="utf-8")))


def play_until(
    players: int, seed: int, stop: Callable[[NewWorldState], bool], limit: int = 5000
) -> NewWorldState:
    """Random play from a seeded game until ``stop`` holds (any seat that may
    decide, so simultaneous decisions come in every order)."""
    state = new_state(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if stop(state):
            return state
        assert not GAME.is_over(state), "the game ended before the position came"
        seat = rng.choice(GAME.to_act(state))
        GAME.apply_action(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    raise AssertionError("the position never came")


def some_game_reaching(players: int, stop: Callable[[NewWorldState], bool]) -> NewWorldState:
    """The first of a few seeded random games that comes to the position."""
    for seed in range(1, 40):
        try:
            return play_until(players, seed, stop, limit=20_000)
        except AssertionError:
            continue
    raise AssertionError("no seeded game came to the position")


def svg_of(state: NewWorldState, seat: int | None) -> str:
    svg = PRESENTATION.svg(GAME.view(state, seat))
    assert svg is not None
    return svg


def targets(svg: str) -> list[str]:
    return re.findall(r'data-target="([^"]+)"', svg)


# ---- the shapes against the map (2.2, 2.22, 2.27) ----


def test_shapes_share_a_border_exactly_where_the_map_connects_areas_by_land() -> None:
    """2.2: land movement only across a hexside with land across it; J-M and K-M
    (2.2's example, 8.22) are neighbours on the hex grid without a shared border."""
    drawn = {"".join(sorted(LETTERS[a] for a in pair)) for pair in drawn_borders(geography())}
    listed = {"".join(sorted((a.letter, LETTERS[b]))) for a in WORLD.areas for b in a.land}
    assert drawn == listed
    assert "JM" not in drawn and "KM" not in drawn and "DH" in drawn


def test_an_area_has_coast_exactly_when_it_has_an_anchorage_in_that_sea_zone() -> None:
    """2.22: a Coastal Area's Anchorage dot lies in an adjoining sea zone; the
    Antilles (M), with no land connection, are an island: all coast."""
    drawing = geography()
    for area in WORLD.areas:
        coast = coast_edges(drawing, area.index)
        assert bool(coast) == area.coastal, area.letter
        if area.coastal:
            zones = {z for e in coast for z in seas_at(drawing, midpoint(e))}
            assert WORLD.sea_of(area.index).key in zones, area.letter
            dot = drawing.dots[area.index]
            assert dot is not None and seas_at(drawing, dot) == [WORLD.sea_of(area.index).key]
        else:
            assert drawing.dots[area.index] is None
    m = WORLD.area("M").index
    assert len(coast_edges(drawing, m)) == len(drawing.rings[m])


def test_sea_zones_meet_along_a_line_exactly_where_the_map_joins_them() -> None:
    """2.27 and 6.3: the Atlantic runs 3-4S-5-6, Cape Horn 6-9, the Pacific 9-10-11;
    Labrador's 4N touches only 3; 3 never touches 5 and the Caribbean never the
    Pacific."""
    drawn = {"-".join(sorted(pair)) for pair in sea_lines(geography())}
    assert drawn == {"-".join(sorted(pair)) for pair in joined_zones(WORLD)}
    assert drawn == {"10-11", "10-9", "3-4N", "3-4S", "4S-5", "5-6", "6-9"}


def _split_border(doc: dict[str, Any]) -> None:
    ring = doc["areas"]["C"]["ring"]
    ring[ring.index("bcf")] = [322, 141]  # C no longer runs along B's edge


def _dot_on_land(doc: dict[str, Any]) -> None:
    doc["areas"]["A"]["anchorage_dot"] = [100, 100]  # inside Alaska


@pytest.mark.parametrize(
    ("spoil", "says"),
    [
        (lambda d: d.update(provenance="drawn by us"), "'provenance' must be an object"),
        (lambda d: d["provenance"].update(kind="printed"), "must mark it reconstructed"),
        (lambda d: d["areas"].pop("Z"), "exactly the Areas A to Z"),
        (_split_border, "connects B and C by land"),
        (lambda d: d["areas"]["D"].update(anchorage_dot=None), "D needs"),
        (lambda d: d["areas"]["B"].update(anchorage_dot=[30, 196]), "B is inland"),
        (_dot_on_land, "lies on land"),
        (lambda d: d["areas"]["C"].update(ring=["n2", "bcf"]), "3 or more distinct"),
        (lambda d: d["points"].update(a1=[-5, 104]), "outside the frame"),
        (lambda d: d["sea_zones"]["9"].update(label=[560, 870]), "9's label"),
        (lambda d: d["areas"]["K"].update(chips="up"), "one of north, east"),
    ],
)
def test_a_drawing_that_disagrees_with_the_map_is_refused(
    spoil: Callable[[dict[str, Any]], Any], says: str
) -> None:
    doc = shapes_document()
    spoil(doc)
    with pytest.raises(GeographyError, match=re.escape(says)):
        parse_geography(doc, WORLD)


def test_the_shapes_file_is_marked_reconstructed_and_loads() -> None:
    doc = shapes_document()
    assert doc["provenance"]["kind"] == "reconstructed"
    assert parse_geography(doc, WORLD) == geography()


# ---- the SVG: layers, secrecy, clicks, targets ----


def test_the_board_layer_is_one_drawing_for_every_view_in_two_arrangements() -> None:
    """The board layer depends on nothing a state holds. No text is drawn smaller
    than FONT. The viewBox is as wide as the wide screen's drawing and taller
    than either arrangement, showing the one in use from its top left; a phone's
    arrangement puts the panel under the map, within the drawing's width."""
    state = play_until(3, 5, lambda s: s.turn >= 3)
    for seat in (0, 1, None):
        assert PRESENTATION.board_layer(GAME.view(state, seat)) == board_svg()
    root = ET.fromstring(svg_of(state, 0))
    assert root.tag == f"{SVG_NS}svg"
    assert root.get("viewBox") == f"0 0 {WIDTH:.0f} {VIEW_H:.0f}"
    assert root.get("preserveAspectRatio") == "xMinYMin slice"
    sizes = [float(e.get("font-size", FONT)) for e in root.iter(f"{SVG_NS}text")]
    assert sizes and min(sizes) >= FONT
    tx, ty, scale = _side_place()
    left, right = tx + scale * PANEL_X, tx + scale * (PANEL_X + PANEL_W)
    assert left >= 0 and right <= WIDTH  # the panel across the phone, under the map
    assert ty + scale * 4 >= HEIGHT * PHONE_MAP_SCALE
    assert PHONE_MAP_SCALE * PHONE_MAP_W == WIDTH


def test_a_tablet_draws_the_map_alone_across_at_a_readable_size() -> None:
    """From the phone's breakpoint to NARROW_MAX (tablets: 768 and 1024 px) the
    map goes alone across the drawing, as on a phone, at a width whose smallest
    text is READABLE or more and whose map stands in MAP_VH of the window, never
    wider than the enlarged map; wider screens keep the map beside its panel."""
    sheet = board_svg()
    narrow = f"(max-width: {NARROW_MAX}px)"
    assert f"@media not all and {narrow}{{svg.newworld{{" in sheet  # beside the panel
    assert f"@media {narrow}{{svg.newworld{{" in sheet and "transform:scale(" in sheet
    tablet = re.findall(
        r"@media \(min-width: 761px\) and \(max-width: (\d+)px\)\{svg\.newworld\{[^}]*"
        r"width:min\(100%,max\((\d+)px,([\d.]+)vh\),(\d+)px\)!important",
        sheet,
    )
    assert len(tablet) == 1
    upto, floor, share, most = tablet[0]
    assert int(upto) == NARROW_MAX and f"{most}px" == ZOOM_WIDTH
    assert float(floor) * FONT / PHONE_MAP_W >= READABLE  # px per map unit x the smallest text
    assert float(share) * HEIGHT / PHONE_MAP_W == pytest.approx(MAP_VH, abs=0.01)


def _heights(svg: str) -> tuple[float, float]:
    """The heights the drawing's stylesheet gives the wide screen and the phone."""
    ratios = re.findall(r"aspect-ratio:(\d+)/(\d+)", svg)
    assert len(ratios) == 2 and all(float(w) == WIDTH for w, _ in ratios)
    return float(ratios[0][1]), float(ratios[1][1])


def test_the_drawing_is_tall_enough_for_its_panel_in_both_arrangements() -> None:
    """Six seats, a Fleet card being arranged, one's own Planning Sheet: the panel
    may run past the map's foot; the drawing then grows (beside the map the key
    goes under the panel) and on a phone it holds the panel and key under the map.
    The panel once ran over the key and off the drawing's foot."""
    state = some_game_reaching(6, lambda s: s.turn >= 4 and s.phase == PLANNING)
    grew = 0
    for seat in range(6):
        view = GAME.view(state, seat)
        for player in view["players"]:  # Soldiers waiting to come back on three turns
            player["replacement_box"] = {"8": 3, "9": 2, "10": 1}
        plan = view["players"][seat]["plan"]
        plan["landings"] = [
            {"area": letter, "soldiers": 1, "colonists": 2} for letter in "ABCDEFGH"[: seat + 2]
        ]
        svg = PRESENTATION.svg(view) or ""
        wide, phone = _heights(svg)
        grew += wide > HEIGHT
        root = ET.fromstring(svg)
        side = next(g for g in root.iter(f"{SVG_NS}g") if g.get("class") == "nw-side")
        panel = next(g for g in side.iter(f"{SVG_NS}g") if g.get("class") == "panel")
        legend = next(g for g in side.iter(f"{SVG_NS}g") if g.get("class") == "nw-legend")
        lowest = max(float(t.get("y", 0)) for t in panel.iter(f"{SVG_NS}text"))
        key = [float(t.get("y", 0)) for t in legend.iter(f"{SVG_NS}text")]
        assert lowest + LINE <= min(key) and max(key) < wide <= VIEW_H
        assert wide >= HEIGHT
        shift = float(re.findall(r"translateY\(([-\d.]+)px\)", svg)[0])
        _, ty, scale = _side_place()
        assert lowest + LINE <= min(key) + shift
        assert ty + scale * (max(key) + shift) < phone <= VIEW_H
    assert grew, "no panel ran past the map's foot: the test tests nothing"


def test_the_overlay_draws_areas_anchorages_contents_and_the_panel() -> None:
    state = play_until(4, 2, lambda s: s.turn >= 2)
    svg = svg_of(state, 0)
    for layer in ('class="area"', 'class="anchorage"', 'class="contents"', 'class="panel"'):
        assert layer in svg
    view = GAME.view(state, 0)
    playable = {a["letter"].lower() for a in view["areas"] if a["playable"]}
    coastal = {a.letter.lower() for a in WORLD.areas if a.coastal}
    shapes = re.findall(r'<g class="area" data-target="(\w)"', svg)
    assert sorted(shapes) == sorted(playable)
    dots = re.findall(r'<g class="anchorage" data-target="(\w)"', svg)
    assert set(dots) == playable & coastal
    assert svg.count('class="area unplayable"') == 26 - len(playable)


def test_forces_are_counted_in_their_seats_colours_on_their_area() -> None:
    """Every force: Soldiers, Colonists and Gold Bars of each seat in the Area."""
    state = new_state(3, seed=1)
    place(state, 0, "H", soldiers=3, colonists=2)
    place(state, 2, "H", soldiers=1, gold=2)
    svg = svg_of(state, None)
    contents = re.findall(r'<g class="contents" pointer-events="none">(.*?)</g>', svg)
    virginia = next(c for c in contents if "Virginia" in c)
    assert ">En 3S 2C<" in virginia and ">Sp 1S 2G<" in virginia
    assert 'fill="#c62828"' in virginia  # England's colour


def test_an_areas_tooltip_says_which_units_retreated_there_this_turn() -> None:
    """8.32: retreated Personnel neither control nor earn that turn; the table
    names them on the Area as the flipped counters show them."""
    state = new_state(3, seed=1)
    place(state, 0, "H", soldiers=3, colonists=2)
    state.retreated_soldiers[at(0, area_index("H"))] = 2
    state.retreated[at(0, area_index("H"))] = 1
    svg = svg_of(state, None)
    assert "England: 3S 2C (2 Soldiers and 1 Colonist retreated here this turn)" in svg


def _chips_on_area(svg: str, name: str) -> dict[str, list[tuple[str, str]]]:
    """The lines written on the Area whose name holds ``name``, each with the white
    tags of retreated units drawn after it (their words and outline colour)."""
    for group in ET.fromstring(svg).iter(f"{SVG_NS}g"):
        lines: dict[str, list[tuple[str, str]]] = {}
        last = ""
        for node in group:
            if node.tag == f"{SVG_NS}text":
                last = node.text or ""
                lines[last] = []
            elif node.get("class") == "retreated":
                rect = node.find(f"{SVG_NS}rect")
                outline = "" if rect is None else str(rect.get("stroke"))
                lines[last].append((node.findtext(f"{SVG_NS}text") or "", outline))
        if group.get("class") == "contents" and any(name in words for words in lines):
            return lines
    raise AssertionError(f"no Area named {name}")


def test_retreated_units_are_drawn_apart_on_a_white_tag_in_their_seats_colour() -> None:
    """8.32: retreated Personnel are "distinguished by flipping them to their white
    Prospector/Miner side": on the map the Area's chip counts the seat's other
    units in its colour and the retreated ones on a white tag outlined in that
    colour; the key says what the white tag means."""
    state = new_state(3, seed=1)
    place(state, 0, "H", soldiers=3, colonists=2)
    place(state, 2, "I", colonists=2)
    state.retreated_soldiers[at(0, area_index("H"))] = 2
    state.retreated[at(0, area_index("H"))] = 1
    state.retreated[at(2, area_index("I"))] = 2
    svg = svg_of(state, None)
    virginia = _chips_on_area(svg, "Virginia")
    # the units standing on their coloured side, then the retreated ones on a
    # white tag outlined in England's red
    assert virginia["En 1S 1C"] == [("2S 1C", "#c62828")]
    assert _chips_on_area(svg, "Mississippi")["Sp"] == [("2C", "#e0a800")]  # all retreated
    assert "white: retreated this turn (8.32)" in svg  # the key
    for seat, letter in ((0, "H"), (2, "I")):
        state.retreated_soldiers[at(seat, area_index(letter))] = 0
        state.retreated[at(seat, area_index(letter))] = 0
    virginia = _chips_on_area(svg_of(state, None), "Virginia")
    assert virginia["En 3S 2C"] == []  # nothing retreated: no white tag


def test_the_panel_titles_every_phase_and_lists_the_replacement_box_by_turn() -> None:
    """The panel names each phase in the rulebook's words (the outbound sailing
    once showed its raw name) and the Replacement Box's turns in order (8.315:
    turn 10 once came before turn 8)."""
    assert set(PHASE_NAMES) <= set(PHASE_TITLES)
    view = GAME.view(new_state(3, seed=1), 0)
    view["players"][1]["replacement_box"] = {"10": 1, "8": 3, "9": 2}
    lines = re.findall(r">([^<]+)</text>", PRESENTATION.svg(view) or "")
    assert "Replacement Box turn 8: 3, turn 9: 2, turn 10: 1" in " ".join(lines)


def test_a_planning_sheet_is_drawn_for_its_own_seat_and_no_other() -> None:
    """4.1: each player records his sheet secretly. Seat 1's drawing is the same
    whatever seat 0 wrote; seat 0 sees its own sheet and its landings ringed."""
    state = some_game_reaching(
        3, lambda s: s.phase == PLANNING and bool(s.plan_landings[0]) and s.turn >= 2
    )
    own = svg_of(state, 0)
    assert "Your Planning Sheet (secret)" in own
    letter = LETTERS[state.plan_landings[0][0]]
    assert f"land at {letter}:" in own and 'class="plan"' in own
    other = svg_of(state, 1)
    twin = state.clone()
    twin.plan_landings[0] = [(state.plan_landings[0][0] + 1) % 26, 5, 5]
    twin.plan_buy[0] = state.plan_buy[0] + 1
    assert svg_of(twin, 1) == other
    assert svg_of(twin, None) == svg_of(state, None)
    assert svg_of(twin, 0) != own


def test_cash_is_drawn_only_on_its_own_seats_panel() -> None:
    """13.3: a player's cash holdings may be kept secret until the end of play."""
    state = play_until(3, 4, lambda s: s.turn >= 2)
    twin = state.clone()
    twin.cash[0] += 37
    assert svg_of(twin, 1) == svg_of(state, 1)
    assert svg_of(twin, None) == svg_of(state, None)
    assert f"England (you): ${twin.cash[0]}" in svg_of(twin, 0)
    assert "France: cash secret" in svg_of(twin, 0)


def test_every_area_an_action_names_is_a_clickable_shape() -> None:
    """The page offers a clicked element the legal actions naming its target: every
    Area letter a legal action names is a drawn data-target."""
    rng = random.Random(3)
    state = new_state(4, seed=3)
    checked = 0
    while not GAME.is_over(state) and checked < 400:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        checked += 1
        if checked % 2:
            # Drawn every second decision: the map's drawing is most of this test's time.
            GAME.apply_action(state, seat, rng.choice(legal))
            continue
        drawn = set(targets(svg_of(state, seat)))
        for index in legal:
            words = GAME.actions[index].text.split()
            named = {w for w in words if len(w) == 1 and w in LETTERS.lower()}
            assert named <= drawn, GAME.actions[index].text
        GAME.apply_action(state, seat, rng.choice(legal))


def test_event_targets_are_drawn_areas_named_by_data_or_text() -> None:
    """The last moves glow: an event's Areas (its data's area/from/to, or an Area
    its text names as "H (Virginia)") are data-targets of the drawing."""
    state = play_until(4, 6, lambda s: GAME.is_over(s), limit=100_000)
    view = GAME.view(state, None)
    drawn = set(targets(svg_of(state, None)))
    named = [t for e in state.log for t in PRESENTATION.event_targets(view, e.to_json())]
    assert named and set(named) <= drawn
    move = {"kind": "move", "text": "x", "data": {"from": 7, "to": 10, "seat": 0, "count": 1}}
    assert event_areas(move) == ["h", "k"]
    voyage = {"kind": "voyage", "text": "England's Fleet crosses to N (Mexico): 5", "data": {}}
    assert event_areas(voyage) == ["n"]
    assert event_areas({"kind": "survival", "text": "Survival die: 6", "data": {"die": 6}}) == []


# ---- the terminal ----


def test_the_terminal_text_fits_80_columns_and_keeps_secrets() -> None:
    state = some_game_reaching(
        4, lambda s: s.phase == PLANNING and bool(s.plan_landings[1]) and s.turn >= 2
    )
    own = GAME.render_text(GAME.view(state, 1))
    other = GAME.render_text(GAME.view(state, 2))
    assert max(len(line) for line in own.splitlines()) <= 80
    assert max(len(line) for line in other.splitlines()) <= 80
    assert "your Planning Sheet" in own
    twin = state.clone()
    twin.plan_landings[1] = [(state.plan_landings[1][0] + 1) % 26, 4, 4]
    twin.cash[1] += 11
    assert GAME.render_text(GAME.view(twin, 2)) == other
    assert f"France (you): ${state.cash[1]}" in own
    assert "France: cash secret" in other
    for letter in "HKMX":
        assert re.search(rf"\b{letter}\d ", own), letter


def test_the_seat_panels_hide_others_cash_and_say_what_each_seat_is_doing() -> None:
    """13.3 cash; 4.1 a sealed sheet is only said to be sealed."""
    state = some_game_reaching(
        3,
        lambda s: (
            s.phase == PLANNING
            and s.turn >= 2
            and s.plan_step[1] == STEP_SEALED
            and s.plan_step[0] != STEP_SEALED
        ),
    )
    view = GAME.view(state, 0)
    assert PRESENTATION.panel(view, 0)["cash"] == f"${state.cash[0]}"
    assert "cash" not in PRESENTATION.panel(view, 1)
    waiting = list(GAME.to_act(state))
    assert PRESENTATION.seat_status(view, 1, waiting) == "sheet sealed"
    assert PRESENTATION.seat_status(view, 0, waiting) == "to decide"


def test_a_battle_waiting_for_a_decision_is_ringed_on_its_area() -> None:
    """8.3: while a defender chooses losses (8.314) or an attack waits, its Area is
    marked on the map and said in the panel."""
    state = some_game_reaching(4, lambda s: bool(s.losses) or bool(s.pending))
    view = GAME.view(state, None)
    pending = view["pending_losses"] or view["pending_attack"]
    svg = svg_of(state, None)
    assert svg.count('class="battle"') >= 1
    assert f"in {pending['area']}" in svg
    calm = some_game_reaching(4, lambda s: s.turn >= 2 and not s.losses and not s.pending)
    assert 'class="battle"' not in svg_of(calm, None)


def test_exclusive_landfalls_are_marked_at_their_anchorages_on_turn_one() -> None:
    """5.41: the highest bidder places his Fleet marker on his Exclusive Landfall;
    no one else lands there on Turn 1."""
    state = play_until(3, 2, lambda s: s.phase == PLANNING and s.turn == 1)
    view = GAME.view(state, None)
    svg = svg_of(state, None)
    for player in view["players"]:
        assert player["landfall"] is not None
        short = ("En", "Fr", "Sp")[player["seat"]]
        assert f">{short} Landfall<" in svg
    later = play_until(3, 2, lambda s: s.phase == PLANNING and s.turn == 2)
    assert " Landfall<" not in svg_of(later, None)


def test_political_control_is_outlined_in_the_controlling_seats_colour() -> None:
    """11.: a Political Control marker in an Area: its outline, over every border."""
    state = new_state(3, seed=1)
    state.pc[LETTERS.index("N")] = 1
    svg = svg_of(state, None)
    outlines = re.findall(
        r'<polygon class="control" points="[^"]+" fill="none" stroke="(#\w+)"', svg
    )
    assert outlines == ["#1f5fbf"]  # France's blue
    assert svg.index('class="control"') > svg.rindex('<g class="area')
    assert "PC Fr" in svg


# ---- chips at the Anchorages keep clear of what is written on the map ----------------------


def _written_boxes(svg: str) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every line written on an Area (its name, markers, forces), as a box, its
    words prefixed with the Area's group number."""
    out = []
    groups = [g for g in ET.fromstring(svg).iter(f"{SVG_NS}g") if g.get("class") == "contents"]
    for k, group in enumerate(groups):
        for text in group.iter(f"{SVG_NS}text"):
            x, y, words = float(text.get("x", 0)), float(text.get("y", 0)), text.text or ""
            half = text_width(words) / 2
            out.append((f"{k}:{words}", (x - half, y - 12, x + half, y + 3)))
    return out


def _chip_boxes(svg: str) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every chip standing at an Anchorage (Fleets, units aboard or offshore)."""
    out = []
    for group in ET.fromstring(svg).iter(f"{SVG_NS}g"):
        if group.get("class") != "anchorage":
            continue
        for chip in group.findall(f"{SVG_NS}g"):
            where = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\)", chip.get("transform", ""))
            rect = chip.find(f"{SVG_NS}rect")
            assert where is not None and rect is not None
            left, base = float(where[1]), float(where[2])
            box = (left, base - 14, left + float(rect.get("width", 0)), base + 5)
            out.append((str(group.get("data-target")), box))
    return out


def _clash(
    a: tuple[float, float, float, float], b: tuple[float, float, float, float], tolerance: float = 0
) -> bool:
    """Whether the boxes share more than ``tolerance`` each way."""
    return (
        min(a[2], b[2]) - max(a[0], b[0]) > tolerance
        and min(a[3], b[3]) - max(a[1], b[1]) > tolerance
    )


LABEL_TOLERANCE = 2.0  # units two labels' boxes may share each way (as the browser tests)


def test_anchorage_chips_round_the_gulf_cover_no_area_name() -> None:
    """Fleets and units waiting at the Anchorages of Central America and the Gulf
    (J, P, N, L, K, M) are written where no Area's name or contents lie, nor
    another Anchorage's chips: the chips of J used to fall on Central America's
    name, those of N and L on Mexico and Texas."""
    state = play_until(6, 5, lambda s: s.turn >= 3)
    for seat, letter in enumerate("PJNLK"):
        state.fleet_at[seat] = area_index(letter)
        state.fleet_ships[seat], state.fleet_soldiers[seat] = 4, 2
        state.emb_soldiers[at(seat, area_index(letter))] = 1
        state.soldiers[at(seat, area_index(letter))] = 1
        state.off_colonists[at(seat, area_index(letter))] = 2
    state.off_soldiers[at(0, area_index("M"))] = 1
    place(state, 1, "J", soldiers=1)
    svg = svg_of(state, 0)
    chips, written = _chip_boxes(svg), _written_boxes(svg)
    assert len(chips) == 16
    covered = [(dot, words) for dot, c in chips for words, w in written if _clash(c, w)]
    assert covered == []
    for k, (dot, c) in enumerate(chips):
        assert all(not _clash(c, d) for other, d in chips[k + 1 :] if other != dot)
    # nor does one Area's writing run into another's (Yucatan's forces went below
    # its name, onto Central America's)
    clashes = [
        (a, b)
        for k, (a, box) in enumerate(written)
        for b, other in written[k + 1 :]
        if a.split(":")[0] != b.split(":")[0] and _clash(box, other)
    ]
    assert clashes == []


# ---- no two labels on the map overlap, over random games at every player count ----------


def _label_boxes(svg: str) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Every text the overlay writes on the map (Areas' names, markers and forces, the
    Anchorages' letters and chips) and the sea zones' numbers and names, as the box
    its glyphs take: as wide as ``text_width`` estimates for its font size and
    weight, from its font's ascent above the baseline to its descent below (as a
    browser's text boxes: DejaVu Sans), moved by its groups' translations."""
    onmap = next(g for g in ET.fromstring(svg).iter(f"{SVG_NS}g") if g.get("class") == "nw-onmap")
    out: list[tuple[str, tuple[float, float, float, float]]] = []

    def walk(group: ET.Element, dx: float, dy: float) -> None:
        move = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\)", group.get("transform", ""))
        if move:
            dx, dy = dx + float(move[1]), dy + float(move[2])
        for child in group:
            if child.tag == f"{SVG_NS}g":
                walk(child, dx, dy)
            elif child.tag == f"{SVG_NS}text":
                size, words = float(child.get("font-size", FONT)), child.text or ""
                x, y = float(child.get("x", 0)) + dx, float(child.get("y", 0)) + dy
                wide = text_width(words, size, bold=child.get("font-weight") == "bold")
                left = x - wide / 2 if child.get("text-anchor") == "middle" else x
                out.append((words, (left, y - 0.93 * size, left + wide, y + 0.27 * size)))

    walk(onmap, 0.0, 0.0)
    # and the board layer's words on the sea (its numbers and names; not those
    # turned to run down a coast): chips stand clear of them too
    sea = next(g for g in ET.fromstring(svg).iter(f"{SVG_NS}g") if g.get("class") == "nw-map")
    flat = ET.Element("g")
    flat.extend(t for t in sea if t.tag == f"{SVG_NS}text")
    walk(flat, 0.0, 0.0)
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_no_two_labels_on_the_map_overlap_in_random_games(players: int) -> None:
    """Over views sampled from random games, no text on the map runs into another:
    "Q2 New Granada" used to overlap Central America's name, an Area's chip an
    Anchorage's letter, a Landfall chip the Caribbean Sea's number."""
    clashes = []
    for seed in (1, 2):
        states = random_states(GAME, players, seed)
        rng = random.Random(seed)
        for state in states[:: max(1, len(states) // 8)][:8]:
            boxes = _label_boxes(svg_of(state, rng.randrange(players)))
            clashes += [
                (a, b)
                for k, (a, box) in enumerate(boxes)
                for b, other in boxes[k + 1 :]
                if _clash(box, other, LABEL_TOLERANCE)
            ]
    assert clashes == []


def test_the_turns_last_battle_is_drawn_as_its_dice_beside_its_area() -> None:
    """After a battle (8.3, 8.33) its dice stand near the Area fought over, outlined
    in the attacker's colour, until the next turn begins."""
    state = some_game_reaching(4, lambda s: any(e.kind == "battle" for e in s.log[-1:]))
    view = GAME.view(state, 0)
    battle = view["last_battle"]
    assert battle is not None and battle["dice"]
    group = next(
        g
        for g in ET.fromstring(svg_of(state, 0)).iter(f"{SVG_NS}g")
        if g.get("class") == "battle-dice"
    )
    faces = [t.text for t in group.iter(f"{SVG_NS}text")]
    assert faces == [str(d) for d in battle["dice"]]
    title = group.find(f"{SVG_NS}title")
    assert title is not None and f"Last battle in {battle['area']}" in str(title.text)
    label = geography().labels[LETTERS.index(battle["area"])]
    for chip in group.findall(f"{SVG_NS}g"):
        where = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\)", chip.get("transform", ""))
        assert where is not None
        assert (
            abs(float(where[1]) - label[0] * 0.9) < 250
            and abs(float(where[2]) - label[1] * 0.9) < 250
        )
    state.log.append(Event("turn", "next turn", {"turn": state.turn + 1}))
    assert GAME.view(state, 0)["last_battle"] is None
    assert 'class="battle-dice"' not in svg_of(state, 0)

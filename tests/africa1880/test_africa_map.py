"""The drawn map of Africa 1880 (data/map.json, reconstructed) and the SVG board.

Components: "1 game board: A map of Africa divided into 32 territories. In the sea
area are six 'embassy' spaces, each bearing the name of a European country." The
shapes are reconstructed, so these tests hold them to the board data: bordering
territories share a stretch of border, others none; coastal territories, and only
they, touch the sea, in the coastline's order; the shapes tile the continent
without gaps or overlaps. The geometry here is computed independently of
``geography``'s own checks.
"""

from __future__ import annotations

import copy
import json
import math
import re
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from itertools import combinations
from typing import Any

import pytest

from meeple.ai.base import make_bot
from meeple.games.africa1880 import GAME
from meeple.games.africa1880.board import BOARD, COUNTRY_IDS
from meeple.games.africa1880.geography import (
    DATA,
    GeographyError,
    coast_outline,
    geography,
    parse_geography,
)
from meeple.games.africa1880.positions import Position
from meeple.games.africa1880.svg import COUNTRY_COLOURS, NORTH, SCALE, WEST, render_svg, xy
from meeple.games.africa1880.view import AfricaView, Relations, build_view

Point = tuple[float, float]
SVG = "{http://www.w3.org/2000/svg}"
RAW = json.loads(DATA.read_text(encoding="utf-8"))
# Actions that concern no board element; the web client offers them as text.
OFF_BOARD = {"ready", "seal orders", "revise orders", "no landing"}


def rings() -> list[tuple[Point, ...]]:
    return list(geography().rings)


def edges(ring: tuple[Point, ...]) -> list[tuple[Point, Point]]:
    return [(ring[k], ring[(k + 1) % len(ring)]) for k in range(len(ring))]


def length(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def shared_length(r1: tuple[Point, ...], r2: tuple[Point, ...]) -> float:
    """How long a border two shapes share (edges running between the same points)."""
    other = {frozenset(e) for e in edges(r2)}
    return math.fsum(length(*e) for e in edges(r1) if frozenset(e) in other)


def area(ring: tuple[Point, ...] | list[Point]) -> float:
    """The shoelace area, positive for a counter-clockwise ring."""
    following = [*ring[1:], ring[0]]
    terms = [a[0] * b[1] - b[0] * a[1] for a, b in zip(ring, following, strict=True)]
    return math.fsum(terms) / 2


def cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segments_meet_badly(p: Point, q: Point, r: Point, s: Point) -> bool:
    """Whether two segments cross, or overlap along a line, other than by sharing an
    end point (the only way two edges of a map may meet)."""
    d1, d2 = cross(r, s, p), cross(r, s, q)
    d3, d4 = cross(p, q, r), cross(p, q, s)
    if {p, q} == {r, s}:
        return False  # the same edge, seen from both sides
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True  # a proper crossing
    if d1 == d2 == 0:  # collinear: overlapping by more than an end point?
        axis = 0 if abs(q[0] - p[0]) >= abs(q[1] - p[1]) else 1
        lo1, hi1 = sorted((p[axis], q[axis]))
        lo2, hi2 = sorted((r[axis], s[axis]))
        return min(hi1, hi2) - max(lo1, lo2) > 1e-9
    touching = [x for x in (p, q) if x in (r, s)]
    if touching:
        return False
    return any(
        abs(cross(a, b, c)) < 1e-12 and _between(a, b, c)
        for a, b, c in ((r, s, p), (r, s, q), (p, q, r), (p, q, s))
    )  # an end point lying inside the other edge: a T-junction no shape records


def _between(a: Point, b: Point, c: Point) -> bool:
    return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])


def all_shapes() -> list[tuple[str, tuple[Point, ...]]]:
    shapes = [(BOARD.ids[t], r) for t, r in enumerate(rings())]
    shapes += [(lake.name, lake.ring) for lake in geography().lakes if lake.between_territories]
    return shapes


# -- the shapes against the board data ------------------------------------------------


def test_components_32_territories_each_drawn_once() -> None:
    """Components: a map of Africa divided into 32 territories."""
    assert len(rings()) == 32 == len(BOARD.ids)
    assert set(RAW["territories"]) == set(BOARD.ids)


def test_map_is_marked_reconstructed() -> None:
    assert geography().provenance.kind == "reconstructed"
    for bad in ("RECONSTRUCTED: drawn by meeple", {"kind": "reconstructed"}):
        with pytest.raises(GeographyError, match="provenance"):
            parse_geography({**RAW, "provenance": bad})


def test_bordering_territories_share_a_border_and_no_others_do() -> None:
    """2.1 explore orders go to bordering territories: on the map, exactly the pairs
    the board lists share a stretch of border (at least 1 degree long)."""
    shapes = rings()
    for t, u in combinations(range(len(shapes)), 2):
        shared = shared_length(shapes[t], shapes[u])
        if u in BOARD.borders[t]:
            assert shared >= 1.0, (BOARD.ids[t], BOARD.ids[u], shared)
        else:
            assert shared == 0, (BOARD.ids[t], BOARD.ids[u], shared)


def test_non_bordering_territories_meet_at_most_at_one_corner() -> None:
    """A point is not a border: two territories that do not border each other share
    at most one corner point (where four territories meet), never two."""
    shapes = rings()
    corners = []
    for t, u in combinations(range(len(shapes)), 2):
        if u in BOARD.borders[t]:
            continue
        common = set(shapes[t]) & set(shapes[u])
        assert len(common) <= 1, (BOARD.ids[t], BOARD.ids[u], common)
        if common:
            corners.append({BOARD.ids[t], BOARD.ids[u]})
    # The board's borders force this one meeting of four (fashoda, bangui, lake chad,
    # khartoum); Lake Turkana separates the only other four that would meet.
    assert sorted(map(sorted, corners)) == [["bangui", "khartoum"], ["fashoda", "lake chad"]]


def test_no_edges_cross_or_overlap() -> None:
    """The shapes are simple polygons that never cross one another."""
    segments = [(name, e) for name, ring in all_shapes() for e in edges(ring)]
    boxes = [
        (min(p[0], q[0]), max(p[0], q[0]), min(p[1], q[1]), max(p[1], q[1]))
        for _, (p, q) in segments
    ]
    for i, j in combinations(range(len(segments)), 2):
        a, b = boxes[i], boxes[j]
        if a[1] < b[0] or b[1] < a[0] or a[3] < b[2] or b[3] < a[2]:
            continue
        (n1, (p, q)), (n2, (r, s)) = segments[i], segments[j]
        assert not segments_meet_badly(p, q, r, s), (n1, (p, q), n2, (r, s))


def test_shapes_tile_the_continent_without_gaps() -> None:
    """The mainland territories (and Lake Turkana) cover exactly the area inside the
    coast: no gap, no overlap (with the crossing test above)."""
    geo = geography()
    outline = coast_outline(geo)
    mainland = sum(area(r) for t, r in enumerate(rings()) if not BOARD.island[t])
    lakes = sum(area(lake.ring) for lake in geo.lakes if lake.between_territories)
    assert abs(area(outline) - mainland - lakes) < 1e-6
    assert all(area(r) > 0 for r in rings())  # all drawn counter-clockwise


def test_coastal_territories_and_only_they_touch_the_sea() -> None:
    """2.2 landings go to coastal territories: each coastal territory has a stretch
    of coast (an edge no other shape shares), each landlocked one has none."""
    used = Counter(frozenset(e) for _, ring in all_shapes() for e in edges(ring))
    for t, ring in enumerate(rings()):
        coast = sum(length(*e) for e in edges(ring) if used[frozenset(e)] == 1)
        if BOARD.coastal[t]:
            assert coast >= 1.0, BOARD.ids[t]
        else:
            assert coast == 0, BOARD.ids[t]


def test_coast_runs_in_the_coastline_order() -> None:
    """Going round the continent, the coast passes the coastal territories in the
    board's coastline order, each once."""
    owner: dict[frozenset[Point], str] = {}
    for t, ring in enumerate(rings()):
        for e in edges(ring):
            owner.setdefault(frozenset(e), BOARD.ids[t])
    outline = coast_outline(geography())
    passed: list[str] = []
    for e in edges(tuple(outline)):
        name = owner[frozenset(e)]
        if not passed or passed[-1] != name:
            passed.append(name)
    if passed[0] == passed[-1]:
        passed.pop()
    expected = [BOARD.ids[t] for t in BOARD.coastline]
    start = passed.index(expected[0])
    rotated = passed[start:] + passed[:start]
    assert rotated in (expected, [expected[0], *reversed(expected[1:])])


def test_madagascar_is_an_island_apart_from_the_mainland() -> None:
    m = BOARD.index("madagascar")
    others = {p for t, r in enumerate(rings()) if t != m for p in r}
    assert not set(rings()[m]) & others
    assert min(x for x, _ in rings()[m]) > max(x for x, _ in coast_outline(geography())) - 10


def test_labels_and_scenery_lakes_inside_their_territory() -> None:
    geo = geography()
    for t, ring in enumerate(rings()):
        assert _inside(geo.labels[t], ring), BOARD.ids[t]
    for lake in geo.lakes:
        if lake.between_territories:
            continue
        homes = [t for t, ring in enumerate(rings()) if all(_inside(p, ring) for p in lake.ring)]
        assert len(homes) == 1, lake.name
        assert not _inside(geo.labels[homes[0]], lake.ring), lake.name


def _inside(point: Point, ring: tuple[Point, ...]) -> bool:
    x, y = point
    hits = 0
    for (x1, y1), (x2, y2) in edges(ring):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hits += 1
    return hits % 2 == 1


# -- the loader refuses a drawing that disagrees with the board -------------------------


def _moved_point(raw: dict[str, Any], territory: str) -> dict[str, Any]:
    """A copy where one territory's first named point is replaced by a point of its
    own slightly aside: its border with the neighbour there is broken."""
    bad = copy.deepcopy(raw)
    ring = bad["territories"][territory]["ring"]
    k = next(i for i, p in enumerate(ring) if isinstance(p, str))
    lon, lat = bad["points"][ring[k]]
    ring[k] = [lon + 0.01, lat]
    return bad


def test_loader_refuses_a_broken_border() -> None:
    with pytest.raises(GeographyError, match=r"the map disagrees|coast"):
        parse_geography(_moved_point(RAW, "tenere"))


def test_loader_refuses_a_missing_territory() -> None:
    bad = copy.deepcopy(RAW)
    del bad["territories"]["bangui"]
    with pytest.raises(GeographyError, match="missing \\['bangui'\\]"):
        parse_geography(bad)


def test_loader_refuses_a_clockwise_shape() -> None:
    bad = copy.deepcopy(RAW)
    bad["territories"]["congo"]["ring"].reverse()
    with pytest.raises(GeographyError, match="counter-clockwise"):
        parse_geography(bad)


def test_loader_refuses_a_border_the_board_does_not_list() -> None:
    """Drawing Lake Turkana away makes Fashoda touch Kenya along the lake's shore."""
    bad = copy.deepcopy(RAW)
    bad["lakes"] = [lake for lake in bad["lakes"] if lake["name"] != "Lake Turkana"]
    with pytest.raises(GeographyError, match=r"abyssinia|fashoda|kenya|lake victoria"):
        parse_geography(bad)


# -- the SVG board ---------------------------------------------------------------------


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def targets(root: ET.Element) -> dict[str, list[ET.Element]]:
    found: dict[str, list[ET.Element]] = defaultdict(list)
    for node in root.iter():
        if "data-target" in node.attrib:
            found[node.attrib["data-target"]].append(node)
    return found


def spaced(text: str) -> str:
    """The web client's matching (table.js): lowercase, ':' and ',' as spaces."""
    return " " + " ".join(re.sub(r"[:,]", " ", text.lower()).split()) + " "


def mid_game_view() -> AfricaView:
    """France and Germany share a colony and Nigeria; Britain alone on Egypt."""
    state = (
        Position("great britain, france, germany")
        .year(1895)
        .phase("writing")
        .presence("angola", 1, 2)
        .presence("nigeria", 1, 2)
        .presence("egypt", 0)
        .developed("nigeria", 2)
        .colony("angola")
        .build()
    )
    return build_view(state, 1)


def test_every_territory_is_a_clickable_shape() -> None:
    root = parse(render_svg(mid_game_view()))
    found = targets(root)
    for t, tid in enumerate(BOARD.ids):
        shapes = [p for g in found[tid] for p in g.iter(f"{SVG}polygon")]
        assert len(shapes) == 1, tid  # the one shape the client outlines
        points = shapes[0].attrib["points"].split()
        assert len(points) == len(rings()[t])


def test_a_click_in_the_middle_of_a_territory_box_lands_on_it() -> None:
    """The centre of each territory's bounding box lies inside the territory, so a
    click there (as browser automation makes) picks that territory."""
    for t, ring in enumerate(rings()):
        xs, ys = [p[0] for p in ring], [p[1] for p in ring]
        centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        assert _inside(centre, ring), BOARD.ids[t]


def test_territory_names_and_pieces_do_not_collide() -> None:
    """Each territory's name, squares and presences (a block about 5.6 px a letter
    wide, from 16 px above its label point to 32 px below) clear every other's."""
    geo = geography()
    blocks = []
    for t, name in enumerate(BOARD.names):
        x, y = xy(*geo.labels[t])
        half = (len(name) * 5.6 + 4) / 2
        blocks.append((name, x - half, x + half, y - 16, y + 32))
    for a, b in combinations(blocks, 2):
        apart = a[2] <= b[1] or b[2] <= a[1] or a[4] <= b[3] or b[4] <= a[3]
        assert apart, (a[0], b[0])


def test_embassies_and_legend_stand_in_the_sea() -> None:
    """Components: the embassy spaces are in the sea area; no part of them (or of
    the legend) covers a territory."""
    root = parse(render_svg(mid_game_view()))
    frames = [
        g.find(f"{SVG}polygon") for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "embassy"
    ]
    (legend,) = [g for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "legend"]
    box = legend.find(f"{SVG}rect")
    assert box is not None
    left, top = float(box.attrib["x"]), float(box.attrib["y"])
    right, bottom = left + float(box.attrib["width"]), top + float(box.attrib["height"])
    frames.append(
        ET.Element("polygon", points=f"{left},{top} {right},{top} {right},{bottom} {left},{bottom}")
    )
    assert len(frames) == 7  # six embassies and the legend
    for frame in frames:
        assert frame is not None
        corners = [tuple(map(float, p.split(","))) for p in frame.attrib["points"].split()]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        for i in range(6):
            for j in range(6):
                x = min(xs) + (max(xs) - min(xs)) * i / 5
                y = min(ys) + (max(ys) - min(ys)) * j / 5
                where = (x / SCALE + WEST, NORTH - y / SCALE)
                assert not any(_inside(where, ring) for ring in rings()), where


def test_six_embassy_spaces_in_the_sea() -> None:
    """Components: six embassy spaces, each bearing a European country's name; those
    of countries not in the game stay empty."""
    svg = render_svg(mid_game_view())
    root = parse(svg)
    embassies = [g for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "embassy"]
    assert [g.attrib["data-target"] for g in embassies] == list(COUNTRY_IDS)
    # Each has a polygon frame: the web client outlines a clickable one.
    assert all(len(list(g.iter(f"{SVG}polygon"))) == 1 for g in embassies)
    assert svg.count("not in this game") >= 3  # Italy, Netherlands, Belgium


def test_squares_tiles_presences_and_colony_drawn_from_the_view() -> None:
    """2.1/3.1: development tiles fill a territory's squares; presences are the
    countries' rectangular markers in their colours (Setup); 5: a colony piece."""
    view = mid_game_view()
    root = parse(render_svg(view))
    colours = [COUNTRY_COLOURS[c] for c in view["country_ids"]]
    for t, tid in enumerate(BOARD.ids):
        (pieces,) = [g for g in root.iter(f"{SVG}g") if g.attrib.get("data-territory") == tid]
        assert pieces.attrib["pointer-events"] == "none"  # clicks reach the shape
        rects = list(pieces.iter(f"{SVG}rect"))
        squares = [r for r in rects if r.attrib.get("class", "").startswith("square")]
        developed = [r for r in squares if "developed" in r.attrib["class"]]
        presences = [r.attrib["fill"] for r in rects if r.attrib.get("class") == "presence"]
        assert len(squares) == BOARD.squares[t], tid
        assert len(developed) == view["development"][t], tid
        assert presences == [colours[s] for s in view["presences"][t]], tid
        colony_piece = [p for p in pieces.iter(f"{SVG}path") if "colony-piece" in str(p.attrib)]
        assert bool(colony_piece) == bool(view["colony"][t]), tid
    angola = next(p for g in targets(root)["angola"] for p in g.iter(f"{SVG}polygon"))
    assert angola.attrib["fill"] == "url(#colony-hatch)"


def test_embassy_markers_show_their_faces() -> None:
    """3.3: each marker in an embassy is turned to the dove (alliance) or the cannon
    (war) its owner declared towards the embassy's country."""
    view = mid_game_view()
    turned: list[Relations] = [
        {"france": "war", "germany": "alliance"},
        {"great britain": "alliance", "germany": "war"},
        {"great britain": "war", "france": "war"},
    ]
    view["embassy_markers"] = turned
    root = parse(render_svg(view))
    for seat, country in enumerate(("great britain", "france", "germany")):
        (embassy,) = [g for g in targets(root)[country] if g.attrib.get("class") == "embassy"]
        markers = [g for g in embassy.iter(f"{SVG}g") if "marker" in g.attrib.get("class", "")]
        faces = [g.attrib["class"].split()[1] for g in markers]
        owners = [o for o in ("great britain", "france", "germany") if o != country]
        assert faces == [turned[seat][o] for o in owners]
        for marker, face in zip(markers, faces, strict=True):
            (use,) = marker.iter(f"{SVG}use")
            assert use.attrib["href"] == f"#face-{face}"


def test_the_map_is_said_reconstructed_once_under_the_board() -> None:
    """The table prints the game's ``reconstructed`` note under the board; the board's
    own panel does not say it a second time."""
    assert "The map is reconstructed" in GAME.reconstructed
    assert "reconstructed" not in render_svg(mid_game_view()).lower()


def test_every_board_action_reachable_by_clicking() -> None:
    """Placements, orders, explorations, landings and relations: in random games,
    every legal action other than the four with no board element is offered by
    clicking a board element whose target it names (the web client's rule)."""
    for players, seed in ((3, 1), (6, 2)):
        state = GAME.new_game(GAME.make_config(players), seed)
        bots = [make_bot("random", GAME, seed + s) for s in range(players)]
        for _ in range(400):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            legal = [a.text for a in GAME.legal(state, seat)]
            found = targets(parse(render_svg(build_view(state, seat))))
            clickable = [spaced(t) for t in found]
            for action in legal:
                if action in OFF_BOARD:
                    continue
                assert any(t in spaced(action) for t in clickable), action
            GAME.apply(state, seat, bots[seat].choose(GAME, state, seat))

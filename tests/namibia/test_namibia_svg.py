"""Namibia's web board (svg.py) and the port words of the ship actions (issue 12).

The board is clicked to choose actions: the web client (table.js) offers the
legal actions whose text names an element's ``data-target`` as a whole phrase.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from meeple.engine import UnknownAction
from meeple.games.namibia import GAME
from meeple.games.namibia.actions import port_word
from meeple.games.namibia.board import BOARD
from meeple.games.namibia.state import NamibiaState
from meeple.games.namibia.svg import render_svg
from tests.namibia.helpers import legal_texts, new_game, play
from tests.namibia.test_shipping import GERY, shipping_example_position

SVG = "{http://www.w3.org/2000/svg}"


def spaced(text: str) -> str:
    """The web client's matching: lowercase, ':' and ',' as spaces, padded."""
    return " " + " ".join(re.sub(r"[:,]", " ", text.lower()).split()) + " "


def targets(svg: str) -> dict[str, list[ET.Element]]:
    found: dict[str, list[ET.Element]] = {}
    for node in ET.fromstring(svg).iter():
        if "data-target" in node.attrib:
            found.setdefault(node.attrib["data-target"], []).append(node)
    return found


def offered(svg: str, target: str, legal: list[str]) -> list[str]:
    return [a for a in legal if spaced(target) in spaced(a)]


# -- the ports in the actions' words -----------------------------------------------------


def test_ship_actions_name_ports_as_the_map_does() -> None:
    """3. Shipping: the player selects a commodity and a port; the action writes the
    port as the board names it (without accents), not a short key."""
    words = [port_word(name) for name in BOARD.port_names]
    assert words == ["mowe bay", "walvis bay", "luderitz", "oranjemund"]
    ship = [a.text for a in GAME.actions if a.kind == "ship"]
    assert "ship gold mowe bay" in ship and "ship gold walvis bay" in ship
    assert not any(a.endswith((" mowe", " walvis")) for a in ship)


@pytest.mark.parametrize(
    "written",
    ["ship gold walvis", "ship gold Walvis Bay", "SHIP GOLD WALVIS BAY", "ship  gold walvis  bay"],
)
def test_old_and_accented_port_spellings_still_read(written: str) -> None:
    """Records written before the ports took their map names replay: the old word
    and the map's own spelling mean the same action."""
    assert GAME.parse(written).text == "ship gold walvis bay"
    assert GAME.parse("ship copper möwe bay").text == "ship copper mowe bay"
    assert GAME.parse("ship copper mowe").text == "ship copper mowe bay"
    assert GAME.parse("ship copper lüderitz").text == "ship copper luderitz"


def test_unknown_port_refused_clearly() -> None:
    with pytest.raises(UnknownAction, match="not an action of this game"):
        GAME.parse("ship gold swakopmund")


def test_old_spelling_plays_the_same_move() -> None:
    """3. Shipping: Gery ships gold through Lüderitz, written either way."""
    s = shipping_example_position()
    play(s, GERY, "ship gold lüderitz")
    assert GAME.view(s, None)["shipment"]["port"] == "Lüderitz"


# -- clicking the board while shipping -----------------------------------------------------


def test_ports_clickable_while_shipping() -> None:
    """3. Shipping: every commodity-and-port choice is offered by clicking the port."""
    s = shipping_example_position()
    view = GAME.view(s, GERY)
    svg = render_svg(view)
    legal = [a for a in legal_texts(s, GERY) if a.startswith("ship ")]
    assert legal  # Gery chooses a shipment now
    found = targets(svg)
    for port in view["ports"]:
        groups = [g for g in found.get(port["word"], []) if g.attrib.get("class") == "port"]
        assert len(groups) == 1, port["name"]
        assert groups[0].find(f"{SVG}polygon") is not None  # the client outlines it
        expected = [a for a in legal if a.endswith(" " + port["word"])]
        assert offered(svg, port["word"], legal) == expected
    for action in legal:
        assert any(spaced(t) in spaced(action) for t in found), action


def test_every_setup_and_game_action_reachable_by_clicking() -> None:
    """In a random game, every legal action that names a space, an edge or a port
    is offered by clicking that element."""
    from meeple.ai.base import make_bot

    state = new_game(3, 4)
    bot = make_bot("random", GAME, 4)
    off_board = re.compile(r"^(bid \d+|pass|buy \d+|load truck|skip truck|stop shipping)$")
    for _ in range(600):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        legal = legal_texts(state, seat)
        found = [spaced(t) for t in targets(render_svg(GAME.view(state, seat)))]
        for action in legal:
            if not off_board.match(action):
                assert any(t in spaced(action) for t in found), action
        GAME.apply(state, seat, bot.choose(GAME, state, seat))


# -- the market and the cubes ---------------------------------------------------------------


def market_rows(svg: str) -> dict[str, list[str]]:
    """Each commodity's row of the market: its texts after the name."""
    root = ET.fromstring(svg)
    (market,) = [g for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "market"]
    texts = ["".join(t.itertext()) for t in market.iter(f"{SVG}text")]
    rows = {}
    for name in ("diamond", "gold", "silver", "copper"):
        k = texts.index(name)
        rows[name] = texts[k + 1 : k + 5]
    return rows


def test_market_shows_the_oil_barrel_and_the_cubes_left() -> None:
    """3. Shipping: the supply marker (oil barrel) goes on 0 for a commodity chosen
    this round and moves up per cube shipped; none is on the index otherwise. The
    market also shows the cubes left in the general supply."""
    s = shipping_example_position()  # diamonds already chosen at Walvis Bay
    play(s, GERY, "ship gold luderitz")
    view = GAME.view(s, None)
    rows = market_rows(render_svg(view))
    assert rows["gold"] == ["11", "6", "0", str(view["supply"]["cubes"]["gold"])]
    assert rows["diamond"][2] == "0"
    assert rows["silver"][2] == "–" and rows["copper"][2] == "–"
    play(s, GERY, "load truck")  # Gery ships 1 gold cube by truck: the barrel to 1
    rows = market_rows(render_svg(GAME.view(s, None)))
    assert rows["gold"][:3] == ["11", "6", "1"]


def test_cubes_say_what_they_are_and_click_as_their_space() -> None:
    """Pointing at a space's pieces names them (the cube tooltips); clicking them is
    clicking the space."""
    s = shipping_example_position()
    svg = render_svg(GAME.view(s, None))
    found = targets(svg)
    pieces = [
        g
        for g in found["h4"]
        if g.find(f"{SVG}title") is not None
        and "transform" in g.attrib
        and g.attrib.get("class") != "truck"
    ]
    assert len(pieces) == 1
    assert (
        pieces[0].findtext(f"{SVG}title")
        == "H4: 3 gold cubes; Blue's mine (complete); by rail to Lüderitz"
    )
    # The pieces let clicks through, except the cube's and the mine's fill.
    root = ET.fromstring(svg)
    shapes = {
        n.attrib.get("id"): n for n in root.iter() if n.attrib.get("id", "").startswith("nb-")
    }
    assert shapes["nb-cube"].attrib["pointer-events"] == "visibleFill"
    assert shapes["nb-mine"].attrib["pointer-events"] == "visibleFill"
    assert [u.attrib["href"] for u in pieces[0].iter(f"{SVG}use")] == ["#nb-cube", "#nb-mine"]


# -- each port's rail network and the mines it joins (issue 30) ------------------------


def rail_networks(svg: str) -> dict[int, set[str]]:
    """Per port (board order), the rails its network's path draws, as edge names."""
    from meeple.games.namibia.svg import _rail_ends

    geometry = tuple(
        (s["label"], s["row"], s["col"], s["kind"])
        for s in GAME.view(new_game(3, 1), None)["spaces"]
    )
    # Every drawing of a rail, at any strip offset, starts at a point; match by midpoint.
    mids = {}
    for name, ends in _rail_ends(geometry).items():
        mids[(round((ends[0] + ends[2]) / 2), round((ends[1] + ends[3]) / 2))] = name
    out: dict[int, set[str]] = {}
    for path in ET.fromstring(svg).iter(f"{SVG}path"):
        if "rail-net" not in path.attrib.get("class", "") or "data-port" not in path.attrib:
            continue  # not a network's rails (the sample beside a port's name)
        drawn = out.setdefault(int(path.attrib["data-port"]), set())
        for x1, y1, x2, y2 in re.findall(
            r"M([\d.-]+),([\d.-]+)L([\d.-]+),([\d.-]+)", path.attrib["d"]
        ):
            mid = ((float(x1) + float(x2)) / 2, (float(y1) + float(y2)) / 2)
            near = min(mids, key=lambda m: abs(m[0] - mid[0]) + abs(m[1] - mid[1]))
            drawn.add(mids[near])
    return out


def sampled_states(seed: int, players: int, moves: int = 400) -> list[NamibiaState]:
    """States of a random game, every 40th decision."""
    import copy

    from meeple.ai.base import make_bot

    state = new_game(players, seed)
    bot = make_bot("random", GAME, seed)
    out = []
    for step in range(moves):
        if GAME.is_over(state):
            break
        if step % 40 == 0:
            out.append(copy.deepcopy(state))
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, bot.choose(GAME, state, seat))
    return out


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (4, 11)])
def test_each_port_draws_its_network_and_rings_the_mines_it_joins(players: int, seed: int) -> None:
    """3. Shipping: a mine ships by rail through a port whose network reaches a side
    of its space. The board draws each port's rails in that port's class, and rings a
    mine once per port it is joined to, as the engine's own link test says."""
    from meeple.games.namibia.rules.geometry import linked_to_port

    joined_twice = 0
    for state in sampled_states(seed, players):
        svg = render_svg(GAME.view(state, None))
        networks = rail_networks(svg)
        view = GAME.view(state, None)
        for port in range(len(BOARD.ports)):
            linked = linked_to_port(state, port)
            spaces = {BOARD.labels[i] for i, yes in enumerate(linked) if yes}
            ends = {end.upper() for name in networks.get(port, set()) for end in name.split("-")}
            assert ends == spaces, BOARD.port_names[port]
        rings = {
            g.attrib["data-target"]: sorted(
                int(c.attrib["data-port"])
                for c in g.iter(f"{SVG}circle")
                if "port-link" in c.attrib.get("class", "")
            )
            for g in ET.fromstring(svg).iter(f"{SVG}g")
            if "transform" in g.attrib and g.find(f"{SVG}use[@href='#nb-mine']") is not None
        }
        for s in view["spaces"]:
            if s["mine"] is None:
                continue
            expected = [
                p
                for p in range(len(BOARD.ports))
                if linked_to_port(state, p)[BOARD.space(s["label"])]
            ]
            assert rings[s["label"].lower()] == expected, s["label"]
            joined_twice += len(expected) >= 2
    assert joined_twice  # some mine shows two ports' rings


# -- the turn-order track (issue 30) ----------------------------------------------------


def track(svg: str) -> dict[int, tuple[str, str]]:
    """Per position on the turn-order track: its texts and the seat standing on it."""
    out = {}
    for g in ET.fromstring(svg).iter(f"{SVG}g"):
        if g.attrib.get("class") == "track-position":
            words = " ".join("".join(t.itertext()) for t in g.iter(f"{SVG}text"))
            out[int(g.attrib["data-position"])] = (words, g.attrib["data-seat"])
    return out


@pytest.mark.parametrize("players", [3, 4])
def test_turn_order_track_shows_each_position_and_the_seats_on_it(players: int) -> None:
    """1. Bribe Colonial Officials: each position costs reputation and gives rails (the
    rules' table); the last costs nothing, starts two mines and prospects twice. The
    seats stand on the track in the player order; during the auction the passers
    take the last free positions."""
    from meeple.games.namibia.rules.auction import POSITION_COSTS

    state = new_game(players, 3)
    from meeple.ai.base import make_bot

    bot = make_bot("random", GAME, 3)
    while GAME.view(state, None)["auction"] is None:
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, bot.choose(GAME, state, seat))
    view = GAME.view(state, None)
    shown = track(render_svg(view))
    table = POSITION_COSTS[players]
    assert sorted(shown) == list(range(1, players + 1))
    for position, (lost, rails) in enumerate(table[:-1], start=1):
        assert f"−{lost} rep" in shown[position][0] and f"+{rails} rail" in shown[position][0]
    assert shown[players][0] == f"{players} no cost 2 mines 2 prospects"
    assert all(seat == "" for _, seat in shown.values())  # nobody has passed yet
    first = GAME.to_act(state)[0]
    play(state, first, "pass")
    shown = track(render_svg(GAME.view(state, None)))
    assert shown[players][1] == str(first)
    while GAME.view(state, None)["auction"] is not None:
        seat = GAME.to_act(state)[0]
        play(state, seat, "pass")
    view = GAME.view(state, None)
    shown = track(render_svg(view))
    assert [shown[k + 1][1] for k in range(players)] == [str(s) for s in view["order"]]


def test_legend_explains_every_symbol_of_the_board() -> None:
    """The legend names every kind of space and piece the board draws, and shows
    each port's rails with the very colour and dash its network is drawn in."""
    from meeple.games.namibia.svg import PORT_COLOURS, PORT_DASHES, legend

    entries = legend()
    meanings = " ".join(e["meaning"] for e in entries)
    for words in ("grey possible-expansion", "Etosha", "abandoned", "truck", "turn-order track"):
        assert words in meanings, words
    assert "completed mine" in meanings and "under construction" in meanings
    for port, name in enumerate(BOARD.port_names):
        (entry,) = [e for e in entries if e["meaning"].startswith(f"rails of {name}'s")]
        assert PORT_COLOURS[port] in entry["symbol"]
        assert f'stroke-dasharray="{PORT_DASHES[port]}"' in entry["symbol"]
    assert len(set(PORT_COLOURS)) == len(set(PORT_DASHES)) == len(BOARD.ports)


def test_mine_heads_and_trucks_are_a_finger_wide_on_the_enlarged_board() -> None:
    """The enlarged board (its data-zoom width) shows a mine head and a truck's
    pointer area 28 px or more across, and its text at 11 px or more."""
    from meeple.games.namibia.svg import MINE_R, SMALLEST_FONT, TRUCK_HIT

    state = sampled_states(7, 4, 200)[-1]
    svg = render_svg(GAME.view(state, None))
    root = ET.fromstring(svg)
    scale = float(root.attrib["data-zoom"].removesuffix("px")) / float(
        root.attrib["viewBox"].split()[2]
    )
    assert (2 * MINE_R + 2.5) * scale >= 28
    hit = ET.fromstring(TRUCK_HIT.replace("<rect", f'<rect xmlns="{SVG[1:-1]}"'))
    assert float(hit.attrib["width"]) * scale >= 28 and float(hit.attrib["height"]) * scale >= 28
    assert TRUCK_HIT in svg or not any(p["truck"] for p in GAME.view(state, None)["players"])
    sizes = [float(n.attrib["font-size"]) for n in root.iter() if "font-size" in n.attrib]
    assert min(sizes) >= SMALLEST_FONT and SMALLEST_FONT * scale >= 11

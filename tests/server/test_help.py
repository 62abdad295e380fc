"""Rules at hand: each game's "how to play" page, the explanation of every phase,
the legend of every symbol, tooltips on the board's elements, and the rule links.

One seeded random game per game (``walk``) feeds every check: at every step the
explanation of the view of the seat to act; at sampled steps the drawn board's
symbol classes and its pointable elements' tooltips, and the rule an illegal action
is refused with.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple.engine import IllegalAction, MeepleError, get_game
from meeple.server import helpdoc
from meeple.server.app import create_app
from meeple.server.routes.help import game_help

GAMES = ("namibia", "africa1880", "mombasa", "newworld")
SVG = "{http://www.w3.org/2000/svg}"
# Classes of containers and layouts, which are no symbol a player reads.
CONTAINERS = {
    "namibia": {"board", "namibia", "overlay", "pieces", "market"},
    "africa1880": {"board", "africa1880", "overlay", "pieces", "legend"},
    "mombasa": {"board", "mombasa", "overlay", "header"},
    "newworld": {"board", "newworld", "overlay", "contents", "panel"},
}
CONTAINER_PREFIXES = ("part-", "seat-", "nw-", "af-", "nb-")
PLAYERS = {"namibia": 3, "africa1880": 4, "mombasa": 3, "newworld": 3}


@dataclass
class Walk:
    """What one seeded random game showed (see the module's docstring)."""

    phases: dict[str, dict[str, Any] | None] = field(default_factory=dict)
    drawn_classes: set[str] = field(default_factory=set)
    untitled: list[str] = field(default_factory=list)
    rules: set[str] = field(default_factory=set)
    legend: list[dict[str, str]] = field(default_factory=list)
    explained: list[dict[str, Any]] = field(default_factory=list)


def _classes(svg: str) -> set[str]:
    """The class words of a drawing's elements; a layout's layers (Mombasa's "layer
    books part part-books") are left out."""
    attrs = [a for a in re.findall(r'class="([^"]*)"', svg) if not a.startswith("layer ")]
    words = {w for attr in attrs for w in attr.split()}
    return {w for w in words if not w.startswith(CONTAINER_PREFIXES)}


def _untitled(svg: str) -> list[str]:
    """The pointable elements (``data-target``/``data-action``) with no <title> child."""
    root = ET.fromstring(svg)
    out = []
    for node in root.iter():
        target = node.get("data-target") or node.get("data-action")
        if target is not None and node.find(f"{SVG}title") is None:
            out.append(f"{node.tag.removeprefix(SVG)} {target}")
    return out


@cache
def walk(name: str) -> Walk:
    game = get_game(name)
    presentation = game.presentation()
    rng = random.Random(7)
    state = game.new_game(game.make_config(PLAYERS[name]), 7)
    size = len(game.actions)
    seen = Walk()
    view0 = game.view(state, None)
    seen.legend = presentation.legend(view0)
    board = presentation.board_layer(view0)
    step = 0
    met: dict[str, int] = {}
    while not game.is_over(state) and step < 4000:
        seat = game.to_act(state)[0]
        view = game.view(state, seat)
        phase = str(view.get("phase"))
        explained = presentation.explain(view)
        if phase not in seen.phases or explained is None:
            seen.phases[phase] = explained
        if explained is not None and step % 7 == 0:
            seen.explained.append(explained)
        legal = game.legal_actions(state, seat)
        met[phase] = met.get(phase, 0) + 1
        if step % 25 == 0:
            drawn = presentation.svg(view) or ""
            seen.drawn_classes |= _classes(drawn)
            seen.untitled += _untitled(drawn)
        if met[phase] <= 30 or step % 10 == 0:
            # Refusals, most often where a phase is new: the rules they name.
            for _ in range(4):
                index = rng.randrange(size)
                if index in legal:
                    continue
                try:
                    game.check(state, seat, game.to_action(index))
                except IllegalAction as refusal:
                    seen.rules.add(refusal.rule)
                except MeepleError:
                    pass
        game.apply(state, seat, rng.choice(legal))
        step += 1
    assert board is None or board.startswith("<svg")
    return seen


@pytest.mark.parametrize("name", GAMES)
def test_every_phase_reached_has_an_explanation_with_anchors_of_the_help_page(
    name: str,
) -> None:
    seen = walk(name)
    assert len(seen.phases) >= 3, seen.phases
    missing = [phase for phase, words in seen.phases.items() if not words or not words["phase"]]
    assert not missing, f"{name}: phases without an explanation: {missing}"
    anchors = {anchor for anchor, _ in game_help(name).anchors}
    for words in [*seen.phases.values(), *seen.explained]:
        assert words is not None and words["rules"], words
        assert set(words["rules"]) <= anchors, (words["rules"], sorted(anchors))
    # Some decision of every game is explained beyond its phase.
    assert any(words["decision"] for words in seen.explained), name


@pytest.mark.parametrize("name", GAMES)
def test_the_legend_names_every_symbol_class_the_board_draws(name: str) -> None:
    seen = walk(name)
    legend_classes = set().union(*(_classes(entry["symbol"]) for entry in seen.legend))
    drawn = seen.drawn_classes - CONTAINERS[name]
    assert drawn, "the walk drew no symbol"
    assert drawn <= legend_classes, (
        f"{name}: drawn without a legend entry: {drawn - legend_classes}"
    )
    for entry in seen.legend:
        assert entry["meaning"].strip() and entry["symbol"].startswith("<svg")
        assert 'href="#' not in entry["symbol"], "a symbol must not use the board's <defs>"
        ET.fromstring(entry["symbol"])  # well-formed, self-contained


@pytest.mark.parametrize("name", GAMES)
def test_every_pointable_board_element_has_a_tooltip(name: str) -> None:
    seen = walk(name)
    assert not seen.untitled, f"{name}: no <title>: {sorted(set(seen.untitled))[:10]}"


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_a_refusal_names_has_a_section_of_the_help_page(name: str) -> None:
    seen = walk(name)
    doc = game_help(name)
    anchors = {anchor for anchor, _ in doc.anchors}
    assert seen.rules, "the walk met no refusal"
    for rule in seen.rules:
        assert rule in doc.rules, f"{name}: {rule!r} is not mapped in help.md"
        assert doc.anchor_for(rule) in anchors
    # Every mapping points at a section that exists.
    assert set(doc.rules.values()) <= anchors


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("help") / "help.db"
    with TestClient(create_app(f"sqlite:///{db}")) as test_client:
        yield test_client


@pytest.mark.parametrize("name", GAMES)
def test_each_games_help_page_renders_with_its_sections_and_symbols(
    client: TestClient, name: str
) -> None:
    r = client.get(f"/games/{name}/help")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    page = r.text
    assert '<link rel="stylesheet" href="/static/style.css">' in page
    for anchor in ("about", "scoring", "symbols", "readings"):
        assert f'id="{anchor}"' in page and f'href="#{anchor}"' in page
    assert page.count('<span class="symbol"><svg') >= 5
    assert "{legend}" not in page and "]: #" not in page  # no raw directive left


def test_a_rule_link_leads_to_its_section_and_an_unknown_game_is_refused(
    client: TestClient,
) -> None:
    r = client.get(
        "/games/africa1880/help/rule",
        params={"rule": "2.2) The Landing Order"},
        follow_redirects=False,
    )
    assert r.status_code == 307 and r.headers["location"] == "/games/africa1880/help#landing"
    # A rule the page does not name: the longest section number that contains it.
    r = client.get(
        "/games/newworld/help/rule", params={"rule": "8.33.1 Natives"}, follow_redirects=False
    )
    assert r.headers["location"] == "/games/newworld/help#combat"
    r = client.get("/games/namibia/help/rule", params={"rule": "nothing"}, follow_redirects=False)
    assert r.headers["location"] == "/games/namibia/help"
    assert client.get("/games/chess/help").status_code == 404


def test_the_renderer_escapes_everything_and_allows_only_its_subset() -> None:
    text = "\n".join(
        [
            "# Title <b>",
            "## A <i>section</i> {#sec}",
            'Text <script>alert("x")</script> & *soft* **loud** [ok](/games/x/help#a)',
            '[bad](javascript:alert(1)) [worse](//evil.example/) [q](/a"onmouseover=x)',
            "- item <img src=x onerror=alert(1)>",
            "1. first",
            "[2.1) A rule]: #sec",
        ]
    )
    doc = helpdoc.render_help(text)
    tags = set(re.findall(r"</?([a-z0-9]+)", doc.html))
    assert tags <= {"h1", "h2", "p", "em", "strong", "a", "ul", "ol", "li"}, tags
    assert "<script" not in doc.html and "&lt;script&gt;" in doc.html
    assert "&lt;img src=x onerror=alert(1)&gt;" in doc.html
    assert 'href="javascript' not in doc.html and 'href="//' not in doc.html
    assert '" onmouseover' not in doc.html.replace("&quot;", "")
    assert '<a href="/games/x/help#a">ok</a>' in doc.html
    assert "<em>soft</em>" in doc.html and "<strong>loud</strong>" in doc.html
    assert doc.title == "Title <b>" and ("sec", "A <i>section</i>") in doc.anchors
    assert doc.rules == {"2.1) A rule": "sec"} and "A rule" not in doc.html


def test_a_game_without_a_help_file_gets_a_page_from_its_metadata(client: TestClient) -> None:
    game = get_game("goofspiel")
    assert helpdoc.help_source(game) is None
    page = client.get("/games/goofspiel/help").text
    assert game.title in page and 'id="about"' in page and "players" in page


def test_the_snapshot_carries_the_explanation_and_the_legend_once(client: TestClient) -> None:
    body = {"game": "namibia", "players": 3, "seats": ["human", "random", "random"], "seed": 3}
    made = client.post("/api/tables", json=body).json()
    token = made["tokens"]["0"] if isinstance(made["tokens"], dict) else made["tokens"][0]
    snap = client.get(f"/api/tables/{made['id']}", params={"token": token, "svg": 1}).json()
    assert snap["explain"]["phase"].startswith("Getting started")
    assert snap["explain"]["rules"] == ["setup"]
    assert len(snap["legend"]) >= 10
    with client.websocket_connect(f"/api/tables/{made['id']}/ws?token={token}&svg=1") as ws:
        first = ws.receive_json()
        assert first["legend"] and first["board_svg"] and first["explain"]
        ws.send_json({"type": "action", "action": first["legal"][0], "version": first["version"]})
        for _ in range(5):
            message = ws.receive_json()
            if message.get("type") == "state":
                # The legend came with the board layer; later states carry neither.
                assert "legend" not in message and "board_svg" not in message
                break

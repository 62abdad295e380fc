"""Rules at hand in the browser, per game at 1280 and 390 px: the explanation line
above the choices, the legend fold beside the board, a refusal's rule linking to
the help page's section, and the header's "how to play" link opening the page.

Screenshots: screenshots/help-<game>-<width>.png (table, legend open) and
help-page-<game>-<width>.png (the help page the link opened).
"""

from __future__ import annotations

import pytest

from meeple.engine import get_game
from tests.server.server_support import SHOTS, WIDTHS, Pages, Server, new_table

GAMES = ("namibia", "africa1880", "mombasa", "newworld")


def an_illegal_text(game: str, legal: list[str]) -> str:
    """An action of the game's space, of a kind now legal, that is not legal now: the
    server refuses it naming a rule."""
    space = get_game(game).actions
    kinds = {space.parse(text).kind for text in legal}
    texts = [a.text for a in space if a.text not in legal]
    return next((t for t in texts if space.parse(t).kind in kinds), texts[0])


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_are_at_hand_on_the_table(
    server: Server, pages: Pages, game: str, width: int
) -> None:
    n = get_game(game).min_players
    made = new_table(server, game, [{"kind": "human", "name": "Ann"}] + ["random"] * (n - 1))
    page = pages(width)
    page.page.goto(server.base + made["links"]["0"])
    snap = page.drawn_state("window.meeple.state.legal.length > 0")
    line = page.page.locator("#explain")
    line.wait_for(state="visible")
    assert snap["explain"]["phase"] in line.inner_text()
    assert (
        line.locator("a")
        .first.get_attribute("href", timeout=2000)
        .startswith(f"/games/{game}/help#")
    )
    # The legend fold: closed at first, every symbol listed once opened.
    fold = page.page.locator("#legend")
    assert fold.get_attribute("open") is None
    fold.locator("summary").click()
    legend = server.http.get(f"/api/tables/{made['id']}", params={"svg": 1}).json()["legend"]
    assert fold.locator("li").count() == len(legend) >= 5
    assert fold.locator("li svg").first.is_visible()
    # A refusal names its rule as a link to the help page's section on it.
    page.evaluate("(text) => window.meeple.play(text)", an_illegal_text(game, snap["legal"]))
    rule = page.page.locator("#error a.rulelink")
    rule.wait_for(state="attached", timeout=5000)
    assert rule.get_attribute("href").startswith(f"/games/{game}/help/rule?rule=")
    page.page.evaluate("() => window.scrollTo(0, 0)")
    SHOTS.mkdir(exist_ok=True)
    page.page.screenshot(path=str(SHOTS / f"help-{game}-{width}.png"))
    # The header's link opens the game's page in a new tab.
    with page.context.expect_page() as opened:
        page.page.locator("header a#howto").click()
    help_page = opened.value
    help_page.wait_for_load_state()
    assert help_page.url.endswith(f"/games/{game}/help")
    assert help_page.locator("h1").inner_text().startswith("How to play")
    assert help_page.locator("#symbols").is_visible()
    overflow = help_page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"the help page scrolls sideways by {overflow} px"
    help_page.screenshot(path=str(SHOTS / f"help-page-{game}-{width}.png"))
    assert not page.errors, page.errors

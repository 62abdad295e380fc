"""A person's pages about chance (docs/server.md, "Chance"): the lobby's form says
when a seed may be chosen, and a seat of an analysis table is taken agreeing to its
open seed, which the table then names."""

from __future__ import annotations

from tests.server.server_support import Pages, Server


def test_a_person_takes_an_analysis_seat_agreeing_to_its_open_seed(
    server: Server, pages: Pages
) -> None:
    body = {
        "game": "goofspiel",
        "players": 2,
        "seats": [{"kind": "human", "name": "Ann"}, "human"],
        "seed": 42,
        "analysis": True,
    }
    made = server.http.post("/api/tables", json=body).json()
    view = pages(1280, 800)
    page = view.page
    page.goto(server.base + "/")
    note = page.locator("#seednote").inner_text()
    assert "only for a table of bots alone, or for an analysis table" in note
    take = page.locator(f"button.take[data-table='{made['id']}']")
    take.wait_for()
    assert "analysis table, seed 42 open to all" in page.locator("#open").inner_text()
    asked: list[str] = []

    def agree(dialog: object) -> None:
        asked.append(dialog.message)  # type: ignore[attr-defined]
        dialog.accept()  # type: ignore[attr-defined]

    page.once("dialog", agree)
    take.click()
    page.wait_for_url("**/t/**")
    assert asked and "foresee its dice and draws" in asked[0]
    notice = page.locator("#analysis")
    notice.wait_for()
    page.wait_for_function("() => !document.querySelector('#analysis').hidden")
    assert "seed (42) is shown to everyone" in notice.inner_text()
    assert "still free" not in notice.inner_text(), "both seats are taken: play begins"
    view.shot("analysis-table")
    assert not view.errors, view.errors

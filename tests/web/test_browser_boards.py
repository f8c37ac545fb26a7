"""The seeds' boards in Chromium: seed 002's ○× board step by step, seed 001's successor sets."""

from __future__ import annotations

from typing import Any

import pytest

from web.browser import shoot, sideways


def marks(page: Any) -> dict[str, str]:
    """The marks on the board now: cell → ○ or × (cells not yet marked are left out)."""
    found: dict[str, str] = page.eval_on_selector_all(
        "#oxboard .cell-button",
        "(cells) => Object.fromEntries(cells.filter((c) => c.textContent)"
        ".map((c) => [c.dataset.cell, c.textContent]))",
    )
    return found


def test_build_the_wythoff_board_cell_by_cell(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.locator("#family-wythoff a.steps").click()
    page.wait_for_url("**/board?game=wythoff**")
    assert marks(page) == {}  # an empty sheet of paper
    assert page.locator("#step-back").is_disabled()
    page.click("#step-forward")
    assert marks(page) == {"0,0": "○"}
    assert "no move is possible" in page.locator("#step-text").inner_text()
    page.click("#step-forward")
    assert marks(page) == {"0,0": "○", "0,1": "×"}
    assert "(0,1) can move to the ○ cell (0,0)" in page.locator("#step-text").inner_text()
    page.click("#step-back")
    assert marks(page) == {"0,0": "○"}
    # Click the seed's example cell: the board is shown up to the step that marks it.
    page.locator('#oxboard [data-cell="4,6"]').click()
    text = page.locator("#step-text").inner_text()
    assert "(4,6) can move to the ○ cell (3,5)" in text
    shown = marks(page)
    assert shown["4,6"] == "×" and shown["3,5"] == "○" and "4,7" not in shown
    assert page.locator('#oxboard [data-cell="3,5"]').get_attribute("class").count("via") == 1
    shoot(page, "board-wythoff-steps")
    page.locator('#oxboard [data-cell="1,2"]').click()
    assert "lowest-left cell without a mark" in page.locator("#step-text").inner_text()
    page.click("#step-last")
    finished = marks(page)
    assert len(finished) == 100
    p_cells = sorted(cell for cell, mark in finished.items() if mark == "○")
    assert p_cells == ["0,0", "1,2", "2,1", "3,5", "4,7", "5,3", "7,4"]  # seed 002
    assert page.locator("#step-forward").is_disabled()


def current_step_in_view(page: Any) -> bool:
    """Is the current step of the step list inside the list's visible box?"""
    return bool(
        page.evaluate(
            """() => {
                const list = document.querySelector('#step-list').getBoundingClientRect();
                const li = document.querySelector('#step-list li.current').getBoundingClientRect();
                return li.top >= list.top - 1 && li.bottom <= list.bottom + 1;
            }"""
        )
    )


@pytest.mark.parametrize("cell", ["4,6", "9,8", "1,2"])
def test_the_step_list_follows_the_current_step(page: Any, server: str, cell: str) -> None:
    page.goto(server + "/board?game=wythoff&size=10")
    page.locator(f'#oxboard [data-cell="{cell}"]').click()
    assert current_step_in_view(page)
    page.click("#step-back")
    assert current_step_in_view(page)


def test_play_the_board_at_a_chosen_speed(page: Any, server: str) -> None:
    page.goto(server + "/board?game=wythoff&size=5")
    page.select_option("#step-speed", "fast")
    page.click("#step-play")
    assert page.locator("#step-play").get_attribute("aria-pressed") == "true"
    page.wait_for_function("() => document.querySelector('#step-count').textContent === '25 / 25'")
    assert page.locator("#step-play").get_attribute("aria-pressed") == "false"
    assert len(marks(page)) == 25
    page.keyboard.press("ArrowLeft")  # the keyboard steps too
    assert len(marks(page)) == 24


def test_the_board_in_japanese_on_a_phone(phone: Any, server: str) -> None:
    phone.goto(server + "/board?game=wythoff&size=10&lang=ja")
    assert phone.locator("h1").inner_text().startswith("○× 表を1マスずつ作る")
    phone.locator('#oxboard [data-cell="5,9"]').click()
    text = phone.locator("#step-text").inner_text()
    assert "(5,9) からは1手で ○ のマス" in text and "先手勝ち" in text
    assert sideways(phone) == []
    assert current_step_in_view(phone)
    shoot(phone, "board-wythoff-steps-ja-390px")


def test_successors_as_seed_001_draws_them(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.locator("#family-delete-nim a.successors").click()
    page.wait_for_url("**/successors?game=delete-nim**")
    board = page.locator("#succ-this")
    assert board.locator("td.here").count() == 2  # ⟨6, 8⟩ and ⟨8, 6⟩
    reached = sorted(board.locator("td.to").evaluate_all("(c) => c.map((x) => x.dataset.cell)"))
    assert len(reached) == 12 and "1,7" in reached and "7,1" in reached and "5,7" not in reached
    tables = page.locator("#seed-tables figure")
    assert tables.count() == 4
    assert "Table 2: Wythoff" in tables.nth(1).inner_text()
    assert page.locator("#table-2 td.to").count() > page.locator("#table-1 td.to").count()
    assert sideways(page) == []
    shoot(page, "successors-delete-nim")
    # Move the coin: ⟨6, 8⟩ → ⟨3, 5⟩, and the board follows.
    board.locator('td.to[data-cell="3,5"] a').click()
    page.wait_for_url("**position=3%2C5**")
    assert page.locator("#succ-this td.here").count() == 2
    assert "⟨3,5⟩" in page.locator("#successors h2").inner_text()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_successors_on_a_phone(phone: Any, server: str, lang: str) -> None:
    phone.goto(server + f"/successors?game=split-delete-nim:single&position=6,8&lang={lang}")
    assert phone.locator("#succ-list li").count() == 18
    assert sideways(phone) == []
    if lang == "ja":
        assert "表4" in phone.locator("#seed-tables").inner_text()
        shoot(phone, "successors-split-delete-ja-390px")


def test_successors_of_more_heaps_are_listed(page: Any, server: str) -> None:
    page.goto(server + "/successors?game=split-delete-nim:half&position=3,4,5,6")
    assert page.locator("#succ-this").count() == 0  # no board for four heaps
    assert page.locator("#succ-list li").count() > 0
    assert page.locator("#seed-tables").count() == 0


def test_the_game_pages_link_to_the_boards(page: Any, server: str) -> None:
    page.goto(server + "/game?game=wythoff&position=4,6")
    page.click("#steps-link")
    page.wait_for_url("**/board?game=wythoff**")
    page.goto(server + "/game?game=split-delete-nim:single&position=6,8")
    page.click("#succ-link")
    page.wait_for_url("**/successors?game=split-delete-nim**")
    assert page.locator("#succ-position").input_value() == "6,8"


def test_the_keyboard_keeps_its_focus_at_either_end_of_the_steps(page: Any, server: str) -> None:
    """Enter on ▶| disabled the focused button and the focus fell to <body> (web audit)."""
    page.goto(server + "/board?game=wythoff&size=4")
    page.focus("#step-last")
    page.keyboard.press("Enter")
    assert page.locator("#step-last").is_disabled()
    assert page.evaluate("document.activeElement.id") == "step-first"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "step-last"
    page.focus("#step-forward")
    for _ in range(17):
        page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "step-back"


def test_a_game_page_lets_the_keyboard_skip_the_figures_cells(page: Any, server: str) -> None:
    """Every cell of the board and heatmap is a link: 512 tab stops on wythoff 4,7, with no
    way past them (web audit). A skip link leads to the size field."""
    page.goto(server + "/game?game=wythoff&position=4,7&lang=ja")
    skip = page.locator("#two-heaps a.skip")
    skip.focus()
    assert skip.is_visible()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "two-size"
    labels = page.eval_on_selector_all("svg.figure", "(s) => s.map((x) => x.ariaLabel)")
    assert labels and all(not label.isascii() for label in labels)  # in the page's language

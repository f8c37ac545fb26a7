"""The play page in Chromium: what it says and what clicking does, exactly.

Each test reproduces a finding of the web audit of 2026-12 in headless Chromium: a
take-away limit rounded to a double, a Kayles selection that could not be cleared,
moves that could not be composed by clicking, the server's reasons hidden behind a
generic refusal, undo offered with nothing to undo, Enter ignored in the big-heap box
and an empty start position.
"""

from __future__ import annotations

from typing import Any

from web.browser import expect_console, start_from_the_form, wait_for_turn


def test_the_take_away_limit_keeps_every_digit(page: Any, server: str) -> None:
    # before: "You may take at most 9007199254740992 now" (a JSON number, 53 bits)
    page.goto(server + "/play?game=fibonacci-nim&position=9007199254740995/9007199254740993")
    assert wait_for_turn(page) == "Your move."
    assert "at most 9007199254740993 now" in page.locator("#heaps").inner_text()
    start = "123456789012345678901234567890"
    page.goto(server + f"/play?game=fibonacci-nim&position={start}&level=random")
    assert wait_for_turn(page) == "Your move."
    said = page.locator("#heaps").inner_text()
    assert "at most 123456789012345678901234567889 now" in said and "e+" not in said
    page.goto(server + f"/play?game=fibonacci-nim&position={start}&level=random&lang=ja")
    assert wait_for_turn(page) == "あなたの番です。"
    said = page.locator("#heaps").inner_text()
    assert "今は 123456789012345678901234567889 個まで取れます" in said


def selected(page: Any) -> list[str]:
    found: list[str] = page.locator("#heaps .stone.selected").evaluate_all(
        "(s) => s.map((x) => x.dataset.stone)"
    )
    return found


def test_a_kayles_selection_shrinks_and_clears(page: Any, server: str) -> None:
    # before: clicks only widened the run; stones 1–6 stayed selected whatever one did
    page.goto(server + "/play?game=kayles&position=9")
    assert wait_for_turn(page) == "Your move."
    stones = page.locator("#heaps .stone")
    stones.nth(0).click()
    stones.nth(5).click()
    assert selected(page) == ["0", "1", "2", "3", "4", "5"]
    stones.nth(5).click()  # a selected end stone: the run shrinks by it
    stones.nth(0).click()
    assert selected(page) == ["1", "2", "3", "4"]
    stones.nth(2).click()  # a selected stone in the middle: nothing is selected
    assert selected(page) == []
    stones.nth(3).click()
    stones.nth(3).click()  # the only selected stone, clicked again
    assert selected(page) == []
    stones.nth(3).click()
    stones.nth(4).click()
    page.keyboard.press("Escape")
    assert selected(page) == []
    stones.nth(3).click()
    page.click("#clear-selection")
    assert selected(page) == []
    assert page.locator("#clear-selection").count() == 0  # shown only with a selection
    page.goto(server + "/play?game=kayles&position=9&lang=ja")
    wait_for_turn(page)
    page.locator("#heaps .stone").nth(3).click()
    assert page.locator("#clear-selection").inner_text() == "選択を取り消す"


def test_a_split_being_composed_clears_with_escape(page: Any, server: str) -> None:
    page.goto(server + "/play?game=split-delete-nim:single&position=7,10&first=you")
    wait_for_turn(page)
    page.locator('#heaps .heap[data-heap="1"] .gap[data-gap="3"]').click()
    assert page.locator("#heaps .gap.cut").count() == 1
    page.keyboard.press("Escape")
    assert page.locator("#heaps .gap.cut").count() == 0
    page.locator('#heaps .heap[data-heap="0"] .label').click()
    page.click("#clear-selection")
    assert page.locator("#heaps .heap.deleting").count() == 0


def test_all_but_one_cuts_the_last_heap_in_several_places(page: Any, server: str) -> None:
    # before: one cut per heap, so ⟨2, 3, 6⟩ → ⟨2, 2, 2⟩ (6 cut twice) could not be clicked
    page.goto(server + "/play?game=delete-nim:all-but-one&position=2,3,6&first=you")
    assert wait_for_turn(page) == "Your move."
    page.locator('#heaps .heap[data-heap="0"] .label').click()
    page.locator('#heaps .heap[data-heap="1"] .label').click()
    page.locator('#heaps .heap[data-heap="2"] .gap[data-gap="2"]').click()
    page.locator('#heaps .heap[data-heap="2"] .gap[data-gap="4"]').click()
    assert page.locator("#heaps .gap.cut").count() == 2
    page.click("#compose-play")
    wait_for_turn(page)
    assert page.locator("#log li").nth(1).inner_text().endswith("→ 2,2,2")


def test_a_single_cut_still_moves_where_one_cut_is_the_rule(page: Any, server: str) -> None:
    page.goto(server + "/play?game=split-delete-nim:single&position=7,10&first=you")
    wait_for_turn(page)
    page.locator('#heaps .heap[data-heap="1"] .gap[data-gap="3"]').click()
    page.locator('#heaps .heap[data-heap="1"] .gap[data-gap="5"]').click()
    cuts = page.locator("#heaps .gap.cut").evaluate_all("(g) => g.map((x) => x.dataset.gap)")
    assert cuts == ["5"]


def test_an_octal_split_without_taking_is_a_click_on_a_gap(page: Any, server: str) -> None:
    # before: octal:4.07's splits could not be clicked, and the help said "one or two"
    page.goto(server + "/play?game=octal:4.07&position=6&first=you")
    assert wait_for_turn(page) == "Your move."
    how = page.locator("#mode-controls").inner_text()
    assert "2 stones" in how and "split" in how and "one or two" not in how
    page.locator('#heaps .heap[data-heap="0"] .gap[data-gap="2"]').click()
    wait_for_turn(page)
    assert page.locator("#log li").nth(1).inner_text().endswith("→ 2,4")
    page.goto(server + "/play?game=dawson-kayles&position=6&first=you")
    wait_for_turn(page)
    how = page.locator("#mode-controls").inner_text()
    assert "2 stones" in how and "1 or 2" not in how and "split" not in how
    assert page.locator("#heaps .gap").count() == 0  # no split without taking here
    page.goto(server + "/play?game=kayles&position=6&first=you")
    wait_for_turn(page)
    assert "1 or 2 stones" in page.locator("#mode-controls").inner_text()
    page.goto(server + "/play?game=octal:4.07&position=6&first=you&lang=ja")
    wait_for_turn(page)
    how = page.locator("#mode-controls").inner_text()
    assert "2 個" in how and "石を取らずに" in how


def test_a_start_too_long_is_named_in_the_players_words(page: Any, server: str) -> None:
    # before: "String should have at most 2000 characters", the field's name cut off
    expect_console(page, "422")
    page.goto(server + "/play")
    page.fill("#play-position", "1," * 1000 + "1")
    page.click("#play-start")
    page.wait_for_selector("#setup-error:not([hidden])")
    said = page.locator("#setup-error").inner_text()
    assert said == "Position: 2,001 characters is too long; at most 2,000", said
    page.goto(server + "/play?lang=ja")
    page.fill("#play-position", "1," * 1000 + "1")
    page.click("#play-start")
    page.wait_for_selector("#setup-error:not([hidden])")
    assert (
        page.locator("#setup-error").inner_text()
        == "局面: 2,001 文字は長すぎます。2,000 文字までです"
    )


def test_a_link_the_page_refused_starts_no_game(page: Any, server: str) -> None:
    expect_console(page, "422")  # the page itself
    page.goto(server + "/play?game=nim&position=3&level=" + "x" * 21)
    page.wait_for_load_state("networkidle")
    assert "choose perfect, mix or random" in page.locator("#setup-error").inner_text()
    assert not page.locator("#play").is_visible()
    assert page.locator("#play-level").get_attribute("aria-invalid") == "true"


def refusal(page: Any) -> str:
    page.wait_for_selector("#play-error:not([hidden])")
    return str(page.locator("#play-error").inner_text())


def test_a_refused_click_says_why_in_the_games_words(page: Any, server: str) -> None:
    # before: every refused click said "That move is not allowed here; the list below has
    # every legal move", whatever the rule that refused it
    expect_console(page, "400")
    page.goto(server + "/play?game=grundy-game&position=8&first=you")
    assert wait_for_turn(page) == "Your move."
    page.locator('#heaps .gap[data-gap="4"]').click()  # 4+4: equal parts
    said = refusal(page)
    assert "4,4 cannot be reached in one move from 8" in said and "unequal" in said, said
    page.goto(server + "/play?game=fibonacci-nim&position=10&first=you")
    wait_for_turn(page)
    page.locator("#heaps .stone").nth(0).click()  # all ten at the start
    said = refusal(page)
    assert "1 to 9 stones now" in said and "first move" in said, said
    page.goto(server + "/play?game=kayles&position=9&first=you")
    wait_for_turn(page)
    stones = page.locator("#heaps .stone")
    stones.nth(2).click()
    stones.nth(4).click()  # three pins
    page.click("#take-run")
    said = refusal(page)
    assert "two adjacent pins" in said and "every legal move" not in said, said
    page.goto(server + "/play?game=grundy-game&position=8&first=you&lang=ja")
    wait_for_turn(page)
    page.locator('#heaps .gap[data-gap="4"]').click()
    said = refusal(page)
    assert "8 から 1 手で 4,4 には行けません" in said and "大きさの異なる" in said, said


def test_a_cut_list_is_not_called_every_legal_move(page: Any, server: str) -> None:
    page.goto(server + "/play?game=nim&position=1500,1600")
    assert wait_for_turn(page) == "Your move."
    heap = page.locator('#heaps .heap[data-heap="1"]')
    heap.locator("input").fill("-1")
    heap.locator("button.secondary").click()
    said = refusal(page)
    assert "every legal move" not in said and "number" in said, said


def test_undo_waits_for_a_move_of_yours(page: Any, server: str) -> None:
    # before: enabled after the computer's first move, then "nothing to undo"
    page.goto(server + "/play?game=nim&position=3,4,5&first=computer")
    assert wait_for_turn(page) == "Your move."
    assert page.locator("#log li").count() == 2  # the computer has moved
    assert page.locator("#undo").is_disabled()
    page.locator("#move-list button.move").first.click()
    wait_for_turn(page)
    assert page.locator("#undo").is_enabled()


def test_enter_in_the_leave_box_plays(page: Any, server: str) -> None:
    # before: Enter did nothing (the box is not in a form)
    page.goto(server + "/play?game=nim&position=1500,1600")
    assert wait_for_turn(page) == "Your move."
    box = page.locator('#heaps .heap[data-heap="1"] input')
    box.fill("5")
    box.press("Enter")
    wait_for_turn(page)
    assert page.locator("#log li").nth(1).inner_text().endswith("→ 5,1500")


def test_an_empty_position_starts_the_games_example(page: Any, server: str) -> None:
    # before: an empty field started the empty position, "over before it begins"
    page.goto(server + "/play?game=nim&position=3,4,5")
    wait_for_turn(page)
    start_from_the_form(page, "kayles", "")
    page.wait_for_function(
        "() => document.querySelector('#play-heading').textContent.startsWith('kayles')"
    )
    assert wait_for_turn(page) == "Your move."
    heading = page.locator("#play-heading").inner_text()
    assert heading.startswith("kayles (octal:0.77) — ") and not heading.endswith("∅"), heading
    example = heading.split(" — ")[1]
    assert page.locator("#play-position").input_value() == example
    assert "position=" + example.replace(",", "%2C") in page.url

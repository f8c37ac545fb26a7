"""The play page in Chromium, at a desktop's width and a phone's (390 px).

Moves as buttons coloured by their value (GamesmanUni's way), undo and redo,
computer against computer, the rules panel, misère play, and pages that never
scroll sideways, whatever the size of the heaps.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from nimlab.registry import game
from nimlab.solve.engine import analyze
from web.browser import auto_game, expect_console, shoot, sideways, wait_for_turn


def moves(page: Any) -> list[dict[str, str]]:
    """The move buttons: where each goes, its value for the mover and its remoteness."""
    found: list[dict[str, str]] = page.eval_on_selector_all(
        "#move-list button.move",
        """(buttons) => buttons.map((b) => ({
            to: b.dataset.to, outcome: b.dataset.outcome, remoteness: b.dataset.remoteness,
            colour: getComputedStyle(b).backgroundColor }))""",
    )
    return found


def test_play_without_a_query_shows_only_the_setup_and_no_error(page: Any, server: str) -> None:
    page.goto(server + "/play")
    page.wait_for_load_state("networkidle")
    assert not page.locator("#play").is_visible()  # the game panel waits for a game
    assert page.locator("#play-start").is_visible()
    page.click("#play-start")  # the default game starts
    assert wait_for_turn(page) == "Your move."
    assert page.locator("#play").is_visible()
    assert not page.locator("#play-error").is_visible()


@pytest.mark.parametrize(
    ("path", "width"),
    [
        ("/play?game=nim&position=3,4,5", 390),
        ("/play?game=wythoff&position=5,9", 390),
        ("/play?game=wythoff&position=5,9&lang=ja", 390),
        ("/play?game=fibonacci-nim&position=20", 390),
        ("/play?game=kayles&position=30", 390),
        ("/play?game=nim%20%2B%20kayles&position=3,4%20%2B%205", 390),
        ("/play?game=split-delete-nim:single&position=7,10", 390),
        ("/game?game=wythoff&position=4,6", 390),
        ("/game?game=split-delete-nim:single&position=6,8", 390),
        ("/docs", 390),
        ("/game?game=nim&position=3,4,5", 390),
        ("/game?game=subtraction:2,4,7&position=10", 390),
        ("/", 390),
        ("/play?game=nim&position=" + "9" * 120 + ",3", 1280),
        ("/play?game=nim&position=" + "9" * 120 + ",3", 390),
        # found by the browser audit of 2026-11-28: the steps of "Why" widened the game page
        ("/game?game=nim&position=" + "9" * 40 + ",5", 375),
        ("/game?game=nim&position=" + ",".join(["123456789"] * 30), 375),
        ("/game?game=nim&position=" + ",".join(["123456789"] * 30), 1280),
        ("/game?game=nim&position=" + "9" * 1999, 375),
        ("/docs", 375),
        ("/docs?lang=ja", 375),
    ],
)
def test_pages_never_scroll_sideways(page: Any, server: str, path: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(server + path)
    if path.startswith("/play"):
        wait_for_turn(page)
    assert sideways(page) == []


def test_a_120_digit_heap_is_drawn_as_a_count(page: Any, server: str) -> None:
    page.goto(server + "/play?game=nim&position=" + "9" * 120 + ",3")
    assert wait_for_turn(page) == "Your move."
    big = page.locator('#heaps .heap[data-heap="1"]')  # heaps are sorted: 3 first
    assert big.locator(".stone").count() == 0
    assert "120-digit" in big.locator(".many").inner_text()
    assert page.locator('#heaps .heap[data-heap="0"] .stone').count() == 3


def test_every_move_is_a_button_coloured_by_its_value(page: Any, server: str) -> None:
    page.goto(server + "/play?game=nim&position=3,4,5")
    assert wait_for_turn(page) == "Your move."
    shown = moves(page)
    nim = game("nim")
    assert len(shown) == len({m.to for m in nim.moves((3, 4, 5))}) == 12
    for move in shown:
        reached = analyze(nim, move["to"])
        assert move["outcome"] == ("win" if reached.outcome == "P" else "lose"), move
        assert move["remoteness"] == str(reached.remoteness), move
    wins = [m for m in shown if m["outcome"] == "win"]
    assert [m["to"] for m in wins] == ["1,4,5"]
    assert wins[0]["colour"] != next(m for m in shown if m["outcome"] == "lose")["colour"]
    # The stones say it too: taking from stone 2 of the heap of 3 (leaving 1) wins.
    stones = page.locator("#heaps .stone")
    outcomes = stones.evaluate_all("(s) => s.map((x) => x.dataset.outcome)")
    assert len(outcomes) == 12 and outcomes.count("win") == 1
    assert (
        page.locator('#heaps .heap[data-heap="0"] .stone').nth(1).get_attribute("data-outcome")
        == "win"
    )
    shoot(page, "play-nim-move-values")
    page.locator('#move-list button[data-to="1,4,5"]').click()  # play it by its button
    wait_for_turn(page)
    assert page.locator("#log li").nth(1).inner_text().endswith("→ 1,4,5")
    page.uncheck("#show-values")  # a person may hide the values (the data stays)
    assert page.locator("#move-list .value").count() == 0
    assert page.locator("#move-list button.move").first.get_attribute("data-outcome") in (
        "win",
        "lose",
    )


def test_no_remoteness_is_claimed_where_none_was_computed(page: Any, server: str) -> None:
    # 1500,1600: too many states for the remoteness search, so no button shows one.
    page.goto(server + "/play?game=nim&position=1500,1600")
    assert wait_for_turn(page) == "Your move."
    shown = moves(page)
    assert shown and all(m["remoteness"] == "" for m in shown)
    assert {m["outcome"] for m in shown} == {"win", "lose"}
    assert [m["to"] for m in shown if m["outcome"] == "win"] == ["1500,1500"]
    assert page.locator("#moves-more").is_visible()  # more moves than listed


def test_take_from_here_by_clicking_a_stone(page: Any, server: str) -> None:
    page.goto(server + "/play?game=nim&position=3,4,5")
    wait_for_turn(page)
    page.locator('#heaps .heap[data-heap="2"] .stone').nth(2).click()  # stones 3..5 go
    wait_for_turn(page)
    assert page.locator("#log li").nth(1).inner_text().endswith("→ 2,3,4")


def test_undo_and_redo(page: Any, server: str) -> None:
    page.goto(server + "/play?game=nim&position=3,4,5")
    wait_for_turn(page)
    assert page.locator("#redo").is_disabled()
    page.locator('#move-list button[data-to="1,4,5"]').click()
    wait_for_turn(page)
    log = [page.locator("#log li").nth(k).inner_text() for k in range(3)]
    page.click("#undo")
    wait_for_turn(page)
    assert page.locator("#log li").count() == 1
    page.click("#redo")  # your move and the computer's reply come back
    wait_for_turn(page)
    assert [page.locator("#log li").nth(k).inner_text() for k in range(3)] == log
    assert page.locator("#redo").is_disabled()


def test_computer_against_computer_at_a_chosen_speed(page: Any, server: str) -> None:
    status = auto_game(page, server, "game=nim&position=2,3,4")
    assert "wins" in status or "win!" in status
    count = page.locator("#log li").count()
    assert count >= 4  # 2,3,4 needs at least three moves
    bys = [page.locator("#log li").nth(k).inner_text().split(":")[0] for k in range(1, count)]
    assert set(bys) == {"You", "Computer"}  # "you" moved by the computer's choice
    assert page.locator("#auto").get_attribute("aria-pressed") == "false"


def test_the_rules_panel_in_both_languages(page: Any, server: str) -> None:
    page.goto(server + "/play?game=wythoff&position=4,6")
    wait_for_turn(page)
    rules = page.locator("#rules").inner_text()
    assert "the same number from both" in rules and "Whoever cannot move loses" in rules
    page.goto(server + "/play?game=wythoff&position=4,6&lang=ja")
    wait_for_turn(page)
    rules = page.locator("#rules").inner_text()
    assert "両方の山から同じ数" in rules and "ワイトホフのゲーム" in rules
    assert {m["outcome"] for m in moves(page)} == {"win", "lose"}
    assert "勝ち" in page.locator("#move-list").inner_text()
    shoot(page, "play-wythoff-ja")


def test_misere_play_from_the_page(page: Any, server: str) -> None:
    # Misère Nim 1,1,2: the only winning move leaves 1,1,1 (normal play: 1,1).
    page.goto(server + "/play?game=nim&position=1,1,2")
    wait_for_turn(page)
    page.check("#play-misere")
    page.click("#play-start")
    assert wait_for_turn(page) == "Your move."
    assert "misère" in page.locator("#play-rule").inner_text()
    assert "misere=true" in page.url
    shown = moves(page)
    assert [m["to"] for m in shown if m["outcome"] == "win"] == ["1,1,1"]
    page.click("#hint")
    wait_for_turn(page)
    assert "1,1,1" in page.locator("#hint-box").inner_text()
    page.locator('#move-list button[data-to="1,1,1"]').click()
    status = wait_for_turn(page)
    # The computer takes one (1,1), you take one (1), the computer must take the last.
    while status == "Your move.":
        page.locator("#move-list button.move").first.click()
        status = wait_for_turn(page)
    assert status.startswith("You win!") and "misère" in status
    dots = page.locator("#chart-svg circle")
    assert dots.count() == page.locator("#log li").count()
    shoot(page, "play-nim-misere")


def test_the_play_page_on_a_phone(phone: Any, server: str) -> None:
    phone.goto(server + "/play?game=wythoff&position=5,9")
    assert wait_for_turn(phone) == "Your move."
    assert sideways(phone) == []
    phone.locator("#move-list button.move[data-outcome=win]").first.click()
    wait_for_turn(phone)
    assert phone.locator("#log li").count() == 3
    assert sideways(phone) == []
    shoot(phone, "play-wythoff-390px")


def test_wythoff_stones_are_valued_for_one_heap_or_both(page: Any, server: str) -> None:
    # (4,6): the only winning move takes one from both heaps, to (3,5) (seed 002).
    page.goto(server + "/play?game=wythoff&position=4,6")
    assert wait_for_turn(page) == "Your move."
    wins = "(s) => s.filter((x) => x.dataset.outcome === 'win').length"
    assert page.locator("#heaps .stone").evaluate_all(wins) == 0
    page.check("#both")
    assert (
        page.locator('#heaps .heap[data-heap="0"] .stone').nth(3).get_attribute("data-outcome")
        == "win"
    )
    page.locator('#heaps .heap[data-heap="0"] .stone').nth(3).click()
    wait_for_turn(page)
    assert page.locator("#log li").nth(1).inner_text().endswith("→ 3,5")


def test_fibonacci_nim_stones_are_valued_within_the_limit(page: Any, server: str) -> None:
    page.goto(server + "/play?game=fibonacci-nim&position=20")
    assert wait_for_turn(page) == "Your move."
    valued = page.locator("#heaps .stone").evaluate_all(
        "(s) => s.map((x) => x.dataset.outcome || '')"
    )
    # 20 = 13 + 5 + 2 (Zeckendorf): taking 2, leaving 18, is the winning move (seed 002).
    assert valued[18] == "win" and valued.count("win") == 1
    assert {m["outcome"] for m in moves(page)} == {"win", "lose"}


def test_a_refused_start_is_explained_in_the_pages_language(page: Any, server: str) -> None:
    expect_console(page, "status of 400 (Bad Request)")  # the refusals asked for, nothing else
    page.goto(server + "/play?game=nim&position=1,x&lang=ja")
    page.wait_for_selector("#setup-error:not([hidden])")  # no game started: under the form
    said = page.locator("#setup-error").inner_text()
    assert "山 'x' が 0 以上の整数ではない" in said and "not a non-negative" not in said
    assert not page.locator("#play").is_visible()
    page.goto(server + "/play?game=nim&position=1,x&lang=en")
    page.wait_for_selector("#setup-error:not([hidden])")
    assert "not a non-negative integer" in page.locator("#setup-error").inner_text()
    page.fill("#play-position", "1,2")  # a good start replaces the error with the game
    page.click("#play-start")
    assert wait_for_turn(page) == "Your move."
    assert not page.locator("#setup-error").is_visible()
    page.goto(server + "/game?game=nimm&lang=ja")
    assert "ゲーム 'nimm' は不明です" in page.locator(".error[role=alert]").inner_text()


@pytest.mark.parametrize(
    "path",
    [
        "/play?game=nim&position=3,4,5&lang=ja",
        "/play?game=wythoff&position=4,6&lang=ja",
        "/play?game=split-delete-nim:single&position=6,8&lang=ja",
        "/play?game=fibonacci-nim&position=20&lang=ja",
        "/play?game=nim&position=1,1,2&misere=true&lang=ja",
        "/game?game=kayles&position=7&lang=ja",
        "/board?game=wythoff&size=6&lang=ja",
    ],
)
def test_what_the_scripts_draw_in_japanese_is_japanese(page: Any, server: str, path: str) -> None:
    from japanese import english_left

    page.goto(server + path)
    page.wait_for_load_state("networkidle")
    if path.startswith("/play"):
        wait_for_turn(page)
        page.click("#hint")
        wait_for_turn(page)
    seen = page.evaluate(
        """() => { const copy = document.body.cloneNode(true);
                   copy.querySelectorAll('code, script, style, svg').forEach((e) => e.remove());
                   return copy.innerText; }"""
    )
    assert len(re.findall(r"[\u3040-\u30ff\u4e00-\u9fff]", seen)) > 50  # there is text to scan
    assert not english_left(seen), english_left(seen)

"""The play page's flow in Chromium: new games, resumed games, keyboard play, what is said.

Each test reproduces a finding of the web audit of 2026-11-27 (Playwright against a real
server): a new game started while the computer was thinking, a link resuming another
game, focus lost after each move, computer-vs-computer's last words, clipped move numbers,
the empty position, the hint of a lost position and the request's field names.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest

from web.browser import auto_game, expect_console, start_from_the_form, wait_for_turn


def test_a_new_game_started_while_the_computer_thinks_is_the_one_played(
    page: Any, server: str
) -> None:
    # before: the click was ignored, the old reply was saved under the new setup, and the tab
    # (even reloaded) showed only "moves.0: 1,29,40 cannot be reached in one move from 1,2"
    held: list[Any] = []  # the move's request, held until the new game has begun
    page.route("**/api/play/move*", lambda route: held.append(route))
    page.goto(server + "/play?game=nim&position=3,4,5")
    wait_for_turn(page)
    page.locator('#move-list button[data-to="1,4,5"]').click()
    page.wait_for_function("() => document.body.classList.contains('busy')")
    start_from_the_form(page, "nim", "1,2")
    assert wait_for_turn(page) == "Your move."
    assert len(held) == 1
    with contextlib.suppress(Exception):  # the page may have aborted it: then nothing comes
        held[0].continue_()  # the old game's answer arrives now, and is dropped
    page.wait_for_timeout(1000)
    assert page.locator("#play-heading").inner_text() == "nim — 1,2"
    saved = json.loads(page.evaluate("sessionStorage.getItem('nimlab-play')"))
    assert saved["setup"]["start"] == "1,2" and saved["moves"] == []
    page.unroute("**/api/play/move*")
    page.reload()
    assert wait_for_turn(page) == "Your move."
    assert page.locator("#play-heading").inner_text() == "nim — 1,2"
    assert not page.locator("#play-error").is_visible()


def test_a_saved_game_that_no_longer_replays_begins_anew(page: Any, server: str) -> None:
    expect_console(page, "400")
    page.goto(server + "/play")
    setup = {"game": "nim", "start": "1,2", "level": "perfect", "first": "you", "seed": 1}
    page.evaluate(
        "(s) => sessionStorage.setItem('nimlab-play', JSON.stringify(s))",
        {"setup": setup, "moves": ["1,29,40"]},
    )
    page.goto(server + "/play?game=nim&position=1,2")
    assert wait_for_turn(page) == "Your move."
    assert page.locator("#play-heading").inner_text() == "nim — 1,2"
    assert page.locator("#log li").count() == 1


def test_a_link_with_other_settings_starts_its_own_game(page: Any, server: str) -> None:
    # before: only game, position and misère were compared, so the old game came back
    page.goto(server + "/play?game=nim&position=3,4,5&first=you&level=perfect")
    wait_for_turn(page)
    page.locator('#move-list button[data-to="1,4,5"]').click()
    wait_for_turn(page)
    assert page.locator("#log li").count() == 3
    page.goto(server + "/play?game=nim&position=3,4,5&first=computer&level=random")
    wait_for_turn(page)
    log = page.locator("#log li").all_inner_texts()
    assert len(log) == 2 and log[1].startswith("Computer:")  # the computer moved first
    assert page.locator("#play-first").input_value() == "computer"
    page.goto(server + "/play?game=nim&position=3,4,5&first=computer&level=random")
    wait_for_turn(page)
    assert page.locator("#log li").all_inner_texts() == log  # the same link resumes it


def test_keyboard_play_keeps_the_focus_and_one_tab_stop_a_heap(page: Any, server: str) -> None:
    # before: focus fell to <body> after each move and every stone was a tab stop
    # (25–35 presses of Tab a move)
    page.goto(server + "/play?game=nim&position=3,4,5")
    wait_for_turn(page)
    page.locator('#heaps .heap[data-heap="0"] .stone').last.focus()
    page.keyboard.press("ArrowLeft")  # the arrows move along the heap
    page.keyboard.press("ArrowLeft")
    focused = page.evaluate("document.activeElement.dataset.stone")
    assert focused == "0"
    page.keyboard.press("Enter")  # stone 1 of 3 taken and those after it: leaves 0 → 0,4,5
    wait_for_turn(page)
    assert page.evaluate("document.activeElement.id") == "status"
    stops = []
    for _ in range(3):
        page.keyboard.press("Tab")
        stops.append(page.evaluate("document.activeElement.closest('.heap')?.dataset.heap"))
    assert stops == ["0", "1", "2"] or len(set(stops)) == 3  # one stop per heap
    labels = page.locator("#heaps .stone").evaluate_all("(s) => s.map((x) => x.ariaLabel)")
    assert any(label.startswith("stone 2 of") and "leaving 1" in label for label in labels)
    assert page.locator("#heaps button.label").count() == 0  # nim's sizes do nothing: no stops


def test_computer_against_computer_says_which_side_moved(page: Any, server: str) -> None:
    status = auto_game(page, server, "game=nim&position=1,2")
    reply = page.locator("#reply").inner_text()
    assert status.startswith("Game over:") and "You win!" not in status
    last = page.locator("#log li").last.inner_text()
    side = "Your side (played by the computer) played" if last.startswith("You:") else ""
    assert reply.startswith(side or "The computer played")
    assert page.locator("#again").is_visible() and not page.locator("#moves").is_visible()
    page.click("#again")
    assert wait_for_turn(page) == "Your move."
    assert page.locator("#log li").count() == 1


def test_move_numbers_past_nine_are_whole(page: Any, server: str) -> None:
    page.goto(server + "/play?game=subtraction:1&position=24&first=you")
    wait_for_turn(page)
    for _ in range(6):
        page.locator("#move-list button.move").first.click()
        wait_for_turn(page)
    assert page.locator("#log li").count() == 13
    inside = page.evaluate(
        """() => { const log = document.querySelector('#log');
        return parseFloat(getComputedStyle(log).paddingLeft); }"""
    )
    assert inside >= 2 * 16  # room for "12." at the 16 px font


def test_the_empty_position_is_written_as_the_empty_set(page: Any, server: str) -> None:
    page.goto(server + "/play?game=kayles&position=1")
    wait_for_turn(page)
    assert page.locator("#play-heading").inner_text() == "kayles (octal:0.77) — 1"
    page.locator("#move-list button.move").first.click()
    wait_for_turn(page)
    assert page.locator("#play-heading").inner_text().endswith("— ∅")
    assert page.locator("#log li").last.inner_text().endswith("→ ∅")


def test_the_hint_of_a_lost_position_names_the_longest_defence(page: Any, server: str) -> None:
    page.goto(server + "/play?game=nim&position=1,2,3")
    wait_for_turn(page)
    page.click("#hint")
    wait_for_turn(page)
    hint = page.locator("#hint-box").inner_text()
    assert "no move wins against best play; the longest defence:" in hint and "→" in hint
    assert "lasts longest" in hint


def test_a_refused_start_speaks_to_the_player(page: Any, server: str) -> None:
    expect_console(page, "400", "413")
    page.goto(server + "/play?game=wythoff&position=1,2,3")
    page.wait_for_selector("#setup-error:not([hidden])")
    said = page.locator("#setup-error").inner_text()
    assert said.startswith("wythoff needs exactly 2 heaps") and not said.startswith("start:")
    page.goto(server + "/play?game=nim&position=0,0")  # an empty position: said, not refused
    assert wait_for_turn(page).startswith("This position has no move: the game is over before")


# -- found by the review of the day's change ------------------------------------------------


def test_a_busy_server_on_reload_keeps_the_saved_game(page: Any, server: str) -> None:
    expect_console(page, "503")
    page.goto(server + "/play?game=nim&position=3,4,5")
    wait_for_turn(page)
    page.locator('#move-list button[data-to="1,4,5"]').click()
    wait_for_turn(page)
    saved = page.evaluate("sessionStorage.getItem('nimlab-play')")
    busy = {"status": 503, "content_type": "application/json"}
    page.route("**/api/play/state*", lambda route: route.fulfill(
        **busy, body='{"error": {"kind": "busy", "message": "busy"}}'))  # fmt: skip
    page.reload()
    page.wait_for_selector("#play-error:not([hidden]), #setup-error:not([hidden])")
    assert page.evaluate("sessionStorage.getItem('nimlab-play')") == saved
    page.unroute("**/api/play/state*")
    page.reload()
    wait_for_turn(page)
    assert page.locator("#log li").count() == 3  # the game came back


def test_selecting_stones_keeps_the_focus_on_the_stone(page: Any, server: str) -> None:
    page.goto(server + "/play?game=kayles&position=5")
    wait_for_turn(page)
    page.locator("#heaps .stone").last.focus()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")  # select stone 4 of 5: the heap is redrawn
    assert page.evaluate("document.activeElement.dataset.stone") == "3"
    assert page.locator("#heaps .stone.selected").count() == 1
    page.keyboard.press("ArrowLeft")  # the arrows go on from there
    assert page.evaluate("document.activeElement.dataset.stone") == "2"


def test_a_refused_new_game_leaves_no_board_of_the_game_before(page: Any, server: str) -> None:
    expect_console(page, "400")
    page.goto(server + "/play?game=nim&position=3,4,5")
    wait_for_turn(page)
    page.fill("#play-position", "3,x")
    page.click("#play-start")
    page.wait_for_selector("#setup-error:not([hidden])")
    assert not page.locator("#play").is_visible()


# -- found by the browser audit of 2026-11-28 ------------------------------------------------


def test_links_out_of_a_misere_game_stay_misere(page: Any, server: str) -> None:
    # before: "Analyse this position" and "Play from this position" dropped misere=true,
    # so nim 1,1 was analysed as P (it is N in misère) and played in normal play
    page.goto(server + "/play?game=nim&position=1,1&misere=true")
    wait_for_turn(page)
    page.click("#analyse-link")
    page.wait_for_selector("#analysis")
    assert page.locator("input[type=checkbox][name=misere]").is_checked()
    assert "N — the player to move wins" in page.locator("#analysis").inner_text()
    assert page.locator("#succ-link").count() == 0  # the successor tables are normal play's
    page.click("a.button.play")
    wait_for_turn(page)
    assert page.locator("#play-misere").is_checked()
    assert page.locator("#play-rule").inner_text() != ""


def test_the_language_link_continues_the_game_started_from_the_form(page: Any, server: str) -> None:
    # before: the link kept the address the page was loaded with, so the game was lost
    # (/play?lang=ja) or another began (the link's nim 3,4,5 instead of the form's wythoff)
    page.goto(server + "/play?game=nim&position=3,4,5")
    wait_for_turn(page)
    start_from_the_form(page, "wythoff", "4,7")
    wait_for_turn(page)
    page.locator("#move-list button").first.click()
    wait_for_turn(page)
    moves = page.locator("#log li").count()
    page.click("#lang-switch")
    assert wait_for_turn(page).startswith("あなたの番")
    assert page.locator("#play-heading").inner_text().startswith("wythoff")
    assert page.locator("#log li").count() == moves


@pytest.mark.parametrize(
    ("reply", "lang", "said"),
    [
        ({"status": 502, "content_type": "text/html", "body": "<html><body>Bad Gateway"},
         "en", "The server could not answer this request; try again in a moment. (HTTP 502)"),
        ({"status": 500, "content_type": "text/plain", "body": "Internal Server Error"},
         "ja", "サーバーがこの要求に答えられませんでした。"),
        ({"status": 422, "content_type": "application/json", "body": '{"detail": []}'},
         "en", "The server could not answer this request; try again in a moment. (HTTP 422)"),
        (None, "en", "The server did not answer (no connection, or it is restarting); try again."),
        (None, "ja", "サーバーから応答がありません"),
    ],
)  # fmt: skip
def test_an_answer_that_is_not_nimlab_s_is_said_in_the_page_s_words(
    page: Any, server: str, reply: dict[str, Any] | None, lang: str, said: str
) -> None:
    # before: "Unexpected token '<', "<html><bod"... is not valid JSON", "Failed to fetch"
    # or "Unprocessable Entity", in English on both pages
    expect_console(page, "502", "500", "422", "Failed to load resource")
    page.goto(server + f"/play?game=nim&position=3,4,5&lang={lang}")
    wait_for_turn(page)
    page.route(
        "**/api/play/move*",
        (lambda route: route.abort()) if reply is None else (lambda route: route.fulfill(**reply)),
    )
    page.locator('#move-list button[data-to="1,4,5"]').click()
    page.wait_for_selector("#play-error:not([hidden])")
    assert said in page.locator("#play-error").inner_text()
    page.unroute("**/api/play/move*")


def test_a_refusal_over_the_limits_does_not_advise_the_level_played(page: Any, server: str) -> None:
    # before: at level random a hint on grundy-game 100000000 said "start a game with
    # smaller heaps, or at the level random"; a hint is refused at every level
    expect_console(page, "413")
    page.goto(server + "/play?game=nim&position=3,4,5&level=random")
    wait_for_turn(page)
    error = {"kind": "too_large", "message": "over", "field": None}
    over = {"status": 413, "content_type": "application/json", "body": json.dumps({"error": error})}
    page.route("**/api/play/hint*", lambda route: route.fulfill(**over))
    page.click("#hint")
    page.wait_for_selector("#play-error:not([hidden])")
    said = page.locator("#play-error").inner_text()
    assert said.startswith("This position is too big to work out") and "random" not in said
    assert "there is no hint or explanation for it" in said
    page.route("**/api/play/move*", lambda route: route.fulfill(**over))
    page.locator('#move-list button[data-to="1,4,5"]').click()
    page.wait_for_function(
        "() => document.querySelector('#play-error').textContent.includes('smaller heaps.')"
    )
    said = page.locator("#play-error").inner_text()
    assert "random" not in said and "hint" not in said
    page.unroute("**/api/play/hint*")
    page.unroute("**/api/play/move*")

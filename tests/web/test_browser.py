"""End to end in headless Chromium (Debian's ``chromium``, driven by Playwright).

The tests start the real server (``nimlab serve --port 0``) and use it as a
person would. Without a chromium they skip, unless ``NIMLAB_REQUIRE_BROWSER=1``
(set by ``.ci/run``) makes a missing browser a failure. With
``NIMLAB_SCREENSHOTS=DIR`` (``make screenshots``) the screenshots of the main
pages are written to DIR (the README shows those in ``docs/screenshots``).
"""

from __future__ import annotations

from typing import Any

from web.browser import REPORT_CSP, shoot, wait_for_turn


def test_the_pages_work_under_the_content_security_policy(browser: Any, server: str) -> None:
    tab = browser.new_page()
    seen: list[str] = []
    tab.add_init_script(REPORT_CSP)
    tab.on("console", lambda m: seen.append(m.text) if m.type == "error" else None)
    try:
        response = tab.goto(server + "/play?game=nim&position=3,4,5")
        assert "script-src 'self'" in response.headers["content-security-policy"]
        assert wait_for_turn(tab) == "Your move."  # play.js ran under the policy
        assert not seen, seen
        # An inline script is refused and reported: the check of every other test is live.
        tab.evaluate(
            """() => { const s = document.createElement("script");
            s.textContent = "window.inlineRan = true"; document.body.append(s); }"""
        )
        tab.wait_for_function("() => document.readyState === 'complete'")
        assert tab.evaluate("() => window.inlineRan === undefined")
        tab.wait_for_timeout(200)
        assert any("CSP violation" in m or "Content Security Policy" in m for m in seen), seen
    finally:
        tab.close()


def test_catalogue(page: Any, server: str) -> None:
    page.goto(server + "/")
    assert page.locator("h1").inner_text() == "Games"
    families = page.locator("li.family")
    from nimlab.registry import FAMILIES

    # 8 of the seeds, take-and-break, 5 beyond
    assert families.count() == len(FAMILIES) == 14
    wythoff = page.locator("#family-wythoff")
    assert "the same number from both" in wythoff.locator(".rule").inner_text()
    assert "002" in wythoff.locator(".seed").inner_text()
    shoot(page, "catalogue")


def test_click_a_board_cell(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.locator("#family-wythoff a.explore").click()
    page.fill("#position", "4,6")
    page.click("#analyse-button")
    assert "take 1 from both heaps, leaving (3, 5)" in page.locator("#winning-moves").inner_text()
    shoot(page, "game-wythoff")
    page.locator('#board [data-cell="1,2"]').click()
    page.wait_for_url("**position=1%2C2**")
    assert page.locator("#outcome").inner_text().startswith("P")
    page.locator('#heatmap [data-cell="2,5"]').click()
    page.wait_for_url("**position=2%2C5**")
    assert page.locator("#outcome").inner_text().startswith("N")


def test_grundy_strip(page: Any, server: str) -> None:
    page.goto(server + "/game?game=subtraction:2,4,7&position=10")
    assert "preperiod 8, period 3" in page.locator("#strip").inner_text()
    shoot(page, "game-subtraction")
    page.locator('#strip [data-n="7"]').click()
    page.wait_for_url("**position=7**")
    assert page.locator("#grundy").inner_text() == "3"


def test_switch_to_japanese_and_it_is_remembered(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.click("#lang-switch")
    page.wait_for_url("**lang=ja**")
    assert page.locator("h1").inner_text() == "ゲーム一覧"
    page.goto(server + "/game?game=nim&position=3,4,5")
    assert page.locator("html").get_attribute("lang") == "ja"
    assert "3 個の山から 2 個取る" in page.locator("#winning-moves").inner_text()
    assert page.locator("#outcome").inner_text().startswith("N局面")
    shoot(page, "game-nim-ja")
    page.click("#lang-switch")
    assert page.locator("#outcome").inner_text().startswith("N — the player")


def test_analyse_wythoff_1000_2000(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.locator("#family-wythoff a.explore").click()
    page.fill("#position", "1000,2000")
    page.click("#analyse-button")
    moves = page.locator("#winning-moves").inner_text()
    assert "(1000, 618)" in moves  # seed 002: (q382, p382) = (1000, 618)
    assert page.locator("#outcome").inner_text().startswith("N")
    assert "618" in page.locator("#explanation").inner_text()


def test_play_a_whole_game_of_nim_against_the_perfect_computer_and_lose(
    page: Any, server: str
) -> None:
    page.goto(server + "/")
    page.locator("#family-nim a.play").click()
    page.fill("#play-position", "1,2,3")  # a P-position: whoever moves first loses
    page.select_option("#play-level", "perfect")
    page.select_option("#play-first", "you")
    page.click("#play-start")
    status = wait_for_turn(page)
    moves = 0
    while "wins" not in status:
        assert status == "Your move.", status
        heap = page.locator("#heaps .heap").filter(has=page.locator(".stone")).first
        heap.locator(".stone").last.click()  # take one stone
        moves += 1
        status = wait_for_turn(page)
        if moves == 1:
            shoot(page, "play-nim")  # mid-game: stones, the computer's reason, the chart
        assert moves < 10
    assert status.startswith("The computer wins")
    assert page.locator("#log li").count() == 1 + 2 * moves
    assert page.locator("#chart-svg circle").count() == 1 + 2 * moves


def test_hint_undo_and_explain(page: Any, server: str) -> None:
    page.goto(server + "/play?game=nim&position=3,4,5")
    assert wait_for_turn(page) == "Your move."
    page.click("#hint")
    wait_for_turn(page)
    assert "1,4,5" in page.locator("#hint-box").inner_text()
    page.locator('#heaps .heap[data-heap="0"] .stone').nth(1).click()  # leave 1 of 3: 1,4,5
    wait_for_turn(page)
    assert page.locator("#log li").count() == 3
    page.click("#undo")
    wait_for_turn(page)
    assert page.locator("#log li").count() == 1
    page.click("#explain")
    wait_for_turn(page)
    assert "nim-sum" in page.locator("#explanation").inner_text()


def test_split_by_choosing_parts(page: Any, server: str) -> None:
    # Split-and-delete Nim: cut the heap of 5 after its second stone (2+3), delete the
    # heap of 3 by its label, play: ⟨3, 5⟩ → ⟨2, 3⟩.
    page.goto(server + "/play?game=split-delete-nim:single&position=3,5&first=you")
    assert wait_for_turn(page) == "Your move."
    page.locator('#heaps .heap[data-heap="1"] .gap[data-gap="2"]').click()
    page.locator('#heaps .heap[data-heap="0"] .label').click()
    page.click("#compose-play")
    wait_for_turn(page)
    log = page.locator("#log li")
    assert "split 5 into 2+3, delete 3 → 2,3" in log.nth(1).inner_text()
    assert log.count() == 3  # the computer replied
    assert "wins" in wait_for_turn(page)  # ⟨2, 3⟩ → ⟨1, 1⟩, the end
    page.goto(server + "/play?game=split-delete-nim:single&position=7,10&first=you")
    wait_for_turn(page)
    page.locator('#heaps .heap[data-heap="1"] .gap[data-gap="3"]').click()
    page.locator('#heaps .heap[data-heap="0"] .label').click()
    assert page.locator("#heaps .heap.deleting").count() == 1
    shoot(page, "play-split-delete")  # a move being composed: 10 cut into 3+7, 7 deleted


def test_the_computer_starts_at_level_random(page: Any, server: str) -> None:
    page.goto(server + "/play?game=wythoff&position=5,9&first=computer&level=random")
    status = wait_for_turn(page)
    assert status == "Your move." or "wins" in status
    assert page.locator("#log li").nth(1).inner_text().startswith("Computer:")
    # Wythoff is played queen-wise: a checkbox takes from both heaps.
    assert page.locator("#both").count() == (1 if status == "Your move." else 0)


def test_play_and_explain_in_japanese(page: Any, server: str) -> None:
    page.goto(server + "/play?game=fibonacci-nim&position=20&lang=ja")
    wait_for_turn(page)
    page.click("#hint")
    wait_for_turn(page)
    page.click("#explain")
    wait_for_turn(page)
    assert "フィボナッチ表現" in page.locator("#explanation").inner_text()
    shoot(page, "play-fibonacci-ja")


def test_big_heaps_are_played_by_number(page: Any, server: str) -> None:
    # 3,100 moves: more than the page lists, so the server checks the typed target.
    page.goto(server + "/play?game=nim&position=1500,1600")
    assert wait_for_turn(page) == "Your move."
    heap = page.locator('#heaps .heap[data-heap="1"]')
    heap.locator("input").fill("5")
    heap.locator("button.secondary").click()
    wait_for_turn(page)
    assert page.locator("#log li").nth(1).inner_text().endswith("→ 5,1500")


def test_heaps_beyond_2_to_the_53_keep_every_digit(page: Any, server: str) -> None:
    # Seed 002's Wythoff answer scaled up: the theorem plays positions of any size.
    big = 10**20
    page.goto(server + f"/play?game=wythoff&position={big},{2 * big}")
    assert wait_for_turn(page) == "Your move."
    heap = page.locator('#heaps .heap[data-heap="1"]')
    assert str(2 * big) in heap.inner_text()
    page.click("#hint")
    wait_for_turn(page)
    target = page.locator("#hint-box").inner_text().split("→ ")[1].split()[0]
    smaller, larger = map(int, target.split(","))
    assert smaller == big  # take from the heap of 2·10^20, leaving a P-position (10^20, b)
    heap.locator("input").fill(str(larger if larger != big else smaller))
    heap.locator("button.secondary").click()
    wait_for_turn(page)
    assert page.locator("#log li").nth(1).inner_text().endswith(f"→ {target}")


def test_sums_are_played_on_one_board_per_component(page: Any, server: str) -> None:
    page.goto(server + "/play?game=nim%20%2B%20kayles&position=3,4%20%2B%205")
    assert wait_for_turn(page) == "Your move."
    assert page.locator("#heaps h3.component").count() == 2
    page.locator('#heaps .heap[data-heap="2"] .stone').nth(4).click()  # Kayles: knock the end
    page.click("#take-run")
    wait_for_turn(page)
    assert page.locator("#log li").nth(1).inner_text().endswith("→ 3,4 + 4")

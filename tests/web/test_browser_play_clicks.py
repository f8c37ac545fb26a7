"""The play page in Chromium: what it says and what clicking does, exactly.

Each test reproduces a finding of the web audit of 2026-12 in headless Chromium: a
take-away limit rounded to a double, a Kayles selection that could not be cleared,
moves that could not be composed by clicking, the server's reasons hidden behind a
generic refusal, undo offered with nothing to undo, Enter ignored in the big-heap box
and an empty start position.
"""

from __future__ import annotations

from typing import Any

from web.browser import wait_for_turn


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

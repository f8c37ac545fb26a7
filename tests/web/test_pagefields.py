"""A page's out-of-range field: the page again, its form kept, the field named in nimlab's words.

Found by the web audit: ``/game?…&size=41`` (and ``n=0``, ``max=65``, ``misere=maybe``,
``/board?size=x``, 2,001 characters of game, ``/play?level=…``) answered a bare 422
"Something was wrong" page with pydantic's "Input should be less than or equal to 40".
"""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

LONG = "1" * 2001


def refused(client: TestClient, path: str, **params: object) -> str:
    response = client.get(path, params=params)
    client.cookies.clear()  # a ?lang= is remembered: forget it for the other tests
    assert response.status_code == 422, response.text[:300]
    html = response.text
    assert "Input should" not in html and "String should" not in html
    assert "Something was wrong" not in html and "問題がありました" not in html
    return html


def marked(html: str, name: str) -> str:
    """The value of the input ``name`` of the page, which must be marked invalid."""
    found = re.search(rf'<input[^>]*name="{name}"[^>]*>', html)
    assert found, f"no input {name}"
    assert 'aria-invalid="true"' in found.group(0), found.group(0)
    value = re.search(r'value="([^"]*)"', found.group(0))
    return value.group(1) if value else ""


@pytest.mark.parametrize(
    ("params", "says", "field", "kept"),
    [
        ({"size": "41"}, "size: 41 is too big; choose 1 to 40", "size", "41"),
        (
            {"n": "0", "game": "kayles", "position": "5"},
            "n: 0 is too small; choose 1 to 240",
            "n",
            "0",
        ),
        ({"n": "999999", "game": "kayles"}, "n: 999999 is too big; choose 1 to 240", "n", "999999"),
        ({"size": "x"}, "size: &#39;x&#39; is not a whole number; choose 1 to 40", "size", "x"),
    ],
)
def test_a_game_pages_number_out_of_range(
    client: TestClient, params: dict[str, str], says: str, field: str, kept: str
) -> None:
    html = refused(client, "/game", **({"game": "wythoff", "position": "3,5"} | params))
    assert says in html and f'data-field="{field}"' in html
    assert 'id="analyse"' in html and 'id="outcome"' in html  # the form, and the page
    assert marked(html, field) == kept


def test_the_p_positions_bound_and_misere(client: TestClient) -> None:
    html = refused(client, "/game", game="nim", position="1,2,3", max="65")
    assert "max: 65 is too big; choose 1 to 64" in html and marked(html, "max") == "65"
    html = refused(client, "/game", game="nim", position="1,2,3", misere="maybe")
    assert "misere: &#39;maybe&#39; is neither true nor false" in html
    assert 'id="analyse"' in html


def test_a_game_or_position_too_long(client: TestClient) -> None:
    html = refused(client, "/game", game=LONG, position="3")
    assert "game: 2,001 characters is too long; at most 2,000" in html
    assert 'id="analyse"' in html and marked(html, "game") == LONG
    html = refused(client, "/game", game="nim", position=LONG)
    assert "position: 2,001 characters is too long; at most 2,000" in html
    assert marked(html, "position") == LONG


def test_the_board_page(client: TestClient) -> None:
    html = refused(client, "/board", game="wythoff", size="x")
    assert "size: &#39;x&#39; is not a whole number; choose 1 to 40" in html
    assert 'action="/board"' in html and marked(html, "size") == "x"
    html = refused(client, "/board", game="wythoff", size="41")
    assert "size: 41 is too big; choose 1 to 40" in html and 'id="steps-board"' in html


def test_the_play_page(client: TestClient) -> None:
    html = refused(client, "/play", game="nim", position="3", level="x" * 21)
    assert "level: " in html and "choose perfect, mix or random" in html
    assert 'id="setup"' in html and 'id="setup-error"' in html
    html = refused(client, "/play", game=LONG)
    assert "game: 2,001 characters is too long; at most 2,000" in html
    assert marked(html, "game") == LONG


def test_in_japanese(client: TestClient) -> None:
    html = refused(client, "/game", game="wythoff", position="3,5", size="41", lang="ja")
    assert "size: 41 は大きすぎます。1 から 40 までの数を選んでください" in html
    html = refused(client, "/board", size="x", lang="ja")
    assert "size: &#39;x&#39; は整数ではありません。1 から 40 までの数を選んでください" in html
    html = refused(client, "/game", game="nim", position="1,2", misere="maybe", lang="ja")
    assert "misere: &#39;maybe&#39; は true でも false でもありません" in html
    html = refused(client, "/play", game=LONG, lang="ja")
    assert "game: 2,001 文字は長すぎます。2,000 文字までです" in html
    html = refused(client, "/play", level="godlike-beyond-twenty-chars", lang="ja")
    assert "level: " in html and "perfect, mix, random のどれかを選んでください" in html


def test_fields_read_alone() -> None:
    from nimlab.web.pagefields import PageFields

    fields = PageFields()
    assert fields.number("size", "12", 1, 40) == 12 and fields.error is None
    assert fields.flag("misere", "Yes") is True and fields.flag("misere", None) is False
    assert fields.number("size", "٣", 1, 40) is None
    assert fields.error is not None and fields.error.field == "size"
    assert fields.bad == {"size": "٣"}

"""Every page in Japanese is in Japanese: rendered pages scanned for English words."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from japanese import english_left
from nimlab.web import translate

PAGES = [
    "/",
    "/game?game=nim&position=3,4,5",
    "/game?game=kayles&position=7",
    "/game?game=wythoff&position=4,6",
    "/game?game=split-delete-nim:single&position=6,8",
    "/game?game=take-away:2&position=20/5",
    "/game?game=octal:0.6&position=100",
    "/game?game=nim%20%2B%20kayles&position=3,4%20%2B%205",
    "/game?game=subtraction:2,4,7&position=10&misere=true",
    "/game?game=nimm",
    "/play",
    "/play?game=nim&position=3,4,5",
    "/board?game=wythoff&size=6",
    "/successors?game=split-delete-nim:single&position=6,8",
    "/docs",
]
HIDDEN = re.compile(r"(?s)<script.*?</script>|<style.*?</style>|<code>.*?</code>|<svg.*?</svg>")


def text_of(page: str) -> str:
    """What a reader sees of ``page``: no scripts, no code, no drawings, one line per element."""
    return html.unescape(re.sub(r"<[^>]+>", "\n", HIDDEN.sub(" ", page)))


@pytest.mark.parametrize("path", PAGES)
def test_every_page_in_japanese_has_no_english_left(client: TestClient, path: str) -> None:
    response = client.get(path + ("&" if "?" in path else "?") + "lang=ja")
    client.cookies.clear()  # the page remembers the language: forget it for the other tests
    assert response.status_code in (200, 400)
    left = english_left(text_of(response.text))
    assert not left, left


def test_every_text_of_the_api_reference_has_its_japanese(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    texts = set()
    for operations in schema["paths"].values():
        for op in operations.values():
            texts |= {op.get("summary", ""), op.get("description", "")}
            texts |= {p.get("description", "") for p in op.get("parameters", [])}
            texts |= {r.get("description", "") for r in op.get("responses", {}).values()}
    missing = sorted(t for t in texts - {""} if t not in translate.DOCS_JA)
    assert not missing, missing

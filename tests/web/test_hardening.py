"""Hostile input to the web app: security headers, short echoes, ASCII digits, capped options."""

from __future__ import annotations

import subprocess
import sys

import pytest
from fastapi.testclient import TestClient

from nimlab.errors import InvalidOption
from nimlab.text import ECHO, MAX_MESSAGE, shorten
from nimlab.web import pages
from nimlab.web.config import WebConfig, max_workers
from nimlab.web.workers import JobError

PAGES = ["/", "/game?game=nim&position=3,4,5", "/play", "/docs"]
API = ["/api/games", "/api/analyze?game=nim&position=3,4,5", "/openapi.json"]
STATIC = ["/static/style.css", "/static/play.js", "/static/favicon.svg"]
ERRORS = [
    "/nope",  # 404 page
    "/api/nope",  # 404 JSON
    "/api/analyze?game=nim&position=x",  # 400
    "/api/table?game=wythoff&size=0",  # 422
    "/game?game=nimm",  # 400 page
    "/static/nope.css",  # 404 from the static files
]


@pytest.mark.parametrize("path", PAGES + API + STATIC + ERRORS)
def test_every_response_carries_the_security_headers(client: TestClient, path: str) -> None:
    r = client.get(path)
    csp = r.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp
    assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "same-origin"


def test_refusals_carry_them_too(client: TestClient) -> None:
    big = client.post(
        "/api/play/state", content=b"x" * 70_000, headers={"content-type": "application/json"}
    )
    assert big.status_code == 413
    wrong = client.post("/api/games")
    assert wrong.status_code == 405
    for r in (big, wrong):
        assert r.headers["x-frame-options"] == "DENY"
        assert "content-security-policy" in r.headers


def test_pages_have_no_inline_script_or_event_handler(client: TestClient) -> None:
    for path in [*PAGES, "/play?game=wythoff&position=4,7", "/game?game=kayles&position=9"]:
        html = client.get(path).text.lower()
        for tag in html.split("<script")[1:]:
            head = tag.split(">")[0]
            assert "src=" in head or 'type="application/json"' in head, head
        assert " onclick=" not in html and " onload=" not in html and "javascript:" not in html
        assert " style=" not in html and "<style" not in html


def test_a_huge_input_is_not_echoed_back(client: TestClient) -> None:
    big = "3" * 1_990 + "x"
    r = client.get("/api/analyze", params={"game": "nim", "position": big})
    assert r.status_code == 400
    message = r.json()["error"]["message"]
    assert len(message) <= MAX_MESSAGE + 1 and "…" in message and big not in message
    assert "3" * ECHO in message  # a prefix is kept, to recognise the input
    page = client.get("/game", params={"game": "nim", "position": big})
    assert page.status_code == 400 and f"'{big}'" not in page.text
    path = "/" + "p" * 9_000
    r = client.get(path)
    assert r.status_code == 404 and len(r.text) < 5_000 and path not in r.text
    r = client.get("/api" + path)
    assert r.status_code == 404 and len(r.json()["error"]["message"]) <= MAX_MESSAGE + 1


def test_shorten_keeps_the_quotes_and_cuts_long_runs() -> None:
    assert shorten("heap '" + "9" * 500 + "', 3") == "heap '" + "9" * ECHO + "…', 3"
    assert shorten("a b c") == "a b c"
    assert len(shorten("word " * 1_000)) == MAX_MESSAGE + 1
    assert JobError("invalid_position", "x" * 45_000).message == "x" * ECHO + "…"


@pytest.mark.parametrize("text", ["²", "1,²", "٣", "１２", "3,4,⁵"])
def test_only_ascii_digits_are_digits(client: TestClient, text: str) -> None:
    assert pages._heaps(text) is None
    r = client.get("/game", params={"game": "nim", "position": text})
    assert r.status_code == 400, r.text[:200]
    r = client.get("/api/analyze", params={"game": "nim", "position": text})
    assert r.status_code == 400 and r.json()["error"]["kind"] == "invalid_position"


def test_a_unicode_digit_typed_as_a_move_is_refused(client: TestClient) -> None:
    game = {"game": "take-away:2", "start": "10", "moves": [], "first": "you"}
    for typed in ("²", "٣", "take ٣", "#١"):
        r = client.post("/api/play/move", json={**game, "level": "perfect", "seed": 0, "to": typed})
        assert r.status_code == 400, (typed, r.text[:200])


def test_workers_are_capped() -> None:
    assert WebConfig(workers=max_workers()).workers == max_workers()
    with pytest.raises(InvalidOption, match="over the cap"):
        WebConfig(workers=max_workers() + 1)
    out = subprocess.run(
        [sys.executable, "-m", "nimlab", "serve", "--workers", "100000"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2 and "over the cap" in out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.splitlines()) == 1


def test_serve_documents_and_checks_its_connection_limits() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "nimlab", "serve", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    for option in ("--header-timeout", "--body-timeout", "--client-connections", "--queue-limit"):
        assert option in out.stdout
    for bad in (["--header-timeout", "-1"], ["--client-connections", "0"], ["--workers", "²"]):
        out = subprocess.run(
            [sys.executable, "-m", "nimlab", "serve", *bad],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr


@pytest.mark.parametrize("text", ["3_0", "+3", "٣", " 3", "3.0"])
def test_a_number_in_the_query_is_written_with_ascii_digits(client: TestClient, text: str) -> None:
    r = client.get("/api/sequence", params={"game": "nim", "to": text})
    assert r.status_code == 422 and r.json()["error"]["field"] == "to", r.text[:200]
    assert client.get("/api/sequence", params={"game": "nim", "to": "30"}).status_code == 200

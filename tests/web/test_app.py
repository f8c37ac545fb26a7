"""The application: request body limit, static files, error pages, the schema."""

from __future__ import annotations

from fastapi.testclient import TestClient


def test_oversized_bodies_are_refused(client: TestClient) -> None:
    response = client.post("/api/analyze", content=b"x" * (64 * 1024 + 1))
    assert response.status_code == 413 and response.json()["error"]["kind"] == "too_large"


def test_streamed_bodies_are_counted(client: TestClient) -> None:
    def chunks():  # type: ignore[no-untyped-def]
        for _ in range(100):
            yield b"x" * 1024

    response = client.post("/api/nothing", content=chunks())
    assert response.status_code in (404, 413)
    # Found by the web audit: a streamed body over the limit on a real route was a 413 of
    # kind "error"; it is a refusal like any other.
    response = client.post("/api/play/state", content=chunks())
    assert response.status_code == 413 and response.json()["error"]["kind"] == "too_large"


def test_static_assets_are_served_locally(client: TestClient) -> None:
    assert "stone" in client.get("/static/style.css").text
    assert client.get("/static/favicon.svg").headers["content-type"].startswith("image/svg")


def test_openapi_and_docs(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert schema["info"]["title"] == "nimlab"
    assert not any(path.startswith(("/game", "/docs")) for path in schema["paths"])
    assert client.get("/redoc").status_code == 404


def test_head_is_answered_as_get_without_the_body(client: TestClient) -> None:
    # Found by the web audit: HEAD of every page was 405 (the routes declare GET only).
    for path in ("/", "/game?spec=kayles", "/api/games", "/api/analyze?game=nim&position=3,4",
                 "/static/style.css"):  # fmt: skip
        got, head = client.get(path), client.head(path)
        assert head.status_code == got.status_code == 200, path
        assert head.content == b"", path
        assert head.headers["content-type"] == got.headers["content-type"], path
        assert head.headers["content-length"] == str(len(got.content)), path
        assert head.headers["x-content-type-options"] == "nosniff", path
    assert client.head("/no-such-page").status_code == client.get("/no-such-page").status_code
    assert client.head("/api/play/state").status_code == 405  # a POST-only route


def test_a_range_the_static_files_cannot_use_is_ignored(client: TestClient) -> None:
    # Found by the web audit: a Range of another unit or written wrong was a plain-text
    # 400; RFC 9110 says ignore it (must, for an unknown unit): the whole file is served.
    whole = client.get("/static/style.css").content
    for ranges in ("items=0-1", "bytes=abc", "bytes=5-2", "bytes=0-1,x"):
        response = client.get("/static/style.css", headers={"Range": ranges})
        assert response.status_code == 200 and response.content == whole, ranges
    part = client.get("/static/style.css", headers={"Range": "bytes=0-3"})
    assert part.status_code == 206 and part.content == whole[:4]
    past = client.get("/static/style.css", headers={"Range": f"bytes={len(whole) + 10}-"})
    assert past.status_code == 416

"""Errors of the running app in the request's language: ?lang=, the cookie, Accept-Language."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from nimlab.web import i18n

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _error(response_json: dict[str, dict[str, str]]) -> dict[str, str]:
    assert set(response_json["error"]) == {"kind", "message", "field"}
    return response_json["error"]


def test_a_bad_position_is_refused_in_japanese_when_asked(client: TestClient) -> None:
    english = client.get("/api/analyze", params={"game": "nim", "position": "1,x"})
    japanese = client.get("/api/analyze", params={"game": "nim", "position": "1,x", "lang": "ja"})
    assert english.status_code == japanese.status_code == 400
    en, ja = _error(english.json()), _error(japanese.json())
    assert en["kind"] == ja["kind"] and en["field"] == ja["field"] == "position"
    assert not JAPANESE.search(en["message"])
    assert JAPANESE.search(ja["message"]), ja["message"]


def test_accept_language_and_the_cookie_choose_japanese(client: TestClient) -> None:
    by_header = client.get(
        "/api/analyze",
        params={"game": "no-such-game", "position": "1"},
        headers={"Accept-Language": "ja,en;q=0.5"},
    )
    assert by_header.status_code == 400
    assert JAPANESE.search(_error(by_header.json())["message"])
    client.cookies.set(i18n.COOKIE, "ja")
    try:
        by_cookie = client.get("/api/analyze", params={"game": "no-such-game", "position": "1"})
    finally:
        client.cookies.clear()
    assert JAPANESE.search(_error(by_cookie.json())["message"])


def test_a_missing_field_and_an_unknown_path_in_japanese(client: TestClient) -> None:
    missing = client.get("/api/analyze", params={"position": "1", "lang": "ja"})
    assert missing.status_code == 422
    error = _error(missing.json())
    assert error["field"] == "game" and error["message"] == "game: 必須です"
    unknown = client.get("/api/no-such-endpoint", params={"lang": "ja"})
    assert unknown.status_code == 404
    assert "そのようなページはありません" in _error(unknown.json())["message"]


def test_a_refused_size_names_the_servers_flag_in_japanese(client: TestClient) -> None:
    params = {"game": "split-delete-nim:single", "position": "30,40,50,60", "lang": "ja"}
    response = client.get("/api/analyze", params=params)
    assert response.status_code == 413
    message = _error(response.json())["message"]
    assert JAPANESE.search(message) and "nimlab serve --max-states" in message, message


def test_an_error_page_is_in_japanese(client: TestClient) -> None:
    response = client.get("/game", params={"game": "no-such-game", "lang": "ja"})
    client.cookies.clear()  # the page remembers the language: forget it for the other tests
    assert response.status_code == 400
    assert "そのゲーム" in response.text or JAPANESE.search(response.text)
    assert "no such game" not in response.text.lower()


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("get", "/api/explain?game=nim&position=1&lang=xx", None),
        ("get", "/api/table?game=nim&size=abc", None),
        ("get", "/api/analyze?game=nim&position=1&misere=maybe", None),
        ("get", "/api/table?game=nim&size=0", None),
        ("post", "/api/play/state", "[]"),
        ("post", "/api/play/state", '{"game": 5}'),
        ("post", "/api/play/state", '{"game": "nim", "start": "3", "moves": "x"}'),
        ("post", "/api/play/state", '{"game": "nim", "start": "3", "moves": [], "extra": 1}'),
        ("post", "/api/play/state", "not json"),
        ("post", "/api/play/state", '{"game": "nim", "start": "3", "moves": [], "seed": 1.5}'),
        ("post", "/api/play/state", '{"game": "nim", "start": "3", "moves": [], "level": "x"}'),
    ],
)
def test_every_kind_of_refused_request_is_explained_in_japanese(
    client: TestClient, method: str, path: str, body: str | None
) -> None:
    from japanese import english_left

    headers = {"Accept-Language": "ja", "content-type": "application/json"}
    if method == "get":
        response = client.get(path, headers=headers)
    else:
        response = client.post(path, content=body, headers=headers)
    assert response.status_code in (400, 422)
    message = _error(response.json())["message"]
    assert JAPANESE.search(message) and not english_left(message), message


def test_a_play_body_asking_for_japanese_gets_its_errors_in_japanese(client: TestClient) -> None:
    """Found by the web audit: ``"lang": "ja"`` in a play body set the language of the game's
    text, but not of its refusals (only ``?lang=``, the cookie or Accept-Language did)."""
    client.cookies.clear()
    body = {"game": "nim", "start": "1,2,3", "moves": ["9,9,9"], "first": "you"}
    english = client.post("/api/play/state", json=body)
    japanese = client.post("/api/play/state", json=body | {"lang": "ja"})
    assert english.status_code == japanese.status_code == 400
    assert not JAPANESE.search(_error(english.json())["message"])
    assert JAPANESE.search(_error(japanese.json())["message"]), japanese.text


def test_a_play_bodys_japanese_covers_its_schema_errors_too(client: TestClient) -> None:
    client.cookies.clear()
    body = {"game": "nim", "start": "3", "first": "x", "lang": "ja"}
    out = client.post("/api/play/state", json=body)
    assert out.status_code == 422 and JAPANESE.search(_error(out.json())["message"]), out.text


def test_accept_language_q_values_choose_the_language() -> None:
    assert i18n.choose(None, None, "en;q=0.1, ja;q=0.9") == "ja"
    assert i18n.choose(None, None, "ja;q=0.2, en") == "en"
    assert i18n.choose(None, None, "fr, ja;q=nan") == "en"


def test_an_unreadable_body_and_a_wrong_method_say_what_is_accepted(client: TestClient) -> None:
    r = client.post("/api/play/state", content=b'{"game": ', headers={"content-type": "text/plain"})
    assert r.status_code in (400, 422) and r.json()["error"]["kind"] == "invalid_option"
    r = client.delete("/api/games")
    assert r.status_code == 405 and r.json()["error"]["kind"] == "error"
    assert "use GET" in r.json()["error"]["message"]


def test_a_bad_boolean_and_a_bad_language_are_refused_in_nimlabs_words(
    client: TestClient,
) -> None:
    # misere: null in a play body came back as pydantic's "Input should be a valid boolean",
    # quoted in English inside the Japanese; lang=fr as "Input should be 'en' or 'ja'".
    for value in (None, [], {}, 1.5):
        for lang, said in (("ja", "misere: true か false で与えてください"), ("en", "misere: ")):
            body = {"game": "kayles", "start": "7", "misere": value, "lang": lang}
            r = client.post("/api/play/state", json=body)
            assert r.status_code == 422
            message = _error(r.json())["message"]
            assert message.startswith(said) and "Input should" not in message, message
    english = _error(
        client.post("/api/play/state", json={"game": "kayles", "start": "7", "misere": None}).json()
    )
    assert english["message"] == "misere: true or false is accepted"
    r = client.get("/api/explain", params={"game": "kayles", "position": "7", "lang": "fr"})
    assert r.status_code == 422
    message = _error(r.json())["message"]
    assert message == "lang: one of 'en' or 'ja' is accepted, got fr", message


def test_a_long_japanese_refusal_comes_back_whole(client: TestClient) -> None:
    # Every run of over 60 characters without a space was cut: a Japanese sentence has none.
    heaps = ",".join(str(h) for h in range(9000, 9399))  # an N-position: 3.7 M options
    params = {"game": "octal:0.75", "position": heaps, "misere": "true", "lang": "ja"}
    r = client.get("/api/analyze", params=params)
    assert r.status_code == 413
    message = _error(r.json())["message"]
    assert "必要があります（nimlab.misere.outcome はそれなしで答えます）" in message, message
    assert "3,670,002 の山の選択肢が必要で" in message  # not "のoptions of the heapsが"
    english = client.get("/api/analyze", params={**params, "lang": "en"})
    message = _error(english.json())["message"]
    assert message.endswith("(server operator: nimlab serve --max-states raises the limit)")

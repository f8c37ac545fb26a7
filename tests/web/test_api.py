"""The JSON API over HTTP: the CLI's shapes, caps in the schema, 4xx for every bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

import nimlab
from contract import SPARSE_KEYS
from nimlab.web import jobs


def get(client: TestClient, path: str, **params: Any) -> Any:
    response = client.get(path, params=params)
    assert response.headers["content-type"].startswith("application/json")
    return response


def assert_error(response: Any, status: int, kind: str, field: str | None) -> str:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert (error["kind"], error["field"]) == (kind, field)
    assert "\n" not in error["message"] and "Traceback" not in error["message"]
    return str(error["message"])


def test_endpoints_mirror_the_command_line(client: TestClient) -> None:
    assert get(client, "/api/analyze", game="wythoff", position="4,6").json() == jobs.analyze(
        "wythoff", "4,6"
    )
    seq = get(client, "/api/sequence", game="subtraction:2,4,7", to=14).json()
    assert seq == {
        "game": "subtraction:2,4,7",
        "values": [0, 0, 1, 1, 2, 2, 0, 3, 1, 0, 2, 1, 0, 2],
    }
    period = get(client, "/api/period", game="subtraction:2,4,7").json()
    assert (period["preperiod"], period["period"], period["saltus"], period["proven"]) == (
        8,
        3,
        0,
        True,
    )
    table = get(client, "/api/table", game="delete-nim:single", size=3).json()
    assert table == {
        "game": "delete-nim:single",
        "origin": 1,
        "rows": [[0, 1, 0], [1, 1, 2], [0, 2, 0]],
    }
    pp = get(client, "/api/ppositions", game="wythoff", heaps=2, max=7).json()
    assert pp["positions"] == [[0, 0], [1, 2], [3, 5], [4, 7]]
    games = get(client, "/api/games").json()["games"]
    assert {g["name"] for g in games} >= {"nim", "wythoff", "split-delete-nim", "delete-nim"}
    assert get(client, "/api/game", game="kayles").json()["game"] == "octal:0.77"
    assert get(client, "/api/moves", game="nim", position="1").json()["moves"] == [
        {"to": "0", "move": "take 1 from the heap of 1"}
    ]


def test_misere_and_sums(client: TestClient) -> None:
    misere = get(client, "/api/analyze", game="nim", position="1,1", misere="true").json()
    assert misere["outcome"] == "N"
    total = get(client, "/api/analyze", game="nim + kayles", position="3,4 + 5").json()
    assert total["position"] == "3,4 + 5"


def test_bad_input_is_a_4xx_naming_the_field(client: TestClient) -> None:
    assert "did you mean 'nim'" in assert_error(
        get(client, "/api/analyze", game="nimm", position="3"), 400, "invalid_game", "game"
    )
    assert_error(
        get(client, "/api/analyze", game="nim", position="3,-1"),
        400,
        "invalid_position",
        "position",
    )
    assert_error(get(client, "/api/analyze", game="nim"), 422, "invalid_option", "position")
    assert_error(get(client, "/api/table", game="nim", size="x"), 422, "invalid_option", "size")
    assert_error(get(client, "/api/table", game="nim", size=10**30), 422, "invalid_option", "size")
    assert_error(get(client, "/api/table", game="nim", size=101), 422, "invalid_option", "size")
    assert_error(get(client, "/api/sequence", game="wythoff", to=5), 400, "not_applicable", "game")
    assert_error(
        get(client, "/api/ppositions", game="split-delete-nim:half", heaps=3, max=5),
        400,
        "not_applicable",
        "heaps",
    )
    assert_error(
        get(client, "/api/analyze", game="nim", position="9" * 5000),
        422,
        "invalid_option",
        "position",
    )
    assert_error(
        get(client, "/api/analyze", game="nim", position="1" * 3000 + ",1"),
        422,
        "invalid_option",
        "position",
    )


def test_work_over_the_limits_is_refused_quickly(client: TestClient) -> None:
    message = assert_error(
        get(client, "/api/analyze", game="split-delete-nim:single", position="30,40,50,60"),
        413,
        "too_large",
        None,
    )
    assert "states" in message
    # A hostile position that would hang or exhaust memory in a plain process:
    hang = ",".join(["2"] * 40)
    assert_error(
        get(client, "/api/analyze", game="split-delete-nim:half", position=hang),
        413,
        "too_large",
        None,
    )
    huge = ",".join(["10000000000"] * 6)  # no theorem: the rules would list 10^60 splits
    assert_error(
        get(client, "/api/analyze", game="split-delete-nim:half", position=huge),
        413,
        "too_large",
        None,
    )
    assert get(client, "/api/analyze", game="nim", position="3,4,5").status_code == 200


def test_unknown_paths_and_methods_answer_json(client: TestClient) -> None:
    assert_error(client.get("/api/nothing"), 404, "not_found", None)
    response = client.post("/api/analyze", json={})
    assert response.status_code == 405 and response.json()["error"]["kind"] == "error"
    assert response.headers["allow"] == "GET"  # found by the web audit: it was missing


def test_the_schema_documents_every_endpoint_and_its_caps(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    for path in (
        "/api/games",
        "/api/analyze",
        "/api/sequence",
        "/api/period",
        "/api/table",
        "/api/ppositions",
    ):
        assert "get" in paths[path], path
    size = next(p for p in paths["/api/table"]["get"]["parameters"] if p["name"] == "size")
    assert size["schema"]["maximum"] == 100
    assert "413" in paths["/api/analyze"]["get"]["responses"]


text = st.text(st.characters(codec="utf-8"), max_size=40) | st.sampled_from(
    [
        "nim",
        "wythoff",
        "kayles",
        "subtraction:2,4,7",
        "fibonacci-nim",
        "delete-nim:half",
        "1,2",
        "-5",
        "1e9",
        "99999999999999999999",
    ]
)
numbers = st.integers(-(10**20), 10**20).map(str) | text


@given(
    endpoint=st.sampled_from(
        ["analyze", "sequence", "period", "table", "ppositions", "moves", "game"]
    ),
    game=text,
    position=text,
    number=numbers,
    other=numbers,
    misere=st.sampled_from(["false", "true", "1", "maybe"]),
)
def test_hostile_parameters_never_cause_a_server_error(
    client: TestClient,
    endpoint: str,
    game: str,
    position: str,
    number: str,
    other: str,
    misere: str,
) -> None:
    params = {
        "game": game,
        "position": position,
        "to": number,
        "size": number,
        "heaps": number,
        "max": other,
        "max_length": other,
        "misere": misere,
    }
    response = client.get(f"/api/{endpoint}", params=params)
    assert response.status_code < 500 or response.status_code == 503, response.text
    if response.status_code >= 400:
        error = response.json()["error"]
        assert error["kind"] and error["message"]


def test_misere_is_answered_not_ignored(client: TestClient) -> None:
    # Regression: misere=true was silently ignored by /api/sequence, /api/period and
    # /api/explain (normal-play answers; explain recommended a losing move).
    explained = get(client, "/api/explain", game="nim", position="1,1,2", misere="true").json()
    moves = explained["steps"][-1]["data"]["moves"]
    assert [m["to"] for m in moves] == ["1,1,1"]
    seq = get(client, "/api/sequence", game="nim", to=4, misere="true").json()
    assert seq == {"game": "nim", "values": [1, 0, 2, 3], "misere": True}
    period = get(client, "/api/period", game="subtraction:1,2,3", misere="true").json()
    # proven now (it was observed): the misère window criterion, named as such
    assert period["misere"] is True and period["proven"] is True and period["period"] == 4
    assert period["criterion"].startswith("window criterion on the misère values")
    kayles = get(client, "/api/period", game="kayles", misere="true", max_length=64).json()
    assert kayles["proven"] is False and kayles["criterion"] is None  # splits: no criterion


def test_misere_answers_say_so_in_every_endpoint(client: TestClient) -> None:
    """/api/table and /api/ppositions dropped the "misere" their jobs set (the response
    models had no such field), and /api/analyze never had one: a misère answer read alone
    looked like normal play."""
    for path, params in (
        ("/api/analyze", {"position": "1,1"}),
        ("/api/table", {"size": 2}),
        ("/api/ppositions", {"heaps": 2, "max": 2}),
    ):
        misere = get(client, path, game="nim", misere="true", **params).json()
        normal = get(client, path, game="nim", **params).json()
        assert misere["misere"] is True and "misere" not in normal, path
        assert misere == getattr(jobs, path.rsplit("/", 1)[1])("nim", misere=True, **params)
    assert (
        get(client, "/api/analyze", game="nim", position="1,1", misere="true").json()["outcome"]
        == "N"
    )


def test_wythoff_small_positions_have_a_grundy_value() -> None:
    # Regression: /api/analyze for wythoff 50,60 returned grundy null (the CLI gives 26).
    # Run in this process with the web's limits (a worker's 2 s on a busy machine would
    # make the test depend on the load); the job is what the worker runs.
    from nimlab.web.config import WebConfig

    saved = jobs.config()
    jobs.configure(WebConfig(max_states=200_000, remoteness_states=25_000, time_limit=60.0))
    try:
        answer = jobs.analyze("wythoff", "50,60")
    finally:
        jobs.configure(saved)
    assert answer["grundy"] == 26 and answer["remoteness"] == 21


def test_sparse_facts_are_present_with_the_structure_and_absent_without(
    client: TestClient,
) -> None:
    seq = get(client, "/api/sequence", game="grundy-game", to=232).json()
    # The web app judges the mask on the values asked for (no longer window: its time limit).
    assert (seq["sparse"]["mask"], seq["sparse"]["rare_count"], seq["sparse"]["judged_on"]) == (
        6,
        46,
        232,
    )
    assert "sparse" not in get(client, "/api/sequence", game="nim", to=100).json()
    period = get(client, "/api/period", game="kayles").json()
    assert period["sparse"]["rare_positions"] == [0, 3, 6, 11, 18, 22, 28, 34, 39, 70]
    assert period["misere"] is False and period["criterion"].startswith("Guy–Smith")
    plain = get(client, "/api/period", game="subtraction:2,4,7").json()
    assert "sparse" not in plain and plain["misere"] is False
    schema = client.get("/openapi.json").json()["components"]["schemas"]
    assert list(schema["SparseOut"]["properties"]) == SPARSE_KEYS


def test_a_game_longer_than_the_cap_once_written_out_is_refused_by_every_route(
    client: TestClient,
) -> None:
    """Found by the web audit: 1,600 characters of ``kayles+kayles…`` were answered by
    ``/api/analyze`` but refused by play and the game page as over 2,000 characters (the
    canonical spec they send on is longer). Every route now refuses it, saying why."""
    game = "+".join(["kayles"] * 228)
    assert len(game) < 2_000 < len(nimlab.game(game).spec)
    position = "+".join(["1"] * 228)
    analyze = get(client, "/api/analyze", game=game, position=position)
    message = assert_error(analyze, 400, "invalid_option", "game")
    assert "written out canonically" in message and "2,000" in message
    played = client.post(
        "/api/play/state",
        json={"game": game, "start": position, "moves": [], "first": "you", "level": "perfect"},
    )
    assert "written out canonically" in assert_error(played, 400, "invalid_option", "game")
    page = client.get("/game", params={"game": game, "position": position})
    assert page.status_code == 400 and "written out canonically" in page.text


def test_a_number_python_will_not_read_in_a_body_is_named(client: TestClient) -> None:
    """Found by the web audit of 2026-11-28: a seed of 4,301 digits (valid JSON) was "the body
    cannot be read: send a JSON object with Content-Type: application/json"."""
    body = '{"game": "nim", "start": "3", "seed": ' + "9" * 4301 + "}"
    said = ("more than 4,300 digits", "4,300 桁を超えています")
    posted_in_both_languages(client, body.encode(), 400, *said)


def posted_in_both_languages(
    client: TestClient, body: bytes, status: int, english: str, japanese: str
) -> list[dict[str, Any]]:
    """The errors a play body gets in English and in Japanese, each checked to say ``said``."""
    errors = []
    for lang, said in (("en", english), ("ja", japanese)):
        r = client.post(
            f"/api/play/state?lang={lang}",
            content=body,
            headers={"content-type": "application/json"},
        )
        assert r.status_code == status, r.text
        errors.append(r.json()["error"])
        assert said in errors[-1]["message"], errors[-1]
    client.cookies.clear()
    return errors


@pytest.mark.parametrize(
    ("body", "english", "japanese"),
    [
        (
            b'{"game": "nim", "start": "3", "seed": 1e400}',
            "seed: a finite number is accepted, not NaN or infinity, got inf",
            "有限の数で与えてください",
        ),
        (
            b'{"game": "nim", "start": "3", "seed": NaN}',
            "seed: a finite number is accepted, not NaN or infinity, got nan",
            "有限の数で与えてください",
        ),
        (
            b'{"game": "\\ud800", "start": "3"}',
            "game: text of valid Unicode is accepted (a lone surrogate is not), got ?",
            "正しい Unicode の文字列で与えてください",
        ),
    ],
)
def test_non_finite_numbers_and_lone_surrogates_in_nimlab_s_words(
    client: TestClient, body: bytes, english: str, japanese: str
) -> None:
    """Found by the web audit of 2026-11-28: pydantic's English ("Input should be a finite
    number"), quoted inside the Japanese; an echoed lone surrogate cannot be sent as UTF-8."""
    posted_in_both_languages(client, body, 422, english, japanese)


@pytest.mark.parametrize(
    ("body", "english", "japanese"),
    [
        (b"", "a body is required: a JSON object", "本文が必要です"),
        (
            b"{bad",
            "the body is not valid JSON (at character 1)",
            "JSON として読めません（1 文字目）",
        ),
    ],
)
def test_a_missing_or_broken_body_says_so(
    client: TestClient, body: bytes, english: str, japanese: str
) -> None:
    """Found by the web audit: no body answered "is required" (what?), broken JSON named a
    field "1" (the offset)."""
    errors = posted_in_both_languages(client, body, 422, english, japanese)
    assert all(error["field"] is None for error in errors), errors


@pytest.mark.parametrize(
    ("field", "value", "english", "japanese"),
    [
        ("seed", "3", "seed: an integer is accepted, got 3", "整数で与えてください"),
        ("seed", True, "seed: an integer is accepted, got True", "整数で与えてください"),
        ("misere", "true", "misere: true or false is accepted, got true", "true か false"),
        ("misere", 1, "misere: true or false is accepted, got 1", "true か false"),
    ],
)
def test_a_play_body_takes_numbers_and_booleans_as_json_writes_them(
    client: TestClient, field: str, value: Any, english: str, japanese: str
) -> None:
    """Left by the web audit of 2026-11-28: pydantic's lax mode took ``"seed": "3"`` as 3
    and ``"misere": "true"`` or ``1`` as true; a JSON body says a number or a boolean."""
    body = json.dumps({"game": "kayles", "start": "7", field: value}).encode()
    errors = posted_in_both_languages(client, body, 422, english, japanese)
    assert all(error["field"] == field for error in errors), errors
    for good in (7, 0, 7.0) if field == "seed" else (True, False):
        r = client.post("/api/play/state", json={"game": "kayles", "start": "7", field: good})
        assert r.status_code == 200, r.text


@pytest.mark.parametrize(
    "args",
    [
        ["subtraction:2,4,7"],
        ["kayles"],
        ["kayles", "--misere", "--max-length", "20"],
        ["subtraction:2,4,7", "--misere"],
        ["octal:0.6", "--max-length", "300"],
    ],
)
def test_the_period_endpoint_answers_what_period_json_prints(
    client: TestClient, args: list[str]
) -> None:
    """Left by the web audit of 2026-11-28: ``/api/period`` had ``criterion`` and
    ``misere`` keys that ``nimlab period --json`` lacked."""
    import io

    from nimlab.cli.main import main

    out = io.StringIO()
    assert main(["period", *args, "--json"], out) == 0
    printed = json.loads(out.getvalue())
    params: dict[str, Any] = {"game": args[0], "misere": "--misere" in args}
    if "--max-length" in args:
        params["max_length"] = args[-1]
    assert get(client, "/api/period", **params).json() == printed
    assert printed["misere"] is ("--misere" in args)
    assert (printed["criterion"] is None) is (not printed["proven"])

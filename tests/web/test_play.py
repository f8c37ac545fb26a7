"""Play over HTTP: stateless games checked move by move, the computer's levels, hint, undo."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from nimlab.web import play


def body(**changes: Any) -> dict[str, Any]:
    game = {"game": "nim", "start": "1,2,3", "moves": [], "first": "you", "level": "perfect"}
    return game | changes


def post(client: TestClient, action: str, status: int = 200, **changes: Any) -> Any:
    response = client.post(f"/api/play/{action}", json=body(**changes))
    assert response.status_code == status, response.text
    return response.json()


def test_state_describes_the_game(client: TestClient) -> None:
    state = post(client, "state")["state"]
    assert (state["position"], state["turn"], state["over"], state["play"]) == (
        "1,2,3",
        "you",
        False,
        "take",
    )
    assert state["heaps"] == [1, 2, 3] and len(state["legal"]) == 6
    assert state["history"] == [
        {
            "position": "1,2,3",
            "by": None,
            "move": None,
            "to_move": "you",
            "outcome": "P",
            "remoteness": 6,
        }
    ]


def test_a_move_gets_the_perfect_reply_with_its_reason(client: TestClient) -> None:
    out = post(client, "move", start="3,4,5", to="1,4,5")
    assert out["state"]["moves"][0] == "1,4,5" and len(out["state"]["moves"]) == 2
    assert out["reply"]["why"].startswith("every move loses")  # 1,4,5 is a P-position
    typed = post(client, "move", start="3,4,5", to="take 2 from 3")
    assert typed["state"]["moves"][0] == "1,4,5"


def test_the_perfect_computer_wins_from_a_p_position(client: TestClient) -> None:
    moves: list[str] = []
    state = post(client, "state", moves=moves)["state"]
    while not state["over"]:
        mine = state["legal"][-1]["to"]  # any move: the position is lost
        state = post(client, "move", moves=moves, to=mine)["state"]
        moves = state["moves"]
    assert state["winner"] == "computer" and state["history"][-1]["remoteness"] == 0
    assert [h["outcome"] for h in state["history"]] == ["P", "N"] * (len(moves) // 2) + ["P"]


def test_the_computer_moves_first_when_asked(client: TestClient) -> None:
    out = post(client, "computer", start="3,4,5", first="computer")
    assert out["state"]["moves"] == ["1,4,5"] and out["state"]["turn"] == "you"
    post(client, "computer", 400, start="3,4,5", first="you")


def test_random_levels_are_reproducible_from_the_seed(client: TestClient) -> None:
    replies = {
        post(client, "computer", start="9,9,9", first="computer", level="random", seed=7)["reply"][
            "to"
        ]
        for _ in range(3)
    }
    assert len(replies) == 1


def test_hint_undo_explain(client: TestClient) -> None:
    hint = post(client, "hint", start="3,4,5")
    assert hint["hint"]["to"] == "1,4,5" and hint["outcome"] == "N"
    lost = post(client, "hint")
    assert lost["hint"] is None and lost["best"]["to"]
    undone = post(client, "undo", start="3,4,5", moves=["1,4,5", "0,4,5"])["state"]
    assert undone["moves"] == [] and undone["turn"] == "you"
    post(client, "undo", 400)
    steps = post(client, "explain", start="3,4,5", lang="ja")["explanation"]["steps"]
    assert steps[0]["kind"] == "nim-sum" and "ニム和" in steps[0]["text"]


def test_explain_answers_what_the_command_line_prints() -> None:
    command = [sys.executable, "-m", "nimlab", "explain", "wythoff", "4,6", "--lang", "ja"]
    out = subprocess.run([*command, "--json"], capture_output=True, text=True, check=True)
    assert play.explain("wythoff", "4,6", "ja") == json.loads(out.stdout)


def test_explain_endpoint(client: TestClient) -> None:
    response = client.get("/api/explain", params={"game": "fibonacci-nim", "position": "31"})
    assert response.status_code == 200
    assert response.json()["steps"][0]["data"] or response.json()["steps"][0]["text"]


def test_illegal_games_are_refused_naming_the_move(client: TestClient) -> None:
    out = post(client, "state", 400, moves=["1,2,3"])
    assert out["error"]["kind"] == "illegal_move" and out["error"]["field"] == "moves.0"
    out = post(client, "move", 400, to="5,5,5")
    assert out["error"]["field"] == "to"
    out = post(client, "move", 400, moves=["0,2,3"], to="0,1,3")  # the computer's turn
    assert "turn" in out["error"]["message"]
    out = post(client, "state", 422, level="godlike")
    assert out["error"]["field"] == "level"
    out = post(client, "state", 422, extra=1)
    assert out["error"]["kind"] == "invalid_option"
    over = post(client, "move", 400, start="0,0", to="0,0")
    assert "over" in over["error"]["message"]


@pytest.mark.parametrize(
    "spec",
    [
        "kayles",
        "grundy-game",
        "split-delete-nim:single",
        "wythoff",
        "fibonacci-nim",
        "nim + kayles",
    ],
)
def test_every_kind_of_game_can_be_played(client: TestClient, spec: str) -> None:
    state = post(client, "state", game=spec, start=play.jobs.describe(spec)["example"])["state"]
    assert state["legal"]
    out = post(client, "move", game=spec, start=state["start"], to=state["legal"][0]["to"])
    assert out["state"]["moves"][0] == state["legal"][0]["to"]


@given(
    moves=st.lists(st.text(max_size=12), max_size=4),
    to=st.text(max_size=12),
    start=st.text(max_size=12) | st.sampled_from(["3,4,5", "1,2", "7"]),
    game=st.sampled_from(["nim", "wythoff", "kayles", "fibonacci-nim", "delete-nim:half", "x"]),
    action=st.sampled_from(["state", "move", "computer", "hint", "undo", "explain"]),
)
def test_hostile_play_bodies_never_cause_a_server_error(
    client: TestClient, moves: list[str], to: str, start: str, game: str, action: str
) -> None:
    payload = body(game=game, start=start, moves=moves, to=to)
    if action != "move":
        payload.pop("to")
    response = client.post(f"/api/play/{action}", json=payload)
    assert response.status_code < 500 or response.status_code == 503, response.text


def test_malformed_json_is_a_422(client: TestClient) -> None:
    response = client.post(
        "/api/play/state", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert response.status_code == 422 and response.json()["error"]["kind"] == "invalid_option"
    response = client.post("/api/play/state", json={"game": "nim", "start": "1", "moves": "1,2"})
    assert response.status_code == 422 and response.json()["error"]["field"] == "moves"


def test_a_body_that_is_no_json_object_says_what_to_send(client: TestClient) -> None:
    """A JSON array, or JSON sent as text/plain, was answered in pydantic's words ("Input
    should be a valid dictionary or object to extract fields from"; web audit)."""
    for content, kind in ((b'["nim"]', "application/json"), (b'{"game": "nim"}', "text/plain")):
        response = client.post("/api/play/state", content=content, headers={"content-type": kind})
        error = response.json()["error"]
        assert response.status_code == 422 and "must be a JSON object" in error["message"]
        assert "Content-Type: application/json" in error["message"]
    ja = client.post("/api/play/state?lang=ja", content=b"[1]",
                     headers={"content-type": "application/json"})  # fmt: skip
    assert "JSON のオブジェクト" in ja.json()["error"]["message"]


def test_moves_and_reasons_are_in_the_players_language(client: TestClient) -> None:
    out = post(client, "move", start="3,4,5", to="1,4,5", lang="ja")
    assert out["state"]["history"][1]["move"] == "3 個の山から 2 個取る"
    assert out["reply"]["move"].endswith("個取る") and "最善" in out["reply"]["why"]
    assert all("個" in m["move"] for m in out["state"]["legal"])


def test_a_sum_is_drawn_as_one_board_per_component(client: TestClient) -> None:
    state = post(client, "state", game="nim + fibonacci-nim", start="3,4 + 12")["state"]
    assert [(b["game"], b["position"], b["play"], b["heaps"]) for b in state["boards"]] == [
        ("nim", "3,4", "take", [3, 4]),
        ("take-away:2", "12/11", "take", [12]),
    ]
    assert state["boards"][1]["multiplier"] == 2 and state["boards"][1]["limit"] == 11
    big = post(client, "state", game="wythoff", start=f"{10**20},{2 * 10**20}")["state"]
    assert big["boards"][0]["position"] == f"{10**20},{2 * 10**20}"  # exact for the page


def test_misere_play_through_the_api(client: TestClient) -> None:
    # Misère play (whoever makes the last move loses) through the same play endpoints.
    body = {"game": "nim", "start": "1,1,2", "moves": [], "misere": True}
    hint = client.post("/api/play/hint", json=body).json()
    assert hint["hint"]["to"] == "1,1,1" and hint["outcome"] == "N"
    reply = client.post("/api/play/move", json=body | {"to": "1,1,1"}).json()
    assert reply["reply"]["to"] == "0,1,1" and reply["state"]["misere"] is True
    end = client.post(
        "/api/play/move", json=body | {"moves": ["1,1,1", "0,1,1"], "to": "0,0,1"}
    ).json()
    assert end["state"]["over"] and end["state"]["winner"] == "you"


def test_a_long_history_is_charted_within_the_time_limit(client: TestClient) -> None:
    # Every position of the history is analysed for the chart; each analysis used to get
    # the whole time limit, so 118 moves of Kayles ran past the server's hard timeout.
    moves = [f"{a},90" for a in range(89, 30, -1)] + [f"31,{b}" for b in range(89, 30, -1)]
    state = post(client, "state", game="kayles", start="90,90", moves=moves)["state"]
    assert len(state["history"]) == 119 and state["history"][-1]["position"] == "31,31"
    assert state["history"][-1]["outcome"] == "P"  # the latest positions are charted first


def test_a_game_that_could_not_be_played_is_refused_at_its_start(client: TestClient) -> None:
    # found by the web audit: grundy-game 50000 started, then every move and hint was refused
    # ("raise the limit with nimlab serve --max-states")
    big = post(client, "state", 413, game="grundy-game", start="50000")["error"]
    assert big["kind"] == "too_large" and big["field"] == "start"
    assert "too big for the computer to play perfectly" in big["message"]
    assert "level random" in big["message"] and "--max-states" not in big["message"]
    assert post(client, "state", game="grundy-game", start="50000", level="random")["state"]
    ja = client.post("/api/play/state?lang=ja", json=body(game="grundy-game", start="50000"))
    assert "大きすぎて" in ja.json()["error"]["message"]


def test_a_listed_move_of_a_three_heap_split_game_is_answered(client: TestClient) -> None:
    # found by the web audit: the move to 1,29,50 was refused over the server's state limit
    out = post(client, "move", game="split-delete-nim:single", start="30,40,50", to="1,29,50")
    assert out["state"]["moves"][0] == "1,29,50" and out["reply"]["why"].startswith("it leads")


def test_a_named_game_is_described_in_its_own_words(client: TestClient) -> None:
    # found by the web audit: Kayles showed only the octal code's rule ("bit 1 of d_k …")
    (rule,) = post(client, "state", game="kayles", start="5")["state"]["rules"]
    assert rule["title"] == "Kayles" and "knock down one pin" in rule["about"]
    assert rule["family"] == "octal" and "bit 1" in rule["rule"]


def test_a_target_no_move_reaches_is_refused_with_the_rule(client: TestClient) -> None:
    # found by the web audit: the page hid the refusal behind "not allowed here"; the
    # server's words listed moves to type by number, as the command line does
    out = post(client, "move", 400, game="grundy-game", start="8", to="4,4")["error"]
    assert out["field"] == "to" and out["kind"] == "illegal_move"
    assert out["message"] == (
        "to: 4,4 cannot be reached in one move from 8; "
        "the rule: split one heap into two unequal non-empty heaps"
    )
    limit = post(client, "move", 400, game="fibonacci-nim", start="10", to="0")["error"]
    assert "you may take 1 to 9 stones now (one heap: the first move" in limit["message"]
    ja = client.post("/api/play/move?lang=ja", json=body(game="kayles", start="9", to="6"))
    assert ja.json()["error"]["message"].startswith("to: 9 から 1 手で 6 には行けません。ルール:")
    typed = post(client, "move", 400, start="1,2,3", to="take 9 from 3")["error"]
    assert "is not a legal move" in typed["message"]  # typed, not clicked: as before

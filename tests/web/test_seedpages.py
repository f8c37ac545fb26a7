"""The seeds' boards as pages and jobs: answers, both languages, refusals."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from nimlab.web import seedboards
from nimlab.web.jobs import FieldError


def test_board_page_in_both_languages(client: TestClient) -> None:
    page = client.get("/board?game=wythoff&size=8&lang=en")
    assert page.status_code == 200
    assert page.text.count('class="cell-button') == 64
    assert "(4,6) can move to the ○ cell (3,5)" in page.text  # every step is listed
    ja = client.get("/board?game=wythoff&size=8&lang=ja").text
    assert "(4,6) からは1手で ○ のマス (3,5) へ行けるので" in ja
    assert "一番左下" in ja


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("game=kayles", "take from one heap or both"),
        ("game=grundy-game", "take from one heap or both"),
        ("game=take-away:2", "not played on two heaps"),
        ("game=nimm", "unknown game"),
    ],
)
def test_board_refusals_name_the_problem(client: TestClient, query: str, says: str) -> None:
    page = client.get("/board?lang=en&" + query)
    assert page.status_code == 400 and says in page.text


def test_board_size_is_capped(client: TestClient) -> None:
    assert client.get("/board?size=41").status_code in (400, 422)
    with pytest.raises(FieldError, match="size"):
        seedboards.board_steps("wythoff", 0)


def test_successors_page(client: TestClient) -> None:
    page = client.get("/successors?game=delete-nim:single&position=6,8&lang=en")
    assert page.status_code == 200
    assert page.text.count('class="here"') == 2 + 2 * 4  # this board and tables 1–4
    ja = client.get("/successors?game=delete-nim:single&position=6,8&lang=ja").text
    assert "表2: ワイトホフのゲーム" in ja and "1手で移れる局面" in ja
    # each listed position says P or N in letters, not by its colour alone (web audit)
    import re

    shown = re.findall(
        r'data-outcome="([PN?])".*?<small class="outcome">([PN?])</small>', page.text
    )
    assert shown and all(a == b for a, b in shown) and {a for a, _ in shown} == {"P", "N"}


@pytest.mark.parametrize(
    ("query", "kind"),
    [
        ("game=kayles + nim&position=1 + 2", "not a game of heaps"),
        ("game=delete-nim:half&position=3,4,5", "even number of heaps"),
        ("game=nim&position=x", "not"),
    ],
)
def test_successor_refusals(client: TestClient, query: str, kind: str) -> None:
    page = client.get("/successors?lang=en&" + query.replace("+", "%2B"))
    assert page.status_code == 400 and kind in page.text


def test_the_successor_list_is_cut_and_says_so() -> None:
    found = seedboards.successors("nim", "300,400")
    assert len(found["moves"]) == seedboards.LISTED and not found["complete"]
    assert found["grid"] is None  # too big to draw


def test_the_successor_list_stops_analysing_when_the_time_is_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each move's analysis used to swallow the time limit's refusal and go on to the next
    (grundy-game 1000000 ran to the server's hard timeout, and its worker was killed)."""
    from nimlab.solve import engine
    from nimlab.web import clock

    calls: list[object] = []
    real = engine.analyze
    monkeypatch.setattr(engine, "analyze", lambda *a, **k: calls.append(a) or real(*a, **k))
    clock.start(0.0)
    try:
        found = seedboards.successors("grundy-game", "1000")
    finally:
        clock.stop()
    assert found["moves"] and {m["outcome"] for m in found["moves"]} == {"?"}
    assert calls == []
    assert {m["outcome"] for m in seedboards.successors("grundy-game", "10")["moves"]} <= {"P", "N"}

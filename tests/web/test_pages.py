"""The pages: catalogue, game page (analysis, strip, board, heatmap, P-positions), docs, errors."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from nimlab.registry import FAMILIES


def page(client: TestClient, path: str, status: int = 200, **params: object) -> str:
    response = client.get(path, params=params) if params else client.get(path)
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("text/html")
    return response.text


def test_catalogue_lists_every_family_with_rule_seed_and_strategy(client: TestClient) -> None:
    html = page(client, "/")
    for family in FAMILIES.values():
        assert f'data-family="{family.name}"' in html
        assert family.strategy.replace("'", "&#39;") in html
    assert "Determining the winner of Split-and-delete Nim" in html  # seed 001's title
    assert "a finite set of positive integers" in html


def test_the_catalogue_in_japanese_says_the_parameters_in_japanese(client: TestClient) -> None:
    html = page(client, "/?lang=ja")
    client.cookies.clear()  # the page remembers the language: forget it for the other tests
    assert "正の整数の有限集合" in html and "1 以上の整数" in html
    assert "a finite set of positive integers" not in html and "an integer ≥ 1" not in html


def test_no_external_assets(client: TestClient) -> None:
    for path in ("/", "/docs", "/game?game=wythoff&position=4,6"):
        html = page(client, path)
        assert not re.search(r"""(src|href)=["']https?://""", html), path
    assert client.get("/static/style.css").status_code == 200


def test_game_page_analyses_and_links_the_winning_moves(client: TestClient) -> None:
    html = page(client, "/game", game="wythoff", position="6,4")
    assert 'id="outcome"' in html and "N — the player to move wins" in html
    assert 'data-to="3,5"' in html and "take 1 from both heaps, leaving (3, 5)" in html
    assert 'id="board"' in html and 'id="heatmap"' in html
    assert 'data-cell="3,5"' in html


def test_the_game_page_explains_in_the_visitors_language(client: TestClient) -> None:
    html = page(client, "/game", game="wythoff", position="1000,2000", lang="ja")
    assert 'id="explanation"' in html and "(1000, 618)" in html
    # Misère play is explained too now (it used to show only a "normal play only" note).
    misere = page(client, "/game", game="nim", position="1,2", misere="true", lang="en")
    assert 'id="explanation"' in misere and "Bouton" in misere
    assert 'id="explanation-note"' not in misere


def test_board_cells_link_to_their_analysis(client: TestClient) -> None:
    html = page(client, "/game", game="wythoff", position="4,6")
    link = re.search(r'<a href="([^"]+)" data-cell="1,2">', html)
    assert link is not None
    target = link.group(1).replace("&amp;", "&")
    assert "position=1%2C2" in target
    assert "P — the player to move loses" in page(client, target)


def test_one_heap_games_show_the_strip_with_period_marked(client: TestClient) -> None:
    html = page(client, "/game", game="subtraction:2,4,7", position="10")
    assert 'id="strip"' in html and "preperiod 8, period 3" in html
    assert "max(S)-window criterion" in html
    assert html.count("data-n=") == 48


def test_kayles_strip_reaches_past_the_preperiod(client: TestClient) -> None:
    html = page(client, "/game", game="kayles", position="5")
    assert "preperiod 71, period 12" in html and html.count("data-n=") == 71 + 36


def test_k_heap_games_list_their_p_positions(client: TestClient) -> None:
    html = page(client, "/game", game="split-delete-nim:single", position="1,3,3", max=8)
    assert 'id="ppositions"' in html and "P-positions with 3 heaps, every heap ≤ 8" in html
    assert '<li class="current"><a' in html  # 1,3,3 is a P-position
    assert "Table 9 of seed 001" in html
    # Past the cap on heaps (10) the section is left out: found by the web audit, it used to
    # refuse a "heaps" parameter the visitor never sent.
    html = page(client, "/game", game="nim", position=",".join(["1"] * 11))
    assert 'id="ppositions"' not in html and "heaps:" not in html and 'id="outcome"' in html


def test_take_away_shows_fresh_games(client: TestClient) -> None:
    html = page(client, "/game", game="fibonacci-nim", position="20")
    assert "fresh games of n stones" in html and 'id="board"' not in html


def test_bad_input_is_shown_on_the_page_with_a_4xx(client: TestClient) -> None:
    html = page(client, "/game", 400, game="nimm", position="3")
    assert "did you mean &#39;nim&#39;" in html
    html = page(client, "/game", 400, game="wythoff", position="1,2,3")
    assert 'data-field="position"' in html
    assert page(client, "/game", 422, game="nim", size="huge")
    assert "no such page" in page(client, "/nowhere", 404)


def test_a_position_off_the_board_still_gets_its_page(client: TestClient) -> None:
    html = page(client, "/game", game="wythoff", position="1000,2000")
    assert 'id="analysis"' in html and "lies outside this table" in html
    assert 'id="heatmap"' in html and "sq current" not in html


def test_japanese_is_chosen_and_remembered(client: TestClient) -> None:
    response = client.get("/", params={"lang": "ja"})
    assert "ゲーム一覧" in response.text and 'lang="ja"' in response.text
    assert response.cookies.get("lang") == "ja"
    html = client.get("/game", params={"game": "nim", "position": "3,4,5"}).text
    assert "必勝手" in html and "3 個の山から 2 個取る" in html
    client.cookies.clear()
    assert 'lang="en"' in client.get("/").text
    assert 'lang="ja"' in client.get("/", headers={"accept-language": "ja-JP"}).text


def test_docs_page_lists_every_endpoint_without_a_cdn(client: TestClient) -> None:
    html = page(client, "/docs")
    for path in ("/api/analyze", "/api/sequence", "/api/period", "/api/table", "/api/ppositions"):
        assert f"<code>{path}</code>" in html
    assert "integer, 1–100" in html


@given(
    game=st.text(max_size=30) | st.sampled_from(["nim", "wythoff", "kayles", "delete-nim:half"]),
    position=st.text(max_size=30) | st.sampled_from(["1,2", "3,4,5", "7", "1,1,1,1"]),
    size=st.sampled_from([None, "0", "5", "41", "x"]),
    n=st.sampled_from([None, "1", "300", "-2"]),
)
def test_hostile_page_parameters_never_cause_a_server_error(
    client: TestClient, game: str, position: str, size: str | None, n: str | None
) -> None:
    params = {"game": game, "position": position, "size": size, "n": n}
    response = client.get("/game", params={k: v for k, v in params.items() if v is not None})
    assert response.status_code < 500 or response.status_code == 503, response.text


def test_a_heap_past_sqlite_s_integers_is_refused_not_a_bug(client: TestClient) -> None:
    """Found by the web audit: 2^63 − 1 in a game with no closed form was a 500 on the API
    and a 400 "internal error" on the page (the tablebase's SQLite query overflowed)."""
    huge = str(2**63 - 1)
    api = client.get("/api/analyze", params={"game": "grundy-game", "position": huge})
    assert api.status_code == 413 and api.json()["error"]["kind"] == "too_large", api.text
    html = page(client, "/game", game="grundy-game", position=huge)
    assert "internal error" not in html


def test_a_bug_on_a_page_is_a_logged_500_not_the_visitor_s_mistake() -> None:
    import asyncio
    from types import SimpleNamespace
    from typing import Any

    import pytest

    from nimlab.web import pages, seedpages
    from nimlab.web.workers import JobError

    async def broken() -> Any:
        raise JobError("internal", "internal error in analyze (a bug: please report it)")

    async def refused() -> Any:
        raise JobError("invalid_position", "not a position")

    class Pool:
        async def run(self, job: str, **arguments: Any) -> Any:
            return await broken()

    request: Any = SimpleNamespace(app=SimpleNamespace(state=SimpleNamespace(pool=Pool())))
    with pytest.raises(JobError):
        asyncio.run(pages._attempt(broken()))
    with pytest.raises(JobError):
        asyncio.run(seedpages._run(request, "board_steps"))
    assert asyncio.run(pages._attempt(refused())).kind == "invalid_position"


def test_a_misere_game_page_keeps_to_misere_play_in_its_strip_and_forms(
    client: TestClient,
) -> None:
    """The strip showed normal-play values on a misère page (heap 1 said P beside G(1) = 1),
    and its form and the P-positions form dropped misère (web audit)."""
    from nimlab.solve.sequences import grundy_sequence

    html = page(client, "/game", game="kayles", position="3", misere="true", n="12", lang="en")
    assert "misère Grundy values G⁻(n)" in html
    strip = html[html.index('id="strip"') : html.index("</section>", html.index('id="strip"'))]
    shown = [int(v) for v in re.findall(r"class=\"v\">(\d+)</text>", strip)]
    assert shown == grundy_sequence("kayles", 12, misere=True).tolist()
    forms = re.findall(r"<form method=\"get\" action=\"/game\" class=\"inline\">.*?</form>", html,
                       re.S)  # fmt: skip
    assert forms and all('name="misere" value="true"' in form for form in forms)
    normal = page(client, "/game", game="kayles", position="3", n="12", lang="en")
    assert "Grundy values G(n) of a single heap" in normal and "G⁻(n)" not in normal
    normal_forms = re.findall(r"<form method=\"get\" action=\"/game\" class=\"inline\">.*?</form>",
                              normal, re.S)  # fmt: skip
    assert normal_forms and not any("misere" in form for form in normal_forms)


def test_a_named_game_page_is_headed_by_its_name(client: TestClient) -> None:
    """Kayles' page said "Octal games octal:0.77" and never "Kayles" (web audit)."""
    html = page(client, "/game", game="kayles", position="5", lang="en")
    assert re.search(r"<h1>Kayles <code", html) and "<title>Kayles octal:0.77 5" in html
    ja = page(client, "/game", game="kayles", position="5", lang="ja")
    assert "<h1>ケイレス(Kayles) <code" in ja
    other = page(client, "/game", game="octal:0.6", position="5", lang="en")
    assert "<h1>Octal games <code" in other


def test_a_position_beyond_the_largest_table_is_not_told_to_raise_the_size(
    client: TestClient,
) -> None:
    """wythoff 30,60 said "raise its size (at most 40)", which could never help (web audit)."""
    far = page(client, "/game", game="wythoff", position="30,60", lang="en")
    assert "beyond the largest table drawn here (40 × 40)" in far and "raise its size" not in far
    near = page(client, "/game", game="wythoff", position="3,30", size="10", lang="en")
    assert "raise its size (at most 40)" in near


def test_docs_page_describes_each_request_body(client: TestClient) -> None:
    """The POST /api/play/* sections listed only their responses, and defaults read as
    Python (``default False``; web audit)."""
    html = page(client, "/docs")
    section = html[html.index('id="POST-/api/play/move"') :]
    section = section[: section.index("</section>")]
    assert "Body (a JSON object)" in section
    for name in ("game", "start", "moves", "to", "level", "misere", "lang"):
        assert f"<code>{name}</code>" in section, name
    assert "default False" not in html and "default None" not in html
    assert "default false" in html


def test_a_misere_take_away_page_shows_no_strip_it_cannot_compute(client: TestClient) -> None:
    """The strip said "sequence --misere applies to heap games" on misère take-away pages,
    and showed normal-play values before that (review)."""
    html = page(client, "/game", game="fibonacci-nim", position="10", misere="true", lang="en")
    assert 'id="strip"' not in html and "applies to heap games" not in html
    assert 'id="strip"' in page(client, "/game", game="fibonacci-nim", position="10", lang="en")


def test_a_refused_position_keeps_the_games_title(client: TestClient) -> None:
    """A 400 page (a position the game does not have) dropped the family's title from its
    heading (web audit)."""
    html = page(client, "/game", status=400, game="wythoff", position="1,2,3", lang="en")
    assert "<h1>Wythoff&#39;s game <code" in html


# -- found by the browser audit of 2026-11-28 ------------------------------------------------


def test_a_refusal_that_names_what_it_refuses_drops_the_field_name(client: TestClient) -> None:
    """Before: "position: nim の局面 'x' が不正です", "game: unknown game 'xx'" (the request's
    field names, which the play page already dropped)."""
    html = page(client, "/game", 400, game="nim", position="3,x", lang="ja")
    said = re.search(r'<p class="error"[^>]*>(.*?)</p>', html, re.S)
    assert said and said.group(1).startswith("nim の局面 &#39;3,x&#39; が不正です"), said
    for path in ("/game", "/board", "/successors"):
        html = page(client, path, 400, game="xx", position="3", lang="en")
        said = re.search(r'<p class="error"[^>]*>(.*?)</p>', html, re.S)
        assert said and said.group(1).startswith("unknown game &#39;xx&#39;"), (path, said)


def test_the_web_points_to_its_own_list_of_games(client: TestClient) -> None:
    """Before: "(`nimlab games` lists every game)", a command the visitor cannot run."""
    for lang, listed in (("en", "the page /games lists every game"), ("ja", "/games のページで")):
        html = page(client, "/game", 400, game="nimx", position="3", lang=lang)
        assert listed in html and "nimlab games" not in html
        api = client.get("/api/analyze", params={"game": "nimx", "position": "3", "lang": lang})
        assert listed in api.json()["error"]["message"]


def test_a_misere_game_page_plays_misere_and_offers_no_normal_play_tables(
    client: TestClient,
) -> None:
    """Before: "Play from this position" started normal play, and the successor tables and
    the ○× board's construction (normal play's P and N) were offered from a misère page."""
    html = page(client, "/game", game="nim", position="1,1", misere="true", lang="en")
    assert 'href="/play?game=nim&amp;position=1%2C1&amp;misere=true"' in html
    assert 'id="steps-link"' not in html  # the ○× board is built for normal play
    normal = page(client, "/game", game="nim", position="1,1")
    assert 'href="/play?game=nim&amp;position=1%2C1"' in normal and 'id="steps-link"' in normal
    for misere, shown in (("true", False), ("false", True)):
        html = page(client, "/game", game="delete-nim:single", position="3,4", misere=misere)
        assert ('id="succ-link"' in html) is shown


def test_full_width_digits_are_named_as_such(client: TestClient) -> None:
    """Before: "heap '３' is not a non-negative integer" for a position typed with a Japanese
    input method."""
    for lang, said in (
        ("en", "it is in full-width characters; type 3,4,5 (the digits 0-9)"),
        ("ja", "全角文字で書かれています。半角で 3,4,5 と書いてください"),
    ):
        html = page(client, "/game", 400, game="nim", position="３，４、５", lang=lang)
        assert said in html
    html = page(client, "/game", 400, game="nim", position="3,²", lang="en")
    assert "heap &#39;²&#39; is not a non-negative integer" in html  # not full-width


def test_an_empty_game_in_a_play_body_is_refused_in_japanese(client: TestClient) -> None:
    """Before: "値が受け付けられません（String should have at least 1 character）"."""
    r = client.post("/api/play/state", json={"game": "", "start": "3", "lang": "ja"})
    assert r.status_code == 422
    assert r.json()["error"]["message"] == "game: 1 文字以上で与えてください", r.json()


def test_the_docs_page_gives_integer_bounds_whole_and_its_words_in_japanese(
    client: TestClient,
) -> None:
    """Before: the seed read "integer, 0.0–, default 0" (its exclusive maximum dropped) and
    the Japanese page said "default", "string", "integer", "boolean" and "array"."""
    html = page(client, "/docs", lang="en")
    assert "integer, 0–9223372036854775807, default 0" in html and "0.0" not in html
    assert "array, ≤ 1000 items" in html
    japanese = page(client, "/docs", lang="ja")
    section = japanese[japanese.index('id="POST-/api/play/move"') :]
    section = section[: section.index("</section>")]
    assert "整数, 0–9223372036854775807, 既定値 0" in section
    for english in ("default", "string", "integer", "boolean", "array"):
        assert english not in re.sub(r"<[^>]+>", " ", section), english


def test_each_small_form_of_the_game_page_keeps_what_the_others_chose(
    client: TestClient,
) -> None:
    """Before: sending the size form dropped n=100 (and each form the others' choices)."""
    html = page(client, "/game", game="kayles", position="5,7", n="100", size="30", lang="en")
    forms = re.findall(r'<form method="get" action="/game" class="inline">.*?</form>', html, re.S)
    strip = next(form for form in forms if 'name="n" id="strip-n"' in form)
    table = next(form for form in forms if 'id="two-size"' in form)
    assert '<input type="hidden" name="size" value="30">' in strip
    assert '<input type="hidden" name="n" value="100">' in table
    assert 'type="hidden" name="n"' not in strip and 'type="hidden" name="size"' not in table

"""explain(): one explanation per game, consistent with analyze, in English and Japanese."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import nimlab
from nimlab.errors import InvalidOption, TooLarge
from nimlab.explanations import Explanation, Step, explain
from nimlab.limits import Limits
from nimlab.solve.context import Context
from strategies import SPECS, positions

GAMES = {spec: nimlab.game(spec) for spec in SPECS}


@pytest.mark.parametrize("spec", SPECS)
@given(data=st.data())
def test_every_game_is_explained_consistently_with_analyze(spec: str, data: st.DataObject) -> None:
    g = GAMES[spec]
    p: Any = data.draw(positions(g))
    lang = data.draw(st.sampled_from(["en", "ja"]))
    e = explain(g, p, lang=lang)
    a = nimlab.analyze(g, p)
    assert (e.outcome, e.grundy, e.position, e.game) == (a.outcome, a.grundy, a.position, a.game)
    kinds = [s.kind for s in e.steps]
    assert kinds[-2:] == ["verdict", "move"] and len(kinds) >= 3
    assert all(s.text for s in e.steps)
    if a.winning_moves:
        assert a.winning_moves[0].to in e.steps[-1].text
    json.dumps(e.to_dict(), ensure_ascii=False)  # serialisable for the web app


def test_value_and_rendering() -> None:
    e = explain("nim", "1,2,3")
    assert isinstance(e, Explanation) and e.lang == "en" and "Bouton" in e.method
    text = e.text()
    assert (
        text.splitlines()[0]
        == "nim  1,2,3: P-position: the player to move loses (the previous player wins)"
    )
    assert "    ⊕     ──" in text and str(e) == text
    d = e.to_dict()
    assert set(d) == {"game", "position", "lang", "outcome", "grundy", "method", "steps"}
    assert d["steps"][0]["data"] == {"values": [1, 2, 3], "nim_sum": 0}
    step = Step("note", "hello", ("a",), {"x": 1})
    assert step.to_dict() == {"kind": "note", "text": "hello", "lines": ["a"], "data": {"x": 1}}


def test_japanese_uses_the_seeds_terms() -> None:
    text = explain("subtraction:2,4,7", "10", lang="ja").text()
    assert "先手必勝" in text and "グランディ数" in text and "必勝法" in text and "mex" in text
    assert "ニム和" in explain("nim", "3,4,5", lang="ja").text()
    assert "後手必勝" in explain("wythoff", "3,5", lang="ja").text()


def test_refusals() -> None:
    with pytest.raises(InvalidOption, match="en, ja"):
        explain("nim", "1", lang="fr")
    # Fresh caches: values computed by earlier tests would cost nothing.
    with pytest.raises(TooLarge, match="theorems cover nim"), Context():
        explain("grundy-game", "300,400", limits=Limits(max_states=500))


def test_huge_positions_are_explained_by_their_theorems() -> None:
    n = 10**50
    for spec, pos in [
        ("nim", f"{n},{n + 5}"),
        ("subtraction:1,2,3", str(n + 2)),
        ("fibonacci-nim", str(n)),
        ("take-le-prev", str(n)),
        ("take-away:4", f"{n}/7"),
        ("wythoff", f"{n},{3 * n}"),
        ("split-delete-nim:single", f"{n},{n}"),
        ("delete-nim:half", f"{n},{n + 1}"),
        ("split-delete-nim:half", f"{n},{n},{n},{n}"),
        ("nim + subtraction:1,2,3", f"{n} + {n}"),
    ]:
        e = explain(spec, pos)
        assert e.outcome in ("P", "N") and len(e.text()) < 20_000, spec

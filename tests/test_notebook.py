"""Notebook displays: every result renders, games read like their specs, ``game + game`` sums."""

from __future__ import annotations

import pytest

import nimlab
from strategies import SPECS


@pytest.mark.parametrize("spec", SPECS)
def test_a_games_repr_is_python_that_names_it(spec: str) -> None:
    g = nimlab.game(spec)
    assert repr(g) == f"nimlab.game({g.spec!r})"
    assert eval(repr(g), {"nimlab": nimlab}) == g
    assert g.spec in g._repr_markdown_()


def test_user_rulesets_read_clearly() -> None:
    def halve(n: int) -> list[int]:
        return [n // 2] if n else []

    shown = repr(nimlab.heap_game(halve, name="halving"))
    assert shown == "nimlab.heap_game(halve, name='halving')"

    class Countdown(nimlab.HeapRuleset):
        def heap_options(self, n: int) -> list[tuple[int, ...]]:
            return [(n - 1,)] if n else []

    assert repr(Countdown()) == "<Countdown 'Countdown'>"


def test_game_plus_game_is_the_sum() -> None:
    g = nimlab.game("nim") + nimlab.game("kayles")
    assert g == nimlab.game("nim + kayles")
    assert [c.spec for c in g.summands()] == ["nim", nimlab.game("kayles").spec]
    assert nimlab.game("nim") + g == nimlab.game("nim + nim + kayles")  # flattened
    assert nimlab.analyze(g, "3 + 5").grundy == 3 ^ 4
    with pytest.raises(TypeError):
        nimlab.game("nim") + 3  # type: ignore[operator]


def test_every_result_has_a_display() -> None:
    from nimlab.misere.genus import genus
    from nimlab.misere.quotient import quotient
    from nimlab.theory.verify import verify

    shown = {
        "analysis": nimlab.analyze("nim", "3,4,5")._repr_markdown_(),
        "periodicity": nimlab.periodicity("subtraction:2,4,7")._repr_markdown_(),
        "table": nimlab.grundy_table("wythoff", 4)._repr_html_(),
        "ppositions": nimlab.p_positions("wythoff", heaps=2, max_heap=7)._repr_markdown_(),
        "explanation": nimlab.explain("nim", "3,4,5")._repr_markdown_(),
        "sequence": nimlab.sequence("subtraction:2,4,7", 20)._repr_html_(),
        "plan": nimlab.plan("wythoff", "analyze", "1000,2000")._repr_markdown_(),
        "quotient": quotient("kayles", max_heap=6)._repr_markdown_(),
        "genus": genus("kayles", 6)._repr_markdown_(),
        "verification": verify(["nim"], bound=4)[0]._repr_markdown_(),
    }
    assert "take 2 from the heap of 3" in shown["analysis"]
    assert "```" in shown["explanation"] and "(nim-sum)" in shown["explanation"]
    assert shown["sequence"].count("<rect") == 20 and "0 0 1 1 2 2 0 3" in shown["sequence"]
    assert "background:" in shown["table"]  # a heat map
    assert "order" in shown["quotient"] and "| heap |" in shown["genus"]
    assert "agrees" in shown["verification"]


def test_sequence_result() -> None:
    s = nimlab.sequence("subtraction:squares", 30, start=20)
    assert s.tolist() == nimlab.grundy_sequence("subtraction:squares", 30, start=20).tolist()
    assert s[25] == 3 and len(s) == 10
    assert s.to_dict() == {"game": "subtraction:squares", "values": s.tolist(), "from": 20}
    with pytest.raises(IndexError):
        s[19]


def test_a_users_name_is_shown_in_markdown_not_run() -> None:
    # The name went into the Markdown raw: a notebook ran <script> and read *x* as emphasis.
    name = "<script>alert(1)</script>*x*"
    dead = nimlab.heap_game(lambda n: [], name=name)
    shown = [
        dead._repr_markdown_(),
        nimlab.analyze(dead, "3")._repr_markdown_(),
        nimlab.periodicity(dead)._repr_markdown_(),
        nimlab.p_positions(dead, 2, 3)._repr_markdown_(),
        nimlab.explain(dead, "3")._repr_markdown_(),
    ]
    for text in shown:
        assert "<script>" not in text and "*x*" not in text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;\\*x\\*" in text


def test_a_name_with_backticks_stays_inside_its_code_block() -> None:
    """Found by the API audit of 2026-11-28: a plan is a code block fenced by ```, and a
    user's name holding ``` closed it."""
    dead = nimlab.heap_game(lambda n: [], name="a```b")
    shown = nimlab.plan(dead, "sequence", stop=5)._repr_markdown_()
    fence = shown.split("\n", 1)[0]
    assert fence == "````" and shown.endswith("\n````") and shown.count("````") == 2
    assert "a```b" in shown


def test_an_empty_sequence_says_it_is_empty() -> None:
    # found by the same audit: "n = 0..-1"
    assert "none (from n = 0)" in nimlab.sequence("kayles", 0)._repr_html_()
    assert "n = 3..4" in nimlab.sequence("kayles", 5, start=3)._repr_html_()


def test_a_users_name_in_a_sum_or_a_move_is_shown_not_run() -> None:
    """A backtick in a component's name closed the sum's code span and let ``<img …>``
    through; a winning move's text ("in <img …> (component 1)") went in raw (helper audit)."""
    for name in ("a` <img src=x onerror=alert(1)> `b", "<img src=x onerror=alert(1)>"):
        g = nimlab.heap_game(lambda n: [n - 1] if n else [], name=name) + nimlab.game("nim")
        shown = [g._repr_markdown_(), nimlab.analyze(g, "2 + 1")._repr_markdown_()]
        for text in shown:
            assert "<img" not in text and "&lt;img" in text
            own = text.replace("\\`", "").replace("(shape `sum`)", "")
            assert "`" not in own  # no code span a name can close

"""Methods are values; their words in each language come from renderers kept side by side."""

from __future__ import annotations

import pytest

import nimlab
from nimlab.solve.methods import (
    COMPILED_GRUNDY,
    MEX,
    RENDERERS,
    SEARCH_PART,
    Method,
    criterion_method,
    kernel_p_positions,
    kernel_table,
    render_method,
    search_method,
    sprague_grundy,
    value_source,
)

EXAMPLES = [
    MEX,
    COMPILED_GRUNDY,
    SEARCH_PART,
    search_method(10),
    search_method(10, misere=True),
    sprague_grundy("components", (MEX, SEARCH_PART)),
    value_source("the proven period of the Grundy sequence", "グランディ数列の証明済みの周期"),
    kernel_table("two-heap Grundy table"),
    kernel_p_positions(3, 100),
    criterion_method("guy-smith", 2, "Guy–Smith criterion (t = 2)"),
    Method("period", "values read off a proven period"),
    Method("observed", "observed"),
    nimlab.analyze("wythoff", "4,6").how,
]


def test_every_kind_of_method_has_words_in_both_languages() -> None:
    # Delete the Japanese renderer of one kind: this fails, naming the kind.
    for kind, words in RENDERERS.items():
        assert set(words) == {"en", "ja"}, kind
    kinds = {m.kind for m in EXAMPLES if m is not None}
    assert kinds == set(RENDERERS), kinds ^ set(RENDERERS)
    for method in EXAMPLES:
        assert method is not None
        for lang in ("en", "ja"):
            assert render_method(method, lang), (method.name, lang)


@pytest.mark.parametrize(
    ("spec", "position"),
    [("nim", "3,4,5"), ("kayles", "30,40"), ("wythoff", "1000,2000"), ("nim + kayles", "3 + 4")],
)
def test_the_english_method_of_an_analysis_is_its_values_words(spec: str, position: str) -> None:
    a = nimlab.analyze(spec, position)
    assert a.how is not None and a.method == render_method(a.how, "en")
    assert a.to_dict()["method"] == a.method  # the JSON contract keeps the words


def test_a_search_of_one_position_says_position() -> None:
    # found by the audit of 2026-11-28: "(1 positions)"
    one = nimlab.analyze("delete-nim:all-but-one", "2,2,2")
    assert one.method.endswith("(1 position)")
    assert nimlab.analyze("split-delete-nim:single", "1,2,2,3,3").method.endswith("(12 positions)")

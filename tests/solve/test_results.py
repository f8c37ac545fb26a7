"""Result values: JSON shapes exactly as PRODUCT.md §3 gives them."""

from __future__ import annotations

import numpy as np
import pytest

import nimlab
from contract import ANALYSIS_KEYS


def test_analysis_to_dict_has_exactly_the_contract_keys() -> None:
    d = nimlab.analyze("nim", "3,4,5").to_dict()
    assert list(d) == ANALYSIS_KEYS
    assert d["winning_moves"] == [{"to": "1,4,5", "move": "take 2 from the heap of 3"}]
    assert "3,4,5" in nimlab.analyze("nim", "3,4,5")._repr_markdown_()


def test_periodicity_repr_and_dict() -> None:
    p = nimlab.periodicity("subtraction:2,4,7")
    assert repr(p) == "Periodicity(8, 3, 0, proven=True)"
    assert set(p.to_dict()) == {"game", "preperiod", "period", "saltus", "proven", "checked_to"}


def test_table_and_ppositions_dicts() -> None:
    t = nimlab.grundy_table("wythoff", 3)
    assert t.to_dict() == {
        "game": "wythoff",
        "origin": 0,
        "rows": [[0, 1, 2], [1, 2, 0], [2, 0, 1]],
    }
    assert t[1, 2] == 0 and "size=3" in repr(t)
    p = nimlab.p_positions("nim", heaps=2, max_heap=2)
    assert p.to_dict() == {
        "game": "nim",
        "heaps": 2,
        "max": 2,
        "positions": [[0, 0], [1, 1], [2, 2]],
    }
    assert len(p) == 3 and "count=3" in repr(p)


def test_every_result_displays_in_a_notebook() -> None:
    import nimlab

    assert "preperiod 71, period 12 (proven" in nimlab.periodicity("kayles")._repr_markdown_()
    html = nimlab.grundy_table("wythoff", size=3)._repr_html_()
    assert html.count("<tr>") == 4 and html.count("<b>0</b>") == 3
    text = nimlab.p_positions("wythoff", heaps=2, max_heap=10)._repr_markdown_()
    assert "5 P-positions" in text and "⟨3, 5⟩" in text
    assert "Grundy value 2" in nimlab.analyze("nim", "3,4,5")._repr_markdown_()


def test_a_table_is_read_only_at_its_own_heaps() -> None:
    """Found by the API audit of 2026-11-28: numpy's wrap-around answered below the table,
    nim's table[-1, 2] with G⟨4, 2⟩ and split-delete-nim's [0, 3] (no heap 0) with G⟨5, 3⟩."""
    nim = nimlab.grundy_table("nim", 5)
    assert nim[4, 2] == 6 and nim[np.int64(2), 3] == 1
    for outside in [(-1, 2), (2, -1), (5, 0), (10**5000, 1)]:
        with pytest.raises(IndexError, match=r"outside the heaps held, 0\.\.4"):
            nim[outside]
    split = nimlab.grundy_table("split-delete-nim:single", 5)
    with pytest.raises(IndexError, match=r"heap 0 is outside the heaps held, 1\.\.5"):
        split[0, 3]
    assert split[5, 3] == nimlab.grundy("split-delete-nim:single", "5,3")
    for wrong in [(1,), 1, ("1", 2), (1.0, 2), (True, 1), (1, 2, 3)]:
        with pytest.raises(TypeError, match=r"table\[a, b\]"):
            nim[wrong]  # type: ignore[index]


def test_a_sequence_is_read_at_integer_heaps_it_holds() -> None:
    s = nimlab.sequence("kayles", 20, start=5)
    assert s[5] == 4 and s[np.int32(7)] == 2
    for outside in [4, 20, -1, 10**5000]:
        with pytest.raises(IndexError, match=r"outside the heaps held, 5\.\.19"):
            s[outside]
    for wrong in ["1", slice(1, 3), 1.5, True]:
        with pytest.raises(TypeError, match=r"sequence\[n\]: heaps are integers"):
            s[wrong]  # type: ignore[index]

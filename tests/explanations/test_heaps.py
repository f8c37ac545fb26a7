"""Seed 003's nim-sum column addition and seed 004's mex steps."""

from __future__ import annotations

from nimlab.explanations import explain


def kinds(spec: str, pos: str) -> list[str]:
    return [s.kind for s in explain(spec, pos).steps]


def test_nim_sum_column_addition() -> None:
    step = explain("nim", "3,4,5").steps[0]
    assert step.lines == (
        "  3 = 011",
        "  4 = 100",
        "  5 = 101",
        "⊕     ───",
        "  2 = 010   (nim-sum)",
    )
    strategy = explain("nim", "3,4,5").steps[1]
    assert "2^1 column" in strategy.text and strategy.data == {"heap": 3, "to": 1}


def test_mex_steps_as_seed_004() -> None:
    steps = explain("subtraction:2,3", "7").steps
    mex = steps[0]
    assert mex.kind == "mex" and mex.data["grundy"] == 1
    assert "leaves 5, 4 (Grundy values 0, 2)" in mex.text and "G(7) = 1" in mex.text
    assert mex.lines[1] == "G: 0 0 1 1 2 0 0 1"  # seed 004: 0 0 1 1 2 0 0 1 ...
    end = explain("subtraction:2,3", "1").steps[0]
    assert "end position" in end.text and end.data["grundy"] == 0
    assert kinds("subtraction:1,2,3", "9,10")[:1] == ["theorem"]  # Game I


def test_sums_show_component_values() -> None:
    steps = explain("nim + subtraction:1,2,3", "3,4 + 6").steps
    assert steps[0].kind == "components" and steps[0].data == {"grundy": [7, 2]}
    assert steps[1].kind == "nim-sum" and steps[1].data["nim_sum"] == 5


def test_misere_nim_of_ones_in_words() -> None:
    """Found by the play audit of 2026-11-28: "lasts exactly 1 moves", "wait for a mistake"
    when the only move ends the game, and the empty position printed as nothing."""
    one = explain("nim", "1", misere=True).text()
    assert "exactly 1 move;" in one and "Every move ends the game" in one
    assert "wait for a mistake" not in one
    assert "exactly 2 moves;" in explain("nim", "1,1", misere=True).text()
    empty = explain("nim", "", misere=True).text()
    assert empty.startswith("nim  ∅: N-position") and "So ∅ is an N-position" in empty
    assert "wait for a mistake" in explain("nim", "1,1,1", misere=True).text()

"""The explanation steps of each theorem, with the seeds' own numbers."""

from __future__ import annotations

from nimlab.explanations import explain
from nimlab.explanations.words import binary_column, move_words, outcome_words, say


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


def test_take_away_codes_and_the_digit_to_remove() -> None:
    binary = explain("take-le-prev", "22").steps
    assert (
        binary[0].kind == "binary" and "10110" in binary[0].text and "ℓ(22) = 2" in binary[0].text
    )
    fib = explain("fibonacci-nim", "31/1").steps
    assert fib[0].kind == "zeckendorf" and "1010010" in fib[0].text
    assert "ℓ(31) = 2 > 1" in fib[1].text and explain("fibonacci-nim", "31/1").outcome == "P"
    general = explain("take-away:3", "27").steps
    assert general[0].kind == "representation" and "27 = 21 + 6" in general[0].text
    assert "take all 8" in explain("fibonacci-nim", "8/8").steps[1].text
    assert "No stones are left" in explain("fibonacci-nim", "0").steps[0].text


def test_wythoff_both_routes_and_the_correction() -> None:
    steps = explain("wythoff", "1,3").steps  # n = 2: odd-zero, p_2 = up(2) = 3
    assert steps[0].data == {"p": 1, "q": 3, "n": 2, "p_n": 3, "q_n": 5}
    assert "strategy (3)" in steps[2].text and "up(p) = 2" in steps[2].text
    even = explain("wythoff", "1,2").steps  # n = 1 is even-zero: p_1 = up(1) − 1
    assert "as printed compares p with up(n) = 2" in even[1].text
    assert "strategy (1)" in even[2].text
    assert "strategy (2)" in explain("wythoff", "4,6").steps[2].text
    assert "(0, 0)" in explain("wythoff", "5,5").steps[0].text


def test_seed001_theorems_with_numbers() -> None:
    t1 = explain("split-delete-nim:single", "12,12").steps
    assert (
        "v2(12) = 2 is even" in t1[0].text
        and explain("split-delete-nim:single", "12,12").outcome == "P"
    )
    prop2 = explain("split-delete-nim:single", "11,13").steps
    assert any("N4" in s.text for s in prop2)
    dn = explain("delete-nim:single", "4,6").steps
    assert dn[1].lines[-1] == "  + 1 = 1000" and dn[1].data == {"grundy": 3}
    t3 = explain("split-delete-nim:half", "4,4,4,10").steps
    assert any("d ∈ D(4): yes" in line for line in t3[0].lines)
    assert "case (i)" in explain("split-delete-nim:half", "2,3,4,5").steps[1].text
    assert "case (ii)" in explain("split-delete-nim:half", "3,3,4,5").steps[1].text


def test_generic_search() -> None:
    steps = explain("split-delete-nim:single", "2,3,5").steps
    assert steps[0].kind == "search" and "every option is an N-position" in steps[0].text
    n = explain("grundy-game", "7")
    assert n.steps[0].kind == "mex"  # grundy-game is a heap game: seed 004's mex steps
    end = explain("split-delete-nim:single", "1,1,1").steps[0]
    assert "end position" in end.text


def test_words() -> None:
    assert say("en", "{a}!", "{a}！", a=1) == "1!" and say("ja", "{a}!", "{a}！", a=1) == "1！"
    assert outcome_words("N", "en").startswith("N-position")
    assert binary_column([1, 2], 3, "en")[-1] == "  3 = 11   (nim-sum)"
    cases = {
        "take 2 from the heap of 3": "3 個の山から 2 個取る",
        "take 1 from the heap of 5, leaving 1+3": "5 個の山から 1 個取り 1+3 に分ける",
        "take 3 from both heaps, leaving (1, 2)": "両方の山から 3 個ずつ取り (1, 2) にする",
        "take 2 (the opponent may then take up to 4)": "2 個取る（相手は次に 4 個まで取れる）",
        "take the whole heap of 4": "4 個の山を全部取る",
        "split the heap of 7 into 3+4": "7 個の山を 3+4 に分ける",
        "split 8 into 3+5, delete 5": "8 を 3+5 に分割し、5 を削除する",
        "delete 4, split 6 into 1+5": "4 を削除し、6 を 1+5 に分割する",
        "in nim (component 1): take 2 from the heap of 3": "nim（成分 1）で 3 個の山から 2 個取る",
        "move to 3": "move to 3",
    }
    for en, ja in cases.items():
        assert move_words(en, "ja") == ja and move_words(en, "en") == en

"""The research checks: the two-element rule, Flammenkamp's statement, Table 9 extended."""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from pathlib import Path

import pytest

import nimlab
from nimlab.research.executors import SerialExecutor
from nimlab.research.families import split_delete_family, subtraction_family
from nimlab.research.findings import (
    linear_bound,
    main,
    split_delete,
    table9,
    three_element,
    two_element,
    two_element_period,
)
from nimlab.research.sweep import run_sweep


@pytest.fixture(scope="module")
def atlas(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("findings") / "atlas.sqlite")
    run_sweep(subtraction_family(sizes=(2, 3), max_element=30), path, SerialExecutor(), quiet=True)
    return path


def test_two_element_rule_against_periodicity() -> None:
    for a in range(1, 13):
        for b in range(a + 1, 25):
            assert nimlab.periodicity(f"subtraction:{a},{b}").period == two_element_period(a, b)


def test_two_element_report(atlas: str) -> None:
    report = two_element(atlas)
    assert report["sets"] == 435 and report["exceptions"] == 0


def test_three_element_report_counts_every_set(atlas: str) -> None:
    report = three_element(atlas)
    assert report["sets"] == 4060
    assert report["non_additive"] + report["additive"] == 4060
    assert sum(report["grundy_period_kinds"].values()) == report["non_additive"]
    assert report["grundy_period_kinds"]["sum of two elements"] > 0.8 * report["non_additive"]
    assert report["additive_purely_periodic"] == report["additive"]
    odd = report["exception_examples"]["2g: every element an odd multiple of g = gcd(S)"]
    assert odd[0] == {"set": [1, 3, 5], "preperiod": 0, "period": 2}


def test_linear_bound_holds_for_small_3_sets(atlas: str) -> None:
    report = linear_bound(atlas, 3)
    assert report["sets"] == 4060 and report["exceptions"] == 0
    assert 0 < report["sum_free_sets"] < 4060


def test_linear_bound_fails_for_a_4_set(tmp_path: Path) -> None:
    path = str(tmp_path / "four.sqlite")
    run_sweep(subtraction_family(largest=59, sizes=(4,)), path, SerialExecutor(), quiet=True)
    report = linear_bound(path, 4)
    assert {"set": [20, 44, 54, 59], "preperiod": 1618, "period": 1987} in report["examples"]


def test_table9_matches_the_seed_and_the_propositions() -> None:
    report = table9(rows=20, bound=40)
    assert report["proposition_4"]["pairs_with_several_partners_up_to_bound"] == 0
    assert report["proposition_5"]["violations_up_to_bound"] == 0
    assert report["largest_partner_of_a_pair_in_rows"]["c"] == 33  # ⟨10, 20, 33⟩ in Table 9
    assert report["pairs_with_a_partner"] + report["pairs_with_no_partner_up_to_bound"] == 210


def test_main_prints_markdown(atlas: str, tmp_path: Path) -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["two-element", "--db", atlas]) == 0
    assert "- **exceptions**: 0" in out.getvalue()


def test_split_delete_table(tmp_path: Path) -> None:
    path = str(tmp_path / "sd.sqlite")
    family = split_delete_family(["split-delete-nim:single", "delete-nim:single"], 3, 3, [12])
    run_sweep(family, path, SerialExecutor(), quiet=True)
    report = split_delete(path)
    rows = {r["game"]: r for r in report["results"]}
    expected = nimlab.p_positions("split-delete-nim:single", heaps=3, max_heap=12)
    assert rows["split-delete-nim:single"]["p_positions"] == len(expected)
    assert rows["split-delete-nim:single"]["first"][:3] == ["1,1,1", "1,3,3", "1,4,4"]
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["split-delete", "--db", path]) == 0
    assert "| split-delete-nim:single | 3 | 12 |" in out.getvalue()

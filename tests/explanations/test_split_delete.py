"""Seed 001's theorems with their numbers filled in."""

from __future__ import annotations

from nimlab.explanations import explain


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

"""Huge heaps and limits, found by the audit of huge inputs (2026-11-29): each case gave a
traceback or ran for minutes on the main of that day; a theorem or a clamp answers now."""

from __future__ import annotations

import io
import json
from math import isqrt

import pytest

from nimlab.cli.main import main

HUGE = 10**30


def cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(args), out), out.getvalue()


def wythoff_p(k: int) -> str:
    """The k-th P-position of Wythoff's game, ⌊kφ⌋, ⌊kφ²⌋, in integers."""
    a = (k + isqrt(5 * k * k)) // 2
    return f"{a},{a + k}"


def test_a_prime_bound_past_a_float_is_a_refusal(capsys: pytest.CaptureFixture[str]) -> None:
    """``subtraction:primes`` at 2^1024: 1.26 · n overflowed a float (OverflowError)."""
    code, _ = cli("analyze", "subtraction:primes", str(2**1024))
    assert code == 3 and "--max-states" in capsys.readouterr().err


def test_a_huge_state_limit_is_clamped_for_the_kernels() -> None:
    """``--max-states 1e18`` gave 6.4·10^19 kernel steps, past numba's int64 (TypingError)."""
    code, text = cli("sequence", "grundy-game", "--to", "20", "--max-states", "1e18", "--json")
    assert code == 0
    assert json.loads(text)["values"][:10] == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]


def test_a_sum_whose_value_is_the_target_lists_no_move_at_once() -> None:
    """A P-position of a sum has no winning move; the delete-nim part of 10^30 listed every
    one of its moves looking for its own value (5 minutes, then refused)."""
    code, text = cli("analyze", "--json", "delete-nim:single + nim", f"{HUGE},7 + 30")
    answer = json.loads(text)
    assert code == 0 and (answer["outcome"], answer["grundy"]) == ("P", 0)
    assert answer["winning_moves"] == [] and answer["winning_moves_complete"]
    code, text = cli("analyze", "--json", "split-delete-nim:single + nim", f"{HUGE},{HUGE} + 0")
    assert code == 0 and json.loads(text)["outcome"] == "P"  # Theorem 1: equal heaps


def test_a_part_over_the_limits_leaves_the_other_parts_moves() -> None:
    """Wythoff's moves to value 5 at 10^30 are over the limits; the Nim heap's move is not:
    the whole analysis was refused."""
    code, text = cli("analyze", "--json", "wythoff + nim", f"{wythoff_p(HUGE)} + 5")
    answer = json.loads(text)
    assert code == 0 and (answer["outcome"], answer["grundy"]) == ("N", 5)
    assert [m["to"] for m in answer["winning_moves"]] == [f"{wythoff_p(HUGE)} + 0"]
    assert not answer["winning_moves_complete"]


def test_an_element_just_past_the_range_is_shown_as_written(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """2^63 + 1 was shown as 9.2·10^18, which reads as inside the range it is past."""
    code, _ = cli("analyze", f"subtraction:{2**63 + 1}", "5")
    assert code == 2
    assert "element 9,223,372,036,854,775,809 is too large" in capsys.readouterr().err

"""analyze and grundy: method choice, sums, misère play, limits, results."""

from __future__ import annotations

from typing import Any

import pytest

import nimlab
from nimlab.errors import InvalidOption, InvalidPosition, TooLarge
from nimlab.limits import Limits, amount
from nimlab.solve.engine import Evaluator, analyze, grundy


def test_nim_3_4_5() -> None:
    a = analyze("nim", "3,4,5")
    assert (a.outcome, a.grundy) == ("N", 2)
    assert [(m.to, m.move) for m in a.winning_moves] == [("1,4,5", "take 2 from the heap of 3")]
    assert "Sprague–Grundy" in a.method or "nim-sum" in a.method.lower()


def test_positions_are_given_as_text_or_sequences() -> None:
    assert analyze("nim", [5, 3, 4]) == analyze("nim", "3,4,5")
    assert analyze(nimlab.game("fibonacci-nim"), (20, 19)).position == "20/19"


def test_sums_use_component_values() -> None:
    assert grundy("nim + subtraction:1,2,3", "3,4 + 6") == (3 ^ 4) ^ 2
    a = analyze("nim + wythoff", "2 + 1,2")
    # Wythoff ⟨1,2⟩ has value 0 and ⟨1,1⟩, ⟨0,2⟩ value 2, so three moves reach nim-sum 0.
    assert a.outcome == "N"
    assert {m.to for m in a.winning_moves} == {"0 + 1,2", "2 + 1,1", "2 + 0,2"}


def test_misere_nim() -> None:
    # Misère Nim (Bouton): with all heaps ≤ 1, P iff an odd number of 1s.
    assert analyze("nim", "1,1,1", misere=True).outcome == "P"
    assert analyze("nim", "1,1", misere=True).outcome == "N"
    assert analyze("nim", "0", misere=True).outcome == "N"
    assert "misère" in analyze("nim", "2,2", misere=True).method
    assert grundy("nim", "0", misere=True) == 1


def test_remoteness_is_left_unknown_when_the_search_is_too_big() -> None:
    a = analyze("grundy-game", "400", limits=Limits(remoteness_states=1000))
    assert a.remoteness is None and a.grundy is not None


def test_work_over_the_limit_is_refused() -> None:
    with pytest.raises(TooLarge, match="max_states"):
        analyze("delete-nim:half", "20,21,22,23", limits=Limits(max_states=10_000))


def test_bad_positions_are_refused() -> None:
    with pytest.raises(InvalidPosition):
        analyze("wythoff", "1")


def test_evaluator_names_its_method() -> None:
    ev = Evaluator(Limits().budget())
    ev.grundy(nimlab.game("kayles"), (5, 7))
    assert "mex recursion" in str(ev.method(nimlab.game("kayles")))  # a Method value now


def test_a_theorem_giving_the_outcome_only_is_completed_by_a_compiled_table() -> None:
    # Wythoff's theorem names the P-positions; the Grundy value comes from the 2-heap kernel.
    a = analyze("wythoff", "1000,2000")
    assert a.grundy == 1646
    assert a.method.startswith("Wythoff")
    assert [m.to for m in a.winning_moves] == ["618,1000"]


def test_a_theorem_answers_even_when_no_table_fits() -> None:
    a = analyze("wythoff", "100000,200000", limits=Limits(max_states=10_000))
    assert a.outcome == "N" and a.grundy is None


def test_positions_of_thousands_of_digits_never_crash_a_message() -> None:
    big = str(10**2199)
    assert analyze("wythoff", f"{big},3").outcome == "N"
    assert analyze("fibonacci-nim", big).grundy is None
    with pytest.raises(TooLarge, match="max_states"):  # refused before the table is sized
        analyze("nim + wythoff", f"1 + {big},{big}")
    with pytest.raises(TooLarge, match="≈10"):
        Limits().budget().check_memory(10**4400, f"a table of {amount(10**4400)} cells")


@pytest.mark.parametrize("value", [None, 5, 3.5])
def test_a_position_that_is_not_a_sequence_is_refused(value: object) -> None:
    with pytest.raises(InvalidPosition, match="text"):
        analyze("nim", value)  # type: ignore[arg-type]


def test_a_misere_grundy_value_takes_the_theorem_and_the_plan_as_analyze_does() -> None:
    # grundy(..., misere=True) searched at once: misère Nim of 10^30 ran 28 s before its memory
    # ran out, Kayles of 10^30 43 s; analyze answered the first at once and refused the second.
    assert nimlab.grundy("nim", [10**30, 5], misere=True) == 10**30 ^ 5
    with pytest.raises(TooLarge, match="needs at least"):
        nimlab.grundy("kayles", [10**30], misere=True)
    assert (
        nimlab.grundy("kayles", [3, 4], misere=True)
        == nimlab.analyze("kayles", "3,4", misere=True).grundy
    )
    for bad in ("yes", 1, None):
        with pytest.raises(InvalidOption, match="misere"):
            nimlab.grundy("nim", "3", misere=bad)  # type: ignore[arg-type]


def test_winning_moves_are_listed_within_the_memory_limit_and_say_when_cut() -> None:
    # Each names the whole position it leads to: 9,367 of a 20,000-heap Nim position took
    # 1.3 GB past the 2 GiB limit (2.7 GB in all), and misère Nim's took minutes.
    import random

    heaps = random.Random(1).choices(range(1, 10**6), k=2_000)
    for misere in (False, True):
        whole = nimlab.analyze("nim", heaps, misere=misere)
        assert whole.winning_moves_complete and len(whole.winning_moves) > 100
        cut = nimlab.analyze("nim", heaps, misere=misere, limits=Limits(max_memory=10**7))
        assert not cut.winning_moves_complete and 0 < len(cut.winning_moves) < 100
        assert set(cut.winning_moves) <= set(whole.winning_moves)


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The state limit of each search the engine makes."""
    import importlib

    engine = importlib.import_module("nimlab.solve.engine")
    limits: list[int] = []
    real = engine.Search

    def counted(game: Any, misere: bool, budget: Any) -> Any:
        limits.append(budget.limit)
        return real(game, misere, budget)

    monkeypatch.setattr(engine, "Search", counted)
    return limits


@pytest.fixture
def no_grundy_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """As if no k-heap Grundy table served the games (one too large for the limits): the
    P-position kernel answers, and a search for the values is optional."""
    import importlib

    for module in ("nimlab.solve.planner", "nimlab.solve.compiled"):
        monkeypatch.setattr(
            importlib.import_module(module), "k_heap_grundy_states", lambda *args: None
        )


def test_an_optional_search_in_vain_is_not_repeated(
    searches: list[int], no_grundy_table: None
) -> None:
    # found by the CLI fuzz of 2026-11-27: play spent the whole state limit (7 s) on the
    # optional Grundy search of 30,30,30,30 at the start, at each hint and at each move
    # (the Grundy table now answers that position: see the test below it)
    small = Limits(max_states=100_000)
    with nimlab.Context():
        for _ in range(3):
            a = analyze("delete-nim:less-than-half", "30,30,30,30", limits=small)
            assert a.outcome == "N" and a.grundy is None and a.remoteness is None
        assert searches == [100_000]
        assert analyze("nim", "2,3", limits=small).remoteness == 5
        made = len(searches)
        assert analyze("nim", "2,3", limits=small).remoteness == 5 and len(searches) == made


def test_without_optional_steps_only_the_first_answers(
    searches: list[int], no_grundy_table: None
) -> None:
    with nimlab.Context():
        a = analyze("delete-nim:less-than-half", "30,30,30,30", optional=False)
        assert a.outcome == "N" and a.remoteness is None and a.winning_moves
        assert searches == []
        full = analyze("delete-nim:less-than-half", "10,10,10,10")
        assert (full.grundy, full.remoteness) != (None, None) and searches == [5_000_000]
    with pytest.raises(InvalidOption):
        analyze("nim", "1", optional="no")  # type: ignore[arg-type]


def test_the_kept_optional_searches_are_counted_near_what_they_hold() -> None:
    # each was counted as 64 or 128 bytes; about 1,400 are held (a cache of 512 MiB
    # could then have held some 10 GB of them)
    import importlib
    import tracemalloc

    engine = importlib.import_module("nimlab.solve.engine")
    g = nimlab.game("delete-nim:less-than-half")
    small = Limits(max_states=10)
    with nimlab.Context() as context:
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            for n in range(1, 401):
                engine._search_within(g, (1, 1, 1, n), False, small)
            held = tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()
        assert held <= 1.5 * context.searched.bytes


def test_the_k_heap_grundy_table_answers_values_and_remoteness(searches: list[int]) -> None:
    # 21-31 s and "grundy unknown" before the kernel (the optional search ran out of
    # states); exhaustive search with no limit agrees: (2, 13) from 34,801 positions in 49 s
    with nimlab.Context():
        a = analyze("delete-nim:less-than-half", "30,30,30,30")
        assert (a.outcome, a.grundy, a.remoteness) == ("N", 2, 13)
        assert a.method == "compiled 4-heap Grundy table (nimlab.kernels)"
        assert searches == []
        assert nimlab.grundy("delete-nim:less-than-half", "30,30,30,30") == 2

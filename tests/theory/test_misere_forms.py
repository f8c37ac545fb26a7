"""The misère closed forms as oracles, against exhaustive misère search."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nimlab
from nimlab.errors import TooLarge
from nimlab.games.heap import Subtraction
from nimlab.games.wythoff import Wythoff
from nimlab.limits import Limits
from nimlab.solve.oracles import find_oracle
from nimlab.solve.search import Search
from nimlab.theory.misere_forms import MISERE_SUBTRACTION, MISERE_WYTHOFF
from nimlab.theory.verify import verify


def _winning_targets(game: nimlab.Ruleset, position: tuple[int, ...]) -> set[tuple[int, ...]]:
    search = Search(game, True, Limits().budget())
    return {m.to for m in game.moves(position) if search.grundy(m.to) == 0}


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 40), st.integers(0, 40))
def test_misere_wythoff_matches_search(a: int, b: int) -> None:
    game = Wythoff()
    position = game.position((a, b))
    answer = MISERE_WYTHOFF.analyze(game, position)
    value = Search(game, True, Limits().budget()).grundy(position)
    assert answer.outcome == ("P" if value == 0 else "N")
    assert answer.complete
    assert {m.to for m in answer.winning_moves} == _winning_targets(game, position)
    assert len({m.to for m in answer.winning_moves}) == len(answer.winning_moves)


@settings(max_examples=120, deadline=None)
@given(st.sets(st.integers(2, 9), max_size=4), st.integers(0, 90))
def test_misere_subtraction_matches_search(rest: set[int], n: int) -> None:
    game = Subtraction(tuple(sorted({1} | rest)))
    answer = MISERE_SUBTRACTION.analyze(game, (n,))
    value = Search(game, True, Limits().budget()).grundy((n,))
    assert answer.outcome == ("P" if value == 0 else "N")
    assert {m.to for m in answer.winning_moves} == _winning_targets(game, (n,))


def test_the_oracles_apply_where_their_theorems_do() -> None:
    assert find_oracle(Wythoff(), (5, 9), misere=True) is MISERE_WYTHOFF
    assert find_oracle(Wythoff(), (5, 9), misere=False) is not MISERE_WYTHOFF
    assert find_oracle(Subtraction((1, 3, 4)), (12,), misere=True) is MISERE_SUBTRACTION
    assert not MISERE_SUBTRACTION.applies(Subtraction((2, 3)), (12,))  # 1 ∉ S
    assert not MISERE_SUBTRACTION.applies(Subtraction((1, 3, 4)), (3, 5))  # a sum


def test_huge_misere_positions_are_answered_by_the_theorems() -> None:
    a = nimlab.analyze("wythoff", "1000,2000", misere=True)
    assert a.outcome == "N" and a.method.startswith("misère Wythoff")
    assert [m.to for m in a.winning_moves] == ["618,1000"]
    n = 10**30 + 1  # ≡ 2 (mod 7): n − 1 ≡ 1 is normal N; take 1 leaves n − 1, and n − 2 ≡ 0
    b = nimlab.analyze("subtraction:1,3,4", str(n), misere=True)
    assert b.outcome == "N" and [m.to for m in b.winning_moves] == [str(n - 1)]


def test_verify_checks_both() -> None:
    results = verify(["misere-wythoff", "misere-subtraction"], bound=25)
    assert [r.agree for r in results] == [True, True]
    assert results[0].checked == 26 * 27 // 2


def test_cli_answers_misere_wythoff_by_the_theorem() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "nimlab", "analyze", "wythoff", "1000,2000", "--misere", "--json"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert '"oracle:misere-wythoff"' in out or "misère Wythoff" in out


def test_explain_names_the_misere_theorems_in_both_languages() -> None:
    for lang in ("en", "ja"):
        w = nimlab.explain("wythoff", "3,4", misere=True, lang=lang)
        assert w.steps[0].kind == "theorem" and "(0, 1)" in w.steps[0].text
        assert "No theorem" not in " ".join(s.text for s in w.steps)
        s = nimlab.explain("subtraction:1,3,4", "9", misere=True, lang=lang)
        assert s.steps[0].kind == "theorem" and s.steps[0].data["normal_grundy_before"] == 1


def test_a_misere_terminal_position_says_why_it_is_won() -> None:
    e = nimlab.explain("nim", "0", misere=True)
    assert e.steps[-1].text == (
        "The player to move has no move left, and under misère play that is a win."
    )


@settings(max_examples=40, deadline=None)
@given(
    st.one_of(
        st.sets(st.integers(2, 30), min_size=1, max_size=4).map(
            lambda s: "subtraction:" + ",".join(map(str, sorted(s)))  # 1 ∉ S: no other theorem
        ),
        st.tuples(st.lists(st.integers(0, 3), max_size=4), st.integers(1, 3)).map(
            lambda d: "octal:0." + "".join(map(str, [*d[0], d[1]]))
        ),
    ),
    st.integers(0, 300),
)
def test_one_heap_through_the_proven_misere_period_matches_search(spec: str, above: int) -> None:
    from nimlab.theory.misere_forms import MISERE_ONE_HEAP, MISERE_PERIOD_FROM

    game = nimlab.game(spec)
    position = (MISERE_PERIOD_FROM + above,)
    oracle = find_oracle(game, position, misere=True)
    assert oracle is not None and oracle.name in ("misere-one-heap", "misere-subtraction")
    answer = MISERE_ONE_HEAP.analyze(game, position)
    value = Search(game, True, Limits().budget()).grundy(position)
    assert answer.grundy == value and answer.outcome == ("P" if value == 0 else "N")
    assert {m.to for m in answer.winning_moves} == _winning_targets(game, position)


def test_a_huge_heap_is_answered_and_explained_through_its_misere_period() -> None:
    """It was refused: the misère search of a heap of 10^7 needs 1.5·10^7 states."""
    n = 10**30
    a = nimlab.analyze("subtraction:2,4,7", str(n), misere=True)
    p = nimlab.periodicity("subtraction:2,4,7", misere=True)
    assert p.preperiod is not None and p.period is not None
    same = p.preperiod + (n - p.preperiod) % p.period
    near = nimlab.grundy_sequence("subtraction:2,4,7", same + 8, misere=True)
    assert a.grundy == near[same] and "misère values of single heaps" in a.method
    for move in a.winning_moves:  # each leaves a heap of misère value 0
        m = int(move.to) - n + same  # the same residue below
        assert near[m] == 0
    for lang in ("en", "ja"):
        text = nimlab.explain("subtraction:2,4,7", str(n), misere=True, lang=lang).text()
        assert f"{p.period}" in text and "g⁻" in text


def test_the_shifted_rule_gives_a_large_heaps_misere_value_through_the_period() -> None:
    """``analyze subtraction:1,3,4 100000000 --misere`` said "grundy unknown" though the
    proven period of the misère values gives it."""
    n = 10**8
    a = nimlab.analyze("subtraction:1,3,4", str(n), misere=True)
    assert a.outcome == "N" and "1 ∈ S" in a.method
    p = nimlab.periodicity("subtraction:1,3,4", misere=True)
    assert p.proven and p.preperiod is not None and p.period is not None
    same = p.preperiod + (n - p.preperiod) % p.period
    assert a.grundy == nimlab.grundy_sequence("subtraction:1,3,4", same + 1, misere=True)[same]


def test_a_theorem_that_cannot_finish_falls_back_to_a_search_only_if_it_can_fit() -> None:
    """The shifted rule needs the normal value of the heap below, which no period gives for
    S = {1, 10^12}; the search it fell back to ran 15 s (2 GB) at 10^8 before its memory ran
    out, though a chain of 10^8 heaps is over the state limit from the start."""
    with pytest.raises(TooLarge) as caught:
        nimlab.analyze("subtraction:1,1000000000000", "100000000", misere=True)
    # refused by the state limit before any search (the search ran out of memory, 2 GB),
    # naming the theorem's own need, within the caller's limits
    assert caught.value.limit == "max_states" and "5,000,000 states" in str(caught.value)
    with pytest.raises(TooLarge, match="more than 100,000 states"):
        nimlab.analyze(
            "subtraction:1,1000000000000",
            "10000000",
            misere=True,
            limits=Limits(max_states=100_000),
        )


def test_explain_before_the_misere_period_starts_uses_the_recursions_value() -> None:
    """Found by the audit: subtraction:10,22,30,47,50,60 has preperiod 4271; at 4170 explain
    read the value off the period (3, N) though the heap is P, as analyze said."""
    spec = "subtraction:10,22,30,47,50,60"
    values = nimlab.grundy_sequence(spec, 4200, misere=True)
    for n in (4110, 4170):
        e = nimlab.explain(spec, str(n), misere=True)
        assert e.outcome == ("P" if values[n] == 0 else "N")
        assert f"g⁻({n}) = {values[n]}:" in e.text(), e.text()
        assert e.steps[0].data["misere_grundy"] == values[n]


def test_explain_when_the_theorem_applies_but_could_not_finish_explains_the_search() -> None:
    """Found by the audit: the theorem applies to a heap of 5000 of subtraction:1000000, but
    no period is proven within 10^6 states; analyze answered by search and explain failed an
    assertion (a traceback; the web's 500)."""
    limits = Limits(max_states=1_000_000)
    a = nimlab.analyze("subtraction:1000000", "5000", misere=True, limits=limits)
    assert a.how is not None and a.how.name == "misere-search"
    e = nimlab.explain("subtraction:1000000", "5000", misere=True, limits=limits)
    assert e.outcome == a.outcome == "N" and "end position" in e.text()


def test_a_refusal_names_the_theorems_need_when_the_search_cannot_fit_either() -> None:
    """Found by the audit: with --max-memory 1 the theorem's 64 values (64 bytes) were refused,
    and the refusal named the fallback search's 15,000,000 states and --max-states."""
    from nimlab.solve.context import Context

    with Context(), pytest.raises(TooLarge) as caught:  # no values kept from tests before
        nimlab.analyze("subtraction:2,4,7", "10000000", misere=True, limits=Limits(max_memory=1))
    assert caught.value.limit == "max_memory" and "misère Grundy values" in str(caught.value)
    with Context(), pytest.raises(TooLarge) as caught:
        nimlab.explain("subtraction:2,4,7", "10000", misere=True, limits=Limits(max_states=10))
    words = str(caught.value)
    assert "single heaps of subtraction games" in words and "no theorem covers" not in words


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["subtraction:2,4,7", "subtraction:1,3,4", "octal:0.33", "subtraction:3,5"]),
    st.integers(0, 5000),
    st.integers(1, 3),
)
def test_empty_heaps_beside_one_heap_change_nothing(spec: str, n: int, zeros: int) -> None:
    """``analyze subtraction:2,4,7 10000000,0 --misere`` was refused (the search needs
    1.5·10^7 states) though the heap alone is answered by its theorem: a heap of 0 has no
    move, in misère play as in normal play."""
    alone = nimlab.analyze(spec, str(n), misere=True)
    padded = nimlab.analyze(spec, ",".join(["0"] * zeros + [str(n)]), misere=True)
    prefix = "0," * zeros
    assert (padded.outcome, padded.grundy) == (alone.outcome, alone.grundy)
    assert [m.to for m in padded.winning_moves] == [prefix + m.to for m in alone.winning_moves]
    assert [m.move for m in padded.winning_moves] == [m.move for m in alone.winning_moves]
    assert padded.method == alone.method


def test_a_huge_heap_beside_empty_heaps_is_answered_and_explained_by_the_theorems() -> None:
    for spec, n in (("subtraction:2,4,7", 10**7), ("subtraction:1,3,4", 10**8)):
        a = nimlab.analyze(spec, f"0,{n},0", misere=True)
        assert a.method == nimlab.analyze(spec, str(n), misere=True).method
        assert "misère" in a.method and a.grundy is not None
        text = nimlab.explain(spec, f"0,{n}", misere=True).text()
        assert "g⁻" in text or "1 ∈ S" in text


def test_explain_of_empty_heaps_says_every_heap_is_empty() -> None:
    for lang, words in (("en", "Every heap is empty"), ("ja", "山はすべて空")):
        text = nimlab.explain("subtraction:1,3,4", "0,0", misere=True, lang=lang).text()
        assert words in text, text

"""The certificate's searches: words lightest first, failures found, P assigned by the mex rule."""

from __future__ import annotations

import pytest

from nimlab.errors import TooLarge
from nimlab.games.heap import Nim
from nimlab.games.octal import Octal
from nimlab.limits import Limits
from nimlab.misere.certificate import Heaps, LightestFirst, lightest_failure, mark, verified
from nimlab.misere.monoid import TRIVIAL, Reduced, reduce, trial
from nimlab.misere.quotient import quotient


def _heaps(game: object, n: int) -> Heaps:
    heaps = Heaps(game)  # type: ignore[arg-type]
    heaps.extend(n, Limits().budget())
    return heaps


def test_states_come_lightest_first_with_their_lightest_word() -> None:
    # states: the sum of the word's weights, capped at 9; heap h weighs h
    search = LightestFirst(
        0, [(1, 1, 1), (3, 3, 3)], lambda s, k: min(s + k, 9), Limits().budget(), 99
    )
    seen = list(search)
    assert seen == sorted(seen)  # weight = state here
    assert all(sum(search.word(s)) == s for s in seen)  # each word reaches its state
    assert search.word(0) == ()


def test_too_many_states_is_refused() -> None:
    search = LightestFirst(0, [(1, 1, 1)], lambda s, k: s + k, Limits().budget(), 50)
    with pytest.raises(TooLarge, match="more than 50 states"):
        list(search)


def test_the_trivial_quotient_fails_at_the_heap_of_one() -> None:
    heaps = _heaps(Nim(), 1)
    assert lightest_failure(TRIVIAL.with_heap(0), heaps, 1, Limits().budget(), 100) == ((1,), True)


def test_every_built_quotient_passes_its_certificate_again() -> None:
    for game, n in ((Nim(), 7), (Octal.from_code("0.77"), 20), (Octal.from_code("0.312"), 15)):
        q = quotient(game, n)
        heaps = _heaps(game, n)
        r = Reduced(q.table, q.p_indices, q.heap_indices)
        assert lightest_failure(r, heaps, n, Limits().budget(), 10**6) is None
        v = verified(r, heaps, n, Limits().budget(), 10**6)  # raises if a state breaks the rule
        assert all(v.obeys(state) for state in v.states if state != (0, -1))


def test_marking_a_trial_and_reducing_gives_misere_nim_on_heaps_of_one() -> None:
    heaps = _heaps(Nim(), 1)
    t = trial(TRIVIAL.with_heap(0), {1: 2}, 1, 2)  # heap 1 generates C(2, 2)
    is_p = mark(t, heaps, 1, Limits().budget(), 100)
    r = reduce(t, is_p, 1)
    assert r.order == 2 and r.p == frozenset({1}) and r.images == (0, 1)  # a² = 1, P = {a}

"""The server's answer cache: bounded in the bytes it holds, least recent forgotten first."""

from __future__ import annotations

import gc
import pickle
import tracemalloc
from collections import OrderedDict

from hypothesis import given, settings
from hypothesis import strategies as st

from nimlab.web.answer_cache import ENTRY_BYTES, AnswerCache


def test_the_least_recent_answer_goes_first() -> None:
    cache = AnswerCache(max_answers=2, max_bytes=1 << 20)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # now the most recent
    cache.put("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (1, None, 3)


def test_an_answer_over_the_bound_alone_is_not_kept() -> None:
    cache = AnswerCache(max_answers=10, max_bytes=1_000)
    cache.put("small", "x")
    before = cache.nbytes
    cache.put("large", "x" * 2_000)  # not kept, and it pushes nothing out
    assert cache.get("large") is None and cache.get("small") == "x"
    assert cache.nbytes == before


def test_keys_equal_in_python_but_not_the_same_request_are_told_apart() -> None:
    cache = AnswerCache(max_answers=10, max_bytes=1 << 20)
    cache.put(("analyze", ("misere", True)), "misère")
    assert cache.get(("analyze", ("misere", 1))) is None
    assert cache.get(("analyze", ("misere", True))) == "misère"


def test_the_count_of_bytes_is_what_the_cache_holds() -> None:
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        cache = AnswerCache(max_answers=10_000, max_bytes=1 << 30)
        for i in range(2_000):
            cache.put(("table", i), {"rows": [[i, j, j ^ i] for j in range(i % 50)]})
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert 0.8 * cache.nbytes <= held <= 1.05 * cache.nbytes


def _weight(key: object, answer: object) -> int:
    return len(pickle.dumps(key, 5)) + len(pickle.dumps(answer, 5)) + ENTRY_BYTES


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 20), st.binary(max_size=300)), max_size=60),
    st.integers(1, 8),
    st.integers(300, 3_000),
)
def test_the_cache_is_a_least_recently_used_cache_within_both_bounds(
    puts: list[tuple[int, bytes]], answers: int, nbytes: int
) -> None:
    cache = AnswerCache(max_answers=answers, max_bytes=nbytes)
    model: OrderedDict[int, bytes] = OrderedDict()  # the same cache, written plainly
    for key, answer in puts:
        cache.put(key, answer)
        model.pop(key, None)
        weight = _weight(key, answer)
        if weight <= nbytes:  # a larger answer is not kept, and pushes nothing out
            while model and (
                len(model) >= answers
                or sum(_weight(k, a) for k, a in model.items()) + weight > nbytes
            ):
                model.popitem(last=False)
            model[key] = answer
        assert len(cache) == len(model) <= answers
        assert cache.nbytes == sum(_weight(k, a) for k, a in model.items()) <= nbytes
        assert list(cache.answers()) == list(model.values())

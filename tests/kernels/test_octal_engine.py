"""The two octal engines taking turns on one sequence, and the choice between them.

Whichever engine computes a chunk, the values must be those of the sequential kernel run
alone (:func:`nimlab.kernels.sparse.sparse_sequence`), a separate code path; the choice
itself is timing, so the tests force both engines and check what each leaves behind.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlab.kernels import octal_engine
from nimlab.kernels.octal_engine import OctalRun, octal_sequence
from nimlab.kernels.sparse import OK, OVER_BUDGET, sparse_sequence
from nimlab.kernels.sparse_blocks import START, block_extend, sequential_extend
from strategies_kernels import octal_digits

COUNT = START + 5000


@given(
    octal_digits(splitting=True),
    st.booleans(),
    st.lists(st.tuples(st.integers(1, COUNT), st.booleans()), min_size=1, max_size=6),
)
@settings(max_examples=25, deadline=None)
def test_engines_taking_turns_give_the_values_of_the_sequential_kernel(
    digits: tuple[int, ...], unequal: bool, cuts: list[tuple[int, bool]]
) -> None:
    unequal = unequal and digits == (4,)  # Grundy's game, or an octal game
    reference, _ = sparse_sequence(digits, unequal, COUNT, 10**12)
    out = np.zeros(COUNT, dtype=np.uint16)
    done, state = 0, None
    for stop, blocks in [*sorted(cuts), (COUNT, False)]:
        if stop <= done:
            continue
        extend = block_extend if blocks else sequential_extend
        info = extend(digits, unequal, out, done, stop, state)
        assert info.status == OK and info.done == stop
        # carried, not read again from the values: a call costs the same at any length
        assert info.state.top == int(out[:stop].max())
        done, state = stop, info.state
    assert np.array_equal(out, reference)


def test_the_sequential_kernel_stops_at_its_budget_with_the_values_so_far() -> None:
    reference, _ = sparse_sequence((0, 6), False, COUNT, 10**12)
    out = np.zeros(COUNT, dtype=np.uint16)
    first = block_extend((0, 6), False, out, 0, START)
    info = sequential_extend((0, 6), False, out, START, COUNT, first.state, 10**6)
    assert info.status == OVER_BUDGET and START < info.done < COUNT
    assert info.steps > 10**6
    assert np.array_equal(out[: info.done], reference[: info.done])


@pytest.mark.parametrize(("digits", "unequal"), [((0, 6), False), ((4, 3, 4, 4), False)])
def test_a_run_tries_both_engines_and_keeps_the_faster(
    digits: tuple[int, ...], unequal: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(octal_engine, "TRIAL_HEAPS", 1024)
    monkeypatch.setattr(octal_engine, "CLEAR", float("inf"))  # a trial at every doubling
    reference, _ = sparse_sequence(digits, unequal, 5 * START, 10**12)
    run = OctalRun(digits, unequal, trial_from=START)
    out = np.zeros(5 * START, dtype=np.uint16)
    done, engines = 0, []
    trials: list[dict[str, float]] = []  # the rates as each trial's two runs left them
    timed = run._run

    def noted(engine: str, values: Any, start: int, stop: int, allowed: int) -> Any:
        info = timed(engine, values, start, stop, allowed)
        if stop - start == octal_engine.TRIAL_HEAPS and engine == run.engine:
            trials.append(dict(run.seconds_per_heap))  # the trial's second run: it decides
        return info

    monkeypatch.setattr(run, "_run", noted)
    for stop in range(START, 5 * START + 1, START):  # trials at START, 2·START, 4·START
        before = run.engine
        info = run.extend(out, done, stop)
        engines.append((before, run.engine))
        done = info.done
    assert np.array_equal(out, reference)
    assert sorted(run.seconds_per_heap) == ["blocks", "sequential"]
    # The last chunk was a trial, which decided: by the rates its two runs measured (the
    # rest of the chunk then times the chosen engine again, on a VM whose speed swings).
    faster = min(trials[-1], key=trials[-1].__getitem__)
    assert run.engine == faster
    assert engines[0] == ("sequential", "sequential")  # below trial_from: no trial


def test_the_long_sequence_function_chunks_keeps_the_budget_and_the_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(octal_engine, "TRIAL_FROM", START)
    monkeypatch.setattr(octal_engine, "TRIAL_HEAPS", 1024)
    monkeypatch.setattr(octal_engine, "TRIAL_SECONDS", 0.0)
    monkeypatch.setattr(octal_engine, "FIRST_CHUNK", 2048)
    count = 8 * START
    reference, _ = sparse_sequence((4,), True, count, 10**12)
    values, info = octal_sequence((4,), True, count, 10**12)
    assert info.status == OK and info.done == count and np.array_equal(values, reference)
    # From a prefix, as the period search extends its values.
    values, info = octal_sequence((4,), True, count, 10**12, reference[: 3 * START])
    assert info.status == OK and np.array_equal(values, reference)
    # Over the budget: stopped, the values so far exact, the steps counted.
    values, info = octal_sequence((4,), True, count, 2 * 10**6)
    assert info.status == OVER_BUDGET and info.done < count and info.steps > 2 * 10**6
    assert np.array_equal(values[: info.done], reference[: info.done])


def test_a_short_run_does_not_load_the_block_engine_to_try_it() -> None:
    run = OctalRun((4, 3, 4, 4), False, trial_from=START, stop=4 * START)
    out = np.zeros(4 * START, dtype=np.uint16)
    done = 0
    for stop in range(START, 4 * START + 1, START):
        done = run.extend(out, done, stop).done
    assert list(run.seconds_per_heap) == ["sequential"]  # well under TRIAL_SECONDS left
    reference, _ = sparse_sequence((4, 3, 4, 4), False, 4 * START, 10**12)
    assert np.array_equal(out, reference)


def test_a_run_going_on_from_known_values_tries_the_other_engine_at_once() -> None:
    reference, _ = sparse_sequence((0, 6), False, 4 * START + octal_engine.LONG, 10**12)
    count = len(reference)
    out = reference.copy()
    out[4 * START :] = 0
    run = OctalRun((0, 6), False, trial_from=START, stop=count)
    info = run.extend(out, 4 * START, count)
    assert info.status == OK and np.array_equal(out, reference)
    assert sorted(run.seconds_per_heap) == ["blocks", "sequential"]  # a trial, first chunk


def test_a_run_in_another_thread_stays_on_the_sequential_kernel() -> None:
    import threading

    run = OctalRun((0, 6), False, trial_from=START)
    out = np.zeros(4 * START, dtype=np.uint16)

    def work() -> None:
        done = 0
        for stop in range(START, 4 * START + 1, START):
            done = run.extend(out, done, stop).done

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    assert list(run.seconds_per_heap) == ["sequential"]
    reference, _ = sparse_sequence((0, 6), False, 4 * START, 10**12)
    assert np.array_equal(out, reference)

"""What a worker does with one batch: the results of its tasks, as database rows.

Every result comes from nimlab's public API or its kernels — no second engine:
subtraction sets from :func:`nimlab.kernels.subtraction_sets.periodicities`
(the algorithm of :func:`nimlab.periodicity`, many sets per call), octal codes
from :func:`nimlab.periodicity` and :func:`nimlab.grundy_sequence`, take-away
games from :func:`nimlab.grundy_sequence` (exhaustive) checked against the
theorem's sequence H, split/delete games from :func:`nimlab.p_positions`.

A row is ``(family, params, size, top, preperiod, period, saltus, proven,
max_value, count, work, data, outcome_preperiod, outcome_period)`` (the
columns of :data:`nimlab.research.db.COLUMNS`); ``data`` is JSON for
structured results; the outcome columns are the periodicity of the
P-positions alone (subtraction games).

>>> from nimlab.research.families import Batch
>>> job = Job("subtraction", Batch(0, 0, 2, [(2, 4, 7), (1, 2, 3)]), 10**6, 2**30)
>>> for row in compute_batch(job).rows:
...     print(row)
('subtraction', '2,4,7', 3, 7, 8, 3, 0, 1, 3, None, 64, '{}', 4, 3)
('subtraction', '1,2,3', 3, 3, 0, 4, 0, 1, 3, None, 64, '{}', 0, 4)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from math import comb
from typing import Any

from nimlab.errors import NimlabError
from nimlab.garbage import no_gc
from nimlab.limits import Limits
from nimlab.research.db import COLUMNS
from nimlab.research.families import Batch

Row = tuple[Any, ...]
FIRST_SHOWN = 20
"""How many leading P-positions (or terms) a result keeps in its JSON."""
POSITIONS_KEPT = 5000
"""A split/delete result keeps all its P-positions when there are at most this many."""


@dataclass(frozen=True)
class Job:
    """One batch of one family with the per-task limits: what is sent to a worker."""

    family: str
    batch: Batch
    max_states: int
    max_memory: int


@dataclass(frozen=True)
class Done:
    """The rows computed for one batch."""

    index: int
    rows: list[Row]


SWEEP_FLAGS = {"max_states": "--max-states", "max_memory": "--max-memory"}
"""How a refused row names the sweep's options that raise its limits."""


def compute_batch(job: Job) -> Done:
    """Compute every task of ``job``'s batch (runs in a worker process).

    Each task runs in a fresh solver context with no tablebase: what earlier tasks of
    the worker, or earlier runs on the machine, left in the caches would let a task
    compute further within the same limits, and its row (the values checked, the largest
    value seen) would depend on them. A row depends only on the task and the limits.
    """
    from nimlab.solve.context import Context

    _load_kernels()
    limits = Limits(max_states=job.max_states, max_memory=job.max_memory)
    items = job.batch.payload
    if job.family == "subtraction":
        with no_gc():
            rows = _subtraction(items, limits)
        return Done(job.batch.index, rows)
    rows = []
    for item in items:
        with Context(tablebase=None):
            rows.append(_task(job.family, item, limits))
    return Done(job.batch.index, rows)


CUT_SHORT = ("subtraction", "octal")
"""Families whose unproven rows are searches for a period stopped by the limits."""


def with_limits(rows: list[Row], max_states: int, max_memory: int) -> list[Row]:
    """Refused rows, and the unproven rows of a period search the limits stopped, with those
    limits, so that a sweep run again with larger ones computes them
    (:meth:`nimlab.research.db.ResultsDB.stopped_below`).

    >>> row = ("octal", "0.64", 2, 2, None, None, None, 0, 256, None, 1024, "{}", None, None)
    >>> with_limits([row], 10**6, 2**30)[0][COLUMNS.index("data")]
    '{"limits":{"max_states":1000000,"max_memory":1073741824}}'
    """
    at, proven = COLUMNS.index("data"), COLUMNS.index("proven")
    limits = {"max_states": max_states, "max_memory": max_memory}
    marked = []
    for row in rows:
        refused = str(row[at]).startswith('{"error":')
        if refused or (row[0] in CUT_SHORT and not row[proven]):
            data = json.loads(row[at]) | {"limits": limits}
            row = (*row[:at], _json(data), *row[at + 1 :])
        marked.append(row)
    return marked


def _task(family: str, item: Any, limits: Limits) -> Row:
    """The row of one task of ``family`` (not subtraction: those go many to a call)."""
    if family == "octal":
        return _octal(item, limits)
    if family == "octal-misere":
        code, top, seconds = item
        return _octal_misere(code, top, seconds, limits)
    if family == "take-away":
        c, bound = item
        return _take_away(c, bound, limits)
    spec, heaps, top = item
    return _split_delete(spec, heaps, top, limits)


def _load_kernels() -> None:
    """Load numba before any task runs.

    Until a process has loaded it, the solvers compute sequences of up to
    :data:`nimlab.solve.heaps.COLD_KERNEL_MIN_STATES` states in Python, charged to
    ``--max-states`` otherwise than the compiled kernels: a worker's first task would
    get a row other than the same task later (0.64 checked 65,536 values, then 131,072).
    """
    import numba  # noqa: F401


def warm_up(family: str) -> None:
    """Load the compiled kernel a family's batches use into this process.

    A local pool forks its workers from this process, so they inherit the
    kernel instead of each loading numba and the kernel again.
    """
    if family == "subtraction":
        compute_batch(Job(family, Batch(0, 0, 1, [(1, 2)]), 10**4, 2**20))


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def _subtraction(sets: list[tuple[int, ...]], limits: Limits) -> list[Row]:
    import numpy as np

    from nimlab.kernels.subtraction_sets import periodicities

    width = max(len(s) for s in sets)
    if all(len(s) == width for s in sets):
        array = np.array(sets, dtype=np.int64).reshape(len(sets), width)
    else:  # left-padded with zeros: the last column is max S
        array = np.zeros((len(sets), width), dtype=np.int64)
        for i, s in enumerate(sets):
            array[i, width - len(s) :] = s
    max_values = max(1, limits.max_states // width)
    limits.check_memory(max_values, "the values of one subtraction game", ja="減算ゲーム 1 つの値")
    pre, per, top, checked, out_pre, out_per = (
        a.tolist() for a in periodicities(array, max_values)
    )
    return [
        (
            "subtraction",
            ",".join(map(str, s)),
            len(s),
            s[-1],
            n0 if p > 0 else None,
            p if p > 0 else None,
            0 if p > 0 else None,
            int(p > 0),
            m,
            None,
            work,
            "{}",
            o0 if p > 0 else None,
            op if p > 0 else None,
        )
        for s, n0, p, m, work, o0, op in zip(
            sets, pre, per, top, checked, out_pre, out_per, strict=True
        )
    ]


def _row(family: str, params: str, size: int, top: int, **known: Any) -> Row:
    """A row with the columns ``known`` filled (the others empty; ``proven`` 0, ``work`` 0)."""
    fields = {"proven": 0, "work": 0, "data": "{}", **known}
    return (family, params, size, top, *(fields.get(c) for c in COLUMNS[4:]))


def _failed(family: str, params: str, size: int, top: int, error: BaseException | str) -> Row:
    """The row of a task refused by its limits: nothing known but the refusal and its reason."""
    if isinstance(error, NimlabError):
        reason = error.render(SWEEP_FLAGS)
    elif isinstance(error, str):
        reason = error
    else:
        reason = _REASONS.get(type(error)) or str(error)
    return _row(family, params, size, top, data=_json({"error": reason}))


REFUSED = (NimlabError, MemoryError, RecursionError)
"""What refuses one task (its row records why) instead of ending the whole sweep."""
_REASONS: dict[type[BaseException], str] = {
    MemoryError: "ran out of memory; lower --max-memory or --max-states",
    RecursionError: "too deeply nested for this machine",
}


def refused(job: Job, reason: str) -> Done:
    """The rows of a batch that could not be computed (its worker kept dying): all refused.

    >>> from nimlab.research.families import Batch
    >>> refused(Job("take-away", Batch(3, 3, 1, [(2, 50)]), 10, 10), "worker died").rows[0][:4]
    ('take-away', '2 bound=50', 2, 50)
    """
    rows: list[Row] = []
    for item in job.batch.payload:
        if job.family == "subtraction":
            rows.append(
                _failed("subtraction", ",".join(map(str, item)), len(item), item[-1], reason)
            )
        elif job.family == "octal":
            from nimlab.games.octal import Octal

            game = Octal.from_code(item)
            rows.append(_failed("octal", item, len(game.digits) - 1, game.max_removal, reason))
        elif job.family == "octal-misere":
            code, max_heap, _ = item
            rows.append(_failed("octal-misere", code, len(code) - 2, max_heap, reason))
        elif job.family == "take-away":
            c, bound = item
            rows.append(_failed("take-away", f"{c} bound={bound}", c, bound, reason))
        else:
            spec, heaps, top = item
            rows.append(
                _failed("split-delete", f"{spec} heaps={heaps} max={top}", heaps, top, reason)
            )
    return Done(job.batch.index, rows)


def _octal(code: str, limits: Limits) -> Row:
    from nimlab import grundy_sequence, periodicity
    from nimlab.games.octal import Octal

    game = Octal.from_code(code)
    size, top = len(game.digits) - 1, game.max_removal
    try:
        found = periodicity(game, limits=limits)
        if found.proven and found.preperiod is not None and found.period is not None:
            seen = found.preperiod + found.period  # every value the sequence ever takes
        else:
            seen = found.checked_to
        values = grundy_sequence(game, max(seen, 1), limits=limits)
    except REFUSED as error:
        return _failed("octal", code, size, top, error)
    return _row(
        "octal",
        code,
        size,
        top,
        preperiod=found.preperiod,
        period=found.period,
        saltus=found.saltus,
        proven=int(found.proven),
        max_value=int(values.max()),
        work=found.checked_to,
    )


RELATIONS_KEPT = 40
"""Relations of a quotient kept in a misère sweep row's JSON (the count is always there)."""


def _octal_misere(code: str, max_heap: int, seconds: float, limits: Limits) -> Row:
    """The misère quotient of ``code`` for heaps ≤ ``max_heap``: a row whose ``count`` is its order.

    The quotient is built heap by heap for at most ``seconds``; ``reached`` in the
    JSON is the largest heap it covers (``stopped`` says why when short of
    ``max_heap``). Where the heaps it covers prove a period of the heaps' images
    (:mod:`nimlab.misere.periodicity`), the period columns hold it, ``proven`` is 1
    and the quotient is that of every heap size (``stable_from_status`` "proven",
    the JSON's ``period`` the proof); otherwise they stay empty and where the
    quotient stopped changing is only observed.

    >>> row = _octal_misere("0.77", 8, 10.0, Limits())
    >>> row[:4], row[COLUMNS.index("count")], json.loads(row[COLUMNS.index("data")])["p_portion"]
    (('octal-misere', '0.77', 2, 8), 12, ['a', 'ac', 'b^2'])
    >>> row[COLUMNS.index("proven")], row[COLUMNS.index("period")]
    (0, None)
    >>> row = _octal_misere("0.2", 10, 10.0, Limits())
    >>> [row[COLUMNS.index(c)] for c in ("preperiod", "period", "proven")]
    [1, 2, 1]
    """
    from nimlab.misere.quotient import quotient_within

    size = len(code) - 2
    try:
        q, stopped = quotient_within(f"octal:{code}", max_heap, seconds, limits, SWEEP_FLAGS)
    except REFUSED as error:
        return _failed("octal-misere", code, size, max_heap, error)
    data = {
        "reached": q.max_heap,
        "stopped": stopped,
        "order": q.order,
        "p_portion": list(q.p_portion),
        "stable_from": q.stable_from,
        "stable_from_status": "observed" if q.period is None else "proven",
        "period": None if q.period is None else q.period.to_dict(),
        "generators": dict(q.generators),
        "relation_count": len(q.relations),
        "relations": list(q.relations[:RELATIONS_KEPT]),
        "growth": list(q.growth),
    }
    period: dict[str, int] = {}
    if q.period is not None:  # the images repeat, proven: the quotient of every heap size
        period = {"preperiod": q.period.preperiod, "period": q.period.period, "proven": 1}
    return _row(
        "octal-misere",
        code,
        size,
        max_heap,
        count=q.order,
        work=max_heap,
        data=_json(data),
        **period,
    )


def _take_away(c: int, bound: int, limits: Limits) -> Row:
    from nimlab import grundy_sequence
    from nimlab.theory.zeckendorf import take_away_sequence

    params = f"{c} bound={bound}"
    try:
        values = grundy_sequence(f"take-away:{c}", bound + 1, limits=limits).tolist()
    except REFUSED as error:
        return _failed("take-away", params, c, bound, error)
    losing = [n for n in range(1, bound + 1) if values[n] == 0]
    terms = [h for h in take_away_sequence(c).terms_upto(bound) if h >= 1]
    data = {
        "first": losing[:FIRST_SHOWN],
        "agrees_with_theorem": losing == terms,
        "largest_value": max(values),
    }
    return _row(
        "take-away",
        params,
        c,
        bound,
        max_value=max(values),
        count=len(losing),
        work=(bound + 1) * (bound + 2) // 2,  # the states (n, m) of the exhaustive table
        data=_json(data),
    )


def _split_delete(spec: str, heaps: int, top: int, limits: Limits) -> Row:
    from nimlab import p_positions

    params = f"{spec} heaps={heaps} max={top}"
    try:
        found = p_positions(spec, heaps=heaps, max_heap=top, limits=limits).positions
    except REFUSED as error:
        return _failed("split-delete", params, heaps, top, error)
    data: dict[str, Any] = {"first": [list(p) for p in found[:FIRST_SHOWN]]}
    if len(found) <= POSITIONS_KEPT:
        data["positions"] = [list(p) for p in found]
    return _row(
        "split-delete",
        params,
        heaps,
        top,
        max_value=max((p[-1] for p in found), default=0),  # the largest heap in a P-position
        count=len(found),
        work=comb(top + heaps - 1, heaps),  # the positions examined
        data=_json(data),
    )

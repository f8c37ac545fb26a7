"""Sweep benchmarks: every 3-element subtraction set ⊆ {1..100} (161,700 sets).

``python -m bench.sweeps`` prints, side by side, the batch kernel on one core,
the local process pool and a Dask LocalCluster (both computing only, then
both as a whole sweep into a fresh SQLite database), and checks that every
way gives the same (preperiod, period) for every set. The issue's reference:
a single-core C program does the 161,700 sets in about 0.4 s on this machine.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
from itertools import combinations
from typing import Any

TARGET = "C, one core: about 0.4 s (issue 5); bench/c/subtraction_sets.c measures it here"
SIZES, MAX_ELEMENT = (3,), 100


def _checksum(rows: list[tuple[Any, ...]]) -> str:
    text = "\n".join(f"{r[1]} {r[4]} {r[5]}" for r in sorted(rows, key=lambda r: r[1]))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _kernel_alone() -> dict[str, Any]:
    import numpy as np

    from nimlab.kernels.subtraction_sets import periodicities

    sets = np.array(list(combinations(range(1, MAX_ELEMENT + 1), 3)), dtype=np.int64)
    start = time.perf_counter()
    periodicities(sets[:10], 10**6)
    warm = time.perf_counter() - start
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        pre, per, *_ = periodicities(sets, 10**7)
        best = min(best, time.perf_counter() - start)
    checksum = str(int((pre.astype(np.uint64) * np.uint64(7) + per.astype(np.uint64)).sum()))
    return {
        "sets": len(sets),
        "compile_or_load_seconds": round(warm, 3),
        "seconds": round(best, 3),
        "checksum": checksum,
    }


def _compute_only(runner: Any) -> tuple[float, str]:
    from nimlab.garbage import no_gc
    from nimlab.limits import DEFAULT_MAX_MEMORY, DEFAULT_MAX_STATES
    from nimlab.research.compute import Job, compute_batch
    from nimlab.research.families import subtraction_family

    family = subtraction_family(SIZES, MAX_ELEMENT)
    start = time.perf_counter()
    jobs = (
        Job("subtraction", b, DEFAULT_MAX_STATES, DEFAULT_MAX_MEMORY) for b in family.batches(4096)
    )
    with no_gc():  # as run_sweep does
        rows = [row for done in runner.run(compute_batch, jobs) for row in done.rows]
    return time.perf_counter() - start, _checksum(rows)


def _whole_sweep(runner: Any) -> float:
    from nimlab.research.families import subtraction_family
    from nimlab.research.sweep import run_sweep

    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "bench.sqlite")
        report = run_sweep(subtraction_family(SIZES, MAX_ELEMENT), path, runner, quiet=True)
        assert report.computed == 161_700
        return report.seconds


def _one_call_per_set(count: int) -> float:
    """``nimlab.periodicity`` called once per set (fresh sets, no cache), on ``count`` sets."""
    import nimlab

    sets = list(combinations(range(1, MAX_ELEMENT + 1), 3))[-count:]
    start = time.perf_counter()
    for s in sets:
        nimlab.periodicity(nimlab.game("subtraction:" + ",".join(map(str, s))))
    return time.perf_counter() - start


def run() -> dict[str, Any]:
    """The sweep workload as one result entry (for ``make bench``)."""
    from bench import c_reference
    from nimlab.research.executors import DaskExecutor, PoolExecutor, SerialExecutor

    kernel = _kernel_alone()
    c = c_reference.run("subtraction_sets", MAX_ELEMENT)
    sample = 2000
    per_set_api = _one_call_per_set(sample) / sample * kernel["sets"]
    serial_seconds, serial_sum = _compute_only(SerialExecutor())
    pool = PoolExecutor()
    try:
        _compute_only(pool)  # workers started and warm
        pool_seconds, pool_sum = _compute_only(pool)
        pool_sweep = _whole_sweep(pool)
    finally:
        pool.close()
    start = time.perf_counter()
    dask = DaskExecutor(workers=os.cpu_count() or 1)
    dask_start = time.perf_counter() - start
    try:
        _compute_only(dask)  # workers import nimlab and load the kernel
        dask_seconds, dask_sum = _compute_only(dask)
        dask_sweep = _whole_sweep(dask)
    finally:
        dask.close()
    return {
        "workload": "every 3-element subtraction set ⊆ {1..100}: 161,700 proven periodicities",
        "seconds": round(pool_seconds, 3),
        "throughput": f"{kernel['sets'] / pool_seconds:,.0f} sets/s (local pool, all cores)",
        "cores": os.cpu_count(),
        "kernel_one_core_seconds": kernel["seconds"],
        "kernel_us_per_set": round(kernel["seconds"] / kernel["sets"] * 1e6, 2),
        "c_one_core_seconds": None if c is None else c[1],
        "kernel_agrees_with_c": None if c is None else c[0] == kernel["checksum"],
        "local_pool_ratio_vs_c": None if c is None else round(pool_seconds / c[1], 2),
        "serial_compute_seconds": round(serial_seconds, 3),
        "local_pool_compute_seconds": round(pool_seconds, 3),
        "dask_local_compute_seconds": round(dask_seconds, 3),
        "local_pool_sweep_into_sqlite_seconds": round(pool_sweep, 3),
        "dask_local_sweep_into_sqlite_seconds": round(dask_sweep, 3),
        "dask_cluster_start_seconds": round(dask_start, 3),
        "same_results_everywhere": serial_sum == pool_sum == dask_sum,
        "one_periodicity_call_per_set_seconds": round(per_set_api, 1),
        "naive_note": f"nimlab.periodicity once per set on {sample:,} sets, scaled to 161,700",
        "target": TARGET,
    }


WORKLOADS = {"sweep-subtraction-3-sets": run}
"""For the ``make bench`` runner (``bench/__main__.py``)."""


def main() -> int:
    result = run()
    print(f"\n{result['workload']}")
    for key, value in result.items():
        if key != "workload":
            print(f"  {key:40} {value}")
    return 0 if result["same_results_everywhere"] else 1


if __name__ == "__main__":
    raise SystemExit(main())

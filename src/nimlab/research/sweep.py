"""Run a sweep: the family's batches not yet committed, on an executor, into the database.

>>> import os, tempfile
>>> from nimlab.research.executors import SerialExecutor
>>> from nimlab.research.families import subtraction_family
>>> path = os.path.join(tempfile.mkdtemp(), "atlas.sqlite")
>>> family = subtraction_family(sizes=(2,), max_element=10)
>>> run_sweep(family, path, SerialExecutor(), quiet=True).computed
45
>>> run_sweep(family, path, SerialExecutor(), quiet=True).computed  # finished: nothing to do
0
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from nimlab.errors import InvalidOption, TooLarge
from nimlab.garbage import no_gc
from nimlab.limits import DEFAULT_MAX_MEMORY, DEFAULT_MAX_STATES
from nimlab.messages import say
from nimlab.progress import ProgressBar
from nimlab.research.compute import Job, compute_batch, refused, warm_up, with_limits
from nimlab.research.db import ResultsDB
from nimlab.research.executors import Executor
from nimlab.research.families import Family

DEFAULT_MAX_TASKS = 5_000_000
"""A sweep with more tasks is refused (``--max-tasks`` raises it)."""
BATCH_SIZES = {
    "subtraction": 4096,
    "octal": 4,
    "octal-misere": 1,
    "take-away": 1,
    "split-delete": 1,
}
"""Tasks per batch by family: thousands of subtraction sets per kernel call, one big game."""


@dataclass(frozen=True)
class SweepReport:
    """What a sweep did: tasks in all, already committed before, computed now, new rows."""

    family: str
    parameters: str
    tasks: int
    already_done: int
    computed: int
    new_results: int
    seconds: float
    executor: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "family": self.family,
            "parameters": self.parameters,
            "tasks": self.tasks,
            "already_done": self.already_done,
            "computed": self.computed,
            "new_results": self.new_results,
            "seconds": round(self.seconds, 3),
            "tasks_per_second": round(self.computed / self.seconds, 1) if self.seconds else None,
            "executor": self.executor,
        }


def check_size(family: Family, max_tasks: int) -> int:
    """The task count of ``family``, refused over ``max_tasks``."""
    if max_tasks < 1:
        raise InvalidOption(
            f"--max-tasks must be ≥ 1, got {max_tasks}",
            ja=f"--max-tasks は 1 以上です（{max_tasks} が与えられた）",
        )
    count = family.count()
    if count > max_tasks:
        raise TooLarge(
            f"this sweep has {count:,} tasks, over the limit of {max_tasks:,}; "
            "raise it with --max-tasks",
            ja=(
                f"このスイープのタスクは {count:,} 個で、上限 {max_tasks:,} を超えます。"
                "--max-tasks で引き上げられます"
            ),
        )
    return count


def _to_retry(
    db: ResultsDB,
    sweep: Any,
    family: Family,
    done: dict[int, int],
    max_states: int,
    max_memory: int,
) -> list[int]:
    """The committed batches holding a task refused, or a period search stopped, under
    smaller limits than these: a sweep run again with larger ``--max-states`` or
    ``--max-memory`` computes them again (their results replace the refused or stopped
    rows; proven rows stay)."""
    below = db.stopped_below(sweep, max_states, max_memory)
    if not below:
        return []
    again = []
    for batch in family.batches(sweep.batch_size):
        if batch.index in done:
            named = refused(Job(family.name, batch, max_states, max_memory), "").rows
            if any(row[1] in below for row in named):
                again.append(batch.index)
    return again


def run_sweep(
    family: Family,
    db_path: str,
    executor: Executor,
    *,
    max_tasks: int = DEFAULT_MAX_TASKS,
    max_states: int = DEFAULT_MAX_STATES,
    max_memory: int = DEFAULT_MAX_MEMORY,
    batch_size: int | None = None,
    quiet: bool = False,
    lang: str = "en",
) -> SweepReport:
    """Compute every task of ``family`` not yet in the database at ``db_path``."""
    count = check_size(family, max_tasks)
    if batch_size is not None and batch_size < 1:
        raise InvalidOption(
            f"--batch-size must be ≥ 1, got {batch_size}",
            ja=f"--batch-size は 1 以上です（{batch_size} が与えられた）",
        )
    start = time.perf_counter()
    with ResultsDB.open(db_path) as db:
        sweep = db.sweep(
            family.name,
            family.parameters(),
            batch_size=batch_size or BATCH_SIZES[family.name],
            tasks=count,
        )
        done = db.done_batches(sweep)
        for index in _to_retry(db, sweep, family, done, max_states, max_memory):
            del done[index]
        pending = count - sum(done.values())
        batches = (b for b in family.batches(sweep.batch_size) if b.index not in done)
        jobs = (Job(family.name, b, max_states, max_memory) for b in batches)
        if pending:
            with _interrupt_after():
                warm_up(family.name)
        computed = added = 0
        label = say("progress.sweep", lang, family=family.name)
        bar = None if quiet else ProgressBar(label, count, "tasks", lang, count - pending)
        try:
            with no_gc():
                for result in executor.run(compute_batch, jobs, lost=refused):
                    rows = with_limits(result.rows, max_states, max_memory)
                    added += db.commit_batch(sweep, result.index, rows)
                    computed += len(result.rows)
                    if bar is not None:
                        bar.advance(len(result.rows))
        finally:
            if bar is not None:
                bar.close()
        db.finish(sweep)
    return SweepReport(
        family.name,
        family.parameters(),
        count,
        count - pending,
        computed,
        added,
        time.perf_counter() - start,
        executor.name,
    )


@contextlib.contextmanager
def _interrupt_after() -> Iterator[None]:
    """Ctrl-C while the body runs stops the sweep once it is done. Loading the kernels runs
    in numba's ctypes callbacks, where an interrupt is printed ("Exception ignored …") and
    lost: the sweep then ran to its end."""
    if threading.current_thread() is not threading.main_thread():  # no signals there
        yield
        return
    pressed: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: pressed.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if pressed:
        raise KeyboardInterrupt

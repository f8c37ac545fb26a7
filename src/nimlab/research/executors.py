"""Where batches run: in this process, in a local process pool, or on Dask.

Every executor takes a top-level function and an iterable of jobs and yields
the function's results as they finish (in any order); the sweep stores each
one as it arrives. Only a bounded window of jobs is in flight, so a sweep of
a million tasks never holds them all.

* :class:`SerialExecutor` — in this process (tests, ``--workers 1``);
* :class:`PoolExecutor` — a ``concurrent.futures.ProcessPoolExecutor`` over
  every core (the default, nothing to start). A worker that dies (killed, out
  of memory) breaks the pool: a fresh pool is started and every job not yet
  returned is submitted again;
* :class:`DaskExecutor` — ``distributed``: a ``LocalCluster`` of N worker
  processes (``--dask-local N``) or an existing scheduler (``--scheduler
  tcp://HOST:PORT``; its workers need nimlab installed). The scheduler
  reschedules the tasks of a worker that dies; a task whose own code raises is retried,
  then refused. A scheduler lost mid-run (killed, the connection cut) is no task's
  failure: the run stops with :class:`~nimlab.errors.ClusterLost`, recording nothing for
  the jobs not yet returned.
  ``distributed`` is imported only here, only when asked for.

>>> list(SerialExecutor().run(abs, [-1, 2, -3]))
[1, 2, 3]
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import re
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from itertools import islice
from typing import Any, Protocol, TypeVar

from nimlab.errors import ClusterLost, InvalidOption, NimlabError, TooLarge

J = TypeVar("J")
R = TypeVar("R")
RESTARTS = 3
"""How often a job may break the pool (its worker dying) before the sweep gives up."""
DASK_RETRIES = 3
"""How often Dask may retry a task that raised (a dead worker is rescheduled anyway)."""
LOST_RESULTS = 64
"""Finished jobs whose results died with their worker that one run computes again (beyond
that the cluster is taken to be going away)."""


class Executor(Protocol):
    """Runs ``function`` on every job, yielding results as they finish."""

    workers: int
    name: str

    def run(
        self,
        function: Callable[[J], R],
        jobs: Iterable[J],
        lost: Callable[[J, str], R] | None = None,
    ) -> Iterator[R]: ...

    def close(self) -> None: ...


class SerialExecutor:
    """Every job in this process, in order."""

    workers = 1
    name = "serial"

    def run(
        self,
        function: Callable[[J], R],
        jobs: Iterable[J],
        lost: Callable[[J, str], R] | None = None,
    ) -> Iterator[R]:
        for job in jobs:
            yield function(job)

    def close(self) -> None:
        pass


class PoolExecutor:
    """A local process pool; jobs of a worker that died are submitted again."""

    name = "local pool"

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or os.cpu_count() or 1
        self.restarts = 0
        self._pool: ProcessPoolExecutor | None = None

    def _fresh_pool(self) -> ProcessPoolExecutor:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        # fork (Linux): workers inherit the compiled kernels already loaded here;
        # elsewhere the platform's default start method, each worker loading its own.
        method = "fork" if sys.platform.startswith("linux") else None
        context = multiprocessing.get_context(method)
        self._pool = ProcessPoolExecutor(
            self.workers, mp_context=context, initializer=_die_with_parent
        )
        return self._pool

    def run(
        self,
        function: Callable[[J], R],
        jobs: Iterable[J],
        lost: Callable[[J, str], R] | None = None,
    ) -> Iterator[R]:
        """Yield ``function(job)`` for every job; a job whose worker dies more than
        ``RESTARTS`` times ends the run, or with ``lost`` yields ``lost(job, reason)``."""
        pool = self._pool or self._fresh_pool()
        waiting = iter(jobs)
        running: dict[Future[R], J] = {}
        broken: dict[int, int] = {}
        window = 2 * self.workers
        while True:
            for job in islice(waiting, window - len(running)):
                running[pool.submit(function, job)] = job
            if not running:
                return
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            dead: list[J] = []
            for future in finished:
                job = running.pop(future)
                try:
                    result = future.result()
                except BrokenProcessPool:
                    dead.append(job)
                    continue
                yield result
            if dead:
                dead.extend(running.values())
                again = []
                for job in dead:
                    broken[id(job)] = broken.get(id(job), 0) + 1
                    if broken[id(job)] <= RESTARTS:
                        again.append(job)
                        continue
                    reason = (
                        f"a worker died {RESTARTS + 1} times on this batch (out of memory?); "
                        "lower --batch-size or --max-states"
                    )
                    if lost is None:
                        raise TooLarge(
                            reason,
                            ja=(
                                f"このバッチでワーカーが {RESTARTS + 1} 回落ちました（"
                                "メモリ不足？）。--batch-size か --max-states を下げてください"
                            ),
                        )
                    yield lost(job, reason)
                self.restarts += 1
                pool = self._fresh_pool()
                running = {pool.submit(function, job): job for job in again}

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


def _die_with_parent() -> None:
    """In a pool worker: be killed when the sweep is (``kill -9`` leaves no idle orphans),
    and by SIGTERM or SIGHUP at once, as the pool ends its workers: a forked worker inherits
    the command's handlers, which turn them into an interruption (:mod:`nimlab.interrupts`)."""
    import ctypes
    import signal

    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG (Linux); elsewhere nothing happens
    except (OSError, AttributeError):
        pass


class DaskExecutor:
    """Dask distributed: a LocalCluster of ``workers`` processes, or a running scheduler."""

    def __init__(self, workers: int | None = None, scheduler: str | None = None) -> None:
        from nimlab.extras import require

        require("research", "nimlab sweep --dask-local/--scheduler")
        distributed: Any = importlib.import_module("distributed")
        Client, LocalCluster = distributed.Client, distributed.LocalCluster
        _silence_dask()
        self._cluster: Any = None
        if scheduler is not None:
            self.name = f"Dask scheduler {scheduler}"
            try:
                self._client = _connect(Client, scheduler)
            except (OSError, TimeoutError, ValueError, MemoryError) as error:
                if isinstance(error, MemoryError):  # a frame length read from another protocol
                    error = ValueError("what answered there does not speak the dask protocol")
                raise InvalidOption(
                    f"--scheduler {scheduler}: cannot reach it ({error}); give tcp://HOST:PORT "
                    "of a running dask scheduler",
                    ja=(
                        f"--scheduler {scheduler}: 接続できません（{error}）。動いている dask "
                        "スケジューラの tcp://HOST:PORT を指定してください"
                    ),
                ) from None
            present = len(self._client.scheduler_info()["workers"])
            self.workers = present or self._wait_for_one(scheduler)
        else:
            self.workers = workers or os.cpu_count() or 1
            self.name = f"Dask LocalCluster ({self.workers} workers)"
            try:
                with _sigint_held():
                    self._cluster = LocalCluster(
                        n_workers=self.workers,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=None,
                        # its HTTP server (health routes) on a free port, not 8787, which
                        # may be taken (Dask then warned on stderr), and no dashboard
                        scheduler_kwargs={"dashboard_address": ":0"},
                        silence_logs=50,
                    )
                    self._client = Client(self._cluster)
            except KeyboardInterrupt:  # held during the start, delivered as it ended
                if self._cluster is not None:
                    self._cluster.close()
                raise

    def _wait_for_one(self, scheduler: str) -> int:
        """The workers of a scheduler that had none: one is waited for :data:`WORKER_SECONDS`
        (a sweep given to a scheduler without workers waited forever, saying nothing)."""
        try:
            self._client.wait_for_workers(1, timeout=WORKER_SECONDS)
        except (TimeoutError, OSError):
            self._client.close()
            raise InvalidOption(
                f"--scheduler {scheduler}: the scheduler has "
                f"no workers (none came in {WORKER_SECONDS:g} s); start one with `dask worker "
                "ADDRESS`, then run the same command",
                ja=(
                    f"--scheduler {scheduler}: スケジューラに"
                    f"ワーカーがありません（{WORKER_SECONDS:g} 秒待っても来ませんでした）。"
                    "`dask worker ADDRESS` で起動してから同じコマンドを実行してください"
                ),
            ) from None
        return max(1, len(self._client.scheduler_info()["workers"]))

    def run(
        self,
        function: Callable[[J], R],
        jobs: Iterable[J],
        lost: Callable[[J, str], R] | None = None,
    ) -> Iterator[R]:
        as_completed = importlib.import_module("distributed").as_completed

        waiting = iter(jobs)
        window = 2 * self.workers

        of: dict[Any, J] = {}

        def submit(job: J) -> Any:
            future = self._client.submit(function, job, pure=False, retries=DASK_RETRIES)
            of[future.key] = job
            return future

        first = [submit(job) for job in islice(waiting, window)]
        if not first:
            return
        running = as_completed(first)
        redone = 0
        for future in running:
            job = of.pop(future.key)
            if future.status == "lost" and redone < LOST_RESULTS:
                # done, but its result was held by a worker that died since (another job
                # killed it): the job is run again, as Dask would for a result it still wants
                redone += 1
                future.release()
                running.add(submit(job))
                continue
            if future.status == "error":  # the task's own code raised, or it killed its workers
                error = future.exception()
                if lost is None or isinstance(error, NimlabError):
                    raise error
                result: R = lost(job, _failure(error)[:300])
            elif future.status != "finished":  # cancelled: the cluster, not the task
                raise self._lost(future)
            else:
                result = future.result()
            future.release()
            following = next(waiting, None)
            if following is not None:
                running.add(submit(following))
            yield result

    def _lost(self, future: Any) -> ClusterLost:
        """The end of a run whose scheduler (or the connection to it) went away mid-run."""
        where = self.name if self._cluster is None else "the Dask LocalCluster"
        reason = f"its tasks were {future.status}"
        if future.status == "cancelled":
            try:
                future.result(timeout=0)
            except Exception as error:  # "<key> cancelled for reason: scheduler-connection-lost."
                said = str(error).split("\n")[0]
                reason = said.partition("for reason: ")[2].rstrip(".") or reason
        reason = reason[:200]
        return ClusterLost(
            f"{where} went away mid-sweep ({reason}); the batches finished before are saved "
            "and nothing was recorded for the others: run the same command again to resume",
            ja=(
                f"{where} がスイープの途中で失われました（{reason}）。それまでに終わったバッチは"
                "保存され、残りは何も記録していません。同じコマンドをもう一度実行すると再開します"
            ),
        )

    def close(self) -> None:
        self._client.close()
        if self._cluster is not None:
            self._cluster.close()


@contextmanager
def _sigint_held() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) back while a LocalCluster starts, and deliver it after.

    The terminal sends Ctrl-C to every process of the sweep. A worker process still
    starting printed its KeyboardInterrupt traceback, and a cluster interrupted half-way
    failed its close at exit (``AssertionError: Status.init``). A blocked signal stays
    blocked in the threads and processes started meanwhile — Dask's event loop thread and
    the workers it spawns, across their exec — so Ctrl-C reaches the sweep alone, which
    closes the cluster. Only the main thread can do this (elsewhere, nothing is held).
    """
    held = hasattr(signal, "pthread_sigmask") and (
        threading.current_thread() is threading.main_thread()
    )
    if held:
        # multiprocessing's resource tracker unblocks SIGINT in the thread that first starts
        # a process (to start itself): started here first, it leaves the mask alone later
        from multiprocessing import resource_tracker

        resource_tracker.ensure_running()
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        if held:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _silence_dask() -> None:
    """Keep Dask's own log lines (reconnection attempts, a worker's shutdown traceback) off
    stderr: a sweep reports what happened in one line of its own."""
    import logging

    for name in ["distributed", *logging.root.manager.loggerDict]:
        if name.split(".")[0] == "distributed":  # Dask's config gives some their own level
            logging.getLogger(name).setLevel(logging.CRITICAL)


def _failure(error: BaseException) -> str:
    """Why a Dask task failed for good: its own exception, raised on every attempt, or the
    death of every worker it ran on."""
    if type(error).__name__ == "KilledWorker":
        return f"its workers died on it on Dask (out of memory?); lower --max-states ({error})"
    return f"raised {type(error).__name__}: {error} on each of {DASK_RETRIES + 1} attempts on Dask"


def executor(
    workers: int | None = None, dask_local: int | None = None, scheduler: str | None = None
) -> Executor:
    """The executor the command line asks for (default: a local pool over every core)."""
    if dask_local is not None and scheduler is not None:
        raise InvalidOption(
            "give one of --dask-local N and --scheduler ADDRESS, not both",
            ja="--dask-local N と --scheduler ADDRESS はどちらか一方だけを指定してください",
        )
    if workers is not None and (dask_local is not None or scheduler is not None):
        dask = "--dask-local N" if dask_local is not None else "--scheduler ADDRESS"
        whose = "N is the number of workers" if dask_local is not None else "its workers count"
        whose_ja = "N がワーカー数" if dask_local is not None else "そのワーカーが数える"
        raise InvalidOption(
            f"--workers is for the local pool; with {dask} it would be ignored ({whose}): "
            "give one of them",
            ja=f"--workers はローカルのプールの指定です。{dask} と一緒では無視されます"
            f"（{whose_ja}）。どちらか一方を指定してください",
        )
    cap = max_workers()
    for value, option in ((workers, "--workers"), (dask_local, "--dask-local")):
        if value is not None and not 1 <= value <= cap:
            raise InvalidOption(
                f"{option} must be 1 to {cap} (4 × {os.cpu_count() or 1} cores), got {value}",
                ja=(
                    f"{option} は 1 から {cap}（4 × {os.cpu_count() or 1} コア）までです（{value} "
                    "が与えられた）"
                ),
            )
    if scheduler is not None:
        check_address(scheduler)
        return DaskExecutor(scheduler=scheduler)
    if dask_local is not None:
        return DaskExecutor(workers=dask_local)
    if workers == 1:
        return SerialExecutor()
    return PoolExecutor(workers)


def max_workers() -> int:
    """The most worker processes a sweep may start: 4 per core."""
    return 4 * (os.cpu_count() or 1)


_ADDRESS = re.compile(r"(tcp|ws)://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):([0-9]{1,5})")
"""tcp and ws: tls and wss need certificates (a ``Security``), which the command line does
not take."""
WORKER_SECONDS = 30.0
"""How long a sweep waits for a worker of a scheduler that has none."""
CONNECT_SECONDS = 10.0
"""How long a scheduler has to answer as Dask: a port held by another program (a web
server, a listener that never replies) may accept the connection and then say nothing."""


def _connect(client: Any, scheduler: str) -> Any:
    """``Client(scheduler)``, given up after :data:`CONNECT_SECONDS` whatever answers there.

    Dask's own timeout covers the connection, not the handshake after it; the client is
    made in a helper thread, and a thread still waiting is left behind (a daemon: it
    ends with the process, which is about to report the refusal). A client made after
    the caller gave up is closed by that thread, and the remains of a failed one are
    collected at once: a ``Client`` collected later, while another cluster starts its
    event loop, closes its own under the lock that start holds, and the process hangs
    (seen in the tests: ``Client.__del__`` inside ``LocalCluster.__init__``).
    """
    import gc
    import threading

    made: list[Any] = []
    failed: list[BaseException] = []
    lock = threading.Lock()
    given_up = threading.Event()

    def attempt() -> None:
        made_now = None
        try:
            made_now = client(scheduler, timeout="5s")
        except BaseException as error:  # reported by the caller's thread, if still there
            with lock:
                if not given_up.is_set():
                    failed.append(error)
        with lock:
            late = given_up.is_set()
            if not late and made_now is not None:
                made.append(made_now)
        if late:  # nobody will use or close it: close it, and collect a failed one now
            if made_now is not None:
                made_now.close()
            gc.collect()

    thread = threading.Thread(target=attempt, name="nimlab-dask-connect", daemon=True)
    thread.start()
    thread.join(CONNECT_SECONDS)
    with lock:
        given_up.set()
    if failed:
        error = failed[0].with_traceback(None)  # its frames hold the half-made client
        failed.clear()
        gc.collect()  # which goes now
        raise error
    if not made:
        raise TimeoutError(
            f"no answer as a dask scheduler within {CONNECT_SECONDS:g} s (is another program "
            "listening on that port?)"
        )
    return made[0]


def check_address(scheduler: str) -> None:
    """Refuse a scheduler address that is not PROTOCOL://HOST:PORT (before Dask parses it).

    >>> check_address("tcp://10.0.0.5:8786")
    >>> check_address("tcp://")
    Traceback (most recent call last):
    ...
    nimlab.errors.InvalidOption: --scheduler 'tcp://': give an address like tcp://HOST:8786 ...
    """
    match = _ADDRESS.fullmatch(scheduler)
    if match is None or not 1 <= int(match.group(3)) <= 65535:
        shown = scheduler if len(scheduler) <= 60 else scheduler[:56] + "..."
        raise InvalidOption(
            f"--scheduler {shown!r}: give an address like tcp://HOST:8786 "
            "(tcp or ws; port 1 to 65535)",
            ja=(
                f"--scheduler {shown!r}: tcp://HOST:8786 のようなアドレスを指定してください"
                "（tcp か ws。ポートは 1 から 65535）"
            ),
        )

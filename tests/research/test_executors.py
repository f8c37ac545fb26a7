"""Every executor gives the same results; a worker that dies has its jobs redone."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import pytest

from nimlab.errors import ClusterLost, InvalidOption
from nimlab.research import query
from nimlab.research.executors import (
    DASK_RETRIES,
    DaskExecutor,
    PoolExecutor,
    SerialExecutor,
    executor,
)
from nimlab.research.families import subtraction_family, take_away_family
from nimlab.research.sweep import run_sweep
from sweep_faults import die_once, slow_square, termination_handlers


def _all_rows(path: Path) -> list[tuple[object, ...]]:
    return [r[:-2] for r in query.rows(str(path), query.Filter())]  # without version, time


def test_serial_pool_and_dask_agree(tmp_path: Path) -> None:
    families = [subtraction_family(sizes=(1, 2, 3), max_element=24), take_away_family(1, 3, 40)]
    runs = {}
    for name, make in (
        ("serial", SerialExecutor),
        ("pool", lambda: PoolExecutor(2)),
        ("dask", lambda: DaskExecutor(workers=2)),
    ):
        path = tmp_path / f"{name}.sqlite"
        runner = make()
        try:
            for family in families:
                run_sweep(family, str(path), runner, batch_size=100, quiet=True)
        finally:
            runner.close()
        runs[name] = _all_rows(path)
    assert len(runs["serial"]) == 24 + 276 + 2024 + 3
    assert runs["pool"] == runs["serial"]
    assert runs["dask"] == runs["serial"]


def test_a_dead_worker_has_its_jobs_redone(tmp_path: Path) -> None:
    marker = str(tmp_path / "died")
    pool = PoolExecutor(2)
    try:
        results = sorted(pool.run(die_once, [(marker, v) for v in range(8)]))
    finally:
        pool.close()
    assert results == [v * v for v in range(8)]
    assert Path(marker).exists() and pool.restarts == 1


def test_pool_workers_die_of_sigterm_whatever_the_command_does_with_it() -> None:
    """A forked worker inherits the command's handlers, which make SIGTERM and SIGHUP an
    interruption (nimlab.interrupts); the pool ends its workers with SIGTERM."""
    from nimlab.interrupts import taken_safely

    with taken_safely():
        pool = PoolExecutor(2)
        try:
            assert set(pool.run(termination_handlers, [1, 2])) == {(True, True)}
        finally:
            pool.close()


def test_executor_choice() -> None:
    assert isinstance(executor(workers=1), SerialExecutor)
    assert isinstance(executor(), PoolExecutor)
    with pytest.raises(InvalidOption, match="not both"):
        executor(dask_local=2, scheduler="tcp://localhost:8786")
    with pytest.raises(InvalidOption, match="tcp://HOST"):
        executor(scheduler="localhost:8786")
    with pytest.raises(InvalidOption, match="--workers must be"):
        executor(workers=0)


@pytest.mark.parametrize(
    ("dask", "named"),
    [({"dask_local": 2}, "--dask-local N"), ({"scheduler": "tcp://localhost:8786"}, "--scheduler")],
)
def test_workers_with_dask_is_refused_not_ignored(dask: dict[str, Any], named: str) -> None:
    """Found by the audit of 2026-11-28: --workers was silently ignored beside Dask."""
    with pytest.raises(InvalidOption, match=f"--workers is for the local pool; with {named}"):
        executor(workers=3, **dask)


def test_an_existing_scheduler_by_address(tmp_path: Path) -> None:
    from distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=1, dashboard_address=":0") as cluster:
        runner = executor(scheduler=cluster.scheduler_address)
        try:
            assert runner.workers == 1 and "scheduler" in runner.name
            family = subtraction_family(sizes=(2,), max_element=15)
            report = run_sweep(family, str(tmp_path / "s.sqlite"), runner, quiet=True)
        finally:
            runner.close()
    assert report.computed == 105
    serial = tmp_path / "serial.sqlite"
    run_sweep(family, str(serial), SerialExecutor(), quiet=True)
    assert _all_rows(tmp_path / "s.sqlite") == _all_rows(serial)


def test_an_unreachable_scheduler_is_refused() -> None:
    with pytest.raises(InvalidOption, match="cannot reach it"):
        executor(scheduler="tcp://127.0.0.1:9")


def test_a_dead_dask_worker_has_its_jobs_redone(tmp_path: Path) -> None:
    marker = str(tmp_path / "died")
    runner = DaskExecutor(workers=2)
    try:
        results = sorted(runner.run(die_once, [(marker, v) for v in range(8)]))
    finally:
        runner.close()
    assert results == [v * v for v in range(8)]
    assert Path(marker).exists()


class _Future:
    """A Dask future as the run sees it: finished, or "lost" (its holder died) once."""

    def __init__(self, key: int, job: int, status: str) -> None:
        self.key, self.job, self.status = key, job, status

    def result(self) -> int:
        return self.job * self.job

    def release(self) -> None:
        pass


class _Client:
    """Submits each job at once; job 1's first result is lost with its worker."""

    def __init__(self) -> None:
        self.submitted: list[int] = []

    def submit(self, function: Any, job: int, pure: bool, retries: int) -> _Future:
        self.submitted.append(job)
        lost = job == 1 and self.submitted.count(1) == 1
        return _Future(len(self.submitted), job, "lost" if lost else "finished")


class _AsCompleted:
    def __init__(self, futures: list[_Future]) -> None:
        self.futures = list(futures)

    def __iter__(self) -> Any:
        while self.futures:
            yield self.futures.pop(0)

    def add(self, future: _Future) -> None:
        self.futures.append(future)


def test_a_result_lost_with_its_worker_is_computed_again(monkeypatch: pytest.MonkeyPatch) -> None:
    # the flake of two clean-clone runs (test_a_dead_dask_worker_has_its_jobs_redone): a job
    # finished on a worker that another job then killed, before the run fetched its result;
    # its future said "lost", and the run took it for the cluster going away
    import distributed

    monkeypatch.setattr(distributed, "as_completed", _AsCompleted)
    runner = DaskExecutor.__new__(DaskExecutor)
    runner.workers, runner._client = 2, _Client()  # type: ignore[assignment]
    assert sorted(runner.run(lambda v: v, range(6))) == [v * v for v in range(6)]
    assert runner._client.submitted.count(1) == 2  # type: ignore[attr-defined]


def _http_listener() -> Any:
    """A socket on a free port that answers every connection as an HTTP server would."""
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()

    def answer() -> None:
        for _ in range(4):
            try:
                conn, _ = server.accept()
            except OSError:
                return
            conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 64)
            conn.close()

    threading.Thread(target=answer, daemon=True).start()
    return server


def test_a_server_that_is_no_dask_scheduler_is_refused_as_such() -> None:
    """Found by the CLI audit: an HTTP server at the address made distributed read a frame of
    exabytes, and nimlab said it "ran out of memory; lower --max-states"."""
    server = _http_listener()
    try:
        with pytest.raises(InvalidOption, match="cannot reach it"):
            executor(scheduler=f"tcp://127.0.0.1:{server.getsockname()[1]}")
    finally:
        server.close()


def test_a_listener_that_never_answers_is_given_up(monkeypatch: pytest.MonkeyPatch) -> None:
    # found by the audit of 2026-11-27: an HTTP server (or any listener that reads and
    # stays silent) held the sweep for 40–100 s; Dask's timeout covers only the connection
    import socket
    import time

    from nimlab.research import executors

    monkeypatch.setattr(executors, "CONNECT_SECONDS", 1.0)
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    began = time.monotonic()
    try:
        with pytest.raises(InvalidOption, match="no answer as a dask scheduler within 1 s"):
            executor(scheduler=f"tcp://127.0.0.1:{server.getsockname()[1]}")
    finally:
        server.close()
    assert time.monotonic() - began < 10


@pytest.mark.parametrize("address", ["tls://127.0.0.1:8786", "wss://localhost:8786"])
def test_addresses_that_need_certificates_are_refused_as_such(address: str) -> None:
    # tls:// raised a TypeError (a traceback): it needs a Security the command line lacks
    with pytest.raises(InvalidOption, match=r"\(tcp or ws; port 1 to 65535\)"):
        executor(scheduler=address)


def test_a_lost_scheduler_stops_the_run_and_records_nothing() -> None:
    """Found by the audit: killing the scheduler mid-sweep stored every unfinished batch as
    a refused row 'failed 4 times on Dask (… cancelled …)', and a rerun had nothing to do."""
    from distributed import LocalCluster

    from sweep_faults import slow_square

    lost: list[object] = []
    cluster = LocalCluster(n_workers=1, threads_per_worker=1, dashboard_address=None)
    runner = executor(scheduler=cluster.scheduler_address)
    try:
        results = runner.run(slow_square, range(40), lost=lambda job, why: lost.append(job))
        assert next(results) in {v * v for v in range(40)}
        cluster.close()
        with pytest.raises(ClusterLost, match=r"tcp://127\.0\.0\.1:.*run the same command again"):
            list(results)
    finally:
        runner.close()
    assert lost == []


def test_a_task_that_raises_on_dask_is_refused_with_its_own_error() -> None:
    from sweep_faults import raise_on_3

    runner = DaskExecutor(workers=1)
    try:
        results = list(runner.run(raise_on_3, range(5), lost=lambda job, why: why))
    finally:
        runner.close()
    assert sorted(r for r in results if isinstance(r, int)) == [0, 1, 4, 16]
    (why,) = [r for r in results if isinstance(r, str)]
    assert why.startswith("raised ZeroDivisionError: 3 is refused by this task")
    assert f"on each of {DASK_RETRIES + 1} attempts" in why


def test_a_failed_connection_leaves_no_client_behind() -> None:
    # The CI hung in LocalCluster.__init__: the collector ran Client.__del__ of a client
    # left by an earlier failed connection, whose close waited for the lock that cluster's
    # start held. A failed client is now collected at once, a late one closed.
    import gc

    from distributed import Client

    def clients() -> int:
        return sum(issubclass(type(o), Client) for o in gc.get_objects())

    server = _http_listener()
    gc.collect()
    before = clients()
    was = gc.isenabled()
    gc.disable()  # only what nimlab itself collects counts
    try:
        with pytest.raises(InvalidOption, match="cannot reach it"):
            executor(scheduler=f"tcp://127.0.0.1:{server.getsockname()[1]}")
        assert clients() == before
    finally:
        if was:
            gc.enable()
        server.close()


def test_a_connection_given_up_leaves_no_client_behind_when_it_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the same hang through the listener that never answers: its connecting thread ends
    # after the refusal, and what it made was left to the collector
    import gc
    import socket
    import threading

    from distributed import Client

    from nimlab.research import executors

    monkeypatch.setattr(executors, "CONNECT_SECONDS", 0.5)
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    gc.collect()
    before = sum(issubclass(type(o), Client) for o in gc.get_objects())
    was = gc.isenabled()
    gc.disable()
    try:
        with pytest.raises(InvalidOption, match="no answer as a dask scheduler"):
            executor(scheduler=f"tcp://127.0.0.1:{server.getsockname()[1]}")
        server.close()
        for thread in threading.enumerate():
            if thread.name == "nimlab-dask-connect":
                thread.join(60)
        assert sum(issubclass(type(o), Client) for o in gc.get_objects()) == before
    finally:
        if was:
            gc.enable()
        server.close()


def test_a_scheduler_without_workers_is_refused_not_waited_on_forever(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # found by the sweep audit of 2026-11-28: a sweep given to a scheduler with no
    # workers waited forever, printing "0 tasks/s, ? left" (nothing with --quiet)
    from distributed import LocalCluster

    monkeypatch.setattr("nimlab.research.executors.WORKER_SECONDS", 1.0)
    with (
        LocalCluster(n_workers=0, dashboard_address=":0") as cluster,
        pytest.raises(InvalidOption, match="the scheduler has no workers"),
    ):
        executor(scheduler=cluster.scheduler_address)


def test_a_local_cluster_says_nothing_when_port_8787_is_taken(
    recwarn: pytest.WarningsRecorder,
) -> None:
    # found by the sweep audit of 2026-11-28: Dask warned "Port 8787 is already in use"
    # on stderr, and started its HTTP server there
    import socket

    taken = socket.socket()
    try:
        taken.bind(("127.0.0.1", 8787))
        taken.listen()
    except OSError:
        pass  # another program holds it already: the same situation
    try:
        runner = DaskExecutor(workers=1)
        try:
            assert sorted(runner.run(slow_square, [1, 2, 3])) == [1, 4, 9]
        finally:
            runner.close()
    finally:
        taken.close()
    assert not [w for w in recwarn if "8787" in str(w.message)]


def _sigint_blocked(pid: int) -> bool:
    status = Path(f"/proc/{pid}/status").read_text()
    blocked = int(next(line for line in status.splitlines() if line.startswith("SigBlk:"))[7:], 16)
    return bool(blocked & (1 << (signal.SIGINT - 1)))


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_a_local_cluster_s_workers_leave_ctrl_c_to_the_sweep() -> None:
    """Found by the sweep audit: Ctrl-C while `sweep --dask-local` started printed the
    starting workers' KeyboardInterrupt tracebacks, and the half-started cluster failed its
    close at exit. The workers now start with SIGINT blocked; the sweep alone gets it."""
    runner = DaskExecutor(workers=1)
    try:
        pids = runner._client.run(os.getpid)
        assert pids and all(_sigint_blocked(pid) for pid in pids.values())
        assert not _sigint_blocked(os.getpid())  # the sweep's own Ctrl-C is back
        assert list(runner.run(abs, [-3, 4])) in ([3, 4], [4, 3])
    finally:
        runner.close()

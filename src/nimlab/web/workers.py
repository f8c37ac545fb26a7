"""Worker processes: where the web app's computing happens, with a time limit that stops it.

The server's event loop never computes. It hands each job to an idle worker
process over a pipe and waits without blocking. A worker that overruns the
hard timeout (the time limit plus a grace period) is killed and replaced, so
no request can stall the server; a worker has an address-space limit, so no
request can exhaust the machine's memory. When every worker is busy and too
many requests already wait, a request is refused at once as ``busy``.

Jobs are the functions of :mod:`nimlab.web.jobs`, named by a string; their
errors come back as ``JobError`` with the kind, message and field.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import multiprocessing
import os
import resource
import traceback
from collections import OrderedDict
from collections.abc import Hashable
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from typing import Any

from nimlab.errors import NimlabError
from nimlab.web.config import WebConfig

NICE = 10
"""How much lower the workers' scheduling priority is than the server's."""
CACHE_ITEMS = 20_000
"""A result with more list items than this is not cached."""
PING = "ping"
"""The job a new worker answers first, to show it started."""
OUT_OF_MEMORY = "the computation needs more memory than a request may use"


class JobError(Exception):
    """A job that did not produce its result: kind, message and the field at fault."""

    def __init__(self, kind: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.field = field


def _worker_main(conn: Connection, config: WebConfig, module: str) -> None:
    """The loop of one worker process: receive ``(job, kwargs)``, send back a reply."""
    jobs = importlib.import_module(module)
    jobs.configure(config)
    with contextlib.suppress(OSError):
        os.nice(NICE)  # the server's event loop comes first: it must stay responsive
    if config.worker_memory_mb:
        limit = config.worker_memory_mb * 1024 * 1024
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    while True:
        try:
            name, kwargs = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        reply = ("ok", None) if name == PING else _run(jobs.JOBS, name, kwargs)
        conn.send(reply)
        if reply[0] == "retire":
            return  # memory may stay fragmented: the pool starts a fresh process


def _run(table: dict[str, Any], name: str, kwargs: dict[str, Any]) -> tuple[Any, ...]:
    """``("ok", result)``, ``("error", kind, message, field)`` or ``("retire", ...)``."""
    try:
        return ("ok", table[name](**kwargs))
    except NimlabError as error:
        return ("error", error.kind, str(error), getattr(error, "field", None))
    except MemoryError:
        return ("retire", "too_large", OUT_OF_MEMORY, None)
    except RecursionError:
        return ("error", "too_large", "the computation nests too deeply for a request", None)
    except Exception:  # a bug: report it, keep the worker
        traceback.print_exc()
        return ("error", "internal", f"internal error in {name} (a bug: please report it)", None)


def _cacheable(reply: tuple[Any, ...]) -> bool:
    """Results of modest size and input errors; never refusals (they depend on the load)."""
    if reply[0] == "ok":
        lists = [v for v in reply[1].values() if isinstance(v, list)]
        return sum(len(v) for v in lists) <= CACHE_ITEMS
    return reply[0] == "error" and reply[1] not in ("too_large", "busy")


class _Worker:
    def __init__(self, context: BaseContext, config: WebConfig, module: str) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(  # type: ignore[attr-defined]
            target=_worker_main, args=(child, config, module), daemon=True
        )
        self.process.start()
        child.close()

    async def call(self, message: tuple[str, dict[str, Any]], timeout: float) -> tuple[Any, ...]:
        """Send a job and wait (without blocking the loop) for its reply."""
        self.conn.send(message)
        return await self.reply(timeout)

    async def reply(self, timeout: float) -> tuple[Any, ...]:
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        fd = self.conn.fileno()

        def readable() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(fd, readable)
        try:
            await asyncio.wait_for(ready, timeout)
        finally:
            loop.remove_reader(fd)
        reply: tuple[Any, ...] = self.conn.recv()
        return reply

    def kill(self) -> None:
        self.process.kill()
        self.process.join(1)
        self.conn.close()


class WorkerPool:
    """A fixed number of worker processes and a bounded queue of jobs waiting for them."""

    def __init__(
        self, config: WebConfig, start_method: str = "forkserver", jobs: str = "nimlab.web.tasks"
    ) -> None:
        """``jobs`` names the module whose ``JOBS`` table (and ``configure``) workers use."""
        self.config = config
        self.jobs = jobs
        self.context = multiprocessing.get_context(start_method)
        if start_method == "forkserver":
            self.context.set_forkserver_preload([jobs])
        self.idle: asyncio.Queue[_Worker] = asyncio.Queue()
        self.workers: set[_Worker] = set()
        self.waiting = 0
        self.killed = 0
        self.cache: OrderedDict[Hashable, tuple[Any, ...]] = OrderedDict()

    async def start(self) -> None:
        """Start the worker processes (in a thread: starting one takes a moment)."""
        for _ in range(self.config.workers):
            worker = await asyncio.to_thread(_Worker, self.context, self.config, self.jobs)
            self.workers.add(worker)
            try:
                await worker.call((PING, {}), timeout=60)
            except (TimeoutError, EOFError, OSError) as error:
                await self.close()
                raise RuntimeError(f"a worker process did not start ({error!r})") from None
            self.idle.put_nowait(worker)

    async def close(self) -> None:
        for worker in list(self.workers):
            worker.kill()
        self.workers.clear()

    async def run(self, job: str, **kwargs: Any) -> Any:
        """The result of ``job(**kwargs)`` in a worker; raises ``JobError`` if it failed.

        Jobs are deterministic, so answers (results and input errors, not
        refusals, which depend on the load) are kept in a small LRU cache.
        """
        key: Hashable = (job, *sorted(kwargs.items()))
        try:
            reply = self.cache.get(key)
        except TypeError:  # an argument that is not hashable: no caching
            key, reply = None, None
        if reply is None:
            reply = await self._compute(job, kwargs)
            if key is not None and _cacheable(reply):
                self.cache[key] = reply
                if len(self.cache) > self.config.cache_size:
                    self.cache.popitem(last=False)
        else:
            self.cache.move_to_end(key)
        if reply[0] == "ok":
            return reply[1]
        raise JobError(*reply[1:])

    async def _compute(self, job: str, kwargs: dict[str, Any]) -> tuple[Any, ...]:
        if self.waiting >= self.config.queue_limit:
            raise JobError("busy", "the server is busy; try again in a moment")
        self.waiting += 1
        try:
            worker = await self.idle.get()
        finally:
            self.waiting -= 1
        try:
            reply = await worker.call((job, kwargs), self.config.hard_timeout)
        except asyncio.CancelledError:
            # The client went away: let the job finish (or be killed) before reuse.
            asyncio.get_running_loop().create_task(self._drain(worker))
            raise
        except TimeoutError:
            self._replace(worker)
            raise JobError(
                "too_large",
                f"this takes more than {self.config.time_limit:g} s, the web app's time limit "
                "per request; the command line has none",
            ) from None
        except (EOFError, OSError):
            self._replace(worker)  # the worker died, e.g. of its memory limit
            raise JobError("too_large", OUT_OF_MEMORY) from None
        if reply[0] == "retire":
            self._replace(worker)
        else:
            self.idle.put_nowait(worker)
        return reply

    async def _drain(self, worker: _Worker) -> None:
        try:
            reply = await worker.reply(self.config.hard_timeout)
        except (TimeoutError, EOFError, OSError):
            self._replace(worker)
            return
        if reply[0] == "retire":
            self._replace(worker)
        else:
            self.idle.put_nowait(worker)

    def _replace(self, worker: _Worker) -> None:
        self.killed += 1
        worker.kill()
        self.workers.discard(worker)
        fresh = _Worker(self.context, self.config, self.jobs)
        self.workers.add(fresh)
        self.idle.put_nowait(fresh)

"""Worker processes: where the web app's computing happens, with a time limit that stops it.

The server's event loop never computes. It hands each job to an idle worker
process over a pipe and waits without blocking. A worker that overruns the
hard timeout (the time limit plus a grace period) is killed and replaced, so
no request can stall the server; a worker has an address-space limit, so no
request can exhaust the machine's memory.

Waiting jobs are queued per client address and served fairly: a free worker
goes to the waiting client with the fewest jobs running, in turn, so two
clients asking for expensive work cannot starve a third. The queue is bounded
(in all and per client): over it, a request is refused at once as ``busy``. A
job whose request is cancelled (its client disconnected) leaves the queue, or,
if it is running, is interrupted in its worker (``SIGUSR1``; never in the middle
of an import or of numba's compiler, which would leave the worker broken: there, a
moment later), which is killed and replaced if it does not stop within a second.

Workers die with the server: ``PR_SET_PDEATHSIG`` on Linux (the workers die
with the forkserver, which dies with the server: :mod:`nimlab.web.lifeline`),
and a watchdog thread that exits when the worker's parent changes or the server
is gone.

Jobs are the functions of :mod:`nimlab.web.jobs`, named by a string; their
errors come back as ``JobError`` with the kind, message and field.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import importlib
import multiprocessing
import multiprocessing.forkserver
import os
import re
import resource
import signal
import sys
import threading
import time
import traceback
from collections import Counter, OrderedDict, deque
from contextvars import ContextVar
from multiprocessing.connection import Connection
from multiprocessing.context import BaseContext
from types import FrameType
from typing import Any

from nimlab import compilation
from nimlab.errors import NimlabError, TooLarge
from nimlab.interrupts import RETRY_SECONDS, unsafe
from nimlab.text import shorten
from nimlab.web import clock
from nimlab.web.answer_cache import AnswerCache
from nimlab.web.config import WebConfig

NICE = 10
"""How much lower the workers' scheduling priority is than the server's."""
CACHE_ITEMS = 20_000
"""A result with more list items than this is not cached."""
CACHE_BYTES = 64 << 20
"""The most the cached answers may weigh in all: the cache is bounded in the bytes it
holds, not only in answers, whatever the requests (:mod:`nimlab.web.answer_cache`)."""
PING = "ping"
"""The job a new worker answers first, to show it started."""
OUT_OF_MEMORY = (
    "the computation needs more memory than a request may use; choose a smaller position "
    "or size (server operator: nimlab serve --worker-memory raises the limit)"
)
OUT_OF_MEMORY_JA = (
    "この計算には 1 回のリクエストで使えるより多くのメモリが必要です。小さい局面か大きさを"
    "選んでください（サーバー管理者向け: 上限は nimlab serve --worker-memory で引き上げられます）"
)
COMPILE_ALLOWANCE = 600.0
"""Seconds of compiling kernels a job may take beyond its time limit: numba compiles a kernel
once after an installation (the octal engines take a minute or more), and a worker killed
while compiling loses it, so the same request was refused every time on a fresh server
(packaging audit). The job's own deadline leaves compiling out (:mod:`nimlab.compilation`);
so does the server's wait for it, up to this much."""
CANCEL_GRACE = 1.0
"""Seconds an interrupted worker has to stop its job before it is killed and replaced."""
WATCHDOG_PERIOD = 0.5
"""Seconds between a worker's checks that the server is still there."""


class _Expired(Exception):
    """A request waited :attr:`WebConfig.queue_timeout` for a worker."""


def _expire(waiter: asyncio.Future[Any]) -> None:
    if not waiter.done():  # (a worker handed over in time is kept)
        waiter.set_exception(_Expired())


BUSY = "the server is busy; try again in a moment"
BUSY_JA = "サーバーが混み合っています。少し待ってからもう一度試してください"
SERVED_MEMORY = 4_096
"""Clients whose last turn is remembered (beyond: only those waiting or running)."""

CLIENT: ContextVar[str] = ContextVar("nimlab_web_client", default="")
"""The client address of the request being served: the unit of fair queueing."""
WORKED: ContextVar[list[float] | None] = ContextVar("nimlab_web_worked", default=None)
"""When the first job of the request being served began (a one-item list the app's
middleware sets per request, empty until then): its jobs, one after another or side by
side, share the time limit from there. Waiting for a worker before it is not counted."""
LANG: ContextVar[str] = ContextVar("nimlab_web_lang", default="en")
"""The language of the request being served (set per request by the app's middleware)."""

PR_SET_PDEATHSIG = 1


def in_request_language(message: str, message_ja: str, lang: str | None = None) -> str:
    """``message_ja`` when the request (or ``lang``) is Japanese and there is one, else English.

    >>> in_request_language("busy", "混雑", "ja"), in_request_language("busy", "", "ja")
    ('混雑', 'busy')
    """
    return message_ja if (lang or LANG.get()) == "ja" and message_ja else message


NOT_THE_REQUEST = ("too_large", "busy", "internal")
"""Kinds of :class:`JobError` that are not the request's fault: the server's refusals
(its limits, its load) and its bugs. Never cached; a page raises them (413, 503 or a
logged 500) instead of showing them as a mistake in what was asked."""


class JobError(Exception):
    """A job that did not produce its result: kind, message and the field at fault.

    ``message`` is in the language of the request being served (:data:`LANG`),
    ``message_en`` always English (the Japanese falls back to it where missing).
    """

    def __init__(
        self, kind: str, message: str, field: str | None = None, message_ja: str = ""
    ) -> None:
        message = shorten(message)
        super().__init__(message)
        self.kind = kind
        self.message_en = message
        self.message_ja = shorten(message_ja) if message_ja else ""
        self.message = in_request_language(message, self.message_ja)
        self.field = field


class Cancelled(BaseException):
    """Raised inside a worker's job when the server interrupts it (its client left)."""


_running = False
"""In a worker: whether a job is running (an interruption outside a job is ignored)."""
_retrying = False
"""Whether a retry of an interruption is due (``SIGALRM``)."""


def _interrupt(signum: int, frame: FrameType | None) -> None:
    """Stop the running job (``SIGUSR1``; ``SIGALRM`` for a retry): at once, unless it is
    inside an import or numba's machinery, in which case a moment later, once out of it."""
    if not _running:
        return
    global _retrying
    if unsafe(frame):
        _retrying = True
        signal.setitimer(signal.ITIMER_REAL, RETRY_SECONDS)
        return
    raise Cancelled


def die_with_parent() -> None:
    """Ask Linux to SIGKILL this process when its parent dies (no-op elsewhere)."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError, TypeError):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def _alive(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie (dead, not yet reaped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            return stat.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except (OSError, IndexError):
        return True  # no /proc: existence is all we know


def watch_parent(server: int, period: float = WATCHDOG_PERIOD) -> threading.Thread:
    """A daemon thread that kills this process when its parent or ``server`` is gone."""
    parent = os.getppid()

    def watch() -> None:
        while True:
            if os.getppid() != parent or not _alive(server):
                os.kill(os.getpid(), signal.SIGKILL)
            time.sleep(period)

    thread = threading.Thread(target=watch, name="nimlab-watchdog", daemon=True)
    thread.start()
    return thread


def _worker_main(
    conn: Connection, config: WebConfig, module: str, server: int, compiling: Any
) -> None:
    """The loop of one worker process: receive ``(job, kwargs)``, send back a reply; tell the
    server through ``compiling`` (two doubles) how long it has compiled kernels."""
    die_with_parent()
    # numba guards the start of its thread pool with a lock of the default start method's
    # kind: in a child of the forkserver, a semaphore the server's resource tracker then
    # reported as leaked when the server stopped. A worker starts no processes.
    multiprocessing.set_start_method("fork", force=True)

    def share(begun: bool) -> None:
        compiling[0], compiling[1] = compilation.finished_and_since()

    compilation.watch(share)
    watch_parent(server)
    signal.signal(signal.SIGUSR1, _interrupt)
    signal.signal(signal.SIGALRM, _interrupt)
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
            name, kwargs, seconds = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        clock.start(seconds)
        try:
            reply = ("ok", None) if name == PING else _run(jobs.JOBS, name, kwargs)
            if reply[0] == "ok" and clock.time_up():  # parts may be "?": answered, not kept
                reply = ("late", reply[1])
        except Cancelled:  # interrupted between the job's end and its reply
            reply = ("cancelled",)
        finally:
            clock.stop()
        conn.send(reply)
        if reply[0] == "retire":
            return  # memory may stay fragmented: the pool starts a fresh process


SERVER_LIMITS = {
    "max_states": "nimlab serve --max-states",
    "max_memory": "nimlab serve --max-memory",
    "remoteness_states": "nimlab serve --max-states",
    "max_seconds": "nimlab serve --time-limit",
}
"""How a refusal names the server's limit that raises it."""


def _for_a_visitor(error: TooLarge, lang: str) -> str:
    """A limit of the server as a visitor reads it: what to choose instead, and the option
    that raises the limit only in a note for the server's operator.

    >>> said = _for_a_visitor(TooLarge("over 10 states", "max_states"), "en")
    >>> said.split(" (")[0]
    'over 10 states; choose a smaller position or size'
    >>> said.split(" (")[1]
    'server operator: nimlab serve --max-states raises the limit)'
    """
    if error.limit is None:
        return error.render(SERVER_LIMITS, lang)
    ja = lang == "ja" and bool(error.ja)
    text = error.ja if ja else error.reason
    text += "。小さい局面か大きさを選んでください" if ja else "; choose a smaller position or size"
    note = error.note_ja if ja and error.note_ja else error.note
    text += ("。" if ja else "; ") + note if note else ""
    option = SERVER_LIMITS.get(error.limit)
    if option and ja:
        text += f"（サーバー管理者向け: 上限は {option} で引き上げられます）"
    elif option:
        text += f" (server operator: {option} raises the limit)"
    return text


GAME_LIST = {"en": "the page /games", "ja": "/games のページ"}
"""Where the web app lists every game (the command line's messages say `nimlab games`)."""


def _on_the_web(text: str, lang: str) -> str:
    """A message of the library as the web app says it: its game list, not the command's.

    >>> _on_the_web("unknown game 'x' (`nimlab games` lists every game)", "en")
    "unknown game 'x' (the page /games lists every game)"
    >>> _on_the_web("（`nimlab games` で全ゲームの一覧）", "ja")
    '（/games のページで全ゲームの一覧）'
    """
    return re.sub(r"`nimlab games`" + (" ?" if lang == "ja" else ""), GAME_LIST[lang], text)


def _run(table: dict[str, Any], name: str, kwargs: dict[str, Any]) -> tuple[Any, ...]:
    """``("ok", result)``, ``("error", kind, message, field, message_ja)``, ``("retire", ...)`` or
    ``("cancelled",)``."""
    global _running, _retrying
    _running = True
    try:
        return ("ok", table[name](**kwargs))
    except Cancelled:
        return ("cancelled",)
    except NimlabError as error:
        if isinstance(error, TooLarge):  # a limit of the server, not a field of the request
            en, ja = (_for_a_visitor(error, lang) for lang in ("en", "ja"))
            return ("error", error.kind, en, None, ja)
        field = getattr(error, "field", None)
        en, ja = (_on_the_web(error.render(None, lang), lang) for lang in ("en", "ja"))
        return ("error", error.kind, en, field, ja)
    except MemoryError:
        return ("retire", "too_large", OUT_OF_MEMORY, None, OUT_OF_MEMORY_JA)
    except RecursionError:
        return (
            "error",
            "too_large",
            "the computation nests too deeply for a request",
            None,
            "この計算は 1 回のリクエストには入れ子が深すぎます",
        )
    except Exception:  # a bug: report it, keep the worker
        traceback.print_exc()
        return (
            "error",
            "internal",
            f"internal error in {name} (a bug: please report it)",
            None,
            f"{name} の内部エラーです（バグです。報告してください）",
        )
    finally:
        _running = False
        if _retrying:  # a retry not yet due is not for the next job
            signal.setitimer(signal.ITIMER_REAL, 0)
            _retrying = False


def _cacheable(reply: tuple[Any, ...]) -> bool:
    """Results of modest size and input errors; never refusals (they depend on the load)
    or bugs."""
    if reply[0] == "ok":
        lists = [v for v in reply[1].values() if isinstance(v, list)]
        return sum(len(v) for v in lists) <= CACHE_ITEMS
    return reply[0] == "error" and reply[1] not in NOT_THE_REQUEST


class _Worker:
    def __init__(self, context: BaseContext, config: WebConfig, module: str) -> None:
        self.conn, child = context.Pipe()
        self.compiling = context.Array("d", 2, lock=False)
        """The worker's seconds of compiling that ended, and when the one under way began."""
        self.process = context.Process(  # type: ignore[attr-defined]
            target=_worker_main,
            args=(child, config, module, os.getpid(), self.compiling),
            daemon=True,
        )
        self.process.start()
        child.close()
        self.client: str | None = None
        """The client whose job the worker runs (None: idle)."""

    async def call(
        self, message: tuple[str, dict[str, Any]], seconds: float, grace: float
    ) -> tuple[Any, ...]:
        """Send a job with ``seconds`` to do it in, and wait (without blocking the loop)
        ``grace`` seconds more for its reply, and as long again as the worker spends
        compiling kernels meanwhile (at most :data:`COMPILE_ALLOWANCE`)."""
        self.conn.send((*message, seconds))
        began, before = time.monotonic(), self.compiled()
        while True:
            compiled = min(self.compiled() - before, COMPILE_ALLOWANCE)
            left = began + seconds + grace + compiled - time.monotonic()
            if self.compiling[1] and compiled < COMPILE_ALLOWANCE:
                left = max(left, 0.1)  # compiling now: its end moves the deadline on
            if left <= 0:
                raise TimeoutError
            try:
                return await self.reply(left)
            except TimeoutError:
                if min(self.compiled() - before, COMPILE_ALLOWANCE) <= compiled:
                    raise  # no compiling since: the time is up

    def compiled(self) -> float:
        """Seconds the worker has spent compiling kernels, the compiling under way included."""
        finished, since = self.compiling[0], self.compiling[1]
        return float(finished + (time.monotonic() - since if since else 0.0))

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

    def interrupt(self) -> None:
        """Ask the worker to stop its job (it answers ``("cancelled",)``)."""
        if self.process.pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.process.pid, signal.SIGUSR1)

    def kill(self) -> None:
        self.process.kill()
        self.process.join(1)
        self.conn.close()


class WorkerPool:
    """A fixed number of worker processes and a fair, bounded queue of jobs waiting for them."""

    def __init__(
        self, config: WebConfig, start_method: str = "forkserver", jobs: str = "nimlab.web.tasks"
    ) -> None:
        """``jobs`` names the module whose ``JOBS`` table (and ``configure``) workers use."""
        self.config = config
        self.jobs = jobs
        self.context = multiprocessing.get_context(start_method)
        self.start_method = start_method
        if start_method == "forkserver":
            self.context.set_forkserver_preload(["nimlab.web.lifeline", jobs])
        self.idle: deque[_Worker] = deque()
        self.workers: set[_Worker] = set()
        self.queues: OrderedDict[str, deque[asyncio.Future[_Worker]]] = OrderedDict()
        """Waiting requests per client."""
        self.running: Counter[str] = Counter()
        """Jobs running per client."""
        self.served: dict[str, int] = {}
        """When each client was last given a worker (a tick): the least recent goes first."""
        self.ticks = 0
        self.waiting = 0
        self.killed = 0
        self.cancelled = 0
        """Running jobs interrupted because their request was cancelled."""
        self.closed = False
        self.cache = AnswerCache(config.cache_size, CACHE_BYTES)
        """Answers by job and arguments (results and input errors)."""

    async def start(self) -> None:
        """Start the worker processes (in a thread: starting one takes a moment)."""
        if self.start_method == "forkserver":
            # From this thread, not a passing one: the forkserver dies with its parent thread.
            multiprocessing.forkserver.ensure_running()
        for _ in range(self.config.workers):
            worker = await asyncio.to_thread(_Worker, self.context, self.config, self.jobs)
            self.workers.add(worker)
            try:
                await worker.call((PING, {}), 60, 0)
            except (TimeoutError, EOFError, OSError) as error:
                await self.close()
                raise RuntimeError(f"a worker process did not start ({error!r})") from None
            self.idle.append(worker)

    async def close(self) -> None:
        self.closed = True
        for worker in list(self.workers):
            worker.kill()
        self.workers.clear()
        self.idle.clear()
        for queue in self.queues.values():
            for waiter in queue:
                if not waiter.done():
                    waiter.cancel()
        self.queues.clear()

    async def run(self, job: str, **kwargs: Any) -> Any:
        """The result of ``job(**kwargs)`` in a worker; raises ``JobError`` if it failed.

        Jobs are deterministic, so answers (results and input errors, not
        refusals, which depend on the load) are kept in a small LRU cache.
        """
        key = (job, *sorted(kwargs.items()))
        reply: tuple[Any, ...] | None = self.cache.get(key)
        if reply is None:
            reply = await self._compute(job, kwargs)
            if _cacheable(reply):
                self.cache.put(key, reply)
        if reply[0] in ("ok", "late"):
            return reply[1]
        raise JobError(*reply[1:])

    async def _acquire(self, client: str) -> _Worker:
        """A worker for ``client``: at once if one is idle, else in its fair turn."""
        if self.idle and not self.waiting:
            return self._assign(self.idle.popleft(), client)
        queue = self.queues.get(client)
        if self.waiting >= self.config.queue_limit or (
            queue is not None and len(queue) >= self.config.client_queue_limit
        ):
            raise JobError("busy", BUSY, None, BUSY_JA)
        waiter: asyncio.Future[_Worker] = asyncio.get_running_loop().create_future()
        if queue is None:
            queue = self.queues[client] = deque()
        queue.append(waiter)
        self.waiting += 1
        # A request that waits longer would be answered late: busy (503, Retry-After), as
        # when the queue is full. One client's slow jobs no longer hold its cheap ones for
        # minutes (the audit of 2026-11-28: 59 s for a closed form).
        timer = asyncio.get_running_loop().call_later(self.config.queue_timeout, _expire, waiter)
        try:
            return await waiter
        except _Expired:
            self._forget(client, waiter)
            raise JobError("busy", BUSY, None, BUSY_JA) from None
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled() and waiter.exception() is None:
                self._release(waiter.result())  # handed a worker just as the client left
            else:
                self._forget(client, waiter)
            raise
        finally:
            timer.cancel()

    def _forget(self, client: str, waiter: asyncio.Future[_Worker]) -> None:
        """Take a cancelled or expired request out of the queue."""
        queue = self.queues.get(client)
        if queue is not None and waiter in queue:
            queue.remove(waiter)
            self.waiting -= 1
            if not queue:
                del self.queues[client]

    def _assign(self, worker: _Worker, client: str) -> _Worker:
        worker.client = client
        self.running[client] += 1
        self.ticks += 1
        self.served[client] = self.ticks
        if len(self.served) > SERVED_MEMORY:
            busy = self.queues.keys() | self.running.keys()
            self.served = {c: t for c, t in self.served.items() if c in busy}
        return worker

    def _release(self, worker: _Worker) -> None:
        """A worker is free: give it to the next client in turn, or keep it idle."""
        if worker.client is not None:
            self.running[worker.client] -= 1
            if self.running[worker.client] <= 0:
                del self.running[worker.client]
            worker.client = None
        if worker not in self.workers:
            return
        while self.queues:
            # The waiting client with the fewest jobs running; among equals, the one served
            # least recently (round robin).
            client = min(self.queues, key=lambda c: (self.running[c], self.served.get(c, 0)))
            queue = self.queues[client]
            waiter = queue.popleft()
            self.waiting -= 1
            if not queue:
                del self.queues[client]
            if not waiter.done():
                waiter.set_result(self._assign(worker, client))
                return
        self.idle.append(worker)

    async def _compute(self, job: str, kwargs: dict[str, Any]) -> tuple[Any, ...]:
        began = WORKED.get()
        if began and time.monotonic() - began[0] >= self.config.time_limit:
            raise self._over_time()  # the request's earlier jobs took all of it
        worker = await self._acquire(CLIENT.get())
        if began is not None and not began:
            began.append(time.monotonic())
        seconds = self.config.time_limit
        if began:
            seconds = max(seconds - (time.monotonic() - began[0]), clock.LEAST)
        try:
            reply = await worker.call((job, kwargs), seconds, self.config.grace)
        except asyncio.CancelledError:
            # The client went away: stop the job, then reuse (or replace) the worker.
            self.cancelled += 1
            worker.interrupt()
            asyncio.get_running_loop().create_task(self._drain(worker))
            raise
        except TimeoutError:
            self._replace(worker)
            raise self._over_time() from None
        except (EOFError, OSError):
            self._replace(worker)  # the worker died, e.g. of its memory limit
            raise JobError("too_large", OUT_OF_MEMORY, None, OUT_OF_MEMORY_JA) from None
        if reply[0] == "retire":
            self._replace(worker)
        else:
            self._release(worker)
        return reply

    def _over_time(self) -> JobError:
        return JobError(
            "too_large",
            f"this takes more than {self.config.time_limit:g} s, the web app's time limit "
            "per request; choose a smaller position or size, or use the command line, which "
            "has none (server operator: nimlab serve --time-limit raises the limit)",
            None,
            f"ウェブアプリの 1 リクエストの制限時間 {self.config.time_limit:g} 秒を超えます。"
            "小さい局面か大きさを選ぶか、制限時間のないコマンドラインを使ってください"
            "（サーバー管理者向け: 上限は nimlab serve --time-limit で引き上げられます）",
        )

    async def _drain(self, worker: _Worker) -> None:
        """Wait briefly for an interrupted worker's reply; kill it if it does not come."""
        try:
            reply = await worker.reply(CANCEL_GRACE)
        except (TimeoutError, EOFError, OSError):
            self._replace(worker)
            return
        if reply[0] == "retire":
            self._replace(worker)
        else:
            self._release(worker)

    def _replace(self, worker: _Worker) -> None:
        self.killed += 1
        worker.kill()
        self.workers.discard(worker)
        self._release(worker)  # only the accounting: the worker is gone
        if self.closed or len(self.workers) >= self.config.workers:
            return
        fresh = _Worker(self.context, self.config, self.jobs)
        self.workers.add(fresh)
        self._release(fresh)

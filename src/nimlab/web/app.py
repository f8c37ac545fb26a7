"""The web application: pages, the JSON API, static files and the worker pool.

Around everything sits :class:`Guard`: it sends the security headers with
every response (pages, API, static files, errors), names the client for the
worker pool's fair queue, and cancels a request's work when its client
disconnects.

>>> from nimlab.web.app import create_app
>>> create_app().title
'nimlab'
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.requests import Request

from nimlab import __version__
from nimlab.web import errors, i18n, pages, seedpages
from nimlab.web.api import api_router
from nimlab.web.config import WebConfig
from nimlab.web.workers import CLIENT, LANG, WORKED, WorkerPool

STATIC = Path(__file__).parent / "static"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

BYTE_RANGES = re.compile(r"bytes=\s*(\d+-\d*|-\d+)(\s*,\s*(\d+-\d*|-\d+))*\s*")
"""A Range header the static files can serve a part for: byte ranges, each written well."""


def _well_formed(ranges: str) -> bool:
    """Whether ``ranges`` is a list of byte ranges each of whose first byte is not past its last.

    >>> [_well_formed(r) for r in ("bytes=0-3", "bytes=-5, 7-", "bytes=5-2", "items=0-1")]
    [True, True, False, False]
    """
    if BYTE_RANGES.fullmatch(ranges) is None:
        return False
    for part in ranges.split("=", 1)[1].split(","):
        first, _, last = part.strip().partition("-")
        if first and last and int(first) > int(last):
            return False
    return True


class Assets(StaticFiles):
    """The static files, with a Range header they cannot use ignored, not refused.

    RFC 9110 §14.2: a server must ignore a range unit it does not understand, and may
    ignore a range it cannot parse; Starlette answered both with a plain-text 400. The
    whole file is served instead (a range past the end stays a 416).
    """

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = scope.get("headers", [])
        if any(k == b"range" and not _well_formed(v.decode("latin-1")) for k, v in headers):
            scope = {**scope, "headers": [(k, v) for k, v in headers if k != b"range"]}
        await super().__call__(scope, receive, send)


CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""No inline script, no inline style, nothing from elsewhere; no framing."""
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
]
"""Sent with every response of the web app, by :class:`Guard` and by the server itself."""


def client_of(scope: Scope) -> str:
    """The client address of a request (its host, without the port)."""
    client = scope.get("client")
    return str(client[0]) if client else ""


def language_of(scope: Scope) -> str:
    """The language of a request: ``?lang=``, then the cookie, then Accept-Language."""
    if scope.get("type") != "http":
        return "en"
    request = Request(scope)
    return i18n.choose(
        request.query_params.get("lang"),
        request.cookies.get(i18n.COOKIE),
        request.headers.get("accept-language"),
    )


class Guard:
    """The outermost layer: security headers, the client's name, cancel on disconnect.

    The app runs in its own task while this layer listens to the connection:
    when the client disconnects before the response is complete, the task is
    cancelled, and with it the request's queued or running jobs.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        done = False
        # HEAD is answered as GET without the body (RFC 9110 §9.3.2): the same status
        # and headers, Content-Length included. The routes declare GET only.
        head = scope["method"] == "HEAD"
        if head:
            scope = {**scope, "method": "GET"}

        async def secured(message: Message) -> None:
            nonlocal done
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(k, v) for k, v in SECURITY_HEADERS if k not in present]
                message["headers"] = headers
            elif message["type"] == "http.response.body":
                if message.get("more_body"):
                    if head:
                        return
                else:
                    done = True
                if head:
                    message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        inbox: asyncio.Queue[Message] = asyncio.Queue()
        token = CLIENT.set(client_of(scope))
        lang_token = LANG.set(language_of(scope))
        worked_token = WORKED.set([])  # the request's jobs share its time limit
        try:
            task = asyncio.ensure_future(self.app(scope, inbox.get, secured))
        finally:
            WORKED.reset(worked_token)
            LANG.reset(lang_token)
            CLIENT.reset(token)
        left = False

        async def listen() -> None:
            nonlocal left
            while True:
                message = await receive()
                if message["type"] == "http.disconnect" and not done:
                    left = True
                    task.cancel()
                await inbox.put(message)
                if message["type"] == "http.disconnect":
                    return

        listener = asyncio.ensure_future(listen())
        try:
            await task
        except asyncio.CancelledError:
            if not left:
                raise  # this request itself was cancelled (the server is stopping)
        finally:
            listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await listener


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes (413), declared or streamed."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (
            not declared.isdigit() or len(declared) > 18 or int(declared) > self.limit
        ):
            response = errors.error_json(
                413,
                "too_large",
                f"request body over {self.limit:,} bytes, the web app's limit",
                message_ja=f"リクエストの本文がウェブアプリの上限 {self.limit:,} バイトを超えます",
                lang=language_of(scope),
            )
            await response(scope, receive, send)
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.limit:
                raise HTTPException(
                    413, f"request body over {self.limit:,} bytes, the web app's limit"
                )
            return message

        await self.app(scope, limited, send)


class NimlabApp(FastAPI):
    """FastAPI with :class:`Guard` around its whole middleware stack (errors included)."""

    def build_middleware_stack(self) -> ASGIApp:
        return Guard(super().build_middleware_stack())


def create_app(config: WebConfig | None = None, start_method: str = "forkserver") -> FastAPI:
    """The nimlab web app; its worker processes start with the app's lifespan."""
    config = config or WebConfig()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        workers = WorkerPool(config, start_method)
        app.state.pool = workers
        await workers.start()
        try:
            yield
        finally:
            await workers.close()

    app = NimlabApp(
        title="nimlab",
        version=__version__,
        summary="Impartial stone-taking games (石取りゲーム), solved exactly.",
        description="The JSON API of the nimlab web app. Every endpoint answers what the "
        "matching `nimlab` command prints with `--json`. Errors are "
        '`{"error": {"kind", "message", "field"}}` with a 4xx status.',
        lifespan=lifespan,
        docs_url=None,  # FastAPI's Swagger page loads its assets from a CDN; /docs is ours
        redoc_url=None,
    )
    app.state.config = config
    app.include_router(api_router(config))
    app.include_router(pages.router)
    app.include_router(seedpages.router)
    app.mount("/static", Assets(directory=STATIC), name="static")
    errors.install(app, pages.error_page)
    app.add_middleware(BodyLimit, limit=config.max_body)
    return app

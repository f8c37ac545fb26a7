"""The web application: pages, the JSON API, static files and the worker pool.

>>> from nimlab.web.app import create_app
>>> create_app().title
'nimlab'
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from nimlab import __version__
from nimlab.web import errors, pages
from nimlab.web.api import api_router
from nimlab.web.config import WebConfig
from nimlab.web.workers import WorkerPool

STATIC = Path(__file__).parent / "static"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


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
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            response = errors.error_json(
                413, "too_large", f"request body over {self.limit:,} bytes, the web app's limit"
            )
            await response(scope, receive, send)
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.limit:
                raise HTTPException(413, f"request body over {self.limit:,} bytes")
            return message

        await self.app(scope, limited, send)


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

    app = FastAPI(
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
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    errors.install(app, pages.error_page)
    app.add_middleware(BodyLimit, limit=config.max_body)
    return app

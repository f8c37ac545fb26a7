"""Errors as the web app answers them: ``{"error": {"kind", "message", "field"}}`` with a 4xx.

The kinds are the command line's (``invalid_game``, ``too_large``, ...). Bad
input is 400, a request the schema rejects 422, work over a limit 413, a
server with every worker busy 503 (with ``Retry-After``). A page (not
``/api``) gets the same message as HTML. A message never echoes a long input
whole: :func:`nimlab.web.text.shorten` cuts it to a short prefix.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException

from nimlab.web.text import shorten
from nimlab.web.workers import JobError

log = logging.getLogger("nimlab.web")

STATUS = {
    "invalid_game": 400,
    "invalid_position": 400,
    "invalid_option": 400,
    "not_applicable": 400,
    "illegal_move": 400,
    "error": 400,
    "too_large": 413,
    "busy": 503,
}

ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: {"description": "bad game, position or option (the message names the field)"},
    413: {"description": "over a limit of the web app (states, time, table size)"},
    422: {"description": "a parameter of the wrong type or out of range"},
    503: {"description": "every worker is busy; try again"},
}

RETRY_AFTER = "1"
"""Seconds a client refused as busy (503) is asked to wait."""

PageRenderer = Callable[[Request, int, str], Awaitable[Response]]


def error_json(status: int, kind: str, message: str, field: str | None = None) -> JSONResponse:
    headers = {"Retry-After": RETRY_AFTER} if status == 503 else None
    body = {"error": {"kind": kind, "message": shorten(message), "field": field and shorten(field)}}
    return JSONResponse(body, status_code=status, headers=headers)


def _field_of(location: tuple[Any, ...]) -> str | None:
    names = [str(x) for x in location if x not in ("query", "body", "path")]
    return ".".join(names) or None


def validation_message(error: RequestValidationError) -> tuple[str, str | None]:
    """One line naming the first field at fault and what is accepted."""
    first = error.errors()[0] if error.errors() else {"loc": (), "msg": "invalid request"}
    name = _field_of(tuple(first.get("loc", ())))
    text = str(first.get("msg", "invalid value"))
    if first.get("type") == "missing":
        text = "is required"
    return (f"{name}: {text}" if name else text), name


def install(app: FastAPI, render_page: PageRenderer) -> None:
    """Answer every error of ``app`` as JSON under ``/api`` and as a page elsewhere."""

    def is_api(request: Request) -> bool:
        return request.url.path.startswith("/api") or request.url.path == "/openapi.json"

    async def answer(
        request: Request, status: int, kind: str, message: str, field: str | None = None
    ) -> Response:
        if is_api(request):
            return error_json(status, kind, message, field)
        response = await render_page(request, status, shorten(message))
        if status == 503:
            response.headers["Retry-After"] = RETRY_AFTER
        return response

    @app.exception_handler(JobError)
    async def job_error(request: Request, error: JobError) -> Response:
        status = STATUS.get(error.kind, 500)
        if status == 500:
            log.error("job failed: %s: %s", error.kind, error.message)
        return await answer(request, status, error.kind, error.message, error.field)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> Response:
        message, name = validation_message(error)
        return await answer(request, 422, "invalid_option", message, name)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> Response:
        kind = "not_found" if error.status_code == 404 else "error"
        message = str(error.detail)
        if error.status_code == 404:
            message = f"no such page: {request.url.path}"
        return await answer(request, error.status_code, kind, message)

    @app.exception_handler(Exception)
    async def internal(request: Request, error: Exception) -> Response:
        log.exception("internal error on %s", request.url.path)
        return await answer(request, 500, "internal", "internal error (a bug: please report it)")

"""Errors as the web app answers them: ``{"error": {"kind", "message", "field"}}`` with a 4xx.

The kinds are the command line's (``invalid_game``, ``too_large``, ...). Bad
input is 400, a request the schema rejects 422, work over a limit 413, a
server with every worker busy 503 (with ``Retry-After``). A page (not
``/api``) gets the same message as HTML. A message never echoes a long input
whole: :func:`nimlab.text.shorten` cuts it to a short prefix.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException

from nimlab.text import shorten
from nimlab.web.workers import JobError, in_request_language

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

HTTP_JA = {
    400: "本文が読めません: Content-Type: application/json の JSON オブジェクトで与えてください",
    405: "このページはこのメソッドでは使えません",
    413: "リクエストの本文がウェブアプリの上限を超えます",
}
"""Japanese for the HTTP errors Starlette raises itself (404 is said with its path)."""

HTTP_EN = {
    400: "the body cannot be read: send a JSON object with Content-Type: application/json",
}
"""English for the HTTP errors whose Starlette wording names no remedy."""

HTTP_KINDS = {
    400: "invalid_option",
    404: "not_found",
    413: "too_large",
}
"""The error kind of the HTTP errors raised outside the jobs (others: ``error``)."""

PageRenderer = Callable[[Request, int, str], Awaitable[Response]]


def error_json(
    status: int,
    kind: str,
    message: str,
    field: str | None = None,
    message_ja: str = "",
    lang: str | None = None,
) -> JSONResponse:
    """``{"error": {"kind", "message", "field"}}``, the message in the request's language.

    ``lang`` defaults to the language of the request being served
    (``?lang=``, the cookie, Accept-Language; English without any of them).
    """
    headers = {"Retry-After": RETRY_AFTER} if status == 503 else None
    said = in_request_language(message, message_ja, lang)
    body = {
        "error": {
            "kind": kind,
            "message": _encodable(shorten(said)),
            "field": field and _encodable(shorten(field)),
        }
    }
    return JSONResponse(body, status_code=status, headers=headers)


def _encodable(text: str) -> str:
    """``text`` as UTF-8 can carry it: an echoed lone surrogate (JSON's "\ud800") as "?"."""
    return text.encode("utf-8", "replace").decode("utf-8")


def _field_of(location: tuple[Any, ...]) -> str | None:
    names = [str(x) for x in location if x not in ("query", "body", "path")]
    return ".".join(names) or None


PYDANTIC_JA = {
    "less_than_equal": "{le} 以下の値です",
    "less_than": "{lt} 未満の値です",
    "greater_than_equal": "{ge} 以上の値です",
    "greater_than": "{gt} より大きい値です",
    "int_parsing": "整数で与えてください",
    "ascii_digits": "数字 0-9 で書いた整数で与えてください",
    "int_type": "整数で与えてください",
    "bool_parsing": "true か false で与えてください",
    "bool_type": "true か false で与えてください",
    "string_too_long": "{max_length} 文字までです",
    "string_too_short": "{min_length} 文字以上で与えてください",
    "string_type": "文字列で与えてください",
    "json_invalid": "JSON として読めません",
    "list_type": "リストで与えてください",
    "too_long": "{max_length} 個までです",
    "int_from_float": "整数で与えてください",
    "literal_error": "{expected} のどれかです",
    "enum": "{expected} のどれかです",
    "model_attributes_type": "JSON のオブジェクトで与えてください",
    "dict_type": "JSON のオブジェクトで与えてください",
    "extra_forbidden": "このフィールドは受け付けません",
    "finite_number": "有限の数で与えてください（NaN や無限大は受け付けません）",
    "string_unicode": "正しい Unicode の文字列で与えてください",
}
"""Japanese for the checks of the request schema that the API's fields use."""


PYDANTIC_EN = {
    "less_than_equal": "at most {le} is accepted",
    "less_than": "less than {lt} is accepted",
    "greater_than_equal": "at least {ge} is accepted",
    "greater_than": "more than {gt} is accepted",
    "bool_parsing": "true or false is accepted",
    "bool_type": "true or false is accepted",
    "int_type": "an integer is accepted",
    "literal_error": "one of {expected} is accepted",
    "enum": "one of {expected} is accepted",
    "finite_number": "a finite number is accepted, not NaN or infinity",
    "string_unicode": "text of valid Unicode is accepted (a lone surrogate is not)",
}
"""nimlab's English for the range, choice and boolean checks of the request schema
(pydantic's says "Input should be less than or equal to 10000", and not what was given)."""


def _given(error: Any, lang: str) -> str:
    """``, got 99999`` (or its Japanese) when pydantic kept the value given, else nothing."""
    if "input" not in error or not isinstance(error["input"], str | int | float):
        return ""
    value = str(error["input"])
    value = value if len(value) <= 24 else value[:20] + "..."
    return f"（{value} が与えられた）" if lang == "ja" else f", got {value}"


def _pydantic_en(error: Any, english: str) -> str:
    """A range, choice or boolean check in nimlab's words, with the value given; pydantic's
    for the rest."""
    template = PYDANTIC_EN.get(str(error.get("type")))
    context = {k: str(v) for k, v in dict(error.get("ctx") or {}).items()}
    try:
        if template is not None:
            return template.format(**context) + _given(error, "en")
    except (KeyError, IndexError, ValueError):
        pass
    return english


def _pydantic_ja(error: Any, english: str) -> str:
    """One of pydantic's checks in Japanese (its English, quoted, where there is none)."""
    template = PYDANTIC_JA.get(str(error.get("type")))
    context = {k: str(v).replace(" or ", ", ") for k, v in dict(error.get("ctx") or {}).items()}
    try:
        if template is not None:
            said = template.format(**context)
            return said + _given(error, "ja") if str(error.get("type")) in PYDANTIC_EN else said
    except (KeyError, IndexError, ValueError):
        pass
    return f"値が受け付けられません（{english}）"


def validation_message(error: RequestValidationError, lang: str = "en") -> tuple[str, str | None]:
    """One line naming the first field at fault and what is accepted, and that field.

    In Japanese the line names the field and the kind of fault (:data:`PYDANTIC_JA`);
    a check without a Japanese rendering is quoted in pydantic's own English.
    """
    first = error.errors()[0] if error.errors() else {"loc": (), "msg": "invalid request"}
    location = tuple(first.get("loc", ()))
    kind = first.get("type")
    if kind == "json_invalid":  # its location is ("body", offset): no field, a place
        at = location[1] if len(location) > 1 else 0
        if lang == "ja":
            return f"本文が JSON として読めません（{at} 文字目）", None
        return f"the body is not valid JSON (at character {at})", None
    name = _field_of(location)
    text = str(first.get("msg", "invalid value"))
    missing = kind == "missing"
    if kind in ("model_attributes_type", "dict_type") and name is None:  # the body itself
        if lang == "ja":
            return (
                "本文は JSON のオブジェクトで与えてください"
                '（Content-Type: application/json、{"game": …} の形）'
            ), None
        return (
            'the body must be a JSON object ({"game": …}) sent with Content-Type: application/json'
        ), None
    if missing and name is None:  # no body at all
        if lang == "ja":
            return "本文が必要です: JSON のオブジェクトで与えてください", None
        return "a body is required: a JSON object", None
    if missing:
        text = "is required"
    if lang == "ja":
        text = "必須です" if missing else _pydantic_ja(first, text)
        if name is None and str(kind) not in PYDANTIC_JA:
            text = f"リクエストが受け付けられません（{first.get('msg', 'invalid request')}）"
    elif not missing:
        text = _pydantic_en(first, text)
    too_long = _too_long(first, lang)
    if too_long:
        text = too_long
    return (f"{name}: {text}" if name else text), name


def _too_long(error: Any, lang: str) -> str:
    """A text over its bound in nimlab's words, with its length (pydantic's leave it out)."""
    typed, most = error.get("input"), dict(error.get("ctx") or {}).get("max_length")
    if error.get("type") != "string_too_long" or not isinstance(typed, str) or most is None:
        return ""
    if lang == "ja":
        return f"{len(typed):,} 文字は長すぎます。{int(most):,} 文字までです"
    return f"{len(typed):,} characters is too long; at most {int(most):,}"


def _digits_over_python_s_limit(cause: BaseException | None) -> bool:
    """Whether a body could not be read because it holds an integer Python will not read
    (FastAPI answers any such failure as a plain 400)."""
    return isinstance(cause, ValueError) and "integer string conversion" in str(cause)


def install(app: FastAPI, render_page: PageRenderer) -> None:
    """Answer every error of ``app`` as JSON under ``/api`` and as a page elsewhere."""

    def is_api(request: Request) -> bool:
        return request.url.path.startswith("/api") or request.url.path == "/openapi.json"

    async def answer(
        request: Request,
        status: int,
        kind: str,
        message: str,
        field: str | None = None,
        message_ja: str = "",
        lang: str | None = None,
    ) -> Response:
        if is_api(request):
            return error_json(status, kind, message, field, message_ja, lang)
        said = in_request_language(message, message_ja, lang)
        response = await render_page(request, status, shorten(said))
        if status == 503:
            response.headers["Retry-After"] = RETRY_AFTER
        return response

    @app.exception_handler(JobError)
    async def job_error(request: Request, error: JobError) -> Response:
        status = STATUS.get(error.kind, 500)
        if status == 500:
            log.error("job failed: %s: %s", error.kind, error.message_en)  # the log's language
        return await answer(
            request, status, error.kind, error.message_en, error.field, error.message_ja
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> Response:
        message, name = validation_message(error)
        message_ja = validation_message(error, "ja")[0]
        body = getattr(error, "body", None)  # a play request names its language in its body
        lang = body.get("lang") if isinstance(body, dict) else None
        return await answer(
            request,
            422,
            "invalid_option",
            message,
            name,
            message_ja,
            lang if lang == "ja" else None,
        )

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> Response:
        kind = HTTP_KINDS.get(error.status_code, "error")
        message = HTTP_EN.get(error.status_code, str(error.detail))
        message_ja = HTTP_JA.get(error.status_code, "")
        if error.status_code == 404:
            message = f"no such page: {request.url.path}"
            message_ja = f"そのようなページはありません: {request.url.path}"
        if error.status_code == 400 and _digits_over_python_s_limit(error.__cause__):
            # valid JSON that Python's reader refuses: an integer of over 4,300 digits
            message = (
                "a number in the body has more than 4,300 digits; the body is JSON, but "
                "no field accepts a number that long"
            )
            message_ja = (
                "本文の数が 4,300 桁を超えています。JSON としては正しいですが、"
                "そこまで長い数を受け付けるフィールドはありません"
            )
        if error.status_code == 405:  # the Allow header names the methods accepted
            allowed = (error.headers or {}).get("Allow", "GET")
            message = f"{request.method} is not accepted here; use {allowed}"
            message_ja = f"ここでは {request.method} は使えません。{allowed} を使います"
        response = await answer(request, error.status_code, kind, message, None, message_ja)
        response.headers.update(error.headers or {})  # 405's Allow
        return response

    @app.exception_handler(Exception)
    async def internal(request: Request, error: Exception) -> Response:
        log.exception("internal error on %s", request.url.path)
        return await answer(
            request,
            500,
            "internal",
            "internal error (a bug: please report it)",
            None,
            "内部エラーです（バグです。報告してください）",
        )

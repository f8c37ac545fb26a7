"""The HTML pages: catalogue, game page, API documentation, errors.

Pages are rendered on the server from the same jobs as the API, so they work
without scripts; the play page adds a small script. Every text comes from
:mod:`nimlab.web.i18n` in the visitor's language.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable
from functools import partial
from typing import Any
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from jinja2 import Environment, PackageLoader, select_autoescape

from nimlab import __version__
from nimlab.registry import FAMILIES
from nimlab.web import figures, i18n, translate
from nimlab.web.pagefields import PageFields, page_message
from nimlab.web.workers import NOT_THE_REQUEST, JobError, WorkerPool

router = APIRouter(include_in_schema=False)

env = Environment(
    loader=PackageLoader("nimlab.web", "templates"),
    autoescape=select_autoescape(default=True),
    trim_blocks=True,
    lstrip_blocks=True,
)

STRIP_DEFAULT, STRIP_MAX = 48, 240
BOARD_DEFAULT, BOARD_MAX = 16, 40
PP_DEFAULT = {3: 12, 4: 8}
STEPS_FAMILIES = ("wythoff", "nim", "subtraction")
"""Two-heap games whose ○× board is built step by step (``/board``, seed 002)."""
SUCCESSOR_FAMILIES = ("delete-nim", "split-delete-nim")
"""Games whose successor sets are drawn as seed 001's tables 1–4 (``/successors``)."""
MAX_LINK, MAX_ERROR_LINK = 5_000, 200
"""Longest language-switch link kept on a page and on an error page (else: to /)."""


def language(request: Request) -> str:
    """The language of a request (the rule the app's middleware uses for errors)."""
    return i18n.choose(
        request.query_params.get("lang"),
        request.cookies.get(i18n.COOKIE),
        request.headers.get("accept-language"),
    )


def url(path: str, **params: Any) -> str:
    """``path?params`` with the parameters that are set."""
    query = {k: v for k, v in params.items() if v is not None and v is not False}
    return path + ("?" + urlencode(query) if query else "")


def render(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    lang = language(request)
    other = "ja" if lang == "en" else "en"
    switch = dict(request.query_params) | {"lang": other}
    switch_url = url(request.url.path, **switch)
    if len(switch_url) > (MAX_ERROR_LINK if template == "error.html" else MAX_LINK):
        switch_url = url("/", lang=other)  # never echo a huge (hostile) address back whole
    context.setdefault("bad", {})  # the fields a page refused, as typed (shown again, marked)
    html = env.get_template(template).render(
        lang=lang,
        t=lambda key, **v: i18n.t(lang, key, **v),
        said=lambda error: page_message(error.message, error.field, error.kind),
        switch_url=switch_url,
        version=__version__,
        url=url,
        **context,
    )
    response = HTMLResponse(html, status_code=status)
    if request.query_params.get("lang") in i18n.LANGUAGES:
        response.set_cookie(i18n.COOKIE, lang, max_age=365 * 24 * 3600, samesite="lax")
    return response


async def error_page(request: Request, status: int, message: str) -> Response:
    return render(request, "error.html", status=status, message=message)


def _pool(request: Request) -> WorkerPool:
    workers: WorkerPool = request.app.state.pool
    return workers


async def _attempt(job: Awaitable[Any]) -> Any:
    """A job's result, or its error (shown in its section of the page); a bug is raised
    (a logged 500), never shown as the request's mistake."""
    try:
        return await job
    except JobError as error:
        if error.kind == "internal":
            raise
        return error


@router.get("/", response_class=HTMLResponse)
async def catalogue(request: Request) -> Response:
    lang = language(request)
    games = []
    for family in FAMILIES.values():
        rule, strategy = translate.family_text(lang, family.name, family.rule, family.strategy)
        games.append(
            {
                "family": family,
                "title": translate.family_name(lang, family.name),
                "rule": rule,
                "strategy": strategy,
                "seeds": translate.seed_refs(lang, family.seed),
                "parameter": family.parameter
                and translate.family_parameter(lang, family.name, family.parameter),
            }
        )
    return render(request, "catalogue.html", games=games, successor_families=SUCCESSOR_FAMILIES)


_DIGITS = re.compile(r"[0-9]{1,4000}")
"""Only ASCII digits are digits (``"²".isdigit()`` is true, ``int("²")`` fails)."""


def _heaps(position: str) -> list[int] | None:
    """The heaps of a position such as ``3,4,5``, or None if it is not one."""
    parts = [p.strip() for p in position.split(",")] if position.strip() else []
    if not all(_DIGITS.fullmatch(p) for p in parts):
        return None
    return [int(p) for p in parts]


@router.get("/game", response_class=HTMLResponse)
async def game_page(
    request: Request,
    game: str = "",
    position: str | None = None,
    misere: str | None = None,
    size: str | None = None,
    n: str | None = None,
    max: str | None = None,
) -> Response:
    # The fields are read here, not by the schema: a bad one is named on this page (422).
    fields = PageFields()
    typed = {"game": game, "position": position}
    fields.text("game", game)
    fields.text("position", position)
    if fields.error:
        return render(
            request, "game.html", status=422, error=fields.error, bad=fields.bad, info=None, **typed
        )
    flag = fields.flag("misere", misere)
    board_size = fields.number("size", size, 1, BOARD_MAX)
    strip_n = fields.number("n", n, 1, STRIP_MAX)
    bound = fields.number("max", max, 1, 64)
    if not game.strip():
        return RedirectResponse("/", status_code=303)
    return await _game_page(request, fields, game, position, flag, board_size, strip_n, bound)


async def _game_page(
    request: Request,
    fields: PageFields,
    game: str,
    position: str | None,
    misere: bool,
    size: int | None,
    n: int | None,
    max: int | None,
) -> Response:
    workers = _pool(request)
    lang = language(request)
    try:
        info = await workers.run("describe", game=game)
    except JobError as error:
        if error.kind in NOT_THE_REQUEST:
            raise
        return render(
            request, "game.html", status=400, error=error, info=None, game=game, position=position
        )
    spec = info["game"]
    title = translate.game_title(lang, info["family"], info.get("named"))
    position = info["example"] if position is None else position
    analysis = await _attempt(
        workers.run("analyze", game=spec, position=position, misere=misere, lang=lang)
    )
    if isinstance(analysis, JobError) and analysis.kind not in ("too_large", "busy"):
        return render(
            request,
            "game.html",
            status=400,
            error=analysis,
            info=info,
            game=spec,
            title=title,
            position=position,
        )
    if not isinstance(analysis, JobError):
        position = analysis["position"]
    explanation = None
    if not isinstance(analysis, JobError):
        explanation = await _attempt(
            workers.run("explain", game=spec, position=position, lang=lang, misere=misere)
        )
    heaps = _heaps(position) if info["shape"] in ("heap", "heaps") else None

    def link(pos: str) -> str:
        return url("/game", game=spec, position=pos, misere=misere, lang=None)

    sections = await asyncio.gather(
        _strip(workers, info, heaps, position, n, misere, lang, link),
        _two_heaps(workers, info, heaps, analysis, size, misere, link, lang),
        _p_positions(workers, info, heaps, max, misere, request.app.state.config.max_heaps),
    )
    return render(
        request,
        "game.html",
        status=422 if fields.error else 200,
        error=fields.error,
        bad=fields.bad,
        info=info,
        game=spec,
        title=title,
        parameter=info.get("parameter")
        and translate.family_parameter(lang, info["family"], info["parameter"]),
        position=position,
        misere=misere,
        analysis=analysis,
        explanation=explanation,
        strip=sections[0],
        two=sections[1],
        pp=sections[2],
        link=link,
        steps_families=STEPS_FAMILIES,
        successor_families=SUCCESSOR_FAMILIES,
        # what the visitor chose in each small form, kept by the other two
        chosen={k: v for k, v in (("n", n), ("size", size), ("max", max)) if v is not None},
    )


async def _strip(
    workers: WorkerPool,
    info: dict[str, Any],
    heaps: list[int] | None,
    position: str,
    n: int | None,
    misere: bool,
    lang: str,
    link: Any,
) -> dict[str, Any] | None:
    """The Grundy strip of a one-heap game (or of fresh take-away games), in the page's
    play: misère values (and their observed period) on a misère page."""
    if info["shape"] not in ("heap", "take-away") or (misere and info["shape"] == "take-away"):
        return None  # misère take-away: no sequence of fresh games is computed
    spec = info["game"]
    period = None
    if info["shape"] == "heap":
        period = await _attempt(workers.run("period", game=spec, misere=misere, lang=lang))
    length = n
    if length is None:
        length = STRIP_DEFAULT
        if isinstance(period, dict) and period["period"] is not None:
            want = period["preperiod"] + 3 * period["period"]
            length = min(max(length, want), STRIP_MAX)
    seq = await _attempt(workers.run("sequence", game=spec, to=length, misere=misere))
    if isinstance(seq, JobError):
        return {"error": seq, "n": length}
    pre = per = None
    if isinstance(period, dict) and period["period"] is not None and period["saltus"] == 0:
        pre, per = period["preperiod"], period["period"]
    current = None
    if heaps is not None and len(heaps) == 1:
        current = heaps[0]
    elif info["shape"] == "take-away" and "/" in position:
        heap = position.split("/")[0].strip()
        current = int(heap) if _DIGITS.fullmatch(heap) else None
    svg = figures.strip(
        seq["values"],
        pre,
        per,
        href=lambda k: link(str(k)),
        labels=(i18n.t(lang, "strip.preperiod"), i18n.t(lang, "strip.period")),
        current=current,
        name=i18n.t(lang, "strip.title"),
    )
    return {"svg": svg, "period": period, "n": length}


async def _two_heaps(
    workers: WorkerPool,
    info: dict[str, Any],
    heaps: list[int] | None,
    analysis: Any,
    size: int | None,
    misere: bool,
    link: Any,
    lang: str,
) -> dict[str, Any] | None:
    """Seed 002's board and seed 001's heatmap, for a position of two heaps."""
    if heaps is None or len(heaps) != 2 or not info["two_heaps"]:
        return None
    origin = info["origin"]
    a, b = heaps
    fits = b - origin + 2 <= BOARD_MAX
    if size is None:
        size = max(BOARD_DEFAULT, b - origin + 2) if fits else BOARD_DEFAULT
    result = await _attempt(workers.run("table", game=info["game"], size=size, misere=misere))
    if isinstance(result, JobError):
        return {"error": result, "size": size}
    inside = b < origin + size
    targets = []
    if isinstance(analysis, dict):
        for move in analysis["winning_moves"]:
            to = _heaps(move["to"])
            if to is not None and len(to) == 2:
                targets.append((to[0], to[1]))
    here = (a, b) if inside else None

    def cell(x: int, y: int) -> str:
        return str(link(f"{min(x, y)},{max(x, y)}"))

    return {
        "size": size,
        "inside": inside,
        "fits": fits,
        "board": figures.board(
            result["rows"], origin, here, targets, cell, i18n.t(lang, "board.title")
        ),
        "heatmap": figures.heatmap(
            result["rows"], origin, here, cell, i18n.t(lang, "heatmap.title")
        ),
    }


async def _p_positions(
    workers: WorkerPool,
    info: dict[str, Any],
    heaps: list[int] | None,
    bound: int | None,
    misere: bool,
    most: int,
) -> dict[str, Any] | None:
    """The P-positions with as many heaps as the position (three to ``most``: past the
    web app's cap on heaps the section is left out, not shown as a refusal of a
    ``heaps`` field the visitor never sent)."""
    if heaps is None or not 3 <= len(heaps) <= most:
        return None
    k = len(heaps)
    if bound is None:
        bound = PP_DEFAULT.get(k, 6)
    bound = max(bound, info["origin"])
    result = await _attempt(
        workers.run("ppositions", game=info["game"], heaps=k, max=bound, misere=misere)
    )
    if isinstance(result, JobError):
        return {"error": result, "heaps": k, "max": bound}
    positions = [tuple(p) for p in result["positions"]]
    grid = None
    if k == 3:
        partner: dict[tuple[int, int], int] = {}
        for x, y, z in positions:
            for p, q, r in ((x, y, z), (x, z, y), (y, z, x)):
                partner[(p, q)] = partner[(q, p)] = r
        span = range(info["origin"], bound + 1)
        grid = [(a, [partner.get((a, b)) for b in span]) for a in span]
    return {
        "heaps": k,
        "max": bound,
        "positions": [",".join(map(str, p)) for p in positions],
        "current": ",".join(map(str, heaps)),
        "grid": grid,
        "columns": list(range(info["origin"], bound + 1)),
    }


PLAY_TEXTS = ("play.", "outcome.", "game.game", "game.position")
LEVELS = ("perfect", "mix", "random")


@router.get("/play", response_class=HTMLResponse)
async def play_page(
    request: Request,
    game: str = "nim",
    position: str = "",
    level: str = "perfect",
    first: str = "you",
    misere: str | None = None,
) -> Response:
    lang = language(request)
    fields = PageFields()  # a bad field is named under the form, and no game starts (422)
    fields.text("game", game)
    fields.text("position", position)
    fields.choice("level", level, LEVELS)
    fields.choice("first", first, ("you", "computer"))
    flag = fields.flag("misere", misere)
    specs = []
    for family in FAMILIES.values():
        specs.append(family.example)
        specs.extend(alias for alias, _ in family.aliases)
    if not position:
        named = FAMILIES.get(game.split(":")[0].strip())
        position = named.position if named else ""
    texts = {k: v for k, v in i18n.table(lang).items() if k.startswith(PLAY_TEXTS)}
    return render(
        request,
        "play.html",
        status=422 if fields.error else 200,
        error=fields.error,
        bad=fields.bad,
        game=game,
        position=position,
        level=level,
        first=first,
        misere=flag,
        levels=LEVELS,
        specs=specs,
        texts=texts,
    )


@router.get("/docs", response_class=HTMLResponse)
async def docs(request: Request) -> Response:
    schema = request.app.openapi()
    lang = language(request)
    said = partial(translate.docs_text, lang)

    def row(name: str, required: bool, kind: dict[str, Any], about: dict[str, Any]) -> Any:
        """A parameter or body field: its name, whether required, its type, its words."""
        description = said(about.get("description", ""))
        return {"name": name, "required": required, "description": description,
                "schema": _schema_text(kind, lang)}  # fmt: skip

    endpoints = []
    for path, operations in schema["paths"].items():
        for method, op in operations.items():
            endpoints.append(
                {
                    "method": method.upper(),
                    "path": path,
                    "summary": said(op.get("summary", "")),
                    "description": said(op.get("description", "")),
                    "parameters": [
                        row(p["name"], p.get("required", False), p.get("schema", {}), p)
                        for p in op.get("parameters", [])
                    ],
                    "body": [
                        row(name, name in model.get("required", []), field, field)
                        for model in [_body_model(schema, op)]
                        for name, field in model.get("properties", {}).items()
                    ],
                    "responses": sorted(
                        (code, {"description": said(r.get("description", ""))})
                        for code, r in op.get("responses", {}).items()
                    ),
                }
            )
    return render(request, "docs.html", endpoints=endpoints, info=schema["info"])


def _body_model(schema: dict[str, Any], op: dict[str, Any]) -> dict[str, Any]:
    """The JSON object an operation's request body holds (its schema, references followed)."""
    content = op.get("requestBody", {}).get("content", {}).get("application/json", {})
    model: dict[str, Any] = content.get("schema", {})
    ref = model.get("$ref", "")
    if ref.startswith("#/components/schemas/"):
        found = schema.get("components", {}).get("schemas", {}).get(ref.rsplit("/", 1)[-1])
        model = found if isinstance(found, dict) else {}
    return model


SCHEMA_WORDS_JA = {
    "integer": "整数",
    "string": "文字列",
    "boolean": "真偽値",
    "array": "配列",
    "number": "数",
    "object": "オブジェクト",
    "default": "既定値",
    "characters": "文字",
    "items": "個",
}
"""The words of :func:`_schema_text` in Japanese."""


def _schema_text(schema: dict[str, Any], lang: str = "en") -> str:
    """A parameter's type and bounds in a few words, e.g. ``integer, 1–100``.

    >>> _schema_text({"type": "integer", "minimum": 0.0, "exclusiveMaximum": 2**63})
    'integer, 0–9223372036854775807'
    >>> _schema_text({"type": "array", "maxItems": 1000, "default": False}, "ja")
    '配列, ≤ 1000 個, 既定値 false'
    """

    def word(english: str) -> str:
        return SCHEMA_WORDS_JA.get(english, english) if lang == "ja" else english

    def whole(x: Any) -> Any:  # 0.0 as 0: the bounds of integers, as the schema gives them
        return int(x) if isinstance(x, float) and x.is_integer() else x

    options = schema.get("anyOf", [schema])
    kinds = [o.get("type", "") for o in options if o.get("type") != "null"]
    text = " | ".join(word(kind) for kind in kinds)
    for o in options:
        low, high = whole(o.get("minimum")), whole(o.get("maximum"))
        step = 1 if o.get("type") == "integer" else 0
        if low is None and o.get("exclusiveMinimum") is not None:
            low = whole(o["exclusiveMinimum"]) + step if step else f"> {o['exclusiveMinimum']}"
        if high is None and o.get("exclusiveMaximum") is not None:
            high = whole(o["exclusiveMaximum"]) - step if step else f"< {o['exclusiveMaximum']}"
        if low is not None or high is not None:
            text += f", {'' if low is None else low}–{'' if high is None else high}"
        if o.get("maxLength") is not None:
            text += f", ≤ {o['maxLength']} " + word("characters")
        if o.get("maxItems") is not None:
            text += f", ≤ {o['maxItems']} " + word("items")
    if "default" in schema:  # as JSON writes it: false, null
        text += f", {word('default')} {json.dumps(schema['default'], ensure_ascii=False)}"
    return text

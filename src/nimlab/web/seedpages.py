"""The seeds' boards as pages: seed 002's ○× board step by step, seed 001's successor sets.

``/board?game=wythoff&size=10`` builds the board cell by cell (a step control
plays it; without scripts every step is listed). ``/successors?game=…&position=…``
marks the cells one move reaches, as seed 001's tables 1–4; each marked cell
links to its own successors, so the coin of the seed's game can be moved.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from nimlab.web import translate
from nimlab.web.pagefields import PageFields
from nimlab.web.pages import BOARD_MAX, language, render, url
from nimlab.web.workers import NOT_THE_REQUEST, JobError, WorkerPool

router = APIRouter(include_in_schema=False)

BOARD_DEFAULT = 10
SUCCESSOR_GAMES = ("delete-nim:single", "split-delete-nim:single", "nim", "wythoff")
"""The games offered on the successors page (seed 001's four)."""


async def _run(request: Request, job: str, **arguments: Any) -> Any:
    """The job's answer, or its error to show on the page (refusals and bugs are raised:
    503/413/500)."""
    workers: WorkerPool = request.app.state.pool
    try:
        return await workers.run(job, **arguments)
    except JobError as error:
        if error.kind in NOT_THE_REQUEST:
            raise
        return error


@router.get("/board", response_class=HTMLResponse)
async def board_page(
    request: Request,
    game: str = "wythoff",
    size: str | None = None,
) -> Response:
    lang = language(request)
    fields = PageFields()  # a bad field is named on the page, its form kept (422)
    fields.text("game", game)
    if fields.error:
        return render(
            request, "board.html", status=422, error=fields.error, bad=fields.bad, board=None,
            game=game, size=size,
        )  # fmt: skip
    wanted = fields.number("size", size, 1, BOARD_MAX) or BOARD_DEFAULT
    board = await _run(request, "board_steps", game=game, size=wanted, lang=lang)
    if isinstance(board, JobError):
        return render(request, "board.html", status=400, error=board, board=None, game=game)
    origin, n = board["origin"], board["size"]
    step_of = {tuple(s["cell"]): k for k, s in enumerate(board["steps"])}
    rows = [
        (
            y,
            [
                (x, step_of[(x, y)], board["steps"][step_of[(x, y)]])
                for x in range(origin, origin + n)
            ],
        )
        for y in reversed(range(origin, origin + n))
    ]
    return render(
        request,
        "board.html",
        status=422 if fields.error else 200,
        board=board,
        game=board["game"],
        size=n,
        rows=rows,
        columns=list(range(origin, origin + n)),
        title=translate.family_name(lang, board["family"]),
        error=fields.error,
        bad=fields.bad,
    )


@router.get("/successors", response_class=HTMLResponse)
async def successors_page(
    request: Request,
    game: str = "delete-nim:single",
    position: str = "6,8",
) -> Response:
    lang = language(request)
    fields = PageFields()  # a game or position too long is named on the page (422)
    fields.text("game", game)
    fields.text("position", position)
    found = fields.error or await _run(
        request, "successors", game=game, position=position, lang=lang
    )
    if isinstance(found, JobError):
        return render(
            request,
            "successors.html",
            status=422 if fields.error else 400,
            bad=fields.bad,
            error=found,
            found=None,
            game=game,
            position=position,
            games=SUCCESSOR_GAMES,
        )

    def link(pos: str, spec: str | None = None) -> str:
        return url("/successors", game=spec or found["game"], position=pos)

    grid = None
    if found["grid"]:
        low = found["grid"]["origin"]
        span = list(range(low, found["grid"]["n"] + 1))
        grid = {"span": span, "cells": {tuple(c) for c in found["grid"]["cells"]}}
    tables = None
    if found["tables"]:
        span = list(range(1, max(found["heaps"]) + 1))
        tables = [
            t | {"cells": {tuple(c) for c in t["cells"]}, "span": span} for t in found["tables"]
        ]
    return render(
        request,
        "successors.html",
        found=found,
        game=found["game"],
        position=found["position"],
        here=tuple(found["heaps"]),
        grid=grid,
        tables=tables,
        link=link,
        games=SUCCESSOR_GAMES,
        title=translate.family_name(lang, found["family"]),
        error=None,
    )

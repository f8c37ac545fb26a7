"""The JSON API: the command line's contract over HTTP.

``GET /api/analyze?game=wythoff&position=4,6`` answers what
``nimlab analyze wythoff 4,6 --json`` prints, and so on for ``sequence``,
``period``, ``table``, ``ppositions`` and ``games``. Every parameter is
checked against the web app's caps (shown in the OpenAPI schema), every
computation runs in a worker process under the per-request limits, and every
error is a 4xx ``{"error": {"kind", "message", "field"}}``.
"""

# No `from __future__ import annotations`: FastAPI reads the parameter types defined
# inside api_router at run time.

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request

from nimlab.registry import FAMILIES
from nimlab.web.config import WebConfig
from nimlab.web.errors import ERROR_RESPONSES
from nimlab.web.schemas import (
    DIGITS,
    AnalysisOut,
    ExplanationOut,
    GameOut,
    GamesOut,
    HintOut,
    MovesOut,
    PeriodOut,
    PlayExplainOut,
    PlayIn,
    PlayMoveIn,
    PlayOut,
    PPositionsOut,
    SequenceOut,
    TableOut,
)
from nimlab.web.workers import LANG, WorkerPool


def pool(request: Request) -> WorkerPool:
    workers: WorkerPool = request.app.state.pool
    return workers


async def play(request: Request, job: str, body: PlayIn) -> Any:
    """Run a play job; the body's ``lang`` also sets the language of its errors (a client
    that sends only the body gets its refusals in the language it asked for)."""
    if body.lang == "ja":
        LANG.set("ja")
    return await pool(request).run(job, **body.model_dump())


def api_router(config: WebConfig) -> APIRouter:
    """The ``/api`` routes, with parameter caps taken from ``config``."""
    router = APIRouter(prefix="/api", tags=["api"], responses=ERROR_RESPONSES)
    text = config.max_text
    Game = Annotated[
        str,
        Query(
            min_length=1,
            max_length=text,
            description="a game spec: nim, subtraction:2,4,7, kayles, wythoff, "
            "split-delete-nim:single, 'nim + kayles', ... (see /api/games)",
            examples=["wythoff"],
        ),
    ]
    Position = Annotated[
        str,
        Query(
            max_length=text,
            description="heaps as comma-separated integers ≥ 0 (3,4,5); take-away: n or n/m; "
            "sums: positions joined with + (3,4 + 5)",
            examples=["1000,2000"],
        ),
    ]
    Misere = Annotated[bool, Query(description="misère play: the player who cannot move wins")]

    @router.get("/games", response_model=GamesOut, summary="Every game family")
    async def games() -> dict[str, Any]:
        """Every family: its parameter, aliases, rule, seed document and strategy."""
        return {"games": [f.to_dict() for f in FAMILIES.values()]}

    @router.get("/game", response_model=GameOut, summary="What kind of game a spec names")
    async def game(request: Request, game: Game) -> Any:
        """The canonical spec, the shape (one-heap, several heaps, ...) and a start position."""
        return await pool(request).run("describe", game=game)

    @router.get(
        "/analyze",
        response_model=AnalysisOut,
        response_model_exclude_unset=True,  # "misere" only in misère play, as in the CLI
        summary="Analyse a position",
    )
    async def analyze(
        request: Request, game: Game, position: Position, misere: Misere = False
    ) -> Any:
        """Outcome, Grundy value, remoteness and every winning move (`nimlab analyze`)."""
        return await pool(request).run("analyze", game=game, position=position, misere=misere)

    @router.get(
        "/sequence",
        response_model=SequenceOut,
        response_model_exclude_none=True,
        summary="Grundy sequence G(0..N-1)",
    )
    async def sequence(
        request: Request,
        game: Game,
        to: Annotated[
            int, Query(ge=0, le=config.max_sequence, description="how many values"), DIGITS
        ],
        misere: Misere = False,
    ) -> Any:
        """Heap games: values of single heaps; take-away: of fresh games (`nimlab sequence`)."""
        return await pool(request).run("sequence", game=game, to=to, misere=misere)

    @router.get(
        "/period",
        response_model=PeriodOut,
        response_model_exclude_unset=True,  # "sparse" is absent, not null, without the structure
        summary="Exact periodicity",
    )
    async def period(
        request: Request,
        game: Game,
        max_length: Annotated[
            int | None,
            Query(ge=1, le=10**9, description="compute at most this many values"),
            DIGITS,
        ] = None,
        misere: Misere = False,
    ) -> Any:
        """(preperiod, period, saltus), proven only by a theorem's criterion (`nimlab period`)."""
        return await pool(request).run("period", game=game, max_length=max_length, misere=misere)

    @router.get(
        "/table",
        response_model=TableOut,
        response_model_exclude_unset=True,  # "misere" only in misère play, as in the CLI
        summary="Two-heap Grundy table",
    )
    async def table(
        request: Request,
        game: Game,
        size: Annotated[
            int, Query(ge=1, le=config.max_table, description="size × size cells"), DIGITS
        ],
        misere: Misere = False,
    ) -> Any:
        """Grundy values of ⟨a, b⟩ from the game's origin (`nimlab table`)."""
        return await pool(request).run("table", game=game, size=size, misere=misere)

    @router.get(
        "/ppositions",
        response_model=PPositionsOut,
        response_model_exclude_unset=True,  # "misere" only in misère play, as in the CLI
        summary="P-positions with K heaps",
    )
    async def ppositions(
        request: Request,
        game: Game,
        heaps: Annotated[int, Query(ge=1, le=config.max_heaps, description="K heaps"), DIGITS],
        max: Annotated[
            int, Query(ge=0, le=config.max_heap_bound, description="every heap ≤ N"), DIGITS
        ],
        misere: Misere = False,
    ) -> Any:
        """Every P-position with K heaps, each at most N (`nimlab ppositions`)."""
        return await pool(request).run("ppositions", game=game, heaps=heaps, max=max, misere=misere)

    @router.get("/moves", response_model=MovesOut, summary="Legal moves of a position")
    async def moves(request: Request, game: Game, position: Position) -> Any:
        """Every legal move (one per resulting position), cut at the web app's limit."""
        return await pool(request).run("moves", game=game, position=position)

    @router.get("/explain", response_model=ExplanationOut, summary="Why a position is P or N")
    async def explain(
        request: Request,
        game: Game,
        position: Position,
        lang: Annotated[Literal["en", "ja"], Query(description="language")] = "en",
        misere: Misere = False,
    ) -> Any:
        """Step by step: mex, nim-sum, binary or Fibonacci codes, the theorem that applies."""
        return await pool(request).run(
            "explain", game=game, position=position, lang=lang, misere=misere
        )

    @router.post("/play/state", response_model=PlayOut, summary="Play: the game so far")
    async def play_state(request: Request, body: PlayIn) -> Any:
        """Check every move of the game and describe it: whose turn, legal moves, values."""
        return {"state": await play(request, "play_state", body)}

    @router.post("/play/move", response_model=PlayOut, summary="Play: your move")
    async def play_move(request: Request, body: PlayMoveIn) -> Any:
        """Your move, then the computer's reply (at the game's level)."""
        return await play(request, "play_move", body)

    @router.post("/play/computer", response_model=PlayOut, summary="Play: the computer's move")
    async def play_computer(request: Request, body: PlayIn) -> Any:
        """The computer's move, when it is its turn (it moves first, or after an undo)."""
        return await play(request, "play_computer", body)

    @router.post("/play/auto", response_model=PlayOut, summary="Play: a move for either side")
    async def play_auto(request: Request, body: PlayIn) -> Any:
        """A move for whoever is to move, at the game's level (computer against computer)."""
        return await play(request, "play_auto", body)

    @router.post("/play/hint", response_model=HintOut, summary="Play: a hint")
    async def play_hint(request: Request, body: PlayIn) -> Any:
        """The move perfect play would make for you now, and why."""
        return await play(request, "play_hint", body)

    @router.post("/play/undo", response_model=PlayOut, summary="Play: undo")
    async def play_undo(request: Request, body: PlayIn) -> Any:
        """Take back your last move and the computer's reply to it."""
        return await play(request, "play_undo", body)

    @router.post("/play/explain", response_model=PlayExplainOut, summary="Play: explain")
    async def play_explain(request: Request, body: PlayIn) -> Any:
        """Why the current position is won or lost."""
        return await play(request, "play_explain", body)

    return router

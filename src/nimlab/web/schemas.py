"""The JSON shapes of the web API: those of the command line's ``--json`` output.

The shapes of results are not written here a second time: each result of
:mod:`nimlab.solve.results` declares its JSON once (``JSON``), and
:func:`model_of` derives the pydantic model from it. These models document
the API in its OpenAPI schema and check every response; the values come from
:mod:`nimlab.web.jobs`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args, get_origin

from pydantic import BaseModel, BeforeValidator, Field, create_model
from pydantic_core import PydanticCustomError

from nimlab.solve.rare import SparseFacts
from nimlab.solve.results import Analysis, GrundyTable, Periodicity, PPositions, WinningMove


def _ascii_digits(value: object) -> object:
    """A number of the query string is written with the digits 0-9 only (``int`` would
    also read ``3_0``, ``+3`` and ``٣``)."""
    if isinstance(value, str) and not (value.isascii() and value.isdigit()):
        raise PydanticCustomError("ascii_digits", "must be an integer written with the digits 0-9")
    return value


DIGITS = BeforeValidator(_ascii_digits)
"""Put in the ``Annotated`` of every integer query parameter."""


def _json_number(value: object) -> object:
    """An integer of a JSON body is a JSON number (pydantic would also read ``"3"`` and
    ``true``)."""
    if isinstance(value, str | bool):
        raise PydanticCustomError("int_type", "Input should be a valid integer")
    return value


NUMBER = BeforeValidator(_json_number)
"""Put in the ``Annotated`` of every integer field of a body."""


class ErrorBody(BaseModel):
    kind: str = Field(
        description="invalid_game, invalid_position, invalid_option, not_applicable, "
        "illegal_move, too_large (over a limit), busy, not_found, internal, or error (an "
        "HTTP method the path does not accept: the Allow header names those it does)"
    )
    message: str = Field(description="one line: what was wrong and what is accepted")
    field: str | None = Field(None, description="the request field at fault, if one is")


class ErrorOut(BaseModel):
    error: ErrorBody


class FamilyOut(BaseModel):
    name: str
    parameter: str | None
    aliases: dict[str, str]
    seed: str
    rule: str
    strategy: str
    example: str
    position: str


class GamesOut(BaseModel):
    games: list[FamilyOut]


class GameOut(BaseModel):
    game: str = Field(description="the canonical spec")
    family: str
    parameter: str | None = Field(description="what the family's parameter is, if it has one")
    shape: Literal["heap", "heaps", "take-away", "sum", "other"]
    origin: int = Field(description="the smallest heap (tables start here)")
    two_heaps: bool = Field(description="whether two-heap positions exist (board, heatmap)")
    example: str = Field(description="a position to start from")
    play: str = Field(description="how the play page moves: take, queen, knock, split, ...")
    criterion: str | None = Field(description="the theorem that proves periods, if any")


def model_of(result: type[Any], name: str) -> type[BaseModel]:
    """The pydantic model of a result's JSON, derived from its ``JSON`` declaration.

    >>> from nimlab.solve.results import PPositions
    >>> sorted(model_of(PPositions, "PPositionsOut").model_fields)
    ['game', 'heaps', 'max', 'positions']
    """
    fields: dict[str, Any] = {}
    for f in result.JSON:
        kind = f.type
        if get_origin(kind) is list and hasattr(get_args(kind)[0], "JSON"):
            inner = get_args(kind)[0]
            kind = list[model_of(inner, inner.__name__ + "Out")]  # type: ignore[misc]
        fields[f.key] = (kind, Field(description=f.description or None))
    model: type[BaseModel] = create_model(name, **fields)
    return model


class MoveOut(model_of(WinningMove, "WinningMove")):  # type: ignore[misc]
    """A move to a P-position (derived from ``WinningMove.JSON``)."""


MISERE = "true for misère play (whoever makes the last move loses); absent in normal play"


class AnalysisOut(model_of(Analysis, "Analysis")):  # type: ignore[misc]
    """An analysis (derived from ``Analysis.JSON``)."""

    misere: bool | None = Field(None, description=MISERE)


class SparseOut(model_of(SparseFacts, "SparseFacts")):  # type: ignore[misc]
    """The sparse-space facts (derived from ``SparseFacts.JSON``); absent without the structure."""


SPARSE = "the rare/common split of the values (nimlab.solve.rare); absent without the structure"


class SequenceOut(BaseModel):
    game: str
    values: list[int]
    misere: bool | None = Field(default=None, description="true for misère Grundy values")
    sparse: SparseOut | None = Field(default=None, description=SPARSE)


class PeriodOut(model_of(Periodicity, "Periodicity")):  # type: ignore[misc]
    criterion: str | None = Field(description="the theorem checked, when proven")
    misere: bool = False
    sparse: SparseOut | None = Field(default=None, description=SPARSE)


class TableOut(model_of(GrundyTable, "GrundyTable")):  # type: ignore[misc]
    """A two-heap Grundy table (derived from ``GrundyTable.JSON``)."""

    misere: bool | None = Field(None, description=MISERE)


class PPositionsOut(model_of(PPositions, "PPositions")):  # type: ignore[misc]
    """P-positions (derived from ``PPositions.JSON``)."""

    misere: bool | None = Field(None, description=MISERE)


class MovesOut(BaseModel):
    game: str
    position: str
    moves: list[MoveOut]
    complete: bool = Field(description="false when the list was cut at the web app's limit")


class PlayIn(BaseModel):
    """A game against the computer, as the page keeps it (the server keeps nothing)."""

    model_config = {"extra": "forbid"}

    game: str = Field(
        min_length=1, max_length=2_000, description="the game's spec", examples=["nim"]
    )
    start: str = Field(max_length=2_000, description="the start position", examples=["3,4,5"])
    moves: list[Annotated[str, Field(max_length=2_000)]] = Field(
        default_factory=list,
        max_length=1_000,
        description="the position after each move so far, both players' (checked)",
    )
    first: Literal["you", "computer"] = Field("you", description="who moves first")
    level: Literal["perfect", "random", "mix"] = Field(
        "perfect", description="how the computer plays: perfect, random, or a mix of both"
    )
    misere: bool = Field(
        False, strict=True, description="misère play: whoever makes the last move loses"
    )
    seed: Annotated[int, NUMBER] = Field(
        0, ge=0, lt=2**63, description="makes random levels reproducible"
    )
    lang: Literal["en", "ja"] = Field("en", description="the language of the moves and reasons")


class PlayMoveIn(PlayIn):
    to: str = Field(
        max_length=2_000,
        description="your move: the position it leads to (1,4,5) or typed (take 2 from 3)",
        examples=["1,4,5"],
    )


class HistoryOut(BaseModel):
    position: str
    by: Literal["you", "computer"] | None = Field(description="who moved here")
    move: str | None
    to_move: Literal["you", "computer"]
    outcome: Literal["P", "N", "?"] = Field(description="for the player to move; ? = too big")
    remoteness: int | None


class BoardOut(BaseModel):
    """One game as the page draws it: the whole game, or one component of a sum."""

    game: str
    position: str = Field(description="its position (exact, whatever the size of the heaps)")
    play: str = Field(description="how the page moves: take, queen, knock, split, ...; list")
    heaps: list[int] | None = Field(description="the heaps drawn as stones (None: list only)")
    take_away: bool
    limit: int | None = Field(description="take-away: the most that may be taken now")
    multiplier: int | None = Field(description="take-away: C, the opponent may take C·k")
    cuts: int = Field(1, description="split modes: how many times one move may cut one heap")
    split: bool = Field(False, description="knock: a gap splits a heap without taking stones")
    how: str = Field("", description="knock: what may be taken, as the game's digits say")


class LegalMoveOut(BaseModel):
    """A legal move and its value for the player making it."""

    to: str
    move: str
    outcome: Literal["win", "lose", ""] = Field(
        "", description="for the mover: win (reaches a P-position), lose; empty: not known"
    )
    remoteness: int | None = Field(
        None,
        description="remoteness of the position reached; null where it was not computed "
        "(over the remoteness limit)",
    )


class RulesOut(BaseModel):
    """A game's rules, from the registry, in the request's language."""

    family: str
    game: str
    title: str
    rule: str
    strategy: str
    about: str | None = Field(
        None, description="a game with a name of its own (Kayles) in its own words"
    )


class PlayStateOut(BaseModel):
    game: str
    start: str
    position: str
    moves: list[str]
    first: Literal["you", "computer"]
    level: str
    turn: Literal["you", "computer"]
    over: bool
    winner: Literal["you", "computer"] | None
    misere: bool = False
    play: str = Field(description="how the page moves: take, queen, knock, split, ...")
    heaps: list[int] | None
    take_away: bool
    limit: int | None = Field(description="take-away: the most that may be taken now")
    boards: list[BoardOut] = Field(description="the game, or each component of a sum")
    legal: list[LegalMoveOut]
    legal_complete: bool
    history: list[HistoryOut]
    rules: list[RulesOut] = Field(default_factory=list, description="the rules of each game")


class ReplyOut(BaseModel):
    to: str
    move: str
    why: str


class PlayOut(BaseModel):
    state: PlayStateOut
    reply: ReplyOut | None = Field(None, description="the computer's move, if it moved")


class HintOut(BaseModel):
    state: PlayStateOut
    hint: MoveOut | None = Field(description="the winning move, if there is one")
    best: MoveOut = Field(description="perfect play's move (the longest defence when lost)")
    outcome: Literal["P", "N"]
    why: str


class StepOut(BaseModel):
    kind: str
    text: str
    lines: list[str]
    data: dict[str, Any]


class ExplanationOut(BaseModel):
    game: str
    position: str
    lang: str
    outcome: Literal["P", "N"]
    grundy: int | None
    method: str
    steps: list[StepOut]


class PlayExplainOut(BaseModel):
    explanation: ExplanationOut

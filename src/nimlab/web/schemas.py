"""The JSON shapes of the web API: those of the command line's ``--json`` output.

These models document the API in its OpenAPI schema and check every
response; the values themselves come from :mod:`nimlab.web.jobs`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class ErrorBody(BaseModel):
    kind: str = Field(
        description="invalid_game, invalid_position, invalid_option, not_applicable, "
        "illegal_move, too_large (over a limit), busy, not_found or internal"
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
    shape: Literal["heap", "heaps", "take-away", "sum", "other"]
    origin: int = Field(description="the smallest heap (tables start here)")
    two_heaps: bool = Field(description="whether two-heap positions exist (board, heatmap)")
    example: str = Field(description="a position to start from")
    play: str = Field(description="how the play page moves: take, queen, knock, split, ...")
    criterion: str | None = Field(description="the theorem that proves periods, if any")


class MoveOut(BaseModel):
    to: str = Field(description="the canonical position the move leads to")
    move: str = Field(description="what the move does, in words")


class AnalysisOut(BaseModel):
    game: str
    position: str
    outcome: Literal["P", "N"]
    grundy: int | None
    remoteness: int | None
    winning_moves: list[MoveOut]
    winning_moves_complete: bool
    method: str


class SequenceOut(BaseModel):
    game: str
    values: list[int]


class PeriodOut(BaseModel):
    game: str
    preperiod: int | None
    period: int | None
    saltus: int | None
    proven: bool
    checked_to: int
    criterion: str | None = Field(description="the theorem checked, when proven")


class TableOut(BaseModel):
    game: str
    origin: int
    rows: list[list[int]]


class PPositionsOut(BaseModel):
    game: str
    heaps: int
    max: int
    positions: list[list[int]]


class MovesOut(BaseModel):
    game: str
    position: str
    moves: list[MoveOut]
    complete: bool = Field(description="false when the list was cut at the web app's limit")

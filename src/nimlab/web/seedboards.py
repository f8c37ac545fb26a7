"""Jobs for the seeds' boards: seed 002's ○× board step by step, seed 001's successor sets.

Like every job, plain functions over the library that return JSON-ready dicts
and raise :class:`~nimlab.web.jobs.FieldError` naming the field at fault.

>>> steps = board_steps("wythoff", 6)
>>> len(steps["steps"]), steps["steps"][0]["mark"]
(36, '○')
>>> found = successors("delete-nim:single", "6,8")
>>> found["tables"][3]["number"], len(found["tables"][3]["cells"]), found["grid"]["n"]
(4, 12, 8)
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any

from nimlab.errors import TooLarge
from nimlab.web import clock, jobs
from nimlab.web.jobs import FieldError, count, field, parse_game, parse_position
from nimlab.web.translate import family_name, move_text

GRID_MAX = 30
"""The largest heap drawn on a successor board (cells per side)."""
LISTED = 200
"""Successor positions listed on the page."""


def board_steps(game: str, size: int, lang: str = "en") -> dict[str, Any]:
    """Seed 002's ○× board of ``game``, ``size`` cells a side, cell by cell, in ``lang``."""
    from nimlab.explanations.board import MAX_SIZE
    from nimlab.explanations.board import board_steps as build

    g = parse_game(game)
    size = count(size, "size", 1, MAX_SIZE)
    with field("game"):
        result = build(g, size)
    answer = result.to_dict(_lang(lang))
    answer["family"] = g.family
    return answer


def successors(game: str, position: str, lang: str = "en") -> dict[str, Any]:
    """The positions one move reaches from ``position``, drawn as seed 001's tables 1–4."""
    from nimlab.explanations.successors import SEED_TABLES, seed_cells
    from nimlab.explanations.successors import successors as reach
    from nimlab.solve.engine import analyze

    lang = _lang(lang)
    g = parse_game(game)
    pos = parse_position(g, position)
    shape = g.capabilities.shape
    if shape not in ("heap", "heaps") or g.summands():
        raise FieldError(
            "not_applicable",
            f"game: {g.spec} is not a game of heaps",
            "game",
            ja=f"game: {g.spec} は山のゲームではありません",
        )
    limits = jobs.config().limits()
    with field("position"):
        moves, complete = reach(g, pos, LISTED, limits)
    listed = []
    for move in moves:
        outcome: str = "?"
        if not clock.time_up():  # once it is, the rest stay "?" (a refusal said only one)
            with suppress(TooLarge):
                outcome = analyze(g, move.to, limits=limits).outcome
        listed.append(
            {"to": g.format_position(move.to), "move": move_text(lang, move), "outcome": outcome}
        )
    heaps = list(pos)
    grid = tables = None
    if len(heaps) == 2 and max(heaps) <= GRID_MAX:
        n = max(max(heaps), 1)
        cells = {
            (x, y)
            for m in moves
            if len(m.to) == 2
            for x, y in ((m.to[0], m.to[1]), (m.to[1], m.to[0]))
        }
        grid = {"n": n, "origin": g.capabilities.least_heap, "cells": sorted(cells)}
        if min(heaps) >= 1:
            a, b = heaps
            tables = [
                {
                    "number": number,
                    "game": spec,
                    "title": family_name(lang, spec.split(":")[0]),
                    "shift": shift,
                    "cells": sorted(seed_cells(spec, shift, (a, b))),
                    "this": spec == g.spec,
                }
                for spec, shift, number in SEED_TABLES
            ]
    return {
        "game": g.spec,
        "family": g.family,
        "position": g.format_position(pos),
        "heaps": heaps,
        "moves": listed,
        "complete": complete,
        "grid": grid,
        "tables": tables,
    }


def _lang(lang: str) -> str:
    if lang not in ("en", "ja"):
        raise FieldError("invalid_option", "lang: en or ja", "lang", ja="lang: en か ja です")
    return lang


SEED_JOBS: dict[str, Callable[..., dict[str, Any]]] = {
    "board_steps": board_steps,
    "successors": successors,
}
"""The seeds' boards, by job name."""

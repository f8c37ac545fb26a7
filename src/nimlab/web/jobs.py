"""What the web app computes: plain functions over nimlab's public API.

Each job takes JSON-like arguments (strings, integers, booleans), returns a
JSON-ready dict in the shapes of the command line's ``--json`` output, and
raises :class:`FieldError` naming the request field that was wrong. Jobs run
in worker processes (:mod:`nimlab.web.workers`) under the limits of a
:class:`~nimlab.web.config.WebConfig`; they import no web framework.

>>> analyze("nim", "3,4,5")["winning_moves"]
[{'to': '1,4,5', 'move': 'take 2 from the heap of 3'}]
>>> describe("kayles")["shape"], describe("wythoff")["play"]
('heap', 'queen')
>>> try:
...     analyze("nimm", "3")
... except FieldError as e:
...     print(e.field, "|", e)
game | game: unknown game 'nimm'; did you mean 'nim'? (`nimlab games` lists every game)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import islice
from typing import Any

from nimlab.errors import NimlabError, TooLarge
from nimlab.games.base import (
    Position,
    Ruleset,
    as_heap_ruleset,
    as_heaps_ruleset,
    needs_ja,
)
from nimlab.games.wording import render_move
from nimlab.registry import family_of
from nimlab.registry import game as parse_game_spec
from nimlab.solve.engine import analyze as run_analyze
from nimlab.solve.methods import render_method
from nimlab.solve.periodicity import criterion_name, criterion_words
from nimlab.solve.periodicity import periodicity as run_periodicity
from nimlab.solve.rare import rare_facts
from nimlab.solve.sequences import sequence_values
from nimlab.solve.tables import grundy_table, p_positions
from nimlab.web.config import WebConfig

_CONFIG = WebConfig()

PLAY_MODES = {
    "nim": "take",
    "subtraction": "take",
    "take-away": "take",
    "wythoff": "queen",
    "octal": "knock",
    "grundy-game": "split",
    "split-delete-nim": "split-delete",
    "delete-nim": "delete-split",
}
"""How the play page lets a person move in each family (anything else: a list of moves)."""


class FieldError(NimlabError):
    """A nimlab error attributed to one field of a request."""

    def __init__(self, kind: str, message: str, field: str | None, *, ja: str = "") -> None:
        super().__init__(message, field, ja=ja)
        self.kind = kind


def configure(config: WebConfig) -> None:
    """Set the limits every job of this process works under."""
    global _CONFIG
    _CONFIG = config


def config() -> WebConfig:
    """The limits jobs of this process work under."""
    return _CONFIG


@contextmanager
def field(name: str) -> Iterator[None]:
    """Attribute the nimlab errors raised inside to request field ``name``."""
    try:
        yield
    except (FieldError, TooLarge):
        raise
    except NimlabError as error:
        ja = f"{name}: {error.ja}" if error.ja else ""
        raise FieldError(error.kind, f"{name}: {error}", name, ja=ja) from error


def text_field(value: str, name: str) -> str:
    """A text request field, at most ``max_text`` characters."""
    if not isinstance(value, str):
        raise FieldError(
            "invalid_option",
            f"{name}: must be text, got {value!r}",
            name,
            ja=f"{name}: 文字列で与えてください（{value!r} が与えられた）",
        )
    if len(value) > _CONFIG.max_text:
        raise FieldError(
            "invalid_option",
            f"{name}: at most {_CONFIG.max_text:,} characters",
            name,
            ja=f"{name}: {_CONFIG.max_text:,} 文字までです",
        )
    return value


def count(value: object, name: str, low: int, high: int) -> int:
    """An integer request field in ``low..high``."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise FieldError(
            "invalid_option",
            f"{name}: must be an integer from {low:,} to {high:,} in the web app, got {value!r}",
            name,
            ja=f"{name}: ウェブアプリでは {low:,} から {high:,} までの整数です"
            f"（{value!r} が与えられた）",
        )
    return value


def parse_game(spec: str) -> Ruleset:
    """The ruleset a request names in its ``game`` field.

    Its canonical spec — what the pages link with and the play requests send back —
    is held to the same ``max_text`` as the field: a spec that only grows past it
    when written out (``kayles`` → ``octal:0.77``, ``+`` → `` + ``) is refused here, by
    every route alike, rather than by the next request.
    """
    with field("game"):
        # Declarative specs only: a ruleset loaded from code (--rules) is never named here.
        game = parse_game_spec(text_field(spec, "game"), user_rules=False)
    if len(game.spec) > _CONFIG.max_text:
        raise FieldError(
            "invalid_option",
            f"game: written out canonically it has {len(game.spec):,} characters "
            f"({game.spec[:40]}…); at most {_CONFIG.max_text:,}",
            "game",
            ja=(
                f"game: 正規の書き方にすると {len(game.spec):,} 文字になります"
                f"（{game.spec[:40]}…）。{_CONFIG.max_text:,} 文字までです"
            ),
        )
    return game


def parse_position(game: Ruleset, text: str, name: str = "position") -> Position:
    """A position of ``game`` from a request field."""
    with field(name):
        return game.parse_position(text_field(text, name))


def describe(game: str) -> dict[str, Any]:
    """What kind of game ``game`` is, for the pages: shape, origin, example, play mode.

    ``shape`` is ``heap`` (a move acts on one heap: Grundy strip), ``heaps``
    (a move may involve several heaps: board, heatmap, P-positions),
    ``take-away``, ``sum`` or ``other``.
    """
    g = parse_game(game)
    caps = g.capabilities
    heaps_game = as_heaps_ruleset(g)
    shape = "other" if caps.shape == "general" else caps.shape
    family = family_of(g)
    return {
        "game": g.spec,
        "family": g.family,
        "parameter": family.parameter if family else None,
        "shape": shape,
        "origin": caps.least_heap,
        "two_heaps": heaps_game is not None and heaps_game.check_count(2) is None,
        "example": example_position(g),
        "play": PLAY_MODES.get(g.family, "list"),
        "criterion": criterion_name(g),
        "named": _named(g),
    }


def _named(g: Ruleset) -> list[str] | None:
    """[alias, title, rule] of a game known by a name of its own (Kayles), else None."""
    from nimlab.registry import named

    known = named(g)
    return None if known is None else list(known)


def example_position(game: Ruleset) -> str:
    """A position to start from: the registry's example for the family."""
    if game.summands():
        return " + ".join(example_position(c) for c in game.summands())
    family = family_of(game)
    return family.position if family is not None else ""


def analyze(
    game: str, position: str, misere: bool = False, lang: str | None = None
) -> dict[str, Any]:
    """``nimlab analyze GAME POSITION --json`` for one position.

    With ``lang`` (a page's request), ``moves_shown`` adds ``(to, words)`` for each
    winning move, rendered in ``lang`` from the move's action.
    """
    g = parse_game(game)
    pos = parse_position(g, position)
    result = run_analyze(g, pos, misere=misere, limits=_CONFIG.limits())
    answer = result.to_dict() | ({"misere": True} if misere else {})
    if lang is not None:
        answer["moves_shown"] = [(m.to, render_move(m, lang)) for m in result.winning_moves]
        if result.how is not None:
            answer["method_shown"] = render_method(result.how, lang)
    return answer


def sequence(game: str, to: int, misere: bool = False) -> dict[str, Any]:
    """``nimlab sequence GAME --to N [--misere] --json``."""
    g = parse_game(game)
    to = count(to, "to", 0, _CONFIG.max_sequence)
    with field("game"):
        values = sequence_values(g, to, _CONFIG.limits(), misere=misere)
        sparse = {} if misere else _sparse(g, to)
    return {"game": g.spec, "values": values} | ({"misere": True} if misere else {}) | sparse


def _sparse(g: Ruleset, count: int) -> dict[str, Any]:
    """``{"sparse": ...}`` for a heap game whose values have the structure, else ``{}``."""
    if as_heap_ruleset(g) is None or count == 0:
        return {}
    # Judged on the values asked for: a longer window would overrun the time per request.
    facts = rare_facts(g, count, _CONFIG.limits(), window=count)
    return {} if facts is None else {"sparse": facts.to_dict()}


def period(
    game: str, max_length: int | None = None, misere: bool = False, lang: str | None = None
) -> dict[str, Any]:
    """``nimlab period GAME [--misere] --json``, plus the name of the theorem that proves it.

    With ``lang`` (a page's request), ``criterion_shown`` is that name in ``lang``.
    """
    g = parse_game(game)
    if max_length is not None:
        max_length = count(max_length, "max_length", 1, 10**9)
    with field("game"):
        result = run_periodicity(
            g, limits=_CONFIG.limits(), max_length=max_length, misere=misere
        ).to_dict()
    result["criterion"] = criterion_name(g, misere) if result["proven"] else None
    result["misere"] = misere
    if not misere:
        with field("game"):
            result |= _sparse(g, result["checked_to"])
    if lang is not None and result["proven"]:
        shown = criterion_words(g, lang, misere)
        if shown is not None:
            result["criterion_shown"] = shown
    return result


def table(game: str, size: int, misere: bool = False) -> dict[str, Any]:
    """``nimlab table GAME --size N --json``."""
    g = parse_game(game)
    size = count(size, "size", 1, _CONFIG.max_table)
    with field("game"):
        result = grundy_table(g, size, misere=misere, limits=_CONFIG.limits()).to_dict()
    return result | ({"misere": True} if misere else {})


def ppositions(game: str, heaps: int, max: int, misere: bool = False) -> dict[str, Any]:
    """``nimlab ppositions GAME --heaps K --max N --json``."""
    g = parse_game(game)
    heaps = count(heaps, "heaps", 1, _CONFIG.max_heaps)
    max = count(max, "max", 0, _CONFIG.max_heap_bound)
    shaped = as_heaps_ruleset(g)
    if shaped is not None:
        problem = shaped.check_count(heaps)
        if problem is not None:
            raise FieldError(
                "not_applicable",
                f"heaps: {g.spec} needs {problem}",
                "heaps",
                ja=f"heaps: {g.spec} には {needs_ja(problem)} が必要です",
            )
        if max < shaped.min_heap:
            raise FieldError(
                "invalid_option",
                f"max: every heap of {g.spec} is ≥ {shaped.min_heap}",
                "max",
                ja=f"max: {g.spec} の山はどれも {shaped.min_heap} 以上です",
            )
    with field("game"):
        result = p_positions(g, heaps, max, misere=misere, limits=_CONFIG.limits())
    if len(result) > _CONFIG.max_positions:
        raise TooLarge(
            f"{len(result):,} P-positions, more than the web app lists "
            f"({_CONFIG.max_positions:,}); lower max (the command line has no such cap)",
            ja=(
                f"P局面が {len(result):,} 個あり、ウェブアプリが一覧にする上限（"
                f"{_CONFIG.max_positions:,}）を超えます。max を下げてください（"
                "コマンドラインにはこの上限はありません）"
            ),
        )
    return result.to_dict() | ({"misere": True} if misere else {})


def moves(game: str, position: str) -> dict[str, Any]:
    """The legal moves of a position (at most ``max_moves``, one per resulting position)."""
    g = parse_game(game)
    pos = parse_position(g, position)
    budget = _CONFIG.limits().budget()
    found: dict[Position, str] = {}
    limit = _CONFIG.max_moves
    for move in g.moves(pos):
        budget.spend()
        found.setdefault(move.to, move.text)
        if len(found) > limit:
            break
    listed = list(islice(found.items(), limit))
    return {
        "game": g.spec,
        "position": g.format_position(pos),
        "moves": [{"to": g.format_position(to), "move": text} for to, text in listed],
        "complete": len(found) <= limit,
    }


JOBS: dict[str, Callable[..., dict[str, Any]]] = {
    "analyze": analyze,
    "sequence": sequence,
    "period": period,
    "table": table,
    "ppositions": ppositions,
    "moves": moves,
    "describe": describe,
}
"""Every job a worker process runs, by name."""

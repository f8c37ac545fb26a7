"""Play against the computer over HTTP: a stateless adapter over :mod:`nimlab.play`.

The page keeps the game — the start position, who moved first, the level, a
seed and the positions after each move — and sends it with every request; the
server checks that every move was legal, then lets a
:class:`nimlab.play.Session` at the current position make the computer's move,
give a hint or check the person's move. So any worker can answer any request,
and a game survives a server restart.

>>> state = play_state("nim", "1,2", [], "you", "perfect", 0)
>>> state["turn"], state["over"], [m["to"] for m in state["legal"]]
('you', False, ['0,2', '1,1', '0,1'])
>>> after = play_move("nim", "1,2", [], "you", "perfect", 0, to="1,1")
>>> after["state"]["moves"], after["state"]["turn"]
(['1,1', '0,1'], 'you')
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from nimlab.errors import IllegalMove, TooLarge
from nimlab.games.base import HeapsRuleset, Position, Ruleset
from nimlab.games.take_away import TakeAway
from nimlab.solve.engine import analyze
from nimlab.web import jobs
from nimlab.web.jobs import FieldError, field, parse_game, parse_position
from nimlab.web.translate import move_text

PLAYERS = ("you", "computer")


def _other(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


class Game:
    """A game replayed from the request: every move checked, nothing trusted."""

    def __init__(self, game: str, start: str, moves: list[str], first: str, level: str) -> None:
        from nimlab.play import legal_move
        from nimlab.play.computer import check_level

        if first not in PLAYERS:
            raise FieldError("invalid_option", "first: must be you or computer", "first")
        with field("level"):
            self.level = check_level(level)
        config = jobs.config()
        if len(moves) > config.max_history:
            raise FieldError(
                "invalid_option", f"moves: at most {config.max_history:,} moves", "moves"
            )
        self.rules: Ruleset = parse_game(game)
        self.first = first
        self.positions: list[Position] = [parse_position(self.rules, start, "start")]
        self.texts: list[str] = []
        for k, text in enumerate(moves):
            to = parse_position(self.rules, text, f"moves.{k}")
            move = legal_move(self.rules, self.positions[-1], to)
            if move is None:
                raise FieldError(
                    "illegal_move",
                    f"moves.{k}: {self.rules.format_position(to)} cannot be reached in one move "
                    f"from {self.rules.format_position(self.positions[-1])}",
                    f"moves.{k}",
                )
            self.positions.append(move.to)
            self.texts.append(move.text)

    @property
    def position(self) -> Position:
        return self.positions[-1]

    @property
    def turn(self) -> str:
        """Who moves now."""
        return self.mover(len(self.positions) - 1)

    def mover(self, k: int) -> str:
        """Who is to move at the k-th position."""
        return self.first if k % 2 == 0 else _other(self.first)

    def over(self) -> bool:
        from nimlab.play import some_moves

        return not some_moves(self.rules, self.position, 1)

    def check_turn(self, player: str) -> None:
        if self.over():
            raise FieldError("illegal_move", "moves: the game is over", "moves")
        if self.turn != player:
            whose = "your" if self.turn == "you" else "the computer's"
            raise FieldError("illegal_move", f"moves: it is {whose} turn", "moves")

    def session(self, seed: int) -> Any:
        """A session at the current position, for the player to move now."""
        from nimlab.play import Session

        return Session(
            self.rules,
            self.position,
            first=self.turn,
            level=self.level,
            seed=seed * 1_000_003 + len(self.positions),  # reproducible, fresh for every move
            limits=jobs.config().limits(),
        )

    def push(self, to: Position, text: str) -> None:
        self.positions.append(to)
        self.texts.append(text)

    def state(self, lang: str = "en") -> dict[str, Any]:
        """The game as the page draws it, moves described in ``lang``."""
        from nimlab.play import some_moves

        g, here, fmt = self.rules, self.position, self.rules.format_position
        limit = jobs.config().max_moves
        legal: dict[str, str] = {}
        for move in some_moves(g, here, limit):
            legal.setdefault(fmt(move.to), move_text(lang, move.text))
        heaps: list[int] | None = list(here) if isinstance(g, HeapsRuleset) else None
        if isinstance(g, TakeAway):
            heaps = [here[0]]
        history = []
        for k, p in enumerate(self.positions):
            outcome, remoteness = _value(g.spec, fmt(p))
            history.append(
                {
                    "position": fmt(p),
                    "by": None if k == 0 else self.mover(k - 1),
                    "move": None if k == 0 else move_text(lang, self.texts[k - 1]),
                    "to_move": self.mover(k),
                    "outcome": outcome,
                    "remoteness": remoteness,
                }
            )
        over = not legal
        return {
            "game": g.spec,
            "start": fmt(self.positions[0]),
            "position": fmt(here),
            "moves": [fmt(p) for p in self.positions[1:]],
            "first": self.first,
            "level": self.level,
            "turn": self.turn,
            "over": over,
            "winner": _other(self.turn) if over else None,
            "play": jobs.PLAY_MODES.get(g.family, "list"),
            "heaps": heaps,
            "take_away": isinstance(g, TakeAway),
            "limit": here[1] if isinstance(g, TakeAway) else None,
            "legal": [{"to": to, "move": text} for to, text in legal.items()],
            "legal_complete": len(legal) < limit,
            "history": history,
        }


@lru_cache(maxsize=4096)
def _value(spec: str, position: str) -> tuple[str, int | None]:
    """Outcome and remoteness of a position (for the value-history chart)."""
    try:
        a = analyze(spec, position, limits=jobs.config().limits())
    except TooLarge:
        return "?", None
    return a.outcome, a.remoteness


def _reason(kind: str, remoteness: int | None, lang: str) -> str:
    from nimlab.play.session import reason

    return str(reason(kind, remoteness, lang))


def play_state(
    game: str, start: str, moves: list[str], first: str, level: str, seed: int, lang: str = "en"
) -> dict[str, Any]:
    """The game so far: position, whose turn, legal moves, and the value of every position."""
    return Game(game, start, moves, first, level).state(lang)


def _reply(g: Game, seed: int, lang: str) -> dict[str, Any] | None:
    """The computer's move, if it is the computer's turn and the game goes on."""
    if g.over() or g.turn != "computer":
        return None
    turn = g.session(seed).reply()
    g.push(turn.move.to, turn.move.text)
    return {
        "to": g.rules.format_position(turn.move.to),
        "move": move_text(lang, turn.move.text),
        "why": _reason(turn.kind, turn.remoteness, lang),
    }


def play_computer(
    game: str, start: str, moves: list[str], first: str, level: str, seed: int, lang: str = "en"
) -> dict[str, Any]:
    """The computer's move."""
    g = Game(game, start, moves, first, level)
    g.check_turn("computer")
    reply = _reply(g, seed, lang)
    return {"reply": reply, "state": g.state(lang)}


def play_move(
    game: str,
    start: str,
    moves: list[str],
    first: str,
    level: str,
    seed: int,
    lang: str = "en",
    to: str = "",
) -> dict[str, Any]:
    """Your move (a position, or typed as ``take 2 from 3``), then the computer's reply."""
    g = Game(game, start, moves, first, level)
    g.check_turn("you")
    try:
        turn = g.session(seed).play(jobs.text_field(to, "to"))
    except IllegalMove as error:
        raise FieldError(error.kind, f"to: {error}", "to") from None
    g.push(turn.move.to, turn.move.text)
    reply = _reply(g, seed, lang)
    return {"reply": reply, "state": g.state(lang)}


def play_hint(
    game: str, start: str, moves: list[str], first: str, level: str, seed: int, lang: str = "en"
) -> dict[str, Any]:
    """What perfect play would do for you now, and why."""
    g = Game(game, start, moves, first, level)
    g.check_turn("you")
    hint = g.session(seed).hint()
    move = {"to": g.rules.format_position(hint.move.to), "move": move_text(lang, hint.move.text)}
    return {
        "hint": move if hint.kind == "win" else None,
        "best": move,
        "outcome": hint.outcome,
        "why": _reason(hint.kind, hint.remoteness, lang),
        "state": g.state(lang),
    }


def play_undo(
    game: str, start: str, moves: list[str], first: str, level: str, seed: int, lang: str = "en"
) -> dict[str, Any]:
    """Take back your last move and the computer's replies to it."""
    g = Game(game, start, moves, first, level)
    mine = [k for k in range(len(g.positions) - 1) if g.mover(k) == "you"]
    if not mine:
        raise FieldError("illegal_move", "moves: nothing to undo — you have not moved yet", "moves")
    keep = moves[: mine[-1]]
    return {"state": Game(game, start, keep, first, level).state(lang)}


def play_explain(
    game: str, start: str, moves: list[str], first: str, level: str, seed: int, lang: str = "en"
) -> dict[str, Any]:
    """Why the current position is won or lost, step by step."""
    g = Game(game, start, moves, first, level)
    return {"explanation": explain(g.rules.spec, g.rules.format_position(g.position), lang)}


def explain(game: str, position: str, lang: str = "en") -> dict[str, Any]:
    """``nimlab.explain`` as JSON (``GET /api/explain``)."""
    from nimlab.explanations import explain as run_explain

    g = parse_game(game)
    pos = parse_position(g, position)
    if lang not in ("en", "ja"):
        raise FieldError("invalid_option", "lang: en or ja", "lang")
    result: dict[str, Any] = run_explain(g, pos, lang=lang, limits=jobs.config().limits()).to_dict()
    return result


PLAY_JOBS: dict[str, Callable[..., dict[str, Any]]] = {
    "play_state": play_state,
    "play_move": play_move,
    "play_computer": play_computer,
    "play_hint": play_hint,
    "play_undo": play_undo,
    "play_explain": play_explain,
    "explain": explain,
}

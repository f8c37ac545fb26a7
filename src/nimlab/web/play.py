"""Play against the computer over HTTP: a stateless adapter over :mod:`nimlab.play`.

The page keeps the game — the start position, who moved first, the level, a
seed and the positions after each move — and sends it with every request; the
server replays it into a :class:`nimlab.play.Session`, checking every move,
and the session makes the computer's move, gives a hint, checks the person's
move or takes it back. So any worker can answer any request, and a game
survives a server restart.

>>> state = play_state("nim", "1,2", [], "you", "perfect", 0)
>>> state["turn"], state["over"], [m["to"] for m in state["legal"]]
('you', False, ['0,2', '1,1', '0,1'])
>>> after = play_move("nim", "1,2", [], "you", "perfect", 0, to="1,1")
>>> after["state"]["moves"], after["state"]["turn"]
(['1,1', '0,1'], 'you')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from nimlab.errors import IllegalMove, TooLarge
from nimlab.games.base import Position, Ruleset
from nimlab.solve.engine import analyze
from nimlab.solve.results import Analysis
from nimlab.web import clock, jobs
from nimlab.web.jobs import FieldError, field, parse_game, parse_position
from nimlab.web.translate import move_text


class Game:
    """A game replayed from the request into a :class:`nimlab.play.Session`, nothing trusted.

    Every move of the history is checked with the library's ``legal_move``;
    whose turn it is, whether the game is over, who won and what undo takes
    back are the session's answers.
    """

    def __init__(
        self,
        game: str,
        start: str,
        moves: list[str],
        first: str,
        level: str,
        misere: bool = False,
    ) -> None:
        from nimlab.play import Session, Turn, legal_move

        config = jobs.config()
        if len(moves) > config.max_history:
            raise FieldError(
                "invalid_option",
                f"moves: at most {config.max_history:,} moves",
                "moves",
                ja=f"moves: {config.max_history:,} 手までです",
            )
        rules = parse_game(game)
        position = parse_position(rules, start, "start")
        with field("first" if first not in ("you", "computer") else "level"):
            self.session = Session(
                rules, position, first=first, level=level, limits=config.limits(), misere=misere
            )
        self.rules: Ruleset = self.session.game
        for k, text in enumerate(moves):
            here = self.session.position
            to = parse_position(self.rules, text, f"moves.{k}")
            move = legal_move(self.rules, here, to)
            if move is None:
                raise FieldError(
                    "illegal_move",
                    f"moves.{k}: {self.rules.format_position(to)} cannot be reached in one move "
                    f"from {self.rules.format_position(here)}",
                    f"moves.{k}",
                    ja=f"moves.{k}: {self.rules.format_position(here)} から 1 手で "
                    f"{self.rules.format_position(to)} には行けません",
                )
            self.session.turns.append(Turn(self.session.to_move, here, move))
            self.session.position = move.to

    @property
    def turn(self) -> str:
        """Who moves now: "you" or "computer"."""
        return str(self.session.to_move)

    def act(self, action: Callable[[], Any], field_name: str = "moves") -> Any:
        """``action()`` on the session, its IllegalMove reported against ``field_name``."""
        try:
            return action()
        except IllegalMove as error:
            ja = f"{field_name}: {error.ja}" if error.ja else ""
            raise FieldError(error.kind, f"{field_name}: {error}", field_name, ja=ja) from None

    def reply(self, seed: int) -> Any:
        """The computer's move; random levels draw from ``seed`` and the move number."""
        self.session.rng = random.Random(seed * 1_000_003 + len(self.session.turns))
        return self.act(self.session.reply)

    def auto(self, seed: int) -> Any:
        """A move for whoever is to move, chosen as the computer chooses at the game's level."""
        from nimlab.play import Turn
        from nimlab.play.computer import choose

        s = self.session
        if s.over:
            winner = "あなた" if s.winner == "you" else "コンピュータ"
            raise FieldError(
                "illegal_move",
                f"moves: the game is over: {s.winner} won",
                "moves",
                ja=f"moves: 対局は終わっています（{winner}の勝ち）",
            )
        if self.turn == "computer":
            return self.reply(seed)
        s.rng = random.Random(seed * 1_000_003 + len(s.turns))
        choice = choose(self.rules, s.position, s.level, s.rng, s.limits, s.misere)
        played = self.act(lambda: s.play(choice.move))
        return Turn(played.player, played.before, played.move, choice.kind, choice.remoteness)

    def state(self, lang: str = "en") -> dict[str, Any]:
        """The game as the page draws it, moves described in ``lang``."""
        s = self.session
        g, here, fmt = self.rules, s.position, self.rules.format_position
        limit = jobs.config().max_moves
        legal: dict[str, dict[str, Any]] = {}
        listed = g.some_moves(here, limit)
        values = _move_values(g.spec, fmt(here), s.misere)
        for move in listed:
            outcome, remoteness = values.get(fmt(move.to), ("", None))
            legal.setdefault(
                fmt(move.to),
                {
                    "to": fmt(move.to),
                    "move": move_text(lang, move),
                    "outcome": outcome,
                    "remoteness": remoteness,
                },
            )
        boards = [_board(g, here, lang)]
        if g.summands():
            boards = [_board(c, p, lang) for c, p in zip(g.summands(), here, strict=True)]
        history = []
        positions = [s.start, *(t.move.to for t in s.turns)]
        # The chart's values, the latest first: when the job's time runs out, the
        # oldest positions are the ones left unknown ("?").
        chart = {p: _value(g.spec, fmt(p), s.misere) for p in reversed(positions)}
        for k, p in enumerate(positions):
            outcome, remoteness = chart[p]
            turn = s.turns[k - 1] if k else None
            history.append(
                {
                    "position": fmt(p),
                    "by": turn.player if turn else None,
                    "move": move_text(lang, turn.move) if turn else None,
                    "to_move": s.turns[k].player if k < len(s.turns) else s.to_move,
                    "outcome": outcome,
                    "remoteness": remoteness,
                }
            )
        return {
            "game": g.spec,
            "start": fmt(s.start),
            "position": fmt(here),
            "moves": [fmt(t.move.to) for t in s.turns],
            "first": s.first,
            "level": s.level,
            "turn": s.to_move,
            "over": not legal,
            "winner": s.winner,
            "misere": s.misere,
            "play": jobs.PLAY_MODES.get(g.family, "list"),
            "heaps": boards[0]["heaps"] if not g.summands() else None,
            "take_away": boards[0]["take_away"] and not g.summands(),
            "limit": boards[0]["limit"] if not g.summands() else None,
            "boards": boards,
            "legal": list(legal.values()),
            "legal_complete": len(legal) < limit,
            "history": history,
            "rules": rules(g, lang),
        }


def rules(game: Ruleset, lang: str = "en") -> list[dict[str, str]]:
    """The rules of the game (of each game of a sum), from the registry, in ``lang``.

    >>> [r["family"] for r in rules(parse_game("nim + kayles"))]
    ['nim', 'octal']
    >>> [r["title"] for r in rules(parse_game("kayles + dawson-kayles + octal:0.6"))]
    ['Kayles', "Dawson's Kayles", 'Octal games']
    >>> rules(parse_game("wythoff"), "ja")[0]["title"]
    'ワイトホフのゲーム'
    """
    from nimlab.registry import family_of
    from nimlab.registry import named as named_game
    from nimlab.web.translate import family_text, game_title, named_text

    found: dict[str, dict[str, str]] = {}
    for part in game.summands() or (game,):
        family = family_of(part)  # subtraction:squares has its own entry
        known = named_game(part)  # Kayles in its own words, not as a code
        named = None if known is None else named_text(lang, *known)
        key = part.spec if named else family.name if family else ""
        if family is None or key in found:
            continue
        rule, strategy = family_text(lang, family.name, family.rule, family.strategy)
        found[key] = {
            "family": family.name,
            "game": part.spec,
            "title": game_title(lang, family.name, known),
            "rule": rule,
            "strategy": strategy,
        }
        if named is not None:  # the game's own words, before its family's code rule
            found[key]["about"] = named[1]
    return list(found.values())


def _board(game: Ruleset, position: Position, lang: str = "en") -> dict[str, Any]:
    """How the page draws one game (or one component of a sum) and moves in it by clicking.

    ``cuts``: how many times one move may cut one heap (the last heap of
    ``delete-nim:all-but-one`` is split into n); ``split``: a gap between stones
    splits the heap without taking any (an octal game whose d0 is 4); ``how``: what
    clicking does, where the game's rules make it more than the mode says.
    """
    from nimlab.web.translate import octal_help

    caps = game.capabilities
    heaps: list[int] | None = list(position) if caps.shape in ("heap", "heaps") else None
    take_away = caps.take_away_multiplier is not None
    if take_away:
        heaps = [position[0]]
    play = jobs.PLAY_MODES.get(game.family, "list") if heaps is not None else "list"
    all_but_one = game.spec == "delete-nim:all-but-one"
    kernel = caps.one_heap  # an octal code's digits, d0 first, as its kernel declares them
    octal = kernel is not None and game.family in ("octal", "take-and-break") and play == "knock"
    digits = kernel.digits if kernel is not None and octal else None
    return {
        "game": game.spec,
        "position": game.format_position(position),
        "play": play,
        "heaps": heaps,
        "take_away": take_away,
        "limit": position[1] if take_away else None,
        "multiplier": caps.take_away_multiplier,
        "cuts": max(len(position) - 1, 1) if all_but_one else 1,
        "split": digits is not None and bool(digits[0] & 4),
        "how": octal_help(lang, digits) if digits is not None else "",
    }


@clock.kept_in_time(4096, late=None)
def _analysis(spec: str, position: str, misere: bool = False) -> Analysis | None:
    """The analysis of a position (None: over the limits, or out of the job's time),
    shared by the chart and the moves."""
    try:
        return analyze(spec, position, misere=misere, limits=jobs.config().limits())
    except TooLarge:
        return None


def _value(spec: str, position: str, misere: bool = False) -> tuple[str, int | None]:
    """Outcome and remoteness of a position (for the value-history chart)."""
    a = _analysis(spec, position, misere)
    return ("?", None) if a is None else (a.outcome, a.remoteness)


@clock.kept_in_time(1024, late={})
def _move_values(spec: str, position: str, misere: bool) -> dict[str, tuple[str, int | None]]:
    """The value of each listed move from ``position`` for the mover, by where it goes."""
    from nimlab.play.values import move_values

    analysis = _analysis(spec, position, misere)
    if analysis is None:
        return {}
    g = parse_game(spec)
    here = g.parse_position(position)
    listed = g.some_moves(here, jobs.config().max_moves)
    limits = jobs.config().limits()
    return {
        g.format_position(m.to): (v.outcome, v.remoteness)
        for m, v in move_values(g, here, listed, misere, limits, analysis)
    }


def _reason(kind: str, remoteness: int | None, lang: str) -> str:
    from nimlab.play.session import reason

    return str(reason(kind, remoteness, lang))


def play_state(
    game: str,
    start: str,
    moves: list[str],
    first: str,
    level: str,
    seed: int,
    lang: str = "en",
    misere: bool = False,
) -> dict[str, Any]:
    """The game so far: position, whose turn, legal moves, and the value of every position.

    A new game (no moves yet) is refused when the computer could not analyse its position
    within the server's limits: it would fail at its first move or hint. (A position
    without a move is a game over before it begins; the page says so.)
    """
    g = Game(game, start, moves, first, level, misere)
    if not moves:
        _check_playable(g)
    return g.state(lang)


def _check_playable(g: Game) -> None:
    s = g.session
    here = g.rules.format_position(s.start)
    shown = here or "∅"
    if s.level != "random" and _analysis(g.rules.spec, here, s.misere) is None:
        raise FieldError(
            "too_large",
            f"start: {shown} is too big for the computer to play perfectly on this server; "
            "choose smaller heaps, or the level random",
            "start",
            ja=f"start: {shown} は大きすぎて、このサーバーではコンピュータが最善手を"
            "計算できません。小さい山にするか、レベルをランダムにしてください",
        )


def _reply(g: Game, seed: int, lang: str, auto: bool = False) -> dict[str, Any]:
    """The computer's move (with ``auto``, for either side), in ``lang`` with its reason."""
    turn = g.auto(seed) if auto else g.reply(seed)
    return {
        "to": g.rules.format_position(turn.move.to),
        "move": move_text(lang, turn.move),
        "why": _reason(turn.kind, turn.remoteness, lang),
    }


def play_computer(
    game: str,
    start: str,
    moves: list[str],
    first: str,
    level: str,
    seed: int,
    lang: str = "en",
    misere: bool = False,
) -> dict[str, Any]:
    """The computer's move."""
    g = Game(game, start, moves, first, level, misere)
    reply = _reply(g, seed, lang)
    return {"reply": reply, "state": g.state(lang)}


def play_auto(
    game: str,
    start: str,
    moves: list[str],
    first: str,
    level: str,
    seed: int,
    lang: str = "en",
    misere: bool = False,
) -> dict[str, Any]:
    """One move for whoever is to move, chosen at ``level`` (computer against computer)."""
    g = Game(game, start, moves, first, level, misere)
    reply = _reply(g, seed, lang, auto=True)
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
    misere: bool = False,
) -> dict[str, Any]:
    """Your move (a position, or typed as ``take 2 from 3``), then the computer's reply."""
    g = Game(game, start, moves, first, level, misere)
    typed = jobs.text_field(to, "to")
    blame = "to" if g.turn == "you" and not g.session.over else "moves"  # the move, or the game
    try:
        g.act(lambda: g.session.play(typed), blame)
    except FieldError as error:
        if blame != "to" or error.kind != "illegal_move":
            raise
        raise _not_a_move(g, typed) or error from None
    reply = None if g.session.over else _reply(g, seed, lang)
    return {"reply": reply, "state": g.state(lang)}


def _not_a_move(g: Game, typed: str) -> FieldError | None:
    """A clicked target no move reaches, said for the page: what the rules allow here (the
    command line's message lists moves to type by number). None if ``typed`` is no position.
    """
    here = g.session.position
    try:
        to = g.rules.parse_position(typed)
    except ValueError:
        return None
    at, there = g.rules.format_position(here), g.rules.format_position(to)
    why = {}
    for lang in ("en", "ja"):
        found = rules(g.rules, lang)  # a sum's rules are several: none is said
        why[lang] = (found[0].get("about") or found[0]["rule"]) if len(found) == 1 else ""
    if g.rules.capabilities.take_away_multiplier is not None and not g.rules.summands():
        first = not g.session.turns  # the fresh game's own rule: anything but all
        why = {
            "en": f"you may take 1 to {here[1]} stones now" + (f" ({why['en']})" if first else ""),
            "ja": f"今は 1〜{here[1]} 個取れます" + (f"({why['ja']})" if first else ""),
        }
    en = f"to: {there} cannot be reached in one move from {at}"
    ja = f"to: {at} から 1 手で {there} には行けません"
    return FieldError(
        "illegal_move",
        en + (f"; the rule: {why['en']}" if why["en"] else ""),
        "to",
        ja=ja + (f"。ルール: {why['ja']}" if why["ja"] else ""),
    )


def play_hint(
    game: str,
    start: str,
    moves: list[str],
    first: str,
    level: str,
    seed: int,
    lang: str = "en",
    misere: bool = False,
) -> dict[str, Any]:
    """What perfect play would do for you now, and why."""
    g = Game(game, start, moves, first, level, misere)
    if g.turn != "you" and not g.session.over:
        raise FieldError(
            "illegal_move",
            "moves: it is the computer's turn",
            "moves",
            ja="moves: コンピュータの手番です",
        )
    hint = g.act(g.session.hint)
    move = {"to": g.rules.format_position(hint.move.to), "move": move_text(lang, hint.move)}
    return {
        "hint": move if hint.kind == "win" else None,
        "best": move,
        "outcome": hint.outcome,
        "why": _reason(hint.kind, hint.remoteness, lang),
        "state": g.state(lang),
    }


def play_undo(
    game: str,
    start: str,
    moves: list[str],
    first: str,
    level: str,
    seed: int,
    lang: str = "en",
    misere: bool = False,
) -> dict[str, Any]:
    """Take back your last move and the computer's replies to it."""
    g = Game(game, start, moves, first, level, misere)
    g.act(g.session.undo)
    return {"state": g.state(lang)}


def play_explain(
    game: str,
    start: str,
    moves: list[str],
    first: str,
    level: str,
    seed: int,
    lang: str = "en",
    misere: bool = False,
) -> dict[str, Any]:
    """Why the current position is won or lost, step by step."""
    g = Game(game, start, moves, first, level, misere)
    here = g.rules.format_position(g.session.position)
    return {"explanation": explain(g.rules.spec, here, lang, misere)}


def explain(game: str, position: str, lang: str = "en", misere: bool = False) -> dict[str, Any]:
    """``nimlab.explain`` as JSON (``GET /api/explain``)."""
    from nimlab.explanations import explain as run_explain

    g = parse_game(game)
    pos = parse_position(g, position)
    if lang not in ("en", "ja"):
        raise FieldError("invalid_option", "lang: en or ja", "lang", ja="lang: en か ja です")
    limits = jobs.config().limits()
    result: dict[str, Any] = run_explain(g, pos, lang=lang, misere=misere, limits=limits).to_dict()
    return result


PLAY_JOBS: dict[str, Callable[..., dict[str, Any]]] = {
    "play_state": play_state,
    "play_move": play_move,
    "play_computer": play_computer,
    "play_auto": play_auto,
    "play_hint": play_hint,
    "play_undo": play_undo,
    "play_explain": play_explain,
    "explain": explain,
}

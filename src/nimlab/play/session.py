"""A game between a person ("you") and the computer, as a value any front end can drive.

>>> s = Session("nim", "1,2", first="you", level="perfect")
>>> s.play("take 1 from 2").move.to, s.to_move
((1, 1), 'computer')
>>> s.reply().move.to, s.to_move
((0, 1), 'you')
>>> s.undo()[0].player, s.position
('computer', (1, 2))
>>> [t.player for t in s.redo()], s.position
(['you', 'computer'], (0, 1))
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from nimlab.checks import check_flag, check_int
from nimlab.errors import IllegalMove, InvalidOption
from nimlab.games.base import Move, Position, Ruleset
from nimlab.limits import Limits, check_limits
from nimlab.play.computer import Choice, check_level, choose, perfect
from nimlab.play.moves import LISTED, find_move
from nimlab.registry import game as as_game
from nimlab.text import quoted, shorten

PLAYERS = ("you", "computer")


@dataclass(frozen=True)
class Turn:
    """One move of the game: who made it, from where, and (for the computer) why."""

    player: str
    before: Position
    move: Move
    kind: str = ""
    remoteness: int | None = None


def reason(kind: str, remoteness: int | None, lang: str = "en") -> str:
    """Why a move was chosen, in words."""
    from nimlab.explanations.words import say

    if kind == "win":
        if remoteness == 0:  # the last move: there is no reply to answer
            return say(
                lang,
                "it leads to a P-position: the opponent has no move left (and the game ends there)",
                "後手必勝の局面に移す手である。相手はもう動けない（これで終局）",
            )
        text = say(
            lang,
            "it leads to a P-position: whatever the reply, another move back to a P-position "
            "exists",
            "後手必勝の局面に移す手である。相手がどう取っても、また後手必勝の局面に戻せる",
        )
        if remoteness == 1:
            text += say(lang, " (the game ends in 1 more move)", "（あと 1 手で終わる）")
        elif remoteness is not None:
            text += say(
                lang, " (the game ends in {r} more moves)", "（あと {r} 手で終わる）", r=remoteness
            )
        return text
    if kind == "delay":
        if remoteness is None:  # no remoteness was computed: nothing is known to last longest
            return say(
                lang,
                "every move loses against perfect play; the position is too big to search how "
                "long each move holds out, so this is simply one of them",
                "どの手も最善の相手には負ける。局面が大きすぎてどの手が最も長く粘れるかは"
                "計算していないので、その中の1手を選んだ",
            )
        if remoteness == 0:  # misère: every move ends the game, and loses
            return say(
                lang,
                "every move loses against perfect play; this one ends the game at once",
                "どの手も最善の相手には負ける。この手で対局は終わる",
            )
        more = "1 more move" if remoteness == 1 else f"{remoteness} more moves"
        return say(
            lang,
            "every move loses against perfect play; this one lasts longest ({more})",
            "どの手も最善の相手には負ける。その中でこの手が最も長く粘れる（あと {r} 手）",
            more=more,
            r=remoteness,
        )
    return say(lang, "a move chosen at random", "ランダムに選んだ手")


@dataclass(frozen=True)
class Hint:
    """What perfect play would do for you now."""

    outcome: str
    move: Move
    kind: str
    remoteness: int | None

    def to_dict(self, game: Ruleset) -> dict[str, Any]:
        return {
            "outcome": self.outcome,
            "move": {"to": game.format_position(self.move.to), "move": self.move.text},
            "reason": reason(self.kind, self.remoteness),
            "remoteness": self.remoteness,
        }


class Session:
    """You against the computer at ``level``, from ``position``; ``first`` moves first."""

    def __init__(
        self,
        game: str | Ruleset,
        position: str | Iterable[Any],
        *,
        first: str = "you",
        level: str = "perfect",
        seed: int | None = None,
        limits: Limits | None = None,
        misere: bool = False,
    ) -> None:
        if first not in PLAYERS:
            raise InvalidOption(
                f"unknown first player {first!r}; accepted: you, computer",
                ja=f"先手 {first!r} は不明です。you か computer を指定してください",
            )
        self.game = as_game(game)
        self.start: Position = self.game.position(position)
        self.position = self.start
        self.first = first
        self.level = check_level(level)
        self.limits = check_limits(limits)
        self.turns: list[Turn] = []
        self.undone: list[Turn] = []
        """Turns taken back by :meth:`undo`, the next to redo last."""
        self.rng = random.Random(seed)
        self.misere = check_flag(misere, "misere")
        """Misère play: the player who cannot move wins (who makes the last move loses)."""

    @property
    def to_move(self) -> str:
        """Who moves now: "you" or "computer"."""
        return PLAYERS[(PLAYERS.index(self.first) + len(self.turns)) % 2]

    @property
    def over(self) -> bool:
        """True when the player to move has no move (and so has lost, or won under misère)."""
        return not self.game.some_moves(self.position, 1)

    @property
    def winner(self) -> str | None:
        """Once the game is over: who made the last move (misère: who could not move)."""
        if not self.over:
            return None
        last_mover = "computer" if self.to_move == "you" else "you"
        if self.misere:
            return self.to_move
        return last_mover

    def legal_moves(self, limit: int | None = None) -> list[Move]:
        """Up to ``limit`` legal moves, in the order ``#N`` refers to (at most the state
        limit: each is a position); by default the first :data:`LISTED`, or fewer under a
        lower state limit."""
        if limit is None:
            limit = min(LISTED, self.limits.max_states)
        limit = check_int(limit, "limit", most=self.limits.max_states)
        return self.game.some_moves(self.position, limit)

    def play(self, typed: str | Move) -> Turn:
        """Your move, typed as text (see :mod:`nimlab.play.moves`) or given as a Move."""
        self._check_turn("you")
        given: object = typed  # from a notebook, anything at all
        if isinstance(given, str):
            move = find_move(self.game, self.position, given, self.legal_moves())
        else:  # a move as the game gives it: what counts is the position it reaches
            to = getattr(given, "to", None)
            if not isinstance(to, tuple):
                shown = shorten(quoted(given))
                raise InvalidOption(
                    f"a move is text such as 'take 2 from 5' or '1,4,5' (or a Move), got {shown}",
                    ja=f"手は 'take 2 from 5' や '1,4,5' のような文字列（または Move）です"
                    f"（{shown} が与えられた）",
                )
            move = find_move(self.game, self.position, self.game.format_position(to))
        self.undone.clear()  # a new move forgets what was undone
        return self._apply(Turn("you", self.position, move))

    def reply(self) -> Turn:
        """The computer's move."""
        self._check_turn("computer")
        choice = choose(self.game, self.position, self.level, self.rng, self.limits, self.misere)
        return self._apply(
            Turn("computer", self.position, choice.move, choice.kind, choice.remoteness)
        )

    def hint(self) -> Hint:
        """The move perfect play would make for you now."""
        if self.over:
            raise IllegalMove(
                "the game is over; there is no move to hint",
                ja="ゲームは終わっています。ヒントの手はありません",
            )
        from nimlab.solve.engine import analyze

        analysis = analyze(
            self.game, self.position, misere=self.misere, limits=self.limits, optional=False
        )
        outcome = analysis.outcome
        choice: Choice = perfect(self.game, self.position, self.limits, self.misere)
        return Hint(outcome, choice.move, choice.kind, choice.remoteness)

    def why(self, lang: str = "en") -> str:
        """Why the computer made its last move."""
        last = next((t for t in reversed(self.turns) if t.player == "computer"), None)
        if last is None:
            raise IllegalMove(
                "the computer has not moved yet", ja="コンピュータはまだ手を指していません"
            )
        return f"{last.move.words(lang)}: {reason(last.kind, last.remoteness, lang)}"

    def undo(self) -> list[Turn]:
        """Take back your last move and the computer's replies to it; returns the undone turns."""
        mine = [i for i, t in enumerate(self.turns) if t.player == "you"]
        if not mine:
            raise IllegalMove(
                "nothing to undo: you have not moved yet",
                ja="戻す手がありません。あなたはまだ指していません",
            )
        undone = self.turns[mine[-1] :]
        del self.turns[mine[-1] :]
        self.position = undone[0].before
        self.undone.extend(reversed(undone))
        return list(reversed(undone))

    def redo(self) -> list[Turn]:
        """Play again the moves the last :meth:`undo` took back; returns the redone turns."""
        if not self.undone:
            raise IllegalMove(
                "nothing to redo: no move was undone since the last move",
                ja="やり直す手がありません。最後の手の後に待ったをしていません",
            )
        redone = [self.undone.pop()]
        while self.undone and self.undone[-1].player == "computer":
            redone.append(self.undone.pop())
        for turn in redone:
            self._apply(turn)
        return redone

    def _check_turn(self, player: str) -> None:
        if self.over:
            ja = "あなた" if self.winner == "you" else "コンピュータ"
            raise IllegalMove(
                f"the game is over: {self.winner} won", ja=f"ゲームは終わりました。{ja}の勝ちです"
            )
        if self.to_move != player:
            raise IllegalMove(
                "it is your turn" if self.to_move == "you" else "it is the computer's turn",
                ja="あなたの番です" if self.to_move == "you" else "コンピュータの番です",
            )

    def _apply(self, turn: Turn) -> Turn:
        self.turns.append(turn)
        self.position = turn.move.to
        return turn

    def to_dict(self) -> dict[str, Any]:
        g = self.game
        return {
            "game": g.spec,
            "start": g.format_position(self.start),
            "position": g.format_position(self.position),
            "first": self.first,
            "level": self.level,
            "misere": self.misere,
            "to_move": self.to_move,
            "over": self.over,
            "winner": self.winner,
            "history": [
                {
                    "player": t.player,
                    "from": g.format_position(t.before),
                    "to": g.format_position(t.move.to),
                    "move": t.move.text,
                }
                for t in self.turns
            ],
        }

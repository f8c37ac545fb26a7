"""``nimlab play``: the terminal adapter over :class:`nimlab.play.Session`.

On a terminal it uses rich for colour and prompts; with piped input it reads one
command per line and prints plain lines (``--json``: one JSON object per
event), so a whole game can be driven by a script. Commands: a move, ``moves``,
``hint``, ``undo``, ``explain``, ``why`` (the computer explains its last move),
``help``, ``quit``. An illegal move is refused with the legal moves described,
and the game goes on.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from nimlab.cli.commands import emit_json, limits_of
from nimlab.cli.flags import FLAGS
from nimlab.errors import IllegalMove, NimlabError

HELP = {
    "en": "Type a move — the position it leads to (e.g. {example}), `take K from H`, `take K`, "
    "or #N from `moves` — or a command: moves, hint, undo, explain, why, help, quit.",
    "ja": "手を入力: 移った後の局面（例 {example}）、`take K from H`、`take K`、`moves` の番号 #N。"
    "コマンド: moves（合法手）, hint（ヒント）, undo（待った）, explain（解説）, "
    "why（コンピュータの手の理由）, help, quit。",
}


class Terminal:
    """Where the game is shown and commands come from: rich on a TTY, plain lines otherwise."""

    def __init__(self, out: TextIO, as_json: bool) -> None:
        self.out = out
        self.as_json = as_json
        self.rich: Any = None
        if not as_json and sys.stdin.isatty() and out is sys.stdout and out.isatty():
            from rich.console import Console

            self.rich = Console()

    def show(self, event: str, text: str, **data: Any) -> None:
        if self.as_json:
            emit_json(self.out, {"event": event, "text": text, **data})
        elif self.rich is not None:
            style = {"error": "red", "computer": "cyan", "end": "bold", "hint": "green"}.get(event)
            self.rich.print(text, style=style, highlight=False, markup=False)
        else:
            self.out.write(text + "\n")
            self.out.flush()

    def lines(self, prompt: Callable[[], str]) -> Iterator[str]:
        while True:
            if self.rich is not None:
                from rich.prompt import Prompt

                try:
                    yield Prompt.ask(prompt(), console=self.rich)
                except EOFError:
                    return
                continue
            line = sys.stdin.readline()
            if not line:
                return
            yield line.strip()


def run(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.play import Session

    session = Session(
        args.game,
        args.position,
        first=args.first,
        level=args.level,
        seed=args.seed,
        limits=limits_of(args),
        misere=args.misere,
    )
    term = Terminal(out, args.json)
    lang = args.lang
    g = session.game
    term.show(
        "start",
        _say(
            lang,
            "{game} from {pos}: {who} first, computer level {level}.",
            "{game}、局面 {pos}: {who}が先手、コンピュータのレベル {level}。",
            game=g.spec,
            pos=g.format_position(session.position),
            level=session.level,
            who=_who(session.first, lang),
        ),
        state=session.to_dict(),
    )
    term.show("help", HELP[lang].format(example=_example(session)))
    commands = _commands(session, term, lang)
    lines = term.lines(
        lambda: _say(
            lang, "{pos} — your move", "{pos} — あなたの手", pos=g.format_position(session.position)
        )
    )
    while not session.over:
        if session.to_move == "computer":
            _show_turn(term, session, session.reply(), lang)
            continue
        if term.rich is None and not term.as_json:
            term.show(
                "prompt",
                _say(
                    lang,
                    "position {pos}; your move:",
                    "局面 {pos}。あなたの手:",
                    pos=g.format_position(session.position),
                ),
            )
        line = next(lines, None)
        if line is None or line.lower() in ("quit", "exit", "q"):
            term.show(
                "end",
                _say(lang, "Game abandoned.", "ゲームを中断しました。"),
                state=session.to_dict(),
            )
            return 0
        if not line:
            continue
        action = commands.get(line.lower())
        try:
            if action is not None:
                action()
                continue
            _show_turn(term, session, session.play(line), lang)
        except IllegalMove as error:
            term.show("error", error.render(FLAGS))
        except NimlabError as error:
            term.show("error", error.render(FLAGS))
    winner = session.winner
    stuck = session.to_move  # the player with no move left
    if not session.misere:
        text = (
            _say(
                lang,
                "No move is left for the computer: you win!",
                "コンピュータは動けません。あなたの勝ち！",
            )
            if winner == "you"
            else _say(
                lang,
                "No move is left for you: the computer wins.",
                "あなたは動けません。コンピュータの勝ち。",
            )
        )
    elif stuck == "you":
        text = _say(
            lang,
            "No move is left for you: under misère play the computer made the last move and "
            "loses. You win!",
            "あなたは動けません。ミゼールでは最後に取ったコンピュータの負け。あなたの勝ち！",
        )
    else:
        text = _say(
            lang,
            "No move is left for the computer: under misère play you made the last move and "
            "lose. The computer wins.",
            "コンピュータは動けません。ミゼールでは最後に取ったあなたの負け。コンピュータの勝ち。",
        )
    term.show("end", text, winner=winner, state=session.to_dict())
    return 0


def _show_turn(term: Terminal, session: Any, turn: Any, lang: str) -> None:
    """One move, as ``you: take 2 from the heap of 3 → 1,4,5``."""
    computer = turn.player == "computer"
    who = _say(lang, "computer", "コンピュータ") if computer else _say(lang, "you", "あなた")
    to = session.game.format_position(turn.move.to)
    text = f"{who}: {_move_words(turn.move, lang)} → {to}"
    term.show("computer" if computer else "move", text, state=session.to_dict())


def _commands(session: Any, term: Terminal, lang: str) -> dict[str, Callable[[], None]]:
    g = session.game

    def moves() -> None:
        listed = session.legal_moves()
        lines = [
            f"#{i + 1} {_move_words(m, lang)} → {g.format_position(m.to)}"
            for i, m in enumerate(listed)
        ]
        term.show("moves", "\n".join(lines) + "\n" + session.describe_moves(), moves=len(listed))

    def hint() -> None:
        from nimlab.play.session import reason

        h = session.hint()
        term.show(
            "hint",
            _say(
                lang,
                "hint: {move} → {pos} ({why})",
                "ヒント: {move} → {pos}（{why}）",
                move=_move_words(h.move, lang),
                pos=g.format_position(h.move.to),
                why=reason(h.kind, h.remoteness, lang),
            ),
            hint=h.to_dict(g),
        )

    def undo() -> None:
        undone = session.undo()
        term.show(
            "undo",
            _say(
                lang,
                "undone {k} move(s); position {pos}",
                "{k} 手戻しました。局面 {pos}",
                k=len(undone),
                pos=g.format_position(session.position),
            ),
            state=session.to_dict(),
        )

    def explain() -> None:
        from nimlab.explanations import explain as run

        e = run(g, session.position, lang=lang, limits=session.limits)
        term.show("explain", e.text(), explanation=e.to_dict())

    def why() -> None:
        from nimlab.explanations import explain as run

        text = session.why(lang)  # refuses before the computer has moved
        last = next(t for t in reversed(session.turns) if t.player == "computer")
        e = run(g, last.move.to, lang=lang, limits=session.limits)
        term.show("why", f"{text}\n{e.text()}", explanation=e.to_dict())

    def help_() -> None:
        term.show("help", HELP[lang].format(example=_example(session)))

    return {
        "moves": moves,
        "hint": hint,
        "undo": undo,
        "explain": explain,
        "why": why,
        "help": help_,
    }


def _example(session: Any) -> str:
    listed = session.legal_moves(1)
    return session.game.format_position(listed[0].to) if listed else "-"


def _who(player: str, lang: str) -> str:
    if lang == "ja":
        return "あなた" if player == "you" else "コンピュータ"
    return "you move" if player == "you" else "the computer moves"


def _say(lang: str, en: str, ja: str, **values: object) -> str:
    from nimlab.explanations.words import say

    return say(lang, en, ja, **values)


def _move_words(move: Any, lang: str) -> str:
    from nimlab.games.wording import render_move

    return render_move(move, lang)

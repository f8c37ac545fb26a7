"""``nimlab play``: the terminal adapter over :class:`nimlab.play.Session`.

On a terminal it uses rich for colour, draws the heaps as rows of stones
(:mod:`nimlab.play.board`), edits lines with readline (arrow keys, history)
where Python has it, and offers another game at the end. With piped input it
reads one command per line and prints plain lines (``--json``: one JSON object
per event, one game), so a whole game can be driven by a script. Commands: a
move, ``moves``, ``hint``, ``undo``, ``redo``, ``explain``, ``why`` (the
computer explains its last move), ``help``, ``quit`` (and their Japanese
words, :data:`ALIASES`). An illegal move is refused with the legal moves
described, and the game goes on. Every line speaks ``--lang``
(:mod:`nimlab.messages`).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from nimlab.cli.commands import emit_json, limits_of
from nimlab.cli.flags import FLAGS
from nimlab.cli.options import language
from nimlab.errors import InvalidOption, NimlabError
from nimlab.messages import say
from nimlab.play.moves import LISTED, rule, syntax

ANSWERS_YES = ("y", "yes", "はい", "うん")
"""Answers to "play again?" that start a new game; anything else (or end of input) stops."""

ALIASES = {
    "手": "moves",
    "合法手": "moves",
    "ヒント": "hint",
    "待った": "undo",
    "戻す": "undo",
    "やり直し": "redo",
    "解説": "explain",
    "なぜ": "why",
    "ヘルプ": "help",
    "やめる": "quit",
    "終了": "quit",
    "exit": "quit",
    "q": "quit",
}
"""Other words for the commands (Japanese ones among them)."""

THINKING_AFTER = 0.3
"""Seconds the computer works before a terminal shows that it is thinking."""


class Terminal:
    """Where the game is shown and lines come from.

    On a terminal: rich for colour and the line editor of ``input`` (readline:
    arrow keys, history) where Python has it. Otherwise plain lines in and out
    (``--json``: one JSON object per event), so a script can drive a game.
    """

    def __init__(self, out: TextIO, as_json: bool) -> None:
        self.out = out
        self.as_json = as_json
        self.rich: Any = None
        if sys.stdin is None or sys.stdin.closed:  # `<&-` left none: a traceback (audit)
            raise InvalidOption(
                "play reads your moves from standard input, which is closed; run it on a "
                "terminal or pipe the moves into it",
                ja="play は手を標準入力から読みますが、標準入力が閉じています。端末で実行するか、"
                "手をパイプで渡してください",
            )
        if not as_json and sys.stdin.isatty() and out is sys.stdout and out.isatty():
            from rich.console import Console

            self.rich = Console(soft_wrap=True)
            with contextlib.suppress(ImportError):  # without readline input() still reads lines
                import readline  # noqa: F401  # input() then edits lines and keeps a history

    @property
    def width(self) -> int:
        """Columns to draw in: the terminal's, or 80 when output is not a terminal."""
        return self.rich.width if self.rich is not None else 80

    def show(self, event: str, text: str, **data: Any) -> None:
        if self.as_json:
            emit_json(self.out, {"event": event, "text": text, **data})
        elif self.rich is not None:
            style = {"error": "red", "computer": "cyan", "end": "bold", "hint": "green"}.get(event)
            self.rich.print(text, style=style, highlight=False, markup=False)
        else:
            self.out.write(text + "\n")
            self.out.flush()

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        """While the body runs longer than :data:`THINKING_AFTER`, a terminal shows ``text``
        beside a spinner, wiped when it ends (piped or JSON output: nothing)."""
        if self.rich is None:
            yield
            return
        status = self.rich.status(text, spinner="dots")
        timer = threading.Timer(THINKING_AFTER, status.start)
        timer.start()
        try:
            yield
        finally:
            timer.cancel()
            timer.join()  # a start already under way ends before the stop
            status.stop()

    def ask(self, prompt: str, line: str) -> str | None:
        """The next line typed, or None at the end of input.

        On a terminal ``prompt`` is the line editor's prompt; otherwise ``line``
        (when not empty) is printed before reading, as an event of its own.
        """
        if self.rich is not None:
            try:
                return input(prompt).strip()
            except EOFError:  # Ctrl-D: what follows starts on a line of its own
                self.out.write("\n")
                return None
        if line and not self.as_json:
            self.show("prompt", line)
        text = sys.stdin.readline()
        return text.strip() if text else None


def run(args: argparse.Namespace, out: TextIO) -> int:
    from nimlab.play import Session

    lang = language(args)
    term = Terminal(out, args.json)
    while True:
        session = Session(
            args.game,
            args.position,
            first=args.first,
            level=args.level,
            seed=args.seed,
            limits=limits_of(args),
            misere=args.misere,
        )
        _check_playable(session)
        if not _game(session, term, lang) or args.json:
            return 0
        again = term.ask(say("play.again", lang), say("play.again", lang).strip())
        if again is None or again.lower() not in ANSWERS_YES:
            term.show("bye", say("play.bye", lang))
            return 0


def _check_playable(session: Any) -> None:
    """Refuse a game the computer could not play perfectly within the limits before it
    begins (it would be refused at its first move or hint instead)."""
    from nimlab.errors import TooLarge
    from nimlab.solve.engine import analyze

    if session.level == "random":
        return
    g = session.game
    try:
        analyze(g, session.position, misere=session.misere, limits=session.limits, optional=False)
    except TooLarge as error:
        pos = g.format_position(session.position)
        raise TooLarge(
            f"{g.spec} at {pos} is too big for the computer to play perfectly: {error.reason}",
            error.limit,
            "or play it at --level random",
            ja=f"{g.spec} の {pos} はコンピュータが最善手を計算するには大きすぎます: "
            f"{error.ja or error.reason}",
            note_ja="または --level random で対戦してください",
        ) from None


def _game(session: Any, term: Terminal, lang: str) -> bool:
    """Play one game; True when it was played to the end, False when abandoned."""
    g = session.game
    first = "play.first_you" if session.first == "you" else "play.first_computer"
    start = say(
        "play.start",
        lang,
        game=g.spec,
        pos=_shown(g, session.position, lang),
        level=say(f"play.level_{session.level}", lang),
        who=say(first, lang),
    )
    if session.misere:
        start += " " + say("play.misere_start", lang)
    term.show("start", start, state=session.to_dict())
    term.show("help", _help(session, term, lang))
    commands = _commands(session, term, lang)
    drawn = None  # the position last drawn: heaps are drawn again only when they changed
    while not session.over:
        if session.to_move == "computer":
            with term.thinking(say("play.thinking", lang)):
                turn = session.reply()
            _show_turn(term, session, turn, lang)
            continue
        if session.position != drawn:
            _show_board(term, session, lang)
            drawn = session.position
        pos = g.format_position(session.position)
        line = term.ask(say("play.prompt", lang, pos=pos), say("play.prompt_line", lang, pos=pos))
        name = None if line is None else ALIASES.get(line.lower(), line.lower())
        if line is None or name == "quit":
            term.show("end", say("play.abandoned", lang), state=session.to_dict())
            return False
        if not line:
            continue
        action = commands.get(name or "")
        try:
            if action is not None:
                action()
                continue
            _show_turn(term, session, session.play(line), lang)
        except NimlabError as error:
            term.show("error", error.render(FLAGS, lang), kind=error.kind)
    _show_board(term, session, lang)
    term.show("end", say(_ending(session), lang), winner=session.winner, state=session.to_dict())
    return True


def _ending(session: Any) -> str:
    """The key of the message that ends the game."""
    if not session.misere:
        return "play.you_win" if session.winner == "you" else "play.computer_wins"
    stuck = session.to_move  # the player with no move left wins a misère game
    if not session.turns:  # nobody moved: no "last move" to lose by
        return "play.misere_no_move_you" if stuck == "you" else "play.misere_no_move_computer"
    return "play.misere_you_win" if stuck == "you" else "play.misere_computer_wins"


def _show_board(term: Terminal, session: Any, lang: str) -> None:
    if term.as_json:
        return
    from nimlab.play.board import draw

    term.show("board", "\n".join(draw(session.game, session.position, term.width, lang)))


def _show_turn(term: Terminal, session: Any, turn: Any, lang: str) -> None:
    """One move, as ``you: take 2 from the heap of 3 → 1,4,5``."""
    computer = turn.player == "computer"
    who = say("play.computer" if computer else "play.you", lang)
    to = _shown(session.game, turn.move.to, lang)
    text = f"{who}: {_move_words(turn.move, lang)} → {to}"
    term.show("computer" if computer else "move", text, state=session.to_dict())


def _commands(session: Any, term: Terminal, lang: str) -> dict[str, Callable[[], None]]:
    g = session.game

    def moves() -> None:
        listed = session.legal_moves()
        lines = [
            f"#{i + 1} {_move_words(m, lang)} → {_shown(g, m.to, lang)}"
            for i, m in enumerate(listed)
        ]
        cap = min(LISTED, session.limits.max_states)  # (a state limit below LISTED lists fewer)
        if len(listed) >= cap:  # (below its cap the list is whole)
            said = rule(g, session.position, lang)  # the rest by the rule, where there is one
            lines.append(said if said is not None else say("play.more_moves", lang, n=cap))
        term.show("moves", "\n".join(lines), moves=len(listed))

    def hint() -> None:
        from nimlab.play.session import reason

        with term.thinking(say("play.thinking", lang)):
            h = session.hint()
        term.show(
            "hint",
            say(
                "play.hint",
                lang,
                move=_move_words(h.move, lang),
                pos=g.format_position(h.move.to),
                why=reason(h.kind, h.remoteness, lang),
            ),
            hint=h.to_dict(g),
        )

    def undo() -> None:
        k = len(session.undo())
        key = "play.undone_one" if k == 1 else "play.undone"
        pos = g.format_position(session.position)
        term.show("undo", say(key, lang, k=k, pos=pos), state=session.to_dict())

    def redo() -> None:
        redone = session.redo()
        for turn in redone:
            _show_turn(term, session, turn, lang)
        k = len(redone)
        key = "play.redone_one" if k == 1 else "play.redone"
        pos = g.format_position(session.position)
        term.show("redo", say(key, lang, k=k, pos=pos), state=session.to_dict())

    def explain() -> None:
        from nimlab.explanations import explain as run

        with term.thinking(say("play.thinking", lang)):
            e = run(g, session.position, lang=lang, limits=session.limits, misere=session.misere)
        term.show("explain", e.text(), explanation=e.to_dict())

    def why() -> None:
        from nimlab.errors import TooLarge
        from nimlab.explanations import explain as run

        text = session.why(lang)  # refuses before the computer has moved
        last = next(t for t in reversed(session.turns) if t.player == "computer")
        try:
            with term.thinking(say("play.thinking", lang)):
                e = run(g, last.move.to, lang=lang, limits=session.limits, misere=session.misere)
        except TooLarge as error:  # the reason stands; only the explanation is refused
            term.show("why", f"{text}\n{error.render(FLAGS, lang)}")
            return
        term.show("why", f"{text}\n{e.text()}", explanation=e.to_dict())

    def help_() -> None:
        term.show("help", _help(session, term, lang))

    return {
        "moves": moves,
        "hint": hint,
        "undo": undo,
        "redo": redo,
        "explain": explain,
        "why": why,
        "help": help_,
    }


def _help(session: Any, term: Terminal, lang: str) -> str:
    """How to type a move in this game, the commands, and (on a terminal) the line editor."""
    text = say("play.help", lang, example=_example(session), syntax=syntax(session.game, lang))
    return text + (" " + say("play.keys", lang) if term.rich is not None else "")


def _shown(game: Any, position: Any, lang: str) -> str:
    """A position as the game writes it; the empty one in words."""
    return game.format_position(position) or say("play.no_heaps", lang)


def _example(session: Any) -> str:
    """A move to type, as the position it reaches (one that is not empty, where there is one:
    the empty position is typed as nothing)."""
    listed = session.legal_moves(min(20, session.limits.max_states))
    shown = [session.game.format_position(m.to) for m in listed]
    return next((s for s in shown if s), "take 1")


def _move_words(move: Any, lang: str) -> str:
    from nimlab.games.wording import render_move

    return render_move(move, lang)

"""``nimlab play`` on a real (pseudo-)terminal, driven by pexpect as a person would type.

A whole game won in English and in Japanese, undo and redo, another game, a bad
move's message, the drawn heaps, and the line editor's history (arrow up).
"""

from __future__ import annotations

import importlib.util
import io
import os
import re
import sys

import pexpect
import pytest

COLUMNS = 72
TIMEOUT = 120  # the first move may compile the solver's kernels under load


def spawn(*args: str) -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if k != "NIMLAB_LANG"} | {"TERM": "xterm"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "nimlab", "play", *args],
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(40, COLUMNS),
        env=env,
    )
    return child


def finish(child: pexpect.spawn) -> str:
    """Wait for the end; what was printed since the last match."""
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    return str(child.before)


def test_a_whole_game_won_in_english_then_no_other_game() -> None:
    # Game I from 5: taking 1 leaves 4 (a P-position); the computer takes 1; taking 3 wins.
    child = spawn("subtraction:1,2,3", "5")
    child.expect_exact("subtraction:1,2,3 from 5: you move first")
    child.expect_exact("5 — your move: ")
    child.sendline("take 1")
    child.expect_exact("computer: take 1 from the heap of 4 → 3")
    child.expect_exact("3 — your move: ")
    child.sendline("take 3")
    child.expect_exact("No move is left for the computer: you win!")
    child.expect_exact("Play again? [y/N] ")
    child.sendline("n")
    child.expect_exact("Thanks for playing.")
    finish(child)


def test_a_whole_game_won_in_japanese() -> None:
    child = spawn("subtraction:1,2,3", "5", "--lang", "ja")
    child.expect_exact("subtraction:1,2,3、局面 5: あなたが先手")
    child.expect_exact("矢印キーで行の編集")
    child.expect_exact("5 — あなたの手: ")
    child.sendline("take 1")
    child.expect_exact("コンピュータ: 4 個の山から 1 個取る → 3")
    child.expect_exact("3 — あなたの手: ")
    child.sendline("ヒント")
    child.expect_exact("ヒント: 3 個の山から 3 個取る → 0（後手必勝の局面に移す手である")
    child.expect_exact("（これで終局）")
    child.sendline("take 3")
    child.expect_exact("コンピュータは動けません。あなたの勝ち！")
    child.expect_exact("もう一度遊びますか？ [y/N] ")
    child.sendline("いいえ")
    child.expect_exact("遊んでくれてありがとう。")
    finish(child)


def test_undo_and_redo() -> None:
    child = spawn("subtraction:1,2,3", "5")
    child.expect_exact("5 — your move: ")
    child.sendline("take 1")
    child.expect_exact("3 — your move: ")
    child.sendline("undo")
    child.expect_exact("undone 2 moves; position 5")
    child.expect_exact("5 — your move: ")
    child.sendline("redo")
    child.expect_exact("you: take 1 from the heap of 5 → 4")
    child.expect_exact("computer: take 1 from the heap of 4 → 3")
    child.expect_exact("redone 2 moves; position 3")
    child.expect_exact("3 — your move: ")
    child.sendline("redo")
    child.expect_exact("nothing to redo")
    child.sendline("待った")  # the Japanese word works in either language
    child.expect_exact("undone 2 moves; position 5")
    child.sendline("take 1")  # a new move forgets what was undone
    child.expect_exact("3 — your move: ")
    child.sendline("redo")
    child.expect_exact("nothing to redo")
    child.sendline("quit")
    child.expect_exact("Game abandoned.")
    finish(child)


def test_undo_and_redo_in_japanese() -> None:
    child = spawn("nim", "2,3", "--lang", "ja")
    child.expect_exact("2,3 — あなたの手: ")
    child.sendline("undo")
    child.expect_exact("戻す手がありません")
    child.sendline("2,2")
    child.expect_exact("— あなたの手: ")
    child.sendline("待った")
    child.expect_exact("2 手戻しました。局面 2,3")
    child.sendline("やり直し")
    child.expect_exact("2 手やり直しました")
    child.sendline("やめる")
    child.expect_exact("ゲームを中断しました。")
    finish(child)


def test_play_again_starts_a_new_game_from_the_same_position() -> None:
    child = spawn("subtraction:1,2,3", "4", "--first", "computer")
    child.expect_exact("computer: take 1 from the heap of 4 → 3")
    child.expect_exact("3 — your move: ")
    child.sendline("take 3")
    child.expect_exact("you win!")
    child.expect_exact("Play again? [y/N] ")
    child.sendline("y")
    child.expect_exact("subtraction:1,2,3 from 4: the computer moves first")
    child.expect_exact("computer: take 1 from the heap of 4 → 3")
    child.expect_exact("3 — your move: ")
    child.sendline("quit")
    child.expect_exact("Game abandoned.")
    finish(child)


def test_a_bad_move_is_refused_in_the_language_and_the_game_goes_on() -> None:
    child = spawn("nim", "1,3")
    child.expect_exact("1,3 — your move: ")
    child.sendline("take 9 from 3")
    child.expect_exact(
        "'take 9 from 3' is not a legal move from 1,3; legal moves: take 1 from the heap of 1, "
        "take 1 to 3 from the heap of 3"
    )
    child.expect_exact("1,3 — your move: ")
    child.sendline("quit")
    finish(child)
    child = spawn("nim", "1,3", "--lang", "ja")
    child.expect_exact("1,3 — あなたの手: ")
    child.sendline("take 9 from 3")
    child.expect_exact(
        "'take 9 from 3' は 1,3 からの合法手ではありません。合法手: "
        "1 個の山から 1 個、3 個の山から 1〜3 個取る"
    )
    child.sendline("take 1 from 7")
    child.expect_exact("1,3 に 7 個の山はありません")
    child.sendline("quit")
    finish(child)


def test_heaps_are_drawn_and_never_overflow_the_terminal() -> None:
    huge = "9" * 120
    child = spawn("nim", f"3,12,{huge}")
    child.logfile_read = transcript = io.StringIO()
    child.expect_exact("heap 1 │ ●●●  3")
    child.expect_exact("heap 2 │ ●●●●● ●●●●● ●●  12")
    child.expect_exact("heap 3 │ ● × 999…999 (120 digits)")
    child.expect_exact("— your move: ")
    child.sendline("quit")
    finish(child)
    shown = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", transcript.getvalue()).splitlines()
    board = [line for line in shown if "│" in line]
    assert len(board) == 3 and all(len(line) <= COLUMNS for line in board)
    child = spawn("nim", "1000000", "--lang", "ja")
    child.expect_exact("山 1 │ ● × 1,000,000")
    child.sendline("quit")
    finish(child)


@pytest.mark.skipif(importlib.util.find_spec("readline") is None, reason="no readline")
def test_the_line_editor_recalls_earlier_lines() -> None:
    child = spawn("nim", "5,6")
    child.expect_exact("5,6 — your move: ")
    child.sendline("moves")
    child.expect_exact("#1 take 1 from the heap of 5")
    child.expect_exact("5,6 — your move: ")
    child.send("\x1b[A")  # arrow up: the last line again
    child.sendline("")
    child.expect_exact("#1 take 1 from the heap of 5")
    child.expect_exact("5,6 — your move: ")
    child.send("take 1 from 6")
    child.send("\x01")  # ctrl-A: to the start of the line, then edit it there
    child.send("x")
    child.sendline("")
    child.expect_exact("cannot read 'xtake 1 from 6' as a move")
    child.sendline("quit")
    finish(child)


def test_ctrl_d_at_the_prompt_ends_the_game_on_a_line_of_its_own() -> None:
    # found by the play audit of 2026-11-27: "3,4,5 — your move: Game abandoned."
    child = spawn("nim", "3,4,5")
    child.expect_exact("3,4,5 — your move: ")
    child.sendeof()
    child.expect(r"\A\r\n(\x1b\[[0-9;]*m)?Game abandoned\.")  # (in rich's bold)
    finish(child)


def test_a_terminal_shows_the_computer_thinking_only_while_it_takes_a_moment() -> None:
    # A long reply showed nothing at all: the game seemed to hang.
    import time

    from rich.console import Console

    from nimlab.cli.play import THINKING_AFTER, Terminal

    screen = io.StringIO()
    term = Terminal(screen, as_json=False)
    term.rich = Console(file=screen, force_terminal=True, width=COLUMNS)
    with term.thinking("the computer is thinking…"):
        pass
    assert screen.getvalue() == ""  # a quick reply draws nothing
    with term.thinking("the computer is thinking…"):
        time.sleep(THINKING_AFTER + 0.5)
    assert "the computer is thinking…" in screen.getvalue()
    piped = io.StringIO()
    with Terminal(piped, as_json=False).thinking("the computer is thinking…"):
        time.sleep(THINKING_AFTER + 0.1)
    assert piped.getvalue() == ""  # off a terminal (and in JSON) nothing is drawn

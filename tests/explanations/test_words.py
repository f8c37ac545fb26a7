"""The words of explanations in English and Japanese."""

from __future__ import annotations

from nimlab.explanations.words import binary_column, move_words, outcome_words, say
from nimlab.games.actions import (
    DeleteSplit,
    InComponent,
    MoveTo,
    Split,
    SplitDelete,
    Take,
    TakeAll,
    TakeAndSplit,
    TakeBoth,
    TakeCapped,
)
from nimlab.games.base import Move


def test_words() -> None:
    assert say("en", "{a}!", "{a}！", a=1) == "1!" and say("ja", "{a}!", "{a}！", a=1) == "1！"
    assert outcome_words("N", "en").startswith("N-position")
    assert binary_column([1, 2], 3, "en")[-1] == "  3 = 11   (nim-sum)"
    cases = [
        (Take(3, 2), "take 2 from the heap of 3", "3 個の山から 2 個取る"),
        (
            TakeAndSplit(5, 1, (1, 3)),
            "take 1 from the heap of 5, leaving 1+3",
            "5 個の山から 1 個取り 1+3 に分ける",
        ),
        (
            TakeBoth(3, (1, 2)),
            "take 3 from both heaps, leaving (1, 2)",
            "両方の山から 3 個ずつ取り (1, 2) にする",
        ),
        (
            TakeCapped(2, 4),
            "take 2 (the opponent may then take up to 4)",
            "2 個取る（相手は次に 4 個まで取れる）",
        ),
        (TakeAll(4), "take the whole heap of 4", "4 個の山を全部取る"),
        (Split(7, (3, 4)), "split the heap of 7 into 3+4", "7 個の山を 3+4 に分ける"),
        (
            SplitDelete(((8, (3, 5)),), (5,)),
            "split 8 into 3+5, delete 5",
            "8 を 3+5 に分割し、5 を削除する",
        ),
        (
            DeleteSplit((4,), ((6, (1, 5)),)),
            "delete 4, split 6 into 1+5",
            "4 を削除し、6 を 1+5 に分割する",
        ),
        (
            InComponent(0, "nim", Take(3, 2)),
            "in nim (component 1): take 2 from the heap of 3",
            "nim（成分 1）で 3 個の山から 2 個取る",
        ),
        (MoveTo("3"), "move to 3", "局面 3 に移す"),
    ]
    for action, en, ja in cases:
        assert move_words(action, "ja") == ja and move_words(action, "en") == en
        move = Move((0,), action)  # a move is rendered as its action
        assert move_words(move, "ja") == ja and move_words(move, "en") == en == move.text

"""Japanese for the pages: family names, rules and seeds; moves through their renderer.

Moves and methods are structured values rendered in either language by
:func:`nimlab.games.wording.render_move` and
:func:`nimlab.solve.methods.render_method`; nothing here reads engine text back.

>>> from nimlab.games.actions import SplitDelete, Take
>>> move_text("ja", Take(3, 2))
'3 個の山から 2 個取る'
>>> move_text("ja", SplitDelete(((5, (1, 4)),), (2,)))
'5 を 1+4 に分割し、2 を削除する'
>>> move_text("en", Take(3, 2))
'take 2 from the heap of 3'
"""

from __future__ import annotations

import re

from nimlab.games.actions import Action
from nimlab.games.wording import HasAction, render_move

FAMILY_NAMES = {
    "nim": ("Nim", "ニム"),
    "subtraction": ("Subtraction games", "減算ゲーム(サブトラクションゲーム)"),
    "octal": ("Octal games", "8進ゲーム(オクタルゲーム)"),
    "take-and-break": ("Take-and-break games", "取り崩しゲーム(テイク・アンド・ブレイク)"),
    "grundy-game": ("Grundy's game", "グランディのゲーム"),
    "take-away": ("Take-away games", "取り数制限ゲーム"),
    "wythoff": ("Wythoff's game", "ワイトホフのゲーム"),
    "split-delete-nim": ("Split-and-delete Nim", "分割削除ニム"),
    "delete-nim": ("Delete(-and-split) Nim", "削除(分割)ニム"),
    "sum": ("Disjunctive sum", "直和(ゲームの和)"),
    "subtraction:squares": ("Subtract a square", "平方数を取るゲーム"),
    "subtraction:fibonacci": ("Take a Fibonacci number", "フィボナッチ数を取るゲーム"),
    "subtraction:primes": ("Subtract a prime", "素数を取るゲーム"),
    "subtraction:powers-of-2": ("Subtract a power of 2", "2 の累乗を取るゲーム"),
    "all-but": ("All-but subtraction games", "除外集合つき減算ゲーム(all-but)"),
}

FAMILY_JA = {
    "nim": (
        "1つの山から好きな数(1個以上)の石を取る",
        "ニム和(各山を2進数で書いた桁ごとの和の偶奇)が0の局面へ移す",
    ),
    "subtraction": (
        "S に含まれる数 s だけ、1つの山から石を取る",
        "グランディ数列は必ず周期的になる。グランディ数0の局面へ移す",
    ),
    "octal": (
        "k 個取った後、山を残さない(d_k のビット1)、1山残す(ビット2)、2山に分けて残す(ビット4)",
        "多くのコードでグランディ数は周期的になる(Guy–Smith の判定法)",
    ),
    "take-and-break": (
        "k 個取った後、山を残さない(d_k のビット1)、1山(ビット2)、2山(ビット4)、3山(ビット8)を残す",
        "周期は Guy–Smith の判定法の3山への一般化(k·n0 + (k−1)·p + t)で証明する",
    ),
    "grundy-game": (
        "1つの山を、大きさの異なる空でない2つの山に分ける",
        "各山のグランディ数のニム和が0の局面へ移す",
    ),
    "take-away": (
        "k ≤ m 個取ると、相手は次に C·k 個まで取れる(最初の手番は全部でなければ何個でも)",
        "C=1: 2進表記の一番右の1の分だけ取る。C=2: フィボナッチ表現の最小項 ℓ(n) 個を取る",
    ),
    "wythoff": (
        "1つの山から好きな数だけ、または両方の山から同じ数だけ石を取る",
        "P局面は (⌊kφ⌋, ⌊kφ²⌋)",
    ),
    "split-delete-nim": (
        "いくつかの山をそれぞれ2つに分割し、分割したのと同じ数の山を削除する",
        "2山: a = b かつ v2(a) が偶数のときちょうどP局面(定理1)",
    ),
    "delete-nim": (
        "いくつかの山を削除し、残りから同じ数の山をそれぞれ2つに分割する",
        "2山: 両方の山が奇数のときちょうどP局面",
    ),
    "subtraction:squares": (
        "1つの山から正の平方数(1, 4, 9, 16, …)個の石を取る",
        "グランディ数0の局面へ移す(値は mex 再帰で求める)",
    ),
    "subtraction:fibonacci": (
        "1つの山からフィボナッチ数(1, 2, 3, 5, 8, …)個の石を取る",
        "グランディ数0の局面へ移す(値は mex 再帰で求める)",
    ),
    "subtraction:primes": (
        "1つの山から素数(2, 3, 5, 7, 11, …)個の石を取る",
        "グランディ数0の局面へ移す(値は mex 再帰で求める)",
    ),
    "subtraction:powers-of-2": (
        "1つの山から 2 の累乗(1, 2, 4, 8, …)個の石を取る",
        "G(n) = n mod 3。3 の倍数の局面へ移す",
    ),
    "all-but": (
        "1つの山から、S に含まれない好きな数(1個以上)の石を取る",
        "グランディ数列は最終的に等差周期的になる。グランディ数0の局面へ移す",
    ),
}

PARAMETER_JA = {
    "subtraction": "S: 正の整数の有限集合。例 2,4,7",
    "octal": "CODE: Winning Ways の表記 d0.d1d2...。例 0.77",
    "take-and-break": "CODE: 16進の桁の d0.d1d2...(または {2,3}: 残す山の数)。例 0.B1",
    "take-away": "C: 1 以上の整数",
    "split-delete-nim": "VARIANT: single か half",
    "delete-nim": "VARIANT: single, half, less-than-half, all-but-one のどれか",
    "all-but": "S: 正の整数の有限集合。例 1,2",
}
"""The parameter of each family that takes one, in Japanese."""

SEEDS = {
    "000": ("How to win stone-taking games (Games I–IV)", "石取りゲームの必勝法"),
    "001": (
        "Determining the winner of Split-and-delete Nim (Abuku, Sakai, Shinoda, Suetsugu)",
        "分割削除ニムの勝敗判定(安福・坂井・篠田・末續)",
    ),
    "002": (
        "Alice in Puzzle-land: the games at the garden party, answers (Ko Sakai)",
        "パズルの国のアリス 園遊会でのゲーム(解答)(坂井 公)",
    ),
    "003": (
        "Three-heap Nim: its winning strategy and the nim-sum (Daiki Nishimori)",
        "三山崩しの必勝法とニム和(西森 大記)",
    ),
    "004": (
        "Grundy numbers of stone-taking games and an open problem, for school students",
        "石取りゲームにおける『グランディ数』及び、そこに潜む『未解決問題』",
    ),
}

_SEED_NOTES_JA = {"beyond the seeds": "シード文書の範囲外(Winning Ways)", "mentioned": "言及のみ"}


def family_name(lang: str, family: str) -> str:
    en, ja = FAMILY_NAMES.get(family, (family, family))
    return ja if lang == "ja" else en


def family_text(lang: str, family: str, rule: str, strategy: str) -> tuple[str, str]:
    """The rule and the one-line strategy of a family in ``lang``."""
    if lang == "ja" and family in FAMILY_JA:
        return FAMILY_JA[family]
    return rule, strategy


def family_parameter(lang: str, family: str, parameter: str) -> str:
    """What a family's parameter is, in ``lang``."""
    return PARAMETER_JA.get(family, parameter) if lang == "ja" else parameter


def seed_refs(lang: str, seed: str) -> list[tuple[str, str]]:
    """``(code, title)`` of each seed document a family's ``seed`` field names."""
    refs = []
    for code in re.findall(r"\b\d{3}\b", seed):
        en, ja = SEEDS.get(code, (code, code))
        refs.append((code, ja if lang == "ja" else en))
    if not refs:
        note = seed.strip()
        refs.append(("", _SEED_NOTES_JA.get(note, note) if lang == "ja" else note))
    elif "(mentioned)" in seed:
        refs[-1] = (refs[-1][0], refs[-1][1] + ("(言及のみ)" if lang == "ja" else " (mentioned)"))
    return refs


def move_text(lang: str, move: Action | HasAction) -> str:
    """What a move (or its action) does, in ``lang``."""
    return render_move(move, lang)

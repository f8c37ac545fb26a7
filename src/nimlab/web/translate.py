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
from collections.abc import Sequence

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
        "周期は Guy–Smith の判定法の3山への一般化(k·max(n0, 1) + (k−1)·p + t)で証明する",
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

DOCS_JA = {
    "Every game family": "すべてのゲーム族",
    "Every family: its parameter, aliases, rule, seed document and strategy.": (
        "すべての族: パラメータ、別名、ルール、シード文書、必勝法。"
    ),
    "Successful Response": "成功",
    "bad game, position or option (the message names the field)": (
        "ゲーム、局面またはオプションが不正(メッセージが欄を示す)"
    ),
    "over a limit of the web app (states, time, table size)": (
        "ウェブアプリの上限(状態数、時間、表の大きさ)を超える"
    ),
    "a parameter of the wrong type or out of range": "パラメータの型が違うか範囲外",
    "every worker is busy; try again": "すべてのワーカーが使用中。もう一度試す",
    "What kind of game a spec names": "spec が表すゲームの種類",
    "The canonical spec, the shape (one-heap, several heaps, ...) and a start position.": (
        "正規の spec、形(1山、複数の山など)、開始局面。"
    ),
    "a game spec: nim, subtraction:2,4,7, kayles, wythoff, split-delete-nim:single, "
    "'nim + kayles', ... (see /api/games)": (
        "ゲームの spec: nim, subtraction:2,4,7, kayles, wythoff, split-delete-nim:single, "
        "'nim + kayles' など(/api/games を参照)"
    ),
    "Analyse a position": "局面の解析",
    "Outcome, Grundy value, remoteness and every winning move (`nimlab analyze`).": (
        "勝敗、グランディ数、remoteness、すべての必勝手(`nimlab analyze`)。"
    ),
    "heaps as comma-separated integers ≥ 0 (3,4,5); take-away: n or n/m; "
    "sums: positions joined with + (3,4 + 5)": (
        "山は 0 以上の整数をコンマで区切る(3,4,5)。取り数制限ゲーム: n または n/m。"
        "和: 局面を + でつなぐ(3,4 + 5)"
    ),
    "misère play: the player who cannot move wins": "ミゼール: 動けない方が勝ち",
    "Grundy sequence G(0..N-1)": "グランディ数列 G(0..N-1)",
    "Heap games: values of single heaps; take-away: of fresh games (`nimlab sequence`).": (
        "山のゲーム: 山 1 つの値。取り数制限ゲーム: 新しいゲームの値(`nimlab sequence`)。"
    ),
    "how many values": "値の個数",
    "Exact periodicity": "厳密な周期性",
    "(preperiod, period, saltus), proven only by a theorem's criterion (`nimlab period`).": (
        "(前周期、周期、増分)。証明済みと言うのは定理の判定法を確かめたときだけ(`nimlab period`)。"
    ),
    "compute at most this many values": "計算する値はこの個数まで",
    "Two-heap Grundy table": "2 山のグランディ数表",
    "Grundy values of ⟨a, b⟩ from the game's origin (`nimlab table`).": (
        "ゲームの原点からの ⟨a, b⟩ のグランディ数(`nimlab table`)。"
    ),
    "size × size cells": "size × size のマス",
    "P-positions with K heaps": "山 K 個の P 局面",
    "Every P-position with K heaps, each at most N (`nimlab ppositions`).": (
        "山 K 個、各山 N 以下のすべての P 局面(`nimlab ppositions`)。"
    ),
    "K heaps": "山の個数 K",
    "every heap ≤ N": "各山 ≤ N",
    "Legal moves of a position": "局面の合法手",
    "Every legal move (one per resulting position), cut at the web app's limit.": (
        "すべての合法手(行き先の局面ごとに 1 つ)。ウェブアプリの上限で打ち切る。"
    ),
    "Why a position is P or N": "局面が P か N かの理由",
    "Step by step: mex, nim-sum, binary or Fibonacci codes, the theorem that applies.": (
        "一歩ずつ: mex、ニム和、2 進またはフィボナッチ表現、当てはまる定理。"
    ),
    "language": "言語",
    "Play: the game so far": "対戦: ここまでの対局",
    "Check every move of the game and describe it: whose turn, legal moves, values.": (
        "対局のすべての手を確かめて説明する: 手番、合法手、値。"
    ),
    "Play: your move": "対戦: あなたの手",
    "Your move, then the computer's reply (at the game's level).": (
        "あなたの手と、それに対するコンピュータの応手(対局の強さで)。"
    ),
    "Play: the computer's move": "対戦: コンピュータの手",
    "The computer's move, when it is its turn (it moves first, or after an undo).": (
        "コンピュータの手番のときのその手(先手のとき、または手を戻した後)。"
    ),
    "Play: a move for either side": "対戦: どちらの側の手も",
    "A move for whoever is to move, at the game's level (computer against computer).": (
        "手番の側の手を対局の強さで(コンピュータ同士の対戦)。"
    ),
    "Play: a hint": "対戦: ヒント",
    "The move perfect play would make for you now, and why.": ("いま最善の手とその理由。"),
    "Play: undo": "対戦: 待った",
    "Take back your last move and the computer's reply to it.": (
        "あなたの最後の手とそれへのコンピュータの応手を取り消す。"
    ),
    "Play: explain": "対戦: 説明",
    "Why the current position is won or lost.": "いまの局面が勝ちか負けかの理由。",
    "the game's spec": "ゲームの spec",
    "the start position": "開始局面",
    "the position after each move so far, both players' (checked)": (
        "ここまでの各手の後の局面(両者の手。確かめる)"
    ),
    "who moves first": "先手",
    "how the computer plays: perfect, random, or a mix of both": (
        "コンピュータの指し方: 最善(perfect)、ランダム(random)、その混合(mix)"
    ),
    "misère play: whoever makes the last move loses": "ミゼール: 最後の手を指した方が負け",
    "makes random levels reproducible": "ランダムな強さを再現可能にする",
    "the language of the moves and reasons": "手と理由の言語",
    "your move: the position it leads to (1,4,5) or typed (take 2 from 3)": (
        "あなたの手: 行き先の局面(1,4,5)、または手を英語の文で書いたもの"
    ),
}
"""The API reference page (/docs) in Japanese: the OpenAPI texts, keyed by their English."""


def docs_text(lang: str, text: str) -> str:
    """A text of the API's schema in ``lang`` (the English where it has no Japanese)."""
    return DOCS_JA.get(text, text) if lang == "ja" else text


_SEED_NOTES_JA = {"beyond the seeds": "シード文書の範囲外(Winning Ways)", "mentioned": "言及のみ"}


NAMED_JA = {
    "kayles": (
        "ケイレス(Kayles)",
        "一列に並んだピンから 1 本、または隣り合う 2 本を倒す。列は二つに分かれてもよい",
    ),
    "dawson-kayles": ("ドーソンのケイレス", "隣り合う 2 本のピンを倒す。列は二つに分かれてもよい"),
    "take-le-prev": (
        "直前以下取り",
        "山は一つ。最初の手は全部以外なら何個でも、その後は直前に相手が取った数まで取る",
    ),
    "fibonacci-nim": (
        "フィボナッチ・ニム",
        "山は一つ。最初の手は全部以外なら何個でも、その後は直前に相手が取った数の 2 倍まで取る",
    ),
}
"""The title and rule of each game the registry names in its own words
(:attr:`nimlab.registry.Family.named`), in Japanese, by its alias."""


def named_text(lang: str, alias: str, title: str, rule: str) -> tuple[str, str]:
    """The title and rule of a named game in ``lang``.

    >>> named_text("ja", "kayles", "Kayles", "…")[0]
    'ケイレス(Kayles)'
    """
    return NAMED_JA.get(alias, (title, rule)) if lang == "ja" else (title, rule)


def game_title(lang: str, family: str, named: Sequence[str] | None) -> str:
    """A game's title in ``lang``: its own name (``named``: alias, title, rule, as
    :func:`nimlab.registry.named` gives them), else its family's.

    >>> game_title("ja", "octal", ("kayles", "Kayles", "…")), game_title("en", "octal", None)
    ('ケイレス(Kayles)', 'Octal games')
    """
    if named:
        alias, title, rule = named
        return named_text(lang, alias, title, rule)[0]
    return family_name(lang, family)


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


_PLACES = (
    (1, "a whole heap", "山を丸ごと"),
    (2, "from an end", "端から"),
    (4, "from the middle", "中ほどから"),
)


def _either(lang: str, items: list[str], last: str = "") -> str:
    """``a, b or c`` / ``a、b か c`` (``last``: the Japanese word before the last item)."""
    if len(items) == 1:
        return items[0]
    if lang == "ja":
        return "、".join(items[:-1]) + (last or "か ") + items[-1]
    return ", ".join(items[:-1]) + " or " + items[-1]


def _counts(lang: str, ks: list[int]) -> str:
    """``1, 3 or 5 stones`` / ``1 個、3 個か 5 個``; three or more in a row as a range."""
    runs: list[list[int]] = []
    for k in ks:
        if runs and runs[-1][-1] == k - 1:
            runs[-1].append(k)
        else:
            runs.append([k])
    unit = " 個" if lang == "ja" else ""
    items: list[str] = []
    for run in runs:
        if len(run) > 2:
            items.append(f"{run[0]}–{run[-1]}{unit}")
        else:
            items.extend(f"{k}{unit}" for k in run)
    said = _either(lang, items)
    return said if lang == "ja" else said + (" stone" if ks == [1] else " stones")


def octal_help(lang: str, digits: tuple[int, ...]) -> str:
    """How to move in an octal game ``d0.d1d2…`` on the play page, read off its digits.

    >>> octal_help("en", (0, 7, 7)).split(": ")[1]
    '1 or 2 stones (a whole heap, from an end or from the middle).'
    >>> octal_help("ja", (4, 0, 7)).split("。")[1]
    '取れるのは 2 個(山を丸ごと、端から、または中ほどから)'
    """
    groups: dict[int, list[int]] = {}
    for k, d in enumerate(digits[1:], start=1):
        if d:
            groups.setdefault(d, []).append(k)
    said = []
    for d, ks in sorted(groups.items(), key=lambda g: g[1][0]):
        places = [ja if lang == "ja" else en for bit, en, ja in _PLACES if d & bit]
        if lang == "ja":
            said.append(f"{_counts(lang, ks)}({_either(lang, places, '、または')})")
        else:
            said.append(f"{_counts(lang, ks)} ({_either(lang, places)})")
    texts = []
    if said and lang == "ja":
        texts.append(
            "隣り合う石をクリックして選び、選んだ石を取ってください。取れるのは "
            + "、".join(said)
            + "。"
        )
    elif said:
        texts.append(
            "Click stones next to each other to select them, then take the selected stones: "
            + "; ".join(said)
            + "."
        )
    if digits[0] & 4:
        texts.append(
            "石の間をクリックすると、石を取らずにそこで山を 2 つに分けられます。"
            if lang == "ja"
            else "Click a gap between two stones to split the heap there without taking any."
        )
    return ("" if lang == "ja" else " ").join(texts)

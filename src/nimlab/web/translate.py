"""Japanese for what the engine says: families, seeds, moves, methods.

Moves are structured values, rendered in either language by
:func:`nimlab.games.wording.render_move`; methods, families and seeds are
matched against each known English phrasing here. A text no pattern knows is
shown as it is.

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
from collections.abc import Callable

from nimlab.games.actions import Action
from nimlab.games.wording import HasAction, render_move

FAMILY_NAMES = {
    "nim": ("Nim", "ニム"),
    "subtraction": ("Subtraction games", "減算ゲーム(サブトラクションゲーム)"),
    "octal": ("Octal games", "8進ゲーム(オクタルゲーム)"),
    "grundy-game": ("Grundy's game", "グランディのゲーム"),
    "take-away": ("Take-away games", "取り数制限ゲーム"),
    "wythoff": ("Wythoff's game", "ワイトホフのゲーム"),
    "split-delete-nim": ("Split-and-delete Nim", "分割削除ニム"),
    "delete-nim": ("Delete(-and-split) Nim", "削除(分割)ニム"),
    "sum": ("Disjunctive sum", "直和(ゲームの和)"),
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
}

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


Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]


def _rule(pattern: str, build: Callable[[re.Match[str]], str]) -> Rule:
    return re.compile(pattern), build


def move_text(lang: str, move: Action | HasAction) -> str:
    """What a move (or its action) does, in ``lang``."""
    return render_move(move, lang)


METHODS_JA: list[Rule] = [
    _rule(
        r"Sprague–Grundy: nim-sum of the (heaps|components)' Grundy values \((.+)\)",
        lambda m: (
            f"スプラグ・グランディの定理: 各{'山' if m[1] == 'heaps' else '成分'}の"
            f"グランディ数のニム和({_methods_ja(m[2])})"
        ),
    ),
    _rule(
        r"exhaustive search of the game graph \(([\d,]+) positions\)",
        lambda m: f"ゲームグラフの全探索({m[1]} 局面)",
    ),
    _rule(
        r"misère search of the game graph \(([\d,]+) positions\)",
        lambda m: f"ミゼールのゲームグラフ全探索({m[1]} 局面)",
    ),
    _rule(
        r"theorem G\(n\) = n \(every smaller value is an option\)",
        lambda m: "定理 G(n) = n(それより小さい値はすべて選べる)",
    ),
    _rule(
        r"max\(S\)-window criterion \(a window of (\d+) values repeats\)",
        lambda m: f"max(S) 窓の判定法({m[1]} 個の値の窓が繰り返す)",
    ),
    _rule(r"Guy–Smith criterion \(t = (\d+)\)", lambda m: f"Guy–Smith の判定法(t = {m[1]})"),
]

_METHOD_PARTS_JA = {
    "mex recursion over single heaps": "1山ごとの mex 再帰",
    "exhaustive search": "全探索",
}

ORACLES_JA = {
    # nimlab.theory's oracles by name: their titles in Japanese (sources follow SOURCES_JA)
    "nim": "Bouton の定理: グランディ数は各山のニム和",
    "misere-nim": "Bouton の逆形ルール: ニム和、ただしすべての山が 0 か 1 のときは例外",
    "game-one": "ゲーム I: 1〜k 個取る、G(n) = n mod (k+1)",
    "game-two": "ゲーム II: n = 2^p(2q+1) は 2^p 個取れるときちょうど N局面",
    "fibonacci-nim": "ゲーム III: 取れるならフィボナッチ表現の最小項 ℓ(n) 個を取る",
    "take-away-c": "取り数制限ゲーム(C 倍): H 上の最小項 ℓ_C(n) 個を取る"
    "(一般化したゼッケンドルフ表現)",
    "wythoff-beatty": "ワイトホフの定理: P局面は (⌊kφ⌋, ⌊kφ²⌋)(φ は整数演算で厳密に)",
    "wythoff-fibonacci": "ゲーム IV: フィボナッチ表現から p_n, q_n を求める(up/down)",
    "split-delete-theorem-1": "定理1: ⟨a, b⟩ が P局面 ⇔ a = b かつ v2(a) が偶数",
    "delete-nim-2": "削除ニム: ⟨a, b⟩ が P局面 ⇔ 両方奇数。グランディ数 v2((a−1)∨(b−1)+1)",
    "half-theorem-3": "定理3: a ∈ S、d ∈ D(a) の ⟨a, a, a, d⟩ がちょうど P局面",
}

SOURCES_JA: list[tuple[str, str]] = [
    # applied in order to a source or a value source's name
    (r"seed (\d{3})", r"シード \1"),
    (r"Theorems ([\d.]+) and ([\d.]+)", r"定理 \1・\2"),
    (r"Game (IV|III|II|I) theorems?", r"ゲーム \1 の定理"),
    (r" and strategy \(p compared with p_n\)", "と必勝法(p を p_n と比べる)"),
    (r"Theorem (\d+)", r"定理\1"),
    (r"Proposition (\d+)", r"命題\1"),
    (r"Game (IV|III|II|I)\b", r"ゲーム \1"),
    (r"\(the twins game\)", "(双子のゲーム)"),
    (r"\(beyond the seeds\)", "(シード文書の範囲外)"),
    (r"Grundy value (\d+)", r"グランディ数 \1"),
    (r"4-heap half Split-and-delete Nim", "4山半数分割削除ニム"),
    (r"Delete Nim", "削除ニム"),
    (r"\bNim\b", "ニム"),
]


def source_text(lang: str, text: str) -> str:
    """Where a result comes from, in ``lang`` (names of people stay as they are)."""
    if lang != "ja":
        return text
    for pattern, replacement in SOURCES_JA:
        text = re.sub(pattern, replacement, text)
    return text


def _oracle_ja(text: str) -> str | None:
    """The Japanese of an oracle's method (``title (source)``), if ``text`` is one."""
    from nimlab.solve.oracles import oracles

    for oracle in oracles():
        if text == oracle.method and oracle.name in ORACLES_JA:
            return f"{ORACLES_JA[oracle.name]}({source_text('ja', oracle.source)})"
    return None


def _methods_ja(text: str) -> str:
    return "、".join(
        _METHOD_PARTS_JA.get(p) or method_text("ja", p) for p in _top_level(text, "; ")
    )


def _top_level(text: str, separator: str) -> list[str]:
    """``text`` split at ``separator`` outside parentheses.

    >>> _top_level("a (b; c); d", "; ")
    ['a (b; c)', 'd']
    """
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and text.startswith(separator, i):
            parts.append(text[start:i])
            start = i + len(separator)
    parts.append(text[start:])
    return parts


def method_text(lang: str, text: str) -> str:
    """A method (or a periodicity criterion) in ``lang``."""
    if lang != "ja":
        return text
    shown = _first_match(METHODS_JA, text)
    if shown == text:
        shown = _oracle_ja(text) or source_text(lang, text)
    return shown


def _first_match(rules: list[Rule], text: str) -> str:
    for pattern, build in rules:
        match = pattern.fullmatch(text)
        if match is not None:
            return build(match)
    return text

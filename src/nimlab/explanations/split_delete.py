"""Explaining seed 001's theorems with the numbers filled in: Theorems 1 and 3, Delete Nim."""

from __future__ import annotations

from nimlab.explanations import Step
from nimlab.explanations.words import say
from nimlab.games.base import Position
from nimlab.solve.results import Analysis
from nimlab.theory.common import v2
from nimlab.theory.half import in_d
from nimlab.theory.split_delete import in_s, proposition2_part


def _v2_words(a: int, lang: str) -> str:
    v = v2(a)
    kind = say(lang, "even", "偶数") if v % 2 == 0 else say(lang, "odd", "奇数")
    return say(
        lang,
        "{a} = 2^{v}·{odd}, so v2({a}) = {v} is {kind}",
        "{a} = 2^{v}・{odd} より v2({a}) = {v} は{kind}",
        a=a,
        v=v,
        odd=a >> v,
        kind=kind,
    )


def theorem1(position: Position, analysis: Analysis, lang: str) -> list[Step]:
    """Theorem 1 of seed 001, and Proposition 2 where the Grundy value is 1."""
    a, b = position
    text = say(
        lang,
        "Theorem 1 (seed 001): ⟨a, b⟩ is a P-position exactly when a = b and v2(a), the number of "
        "times 2 divides a, is even.",
        "定理 1（分割削除ニム）: ⟨a, b⟩ が後手必勝であるのは a = b かつ v2(a)（a が 2 "
        "で割り切れる回数）が"
        "偶数のときに限る。",
    )
    if a != b:
        text += say(lang, " Here {a} ≠ {b}.", "ここでは {a} ≠ {b}。", a=a, b=b)
    else:
        text += say(lang, " Here a = b and {w}.", "ここでは a = b で、{w}。", w=_v2_words(a, lang))
    steps = [Step("theorem", text, data={"a": a, "b": b})]
    part = proposition2_part(a, b)
    if part is not None:
        text = say(
            lang,
            "Proposition 2: ⟨{a}, {b}⟩ belongs to {part}, so its Grundy value is 1.",
            "命題 2: ⟨{a}, {b}⟩ は {part} に含まれるので、グランディ数は 1。",
            a=a,
            b=b,
            part=part,
        )
        steps.append(Step("theorem", text, data={"part": part}))
    if analysis.outcome == "N":
        odd = [h for h in (a, b) if v2(h) % 2 == 1]
        if odd:
            h = odd[0]
            text = say(
                lang,
                "Proof of Theorem 1, (ii): {w}, so ⟨{half}, {half}⟩ is P: split {h} in half and "
                "delete the other heap.",
                "定理 1 の証明 (ii): {w}なので ⟨{half}, {half}⟩ が後手必勝。{h} "
                "を半分に分けて他方の山を削除する。",
                w=_v2_words(h, lang),
                half=h // 2,
                h=h,
            )
        else:
            text = say(
                lang,
                "Proof of Theorem 1, (ii): {a} < {b} and {w}, so ⟨{a}, {a}⟩ is P: split {b} into "
                "{a} + {r} and delete {r}.",
                "定理 1 の証明 (ii): {a} < {b} かつ {w}なので ⟨{a}, {a}⟩ が後手必勝。{b} を {a} と "
                "{r} に分けて "
                "{r} を削除する。",
                a=a,
                b=b,
                r=b - a,
                w=_v2_words(a, lang),
            )
        steps.append(Step("strategy", text))
    return steps


def delete_nim(position: Position, lang: str) -> list[Step]:
    """Delete Nim: both heaps odd, and the Grundy value v2((a−1) ∨ (b−1) + 1) worked out."""
    a, b = position
    parity = {True: say(lang, "odd", "奇数"), False: say(lang, "even", "偶数")}
    text = say(
        lang,
        "Delete Nim (seed 001 §3, [1]): ⟨a, b⟩ is a P-position exactly when a and b are both odd. "
        "{a} is {pa}, {b} is {pb}.",
        "削除分割ニム: ⟨a, b⟩ が後手必勝であるのは a, b がともに奇数のときに限る。{a} は{pa}、{b} "
        "は{pb}。",
        a=a,
        b=b,
        pa=parity[a % 2 == 1],
        pb=parity[b % 2 == 1],
    )
    x = (a - 1) | (b - 1)
    g = v2(x + 1)
    width = max(1, (x + 1).bit_length())
    lines = (
        f"  a−1 = {a - 1:0{width}b}",
        f"  b−1 = {b - 1:0{width}b}",
        f"∨       {'─' * width}",
        f"        {x:0{width}b}",
        f"  + 1 = {x + 1:0{width}b}",
    )
    grundy = say(
        lang,
        "Its Grundy value is v2((a−1) ∨ (b−1) + 1) (∨: binary OR): {x} + 1 = {y}, which 2 divides "
        "{g} times, so G = {g}.",
        "グランディ数は v2((a−1) ∨ (b−1) + 1)（∨ は2進の論理和）: {x} + 1 = {y} は 2 で {g} "
        "回割れるので G = {g}。",
        x=x,
        y=x + 1,
        g=g,
    )
    return [
        Step("theorem", text, data={"a": a, "b": b}),
        Step("binary", grundy, lines if width <= 128 else (), {"grundy": g}),
    ]


def theorem3(position: Position, lang: str) -> list[Step]:
    """Theorem 3 for 4-heap half Split-and-delete Nim, each condition checked with numbers."""
    a, b, c, d = position
    text = say(
        lang,
        "Theorem 3 (seed 001): sorted ⟨a, b, c, d⟩ is a P-position exactly when a = b = c, a ∈ S "
        "(v2(a) even) and d ∈ D(a).",
        "定理 3（4 山半数分割削除ニム）: 昇順表記 ⟨a, b, c, d⟩ が後手必勝であるのは "
        "a = b = c、a ∈ S"
        "（v2(a) が偶数）かつ d ∈ D(a) のときに限る。",
    )
    checks = [
        say(lang, "a = b = c: {ok}", "a = b = c: {ok}", ok=_yes(a == b == c, lang)),
        _v2_words(a, lang) + say(lang, " (a ∈ S: {ok})", "（a ∈ S: {ok}）", ok=_yes(in_s(a), lang)),
    ]
    if in_s(a):
        checks.append(_d_words(a, d, lang))
    steps = [Step("theorem", text, tuple(checks), {"sorted": list(position)})]
    if not (a == b == c and in_s(a) and in_d(a, d)):
        steps.append(Step("strategy", _case(position, lang)))
    return steps


def _yes(ok: bool, lang: str) -> str:
    return say(lang, "yes", "はい") if ok else say(lang, "no", "いいえ")


def _d_words(a: int, d: int, lang: str) -> str:
    if a == 1:
        return say(
            lang,
            "D(1) holds every positive integer, so d ∈ D(1)",
            "D(1) は全ての正の整数なので d ∈ D(1)",
        )
    if d < a:
        return say(lang, "d = {d} < a, so d ∉ D(a)", "d = {d} < a なので d ∉ D(a)", d=d)
    t = d // a - 1
    base = d - t * a
    return say(
        lang,
        "d = {d} = {base} + {t}·{a} with {a} ≤ {base} ≤ {top}; {base} ∈ S: {ok}; each of the {t} "
        "steps of {a} flips membership, so d ∈ D({a}): {result}",
        "d = {d} = {base} + {t}·{a}（{a} ≤ {base} ≤ {top}）; {base} ∈ S: {ok}; {a} "
        "を引くごとに所属が反転するので "
        "d ∈ D({a}): {result}",
        d=d,
        base=base,
        t=t,
        a=a,
        top=2 * a - 1,
        ok=_yes(in_s(base), lang),
        result=_yes(in_d(a, d), lang),
    )


def _case(position: Position, lang: str) -> str:
    a, b, c, _ = position
    if a == 1:
        return say(
            lang,
            "Proof of Theorem 3: a = 1, so splitting 1 off c and d and deleting the rest reaches "
            "⟨1, 1, 1, b⟩, a P-position.",
            "定理 3 の証明: a = 1 なので c, d から 1 を分けて残りを削除すれば後手必勝の ⟨1, 1, 1, "
            "b⟩ になる。",
        )
    if not in_s(a):
        return say(
            lang,
            "Proof of Theorem 3, case (i): a ∉ S, so a/2 = {h} ∈ S; split a into halves and move "
            "to "
            "⟨{h}, {h}, {h}, ·⟩.",
            "定理 3 の証明 (i): a ∉ S なので a/2 = {h} ∈ S。a を半分に分けて ⟨{h}, {h}, {h}, ·⟩ "
            "にする。",
            h=a // 2,
        )
    if not a == b == c:
        return say(
            lang,
            "Proof of Theorem 3, case (ii): a ∈ S but not a = b = c; split two larger heaps to "
            "make "
            "three equal heaps.",
            "定理 3 の証明 (ii): a ∈ S だが a = b = c でないので、大きい山を 2 "
            "つ分割して等しい山を 3 つ作る。",
        )
    return say(
        lang,
        "Proof of Theorem 3, case (iii): d ∉ D(a); split d (and one a) to reach a P-position.",
        "定理 3 の証明 (iii): d ∉ D(a) なので、d（と a の 1 つ）を分割して後手必勝形にする。",
    )

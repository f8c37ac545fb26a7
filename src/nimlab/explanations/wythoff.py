"""Explaining Wythoff's game: (⌊nφ⌋, ⌊nφ²⌋) and seed 000's Fibonacci strategy."""

from __future__ import annotations

from nimlab.explanations import Step
from nimlab.explanations.words import say
from nimlab.games.base import Position
from nimlab.theory.wythoff import lower, upper
from nimlab.theory.zeckendorf import code, down, is_even_zero, trailing_zeros, up

SHOWN_DIGITS = 64


def _code(x: int) -> str:
    text = code(x)
    return text if len(text) <= SHOWN_DIGITS else f"{text[:16]}…{text[-40:]}"


def _parity(x: int, lang: str) -> str:
    if x == 0:
        return say(lang, "0 counts as even-zero", "0 は偶零数とみなす")
    zeros = trailing_zeros(x)
    kind = say(lang, "even-zero", "偶零数") if zeros % 2 == 0 else say(lang, "odd-zero", "奇零数")
    return say(
        lang,
        "φ({x}) = {c} ends in {z} zero" + ("" if zeros == 1 else "s") + ": {kind}",
        "φ({x}) = {c} の右端の 0 は {z} 個で{kind}",
        x=x,
        c=_code(x),
        z=zeros,
        kind=kind,
    )


def pairs(position: Position, lang: str) -> list[Step]:
    """The P-position with the same difference, by Beatty and by Fibonacci codes; then the move."""
    p, q = position
    n = q - p
    pn, qn = lower(n), upper(n)
    if n == 0:
        text = say(
            lang,
            "The heaps are equal (difference n = 0); the only P-position with difference 0 is (0, "
            "0).",
            "2つの山は同数（差 n = 0）で、差が 0 の後手必勝形は (0, 0) だけである。",
        )
    else:
        text = say(
            lang,
            "Sort the heaps: p = {p} ≤ q = {q}, difference n = {n}. The one P-position with this "
            "difference is (p_n, q_n) = (⌊nφ⌋, ⌊nφ²⌋) = ({pn}, {qn}), exactly: ⌊nφ⌋ = "
            "(n + ⌊√(5n²)⌋) div 2 (seed 002; seed 001 §4).",
            "山を p = {p} ≤ q = {q} と並べると差は n = {n}。差が n の後手必勝形は (p_n, q_n) = "
            "(⌊nφ⌋, ⌊nφ²⌋) = ({pn}, {qn}) ただ1つで、⌊nφ⌋ = (n + ⌊√(5n²)⌋) div 2 "
            "と整数で正確に計算できる。",
            p=p,
            q=q,
            n=n,
            pn=pn,
            qn=qn,
        )
    steps = [Step("theorem", text, data={"p": p, "q": q, "n": n, "p_n": pn, "q_n": qn})]
    if n:
        steps.append(_fibonacci(n, pn, qn, lang))
    steps.append(_strategy(p, q, n, pn, qn, lang))
    return steps


def _fibonacci(n: int, pn: int, qn: int, lang: str) -> Step:
    even = is_even_zero(n)
    text = say(
        lang,
        "Seed 000's route: {parity}, so p_n = up(n){minus} = {pn} and q_n = up(p_n) = {qn} "
        "(Game IV theorem).",
        "ゲーム IV の定理による計算: {parity}なので p_n = up(n){minus} = {pn}、q_n = up(p_n) = "
        "{qn}。",
        parity=_parity(n, lang),
        minus=" − 1" if even else "",
        pn=pn,
        qn=qn,
    )
    if even:
        text += say(
            lang,
            " (Seed 000's practical strategy as printed compares p with up(n) = {u}; by its own "
            "theorem the number to compare with is p_n = {pn}, used here.)",
            "（論文の実戦的必勝法は p を up(n) = {u} と比べているが、定理によれば比べるべきは p_n "
            "= {pn} である。）",
            u=up(n),
            pn=pn,
        )
    lines = tuple(f"φ({x}) = {_code(x)}" for x in (n, pn, qn))
    return Step("zeckendorf", text, lines, {"n_code": code(n), "p_code": code(pn)})


def _strategy(p: int, q: int, n: int, pn: int, qn: int, lang: str) -> Step:
    if p == pn:
        text = say(
            lang,
            "p = p_n: ({p}, {q}) is that P-position itself (strategy (1)).",
            "p = p_n なので ({p}, {q}) はその後手必勝形そのものである（必勝法 (1)）。",
            p=p,
            q=q,
        )
        return Step("strategy", text)
    if p > pn:
        text = say(
            lang,
            "p = {p} > p_n = {pn}: take {k} from both heaps to reach ({pn}, {qn}) (strategy (2)).",
            "p = {p} > p_n = {pn} なので、両方の山から {k} 個ずつ取って ({pn}, {qn}) "
            "にする（必勝法 (2)）。",
            p=p,
            pn=pn,
            qn=qn,
            k=p - pn,
        )
        if p == qn:  # the larger heap alone can reach it too (2,3 → 2,1: the same position)
            text += say(
                lang,
                " Taking {k} from the heap of {q} alone leaves the same position.",
                "{q} 個の山だけから {k} 個取っても同じ局面になる。",
                k=q - pn,
                q=q,
            )
        return Step("strategy", text, data={"case": 2})
    partner = up(p) if is_even_zero(p) else down(p)
    how = "up" if is_even_zero(p) else "down"
    text = say(
        lang,
        "p = {p} < p_n = {pn} (strategy (3)): {parity}, so p's partner is {how}(p) = {y}; "
        "take {k} from the heap of {q} to reach ({p}, {y}).",
        "p = {p} < p_n = {pn}（必勝法 (3)）: {parity}なので p と組になる数は {how}(p) = {y}。"
        "{q} 個の山から {k} 個取って ({p}, {y}) にする。",
        p=p,
        pn=pn,
        parity=_parity(p, lang),
        how=how,
        y=partner,
        q=q,
        k=q - partner,
    )
    return Step("strategy", text, data={"case": 3, "partner": partner})

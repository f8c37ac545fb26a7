"""Explaining take-away games: the binary or Fibonacci code and the digit to remove (seeds 000, "
"002)."""

from __future__ import annotations

from nimlab.explanations import Step
from nimlab.explanations.words import say
from nimlab.games.base import Position, Ruleset
from nimlab.theory.zeckendorf import code, take_away_sequence, zeckendorf

SHOWN_DIGITS = 64
SHOWN_TERMS = 8


def _digits(text: str) -> str:
    """A long code shortened to its ends, with its length."""
    if len(text) <= SHOWN_DIGITS:
        return text
    return f"{text[:16]}…{text[-40:]} ({len(text)} digits)"


def _terms(terms: list[int]) -> str:
    if len(terms) > SHOWN_TERMS:
        terms_text = [*map(str, terms[:3]), "…", *map(str, terms[-2:])]
        return " + ".join(terms_text) + f" ({len(terms)} terms)"
    return " + ".join(map(str, terms))


def representation(c: int, n: int, lang: str) -> Step:
    """n's code over H (binary for C = 1, Fibonacci for C = 2) and its smallest term ℓ(n)."""
    seq = take_away_sequence(c)
    terms = seq.representation(n)
    small = terms[-1]
    data = {"n": n, "terms_count": len(terms), "smallest": small}
    if c == 1:
        p = small.bit_length() - 1
        text = say(
            lang,
            "In binary, {n} = {code} ({terms}). Its rightmost 1 stands for ℓ({n}) = {l} = 2^{p}: "
            "{n} = 2^{p}·(2q+1) (seed 000, Game II).",
            "{n} を2進法で表すと {code}（{terms}）。最も右の 1 は ℓ({n}) = {l} = 2^{p} を表す"
            "（{n} = 2^{p}・(2q+1)、ゲーム II）。",
            n=n,
            code=_digits(format(n, "b")),
            terms=_terms(terms),
            l=small,
            p=p,
        )
        return Step("binary", text, data=data | {"code": format(n, "b")})
    if c == 2:
        indices = zeckendorf(n)
        text = say(
            lang,
            "The Fibonacci representation of {n} is φ({n}) = {code} ({terms}). "
            "Its rightmost 1 stands for ℓ({n}) = {l}.",
            "{n} のフィボナッチ表現は φ({n}) = {code}（{terms}）。最も右の 1 は ℓ({n}) = {l} "
            "を表す。",
            n=n,
            code=_digits(code(n)),
            terms=_terms(terms),
            l=small,
        )
        return Step("zeckendorf", text, data=data | {"indices": indices})
    head = ", ".join(map(str, seq.first(8)))
    text = say(
        lang,
        "Take-away:{c} uses H = {head}, … (H₁ = 1, H_(j+1) = H_j + H_m with m least such that "
        "{c}·H_m ≥ H_j; Whinihan, Schwenk). Greedily, {n} = {terms}; the smallest term is ℓ({n}) = "
        "{l}.",
        "take-away:{c} では H = {head}, …（H₁ = 1、H_(j+1) = H_j + H_m、m は {c}·H_m ≥ H_j "
        "となる最小の添字）"
        "を使う。大きい項から貪欲に取ると {n} = {terms} で、最小の項は ℓ({n}) = {l}。",
        c=c,
        head=head,
        n=n,
        terms=_terms(terms),
        l=small,
    )
    return Step("representation", text, data=data)


def _source(c: int, lang: str) -> str:
    if c == 1:
        return say(lang, "seed 000, Game II theorem", "ゲーム II の定理")
    if c == 2:
        return say(lang, "seed 000, Game III theorem; seed 002", "ゲーム III の定理")
    return say(lang, "Whinihan; Schwenk", "Whinihan, Schwenk の定理")


def smallest_term(game: Ruleset, position: Position, lang: str) -> list[Step]:
    """The code with the digit to remove, then the theorem's condition with the numbers in."""
    n, m = position
    c = game.capabilities.take_away_multiplier or 1
    if n == 0:
        text = say(
            lang,
            "No stones are left: the player to move cannot move and loses.",
            "石が残っていないので、手番のプレイヤーは取れずに負ける。",
        )
        return [Step("theorem", text)]
    step = representation(c, n, lang)
    small = step.data["smallest"]
    data = {"n": n, "m": m, "smallest": small, "multiplier": c}
    if small > m:
        text = say(
            lang,
            "At most {m} may be taken now, but ℓ({n}) = {l} > {m}. Whatever k ≤ {m} is taken, the "
            "smallest term of what is left is at most {c}·k, so the opponent can take it and keep "
            "the win ({src}).",
            "今取れるのは {m} 個までだが ℓ({n}) = {l} > {m} で取れない。k ≤ {m} "
            "個のどれを取っても、残りの最小の項は "
            "{c}·k 以下になり、相手がそれを取って勝ちを保つ（{src}）。",
            m=m,
            n=n,
            l=small,
            c=c,
            src=_source(c, lang),
        )
        return [step, Step("theorem", text, data=data)]
    rest = n - small
    if rest == 0:
        text = say(
            lang,
            "ℓ({n}) = {n} ≤ {m}: take all {n} stones and win.",
            "ℓ({n}) = {n} ≤ {m} なので、{n} 個全部取って勝つ。",
            n=n,
            m=m,
        )
        return [step, Step("theorem", text, data=data)]
    after = take_away_sequence(c).smallest(rest)
    text = say(
        lang,
        "At most {m} may be taken now and ℓ({n}) = {l} ≤ {m}: take {l}. What is left, {rest}, has "
        "smallest term {after} > {c}·{l} = {limit}, so the opponent cannot take it ({src}).",
        "今 {m} 個まで取れて ℓ({n}) = {l} ≤ {m} なので {l} 個取る。残りの {rest} の最小の項は "
        "{after} > "
        "{c}·{l} = {limit} で、相手はそれを取れない（{src}）。",
        m=m,
        n=n,
        l=small,
        rest=rest,
        after=after,
        c=c,
        limit=c * small,
        src=_source(c, lang),
    )
    return [step, Step("theorem", text, data=data | {"rest": rest, "rest_smallest": after})]

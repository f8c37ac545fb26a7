"""Explaining misère play by its closed forms: misère Wythoff and one subtraction heap.

>>> from nimlab.games.wythoff import Wythoff
>>> [s.kind for s in wythoff(Wythoff(), (3, 4), "en")]
['theorem']
>>> print(wythoff(Wythoff(), (3, 4), "en")[0].lines[0])
misère P-positions: (0, 1), (2, 2), (3, 5), (4, 7), (6, 10), …
"""

from __future__ import annotations

from nimlab.explanations import Step
from nimlab.explanations.words import say
from nimlab.games.base import Position, Ruleset
from nimlab.limits import Limits
from nimlab.theory.wythoff import lower, upper

SHOWN_PAIRS = 5


def wythoff(game: Ruleset, position: Position, lang: str) -> list[Step]:
    """Misère Wythoff: the normal P-positions with two exceptions at the bottom."""
    from nimlab.misere.closed_forms import misere_wythoff_p  # the misère package, on use

    a, b = position
    pairs = [(0, 1), (2, 2)] + [(lower(k), upper(k)) for k in range(2, SHOWN_PAIRS)]
    verdict = (
        say(lang, "{pos} is one of them.", "{pos} はその一つである。", pos=f"({a}, {b})")
        if misere_wythoff_p(a, b)
        else say(
            lang,
            "{pos} is not one of them: the one whose heaps differ by {d} is {pair}.",
            "{pos} はそのどれでもない: 山の差が {d} のものは {pair}。",
            pos=f"({a}, {b})",
            d=b - a,
            pair=_with_difference(b - a),
        )
    )
    text = say(
        lang,
        "Misère Wythoff (the last player to move loses): the P-positions are those of normal "
        "play, (⌊kφ⌋, ⌊kφ²⌋), except that (0, 0) and (1, 2) are replaced by (0, 1) and (2, 2). "
        "{verdict}",
        "ミゼールワイトホフ(最後に取った人が負け): P 局面は通常形の (⌊kφ⌋, ⌊kφ²⌋) と同じだが、"
        "(0, 0) と (1, 2) が (0, 1) と (2, 2) に置き換わる。{verdict}",
        verdict=verdict,
    )
    shown = ", ".join(f"({x}, {y})" for x, y in pairs)
    line = say(lang, "misère P-positions: {p}, …", "ミゼールの P 局面: {p}, …", p=shown)
    return [Step("theorem", text, (line,), {"p_positions": [list(p) for p in pairs]})]


def _with_difference(d: int) -> str:
    if d == 1:
        return "(0, 1)"
    if d == 0:
        return "(2, 2)"
    return f"({lower(d)}, {upper(d)})"


def subtraction(game: Ruleset, position: Position, lang: str) -> list[Step]:
    """One heap of a subtraction game with 1 ∈ S: shifted by one from normal play."""
    from nimlab.solve.engine import grundy
    from nimlab.theory.misere_forms import lone_heap

    n = lone_heap(position)
    assert n is not None  # the theorem applied
    before = grundy(game, (n - 1,)) if n >= 1 else None
    if before is None and len(position) > 1:
        why = say(
            lang,
            "Every heap is empty: the player to move has no move and so wins.",
            "山はすべて空: 手番の人は動けないので勝ち。",
        )
    elif before is None:
        why = say(
            lang,
            "The heap is empty: the player to move has no move and so wins.",
            "山は空: 手番の人は動けないので勝ち。",
        )
    else:
        why = say(
            lang,
            "In normal play the heap of {m} has Grundy value {g}, so the heap of {n} is {kind}.",
            "通常形では {m} 個の山のグランディ数は {g} なので、{n} 個の山は{kind}。",
            m=n - 1,
            g=before,
            n=n,
            kind=say(lang, "a P-position", "P 局面")
            if before == 0
            else say(lang, "an N-position", "N 局面"),
        )
    text = say(
        lang,
        "Misère play of {spec} (the last player to move loses). Since 1 ∈ S, every heap n ≥ 1 "
        "can take one stone, so the misère rule is the normal rule shifted by one: the heap of n "
        "is a P-position exactly when n ≥ 1 and n − 1 is a normal-play P-position. {why}",
        "{spec} のミゼール(最後に取った人が負け)。1 ∈ S なので n ≥ 1 の山はいつも 1 個取れ、"
        "ミゼールの規則は通常形を 1 つずらしたものになる: n 個の山が P 局面になるのは n ≥ 1 かつ "
        "n − 1 個の山が通常形の P 局面のときちょうどである。{why}",
        spec=game.spec,
        why=why,
    )
    return [Step("theorem", text, (), {"normal_grundy_before": before})]


def one_heap_period(game: Ruleset, position: Position, lang: str, limits: Limits) -> list[Step]:
    """One heap of a game whose moves leave at most one heap: its misère value is read off
    the proven period of the misère values of single heaps."""
    from nimlab.games.base import as_heap_ruleset
    from nimlab.solve.periodicity import misere_criterion, proven_period
    from nimlab.theory.misere_forms import lone_heap, misere_heap_value

    heap_game = as_heap_ruleset(game)
    proof = misere_criterion(game)
    assert heap_game is not None and proof is not None
    value_of = misere_heap_value(heap_game, limits)  # the theorem answered: it is proven
    known = proven_period(heap_game, limits, misere=True)
    n = lone_heap(position)
    assert known is not None and n is not None
    value = value_of(n)
    if n < known.preperiod:  # before the period starts: the value is the recursion's own
        same_words = say(
            lang,
            "The heap of {n} comes before the period starts, and the recursion gives g⁻({n}) = "
            "{value}",
            "{n} 個の山は周期が始まる前にあり、再帰で g⁻({n}) = {value}",
            n=n,
            value=value,
        )
    else:
        same = known.preperiod + (n - known.preperiod) % known.period
        same_words = say(
            lang,
            "So g⁻({n}) = g⁻({same}) = {value}",
            "よって g⁻({n}) = g⁻({same}) = {value}",
            n=n,
            same=same,
            value=value,
        )
    text = say(
        lang,
        "Misère play of {spec} (the last player to move loses). Every move from one heap leaves "
        "at most one heap, so the misère value g⁻ of a heap is the mex of the values of the "
        "heaps it can leave (the empty position counts 1, and a heap with no move is worth 1), "
        "and past the first heaps it is one function of the {w} values before it. The values "
        "g⁻(n + {p}) = g⁻(n) agree on {w} heaps in a row from {n0}, so they agree for every "
        "n ≥ {n0}: the period is {p}. {same_words}: {kind}.",
        "{spec} のミゼール(最後に取った人が負け)。どの手も山を 1 つ以下しか残さないので、"
        "山のミゼールの値 g⁻ は残せる山の値の mex(空の局面は 1、手のない山も 1)で、"
        "最初の山を過ぎるとその前の {w} 個の値だけで決まる。g⁻(n + {p}) = g⁻(n) が {n0} から "
        "{w} 個続けて成り立つので、すべての n ≥ {n0} で成り立つ: 周期は {p}。"
        "{same_words} で、{kind}。",
        spec=game.spec,
        w=proof.parameter,
        p=known.period,
        n0=known.preperiod,
        same_words=same_words,
        kind=say(lang, "a P-position", "P 局面")
        if value == 0
        else say(lang, "an N-position", "N 局面"),
    )
    return [
        Step(
            "theorem",
            text,
            (),
            {"preperiod": known.preperiod, "period": known.period, "misere_grundy": value},
        )
    ]

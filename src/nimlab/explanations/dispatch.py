"""Which explanation a position gets, and the verdict and move every explanation ends with."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nimlab.explanations import Step, generic, heaps, misere, split_delete, take_away, wythoff
from nimlab.explanations.words import move_words, say
from nimlab.games.base import Position, Ruleset, as_heap_ruleset
from nimlab.games.sums import EMPTY
from nimlab.limits import Limits
from nimlab.solve.oracles import find_oracle
from nimlab.solve.results import Analysis

SHOWN_MOVES = 3
"""Winning moves named in the conclusion (the rest are counted)."""


def reasons(
    game: Ruleset, position: Position, analysis: Analysis, lang: str, limits: Limits
) -> list[Step]:
    """The steps that show why: the theorem that answers the position, or search.

    Chosen by what the game declares and which registered theorem applies,
    never by the ruleset's class.
    """
    oracle = find_oracle(game, position)
    theorem = None if oracle is None else oracle.name
    if theorem == "nim":
        return heaps.nim(position, lang)
    heap_game = as_heap_ruleset(game)
    if heap_game is not None:
        return heaps.mex(heap_game, position, lang, limits)
    if game.summands():
        return heaps.components(game, position, lang, limits)
    explained = _BY_THEOREM.get(theorem or "")
    if explained is not None:
        return explained(game, position, analysis, lang)
    return generic.search(game, position, lang, limits)


def misere_reasons(
    game: Ruleset, position: Position, analysis: Analysis, lang: str, limits: Limits
) -> list[Step]:
    """The steps that show why under misère play: the theorem that answered, else search.

    The theorem that applies is not always the one that answered: one that could not finish
    within the limits (no period of the misère values proven) left the answer to the search.
    """
    oracle = find_oracle(game, position, misere=True)
    answered = analysis.how.name if analysis.how is not None else None
    if oracle is not None and answered != f"oracle:{oracle.name}":
        oracle = None
    if oracle is not None and oracle.name == "misere-nim":
        return heaps.misere_nim(position, lang)
    if oracle is not None and oracle.name == "misere-quotient":
        return quotient_arithmetic(game, position, lang)
    if oracle is not None and oracle.name == "misere-wythoff":
        return misere.wythoff(game, position, lang)
    if oracle is not None and oracle.name == "misere-subtraction":
        return misere.subtraction(game, position, lang)
    if oracle is not None and oracle.name == "misere-one-heap":
        return misere.one_heap_period(game, position, lang, limits)
    return generic.search(game, position, lang, limits, misere=True)


def quotient_arithmetic(game: Ruleset, position: Position, lang: str) -> list[Step]:
    """Misère play through the quotient: each heap's element, their product, the P-portion."""
    from nimlab.solve.periodicity import criterion_words
    from nimlab.theory.misere_quotient import QUOTIENT_LIMITS, quotient_answer

    heap_game = as_heap_ruleset(game)
    assert heap_game is not None
    answer = quotient_answer(heap_game, position, QUOTIENT_LIMITS, with_moves=False)  # analyze's
    p_portion = "{" + ", ".join(answer.p_portion) + "}"
    text = say(
        lang,
        "Under misère play a sum is not the nim-sum of its parts. Instead each heap stands for "
        "an element of the misère quotient of {spec} (order {order}, certified for every sum "
        "of heaps ≤ {top}; Plambeck and Siegel 2008), and a position is P exactly when the "
        "product of its heaps' elements lies in the P-portion {p}.",
        "ミゼールでは和のグランディ数はニム和にならない。代わりに各山を {spec} のミゼール商"
        "（位数 {order}、{top} 以下の山のすべての和について検証済み。Plambeck・Siegel 2008）"
        "の元に対応させ、その積が P 部分 {p} に入るときちょうど P 局面になる。",
        spec=game.spec,
        order=answer.quotient_order,
        top=answer.quotient_max_heap,
        p=p_portion,
    )
    period = answer.period
    if period is not None:
        text += ("" if lang == "ja" else " ") + say(
            lang,
            "Heaps of any size are covered: from heap {n0} on each heap's element is that of "
            "the heap {p} stones smaller, proven by the {criterion} on the heaps ≤ {top} "
            "(their elements and option sets repeat).",
            "どの大きさの山にも当てはまる: 山 {n0} 以降、各山の元は石が {p} 個少ない山の元に"
            "等しく、{top} 以下の山（元と選択肢の集合が繰り返す）で {criterion} により証明済み。",
            n0=period.preperiod + period.period,  # the images repeat from the preperiod on
            p=period.period,
            criterion=criterion_words(game, lang) or period.criterion,
            top=answer.quotient_max_heap,
        )
    shown = dict(zip(position, answer.factors, strict=True))
    lines = tuple(f"{h} → {e}" for h, e in shown.items())
    data = {"elements": {str(h): e for h, e in shown.items()}, "p_portion": list(answer.p_portion)}
    steps = [Step("quotient", text, lines, data)]
    verdict = say(
        lang,
        "The product is {arithmetic}.",
        "積は {arithmetic}。",
        arithmetic=answer.arithmetic,
    )
    steps.append(Step("product", verdict, data={"element": answer.element}))
    return steps


Explainer = Callable[[Ruleset, Position, Analysis, str], list[Step]]

_BY_THEOREM: dict[str, Explainer] = {
    "game-two": lambda g, p, a, lang: take_away.smallest_term(g, p, lang),
    "fibonacci-nim": lambda g, p, a, lang: take_away.smallest_term(g, p, lang),
    "take-away-c": lambda g, p, a, lang: take_away.smallest_term(g, p, lang),
    "wythoff-beatty": lambda g, p, a, lang: wythoff.pairs(p, lang),
    "wythoff-fibonacci": lambda g, p, a, lang: wythoff.pairs(p, lang),
    "split-delete-theorem-1": lambda g, p, a, lang: split_delete.theorem1(p, a, lang),
    "delete-nim-2": lambda g, p, a, lang: split_delete.delete_nim(p, lang),
    "half-theorem-3": lambda g, p, a, lang: split_delete.theorem3(p, lang),
}
"""The explanation of each registered theorem, by the theorem's name."""


ENDING_MOVES = 8
"""A P-position with at most this many moves is checked for moves that all end the game."""


def _every_move_ends(game: Ruleset, position: Position) -> bool:
    """Whether each of the few moves of ``position`` leaves no move (no mistake to wait for)."""
    options = game.some_moves(position, ENDING_MOVES + 1)
    return len(options) <= ENDING_MOVES and all(not game.some_moves(m.to, 1) for m in options)


def conclusion(game: Ruleset, position: Position, analysis: Analysis, lang: str) -> list[Step]:
    """The verdict, then the winning move (or, at a P-position, that none exists)."""
    kind = (
        say(lang, "an N-position", "先手必勝")
        if analysis.outcome == "N"
        else say(lang, "a P-position", "後手必勝")
    )
    if analysis.grundy is not None:
        verdict = say(
            lang,
            "So {pos} is {kind}; its Grundy value is {g}.",
            "したがって {pos} は{kind}の局面で、グランディ数は {g}。",
            pos=analysis.position or EMPTY,
            kind=kind,
            g=analysis.grundy,
        )
    else:
        verdict = say(
            lang,
            "So {pos} is {kind}.",
            "したがって {pos} は{kind}の局面である。",
            pos=analysis.position or EMPTY,
            kind=kind,
        )
    data = {"outcome": analysis.outcome, "grundy": analysis.grundy}
    steps = [Step("verdict", verdict, data=data)]
    moves = analysis.winning_moves
    if analysis.outcome == "P" and not game.some_moves(position, 1):  # the game is over
        text = say(
            lang,
            "The player to move has no move left, and under normal play that is a loss.",
            "手番の人はもう動けず、通常形ではそれが負けになる。",
        )
        return [*steps, Step("move", text, data={"moves": []})]
    if analysis.outcome == "P" and _every_move_ends(game, position):  # misère only
        text = say(
            lang,
            "Every move ends the game, and under misère play whoever makes the last move loses.",
            "どの手でもゲームが終わり、ミゼールでは最後に動いた方が負けになる。",
        )
        return [*steps, Step("move", text, data={"moves": []})]
    if analysis.outcome == "P":
        text = say(
            lang,
            "Every move leads to an N-position, so the player to move can only wait for a mistake.",
            "どう取っても相手の先手必勝の局面になるので、相手が必勝法から外れるまで粘るしかない。",
        )
        return [*steps, Step("move", text, data={"moves": []})]
    if not moves and analysis.winning_moves_complete:  # misère play: no move at all is a win
        text = say(
            lang,
            "The player to move has no move left, and under misère play that is a win.",
            "手番の人はもう動けず、ミゼールではそれが勝ちになる。",
        )
        return [*steps, Step("move", text, data={"moves": []})]
    shown = [f"{move_words(m, lang)} → {m.to}" for m in moves[:SHOWN_MOVES]]
    text = say(lang, "Winning move: ", "必勝法: ") + "; ".join(shown)
    more = len(moves) - len(shown)
    complete = analysis.winning_moves_complete
    if more > 0 and complete:
        text += say(lang, " (and {k} more)", "（ほかに {k} 通り）", k=more)
    elif more > 0:  # a list read through a period: some winning moves may not be in it
        text += say(
            lang,
            " (and {k} more listed; there may be others)",
            "（ほかに {k} 通りを挙げた。挙げていない必勝手もありうる）",
            k=more,
        )
    elif not complete:
        text += say(lang, " (there may be others)", "（ほかにもありうる）")
    listed: dict[str, Any] = {"moves": [m.to_dict() for m in moves], "complete": complete}
    return [*steps, Step("move", text, data=listed)]

"""``explain``: why a position is what it is, step by step, in English or Japanese.

An :class:`Explanation` is a frozen value: the verdict, the Grundy value, and
structured :class:`Step` s — the mex steps of seed 004, the nim-sum column
addition of seed 003, the binary or Fibonacci code with the digit to remove
(seeds 000, 002), the theorem's condition with the numbers filled in (seed 001).
``to_dict()`` serves it as JSON; ``text()`` renders it for a terminal. Games no
theorem covers are explained from exhaustive search ("this option is P").

>>> e = explain("nim", "3,4,5")
>>> e.outcome, [s.kind for s in e.steps]
('N', ['nim-sum', 'strategy', 'verdict', 'move'])
>>> print("\\n".join(e.steps[0].lines))
  3 = 011
  4 = 100
  5 = 101
⊕     ───
  2 = 010   (nim-sum)
>>> explain("fibonacci-nim", "31", lang="ja").steps[0].text
'31 のフィボナッチ表現は φ(31) = 1010010（21 + 8 + 2）。最も右の 1 は ℓ(31) = 2 を表す。'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from nimlab.errors import TooLarge
from nimlab.games.base import Position, Ruleset
from nimlab.games.sums import EMPTY
from nimlab.limits import Limits, check_limits
from nimlab.registry import game as as_game
from nimlab.solve.results import Analysis, Outcome
from nimlab.text import fenced, markdown


@dataclass(frozen=True)
class Step:
    """One step of an explanation: a sentence, an optional block of lines, and its numbers."""

    kind: str
    text: str
    lines: tuple[str, ...] = ()
    data: dict[str, Any] = field(default_factory=dict, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "lines": list(self.lines), "data": self.data}


@dataclass(frozen=True)
class Explanation:
    """Why ``position`` of ``game`` is a P- or N-position, in ``lang``."""

    game: str
    position: str
    lang: str
    outcome: Outcome
    grundy: int | None
    method: str
    steps: tuple[Step, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "position": self.position,
            "lang": self.lang,
            "outcome": self.outcome,
            "grundy": self.grundy,
            "method": self.method,
            "steps": [s.to_dict() for s in self.steps],
        }

    def text(self) -> str:
        """The explanation for a terminal: a heading, then each step."""
        from nimlab.explanations.words import outcome_words

        shown = self.position or EMPTY  # the empty position, not nothing
        lines = [f"{self.game}  {shown}: {outcome_words(self.outcome, self.lang)}"]
        for step in self.steps:
            lines.append(f"• {step.text}")
            lines.extend(f"    {line}" for line in step.lines)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def _repr_markdown_(self) -> str:
        """In a notebook: the verdict, then each step, its codes and tables as code blocks."""
        from nimlab.explanations.words import outcome_words

        verdict = outcome_words(self.outcome, self.lang)
        head = f"**{markdown(self.game)}** at `{self.position or EMPTY}`: {verdict}"
        parts = [head, ""]
        for step in self.steps:
            parts.append(f"- {markdown(step.text)}")
            if step.lines:
                block = fenced("\n".join(step.lines)).split("\n")
                parts.extend(["", *(f"  {line}" for line in block)])
        return "\n".join(parts)


def explain(
    game: str | Ruleset,
    position: str | Iterable[Any],
    *,
    lang: str = "en",
    misere: bool = False,
    limits: Limits | None = None,
) -> Explanation:
    """Explain ``position`` of ``game`` in ``lang`` ("en" or "ja"), in normal or misère play.

    >>> explain("nim", "1,1,2", misere=True).outcome  # Bouton: reduce the 2 to 1 (odd 1s)
    'N'
    """
    from nimlab.explanations import dispatch
    from nimlab.explanations.words import check_lang
    from nimlab.solve.engine import analyze

    check_lang(lang)
    g = as_game(game)
    pos: Position = g.position(position)
    limits = check_limits(limits)
    try:
        analysis: Analysis = analyze(g, pos, misere=misere, limits=limits)
    except TooLarge as error:  # the quotient answered, its winning moves were refused: kept
        from nimlab.explanations.generic import too_large
        from nimlab.misere.answers import ListingRefused

        raise (
            error if isinstance(error, ListingRefused) else too_large(error, g, misere)
        ) from None
    if misere:
        steps = dispatch.misere_reasons(g, pos, analysis, lang, limits)
    else:
        steps = dispatch.reasons(g, pos, analysis, lang, limits)
    steps += dispatch.conclusion(g, pos, analysis, lang)
    return Explanation(
        game=analysis.game,
        position=analysis.position,
        lang=lang,
        outcome=analysis.outcome,
        grundy=analysis.grundy,
        method=analysis.method,
        steps=tuple(steps),
    )


__all__ = ["Explanation", "Step", "explain"]

"""A verifiable claim and its verification: what ``verify`` and the propositions share.

A :class:`Check` is one statement with its source and a default bound;
:class:`Verification` is what checking it found. The oracles' checks
(:mod:`nimlab.theory.verify`) and the seeds' propositions
(:mod:`nimlab.theory.properties`) both build on this module, so neither
imports the other.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from nimlab.errors import TooLarge
from nimlab.limits import Budget, Limits

MAX_PROBLEMS = 5
"""Disagreements reported per check (the count is always complete)."""


@dataclass(frozen=True)
class Verification:
    """The result of one check: how many positions, and whether all agreed.

    ``refused`` is the limit that stopped the check before its bound (the
    positions counted in ``checked`` were still compared): then ``agree`` is
    false and no disagreement need have been found.
    """

    name: str
    source: str
    bound: int
    checked: int
    agree: bool
    scope: str
    problems: tuple[str, ...] = ()
    source_ja: str = ""
    scope_ja: str = ""
    refused: TooLarge | None = None

    def said(self, lang: str) -> tuple[str, str]:
        """``(source, scope)`` in ``lang`` (the English where a Japanese one is missing)."""
        if lang == "ja":
            return self.source_ja or self.source, self.scope_ja or self.scope
        return self.source, self.scope

    def _repr_markdown_(self) -> str:
        verdict = "agrees" if self.agree else "DISAGREES"
        if self.refused is not None and not self.problems:
            verdict = f"refused ({self.refused})"
        problems = "".join(f"\n- {p}" for p in self.problems)
        return (
            f"**{self.name}** ({self.source}): {verdict} on {self.checked:,} cases — "
            f"{self.scope}{problems}"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "source": self.source,
            "bound": self.bound,
            "checked": self.checked,
            # stopped at a limit with no disagreement: neither agreeing nor not (null)
            "agree": None if self.refused is not None and not self.problems else self.agree,
        } | ({"refused": str(self.refused)} if self.refused is not None else {})


class Check(ABC):
    """One verifiable statement: a name, its source (English, Japanese) and a default bound."""

    name: str
    source: str
    source_ja: str
    default_bound: int

    @abstractmethod
    def scope(self, bound: int, lang: str = "en") -> str:
        """What is checked at this bound, in the words of ``lang``."""

    @abstractmethod
    def problems(self, bound: int, budget: Budget) -> Iterator[str | None]:
        """One item per thing checked: None when it agrees, else what disagrees."""

    def run(self, bound: int, limits: Limits) -> Verification:
        """Check every case up to ``bound``; a check over the limits keeps what it compared."""
        checked, found, refused = 0, [], None
        try:
            for problem in self.problems(bound, limits.budget()):
                checked += 1
                if problem is not None:
                    found.append(problem)
        except TooLarge as error:
            refused = error
        return Verification(
            self.name,
            self.source,
            bound,
            checked,
            not found and refused is None,
            self.scope(bound),
            tuple(found[:MAX_PROBLEMS]),
            self.source_ja,
            self.scope(bound, "ja"),
            refused,
        )

"""A proven period of a misère quotient's heaps: the quotient of *every* heap size.

A certified quotient (Q, P, φ) of heaps ≤ N answers every sum of heaps ≤ N. When the
heaps' data repeat with a period that the game's Guy–Smith (or window) criterion
accepts, it answers every sum of heaps of any size, and Q is the quotient of the whole
game.

**The theorem.** Let a heap game declare the criterion of its normal-play periods
(:class:`~nimlab.games.capabilities.PeriodCriterion`: the window max S of a subtraction
game, Guy–Smith's k·max(n₀, 1) + (k − 1)·p + t for a code taking at most t stones and
leaving at most k heaps), and let B be a bound it accepts for (n₀, p). For a heap h write
E(h) for the elements of its options, D(h) = {z ∈ Q : e·z ∈ P for some e ∈ E(h)} and
γ(h) = (φ(h), D(h), whether h has a move). If (Q, P, φ) is certified for the heaps ≤ N,
N ≥ B + p − 1, and γ(n + p) = γ(n) for n₀ ≤ n < B, then extending φ by φ(n) = φ(n − p)
for n > N gives a faithful quotient of all sums of all heaps: Φ(w) ∈ P exactly when w is
a misère P-position.

*Proof.* The certificate (:class:`~nimlab.misere.certificate.Verified`) checks the mex
rule on every state (Φ(w), D(w)) reachable by adding heaps, and the state of w + h
depends only on the state of w and on γ(h); so it covers every word whose heaps all have
a γ among those of the heaps ≤ N. With φ extended, φ(n + p) = φ(n) for every n ≥ n₀.
For n ≥ B the options of n + p and of n match as the normal-play proof of the criterion
matches them: an option of n + p with one part lifted down by p is an option of n and
back, the part lifted staying ≥ max(n₀, 1) — which is what B ≥ the criterion's bound
guarantees. A product of elements does not change when a factor φ(x) is replaced by
φ(x ± p) for x ≥ n₀, so E(n + p) = E(n), hence D(n + p) = D(n) and both or neither
have a move. Together with the check below B, γ(n + p) = γ(n) for every n ≥ n₀: each
heap's γ is that of a heap < n₀ + p ≤ N, every word is covered, and the mex rule holds
everywhere. Q needs no new element (every heap's image is in it), so Q is the quotient
of the whole game. ∎

This is the misère form of the Guy–Smith argument that Plambeck and Siegel give as
their periodicity theorem for quotients; the check is on γ, which holds the images
themselves, so nothing is taken on trust from the normal-play values.

>>> from nimlab.games.heap import Subtraction
>>> from nimlab.misere.quotient import quotient
>>> q = quotient(Subtraction((1, 2, 3)), 16)
>>> q.period.preperiod, q.period.period, q.period.proven_from, q.period.verified_to
(0, 4, 3, 13)
>>> q.period.criterion
'max(S)-window criterion (a window of 3 values repeats)'
>>> q.image(10**30) == q.image(3 + (10**30 - 3) % 4)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from nimlab.games.base import HeapRuleset
from nimlab.games.capabilities import GUY_SMITH_KIND, WINDOW_KIND, PeriodCriterion
from nimlab.kernels.periodic import GUY_SMITH, WINDOW, least_period

Gamma = tuple[int, int, bool]
"""γ(h) = (φ(h), D(h) as a bitmask over Q, whether heap h has a move)."""


@dataclass(frozen=True)
class QuotientPeriod:
    """Heap n ↦ the element of heap n − p for every n ≥ ``preperiod`` + p, proven.

    ``proven_from`` is the n₀ of the proof (γ repeats from there), ``verified_to`` its
    bound B; ``preperiod`` is the least n₀ from which the images alone repeat with
    ``period`` (at most ``proven_from``); ``criterion`` names the game's theorem.
    """

    preperiod: int
    period: int
    proven_from: int
    verified_to: int
    criterion: str

    def heap(self, h: int) -> int:
        """The heap of at most ``proven_from + period − 1`` stones whose image is h's.

        >>> QuotientPeriod(3, 4, 3, 12, "").heap(10**20)  # 10^20 ≡ 4 (mod 4), from 3
        4
        """
        n0 = self.proven_from
        return h if h < n0 + self.period else n0 + (h - n0) % self.period

    def to_dict(self) -> dict[str, Any]:
        return {
            "preperiod": self.preperiod,
            "period": self.period,
            "status": "proven",
            "proven_from": self.proven_from,
            "verified_to": self.verified_to,
            "criterion": self.criterion,
        }


def quotient_criterion(game: HeapRuleset) -> PeriodCriterion | None:
    """The game's criterion when it is one the theorem above uses (window, Guy–Smith)."""
    declared = game.capabilities.period_criterion
    if declared is None or declared.kind not in (WINDOW_KIND, GUY_SMITH_KIND):
        return None
    return declared


def find_period(
    gammas: Sequence[Gamma], criterion: PeriodCriterion, name: str = ""
) -> QuotientPeriod | None:
    """The least period p whose repetition of γ over heaps 0..N the criterion accepts.

    For each p (smallest first) how far back from the end γ(n + p) = γ(n) holds gives
    n₀, and the repetition holds for n₀ ≤ n < N − p + 1 (the period finder of normal
    play, :func:`~nimlab.kernels.periodic.least_period`, on γ numbered).

    >>> from nimlab.games.capabilities import PeriodCriterion
    >>> window = PeriodCriterion("window", 2)
    >>> gammas = [(0, 0, False), (1, 1, True)] + [(2, 2, True), (3, 3, True)] * 3
    >>> find_period(gammas, window)
    QuotientPeriod(preperiod=2, period=2, proven_from=2, verified_to=6, criterion='')
    >>> find_period(gammas[:5], window) is None  # one repetition is not a window of 2
    True
    """
    numbered: dict[Gamma, int] = {}
    values = [numbered.setdefault(g, len(numbered)) for g in gammas]
    kind = WINDOW if criterion.kind == WINDOW_KIND else GUY_SMITH
    n0, p, _ = least_period(values, kind, criterion.parameter, False, parts=criterion.parts)
    if p < 1:
        return None
    least = n0
    while least > 0 and gammas[least - 1][0] == gammas[least - 1 + p][0]:
        least -= 1
    return QuotientPeriod(least, p, n0, len(gammas) - p, name)

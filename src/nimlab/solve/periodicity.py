"""Exact periodicity of Grundy sequences: (preperiod, period, saltus).

``proven`` is true only when a theorem's criterion has been checked on the
computed values:

* subtraction game S: if G(n+p) = G(n) for max(S) consecutive n from n0,
  then for all n ≥ n0 (each value depends only on the max(S) before it);
* octal game with t = the largest number of stones a move removes: if
  G(n+p) = G(n) for n0 ≤ n < 2·max(n0, 1) + p + t, then for all n ≥ n0 (Guy–Smith,
  *Winning Ways* ch. 4; from n0 = 0 the proof runs from 1, see ``docs/octal.md``);
* Nim: G(n) = n, arithmetic periodic with period 1 and saltus 1;
* a game declaring a ``residue`` theorem (subtract a power of 2: G(n) = n mod 3)
  has that period from 0, proven without computing.

Otherwise a period (or an arithmetic period, saltus ≠ 0) that merely repeats
in the computed values is reported with ``proven=False``.

A proven period answers any heap: it is registered as a value source of
:mod:`nimlab.solve.heaps`, so ``analyze`` and ``grundy_sequence`` reach heaps
of 10^18 and beyond.

>>> periodicity("subtraction:2,4,7")
Periodicity(8, 3, 0, proven=True)
>>> periodicity("kayles")
Periodicity(71, 12, 0, proven=True)
>>> from nimlab.games.heap import Subtraction
>>> proven_period(Subtraction((2, 4, 7))).value(10**18)  # 00112203, then 102 repeating
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import isqrt
from typing import TYPE_CHECKING, Any

from nimlab.checks import check_int
from nimlab.compilation import work_clock
from nimlab.errors import NotApplicable, TooLarge
from nimlab.games.base import HeapRuleset, Heaps, Ruleset, as_heap_ruleset
from nimlab.games.capabilities import GUY_SMITH_KIND, IDENTITY_KIND, RESIDUE_KIND, WINDOW_KIND
from nimlab.kernels.periodic import (
    GUY_SMITH,
    NO_STEP_LIMIT,
    OBSERVED,
    WINDOW,
    least_period,
    least_period_compiled,
)
from nimlab.limits import Budget, Limits, check_limits
from nimlab.registry import game as as_game
from nimlab.solve.context import current
from nimlab.solve.heaps import heap_array, register_value_fallback, register_value_source
from nimlab.solve.misere_heaps import compiled_misere, misere_heap_array
from nimlab.solve.planner import plan
from nimlab.solve.results import Periodicity

if TYPE_CHECKING:
    from nimlab.kernels.arrays import Array

OBSERVED_PERIODS = 3
"""An unproven period must repeat this many times (and cover half the values computed)."""
COMPILED_FROM = 4096
"""Sequences at least this long are searched by the compiled period finder."""
PERIOD_SOURCE_FROM = 4096
"""Heaps from this size on are answered from a proven period, where there is one."""


@dataclass(frozen=True)
class Criterion:
    """A theorem that proves a period from finitely many values.

    Called as ``criterion(n0, p, verified_to)``: does agreement
    G(n+p) = G(n) for n0 ≤ n < verified_to prove the period for all n ≥ n0?
    """

    kind: int
    parameter: int
    parts: int = 2

    def __call__(self, n0: int, p: int, verified_to: int) -> bool:
        if self.kind == WINDOW:
            return verified_to - n0 >= self.parameter
        k = self.parts  # max(n0, 1): see docs/octal.md (a lifted heap must not vanish)
        return verified_to >= k * max(n0, 1) + (k - 1) * p + self.parameter


def criterion(game: Ruleset) -> Criterion | None:
    """The theorem that proves a period of ``game`` from finitely many values, if any.

    Read off the game's declared :class:`~nimlab.games.capabilities.PeriodCriterion`
    (Nim's G(n) = n needs no search, so it has no search criterion).
    """
    declared = game.capabilities.period_criterion
    if declared is None or declared.kind in (IDENTITY_KIND, RESIDUE_KIND):
        return None
    kind = WINDOW if declared.kind == WINDOW_KIND else GUY_SMITH
    return Criterion(kind, declared.parameter, declared.parts)


def misere_criterion(game: Ruleset) -> Criterion | None:
    """The theorem that proves a period of the misère values of ``game``'s single heaps:
    the window criterion, where every move leaves at most one heap and at most t stones
    are taken (:attr:`~nimlab.games.capabilities.OneHeapKernel.misere_window`)."""
    kernel = game.capabilities.one_heap
    window = None if kernel is None else kernel.misere_window
    return None if window is None else Criterion(WINDOW, window)


def criterion_name(game: Ruleset, misere: bool = False) -> str | None:
    """The name of the theorem that proves ``game``'s periods, if there is one."""
    if misere:
        return _misere_criterion_words(game, "en")
    declared = game.capabilities.period_criterion
    return None if declared is None else declared.name


def _misere_criterion_words(game: Ruleset, lang: str) -> str | None:
    if _identity(game):
        if lang == "ja":
            return "定理 g⁻(n) = n(n ≥ 2。ミゼールのニム: g⁻(0) = 1、g⁻(1) = 0)"
        return "theorem g⁻(n) = n for n ≥ 2 (misère Nim: g⁻(0) = 1, g⁻(1) = 0)"
    proof = misere_criterion(game)
    if proof is None:
        return None
    if lang == "ja":
        return (
            f"ミゼールの値の窓の判定法({proof.parameter} 個の値の窓が繰り返す。"
            "どの手も山を 1 つ以下しか残さない)"
        )
    return (
        f"window criterion on the misère values (a window of {proof.parameter} values "
        "repeats; every move leaves at most one heap)"
    )


def criterion_words(game: Ruleset, lang: str, misere: bool = False) -> str | None:
    """The theorem that proves ``game``'s periods in the words of ``lang``, if there is one.

    >>> from nimlab.registry import game
    >>> criterion_words(game("kayles"), "en"), criterion_words(game("kayles"), "ja")
    ('Guy–Smith criterion (t = 2)', 'Guy–Smith の判定法(t = 2)')
    >>> print(criterion_words(game("subtraction:2,4,7"), "en", misere=True))  # doctest: +ELLIPSIS
    window criterion on the misère values (a window of 7 values repeats; every move leaves ...)
    """
    from nimlab.solve.methods import criterion_method, render_method

    if misere:
        return _misere_criterion_words(game, lang)
    declared = game.capabilities.period_criterion
    if declared is None:
        return None
    how = criterion_method(
        declared.kind, declared.parameter, declared.name, declared.name_ja, declared.parts
    )
    return render_method(how, lang)


def _identity(game: Ruleset) -> bool:
    declared = game.capabilities.period_criterion
    return declared is not None and declared.kind == IDENTITY_KIND


def residue_modulus(game: Ruleset) -> int | None:
    """p when ``game`` declares the theorem G(n) = n mod p, else None."""
    declared = game.capabilities.period_criterion
    return declared.parameter if declared is not None and declared.kind == RESIDUE_KIND else None


def find_period(
    values: Sequence[int] | Array,
    proof: Criterion | None,
    arithmetic: bool = False,
    budget: Budget | None = None,
) -> tuple[int, int, int] | None:
    """The least period (and its preperiod, saltus) of ``values`` that ``proof`` accepts.

    Without a criterion, a period is accepted once it repeats
    ``OBSERVED_PERIODS`` times after its preperiod, over at least half the values.

    >>> find_period([0, 0, 1, 1, 2, 2, 0, 3] + [1, 0, 2] * 4, None)
    (8, 3, 0)
    """
    if proof is None:
        kind, parameter, parts = OBSERVED, OBSERVED_PERIODS, 2
    else:
        kind, parameter, parts = proof.kind, proof.parameter, proof.parts
    steps = NO_STEP_LIMIT if budget is None else budget.kernel_steps()
    if len(values) >= COMPILED_FROM and not isinstance(values, list):
        found = least_period_compiled(values, kind, parameter, arithmetic, steps, parts)
    else:
        plain = values if isinstance(values, list) else values.tolist()  # type: ignore[union-attr]
        found = least_period(plain, kind, parameter, arithmetic, steps, parts)
    if found[0] == -2 and budget is not None:
        budget.spend_kernel(0, steps + 1)  # raises TooLarge, naming the option
    return None if found[1] < 0 else found


def periodicity(
    game: str | Ruleset,
    *,
    limits: Limits | None = None,
    max_length: int | None = None,
    misere: bool = False,
) -> Periodicity:
    """The periodicity of a heap game's Grundy sequence, computing as far as needed.

    Values are computed in doubling lengths until a period is proven (or, for
    games without a criterion, observed), up to ``max_length`` values or the
    state limit; then the sequence is reported as not (yet) periodic, or with
    a period (or arithmetic period) observed in the values but not proven.
    """
    g = as_game(game)
    heap_game = as_heap_ruleset(g)
    if heap_game is None:
        raise NotApplicable(
            f"period applies to heap games (subtraction, octal, nim, grundy-game); "
            f"{g.spec} is not one",
            ja="`period` は山のゲーム（subtraction、octal、nim、grundy-game）用です。"
            f"{g.spec} は違います",
        )
    g = heap_game
    if _identity(g):  # G(n) = n; misère: g⁻(n) = n from 2 on (g⁻(0) = 1, g⁻(1) = 0)
        start = 2 if misere else 0
        return Periodicity(start, 1, 1, proven=True, checked_to=0, game=g.spec)
    modulus = residue_modulus(g)
    if modulus is not None and not misere:
        return Periodicity(0, modulus, 0, proven=True, checked_to=0, game=g.spec)
    if max_length is not None:
        max_length = check_int(max_length, "max_length", least=1)
    limits = check_limits(limits)
    plan(g, "period", misere=misere).check(limits)
    if misere and not compiled_misere(g):
        return _misere_periodicity(g, limits, max_length)
    results = current().results
    key = ("periodicity", g, limits, max_length, misere)
    known: Periodicity | None = results.get(key)
    if known is not None:  # the same question gets the same answer (and checked range)
        return known
    result = _periodicity(g, limits, max_length, misere)
    results.put(key, result, 256)
    return result


MISERE_LENGTH = 512
"""Misère values searched by default (each heap's search may reach many-heap positions)."""


def _misere_periodicity(g: HeapRuleset, limits: Limits, max_length: int | None) -> Periodicity:
    """A period observed in the misère Grundy values of single heaps, for a game whose
    moves may split a heap (the others: :func:`_periodicity`, by the compiled kernel).

    No criterion like Guy–Smith's is known for these misère values, so a
    period is reported as observed in the values computed (within the state limit),
    and only when they reach past two periods and the game's longest move (its
    criterion's parameter: the last digit of an octal code) beyond the preperiod.
    """
    from nimlab.solve.search import Search

    budget = limits.budget()
    search = Search(g, True, budget)
    values: list[int] = []
    stopped_by: str | None = "max_length"  # MISERE_LENGTH caps it as --max-length would
    for n in range(max_length or MISERE_LENGTH):
        try:
            values.append(search.grundy(g.position((n,))))
        except TooLarge as refused:
            stopped_by = refused.limit
            break
    seen = find_period(values, None) or find_period(values, None, arithmetic=True)
    if seen is None or not _observed(g, seen, len(values)):
        # Too few values to show it even once past the longest move (subtraction:10^12:
        # 512 heaps with no move are no evidence of period 1).
        checked = len(values)
        return Periodicity(None, None, None, False, checked, g.spec, stopped_by)
    n0, p, s = seen
    return Periodicity(n0, p, s, proven=False, checked_to=len(values), game=g.spec)


def _periodicity(
    g: HeapRuleset, limits: Limits, max_length: int | None, misere: bool = False
) -> Periodicity:
    search = _search(g, limits, max_length, misere=misere)
    if search.proven is not None:
        n0, p, s = search.proven
        return Periodicity(n0, p, s, proven=True, checked_to=search.checked, game=g.spec)
    observed = search.observed
    if observed is None:
        return Periodicity(None, None, None, False, search.checked, g.spec, search.stopped_by)
    n0, p, s = observed
    return Periodicity(n0, p, s, proven=False, checked_to=search.checked, game=g.spec)


@dataclass(frozen=True)
class _Search:
    proven: tuple[int, int, int] | None
    observed: tuple[int, int, int] | None
    checked: int
    values: Any
    stopped_by: str | None = None
    """What ended a search in vain: a ``Limits`` field reached, or ``max_length``."""


def _search(
    g: HeapRuleset,
    limits: Limits,
    max_length: int | None,
    budget: Budget | None = None,
    misere: bool = False,
) -> _Search:
    """Values in doubling lengths until a period is proven (or observed, without a
    criterion), the misère values of single heaps with ``misere`` (by the compiled
    kernel: :func:`~nimlab.solve.misere_heaps.compiled_misere` games only)."""
    proof = misere_criterion(g) if misere else criterion(g)
    arithmetic = g.capabilities.arithmetic or misere  # misère Nim: g⁻(n) = n from 2
    top = proof.parameter if proof is not None and proof.kind == WINDOW else 16
    length = max(64, 4 * top)
    budget = budget if budget is not None else limits.budget()
    checked, values = 0, None
    stopped_by: str | None = "max_length"
    while max_length is None or checked < max_length:
        if max_length is not None:
            length = min(length, max_length)
        try:
            values = (
                misere_heap_array(g, length, budget) if misere else heap_array(g, length, budget)
            )
        except TooLarge as refused:
            stopped_by = refused.limit
            if values is None and length > 64:  # not even the first stretch: a shorter one
                length //= 2  # (refused before any work when the work is known)
                continue
            if values is None:  # nothing computed (the budget spent, its time run out):
                raise  # a refusal, not "no period in 0 values" (which would be kept as known)
            break
        checked = length
        try:
            found = find_period(values, proof, budget=budget)
            if found is None and proof is None and arithmetic:
                found = find_period(values, None, arithmetic=True, budget=budget)
        except TooLarge as refused:
            stopped_by = refused.limit
            break
        if found is not None and (proof is not None or _observed(g, found, checked, misere)):
            found = _least_divisor_period(values, *found)
            return _Search(found if proof else None, None if proof else found, checked, values)
        length *= 2
    if values is None:
        return _Search(None, None, checked, values, stopped_by)
    try:
        seen = find_period(values, None, budget=budget) if proof else None
        seen = seen or find_period(values, None, arithmetic=True, budget=budget)
    except TooLarge as refused:
        seen, stopped_by = None, refused.limit
    if seen is not None and not _observed(g, seen, checked, misere):
        seen = None  # not seen twice past the longest move: 10 zeros of subtraction:10^6
    return _Search(None, seen, checked, values, stopped_by)


def _observed(
    g: HeapRuleset, found: tuple[int, int, int], checked: int, misere: bool = False
) -> bool:
    """Do ``checked`` values show the period ``found`` (n0, p, s) enough to report it observed?

    They must run two periods past the preperiod and then past the game's longest move
    (its criterion's parameter) or :attr:`~nimlab.games.capabilities.Capabilities.observe_past`.

    >>> from nimlab.registry import game
    >>> g = game("all-but:50")
    >>> _observed(g, (50, 1, 1), 128), _observed(g, (0, 100, 50), 512)
    (False, True)
    """
    proof = misere_criterion(g) if misere else criterion(g)
    reach = proof.parameter if proof is not None else g.capabilities.observe_past
    n0, p, _ = found
    return checked >= n0 + 2 * p + reach


def _least_divisor_period(
    values: Sequence[int] | Array, n0: int, p: int, s: int
) -> tuple[int, int, int]:
    """The least period dividing ``p`` (with the same preperiod) of a period found.

    The periods of an eventually periodic sequence are the multiples of the
    least one, and a criterion could accept a multiple first; the block of
    one period then repeats with a divisor of p as its own period.
    """
    if s:
        return n0, p, s
    import numpy as np

    block = np.asarray(values[n0 : n0 + p])
    small = [d for d in range(1, isqrt(p) + 1) if p % d == 0]
    for d in sorted({*small, *(p // d for d in small)} - {p}):
        # d-periodic around the cycle iff block[i] = block[i + d] for i < p − d (d | p);
        # compared a stretch at a time, so that a mismatch ends it early
        if all(
            np.array_equal(block[i + d : i + d + STRETCH], block[i : min(i + STRETCH, p - d)])
            for i in range(0, p - d, STRETCH)
        ):
            return n0, d, 0
    return n0, p, 0


STRETCH = 1 << 16
"""Values compared at a time when a period's divisors are tried."""


@dataclass(frozen=True)
class ProvenPeriod:
    """A proven periodicity with the values of one period: G(n) for every n ≥ preperiod."""

    preperiod: int
    period: int
    block: tuple[int, ...]

    def value(self, n: int) -> int:
        """G(n) for n ≥ preperiod."""
        return self.block[(n - self.preperiod) % self.period]


PERIOD_ENTRY_BYTES = 64
"""Bytes a cached period costs besides its block of values."""


def proven_period(
    game: HeapRuleset,
    limits: Limits | None = None,
    max_length: int | None = None,
    budget: Budget | None = None,
    misere: bool = False,
) -> ProvenPeriod | None:
    """The proven period of a subtraction or octal game, searched within the limits
    (``misere``: of the misère values of single heaps, where :func:`misere_criterion`
    proves one).

    A period found is a fact and is kept; a search in vain is remembered with
    its length, so that it is repeated only when asked to look further. With
    ``budget`` the search spends from it (the caller's states and deadline).
    """
    modulus = None if misere else residue_modulus(game)
    if modulus is not None:  # G(n) = n mod p by the declared theorem
        return ProvenPeriod(0, modulus, tuple(range(modulus)))
    if (misere_criterion(game) if misere else criterion(game)) is None:
        return None
    context = current()
    key: Any = ("misère", game) if misere else game
    known: ProvenPeriod | None = context.periods.get(key)
    if known is not None:
        return known
    limits = check_limits(limits)
    # Searches in vain: the values searched, and the state limit of a search without a length.
    tried, states = context.searched.get(key) or (0, 0)
    if max_length is None and limits.max_states <= states:
        return None
    if max_length is not None and max_length <= tried:
        return None
    search = _search(game, limits, max_length, budget, misere)
    if search.proven is None:
        unbounded = limits.max_states if max_length is None else 0
        context.searched.put(key, (max(tried, search.checked), max(states, unbounded)), 64)
        return None
    n0, p, _ = search.proven
    known = ProvenPeriod(n0, p, tuple(int(v) for v in search.values[n0 : n0 + p]))
    context.periods.put(key, known, PERIOD_ENTRY_BYTES + 8 * p)
    return known


WINNING_SPLITS_SHOWN = 3
"""Per class of splits with one value, how many far-out splits are listed."""


def options_of_value(
    game: HeapRuleset, n: int, target: int, budget: Budget | None = None
) -> tuple[list[Heaps], bool] | None:
    """The options of a huge heap of a take-and-break game with Grundy value ``target``.

    A heap beyond a proven period has about n/2 splits (n²/12 into three
    heaps), too many to list; but a split a + b = n − k with both parts past
    the preperiod n0 has the value G(n0 + (a − n0) mod p) ⊕ G(n0 + (b − n0) mod p),
    which depends on a mod p only. So the splits are the few with a < n0, then
    per residue class of a either none or a whole arithmetic progression, of
    which the first ``WINNING_SPLITS_SHOWN`` are listed. Splits into three
    heaps a ≤ b ≤ c (hexadecimal digits with bit 8) go the same way by the
    classes of a and b: the largest part c is past n0, and its class follows.
    The flag says whether the list is complete. ``None`` when the heap is not
    beyond a proven period.

    >>> from nimlab.games.octal import Octal
    >>> options, complete = options_of_value(Octal.from_code("0.77"), 10**18, 0)
    >>> options[:2], complete
    ([(1, 999999999999999997), (7, 999999999999999991)], False)
    >>> from nimlab.registry import game
    >>> options, complete = options_of_value(game("take-and-break:0.B1"), 10**12, 0)
    >>> options[:3], complete
    ([(999999999999,), (1, 1, 999999999997), (2, 2, 999999999995)], False)
    """
    declared = game.capabilities.period_criterion
    kernel = game.capabilities.one_heap
    if (
        n < PERIOD_SOURCE_FROM
        or declared is None
        or declared.kind != GUY_SMITH_KIND
        or kernel is None
        or not kernel.digits  # a code's splits fall into classes mod p
        or kernel.unequal
    ):
        return None
    known = proven_period(game)
    t = declared.parameter
    if known is None or n < 3 * (known.preperiod + known.period) + 2 * t + 2:
        return None
    n0, p = known.preperiod, known.period
    head = heap_array(game, n0, Limits().budget()).tolist() if n0 else []

    def g(h: int) -> int:
        return int(head[h]) if h < n0 else known.value(h)

    found: list[Heaps] = []
    complete = True
    for k, d in enumerate(kernel.digits):
        if d & 2 and k and g(n - k) == target:
            found.append((n - k,))
        if not d & 4:
            continue
        m = n - k
        found.extend((a, m - a) for a in range(1, n0) if g(a) ^ g(m - a) == target)
        for r in range(p):
            first = n0 + r if n0 + r else p  # a heap is never empty
            if first <= m // 2 and known.block[r] ^ g(m - first) == target:
                shown = range(first, min(m // 2, first + WINNING_SPLITS_SHOWN * p - 1) + 1, p)
                found.extend((a, m - a) for a in shown)
                complete &= shown[-1] + p > m // 2
    budget = budget or Limits().budget()
    for k, d in enumerate(kernel.digits):
        if d & 8:
            more, whole = _three_part_options(n - k, target, n0, p, g, known.block, budget)
            found.extend(more)
            complete &= whole
    return found, complete


def _three_part_options(
    m: int, target: int, n0: int, p: int, g: Any, block: Sequence[int], budget: Budget
) -> tuple[list[Heaps], bool]:
    """The splits a ≤ b ≤ c of a huge m into three heaps with value ``target``, by classes.

    A part is either small (below n0: its own value) or a residue class mod p
    past n0; c, the largest, is past n0 and its class follows from a's and b's.
    Per pair of kinds, either no split or (for a class) a progression, of which
    the first ``WINNING_SPLITS_SHOWN`` are listed.
    """
    kinds = [(a, 0) for a in range(1, n0)] + [(n0 + r if n0 + r else p, p) for r in range(p)]
    found: list[Heaps] = []
    complete = True
    for first_a, step_a in kinds:
        for first_b, step_b in kinds:
            budget.spend()
            if step_b == 0 and (step_a or first_b < first_a):
                continue  # b < n0 ≤ a, or b < a: not a ≤ b
            c = m - first_a - first_b
            if g(first_a) ^ g(first_b) ^ g(c) != target:
                continue
            shown = _three_parts(m, first_a, step_a, first_b, step_b, WINNING_SPLITS_SHOWN + 1)
            found.extend(shown[:WINNING_SPLITS_SHOWN])
            complete &= len(shown) <= WINNING_SPLITS_SHOWN  # more of the class than listed
    return found, complete


def _three_parts(m: int, a0: int, step_a: int, b0: int, step_b: int, most: int) -> list[Heaps]:
    """The first ``most`` splits a ≤ b ≤ m − a − b of a pair of kinds (a class: a progression)."""
    shown: list[Heaps] = []
    a = a0
    while len(shown) < most and 3 * a <= m:
        b = b0
        if step_b and b < a:  # the first of b's class at or past a
            b += -(-(a - b) // step_b) * step_b
        while len(shown) < most and a <= b <= m - a - b:
            shown.append((a, b, m - a - b))
            if not step_b:
                break
            b += step_b
        if not step_a:
            break
        a += step_a
    return shown


def _period_source(game: HeapRuleset, n: int) -> int | None:
    if n < PERIOD_SOURCE_FROM or (criterion(game) is None and residue_modulus(game) is None):
        return None
    known = proven_period(game)
    return known.value(n) if known is not None and n >= known.preperiod else None


def _period_fallback(game: HeapRuleset, n: int, budget: Budget) -> int | None:
    """G(n) from a period proven within what is left of ``budget`` (its states and its
    deadline, the search charged to it), for a heap below :data:`PERIOD_SOURCE_FROM` whose
    values were refused over the limits (Kayles 2003 within a million states: the period
    needs 156 values)."""
    if criterion(game) is None or budget.remaining <= 0:
        return None
    if budget.deadline is not None and work_clock() >= budget.deadline:
        return None  # refused for its time: no search after it
    limits = Limits(max_states=budget.remaining, max_memory=budget.max_memory)
    try:
        known = proven_period(game, limits, budget=budget)
    except TooLarge:
        return None
    return known.value(n) if known is not None and n >= known.preperiod else None


register_value_source(
    "the proven period of the Grundy sequence", _period_source, "グランディ数列の証明済みの周期"
)
register_value_fallback(
    "the proven period of the Grundy sequence", _period_fallback, "グランディ数列の証明済みの周期"
)

"""What a ruleset offers the solvers, declared as values.

A solver never asks which class a ruleset is; it asks the ruleset's
:attr:`~nimlab.games.base.Ruleset.capabilities`. Each capability is a small
frozen value: the shape of the positions, which compiled kernel can run the
game (with the kernel's own parameters, e.g. the octal digits), which theorem
proves a period of its Grundy sequence, the sub-games of a sum. A new family
declares its capabilities in its own file and every command serves it
(CGSuite's ``HeapRuleset`` and OpenSpiel's game-type descriptors are the
models).

>>> from nimlab.games.heap import Subtraction
>>> caps = Subtraction((2, 4, 7)).capabilities
>>> caps.shape, caps.one_heap.kind, caps.one_heap.subtraction_set
('heap', 'subtraction', (2, 4, 7))
>>> caps.period_criterion.name
'max(S)-window criterion (a window of 7 values repeats)'
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Literal

Shape = Literal["heap", "heaps", "sum", "take-away", "general"]
"""How positions look: one-heap moves (Sprague–Grundy over heaps), several heaps a move
may involve together, a disjunctive sum, a take-away state (heap, limit), or anything."""

# The moves of the two-heap kernels (see nimlab.kernels.two_heap).
REDUCE, DIAGONAL, SUMS = 1, 2, 4
# The moves of the k-heap kernels (see nimlab.kernels.k_heap).
K_REDUCE, SPLIT_KEEP, SPLIT_ALL = 1, 2, 4
TWO_PAIRS, PAIR_AND_ONE, SPLIT_KEEP_SPLITTABLE, TWO_REDUCED = 8, 16, 32, 64
# Of any even number of heaps: delete half of them and split each of the others (no
# kernel; the planner's bounds read it).
SPLIT_HALF = 128
# The lines of the k-heap Grundy kernel (see nimlab.kernels.k_heap_grundy).
REDUCE_LINES, KEEP_ONE_LINES, KEEP_NONE_LINES, TOTAL_LINES = 1, 2, 4, 8


@dataclass(frozen=True)
class FixedCountMoves:
    """The moves of a split/delete game of seed 001, as the k-heap Grundy kernel runs them.

    ``order`` is ``"split-delete"`` (split some heaps in two, then delete as many of the
    heaps) or ``"delete-split"`` (delete some heaps, then split as many of the others);
    ``variant`` says how many: ``"single"`` one, ``"half"`` half of them,
    ``"less-than-half"`` any number from one to half, ``"all-but-one"`` every heap but
    one, the last split into as many parts as there were heaps.

    >>> FixedCountMoves("delete-split", "less-than-half").counts(4)
    (1, 2)
    >>> FixedCountMoves("delete-split", "single").options_in_box(3, 3)  # heaps 1..3
    40
    """

    order: str
    variant: str

    def counts(self, heaps: int) -> tuple[int, int]:
        """The least and the most heaps a move splits (and deletes) among ``heaps``."""
        half = heaps // 2
        return {
            "single": (1, 1),
            "half": (half, half),
            "less-than-half": (1, half),
            "all-but-one": (heaps - 1, heaps - 1),
        }[self.variant]

    def line_families(self, heaps: int) -> int | None:
        """The lines of the k-heap Grundy kernel that hold every option of ``heaps`` (3 or
        4) heaps, or None where they do not (split-delete-nim:half, whose deletions after
        two splits may take parts of both: its options are listed one by one).

        >>> FixedCountMoves("split-delete", "single").line_families(4) == REDUCE_LINES | 2
        True
        >>> FixedCountMoves("split-delete", "half").line_families(4) is None
        True
        """
        if self.order == "split-delete":
            return REDUCE_LINES | KEEP_ONE_LINES if self.variant == "single" else None
        if self.variant == "all-but-one":
            return TOTAL_LINES
        if self.variant == "single" or (self.variant == "less-than-half" and heaps == 3):
            return KEEP_ONE_LINES
        if self.variant == "less-than-half":
            return KEEP_ONE_LINES | KEEP_NONE_LINES
        return KEEP_NONE_LINES if heaps == 4 else None

    def options_in_box(self, heaps: int, top: int) -> int:
        """The options the kernel goes through for every sorted position of ``heaps`` heaps
        from 1 to ``top`` (an option reached in several ways counted each time): one step
        each. Summed over the box by generating functions, without visiting it.

        A move splitting the heaps of a set S (each ⌊h/2⌋ ways) is counted by the
        elementary symmetric sums of the weights ⌊h/2⌋ over the position's heaps; the
        heaps deleted around it multiply each term by a binomial.
        """
        least, most = self.counts(heaps)
        if self.variant == "all-but-one":  # one heap kept, split into ``heaps`` parts
            weights = _partition_counts(top, heaps)
            return _symmetric_sum(weights, heaps, 1)
        weights = [h // 2 for h in range(top + 1)]
        total = 0
        for s in range(least, most + 1):
            # split-delete: then delete s of the k + s heaps; delete-split: s deleted
            # first, among the heaps not split
            pool = heaps + s if self.order == "split-delete" else heaps - s
            total += comb(pool, s) * _symmetric_sum(weights, heaps, s)
        return total


def _symmetric_sum(weights: list[int], heaps: int, chosen: int) -> int:
    """Σ over the sorted positions of ``heaps`` heaps in 1..len(weights)−1 of the sum, over
    each choice of ``chosen`` of its heaps (as slots: equal heaps are different slots), of
    the product of their weights — a dynamic programme over the heap sizes.

    >>> _symmetric_sum([0, 1, 1], 2, 1)  # (1,1): 2, (1,2): 2, (2,2): 2
    6
    """
    # table[used][picked]: the positions' sum so far over the sizes seen
    table = [[0] * (chosen + 1) for _ in range(heaps + 1)]
    table[0][0] = 1
    for size in range(1, len(weights)):
        w = weights[size]
        nxt = [row[:] for row in table]  # m = 0 copies of this size
        for used in range(heaps + 1):
            for picked in range(chosen + 1):
                here = table[used][picked]
                if not here:
                    continue
                for m in range(1, heaps - used + 1):  # m copies of ``size``
                    for j in range(0, min(m, chosen - picked) + 1):  # j of them chosen
                        nxt[used + m][picked + j] += here * comb(m, j) * w**j
        table = nxt
    return table[heaps][chosen]


def _partition_counts(top: int, parts: int) -> list[int]:
    """p(h, parts), the partitions of h into exactly ``parts`` positive parts, h = 0..top.

    >>> _partition_counts(6, 3)
    [0, 0, 0, 1, 1, 2, 3]
    """
    # p(h, k) = p(h − 1, k − 1) + p(h − k, k)
    table = [[0] * (top + 1) for _ in range(parts + 1)]
    table[0][0] = 1
    for k in range(1, parts + 1):
        for h in range(1, top + 1):
            table[k][h] = table[k - 1][h - 1] + (table[k][h - k] if h >= k else 0)
    return table[parts]


@dataclass(frozen=True)
class OneHeapKernel:
    """A compiled kernel computing G(0), G(1), … of a heap game.

    ``kind`` is ``"identity"`` (G(n) = n: Nim), ``"subtraction"`` (a finite
    subtraction set), ``"sparse"`` (an octal game by the sparse-space method;
    ``unequal`` for Grundy's game, whose splits must be unequal),
    ``"take-and-break"`` (a hexadecimal code whose digits may break a heap
    into three, by the plain mex of :mod:`nimlab.kernels.take_and_break`),
    ``"subtraction-rule"`` (an infinite subtraction set named by ``rule``, e.g.
    ``"squares"``: its members below the heaps asked for are listed and run by
    the subtraction kernel) or ``"all-but"`` (remove any number of stones not
    in the finite set ``excluded``).
    """

    kind: Literal[
        "identity", "subtraction", "sparse", "take-and-break", "subtraction-rule", "all-but"
    ]
    subtraction_set: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    unequal: bool = False
    rule: str = ""
    excluded: tuple[int, ...] = ()

    @property
    def leaves_empty(self) -> bool:
        """Whether a move may leave a heap of 0 (subtraction games, Nim), not only remove it."""
        return self.kind in ("identity", "subtraction", "subtraction-rule", "all-but")

    @property
    def takes_any(self) -> bool:
        """Whether a move may leave any smaller heap (Nim: take any number of stones).

        >>> OneHeapKernel("identity").takes_any, OneHeapKernel("subtraction", (1, 2)).takes_any
        (True, False)
        """
        return self.kind == "identity"

    @property
    def single_heap_moves(self) -> bool:
        """Whether every move from one heap leaves at most one heap (no digit splits it): the
        misère values of single heaps then follow a mex recursion over single heaps
        (:mod:`nimlab.kernels.misere_one_heap`).

        >>> OneHeapKernel("sparse", digits=(0, 1, 3)).single_heap_moves  # octal 0.13
        True
        >>> OneHeapKernel("sparse", digits=(0, 7, 7)).single_heap_moves  # Kayles splits
        False
        """
        if self.kind in ("identity", "subtraction", "subtraction-rule", "all-but"):
            return True
        return not self.unequal and all(d & ~3 == 0 for d in self.digits)

    @property
    def misere_window(self) -> int | None:
        """w such that agreement g⁻(n + p) = g⁻(n) of the misère values on w consecutive heaps
        from n0 proves it for every n ≥ n0, or None where no such window exists.

        Where :attr:`single_heap_moves` holds and at most t stones are taken, g⁻(n) is one
        function of g⁻(n − t .. n − 1) for every n from the first heap at which every move
        has its general form: n ≥ max S in a subtraction game (heap 0, the empty position,
        has g⁻ = 1 like any other option), n ≥ t + 1 in an octal code (a digit's bit 1 takes
        a heap of exactly k). The window is t, or t + 1 for an octal code, so that the first
        value it determines is always past that heap; then by induction the agreement goes
        on for ever. Infinite sets (all-but, ``subtraction:squares``) have no window.

        >>> OneHeapKernel("subtraction", subtraction_set=(2, 4, 7)).misere_window
        7
        >>> OneHeapKernel("sparse", digits=(0, 1, 3)).misere_window  # octal 0.13: t + 1
        3
        >>> OneHeapKernel("all-but", excluded=(3,)).misere_window is None
        True
        """
        if self.kind == "subtraction" and self.subtraction_set:
            return max(self.subtraction_set)
        if self.kind in ("sparse", "take-and-break") and self.single_heap_moves:
            taken = [k for k, d in enumerate(self.digits) if k and d]
            return max(taken) + 1 if taken else 1
        return None

    @property
    def exact_work(self) -> bool:
        """Whether :meth:`work` is the kernel's work itself, not only a bound on it (the
        sparse-space kernel skips most splits, so its figure is a bound)."""
        return self.kind != "sparse"

    @property
    def splits(self) -> bool:
        """Whether a move may leave more heaps than it found.

        >>> OneHeapKernel("sparse", digits=(0, 7, 7)).splits, OneHeapKernel("identity").splits
        (True, False)
        """
        return self.kind in ("sparse", "take-and-break") and any(d & 12 for d in self.digits)

    def option_bound(self, n: int) -> int | None:
        """A number the options of a heap of ``n`` do not exceed, known without listing them
        (None for a code that breaks a heap into three: O(n²) options, not counted here).

        >>> OneHeapKernel("sparse", digits=(0, 7, 7)).option_bound(10)  # Kayles: 5 + 5
        10
        >>> OneHeapKernel("subtraction", (1, 2, 5)).option_bound(10**9)
        3
        """
        if self.kind == "subtraction":
            return len(self.subtraction_set)
        if self.kind in ("identity", "all-but", "subtraction-rule"):
            return n  # each leaves a smaller heap, at most one of each size
        if self.kind == "sparse":  # per digit: leave nothing, one heap, or split in two
            total = 0
            for k, d in enumerate(self.digits[: n + 1]):
                total += int(d & 1 != 0 and n == k) + int(d & 2 != 0 and n > k)
                total += (n - k) // 2 if d & 4 else 0
            return total
        return None

    @property
    def sparse_space(self) -> bool:
        """Whether the values come from the sparse-space engines (octal codes that split,
        Grundy's game): long runs with checkpoints, rare values, a mask to judge on.

        >>> OneHeapKernel("sparse", digits=(0, 6)).sparse_space
        True
        """
        return self.kind == "sparse"

    def code(self, longest: int) -> tuple[int, ...] | None:
        """The take-and-break digits d0, d1, … of these rules, where they have them:
        octal and take-and-break codes, and a finite subtraction set whose largest member
        is at most ``longest`` (digit 3 at each member); None otherwise (Grundy's game
        splits into unequal parts only, which no digit says).

        >>> OneHeapKernel("subtraction", subtraction_set=(2, 4, 7)).code(100)
        (0, 0, 3, 0, 3, 0, 0, 3)
        """
        if self.unequal:
            return None
        if self.digits:
            return self.digits
        if self.kind == "subtraction" and max(self.subtraction_set) <= longest:
            chosen = set(self.subtraction_set)
            return tuple(3 if k in chosen else 0 for k in range(max(chosen) + 1))
        return None

    def shortest_single_move(self) -> int | None:
        """The fewest stones a move may take leaving one heap (of any size), if known.

        >>> OneHeapKernel("sparse", digits=(0, 0, 7)).shortest_single_move()
        2
        """
        if self.kind == "identity":
            return 1
        if self.kind == "subtraction" and self.subtraction_set:
            return min(self.subtraction_set)
        if self.kind in ("sparse", "take-and-break"):
            return next((k for k, d in enumerate(self.digits) if k and d & 2), None)
        if self.kind == "subtraction-rule":
            return 2 if self.rule == "primes" else 1
        if self.kind == "all-but":
            return next(k for k in range(1, len(self.excluded) + 2) if k not in self.excluded)
        return None

    def least_split(self) -> int | None:
        """The fewest stones a move may take leaving two non-empty heaps, if any.

        >>> OneHeapKernel("sparse", digits=(4,), unequal=True).least_split()  # Grundy's game
        0
        """
        if self.kind in ("sparse", "take-and-break"):
            return next((k for k, d in enumerate(self.digits) if d & 4), None)
        return None

    def options_at_least(self, heap: int) -> int:
        """A lower bound on the moves from one heap of ``heap`` stones, never larger for
        a smaller heap (so a sum over heaps can be bounded by a few of them).

        Moves that remove a whole heap are left out (an octal game may take the whole of
        a heap of 3 and not of 4). A split of m = heap − k into three heaps a ≤ b ≤ c
        (a digit's bit 8) is one of the partitions of m into three parts, round(m²/12) of
        them, which never shrinks as m grows.

        >>> OneHeapKernel("sparse", digits=(0, 7, 7)).options_at_least(10)  # Kayles: 2 + 4 + 4
        9
        >>> OneHeapKernel("take-and-break", digits=(0, 8)).options_at_least(10)  # 7 = 1+1+7, …
        7
        >>> OneHeapKernel("subtraction-rule", rule="squares").options_at_least(10**6)
        1000
        """
        if heap < 1:
            return 0
        if self.kind == "identity":
            return heap
        if self.kind == "subtraction":
            return sum(1 for s in self.subtraction_set if s <= heap)
        if self.kind == "subtraction-rule":
            from nimlab.games.subtraction_rules import members_at_least

            return members_at_least(self.rule, heap)
        if self.kind == "all-but":
            return max(heap - len(self.excluded), 0)
        if self.kind in ("sparse", "take-and-break"):
            moves = 0
            for k, d in enumerate(self.digits):
                if k and d & 2 and k < heap:  # leave one heap
                    moves += 1
                if d & 4:  # leave two: a ≤ b, a ≥ 1, a + b = heap − k (a < b if unequal)
                    moves += max(heap - k - 1, 0) // 2
                if d & 8 and not self.unequal and heap - k >= 3:  # leave three
                    moves += ((heap - k) ** 2 + 6) // 12
            return moves
        return 0

    def work(self, count: int) -> int:
        """The pure-Python states that computing G(0..count-1) would cost.

        >>> OneHeapKernel("subtraction", subtraction_set=(2, 4, 7)).work(1000)
        3000
        """
        if self.kind == "subtraction":
            return count * len(self.subtraction_set)
        if self.kind == "subtraction-rule":
            from nimlab.games.subtraction_rules import members_bound

            return count * members_bound(self.rule, count)
        if self.kind == "all-but":
            return count * (len(self.excluded) + 1)
        if self.kind == "identity" or self.unequal:
            return count * count // 2
        if self.kind == "take-and-break":
            threes = sum(1 for d in self.digits if d & 8)
            return count * len(self.digits) + count * count + threes * count**3 // 36
        splits = sum(1 for d in self.digits if d & 4)
        return count * len(self.digits) + splits * count * count // 4

    def compiled_steps(self, count: int) -> int:
        """The steps its compiled kernel is charged for G(0..count-1) (g⁻ alike): the
        :meth:`work`, except Nim's, one step a heap (G(n) = n; g⁻ by counts).

        >>> OneHeapKernel("identity").compiled_steps(1000), OneHeapKernel("identity").work(1000)
        (1000, 500000)
        """
        return count if self.kind == "identity" else self.work(count)


CriterionKind = Literal["window", "guy-smith", "identity", "residue"]
WINDOW_KIND: CriterionKind = "window"
GUY_SMITH_KIND: CriterionKind = "guy-smith"
IDENTITY_KIND: CriterionKind = "identity"
RESIDUE_KIND: CriterionKind = "residue"


@dataclass(frozen=True)
class PeriodCriterion:
    """A theorem that proves a period of a Grundy sequence from finitely many values.

    * ``window`` (subtraction game S, ``parameter`` = max S): agreement
      G(n+p) = G(n) on ``parameter`` consecutive n from n0 holds for all n ≥ n0;
    * ``guy-smith`` (octal game, ``parameter`` = t, the most stones a move
      removes): agreement for n0 ≤ n < 2·m + p + t, m = max(n0, 1), proves it
      (*Winning Ways* ch. 4); for a code that breaks a heap into up to ``parts`` = k
      heaps (hexadecimal digits: k = 3), agreement for n0 ≤ n < k·m + (k − 1)·p + t
      (the same proof, stated with it in ``docs/octal.md``; m ≥ 1 keeps the heap a move
      leaves non-empty);
    * ``identity``: G(n) = n (Nim), arithmetic-periodic with period 1, saltus 1;
    * ``residue`` (``parameter`` = p): a theorem gives G(n) = n mod p for every n
      (``reason`` says why), so the period p is proven without computing.

    >>> PeriodCriterion("guy-smith", 2).proves(71, 12, 156)
    True
    """

    kind: CriterionKind
    parameter: int = 0
    parts: int = 2
    reason: str = ""
    """Why a ``residue`` theorem holds, in a few words (for its name)."""
    reason_ja: str = ""
    """The same reason in Japanese."""

    def proves(self, n0: int, p: int, verified_to: int) -> bool:
        """Does agreement for n0 ≤ n < ``verified_to`` prove the period for all n ≥ n0?"""
        if self.kind == WINDOW_KIND:
            return verified_to - n0 >= self.parameter
        if self.kind == GUY_SMITH_KIND:
            k = self.parts  # from n0 = 0 as from n0 = 1: the lifted heap must not vanish
            return verified_to >= k * max(n0, 1) + (k - 1) * p + self.parameter
        return True

    @property
    def name(self) -> str:
        """The theorem's name with its parameter, for messages and results."""
        if self.kind == WINDOW_KIND:
            return f"max(S)-window criterion (a window of {self.parameter} values repeats)"
        if self.kind == GUY_SMITH_KIND and self.parts != 2:
            return f"Guy–Smith criterion for {self.parts}-heap breaks (t = {self.parameter})"
        if self.kind == GUY_SMITH_KIND:
            return f"Guy–Smith criterion (t = {self.parameter})"
        if self.kind == RESIDUE_KIND:
            return f"theorem G(n) = n mod {self.parameter} ({self.reason})"
        return "theorem G(n) = n (every smaller value is an option)"

    @property
    def name_ja(self) -> str:
        """The theorem's name in Japanese (only a ``residue`` theorem carries its own words)."""
        if self.kind == RESIDUE_KIND:
            return f"定理 G(n) = n mod {self.parameter}({self.reason_ja})"
        return ""


@dataclass(frozen=True)
class Capabilities:
    """Everything a ruleset declares to the solvers.

    ``least_heap`` is the smallest heap a position may hold (tables start
    there); ``two_heap_kernel`` and ``k_heap_kernels`` are the move flags of
    the two-heap and 3/4-heap kernels (``k_heap_kernels`` as (heaps, flags)
    pairs); ``take_away_multiplier`` is C of a take-away game, whose states a
    kernel tabulates. ``arithmetic`` says a theorem makes the Grundy sequence
    ultimately arithmetic-periodic (all-but games), so a period search looks
    for a saltus from the start (the period found is still only observed).
    ``p_matrix_source`` names a published table of the game's 3-heap P-positions, if
    one is (the ``ppositions --layout matrix`` caption cites it); ``grundy_table_source``
    a published table of its two-heap Grundy values, which counts heaps from 1 (the
    ``table`` caption cites it for tables that start there). ``splits_heaps`` says a move
    may break a heap into several while the number of heaps stays fixed (the split/delete
    games), so a heap of the sorted position may grow: the positions a search reaches
    are bounded by the largest heap, not by the box of the heaps. ``any_count_moves``
    are k-heap move flags that hold for every number of heaps from three on (the
    planner's lower bounds read them where no kernel serves the count). ``observe_past``
    is how far past a period's preperiod and two periods the values must run before a
    period is reported as observed, for a game with no criterion whose early values
    mislead (all-but: twice the largest excluded number; below it, G(n) = n).
    ``fixed_count_moves`` are the moves of a split/delete game, for the k-heap Grundy
    kernel (:class:`FixedCountMoves`).
    """

    shape: Shape
    least_heap: int = 0
    one_heap: OneHeapKernel | None = None
    period_criterion: PeriodCriterion | None = None
    two_heap_kernel: int | None = None
    k_heap_kernels: tuple[tuple[int, int], ...] = ()
    take_away_multiplier: int | None = None
    arithmetic: bool = False
    p_matrix_source: str = ""
    grundy_table_source: str = ""
    splits_heaps: bool = False
    any_count_moves: int = 0
    observe_past: int = 0
    fixed_count_moves: FixedCountMoves | None = None

    def k_heap_kernel(self, heaps: int) -> int | None:
        """The k-heap kernel's move flags for ``heaps`` heaps, if a kernel serves them."""
        return dict(self.k_heap_kernels).get(heaps)

    def k_heap_moves(self, heaps: int) -> int:
        """Move flags known to hold for ``heaps`` (≥ 3) heaps: the kernel's, if one serves
        them, and :attr:`any_count_moves`."""
        return (self.k_heap_kernel(heaps) or 0) | self.any_count_moves

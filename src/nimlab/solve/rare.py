"""Sparse-space facts of a Grundy sequence: the mask, the rare values and where they occur.

For many octal games the Grundy values split into two classes by one bit
mask m (Berlekamp, Conway and Guy, *Winning Ways* ch. 4, "Sparse space
spells speed"; A. Flammenkamp, "Sprague-Grundy values of Grundy's game",
wwwhomes.uni-bielefeld.de/achim/grundy.html): G(n) is *rare* when
parity(G(n) AND m) = 0 and *common* otherwise. The nim-sum of two common
values is rare, so the rare values can only come from splits with a rare
part, and the method that computes these games relies on them being few.

The definition used here (the JSON field ``"sparse"`` of ``sequence`` and
``period``, and ``nimlab rare``):

* the values considered are G(0), …, G(N − 1), heap 0 included (G(0) = 0 is
  always rare: Flammenkamp's lists start at G(0));
* m ranges over the non-zero masks of the value bits (the bits of the
  largest value, at most ``MASK_BITS``); the mask chosen is the one with the
  fewest rare positions, the smallest such m on a tie;
* the sequence *has the sparse-space structure* when N ≥ ``MIN_VALUES``
  and that fewest count is at most ``RARE_FRACTION`` of N (at most a quarter
  of the values rare). Otherwise there is no structure to report and
  :func:`sparse_facts` returns ``None`` (the JSON field is then absent).

>>> import numpy as np
>>> from nimlab.kernels.one_heap import octal_sequence
>>> facts = sparse_facts(octal_sequence((0, 7, 7), 300))  # Kayles
>>> facts.mask, facts.rare_values, facts.rare_positions
(15, (0, 3, 5, 6), (0, 3, 6, 11, 18, 22, 28, 34, 39, 70))
>>> sparse_facts(np.arange(300)) is None  # Nim: half of any split is rare
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from nimlab.errors import TooLarge
from nimlab.games.base import HeapRuleset, Ruleset, as_heap_ruleset
from nimlab.limits import Limits, check_limits
from nimlab.solve.results import JsonField, json_dict

if TYPE_CHECKING:
    from nimlab.kernels.arrays import Array

MASK_BITS = 12
"""Masks are searched among the values' low 12 bits (4,095 masks)."""
MIN_VALUES = 64
"""Fewer values than this are not enough to speak of a structure."""
RARE_FRACTION = 0.25
"""The structure is reported when at most this fraction of the values is rare."""
MASK_WINDOW = 1 << 15
"""Games computed by the sparse-space kernel have their mask chosen on at least this many values."""
POSITIONS_SHOWN = 10_000
"""``rare_positions`` lists at most this many positions (``rare_count`` counts them all)."""
STRETCH = 1 << 18
"""Values judged at a time: the work arrays of a stretch (int64, 2 MB each) weigh the same
for 10^8 values as for 10^6 (once 2.4 GB, a copy of each value as int64 and its parity)."""


@dataclass(frozen=True)
class SparseFacts:
    """The rare/common split of G(0..checked_to-1) by ``mask``.

    ``rare_positions`` are the n with parity(G(n) & mask) = 0, in order (the
    first ``POSITIONS_SHOWN`` of them; ``rare_count`` counts all),
    ``rare_values`` the distinct values at those positions, sorted.
    """

    mask: int
    rare_values: tuple[int, ...]
    rare_positions: tuple[int, ...]
    rare_count: int
    max_value: int
    checked_to: int
    judged_on: int = 0
    """How many values the mask was chosen on (``checked_to`` or a longer window)."""

    JSON: ClassVar[tuple[JsonField, ...]] = (
        JsonField("mask", int, "m: G(n) is rare when parity(G(n) AND m) = 0"),
        JsonField("rare_values", list[int], "the distinct rare values, sorted"),
        JsonField("rare_positions", list[int], "the heaps n with a rare value, in order"),
        JsonField("rare_count", int, "how many heaps below checked_to have a rare value"),
        JsonField("max_value", int, "the largest Grundy value below checked_to"),
        JsonField("judged_on", int, "the mask was chosen on G(0..judged_on-1)"),
    )

    def to_dict(self) -> dict[str, Any]:
        return json_dict(self)

    @property
    def complete(self) -> bool:
        """Does ``rare_positions`` list every rare position?"""
        return len(self.rare_positions) == self.rare_count


def rare_mask_counts(values: Array) -> tuple[Any, Any]:
    """(masks, rare counts): for each non-zero mask of the value bits, the rare positions."""
    import numpy as np

    top = int(values.max(initial=0))
    size = 1 << min(max(top.bit_length(), 1), MASK_BITS)
    # folded onto the mask bits first: no count array as long as the values are large
    counts = np.zeros(size, dtype=np.int64)
    for first in range(0, len(values), STRETCH):
        part = values[first : first + STRETCH].astype(np.int64) & (size - 1)
        counts += np.bincount(part, minlength=size)
    return mask_counts(counts)


def mask_counts(counts: Any) -> tuple[Any, Any]:
    """:func:`rare_mask_counts` from ``counts[v]``, how many heaps have the value v.

    For values too many to hold at once (a file of 2^30 values), counted a chunk at a time.

    >>> import numpy as np
    >>> masks, rare = mask_counts(np.array([5, 1, 0, 2]))  # values 0 ×5, 1, 3 ×2
    >>> masks.tolist(), rare.tolist()
    ([1, 2, 3], [5, 6, 7])
    """
    import numpy as np

    top = len(counts) - 1
    bits = min(max(top.bit_length(), 1), MASK_BITS)
    size = 1 << bits
    per_value = np.zeros(size, dtype=np.int64)  # values of more bits folded onto the low ones
    np.add.at(per_value, np.arange(len(counts)) & (size - 1), counts)
    masks = np.arange(1, size, dtype=np.int64)
    vs = np.arange(size, dtype=np.int64)
    anded = vs[:, None] & masks[None, :]
    odd = np.zeros_like(anded)
    while anded.any():
        odd ^= anded & 1
        anded >>= 1
    rare = per_value @ (1 - odd)
    return masks, rare


def rare_at(values: Array, mask: int) -> Any:
    """Whether each G(n) is rare under ``mask``: parity(G(n) & mask) = 0 (a bool array).

    >>> import numpy as np
    >>> rare_at(np.array([0, 1, 2, 3]), 3).tolist()
    [True, False, False, True]
    """
    import numpy as np

    wide = values.astype(np.int64) & mask
    odd = np.zeros(len(values), dtype=np.int64)
    while wide.any():
        odd ^= wide & 1
        wide >>= 1
    return odd == 0


def sparse_facts(
    values: Array, mask: int | None = None, fraction: float = RARE_FRACTION
) -> SparseFacts | None:
    """The sparse-space facts of G(0..len-1), or ``None`` when there is no such structure.

    With ``mask`` given, the facts for that mask (always returned, for
    comparison with a published mask). ``fraction`` is the largest share of
    rare values that still counts as the structure (1.0: always the best mask).
    """
    import numpy as np

    count = len(values)
    if mask is None:
        if count < MIN_VALUES:
            return None
        masks, rare = rare_mask_counts(values)
        best = int(np.argmin(rare))  # the first minimum: the smallest mask
        if int(rare[best]) > fraction * count:
            return None
        mask = int(masks[best])
    positions, rare_count, rare_values = rare_split(values, mask)
    return SparseFacts(
        mask=mask,
        rare_values=rare_values,
        rare_positions=positions,
        rare_count=rare_count,
        max_value=int(values.max(initial=0)),
        checked_to=count,
        judged_on=count,
    )


def rare_split(values: Array, mask: int) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """The first ``POSITIONS_SHOWN`` rare positions under ``mask``, how many there are, and
    the distinct rare values (sorted), judged a ``STRETCH`` at a time.

    >>> import numpy as np
    >>> rare_split(np.array([0, 1, 2, 3, 12]), 3)
    ((0, 3, 4), 3, (0, 3, 12))
    """
    import numpy as np

    shown: list[int] = []
    count = 0
    seen: set[int] = set()
    for first in range(0, len(values), STRETCH):
        part = values[first : first + STRETCH]
        rare = rare_at(part, mask)
        where = np.flatnonzero(rare)
        count += len(where)
        shown.extend((where[: POSITIONS_SHOWN - len(shown)] + first).tolist())
        seen.update(np.unique(part[rare]).tolist())
    return tuple(shown), count, tuple(sorted(seen))


def _read(game: HeapRuleset, count: int, limits: Limits) -> Array:
    """G(0..count-1) for judging, not listing: more values than a sequence may list (one
    state each) are read when their work fits the limits — the values a period search
    computed (4,000,000 for ``subtraction:999999,1000000`` under 1,000,000 states) are in
    memory already, and its period stood refused for want of its ``"sparse"`` key."""
    from nimlab.solve.heaps import heap_array

    return heap_array(game, count, limits.budget())


def rare_facts(
    game: str | Ruleset,
    count: int,
    limits: Limits | None = None,
    window: int = MASK_WINDOW,
    values: Array | None = None,
) -> SparseFacts | None:
    """The sparse-space facts of a heap game's G(0..count-1), or ``None`` without the structure.

    The mask and the verdict come from a longer *window* of values when the
    game is one the sparse-space kernel computes (max(count, ``window``)
    values, if the limits allow them; else the count asked for): the first
    values are too few to show the mask the game settles on (Grundy's game
    shows mask 6 below 232 but 0xfe, Flammenkamp's, from 2^14 on). Other heap
    games are judged on the values asked for; ``judged_on`` says which.
    Misère values are never judged. ``values``, G(0..count-1) a caller holds
    already (the sequence it prints), are judged instead of a second copy when
    they are all the window asks for.

    >>> facts = rare_facts("grundy-game", 20)
    >>> hex(facts.mask), facts.rare_positions
    ('0xfe', (0, 1, 2, 3, 4, 6, 7, 9, 10, 12, 15))
    >>> rare_facts("subtraction:2,4,7", 1000) is None
    True
    """
    from nimlab.registry import game as as_game
    from nimlab.solve.sequences import sequence_array

    heap_game = as_heap_ruleset(as_game(game))
    if heap_game is None:
        return None
    kernel = heap_game.capabilities.one_heap
    if kernel is None or not kernel.sparse_space:
        window = count
    window = max(count, window)
    limits = check_limits(limits)
    if values is not None and len(values) == window:
        return sparse_facts(values)
    try:  # beyond a proven period the values are read off it (no kernel to load)
        values = sequence_array(heap_game, window, limits)
    except TooLarge:
        try:
            values = sequence_array(heap_game, count, limits)
        except TooLarge:
            values = _read(heap_game, count, limits)
    chosen = sparse_facts(values)
    if chosen is None or len(values) == count:
        return chosen
    facts = sparse_facts(values[:count], chosen.mask)
    return None if facts is None else replace(facts, judged_on=len(values))

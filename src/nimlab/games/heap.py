"""One-heap rules: Nim, subtraction games, Grundy's game, and user functions.

>>> Subtraction((2, 4, 7)).spec
'subtraction:2,4,7'
>>> list(Subtraction((2, 4, 7)).heap_options(5))
[(3,), (1,)]
>>> list(GrundyGame().heap_options(7))
[(1, 6), (2, 5), (3, 4)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import ClassVar

from nimlab.errors import InvalidGame
from nimlab.games.actions import Action, Split
from nimlab.games.base import HeapRuleset, Heaps, is_integer
from nimlab.games.capabilities import (
    IDENTITY_KIND,
    WINDOW_KIND,
    Capabilities,
    OneHeapKernel,
    PeriodCriterion,
)
from nimlab.limits import amount
from nimlab.text import quoted, shorten

MAX_ELEMENT = 2**63 - 1
"""The largest subtraction set element: the compiled kernels hold heaps as 64-bit integers."""


@dataclass(frozen=True, repr=False)
class Nim(HeapRuleset):
    """Nim: remove any positive number of stones from one heap (seed 003).

    The Grundy value of a position is the nim-sum of its heaps (Bouton 1902).
    An emptied heap stays in the position as 0.
    """

    family: ClassVar[str] = "nim"

    @property
    def spec(self) -> str:
        return "nim"

    @property
    def capabilities(self) -> Capabilities:
        identity = PeriodCriterion(IDENTITY_KIND)
        return Capabilities(
            "heap",
            one_heap=OneHeapKernel("identity"),
            period_criterion=identity,
            grundy_table_source=(
                "Table 5 of seed 001 (Nim, every heap ≥ 1: ⟨a, b⟩ here is Nim's ⟨a−1, b−1⟩)"
            ),
        )

    def heap_options(self, n: int) -> Iterator[Heaps]:
        return ((k,) for k in range(n - 1, -1, -1))

    def is_heap_option(self, n: int, result: Heaps) -> bool | None:
        return len(result) == 1 and 0 <= result[0] < n


@dataclass(frozen=True, repr=False)
class Subtraction(HeapRuleset):
    """The subtraction game S: remove s ∈ S stones from one heap (seeds 000, 004).

    ``subtraction:1,2,3`` is Game I of seed 000; a finite S makes the Grundy
    sequence eventually periodic, and periodicity is proven once it holds on a
    window of max(S) values.
    """

    subtraction_set: tuple[int, ...]
    family: ClassVar[str] = "subtraction"

    def __post_init__(self) -> None:
        values: object = self.subtraction_set  # from a notebook, anything at all
        if isinstance(values, str | bytes) or not isinstance(values, Iterable):
            shown = shorten(quoted(values))
            raise InvalidGame(
                f"subtraction takes a collection of positive integers, e.g. (1, 2, 3), got {shown}",
                ja=f"subtraction には正の整数の集まり（例 (1, 2, 3)）を与えます（{shown} "
                "が与えられた）",
            )
        values = tuple(values)  # a numpy array or a set as well
        if not values:
            raise InvalidGame(
                "subtraction needs a non-empty set of positive integers, e.g. subtraction:1,2,3",
                ja="subtraction には正の整数の空でない集合が必要です。例 subtraction:1,2,3",
            )
        for s in values:
            if not is_integer(s) or s < 1:  # numpy's integers too, never a bool
                raise InvalidGame(
                    f"subtraction set element {s!r} is not a positive integer; "
                    "write e.g. subtraction:2,4,7",
                    ja=f"減算集合の要素 {s!r} は正の整数ではありません。例 subtraction:2,4,7",
                )
            if s > MAX_ELEMENT:
                shown = f"{s:,}" if s < 10**30 else amount(s)  # as written, unless very long
                raise InvalidGame(
                    f"subtraction set element {shown} is too large; "
                    f"accepted: 1 to {MAX_ELEMENT:,} (2^63 - 1)",
                    ja=f"減算集合の要素 {shown} が大きすぎます。1 から {MAX_ELEMENT:,}"
                    "（2^63 - 1）まで",
                )
        object.__setattr__(self, "subtraction_set", tuple(sorted({int(s) for s in values})))

    @property
    def spec(self) -> str:
        return "subtraction:" + ",".join(map(str, self.subtraction_set))

    @property
    def capabilities(self) -> Capabilities:
        return Capabilities(
            "heap",
            one_heap=OneHeapKernel("subtraction", subtraction_set=self.subtraction_set),
            period_criterion=PeriodCriterion(WINDOW_KIND, self.subtraction_set[-1]),
        )

    def heap_options(self, n: int) -> Iterator[Heaps]:
        return ((n - s,) for s in self.subtraction_set if s <= n)

    def is_heap_option(self, n: int, result: Heaps) -> bool | None:
        return len(result) == 1 and result[0] >= 0 and n - result[0] in self.subtraction_set


@dataclass(frozen=True, repr=False)
class GrundyGame(HeapRuleset):
    """Grundy's game: split one heap into two unequal non-empty heaps."""

    family: ClassVar[str] = "grundy-game"

    @property
    def spec(self) -> str:
        return "grundy-game"

    @property
    def capabilities(self) -> Capabilities:
        # Grundy's game is 4.0 with unequal parts; no period is known (Guy–Smith needs octal).
        return Capabilities("heap", one_heap=OneHeapKernel("sparse", digits=(4,), unequal=True))

    def heap_options(self, n: int) -> Iterator[Heaps]:
        return ((a, n - a) for a in range(1, (n + 1) // 2))

    def is_heap_option(self, n: int, result: Heaps) -> bool | None:
        return len(result) == 2 and 1 <= result[0] < result[1] and sum(result) == n

    def heap_move(self, n: int, result: Heaps) -> Action:
        return Split(n, result)


@dataclass(frozen=True, repr=False)
class FunctionHeapRuleset(HeapRuleset):
    """A heap game given by a function from a heap size to its options.

    Each option is an int (the heap left) or a tuple of ints (the heaps left;
    ``()`` removes the heap). Every heap left must be smaller than the heap
    moved in, so that play ends.

    >>> g = heap_game(lambda n: [n - s for s in (1, 3, 4) if s <= n], name="s134")
    >>> g.spec, list(g.heap_options(4))
    ('s134', [(3,), (1,), (0,)])
    """

    name: str
    function: Callable[[int], Iterable[int | Heaps]]
    """Part of the identity: two games with different functions are different games,
    whatever their names, so no cache answers one with the other's values."""

    def __post_init__(self) -> None:
        if not callable(self.function) or not isinstance(self.name, str) or not self.name:
            raise InvalidGame(
                "heap_game takes a function from a heap size to its options and a name, e.g. "
                f"heap_game(lambda n: [n - 1] if n else [], name='countdown'); got "
                f"{self.function!r:.40} named {self.name!r:.40}",
                ja="heap_game には山の大きさから選択肢への関数と名前を与えます。例 "
                "heap_game(lambda n: [n - 1] if n else [], name='countdown')"
                f"（{self.function!r:.40}、名前 {self.name!r:.40} が与えられた）",
            )

    @property
    def spec(self) -> str:
        return self.name

    def __repr__(self) -> str:
        """``nimlab.heap_game(halve, name='halving')``: the function by its name.

        >>> heap_game(lambda n: [n // 2] if n else [], name="halving")
        nimlab.heap_game(<lambda>, name='halving')
        """
        function = getattr(self.function, "__name__", type(self.function).__name__)
        return f"nimlab.heap_game({function}, name={self.name!r})"

    def heap_options(self, n: int) -> Iterator[Heaps]:
        """The function's options of a heap of ``n``, each checked to be heaps.

        >>> list(heap_game(lambda n: ["a"], name="letters").heap_options(3))
        Traceback (most recent call last):
        ...
        nimlab.errors.InvalidGame: letters: an option of a heap of 3 is 'a'; ...
        """
        options = self.function(n)
        if not _sequence(options):
            raise self._bad(
                n,
                f"the function gave {options!r} for a heap of {n}",
                f"関数が山 {n} に {options!r} を返した",
            )
        for option in options:
            parts: tuple[object, ...] | None = (option,) if is_integer(option) else None
            if parts is None and _sequence(option):
                parts = tuple(option)  # type: ignore[arg-type]
            if parts is None or not all(is_integer(h) for h in parts):
                raise self._bad(
                    n, f"an option of a heap of {n} is {option!r}", f"選択肢の 1 つが {option!r}"
                )
            heaps = tuple(int(h) for h in parts)  # type: ignore[call-overload]
            if not all(0 <= h < n for h in heaps):  # else play need not end (misère search)
                raise InvalidGame(
                    f"{self.name}: a move from a heap of {n} leaves {heaps!r}; every heap left "
                    "must be smaller than the heap moved in, and hold 0 stones or more",
                    ja=f"{self.name}: {n} 個の山からの手が {heaps!r} を残します。"
                    "残る山はどれも手を指した山より小さく、石は 0 個以上でなければなりません",
                )
            yield heaps

    def _bad(self, n: int, what: str, what_ja: str) -> InvalidGame:
        return InvalidGame(
            f"{self.name}: {what}; the options are ints (the heap left) or tuples of ints "
            "(the heaps left, () for none)",
            ja=f"{self.name}: 山 {n} の選択肢が不正です（{what_ja}）。選択肢は int（残る山）か "
            "int のタプル（残る山、なければ ()）です",
        )


def _sequence(value: object) -> bool:
    """An iterable that is not text (a string is no list of heaps)."""
    return isinstance(value, Iterable) and not isinstance(value, (str, bytes))


def heap_game(
    function: Callable[[int], Iterable[int | Heaps]], name: str = "custom"
) -> FunctionHeapRuleset:
    """Define a heap game from a function ``n -> options`` (as CGSuite's HeapRuleset)."""
    return FunctionHeapRuleset(name, function)

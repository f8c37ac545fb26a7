"""Rulesets: immutable values that describe positions and moves, nothing else.

A ruleset knows how to read and print its positions and which moves each
position has. It knows nothing about solvers or output; every analysis in
nimlab works on any ruleset. Three shapes matter to the solvers:

* :class:`HeapRuleset` — a move acts on one heap (Nim, subtraction, octal
  games). The Sprague–Grundy theorem reduces a position to its heaps.
* :class:`HeapsRuleset` — positions are a tuple of heap sizes, but a move may
  involve several heaps (Wythoff, Split-and-delete Nim, Delete Nim).
* anything else (take-away games with their memory, disjunctive sums, or a
  user's own game) is a plain :class:`Ruleset`.

A user's game needs only ``options`` (or ``moves``)::

    >>> class TakeOneOrTwo(HeapRuleset):
    ...     def heap_options(self, n):
    ...         return [(n - k,) for k in (1, 2) if k <= n]
    >>> import nimlab
    >>> nimlab.analyze(TakeOneOrTwo(), "4").outcome
    'N'
"""

from __future__ import annotations

import numbers
import re
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from itertools import islice
from typing import Any, ClassVar, NamedTuple

from nimlab.checks import MAX_DIGITS as MAX_DIGITS  # re-exported: positions' digit cap
from nimlab.errors import InvalidPosition, TooLarge
from nimlab.files import shown
from nimlab.games.actions import Action, MoveTo, RemoveHeap, ReplaceHeap, Take
from nimlab.games.capabilities import Capabilities
from nimlab.games.moves import Move as Move  # re-exported: the home of Move was here
from nimlab.text import markdown, quoted

Position = tuple[Any, ...]
"""A canonical position: a hashable tuple (heap sizes, or game-specific)."""

Heaps = tuple[int, ...]

_INTEGER = re.compile(r"[0-9]+")
_FULL_WIDTH = str.maketrans("０１２３４５６７８９，、　", "0123456789,, ")
"""Full-width digits, commas and spaces (as a Japanese IME types them) and their ASCII."""
_TOO_BIG = 10**MAX_DIGITS
MOVE_SCAN = 200_000
"""The most moves :meth:`Ruleset.move_to` looks through when the rules do not decide."""


class Ruleset(ABC):  # noqa: B024 - subclasses override moves() or options()
    """An impartial game under normal play: positions and their moves.

    Subclasses override :meth:`moves` (or only :meth:`options`; then each move's
    action is :class:`~nimlab.games.actions.MoveTo`, naming the position reached).
    Positions default to tuples of non-negative integers written ``3,4,5``.
    """

    family: ClassVar[str] = "user"

    @property
    def spec(self) -> str:
        """The canonical spec string of this game (``nimlab.game(spec) == self``)."""
        return type(self).__name__

    # -- positions ---------------------------------------------------------

    def parse_position(self, text: str) -> Position:
        """Read a position written as text; raise ``InvalidPosition`` if malformed."""
        return self.validate(parse_heaps(text, self.spec, self.capabilities.least_heap))

    def validate(self, position: Any) -> Position:
        """Return the canonical form of ``position``, or raise ``InvalidPosition``."""
        if not isinstance(position, tuple):
            raise InvalidPosition(
                f"a position of {self.spec} is a tuple, got {quoted(position)}",
                ja=f"{self.spec} の局面はタプルです（{quoted(position)} が与えられた）",
            )
        return position

    def format_position(self, position: Position) -> str:
        """Write a canonical position as text (the inverse of ``parse_position``)."""
        return ",".join(str(x) for x in position)

    def example_position(self) -> str:
        """A position of this game as text, for messages (``3,4,5`` unless the game's
        positions are of another form: Wythoff's ``3,5``, a take-away game's ``10``)."""
        return "3,4,5"

    def position(self, value: str | Iterable[Any]) -> Position:
        """A canonical position from text or from a sequence of values."""
        if isinstance(value, str):
            return self.parse_position(value)
        kind, e_g = type(value).__name__, repr(self.example_position())
        if isinstance(value, (bytes, bytearray, memoryview)):  # a tuple of character codes
            raise InvalidPosition(
                f"a position of {self.spec} is text (e.g. {e_g}), not {kind}: decode it first",
                ja=f"{self.spec} の局面は文字列（例 {e_g}）です。{kind} は先に decode してください",
            )
        if isinstance(value, AbstractSet | Mapping):  # no order, and no heap twice
            raise InvalidPosition(
                f"a position of {self.spec} is text (e.g. {e_g}) or a sequence, not a {kind}: "
                "it has no order and holds no value twice (nim {3, 3} would be the one heap 3)",
                ja=f"{self.spec} の局面は文字列（例 {e_g}）か列です。{kind} は"
                "順序がなく同じ値を 2 つ持てません（nim の {3, 3} は山 3 が 1 つになります）",
            )
        try:
            values = tuple(value)
        except TypeError:
            raise InvalidPosition(
                f"a position of {self.spec} is text (e.g. {e_g}) or a sequence, not {kind}",
                ja=f"{self.spec} の局面は文字列（例 {e_g}）か列です（{kind} ではない）",
            ) from None
        return self.validate(values)

    # -- moves ---------------------------------------------------------------

    def moves(self, position: Position) -> Iterator[Move]:
        """Every move from ``position`` (a position reached in several ways may repeat)."""
        if type(self).options is Ruleset.options:
            raise TypeError(f"{type(self).__name__} must define moves() or options()")
        for to in self.options(position):
            yield Move(to, MoveTo(self.format_position(to)))

    def options(self, position: Position) -> Iterator[Position]:
        """The positions reachable in one move (canonical; may repeat)."""
        if type(self).moves is Ruleset.moves:
            raise TypeError(f"{type(self).__name__} must define moves() or options()")
        for move in self.moves(position):
            yield move.to

    @property
    def options_bytes(self) -> int:
        """Bytes a live :meth:`options` generator holds beyond the options it has yielded
        (a search keeps one open per position it is solving, and estimates its memory
        with this); measured for the built-in games (a heap game's: 401 bytes)."""
        return 500

    def is_terminal(self, position: Position) -> bool:
        """True when no move is possible."""
        return next(iter(self.options(position)), None) is None

    # -- one move of a position too big to list --------------------------------

    def move_to(self, position: Position, to: Position) -> Move | None:
        """The move from ``position`` to ``to`` (both canonical) described as :meth:`moves`
        describes it, or None when the rules allow none.

        Games whose positions can be huge decide it by their rules (a heap game asks
        :meth:`HeapRuleset.is_heap_option`); others look through their moves, and refuse
        (``TooLarge``) a position with more than :data:`MOVE_SCAN` of them rather than
        call a move past them illegal.

        >>> from nimlab.registry import game
        >>> game("nim").move_to((3, 4, 5), (1, 4, 5))
        Move(to=(1, 4, 5), action=Take(heap=3, amount=2))
        >>> game("nim").move_to((3, 4, 5), (3, 4, 6)) is None
        True
        """
        for count, move in enumerate(self.moves(position)):
            if move.to == to:
                return move
            if count == MOVE_SCAN:
                raise _too_many(self, position)
        return None

    def some_moves(self, position: Position, limit: int) -> list[Move]:
        """Up to ``limit`` legal moves (none only at a terminal position), without listing
        every move of a huge position.

        >>> from nimlab.registry import game
        >>> [m.text for m in game("nim").some_moves((1, 2), 2)]
        ['take 1 from the heap of 1', 'take 1 from the heap of 2']
        """
        return list(islice(self.moves(position), limit))

    def __str__(self) -> str:
        return self.spec

    def __repr__(self) -> str:
        """Python that names the game: ``nimlab.game('octal:0.77')`` for every spec-named game.

        A game no spec names (a user's class) shows its class and spec.
        """
        from nimlab.registry import game

        try:
            named = game(self.spec) == self
        except Exception:  # a user's spec may be anything
            named = False
        return f"nimlab.game({self.spec!r})" if named else f"<{type(self).__name__} {self.spec!r}>"

    def __add__(self, other: object) -> Ruleset:
        """``A + B``: the disjunctive sum (a sum's components are flattened).

        >>> from nimlab.games.heap import Nim
        >>> Nim() + Nim()
        nimlab.game('nim + nim')
        """
        if not isinstance(other, Ruleset):
            return NotImplemented
        from nimlab.games.sums import Sum

        return Sum((self, other))

    def _repr_markdown_(self) -> str:
        """In a notebook: the spec, its family's rule, and what the game offers the solvers."""
        from nimlab.registry import family_of

        family = family_of(self)
        rule = f": {family.rule}" if family is not None else ""
        parts = self.summands()
        if parts:
            # a component's name is a user's text: escaped, as the whole spec (a backtick in
            # it closed a code span and let HTML through; helper audit)
            rule = ": the disjunctive sum of " + ", ".join(markdown(c.spec) for c in parts)
        return f"**{markdown(self.spec)}**{rule} (shape `{self.capabilities.shape}`)"

    # -- what the solvers may use -------------------------------------------

    @property
    def capabilities(self) -> Capabilities:
        """What this ruleset offers the solvers (shape, kernels, period criterion)."""
        return Capabilities("general")

    def summands(self) -> tuple[Ruleset, ...]:
        """The components of a disjunctive sum; ``()`` for a game that is not a sum."""
        return ()


def parse_heaps(text: str, spec: str, least: int = 0) -> Heaps:
    """Read comma-separated non-negative integer heap sizes (a refusal asks for heaps
    ≥ ``least``, the game's least heap; the game's ``validate`` checks it).

    >>> parse_heaps(" 3, 4,5 ", "nim")
    (3, 4, 5)
    >>> parse_heaps("3,-1", "nim")
    Traceback (most recent call last):
    ...
    nimlab.errors.InvalidPosition: bad position '3,-1' for nim: heap '-1' is not ...
    >>> parse_heaps("３，４、５", "nim")
    Traceback (most recent call last):
    ...
    nimlab.errors.InvalidPosition: bad position ... full-width characters; type 3,4,5 ...
    >>> parse_heaps("-3,4,5", "split-delete-nim:single", 1)
    Traceback (most recent call last):
    ...
    nimlab.errors.InvalidPosition: bad position ... integers ≥ 1, e.g. 3,4,5
    """
    if not isinstance(text, str):
        raise InvalidPosition(
            f"a position is text such as 3,4,5, got {text!r}",
            ja=f"局面は 3,4,5 のような文字列です（{text!r} が与えられた）",
        )
    stripped = text.strip()
    if not stripped:
        return ()
    heaps = []
    for part in stripped.split(","):
        part = part.strip()
        if not _INTEGER.fullmatch(part):
            what = "an empty heap" if not part else f"heap {part!r} is not a non-negative integer"
            what_ja = "空の山がある" if not part else f"山 {part!r} が 0 以上の整数ではない"
            narrow = stripped.translate(_FULL_WIDTH)
            if narrow != stripped and all(  # typed with a Japanese IME
                _INTEGER.fullmatch(p.strip()) for p in narrow.split(",")
            ):
                what = f"it is in full-width characters; type {narrow} (the digits 0-9)"
                what_ja = f"全角文字で書かれています。半角で {narrow} と書いてください"
            raise InvalidPosition(
                f"bad position {text!r} for {spec}: {what}; write heaps as comma-separated "
                f"integers ≥ {least}, e.g. 3,4,5",
                ja=f"{spec} の局面 {text!r} が不正です: {what_ja}。山は {least} 以上の整数を"
                "コンマで区切って書きます。例 3,4,5",
            )
        heaps.append(to_int(part, f"heap in {spec} position", ja=f"{spec} の局面の山"))
    return tuple(heaps)


def to_int(text: str, what: str, *, ja: str) -> int:
    """``int(text)`` for a string already checked to be decimal digits, with a size cap
    (``what`` the number is, ``ja`` in Japanese, for the refusal)."""
    digits = text.strip().lstrip("+-")
    if len(digits) > MAX_DIGITS:
        raise InvalidPosition(
            f"{what} has {len(digits)} digits; at most {MAX_DIGITS} are accepted",
            ja=f"{ja}が {len(digits)} 桁あります。{MAX_DIGITS} 桁までです",
        )
    return int(text)


def integers(values: tuple[Any, ...], spec: str) -> tuple[int, ...]:
    """``values`` as Python ints — any integer type but ``bool`` (numpy's included), each
    of at most :data:`MAX_DIGITS` digits as in text — or ``InvalidPosition``.

    >>> import numpy as np
    >>> integers((np.int64(3), 4), "nim")
    (3, 4)
    >>> try:
    ...     integers((10**5000,), "nim")
    ... except InvalidPosition as error:
    ...     print(error)
    a number in a position of nim has more than 4000 digits; at most 4000 are accepted
    """
    if not _all_ints(values):  # Python's own ints need no check one by one
        for h in values:
            if not is_integer(h):
                raise InvalidPosition(
                    f"{quoted(h)} in a position of {spec} is not an integer",
                    ja=f"{spec} の局面の {quoted(h)} は整数ではありません",
                )
        values = tuple(int(h) for h in values)
    if values and (max(values) >= _TOO_BIG or min(values) <= -_TOO_BIG):
        # no repr of it: Python refuses to print such an int
        raise InvalidPosition(
            f"a number in a position of {spec} has more than {MAX_DIGITS} digits; "
            f"at most {MAX_DIGITS} are accepted",
            ja=f"{spec} の局面の数が {MAX_DIGITS} 桁を超えています。{MAX_DIGITS} 桁までです",
        )
    return tuple(values)


def _all_ints(values: tuple[Any, ...]) -> bool:
    """Whether every value is a Python int (``bool`` is not: its type is ``bool``)."""
    return all(type(h) is int for h in values)


def is_integer(value: object) -> bool:
    """An integer of any type but ``bool`` (``True`` is no heap)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, numbers.Integral)


def check_heaps(position: Any, spec: str) -> Heaps:
    """Check that ``position`` is a tuple of integers ≥ 0 and return it sorted."""
    if not isinstance(position, tuple):
        raise InvalidPosition(
            f"a position of {spec} is a tuple of heap sizes, got {quoted(position)}",
            ja=f"{spec} の局面は山の大きさのタプルです（{quoted(position)} が与えられた）",
        )
    for h in () if _all_ints(position) else position:
        if not is_integer(h):
            raise InvalidPosition(
                f"heap {quoted(h)} of {quoted(position)} is not an integer ({spec})",
                ja=f"{quoted(position)} の山 {quoted(h)} は整数ではありません（{spec}）",
            )
    position = integers(position, spec)
    if position and min(position) < 0:
        h = next(h for h in position if h < 0)
        raise InvalidPosition(
            f"heap {quoted(h)} of {quoted(position)} is negative; heaps are ≥ 0 ({spec})",
            ja=f"{quoted(position)} の山 {quoted(h)} が負です。山は 0 以上です（{spec}）",
        )
    return tuple(sorted(position))


class Needs(NamedTuple):
    """What a game needs of the number of heaps, in English and in Japanese.

    >>> print(Needs("exactly 2 heaps", "ちょうど 2 個の山"))
    exactly 2 heaps
    """

    en: str
    ja: str

    def __str__(self) -> str:
        return self.en


def needs_ja(problem: str | Needs) -> str:
    """The Japanese of what :meth:`HeapsRuleset.check_count` said (a ruleset of one's own
    may answer in plain English).

    >>> needs_ja(Needs("at least 2 heaps", "2 個以上の山")), needs_ja("3 heaps")
    ('2 個以上の山', '3 heaps')
    """
    return problem.ja if isinstance(problem, Needs) else str(problem)


class HeapsRuleset(Ruleset):
    """A ruleset whose positions are multisets of heaps, written sorted ascending.

    ``min_heap`` is the smallest heap allowed (1 for the paper's games where
    every heap keeps at least one stone); ``check_count`` says which numbers
    of heaps are allowed.
    """

    min_heap: ClassVar[int] = 0

    @property
    def capabilities(self) -> Capabilities:
        return Capabilities("heaps", least_heap=self.min_heap)

    def check_count(self, count: int) -> str | Needs | None:
        """None if ``count`` heaps are allowed, else what is accepted (for the message;
        :class:`Needs` says it in Japanese too)."""
        return None

    def validate(self, position: Any) -> Heaps:
        heaps = check_heaps(position, self.spec)
        problem = self.check_count(len(heaps))
        if problem is not None:
            raise InvalidPosition(
                f"{self.spec} needs {problem}; got {len(heaps)} heap"
                f"{'' if len(heaps) == 1 else 's'} in {self.format_position(heaps) or '(none)'}",
                ja=f"{self.spec} には {needs_ja(problem)} が必要です。"
                f"{self.format_position(heaps) or '（なし）'} の山は {len(heaps)} 個",
            )
        if heaps and heaps[0] < self.min_heap:
            raise InvalidPosition(
                f"every heap of {self.spec} has at least {self.min_heap} stone"
                f"{'' if self.min_heap == 1 else 's'}; got {self.format_position(heaps)}",
                ja=f"{self.spec} のどの山にも石が {self.min_heap} 個以上あります"
                f"（{self.format_position(heaps)} が与えられた）",
            )
        return heaps


class HeapRuleset(HeapsRuleset):
    """A ruleset where a move replaces one heap by zero or more smaller heaps.

    Subclasses define :meth:`heap_options`: the results of moving in a single
    heap of ``n`` stones, each a tuple of the heaps left in its place (``()``
    when nothing is left; ``(0,)`` keeps an empty heap, as Nim does). By the
    Sprague–Grundy theorem the Grundy value of a position is the nim-sum of
    the values of its heaps.
    """

    @property
    def capabilities(self) -> Capabilities:
        return Capabilities("heap", least_heap=self.min_heap)

    @abstractmethod
    def heap_options(self, n: int) -> Iterable[Heaps]:
        """The heaps that can replace a heap of ``n`` stones in one move."""

    def is_heap_option(self, n: int, result: Heaps) -> bool | None:
        """Whether a heap of ``n`` may become the heaps ``result`` (sorted), when the rules
        decide it without listing the options (None: list them). Games whose heaps have
        too many options to list (octal codes, Grundy's game) override it."""
        return None

    def heap_move(self, n: int, result: Heaps) -> Action:
        """What the move that turns a heap of ``n`` into the heaps ``result`` does.

        >>> from nimlab.games.heap import Nim
        >>> Nim().heap_move(7, (4,)), Nim().heap_move(7, ()), Nim().heap_move(7, (2, 3))
        (Take(heap=7, amount=3), RemoveHeap(heap=7), ReplaceHeap(heap=7, parts=(2, 3)))
        """
        if not result:
            return RemoveHeap(n)
        if len(result) == 1:
            return Take(n, n - result[0])
        return ReplaceHeap(n, result)

    def moves_by_heap(self, heaps: Heaps) -> Iterator[tuple[int, Heaps, Heaps]]:
        """(heap moved in, heaps left in its place, canonical position reached)."""
        seen: set[int] = set()
        for i, n in enumerate(heaps):
            if n in seen:
                continue
            seen.add(n)
            rest = heaps[:i] + heaps[i + 1 :]
            for result in self.heap_options(n):
                yield n, result, tuple(sorted(rest + result))

    def moves(self, position: Position) -> Iterator[Move]:
        for n, result, to in self.moves_by_heap(position):
            yield Move(to, self.heap_move(n, result))

    def move_to(self, position: Position, to: Position) -> Move | None:
        """The move in one heap that turns ``position`` into ``to``, decided for a huge heap
        by :meth:`is_heap_option` where the game answers it."""
        gone = Counter(position) - Counter(to)
        if gone.total() != 1:
            return None
        (n,) = gone.elements()
        result = tuple(sorted((Counter(to) - Counter(position)).elements()))
        known = self.is_heap_option(n, result)
        if known is None:
            for count, option in enumerate(self.heap_options(n)):
                if tuple(sorted(option)) == result:
                    return Move(to, self.heap_move(n, tuple(option)))  # as the game lists it
                if count == MOVE_SCAN:
                    raise _too_many(self, position)
            return None
        return Move(to, self.heap_move(n, result)) if known else None

    def options(self, position: Position) -> Iterator[Position]:
        return (to for _, _, to in self.moves_by_heap(position))


def _too_many(game: Ruleset, position: Position) -> TooLarge:
    """A move to check among more than :data:`MOVE_SCAN` moves no rule decides."""
    at = game.format_position(position)
    return TooLarge(
        f"{game.spec} at {shown(at, 60)} has more than {MOVE_SCAN:,} moves and no rule "
        "that says which position one move reaches: choose one of the listed moves (#N)",
        ja=f"{game.spec} の {shown(at, 60)} には {MOVE_SCAN:,} を超える手があり、1 手で"
        "行ける局面を決める規則がありません。一覧の手（#N）を選んでください",
    )


def as_heaps_ruleset(game: Ruleset) -> HeapsRuleset | None:
    """``game`` if it declares positions made of heaps (shape ``heap`` or ``heaps``), else None.

    Solvers ask this instead of testing a ruleset's class.

    >>> class Countdown(HeapRuleset):
    ...     def heap_options(self, n):
    ...         return [(n - 1,)] if n else []
    >>> as_heaps_ruleset(Countdown()) is not None
    True
    """
    if game.capabilities.shape in ("heap", "heaps") and isinstance(game, HeapsRuleset):
        return game
    return None


def as_heap_ruleset(game: Ruleset) -> HeapRuleset | None:
    """``game`` if a move acts on one heap (shape ``heap``: Sprague–Grundy over heaps), else None.

    >>> class TakeFromBoth(HeapsRuleset):
    ...     def options(self, position):
    ...         return iter([tuple(h - 1 for h in position)] if min(position) else [])
    >>> as_heap_ruleset(TakeFromBoth()) is None
    True
    """
    if game.capabilities.shape == "heap" and isinstance(game, HeapRuleset):
        return game
    return None

"""Exhaustive search over the game graph: the reference every fast method is checked against.

Iterative (no recursion limit) and memoised on canonical positions. For each
position it finds the Grundy value (under misère play the misère Grundy
value, where a terminal position has value 1) and the remoteness:
0 at the end; otherwise, if some option is a P-position, one more than the
least remoteness among those, else one more than the greatest remoteness of
any option (Steinhaus). Work is counted per option generated; a position of many heaps
counts as one state per 16 heaps, since it costs that much more to build. Memory
is estimated as the search goes (memo entries and open frames, measured sizes)
and checked against ``max_memory``, so a deep search of a huge heap is refused
naming ``--max-memory`` instead of exhausting the machine.

>>> from nimlab.games.heap import Subtraction
>>> s = Search(Subtraction((1, 2, 3)))
>>> s.value((5,)), s.value((8,))
((1, 3), (0, 4))
>>> Search(Subtraction((1, 2, 3)), misere=True).value((1,))
(0, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain, islice

from nimlab.errors import InvalidGame, InvalidOption
from nimlab.games.base import Position, Ruleset, is_integer
from nimlab.games.meter import metered
from nimlab.garbage import no_gc
from nimlab.limits import Budget, Limits


def mex(values: Iterable[int]) -> int:
    """The least non-negative integer not in ``values`` (integers of any type but bool).

    >>> mex({0, 1, 3}), mex([2, 0, 1, 1]), mex([])
    (2, 3, 0)
    >>> mex("01")
    Traceback (most recent call last):
    ...
    nimlab.errors.InvalidOption: values must be a collection of integers (...), got '01'
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise _not_integers(values)
    listed = list(values)
    if not all(is_integer(v) for v in listed):  # before a set: [2] is unhashable, and
        raise _not_integers(values)  # {1, True} would hide the True
    seen = {int(v) for v in listed}
    m = 0
    while m in seen:
        m += 1
    return m


def _not_integers(values: object) -> InvalidOption:
    shown = repr(values)[:60]
    return InvalidOption(
        f"values must be a collection of integers (such as {{0, 1, 3}}), got {shown}",
        field="values",
        ja=f"values は整数の集まり（{{0, 1, 3}} など）です（{shown} が与えられた）",
    )


MEMO_BYTES = 250
"""Bytes per memoised position (dict entry, position tuple, value pair), measured."""
HEAP_BYTES = 8
"""Bytes per heap of a position held (the tuple's pointer to an int shared with the
position it came from): a position of 300 heaps holds 2.5 KB, not the 250 B of one heap."""
FRAME_BYTES = 400
"""Bytes per open frame, without its materialised options, measured."""
OPTION_BYTES = 100
"""Bytes per materialised option and per heap a move makes in it (tuple and int objects),
measured; the other heaps are shared with the position moved from (HEAP_BYTES each)."""
NEW_HEAPS = 6
"""Heaps of an option counted as made by the move (a split-and-delete move can make all
of a six-heap option; other heaps are shared with the position moved from)."""
MEMORY_CHECK_EVERY = 1 << 14
"""Open frames between two checks of the memory estimate."""
CHUNK = 8
"""Options materialised when a frame opens (the generator is dropped when they are all)."""


class Search:
    """Memoised search of one game; ``value(p)`` is ``(grundy, remoteness)``."""

    def __init__(self, game: Ruleset, misere: bool = False, budget: Budget | None = None) -> None:
        self.game = game
        self.misere = misere
        self.budget = budget if budget is not None else Limits().budget()
        self.memo: dict[Position, tuple[int, int]] = {}
        self.memo_bytes = 0
        """Bytes the memo holds, estimated: MEMO_BYTES and HEAP_BYTES a heap a position."""

    def value(self, root: Position) -> tuple[int, int]:
        """(Grundy value, remoteness) of ``root``."""
        if root in self.memo:
            return self.memo[root]
        # the rulesets' own work while listing moves counts; the open positions' generator
        # chains make no cycles, and a deep search spent most of its time collecting them
        with metered(self.budget.spend), no_gc():
            return self._value(root)

    def _value(self, root: Position) -> tuple[int, int]:
        memo = self.memo
        game, spend, terminal = self.game, self.budget.spend, 1 if self.misere else 0
        # A frame folds its options' values in as they come: the position, its
        # options, the Grundy values seen, the least remoteness of a P-option,
        # the greatest remoteness of any option, and the option being solved.
        stack: list[_Frame] = [_Frame(root, game.options(root), game.options_bytes)]
        open_: set[Position] = {root}
        check_at = MEMORY_CHECK_EVERY
        max_memory = self.budget.max_memory
        open_bytes = stack[0].bytes
        while stack:
            frame = stack[-1]
            if frame.waiting is not None:
                frame.absorb(*memo[frame.waiting])
                frame.waiting = None
            for option in frame.options:
                spend(1 + len(option) // 16)  # a position of many heaps costs more to build
                known = memo.get(option)
                if known is not None:
                    frame.absorb(*known)
                    continue
                if option in open_:
                    raise InvalidGame(
                        f"{game.spec}: the position {game.format_position(option)} can be "
                        "reached from itself, so play need not end",
                        ja=f"{game.spec}: 局面 {game.format_position(option)} が自分自身から"
                        "到達できるので、ゲームが終わるとは限りません",
                    )
                frame.waiting = option
                opened = _Frame(option, game.options(option), game.options_bytes)
                stack.append(opened)
                open_.add(option)
                open_bytes += opened.bytes
                if len(stack) + len(memo) >= check_at or open_bytes + self.memo_bytes > max_memory:
                    # (positions of hundreds of heaps outgrow the memory between two checks)
                    check_at = len(stack) + len(memo) + MEMORY_CHECK_EVERY
                    # the positions reached: those solved and those open (a dive down one
                    # line of play has solved none yet: "over 0 positions" it said)
                    depth, reached = len(stack) - 1, len(memo) + len(stack)
                    self.budget.check_memory(
                        self.memo_bytes + open_bytes,
                        f"a search {depth:,} moves deep that has reached {reached:,} positions",
                        ja=f"深さ {depth:,} 手、これまでに {reached:,} 局面に達した探索",
                    )
                break
            else:
                memo[frame.position] = frame.result(terminal)
                self.memo_bytes += MEMO_BYTES + HEAP_BYTES * len(frame.position)
                open_.discard(frame.position)
                open_bytes -= frame.bytes
                stack.pop()
        return memo[root]

    def grundy(self, position: Position) -> int:
        return self.value(position)[0]

    def is_p(self, position: Position) -> bool:
        return self.value(position)[0] == 0


class _Frame:
    """One position being solved by :class:`Search`."""

    __slots__ = ("best_p", "bytes", "options", "position", "seen", "waiting", "worst")

    def __init__(self, position: Position, options: Iterator[Position], chain_bytes: int) -> None:
        self.position = position
        first = list(islice(options, CHUNK))
        # A few options are held as a list, so the (larger) generator chain is freed.
        self.options = iter(first) if len(first) < CHUNK else chain(first, options)
        self.bytes = FRAME_BYTES + sum(
            OPTION_BYTES * (1 + min(len(o), NEW_HEAPS)) + HEAP_BYTES * len(o) for o in first
        )
        self.bytes += 2 * HEAP_BYTES * len(position)  # the position, and the copy its moves make
        if len(first) == CHUNK:
            self.bytes += chain_bytes  # the generator chain stays alive
        self.seen = 0  # the Grundy values of the options, as a bitset
        self.best_p = -1  # least remoteness of an option that is a P-position
        self.worst = -1  # greatest remoteness of any option
        self.waiting: Position | None = None

    def absorb(self, grundy: int, remoteness: int) -> None:
        self.seen |= 1 << grundy
        if grundy == 0 and (self.best_p < 0 or remoteness < self.best_p):
            self.best_p = remoteness
        if remoteness > self.worst:
            self.worst = remoteness

    def result(self, terminal: int) -> tuple[int, int]:
        if self.worst < 0:
            return terminal, 0
        seen = self.seen
        least_missing = (~seen & (seen + 1)).bit_length() - 1
        return least_missing, 1 + (self.best_p if self.best_p >= 0 else self.worst)

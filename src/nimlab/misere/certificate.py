"""The certificate of a misère quotient: the mex rule checked on every reachable state.

A word (a sum of heaps) has the *state* (Φ(w), T(w)): its element and the
elements of its options. The misère mex rule at a word depends only on its
state, and the state of w + h follows from the states of w and h, so checking
the rule on the finitely many reachable states covers every word (see
:mod:`nimlab.misere.quotient`). Two searches share :class:`LightestFirst`,
which visits one word per state, lightest first (a word's options are lighter):

* :func:`certify` on a trial monoid, assigning P at the lightest word reaching
  each element (or checking a given P);
* :func:`lightest_failure` on a reduced monoid, with the state (Φ(w), D(w)) of
  :class:`Verified`, which also extends a verified quotient heap by heap.

>>> from nimlab.games.heap import Nim
>>> from nimlab.limits import Limits
>>> from nimlab.misere.monoid import TRIVIAL
>>> heaps = Heaps(Nim())
>>> heaps.extend(2, Limits().budget())
>>> heaps.options[2], heaps.rank
(((), (1,)), [0, 1, 2])
>>> lightest_failure(TRIVIAL.with_heap(0).with_heap(0), heaps, 1, Limits().budget(), 100)
((1,), True)
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from nimlab.errors import NotApplicable, TooLarge
from nimlab.games.base import HeapRuleset
from nimlab.limits import Budget
from nimlab.misere.monoid import Element, Reduced, Trial

S = TypeVar("S", bound=Hashable)
K = TypeVar("K", bound=Hashable)

EMPTY = -1
"""The D-part of the empty word's state (it has no options at all)."""


@dataclass
class Heaps:
    """The heaps ≤ n of a game: options, ranks (a weight that every move lowers)."""

    game: HeapRuleset
    options: list[tuple[tuple[int, ...], ...]] = field(default_factory=list)
    rank: list[int] = field(default_factory=list)

    def extend(self, n: int, budget: Budget) -> None:
        while len(self.options) <= n:
            h = len(self.options)
            opts = []
            for result in self.game.heap_options(h):
                result = tuple(sorted(int(x) for x in result))
                if any(x >= h or x < 0 for x in result):
                    raise NotApplicable(
                        f"heap {h} of {self.game.spec} has an option {result} with a heap not "
                        "smaller than it; a quotient needs every move to leave smaller heaps",
                        ja=f"{self.game.spec} の山 {h} に、それより小さくない山を含む手 {result} "
                        "があります。商にはどの手も小さい山を残すことが必要です",
                    )
                opts.append(tuple(x for x in result if self.options[x]))
            budget.spend(1 + len(opts))
            unique = tuple(sorted(set(opts)))
            self.options.append(unique)
            self.rank.append(
                0 if not unique else 1 + max(sum(self.rank[x] for x in o) for o in unique)
            )

    def generators(self, key: Callable[[int], K], n: int) -> list[tuple[K, int, int]]:
        """(key, heap, rank) for the lightest heap ≤ n of each key (heaps with options only).

        Heaps with equal keys act alike on states, so one of them is enough.
        """
        lightest: dict[K, int] = {}
        for h in range(1, n + 1):
            if self.options[h]:
                k = key(h)
                if k not in lightest or self.rank[h] < self.rank[lightest[k]]:
                    lightest[k] = h
        return [(k, h, self.rank[h]) for k, h in sorted(lightest.items(), key=lambda i: i[1])]


class LightestFirst(Generic[S, K]):
    """The reachable states, one word each, lightest first (Dijkstra over word weight).

    ``generators`` are (key, heap, rank); ``step(state, key)`` is the state after
    adding that heap. Iterating yields each state once; :meth:`word` is the
    lightest word found for it. Each state costs one unit of ``budget``; more
    than ``max_states`` states is ``TooLarge``.
    """

    def __init__(
        self,
        start: S,
        generators: Sequence[tuple[K, int, int]],
        step: Callable[[S, K], S],
        budget: Budget,
        max_states: int,
    ) -> None:
        self.start = start
        self.generators = generators
        self.step = step
        self.budget = budget
        self.max_states = max_states
        self.parent: dict[S, tuple[S, int] | None] = {start: None}

    def __iter__(self) -> Iterator[S]:
        dist = {self.start: 0}
        done: set[S] = set()
        counter = itertools.count(1)
        queue: list[tuple[int, int, S]] = [(0, 0, self.start)]
        while queue:
            w, _, state = heapq.heappop(queue)
            if state in done:
                continue
            done.add(state)
            self.budget.spend(1 + len(self.generators))  # the state and each successor made
            if len(done) > self.max_states:
                raise TooLarge(
                    f"the quotient certificate needs more than {self.max_states:,} states",
                    "max_states",
                    ja=f"商の証明には {self.max_states:,} 状態を超える計算が必要です",
                )
            yield state
            for key, h, r in self.generators:
                nxt = self.step(state, key)
                nw = w + r
                if nxt not in done and nw < dist.get(nxt, nw + 1):
                    dist[nxt] = nw
                    self.parent[nxt] = (state, h)
                    heapq.heappush(queue, (nw, next(counter), nxt))

    def word(self, state: S) -> tuple[int, ...]:
        """The heaps of the lightest word reaching ``state``, sorted."""
        word = []
        link = self.parent[state]
        while link is not None:
            state, h = link
            word.append(h)
            link = self.parent[state]
        return tuple(sorted(word))


class Failure(Exception):
    """The lightest word where a monoid breaks the mex rule, and its true outcome."""

    def __init__(self, word: tuple[int, ...], should_be_p: bool = False) -> None:
        super().__init__(word)
        self.word = word  # heaps, with repetition
        self.should_be_p = should_be_p  # its true outcome (its options are all right)
        self.is_p: dict[Element, bool] = {}


def mark(
    trial: Trial, heaps: Heaps, n: int, budget: Budget, max_states: int
) -> dict[Element, bool]:
    """P-membership of every element of ``trial`` reached by words in heaps ≤ n, assigned by
    the mex rule at the lightest word reaching each element (nothing is checked)."""
    elements: list[Element] = [trial.identity]
    index: dict[Element, int] = {trial.identity: 0}
    distinct = sorted(set(trial.images[: n + 1]))
    act_of: dict[Element, list[int]] = {g: [] for g in distinct}
    i = 0
    while i < len(elements):  # intern the submonoid the heaps generate: elements become ints
        current = elements[i]
        for g in distinct:
            f = trial.mul(current, g)
            j = index.get(f)
            if j is None:
                j = index[f] = len(elements)
                elements.append(f)
                if len(elements) > max_states:
                    raise TooLarge(
                        f"a trial monoid has more than {max_states:,} elements",
                        "max_states",
                        ja=f"試しのモノイドの元が {max_states:,} 個を超えます",
                    )
            act_of[g].append(j)
        i += 1
        budget.spend(1)
    act = [act_of[trial.images[h]] for h in range(n + 1)]
    options = heaps.options
    memo: dict[tuple[int, int], frozenset[int]] = {}

    def times_options(e: int, h: int) -> frozenset[int]:
        out = memo.get((e, h))
        if out is None:
            found = set()
            for o in options[h]:
                x = e
                for k in o:
                    x = act[k][x]
                found.add(x)
            out = memo[e, h] = frozenset(found)
        return out

    State = tuple[int, frozenset[int]]

    def step(state: State, h: int) -> State:
        e, t = state
        budget.spend(len(t))  # each option of the state is carried to the successor
        a = act[h]
        return (a[e], frozenset([a[x] for x in t]).union(times_options(e, h)))

    generators = heaps.generators(lambda h: (act[h][0], times_options(0, h)), n)
    search = LightestFirst[State, int](
        (0, frozenset()),
        [(h, h, r) for _, h, r in generators],
        step,
        budget,
        max_states,
    )
    is_p: dict[int, bool] = {}
    for e, t in search:
        if e not in is_p:
            is_p[e] = bool(t) and not any(is_p[x] for x in t)  # no move: the mover wins
            if len(is_p) == len(elements):
                break
    return {elements[k]: v for k, v in is_p.items()}


def d_mask(table: Sequence[Sequence[int]], p: Sequence[bool], tr: Iterable[int]) -> int:
    """D(h) = {z : t·z ∈ P for some t in ``tr``}, the images of heap h's options, as a
    bitmask over the elements (``table`` the multiplication, ``p[x]`` whether x ∈ P).

    >>> d_mask([[0, 1], [1, 0]], [False, True], [1])  # 1·0 = 1 ∈ P, 1·1 = 0 ∉ P
    1
    """
    out = 0
    tr = list(tr)
    for z in range(len(table)):
        if any(p[table[t][z]] for t in tr):
            out |= 1 << z
    return out


class Verified:
    """The reachable states of a faithful (Q, P, φ), kept to extend it heap by heap.

    With P known, the state of a word w is (Φ(w), D(w)), D(w) the set of z ∈ Q
    such that some option of w, times z, is in P (a bitmask over Q). Then
    D(w + h) = {z : φ(h)z ∈ D(w)} ∪ {z : Φ(w)z ∈ D(h)}, and the mex rule at a
    non-empty word reads Φ(w) ∈ P ⟺ 1 ∉ D(w). Heaps with equal (φ(h), D(h))
    are one generator; a new heap that adds no new generator adds no new state.
    """

    def __init__(self, q: Reduced, budget: Budget, max_states: int) -> None:
        self.q = q
        self.budget = budget
        self.max_states = max_states
        self.order = q.order
        self.p = [x in q.p for x in range(q.order)]
        self.pre_memo: dict[tuple[int, int], int] = {}
        self.states: set[tuple[int, int]] = {(0, EMPTY)}
        self.gens: list[tuple[int, int]] = []

    def pre(self, y: int, d: int) -> int:
        """{z : y·z ∈ d} as a bitmask."""
        if d <= 0:
            return 0
        key = (y, d)
        out = self.pre_memo.get(key)
        if out is None:
            row = self.q.table[y]
            out = 0
            for z in range(self.order):
                if d >> row[z] & 1:
                    out |= 1 << z
            self.pre_memo[key] = out
        return out

    def d_of(self, tr: Iterable[int]) -> int:
        """D of a heap with option images ``tr``."""
        return d_mask(self.q.table, self.p, tr)

    def generator(self, heaps: Heaps, h: int) -> tuple[int, int]:
        """(φ(h), D(h)) of heap h."""
        return (self.q.images[h], self.d_of(option_images(self.q, heaps, h)))

    def step(self, state: tuple[int, int], gen: tuple[int, int]) -> tuple[int, int]:
        e, d = state
        x, dg = gen
        return (self.q.table[e][x], self.pre(x, d) | self.pre(e, dg))

    def obeys(self, state: tuple[int, int]) -> bool:
        """The mex rule at a non-empty word of this state."""
        return self.p[state[0]] == (not state[1] & 1)

    def add(self, gen: tuple[int, int]) -> bool:
        """Add a generator if every new state obeys the mex rule (else change nothing)."""
        if gen in self.gens:
            return True
        new: set[tuple[int, int]] = set()
        frontier = []
        for s in self.states:
            t = self.step(s, gen)
            if t not in self.states and t not in new:
                new.add(t)
                frontier.append(t)
        gens = [*self.gens, gen]
        spend = self.budget.spend
        while frontier:
            t = frontier.pop()
            spend(1 + len(gens))  # the state and each successor made
            if not self.obeys(t):
                return False
            for g in gens:
                u = self.step(t, g)
                if u not in self.states and u not in new:
                    new.add(u)
                    frontier.append(u)
            if len(new) + len(self.states) > self.max_states:
                raise TooLarge(
                    f"the quotient certificate needs more than {self.max_states:,} states",
                    "max_states",
                    ja=f"商の証明には {self.max_states:,} 状態を超える計算が必要です",
                )
        self.states |= new
        self.gens = gens
        return True


def option_images(q: Reduced, heaps: Heaps, h: int) -> set[int]:
    """The elements of the options of heap h."""
    return {q.product(o) for o in heaps.options[h]}


def lightest_failure(
    q: Reduced, heaps: Heaps, n: int, budget: Budget, max_states: int
) -> tuple[tuple[int, ...], bool] | None:
    """The lightest word of heaps ≤ n where (q, P, images) breaks the mex rule, and its
    true outcome (its options, lighter, obey the rule); None when the rule holds everywhere.

    The states of :class:`Verified`, visited lightest first. A word's prediction is
    the same in a trial and in its reduction, so this finds the trial's failures too.
    """
    v = Verified(q, budget, max_states)
    start = (0, EMPTY)
    search = LightestFirst(
        start, heaps.generators(lambda h: v.generator(heaps, h), n), v.step, budget, max_states
    )
    for state in search:
        if state != start and not v.obeys(state):
            return search.word(state), not state[1] & 1
    return None


def verified(q: Reduced, heaps: Heaps, n: int, budget: Budget, max_states: int) -> Verified:
    """The verified states of ``q`` for heaps ≤ n, rebuilt heap by heap (a second check)."""
    v = Verified(q, budget, max_states)
    for h in range(1, n + 1):
        if heaps.options[h] and not v.add(v.generator(heaps, h)):
            raise AssertionError(f"quotient of {heaps.game.spec} failed its check at heap {h}")
    return v

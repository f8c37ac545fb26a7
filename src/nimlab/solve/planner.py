"""The planner: one place that decides how a question is answered, before any work.

Every question (``analyze``, ``sequence``, ``period``, ``table``,
``ppositions``, and through them ``explain``, ``play``, the web and sweeps)
asks :func:`plan` for a :class:`Plan`: the methods that will answer, in
order, each with the work and memory it is estimated to need. The choice is
made from what the game declares (:attr:`Ruleset.capabilities`), the
registered theorems, the play convention and the limits — never from the
ruleset's class. A plan whose required step is known to be over the limits is
refused at once (:meth:`Plan.check`), naming the :class:`~nimlab.limits.Limits`
field; optional steps (remoteness, a Grundy value a theorem left open) that do
not fit are dropped instead of started and abandoned.

The plan is a value: ``nimlab COMMAND … --plan`` prints it without running it,
and results name its methods.

>>> p = plan("wythoff", "analyze", "1000,2000")
>>> [s.method.name for s in p.steps]
['oracle:wythoff-beatty', 'kernel:two-heap']
>>> p.steps[1].answers, p.steps[1].states
('grundy', 4004001)
>>> [s.method.name for s in plan("nim", "analyze", "3,4,5").steps]
['oracle:nim', 'search']
>>> plan("kayles", "sequence", stop=10**6).steps[0].method.name
'period'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from math import comb, factorial, lgamma, log, log2
from typing import Any, Literal

from nimlab.checks import check_flag, check_int
from nimlab.errors import InvalidOption, NotApplicable, TooLarge
from nimlab.games.base import (
    HeapRuleset,
    Position,
    Ruleset,
    as_heap_ruleset,
    as_heaps_ruleset,
)
from nimlab.games.capabilities import (
    K_REDUCE,
    REDUCE,
    SPLIT_ALL,
    SPLIT_HALF,
    SPLIT_KEEP,
    SPLIT_KEEP_SPLITTABLE,
    SUMS,
    TWO_PAIRS,
)
from nimlab.kernels.shapes import KERNEL_MIN_STATES, k_heap_grundy_bytes, k_heap_grundy_states
from nimlab.limits import Limits, amount, check_limits, kernel_states
from nimlab.registry import game as as_game
from nimlab.solve.methods import MEX, Method, criterion_method, kernel_table, render_method
from nimlab.solve.misere_heaps import compiled_misere, misere_work
from nimlab.text import fenced

Question = Literal["analyze", "sequence", "period", "table", "ppositions"]
QUESTIONS: tuple[Question, ...] = ("analyze", "sequence", "period", "table", "ppositions")
Answers = Literal["outcome", "grundy", "remoteness", "values", "period", "positions"]


@dataclass(frozen=True)
class Step:
    """One method of a plan: what it answers and what it is estimated to cost.

    ``states`` is the estimated work in states (``None``: unknown in advance,
    charged as it goes); ``exact`` says the estimate is the work the method will
    do (kernels, closed forms), not merely an upper bound (search: the positions
    it may reach); ``least`` is a lower bound on that work, when one is known (a
    search must visit every heap of a chain of moves). An ``optional`` step that does
    not fit is dropped, and what it answers is reported unknown.
    """

    method: Method
    answers: Answers
    states: int | None = None
    memory: int = 0
    exact: bool = False
    optional: bool = False
    least: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "method": self.method.to_dict(),
            "answers": self.answers,
            "states": self.states,
            "memory": self.memory,
            "exact": self.exact,
            "optional": self.optional,
            "least": self.least,
        }


@dataclass(frozen=True)
class Plan:
    """The methods that answer one question, in order, with their estimated costs."""

    question: Question
    game: str
    position: str | None
    misere: bool
    steps: tuple[Step, ...]
    dropped: tuple[Step, ...] = field(default=())
    """Optional steps left out because they do not fit the limits."""

    def method(self, name: str) -> Step | None:
        """The step whose method is ``name`` (or starts with ``name:``), if planned."""
        for s in self.steps:
            if s.method.name == name or s.method.name.startswith(name + ":"):
                return s
        return None

    def check(self, limits: Limits) -> Plan:
        """The plan itself, or ``TooLarge`` naming the limit a required step is over."""
        limits = check_limits(limits)
        for s in self.steps:
            if s.optional:
                continue
            if s.exact and s.states is not None and s.states > limits.max_states:
                raise TooLarge(
                    f"{s.method.title} needs {amount(s.states)} states, over the limit of "
                    f"{amount(limits.max_states)}",
                    "max_states",
                    ja=f"{_step_words(s.method, 'ja')} には {amount(s.states)} 状態が必要で、"
                    f"上限 {amount(limits.max_states)} を超えます",
                )
            if s.least > limits.max_states:
                raise TooLarge(
                    f"{s.method.title} needs at least {amount(s.least)} states, over the "
                    f"limit of {amount(limits.max_states)}",
                    "max_states",
                    ja=f"{_step_words(s.method, 'ja')} には少なくとも {amount(s.least)} "
                    f"状態が必要で、上限 {amount(limits.max_states)} を超えます",
                )
            if s.memory > limits.max_memory:
                raise TooLarge(
                    f"{s.method.title} needs {amount(s.memory)} bytes, over the limit of "
                    f"{amount(limits.max_memory)}",
                    "max_memory",
                    ja=f"{_step_words(s.method, 'ja')} には {amount(s.memory)} バイトが必要で、"
                    f"上限 {amount(limits.max_memory)} バイトを超えます",
                )
        return self

    def to_dict(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "game": self.game,
            "position": self.position,
            "misere": self.misere,
            "steps": [s.to_dict() for s in self.steps],
            "dropped": [s.to_dict() for s in self.dropped],
        }

    def _repr_markdown_(self) -> str:
        return fenced(self.render())

    def render(self, lang: str = "en") -> str:
        """The plan as lines of text, one per step, in ``lang`` (``en`` or ``ja``).

        >>> print(plan("subtraction:2,4,7", "period").render("ja"))
        subtraction:2,4,7 の周期の計画:
          1. 値: コンパイル済みの 1 山のカーネル(nimlab.kernels) — コストは実行するまで不明
          2. 周期: max(S) 窓の判定法(7 個の値の窓が繰り返す) — コストは実行するまで不明
        """
        if lang == "ja":
            return self._render_ja()
        where = f" at {self.position}" if self.position is not None else ""
        play = " (misère play)" if self.misere else ""
        lines = [f"plan for {self.question} of {self.game}{where}{play}:"]
        for i, s in enumerate(self.steps, 1):
            # a search's figure bounds the positions it may reach; each costs a state and
            # one more per option it generates, so it is no bound on the states
            unit = "states" if s.exact else "positions"
            cost = "cost unknown until run" if s.states is None else f"{amount(s.states)} {unit}"
            bound = "" if s.exact or s.states is None else " at most"
            memory = f", {amount(s.memory)} bytes" if s.memory else ""
            note = " (optional)" if s.optional else ""
            words = _step_words(s.method, "en")
            lines.append(f"  {i}. {s.answers}: {words}{note} — {cost}{bound}{memory}")
        for s in self.dropped:
            lines.append(f"  – {s.answers}: {s.method.title} left out: over the limits")
        return "\n".join(lines)

    def _render_ja(self) -> str:
        where = f" の局面 {self.position}" if self.position is not None else ""
        play = "（ミゼール）" if self.misere else ""
        lines = [f"{self.game}{where} の{QUESTIONS_JA[self.question]}の計画{play}:"]
        for i, s in enumerate(self.steps, 1):
            if s.states is None:
                cost = "コストは実行するまで不明"
            else:
                unit = "状態" if s.exact else "局面"
                cost = ("" if s.exact else "最大 ") + f"{amount(s.states)} {unit}"
            memory = f"、{amount(s.memory)} バイト" if s.memory else ""
            note = "(任意)" if s.optional else ""
            words = _step_words(s.method, "ja")
            lines.append(f"  {i}. {ANSWERS_JA[s.answers]}: {words}{note} — {cost}{memory}")
        for s in self.dropped:
            words = _step_words(s.method, "ja")
            lines.append(f"  – {ANSWERS_JA[s.answers]}: {words}は上限を超えるため省く")
        return "\n".join(lines)


QUESTIONS_JA: dict[str, str] = {
    "analyze": "解析",
    "sequence": "グランディ数列",
    "period": "周期",
    "table": "グランディ数表",
    "ppositions": "P 局面の一覧",
}
"""The questions in Japanese (the keys are :data:`QUESTIONS`)."""

ANSWERS_JA: dict[str, str] = {
    "outcome": "勝敗",
    "grundy": "グランディ数",
    "remoteness": "remoteness",
    "values": "値",
    "period": "周期",
    "positions": "局面",
}
"""What a step answers, in Japanese (the keys are :data:`Answers`)."""

_PLANNED_JA = {
    "search": "ゲームグラフの全探索",
    "misere-search": "ミゼールのゲームグラフ全探索",
}


def _step_words(method: Method, lang: str) -> str:
    """A planned method in words (a search's positions are not known before it runs)."""
    if method.kind in ("search", "misere-search"):
        return _PLANNED_JA[method.kind] if lang == "ja" else method.title
    if method.kind in ("period", "observed") and lang == "en":
        return method.title
    return render_method(method, lang)


# -- methods -------------------------------------------------------------------

SPRAGUE_GRUNDY = Method(
    "sprague-grundy",
    "Sprague–Grundy: nim-sum of the parts' Grundy values",
    "Sprague 1935, Grundy 1939",
    (("whole", "heaps"),),
)
SEARCH = Method("search", "exhaustive search of the game graph")
MISERE_SEARCH = Method("misere-search", "misère search of the game graph")
MISERE_TABLE = Method(
    "kernel:misere-two-heap", "compiled misère two-heap kernel (a move changes one heap)"
)
MISERE_KERNEL = Method(
    "kernel:misere-one-heap",
    "compiled misère one-heap kernel (every move leaves at most one heap)",
)
PERIOD = Method("period", "values read off a proven period of the Grundy sequence")
OBSERVED = Method("observed", "a period observed in the computed values (not proven)")


def oracle_method(oracle: Any) -> Method:
    """The method of a registered theorem (an :class:`~nimlab.solve.oracles.Oracle`)."""
    how: Method = oracle.how
    return how


def kernel_method(shape: str, **parameters: Any) -> Method:
    """The method of a compiled kernel of ``shape`` (one-heap, two-heap, k-heap, take-away)."""
    return Method(
        f"kernel:{shape}",
        f"compiled {shape} kernel",
        parameters=tuple(sorted(parameters.items())),
    )


# -- estimates -----------------------------------------------------------------

SATURATED = 10**4010
"""Where the estimates stop counting. Every limit has at most 4,000 digits
(:func:`~nimlab.checks.check_digits`), so an estimate held at this value still compares
as the true one would with any limit (or a small multiple of one), and a position of a
million heaps costs no product of a million factors."""


def saturated_prod(factors: Iterable[int]) -> int:
    """The product of ``factors`` (each ≥ 1), or :data:`SATURATED` if it is larger.

    >>> saturated_prod([2, 3, 4]), saturated_prod([10**3000, 10**3000]) == SATURATED
    (24, True)
    """
    product = 1
    for f in factors:
        product *= int(f)
        if product >= SATURATED:
            return SATURATED
    return product


def _multisets_lower_bound(sizes: list[int]) -> int:
    """A lower bound on the sorted tuples ⟨x_1 ≤ … ≤ x_k⟩ with x_i below ``sizes[i]``: at
    least ∏ sizes / k!, computed exactly while that is cheap, else a power of two below it.

    >>> _multisets_lower_bound([3, 4, 5]), _multisets_lower_bound([2] * 10**6)
    (10, 0)
    """
    k = len(sizes)
    if any(s < 1 for s in sizes):
        return 0
    product_bits = sum(log2(s) for s in sizes)
    bits = product_bits - lgamma(k + 1) / log(2)  # log2(∏ sizes / k!)
    if bits < 0:
        return 0
    if product_bits < 40_000:  # ∏ sizes, and k! below it, are cheap to compute
        return min(saturated_prod(sizes) // factorial(k), SATURATED)
    shift = max(int(bits) - 2, 0)  # 2 bits for the floats' rounding
    return SATURATED if shift >= SATURATED.bit_length() else min(1 << shift, SATURATED)


def search_work(game: Ruleset, pos: Position) -> int:
    """About how many states exhaustive search spends on ``pos`` (positions × options).

    The positions are bounded (:func:`state_box`); the options per position are a guess
    (half the heaps' total, or for games that split heaps the heaps times the largest):
    an estimate to choose a method by, not a bound.
    """
    parts = game.summands()
    if parts:
        return saturated_prod(max(search_work(c, p), 1) for c, p in zip(parts, pos, strict=True))
    if game.capabilities.take_away_multiplier is not None:
        n, m = pos
        return int((n + 1) * (m + 1) * (m + 1) // 2)
    if not all(isinstance(h, int) for h in pos):
        return 1
    if game.capabilities.splits_heaps:  # every sorted position of as many heaps ≤ the largest
        return _split_positions(game, pos) * len(pos) * max(int(max(pos)), 1)
    heaps = [int(h) + 1 for h in pos]
    return min(saturated_prod(heaps) * sum(heaps) // 2, SATURATED)


def state_box(game: Ruleset, pos: Position) -> int:
    """An upper bound on the positions reachable from ``pos``, where easy to give."""
    parts = game.summands()
    if parts:
        return saturated_prod(state_box(c, p) for c, p in zip(parts, pos, strict=True))
    if game.capabilities.take_away_multiplier is not None:
        n, m = pos
        return int((n + 1) * (m + 1))
    if not all(isinstance(h, int) for h in pos):
        return 1
    if game.capabilities.splits_heaps:
        return _split_positions(game, pos)
    return saturated_prod(h + 1 for h in pos)


def _split_positions(game: Ruleset, pos: Position) -> int:
    """The sorted positions of ``len(pos)`` heaps, none above the largest of ``pos``: where a
    game's moves may split a heap (:attr:`Capabilities.splits_heaps`), the positions reachable.

    >>> from nimlab.registry import game
    >>> _split_positions(game("split-delete-nim:single"), (1, 29, 50))  # C(50 − 1 + 3, 3)
    22100
    """
    span = max(max(pos, default=0) - game.capabilities.least_heap + 1, 0)
    return comb(span + len(pos) - 1, len(pos))


def _two_heap_cells(game: Ruleset, pos: Position) -> int | None:
    """Cells of the two-heap or take-away table that answers ``pos``, if a kernel serves it."""
    caps = game.capabilities
    if caps.take_away_multiplier is not None:
        rows = int(pos[0]) + 1
        return rows * (rows + 1) // 2
    if caps.two_heap_kernel is not None and len(pos) == 2:
        side = int(pos[1]) - caps.least_heap + 1
        return side * side
    return None


# -- planning ------------------------------------------------------------------


def plan(
    game: str | Ruleset,
    question: Question,
    position: str | Iterable[Any] | None = None,
    *,
    misere: bool = False,
    limits: Limits | None = None,
    stop: int | None = None,
    size: int | None = None,
    heaps: int | None = None,
    max_heap: int | None = None,
) -> Plan:
    """The plan that answers ``question`` about ``game`` (and ``position``).

    ``stop`` is the sequence length, ``size`` the table side, ``heaps`` and
    ``max_heap`` the P-position bounds. The plan is not checked against the
    limits here; :meth:`Plan.check` does that.
    """
    g = as_game(game)
    limits = check_limits(limits)
    misere = check_flag(misere, "misere")
    if question == "analyze":
        if position is None:
            raise InvalidOption("analyze needs a position", ja="analyze には局面が必要です")
        pos = g.position(position)
        steps, dropped = _analyze_steps(g, pos, misere, limits)
        return Plan(question, g.spec, g.format_position(pos), misere, steps, dropped)
    # the bounds checked as the questions' own functions check them (0 or 1 by default)
    if question == "sequence":
        stop = check_int(0 if stop is None else stop, "stop")
        return Plan(question, g.spec, None, misere, _sequence_steps(g, stop, misere))
    if question == "period":
        return Plan(question, g.spec, None, misere, _period_steps(g, misere))
    if question == "table":
        size = check_int(1 if size is None else size, "size", least=1)
        return Plan(question, g.spec, None, misere, _table_steps(g, size, misere))
    if question == "ppositions":
        heaps = check_int(1 if heaps is None else heaps, "heaps", least=1)
        max_heap = check_int(0 if max_heap is None else max_heap, "max_heap")
        steps = _ppositions_steps(g, heaps, max_heap, misere)
        return Plan(question, g.spec, None, misere, steps)
    raise InvalidOption(
        f"unknown question {question!r}; accepted: {', '.join(QUESTIONS)}",
        ja=f"問い {question!r} は不明です。使えるもの: {', '.join(QUESTIONS)}",
    )


TAKE_AWAY_SEARCH_CELLS = 5_000
"""Up to this many cells of its table (n < 100) a take-away state is searched; past it the
compiled table (Grundy values and remoteness) answers what the theorem leaves open."""

SEARCH_TRIED_OVER = 4
"""An optional search after a k-heap kernel is tried when its bound is at most this many
times the state limit (it stops at the limit)."""


def _analyze_steps(
    g: Ruleset, pos: Position, misere: bool, limits: Limits
) -> tuple[tuple[Step, ...], tuple[Step, ...]]:
    from nimlab.solve.oracles import find_oracle

    steps: list[Step] = []
    dropped: list[Step] = []
    work = search_work(g, pos)
    box = state_box(g, pos)
    search = MISERE_SEARCH if misere else SEARCH
    remoteness = Step(search, "remoteness", work, optional=True)
    # The optional search for remoteness is planned only where it can fit: a search
    # certain to visit more positions than the remoteness limit is never started.
    least = search_lower_bound(g, pos)
    fits = box <= 50 * limits.remoteness_states and least <= limits.remoteness_states
    keep_remoteness = steps.append if fits else dropped.append
    oracle = find_oracle(g, pos, misere)
    if oracle is not None:
        states = oracle.planned_states(g, pos)
        steps.append(Step(oracle_method(oracle), "outcome", states, exact=states is not None))
        cells = None if misere else _two_heap_cells(g, pos)
        # A take-away state has up to n moves: its search's bound counts positions, not the
        # moves tried (1000/17: 162,162 positions, 8 s, and given up), so the table decides.
        take_away = g.capabilities.take_away_multiplier is not None
        small = cells is not None and (not take_away or cells <= TAKE_AWAY_SEARCH_CELLS)
        if small and work <= KERNEL_MIN_STATES:
            # Small: one search within the state limit gives the Grundy value the theorem
            # may leave open and the remoteness, without loading a kernel.
            steps.append(Step(search, "grundy", work, optional=True))
            return tuple(steps), tuple(dropped)
        table = None if misere or work <= KERNEL_MIN_STATES else _k_heap_grundy_step(g, pos, limits)
        if table is not None:  # the values the theorem leaves open, and the remoteness
            steps.append(replace(table, optional=True))
        if not take_away:
            keep_remoteness(remoteness)
        if cells is not None:  # for the Grundy value where the theorem gives only the outcome
            kernel = _table_step(g, cells, "grundy", optional=True)
            (steps if cells <= limits.max_states else dropped).append(kernel)
        if take_away:  # after the table, which gives the remoteness too: no search then
            keep_remoteness(remoteness)
        return tuple(steps), tuple(dropped)
    if not misere and (as_heap_ruleset(g) is not None or g.summands()):
        steps.append(Step(SPRAGUE_GRUNDY, "grundy", None))
        keep_remoteness(remoteness)
        return tuple(steps), tuple(dropped)
    if not misere and work > KERNEL_MIN_STATES:
        cells = _two_heap_cells(g, pos)
        k = g.capabilities.k_heap_kernel(len(pos))
        if cells is not None:
            steps.append(_table_step(g, cells, "grundy"))
            keep_remoteness(remoteness)
            return tuple(steps), tuple(dropped)
        if k is not None:
            top = max(pos)
            table = _k_heap_grundy_step(g, pos, limits)
            if table is not None:  # every value of the box and its remoteness: all of it
                steps.append(table)
                return tuple(steps), tuple(dropped)
            cells = comb(top - g.capabilities.least_heap + len(pos), len(pos))
            method = kernel_method(f"{len(pos)}-heap", max_heap=top)
            steps.append(Step(method, "outcome", cells, exact=True))
            # The kernel answers; a search may add both values. Its bound (every position
            # of the box) is far above what it visits (delete-nim:single 39,53,56: 5.2 M
            # planned, 1.5 M states spent), so it is tried within the state limit up to
            # a few times that bound: at worst a few seconds spent in vain.
            if work <= SEARCH_TRIED_OVER * limits.max_states:
                steps.append(Step(search, "grundy", work, optional=True))
            else:
                keep_remoteness(remoteness)
            return tuple(steps), tuple(dropped)
    steps.append(Step(search, "grundy", work, least=least))
    return tuple(steps), tuple(dropped)


def _k_heap_grundy_step(g: Ruleset, pos: Position, limits: Limits) -> Step | None:
    """The k-heap Grundy table of ``pos``'s box, if a kernel serves it and it fits."""
    top = max(pos, default=0)
    states = k_heap_grundy_states(g, len(pos), top, limits.max_states)
    if states is None or states > limits.max_states or min(pos, default=0) < 1:
        return None
    memory = k_heap_grundy_bytes(g, len(pos), top)
    if memory > limits.max_memory:
        return None
    return Step(kernel_table(f"{len(pos)}-heap Grundy table"), "grundy", states, memory, exact=True)


def _positions_lower_bound(game: Ruleset, pos: Position) -> int:
    """Positions a full search from ``pos`` certainly reaches (the position itself at least)."""
    parts = game.summands()
    if parts:  # every combination of the components' positions
        return saturated_prod(_positions_lower_bound(c, p) for c, p in zip(parts, pos, strict=True))
    return max(1, reachable_lower_bound(game, pos), chain_lower_bound(game, pos))


def search_lower_bound(game: Ruleset, pos: Position) -> int:
    """A lower bound on the states a full search from ``pos`` spends: the largest of
    :func:`reachable_lower_bound`, :func:`chain_lower_bound` and
    :func:`chain_option_bound`. A sum's search spends at least what the search of any
    one component does: with the others left as they are, the positions of that
    component's search are all reached, each with at least its options. And it reaches
    every combination of its components' positions (moves in different components
    commute), so the product of their position bounds is one too.

    >>> from nimlab.registry import game
    >>> search_lower_bound(game("nim + nim"), ((3,), (500_000,))) > 300_000
    True
    >>> search_lower_bound(game("nim + nim + nim"), ((3,), (3,), (3,)))  # 4 · 4 · 4 − 1
    63
    """
    parts = game.summands()
    if parts:
        pairs = list(zip(parts, pos, strict=True))
        each = max(search_lower_bound(c, p) for c, p in pairs)
        # every position but the start is charged as an option of another
        return max(each, saturated_prod(_positions_lower_bound(c, p) for c, p in pairs) - 1)
    return max(
        reachable_lower_bound(game, pos),
        chain_lower_bound(game, pos),
        chain_option_bound(game, pos),
        half_split_option_bound(game, pos),
    )


def half_split_option_bound(game: Ruleset, pos: Position) -> int:
    """A lower bound on the states a full search spends on k = 2m heaps of a ``half``
    variant (``SPLIT_HALF``: delete m heaps, split the other m), 0 if it does not apply.

    With L the least heap, b the largest and the m largest heaps at least 3L: delete the
    m least heaps, split b into x + y (L ≤ x ≤ y) and each other of the m largest, h,
    into L + (h − L). For each x this is a different position P_x, and the search solves
    it. Among P_x's options are those that delete x and the m − 1 heaps of L, and split y
    and each h − L (≥ 2L) into L + (h − 2L): one for each pair y1 ≤ y2 of sum y, all
    different. The search charges every option it generates, so it spends at least the
    sum over x of ⌊y/2⌋ − L + 1, y = b − x: about 3b²/16.

    >>> from nimlab.registry import game
    >>> half_split_option_bound(game("delete-nim:half"), (3, 3, 3, 3, 3, 10**5)) > 10**9
    True
    >>> half_split_option_bound(game("delete-nim:half"), (1, 1, 1, 1, 1, 10**5))
    0
    """
    caps = game.capabilities
    k = len(pos)
    if not caps.splits_heaps or k < 4 or k % 2 or not all(isinstance(h, int) for h in pos):
        return 0
    if not caps.k_heap_moves(k) & SPLIT_HALF:
        return 0
    least, heaps = max(caps.least_heap, 1), sorted(pos)
    b = heaps[-1]
    if heaps[k // 2] < 3 * least:  # the m largest, b too: y = b − x ≥ 2L for every x
        return 0
    # Σ over y from b − ⌊b/2⌋ to b − L of ⌊y/2⌋ − L + 1
    return _pairs_in(b - b // 2, b - least, least)


def chain_lower_bound(game: Ruleset, pos: Position) -> int:
    """A lower bound on the positions a full search from ``pos`` visits: the chain of a
    heap game's shortest move that leaves one heap (0 if it has none).

    A search of a position solves all its options, so from a heap h it solves h − k,
    h − 2k, … ≥ 1 for a move that takes k and leaves one heap (≥ 0 where a heap may be
    left empty, as in subtraction games): with the position itself, at least
    1 + (h − 1) // k (1 + h // k) positions, all different. (A huge heap with no theorem
    is refused at once, not after a search has run out of memory.)

    The heaps of the chain that can be split into two non-empty heaps add the pairs
    they split into (:func:`_pairs_along`): a Kayles heap of h stones reaches about
    h²/4 positions of two heaps, so a search of it is refused before it starts.

    >>> from nimlab.registry import game
    >>> chain_lower_bound(game("kayles"), (10**30,)) >= 10**59
    True
    >>> chain_lower_bound(game("subtraction:3,5"), (100, 7)), chain_lower_bound(game("nim"), ())
    (34, 0)
    >>> chain_lower_bound(game("subtraction:1,4"), (12,))  # 12, 11, …, 0
    13
    >>> chain_lower_bound(game("grundy-game"), (10**9,))  # no chain: the heap's splits
    83333333333333332
    >>> chain_lower_bound(game("fibonacci-nim"), (10**9, 3))  # take one stone at a time
    1000000000
    """
    caps = game.capabilities
    if not pos or not all(isinstance(h, int) for h in pos):
        return 0
    if caps.take_away_multiplier is not None:  # (n, m) → (n − 1, …) → …: taking 1 each time
        return pos[0] if pos[1] >= 1 else 0
    kernel = caps.one_heap
    if kernel is None:
        return 0
    step = kernel.shortest_single_move()
    top = max(pos)
    # the position and its chain, down to the empty heap where a move may leave one
    chain = 0 if step is None else 1 + (top - (0 if kernel.leaves_empty else 1)) // step
    split = kernel.least_split()
    if split is None:
        return chain
    triples = _triples_along(top, step, split, kernel.unequal)
    return chain + _pairs_along(top, step, split) + triples


def chain_option_bound(game: Ruleset, pos: Position) -> int:
    """A lower bound on the states a full search from ``pos`` spends: the options it
    generates from the positions of the chain (:func:`chain_lower_bound`).

    A search counts a state for every option it generates, and it generates every option
    of every position it solves. The chain's positions are all different and each has at
    least the moves of its largest heap, so the sum of
    :meth:`~nimlab.games.capabilities.OneHeapKernel.options_at_least` over the chain's
    heaps is a lower bound. That bound never shrinks with the heap, so the sum is taken
    over the heaps from x down to x/2 at once (as many as there are, times the moves of
    the smallest): about log₂ h terms, for heaps of 10^100 stones too. Subtract-a-square
    from 299,999 has only 300,000 positions but over 10^8 options, and a search of it is
    refused before it starts, not after diving 300,000 moves deep.

    >>> from nimlab.registry import game
    >>> chain_option_bound(game("subtraction:squares"), (299_999,)) > 5 * 10**7
    True
    >>> chain_option_bound(game("subtraction:1,4"), (12,))  # 12 heaps ≥ 1, 9 of them ≥ 4
    21
    """
    kernel = game.capabilities.one_heap
    if kernel is None or not pos or not all(isinstance(h, int) for h in pos):
        return 0
    top = max(pos)
    step = kernel.shortest_single_move()
    if step is None:
        return kernel.options_at_least(top)
    last = (top - (0 if kernel.leaves_empty else 1)) // step  # the chain: top − j·step, j ≤ last
    total = 0
    j = 0
    while j <= last:
        low = (top - j * step) // 2  # this part of the chain: its heaps above low
        end = max(j, min(last, (top - low - 1) // step))
        total += (end - j + 1) * kernel.options_at_least(top - end * step)
        j = end + 1
    return total


def _triples_along(top: int, step: int | None, split: int, unequal: bool = False) -> int:
    """A lower bound on the three-heap positions a search reaches by splitting a heap of
    the chain (see :func:`_pairs_along`) and then one of its two parts, each time taking
    ``split`` stones.

    Every x, y, z ≥ 1 with x + y + z = s = h − 2·split is reached from h: split it into
    x and y + z + split, then that into y and z. The (s − 1)(s − 2)/2 ordered triples
    are at least (s − 1)(s − 2)/12 sorted ones. Where the two parts must differ
    (Grundy's game), x < y < z is still reached (x ≠ y + z, y ≠ z); at most 3(s − 1)/2
    ordered triples have two equal parts, which leaves (s − 1)(s − 5)/12 sorted ones.
    Different heaps of the chain give different sums. Summed over the chain in closed form.

    >>> _triples_along(14, 1, 1), _triples_along(14, None, 1)  # kayles
    (36, 9)
    >>> _triples_along(14, None, 0, unequal=True)  # Grundy's game: of 1+2+11, …, 3+5+6 (10)
    9
    """
    shift = 4 if unequal else 1  # the terms are (s − 1)(s − 1 − shift)
    first = top - 2 * split  # s of the chain's first heap
    if first < 2 + shift:
        return 0
    st = 0 if step is None else step
    terms = 1 if step is None else (first - 1 - shift) // step + 1  # those with s ≥ 1 + shift
    a = first - 1
    # Σ (a − j·st)(a − shift − j·st) for j < terms, times 6 (then / 12: sorted triples)
    total = (
        6 * terms * a * (a - shift)
        - 3 * st * (2 * a - shift) * terms * (terms - 1)
        + st * st * (terms - 1) * terms * (2 * terms - 1)
    )
    return total // 72


def _pairs_along(top: int, step: int | None, split: int) -> int:
    """A lower bound on the two-heap positions a search reaches by splitting the heaps of
    the chain top, top − step, … (just top if ``step`` is None), taking ``split`` stones.

    A heap h of the chain splits into the x = h − split stones of two non-empty heaps:
    ⌊x/2⌋ pairs a ≤ b (⌊(x − 1)/2⌋ if they must differ, as in Grundy's game), at least
    (x − 2)/2 either way; pairs from different heaps of the chain have different sums,
    so all are different positions. Summed over the chain in closed form (heaps of 10^100
    stones are planned too).

    >>> _pairs_along(14, 1, 1), _pairs_along(14, None, 0)  # kayles, Grundy's game
    (33, 6)
    """
    first = top - split  # x of the chain's first heap
    if first < 2:
        return 0
    terms = 1 if step is None else (first - 2) // step + 1  # the heaps with x ≥ 2
    # Σ (x_j − 2)/2 over x_j = first − j·step, j < terms, rounded down
    total = 2 * terms * (first - 2) - (0 if step is None else step * terms * (terms - 1))
    return total // 4


def reachable_lower_bound(game: Ruleset, pos: Position) -> int:
    """A lower bound on the positions a full search from ``pos`` visits (0 if unknown).

    Where a game may reduce any heap to any smaller size (Nim, Wythoff,
    Split-and-delete Nim), every sorted tuple of smaller heaps is reachable. Where it
    splits a heap and deletes another (the split/delete games), the splits of the largest
    heap and of its parts are (:func:`split_reach_lower_bound`).
    """
    caps = game.capabilities
    if not pos or not all(isinstance(h, int) for h in pos):
        return 0
    if len(pos) == 2:
        flags = caps.two_heap_kernel or 0
        reduces = bool(flags & REDUCE)
    else:
        reduces = bool(caps.k_heap_moves(len(pos)) & K_REDUCE)
    if caps.one_heap is not None and caps.one_heap.takes_any:
        reduces = True
    splits = max(split_reach_lower_bound(game, pos), partition_reach_bound(game, pos))
    if not reduces:
        return splits
    return max(splits, _multisets_lower_bound([h - caps.least_heap + 1 for h in pos]))


PARTITIONS_COUNTED = 400
"""Up to this heap every partition is counted (O(b²) steps, remembered per heap and k);
past it the splits into two and three parts alone pass any limit."""


def partition_reach_bound(game: Ruleset, pos: Position) -> int:
    """A lower bound on the positions other than ``pos`` that a full search reaches in a
    take-and-break game that may remove k stones and split what is left in two (a digit
    d_k with bit 4; Grundy's game's unequal parts aside).

    From the largest heap b, split a part off what remains, again and again: any q
    heaps a₁, …, a_q ≥ 1 with a₁ + … + a_q = b − (q − 1)k are reached (the other heaps
    kept), each multiset a different position. So the partitions p(b − (q − 1)k, q) of
    every q ≥ 2 are reached: for Kayles from 100 about 2.4 · 10^7 positions, where the
    pairs and triples of the chain's heaps give 27,825 (misère Dawson's Kayles from 100
    searched 20 s in vain before its refusal; fuzz).

    >>> from nimlab.registry import game
    >>> partition_reach_bound(game("kayles"), (7,))  # 5+1, 4+2, 3+3; 3+1+1, 2+2+1; 1+1+1+1
    6
    >>> partition_reach_bound(game("octal:0.07"), (100,)) > 5_000_000
    True
    >>> partition_reach_bound(game("subtraction:1,2"), (100,))
    0
    """
    kernel = game.capabilities.one_heap
    if kernel is None or kernel.unequal or not pos or not all(isinstance(h, int) for h in pos):
        return 0
    k = next((k for k, d in enumerate(kernel.digits) if d & 4), None)
    if k is None:
        return 0
    b = int(max(pos))
    if b <= PARTITIONS_COUNTED:
        return _partitions_reached(b, k)
    pairs = (b - k) // 2
    triples = ((b - 2 * k) ** 2 + 6) // 12 if b - 2 * k >= 3 else 0
    return pairs + triples


@lru_cache(maxsize=1024)
def _partitions_reached(b: int, k: int) -> int:
    """The sum over q ≥ 2 of p(b − (q − 1)k, q), the partitions of b − (q − 1)k into
    exactly q positive parts: a row of p(·, q) at a time (p(m, q) = p(m − 1, q − 1) +
    p(m − q, q)), so only the heap's own sizes are counted, nothing kept but the sum.

    >>> _partitions_reached(7, 1), _partitions_reached(8, 0)  # p(8, q), q ≥ 2: 4+5+5+3+2+1+1
    (6, 21)
    """
    row = [1] + [0] * b  # p(m, 0)
    total = 0
    for q in range(1, b + 1):
        nxt = [0] * (b + 1)
        for m in range(q, b + 1):
            nxt[m] = row[m - 1] + nxt[m - q]
        row = nxt
        m = b - (q - 1) * k
        if m < q:
            break
        if q >= 2:
            total += row[m]
    return total


def split_reach_lower_bound(game: Ruleset, pos: Position) -> int:
    """A lower bound on the positions other than ``pos`` that a full search of a game
    which splits one heap and deletes another reaches (0 if the game does not).

    Let b be the largest heap and L the least heap a position may hold.

    * *Split one heap, delete another* (two heaps of Split-and-delete or Delete Nim,
      ``SUMS``; three or four heaps of the ``single`` and ``less-than-half`` variants,
      ``SPLIT_KEEP``): delete the least heap and split b, leaving R ∪ {x, y} with
      x + y = b, R the other heaps. From there, delete x and split y (and the other
      way round): every sum s from 2L to b − L is reached with R kept, and for each
      s every pair L ≤ x ≤ y, x + y = s: ⌊s/2⌋ − L + 1 positions. These variants do
      so with any number of heaps (``any_count_moves``), as ``all-but-one`` below.
    * *Split two heaps, delete both parts of one* (four heaps of
      ``split-delete-nim:half``, ``SPLIT_KEEP_SPLITTABLE``): the same with the
      second-largest heap split and deleted, which needs it to hold 2L stones or more,
      and then the part not split must hold 2L: the sums from 2L to b − 2L.
    * *Delete two heaps and split the other two* (four heaps of the ``half`` variants,
      ``TWO_PAIRS``): delete the two least, split the second-largest and b into x + y
      with x, y ≥ 2L; then delete the former's parts and split x and y. Every split of b
      into four parts is reached: about b³/144 positions, none of which is ``pos``.
    * *Delete all heaps but one and split it into k parts* (``SPLIT_ALL``): any part
      p ≤ b − (k − 1)L of a split of b is kept and split again, so every sum s from kL
      to b − (k − 1)L is reached by positions (L, …, L, x, y): the pairs of sum
      s − (k − 2)L.

    Positions of different sums, or of one sum with different pairs, differ; none is
    ``pos`` (their total is at most b). Each is an option of the one before it, so a
    search generates it: the bound counts states too.

    >>> from nimlab.registry import game
    >>> split_reach_lower_bound(game("delete-nim:single"), (7, 10))  # every pair of sum ≤ 10
    25
    >>> split_reach_lower_bound(game("delete-nim:single"), (7, 10**6)) >= 10**11
    True
    >>> split_reach_lower_bound(game("split-delete-nim:half"), (3, 3, 3, 10**6)) >= 10**11
    True
    >>> split_reach_lower_bound(game("delete-nim:half"), (3, 3, 3, 10**6)) >= 10**15
    True
    >>> split_reach_lower_bound(game("nim"), (7, 10))
    0
    """
    caps = game.capabilities
    if not caps.splits_heaps or len(pos) < 2 or not all(isinstance(h, int) for h in pos):
        return 0
    k, least = len(pos), max(caps.least_heap, 1)
    heaps = sorted(pos)
    b = heaps[-1]
    flags = (caps.two_heap_kernel or 0) if k == 2 else caps.k_heap_moves(k)
    bounds = [0]
    if (k == 2 and flags & SUMS) or (k > 2 and flags & SPLIT_KEEP):
        bounds.append(_pairs_of_sums(b - least, b, least))
    if k > 2 and flags & SPLIT_ALL:
        kept = (k - 2) * least  # the heaps of L stones beside the pair
        bounds.append(_pairs_of_sums(b - (k - 1) * least - kept, b - kept, least))
    splittable = heaps[-2] >= 2 * least  # a second heap to split beside b
    if k == 4 and flags & SPLIT_KEEP_SPLITTABLE and splittable:
        bounds.append(_pairs_of_sums(b - 2 * least, b, least))
    if k == 4 and flags & TWO_PAIRS and splittable and b >= 4 * least:
        # every split of b into four parts: b into x + y (x, y ≥ 2L) beside the second
        # heap's parts, then those deleted and x and y split; a sorted one stands for at
        # most 4! of the C(b − 4L + 3, 3) ordered ones
        bounds.append(comb(b - 4 * least + 3, 3) // 24)
    return max(bounds)


def _pairs_in(low: int, top: int, least: int) -> int:
    """Σ ⌊s/2⌋ − least + 1 over low ≤ s ≤ top (s ≥ 2·least): the pairs least ≤ x ≤ y of
    each sum.

    >>> _pairs_in(5, 12, 2), sum(s // 2 - 1 for s in range(5, 13))
    (24, 24)
    """
    low = max(low, 2 * least)
    if top < low:
        return 0

    def quarter_squares(n: int) -> int:  # Σ ⌊s/2⌋ for 0 ≤ s ≤ n
        return n * n // 4 if n > 0 else 0

    return quarter_squares(top) - quarter_squares(low - 1) - (least - 1) * (top - low + 1)


def _pairs_of_sums(top: int, also: int, least: int) -> int:
    """The pairs least ≤ x ≤ y with x + y = s, summed over s from 2·least to ``top`` and
    over s = ``also`` (when it is above ``top``): ⌊s/2⌋ − least + 1 each.

    >>> _pairs_of_sums(9, 10, 1), sum(s // 2 for s in range(2, 11))
    (25, 25)
    >>> _pairs_of_sums(8, 10, 2), sum(s // 2 - 1 for s in [*range(4, 9), 10])
    (13, 13)
    """
    total = _pairs_in(2 * least, top, least)
    if also > top and also >= 2 * least:
        total += also // 2 - least + 1
    return total


def _table_step(g: Ruleset, cells: int, answers: Answers, optional: bool = False) -> Step:
    shape = "take-away" if g.capabilities.take_away_multiplier is not None else "two-heap"
    return Step(kernel_method(shape), answers, cells, 4 * cells, exact=True, optional=optional)


def _heap_game(g: Ruleset, command: str) -> HeapRuleset:
    heap_game = as_heap_ruleset(g)
    if heap_game is None:
        raise NotApplicable(
            f"{command} applies to heap games (subtraction, octal, nim, grundy-game); "
            f"{g.spec} is not one",
            ja=f"`{command}` は山のゲーム（subtraction、octal、nim、grundy-game）用です。"
            f"{g.spec} は違います",
        )
    return heap_game


def _sequence_steps(g: Ruleset, stop: int, misere: bool) -> tuple[Step, ...]:
    caps = g.capabilities
    if misere:
        from nimlab.solve.oracles import find_oracle

        _heap_game(g, "sequence --misere")
        top = (stop - 1,) if stop > 0 else ()  # the largest heap's search is part of it
        oracle = find_oracle(g, top or (0,), True)  # values in 64 bits: a numpy array
        if stop <= 2**63 and oracle is not None and oracle.heap_values(g, 0, 1) is not None:
            return (Step(oracle_method(oracle), "values", None),)  # checked as stop − start
        if compiled_misere(g):  # every move leaves at most one heap: no many-heap search
            kernel = caps.one_heap
            if kernel is not None and kernel.misere_window is not None:  # cost known later
                return (Step(PERIOD, "values", None), Step(MISERE_KERNEL, "values", None))
            work = kernel_states(stop, misere_work(g, stop))  # as the kernel is charged
            return (Step(MISERE_KERNEL, "values", work, 2 * stop, exact=True),)
        least = search_lower_bound(g, top)
        return (Step(MISERE_SEARCH, "values", None, least=least),)
    if caps.take_away_multiplier is not None:
        states = stop * (stop + 1) // 2
        if states <= KERNEL_MIN_STATES:
            return (Step(SEARCH, "values", states),)
        return (_table_step(g, states, "values"),)
    if as_heap_ruleset(g) is None:
        raise NotApplicable(
            f"sequence applies to heap games (nim, subtraction, octal, grundy-game) and "
            f"take-away; {g.spec} is not one — try `table` or `ppositions`",
            ja="`sequence` は山のゲーム（nim、subtraction、octal、grundy-game）と take-away "
            f"用です。{g.spec} は違います — `table` か `ppositions` を試してください",
        )
    steps: list[Step] = []
    if caps.period_criterion is not None and caps.period_criterion.kind != "identity":
        steps.append(Step(PERIOD, "values", None))
    kernel = caps.one_heap
    if kernel is not None and kernel.work(stop) > KERNEL_MIN_STATES:
        method = kernel_method("one-heap", kind=kernel.kind)
        if steps:  # only the values up to a proven period may be needed: cost known later
            steps.append(Step(method, "values", None))
        else:
            # the work the kernel is charged: its steps where they are more than its heaps
            work = kernel_states(stop, kernel.compiled_steps(stop))
            states = work if kernel.exact_work else stop
            steps.append(Step(method, "values", states, 2 * stop, exact=kernel.exact_work))
    else:
        steps.append(Step(MEX, "values", None))
    return tuple(steps)


def _period_steps(g: Ruleset, misere: bool) -> tuple[Step, ...]:
    _heap_game(g, "period")
    criterion = g.capabilities.period_criterion
    if misere and compiled_misere(g):
        from nimlab.solve.periodicity import criterion_words, misere_criterion

        name, name_ja = (criterion_words(g, lang, misere=True) or "" for lang in ("en", "ja"))
        if criterion is not None and criterion.kind == "identity":  # g⁻(n) = n from 2
            theorem = criterion_method("misere-theorem", 2, name, name_ja)
            return (Step(theorem, "period", 0, exact=True),)
        proof = misere_criterion(g)
        if proof is None:
            return (Step(MISERE_KERNEL, "values", None), Step(OBSERVED, "period", None))
        method = criterion_method("misere-window", proof.parameter, name, name_ja)
        return (Step(MISERE_KERNEL, "values", None), Step(method, "period", None))
    if misere:
        return (Step(MISERE_SEARCH, "values", None), Step(OBSERVED, "period", None))
    if criterion is None:
        return (Step(MEX, "values"), Step(OBSERVED, "period", None))
    method = criterion_method(
        criterion.kind, criterion.parameter, criterion.name, criterion.name_ja, criterion.parts
    )
    if criterion.kind in ("identity", "residue"):
        return (Step(method, "period", 0, exact=True),)
    return (Step(kernel_method("one-heap"), "values", None), Step(method, "period", None))


def _table_steps(g: Ruleset, size: int, misere: bool) -> tuple[Step, ...]:
    cells = size * size
    if misere and compiled_misere(g):
        return (Step(MISERE_TABLE, "values", cells, cells, exact=True),)
    if not misere and as_heap_ruleset(g) is not None:
        return (Step(SPRAGUE_GRUNDY, "values", cells, exact=True),)
    if not misere and g.capabilities.two_heap_kernel is not None and size**3 > KERNEL_MIN_STATES:
        return (_table_step(g, cells, "values"),)
    return (Step(MISERE_SEARCH if misere else SEARCH, "values", None),)


def _ppositions_steps(g: Ruleset, heaps: int, top: int, misere: bool) -> tuple[Step, ...]:
    lo = g.capabilities.least_heap
    span = max(top - lo + 1, 0)
    positions = comb(span + heaps - 1, heaps)
    if not misere and as_heap_ruleset(g) is not None:
        return (Step(SPRAGUE_GRUNDY, "positions", comb(span + heaps - 2, heaps - 1), exact=True),)
    if misere and heaps == 2 and compiled_misere(g):
        return (Step(MISERE_TABLE, "positions", positions, exact=True),)
    if misere and as_heap_ruleset(g) is not None:
        from nimlab.solve.oracles import find_lister

        lister = find_lister(g, heaps, top, misere)
        if lister is not None:  # each sorted prefix of heaps, as for Sprague–Grundy
            return (Step(oracle_method(lister), "positions", comb(span + heaps - 2, heaps - 1)),)
    if not misere and as_heaps_ruleset(g) is not None and positions * top > KERNEL_MIN_STATES:
        caps = g.capabilities
        flags = caps.two_heap_kernel if heaps == 2 else caps.k_heap_kernel(heaps)
        if flags is not None:
            method = kernel_method(f"{heaps}-heap", max_heap=top)
            return (Step(method, "positions", positions, exact=True),)
    # The search solves the box's largest position too: at least that position's bound.
    corner = (top,) * heaps if top >= lo else ()
    least = search_lower_bound(g, corner) if corner else 0
    return (Step(MISERE_SEARCH if misere else SEARCH, "positions", positions, least=least),)

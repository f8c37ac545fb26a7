"""Seed 002's ○× board of a two-heap game, built cell by cell as the seed builds it.

Seed 002 (Ko Sakai, the Wythoff answer) fills squared paper: put ○ on (0,0), put
× on every cell that can move to it in one move; then put ○ on the lowest-left
cell still without a mark and × on every cell that can move to it; and so on.
○ cells are P-positions (the player to move loses: 後手勝ち), × cells are
N-positions (先手勝ち). A cell is ○ because every move from it reaches a ×
cell; a cell is × because one move reaches a ○ cell, which the step names.

Cells are ordered pairs (x, y), as on the seed's paper: a move from (4, 6) to
(3, 5) takes one stone from both heaps. Moves come from the ruleset (their
actions say which heap lost what), so any two-heap game whose moves take from
one heap or from both can be built this way: Nim, subtraction games, Wythoff.

>>> steps = board_steps("wythoff", 8)
>>> [(s.cell, s.outcome, s.via) for s in steps.steps[:4]]
[((0, 0), 'P', None), ((0, 1), 'N', (0, 0)), ((1, 0), 'N', (0, 0)), ((0, 2), 'N', (0, 0))]
>>> print(steps.text(steps.index((1, 2)), "en"))  # doctest: +NORMALIZE_WHITESPACE
(1,2) is the lowest-left cell without a mark. Every move from it reaches a × cell —
(0,2), (1,1), (0,1), (1,0) — so it is ○: the player to move loses.
>>> steps.text(steps.index((4, 6)), "ja")  # the seed's example: from (4,6) go to (3,5)
'(4,6) からは1手で ○ のマス (3,5) へ行けるので ×(先手勝ち):そこへ進めば勝てる。'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from nimlab.errors import InvalidOption, NotApplicable
from nimlab.explanations.words import say
from nimlab.games.actions import Action
from nimlab.games.base import Ruleset, as_heaps_ruleset
from nimlab.registry import game as as_game

Cell = tuple[int, int]

MAX_SIZE = 40
"""The largest board (cells per side) built step by step."""
NAMED = 8
"""Cells named in one ○ step before "and N more"."""


@dataclass(frozen=True)
class Step:
    """One cell marked: ○ (P) or × (N), and why."""

    cell: Cell
    outcome: str
    """``P`` (○: the player to move loses) or ``N`` (×: the player to move wins)."""
    via: Cell | None
    """For ×: the ○ cell one move reaches (the one whose marking marked this cell)."""
    options: tuple[Cell, ...]
    """Every cell one move reaches from this one."""

    @property
    def mark(self) -> str:
        return "○" if self.outcome == "P" else "×"


@dataclass(frozen=True)
class BoardSteps:
    """The board of ``game`` with ``size`` cells a side, in the order the seed marks them."""

    game: str
    origin: int
    size: int
    steps: tuple[Step, ...]

    def index(self, cell: Cell) -> int:
        """The step that marks ``cell``."""
        for k, step in enumerate(self.steps):
            if step.cell == cell:
                return k
        raise InvalidOption(
            f"({cell[0]},{cell[1]}) is not on the board",
            ja=f"({cell[0]},{cell[1]}) は盤面の上にありません",
        )

    def text(self, k: int, lang: str = "en") -> str:
        """Why step ``k`` marks its cell as it does, in ``lang``, as seed 002 says it."""
        step = self.steps[k]
        here = _name(step.cell)
        if step.outcome == "N":
            assert step.via is not None
            return say(
                lang,
                "{here} can move to the ○ cell {via} in one move, so it is ×: the player to "
                "move wins by going there.",
                "{here} からは1手で ○ のマス {via} へ行けるので ×(先手勝ち):そこへ進めば勝てる。",
                here=here,
                via=_name(step.via),
            )
        if not step.options:
            return say(
                lang,
                "{here}: no move is possible, so the player to move has lost — ○.",
                "{here} からは1手も動けないので手番の側の負け — ○(後手勝ち)。",
                here=here,
            )
        named = ", ".join(_name(c) for c in step.options[:NAMED])
        more = len(step.options) - NAMED
        if more > 0:
            named += say(lang, " and {n} more", " ほか {n} マス", n=more)
        return say(
            lang,
            "{here} is the lowest-left cell without a mark. Every move from it reaches a × "
            "cell — {cells} — so it is ○: the player to move loses.",
            "{here} は印のないマスのうち一番左下。ここから1手で行けるマスはすべて ×"
            "({cells})なので ○(後手勝ち):手番の側が負ける。",
            here=here,
            cells=named if lang == "en" else named.replace(", ", "、"),
        )

    def to_dict(self, lang: str = "en") -> dict[str, object]:
        return {
            "game": self.game,
            "origin": self.origin,
            "size": self.size,
            "steps": [
                {
                    "cell": list(s.cell),
                    "outcome": s.outcome,
                    "mark": s.mark,
                    "via": list(s.via) if s.via else None,
                    "options": [list(c) for c in s.options],
                    "text": self.text(k, lang),
                }
                for k, s in enumerate(self.steps)
            ],
        }


def _name(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


def board_steps(game: str | Ruleset, size: int) -> BoardSteps:
    """Seed 002's procedure on the ``size`` × ``size`` board of a two-heap ``game``."""
    g = as_game(game)
    heaps = as_heaps_ruleset(g)
    if heaps is None or heaps.check_count(2) is not None:
        raise NotApplicable(
            f"{g.spec} is not played on two heaps; the ○× board needs two",
            ja=f"{g.spec} は 2 山で遊ぶゲームではありません。○× の盤面には 2 山が必要です",
        )
    if not 1 <= size <= MAX_SIZE:
        raise InvalidOption(
            f"size must be from 1 to {MAX_SIZE}, got {size}",
            ja=f"size は 1 から {MAX_SIZE} までです（{size} が与えられた）",
        )
    origin = g.capabilities.least_heap
    span = range(origin, origin + size)
    cells = [(x, y) for x in span for y in span]
    reach = {c: _targets(g, c) for c in cells}
    into: dict[Cell, list[Cell]] = {c: [] for c in cells}
    for c, targets in reach.items():
        for t in targets:
            if sum(t) >= sum(c):
                raise NotApplicable(
                    f"{g.spec}: a move from {_name(c)} does not shrink the heaps",
                    ja=f"{g.spec}: {_name(c)} からの手が山を小さくしません",
                )
            into[t].append(c)

    def lowest_left(c: Cell) -> tuple[int, int]:
        return (c[0] + c[1], c[0])

    marked: set[Cell] = set()
    steps: list[Step] = []
    for c in sorted(cells, key=lowest_left):  # the lowest-left cell still without a mark
        if c in marked:
            continue
        marked.add(c)  # ○: every option came earlier, and none of them is ○
        steps.append(Step(c, "P", None, reach[c]))
        for d in sorted(into[c], key=lowest_left):
            if d not in marked:
                marked.add(d)
                steps.append(Step(d, "N", c, reach[d]))
    return BoardSteps(g.spec, origin, size, tuple(steps))


def _targets(game: Ruleset, cell: Cell) -> tuple[Cell, ...]:
    """The cells one move reaches from ``cell``, as ordered pairs (x first)."""
    x, y = cell
    flip = x > y
    low, high = (y, x) if flip else (x, y)
    found: dict[Cell, None] = {}
    for move in game.moves(game.position([low, high])):
        for t in _ordered(move.action, low, high, move.to):
            if low == high:  # (3,3): each target is reached both ways round
                found[(t[1], t[0])] = None
            found[(t[1], t[0]) if flip else t] = None
    return tuple(sorted(found, key=lambda c: (-(c[0] + c[1]), c)))


def _ordered(action: Action, x: int, y: int, to: Iterable[int]) -> list[Cell]:
    """The ordered cell a move from (x, y) reaches, from what its action says."""
    cell = action.cell_from(x, y)
    if cell is not None:
        return [cell]
    reached = ",".join(str(h) for h in to)
    raise NotApplicable(
        f"the step-by-step board needs moves that take from one heap or both; "
        f"({x},{y}) → ({reached}) is another kind of move",
        ja=(
            "段階的な盤面は、1 つの山か両方の山から取る手にしか使えません。"
            f"({x},{y}) → ({reached}) は別の種類の手です"
        ),
    )

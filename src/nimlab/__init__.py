"""nimlab — a laboratory for impartial stone-taking games (石取りゲーム).

Define a game, solve it exactly, find its patterns::

    >>> import nimlab
    >>> g = nimlab.game("subtraction:2,4,7")
    >>> nimlab.analyze(g, "8").outcome
    'N'
    >>> nimlab.periodicity(g)
    Periodicity(8, 3, 0, proven=True)
    >>> nimlab.p_positions(nimlab.game("wythoff"), heaps=2, max_heap=7).positions
    ((0, 0), (1, 2), (3, 5), (4, 7))

Theorems answer positions of any size, and say why::

    >>> best = nimlab.analyze("wythoff", "1000,2000").winning_moves[0]
    >>> best.to, best.action
    ('618,1000', Take(heap=2000, amount=1382, leaving=(1000, 618)))
    >>> nimlab.render_move(best, "ja")
    '2000 個の山から 1382 個取り (1000, 618) にする'
    >>> print(nimlab.explain("nim", "1,2,3", lang="ja").steps[-2].text)
    したがって 1,2,3 は後手必勝の局面で、グランディ数は 0。
"""

from nimlab.errors import (
    IllegalMove,
    InvalidGame,
    InvalidOption,
    InvalidPosition,
    NimlabError,
    NotApplicable,
    TooLarge,
)
from nimlab.explanations import Explanation, explain
from nimlab.games import (
    DeleteNim,
    GrundyGame,
    HeapRuleset,
    HeapsRuleset,
    Move,
    Nim,
    Octal,
    Ruleset,
    SplitDeleteNim,
    Subtraction,
    Sum,
    TakeAway,
    Wythoff,
    heap_game,
    render_move,
)
from nimlab.limits import Limits
from nimlab.registry import Family, game, names, register
from nimlab.rules import load_rules
from nimlab.solve import (
    Analysis,
    Context,
    GrundySequence,
    GrundyTable,
    Method,
    Periodicity,
    Plan,
    PPositions,
    WinningMove,
    analyze,
    grundy,
    grundy_sequence,
    grundy_table,
    mex,
    p_positions,
    periodicity,
    plan,
    render_method,
    sequence,
)
from nimlab.solve.oracles import register_theories

# The composition root: the seeds' theorems (and the misère quotient) answer through the
# solver, which imports them on first use and never names them itself.
register_theories("nimlab.theory")

__version__ = "0.1.0"

__all__ = [
    "Analysis",
    "Context",
    "DeleteNim",
    "Explanation",
    "Family",
    "GrundyGame",
    "GrundySequence",
    "GrundyTable",
    "HeapRuleset",
    "HeapsRuleset",
    "IllegalMove",
    "InvalidGame",
    "InvalidOption",
    "InvalidPosition",
    "Limits",
    "Method",
    "Move",
    "Nim",
    "NimlabError",
    "NotApplicable",
    "Octal",
    "PPositions",
    "Periodicity",
    "Plan",
    "Ruleset",
    "SplitDeleteNim",
    "Subtraction",
    "Sum",
    "TakeAway",
    "TooLarge",
    "WinningMove",
    "Wythoff",
    "analyze",
    "explain",
    "game",
    "grundy",
    "grundy_sequence",
    "grundy_table",
    "heap_game",
    "load_rules",
    "mex",
    "names",
    "p_positions",
    "periodicity",
    "plan",
    "register",
    "render_method",
    "render_move",
    "sequence",
]

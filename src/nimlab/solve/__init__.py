"""Solvers: functions over any ruleset. Fast kernels and oracles sit behind them."""

from nimlab.solve.context import Context
from nimlab.solve.engine import analyze, grundy
from nimlab.solve.methods import Method, render_method
from nimlab.solve.periodicity import periodicity
from nimlab.solve.planner import Plan, plan
from nimlab.solve.results import (
    Analysis,
    GrundySequence,
    GrundyTable,
    Periodicity,
    PPositions,
    WinningMove,
)
from nimlab.solve.search import Search, mex
from nimlab.solve.sequences import grundy_sequence, sequence
from nimlab.solve.tables import grundy_table, p_positions

__all__ = [
    "Analysis",
    "Context",
    "GrundySequence",
    "GrundyTable",
    "Method",
    "PPositions",
    "Periodicity",
    "Plan",
    "Search",
    "WinningMove",
    "analyze",
    "grundy",
    "grundy_sequence",
    "grundy_table",
    "mex",
    "p_positions",
    "periodicity",
    "plan",
    "render_method",
    "sequence",
]

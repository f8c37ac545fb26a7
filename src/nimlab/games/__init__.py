"""Rulesets for every game nimlab knows: immutable values that only describe moves."""

from nimlab.games.base import HeapRuleset, HeapsRuleset, Move, Position, Ruleset
from nimlab.games.heap import FunctionHeapRuleset, GrundyGame, Nim, Subtraction, heap_game
from nimlab.games.octal import Octal
from nimlab.games.split_delete import DeleteNim, SplitDeleteNim
from nimlab.games.sums import Sum
from nimlab.games.take_away import TakeAway
from nimlab.games.wording import render_move
from nimlab.games.wythoff import Wythoff

__all__ = [
    "DeleteNim",
    "FunctionHeapRuleset",
    "GrundyGame",
    "HeapRuleset",
    "HeapsRuleset",
    "Move",
    "Nim",
    "Octal",
    "Position",
    "Ruleset",
    "SplitDeleteNim",
    "Subtraction",
    "Sum",
    "TakeAway",
    "Wythoff",
    "heap_game",
    "render_move",
]

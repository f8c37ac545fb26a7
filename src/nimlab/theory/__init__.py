"""Theorems as oracles: closed forms from the seeds, registered with the solver.

Importing this package registers every oracle with :mod:`nimlab.solve.oracles`
(``analyze`` asks them first, in this order) and the single-heap closed forms
with :mod:`nimlab.solve.heaps` (so sums and huge heaps use them too). Every
oracle names its source and is checked against exhaustive search by
``nimlab verify``.

>>> import nimlab
>>> nimlab.analyze("wythoff", "1000,2000").winning_moves[0].move
'take 1382 from the heap of 2000, leaving (1000, 618)'
>>> nimlab.analyze("fibonacci-nim", str(10**60)).outcome
'N'
"""

from nimlab.solve.heaps import register_value_source
from nimlab.solve.oracles import Oracle, register_oracle
from nimlab.theory.half import HALF_THEOREM_3
from nimlab.theory.misere_forms import MISERE_ONE_HEAP, MISERE_SUBTRACTION, MISERE_WYTHOFF
from nimlab.theory.misere_quotient import MISERE_QUOTIENT
from nimlab.theory.nim import MISERE_NIM, NIM_SUM, nim_value
from nimlab.theory.split_delete import DELETE_NIM_2, THEOREM_1
from nimlab.theory.subtraction import GAME_ONE, game_one_value
from nimlab.theory.take_away import FIBONACCI_NIM, GAME_TWO, TAKE_AWAY_C
from nimlab.theory.wythoff import WYTHOFF_BEATTY, WYTHOFF_FIBONACCI

THEOREMS: tuple[Oracle, ...] = (
    NIM_SUM,
    MISERE_NIM,
    MISERE_WYTHOFF,
    MISERE_SUBTRACTION,
    MISERE_ONE_HEAP,
    GAME_ONE,
    GAME_TWO,
    FIBONACCI_NIM,
    TAKE_AWAY_C,
    WYTHOFF_BEATTY,
    WYTHOFF_FIBONACCI,
    THEOREM_1,
    DELETE_NIM_2,
    HALF_THEOREM_3,
)
"""Every oracle, in the order ``analyze`` asks them (the first that applies answers)."""

for _oracle in THEOREMS:
    register_oracle(_oracle)
register_oracle(MISERE_QUOTIENT)  # misère sums of many heaps (after Bouton's misère rule)

register_value_source("G(n) = n (Nim, seed 003)", nim_value, "G(n) = n (ニム, シード 003)")
register_value_source(
    "G(n) = n mod (k+1) (Game I, seed 000)",
    game_one_value,
    "G(n) = n mod (k+1) (ゲーム I, シード 000)",
)

__all__ = ["THEOREMS"]

"""Compiled kernels: the fast paths behind ``grundy_sequence``, ``periodicity``,
``grundy_table``, ``p_positions`` and ``analyze``, one module per shape of game.

* :mod:`~nimlab.kernels.one_heap` — Grundy sequences of subtraction games
  (bitset mex) and the naive octal recursion;
* :mod:`~nimlab.kernels.sparse` — octal games and Grundy's game by the
  sparse-space method (Gangolli–Plambeck; Flammenkamp);
* :mod:`~nimlab.kernels.periodic` — the least proven period of a sequence;
* :mod:`~nimlab.kernels.two_heap` — Grundy tables and P-positions of Wythoff's
  game and the two-heap Split-and-delete / Delete Nim (row, diagonal and
  sum bitsets);
* :mod:`~nimlab.kernels.k_heap` — P-positions of the three- and four-heap
  split/delete games with O(1) move checks against the P-positions found;
* :mod:`~nimlab.kernels.take_away` — the take-away states (n, m).

Every kernel is compiled by numba (``cache=True``). Importing this package
imports nothing heavy: the submodules import numba and numpy, and the solvers
import them only when a computation is large enough to repay the start-up,
so ``nimlab analyze nim 3,4,5`` never loads numba. The pure-Python solvers
(:class:`~nimlab.solve.search.Search`, :func:`~nimlab.solve.heaps.heap_values`)
stay as the reference every kernel is tested against.
"""

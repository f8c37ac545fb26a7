"""Theorems as oracles: closed forms from the seeds, registered with the solver.

Importing this package registers every oracle with :mod:`nimlab.solve.oracles`.
"""

"""Research at scale: sweeps over whole families of games into a results database.

* :mod:`~nimlab.research.families` — a family as a deterministic list of tasks;
* :mod:`~nimlab.research.compute` — what a worker computes for one batch;
* :mod:`~nimlab.research.executors` — serial, local process pool, Dask;
* :mod:`~nimlab.research.db` — the SQLite results database (resumable sweeps);
* :mod:`~nimlab.research.sweep` — running a sweep with a progress bar;
* :mod:`~nimlab.research.query`, :mod:`~nimlab.research.plots` — querying,
  CSV/Parquet export and plots;
* :mod:`~nimlab.research.findings` — the checks behind ``research/``: the
  two-element rule, Flammenkamp's conjecture, Table 9 of seed 001 extended.

Nothing here is imported by ``import nimlab``; the CLI imports it only for
``nimlab sweep`` and ``nimlab results``.
"""

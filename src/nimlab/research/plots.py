"""Plots of sweep results as PNG or SVG (matplotlib, ``Agg``, imported only here).

* ``period`` — the period of each subtraction set against max S (a point per
  set; the colour is the set size);
* ``preperiod`` — a histogram of the preperiods (log-scaled counts);
* ``ppositions`` — the P-positions of one split/delete result: for three
  heaps ⟨a, b, c⟩ a point (a, b) coloured by c; otherwise (a, b) of the two
  largest heaps.
"""

from __future__ import annotations

import json
from typing import Any

from nimlab.errors import InvalidOption
from nimlab.files import atomic_path
from nimlab.research.query import Filter, rows, target_path

KINDS = ("period", "preperiod", "ppositions")


def plot(path: str, where: Filter, kind: str, target: str) -> int:
    """Draw ``kind`` for the matching results into ``target`` (.png or .svg); returns the points."""
    if kind not in KINDS:
        raise InvalidOption(f"--plot {kind!r}: accepted: {', '.join(KINDS)}")
    if not target.lower().endswith((".png", ".svg")):
        raise InvalidOption(f"--out {target}: give a file ending in .png or .svg")
    target_path(target)
    from nimlab.extras import require

    require("plot", "nimlab results --plot")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 5.5), dpi=120)
    try:
        points = _DRAW[kind](axes, path, where)
        figure.tight_layout()
        with atomic_path(target, "--out") as written_to:
            figure.savefig(written_to, format=target.lower().rsplit(".", 1)[-1])
    finally:
        plt.close(figure)
    return points


def _column(path: str, where: Filter, *names: str) -> list[tuple[Any, ...]]:
    from nimlab.research.query import OUTPUT_COLUMNS

    index = [OUTPUT_COLUMNS.index(n) for n in names]
    return [tuple(r[i] for i in index) for r in rows(path, where) if r[index[0]] is not None]


def _period(axes: Any, path: str, where: Filter) -> int:
    data = _column(path, where, "period", "top", "size")
    if not data:
        raise InvalidOption("no result with a period matches; nothing to plot")
    period, top, size = zip(*data, strict=True)
    shown = axes.scatter(top, period, c=size, s=2, cmap="viridis", alpha=0.6, linewidths=0)
    if len(set(size)) > 1:
        axes.figure.colorbar(shown, ax=axes, label="|S|")
    axes.set_xlabel("max S")
    axes.set_ylabel("period")
    axes.set_yscale("log")
    axes.set_title(f"Period against max S ({len(data):,} games)")
    return len(data)


def _preperiod(axes: Any, path: str, where: Filter) -> int:
    data = [p for (p,) in _column(path, where, "preperiod")]
    if not data:
        raise InvalidOption("no result with a preperiod matches; nothing to plot")
    axes.hist(data, bins=min(100, max(data) + 1), log=True, color="#3b6ea5")
    axes.set_xlabel("preperiod")
    axes.set_ylabel("games (log scale)")
    axes.set_title(f"Preperiods of {len(data):,} games")
    return len(data)


def _ppositions(axes: Any, path: str, where: Filter) -> int:
    found = _column(path, where, "data", "params", "top")
    kept = [(json.loads(d).get("positions"), p, t) for d, p, t in found]
    kept = [k for k in kept if k[0] is not None]
    if len(kept) != 1:
        raise InvalidOption(
            f"--plot ppositions draws one split/delete result with its positions kept; "
            f"{len(kept)} match (narrow with --family split-delete --params '...' --size K)"
        )
    positions, params, top = kept[0]
    if not positions:
        raise InvalidOption(f"{params}: no P-position up to {top}; nothing to plot")
    a = [p[-3] if len(p) >= 3 else p[0] for p in positions]
    b = [p[-2] for p in positions]
    c = [p[-1] for p in positions]
    shown = axes.scatter(a, b, c=c, s=6, cmap="plasma")
    axes.figure.colorbar(shown, ax=axes, label="largest heap")
    axes.set_xlabel("heap a")
    axes.set_ylabel("heap b")
    axes.set_aspect("equal")
    axes.set_title(f"P-positions of {params}, heaps ≤ {top} ({len(positions):,})")
    return len(positions)


_DRAW = {"period": _period, "preperiod": _preperiod, "ppositions": _ppositions}

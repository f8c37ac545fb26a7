"""Plots of sweep results as PNG or SVG (matplotlib, ``Agg``, imported only here).

* ``period`` — the period of each subtraction set against max S (a point per
  set; the colour is the set size);
* ``preperiod`` — a histogram of the preperiods (log-scaled counts);
* ``ppositions`` — the P-positions of one split/delete result: for three
  heaps ⟨a, b, c⟩ a point (a, b) coloured by c; otherwise (a, b) of the two
  largest heaps.

Labels speak ``lang`` (:mod:`nimlab.messages`); Japanese labels are drawn in
IPAexGothic, which the ``matplotlib-fontja`` dependency ships, so no machine
needs a CJK font of its own.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from nimlab.errors import InvalidOption
from nimlab.files import atomic_path
from nimlab.messages import say
from nimlab.research.query import Filter, not_the_database, rows, target_path

KINDS = ("period", "preperiod", "ppositions")


def plot(path: str, where: Filter, kind: str, target: str, lang: str = "en") -> int:
    """Draw ``kind`` for the matching results into ``target`` (.png or .svg), labelled in
    ``lang``; returns the number of points."""
    if kind not in KINDS:
        raise InvalidOption(
            f"--plot {kind!r}: accepted: {', '.join(KINDS)}",
            ja=f"--plot {kind!r}: 使えるもの: {', '.join(KINDS)}",
        )
    if not target.lower().endswith((".png", ".svg")):
        raise InvalidOption(
            f"--out {target}: give a file ending in .png or .svg",
            ja=f"--out {target}: .png か .svg で終わるファイル名を指定します",
        )
    target_path(target, "--out")
    not_the_database(target, path, "--out")
    from nimlab.extras import require

    require("plot", "nimlab results --plot")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # A font missing from matplotlib's cache is replaced by another, with a warning per
    # glyph family on stderr; the plot's output must not depend on that cache.
    logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)
    with matplotlib.rc_context({"font.family": font_family(lang)}):
        figure, axes = plt.subplots(figsize=(8, 5.5), dpi=120)
        try:
            points = _DRAW[kind](axes, path, where, lang)
            figure.tight_layout()
            with atomic_path(target, "--out") as written_to:
                figure.savefig(written_to, format=target.lower().rsplit(".", 1)[-1])
        finally:
            plt.close(figure)
    return points


def font_family(lang: str) -> list[str]:
    """The fonts to draw ``lang`` in: Japanese needs the CJK font ``matplotlib-fontja`` ships."""
    if lang != "ja":
        return ["DejaVu Sans"]
    from matplotlib import font_manager
    from matplotlib_fontja import get_font_ttf_path  # its import registers the font too

    font_manager.fontManager.addfont(get_font_ttf_path())
    return [font_manager.FontProperties(fname=get_font_ttf_path()).get_name(), "DejaVu Sans"]


def _column(path: str, where: Filter, *names: str) -> list[tuple[Any, ...]]:
    from nimlab.research.query import OUTPUT_COLUMNS

    index = [OUTPUT_COLUMNS.index(n) for n in names]
    return [tuple(r[i] for i in index) for r in rows(path, where) if r[index[0]] is not None]


def _period(axes: Any, path: str, where: Filter, lang: str) -> int:
    data = _column(path, where, "period", "top", "size")
    if not data:
        raise InvalidOption(
            "no result with a period matches; nothing to plot",
            ja="周期のある結果が該当しません。描くものがありません",
        )
    period, top, size = zip(*data, strict=True)
    shown = axes.scatter(top, period, c=size, s=2, cmap="viridis", alpha=0.6, linewidths=0)
    if len(set(size)) > 1:
        axes.figure.colorbar(shown, ax=axes, label="|S|")
    axes.set_xlabel(say("plot.period.x", lang))
    axes.set_ylabel(say("plot.period.y", lang))
    axes.set_yscale("log")
    axes.set_title(say("plot.period.title", lang, count=len(data)))
    return len(data)


def _preperiod(axes: Any, path: str, where: Filter, lang: str) -> int:
    data = [p for (p,) in _column(path, where, "preperiod")]
    if not data:
        raise InvalidOption(
            "no result with a preperiod matches; nothing to plot",
            ja="前周期のある結果が該当しません。描くものがありません",
        )
    axes.hist(data, bins=min(100, max(data) + 1), log=True, color="#3b6ea5")
    axes.set_xlabel(say("plot.preperiod.x", lang))
    axes.set_ylabel(say("plot.preperiod.y", lang))
    axes.set_title(say("plot.preperiod.title", lang, count=len(data)))
    return len(data)


def _ppositions(axes: Any, path: str, where: Filter, lang: str) -> int:
    found = _column(path, where, "data", "params", "top")
    kept = [(json.loads(d).get("positions"), p, t) for d, p, t in found]
    kept = [k for k in kept if k[0] is not None]
    if len(kept) != 1:
        raise InvalidOption(
            f"--plot ppositions draws one split/delete result with its positions kept; "
            f"{len(kept)} match (narrow with --family split-delete --params '...' --size K)",
            ja="--plot ppositions は局面を保存した分割/削除の結果を 1 つ描きます。"
            f"該当は {len(kept)} 件（--family split-delete --params '...' --size K で絞る）",
        )
    positions, params, top = kept[0]
    if not positions:
        raise InvalidOption(
            f"{params}: no P-position up to {top}; nothing to plot",
            ja=f"{params}: {top} までに P 局面がありません。描くものがありません",
        )
    # positions are stored sorted, smallest heap first: the two largest are the last two
    a = [p[-2] for p in positions]
    b = [p[-1] for p in positions]
    if len(positions[0]) < 3:
        axes.scatter(a, b, s=6)
    else:  # the third-largest heap as the colour
        c = [p[-3] for p in positions]
        shown = axes.scatter(a, b, c=c, s=6, cmap="plasma")
        axes.figure.colorbar(shown, ax=axes, label=say("plot.ppositions.colour", lang))
    axes.set_xlabel(say("plot.ppositions.x", lang))
    axes.set_ylabel(say("plot.ppositions.y", lang))
    axes.set_aspect("equal")
    title = say("plot.ppositions.title", lang, params=params, top=top, count=len(positions))
    axes.set_title(title, parse_math=False)  # the parameters as they are, even with a '$'
    return len(positions)


_DRAW = {"period": _period, "preperiod": _preperiod, "ppositions": _ppositions}

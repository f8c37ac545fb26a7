"""Pictures of a game as inline SVG: the Grundy strip, seed 002's board, seed 001's heatmap.

Every cell is a link that analyses its position, so the pictures work without
any script.

>>> svg = strip([0, 0, 1, 1, 2], 2, 3, href=lambda n: f"?n={n}", labels=("pre", "per"))
>>> svg.count("<a "), "pre 2" in svg, "per 3" in svg
(5, True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

VIRIDIS = [
    (68, 1, 84),
    (72, 40, 120),
    (62, 74, 137),
    (49, 104, 142),
    (38, 130, 142),
    (31, 158, 137),
    (53, 183, 121),
    (109, 205, 89),
    (180, 222, 44),
    (253, 231, 37),
]
P_FILL = "#fdf6e3"


def color(value: int, top: int) -> str:
    """A colour for a Grundy value: P-positions (0) pale, the rest along viridis up to ``top``.

    >>> color(0, 5), color(5, 5)
    ('#fdf6e3', '#fde725')
    """
    if value == 0:
        return P_FILL
    x = (value - 1) / max(top - 1, 1) * (len(VIRIDIS) - 1)
    i = min(int(x), len(VIRIDIS) - 2)
    f = x - i
    r, g, b = (round(a + (c - a) * f) for a, c in zip(VIRIDIS[i], VIRIDIS[i + 1], strict=True))
    return f"#{r:02x}{g:02x}{b:02x}"


def ink(value: int, top: int) -> str:
    """Text colour readable on ``color(value, top)``."""
    if value == 0:
        return "#222"
    return "#111" if (value - 1) / max(top - 1, 1) > 0.6 else "#fff"


def _svg(width: int, height: int, body: list[str], label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{escape(label)}" '
        f'class="figure">{"".join(body)}</svg>'
    )


def strip(
    values: Sequence[int],
    preperiod: int | None,
    period: int | None,
    href: Callable[[int], str],
    labels: tuple[str, str],
    current: int | None = None,
    name: str = "Grundy sequence",
) -> str:
    """G(0), G(1), ... as a row of cells, with the preperiod and each period bracketed
    (``name``: what a screen reader says the figure is, in the page's language)."""
    w, h, top_margin = 24, 26, 16
    top = max(values, default=1) or 1
    body = []
    for n, v in enumerate(values):
        x = n * w
        mark = " current" if n == current else ""
        body.append(
            f'<a href="{escape(href(n))}" data-n="{n}"><rect class="cell{mark}" x="{x}" '
            f'y="{top_margin}" width="{w - 2}" height="{h}" fill="{color(v, top)}"/>'
            f'<text x="{x + w / 2 - 1}" y="{top_margin + 18}" fill="{ink(v, top)}" '
            f'class="v">{v}</text></a>'
        )
        if n % 5 == 0:
            body.append(f'<text x="{x + w / 2 - 1}" y="11" class="index">{n}</text>')
    y = top_margin + h + 6
    if preperiod is not None and period:
        spans = [(0, preperiod, f"{labels[0]} {preperiod}", "pre")] if preperiod else []
        start, k = preperiod, 0
        while start < len(values):
            text = f"{labels[1]} {period}" if k == 0 else ""
            spans.append((start, start + period, text, "per" if k % 2 == 0 else "per alt"))
            start, k = start + period, k + 1
        for a, b, text, cls in spans:
            x1, x2 = a * w + 1, min(b, len(values)) * w - 3
            body.append(f'<path class="bracket {cls}" d="M{x1},{y} v6 H{x2} v-6"/>')
            if text:
                body.append(
                    f'<text x="{x1}" y="{y + 20}" class="bracket-label">{escape(text)}</text>'
                )
    return _svg(max(len(values) * w, w), y + 26, body, name)


def _facing(a: int, b: int, c: int, d: int) -> tuple[int, int]:
    """Orient the unordered target {c, d} as a queen's move from (a, b) reaches it."""
    for x, y in ((c, d), (d, c)):
        if x == a or y == b or x - a == y - b:
            return x, y
    return c, d


def board(
    rows: Sequence[Sequence[int]],
    origin: int,
    position: tuple[int, int] | None,
    targets: Sequence[tuple[int, int]],
    href: Callable[[int, int], str],
    name: str = "board",
) -> str:
    """Seed 002's ○× board: ○ at P-positions, × at N-positions, (origin, origin) bottom left."""
    n = len(rows)
    cell, margin = 22, 26
    size = margin + n * cell
    body = []
    marked: dict[tuple[int, int], str] = {}
    if position is not None:
        a, b = position
        for c, d in targets:
            marked[_facing(a, b, c, d)] = "target"
        marked[(a, b)] = "current"
    for i in range(n):
        for j in range(n):
            x, y = origin + j, origin + i  # column x, row y counted upwards
            px, py = margin + j * cell, (n - 1 - i) * cell
            p = rows[j][i] == 0
            kind = marked.get((x, y), "")
            symbol = {"current": "♛", "target": "◎"}.get(kind, "○" if p else "×")
            body.append(
                f'<a href="{escape(href(x, y))}" data-cell="{x},{y}"><rect class="sq {kind}" '
                f'x="{px}" y="{py}" width="{cell}" height="{cell}"/><text x="{px + cell / 2}" '
                f'y="{py + 16}" class="{"p" if p else "n"} {kind}">{symbol}</text></a>'
            )
    for k in range(n):
        if k % 5 == 0 or n <= 12:
            x, y, label = margin + k * cell + cell // 2, (n - 1 - k) * cell + 15, origin + k
            body.append(f'<text x="{x}" y="{n * cell + 16}" class="index">{label}</text>')
            body.append(f'<text x="{margin - 6}" y="{y}" class="index end">{label}</text>')
    return _svg(size, n * cell + margin, body, name)


def heatmap(
    rows: Sequence[Sequence[int]],
    origin: int,
    position: tuple[int, int] | None,
    href: Callable[[int, int], str],
    name: str = "Grundy table",
) -> str:
    """Grundy values of ⟨a, b⟩ as coloured cells, rows a and columns b as in seed 001."""
    n = len(rows)
    cell = 22 if n <= 40 else 12
    margin = 34
    top = max((max(r) for r in rows if r), default=1) or 1
    body = []
    here = set()
    if position is not None:
        here = {position, position[::-1]}
    for i, row in enumerate(rows):
        for j, v in enumerate(row):
            a, b = origin + i, origin + j
            px, py = margin + j * cell, margin + i * cell
            cls = "hm" + (" p" if v == 0 else "") + (" current" if (a, b) in here else "")
            text = (
                f'<text x="{px + cell / 2}" y="{py + 15}" fill="{ink(v, top)}" class="v">{v}</text>'
                if cell >= 20
                else ""
            )
            body.append(
                f'<a href="{escape(href(a, b))}" data-cell="{a},{b}"><rect class="{cls}" '
                f'x="{px}" y="{py}" width="{cell}" height="{cell}" fill="{color(v, top)}">'
                f"<title>⟨{a}, {b}⟩: {v}</title></rect>{text}</a>"
            )
    for k in range(n):
        if cell >= 20 or k % 5 == 0:
            mid = margin + k * cell + cell / 2
            body.append(f'<text x="{mid}" y="{margin - 8}" class="index">{origin + k}</text>')
            body.append(
                f'<text x="{margin - 5}" y="{mid + 4}" class="index end">{origin + k}</text>'
            )
    body.append(f'<text x="{margin - 5}" y="{margin - 8}" class="index end">a\\b</text>')
    return _svg(margin + n * cell, margin + n * cell, body, name)

"""Small pieces of HTML and SVG for notebook displays (``_repr_html_``), without matplotlib.

>>> svg = sequence_svg([0, 1, 2, 0, 1, 2], start=0)
>>> svg.startswith("<svg") and svg.count("<rect") == 6
True
>>> heat_style(0, 4), heat_style(4, 4)
('background:#1f2937;color:#fff;font-weight:bold', 'background:hsl(0,75%,72%)')
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape as _escape

PLOT_VALUES = 400
"""A sequence plot shows at most this many values (the first ones)."""
SHOWN_VALUES = 200
"""A sequence display lists at most this many values in text."""


def escape(text: object) -> str:
    """``text`` made safe inside HTML."""
    return _escape(str(text), quote=True)


def sequence_svg(values: Sequence[int], start: int, width: int = 640, height: int = 120) -> str:
    """A bar plot of G(start), G(start+1), …: one bar per value, P-positions (0) marked below."""
    shown = [int(v) for v in values[:PLOT_VALUES]]
    if not shown:
        return ""
    top = max(max(shown), 1)
    step = width / len(shown)
    bars = []
    for i, v in enumerate(shown):
        x = i * step
        h = (height - 14) * v / top
        colour = "#dc2626" if v == 0 else "#2563eb"
        bar_height = max(h, 2)
        y, w = height - 12 - bar_height, max(step - 0.5, 0.5)
        bars.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" '
            f'height="{bar_height:.1f}" fill="{colour}"><title>G({start + i}) = {v}</title></rect>'
        )
    label = (
        f'<text x="0" y="{height - 1}" font-size="10">n = {start}</text>'
        f'<text x="{width}" y="{height - 1}" font-size="10" text-anchor="end">'
        f"{start + len(shown) - 1}</text>"
        f'<text x="{width}" y="10" font-size="10" text-anchor="end">max {top}</text>'
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="Grundy values">'
        + "".join(bars)
        + label
        + "</svg>"
    )


def heat_style(value: int, top: int) -> str:
    """The CSS of a heat-map cell: P-positions (0) dark, higher values from blue to red."""
    if value == 0:
        return "background:#1f2937;color:#fff;font-weight:bold"
    hue = round(220 - 220 * value / max(top, 1))
    return f"background:hsl({hue},75%,72%)"

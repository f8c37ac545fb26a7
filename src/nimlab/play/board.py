"""Heaps drawn as rows of stones for the terminal, never wider than the terminal.

A heap is a row of ``●`` in groups of five; a heap too big for the line is one
stone and its count (``● × 1,000,000``), and a count too long for the line is
shortened to its first and last digits with the number of digits. Games whose
positions are not heaps are shown as their position text.

>>> from nimlab.registry import game
>>> print("\\n".join(draw(game("nim"), (3, 7, 0), width=40)))
heap 1 │ ●●●  3
heap 2 │ ●●●●● ●●  7
heap 3 │  0
>>> print("\\n".join(draw(game("nim"), (10**12,), width=30)))
heap 1 │ ● × 1,000,000,000,000
>>> print("\\n".join(draw(game("fibonacci-nim"), (5, 4), width=40, lang="ja")))
山 1 │ ●●●●●  5（最大 4 個まで取れる）
"""

from __future__ import annotations

from nimlab.games.base import Position, Ruleset, as_heaps_ruleset
from nimlab.messages import say

STONE = "●"
GROUP = 5
"""Stones per group: a gap after every five makes a row easy to count."""


def _is_heaps(game: Ruleset) -> bool:
    return as_heaps_ruleset(game) is not None  # positions made of heaps, by the capability


def stones(n: int, width: int) -> str:
    """``n`` stones in at most ``width`` characters: a row, or a stone and the count.

    >>> stones(12, 40), stones(12, 8), stones(10**30, 20)
    ('●●●●● ●●●●● ●●  12', '● × 12', '● × 100…000 (31 digits)')
    """
    if n == 0:
        return " 0"
    if n * (GROUP + 1) // GROUP + len(f"  {n:,}") <= width:  # the row fits: draw it
        return " ".join(STONE * min(GROUP, n - i) for i in range(0, n, GROUP)) + f"  {n:,}"
    count = f"{STONE} × {n:,}"
    if len(count) <= width:
        return count
    digits = str(n)
    return f"{STONE} × {digits[:3]}…{digits[-3:]} ({len(digits)} digits)"


def draw(game: Ruleset, position: Position, width: int = 80, lang: str = "en") -> list[str]:
    """The lines that show ``position``: one per heap, each within ``width`` characters."""
    summands = game.summands()
    if summands:
        lines = []
        for i, (c, p) in enumerate(zip(summands, position, strict=True)):
            lines.append(say("play.component", lang, spec=c.spec, i=i + 1))
            lines.extend("  " + line for line in draw(c, p, width - 2, lang))
        return lines
    limit = game.capabilities.take_away_multiplier is not None
    if not limit and not _is_heaps(game):
        return [game.format_position(position)]
    heaps = position[:1] if limit else position
    if not heaps:
        return [say("play.no_heaps", lang)]
    labels = [say("play.heap", lang, i=i + 1) for i in range(len(heaps))]
    label_width = max(map(len, labels))
    lines = []
    for label, n in zip(labels, heaps, strict=True):
        head = f"{label:<{label_width}} │ "
        lines.append(head + stones(n, max(width - len(head), 12)))
    if limit:
        note = say("play.limit", lang, m=position[1])
        lines[0] += f"（{note}）" if lang == "ja" else f" ({note})"
    return lines

"""Plain-text rendering of results for people (JSON goes through ``to_dict``).

>>> print(grid([["a", "bb"], ["ccc", "d"]]))
a    bb
ccc  d
>>> print(matrix([[0, 1], [1, 0]], origin=1))
 ╲   1  2
 1   0  1
 2   1  0
"""

from __future__ import annotations

from collections.abc import Sequence

from nimlab.games.base import Ruleset
from nimlab.solve.results import Analysis, Periodicity

OUTCOME_WORDS = {
    "N": "N — the player to move wins",
    "P": "P — the player to move loses (the previous player wins)",
}


def grid(rows: Sequence[Sequence[object]], gap: int = 2, right: bool = False) -> str:
    """Align a list of rows into columns."""
    cells = [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells if i < len(r)) for i in range(max(map(len, cells)))]
    lines = []
    for row in cells:
        parts = [c.rjust(w) if right else c.ljust(w) for c, w in zip(row, widths, strict=False)]
        lines.append((" " * gap).join(parts).rstrip())
    return "\n".join(lines)


def matrix(rows: Sequence[Sequence[object]], origin: int, corner: str = "╲") -> str:
    """A square table with row and column headers starting at ``origin``."""
    header = [corner] + [str(origin + j) for j in range(len(rows[0]) if rows else 0)]
    body = [[str(origin + i), *map(str, row)] for i, row in enumerate(rows)]
    return grid([header, *body], right=True)


def analysis(a: Analysis) -> str:
    """A readable block for one analysed position."""
    lines = [
        f"{a.game}  {a.position}",
        f"  outcome     {OUTCOME_WORDS[a.outcome]}",
        f"  grundy      {'unknown' if a.grundy is None else a.grundy}",
        f"  remoteness  {_remoteness(a.remoteness)}",
    ]
    if a.winning_moves:
        note = "" if a.winning_moves_complete else " (some of them)"
        lines.append(f"  winning moves{note}:")
        lines.append(grid([[f"    {m.move}", f"→ {m.to}"] for m in a.winning_moves]))
    elif a.outcome == "P":
        lines.append("  winning moves: none — every move leads to an N-position")
    else:
        lines.append("  winning moves: none found")
    lines.append(f"  method      {a.method}")
    return "\n".join(lines)


def _remoteness(value: int | None) -> str:
    return "not computed (search over --remoteness-states)" if value is None else str(value)


def values(seq: Sequence[int], per_line: int = 20, start: int = 0) -> str:
    """A Grundy sequence G(start), ... in rows, each starting with the index of its first value."""
    width = len(str(max(seq, default=0)))
    index = len(str(max(start + len(seq) - 1, 0)))
    return "\n".join(
        f"{start + i:>{index}}: " + " ".join(f"{v:>{width}}" for v in seq[i : i + per_line])
        for i in range(0, len(seq), per_line)
    )


def periodicity(p: Periodicity, criterion: str | None) -> str:
    """One paragraph on a periodicity result."""
    if p.period is None:
        return (
            f"{p.game}: no period found in the first {p.checked_to:,} values "
            "(raise --max-states to look further)"
        )
    kind = "arithmetic periodic" if p.saltus else "periodic"
    proof = f"proven by the {criterion}" if p.proven else "observed only — no theorem checked"
    return (
        f"{p.game}: {kind} with preperiod {p.preperiod}, period {p.period}, saltus {p.saltus}\n"
        f"  {proof}; {p.checked_to:,} values computed"
    )


def facts(game: Ruleset) -> str:
    """The known results of ``game``'s family, one ``known:`` line each (or nothing)."""
    from nimlab.registry import family_of

    family = family_of(game)
    if family is None:
        return ""
    return "".join(f"  known: {f.statement} ({f.source})\n" for f in family.facts)

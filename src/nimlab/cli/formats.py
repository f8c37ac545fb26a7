"""Tables in the paper's layout: plain text, Markdown, LaTeX or CSV.

A table is a caption, a header row and body rows of cells (strings). Text and
Markdown keep the caption as a line above; LaTeX puts it in ``\\caption``; CSV
is the data alone.

>>> print(render("Grundy values", ["a\\\\b", "1", "2"], [["1", "0", "1"]], "markdown"))
Grundy values
<BLANKLINE>
| a\\b | 1 | 2 |
| ---: | ---: | ---: |
| 1 | 0 | 1 |
>>> print(render("c with ⟨a, b, c⟩ ∈ P", ["a\\\\b", "1"], [["1", "×"]], "latex"))
\\begin{table}
\\centering
\\caption{c with $\\langle$a, b, c$\\rangle$ $\\in$ P}
\\begin{tabular}{r|r}
a$\\backslash$b & 1 \\\\
\\hline
1 & $\\times$ \\\\
\\end{tabular}
\\end{table}
"""

from __future__ import annotations

import argparse
import csv
import io
import json
from collections.abc import Sequence

from nimlab.cli.render import grid
from nimlab.errors import InvalidOption
from nimlab.games.base import Ruleset
from nimlab.limits import Limits
from nimlab.solve.results import GrundyTable

FORMATS = ("text", "markdown", "latex", "csv")

_LATEX = {
    "\\": r"$\backslash$",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "×": r"$\times$",
    "⟨": r"$\langle$",
    "⟩": r"$\rangle$",
    "∈": r"$\in$",
    "≤": r"$\le$",
    "≥": r"$\ge$",
    "−": "-",
    "⊕": r"$\oplus$",
    "φ": r"$\varphi$",
}


def latex_escape(text: str) -> str:
    """Text safe inside a LaTeX table, with the symbols nimlab prints as math."""
    return "".join(_LATEX.get(ch, ch) for ch in text)


def render(caption: str, header: Sequence[str], rows: Sequence[Sequence[str]], fmt: str) -> str:
    """The table in ``fmt`` (one of ``FORMATS``)."""
    if fmt == "text":
        return f"{caption}\n{grid([list(header), *map(list, rows)], right=True)}"
    if fmt == "markdown":
        lines = [caption, "", "| " + " | ".join(header) + " |"]
        lines.append("| " + " | ".join("---:" for _ in header) + " |")
        lines.extend("| " + " | ".join(row) + " |" for row in rows)
        return "\n".join(lines)
    if fmt == "latex":
        lines = [
            r"\begin{table}",
            r"\centering",
            r"\caption{" + latex_escape(caption) + "}",
            r"\begin{tabular}{r|" + "r" * (len(header) - 1) + "}",
            " & ".join(map(latex_escape, header)) + r" \\",
            r"\hline",
        ]
        lines.extend(" & ".join(map(latex_escape, row)) + r" \\" for row in rows)
        lines += [r"\end{tabular}", r"\end{table}"]
        return "\n".join(lines)
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
        return buffer.getvalue().rstrip("\n")
    raise ValueError(f"unknown format {fmt!r}; accepted: {', '.join(FORMATS)}")


def matrix(
    caption: str,
    cells: Sequence[Sequence[str]],
    origin: int,
    fmt: str,
    corner: str = "a\\b",
) -> str:
    """A square table with rows a and columns b numbered from ``origin``."""
    size = len(cells)
    header = [corner, *(str(origin + j) for j in range(size))]
    rows = [[str(origin + i), *row] for i, row in enumerate(cells)]
    return render(caption, header, rows, fmt)


def grundy_table(
    result: GrundyTable,
    game: Ruleset,
    origin: int | None,
    fmt: str,
    misere: bool,
    limits: Limits | None = None,
) -> tuple[GrundyTable, str]:
    """A two-heap Grundy table in the paper's layout.

    ``--origin 1`` on a game whose heaps may be empty gives the true values of
    the positions from ⟨1, 1⟩ — except for Nim and Wythoff, where seed 001's
    Tables 5–6 use the rule "every heap keeps a stone": there the 0-based table
    is relabelled from 1 (in misère play too: the rule maps each game onto the
    other heap by heap, terminal positions included), and the caption says so.
    """
    from nimlab.solve.tables import grundy_table as compute
    from nimlab.theory.tables import paper_table

    relabelled = False
    if origin is not None and origin != result.origin:
        if origin == 0:
            raise InvalidOption(
                f"--origin 0: every heap of {game.spec} has at least 1 stone",
                ja=f"--origin 0: {game.spec} のどの山にも石が 1 個以上あります",
            )
        if paper_table(game, 1) is not None:
            result = GrundyTable(result.game, 1, result.values)  # the ≥1-stone rule of the paper
            relabelled = True
        else:
            result = compute(game, result.size, misere=misere, origin=origin, limits=limits)
    values = "misère Grundy values" if misere else "Grundy values"
    caption = f"{result.game}: {values} of ⟨a, b⟩, rows a, columns b"
    paper = paper_table(game, result.origin)
    if paper is not None and not misere:
        caption += f" — {paper}"
    elif relabelled:
        caption += " — every heap keeps a stone: ⟨a, b⟩ here is the origin-0 ⟨a−1, b−1⟩"
    cells = [[str(v) for v in row] for row in result.values.tolist()]
    return result, matrix(caption, cells, result.origin, fmt)


def misere_key(args: argparse.Namespace) -> dict[str, bool]:
    """``{"misere": true}`` in the JSON of a misère answer, as ``sequence`` and ``period``
    write it (a misère table read alone looked like normal play)."""
    return {"misere": True} if getattr(args, "misere", False) else {}


def p_positions_output(args: argparse.Namespace, limits: Limits) -> str:
    """``ppositions`` as a list in a table format, or as Table 9's matrix (JSON included)."""
    from nimlab.registry import game
    from nimlab.solve.tables import p_positions
    from nimlab.theory.tables import p_matrix

    g = game(args.game)
    if args.layout == "list":
        found = p_positions(g, args.heaps, args.max, misere=args.misere, limits=limits)
        if args.json:
            return json.dumps(found.to_dict() | misere_key(args), ensure_ascii=False)
        caption = f"{found.game}: P-positions with {found.heaps} heaps, every heap ≤ {found.max}"
        header = [f"heap {i + 1}" for i in range(found.heaps)]
        return render(caption, header, [[str(h) for h in p] for p in found.positions], args.format)
    if args.heaps != 3:
        raise InvalidOption(
            "--layout matrix shows 3-heap positions (rows a, columns b, cells c); use --heaps 3",
            ja="--layout matrix は 3 山の局面を示します（行 a、列 b、セル c）。--heaps 3 を指定",
        )
    lo = getattr(g, "min_heap", 0)
    size = args.size if args.size is not None else args.max - lo + 1
    table = p_matrix(g, size, args.max, misere=args.misere, limits=limits)
    if args.json:
        shown = table.found.to_dict() | {"matrix": table.to_dict()} | misere_key(args)
        return json.dumps(shown, ensure_ascii=False)
    legend = f"× = no c ≤ {table.max} (the bound searched)"
    what = "misère P-position" if args.misere else "P-position"
    caption = f"{table.game}: the c ≤ {table.max} with ⟨a, b, c⟩ a {what}"
    source = g.capabilities.p_matrix_source
    if source and not args.misere:
        caption = f"{source} — {caption}"
    cells = table.labels()
    if args.format == "csv":
        return matrix(
            caption, cells, table.origin, "csv", corner=f"a\\b (× means no c ≤ {table.max})"
        )
    if args.format in ("markdown", "latex"):
        return matrix(f"{caption}; {legend}", cells, table.origin, args.format)
    return matrix(caption, cells, table.origin, "text") + f"\n{legend}"

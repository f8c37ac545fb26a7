"""Write research/misere/table.md from quotients.csv (run after quotients.py)."""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

HERE = Path(__file__).parent


def main() -> None:
    with open(HERE / "quotients.csv") as f:
        rows = list(csv.DictReader(f))
    lines = [
        "# Misère quotients of the octal games 0.d1, 0.d1d2, 0.d1d2d3",
        "",
        "Made by `.venv/bin/python research/misere/quotients.py` (15 s per 1-2 digit code, "
        "2.5 s per 3-digit code, heaps ≤ 150, at most 2,000,000 certificate states), then "
        "`.venv/bin/python research/misere/summarize.py`. Every quotient below is certified for "
        "all sums of heaps ≤ *max heap*; *last change* is the heap at which the quotient last "
        "changed (observed, not proven: the order may grow past *max heap*). *stopped* says "
        "why a game did not reach heap 150 (its time budget or the limits, during an expansion).",
        "",
    ]
    reached = [r for r in rows if not r["stopped"]]
    lines.append(
        f"{len(rows)} codes; {len(reached)} reached heap 150. Orders at heap 150: "
        + ", ".join(
            f"{o} ({n} codes)" for o, n in sorted(Counter(int(r["order"]) for r in reached).items())
        )
        + "."
    )
    lines += [
        "",
        "| code | max heap | order | |P| | last change | stopped | orders (heap:order) |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        stopped = ("time" if "time" in r["stopped"] else "limits") if r["stopped"] else ""
        lines.append(
            f"| {r['code']} | {r['max_heap']} | {r['order']} | {r['p_portion']} | "
            f"{r['last_change']} | {stopped} | {r['orders_changed_at']} |"
        )
    (HERE / "table.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()

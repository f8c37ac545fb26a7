"""The checks behind ``research/``: what holds in a sweep's results, counted exactly.

* :func:`two_element` — the two-element rule: S = {a, b}, a < b, has period
  2a if b is an odd multiple of a, else a + b;
* :func:`three_element` — Flammenkamp's conjecture as the issue states it:
  a non-additive 3-set {a < b < c} (c ≠ a + b) has period a sum of two of its
  elements; the exceptions are counted by kind;
* :func:`table9` — Table 9 of seed 001 (3-heap single Split-and-delete Nim)
  extended: Propositions 4 and 5 checked on every P-position with heaps up to
  the search bound, and the shape of the partners.

* :func:`linear_bound` — whether a set none of whose elements is a sum of
  two elements has period at most the sum of its two largest elements;
* :func:`split_delete` — P-position counts and first rows of the split/delete
  results of a sweep, as a markdown table.

Run as ``python -m nimlab.research.findings two-element --db FILE`` (or
``three-element``, ``linear-bound --size K``, ``split-delete``, or
``table9 --rows R --bound B``);
``--json`` for JSON.

>>> two_element_period(3, 9), two_element_period(3, 6), two_element_period(4, 7)
(6, 9, 11)
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from math import gcd
from typing import Any

from nimlab.research.db import ResultsDB

EXAMPLES = 8
"""How many examples of each kind of exception a report lists."""


def two_element_period(a: int, b: int) -> int:
    """The period the two-element rule gives for S = {a, b}, a < b."""
    return 2 * a if b % a == 0 and (b // a) % 2 == 1 else a + b


def _sets(path: str, size: int) -> list[tuple[tuple[int, ...], int, int, int, int]]:
    with ResultsDB.open(path, create=False) as db:
        rows = db.connection.execute(
            "SELECT params, preperiod, period, outcome_preperiod, outcome_period FROM results "
            "WHERE family = 'subtraction' AND size = ? AND proven = 1",
            (size,),
        ).fetchall()
    return sorted(
        (tuple(map(int, p.split(","))), n0, per, on0, oper) for p, n0, per, on0, oper in rows
    )


def two_element(path: str) -> dict[str, Any]:
    """Check the two-element rule on every proven 2-set in the database."""
    sets = _sets(path, 2)
    wrong = [(s, per) for s, _, per, _, _ in sets if per != two_element_period(*s)]
    return {
        "rule": "S = {a, b}: period 2a if b is an odd multiple of a, else a + b",
        "sets": len(sets),
        "largest_element": max((s[-1] for s, *_ in sets), default=0),
        "exceptions": len(wrong),
        "examples": [{"set": list(s), "period": p} for s, p in wrong[:EXAMPLES]],
        "largest_preperiod": max((n0 for _, n0, *_ in sets), default=0),
    }


def _kind(s: tuple[int, ...], period: int) -> str:
    a, b, c = s
    if period in (a + b, a + c, b + c):
        return "sum of two elements"
    g = gcd(gcd(a, b), c)
    if period == 2 * g and all((x // g) % 2 for x in s):
        return "2g: every element an odd multiple of g = gcd(S)"
    for name, value in (("b - a", b - a), ("c - b", c - b), ("c - a", c - a)):
        if period == value:
            return f"difference {name}"
    return "other"


def three_element(path: str) -> dict[str, Any]:
    """Flammenkamp's statement on every proven 3-set: periods by kind, exceptions counted."""
    sets = _sets(path, 3)
    additive = [x for x in sets if x[0][2] == x[0][0] + x[0][1]]
    rest = [x for x in sets if x[0][2] != x[0][0] + x[0][1]]
    kinds: Counter[str] = Counter()
    outcome_kinds: Counter[str] = Counter()
    examples: dict[str, list[dict[str, Any]]] = {}
    for s, n0, per, _, oper in rest:
        kind = _kind(s, per)
        kinds[kind] += 1
        outcome_kinds[_kind(s, oper)] += 1
        shown = examples.setdefault(kind, [])
        if kind != "sum of two elements" and len(shown) < EXAMPLES:
            shown.append({"set": list(s), "preperiod": n0, "period": per})
    longest = max(additive, key=lambda x: x[2], default=None)
    return {
        "statement": "non-additive {a < b < c} (c ≠ a + b): period a + b, a + c or b + c",
        "sets": len(sets),
        "largest_element": max((s[-1] for s, *_ in sets), default=0),
        "non_additive": len(rest),
        "grundy_period_kinds": dict(kinds.most_common()),
        "outcome_period_kinds": dict(outcome_kinds.most_common()),
        "exception_examples": {k: v for k, v in examples.items() if v},
        "additive": len(additive),
        "additive_purely_periodic": sum(1 for x in additive if x[1] == 0),
        "additive_longest_period": None
        if longest is None
        else {"set": list(longest[0]), "period": longest[2]},
        "largest_preperiod": _largest_preperiod(sets),
    }


def linear_bound(path: str, size: int) -> dict[str, Any]:
    """Is the period of a set with no element a sum of two (equal or not) at most the sum
    of its two largest elements? Counted on every proven set of ``size`` in the database."""
    from itertools import combinations_with_replacement

    sets = _sets(path, size)
    free = [
        x for x in sets if not any(a + b in x[0] for a, b in combinations_with_replacement(x[0], 2))
    ]
    over = [x for x in free if x[2] > x[0][-1] + x[0][-2]]
    over.sort(key=lambda x: -x[2])
    return {
        "statement": "no element of S is a sum of two elements (equal or not) ⇒ "
        "period ≤ the sum of the two largest elements",
        "size": size,
        "sets": len(sets),
        "largest_element": max((s[-1] for s, *_ in sets), default=0),
        "sum_free_sets": len(free),
        "exceptions": len(over),
        "examples": [
            {"set": list(s), "preperiod": n0, "period": p} for s, n0, p, *_ in over[:EXAMPLES]
        ],
    }


def _largest_preperiod(sets: list[tuple[tuple[int, ...], int, int, int, int]]) -> Any:
    if not sets:
        return None
    s, n0, *_ = max(sets, key=lambda x: x[1])
    return {"set": list(s), "preperiod": n0}


def table9(rows: int, bound: int, max_states: int = 10**11) -> dict[str, Any]:
    """Propositions 4 and 5 and the partners of ⟨a, b⟩, a, b ≤ ``rows``, searched to ``bound``."""
    from nimlab import p_positions
    from nimlab.limits import Limits

    found = p_positions(
        "split-delete-nim:single", heaps=3, max_heap=bound, limits=Limits(max_states=max_states)
    ).positions
    partners: dict[tuple[int, int], set[int]] = {}
    for x, y, z in found:
        for p, q, r in ((x, y, z), (x, z, y), (y, z, x)):
            partners.setdefault((p, q), set()).add(r)
    several = sum(1 for v in partners.values() if len(v) > 1)
    prop5 = sum(1 for (p, q), v in partners.items() if p == q and max(v) > p)
    shown = {k: min(v) for k, v in partners.items() if k[1] <= rows}
    ratio = max((z / (x + y), (x, y, z)) for x, y, z in found)
    equal = sorted((p, c) for (p, q), c in shown.items() if p == q)
    c_of_equal = Counter(c for _, c in equal)
    return {
        "game": "split-delete-nim:single, 3 heaps",
        "search_bound": bound,
        "rows": rows,
        "p_positions_up_to_bound": len(found),
        "proposition_4": {
            "statement": "for each a, b at most one c with ⟨a, b, c⟩ ∈ P",
            "pairs_with_several_partners_up_to_bound": several,
        },
        "proposition_5": {
            "statement": "⟨a, a, c⟩ ∈ P implies a ≥ c",
            "violations_up_to_bound": prop5,
        },
        "pairs_a_le_b_le_rows": rows * (rows + 1) // 2,
        "pairs_with_a_partner": len(shown),
        "pairs_with_no_partner_up_to_bound": rows * (rows + 1) // 2 - len(shown),
        "largest_partner_of_a_pair_in_rows": max(
            ({"a": k[0], "b": k[1], "c": c} for k, c in shown.items()),
            key=lambda d: d["c"],
        ),
        "largest_ratio_z_over_x_plus_y": {"ratio": round(ratio[0], 4), "position": ratio[1]},
        "equal_pairs_with_a_partner": len(equal),
        "partner_of_equal_pairs": dict(c_of_equal.most_common(8)),
    }


def split_delete(path: str, shown: int = 6) -> dict[str, Any]:
    """P-position counts and first rows of every split/delete result in the database."""
    with ResultsDB.open(path, create=False) as db:
        columns = ("params", "size", "top", "count", "data")
        rest = " WHERE family = 'split-delete' ORDER BY size, params"
        found = list(db.results(columns, rest))  # every row checked (a damaged one refused)
    table = []
    for params, heaps, top, count, data in found:
        parsed = json.loads(data)
        table.append(
            {
                "game": params.split()[0],
                "heaps": heaps,
                "every_heap_at_most": top,
                "p_positions": count,
                "first": [",".join(map(str, p)) for p in parsed.get("first", [])[:shown]],
                "refused": parsed.get("error"),
            }
        )
    return {"results": table}


def _split_delete_markdown(report: dict[str, Any]) -> str:
    lines = [
        "| game | heaps | every heap ≤ | P-positions | first P-positions |",
        "|---|---|---|---|---|",
    ]
    for r in report["results"]:
        count = r["p_positions"] if r["refused"] is None else f"refused: {r['refused']}"
        first = "; ".join(f"⟨{p}⟩" for p in r["first"])
        lines.append(
            f"| {r['game']} | {r['heaps']} | {r['every_heap_at_most']} | {count} | {first} |"
        )
    return "\n".join(lines) + "\n"


def _markdown(name: str, report: dict[str, Any]) -> str:
    lines = [f"### {name}", ""]
    for key, value in report.items():
        text = json.dumps(value, ensure_ascii=False) if isinstance(value, dict | list) else value
        lines.append(f"- **{key.replace('_', ' ')}**: {text}")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nimlab.research.findings", allow_abbrev=False)
    parser.add_argument(
        "check",
        choices=("two-element", "three-element", "linear-bound", "table9", "split-delete"),
    )
    parser.add_argument("--size", type=int, default=3, help="linear-bound: the set size")
    parser.add_argument("--db", help="results database (two-element, three-element)")
    parser.add_argument("--rows", type=int, default=1000, help="table9: pairs a, b ≤ ROWS")
    parser.add_argument("--bound", type=int, default=3000, help="table9: heaps searched ≤ BOUND")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.check == "table9":
        report = table9(args.rows, args.bound)
    elif args.db is None:
        parser.error(f"{args.check} needs --db FILE")
    else:
        checks: dict[str, Callable[[str], dict[str, Any]]] = {
            "two-element": two_element,
            "three-element": three_element,
            "linear-bound": lambda path: linear_bound(path, args.size),
        }
        try:
            report = checks.get(args.check, split_delete)(args.db)
        except sqlite3.Error as error:
            parser.error(f"--db {args.db}: {error}")
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
    elif args.check == "split-delete":
        sys.stdout.write(_split_delete_markdown(report))
    else:
        sys.stdout.write(_markdown(args.check, report))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``python -m bench`` (``make bench``): run the benchmarks, print a report, write results.json.

Speed is measured here and never asserted in tests.

Usage::

    python -m bench                 # every workload of every module in MODULES
    python -m bench kayles wythoff  # only these (exact names, else names containing a word)
    python -m bench --list          # the workload names, one per line

Each workload prints its figures as it finishes and is recorded in
``bench/results.json`` under its name; running a subset replaces only those
entries, so the file always holds the latest figure of every workload.

Adding benchmarks: put them in a module of this package that defines
``WORKLOADS``, a dict from a unique name to a function without arguments
returning a JSON-serialisable dict with at least ``"workload"`` (a one-line
description) and ``"seconds"``; add the module's name to :data:`MODULES`.
Conventions (see :mod:`bench.workloads`): time the compiled work apart from
start-up, measure a naive pure-Python reference in the same run (on a smaller
size, scaled, saying so in ``naive_note``), and record ``throughput``.
"""

from __future__ import annotations

import importlib
import json
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

Result = dict[str, Any]

MODULES = (
    "bench.workloads",
    "bench.web_load",
    "bench.sweeps",
    "bench.misere",
    "bench.octal",
)
"""The modules whose ``WORKLOADS`` are run, in this order."""
RESULTS = Path(__file__).parent / "results.json"


def workloads() -> dict[str, Callable[[], Result]]:
    """Every workload of every module of :data:`MODULES`, by name (names must be unique)."""
    found: dict[str, Callable[[], Result]] = {}
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name, run in module.WORKLOADS.items():
            if name in found:
                raise ValueError(f"benchmark {name!r} is defined twice ({module_name})")
            found[name] = run
    return found


def select(available: dict[str, Callable[[], Result]], words: list[str]) -> list[str]:
    """The names asked for: each word is an exact name, else every name containing it.

    >>> select({"kayles": int, "subtraction-all": int, "subtraction-period": int}, ["subtr"])
    ['subtraction-all', 'subtraction-period']
    """
    if not words:
        return list(available)
    chosen: list[str] = []
    for word in words:
        matches = [word] if word in available else [n for n in available if word in n]
        if not matches:
            print(
                f"bench: no workload {word!r}; choose from {', '.join(available)}", file=sys.stderr
            )
            raise SystemExit(2)
        chosen.extend(n for n in matches if n not in chosen)
    return chosen


def _report(name: str, result: Result) -> None:
    print(f"\n[{name}] {result['workload']}")
    for key, value in result.items():
        if isinstance(value, list) and value and isinstance(value[0], str):
            print(f"  {key}:", *value, sep="\n    ")
        elif key != "workload":
            print(f"  {key:32} {value}")
    sys.stdout.flush()


def _save(results: dict[str, Result]) -> None:
    """Merge ``results`` into results.json, replacing the entries of the same names."""
    previous: list[Result] = []
    if RESULTS.exists():
        previous = json.loads(RESULTS.read_text()).get("results", [])
    merged = {r["name"]: r for r in previous if "name" in r} | results
    document = {
        "machine": {
            "node": platform.node(),
            "processor": platform.processor() or platform.machine(),
            "python": platform.python_version(),
        },
        "results": list(merged.values()),
    }
    RESULTS.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n")


def main(args: list[str]) -> int:
    available = workloads()
    if args == ["--list"]:
        print("\n".join(available))
        return 0
    chosen = select(available, args)
    print(f"nimlab benchmarks on {platform.node()} ({platform.processor() or platform.machine()})")
    results: dict[str, Result] = {}
    total = time.perf_counter()
    for name in chosen:
        start = time.perf_counter()
        result = {"name": name, **available[name]()}
        result["wall_seconds_incl_references"] = round(time.perf_counter() - start, 2)
        _report(name, result)
        results[name] = result
    _save(results)
    print(f"\n{len(results)} workloads in {time.perf_counter() - total:.1f} s; written {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
